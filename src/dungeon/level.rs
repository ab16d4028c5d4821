//! One level as it stands, kept whole while the player is elsewhere.

use std::sync::Arc;

use super::content::KindId;
use super::hero::rows::Alignment;
use super::items::{Item, Treasure};
use super::monsters::Monster;
use super::traps::Trap;
use crate::generation::{CaveHistory, LevelMap, Pos, Tile};

/// Words on the floor (NetHack's `struct engr`): where, what, and how
/// they were put there, which says how well they last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Engraving {
    /// Its cell.
    pub pos: Pos,
    /// The words, as worn so far.
    pub text: String,
    /// How it was made.
    pub how: Engraved,
}

/// How an engraving was made (NetHack's `DUST`, `ENGRAVE`, `BURN`): dust
/// smudges as anyone fights or walks on it, an engraving seldom, a burnt
/// one never.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engraved {
    /// Written in the dust (fingers, most things, most wands).
    Dust,
    /// Engraved in the floor (a wand of digging; a level's own writing).
    Engrave,
    /// Burnt into the floor (a wand of fire or lightning).
    Burn,
}

/// A level: its map, what it holds and what the player has seen of it.
#[derive(Clone, Debug)]
pub struct LevelState {
    /// Its depth, 1 at the top.
    pub(crate) depth: usize,
    /// Its kind in the content.
    pub(crate) kind: KindId,
    /// The map. Shared, so views can hold it without a copy.
    pub(crate) map: Arc<LevelMap>,
    /// How its cave formed; None for a level built by hand.
    pub(crate) history: Option<Arc<CaveHistory>>,
    /// Lit: seen whole from anywhere in line of sight.
    pub(crate) lit: bool,
    /// Cells the player has seen, in map index order.
    pub(crate) seen: Vec<bool>,
    /// Cells lit for good on an unlit level (a scroll of light), in map
    /// index order; empty: none.
    pub(crate) lit_cells: Vec<bool>,
    /// Its monsters, in the order they act.
    pub(crate) monsters: Vec<Monster>,
    /// What lies on its floor.
    pub(crate) items: Vec<Item>,
    /// Its traps, found or not.
    pub(crate) traps: Vec<Trap>,
    /// Where its boulders lie.
    pub(crate) boulders: Vec<Pos>,
    /// Gold and gems in its solid rock, found by digging (NetHack's
    /// `mineralize`), in map index order.
    pub(crate) treasure: Vec<Treasure>,
    /// Its locked doors, closed or still secret: walking into one says so;
    /// a kick or a pick breaks it open.
    pub(crate) locked: Vec<Pos>,
    /// Cells no one can dig, in map index order (empty: every cell but the
    /// level's edge can be dug). A level kind sets it (NetHack's
    /// `non_diggable`).
    pub(crate) nondiggable: Vec<bool>,
    /// Whose its altar is, when it has one.
    pub(crate) altar: Option<Alignment>,
    /// Writing on the floor.
    pub(crate) engravings: Vec<Engraving>,
    /// Its shops.
    pub(crate) shops: Vec<Shop>,
    /// The items a detection showed you (their ids): drawn where they lie
    /// though you have not seen the cell (NetHack maps them).
    pub(crate) sensed_items: Vec<u32>,
    /// What its monsters stole, by the thief's id (a nymph's loot): it
    /// drops it where it dies.
    pub(crate) pockets: Vec<(u32, Item)>,
}

/// A shop: its floor, its door, and where its keeper stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shop {
    /// What it is ("lighting store"), for the keeper's greeting.
    pub name: String,
    /// Its floor, the keeper's post among it.
    pub floor: Vec<Pos>,
    /// Where its keeper stands when you are welcome.
    pub post: Pos,
    /// Its door.
    pub door: Pos,
    /// The cell inside the door, where its keeper stands to keep you out.
    pub inside: Pos,
}

impl PartialEq for LevelState {
    /// Every field is named: a new one fails to compile here until it is
    /// compared or said why not.
    fn eq(&self, other: &Self) -> bool {
        let LevelState {
            depth,
            kind,
            map,
            // How the map came about: the same map is the same level.
            history: _,
            lit,
            seen,
            lit_cells,
            monsters,
            items,
            traps,
            boulders,
            treasure,
            locked,
            nondiggable,
            altar,
            engravings,
            shops,
            sensed_items,
            pockets,
        } = self;
        *depth == other.depth
            && *kind == other.kind
            && *map == other.map
            && *lit == other.lit
            && *seen == other.seen
            && *lit_cells == other.lit_cells
            && *monsters == other.monsters
            && *items == other.items
            && *traps == other.traps
            && *boulders == other.boulders
            && *treasure == other.treasure
            && *locked == other.locked
            && *nondiggable == other.nondiggable
            && *altar == other.altar
            && *engravings == other.engravings
            && *shops == other.shops
            && *sensed_items == other.sensed_items
            && *pockets == other.pockets
    }
}

