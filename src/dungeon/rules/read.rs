//! `r` and a letter: read that scroll. A scroll row names its rule
//! (`Scroll(does: "magic mapping")`); the rule is one function here and one
//! line in [`SCROLLS`]. Reading uses the scroll up; a rule returns whether
//! it told you what the scroll was (then its kind is known from now on).

use crate::dungeon::content::{Content, ContentError, ItemKind};
use crate::dungeon::fov;
use crate::dungeon::rules::carry::{describe_carried, held, use_up};
use crate::dungeon::rules::sight;
use crate::dungeon::shared::inventory_letter;
use crate::dungeon::state::RunState;
use crate::generation::Tile;

/// A scroll's rule: what reading a scroll of item kind `kind` does; returns
/// whether you now know it.
type ScrollRule = fn(&mut RunState, ItemKind) -> bool;

/// Every rule a scroll row can name: a new scroll that does something new
/// is a function and a line.
const SCROLLS: &[(&str, ScrollRule)] = &[
    ("identify", identify),
    ("light", light),
    ("teleportation", teleportation),
    ("magic mapping", magic_mapping),
    ("blank", blank),
];

/// The radius a scroll of light lights in a cave (NetHack's `litroom` off a
/// room: `do_clear_area` of radius 5).
const LIGHT_RADIUS: u32 = 5;

fn rule(name: &str) -> Option<ScrollRule> {
    SCROLLS.iter().find(|(n, _)| *n == name).map(|&(_, r)| r)
}

/// Every scroll row names a rule of [`SCROLLS`].
pub(crate) fn check_rows(content: &Content, text: &str) -> Result<(), ContentError> {
    let names: Vec<&str> = SCROLLS.iter().map(|(n, _)| *n).collect();
    crate::dungeon::rules::check_item_rules(
        content,
        text,
        "scroll",
        |row| row.on_pick_up.read(),
        &names,
    )
}

/// Read the scroll with inventory letter `letter`. Returns whether a turn
/// was spent.
pub(crate) fn read(state: &mut RunState, letter: u8) -> bool {
    if crate::dungeon::rules::grow::too_loaded(
        state,
        crate::dungeon::hero::attributes::Encumbrance::Overtaxed,
        crate::dungeon::rules::grow::SO_MUCH_STUFF,
    ) {
        return false;
    }
    let Some(i) = held(state, letter) else {
        return false;
    };
    let kind = state.player.inventory[i].kind;
    let row = state.content().item(kind).clone();
    let Some(does) = row.on_pick_up.read() else {
        state.say("That is a silly thing to read.");
        return false;
    };
    let rule = rule(does).expect("checked content");
    use_up(&mut state.player, i);
    if rule(state, kind) {
        state.discoveries.discover(kind);
    }
    true
}

/// "As you read the scroll, it disappears.", as every written scroll says.
fn disappears(state: &mut RunState) {
    state.say("As you read the scroll, it disappears.");
}

/// NetHack's identify, uncursed: one kind you carry, or one time in five
/// `rn2(5)` of them (0: all). You choose in NetHack; here the kinds go in
/// letter order.
fn identify(state: &mut RunState, kind: ItemKind) -> bool {
    disappears(state);
    state.say("This is an identify scroll.");
    state.discoveries.discover(kind);
    let mut n = 1;
    if state.rng.rn2(5) == 0 {
        n = state.rng.rn2(5) as usize;
    }
    let content = state.setup.content.clone();
    let mut left = if n == 0 { usize::MAX } else { n };
    let mut told = false;
    for at in 0..state.player.inventory.len() {
        let c = state.player.inventory[at];
        if left == 0 || state.discoveries.named_in_pack(&content, c.kind) {
            continue;
        }
        state.discoveries.discover(c.kind);
        left -= 1;
        told = true;
        let name = describe_carried(&content, &state.discoveries, &c);
        state.say(format!("{} - {name}.", inventory_letter(c.letter)));
    }
    if !told {
        state.say("You have already identified all of your possessions.");
    }
    true
}

/// The cells within 5 of you that you could see are lit for good.
fn light(state: &mut RunState, _: ItemKind) -> bool {
    disappears(state);
    state.say("A lit field surrounds you!");
    let me = state.player.pos;
    let los: Vec<usize> = state.sight.los.clone();
    let level = state.level_mut();
    if level.lit_cells.len() != level.map.len() {
        level.lit_cells = vec![false; level.map.len()];
    }
    for i in los {
        if fov::within_light(me, level.map.pos(i), LIGHT_RADIUS) {
            level.lit_cells[i] = true;
        }
    }
    sight::update(state);
    true
}

/// A random free cell of this level.
fn teleportation(state: &mut RunState, _: ItemKind) -> bool {
    disappears(state);
    crate::dungeon::rules::traps::teleport_you(state);
    true
}

/// Every wall, floor, door and stair of the level is remembered, but on a
/// level whose kind says `no_mapping` (NetHack's `nommap`: the Catacombs).
/// A secret door stays hidden as the wall it looks like.
fn magic_mapping(state: &mut RunState, _: ItemKind) -> bool {
    disappears(state);
    if state.content().kind(state.level().kind).no_mapping {
        state.say("Your mind is filled with crazy lines!");
        return true;
    }
    state.say("A map coalesces in your mind!");
    let level = state.level_mut();
    for i in 0..level.map.len() {
        if level.map.tile(level.map.pos(i)) != Tile::Rock {
            level.seen[i] = true;
        }
    }
    true
}

/// Nothing is written on it.
fn blank(state: &mut RunState, _: ItemKind) -> bool {
    state.say("This scroll seems to be blank.");
    true
}
