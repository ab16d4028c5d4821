//! A hero's start (NetHack's `u_init`): hit points from the role and race,
//! the role's kit in the pack (the first weapon wielded, armour worn) and its
//! gold. The kit is drawn from a stream of its own, so the rest of the run's
//! rolls are where they would be.

use crate::dungeon::kinds::objects;
use crate::dungeon::rules::carry;
use crate::dungeon::seeds::named_stream_seed;
use crate::dungeon::state::{Carried, RunState};
use crate::generation::MineRng;

/// Dress `state`'s player as its hero: hit points, kit and gold. A run
/// without a hero keeps the player row's.
pub(crate) fn equip(state: &mut RunState) {
    let Some(hero) = state.player.hero else {
        return;
    };
    let content = state.setup.content.clone();
    let rows = content.heroes();
    let hp = hero.hit_points(rows);
    state.player.hp = hp;
    state.player.max_hp = hp;
    let role = hero.role(rows);
    let mut rng = MineRng::from_seed(named_stream_seed(state.seed, "hero kit"));
    let mut wielding = false;
    for line in &role.kit {
        let count = crate::dungeon::dice::between(&mut rng, line.count);
        // A class ("%") is that many random items of it; an item row is one
        // stack of that many.
        let draws = if content.item_kind(&line.item).is_some() {
            vec![count]
        } else {
            vec![1; count as usize]
        };
        for quantity in draws {
            let Some(kind) = objects::resolve(&content, &line.item, &mut rng) else {
                continue;
            };
            let row = content.item(kind);
            let mut c = Carried::new(state.ids.next_id(), kind, quantity);
            c.burn_left = row.on_pick_up.light().map(|l| l.turns);
            if row.on_pick_up.weapon().is_some() && !wielding {
                c.wielded = true;
                wielding = true;
            }
            c.worn = row.on_pick_up.armour().is_some();
            carry::give(&mut state.player, &content, c);
        }
    }
    if let Some(range) = role.gold {
        state.player.gold += crate::dungeon::dice::between(&mut rng, range);
    }
}
