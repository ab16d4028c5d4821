//! The six attributes as NetHack 3.7 keeps them (`attrib.c`, `attrib.h`):
//! how a new hero's are dealt out (`init_attr`, `vary_init_attr`), what
//! strength and dexterity add to a blow (`abon`, `dbon`), what strength and
//! constitution let you carry (`weight_cap`), and how exercise moves them
//! (`exercise`, `exerchk`).
//!
//! Strength is kept as NetHack keeps it: 3 to 18, then 18/01 to 18/100 as
//! 19 to 118, then 19 to 25 as 119 to 125.

use serde::Deserialize;

use crate::generation::MineRng;

/// An attribute, in NetHack's order (`A_STR` to `A_CHA`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Attribute {
    /// Strength.
    Str,
    /// Intelligence.
    Int,
    /// Wisdom.
    Wis,
    /// Dexterity.
    Dex,
    /// Constitution.
    Con,
    /// Charisma.
    Cha,
}

/// The six, in NetHack's order.
pub const ATTRIBUTES: [Attribute; 6] = [
    Attribute::Str,
    Attribute::Int,
    Attribute::Wis,
    Attribute::Dex,
    Attribute::Con,
    Attribute::Cha,
];

/// Six numbers, one an attribute, in NetHack's order (Str Int Wis Dex Con
/// Cha), as the content's rows write them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Six(pub i32, pub i32, pub i32, pub i32, pub i32, pub i32);

impl Six {
    /// The number of `a`.
    pub fn get(&self, a: Attribute) -> i32 {
        self.as_array()[a as usize]
    }

    fn as_array(&self) -> [i32; 6] {
        [self.0, self.1, self.2, self.3, self.4, self.5]
    }

    pub(crate) fn from_array(a: [i32; 6]) -> Six {
        Six(a[0], a[1], a[2], a[3], a[4], a[5])
    }

    fn sum(&self) -> i32 {
        self.as_array().iter().sum()
    }
}

/// Strength 18/`x` as NetHack stores it (`STR18`).
pub const fn str18(x: i32) -> i32 {
    18 + x
}

/// Strength 19 and up as NetHack stores it (`STR19`).
pub const fn str19(x: i32) -> i32 {
    100 + x
}

/// A hero's attributes now, and the exercise each has had since the last
/// check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attributes {
    /// The value of each (NetHack's `ABASE`).
    pub now: Six,
    /// The most each has been (NetHack's `AMAX`): what restore ability
    /// brings a lowered one back to.
    pub peak: Six,
    /// What worn rings add to each (NetHack's `ABON`: gain strength, gain
    /// constitution, adornment).
    pub bonus: Six,
    /// Exercise (+) or abuse (−) since the last check (`AEXE`).
    pub exercise: Six,
    /// The turn of the next check (`context.next_attrib_check`).
    pub next_check: u64,
}

impl Attributes {
    /// `a`'s value with what rings add (NetHack's `ACURR`): 3 to 25,
    /// strength 3 to 125.
    pub fn get(&self, a: Attribute) -> i32 {
        let v = self.now.get(a) + self.bonus.get(a);
        let most = if a == Attribute::Str { 125 } else { 25 };
        v.clamp(3, most)
    }

    /// `a`'s value without what rings add (`ABASE`).
    pub fn base(&self, a: Attribute) -> i32 {
        self.now.get(a)
    }

    pub(crate) fn set(&mut self, a: Attribute, v: i32) {
        let mut all = self.now.as_array();
        all[a as usize] = v;
        self.now = Six::from_array(all);
        if v > self.peak.get(a) {
            let mut most = self.peak.as_array();
            most[a as usize] = v;
            self.peak = Six::from_array(most);
        }
    }
}

/// A new hero's attributes (`init_attr(75)` then `vary_init_attr`): each
/// at least the role's base, the 75 points' rest dealt one at a time by
/// the role's weights (an attribute at the race's most is passed over, up
/// to 100 tries in a row), then one in 20 of them moved by −2 to +4 within
/// the race's bounds.
pub fn deal(base: Six, weights: Six, min: Six, max: Six, rng: &mut MineRng) -> Six {
    let mut now = base.as_array();
    let (min, max, weights) = (min.as_array(), max.as_array(), weights.as_array());
    let mut left = 75 - base.sum();
    let mut tries = 0;
    while left > 0 && tries < 100 {
        let i = weighted(&weights, rng);
        if now[i] >= max[i] {
            tries += 1;
            continue;
        }
        tries = 0;
        now[i] += 1;
        left -= 1;
    }
    for i in 0..6 {
        if rng.rn2(20) == 0 {
            let change = rng.rn2(7) as i32 - 2;
            now[i] = (now[i] + change).clamp(min[i], max[i]);
        }
    }
    Six::from_array(now)
}

