//! Your pet, as NetHack 3.7 gives one (`dog.c`): a kitten or a little dog
//! (the role's, else one of the two at even odds; `--pet` chooses) next to
//! you at the start. It keeps near you, fights the hostile monsters it can
//! beat (NetHack's rule: none two or more levels above its own) and never a
//! peaceful one, keeps off the traps it has learnt of, and follows you on
//! the stairs when it is next to you. Step into it and you swap places
//! (`moving.rs`).
//!
//! It eats as NetHack's carnivores do: a fresh corpse (not older than 50
//! turns, not poisonous or acidic) underfoot or a step away is eaten
//! whenever it comes by; once hungry (1000 turns after it was made, and
//! after each meal its nutrition later, six times the corpse's for a
//! small pet) it goes looking within five cells. 500 turns past hungry it is
//! confused from hunger and loses two thirds of its most hit points; 750
//! turns past, it starves.
//!
//! Left out, for now: growing up, and the food other than corpses a pet
//! eats (tripe, meat).

use crate::dungeon::content::{MonsterKind, with_article};
use crate::dungeon::dice::roll_hp;
use crate::dungeon::monsters::Monster;
use crate::dungeon::rules::corpses::{pet_meal, pet_would_eat};
use crate::dungeon::rules::intent::{Intent, free_steps};
use crate::dungeon::seeds::named_stream_seed;
use crate::dungeon::shared::capitalised;
use crate::dungeon::state::RunState;
use crate::generation::{Dir, MineRng, Pos};

/// What `--pet` may say instead of a kind's id: no pet.
pub(crate) const NO_PET: &str = "none";

/// Turns from its making until a pet is hungry (NetHack's `initedog`).
const FIRST_MEAL: u64 = 1000;
/// Turns past hungry that a pet is weak: confused and weakened.
const DOG_WEAK: u64 = 500;
/// Turns past hungry that a pet starves.
const DOG_STARVE: u64 = 750;
/// How far, in cells each way, a hungry pet looks for food (NetHack's
/// `SQSRCHRADIUS`).
const SEARCH_RADIUS: u32 = 5;

/// Put the hero's pet next to you, on the first free cell round you
/// (NetHack's `makedog` and `pet_type`): the role's own (a Samurai's
/// little dog, a Wizard's kitten) whatever `--pet` says, but `none`;
/// else the kind `--pet` names, else a kitten or a little dog at even
/// odds. Its kind and hit points are drawn from a stream of their own. A
/// run without a hero has no pet.
pub(crate) fn make(state: &mut RunState) {
    let Some(hero) = state.player.hero else {
        return;
    };
    let content = state.setup.content.clone();
    let rows = content.heroes();
    let mut rng = MineRng::from_seed(named_stream_seed(state.seed, "hero pet"));
    let id = match (&state.setup.pet, &hero.role(rows).pet) {
        (Some(chosen), _) if chosen == NO_PET => return,
        (_, Some(own)) => own.clone(),
        (Some(chosen), None) => chosen.clone(),
        (None, None) if rows.pets.is_empty() => return,
        (None, None) => rows.pets[rng.rn2(rows.pets.len() as u64) as usize].clone(),
    };
    if id == NO_PET {
        return;
    }
    let Some(kind) = content.monster_kind(&id) else {
        return;
    };
    let me = state.player.pos;
    let level = state.level();
    let Some(at) = Dir::ALL.iter().map(|&d| me.step(d)).find(|&p| {
        level.map.is_walkable(p) && level.monster_at(p).is_none() && !level.has_boulder(p)
    }) else {
        return;
    };
    let hp = roll_hp(content.monster(kind).hit_dice, &mut rng);
    let mut pet = Monster::new(state.ids.next_id(), kind, at, hp, true);
    pet.tame = true;
    // A starting horse wears a saddle (NetHack's `makedog`).
    crate::dungeon::rules::riding::put_saddle_on(&content, &mut pet);
    pet.hungry_at = state.turn + FIRST_MEAL;
    state.level_mut().monsters.push(pet);
}

/// The kind of pet you are given (NetHack's `pet_type`, for a familiar):
/// your role's own, else the kind you chose, else a kitten or a little dog
/// at even odds (drawn from the run's rolls).
pub(crate) fn pet_type(state: &mut RunState) -> Option<MonsterKind> {
    let content = state.setup.content.clone();
    let rows = content.heroes();
    let own = state.player.hero.and_then(|h| h.role(rows).pet.clone());
    let chosen = state.setup.pet.clone().filter(|p| p != NO_PET);
    let id = match (own, chosen) {
        (Some(own), _) => own,
        (None, Some(chosen)) => chosen,
        (None, None) if rows.pets.is_empty() => return None,
        // NetHack's coin: heads a kitten, tails a little dog.
        (None, None) => {
            let heads = state.rng.rn2(2) == 1;
            let kitten = rows.pets.iter().find(|p| p.as_str() == "kitten");
            let dog = rows.pets.iter().find(|p| p.as_str() == "little_dog");
            match (kitten, dog) {
                (Some(k), Some(_)) if heads => k.clone(),
                (Some(_), Some(d)) => d.clone(),
                _ => rows.pets[0].clone(),
            }
        }
    };
    content.monster_kind(&id)
}

