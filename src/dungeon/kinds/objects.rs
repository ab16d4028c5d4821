//! A random object (NetHack's `mkobj`): for `des.object()` with no class, a
//! class drawn by the content's class odds (NetHack's `mkobjprobs`), then an
//! object of that class by its rows' `frequency` (NetHack's `oc_prob`); for
//! `des.object("(")`, an object of that class. Only the classes the content
//! has rows for are drawn: a class with no rows of nonzero frequency is
//! skipped and the draw made again, so the others keep their odds. A run of
//! the nameless hero (from before heroes) skips the classes that came with
//! heroes too (`to_nameless: false`: wands), and the rows that came after
//! (`hero_only`: saddles, lances), so its levels stay as they were.

use crate::dungeon::content::{Content, ItemKind};
use crate::generation::MineRng;

/// What a stocking line's item entry `id` names: an item row, a random
/// object of a class (`"("`), or a random object of any class (`"random"`).
pub(crate) const ANY: &str = "random";

/// The item rows of `class` made at random in a run with a hero (`hero`)
/// or the nameless hero's, in the file's order.
fn members(content: &Content, class: char, hero: bool) -> Vec<ItemKind> {
    (0..content.items().len())
        .map(|i| ItemKind(i as u16))
        .filter(|&k| {
            let row = content.item(k);
            row.glyph == class && row.frequency > 0 && (hero || !row.hero_only)
        })
        .collect()
}

/// An object of `class` by its rows' frequencies, in a run with a hero
/// (`hero`) or the nameless hero's; None if it has none.
pub(crate) fn random_of_class(
    content: &Content,
    class: char,
    hero: bool,
    rng: &mut MineRng,
) -> Option<ItemKind> {
    let all = members(content, class, hero);
    let total: u32 = all.iter().map(|&k| content.item(k).frequency).sum();
    if total == 0 {
        return None;
    }
    let mut r = rng.rn2(total as u64) as u32;
    for k in all {
        let f = content.item(k).frequency;
        if r < f {
            return Some(k);
        }
        r -= f;
    }
    None
}

/// A random object of any class the content has, for a run with a hero
/// (`hero`) or the nameless hero's; None if it has none.
pub(crate) fn random_object(content: &Content, hero: bool, rng: &mut MineRng) -> Option<ItemKind> {
    let classes: Vec<(char, u32)> = content
        .object_classes()
        .iter()
        .filter(|c| hero || c.to_nameless)
        .map(|c| (c.class, c.odds))
        .filter(|&(class, odds)| odds > 0 && !members(content, class, hero).is_empty())
        .collect();
    let total: u32 = classes.iter().map(|c| c.1).sum();
    if total == 0 {
        return None;
    }
    let mut r = rng.rn2(total as u64) as u32;
    for (class, odds) in classes {
        if r < odds {
            return random_of_class(content, class, hero, rng);
        }
        r -= odds;
    }
    None
}

/// The item a stocking line's entry `id` stands for, drawn when it is a
/// class or any object (as [`random_object`] draws for `hero`).
pub(crate) fn resolve(
    content: &Content,
    id: &str,
    hero: bool,
    rng: &mut MineRng,
) -> Option<ItemKind> {
    if let Some(k) = content.item_kind(id) {
        return Some(k);
    }
    if id == ANY {
        return random_object(content, hero, rng);
    }
    let mut chars = id.chars();
    match (chars.next(), chars.next()) {
        (Some(class), None) => random_of_class(content, class, hero, rng),
        _ => None,
    }
}

/// Does `id` name something a stocking line can make: a row, a class with
/// random rows, or any object when some class has them?
pub(crate) fn names_items(content: &Content, id: &str) -> bool {
    if content.item_kind(id).is_some() {
        return true;
    }
    if id == ANY {
        return content
            .object_classes()
            .iter()
            .any(|c| c.odds > 0 && !members(content, c.class, true).is_empty());
    }
    let mut chars = id.chars();
    matches!((chars.next(), chars.next()), (Some(c), None) if !members(content, c, true).is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::content::Content;

    // Over 10,000 random objects of each class the built-in content makes,
    // each kind's share is within three standard deviations of its
    // `frequency` over the class's (NetHack's `oc_prob`).
    #[test]
    fn each_class_s_kinds_come_at_their_frequencies() {
        let content = Content::built_in();
        let mut rng = MineRng::from_seed(43);
        for class in content.object_classes().iter().map(|c| c.class) {
            let kinds = members(&content, class, true);
            if kinds.is_empty() {
                continue;
            }
            let total: u32 = kinds.iter().map(|&k| content.item(k).frequency).sum();
            let n = 10_000;
            let mut counts = vec![0u32; content.items().len()];
            for _ in 0..n {
                let k =
                    random_of_class(&content, class, true, &mut rng).expect("a class with rows");
                counts[k.0 as usize] += 1;
            }
            for k in kinds {
                let p = f64::from(content.item(k).frequency) / f64::from(total);
                let sigma = (f64::from(n) * p * (1.0 - p)).sqrt();
                let got = f64::from(counts[k.0 as usize]);
                let want = f64::from(n) * p;
                assert!(
                    (got - want).abs() <= 3.0 * sigma.max(1.0),
                    "{}: {got} of {n}, expected {want:.1} ± {:.1}",
                    content.item(k).name,
                    3.0 * sigma
                );
            }
        }
    }
}
