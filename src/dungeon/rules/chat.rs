//! Talking (NetHack 3.7's `#chat`, `dochat` and `priest_talk`): `&` in
//! key files (Alt+C in the game), then a direction. A temple's priest asks
//! for a contribution ("How much will you offer?", answered by `$` and the
//! gold); what he gives back goes by your gold, your level and your
//! alignment, as `priest_talk` works it out:
//!
//! - nothing offered: "Thou shalt regret thine action!", a point of
//!   alignment lost if his god is yours;
//! - under 200 × your level: thanks if it was at least half your gold
//!   ("Cheapskate." if not), and your wisdom is exercised;
//! - under 400 ×: "Thou art indeed a pious individual."; and if it was over
//!   half your gold, a blessing (NetHack's clairvoyance, which this game
//!   lacks: the words are said, the map is not shown) and a point of
//!   alignment for a sinner of his god;
//! - under 600 ×, while his god's protection can still grow: a point or
//!   more of AC for good ("Thou hast been rewarded for thy devotion.");
//!   2 to 4 the first time, one more each time after (past 9 only one time
//!   in as many as you have, never past 20);
//! - more: "Thy selfless generosity is deeply appreciated.", and for one of
//!   his god who gave over half their gold, two points of alignment (a
//!   stray one's record set to 0, once in 5,000 turns).
//!
//! With no gold, a priest of your god gives you two bits (one if he has no
//! more) for an ale, or preaches poverty. A priest out of his temple,
//! hostile, or asleep answers with his mace; a fleeing one wants nothing
//! to do with you. Talking to anyone else gets the words of its kind (the
//! watch, a shopkeeper) or its noise; a monster asleep seems not to notice
//! you. Talking takes a turn (but not to a wall, to yourself or up and
//! down).

use crate::dungeon::direction::{Ask, Way};
use crate::dungeon::hero::attributes::Attribute;
use crate::dungeon::rules::grow::{adjust_alignment, exercise};
use crate::dungeon::rules::traps::shared::{sees, the};
use crate::dungeon::shared::capitalised;
use crate::dungeon::state::{Question, RunState};
use crate::dungeon::words::Words;
use crate::generation::Tile;

/// What `#chat` asks.
pub(crate) const TALK_TO_WHOM: Ask = Ask::compass("Talk to whom? (in what direction)")
    .or_up()
    .or_down()
    .or_here();

/// What a priest asks when you have gold.
pub(crate) const HOW_MUCH: &str = "How much will you offer?";

/// A record at or below this is a sinner's (NetHack's `ALGN_SINNED`).
const SINNED: i32 = -4;

/// Turns between two cleansings of a stray record (NetHack's 5000).
const CLEANSING: u64 = 5000;

/// `#chat` toward `way`. Returns whether a turn was spent.
pub(crate) fn chat(state: &mut RunState, way: Way) -> bool {
    if state.strangled.is_some() {
        state.say("You can't speak.  You're choking!");
        return false;
    }
    let d = match way {
        Way::Toward(d) => d,
        Way::Up => {
            state.say("They won't hear you up there.");
            return false;
        }
        Way::Down => {
            state.say("They won't hear you down there.");
            return false;
        }
        Way::Here => {
            state.say("Talking to yourself is a bad habit for a dungeoneer.");
            return false;
        }
    };
    let at = state.player.pos.step(d);
    let Some(m) = state.level().monster_at(at) else {
        let tile = state.level().map.tile(at);
        if tile.is_wall() || tile.is_secret_door() {
            state.say("It's like talking to a wall.");
        }
        return false;
    };
    let monster = &state.level().monsters[m];
    let role = state.content().monster(monster.kind).role;
    if role.takes_donations() {
        priest_talk(state, m);
        return true;
    }
    if monster.asleep > 0 {
        if sees(state, at) {
            let the = capitalised(&the(state, m));
            state.say(format!("{the} seems not to notice you."));
        }
        return false;
    }
    crate::dungeon::rules::noises::talk(state, m)
}

/// Is the temple's god (the level's altar's) yours (NetHack's
/// `p_coaligned`)?
fn coaligned(state: &RunState) -> bool {
    let god = state.level().altar;
    god.is_some() && god == state.player.hero.map(|h| h.alignment)
}

