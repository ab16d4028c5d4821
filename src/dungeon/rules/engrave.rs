//! `E`, then what you write with (`-`: your fingers) and the words:
//! engraving, as NetHack 3.7's `engrave.c` has it, and Elbereth.
//!
//! Fingers and most things write in the dust (a letter smudged one time in
//! 25); a blade engraves the floor and dulls; a wand of digging engraves
//! it, one of fire or lightning burns it. Writing goes on as an occupation,
//! ten letters an action, one with a blade ([`work`]). A wand spends a charge
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
use crate::dungeon::content::Content;
use crate::dungeon::discoveries::plural;
use crate::dungeon::effects::Slot;
use crate::dungeon::level::{Engraved, Engraving};
use crate::dungeon::rules::carry::find;
use crate::dungeon::state::{Carried, Inscribing, RunState, Worked};
use crate::dungeon::words::Writing;
use crate::generation::Pos;

/// What `E` asks for the words.
pub(crate) const QUESTION: &str = "What do you want to write here?";

/// `E`: write `w.words` with `w.with` where you stand. Returns whether a
/// turn was spent: the first of the writing, which goes on ten letters an
/// action ([`work`]).
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
    let mut dulling = false;
    if let Some(i) = tool {
        let c = state.player.inventory[i];
        if c.worn {
            state.say("You can't write with something you are wearing.");
            return false;
        }
        let content = state.setup.content.clone();
        let name = state.discoveries.pack_name(&content, c.kind).to_string();
        by = name.clone();
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
        } else {
            match stylus(&content, &c) {
                Stylus::Dust => {}
                Stylus::Blade if crate::dungeon::rules::weld::welded(&content, &c) => {
                    state.say(format!("Your {name} can only scratch the floor."));
                }
                Stylus::Blade if c.spe <= TOO_DULL => {
                    state.say(format!("Your {name} is too dull for engraving."));
                }
                Stylus::Blade => {
                    how = Engraved::Engrave;
                    dulling = true;
                }
                Stylus::TooDirty => {
                    state.say(format!("Your {name} would get too dirty."));
                    return false;
                }
                Stylus::TooLarge => {
                    state.say("You can't engrave with such a large object!");
                    return false;
                }
            }
        }
    }
    if w.words.is_empty() {
        return false;
    }
    let me = state.player.pos;
    if state.level().engraving(me).is_some() {
        state.say("You wipe out the message that was written here.");
        state.level_mut().engravings.retain(|e| e.pos != me);
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
    let stack = tool
        .and_then(|i| state.player.inventory.get(i))
        .is_some_and(|c| c.quantity > 1);
    let with = match tool {
        // One of a stack dulls, not the stack (NetHack's "1 of").
        Some(_) if dulling && stack => format!("1 of the {}", plural(&by)),
        Some(_) => format!("the {by}"),
        None => format!("your {by}"),
    };
    if let Some(text) = after {
        state.say(text);
    }
    state.say(format!("You {verb} with {with}."));
    let text = jumbled(state, w.words.as_str(), how);
    state.inscribing = Some(Inscribing {
        at: me,
        depth: state.depth,
        text,
        done: 0,
        how,
        stylus: tool.map(|i| state.player.inventory[i].id),
        dulling,
        actions: 0,
    });
    work(state);
    true
}

/// An engraving blade at this enchantment or below is too dull to engrave.
const TOO_DULL: i8 = -3;
/// Letters (not counting spaces) written an action; one with a blade.
const LETTERS_AN_ACTION: usize = 10;
/// In the dust, a letter comes out as another one time in this many.
const SMUDGE_ODDS: u64 = 25;

/// What a thing (not a wand) does as a stylus (NetHack's
/// `doengrave_sfx_item`).
enum Stylus {
    /// It writes in the dust, as fingers do.
    Dust,
    /// A blade (a weapon of the dagger to saber skills): it engraves,
    /// dulling as it goes.
    Blade,
    /// Food, a scroll or a spellbook: "would get too dirty".
    TooDirty,
    /// Armour but boots, a boulder or a statue, an iron ball.
    TooLarge,
}

fn stylus(content: &Content, c: &Carried) -> Stylus {
    use crate::dungeon::skills::Skill;
    let row = content.item(c.kind);
    let effect = &row.on_pick_up;
    match row.glyph {
        ')' if effect.wielded_as().is_some_and(|u| {
            matches!(
                u.skill,
                Skill::Dagger
                    | Skill::Knife
                    | Skill::Axe
                    | Skill::PickAxe
                    | Skill::ShortSword
                    | Skill::Broadsword
                    | Skill::LongSword
                    | Skill::TwoHandedSword
                    | Skill::Saber
            )
        }) =>
        {
            Stylus::Blade
        }
        '%' | '?' | '+' => Stylus::TooDirty,
        '[' if effect.armour().is_some_and(|a| a.slot != Slot::Boots) => Stylus::TooLarge,
        '`' | '0' => Stylus::TooLarge,
        _ => Stylus::Dust,
    }
}

