//! Praying: heard when you are below a third of your hit points and have not
//! been heard for [`PRAYER_TIMEOUT`] turns; then you are healed.

use crate::dungeon::state::RunState;

/// Turns between two prayers that are heard (NetHack's prayer timeout is
/// about this long).
pub const PRAYER_TIMEOUT: u64 = 300;

/// Pray. It always takes the turn.
pub(crate) fn pray(state: &mut RunState) -> bool {
    let (player, turn, log) = (&mut state.player, state.turn, &mut state.log);
    let low = player.hp * 3 < player.max_hp;
    let rested = player.prayed_at.is_none_or(|t| turn >= t + PRAYER_TIMEOUT);
    log.push(turn, "You begin praying.");
    if low && rested {
        player.hp = player.max_hp;
        player.prayed_at = Some(turn);
        log.push(turn, "You feel a hopeful feeling. You feel much better.");
    } else {
        log.push(turn, "You feel that your god is displeased.");
    }
    true
}
