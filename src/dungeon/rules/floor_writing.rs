//! What is written on the floor once written (NetHack 3.7's `engrave.c`
//! and `onscary`): Elbereth's fear, and dust's wear.
//!
//! Dust smudges: each action of a monster standing on it rubs out a
//! character, each blow you strike standing on it three, each throw two
//! (NetHack's `wipe_engr_at`); an engraving loses one only now and then,
//! a burnt one never. A rubbed-out character turns into one that looks
//! like it ("E" to "F", "L" or "_") or into "?".
//!
//! **Elbereth** (the word alone, any case) under you scares a hostile
//! monster next to you (`onscary`, `distfleeck`): it flees for 1 to 10
//! turns, one time in seven 1 to 100, and strikes no blow while it does.
//! Humans (`@`), minotaurs, shopkeepers, priests and the watch, and
//! peaceful monsters, pay it no heed. Attacking a monster it scares (or a
//! peaceful one) while you stand on it is hypocrisy: −5 alignment (−1 to
//! −5 when yours is 5 or less), and the engraving fades.

use crate::dungeon::level::Engraved;
use crate::dungeon::state::RunState;
use crate::generation::Pos;

/// The word that scares.
const ELBERETH: &str = "Elbereth";

/// Is Elbereth written where you stand (the word alone, any case)?
pub(crate) fn elbereth_under_you(state: &RunState) -> bool {
    state
        .level()
        .engraving(state.player.pos)
        .is_some_and(|e| e.text.eq_ignore_ascii_case(ELBERETH))
}

/// Does Elbereth under you scare monster `m` (NetHack's `onscary`)?
pub(crate) fn scares(state: &RunState, m: usize) -> bool {
    if !elbereth_under_you(state) {
        return false;
    }
    let monster = &state.level().monsters[m];
    let row = state.content().monster(monster.kind);
    !(monster.peaceful
        || monster.tame
        || row.glyph == '@'
        || row.id == "minotaur"
        || row.role.keeps_post())
}

/// A hostile monster next to you on Elbereth is scared and flees
/// (`distfleeck`): "The gnome turns to flee." when it was not fleeing and
/// you see it. Returns whether it was.
pub(crate) fn frighten(state: &mut RunState, m: usize) -> bool {
    let monster = state.level().monsters[m];
    if monster.pos.distance(state.player.pos) != 1 || !scares(state, m) {
        return false;
    }
    let turns = if state.rng.rn2(7) != 0 {
        state.rng.rnd(10)
    } else {
        state.rng.rnd(100)
    } as u32;
    let was = state.level().monsters[m].flees;
    let monster = &mut state.level_mut().monsters[m];
    monster.flees = monster.flees.max(turns);
    if was == 0 {
        crate::dungeon::rules::traps::shared::say_of(state, m, "{M} turns to flee.");
    }
    true
}

/// You attack monster `m` standing on Elbereth (NetHack's `setmangry`): a
/// hypocrite's alignment, and the engraving fades. Then your blow rubs the
/// dust (`u_wipe_engr(3)`).
pub(crate) fn you_attack(state: &mut RunState, m: usize) {
    hypocrite(state, m);
    wipe(state, state.player.pos, 3);
}

/// You attack monster `m` standing on Elbereth that it scares, or a
/// peaceful one: a hypocrite's alignment, and the engraving fades.
pub(crate) fn hypocrite(state: &mut RunState, m: usize) {
    let peaceful = state.level().monsters[m].peaceful;
    if elbereth_under_you(state) && (scares(state, m) || peaceful) {
        state.say("You feel like a hypocrite.");
        let record = state.player.growth.as_ref().map_or(0, |g| g.alignment);
        let loss = if record > 5 {
            5
        } else {
            state.rng.rnd(5) as i32
        };
        crate::dungeon::rules::grow::adjust_alignment(state, -loss);
        state.say("The engraving beneath you fades.");
        let me = state.player.pos;
        state.level_mut().engravings.retain(|e| e.pos != me);
    }
}