impl LevelState {
    /// Its shops.
    pub fn shops(&self) -> &[Shop] {
        &self.shops
    }

    /// Whose its altar is, when it has one.
    pub fn altar(&self) -> Option<Alignment> {
        self.altar
    }

    /// The words engraved at `p`, if any.
    pub fn engraving_at(&self, p: Pos) -> Option<&str> {
        self.engraving(p).map(|e| e.text.as_str())
    }

    /// The engraving at `p`, if any.
    pub fn engraving(&self, p: Pos) -> Option<&Engraving> {
        self.engravings.iter().find(|e| e.pos == p)
    }

    /// Its depth, 1 at the top.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Its kind in the content.
    pub fn kind(&self) -> KindId {
        self.kind
    }

    /// The map, shared: a view may keep it without a copy.
    pub fn map(&self) -> &Arc<LevelMap> {
        &self.map
    }

    /// How its cave formed; None for a level built by hand.
    pub fn history(&self) -> Option<&Arc<CaveHistory>> {
        self.history.as_ref()
    }

    /// Is it lit (seen whole from anywhere in line of sight)?
    pub fn lit(&self) -> bool {
        self.lit
    }

    /// Its monsters, in the order they act.
    pub fn monsters(&self) -> &[Monster] {
        &self.monsters
    }

    /// What lies on its floor.
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// Its traps, found or not.
    pub fn traps(&self) -> &[Trap] {
        &self.traps
    }

    /// Where its boulders lie.
    pub fn boulders(&self) -> &[Pos] {
        &self.boulders
    }

    /// The trap at `p`, as an index into `traps`.
    pub fn trap_at(&self, p: Pos) -> Option<usize> {
        self.traps.iter().position(|t| t.pos == p)
    }

    /// A found trap at `p`, as an index into `traps`.
    pub fn seen_trap_at(&self, p: Pos) -> Option<usize> {
        self.trap_at(p).filter(|&t| self.traps[t].seen)
    }

    /// Is there a boulder at `p`?
    pub fn has_boulder(&self, p: Pos) -> bool {
        self.boulders.contains(&p)
    }

    /// Its traps, to change in wizard mode.
    pub fn traps_mut(&mut self) -> &mut Vec<Trap> {
        &mut self.traps
    }

    /// Its boulders, to change in wizard mode.
    pub fn boulders_mut(&mut self) -> &mut Vec<Pos> {
        &mut self.boulders
    }

    /// Its monsters, to change in wizard mode ([`super::run::Wizard::level`]):
    /// the only way to a `&mut LevelState` from outside the rules.
    pub fn monsters_mut(&mut self) -> &mut Vec<Monster> {
        &mut self.monsters
    }

    /// What lies on its floor, to change in wizard mode.
    pub fn items_mut(&mut self) -> &mut Vec<Item> {
        &mut self.items
    }

    /// Its locked doors, to change in wizard mode.
    pub fn locked_mut(&mut self) -> &mut Vec<Pos> {
        &mut self.locked
    }

    /// What its rock holds, to change in wizard mode: keep it in map index
    /// order.
    pub fn treasure_mut(&mut self) -> &mut Vec<Treasure> {
        &mut self.treasure
    }

    /// Is `p` marked undiggable by its level kind (NetHack's
    /// `non_diggable`): its floor too hard to dig down through?
    pub(crate) fn marked_undiggable(&self, p: Pos) -> bool {
        self.nondiggable
            .get(self.map.index(p))
            .copied()
            .unwrap_or(false)
    }

    /// Can `p` be dug: rock, a wall or a secret door, not on the level's
    /// edge, and not marked undiggable?
    pub fn is_diggable(&self, p: Pos) -> bool {
        let (w, h) = (self.map.width() as i32, self.map.height() as i32);
        let inside = p.x > 0 && p.y > 0 && p.x < w - 1 && p.y < h - 1;
        let tile = self.map.tile(p);
        inside && tile.row().solid && !self.marked_undiggable(p)
    }

    /// Open the closed door at `p`: it becomes the open door of its wall.
    pub(crate) fn open_door(&mut self, p: Pos) {
        let map = &self.map;
        let in_h_wall = map.tile(p.offset(-1, 0)).is_wall() || map.tile(p.offset(1, 0)).is_wall();
        let open = if in_h_wall {
            Tile::DoorOpenInHWall
        } else {
            Tile::DoorOpenInVWall
        };
        Arc::make_mut(&mut self.map).set_tile(p, open);
    }