/// Your pet at index `m` acts, as NetHack's `dog_move` goes: its hunger
/// first (it may starve), then a meal under way, then a corpse underfoot,
/// then what [`decide`] picks.
pub(crate) fn act(state: &mut RunState, m: usize) -> Intent {
    if hunger(state, m) {
        return Intent::Done;
    }
    let pet = &mut state.level_mut().monsters[m];
    if pet.eating > 0 {
        pet.eating -= 1;
        return Intent::Done;
    }
    if pet.asleep == 0 && pet.trapped == 0 && eat_here(state, m) {
        return Intent::Done;
    }
    let mut rng = state.rng.clone();
    let intent = decide(state, m, &mut rng);
    state.rng = rng;
    intent
}

/// NetHack's `dog_hunger`: 500 turns past hungry a pet is confused from
/// hunger and its most hit points fall to a third; 750 past, it starves.
/// Returns whether it died.
fn hunger(state: &mut RunState, m: usize) -> bool {
    let now = state.turn;
    let pet = state.level().monsters[m];
    if now <= pet.hungry_at + DOG_WEAK {
        return false;
    }
    let seen = state.sight.visible_mark[state.level().map.index(pet.pos)];
    let name = who(state, &pet);
    if pet.starving == 0 {
        let most = pet.max_hp / 3;
        let p = &mut state.level_mut().monsters[m];
        p.starving = p.max_hp - most;
        p.max_hp = most;
        p.hp = p.hp.min(most);
        if p.hp > 0 {
            state.say(if seen {
                format!("{} is confused from hunger.", capitalised(&name))
            } else {
                format!("You feel worried about {name}.")
            });
            return false;
        }
    } else if now <= pet.hungry_at + DOG_STARVE {
        return false;
    }
    state.say(if seen {
        format!("{} starves.", capitalised(&name))
    } else {
        "You feel sad for a moment.".to_string()
    });
    let dead = state.level_mut().monsters.remove(m);
    crate::dungeon::rules::remains::leave(state, &dead);
    true
}

/// Your pet at index `m` eats a corpse it wants where it stands (NetHack's
/// `dog_eat`): the corpse is gone, the meal keeps it busy for the corpse's
/// eating time, and puts its hunger off by the meal's nutrition. Returns
/// whether it ate.
pub(crate) fn eat_here(state: &mut RunState, m: usize) -> bool {
    let pet = state.level().monsters[m];
    let now = state.turn;
    let content = state.setup.content.clone();
    let herbivore = content.monster(pet.kind).herbivore;
    let Some(i) = pet_food(state, herbivore).find_map(|(i, it)| (it.pos == pet.pos).then_some(i))
    else {
        return false;
    };
    let item = state.level_mut().items.remove(i);
    let Some(corpse) = item.corpse else {
        return eat_treat(state, m, &item);
    };
    let (mut turns, mut nutrition) = pet_meal(&content, corpse, content.monster(pet.kind).size);
    // A partly eaten one gives its share (NetHack's `eaten_stat`).
    let whole = content
        .monster(corpse.of)
        .corpse
        .as_ref()
        .map_or(1, |l| l.nutrition.max(1));
    if let Some(left) = item.nutrition_left {
        turns = (turns * left / whole).max(1);
        nutrition = (nutrition * u64::from(left) / u64::from(whole)).max(1);
    }
    let seen = state.sight.visible_mark[state.level().map.index(pet.pos)];
    let name = who(state, &pet);
    let p = &mut state.level_mut().monsters[m];
    p.hungry_at = p.hungry_at.max(now) + nutrition;
    p.eating = turns;
    p.max_hp += p.starving;
    p.starving = 0;
    if seen {
        let food = with_article(&content.corpse_name(corpse.of));
        state.say(format!("{} eats {food}.", capitalised(&name)));
    }
    true
}

/// The food on this level your pet would eat now, with its places in the
/// level's items: corpses, or for a `herbivore` (a pony) apples and
/// carrots, NetHack's treats for one (`dogfood`'s `DOGFOOD`).
fn pet_food(
    state: &RunState,
    herbivore: bool,
) -> impl Iterator<Item = (usize, &crate::dungeon::items::Item)> {
    let now = state.turn;
    let content = state.content();
    state
        .level()
        .items
        .iter()
        .enumerate()
        .filter(move |(_, it)| match it.corpse {
            Some(c) => !herbivore && pet_would_eat(content, c, now),
            None => herbivore && HERBIVORE_TREATS.contains(&content.item(it.kind).id.as_str()),
        })
}

/// What a herbivorous pet eats gladly (NetHack's `dogfood`: an apple or a
/// carrot is `DOGFOOD` to a herbivore).
const HERBIVORE_TREATS: [&str; 2] = ["apple", "carrot"];

