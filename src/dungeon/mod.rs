//! The Gnomish Mines as a small roguelike: eight kept levels, light and memory,
//! gnomes and dwarves, gems, messages, death and victory.
//!
//! Plain Rust like [`crate::generation`], with no Bevy in it: a [`Dungeon`] is the
//! whole state of a run, and [`Dungeon::act`] plays one command. A run is a
//! function of its seed and its commands, so a key file replays it exactly
//! ([`keys`]). The game's plugins only draw this state and turn keys into commands.
//!
//! ```
//! use gnomish_mines::dungeon::{Command, Dungeon, RunOptions};
//! use gnomish_mines::generation::MineParams;
//! let mut run = Dungeon::new(1, MineParams::default(), RunOptions::default()).unwrap();
//! assert_eq!(run.depth, 1);
//! run.act(Command::Wait);
//! assert_eq!(run.turn, 2);
//! ```

use std::sync::Arc;

use crate::generation::{GenerateError, MineLevel, MineParams, MineRng, Tile, generate};

pub mod fov;
pub mod items;
pub mod keys;
pub mod messages;
pub mod monsters;
pub mod populate;
pub mod render;
pub mod rules;

pub use items::{GemColour, Item, ItemKind};
pub use keys::{KeyError, parse_keys};
pub use messages::MessageLog;
pub use monsters::Monster;
pub use render::render_run;
pub use rules::MonsterKind;

/// Levels in the mines; the last is Mines' End.
pub const LEVELS: usize = 8;

/// One player action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// Step (or attack) one cell: (dx, dy), y downward.
    Move(i64, i64),
    Wait,
    PickUp,
    Down,
    Up,
}

/// How a run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Playing,
    Died {
        killer: MonsterKind,
        depth: usize,
    },
    /// Picked up the gray stone at Mines' End.
    Won,
}

/// What the player knows of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellSight {
    /// In view now.
    Visible,
    /// Seen before: drawn dimmed, without monsters.
    Remembered,
    /// Never seen: drawn black.
    Unseen,
}

/// Choices for a whole run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunOptions {
    /// Place monsters (off: explore the levels in peace).
    pub monsters: bool,
}

impl Default for RunOptions {
    fn default() -> Self {
        Self { monsters: true }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub pos: (usize, usize),
    pub hp: i32,
    pub max_hp: i32,
    /// What you carry, in the order picked up.
    pub inventory: Vec<ItemKind>,
}

impl Player {
    pub fn gems(&self) -> usize {
        self.inventory.iter().filter(|i| i.is_gem()).count()
    }
}

/// One level as it stands: kept whole while the player is elsewhere.
#[derive(Clone, Debug)]
pub struct LevelState {
    pub depth: usize,
    /// The generator's level. Shared, so views can hold it without a copy.
    pub map: Arc<MineLevel>,
    pub lit: bool,
    /// Cells the player has seen, column-major like the map.
    pub seen: Vec<bool>,
    pub monsters: Vec<Monster>,
    pub items: Vec<Item>,
    /// None at Mines' End.
    pub down_stairs: Option<(usize, usize)>,
}

impl PartialEq for LevelState {
    fn eq(&self, other: &Self) -> bool {
        self.depth == other.depth
            && self.map.seed == other.map.seed
            && self.map.tiles() == other.map.tiles()
            && self.lit == other.lit
            && self.seen == other.seen
            && self.monsters == other.monsters
            && self.items == other.items
            && self.down_stairs == other.down_stairs
    }
}

impl LevelState {
    pub fn up_stairs(&self) -> (usize, usize) {
        self.map.up_stairs
    }

    pub fn tile(&self, x: usize, y: usize) -> Tile {
        self.map.tile(x, y)
    }

    pub fn is_seen(&self, x: usize, y: usize) -> bool {
        self.seen[self.map.cell_index(x, y)]
    }

    pub fn monster_at(&self, pos: (usize, usize)) -> Option<usize> {
        self.monsters.iter().position(|m| m.pos == pos)
    }

    pub fn item_at(&self, pos: (usize, usize)) -> Option<usize> {
        self.items.iter().position(|i| i.pos == pos)
    }