/// The priest `m` answers (NetHack's `priest_talk`).
fn priest_talk(state: &mut RunState, m: usize) {
    let the_priest = capitalised(&the(state, m));
    let coaligned = coaligned(state);
    let record = state.player.growth.as_ref().map_or(0, |g| g.alignment);
    let strayed = record < 0;
    let monster = &state.level().monsters[m];
    if monster.flees > 0 {
        state.say(format!(
            "{the_priest} doesn't want anything to do with you!"
        ));
        state.level_mut().monsters[m].peaceful = false;
        return;
    }
    // He talks only peaceful, awake and in his temple (a level with its
    // altar standing).
    let altar = state.level().map.tiles().contains(&Tile::Altar);
    if !altar || !monster.peaceful || monster.asleep > 0 {
        if monster.asleep > 0 {
            state.say(format!("{the_priest} breaks out of his reverie!"));
        }
        let monster = &mut state.level_mut().monsters[m];
        monster.asleep = 0;
        monster.peaceful = false;
        const CRANKY: [&str; 3] = [
            "Thou wouldst have words, eh?  I'll give thee a word or two!",
            "Talk?  Here is what I have to say!",
            "Pilgrim, I would speak no longer with thee.",
        ];
        let line = CRANKY[state.rng.rn2(3) as usize];
        state.say(format!("\"{line}\""));
        return;
    }
    if state.player.gold == 0 {
        if coaligned && !strayed {
            let his = state.level().monsters[m].gold;
            if his > 0 {
                let given = his.min(2);
                let bits = if his == 1 { "one bit" } else { "two bits" };
                state.say(format!("{the_priest} gives you {bits} for an ale."));
                state.level_mut().monsters[m].gold -= given;
                state.player.gold += given;
            } else {
                state.say(format!("{the_priest} preaches the virtues of poverty."));
            }
            exercise(state, Attribute::Wis, true);
        } else {
            state.say(format!("{the_priest} is not interested."));
        }
        return;
    }
    state.say(format!(
        "{the_priest} asks you for a contribution for the temple."
    ));
    state.say(HOW_MUCH);
    let id = state.level().monsters[m].id;
    state.question = Some(Question::Offer(id));
}

/// `$` with words, asked nothing: your gold counted (NetHack's `$`). No
/// turn.
pub(crate) fn offer(state: &mut RunState, _words: Words) -> bool {
    let line = match state.player.gold {
        0 => "Your wallet is empty.".to_string(),
        1 => "Your wallet contains 1 gold piece.".to_string(),
        n => format!("Your wallet contains {n} gold pieces."),
    };
    state.say(line);
    false
}

/// The answer to "How much will you offer?" asked by the priest of id
/// `priest`: `words` as the sum (NetHack's `bribe`), or nothing when the
/// answer was another command. Returns whether a turn was spent (the
/// chat's own turn was spent asking).
pub(crate) fn answer_offer(state: &mut RunState, priest: u32, words: Option<Words>) -> bool {
    let Some(m) = state.level().monsters.iter().position(|x| x.id == priest) else {
        return false;
    };
    let the_lower = the(state, m);
    // The number the words start with, as `sscanf("%ld")` reads it.
    let asked = words.and_then(|w| w.leading_number());
    let offer = match asked {
        Some(n) if n < 0 => {
            state.say(format!("You try to shortchange {the_lower}, but fumble."));
            0
        }
        None | Some(0) => {
            state.say("You refuse.");
            0
        }
        Some(n) if n >= i64::from(state.player.gold) => {
            state.say(format!("You give {the_lower} all your gold."));
            state.player.gold
        }
        Some(n) => {
            let coins = if n == 1 { "gold piece" } else { "gold pieces" };
            state.say(format!("You give {the_lower} {n} {coins}."));
            n as u32
        }
    };
    state.player.gold -= offer;
    state.level_mut().monsters[m].gold += offer;
    let coaligned = coaligned(state);
    let level = state.player.growth.as_ref().map_or(1, |g| g.level);
    let record = state.player.growth.as_ref().map_or(0, |g| g.alignment);
    let left = state.player.gold;
    // The priest's words, aloud (NetHack's `verbalize`).
    let says = |state: &mut RunState, line: &str| state.say(format!("\"{line}\""));
    if offer == 0 {
        says(state, "Thou shalt regret thine action!");
        if coaligned {
            adjust_alignment(state, -1);
        }
    } else if offer < level * 200 {
        if left > offer * 2 {
            says(state, "Cheapskate.");
        } else {
            says(state, "I thank thee for thy contribution.");
            exercise(state, Attribute::Wis, true);
        }
    } else if offer < level * 400 {
        says(state, "Thou art indeed a pious individual.");
        if left < offer * 2 {
            if coaligned && record <= SINNED {
                adjust_alignment(state, 1);
            }
            says(state, "I bestow upon thee a blessing.");
        }
    } else if offer < level * 600 && protection_can_grow(state) {
        says(state, "Thou hast been rewarded for thy devotion.");
        let first = 2 + state.rng.rn2(3) as i32;
        if let Some(g) = &mut state.player.growth {
            g.protection = if g.protection == 0 {
                first
            } else {
                g.protection + 1
            };
        }
    } else {
        says(state, "Thy selfless generosity is deeply appreciated.");
        if left < offer * 2 && coaligned {
            let turn = state.turn;
            let cleansed = state.player.growth.as_ref().and_then(|g| g.cleansed);
            let long_ago = cleansed.is_none_or(|t| turn.saturating_sub(t) > CLEANSING);
            if record < 0 && long_ago {
                if let Some(g) = &mut state.player.growth {
                    g.alignment = 0;
                    g.cleansed = Some(turn);
                }
            } else {
                adjust_alignment(state, 2);
            }
        }
    }
    false
}

/// May a gift at the protection step add to it (NetHack: none yet, or
/// under 20 and under 9 or one time in as many as there are)?
fn protection_can_grow(state: &mut RunState) -> bool {
    let now = state.player.growth.as_ref().map_or(0, |g| g.protection);
    now == 0 || (now < 20 && (now < 9 || state.rng.rn2(now as u64) == 0))
}
