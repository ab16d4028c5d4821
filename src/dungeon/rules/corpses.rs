//! Corpses, as NetHack 3.7 leaves and eats them (`mon.c`, `eat.c`,
//! `timeout.c`). In a run with a hero, a monster that dies leaves its corpse
//! one time in `2 + (frequency < 2) + (tiny)`, always when large. A corpse
//! rots away about 250 turns after it was left. Eating one (`e`, once picked
//! up) takes `3 + weight / 64` turns for its row's nutrition, and its age
//! decides what else it does: past about 50 turns it may be rotten (less
//! nutrition, or you pass out), make you sick, or be tainted, which is food
//! poisoning that kills in 10 to 19 turns unless a potion of extra or full
//! healing, or a prayer, cures it. Poisonous and acidic corpses hurt.
//!
//! Left out, as this game keeps no such things: the strength a poison takes,
//! the confusion and blindness of rotten food, cannibalism's bad luck, and
//! the random item a monster you kill may drop.

use crate::dungeon::content::{Content, CorpseLine, MonsterRow, Size};
use crate::dungeon::items::{Corpse, Item, TAINT_AGE, rot_time};
use crate::dungeon::monsters::Monster;
use crate::dungeon::rules::carry::use_up;
use crate::dungeon::shared::{CorpseHarm, Killer, RunStatus};
use crate::dungeon::state::RunState;
use crate::generation::MineRng;

/// Monster `dead` just died where it stood: in a run with a hero, it may
/// leave its corpse there.
pub(crate) fn leave(state: &mut RunState, dead: &Monster) {
    if state.player.hero.is_none() {
        return; // the nameless hero's runs replay as they always have
    }
    let content = state.setup.content.clone();
    let row = content.monster(dead.kind);
    let (Some(item), Some(line)) = (content.corpse_kind(), &row.corpse) else {
        return;
    };
    if !leaves_corpse(row, line, &mut state.rng) {
        return;
    }
    let now = state.turn;
    let died = if line.old {
        now as i64 - (TAINT_AGE as i64 + 1)
    } else {
        now as i64
    };
    let rots_at = rot_time(now, &mut state.rng);
    let id = state.ids.next_id();
    state.level_mut().items.push(Item {
        corpse: Some(Corpse {
            of: dead.kind,
            died,
            rots_at,
        }),
        ..Item::new(id, item, dead.pos, 1)
    });
}

/// NetHack's `corpse_chance`: large monsters (and shopkeepers) always leave
/// one; others one time in 2, plus 1 when rare, plus 1 when tiny.
pub(crate) fn leaves_corpse(row: &MonsterRow, line: &CorpseLine, rng: &mut MineRng) -> bool {
    if line.always || row.size >= Size::Large {
        return true;
    }
    let one_in = 2 + u64::from(row.frequency < 2) + u64::from(row.size < Size::Small);
    rng.rn2(one_in) == 0
}

/// The corpses whose time has come rot away: on this level's floor quietly,
/// in your pack with a word.
pub(crate) fn rot_away(state: &mut RunState) {
    let now = state.turn;
    let fresh = |c: &Option<Corpse>| c.is_none_or(|c| c.rots_at > now);
    state.level_mut().items.retain(|i| fresh(&i.corpse));
    let content = state.setup.content.clone();
    while let Some(i) = state
        .player
        .inventory
        .iter()
        .position(|c| !fresh(&c.corpse))
    {
        let c = state.player.inventory.remove(i);
        let name = c
            .corpse
            .map(|c| content.corpse_name(c.of))
            .unwrap_or_default();
        state.say(format!("Your {name} rots away."));
    }
}

/// Can a pet of row `pet` eat `corpse` now (NetHack's `dogfood` for a
/// carnivore: CADAVER)? Not when it is older than [`TAINT_AGE`], poisonous
/// or acidic.
pub(crate) fn pet_would_eat(content: &Content, corpse: Corpse, now: u64) -> bool {
    let Some(line) = &content.monster(corpse.of).corpse else {
        return false;
    };
    corpse.died + TAINT_AGE as i64 > now as i64 && !line.poisonous && !line.acidic
}

