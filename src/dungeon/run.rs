//! A whole run: every level visited so far, the player, the turn and the log.

use std::sync::{Arc, OnceLock};

use super::content::{Content, Effect, ItemKind, KindId};
use super::kinds::{self, Ids, KindContext};
use super::level::LevelState;
use super::messages::MessageLog;
use super::seeds::{level_seed, play_seed};
use super::{CellSight, Command, RunOptions, RunStatus, fov, monsters, plan, rules};
use crate::generation::{
    CaveHistory, Dir, GenerateError, LevelMap, MineParams, MineRng, Pipeline, Pos, RegionCap, Tile,
    params,
};

/// Everything a run is made from besides its seed and commands.
#[derive(Clone, Debug, PartialEq)]
pub struct RunSetup {
    pub width: usize,
    pub height: usize,
    /// The filler's pipeline instead of the content's (`--pipeline`,
    /// `--skip-pass`, `--no-join`). Kinds without a pipeline of their own use
    /// the filler's too.
    pub pipeline: Option<Pipeline>,
    pub region_cap: RegionCap,
    pub options: RunOptions,
    pub content: Arc<Content>,
}

/// The built-in content, read once.
pub fn built_in_content() -> Arc<Content> {
    static CONTENT: OnceLock<Arc<Content>> = OnceLock::new();
    CONTENT
        .get_or_init(|| Arc::new(Content::built_in()))
        .clone()
}

impl Default for RunSetup {
    fn default() -> Self {
        RunSetup {
            width: params::NETHACK_WIDTH,
            height: params::NETHACK_HEIGHT,
            pipeline: None,
            region_cap: RegionCap::Limit(params::NETHACK_REGION_CAP),
            options: RunOptions::default(),
            content: built_in_content(),
        }
    }
}

impl RunSetup {
    /// NetHack's setup at another size.
    pub fn sized(width: usize, height: usize) -> Self {
        RunSetup {
            width,
            height,
            ..RunSetup::default()
        }
    }

    /// The filler's pipeline: the override, else the content's, else NetHack's.
    pub fn filler_pipeline(&self) -> Pipeline {
        self.pipeline.clone().unwrap_or_else(|| {
            let filler = self.content.filler();
            self.content
                .kind(filler)
                .pipeline
                .clone()
                .unwrap_or_default()
        })
    }

    /// The generator's options for a level of `kind`.
    pub fn params_for(&self, kind: KindId) -> MineParams {
        let own = if kind == self.content.filler() {
            None
        } else {
            self.content.kind(kind).pipeline.clone()
        };
        MineParams {
            width: self.width,
            height: self.height,
            pipeline: own.unwrap_or_else(|| self.filler_pipeline()),
            region_cap: self.region_cap,
        }
    }
}

/// Make and stock level `depth` of run `seed`, a level of `kind`.
fn make_level(
    seed: u64,
    setup: &RunSetup,
    kind: KindId,
    depth: usize,
    ids: &mut Ids,
) -> Result<LevelState, GenerateError> {
    let content = &*setup.content;
    let builder = kinds::builder(&content.kind(kind).builder).expect("checked content");
    let params = setup.params_for(kind);
    let ctx = KindContext {
        depth,
        level_seed: level_seed(seed, depth),
        params: &params,
        content,
        kind,
        options: setup.options,
    };
    let made = builder.make(&ctx)?;
    let stock = builder.stock(&made, &ctx, ids);
    let cells = made.map.len();
    Ok(LevelState {
        depth,
        kind,
        map: Arc::new(made.map),
        history: made.history.map(Arc::new),
        lit: stock.lit,
        seen: vec![false; cells],
        monsters: stock.monsters,
        items: stock.items,
    })
}

/// You.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub pos: Pos,
    pub hp: i32,
    pub max_hp: i32,
    /// What you carry, in the order picked up.
    pub inventory: Vec<ItemKind>,
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