    /// Dig `p` out: rock becomes a corridor, a wall an opening in it (floor,
    /// as on NetHack's maze-like levels, the mines among them), a secret door
    /// a broken one (floor too). What lay in
    /// the rock lies on the new floor; what is buried under it stays buried.
    pub(crate) fn dig_out(&mut self, p: Pos) {
        let to = if self.map.tile(p) == Tile::Rock {
            Tile::Corridor
        } else {
            Tile::Floor
        };
        Arc::make_mut(&mut self.map).set_tile(p, to);
        self.locked.retain(|&q| q != p);
        self.take_treasure(p, false);
    }

    /// Is the door at `p` (closed, or still secret) locked?
    pub fn is_locked(&self, p: Pos) -> bool {
        self.locked.contains(&p)
    }

    /// Break the door at `p` open: it is a doorway from now on (floor, as a
    /// broken door is on NetHack's maze-like levels), locked no more.
    pub(crate) fn break_door(&mut self, p: Pos) {
        Arc::make_mut(&mut self.map).set_tile(p, Tile::Floor);
        self.locked.retain(|&q| q != p);
    }

    /// Bring up what is buried under `p`, as a pit dug there does (NetHack's
    /// `unearth_objs`): returns how many things came up.
    pub(crate) fn unearth(&mut self, p: Pos) -> usize {
        self.take_treasure(p, true)
    }

    /// Move the treasure at `p` that is buried (or not) onto the floor.
    fn take_treasure(&mut self, p: Pos, buried: bool) -> usize {
        let i = self.map.index(p);
        let map = &self.map;
        let from = self.treasure.partition_point(|t| map.index(t.item.pos) < i);
        let to = from + self.treasure[from..].partition_point(|t| t.item.pos == p);
        let (up, stay): (Vec<Treasure>, Vec<Treasure>) = self.treasure[from..to]
            .iter()
            .partition(|t| t.buried == buried);
        let found = up.len();
        self.items.extend(up.into_iter().map(|t| t.item));
        self.treasure.splice(from..to, stay);
        found
    }

    /// What its rock holds, not yet dug out, in map index order.
    pub fn treasure(&self) -> &[Treasure] {
        &self.treasure
    }

    /// Mark the cells `marks` says (map index order) undiggable, as a level
    /// kind does for the walls that must hold.
    pub fn set_nondiggable(&mut self, marks: Vec<bool>) {
        self.nondiggable = marks;
    }

    /// Where the player arrives from above.
    pub fn up_stairs(&self) -> Pos {
        self.map
            .up_stairs()
            .expect("every level kind makes an up staircase")
    }

    /// The way down; None at the bottom.
    pub fn down_stairs(&self) -> Option<Pos> {
        self.map.down_stairs()
    }

    /// Is `p` lit by a scroll of light (on an unlit level)?
    pub fn is_lit_cell(&self, p: Pos) -> bool {
        self.lit_cells
            .get(self.map.index(p))
            .copied()
            .unwrap_or(false)
    }

    /// The cells the player has seen, in map index order.
    pub fn seen(&self) -> &[bool] {
        &self.seen
    }

    /// Has the player seen `p`?
    pub fn is_seen(&self, p: Pos) -> bool {
        self.seen[self.map.index(p)]
    }

    /// Is `item` shown to the player: on a cell seen, or detected?
    pub fn shows_item(&self, item: &Item) -> bool {
        self.is_seen(item.pos) || self.sensed_items.contains(&item.id)
    }

    /// Forget cell `p`, as if never seen (a wizard's change, for tests).
    pub fn forget(&mut self, p: Pos) {
        let i = self.map.index(p);
        self.seen[i] = false;
    }

    /// The monster standing at `p`, as an index into `monsters`.
    pub fn monster_at(&self, p: Pos) -> Option<usize> {
        self.monsters.iter().position(|m| m.pos == p)
    }

    /// The item lying at `p`, as an index into `items`.
    pub fn item_at(&self, p: Pos) -> Option<usize> {
        self.items.iter().position(|i| i.pos == p)
    }

    /// The nearest walkable cell to `from` with no monster on it and not
    /// `player`, searching outward ring by ring.
    pub(crate) fn nearest_free_cell(&self, from: Pos, player: Pos) -> Option<Pos> {
        let (w, h) = (self.map.width() as i32, self.map.height() as i32);
        for r in 1..=w.max(h) {
            for dx in -r..=r {
                for dy in -r..=r {
                    if dx.abs() != r && dy.abs() != r {
                        continue;
                    }
                    let c = from.offset(dx, dy);
                    if self.map.is_walkable(c)
                        && c != player
                        && self.monster_at(c).is_none()
                        && !self.has_boulder(c)
                    {
                        return Some(c);
                    }
                }
            }
        }
        None
    }
}
