//! Your pet, as NetHack 3.7 gives one (`dog.c`): a kitten or a little dog
//! (the role's, else one of the two at even odds; `--pet` chooses) next to
//! you at the start. It keeps near you, fights the hostile monsters it can
//! beat (NetHack's rule: none two or more levels above its own) and never a
//! peaceful one, keeps off the traps it has learnt of, and follows you on
//! the stairs when it is next to you. Step into it and you swap places
//! (`moving.rs`).
//!
//! Left out, for now: its hunger and its meals (this game has no corpses
//! yet), and growing up.

use crate::dungeon::dice::{roll_damage, roll_hp};
use crate::dungeon::monsters::Monster;
use crate::dungeon::rules::intent::{Intent, free_steps};
use crate::dungeon::seeds::named_stream_seed;
use crate::dungeon::shared::capitalised;
use crate::dungeon::state::RunState;
use crate::generation::{Dir, MineRng, Pos};

/// What `--pet` may say instead of a kind's id: no pet.
pub(crate) const NO_PET: &str = "none";

/// Put the hero's pet next to you, on the first free cell round you
/// (NetHack's `makedog`): the kind `--pet` names, else the role's, else a
/// kitten or a little dog at even odds. Its kind and hit points are drawn
/// from a stream of their own. A run without a hero has no pet.
pub(crate) fn make(state: &mut RunState) {
    let Some(hero) = state.player.hero else {
        return;
    };
    let content = state.setup.content.clone();
    let rows = content.heroes();
    let mut rng = MineRng::from_seed(named_stream_seed(state.seed, "hero pet"));
    let id = match (&state.setup.pet, &hero.role(rows).pet) {
        (Some(chosen), _) => chosen.clone(),
        (None, Some(own)) => own.clone(),
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
    state.level_mut().monsters.push(pet);
}

/// What your pet at index `m` means to do: a blow at a hostile monster next
/// to it that it can beat, else a step back toward you when more than two
/// steps away, else a stroll that keeps it within two of you.
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
    let steps = free_steps(level, m, me, false);
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

/// Your pet at index `m` fights the monster with id `target` (NetHack's
/// `mattackm`: it hits when the target's AC plus its level beats a d20);
/// a target that lives strikes back three times in four.
pub(crate) fn fight(state: &mut RunState, m: usize, target: u32) {
    let Some(t) = state.level().monsters.iter().position(|o| o.id == target) else {
        return;
    };
    let pet_id = state.level().monsters[m].id;
    if blow(state, m, t) {
        return; // the target died
    }
    if state.rng.rn2(4) != 0 {
        let (Some(t), Some(m)) = (
            state.level().monsters.iter().position(|o| o.id == target),
            state.level().monsters.iter().position(|o| o.id == pet_id),
        ) else {
            return;
        };
        blow(state, t, m);
    }
}

/// One blow of monster `a` at monster `d` (indexes of the current level);
/// true when `d` dies of it, and then it is gone, its gear on the floor.
fn blow(state: &mut RunState, a: usize, d: usize) -> bool {
    let content = state.setup.content.clone();
    let (attacker, defender) = (state.level().monsters[a], state.level().monsters[d]);
    let (ar, dr) = (
        content.monster(attacker.kind),
        content.monster(defender.kind),
    );
    let seen = state.sight.visible_mark[state.level().map.index(defender.pos)]
        || state.sight.visible_mark[state.level().map.index(attacker.pos)];
    let (an, dn) = (who(state, &attacker), who(state, &defender));
    if dr.ac + ar.level <= state.rng.rnd(20) as i32 {
        if seen {
            state.say(format!("{} misses {dn}.", capitalised(&an)));
        }
        return false;
    }
    let damage = roll_damage(ar.damage, &mut state.rng);
    state.level_mut().monsters[d].hp -= damage;
    if state.level().monsters[d].hp > 0 {
        if seen {
            state.say(format!("{} hits {dn}.", capitalised(&an)));
        }
        return false;
    }
    let dead = state.level_mut().monsters.remove(d);
    if dead.tame {
        if seen {
            state.say(format!("{} kills {dn}!", capitalised(&an)));
        } else {
            state.say("You have a sad feeling for a moment, then it passes.");
        }
    } else if seen {
        state.say(format!("{} kills {dn}!", capitalised(&an)));
    }
    crate::dungeon::rules::remains::leave(state, &dead);
    true
}

/// How messages name monster `m`: your pet by its name ("Hachi") or as
/// "your kitten", any other as "the gnome".
fn who(state: &RunState, m: &Monster) -> String {
    let kind = &state.content().monster(m.kind).name;
    match (m.tame, m.pet_name(state.content(), state.player.hero)) {
        (true, Some(name)) => name,
        (true, None) => format!("your {kind}"),
        _ => format!("the {kind}"),
    }
}