/// What a meal of `corpse` gives a pet of `size` (NetHack's
/// `dog_nutrition`): the turns it eats for, and the nutrition, more for a
/// smaller pet.
pub(crate) fn pet_meal(content: &Content, corpse: Corpse, size: Size) -> (u32, u64) {
    let Some(line) = &content.monster(corpse.of).corpse else {
        return (1, 0);
    };
    (
        meal_turns(line),
        u64::from(line.nutrition) * pet_appetite(size),
    )
}

/// How many times over a pet of `size` is fed by a meal's nutrition
/// (`dog_nutrition`: a tiny one 8, a gigantic one 2).
pub(crate) fn pet_appetite(size: Size) -> u64 {
    match size {
        Size::Tiny => 8,
        Size::Small => 6,
        Size::Medium => 5,
        Size::Large => 4,
        Size::Huge => 3,
        Size::Gigantic => 2,
    }
}

/// Turns a meal of a corpse takes (`3 + weight / 64`).
fn meal_turns(line: &CorpseLine) -> u32 {
    3 + (line.weight >> 6)
}

/// A corpse's meal, once its first taste is over: its turns and its
/// nutrition (all of it, or what is left of it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CorpseMeal {
    /// Turns the whole of it takes.
    pub(crate) turns: u32,
    /// Bites still to take.
    pub(crate) bites: u32,
    /// Nutrition still in it.
    pub(crate) left: u32,
}

/// What happens as you start on the corpse at pack place `i` (NetHack's
/// `eatcorpse`): its age and kind may poison, burn, sicken or knock you out,
/// and then it is off the pack. Returns the meal to go on with, if any (none
/// when it was tainted, when you passed out, or died).
pub(crate) fn first_taste(state: &mut RunState, i: usize) -> Option<CorpseMeal> {
    let c = state.player.inventory[i];
    let content = state.setup.content.clone();
    let corpse = c.corpse?;
    let Some(line) = content.monster(corpse.of).corpse.clone() else {
        use_up(&mut state.player, i);
        state.say("It crumbles to dust.");
        return None;
    };
    let name = content.corpse_name(corpse.of);
    ate_meat(state);
    let age = (state.turn as i64 - corpse.died).max(0) as u64;
    let rotted = age / (10 + state.rng.rn2(20));
    if rotted > 5 {
        use_up(&mut state.player, i);
        if cannibal(state, corpse.of) {
            state.say("Ulch - that meat was tainted, you cannibal!");
        } else {
            state.say("Ulch - that meat was tainted!");
        }
        let turns = state.rng.rn1(10, 10) as u32;
        state.say("You feel deathly sick.");
        state.say("(It must have died too long ago to be safe to eat.)");
        state.player.sick = Some((turns, corpse.of));
        return None;
    }
    let harmed = harm(state, &line, rotted, corpse);
    if state.is_over() {
        use_up(&mut state.player, i);
        return None;
    }
    let mut left = c.nutrition_left.unwrap_or(line.nutrition);
    if !harmed && state.rng.rn2(7) == 0 {
        state.say("Blecch!  Rotten food!");
        if rotten_knocks_out(state) {
            // You pass out before the meal begins; the corpse stays, touched.
            state.player.inventory[i].nutrition_left = Some(left);
            return None;
        }
        left >>= 2;
    } else if !harmed {
        taste(state, &name, rotted);
    }
    use_up(&mut state.player, i);
    let turns = meal_turns(&line);
    let bites = match c.nutrition_left {
        Some(_) if line.nutrition > 0 => {
            ((turns * left + line.nutrition / 2) / line.nutrition).max(1)
        }
        _ => turns,
    };
    if c.nutrition_left.is_some() {
        state.say("You resume your meal.");
    }
    // The meal begins (`start_eating`'s `cprefx`).
    if cannibal(state, corpse.of) {
        state.say("You cannibal!  You will regret this!");
    } else if DOMESTIC.contains(&content.monster(corpse.of).id.as_str()) && !shameless(state) {
        state.say(format!(
            "You feel that eating the {} was a bad idea.",
            content.monster(corpse.of).name
        ));
        if let Some(g) = state.player.growth.as_mut() {
            g.aggravates = true;
        }
    }
    Some(CorpseMeal { turns, bites, left })
}

/// The cats and dogs a hero should not eat (NetHack's `cprefx`).
const DOMESTIC: [&str; 6] = [
    "little_dog",
    "dog",
    "large_dog",
    "kitten",
    "housecat",
    "large_cat",
];