    /// Can a creature step onto `pos` (ignoring who stands there)?
    pub fn walkable(&self, x: i64, y: i64) -> bool {
        self.map.tile_i(x, y).is_walkable()
    }
}

/// The player's line of sight and what they see, on the current level.
#[derive(Clone, Debug, Default)]
struct Sight {
    los: Vec<usize>,
    los_mark: Vec<bool>,
    visible: Vec<usize>,
    visible_mark: Vec<bool>,
}

impl Sight {
    fn clear(&mut self, cells: usize) {
        for i in self.los.drain(..) {
            self.los_mark[i] = false;
        }
        for i in self.visible.drain(..) {
            self.visible_mark[i] = false;
        }
        self.los_mark.resize(cells, false);
        self.visible_mark.resize(cells, false);
    }
}

/// A whole run: every level visited so far, the player, the turn and the log.
#[derive(Clone, Debug)]
pub struct Dungeon {
    pub seed: u64,
    pub params: MineParams,
    pub options: RunOptions,
    /// 1 to [`LEVELS`].
    pub depth: usize,
    /// Index `depth - 1`; None until first visited.
    pub levels: Vec<Option<LevelState>>,
    pub player: Player,
    /// NetHack's turn counter: 1 at the start, +1 per action.
    pub turn: u64,
    pub outcome: Outcome,
    pub log: MessageLog,
    /// Every command given so far, in order: with the seed, the whole run
    /// ([`keys::keys_text`] writes them as a key file).
    pub commands: Vec<Command>,
    /// Every roll made during play (combat, wandering). Level contents have
    /// their own streams, so a level is the same whenever it is first visited.
    rng: MineRng,
    next_id: u32,
    sight: Sight,
}

impl PartialEq for Dungeon {
    /// Two runs are equal when everything a player could observe is, and so is
    /// what decides the future (the roll stream's position is compared by value).
    fn eq(&self, other: &Self) -> bool {
        self.seed == other.seed
            && self.depth == other.depth
            && self.levels == other.levels
            && self.player == other.player
            && self.turn == other.turn
            && self.outcome == other.outcome
            && self.log == other.log
            && self.next_id == other.next_id
            && self.rng.clone().next_u64() == other.rng.clone().next_u64()
    }
}

/// SplitMix64's finaliser: spreads a seed over all 64 bits.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator seed of level `depth` of the run `seed`. Level 1 is the run's
/// seed itself, so `--seed S --ascii` prints the first level of run S.
pub fn level_seed(seed: u64, depth: usize) -> u64 {
    if depth == 1 {
        seed
    } else {
        mix(seed ^ mix(depth as u64))
    }
}

/// The seed of a run's combat and wandering rolls.
fn play_seed(seed: u64) -> u64 {
    mix(seed ^ 0x7475_726E_7321_u64)
}

/// Chebyshev distance: the number of king moves between two cells.
pub fn distance(a: (usize, usize), b: (usize, usize)) -> usize {
    a.0.abs_diff(b.0).max(a.1.abs_diff(b.1))
}

impl Dungeon {
    /// A new run on level 1, standing on the up stairs.
    pub fn new(seed: u64, params: MineParams, options: RunOptions) -> Result<Self, GenerateError> {
        let mut run = Dungeon {
            seed,
            params,
            options,
            depth: 1,
            levels: vec![None; LEVELS],
            player: Player {
                pos: (0, 0),
                hp: rules::PLAYER_HP,
                max_hp: rules::PLAYER_HP,
                inventory: Vec::new(),
            },
            turn: 1,
            outcome: Outcome::Playing,
            log: MessageLog::default(),
            commands: Vec::new(),
            rng: MineRng::from_seed(play_seed(seed)),
            next_id: 0,
            sight: Sight::default(),
        };
        run.ensure_level(1)?;
        run.player.pos = run.level().up_stairs();
        run.log.push(
            run.turn,
            "Welcome to the Gnomish Mines! Find the gray stone at Mines' End.",
        );
        run.update_sight();
        Ok(run)
    }

    /// The level the player is on.
    pub fn level(&self) -> &LevelState {
        self.levels[self.depth - 1]
            .as_ref()
            .expect("the current level exists")
    }

    pub fn level_mut(&mut self) -> &mut LevelState {
        self.levels[self.depth - 1]
            .as_mut()
            .expect("the current level exists")
    }

