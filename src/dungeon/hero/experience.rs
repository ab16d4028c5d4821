//! Experience as NetHack 3.7 counts it (`exper.c`): what a kill is worth
//! (`experience`), the points each level takes (`newuexp`), and the hit
//! points and power a level brings (`newhp`, `newpw`), from the role's and
//! race's rows.

use serde::Deserialize;

use crate::dungeon::attacks::{AttackLine, AttackType};
use crate::generation::MineRng;

/// The most experience level (`MAXULEV`).
pub const MAX_LEVEL: u32 = 30;

/// What a kill's worth is worked out from: the monster as it was.
#[derive(Clone, Copy, Debug)]
pub struct Foe<'a> {
    /// Its level.
    pub level: i32,
    /// Its speed (12 is one move a turn).
    pub speed: u32,
    /// Its armour class.
    pub ac: i32,
    /// Its attacks.
    pub attacks: &'a [AttackLine],
    /// NetHack's `M2_NASTY`.
    pub nasty: bool,
}

/// Experience points for killing `foe` (`experience`): 1 + level², more for
/// good armour, speed, each attack beyond claws and bites, each attack that
/// does more than harm or a lot of it, nastiness and a level past 8.
pub fn experience(foe: &Foe) -> u64 {
    let lev = foe.level.max(0) as i64;
    let mut tmp = 1 + lev * lev;
    if foe.ac < 3 {
        let better = 7 - foe.ac as i64;
        tmp += if foe.ac < 0 { 2 * better } else { better };
    }
    if foe.speed > 12 {
        tmp += if foe.speed > 18 { 5 } else { 3 };
    }
    for &AttackLine(at, ..) in foe.attacks {
        if at.is_special() {
            tmp += match at {
                AttackType::Weapon => 5,
                AttackType::Magic => 10,
                _ => 3,
            };
        }
    }
    for &AttackLine(_, ad, n, sides) in foe.attacks {
        if ad.is_elemental() {
            tmp += 2 * lev;
        } else if ad.is_deadly() {
            tmp += 50;
        } else if ad != crate::dungeon::attacks::DamageType::Phys {
            tmp += lev;
        }
        if n * sides > 23 {
            tmp += lev;
        }
    }
    if foe.nasty {
        tmp += 7 * lev;
    }
    if lev > 8 {
        tmp += 50;
    }
    tmp.max(1) as u64
}

/// Experience points that take a hero past `level` (`newuexp`): 20, 40, 80
/// ... doubling to level 10's 10,000, doubling again to level 19, then ten
/// million more a level.
pub fn points_to_pass(level: u32) -> u64 {
    match level {
        0 => 0,
        1..=9 => 10 << level,
        10..=19 => 10_000 << (level - 10),
        _ => 10_000_000 * u64::from(level - 19),
    }
}

/// How hit points or power come (NetHack's `struct RoleAdvance`): a fixed
/// part and a die at the start, below the role's cutoff level, and past it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Advance(
    /// At the start: fixed.
    pub i32,
    /// At the start: a die (0: none).
    pub i32,
    /// A level below the cutoff: fixed.
    pub i32,
    /// A level below the cutoff: a die.
    pub i32,
    /// A level past the cutoff: fixed.
    pub i32,
    /// A level past the cutoff: a die.
    pub i32,
);

/// `rnd(n)` when `n` is above 0, else nothing (and no draw).
fn die(n: i32, rng: &mut MineRng) -> i32 {
    if n > 0 { rng.rnd(n as u64) as i32 } else { 0 }
}

/// Hit points at the start (`newhp` at level 0): the role's and the race's
/// fixed parts and dice; constitution adds nothing yet.
pub fn first_hit_points(role: Advance, race: Advance, rng: &mut MineRng) -> i32 {
    role.0 + race.0 + die(role.1, rng) + die(race.1, rng)
}

/// Hit points a level gained brings (`newhp`) to a hero now at `level`:
/// below the role's `cutoff` its low parts, else its high ones, plus
/// constitution's bonus; at least 1.
pub fn level_hit_points(
    role: Advance,
    race: Advance,
    cutoff: u32,
    level: u32,
    con_bonus: i32,
    rng: &mut MineRng,
) -> i32 {
    let gain = if level < cutoff {
        role.2 + race.2 + die(role.3, rng) + die(race.3, rng)
    } else {
        role.4 + race.4 + die(role.5, rng) + die(race.5, rng)
    };
    (gain + con_bonus).max(1)
}

/// Power at the start (`newpw` at level 0): the role's and the race's
/// fixed parts and dice.
pub fn first_power(role: Advance, race: Advance, rng: &mut MineRng) -> i32 {
    role.0 + race.0 + die(role.1, rng) + die(race.1, rng)
}

/// Power a level gained brings (`newpw`) to a hero now at `level`: the
/// fixed parts, and a draw below wisdom's half plus the dice's sides, then
/// the role's share of it (`enermod`: `num`/`den`); at least 1.
pub fn level_power(
    role: Advance,
    race: Advance,
    cutoff: u32,
    level: u32,
    wisdom: i32,
    (num, den): (i32, i32),
    rng: &mut MineRng,
) -> i32 {
    let (fix, sides) = if level < cutoff {
        (role.2 + race.2, role.3 + race.3)
    } else {
        (role.4 + race.4, role.5 + race.5)
    };
    let spread = wisdom / 2 + sides;
    let drawn = if spread > 0 {
        rng.rn2(spread as u64) as i32
    } else {
        0
    };
    ((fix + drawn) * num / den).max(1)
}

