//! `E`, then what you write with (`-`: your fingers) and the words:
//! engraving, as NetHack 3.7's `engrave.c` has it, and Elbereth.
//!
//! Fingers and most things write in the dust; a wand of digging engraves
//! the floor, one of fire or lightning burns it. A wand spends a charge
//! and shows what it is: digging, fire and lightning name themselves, the
//! rest leave a hint ("The bugs on the floor stop moving!") or act as
//! zapped (light, secret door detection, create monster...). New words
//! replace any old ones there.
//!
//! How what is written wears, and what Elbereth does, is
//! [`super::floor_writing`]'s.
//!
//! As the front ends ask both questions before the command is played,
//! what a wand does shows after the words are typed, not between.

use crate::dungeon::blessing::Blessing;
use crate::dungeon::level::{Engraved, Engraving};
use crate::dungeon::rules::carry::find;
use crate::dungeon::state::RunState;
use crate::dungeon::words::Writing;
use crate::generation::Pos;

/// What `E` asks for the words.
pub(crate) const QUESTION: &str = "What do you want to write here?";

/// `E`: write `w.words` with `w.with` where you stand. Returns whether a
/// turn was spent.
pub(crate) fn engrave(state: &mut RunState, w: Writing) -> bool {
    let mut how = Engraved::Dust;
    let tool = if w.with == Writing::FINGERS {
        None
    } else {
        match find(&state.player, w.with) {
            Some(i) => Some(i),
            None => return false,
        }
    };
    let mut by = "fingertip".to_string();
    let mut after: Option<&str> = None;
    if let Some(i) = tool {
        let c = state.player.inventory[i];
        if c.worn {
            state.say("You can't write with something you are wearing.");
            return false;
        }
        let content = state.setup.content.clone();
        let name = state.discoveries.pack_name(&content, c.kind).to_string();
        by = name;
        if let Some(does) = content.item(c.kind).on_pick_up.zapped() {
            let does = does.to_string();
            match wand(state, i, &does) {
                Zapped::Gone => return true,
                Zapped::Empty => {
                    state.say("The wand is too worn out to engrave.");
                    return true;
                }
                Zapped::Engraves(kind, message) => {
                    how = kind;
                    after = message;
                }
            }
            if w.words.is_empty() {
                state.say("The wand glows, then fades.");
                return true;
            }
        }
    }
    if w.words.is_empty() {
        return false;
    }
    let me = state.player.pos;
    if state.level().engraving(me).is_some() {
        state.say("You wipe out the message that was written here.");
    }
    let verb = match how {
        Engraved::Dust => "write in the dust",
        Engraved::Engrave => "engrave in the floor",
        Engraved::Burn => "burn into the floor",
    };
    if let Some(i) = tool.filter(|&i| i < state.player.inventory.len()) {
        // Named anew: writing may have told what it is.
        let kind = state.player.inventory[i].kind;
        by = state
            .discoveries
            .pack_name(state.content(), kind)
            .to_string();
    }
    let with = if tool.is_some() {
        format!("the {by}")
    } else {
        format!("your {by}")
    };
    if let Some(text) = after {
        state.say(text);
    }
    state.say(format!("You {verb} with {with}."));
    let level = state.level_mut();
    level.engravings.retain(|e| e.pos != me);
    level.engravings.push(Engraving {
        pos: me,
        text: w.words.as_str().to_string(),
        how,
    });
    true
}

