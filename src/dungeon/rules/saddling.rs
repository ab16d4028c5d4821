//! Putting a saddle on a monster, as NetHack 3.7's `use_saddle`: `a` on a
//! saddle asks "In what direction?", and the monster there may take it.
//! Yourself: "Saddle yourself?  Very funny..." (no time). Then, each a
//! turn: no monster you see there, "I see nobody there."; one saddled
//! already "doesn't need another one."; a shopkeeper or a priest "would
//! mind"; one that can't be ridden (only a pony, of the Mines' monsters,
//! can) "You can't saddle such a creature.". Else the chance in 100 is
//! Dex + Cha/2 + your level × 20 and twice its tameness (10 here) for a
//! pet, or your level × 5 less 10 a level of its for any other, 20 more for
//! a Knight, riding skill's −20 (Unskilled or less), 0, +15 or +30, 10 more
//! in riding gloves or boots, 50 less for a cursed saddle; the monster
//! wakes, and takes the saddle ("You put the saddle on the pony.") or not
//! ("The pony resists!"). A saddled pet is one you can `%` ride.

use crate::dungeon::blessing::Blessing;
use crate::dungeon::direction::Way;
use crate::dungeon::hero::attributes::Attribute;
use crate::dungeon::rules::carry::find;
use crate::dungeon::skills::{Skill, SkillLevel};
use crate::dungeon::state::RunState;

/// What a pet's tameness is taken to be (this game keeps none: NetHack's
/// domestic pet starts at 10).
const TAMENESS: i32 = 10;

/// The saddle at `letter` applied toward `way`. Returns whether a turn
/// passed.
pub(crate) fn saddle(state: &mut RunState, letter: u8, way: Way) -> bool {
    let Some(d) = way.dir() else {
        state.say("Saddle yourself?  Very funny...");
        return false;
    };
    let Some(i) = find(&state.player, letter) else {
        return false;
    };
    let at = state.player.pos.step(d);
    let seen = state
        .level()
        .monster_at(at)
        .filter(|&m| crate::dungeon::rules::sight::sees_monster(state, &state.level().monsters[m]));
    let Some(m) = seen else {
        state.say("I see nobody there.");
        return true;
    };
    let content = state.setup.content.clone();
    let monster = state.level().monsters[m];
    let row = content.monster(monster.kind);
    let name = format!("the {}", row.name);
    if crate::dungeon::rules::riding::saddled(&content, &monster) {
        state.say(format!(
            "{} doesn't need another one.",
            crate::dungeon::shared::capitalised(&name)
        ));
        return true;
    }
    if row.role.keeps_shop() || row.role.takes_donations() {
        state.say(format!("I think {name} would mind."));
        return true;
    }
    if !row.rideable {
        state.say("You can't saddle such a creature.");
        return true;
    }
    let cursed = state.player.inventory[i].blessing == Blessing::Cursed;
    let chance = chance(state, &monster, cursed);
    state.level_mut().monsters[m].asleep = 0;
    if (state.rng.rn2(100) as i32) < chance {
        state.say(format!("You put the saddle on {name}."));
        state.player.inventory.remove(i);
        crate::dungeon::rules::riding::put_saddle_on(&content, &mut state.level_mut().monsters[m]);
    } else {
        state.say(format!(
            "{} resists!",
            crate::dungeon::shared::capitalised(&name)
        ));
    }
    true
}

/// The chance in 100 that `monster` takes the saddle.
fn chance(state: &RunState, monster: &crate::dungeon::monsters::Monster, cursed: bool) -> i32 {
    let content = state.content();
    let Some(g) = state.player.growth.as_ref() else {
        return 0;
    };
    let level = g.level as i32;
    let mut chance = g.attribute(Attribute::Dex) + g.attribute(Attribute::Cha) / 2;
    if monster.tame {
        chance += 2 * TAMENESS + level * 20;
    } else {
        let its_level = content.monster(monster.kind).level - i32::from(monster.drained);
        chance += level * 5 - 10 * its_level;
    }
    let knight = state
        .player
        .hero
        .is_some_and(|h| h.role(content.heroes()).id == "knight");
    if knight {
        chance += 20;
    }
    chance += match g.skills.level(Skill::Riding) {
        SkillLevel::Basic => 0,
        SkillLevel::Skilled => 15,
        SkillLevel::Expert | SkillLevel::Master | SkillLevel::GrandMaster => 30,
        _ => -20,
    };
    // Gloves or boots that look like riding ones (NetHack's by their
    // look, whatever they are).
    let riding_look = state.player.inventory.iter().any(|c| {
        let row = content.item(c.kind);
        c.worn
            && row.unidentified.as_deref().is_some_and(|look| {
                look.ends_with("riding gloves") || look.ends_with("riding boots")
            })
    });
    if riding_look {
        chance += 10;
    }
    if cursed {
        chance -= 50;
    }
    chance
}
