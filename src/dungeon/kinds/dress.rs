//! What a monster is made carrying, as NetHack 3.7's `makemon` gives it
//! (`m_initweap`, `m_initinv`): its kind's tool line, gear lines and
//! outfit, its magic, and its gold. A level's stocking draws each part from
//! a stream of its own (`kinds/stock.rs`); a monster made during play (one
//! arriving, `rules/arrivals.rs`) draws them all from one.

use crate::dungeon::content::{Content, MonsterRow};
use crate::dungeon::dice;
use crate::dungeon::monsters::Monster;
use crate::dungeon::outfit::Drawn;
use crate::generation::MineRng;

/// Monster `m` puts its row's outfit on (`dungeon/outfit.rs`): a digging
/// tool or a light to its tool hand when that is free, a stack of missiles
/// to its quiver (on a hero's levels only, as its gear lines' missiles),
/// the rest with its gear while there is room.
pub(crate) fn outfit(
    content: &Content,
    row: &MonsterRow,
    m: &mut Monster,
    hero: bool,
    rng: &mut MineRng,
) {
    for piece in crate::dungeon::outfit::draw(&row.outfit, rng) {
        match piece {
            Drawn::Item(id) => {
                let kind = content.item_kind(id).expect("checked content");
                let effect = &content.item(kind).on_pick_up;
                if m.tool.is_none() && (effect.digs() || effect.light().is_some()) {
                    m.tool = Some(kind);
                } else if let Some(slot) = m.gear.iter_mut().find(|g| g.is_none()) {
                    *slot = Some(kind);
                }
            }
            Drawn::Stack(id, count) if hero => {
                m.missiles = Some((content.item_kind(id).expect("checked content"), count));
            }
            Drawn::Stack(..) => {}
        }
    }
}

/// Monster `m`'s gold (`m_initinv`): a purse of d(difficulty, `purse`)
/// always (a leprechaun's), else a greedy one's one time in five,
/// d(difficulty, 5) when it carries something else, d(difficulty, 10)
/// when not.
pub(crate) fn gold(row: &MonsterRow, m: &mut Monster, difficulty: u32, rng: &mut MineRng) {
    let difficulty = difficulty.max(1);
    if row.purse > 0 {
        m.gold += dice::roll_dice(difficulty, row.purse, rng) as u32;
    }
    if row.greedy && m.gold == 0 && rng.rn2(5) == 0 {
        let carries =
            m.tool.is_some() || m.gear.iter().any(Option::is_some) || m.missiles.is_some();
        m.gold = dice::roll_dice(difficulty, if carries { 5 } else { 10 }, rng) as u32;
    }
}

/// Everything a monster made during play carries, drawn from `rng`: its
/// tool line, gear lines with their missiles, outfit, magic and gold.
pub(crate) fn made_now(content: &Content, m: &mut Monster, difficulty: u32, rng: &mut MineRng) {
    let row = content.monster(m.kind);
    let kind_of = |id: &str| content.item_kind(id).expect("checked content");
    if let Some(line) = &row.tool {
        m.tool = line.roll_later(rng).map(kind_of);
    }
    let mut slots = m.gear.iter_mut();
    for line in &row.gear {
        if let Some(id) = line.roll(rng)
            && let Some(slot) = slots.next()
        {
            *slot = Some(kind_of(id));
            if let Some((_, missile, n)) = line.throws.iter().find(|(with, ..)| with == id) {
                m.missiles = Some((kind_of(missile), rng.rn1(u64::from(*n), 3) as u32));
                if missile == id {
                    *slot = None;
                }
            }
        }
    }
    outfit(content, row, m, true, rng);
    m.magic = crate::dungeon::kinds::magic::carried(content, row, m.peaceful, rng);
    m.magic = crate::dungeon::kinds::magic::with_own(content, row, m.magic, rng);
    gold(row, m, difficulty, rng);
}
