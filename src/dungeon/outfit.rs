//! What a monster is made carrying, when its pieces are drawn together
//! rather than each on its own: a small tree of draws, as NetHack 3.7's
//! `m_initweap` and `m_initinv` write them. A dwarf's kit is the example:
//! one time in four a short sword, a helm and either a mattock or an axe or
//! spear with a shield, else a pick-axe or a dagger; never a mattock with a
//! shield, never a pick-axe with a short sword.
//!
//! A row's `outfit` is a list of these, each drawn in turn:
//!
//! ```ron
//! outfit: [
//!     Chance(in: 6, of: 7, then: [Get("iron_shoes")]),
//!     Chance(in: 1, of: 4,
//!            then: [Get("dwarvish_short_sword"),
//!                   OneOf([[Get("dwarvish_mattock")], [Get("axe"), Get("dwarvish_roundshield")]])],
//!            otherwise: [Chance(in: 1, of: 3, then: [Get("pick_axe")], otherwise: [Get("dagger")])]),
//!     Stack("dart", 12),
//! ]
//! ```

use serde::Deserialize;

use crate::generation::MineRng;

/// One step of a monster's outfit.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub enum Outfit {
    /// This item (NetHack's `mongets`).
    Get(String),
    /// A stack of this missile to fire or throw, `rn1(n, 3)` of them
    /// (NetHack's `m_initthrow`: 3 to 14 darts for `n` 12).
    Stack(String, u32),
    /// `in` times in `of`, the `then` list, else the `otherwise` list (a C
    /// `if (rn2(of) < in)`; NetHack's `rn2(7)` is `in: 6, of: 7`, its
    /// `!rn2(4)` is `in: 1, of: 4`).
    Chance {
        /// How many times (`in` in the content).
        #[serde(rename = "in")]
        chance: u32,
        /// In how many.
        of: u32,
        /// Drawn when the chance comes up.
        then: Vec<Outfit>,
        /// Drawn when it does not; nothing when left out.
        #[serde(default)]
        otherwise: Vec<Outfit>,
    },
    /// One of these lists, each as likely (a C `switch (rn2(n))`).
    OneOf(Vec<Vec<Outfit>>),
}

/// A piece of a drawn outfit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Drawn<'a> {
    /// One item.
    Item(&'a str),
    /// A stack of missiles, and how many.
    Stack(&'a str, u32),
}

/// Draws a whole outfit, step by step, in the order the list gives.
pub(crate) fn draw<'a>(outfit: &'a [Outfit], rng: &mut MineRng) -> Vec<Drawn<'a>> {
    let mut out = Vec::new();
    draw_into(outfit, rng, &mut out);
    out
}

fn draw_into<'a>(outfit: &'a [Outfit], rng: &mut MineRng, out: &mut Vec<Drawn<'a>>) {
    for step in outfit {
        match step {
            Outfit::Get(id) => out.push(Drawn::Item(id)),
            Outfit::Stack(id, n) => {
                let count = rng.rn1(u64::from(*n), 3) as u32;
                out.push(Drawn::Stack(id, count));
            }
            Outfit::Chance {
                chance,
                of,
                then,
                otherwise,
            } => {
                let taken = (rng.rn2(u64::from(*of)) as u32) < *chance;
                draw_into(if taken { then } else { otherwise }, rng, out);
            }
            Outfit::OneOf(lists) => {
                let i = rng.rn2(lists.len() as u64) as usize;
                draw_into(&lists[i], rng, out);
            }
        }
    }
}

/// Every item id an outfit can name, for the content's checks.
pub(crate) fn item_ids(outfit: &[Outfit]) -> Vec<&str> {
    let mut ids = Vec::new();
    for step in outfit {
        match step {
            Outfit::Get(id) | Outfit::Stack(id, _) => ids.push(id.as_str()),
            Outfit::Chance {
                then, otherwise, ..
            } => {
                ids.extend(item_ids(then));
                ids.extend(item_ids(otherwise));
            }
            Outfit::OneOf(lists) => lists.iter().for_each(|l| ids.extend(item_ids(l))),
        }
    }
    ids
}