    /// The map of the level the player is on.
    pub fn map(&self) -> &Arc<MineLevel> {
        &self.level().map
    }

    /// Generate and stock level `depth` if it has not been visited yet.
    pub fn ensure_level(&mut self, depth: usize) -> Result<(), GenerateError> {
        if self.levels[depth - 1].is_some() {
            return Ok(());
        }
        let mut map = generate(level_seed(self.seed, depth), &self.params)?;
        let bottom = depth == LEVELS;
        if bottom {
            // Mines' End has no way down; the gray stone lies where it would be.
            let (x, y) = map.down_stairs;
            map.set_tile(x, y, Tile::Floor);
        }
        let state = populate::stock_level(depth, Arc::new(map), self.options, &mut self.next_id);
        self.levels[depth - 1] = Some(state);
        Ok(())
    }

    pub fn is_over(&self) -> bool {
        self.outcome != Outcome::Playing
    }

    /// Does the player see cell (x, y) now?
    pub fn is_visible(&self, x: usize, y: usize) -> bool {
        self.sight.visible_mark[self.map().cell_index(x, y)]
    }

    /// What the player knows of the cell at map index `i` (see
    /// [`MineLevel::cell_index`]).
    pub fn cell_sight(&self, i: usize) -> CellSight {
        if self.sight.visible_mark[i] {
            CellSight::Visible
        } else if self.level().seen[i] {
            CellSight::Remembered
        } else {
            CellSight::Unseen
        }
    }

    /// The cells the player sees now, as map cell indices.
    pub fn visible_cells(&self) -> &[usize] {
        &self.sight.visible
    }

    /// Is (x, y) in the player's line of sight, lit or not?
    pub fn in_line_of_sight(&self, x: usize, y: usize) -> bool {
        self.sight.los_mark[self.map().cell_index(x, y)]
    }

    /// Recompute what the player sees, and remember it.
    fn update_sight(&mut self) {
        let level = self.levels[self.depth - 1].as_mut().expect("current level");
        let map = level.map.clone();
        let (w, h) = (map.width(), map.height());
        let sight = &mut self.sight;
        sight.clear(w * h);
        fov::line_of_sight_on(&map, self.player.pos, |x, y| {
            let i = map.cell_index(x, y);
            if !sight.los_mark[i] {
                sight.los_mark[i] = true;
                sight.los.push(i);
            }
        });
        let mut see = |x: usize, y: usize| {
            let i = map.cell_index(x, y);
            if !sight.visible_mark[i] {
                sight.visible_mark[i] = true;
                sight.visible.push(i);
                level.seen[i] = true;
            }
        };
        if level.lit {
            for &i in &sight.los {
                see(i / h, i % h);
            }
        } else {
            fov::adjacent_cells(self.player.pos, w, h, see);
        }
    }

    /// Play one command. Returns whether it took a turn: bumping into rock,
    /// taking stairs that aren't there, or picking up nothing takes none.
    pub fn act(&mut self, command: Command) -> bool {
        if self.is_over() {
            return false;
        }
        self.commands.push(command);
        self.log.begin_action();
        let depth_before = self.depth;
        let took = match command {
            Command::Move(dx, dy) => self.step(dx, dy),
            Command::Wait => true,
            Command::PickUp => self.pick_up(),
            Command::Down => self.take_stairs_down(),
            Command::Up => self.take_stairs_up(),
        };
        if !took {
            return false;
        }
        let arrived = self.depth != depth_before;
        self.update_sight();
        // On the turn you arrive, the level's monsters have not noticed you yet:
        // a level you return to is exactly as you left it.
        if !self.is_over() && !arrived {
            monsters::monsters_act(self);
        }
        if !self.is_over() {
            self.turn += 1;
            if self.turn.is_multiple_of(rules::REGEN_TURNS) && self.player.hp < self.player.max_hp {
                self.player.hp += 1;
            }
        }
        true
    }

    /// Play a whole key sequence; commands after the run ends are ignored.
    pub fn play(&mut self, commands: &[Command]) {
        for &c in commands {
            self.act(c);
        }
    }

    fn say(&mut self, text: impl Into<String>) {
        self.log.push(self.turn, text);
    }