/// May you eat your own kind without shame (a Caveman, an orc: NetHack's
/// `CANNIBAL_ALLOWED`)? The nameless hero has no kind.
fn shameless(state: &RunState) -> bool {
    let Some(hero) = state.player.hero else {
        return true;
    };
    let rows = state.content().heroes();
    hero.role(rows).cannibal || hero.race(rows).cannibal
}

/// A corpse of your own race eaten (NetHack's `maybe_cannibal`): Luck 2 to
/// 5 less, and monsters sense you for good. Returns whether it was one.
fn cannibal(state: &mut RunState, of: crate::dungeon::content::MonsterKind) -> bool {
    let Some(hero) = state.player.hero else {
        return false;
    };
    let content = state.setup.content.clone();
    let race = &hero.race(content.heroes()).id;
    if shameless(state) || content.monster(of).race.as_ref() != Some(race) {
        return false;
    }
    if let Some(g) = state.player.growth.as_mut() {
        g.aggravates = true;
    }
    let by = state.rng.rn1(4, 2) as i32;
    crate::dungeon::rules::grow::change_luck(state, -by);
    true
}

/// An acidic, poisonous or old corpse's harm (NetHack checks them in this
/// order and does one). Returns whether one did.
fn harm(state: &mut RunState, line: &CorpseLine, rotted: u64, corpse: Corpse) -> bool {
    let resists_poison =
        crate::dungeon::rules::grow::has(state, crate::dungeon::hero::Intrinsic::PoisonResistance);
    let (harm, loss) = if line.acidic {
        state.say("You have a very bad case of stomach acid.");
        (CorpseHarm::Acidic, state.rng.rnd(15))
    } else if line.poisonous && state.rng.rn2(5) != 0 {
        state.say("Ecch - that must have been poisonous!");
        if resists_poison {
            state.say("You seem unaffected by the poison.");
            return true;
        }
        // A hero's strength goes first (NetHack's `losestr(rnd(4))`).
        crate::dungeon::rules::grow::poison_strength(state);
        (CorpseHarm::Poisonous, state.rng.rnd(15))
    } else if rotted > 5 || (rotted > 3 && state.rng.rn2(5) != 0) {
        state.say("You feel sick.");
        (CorpseHarm::Cadaver, state.rng.rnd(8))
    } else {
        return false;
    };
    state.player.hp -= loss as i32;
    if state.player.hp <= 0 {
        state.say("You die...");
        state.status = RunStatus::Died {
            killer: Killer::Corpse(harm, corpse.of),
            depth: state.depth,
        };
    }
    true
}

/// NetHack's `rottenfood`: one time in four you are confused for 2d4
/// turns more ("You feel rather light headed."), else one in four you
/// would be blinded (not kept here), else one in three you pass out for up
/// to 10 turns. Returns whether you passed out.
fn rotten_knocks_out(state: &mut RunState) -> bool {
    if state.rng.rn2(4) == 0 {
        state.say("You feel rather light headed.");
        let more = crate::dungeon::dice::roll_dice(2, 4, &mut state.rng) as u32;
        crate::dungeon::rules::impaired::confuse_more(state, more);
        return false;
    }
    if state.rng.rn2(4) == 0 || state.rng.rn2(3) != 0 {
        return false;
    }
    state.say("The world spins and goes dark.");
    state.asleep = state.rng.rnd(10) as u32;
    true
}

/// A corpse of `of` eaten up (NetHack's `cpostfx`): a bat's stuns you, a
/// lizard's steadies you.
pub(crate) fn eaten_up(state: &mut RunState, of: crate::dungeon::content::MonsterKind) {
    use crate::dungeon::rules::impaired;
    let content = state.setup.content.clone();
    let Some(line) = &content.monster(of).corpse else {
        return;
    };
    if line.stuns > 0 {
        impaired::stun_more(state, line.stuns);
    }
    if line.steadies {
        if state.timeouts.stunned > 2 {
            impaired::make_stunned(state, 2, false);
        }
        if state.timeouts.confused > 2 {
            impaired::make_confused(state, 2, false);
        }
    }
}

