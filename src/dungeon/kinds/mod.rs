//! Level kinds: the code that makes a level's map and stocks it. Which kind
//! each depth gets is the content's plan; each kind's pipeline, light and
//! stocking lists are its row in the content file.
//!
//! A kind is one module implementing [`LevelKind`] (`kind.rs` says what a
//! kind is) and one line in [`BUILDERS`]; content rows name it by that
//! line's name. This file declares the kinds and holds their registry; the
//! kinds take their shared words from `kind.rs`, never from here.

pub(crate) mod blessings;
pub(crate) mod booty;
mod cave;
pub(crate) mod classes;
mod drawn;
pub(crate) mod dress;
pub(crate) mod groups;
mod hazards;
pub(crate) mod kind;
mod magic;
pub(crate) mod mazewalk;
pub(crate) mod objects;
pub(crate) mod stock;
mod temper;
pub(crate) mod treasure;
mod victims;

use super::content::{Content, ContentError, KindRow};

pub(crate) use kind::{Ids, KindContext, LevelKind};

/// Every builder a content row can name.
pub(crate) const BUILDERS: &[(&str, &dyn LevelKind)] =
    &[("cave", &cave::Cave), ("drawn", &drawn::Drawn)];

/// The builder called `name`.
pub(crate) fn builder(name: &str) -> Option<&'static dyn LevelKind> {
    BUILDERS.iter().find(|(n, _)| *n == name).map(|(_, k)| *k)
}

/// The names of every builder.
pub(crate) fn builder_names() -> Vec<&'static str> {
    BUILDERS.iter().map(|(n, _)| *n).collect()
}

/// What only the kinds can check of a content file: each kind row names a
/// builder, the builder takes its settings, and every line placed
/// `at: At(name)` names cells the builder sets aside. `text` is the file, to
/// point at the line of a bad row.
pub(crate) fn check_content(content: &Content, text: &str) -> Result<(), ContentError> {
    for (name, kind) in content.kinds() {
        let at = |needle: &str, message: String| {
            ContentError::at(text, needle, format!("kind '{name}': {message}"))
        };
        let Some(builder) = builder(&kind.builder) else {
            return Err(at(
                &format!("\"{}\"", kind.builder),
                format!(
                    "no builder '{}' (there are: {})",
                    kind.builder,
                    builder_names().join(", ")
                ),
            ));
        };
        builder
            .check(kind)
            .map_err(|m| at(&format!("\"{name}\""), m))?;
        check_names(content, kind, &at)?;
        check_rolls(kind, &at)?;
        check_spots(builder, kind, &at)?;
    }
    Ok(())
}

/// A kind row's error, at the first place its first argument stands in the
/// file.
type At<'a> = &'a dyn Fn(&str, String) -> ContentError;

/// Every item, monster and trap a kind row's lines name exists (or, for its
/// items, a class or rows of frequency above 0 to draw from).
fn check_names(content: &Content, kind: &KindRow, at: At) -> Result<(), ContentError> {
    for spawn in &kind.items {
        for id in &spawn.one_of {
            if !objects::names_items(content, id) {
                return Err(at(
                    &format!("\"{id}\""),
                    format!(
                        "no item with id '{id}', and no item rows of frequency above 0 for it to draw"
                    ),
                ));
            }
        }
    }
    if let Some(id) = kind.boulders.as_ref().and_then(|l| l.with_each.as_deref())
        && content.item_kind(id).is_none()
    {
        return Err(at(
            &format!("\"{id}\""),
            format!("boulders: with_each: no item with id '{id}'"),
        ));
    }
    if kind.buried_treasure && content.item_kind("gold").is_none() {
        return Err(at(
            "buried_treasure",
            "buried_treasure: the content has no item 'gold' for the rock to hold".into(),
        ));
    }
    for spawn in &kind.monsters {
        if let Some(id) = &spawn.poses_as
            && content.item_kind(id).is_none()
        {
            return Err(at(
                &format!("\"{id}\""),
                format!("poses_as: no item with id '{id}'"),
            ));
        }
    }
    for t in &kind.fixed_traps {
        if content.trap_kind(&t.kind).is_none() {
            return Err(at(
                &format!("\"{}\"", t.kind),
                format!("fixed_traps: no trap with id '{}'", t.kind),
            ));
        }
    }
    Ok(())
}

/// Every line stocked `when` a roll names one of the row's rolls.
fn check_rolls(kind: &KindRow, at: At) -> Result<(), ContentError> {
    for spawn in kind.items.iter().chain(&kind.monsters) {
        if let Some(roll) = &spawn.when
            && !kind.rolls.contains_key(roll)
        {
            return Err(at(
                &format!("\"{roll}\""),
                format!("when: no roll '{roll}' among the row's rolls"),
            ));
        }
    }
    Ok(())
}

/// Every line placed on a spot names cells the builder sets aside.
fn check_spots(builder: &dyn LevelKind, kind: &KindRow, at: At) -> Result<(), ContentError> {
    let spots = builder.spots_of(kind);
    let lines = kind.items.iter().chain(&kind.monsters);
    let placed = lines
        .filter_map(|s| s.at.spot())
        .chain(kind.fixed_traps.iter().filter_map(|t| t.at.spot()));
    for spot in placed {
        if !spots.iter().any(|s| s == spot) {
            let has = if spots.is_empty() {
                "none".to_string()
            } else {
                spots.join(", ")
            };
            return Err(at(
                &format!("\"{spot}\""),
                format!(
                    "the {} builder sets no cells aside as '{spot}' (it has: {has})",
                    kind.builder
                ),
            ));
        }
    }
    Ok(())
}