/// A whole run. It is a function of its seed, its setup and its commands: two
/// runs given the same are equal, which is what replays rely on.
///
/// ```
/// use gnomish_mines::dungeon::{Command, Dungeon, RunSetup};
/// let mut run = Dungeon::new(1, RunSetup::default()).unwrap();
/// assert_eq!(run.depth(), 1);
/// run.act(Command::Wait);
/// assert_eq!(run.turn(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct Dungeon {
    seed: u64,
    setup: RunSetup,
    /// The kind of each depth, index `depth - 1`.
    plan: Vec<KindId>,
    depth: usize,
    /// Index `depth - 1`; None until first visited.
    levels: Vec<Option<LevelState>>,
    player: Player,
    /// NetHack's turn counter: 1 at the start, +1 per action.
    turn: u64,
    status: RunStatus,
    log: MessageLog,
    /// Every command given so far, in order.
    commands: Vec<Command>,
    /// Every roll made during play (combat, wandering). Level contents have
    /// their own streams, so a level is the same whenever it is first visited.
    rng: MineRng,
    ids: Ids,
    sight: Sight,
}

impl PartialEq for Dungeon {
    /// Two runs are equal when everything a player could observe is, and so is
    /// what decides the future (the roll stream's position is compared by value).
    fn eq(&self, other: &Self) -> bool {
        self.seed == other.seed
            && self.plan == other.plan
            && self.depth == other.depth
            && self.levels == other.levels
            && self.player == other.player
            && self.turn == other.turn
            && self.status == other.status
            && self.log == other.log
            && self.ids == other.ids
            && self.rng.clone().next_u64() == other.rng.clone().next_u64()
    }
}