/// You began on meat or a corpse (NetHack's `violated_vegetarian`): a
/// vegetarian role (a Monk) feels guilty, a point of alignment each time.
pub(crate) fn ate_meat(state: &mut RunState) {
    if vegetarian(state) {
        state.say("You feel guilty.");
        crate::dungeon::rules::grow::adjust_alignment(state, -1);
    }
}

/// Is your role a vegetarian one?
fn vegetarian(state: &RunState) -> bool {
    state
        .player
        .hero
        .is_some_and(|h| h.role(state.content().heroes()).vegetarian)
}

/// How a fresh enough corpse tastes to a hero: to an omnivore mostly one
/// of NetHack's words, "terrible!" one time in ten or when old; to a
/// vegetarian (a Monk, NetHack's herbivore) always terrible, as every
/// corpse here is meat.
fn taste(state: &mut RunState, name: &str, rotted: u64) {
    let likes_meat = !vegetarian(state);
    let palatable =
        likes_meat && state.rng.rn2(10) != 0 && (rotted < 1 || state.rng.rn2(rotted + 1) == 0);
    let word = [
        "tastes okay.",
        "is stringy.",
        "is gamey.",
        "is fatty.",
        "is tough.",
    ][state.rng.rn2(5) as usize];
    if palatable {
        state.say(format!("This {name} {word}"));
    } else {
        state.say(format!("This {name} tastes terrible!"));
    }
}

/// A turn of food poisoning: it kills when its time is up.
pub(crate) fn fester(state: &mut RunState) {
    let Some((left, of)) = state.player.sick else {
        return;
    };
    if left > 1 {
        state.player.sick = Some((left - 1, of));
        return;
    }
    state.player.sick = None;
    state.say("You die from your illness.");
    state.player.hp = 0;
    state.status = RunStatus::Died {
        killer: Killer::Corpse(CorpseHarm::Tainted, of),
        depth: state.depth,
    };
}

/// Food poisoning cured (a potion of extra or full healing, a prayer).
pub(crate) fn cure(state: &mut RunState) {
    if state.player.sick.take().is_some() {
        state.say("You feel cured.  What a relief!");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::dice::rnz;
    use crate::dungeon::setup::built_in_content;

    /// How many of `n` deaths of row `id`, resized to `size`, leave a corpse.
    fn left(id: &str, size: Option<Size>, n: u32) -> u32 {
        let content = built_in_content();
        let mut row = content.monster(content.monster_kind(id).unwrap()).clone();
        row.size = size.unwrap_or(row.size);
        let line = row.corpse.clone().expect("a corpse");
        let mut rng = MineRng::from_seed(7);
        (0..n)
            .filter(|_| leaves_corpse(&row, &line, &mut rng))
            .count() as u32
    }

    #[test]
    fn the_odds_are_nethacks_corpse_chance() {
        let n = 30_000;
        // 1 in 2 + (frequency < 2) + (tiny).
        let near =
            |got: u32, one_in: u32| (got as f64 / n as f64 - 1.0 / one_in as f64).abs() < 0.015;
        assert!(near(left("dwarf", None, n), 2), "common and medium: 1 in 2");
        assert!(near(left("gnome", None, n), 3), "rare and small: 1 in 3");
        assert!(
            near(left("gnome", Some(Size::Tiny), n), 4),
            "rare and tiny: 1 in 4"
        );
        assert!(
            near(left("hobbit", Some(Size::Tiny), n), 3),
            "common and tiny: 1 in 3"
        );
        assert_eq!(left("large_mimic", None, 100), 100, "large: always");
        assert_eq!(left("shopkeeper", None, 100), 100, "a shopkeeper: always");
        let content = built_in_content();
        let sphere = content.monster(content.monster_kind("flaming_sphere").unwrap());
        assert!(sphere.corpse.is_none(), "G_NOCORPSE");
    }

    #[test]
    fn rnz_is_round_its_argument() {
        let mut rng = MineRng::from_seed(1);
        let draws: Vec<u64> = (0..10_000).map(|_| rnz(10, &mut rng)).collect();
        let mut sorted = draws.clone();
        sorted.sort_unstable();
        // Half above 10 and half below, as its coin decides; a long tail.
        assert!(
            (9..=11).contains(&sorted[5_000]),
            "median {}",
            sorted[5_000]
        );
        assert!(
            sorted[0] >= 1 && sorted[9_999] <= 100,
            "{:?}",
            (sorted[0], sorted[9_999])
        );
    }
}
