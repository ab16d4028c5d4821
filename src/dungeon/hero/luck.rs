//! Luck as NetHack 3.7 keeps it (`attrib.c`, `timeout.c`, `rnd.c`): a
//! hero's own luck from −10 to 10 that drifts back to 0 every 600 turns,
//! three more (or less) while a luckstone is carried, which also keeps the
//! luck from drifting; and `rnl`, the roll luck leans on.

use crate::generation::MineRng;

/// What luck-keeping items you carry (NetHack's `stone_luck`): blessed,
/// uncursed and cursed ones counted apart. This game's items are all
/// uncursed until blessings come.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LuckStones {
    /// Blessed ones.
    pub blessed: u32,
    /// Uncursed ones.
    pub uncursed: u32,
    /// Cursed ones.
    pub cursed: u32,
}

impl LuckStones {
    fn any(self) -> bool {
        self.blessed + self.uncursed + self.cursed > 0
    }

    /// The luck they add (`set_moreluck`): +3, or −3 when cursed ones
    /// outweigh the rest, 0 without any.
    pub fn bonus(self) -> i32 {
        if !self.any() {
            0
        } else if self.blessed + self.uncursed >= self.cursed {
            3
        } else {
            -3
        }
    }
}

/// The most (and, negated, the least) of your own luck (`change_luck`).
pub const LUCK_LIMIT: i32 = 10;

/// Your own luck changed by `by`, within ±10.
pub fn changed(luck: i32, by: i32) -> i32 {
    (luck + by).clamp(-LUCK_LIMIT, LUCK_LIMIT)
}

/// Your own luck after turn `turn` (`nh_timeout`): every 600th turn it
/// moves a step toward 0, unless a luckstone keeps it (an uncursed one
/// keeps both good and bad luck, a blessed one good luck, a cursed one bad).
pub fn after_turn(luck: i32, turn: u64, stones: LuckStones) -> i32 {
    if luck == 0 || !turn.is_multiple_of(600) {
        return luck;
    }
    let lean = stones.blessed as i64 - stones.cursed as i64;
    let free = !stones.any();
    if luck > 0 && (free || lean < 0) {
        luck - 1
    } else if luck < 0 && (free || lean > 0) {
        luck + 1
    } else {
        luck
    }
}

/// NetHack's `rnl(x)`: a number below `x`, pushed toward 0 by good luck
/// and toward `x - 1` by bad (for small `x`, by a third of the luck), most
/// of the time.
pub fn rnl(x: u64, luck: i32, rng: &mut MineRng) -> u64 {
    let adjustment = if x <= 15 {
        (luck.abs() + 1) / 3 * luck.signum()
    } else {
        luck
    };
    let mut i = rng.rn2(x) as i64;
    if adjustment != 0 && rng.rn2(37 + adjustment.unsigned_abs() as u64) != 0 {
        i = (i - i64::from(adjustment)).clamp(0, x as i64 - 1);
    }
    i as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stone_adds_three_and_keeps_luck() {
        let none = LuckStones::default();
        let one = LuckStones {
            uncursed: 1,
            ..none
        };
        assert_eq!((none.bonus(), one.bonus()), (0, 3));
        let cursed = LuckStones { cursed: 1, ..none };
        assert_eq!(cursed.bonus(), -3);
        // Without a stone luck drifts to 0 on every 600th turn only.
        assert_eq!(after_turn(5, 599, none), 5);
        assert_eq!(after_turn(5, 600, none), 4);
        assert_eq!(after_turn(-5, 1200, none), -4);
        // An uncursed stone keeps both; a blessed one lets bad luck mend, a
        // cursed one good luck fade.
        assert_eq!(after_turn(5, 600, one), 5);
        assert_eq!(after_turn(-5, 600, one), -5);
        let blessed = LuckStones { blessed: 1, ..none };
        assert_eq!(
            (after_turn(5, 600, blessed), after_turn(-5, 600, blessed)),
            (5, -4)
        );
        assert_eq!(
            (after_turn(5, 600, cursed), after_turn(-5, 600, cursed)),
            (4, -5)
        );
        assert_eq!(changed(9, 3), 10);
        assert_eq!(changed(-9, -3), -10);
    }

    #[test]
    fn rnl_leans_with_luck() {
        let mut rng = MineRng::from_seed(9);
        let zeros =
            |luck: i32, rng: &mut MineRng| (0..7000).filter(|_| rnl(7, luck, rng) == 0).count();
        let (bad, even, good) = (
            zeros(-13, &mut rng),
            zeros(0, &mut rng),
            zeros(13, &mut rng),
        );
        // Even: one in 7. Luck 13 moves each roll 4 down (so 0 to 4 all
        // come to 0); luck −13 moves it 4 up, leaving 0 only 1 in 41.
        assert!((850..1150).contains(&even), "{even}");
        assert!(good > 4500, "{good}");
        assert!(bad < 100, "{bad}");
    }
}