/// The rank title's place among a role's nine (`xlev_to_rank`): levels 1–2
/// the first, then one more every four levels.
pub fn rank_index(level: u32) -> usize {
    match level {
        0..=2 => 0,
        3..=29 => ((level + 2) / 4) as usize,
        _ => 8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::attacks::DamageType::*;

    fn worth(level: i32, speed: u32, ac: i32, attacks: &[AttackLine]) -> u64 {
        experience(&Foe {
            level,
            speed,
            ac,
            attacks,
            nasty: false,
        })
    }

    #[test]
    fn a_kill_is_worth_what_experience_works_out() {
        use AttackType::*;
        // Gnome: 1 + 1² + 5 (a weapon) = 7.
        assert_eq!(worth(1, 6, 10, &[AttackLine(Weapon, Phys, 1, 6)]), 7);
        // Gnome lord: 1 + 3² + 5 = 15.
        assert_eq!(worth(3, 8, 10, &[AttackLine(Weapon, Phys, 1, 8)]), 15);
        // Dwarf: 1 + 2² + 5 = 10.
        assert_eq!(worth(2, 6, 10, &[AttackLine(Weapon, Phys, 1, 8)]), 10);
        // Hill orc: 1 + 2² + 5 = 10 (speed 9 adds nothing).
        assert_eq!(worth(2, 9, 10, &[AttackLine(Weapon, Phys, 1, 6)]), 10);
        // Soldier ant: 1 + 3² + 3 (speed 18) + 3 (a sting) + 2 × 3
        // (poison) = 22; AC 3 is not below 3.
        let ant = [
            AttackLine(Bite, Phys, 2, 4),
            AttackLine(Sting, DrainStrength, 3, 4),
        ];
        assert_eq!(worth(3, 18, 3, &ant), 22);
        // Gnomish wizard: 1 + 9 + 10 (a spell) + 3 (not plain harm) = 23.
        assert_eq!(worth(3, 10, 4, &[AttackLine(Magic, Spell, 0, 0)]), 23);
        // Armour: AC 2 adds 5, AC −1 adds 16; a heavy 3d8 adds the level;
        // past level 8, 50; nasty, 7 × level.
        assert_eq!(worth(0, 12, 2, &[]), 1 + 5);
        assert_eq!(worth(0, 12, -1, &[]), 1 + 16);
        assert_eq!(worth(2, 12, 10, &[AttackLine(Claw, Phys, 3, 8)]), 5 + 2);
        assert_eq!(worth(9, 12, 10, &[]), 82 + 50);
        let nasty = Foe {
            level: 2,
            speed: 12,
            ac: 10,
            attacks: &[],
            nasty: true,
        };
        assert_eq!(experience(&nasty), 5 + 14);
        // Draining life: 50.
        assert_eq!(
            worth(1, 12, 10, &[AttackLine(Bite, DrainLife, 1, 4)]),
            2 + 50
        );
    }

    #[test]
    fn each_level_takes_newuexps_points() {
        let table: Vec<u64> = (1..=30).map(points_to_pass).collect();
        assert_eq!(
            table,
            [
                20,
                40,
                80,
                160,
                320,
                640,
                1280,
                2560,
                5120,
                10_000,
                20_000,
                40_000,
                80_000,
                160_000,
                320_000,
                640_000,
                1_280_000,
                2_560_000,
                5_120_000,
                10_000_000,
                20_000_000,
                30_000_000,
                40_000_000,
                50_000_000,
                60_000_000,
                70_000_000,
                80_000_000,
                90_000_000,
                100_000_000,
                110_000_000
            ]
        );
    }

    #[test]
    fn levels_bring_hit_points_and_power() {
        let mut rng = MineRng::from_seed(3);
        let valkyrie = Advance(14, 0, 0, 8, 2, 0);
        let human = Advance(2, 0, 0, 2, 1, 0);
        assert_eq!(first_hit_points(valkyrie, human, &mut rng), 16);
        for _ in 0..200 {
            // Below the cutoff: d8 + d2, plus Con 18's 3.
            let low = level_hit_points(valkyrie, human, 10, 1, 3, &mut rng);
            assert!((5..=13).contains(&low), "{low}");
            // Past it: 2 + 1 + 3, always.
            assert_eq!(level_hit_points(valkyrie, human, 10, 10, 3, &mut rng), 6);
        }
        let (role_pw, human_pw) = (Advance(1, 0, 0, 1, 0, 1), Advance(1, 0, 2, 0, 2, 0));
        assert_eq!(first_power(role_pw, human_pw, &mut rng), 2);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..500 {
            // 2 + rn2(Wis 10 / 2 + 1) = 2..7, × 3/4 = 1..5.
            seen.insert(level_power(role_pw, human_pw, 10, 1, 10, (3, 4), &mut rng));
        }
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), [1, 2, 3, 4, 5]);
    }

    #[test]
    fn ranks_change_every_four_levels() {
        let ranks: Vec<usize> = [1, 2, 3, 5, 6, 9, 10, 13, 14, 29, 30]
            .into_iter()
            .map(rank_index)
            .collect();
        assert_eq!(ranks, [0, 0, 1, 1, 2, 2, 3, 3, 4, 7, 8]);
    }
}
