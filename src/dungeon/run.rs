//! A whole run: every level visited so far, the player, the turn and the log.
//! What you carry is in `inventory.rs`, the stairs and followers in
//! `stairs.rs`.

mod inventory;
mod stairs;

use std::sync::{Arc, OnceLock};

use super::content::{Content, Effect, ItemKind, KindId, Role};
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

/// The builder of `kind`, and what it is asked to make level `depth` of run
/// `seed` with, the generator's passes given by `params`.
fn builder_for<'a>(
    seed: u64,
    setup: &'a RunSetup,
    kind: KindId,
    depth: usize,
    params: &'a MineParams,
) -> (&'static dyn kinds::LevelKind, KindContext<'a>) {
    let content = &*setup.content;
    let builder = kinds::builder(&content.kind(kind).builder).expect("checked content");
    let ctx = KindContext {
        depth,
        level_seed: level_seed(seed, depth),
        params,
        content,
        kind,
        options: setup.options,
    };
    (builder, ctx)
}

/// Make and stock level `depth` of run `seed`, a level of `kind`.
fn make_level(
    seed: u64,
    setup: &RunSetup,
    kind: KindId,
    depth: usize,
    ids: &mut Ids,
) -> Result<LevelState, GenerateError> {
    let params = setup.params_for(kind);
    let (builder, ctx) = builder_for(seed, setup, kind, depth, &params);
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
    /// What you carry, in the order picked up; an item's place is its
    /// inventory letter (`a` first).
    pub inventory: Vec<Carried>,
    /// Gold pieces in your purse.
    pub gold: u32,
    /// The turn you last prayed and were heard; None: never.
    pub prayed_at: Option<u64>,
}

/// Something you carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Carried {
    /// The item's id, kept from the floor (views follow it).
    pub id: u32,
    pub kind: ItemKind,
    /// How many: gems of one kind stack; lights don't.
    pub quantity: u32,
    /// A light that is burning.
    pub lit: bool,
    /// Turns of burning left, for a light.
    pub burn_left: Option<u32>,
}

/// Turns between two prayers that are heard (NetHack's prayer timeout is
/// about this long).
pub const PRAYER_TIMEOUT: u64 = 300;

