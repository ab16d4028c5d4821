//! What the tests of every kind share: a few hand-made things (a drawn
//! vault, a six-pass pipeline), content with a kind row of a test's own, a
//! hero's setup, and monsters and lights put next to you. The integration
//! tests, the crate's own tests (`src/game/tests.rs`) and the bots
//! (`tools/bots.rs`) include this one file, so none writes them again.

use gnomish_mines::dungeon::content::BUILT_IN;
use gnomish_mines::dungeon::{Carried, Dungeon, Hero, MonsterKind, RunSetup, built_in_content};
use gnomish_mines::generation::Pos;

/// A room drawn by hand, lit, with a pillar that hides one cell from the up
/// stairs (where the one gnome goes).
pub(crate) const VAULT: [&str; 7] = [
    "------------",
    "|..........|",
    "|.<.......>|",
    "|...-......|",
    "|..........|",
    "|..........|",
    "------------",
];

/// The built-in content with the drawn vault as level 2.
pub(crate) fn content_with_vault() -> String {
    let rows: Vec<String> = VAULT.iter().map(|r| format!("\"{r}\"")).collect();
    let kind = format!(
        "\"vault\": (\n            builder: \"drawn\",\n            title: Some(\"The Vault\"),\n            \
         lit: Always,\n            settings: (map: [{}]),\n            \
         monsters: [(count: (1, 1), one_of: [\"gnome\"])],\n        ),\n",
        rows.join(", ")
    );
    with_kind(&kind, 2)
}

/// The built-in content with one more kind row (`row`, ending in a comma
/// and a newline) that the plan puts at depth `depth`.
pub(crate) fn with_kind(row: &str, depth: usize) -> String {
    let kinds = "    kinds: {\n";
    let special = "        special: [\n";
    let text = BUILT_IN;
    assert!(text.contains(kinds) && text.contains(special));
    let row_name = row.split('"').nth(1).expect("a named row");
    text.replacen(kinds, &format!("{kinds}        {row}"), 1)
        .replacen(
            special,
            &format!("{special}            (kind: \"{row_name}\", at: At({depth})),\n"),
            1,
        )
}

/// NetHack's four passes and two smoothing passes of the author's.
pub(crate) const SIX: &str = "inplace:RRRKKFFFF buffered:KKKKKRKKK buffered:RRRKKKKKK \
                       buffered:RRRKKKKKK smooth1=buffered:RRRRKFFFF smooth2=buffered:RRRRKFFFF";

/// The 8 cells around `p`, x outer and y inner (the bot's search order).
pub(crate) fn around(p: Pos) -> impl Iterator<Item = Pos> {
    (-1..=1)
        .flat_map(move |dx| (-1..=1).map(move |dy| p.offset(dx, dy)))
        .filter(move |&q| q != p)
}

/// The content's monster kind with this id.
pub(crate) fn kind(run: &Dungeon, id: &str) -> MonsterKind {
    run.content()
        .monster_kind(id)
        .expect("a monster of that id")
}

/// Move the first monster of `kind` onto a free cell next to the player;
/// returns its index and the cell.
pub(crate) fn place_next_to_player(run: &mut Dungeon, kind: MonsterKind) -> (usize, Pos) {
    let (m, cell) = next_to_player(run, kind);
    run.wizard().level().monsters_mut()[m].pos = cell;
    (m, cell)
}

/// The first monster of `kind` and a free cell next to the player.
pub(crate) fn next_to_player(run: &Dungeon, kind: MonsterKind) -> (usize, Pos) {
    let p = run.player().pos;
    let cell = around(p)
        .find(|&c| run.level().map().is_walkable(c) && run.level().monster_at(c).is_none())
        .expect("a free cell next to the player");
    let m = run
        .level()
        .monsters()
        .iter()
        .position(|m| m.kind == kind)
        .expect("a monster of that kind");
    (m, cell)
}

/// A light of kind `id`, not for sale, with `turns` to burn, lying under the
/// player (to be put on the level).
pub(crate) fn light_underfoot(r: &Dungeon, id: &str, turns: u32) -> gnomish_mines::dungeon::Item {
    gnomish_mines::dungeon::Item {
        burn_left: Some(turns),
        ..gnomish_mines::dungeon::Item::new(
            77_777,
            r.content().item_kind(id).unwrap(),
            r.player().pos,
            1,
        )
    }
}

/// A run of `seed` as `hero` ("archeologist gnome neutral").
pub(crate) fn setup_as(words: &str) -> RunSetup {
    let content = built_in_content();
    let hero = Hero::parse(content.heroes(), words).unwrap();
    RunSetup {
        hero: Some(hero),
        ..RunSetup::default()
    }
}

/// Give the player `thing`; the inventory letter it is carried under.
pub(crate) fn hand_over(r: &mut Dungeon, thing: Carried) -> u8 {
    let kind = thing.kind;
    r.wizard().give(thing);
    r.player()
        .inventory
        .iter()
        .find(|c| c.kind == kind)
        .expect("given")
        .letter
}

/// The first thing of row `id` in the pack.
pub(crate) fn pack_find<'a>(r: &'a Dungeon, id: &str) -> Option<&'a Carried> {
    let content = r.content();
    r.player()
        .inventory
        .iter()
        .find(|c| content.item(c.kind).id == id)
}

/// How many things of row `id` the pack holds.
pub(crate) fn pack_count(r: &Dungeon, id: &str) -> u32 {
    let content = r.content();
    r.player()
        .inventory
        .iter()
        .filter(|c| content.item(c.kind).id == id)
        .map(|c| c.quantity)
        .sum()
}

/// Change monster `id` of your level as `f` does.
#[allow(dead_code)]
pub(crate) fn hold(r: &mut Dungeon, id: u32, f: impl FnOnce(&mut gnomish_mines::dungeon::Monster)) {
    let mut wizard = r.wizard();
    let m = wizard
        .level()
        .monsters_mut()
        .iter_mut()
        .find(|m| m.id == id);
    f(m.expect("the monster is on your level"));
}
