//! What a stethoscope (or a wand's enlightenment) tells of a creature, in
//! NetHack 3.7's words (`insight.c`): a monster's status line, yours, and
//! how piously you keep your god's ways.

use crate::dungeon::content::Size;
use crate::dungeon::monsters::Pace;
use crate::dungeon::state::RunState;

/// How devout an alignment record reads (`piousness`): "stridently" at 4
/// to 8, nothing at exactly 3. Below 0: "insufficiently" where a negative
/// is not shown, else "strayed", "sinned", "transgressed".
pub(crate) fn piousness(record: i32, show_negative: bool) -> &'static str {
    match record {
        20.. => "piously",
        14..=19 => "devoutly",
        9..=13 => "fervently",
        4..=8 => "stridently",
        3 => "",
        1..=2 => "haltingly",
        0 => "nominally",
        _ if !show_negative => "insufficiently",
        -3..=-1 => "strayed",
        -8..=-4 => "sinned",
        _ => "transgressed",
    }
}

/// The word for an alignment number (`align_str` of `sgn`).
fn alignment_word(alignment: i32) -> &'static str {
    match alignment.signum() {
        1 => "lawful",
        0 => "neutral",
        _ => "chaotic",
    }
}

/// The word for a size (`size_str`).
fn size_word(size: Size) -> &'static str {
    match size {
        Size::Tiny => "tiny",
        Size::Small => "small",
        Size::Medium => "medium",
        Size::Large => "large",
        Size::Huge => "huge",
        Size::Gigantic => "gigantic",
    }
}

/// Monster `m`'s status (`mstatusline`): "Status of the gnome (neutral,
/// small):  Level 1  HP 3(5)  AC 10, peaceful, asleep."
pub(crate) fn monster_status(state: &RunState, m: usize) -> String {
    let monster = &state.level().monsters[m];
    let row = state.content().monster(monster.kind);
    let mut info = String::new();
    if monster.tame {
        info += ", tame";
    } else if monster.peaceful {
        info += ", peaceful";
    }
    if monster.eating > 0 {
        info += ", eating";
    }
    if monster.cancelled {
        info += ", cancelled";
    }
    if monster.confused {
        info += ", confused";
    }
    if monster.stunned {
        info += ", stunned";
    }
    if monster.asleep > 0 {
        info += ", asleep";
    }
    if monster.flees > 0 {
        info += ", scared";
    }
    if monster.trapped > 0 {
        info += ", trapped";
    }
    info += match monster.pace {
        Pace::Fast => ", fast",
        Pace::Slow => ", slow",
        Pace::Normal => "",
    };
    if monster.invisible {
        info += ", invisible";
    }
    format!(
        "Status of the {} ({}, {}):  Level {}  HP {}({})  AC {}{info}.",
        row.name,
        alignment_word(row.alignment),
        size_word(row.size),
        row.level,
        monster.hp,
        monster.max_hp,
        crate::dungeon::rules::monster_armour::armour_class(state.content(), monster),
    )
}

/// Your own status (`ustatusline`): "Status of the Rhizotomist
/// (stridently neutral):  Level 1  HP 12(12)  AC 8, fast." (NetHack names
/// you by your name; this game's heroes have none, so by your rank.)
pub(crate) fn your_status(state: &RunState) -> String {
    let p = &state.player;
    let mut info = String::new();
    if p.sick.is_some() {
        info += ", dying from food poisoning";
    }
    if p.trapped.is_some() {
        info += ", trapped";
    }
    if state.timeouts.very_fast > 0 {
        info += ", very fast";
    } else if crate::dungeon::rules::grow::has(state, crate::dungeon::hero::Intrinsic::Fast) {
        info += ", fast";
    }
    if crate::dungeon::rules::invisible::you_are(state) {
        info += ", invisible";
    }
    let ac = crate::dungeon::rules::wear::armour_class(p, state.content());
    let rows = state.content().heroes();
    let (who, devotion, level) = match (p.hero, &p.growth) {
        (Some(hero), Some(g)) => {
            let pious = piousness(g.alignment, false);
            let word = hero.alignment.word();
            let devotion = if pious.is_empty() {
                word.to_string()
            } else {
                format!("{pious} {word}")
            };
            (format!("the {}", g.rank(hero, rows)), devotion, g.level)
        }
        _ => ("you".to_string(), "unaligned".to_string(), 1),
    };
    format!(
        "Status of {who} ({devotion}):  Level {level}  HP {}({})  AC {ac}{info}.",
        p.hp, p.max_hp
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piousness_reads_the_record_as_nethack_does() {
        let words: Vec<&str> = [25, 20, 19, 14, 13, 9, 8, 4, 3, 2, 1, 0]
            .into_iter()
            .map(|r| piousness(r, true))
            .collect();
        assert_eq!(
            words,
            [
                "piously",
                "piously",
                "devoutly",
                "devoutly",
                "fervently",
                "fervently",
                "stridently",
                "stridently",
                "",
                "haltingly",
                "haltingly",
                "nominally"
            ]
        );
        assert_eq!(piousness(-1, false), "insufficiently");
        assert_eq!(piousness(-3, true), "strayed");
        assert_eq!(piousness(-4, true), "sinned");
        assert_eq!(piousness(-8, true), "sinned");
        assert_eq!(piousness(-9, true), "transgressed");
    }
}
