//! The rules of a run, one family a file. Each is a set of functions over the
//! parts of the [`super::state::RunState`] it needs; none holds the
//! [`super::run::Dungeon`], and none imports the dispatch that calls it
//! ([`super::run`]), so the rules form no circle.
//!
//! - [`moving`]: a step, a door, the doorway rule; [`running`] (Shift and a
//!   direction, `G`) and [`travel`] (`_`, `X`) step on as occupations
//!   ([`occupation`]: what lasts several turns).
//! - [`combat`]: your blows and the monsters', and the watch.
//! - [`carry`]: what you carry: picking up and buying, lights, dropping.
//! - [`apply`]: `a`: a digging tool digs ([`dig`]), an unlocking tool works
//!   at a lock ([`unlock`]), a light is lit or snuffed.
//! - [`kick`]: `x` and a direction. [`look`]: `;` and `:`.
//! - [`stairs`]: going down and up, and who follows; [`descend`]: `>` and
//!   the fall a load brings.
//! - [`prayer`]: praying, and when it is heard.
//! - [`monsters`]: the monsters' turn (what each means to do, then doing it);
//!   [`muse`]: the wands, potions and scrolls they use on it.
//! - [`sight`]: what you see and remember.
//! - [`turn`]: what passes at the end of every action; [`interrupt`]: what
//!   breaks off an occupation.
//! - [`traps`]: what stepping on a trap does, for you and the monsters.
//! - [`boulders`]: pushing them, and the pits they fill.
//! - [`search`]: finding hidden traps, secret doors and posing mimics.
//! - [`shop`]: shopkeepers at their doors.
//! - [`mimic`]: mimics posing as objects.
//! - [`dig`]: digging with a pick-axe, through rock or down.
//! - [`remains`]: what a dying monster leaves; [`corpses`]: its corpse,
//!   left, rotting and eaten.
//! - [`pet`]: your pet; [`intent`]: what a monster means to do; [`kit`]: a
//!   hero's starting kit.
//! - [`call`]: `C`, naming a kind of thing; [`chat`]: `#chat`, a
//!   temple priest's donations; [`noises`]: what other monsters answer;
//!   [`sell`]: a shopkeeper's offer for what you drop in the shop.
//! - [`wield`], [`wear`], [`quaff`], [`read`], [`eat`]: the object verbs,
//!   one a file (`quaff` and `read` keep a registry of potion and scroll
//!   rules, one line each).
//! - [`accessories`]: `P` and `R`, rings and amulets put on and taken
//!   off; [`powers`]: what the worn ones give, which the other rules ask.
//! - [`study`]: `r` on a spellbook, studied over turns; [`cast`]: `+`
//!   lists the spells you know, `Z` casts one (a registry of spell rules,
//!   one line each, most of them a wand's, a potion's or a scroll's).
//!   The spells that are no wand's, potion's or scroll's have a file each
//!   (or a family's file): [`chain_lightning`], [`drain_life`],
//!   [`protection`], [`stone_to_flesh`], [`confusion`], [`detect`],
//!   [`fear`], [`taming`], [`restore`], [`levitation`], [`jump`].
//! - [`destroy`]: fire, cold and lightning destroying what is carried.
//! - [`hunger`]: nutrition, fainting and starving.
//! - [`grow`]: a hero growing: experience and levels, load, luck, the
//!   attribute checks, regeneration, `#enhance`.

pub(crate) mod accessories;
pub(crate) mod apply;
pub(crate) mod arrivals;
pub(crate) mod boulders;
pub(crate) mod call;
pub(crate) mod carry;
pub(crate) mod cast;
pub(crate) mod chain_lightning;
pub(crate) mod chat;
pub(crate) mod combat;
pub(crate) mod conflict;
pub(crate) mod confusion;
pub(crate) mod corpses;
pub(crate) mod descend;
pub(crate) mod destroy;
pub(crate) mod detect;
pub(crate) mod dig;
pub(crate) mod disturb;
pub(crate) mod drain_life;
pub(crate) mod eat;
pub(crate) mod engrave;
pub(crate) mod erosion;
pub(crate) mod fear;
pub(crate) mod floor_writing;
pub(crate) mod grow;
pub(crate) mod held;
pub(crate) mod hunger;
pub(crate) mod impaired;
pub(crate) mod insight;
pub(crate) mod intent;
pub(crate) mod interrupt;
pub(crate) mod invisible;
pub(crate) mod jump;
pub(crate) mod kick;
pub(crate) mod kit;
pub(crate) mod knockback;
pub(crate) mod leap;
pub(crate) mod levitation;
pub(crate) mod life_saving;
pub(crate) mod look;
pub(crate) mod martial_arts;
pub(crate) mod mhitm;
pub(crate) mod mhitu;
pub(crate) mod mimic;
pub(crate) mod monster_armour;
pub(crate) mod monsters;
pub(crate) mod moving;
pub(crate) mod mthrow;
pub(crate) mod muse;
pub(crate) mod noises;
pub(crate) mod occupation;
pub(crate) mod passive;
pub(crate) mod pet;
pub(crate) mod pole;
pub(crate) mod powers;
pub(crate) mod prayer;
pub(crate) mod protection;
pub(crate) mod quaff;
pub(crate) mod read;
pub(crate) mod remains;
pub(crate) mod restore;
pub(crate) mod riding;
pub(crate) mod running;
pub(crate) mod saddling;
pub(crate) mod search;
pub(crate) mod sell;
pub(crate) mod shop;
pub(crate) mod sight;
pub(crate) mod stairs;
pub(crate) mod steal;
pub(crate) mod steed;
pub(crate) mod stethoscope;
pub(crate) mod stone_to_flesh;
pub(crate) mod study;
pub(crate) mod stumble;
pub(crate) mod taming;
pub(crate) mod teleport;
pub(crate) mod throw;
pub(crate) mod traps;
pub(crate) mod travel;
pub(crate) mod turn;
pub(crate) mod unlock;
pub(crate) mod warning;
pub(crate) mod wear;
pub(crate) mod weld;
pub(crate) mod wield;
pub(crate) mod zap;

/// Every item row whose effect names a rule (a potion's or a scroll's
/// `does`, as `does_of` reads it) names one of `names`, the registry of
/// `what` rules. `text` is the file, to point at the line of a bad row.
pub(crate) fn check_item_rules(
    content: &crate::dungeon::content::Content,
    text: &str,
    what: &str,
    does_of: impl Fn(&crate::dungeon::content::ItemRow) -> Option<&str>,
    names: &[&str],
) -> Result<(), crate::dungeon::content::ContentError> {
    for row in content.items() {
        let Some(does) = does_of(row) else {
            continue;
        };
        if !names.contains(&does) {
            return Err(crate::dungeon::content::ContentError::at(
                text,
                &format!("\"{does}\""),
                format!(
                    "item '{}': no {what} rule '{does}' (there are: {})",
                    row.id,
                    names.join(", ")
                ),
            ));
        }
    }
    Ok(())
}