/// Rub out `count` characters of the engraving at `at` (NetHack's
/// `wipe_engr_at`): dust loses them, an engraving one only one time in
/// `1 + 50 / (count + 1)`, a burnt one none. Worn away, it is gone.
pub(crate) fn wipe(state: &mut RunState, at: Pos, count: usize) {
    // The nameless hero's runs (from before engraving) keep their levels'
    // writing as it was, and their draws.
    if state.player.hero.is_none() {
        return;
    }
    let Some(e) = state.level().engraving(at).cloned() else {
        return;
    };
    let count = match e.how {
        Engraved::Burn => return,
        Engraved::Dust => count,
        Engraved::Engrave => usize::from(state.rng.rn2(1 + 50 / (count as u64 + 1)) == 0),
    };
    if count == 0 {
        return;
    }
    let mut text = e.text.clone();
    wipe_out(&mut text, count, &mut state.rng);
    let text = text.trim_start().to_string();
    let level = state.level_mut();
    if text.is_empty() {
        level.engravings.retain(|x| x.pos != at);
    } else if let Some(x) = level.engravings.iter_mut().find(|x| x.pos == at) {
        x.text = text;
    }
}

/// Characters rubbed out turn into these (NetHack's `rubouts`).
const RUBOUTS: &[(char, &str)] = &[
    ('A', "^"),
    ('B', "Pb["),
    ('C', "("),
    ('D', "|)["),
    ('E', "|FL[_"),
    ('F', "|-"),
    ('G', "C("),
    ('H', "|-"),
    ('I', "|"),
    ('K', "|<"),
    ('L', "|_"),
    ('M', "|"),
    ('N', "|\\"),
    ('O', "C("),
    ('P', "F"),
    ('Q', "C("),
    ('R', "PF"),
    ('T', "|"),
    ('U', "J"),
    ('V', "/\\"),
    ('W', "V/\\"),
    ('Z', "/"),
    ('b', "|"),
    ('d', "c|"),
    ('e', "c"),
    ('g', "c"),
    ('h', "n"),
    ('j', "i"),
    ('k', "|"),
    ('l', "|"),
    ('m', "nr"),
    ('n', "r"),
    ('o', "c"),
    ('q', "c"),
    ('w', "v"),
    ('y', "v"),
    (':', "."),
    (';', ",:"),
    (',', "."),
    ('=', "-"),
    ('+', "-|"),
    ('*', "+"),
    ('@', "0"),
    ('0', "C("),
    ('1', "|"),
    ('6', "o"),
    ('7', "/"),
    ('8', "3o"),
];

/// Degrade `count` random characters of `text` (NetHack's `wipeout_text`):
/// small marks go, a letter three times in four becomes one it looks like
/// (if it has one), else "?"; trailing spaces are trimmed.
pub(crate) fn wipe_out(text: &mut String, count: usize, rng: &mut crate::generation::MineRng) {
    let mut chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return;
    }
    for _ in 0..count {
        let at = rng.rn2(chars.len() as u64) as usize;
        let rub = rng.rn2(4) != 0;
        let c = chars[at];
        if c == ' ' {
            continue;
        }
        if "?.,'`-|_".contains(c) {
            chars[at] = ' ';
            continue;
        }
        let to = RUBOUTS
            .iter()
            .find(|(from, _)| *from == c)
            .filter(|_| rub)
            .map(|(_, to)| {
                let to: Vec<char> = to.chars().collect();
                to[rng.rn2(to.len() as u64) as usize]
            });
        chars[at] = to.unwrap_or('?');
    }
    while chars.last() == Some(&' ') {
        chars.pop();
    }
    *text = chars.into_iter().collect();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rubbed_out_letters_look_like_what_they_were() {
        let mut rng = crate::generation::MineRng::from_seed(3);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..400 {
            let mut text = "E".to_string();
            wipe_out(&mut text, 1, &mut rng);
            seen.insert(text);
        }
        let all: Vec<&str> = seen.iter().map(String::as_str).collect();
        // "E" becomes one of its five look-alikes or "?"; "-" and "_" are
        // among them; never anything else.
        assert!(
            all.iter()
                .all(|t| ["|", "F", "L", "[", "_", "?"].contains(t)),
            "{all:?}"
        );
        assert!(all.len() >= 5, "{all:?}");
        let mut text = "a.".to_string();
        let mut rng = crate::generation::MineRng::from_seed(1);
        while text.contains('.') {
            wipe_out(&mut text, 1, &mut rng);
        }
        assert!(!text.ends_with(' '));
    }
}