/// What a wand did when it was used to write.
enum Zapped {
    /// It exploded (cursed) or crumbled: nothing is written.
    Gone,
    /// It had no charge to give.
    Empty,
    /// It writes this way, after this message.
    Engraves(Engraved, Option<&'static str>),
}

/// A wand used to write (NetHack's `doengrave`'s zapwand): a charge, and
/// what it does to the floor and what was written there.
fn wand(state: &mut RunState, i: usize, does: &str) -> Zapped {
    let c = state.player.inventory[i];
    if c.spe < 0 {
        state.say("The wand glows violently, then turns to dust.");
        crate::dungeon::rules::carry::use_up(&mut state.player, i);
        return Zapped::Gone;
    }
    if c.spe == 0 && state.rng.rn2(121) != 0 {
        return Zapped::Empty;
    }
    if c.spe == 0 {
        state.say("You wrest one last charge from the worn-out wand.");
    }
    state.player.inventory[i].spe -= 1;
    if c.blessing == Blessing::Cursed && state.rng.rn2(100) == 0 {
        explode(state, i, does);
        return Zapped::Gone;
    }
    let kind = c.kind;
    let me = state.player.pos;
    let known = |state: &mut RunState, what: &str| {
        if state.discoveries.discover(kind) {
            state.say(format!("This {} is a wand of {what}!", "wand"));
        }
    };
    let mut how = Engraved::Dust;
    let message = match does {
        "digging" => {
            how = Engraved::Engrave;
            known(state, "digging");
            Some("Gravel flies up from the floor.")
        }
        "fire" => {
            how = Engraved::Burn;
            known(state, "fire");
            Some("Flames fly from the wand.")
        }
        "lightning" => {
            how = Engraved::Burn;
            known(state, "lightning");
            Some("Lightning arcs from the wand.")
        }
        "striking" => Some("The wand unsuccessfully fights your attempt to write!"),
        "slow monster" => Some("The bugs on the floor slow down!"),
        "speed monster" => Some("The bugs on the floor speed up!"),
        "sleep" | "death" => Some("The bugs on the floor stop moving!"),
        "magic missile" => Some("The floor is riddled by bullet holes!"),
        "cold" => {
            if state
                .level()
                .engraving(me)
                .is_some_and(|e| e.how == Engraved::Burn)
            {
                vanish(state, me);
            }
            Some("A few ice cubes drop from the wand.")
        }
        "cancellation" | "make invisible" => {
            if state.level().engraving(me).is_some() {
                vanish(state, me);
            }
            None
        }
        "teleportation" => {
            if state.level().engraving(me).is_some() {
                let to = crate::dungeon::rules::teleport::random_free_cell_here(state);
                state.say("The engraving on the floor vanishes!");
                let level = state.level_mut();
                match to {
                    Some(to) if level.engraving(to).is_none() => {
                        if let Some(e) = level.engravings.iter_mut().find(|e| e.pos == me) {
                            e.pos = to;
                        }
                    }
                    _ => level.engravings.retain(|e| e.pos != me),
                }
            }
            None
        }
        "polymorph" => {
            // NetHack writes a random engraving of its own in place of
            // the old; here the old one is garbled by half its letters.
            let level = state.level();
            if let Some(e) = level.engraving(me).cloned() {
                let mut text = e.text.clone();
                let n = text.len() / 2;
                crate::dungeon::rules::floor_writing::wipe_out(&mut text, n.max(1), &mut state.rng);
                state.say(format!("The engraving now reads: \"{text}\"."));
                if let Some(e) = state
                    .level_mut()
                    .engravings
                    .iter_mut()
                    .find(|x| x.pos == me)
                {
                    e.text = text;
                }
            }
            None
        }
        other => {
            // The wands that act without a direction do so now.
            if crate::dungeon::rules::zap::acts_at_once(other) {
                crate::dungeon::rules::zap::act_at_once(state, kind, other);
            }
            None
        }
    };
    Zapped::Engraves(how, message)
}

/// "The engraving on the floor vanishes!"
fn vanish(state: &mut RunState, at: Pos) {
    state.say("The engraving on the floor vanishes!");
    state.level_mut().engravings.retain(|e| e.pos != at);
}

/// A cursed wand blows up as you write (NetHack's `wand_explode`):
/// (charges + 2)d(its strength).
fn explode(state: &mut RunState, i: usize, does: &str) {
    let c = state.player.inventory[i];
    let sides = match does {
        "wishing" => 12,
        "cancellation" | "death" | "polymorph" | "undead turning" => 10,
        "cold" | "fire" | "lightning" | "magic missile" => 8,
        "nothing" => 4,
        _ => 6,
    };
    state.say("Your wand suddenly explodes!");
    let dice = (i32::from(c.spe) + 2).max(2) as u32;
    let damage = crate::dungeon::dice::roll_dice(dice, sides, &mut state.rng);
    crate::dungeon::rules::carry::use_up(&mut state.player, i);
    state.player.hp -= damage;
    state.die_if_spent(crate::dungeon::shared::Killer::Zap("exploding wand"));
}