/// One attribute drawn by the weights (`rnd_attr`): a number below 100,
/// walked down the weights until it goes below 0.
fn weighted(weights: &[i32; 6], rng: &mut MineRng) -> usize {
    let mut x = rng.rn2(100) as i32;
    for (i, w) in weights.iter().enumerate() {
        x -= w;
        if x < 0 {
            return i;
        }
    }
    5
}

/// Strength as the status line writes it: "17", "18/05", "18/**", "19".
pub fn strength_text(st: i32) -> String {
    match st {
        ..=18 => st.to_string(),
        118 => "18/**".to_string(),
        119.. => (st - 100).to_string(),
        _ => format!("18/{:02}", st - 18),
    }
}

/// Strength as the carrying formula reads it (`acurrstr`): 3 to 25, the
/// 18/xx run folded into 19 to 21.
pub fn condensed_strength(st: i32) -> i32 {
    match st {
        ..=18 => st,
        19..=121 => 19 + st / 50,
        _ => st - 100,
    }
}

/// What strength, dexterity and a low level add to your to-hit (`abon`).
pub fn to_hit_bonus(st: i32, dx: i32, level: u32) -> i32 {
    let strength = match st {
        ..6 => -2,
        6..8 => -1,
        8..17 => 0,
        17..=68 => 1,
        69..118 => 2,
        _ => 3,
    };
    // NetHack's "game tuning kludge": a little help below level 3.
    let low_level = i32::from(level < 3);
    let dexterity = match dx {
        ..4 => -3,
        4..6 => -2,
        6..8 => -1,
        8..14 => 0,
        _ => dx - 14,
    };
    strength + low_level + dexterity
}

/// What strength adds to a blow's damage (`dbon`).
pub fn damage_bonus(st: i32) -> i32 {
    match st {
        ..6 => -1,
        6..16 => 0,
        16..18 => 1,
        18 => 2,
        19..=93 => 3,
        94..=108 => 4,
        109..118 => 5,
        _ => 6,
    }
}

/// The most you carry unencumbered (`weight_cap`): 25 × (strength, folded,
/// plus constitution) + 50, at most 1000.
pub fn weight_cap(st: i32, con: i32) -> i32 {
    (25 * (condensed_strength(st) + con) + 50).min(1000)
}

/// How much what you carry slows you (NetHack's `calc_capacity`, from
/// Unencumbered to Overloaded).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Encumbrance {
    /// Within your capacity.
    #[default]
    Unencumbered,
    /// Up to half as much again: a quarter slower, −1 to hit.
    Burdened,
    /// Up to twice: half as fast, −3 to hit, no stairs up.
    Stressed,
    /// Up to two and a half times: a quarter as fast, −5 to hit.
    Strained,
    /// Up to three times: an eighth as fast, −7 to hit; no eating,
    /// reading or applying.
    Overtaxed,
    /// Three times or more: you can't move.
    Overloaded,
}

impl Encumbrance {
    /// What `weight` carried is with capacity `cap`: over it by half the
    /// capacity or less Burdened, and a level more each half capacity.
    pub fn of(weight: i32, cap: i32) -> Encumbrance {
        let excess = weight - cap;
        if excess <= 0 {
            return Encumbrance::Unencumbered;
        }
        if cap <= 1 {
            return Encumbrance::Overloaded;
        }
        match excess * 2 / cap + 1 {
            1 => Encumbrance::Burdened,
            2 => Encumbrance::Stressed,
            3 => Encumbrance::Strained,
            4 => Encumbrance::Overtaxed,
            _ => Encumbrance::Overloaded,
        }
    }

    /// The status line's word ("" when unencumbered).
    pub fn word(self) -> &'static str {
        match self {
            Encumbrance::Unencumbered => "",
            Encumbrance::Burdened => "Burdened",
            Encumbrance::Stressed => "Stressed",
            Encumbrance::Strained => "Strained",
            Encumbrance::Overtaxed => "Overtaxed",
            Encumbrance::Overloaded => "Overloaded",
        }
    }

    /// The movement a turn gives a hero of speed `speed` so burdened
    /// (`u_calc_moveamt`).
    pub fn movement(self, speed: i32) -> i32 {
        match self {
            Encumbrance::Unencumbered | Encumbrance::Overloaded => speed,
            Encumbrance::Burdened => speed - speed / 4,
            Encumbrance::Stressed => speed - speed / 2,
            Encumbrance::Strained => speed - speed * 3 / 4,
            Encumbrance::Overtaxed => speed - speed * 7 / 8,
        }
    }

    /// What it takes off your to-hit (`find_roll_to_hit`): 1, 3, 5, 7, 9.
    pub fn to_hit_penalty(self) -> i32 {
        match self {
            Encumbrance::Unencumbered => 0,
            e => 2 * e as i32 - 1,
        }
    }

    /// What `encumber_msg` says when it comes to this from `before`.
    pub fn message(self, before: Encumbrance) -> Option<&'static str> {
        use Encumbrance::*;
        if self == before {
            return None;
        }
        Some(if self > before {
            match self {
                Burdened => "Your movements are slowed slightly because of your load.",
                Stressed => "You rebalance your load.  Movement is difficult.",
                Strained => "You stagger under your heavy load.  Movement is very hard.",
                Overtaxed => "You can barely move a handspan with this load!",
                _ => "You can't even move a handspan with this load!",
            }
        } else {
            match self {
                Unencumbered => "Your movements are now unencumbered.",
                Burdened => "Your movements are only slowed slightly by your load.",
                Stressed => "You rebalance your load.  Movement is still difficult.",
                _ => "You stagger under your load.  Movement is still very hard.",
            }
        })
    }
}

