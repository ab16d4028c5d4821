//! Praying: heard when you are in trouble (below a third of your hit points,
//! or poisoned by a tainted corpse) and have not been heard for
//! [`PRAYER_TIMEOUT`] turns; then the trouble is mended.

use crate::dungeon::state::RunState;

/// Turns between two prayers that are heard (NetHack's prayer timeout is
/// about this long).
pub const PRAYER_TIMEOUT: u64 = 300;

/// Pray. It always takes the turn.
pub(crate) fn pray(state: &mut RunState) -> bool {
    let (player, turn, log) = (&mut state.player, state.turn, &mut state.log);
    let low = player.hp * 3 < player.max_hp;
    let sick = player.sick.is_some();
    let rested = player.prayed_at.is_none_or(|t| turn >= t + PRAYER_TIMEOUT);
    log.push(turn, "You begin praying.");
    if (low || sick) && rested {
        player.prayed_at = Some(turn);
        // NetHack mends the worst trouble first: food poisoning, then
        // low hit points.
        let mut said = String::from("You feel a hopeful feeling.");
        if sick {
            player.sick = None;
            said += " You feel better.";
        }
        if low {
            player.hp = player.max_hp;
            said += " You feel much better.";
        }
        log.push(turn, said);
    } else {
        log.push(turn, "You feel that your god is displeased.");
    }
    true
}