    fn step(&mut self, dx: i64, dy: i64) -> bool {
        let (x, y) = (self.player.pos.0 as i64 + dx, self.player.pos.1 as i64 + dy);
        if !self.level().walkable(x, y) {
            return false;
        }
        let to = (x as usize, y as usize);
        if let Some(m) = self.level().monster_at(to) {
            self.player_attacks(m);
            return true;
        }
        self.player.pos = to;
        if let Some(i) = self.level().item_at(to) {
            let name = self.level().items[i].kind.a_name();
            self.say(format!("You see here {name}."));
        }
        match self.level().tile(to.0, to.1) {
            Tile::DownStairs => self.say("There is a staircase down here."),
            Tile::UpStairs => self.say("There is a staircase up here."),
            _ => {}
        }
        true
    }

    fn player_attacks(&mut self, m: usize) {
        let kind = self.level().monsters[m].kind;
        let name = kind.name();
        if !rules::blow_hits(rules::PLAYER_LEVEL, kind.stats().ac, &mut self.rng) {
            self.say(format!("You miss the {name}."));
            return;
        }
        let damage = rules::roll_damage(rules::PLAYER_DAMAGE, &mut self.rng);
        let level = self.level_mut();
        level.monsters[m].hp -= damage;
        if level.monsters[m].hp <= 0 {
            level.monsters.remove(m);
            self.say(format!("You kill the {name}!"));
        } else {
            self.say(format!("You hit the {name}."));
        }
    }

    /// A monster's blow at the player.
    fn monster_attacks(&mut self, m: usize) {
        let kind = self.level().monsters[m].kind;
        let stats = kind.stats();
        if !rules::blow_hits(stats.level, rules::PLAYER_AC, &mut self.rng) {
            self.say(format!("The {} misses.", stats.name));
            return;
        }
        self.player.hp -= rules::roll_damage(stats.damage, &mut self.rng);
        self.say(format!("The {} hits!", stats.name));
        if self.player.hp <= 0 {
            self.player.hp = 0;
            self.outcome = Outcome::Died {
                killer: kind,
                depth: self.depth,
            };
            self.say("You die...");
        }
    }

    fn pick_up(&mut self) -> bool {
        let pos = self.player.pos;
        let Some(i) = self.level().item_at(pos) else {
            self.say("There is nothing here to pick up.");
            return false;
        };
        let item = self.level_mut().items.remove(i);
        self.player.inventory.push(item.kind);
        self.say(format!("You pick up {}.", item.kind.a_name()));
        if item.kind == ItemKind::GrayStone {
            self.outcome = Outcome::Won;
            self.say("You feel lucky! You have found the luckstone of Mines' End. You win!");
        }
        true
    }

    fn take_stairs_down(&mut self) -> bool {
        if self.level().down_stairs != Some(self.player.pos) {
            self.say("You can't go down here.");
            return false;
        }
        if !self.enter_level(self.depth + 1) {
            return false;
        }
        let up = self.level().up_stairs();
        self.arrive_at(up);
        if self.depth == LEVELS {
            self.say("You reach Mines' End. The gray stone must be here somewhere.");
        }
        true
    }

    fn take_stairs_up(&mut self) -> bool {
        if self.level().up_stairs() != self.player.pos {
            self.say("You can't go up here.");
            return false;
        }
        if self.depth == 1 {
            self.say("You can't leave the mines yet.");
            return false;
        }
        if !self.enter_level(self.depth - 1) {
            return false;
        }
        let down = self
            .level()
            .down_stairs
            .expect("levels above the bottom have down stairs");
        self.arrive_at(down);
        true
    }

    fn enter_level(&mut self, depth: usize) -> bool {
        if let Err(e) = self.ensure_level(depth) {
            self.say(format!(
                "The stairs are blocked: level {depth} could not be made ({e})."
            ));
            return false;
        }
        self.depth = depth;
        true
    }

    /// Put the player on `pos`; a monster standing there steps aside to the
    /// nearest free cell, as NetHack's `mnexto` does.
    fn arrive_at(&mut self, pos: (usize, usize)) {
        self.player.pos = pos;
        if let Some(m) = self.level().monster_at(pos) {
            if let Some(free) = monsters::nearest_free_cell(self.level(), pos, pos) {
                self.level_mut().monsters[m].pos = free;
            } else {
                self.level_mut().monsters.remove(m);
            }
        }
    }
}