/// What is wrong with an outfit's numbers, if anything: a chance over its
/// draw, an empty draw, a `OneOf` of nothing, a stack of none.
pub(crate) fn check(outfit: &[Outfit]) -> Result<(), String> {
    for step in outfit {
        match step {
            Outfit::Get(_) => {}
            Outfit::Stack(id, n) => {
                if *n == 0 {
                    return Err(format!("Stack(\"{id}\", 0) makes no missiles"));
                }
            }
            Outfit::Chance {
                chance,
                of,
                then,
                otherwise,
            } => {
                if *of == 0 || chance > of {
                    return Err(format!("Chance(in: {chance}, of: {of}) is not a chance"));
                }
                check(then)?;
                check(otherwise)?;
            }
            Outfit::OneOf(lists) => {
                if lists.is_empty() {
                    return Err("OneOf([]) has nothing to pick".to_string());
                }
                lists.iter().try_for_each(|l| check(l))?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Vec<Outfit> {
        ron::from_str(text).expect("outfit parses")
    }

    #[test]
    fn a_fork_draws_one_side_and_its_shares_are_its_odds() {
        // One time in four the sword side, else the dagger side: the two
        // never come together, and 4,000 draws split about 1,000 / 3,000.
        let outfit = parse(
            r#"[Chance(in: 1, of: 4, then: [Get("sword"), Get("helm")],
                       otherwise: [Get("dagger")])]"#,
        );
        let mut rng = MineRng::from_seed(7);
        let mut swords = 0;
        for _ in 0..4000 {
            let got = draw(&outfit, &mut rng);
            match got.as_slice() {
                [Drawn::Item("sword"), Drawn::Item("helm")] => swords += 1,
                [Drawn::Item("dagger")] => {}
                other => panic!("a fork drew {other:?}"),
            }
        }
        // 3σ of a binomial(4000, 1/4) is about 82.
        assert!((swords - 1000_i32).abs() < 82, "{swords} swords");
    }

    #[test]
    fn a_stack_holds_three_to_n_plus_two() {
        let outfit = parse(r#"[Stack("dart", 12)]"#);
        let mut rng = MineRng::from_seed(3);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..2000 {
            let [Drawn::Stack("dart", n)] = draw(&outfit, &mut rng)[..] else {
                panic!("a stack draws one stack");
            };
            seen.insert(n);
        }
        assert_eq!(seen, (3..=14).collect());
    }

    #[test]
    fn ten_thousand_dwarves_carry_m_initweaps_joint_kit() {
        // NetHack 3.7's dwarf: cloak 6/7, iron shoes 6/7; then one time in
        // 4 a short sword, a helm, a mattock (1/2) or an axe or a spear
        // (1/4 each) with a roundshield, and a mithril-coat 1/3 of those;
        // else a pick-axe 1/3, a dagger 2/3. Each share within 3σ of
        // 10,000 × its worked-out chance, and the pairs the joint draw
        // rules out never seen.
        let content = crate::dungeon::content::Content::built_in();
        let row = content
            .monsters()
            .iter()
            .find(|m| m.id == "dwarf")
            .expect("a dwarf row");
        let expected: [(&str, f64); 11] = [
            ("dwarvish_cloak", 6.0 / 7.0),
            ("iron_shoes", 6.0 / 7.0),
            ("dwarvish_short_sword", 1.0 / 4.0),
            ("dwarvish_iron_helm", 1.0 / 4.0),
            ("dwarvish_mattock", 1.0 / 8.0),
            ("axe", 1.0 / 16.0),
            ("dwarvish_spear", 1.0 / 16.0),
            ("dwarvish_roundshield", 1.0 / 8.0),
            ("dwarvish_mithril_coat", 1.0 / 12.0),
            ("pick_axe", 3.0 / 4.0 / 3.0),
            ("dagger", 3.0 / 4.0 * 2.0 / 3.0),
        ];
        let n = 10_000;
        let mut counts = std::collections::BTreeMap::<&str, u32>::new();
        let mut rng = MineRng::from_seed(2026);
        for _ in 0..n {
            let kit: Vec<&str> = draw(&row.outfit, &mut rng)
                .into_iter()
                .map(|d| match d {
                    Drawn::Item(id) => id,
                    Drawn::Stack(id, _) => panic!("a dwarf throws no {id}"),
                })
                .collect();
            let has = |id: &str| kit.contains(&id);
            assert!(
                !(has("dwarvish_mattock") && has("dwarvish_roundshield")),
                "{kit:?}"
            );
            assert!(!(has("pick_axe") && has("dwarvish_short_sword")), "{kit:?}");
            assert!(!(has("dagger") && has("dwarvish_iron_helm")), "{kit:?}");
            assert_eq!(has("dwarvish_short_sword"), has("dwarvish_iron_helm"));
            assert_eq!(
                has("dwarvish_roundshield"),
                has("axe") || has("dwarvish_spear")
            );
            for id in kit {
                *counts.entry(id).or_default() += 1;
            }
        }
        for (id, p) in expected {
            let got = f64::from(counts.get(id).copied().unwrap_or(0));
            let mean = f64::from(n) * p;
            let sigma = (mean * (1.0 - p)).sqrt();
            println!("{id:22} {got:6} expected {mean:8.1} ± {:.1}", 3.0 * sigma);
            assert!((got - mean).abs() <= 3.0 * sigma, "{id}: {got} vs {mean}");
        }
    }

    #[test]
    fn bad_numbers_are_named() {
        let over = parse(r#"[Chance(in: 5, of: 4, then: [])]"#);
        assert!(check(&over).unwrap_err().contains("in: 5, of: 4"));
        let none = parse(r#"[OneOf([])]"#);
        assert!(check(&none).is_err());
        let nested = parse(r#"[OneOf([[Stack("dart", 0)]])]"#);
        assert!(check(&nested).unwrap_err().contains("dart"));
        let fine = parse(r#"[OneOf([[Get("a")], [Chance(in: 1, of: 2, then: [Get("b")])]])]"#);
        assert_eq!(check(&fine), Ok(()));
        assert_eq!(item_ids(&fine), ["a", "b"]);
    }
}