/// Your herbivorous pet at index `m` eats `item`, a treat (one of the
/// stack; the rest stay): its nutrition as many times over as
/// [`pet_meal`] weighs a corpse's (five for a medium one), a turn to eat.
fn eat_treat(state: &mut RunState, m: usize, item: &crate::dungeon::items::Item) -> bool {
    let content = state.setup.content.clone();
    if item.quantity > 1 {
        let mut rest = *item;
        rest.quantity -= 1;
        state.level_mut().items.push(rest);
    }
    let pet = state.level().monsters[m];
    let nutrition = content
        .item(item.kind)
        .on_pick_up
        .food()
        .map_or(0, |f| u64::from(f.nutrition));
    let times = crate::dungeon::rules::corpses::pet_appetite(content.monster(pet.kind).size);
    let seen = state.sight.visible_mark[state.level().map.index(pet.pos)];
    let name = who(state, &pet);
    let now = state.turn;
    let p = &mut state.level_mut().monsters[m];
    p.hungry_at = p.hungry_at.max(now) + nutrition * times;
    p.eating = 1;
    p.max_hp += p.starving;
    p.starving = 0;
    if seen {
        let food = with_article(&content.item(item.kind).name);
        state.say(format!("{} eats {food}.", capitalised(&name)));
    }
    true
}

/// Is there food your pet would eat at `at`?
fn food_at(state: &RunState, at: Pos, herbivore: bool) -> bool {
    pet_food(state, herbivore).any(|(_, it)| it.pos == at)
}

/// What your pet at index `m` means to do: a blow at a hostile monster next
/// to it that it can beat, else a step onto a corpse it wants, else (when
/// hungry) a step toward the nearest one within five cells, else a step
/// back toward you when more than two steps away, else a stroll that keeps
/// it within two of you. Confused from hunger, it wanders.
pub(crate) fn decide(state: &RunState, m: usize, rng: &mut MineRng) -> Intent {
    let level = state.level();
    let pet = level.monsters[m];
    let content = state.content();
    let my_level = content.monster(pet.kind).level;
    if pet.asleep > 0 || pet.trapped > 0 {
        return Intent::Stay;
    }
    // A hostile neighbour it can beat (NetHack's dog_move: not one whose
    // level is two or more above its own).
    let prey = level.monsters.iter().find(|o| {
        o.pos.distance(pet.pos) == 1
            && !o.peaceful
            && !o.tame
            && o.disguise.is_none()
            && content.monster(o.kind).level < my_level + 2
    });
    if let Some(prey) = prey {
        return Intent::Fight(prey.id);
    }
    let me = state.player.pos;
    let steps = free_steps(level, m, me, (false, false));
    let herbivore = content.monster(pet.kind).herbivore;
    if let Some(&to) = steps.iter().find(|&&c| food_at(state, c, herbivore)) {
        return Intent::MoveTo(to);
    }
    if pet.starving > 0 {
        let pick = rng.rn2(steps.len() as u64 + 1) as usize;
        return steps
            .get(pick)
            .map_or(Intent::Stay, |&to| Intent::MoveTo(to));
    }
    if state.turn >= pet.hungry_at
        && let Some(goal) = nearest_food(state, pet.pos, herbivore)
    {
        let d2 = |c: Pos| {
            let (dx, dy) = (c.x.abs_diff(goal.x), c.y.abs_diff(goal.y));
            dx * dx + dy * dy
        };
        if let Some(&to) = steps.iter().min_by_key(|&&c| d2(c))
            && d2(to) < d2(pet.pos)
        {
            return Intent::MoveTo(to);
        }
    }
    let far = pet.pos.distance(me);
    if far > 2 {
        let score = |c: Pos| {
            let (dx, dy) = (c.x.abs_diff(me.x), c.y.abs_diff(me.y));
            (dx.max(dy), dx * dx + dy * dy)
        };
        return match steps.into_iter().min_by_key(|&c| score(c)) {
            Some(to) if score(to).0 < far => Intent::MoveTo(to),
            _ => Intent::Stay,
        };
    }
    let near: Vec<Pos> = steps.into_iter().filter(|c| c.distance(me) <= 2).collect();
    let pick = rng.rn2(near.len() as u64 + 1) as usize;
    near.get(pick)
        .map_or(Intent::Stay, |&to| Intent::MoveTo(to))
}

/// The corpse a hungry pet at `from` goes for: the nearest one it would eat
/// within [`SEARCH_RADIUS`] cells each way (NetHack's `dog_goal`).
fn nearest_food(state: &RunState, from: Pos, herbivore: bool) -> Option<Pos> {
    pet_food(state, herbivore)
        .map(|(_, it)| it.pos)
        .filter(|p| p.x.abs_diff(from.x) <= SEARCH_RADIUS && p.y.abs_diff(from.y) <= SEARCH_RADIUS)
        .min_by_key(|p| {
            let (dx, dy) = (p.x.abs_diff(from.x), p.y.abs_diff(from.y));
            dx * dx + dy * dy
        })
}

/// How messages name monster `m` ([`Monster::called`]).
pub(crate) fn who(state: &RunState, m: &Monster) -> String {
    m.called(
        state.content(),
        state.player.hero,
        state.setup.pet_name.as_deref(),
    )
}