/// A question the run waits on: the next command is its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Question {
    /// "Really attack the gnome?": the peaceful monster at this cell.
    Attack(Pos),
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
    /// A question waiting for its answer.
    question: Option<Question>,
    /// Actions taken while slowed (a loadstone): every third one gives the
    /// monsters an extra move.
    slowed_actions: u64,
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
            && self.question == other.question
            && self.slowed_actions == other.slowed_actions
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
            gold: 0,
            prayed_at: None,
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
            question: None,
            slowed_actions: 0,
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
            .filter(|c| content.item(c.kind).on_pick_up == Effect::Gem)
            .map(|c| c.quantity as usize)
            .sum()
    }

    /// Is a question waiting for its answer (the next command)?
    pub fn is_asking(&self) -> bool {
        self.question.is_some()
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
    /// Level `depth`'s map made again as its kind makes it (a town carved,
    /// Mines' End's stairs taken away), with `pipeline` for the generator's
    /// passes: what the comparison view compares a level with.
    pub fn remake_map(&self, depth: usize, pipeline: &Pipeline) -> Result<LevelMap, GenerateError> {
        let kind = self.kind_at(depth);
        let params = MineParams {
            pipeline: pipeline.clone(),
            ..self.setup.params_for(kind)
        };
        let (builder, ctx) = builder_for(self.seed, &self.setup, kind, depth, &params);
        Ok(builder.make(&ctx)?.map)
    }

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
        let light_radius = self.light_radius();
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
            // A light you carry lights the cells round you that you can see.
            if let Some(r) = light_radius {
                let me = self.player.pos;
                for &i in &sight.los {
                    if fov::within_light(me, map.pos(i), r) {
                        see(i);
                    }
                }
            }
        }
    }

    /// Play one command. Returns whether it took a turn: bumping into rock,
    /// taking stairs that aren't there, picking up nothing, or answering no
    /// takes none.
    pub fn act(&mut self, command: Command) -> bool {
        if self.is_over() {
            return false;
        }
        self.commands.push(command);
        self.log.begin_action();
        let depth_before = self.depth;
        let took = match self.question.take() {
            // The answer: `y` (the key that moves north-west) is yes.
            Some(Question::Attack(at)) => match (command, self.level().monster_at(at)) {
                (Command::Move(Dir::NW), Some(m)) => {
                    self.player_attacks(m);
                    true
                }
                _ => false,
            },
            None => match command {
                Command::Move(d) => self.step(d),
                Command::Wait => true,
                Command::PickUp => self.pick_up(),
                Command::Down => self.take_stairs_down(),
                Command::Up => self.take_stairs_up(),
                Command::Apply => self.apply(),
                Command::Drop(i) => self.drop(i as usize),
                Command::Pray => self.pray(),
            },
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
            // Slowed, you lose every third move to the monsters.
            if self.is_slowed() {
                self.slowed_actions += 1;
                if self.slowed_actions.is_multiple_of(3) && !self.is_over() {
                    monsters::monsters_act(self);
                }
            }
        }
        if !self.is_over() {
            self.burn_lights();
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
        let from = self.player.pos;
        let to = from.step(d);
        let map = &self.level().map;
        if map.tile(to) == Tile::DoorClosed {
            if d.is_diagonal() {
                return false;
            }
            self.open_door(to);
            return true;
        }
        if !map.is_walkable(to) {
            return false;
        }
        // A blow may go any way, even diagonally out of a doorway (as in
        // NetHack); a step may not.
        if let Some(m) = self.level().monster_at(to) {
            if self.level().monsters[m].peaceful {
                let name = self
                    .content()
                    .monster(self.level().monsters[m].kind)
                    .name
                    .clone();
                self.say(format!("Really attack the {name}? [yn] (n)"));
                self.question = Some(Question::Attack(to));
                return false;
            }
            self.player_attacks(m);
            return true;
        }
        if rules::doorway_forbids(&self.level().map, from, d) {
            return false;
        }
        self.player.pos = to;
        if let Some(i) = self.level().item_at(to) {
            let here = self.floor_item_name(&self.level().items[i]);
            self.say(format!("You see here {here}."));
        }
        match self.level().map.tile(to) {
            Tile::DownStairs => self.say("There is a staircase down here."),
            Tile::UpStairs => self.say("There is a staircase up here."),
            Tile::Altar => self.say("There is an altar here."),
            Tile::Fountain => self.say("There is a fountain here."),
            _ => {}
        }
        true
    }

    /// Open the closed door at `at`: it becomes the open door of its wall.
    fn open_door(&mut self, at: Pos) {
        let map = &self.level().map;
        let in_h_wall = map.tile(at.offset(-1, 0)).is_wall() || map.tile(at.offset(1, 0)).is_wall();
        let open = if in_h_wall {
            Tile::DoorOpenInHWall
        } else {
            Tile::DoorOpenInVWall
        };
        std::sync::Arc::make_mut(&mut self.level_mut().map).set_tile(at, open);
        self.say("The door opens.");
    }

    fn player_attacks(&mut self, m: usize) {
        let kind = self.level().monsters[m].kind;
        let row = self.content().monster(kind).clone();
        let me = self.content().player.clone();
        // Attacked, a peaceful monster is peaceful no more.
        if self.level().monsters[m].peaceful {
            let target = &mut self.level_mut().monsters[m];
            target.peaceful = false;
            target.wronged = true;
        }
        if !rules::blow_hits(me.level, row.ac, &mut self.rng) {
            self.say(format!("You miss the {}.", row.name));
            return;
        }
        let damage = rules::roll_damage(me.damage, &mut self.rng);
        let level = self.level_mut();
        level.monsters[m].hp -= damage;
        if level.monsters[m].hp <= 0 {
            let dead = level.monsters.remove(m);
            self.say(format!("You kill the {}!", row.name));
            if dead.wronged {
                self.anger_the_watch();
            }
        } else {
            self.say(format!("You hit the {}.", row.name));
        }
    }

    /// You killed a peaceful: the watch of this level turns on you.
    fn anger_the_watch(&mut self) {
        let content = self.setup.content.clone();
        let mut angered = false;
        for m in &mut self.level_mut().monsters {
            if content.monster(m.kind).role == Role::Watch && m.peaceful {
                m.peaceful = false;
                angered = true;
            }
        }
        if angered {
            self.say("You hear the shrieks of the watch: \"Halt, murderer!\"");
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

    /// Pray: heard when you are below a third of your hit points and have not
    /// been heard for [`PRAYER_TIMEOUT`] turns; then you are healed.
    fn pray(&mut self) -> bool {
        let low = self.player.hp * 3 < self.player.max_hp;
        let rested = self
            .player
            .prayed_at
            .is_none_or(|t| self.turn >= t + PRAYER_TIMEOUT);
        self.say("You begin praying.");
        if low && rested {
            self.player.hp = self.player.max_hp;
            self.player.prayed_at = Some(self.turn);
            self.say("You feel a hopeful feeling. You feel much better.");
        } else {
            self.say("You feel that your god is displeased.");
        }
        true
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

    /// Go to level `depth` (made as on a first visit if it has not been), onto
    /// its up stairs.
    pub fn go_to(&mut self, depth: usize) -> Result<&mut Self, GenerateError> {
        self.run.ensure_level(depth)?;
        self.run.depth = depth;
        self.run.player.pos = self.run.level().up_stairs();
        Ok(self)
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