/// Hit points constitution adds to each level gained (`newhp`'s `conplus`).
pub fn con_hp_bonus(con: i32) -> i32 {
    match con {
        ..=3 => -2,
        4..=6 => -1,
        7..=14 => 0,
        15..=16 => 1,
        17 => 2,
        18 => 3,
        _ => 4,
    }
}

/// Exercise (`good`) or abuse of `a` (`exercise`): only strength, wisdom,
/// dexterity and constitution take it; exercise counts more the lower the
/// attribute, abuse one time in two; neither past 50 either way.
pub fn exercise(attrs: &mut Attributes, a: Attribute, good: bool, rng: &mut MineRng) {
    if matches!(a, Attribute::Int | Attribute::Cha) {
        return;
    }
    let mut all = attrs.exercise.as_array();
    let e = &mut all[a as usize];
    if e.abs() >= 50 {
        return;
    }
    if good {
        if rng.rn2(19) as i32 > attrs.get(a) {
            *e += 1;
        }
    } else {
        *e -= rng.rn2(2) as i32;
    }
    attrs.exercise = Six::from_array(all);
}

/// What an attribute check said of one attribute that changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Changed {
    /// Which.
    pub attribute: Attribute,
    /// Up (exercised) or down (abused).
    pub up: bool,
}

impl Changed {
    /// NetHack's two lines for it: "You feel strong!" and "You must have
    /// been exercising diligently."
    pub fn messages(self) -> [&'static str; 2] {
        use Attribute::*;
        match (self.attribute, self.up) {
            (Str, true) => [
                "You feel strong!",
                "You must have been exercising diligently.",
            ],
            (Str, false) => ["You feel weak!", "You haven't been exercising properly."],
            (Wis, true) => ["You feel wise!", "You must have been very observant."],
            (Wis, false) => ["You feel foolish!", "You haven't been paying attention."],
            (Dex, true) => [
                "You feel agile!",
                "You must have been working on your reflexes.",
            ],
            (Dex, false) => [
                "You feel clumsy!",
                "You haven't been working on reflexes lately.",
            ],
            (Con, true) => [
                "You feel tough!",
                "You must be leading a healthy life-style.",
            ],
            (Con, false) => [
                "You feel fragile!",
                "You haven't been watching your health.",
            ],
            (Int | Cha, _) => ["", ""],
        }
    }
}

