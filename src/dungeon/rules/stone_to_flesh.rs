//! The spell of stone to flesh, as NetHack 3.7's (`zap.c`'s
//! `stone_to_flesh_obj`, `zapyourself` and `zap_dig`'s cousins): cast
//! across, each stone the beam passes over becomes a meatball and each
//! boulder an enormous meatball; cast at yourself, the stones you carry do
//! (a cursed loadstone too, so it leaves your hand); cast down, those at
//! your feet; up, blood drips on your face. Each stone resists 2 times in
//! 100 (`obj_resists`), and Mines' End's luckstone always does, as this
//! game's win. NetHack's statues, figurines, stone rings and marble wands
//! have no stone kin here; a stone golem is not in the Mines.

use crate::dungeon::content::ItemKind;
use crate::dungeon::direction::Way;
use crate::dungeon::items::Item;
use crate::dungeon::state::RunState;
use crate::generation::Pos;

/// What a stone becomes, and what a boulder does.
const MEATBALL: &str = "meatball";
const ENORMOUS_MEATBALL: &str = "enormous_meatball";

/// The smell of a changed stone (`Norep`'d once a cast).
const SMELL: &str = "You smell the odor of meat.";

/// Cast the spell `way` (None: at yourself).
pub(crate) fn cast(state: &mut RunState, way: Option<Way>) {
    let changed = match way {
        Some(Way::Toward(d)) => {
            // The monsters it passes: none of them is of stone here.
            crate::dungeon::rules::zap::beam_over(state, d, |_, _| false, None, Some(at_cell));
            false
        }
        Some(Way::Up) => {
            state.say("Blood drips on your face.");
            false
        }
        Some(Way::Down) => {
            let me = state.player.pos;
            let changed = floor_stones(state, me);
            if !changed {
                let floor = crate::dungeon::rules::carry::floor_word(state);
                state.say(format!("Blood pools at your feet on the {floor}."));
            }
            changed
        }
        Some(Way::Here) | None => carried_stones(state),
    };
    if changed {
        state.say(SMELL);
    }
}

/// The beam at `p`: its boulder and its stones turn to meat. Says so once;
/// returns whether anything changed.
fn at_cell(state: &mut RunState, p: Pos) -> bool {
    let mut changed = floor_stones(state, p);
    if state.level().has_boulder(p)
        && let Some(meat) = state.content().item_kind(ENORMOUS_MEATBALL)
        && !resists(state)
    {
        state.level_mut().boulders.retain(|&b| b != p);
        let id = state.ids.next_id();
        state.level_mut().items.push(Item::new(id, meat, p, 1));
        changed = true;
    }
    if changed {
        crate::dungeon::rules::sight::update(state);
        // Said once however many cells change (NetHack's `Norep`).
        if !state.log.current().any(|line| line == SMELL) {
            state.say(SMELL);
        }
    }
    changed
}

/// Does this stone resist (`obj_resists(obj, 2, 98)`)?
fn resists(state: &mut RunState) -> bool {
    state.rng.rn2(100) < 2
}

/// Is `kind` a stone the spell changes (not the luckstone that wins)?
fn changes(state: &RunState, kind: ItemKind) -> bool {
    let row = state.content().item(kind);
    row.stone && !row.on_pick_up.wins()
}

/// The stones lying at `p` turn to meatballs, as many as they were.
fn floor_stones(state: &mut RunState, p: Pos) -> bool {
    let Some(meat) = state.content().item_kind(MEATBALL) else {
        return false;
    };
    let mut changed = false;
    for i in 0..state.level().items.len() {
        let item = state.level().items[i];
        if item.pos != p || !changes(state, item.kind) || resists(state) {
            continue;
        }
        let to = &mut state.level_mut().items[i];
        to.kind = meat;
        to.spe = 0;
        to.eroded = 0;
        changed = true;
    }
    changed
}

/// The stones in your pack turn to meatballs, joining any you carry.
fn carried_stones(state: &mut RunState) -> bool {
    let Some(meat) = state.content().item_kind(MEATBALL) else {
        return false;
    };
    let content = state.setup.content.clone();
    let mut changed = false;
    let mut i = 0;
    while i < state.player.inventory.len() {
        let c = state.player.inventory[i];
        if !changes(state, c.kind) || resists(state) {
            i += 1;
            continue;
        }
        state.player.inventory.remove(i);
        let meatball = crate::dungeon::state::Carried {
            kind: meat,
            spe: 0,
            eroded: 0,
            ..c
        };
        crate::dungeon::rules::carry::rejoin(&mut state.player, &content, meatball);
        changed = true;
        // The pack is in letter order again; look at place `i` afresh.
    }
    changed
}
