//! A monster's armour class, as of NetHack 3.7 (`find_mac`): its kind's
//! own, less what each piece it wears gives. A monster made with armour
//! puts it on (`m_dowear`), one piece a slot: a dwarf of AC 10 in iron
//! shoes and a dwarvish iron helm is AC 6, in a mithril-coat too AC 0.
//! Animals, mindless monsters and those without hands wear nothing, as
//! their kits hold none.

use crate::dungeon::content::{Content, Slot};
use crate::dungeon::monsters::Monster;

/// Monster `m`'s armour class.
pub(crate) fn armour_class(content: &Content, m: &Monster) -> i32 {
    let mut worn: Vec<Slot> = Vec::new();
    let mut bonus = 0;
    for &kind in m.gear.iter().flatten() {
        let Some(piece) = content.item(kind).on_pick_up.armour() else {
            continue;
        };
        if !worn.contains(&piece.slot) {
            worn.push(piece.slot);
            bonus += piece.ac;
        }
    }
    content.monster(m.kind).ac - bonus
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::Pos;

    #[test]
    fn a_dwarf_in_shoes_and_helm_is_ac_6_and_a_second_helm_adds_nothing() {
        let content = Content::built_in();
        let kind = |id: &str| content.monster_kind(id).expect("a row");
        let item = |id: &str| content.item_kind(id).expect("an item");
        let mut dwarf = Monster::new(1, kind("dwarf"), Pos::new(1, 1), 8, false);
        assert_eq!(armour_class(&content, &dwarf), 10, "a bare dwarf");
        dwarf.gear[0] = Some(item("iron_shoes"));
        dwarf.gear[1] = Some(item("dwarvish_iron_helm"));
        dwarf.gear[2] = Some(item("dwarvish_mattock"));
        assert_eq!(armour_class(&content, &dwarf), 6);
        dwarf.gear[3] = Some(item("orcish_helm"));
        assert_eq!(armour_class(&content, &dwarf), 6, "one helm a head");
        dwarf.gear[4] = Some(item("dwarvish_mithril_coat"));
        assert_eq!(armour_class(&content, &dwarf), 0);
    }
}
