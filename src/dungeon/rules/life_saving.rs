//! A monster's amulet of life saving (NetHack 3.7's `lifesaved_monster`):
//! a monster made with one wears it (`m_dowear` at its making, if it has
//! hands and is bigger than tiny), and when it would die the amulet saves
//! it instead: "But wait...  The gnome lord's medallion begins to glow!
//! The gnome lord looks much better!  The medallion crumbles to dust!" (the
//! lines said where you see the cell; the amulet becomes known). It comes
//! back at its most hit points. What does not live (a zombie, a golem) is
//! not saved.
//!
//! Every way a monster dies asks [`saved`] first.

use crate::dungeon::content::Size;
use crate::dungeon::shared::capitalised;
use crate::dungeon::state::RunState;

/// The slot of the amulet of life saving monster `m` wears, if it does.
fn worn(state: &RunState, m: usize) -> Option<usize> {
    let monster = &state.level().monsters[m];
    let content = state.content();
    let row = content.monster(monster.kind);
    if row.nonliving || row.nohands || row.size == Size::Tiny {
        return None;
    }
    monster.magic.iter().position(|slot| {
        slot.is_some_and(|t| {
            content.item(t.kind).on_pick_up.accessory().map(|a| a.does) == Some("life saving")
        })
    })
}

/// Monster `m`, at 0 hit points or fewer, is saved by its amulet if it
/// wears one: returns whether it was (it lives on, the amulet gone).
pub(crate) fn saved(state: &mut RunState, m: usize) -> bool {
    let Some(slot) = worn(state, m) else {
        return false;
    };
    let monster = state.level().monsters[m];
    let kind = monster.magic[slot].expect("worn").kind;
    let at = state.level().map.index(monster.pos);
    if state.sight.visible_mark[at] {
        let name = state.content().monster(monster.kind).name.clone();
        state.say("But wait...");
        state.say(format!(
            "{}'s medallion begins to glow!",
            capitalised(&format!("the {name}"))
        ));
        state.discoveries.discover(kind);
        if crate::dungeon::rules::sight::sees_monster(state, &monster) {
            state.say(format!("The {name} looks much better!"));
        }
        state.say("The medallion crumbles to dust!");
    }
    let monster = &mut state.level_mut().monsters[m];
    monster.magic[slot] = None;
    if monster.max_hp <= 0 {
        monster.max_hp = 10;
    }
    monster.hp = monster.max_hp;
    monster.asleep = 0;
    true
}