/// The words as they will read: in the dust, each letter (not a space)
/// comes out as any other printable one time in 25.
fn jumbled(state: &mut RunState, words: &str, how: Engraved) -> Vec<char> {
    words
        .chars()
        .map(|c| {
            if c != ' ' && how == Engraved::Dust && state.rng.rn2(SMUDGE_ODDS) == 0 {
                char::from(b' ' + state.rng.rnd(94) as u8)
            } else {
                c
            }
        })
        .collect()
}

/// One action of writing (NetHack's `engrave` occupation): up to ten
/// letters (spaces are free), one with a blade, which loses a point of
/// enchantment on the first action and every other one after while letters
/// are left; one already at −3 writes this action's letter and stops.
pub(crate) fn work(state: &mut RunState) -> Worked {
    let Some(mut w) = state.inscribing.take() else {
        return Worked::Nothing;
    };
    let i = w
        .stylus
        .map(|id| state.player.inventory.iter().position(|c| c.id == id));
    if w.at != state.player.pos || w.depth != state.depth || i == Some(None) {
        state.say("You are unable to continue engraving.");
        return Worked::Nothing;
    }
    let first = w.actions == 0;
    w.actions += 1;
    let rate = if w.dulling { 1 } else { LETTERS_AN_ACTION };
    let (mut end, mut left) = (w.done, rate);
    while end < w.text.len() && left > 0 {
        if w.text[end] != ' ' {
            left -= 1;
        }
        end += 1;
    }
    let mut truncate = false;
    if let Some(Some(i)) = i
        && w.dulling
    {
        let i = dull_one(state, &mut w, i, first);
        if w.actions % 2 == 1 {
            let spe = state.player.inventory[i].spe;
            if spe <= TOO_DULL {
                truncate = true;
            } else if end < w.text.len() || w.actions == 1 {
                state.player.inventory[i].spe -= 1;
            }
        }
    }
    if truncate && end < w.text.len() {
        w.text.truncate(end);
        let so_far: String = w.text.iter().collect();
        state.say(format!("You are only able to write \"{so_far}\"."));
    } else {
        truncate = false;
    }
    let more: String = w.text[w.done..end].iter().collect();
    let (at, how) = (w.at, w.how);
    let level = state.level_mut();
    match level.engravings.iter_mut().find(|e| e.pos == at) {
        Some(e) => e.text.push_str(&more),
        None => level.engravings.push(Engraving {
            pos: at,
            text: more,
            how,
        }),
    }
    w.done = end;
    if w.done < w.text.len() {
        state.inscribing = Some(w);
        return Worked::Going;
    }
    if truncate {
        state.say("You cannot write any more.");
    } else if !first {
        state.say(format!(
            "You finish {}.",
            match how {
                Engraved::Dust => "writing in the dust",
                Engraved::Engrave => "engraving",
                Engraved::Burn => "burning your message into the floor",
            }
        ));
    }
    Worked::Last
}

/// Does something stop the writing before its next action (a blow since
/// `hp_before`, a hostile monster beside you)? What is written stays.
pub(crate) fn interrupted(state: &mut RunState, hp_before: i32) -> bool {
    if state.inscribing.is_none() || !crate::dungeon::rules::interrupt::disturbed(state, hp_before)
    {
        return false;
    }
    state.inscribing = None;
    state.say("You stop engraving.");
    true
}

/// The blade at pack place `i` dulls as it engraves: one of a stack is
/// split off to do it ("One of your daggers gets dull."), a lone one
/// "gets dull" on the first action. Returns the blade's place.
fn dull_one(state: &mut RunState, w: &mut Inscribing, i: usize, first: bool) -> usize {
    let content = state.setup.content.clone();
    let c = state.player.inventory[i];
    let name = state.discoveries.pack_name(&content, c.kind).to_string();
    if c.quantity == 1 {
        if first {
            state.say(format!("Your {name} gets dull."));
        }
        return i;
    }
    if first {
        state.say(format!("One of your {} gets dull.", plural(&name)));
    }
    let id = state.ids.next_id();
    match crate::dungeon::rules::carry::split_off(&mut state.player, i, id) {
        Some(one) => {
            w.stylus = Some(id);
            one
        }
        // No letter free for it: the stack dulls whole.
        None => i,
    }
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