impl Dungeon {
    /// A new run on level 1, standing on the up stairs.
    pub fn new(seed: u64, setup: RunSetup) -> Result<Self, GenerateError> {
        setup.params_for(setup.content.filler()).validate()?;
        let plan = plan::draw(seed, &setup.content);
        let player = Player {
            pos: Pos::default(),
            hp: setup.content.player.hp,
            max_hp: setup.content.player.hp,
            inventory: Vec::new(),
        };
        let mut run = Dungeon {
            seed,
            levels: vec![None; plan.len()],
            plan,
            setup,
            depth: 1,
            player,
            turn: 1,
            status: RunStatus::Playing,
            log: MessageLog::default(),
            commands: Vec::new(),
            rng: MineRng::from_seed(play_seed(seed)),
            ids: Ids::default(),
            sight: Sight::default(),
        };
        run.ensure_level(1)?;
        run.player.pos = run.level().up_stairs();
        let welcome = run.content().welcome.clone();
        run.log.push(run.turn, welcome);
        run.update_sight();
        Ok(run)
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn setup(&self) -> &RunSetup {
        &self.setup
    }

    pub fn content(&self) -> &Content {
        &self.setup.content
    }

    /// The depth the player is on, 1 at the top.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// How many levels this run's mines have.
    pub fn level_count(&self) -> usize {
        self.plan.len()
    }

    /// The kind of level at `depth`.
    pub fn kind_at(&self, depth: usize) -> KindId {
        self.plan[depth - 1]
    }

    /// How the status line names a level: "level 3 of 8", "Mines' End (level 8
    /// of 8)".
    pub fn level_title(&self, depth: usize) -> String {
        let n = self.level_count();
        match &self.content().kind(self.kind_at(depth)).title {
            Some(title) => format!("{title} (level {depth} of {n})"),
            None => format!("level {depth} of {n}"),
        }
    }

    /// The level the player is on.
    pub fn level(&self) -> &LevelState {
        self.levels[self.depth - 1]
            .as_ref()
            .expect("the current level exists")
    }

    /// Level `depth` as it stands, if it has been visited.
    pub fn level_at(&self, depth: usize) -> Option<&LevelState> {
        self.levels.get(depth.wrapping_sub(1))?.as_ref()
    }

    pub(crate) fn level_mut(&mut self) -> &mut LevelState {
        self.levels[self.depth - 1]
            .as_mut()
            .expect("the current level exists")
    }

    /// The map of the level the player is on.
    pub fn map(&self) -> &Arc<LevelMap> {
        &self.level().map
    }

    /// How the current level's cave formed, if the generator made it.
    pub fn history(&self) -> Option<&Arc<CaveHistory>> {
        self.level().history.as_ref()
    }

    pub fn player(&self) -> &Player {
        &self.player
    }

    /// Gems carried.
    pub fn gems(&self) -> usize {
        let content = self.content();
        self.player
            .inventory
            .iter()
            .filter(|&&k| content.item(k).on_pick_up == Effect::Gem)
            .count()
    }

    pub fn turn(&self) -> u64 {
        self.turn
    }

    pub fn status(&self) -> RunStatus {
        self.status
    }

    pub fn is_over(&self) -> bool {
        self.status != RunStatus::Playing
    }

    pub fn log(&self) -> &MessageLog {
        &self.log
    }

    /// Every command given so far: with the seed and setup, the whole run.
    pub fn commands(&self) -> &[Command] {
        &self.commands
    }

    /// Level `depth` as it is first made and stocked, whether or not the run
    /// has been there; the run itself is left as it is.
    pub fn level_as_made(&self, depth: usize) -> Result<LevelState, GenerateError> {
        self.make_level(depth, &mut Ids::default())
    }

    /// Every level of run `seed` as first made and stocked, without playing
    /// the run (for the seed catalogue).
    pub fn levels_as_made(seed: u64, setup: &RunSetup) -> Result<Vec<LevelState>, GenerateError> {
        let plan = plan::draw(seed, &setup.content);
        let mut ids = Ids::default();
        (1..=plan.len())
            .map(|d| make_level(seed, setup, plan[d - 1], d, &mut ids))
            .collect()
    }

    /// Make and stock level `depth`.
    fn make_level(&self, depth: usize, ids: &mut Ids) -> Result<LevelState, GenerateError> {
        make_level(self.seed, &self.setup, self.kind_at(depth), depth, ids)
    }

    /// Generate and stock level `depth` if it has not been visited yet.
    fn ensure_level(&mut self, depth: usize) -> Result<(), GenerateError> {
        if self.levels[depth - 1].is_some() {
            return Ok(());
        }
        let mut ids = std::mem::take(&mut self.ids);
        let made = self.make_level(depth, &mut ids);
        self.ids = ids;
        self.levels[depth - 1] = Some(made?);
        Ok(())
    }

    /// Does the player see `p` now?
    pub fn is_visible(&self, p: Pos) -> bool {
        self.sight.visible_mark[self.map().index(p)]
    }

    /// What the player knows of the cell at map index `i` (see
    /// [`LevelMap::index`]).
    pub fn cell_sight(&self, i: usize) -> CellSight {
        if self.sight.visible_mark[i] {
            CellSight::Visible
        } else if self.level().seen[i] {
            CellSight::Remembered
        } else {
            CellSight::Unseen
        }
    }

    /// The cells the player sees now, as map indices.
    pub fn visible_cells(&self) -> &[usize] {
        &self.sight.visible
    }

    /// Is `p` in the player's line of sight, lit or not?
    pub fn in_line_of_sight(&self, p: Pos) -> bool {
        self.sight.los_mark[self.map().index(p)]
    }

    /// Recompute what the player sees, and remember it.
    fn update_sight(&mut self) {
        let level = self.levels[self.depth - 1].as_mut().expect("current level");
        let map = level.map.clone();
        let (w, h) = (map.width(), map.height());
        let sight = &mut self.sight;
        sight.clear(w * h);
        fov::line_of_sight_on(&map, self.player.pos, |p| {
            let i = map.index(p);
            if !sight.los_mark[i] {
                sight.los_mark[i] = true;
                sight.los.push(i);
            }
        });
        let mut see = |i: usize| {
            if !sight.visible_mark[i] {
                sight.visible_mark[i] = true;
                sight.visible.push(i);
                level.seen[i] = true;
            }
        };
        if level.lit {
            for &i in &sight.los {
                see(i);
            }
        } else {
            fov::adjacent_cells(self.player.pos, w, h, |p| see(map.index(p)));
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
            Command::Move(d) => self.step(d),
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
            let regen = self.content().player.regen_turns;
            if self.turn.is_multiple_of(regen) && self.player.hp < self.player.max_hp {
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

    /// A roll of the play stream: `0..n`.
    pub(crate) fn roll(&mut self, n: u64) -> u64 {
        self.rng.rn2(n)
    }

    fn say(&mut self, text: impl Into<String>) {
        self.log.push(self.turn, text);
    }

    fn step(&mut self, d: Dir) -> bool {
        let to = self.player.pos.step(d);
        if !self.level().map.is_walkable(to) {
            return false;
        }
        if let Some(m) = self.level().monster_at(to) {
            self.player_attacks(m);
            return true;
        }
        self.player.pos = to;
        if let Some(i) = self.level().item_at(to) {
            let name = self.content().item(self.level().items[i].kind).a_name();
            self.say(format!("You see here {name}."));
        }
        match self.level().map.tile(to) {
            Tile::DownStairs => self.say("There is a staircase down here."),
            Tile::UpStairs => self.say("There is a staircase up here."),
            _ => {}
        }
        true
    }

    fn player_attacks(&mut self, m: usize) {
        let kind = self.level().monsters[m].kind;
        let row = self.content().monster(kind).clone();
        let me = self.content().player.clone();
        if !rules::blow_hits(me.level, row.ac, &mut self.rng) {
            self.say(format!("You miss the {}.", row.name));
            return;
        }
        let damage = rules::roll_damage(me.damage, &mut self.rng);
        let level = self.level_mut();
        level.monsters[m].hp -= damage;
        if level.monsters[m].hp <= 0 {
            level.monsters.remove(m);
            self.say(format!("You kill the {}!", row.name));
        } else {
            self.say(format!("You hit the {}.", row.name));
        }
    }

    /// A monster's blow at the player.
    pub(crate) fn monster_attacks(&mut self, m: usize) {
        let kind = self.level().monsters[m].kind;
        let row = self.content().monster(kind).clone();
        let ac = self.content().player.ac;
        if !rules::blow_hits(row.level, ac, &mut self.rng) {
            self.say(format!("The {} misses.", row.name));
            return;
        }
        self.player.hp -= rules::roll_damage(row.damage, &mut self.rng);
        self.say(format!("The {} hits!", row.name));
        if self.player.hp <= 0 {
            self.player.hp = 0;
            self.status = RunStatus::Died {
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
        let row = self.content().item(item.kind).clone();
        self.say(format!("You pick up {}.", row.a_name()));
        if let Some(message) = row.message {
            self.say(message);
        }
        if row.on_pick_up == Effect::Win {
            self.status = RunStatus::Won {
                item: item.kind,
                depth: self.depth,
            };
        }
        true
    }

    fn take_stairs_down(&mut self) -> bool {
        if self.level().down_stairs() != Some(self.player.pos) {
            self.say("You can't go down here.");
            return false;
        }
        if !self.enter_level(self.depth + 1) {
            return false;
        }
        let up = self.level().up_stairs();
        self.arrive_at(up);
        true
    }

    fn take_stairs_up(&mut self) -> bool {
        if self.level().map.up_stairs() != Some(self.player.pos) {
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
        // A level without a way down (a drawn one) takes you in at its top.
        let level = self.level();
        let arrival = level.down_stairs().unwrap_or_else(|| level.up_stairs());
        self.arrive_at(arrival);
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
        if let Some(message) = self.content().kind(self.kind_at(depth)).on_arrival.clone() {
            self.say(message);
        }
        true
    }

    /// Put the player on `pos`; a monster standing there steps aside to the
    /// nearest free cell, as NetHack's `mnexto` does.
    fn arrive_at(&mut self, pos: Pos) {
        self.player.pos = pos;
        if let Some(m) = self.level().monster_at(pos) {
            if let Some(free) = monsters::nearest_free_cell(self.level(), pos, pos) {
                self.level_mut().monsters[m].pos = free;
            } else {
                self.level_mut().monsters.remove(m);
            }
        }
    }

    /// NetHack's wizard mode, for tests and debugging: change the run directly.
    /// Such changes are not commands, so a run changed this way no longer
    /// replays from its key file. Sight is brought up to date when the wizard is
    /// done.
    pub fn wizard(&mut self) -> Wizard<'_> {
        Wizard { run: self }
    }
}

/// Direct changes to a run ([`Dungeon::wizard`]).
pub struct Wizard<'a> {
    run: &'a mut Dungeon,
}

impl Wizard<'_> {
    /// Put the player on `to` (which should be walkable).
    pub fn teleport(&mut self, to: Pos) -> &mut Self {
        self.run.player.pos = to;
        self
    }

    pub fn set_hp(&mut self, hp: i32, max_hp: i32) -> &mut Self {
        self.run.player.hp = hp;
        self.run.player.max_hp = max_hp;
        self
    }

    /// The current level, to move or change its monsters and items.
    pub fn level(&mut self) -> &mut LevelState {
        self.run.level_mut()
    }

    /// Make level `depth` now, as it would be on the first visit, without going
    /// there.
    pub fn make_level(&mut self, depth: usize) -> Result<&LevelState, GenerateError> {
        self.run.ensure_level(depth)?;
        Ok(self.run.levels[depth - 1].as_ref().expect("just made"))
    }
}

impl Drop for Wizard<'_> {
    fn drop(&mut self) {
        self.run.update_sight();
    }
}