/// The attribute check (`exerchk`), when its turn has come: each exercised
/// attribute may go up a point (never past 18, or the race's most) and
/// each abused one down (never below the race's least), the more likely
/// the more exercise; then the exercise halves. The next check comes 800
/// to 999 turns later.
pub fn check(
    attrs: &mut Attributes,
    turn: u64,
    min: Six,
    max: Six,
    rng: &mut MineRng,
) -> Vec<Changed> {
    let mut changed = Vec::new();
    if turn < attrs.next_check {
        return changed;
    }
    for a in ATTRIBUTES {
        let mut all = attrs.exercise.as_array();
        let e = all[a as usize];
        if e == 0 || matches!(a, Attribute::Int | Attribute::Cha) {
            continue;
        }
        let value = attrs.base(a);
        let up = e > 0;
        let stuck = if up {
            value >= max.get(a).min(18)
        } else {
            value <= min.get(a)
        };
        if stuck {
            continue;
        }
        let threshold = if a == Attribute::Wis {
            e.abs()
        } else {
            e.abs() * 2 / 3
        };
        if rng.rn2(50) as i32 <= threshold {
            attrs.set(a, value + if up { 1 } else { -1 });
            changed.push(Changed { attribute: a, up });
            all[a as usize] = 0;
        } else {
            all[a as usize] = e / 2;
        }
        attrs.exercise = Six::from_array(all);
    }
    attrs.next_check += 800 + rng.rn2(200);
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strength_reads_as_the_status_line_writes_it() {
        let shown: Vec<String> = [3, 17, 18, str18(5), str18(50), str18(100), str19(19), 125]
            .into_iter()
            .map(strength_text)
            .collect();
        assert_eq!(
            shown,
            ["3", "17", "18", "18/05", "18/50", "18/**", "19", "25"]
        );
    }

    #[test]
    fn to_hit_and_damage_follow_strength_and_dexterity() {
        // Worked from abon's table: St 17 +1, low level +1, Dx 13 +0.
        assert_eq!(to_hit_bonus(17, 13, 1), 2);
        assert_eq!(to_hit_bonus(17, 13, 8), 1);
        assert_eq!(to_hit_bonus(str18(50), 16, 8), 3);
        assert_eq!(to_hit_bonus(str18(51), 3, 3), -1);
        assert_eq!(to_hit_bonus(5, 18, 3), 2);
        assert_eq!(to_hit_bonus(str18(100), 25, 30), 14);
        let dbon: Vec<i32> = [5, 15, 16, 17, 18, str18(1), str18(75), str18(76), str18(90)]
            .into_iter()
            .chain([str18(91), str18(99), str18(100), str19(25)])
            .map(damage_bonus)
            .collect();
        assert_eq!(dbon, [-1, 0, 1, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6]);
    }

    #[test]
    fn carrying_capacity_at_four_strengths() {
        // 25 × (condensed St + Con) + 50, at most 1000.
        assert_eq!(weight_cap(10, 10), 550);
        assert_eq!(weight_cap(17, 18), 925);
        assert_eq!(weight_cap(str18(31), 12), 825);
        assert_eq!(weight_cap(str18(50), 18), 1000);
        assert_eq!(weight_cap(3, 3), 200);
        assert_eq!(condensed_strength(str18(82)), 21);
        assert_eq!(condensed_strength(str19(3)), 21);
        assert_eq!(condensed_strength(str19(22)), 22);
    }

    #[test]
    fn what_you_carry_against_what_you_can() {
        use Encumbrance::*;
        let cap = 925;
        let levels: Vec<Encumbrance> = [925, 926, 1387, 1388, 1849, 1850, 2312, 2313, 2774, 2775]
            .into_iter()
            .map(|w| Encumbrance::of(w, cap))
            .collect();
        assert_eq!(
            levels,
            [
                Unencumbered,
                Burdened,
                Burdened,
                Stressed,
                Stressed,
                Strained,
                Strained,
                Overtaxed,
                Overtaxed,
                Overloaded
            ]
        );
        let moves: Vec<i32> = [Unencumbered, Burdened, Stressed, Strained, Overtaxed]
            .into_iter()
            .map(|e| e.movement(12))
            .collect();
        assert_eq!(moves, [12, 9, 6, 3, 2]);
        assert_eq!(
            (Burdened.to_hit_penalty(), Overloaded.to_hit_penalty()),
            (1, 9)
        );
        assert_eq!(Unencumbered.message(Unencumbered), None);
    }

    #[test]
    fn constitution_adds_to_each_levels_hit_points() {
        let bonus: Vec<i32> = [3, 6, 14, 16, 17, 18, 19].map(con_hp_bonus).to_vec();
        assert_eq!(bonus, [-2, -1, 0, 1, 2, 3, 4]);
    }

    #[test]
    fn exercise_moves_an_attribute_at_the_check() {
        let mut rng = MineRng::from_seed(1);
        let mut a = Attributes {
            now: Six(16, 10, 10, 10, 10, 10),
            peak: Six(16, 10, 10, 10, 10, 10),
            bonus: Six::default(),
            exercise: Six(49, 0, 0, 0, -49, 0),
            next_check: 600,
        };
        let (min, max) = (Six(3, 3, 3, 3, 3, 3), Six(118, 18, 18, 18, 18, 18));
        assert!(check(&mut a, 599, min, max, &mut rng).is_empty());
        assert_eq!(a.next_check, 600, "not yet");
        let mut seen_up = 0;
        let mut seen_down = 0;
        for seed in 0..400 {
            let mut rng = MineRng::from_seed(seed);
            let mut b = a;
            for c in check(&mut b, 600, min, max, &mut rng) {
                assert_eq!(b.exercise.get(c.attribute), 0);
                if c.up {
                    seen_up += 1;
                } else {
                    seen_down += 1;
                }
            }
            assert!((1400..1600).contains(&b.next_check));
        }
        // |49| × 2/3 = 32: a change 33 times in 50.
        assert!((230..300).contains(&seen_up), "{seen_up}");
        assert!((230..300).contains(&seen_down), "{seen_down}");
    }
}
