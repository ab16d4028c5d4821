//! `z` and a letter zaps that wand (NetHack 3.7's `dozap`, `zap.c`). A wand
//! row names its rule (`Wand(does: "fire", charges: (4, 8))`); the rule is
//! one line of [`WANDS`]: a wand that asks no direction and acts at once,
//! a beam that passes through monsters (`bhit`), a ray that bounces off
//! walls (`buzz`), or digging.
//!
//! A zap takes a charge. An empty wand does nothing, but one time in 121 you
//! wrest a last charge from it; a wand zapped below empty turns to dust. A
//! cursed wand explodes one time in 100, for (charges + 2)d6.
//!
//! - A **beam** goes 6 to 13 cells, through each monster it meets (3 cells
//!   fewer for each), to a wall or a closed door; striking, opening and
//!   locking act on the door it stops at.
//! - A **ray** goes 7 to 13 cells, 2 fewer for each creature it hits; it
//!   hits when the target's armour class says so (`zap_hit`), bounces off
//!   rock and walls (straight back, or off at an angle when the corner lets
//!   it: 1 in 20 straight back off a wall of the Mines, 1 in 10 off rock),
//!   and may come back through you.
//! - **Digging** in the Mines goes up to 8 to 25 cells and digs out the
//!   first rock, wall or door it meets (the Mines are a maze level to
//!   NetHack: a zap digs one cell, not a tunnel); zapped down, it digs a
//!   hole and you fall through to the next level (a pit on the bottom
//!   level; off the stairs a rock falls on your head instead).

use crate::dungeon::blessing::Blessing;
use crate::dungeon::content::{Content, ContentError, Resistance};
use crate::dungeon::direction::{Ask, Then, Way};
use crate::dungeon::monsters::{Monster, Pace};
use crate::dungeon::rules::carry::{held, use_up};
use crate::dungeon::rules::destroy::{self, Element};
use crate::dungeon::rules::traps::shared::{say_of, sees};
use crate::dungeon::shared::Killer;
use crate::dungeon::state::RunState;
use crate::generation::{Dir, MineRng, Pos, Tile};

/// What a wand does when zapped.
#[derive(Clone, Copy)]
enum Aim {
    /// No direction asked: it acts at once; returns whether you saw what
    /// it was.
    Nodir(fn(&mut RunState) -> bool),
    /// A beam: what it does to each monster it passes (whether that told
    /// you the wand), and to the door it stops at.
    Beam(fn(&mut RunState, usize) -> bool, Option<DoorSpell>),
    /// A ray that bounces.
    Ray(Ray),
    /// Digging.
    Dig,
}

/// What a beam does to a door.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum DoorSpell {
    Open,
    Lock,
    Strike,
}

/// A ray's kind: what it is called and what it does to whom it hits.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ray {
    MagicMissile,
    Fire,
    Cold,
    Sleep,
    Death,
    Lightning,
}

impl Ray {
    /// What the ray destroys carried things as, if it does.
    fn element(self) -> Option<Element> {
        match self {
            Ray::Fire => Some(Element::Fire),
            Ray::Cold => Some(Element::Cold),
            Ray::Lightning => Some(Element::Lightning),
            Ray::MagicMissile | Ray::Sleep | Ray::Death => None,
        }
    }

    /// "the bolt of fire", as NetHack's `flash_str` names a wand's ray.
    fn name(self) -> &'static str {
        match self {
            Ray::MagicMissile => "magic missile",
            Ray::Fire => "bolt of fire",
            Ray::Cold => "bolt of cold",
            Ray::Sleep => "sleep ray",
            Ray::Death => "death ray",
            Ray::Lightning => "bolt of lightning",
        }
    }

    /// Its dice: 2d6 for magic missiles, 6 for the rest.
    fn dice(self) -> u32 {
        if self == Ray::MagicMissile { 2 } else { 6 }
    }

    /// The resistance that stops it.
    fn resisted_by(self) -> Option<Resistance> {
        match self {
            Ray::MagicMissile | Ray::Death => None,
            Ray::Fire => Some(Resistance::Fire),
            Ray::Cold => Some(Resistance::Cold),
            Ray::Sleep => Some(Resistance::Sleep),
            Ray::Lightning => Some(Resistance::Shock),
        }
    }
}

/// A ray as it is sent: its kind, how many dice it rolls, and what more a
/// spell adds (a spell's ray is named as the spell and rolls by your
/// level: NetHack's `nd`, with `spell_damage_bonus`).
#[derive(Clone, Copy)]
struct Bolt {
    ray: Ray,
    dice: u32,
    /// Added to each blow of a spell's ray (your Int's and level's).
    bonus: i32,
    spell: bool,
}

impl Bolt {
    /// A wand's ray.
    fn of_wand(ray: Ray) -> Bolt {
        Bolt {
            ray,
            dice: ray.dice(),
            bonus: 0,
            spell: false,
        }
    }

    /// "the fireball": a spell's ray by its spell's name, a wand's as
    /// NetHack's `flash_str` names it.
    fn name(self) -> &'static str {
        match (self.spell, self.ray) {
            (true, Ray::Fire) => "fireball",
            (true, Ray::Cold) => "cone of cold",
            (true, Ray::Death) => "finger of death",
            _ => self.ray.name(),
        }
    }

    /// A blow of it: `dice` dice of `sides`, and a spell's bonus.
    fn roll(self, state: &mut RunState, sides: u32) -> i32 {
        let d = crate::dungeon::dice::roll_dice(self.dice, sides, &mut state.rng);
        if self.spell {
            spell_damage(d, self.bonus)
        } else {
            d
        }
    }
}

/// A spell's damage with its bonus (NetHack's `spell_damage_bonus`): a dull
/// caster's loses 3 (to no less than 1), a bright one's gains.
pub(crate) fn spell_damage(d: i32, bonus: i32) -> i32 {
    if bonus < 0 && d > 0 {
        (d + bonus).max(1)
    } else {
        d + bonus
    }
}

/// Every rule a wand row can name: a new wand is a function and a line.
const WANDS: &[(&str, Aim)] = &[
    ("light", Aim::Nodir(light)),
    ("secret door detection", Aim::Nodir(secret_door_detection)),
    ("enlightenment", Aim::Nodir(enlightenment)),
    ("create monster", Aim::Nodir(create_monster)),
    ("wishing", Aim::Nodir(wishing)),
    ("nothing", Aim::Beam(nothing, None)),
    ("striking", Aim::Beam(striking, Some(DoorSpell::Strike))),
    ("make invisible", Aim::Beam(make_invisible, None)),
    ("slow monster", Aim::Beam(slow_monster, None)),
    ("speed monster", Aim::Beam(speed_monster, None)),
    ("undead turning", Aim::Beam(undead_turning, None)),
    ("polymorph", Aim::Beam(polymorph, None)),
    ("cancellation", Aim::Beam(cancellation, None)),
    ("teleportation", Aim::Beam(teleportation, None)),
    ("opening", Aim::Beam(nothing, Some(DoorSpell::Open))),
    ("locking", Aim::Beam(nothing, Some(DoorSpell::Lock))),
    ("probing", Aim::Beam(probing, None)),
    ("digging", Aim::Dig),
    ("magic missile", Aim::Ray(Ray::MagicMissile)),
    ("fire", Aim::Ray(Ray::Fire)),
    ("cold", Aim::Ray(Ray::Cold)),
    ("sleep", Aim::Ray(Ray::Sleep)),
    ("death", Aim::Ray(Ray::Death)),
    ("lightning", Aim::Ray(Ray::Lightning)),
];

/// Does the wand rule `does` act without a direction (light, create
/// monster...)?
pub(crate) fn acts_at_once(does: &str) -> bool {
    matches!(aim_of(does), Some(Aim::Nodir(_)))
}

/// The wand of kind `kind`, whose rule `does` acts without a direction,
/// acts (as written with: `engrave.rs`); known if you saw it.
pub(crate) fn act_at_once(
    state: &mut RunState,
    kind: crate::dungeon::content::ItemKind,
    does: &str,
) {
    if let Some(Aim::Nodir(rule)) = aim_of(does)
        && rule(state)
    {
        state.discoveries.discover(kind);
    }
}

/// One time in this many an empty wand gives a last charge.
const WREST_CHANCE: u64 = 121;
/// One time in this many a cursed wand explodes.
const BACKFIRE_CHANCE: u64 = 100;
/// How far secret door detection and enlightenment's kin reach
/// (NetHack's `BOLT_LIM`).
const BOLT_LIM: i32 = 8;

/// What a wand that wants a direction asks: the eight, `<` and `>`, or
/// `.` (`s`) for yourself.
const ZAP_ASK: Ask = Ask::compass("In what direction?")
    .or_down()
    .or_up()
    .or_here();

fn aim_of(name: &str) -> Option<Aim> {
    WANDS.iter().find(|(n, _)| *n == name).map(|&(_, a)| a)
}

/// Every wand row names a rule of [`WANDS`].
pub(crate) fn check_rows(content: &Content, text: &str) -> Result<(), ContentError> {
    let names: Vec<&str> = WANDS.iter().map(|(n, _)| *n).collect();
    crate::dungeon::rules::check_item_rules(
        content,
        text,
        "wand",
        |row| row.on_pick_up.zapped(),
        &names,
    )
}

/// The wand at pack place `i`'s rule, if it is a wand.
fn wand_at(state: &RunState, i: usize) -> Option<Aim> {
    let kind = state.player.inventory[i].kind;
    let does = state.content().item(kind).on_pick_up.zapped()?;
    aim_of(does)
}

/// `z`: the wand of `letter` acts at once or asks which way.
pub(crate) fn zap_what(state: &mut RunState, letter: u8) -> Then {
    let Some(i) = held(state, letter) else {
        return Then::Done(false);
    };
    match wand_at(state, i) {
        None => {
            state.say("That is a silly thing to zap.");
            Then::Done(false)
        }
        Some(Aim::Nodir(_)) => Then::Done(zap(state, i, None)),
        Some(_) => Then::Ask(ZAP_ASK),
    }
}

/// The way a wand was zapped.
pub(crate) fn zap_toward(state: &mut RunState, letter: u8, way: Way) -> bool {
    let Some(i) = crate::dungeon::rules::carry::find(&state.player, letter) else {
        return false;
    };
    zap(state, i, Some(way))
}

/// Zap the wand at pack place `i` (`way`: where a directed one goes).
/// Returns whether a turn was spent (always: a zap takes one).
fn zap(state: &mut RunState, i: usize, way: Option<Way>) -> bool {
    let Some(aim) = wand_at(state, i) else {
        return false;
    };
    let kind = state.player.inventory[i].kind;
    if !zappable(state, i) {
        state.say("Nothing happens.");
    } else if state.player.inventory[i].blessing == Blessing::Cursed
        && state.rng.rn2(BACKFIRE_CHANCE) == 0
    {
        backfire(state, i);
        return true;
    } else {
        let known = match (aim, way) {
            (Aim::Nodir(rule), _) => rule(state),
            (_, Some(Way::Here)) => {
                let does = state.content().item(kind).on_pick_up.zapped();
                let does = does.unwrap_or_default().to_string();
                zap_yourself(state, &does)
            }
            (Aim::Beam(..), Some(Way::Up | Way::Down)) => {
                state.say("You zap the wand at the floor, and nothing else happens.");
                false
            }
            (Aim::Ray(ray), Some(Way::Up | Way::Down)) => {
                // A ray with no way across goes one cell: yours.
                buzz(state, Bolt::of_wand(ray), (0, 0));
                true
            }
            (Aim::Beam(on_monster, door), Some(Way::Toward(d))) => beam(state, d, on_monster, door),
            (Aim::Ray(ray), Some(Way::Toward(d))) => {
                buzz(state, Bolt::of_wand(ray), d.delta());
                true
            }
            (Aim::Dig, Some(way)) => {
                dig(state, way);
                true
            }
            _ => false,
        };
        if known {
            state.discoveries.discover(kind);
        }
    }
    // The wand may be gone (a death took the pack with it); find it again.
    if let Some(at) = state.player.inventory.iter().position(|c| c.kind == kind)
        && state.player.inventory[at].spe < 0
    {
        state.say("You turn the wand to dust.");
        use_up(&mut state.player, at);
    }
    true
}

/// A spell that works as the wand rule `does` does (NetHack's spells of
/// `weffects`: force bolt as striking, dig as digging, sleep as the sleep
/// ray), cast `way` (None for one that asks no direction); a ray rolls
/// `dice` dice and adds `bonus` to each blow. Returns whether `does` names
/// a rule of [`WANDS`].
pub(crate) fn cast_as_wand(
    state: &mut RunState,
    does: &str,
    way: Option<Way>,
    dice: u32,
    bonus: i32,
) -> bool {
    let Some(aim) = aim_of(does) else {
        return false;
    };
    let spell = |ray| Bolt {
        ray,
        dice,
        bonus,
        spell: true,
    };
    match (aim, way) {
        (Aim::Nodir(rule), _) => {
            rule(state);
        }
        (_, Some(Way::Here)) => {
            zap_yourself(state, does);
        }
        (Aim::Beam(..), Some(Way::Up | Way::Down)) => {
            state.say("You cast the spell at the floor, and nothing else happens.");
        }
        (Aim::Ray(ray), Some(Way::Up | Way::Down)) => buzz(state, spell(ray), (0, 0)),
        (Aim::Beam(on_monster, door), Some(Way::Toward(d))) => {
            beam(state, d, on_monster, door);
        }
        (Aim::Ray(ray), Some(Way::Toward(d))) => buzz(state, spell(ray), d.delta()),
        (Aim::Dig, Some(way)) => dig(state, way),
        (_, None) => {}
    }
    true
}

/// Does the wand rule `does` want a direction (a beam, a ray, digging)?
pub(crate) fn wants_direction(does: &str) -> bool {
    aim_of(does).is_some_and(|a| !matches!(a, Aim::Nodir(_)))
}

/// NetHack's `zappable`: a charge is used; an empty wand gives one more one
/// time in [`WREST_CHANCE`].
fn zappable(state: &mut RunState, i: usize) -> bool {
    let spe = state.player.inventory[i].spe;
    if spe < 0 || (spe == 0 && state.rng.rn2(WREST_CHANCE) != 0) {
        return false;
    }
    if spe == 0 {
        state.say("You wrest one last charge from the worn-out wand.");
    }
    state.player.inventory[i].spe -= 1;
    true
}

/// A cursed wand blows up in your hands: (charges + 2)d6.
fn backfire(state: &mut RunState, i: usize) {
    let c = state.player.inventory[i];
    let name = state
        .discoveries
        .pack_name(state.content(), c.kind)
        .to_string();
    state.say(format!("The {name} suddenly explodes!"));
    let dice = (i32::from(c.spe) + 2).max(1) as u32;
    let damage = crate::dungeon::dice::roll_dice(dice, 6, &mut state.rng);
    use_up(&mut state.player, i);
    state.player.hp -= damage;
    state.die_if_spent(Killer::Zap("exploding wand"));
}

// ---- Yourself ----

/// A wand of rule `does` zapped at yourself (`.`; NetHack's
/// `zapyourself`). Returns whether it told you what it was.
fn zap_yourself(state: &mut RunState, does: &str) -> bool {
    use crate::dungeon::hero::Intrinsic;
    let does = does.to_string();
    let roll = |state: &mut RunState, n: u32| crate::dungeon::dice::roll_dice(n, 6, &mut state.rng);
    let (damage, known) = match does.as_str() {
        "striking" => {
            state.say("You bash yourself!");
            let d = crate::dungeon::dice::roll_dice(2, 12, &mut state.rng);
            (d, true)
        }
        "lightning" if crate::dungeon::rules::grow::has(state, Intrinsic::ShockResistance) => {
            state.say("You zap yourself, but seem unharmed.");
            (0, true)
        }
        "lightning" => {
            state.say("You shock yourself!");
            (roll(state, 12), true)
        }
        "fire" if crate::dungeon::rules::grow::has(state, Intrinsic::FireResistance) => {
            state.say("You feel rather warm.");
            (0, true)
        }
        "fire" => {
            state.say("You've set yourself afire!");
            (roll(state, 12), true)
        }
        "cold" if crate::dungeon::rules::grow::has(state, Intrinsic::ColdResistance) => {
            state.say("You feel a little chill.");
            (0, true)
        }
        "cold" => {
            state.say("You imitate a popsicle!");
            (roll(state, 12), true)
        }
        "magic missile" => {
            state.say("Idiot!  You've shot yourself!");
            (roll(state, 4), true)
        }
        "sleep" if crate::dungeon::rules::grow::has(state, Intrinsic::SleepResistance) => {
            state.say("You don't feel sleepy!");
            (0, true)
        }
        "sleep" => {
            state.say("The sleep ray hits you!");
            state.asleep = state.rng.rnd(50) as u32;
            (0, true)
        }
        "death" => {
            state.say("You irradiate yourself with pure energy!");
            state.say("You die.");
            (state.player.hp, true)
        }
        "teleportation" => {
            let from = state.player.pos;
            // Steered, you know what the wand did (NetHack's `learn_it`).
            let steered = crate::dungeon::rules::teleport::controlled(state);
            crate::dungeon::rules::teleport::within_level(state, false);
            let to = state.player.pos;
            let far = (to.x - from.x).pow(2) + (to.y - from.y).pow(2) >= 16;
            (0, steered || far)
        }
        "cancellation" => {
            cancel_pack(state);
            (0, false)
        }
        "opening" => {
            // A bear trap or a web lets go (NetHack's `openholdingtrap`).
            let held = state.player.trapped.and_then(|(t, _)| {
                let row = state.content().trap(t);
                matches!(row.id.as_str(), "bear_trap" | "web").then(|| row.name.clone())
            });
            if let Some(name) = &held {
                state.player.trapped = None;
                state.say(format!("You are released from the {name}."));
            }
            let held = held.is_some();
            (0, held)
        }
        "undead turning" => {
            state.say("You shudder in dread.");
            (0, true)
        }
        "make invisible" => {
            let seen = crate::dungeon::rules::invisible::zapped(state);
            (0, seen)
        }
        "speed monster" => {
            // NetHack 3.7's `speed_up(rn1(25, 50))`: very fast for a time.
            let line = if state.timeouts.very_fast > 0 {
                "Your legs get new energy."
            } else if crate::dungeon::rules::grow::has(state, Intrinsic::Fast) {
                "You are suddenly moving faster."
            } else {
                "You are suddenly moving much faster."
            };
            state.say(line);
            state.timeouts.very_fast += 50 + state.rng.rn2(25) as u32;
            (0, true)
        }
        "polymorph" => {
            // NetHack turns you into another monster; this game has no
            // shapes for you but your own.
            state.say("You shudder for a moment.");
            (0, false)
        }
        "probing" => {
            let hp = (state.player.hp, state.player.max_hp);
            state.say(format!(
                "You probe yourself: {}({}) hit points.",
                hp.0, hp.1
            ));
            for c in &mut state.player.inventory {
                c.blessing_known = true;
            }
            (0, true)
        }
        _ => {
            state.say("You zap yourself, but nothing else happens.");
            (0, false)
        }
    };
    if damage > 0 {
        state.player.hp -= damage;
        state.die_if_spent(Killer::Zap("zap of your own wand"));
    }
    known
}

/// A wand of cancellation turned on yourself cancels what you carry
/// (NetHack's `cancel_item`): enchantments over +0 gone, wands emptied
/// (but cancellation itself), potions water, scrolls blank, blessings and
/// curses gone.
fn cancel_pack(state: &mut RunState) {
    let content = state.setup.content.clone();
    let water = content.item_kind("potion_of_water");
    let blank = content.item_kind("scroll_of_blank_paper");
    for c in &mut state.player.inventory {
        let effect = &content.item(c.kind).on_pick_up;
        if effect.charges().is_some() {
            if effect.zapped() != Some("cancellation") {
                c.spe = -1;
            }
        } else if c.spe > 0 {
            c.spe = 0;
        }
        if effect.quaffed().is_some()
            && let Some(w) = water
        {
            c.kind = w;
        }
        if effect.read().is_some()
            && let Some(b) = blank
        {
            c.kind = b;
        }
        c.blessing = Blessing::Uncursed;
    }
    state.say("You are covered in sparkling lights!");
}

// ---- No direction ----

/// A lit field round you, as a scroll of light's.
fn light(state: &mut RunState) -> bool {
    crate::dungeon::rules::read::light_area(state, true);
    true
}

/// Secret doors within [`BOLT_LIM`] that you could see become doors,
/// hidden traps there are found (NetHack's `findit`).
fn secret_door_detection(state: &mut RunState) -> bool {
    let me = state.player.pos;
    let near = |p: Pos| (p.x - me.x).abs().max((p.y - me.y).abs()) <= BOLT_LIM;
    let los: Vec<usize> = state.sight.los.clone();
    let mut found = 0;
    for i in los {
        let p = state.level().map.pos(i);
        if !near(p) {
            continue;
        }
        if state.level().map.tile(p).is_secret_door() {
            std::sync::Arc::make_mut(&mut state.level_mut().map).set_tile(p, Tile::DoorClosed);
            found += 1;
        }
        for t in state.level_mut().traps.iter_mut().filter(|t| t.pos == p) {
            if !t.seen {
                t.seen = true;
                found += 1;
            }
        }
    }
    crate::dungeon::rules::sight::update(state);
    if found == 0 {
        state.say("You don't find anything.");
    }
    true
}

/// "You feel self-knowledgeable...": what you are, as NetHack's
/// enlightenment tells the things this game has.
fn enlightenment(state: &mut RunState) -> bool {
    state.say("You feel self-knowledgeable...");
    let luck = crate::dungeon::rules::grow::luck(&state.player, state.content());
    state.say(match luck {
        l if l > 0 => "You are lucky.".to_string(),
        l if l < 0 => "You are unlucky.".to_string(),
        _ => "Your luck is zero.".to_string(),
    });
    if let Some(g) = state.player.growth.as_ref() {
        let record = g.alignment;
        let pious = crate::dungeon::rules::insight::piousness(record, true);
        state.say(match record {
            3 => "You are aligned.".to_string(),
            0.. => format!("You are {pious} aligned."),
            _ => format!("You have {pious}."),
        });
    }
    state.say("The feeling subsides.");
    crate::dungeon::rules::grow::exercise(
        state,
        crate::dungeon::hero::attributes::Attribute::Wis,
        true,
    );
    true
}

/// One monster next to you, or one time in 23 two to eight (NetHack's
/// `create_critters`), each random for the level.
fn create_monster(state: &mut RunState) -> bool {
    let n = if state.rng.rn2(23) != 0 {
        1
    } else {
        state.rng.rn1(7, 2) as u32
    };
    let mut seen = false;
    for _ in 0..n {
        seen |= make_random_monster_near(state);
    }
    seen
}

/// A random monster for the level, next to you if there is room. Returns
/// whether you see it.
fn make_random_monster_near(state: &mut RunState) -> bool {
    let me = state.player.pos;
    make_monster_next_to(state, me)
}

/// A random monster for the level next to `me` if there is room (a
/// monster's wand of create monster too). Returns whether you see it.
pub(crate) fn make_monster_next_to(state: &mut RunState, me: Pos) -> bool {
    let content = state.setup.content.clone();
    let difficulty = state.dlvl(state.depth) as u32;
    let you = state.player.growth.as_ref().map_or(1, |g| g.level as i32);
    let Some(kind) =
        crate::dungeon::kinds::classes::random_monster(&content, difficulty, you, &mut state.rng)
    else {
        return false;
    };
    let Some(m) = new_monster_next_to(state, me, kind) else {
        return false;
    };
    let at = state.level().monsters[m].pos;
    let mut rng = std::mem::replace(&mut state.rng, MineRng::from_seed(0));
    bring_group(state, m, &mut rng);
    state.rng = rng;
    sees(state, at)
}

/// Monster `m`, just made at random, brings its group (`kinds/groups.rs`):
/// each hostile, next to the one before; one that would be peaceful to you
/// is not made. The draws are `rng`'s (an arrival's come from their own
/// stream).
pub(crate) fn bring_group(state: &mut RunState, m: usize, rng: &mut MineRng) {
    let content = state.setup.content.clone();
    let leader = state.level().monsters[m];
    let row = content.monster(leader.kind);
    let you = state.player.growth.as_ref().map_or(1, |g| g.level as i32);
    let mut last = leader.pos;
    for _ in 0..crate::dungeon::kinds::groups::more(row.group, you, rng) {
        if let Some(hero) = state.player.hero
            && crate::dungeon::hero::peace_minded(content.heroes(), hero, row.nature(), rng)
        {
            continue;
        }
        let level = state.levels[state.depth - 1]
            .as_ref()
            .expect("the current level exists");
        let me = state.player.pos;
        let size = (level.map.width() as i32, level.map.height() as i32);
        let free = |p: Pos| {
            p != me
                && level.map.is_walkable(p)
                && level.monster_at(p).is_none()
                && !level.has_boulder(p)
        };
        let Some(at) = crate::dungeon::kinds::groups::next_to(last, size, free, rng) else {
            break;
        };
        let hp = crate::dungeon::dice::roll_hp(row.hit_dice, rng);
        let id = state.ids.next_id();
        state
            .level_mut()
            .monsters
            .push(Monster::new(id, leader.kind, at, hp, false));
        last = at;
    }
    crate::dungeon::rules::sight::update(state);
}

/// A monster of `kind`, carrying nothing, on a free cell next to `me` drawn
/// at random; its index, or None with no room.
pub(crate) fn new_monster_next_to(
    state: &mut RunState,
    me: Pos,
    kind: crate::dungeon::content::MonsterKind,
) -> Option<usize> {
    let content = state.setup.content.clone();
    let level = state.level();
    let free = |p: Pos| {
        p != state.player.pos
            && level.map.contains(p)
            && level.map.is_walkable(p)
            && level.monster_at(p).is_none()
            && !level.has_boulder(p)
    };
    let cells: Vec<Pos> = Dir::ALL
        .iter()
        .map(|&d| me.step(d))
        .filter(|&p| free(p))
        .collect();
    if cells.is_empty() {
        return None;
    }
    let at = cells[state.rng.rn2(cells.len() as u64) as usize];
    let hp = crate::dungeon::dice::roll_hp(content.monster(kind).hit_dice, &mut state.rng);
    let id = state.ids.next_id();
    state
        .level_mut()
        .monsters
        .push(Monster::new(id, kind, at, hp, false));
    crate::dungeon::rules::sight::update(state);
    Some(state.level().monsters.len() - 1)
}

/// This game grants no wishes: the wand is known, and nothing comes.
fn wishing(state: &mut RunState) -> bool {
    let luck = crate::dungeon::rules::grow::luck(&state.player, state.content());
    if luck + state.rng.rn2(5) as i32 <= -1 {
        state.say("Unfortunately, nothing happens.");
        return false;
    }
    state.say("You may wish for an object... but no wish is granted in these mines.");
    true
}

// ---- Beams ----

/// A beam that way, 6 to 13 cells (`bhit`): through each monster (3 cells
/// fewer for each) to a wall or a closed door. Returns whether it told you
/// what the wand was.
pub(crate) fn beam(
    state: &mut RunState,
    d: Dir,
    on_monster: fn(&mut RunState, usize) -> bool,
    door: Option<DoorSpell>,
) -> bool {
    beam_over(state, d, on_monster, door, None)
}

/// A beam that also acts on what lies in each cell it passes
/// (`bhitpile`): `on_cell` says whether it changed anything there, which
/// costs the beam a cell of its range.
pub(crate) fn beam_over(
    state: &mut RunState,
    d: Dir,
    on_monster: fn(&mut RunState, usize) -> bool,
    door: Option<DoorSpell>,
    on_cell: Option<fn(&mut RunState, Pos) -> bool>,
) -> bool {
    let mut range = state.rng.rn1(8, 6) as i32;
    let mut at = state.player.pos;
    let mut known = false;
    while range > 0 {
        range -= 1;
        let next = at.step(d);
        if !state.level().map.contains(next) {
            break;
        }
        at = next;
        if let Some(m) = state.level().monster_at(at) {
            known |= on_monster(state, m);
            range -= 3;
        }
        if let Some(act) = on_cell
            && act(state, at)
        {
            known = true;
            range -= 1;
        }
        let tile = state.level().map.tile(at);
        if let Some(spell) = door
            && (tile.is_door() || tile.is_secret_door())
        {
            known |= door_spell(state, spell, at);
        }
        let tile = state.level().map.tile(at);
        if !tile.is_walkable() || tile == Tile::DoorClosed {
            break;
        }
    }
    known
}

/// What a beam does to the door at `at` (NetHack's `doorlock`): opening
/// unlocks it (and shows a secret one), locking shuts and locks it,
/// striking breaks it open. Returns whether you saw it.
fn door_spell(state: &mut RunState, spell: DoorSpell, at: Pos) -> bool {
    let tile = state.level().map.tile(at);
    let secret = tile.is_secret_door();
    let mut said: Option<&str> = None;
    if secret {
        if spell == DoorSpell::Lock {
            return false;
        }
        std::sync::Arc::make_mut(&mut state.level_mut().map).set_tile(at, Tile::DoorClosed);
        said = Some("A door appears in the wall!");
        if spell == DoorSpell::Open {
            let seen = sees(state, at);
            if seen {
                state.say("A door appears in the wall!");
            }
            return seen;
        }
    }
    let locked = state.level().is_locked(at);
    let closed = state.level().map.tile(at) == Tile::DoorClosed;
    let seen = sees(state, at);
    if let Some(s) = said
        && seen
    {
        state.say(s);
    }
    let message = match spell {
        DoorSpell::Open if locked => {
            state.level_mut().locked.retain(|&q| q != at);
            "The door unlocks!"
        }
        DoorSpell::Open => return false,
        DoorSpell::Lock => {
            let level = state.level();
            if level.monster_at(at).is_some() || level.item_at(at).is_some() {
                if seen {
                    state.say("Something's in the way.");
                }
                return seen;
            }
            let was_open = !closed;
            std::sync::Arc::make_mut(&mut state.level_mut().map).set_tile(at, Tile::DoorClosed);
            if !state.level().is_locked(at) {
                state.level_mut().locked.push(at);
            }
            if was_open {
                "The door swings shut, and locks!"
            } else {
                "The door locks!"
            }
        }
        DoorSpell::Strike if closed => {
            state.level_mut().break_door(at);
            if !seen {
                state.say("You hear a crashing sound.");
                crate::dungeon::rules::sight::update(state);
                return true;
            }
            "The door crashes open!"
        }
        DoorSpell::Strike => return false,
    };
    crate::dungeon::rules::sight::update(state);
    if seen {
        state.say(message);
    }
    seen
}

/// NetHack's `resist` for a wand's effect: the monster's magic resistance
/// against `rn2(100 + 12 − its level)`.
fn resists(state: &mut RunState, m: usize) -> bool {
    resists_magic(state, m, WAND_ATTACK_LEVEL)
}

/// The attack level `resist` gives a wand.
const WAND_ATTACK_LEVEL: u32 = 12;

/// NetHack's `resist`: monster `m`'s magic resistance against
/// `rn2(100 + attack − its level)`, its level (less what was drained)
/// counted from 1 to 50. A wand attacks at 12, a scroll at 9, a spell at
/// your level.
pub(crate) fn resists_magic(state: &mut RunState, m: usize, attack: u32) -> bool {
    let monster = state.level().monsters[m];
    let row = state.content().monster(monster.kind);
    let level = (row.level - i32::from(monster.drained)).clamp(1, 50);
    let mr = row.magic_resistance;
    (state.rng.rn2((100 + attack as i32 - level) as u64) as u32) < mr
}

/// A beam of yours reaches monster `m`: it wakes and, if peaceful, is
/// angered (speed monster's kindness aside).
fn beam_touches(state: &mut RunState, m: usize, angers: bool) {
    if angers {
        crate::dungeon::rules::combat::provoke(state, m);
    }
    state.level_mut().monsters[m].asleep = 0;
}

fn nothing(_: &mut RunState, _: usize) -> bool {
    false
}

/// Striking: `rnd(20) < 10 + AC` hits for 2d12 ("Boing!" off a monster
/// that resists magic).
fn striking(state: &mut RunState, m: usize) -> bool {
    strike(state, m, "wand", 0)
}

/// A blow of force at monster `m` (`bhitm`'s striking and force bolt): it
/// resists magic ("Boing!"), or is hit when `d20` is under 10 + its AC, for
/// 2d12 and `bonus`, halved if it resists; `what` struck it ("wand",
/// "spell"). Returns whether you saw it.
pub(crate) fn strike(state: &mut RunState, m: usize, what: &str, bonus: i32) -> bool {
    beam_touches(state, m, true);
    let at = state.level().monsters[m].pos;
    let seen = sees(state, at);
    let kind = state.level().monsters[m].kind;
    let row = state.content().monster(kind).clone();
    if row.magic_resistance >= 100 || row.resists.contains(&Resistance::Magic) {
        state.say("Boing!");
        return seen;
    }
    let ac = crate::dungeon::rules::monster_armour::armour_class(
        state.content(),
        &state.level().monsters[m],
    );
    if (state.rng.rnd(20) as i32) < 10 + ac {
        let roll = crate::dungeon::dice::roll_dice(2, 12, &mut state.rng);
        let mut damage = spell_damage(roll, bonus);
        say_of(state, m, &format!("The {what} hits {{m}}!"));
        if resists(state, m) {
            damage /= 2;
        }
        crate::dungeon::rules::combat::wound(state, m, damage);
        seen
    } else {
        say_of(state, m, &format!("The {what} misses {{m}}."));
        false
    }
}

fn make_invisible(state: &mut RunState, m: usize) -> bool {
    beam_touches(state, m, true);
    let at = state.level().monsters[m].pos;
    let seen = sees(state, at);
    if seen && !state.level().monsters[m].invisible {
        say_of(state, m, "{M} vanishes!");
    }
    state.level_mut().monsters[m].invisible = true;
    false
}

/// Slow or speed monster: one step slower or faster, unless it resists.
fn set_pace(state: &mut RunState, m: usize, to: Pace) -> bool {
    beam_touches(state, m, to == Pace::Slow);
    if resists(state, m) {
        return false;
    }
    let was = state.level().monsters[m].pace;
    let now = match (was, to) {
        (Pace::Fast, Pace::Slow) | (Pace::Slow, Pace::Fast) => Pace::Normal,
        _ => to,
    };
    state.level_mut().monsters[m].pace = now;
    if was == now {
        return false;
    }
    let text = if to == Pace::Slow {
        "{M} seems to be moving slower."
    } else {
        "{M} seems to be moving faster."
    };
    let seen = sees(state, state.level().monsters[m].pos);
    say_of(state, m, text);
    seen
}

fn slow_monster(state: &mut RunState, m: usize) -> bool {
    set_pace(state, m, Pace::Slow)
}

fn speed_monster(state: &mut RunState, m: usize) -> bool {
    set_pace(state, m, Pace::Fast)
}

/// The undead take `rnd(8)` (halved if they resist); the rest feel
/// nothing.
fn undead_turning(state: &mut RunState, m: usize) -> bool {
    let kind = state.level().monsters[m].kind;
    if !state.content().monster(kind).undead {
        return false;
    }
    beam_touches(state, m, true);
    let mut damage = state.rng.rnd(8) as i32;
    if resists(state, m) {
        damage /= 2;
    }
    crate::dungeon::rules::combat::wound(state, m, damage);
    false
}

/// Polymorph: one time in 25 the shock kills it; else it becomes another
/// random monster for the level, its wounds kept in proportion.
fn polymorph(state: &mut RunState, m: usize) -> bool {
    beam_touches(state, m, true);
    let kind = state.level().monsters[m].kind;
    let row = state.content().monster(kind).clone();
    if row.magic_resistance >= 100 || resists(state, m) {
        return false;
    }
    let seen = sees(state, state.level().monsters[m].pos);
    if state.rng.rn2(25) == 0 {
        say_of(state, m, "{M} shudders!");
        let hp = state.level().monsters[m].hp;
        crate::dungeon::rules::combat::wound(state, m, hp);
        return seen;
    }
    transform(state, m)
}

/// Monster `m` becomes another random monster for the level, its wounds
/// kept in proportion (NetHack's `newcham`). Returns whether you saw it.
pub(crate) fn transform(state: &mut RunState, m: usize) -> bool {
    let seen = sees(state, state.level().monsters[m].pos);
    let kind = state.level().monsters[m].kind;
    let row = state.content().monster(kind).clone();
    let content = state.setup.content.clone();
    let difficulty = state.dlvl(state.depth) as u32;
    let you = state.player.growth.as_ref().map_or(1, |g| g.level as i32);
    let Some(new) =
        crate::dungeon::kinds::classes::random_monster(&content, difficulty, you, &mut state.rng)
            .filter(|&k| k != kind)
    else {
        return false;
    };
    let hp = crate::dungeon::dice::roll_hp(content.monster(new).hit_dice, &mut state.rng);
    let monster = &mut state.level_mut().monsters[m];
    let share = monster.hp.max(1) as f64 / monster.max_hp.max(1) as f64;
    monster.kind = new;
    monster.max_hp = hp;
    monster.hp = ((hp as f64 * share).ceil() as i32).max(1);
    monster.disguise = None;
    if seen {
        state.say(format!(
            "The {} turns into {}!",
            row.name,
            crate::dungeon::content::with_article(&content.monster(new).name)
        ));
    }
    seen
}

/// Cancellation: the monster's magic is gone (a mimic shows itself).
fn cancellation(state: &mut RunState, m: usize) -> bool {
    beam_touches(state, m, true);
    if resists(state, m) {
        return false;
    }
    let monster = &mut state.level_mut().monsters[m];
    monster.cancelled = true;
    monster.disguise = None;
    monster.invisible = false;
    false
}

/// Teleportation: the monster goes to a random free cell of the level.
fn teleportation(state: &mut RunState, m: usize) -> bool {
    beam_touches(state, m, true);
    let seen = sees(state, state.level().monsters[m].pos);
    let Some(to) = crate::dungeon::rules::teleport::random_free_cell_here(state) else {
        return false;
    };
    if seen {
        say_of(state, m, "{M} vanishes!");
    }
    state.level_mut().monsters[m].pos = to;
    false
}

/// Probing: what the monster is, its hit points and what it carries.
fn probing(state: &mut RunState, m: usize) -> bool {
    let monster = state.level().monsters[m];
    let content = state.setup.content.clone();
    let row = content.monster(monster.kind);
    let mut carried: Vec<String> = monster
        .gear
        .iter()
        .flatten()
        .chain(monster.tool.iter())
        .map(|&k| crate::dungeon::content::with_article(&content.item(k).name))
        .collect();
    if let Some((k, n)) = monster.missiles {
        carried.push(crate::dungeon::discoveries::counted(
            n,
            &content.item(k).name,
        ));
    }
    if monster.gold > 0 {
        carried.push(format!("{} gold pieces", monster.gold));
    }
    let pace = match monster.pace {
        Pace::Slow => ", slow",
        Pace::Normal => "",
        Pace::Fast => ", fast",
    };
    state.say(format!(
        "{} ({}/{} HP{pace}).",
        crate::dungeon::shared::capitalised(&crate::dungeon::content::with_article(&row.name)),
        monster.hp,
        monster.max_hp
    ));
    state.say(if carried.is_empty() {
        "It is not carrying anything.".to_string()
    } else {
        format!("It carries {}.", carried.join(", "))
    });
    true
}

// ---- Rays ----

/// NetHack's `zap_hit`: does a ray hit a target of armour class `ac`?
fn zap_hit(state: &mut RunState, ac: i32) -> bool {
    let chance = state.rng.rn2(20) as i32;
    if chance == 0 {
        return (state.rng.rnd(10) as i32) < ac;
    }
    let ac = if ac >= 0 {
        ac
    } else {
        -(state.rng.rnd((-ac) as u64) as i32)
    };
    3 - chance < ac
}

/// Is `p` a cell a ray passes (NetHack's `ZAP_POS`, less closed doors)?
fn passes(state: &RunState, p: Pos) -> bool {
    let level = state.level();
    level.map.contains(p) && {
        let t = level.map.tile(p);
        t.is_walkable() || t.is_door()
    }
}

/// A ray that way from you (`buzz`): 7 to 13 cells, bouncing; with no
/// way across (zapped up or down), one cell: yours.
fn buzz(state: &mut RunState, bolt: Bolt, way: (i32, i32)) {
    let from = state.player.pos;
    buzz_from(state, bolt, from, way, true);
}

/// A ray of wand `does` zapped by a monster from `from` that way, the
/// kill not yours (NetHack's `buzz` of a monster's wand). Returns whether
/// `does` names a ray.
pub(crate) fn monster_ray(state: &mut RunState, does: &str, from: Pos, way: Dir) -> bool {
    let Some(ray) = aim_of(does).and_then(ray_of) else {
        return false;
    };
    buzz_from(state, Bolt::of_wand(ray), from, way.delta(), false);
    true
}

/// A ray from `from` that way; `yours`: you zapped it (a peaceful monster
/// it hits is angered, its kill is yours).
fn buzz_from(
    state: &mut RunState,
    bolt: Bolt,
    from: Pos,
    (mut dx, mut dy): (i32, i32),
    yours: bool,
) {
    let mut range = state.rng.rn1(7, 7) as i32;
    if (dx, dy) == (0, 0) {
        range = 1;
    }
    let mut at = from;
    let name = bolt.name();
    while range > 0 {
        range -= 1;
        let last = at;
        at = Pos::new(at.x + dx, at.y + dy);
        let level = state.level();
        let solid = !level.map.contains(at) || level.map.tile(at) == Tile::Rock;
        if !solid {
            if let Some(m) = state.level().monster_at(at) {
                let ac = state.content().monster(state.level().monsters[m].kind).ac;
                if zap_hit(state, ac) {
                    ray_hits_monster(state, bolt, m, yours);
                    range -= 2;
                } else {
                    say_of(state, m, &format!("The {name} misses {{m}}."));
                }
            } else if at == state.player.pos {
                let ac = crate::dungeon::rules::wear::armour_class(&state.player, state.content());
                if zap_hit(state, ac) {
                    range -= 2;
                    state.say(format!("The {name} hits you!"));
                    if reflects(state) {
                        // Back the way it came (`dobuzz`).
                        state.say("But it reflects from your medallion!");
                        (dx, dy) = (-dx, -dy);
                    } else {
                        ray_hits_you(state, bolt);
                        if state.is_over() {
                            return;
                        }
                    }
                } else {
                    state.say(format!("The {name} whizzes by you!"));
                }
            }
        }
        let stops = solid
            || !passes(state, at)
            || (state.level().map.tile(at) == Tile::DoorClosed && range >= 0);
        if stops {
            let wall_of_mines =
                state.level().map.contains(at) && state.level().map.tile(at).is_wall();
            let chance = if solid {
                10
            } else if wall_of_mines {
                20
            } else {
                75
            };
            range -= 1;
            if range > 0 && state.level().map.contains(last) && sees(state, last) {
                state.say(format!("The {name} bounces!"));
            }
            (dx, dy) = bounce(state, (last, at), (dx, dy), chance);
            at = last;
        }
    }
    crate::dungeon::rules::sight::update(state);
}

/// The way a ray goes on from `last` after meeting the obstacle at `at`
/// (`buzz`'s `make_bounce`): straight back when it came straight, or one
/// time in `chance`; else off whichever side the corner lets it.
fn bounce(
    state: &mut RunState,
    (last, at): (Pos, Pos),
    (dx, dy): (i32, i32),
    chance: u64,
) -> (i32, i32) {
    if dx == 0 || dy == 0 || state.rng.rn2(chance) == 0 {
        return (-dx, -dy);
    }
    let open = |p: Pos| passes(state, p) && state.level().map.tile(p) != Tile::DoorClosed;
    let room = |p: Pos| state.level().map.contains(p) && state.level().map.tile(p).is_walkable();
    let mut way = 0;
    let side = Pos::new(at.x, last.y);
    if open(side) && (room(side) || passes(state, Pos::new(at.x + dx, last.y))) {
        way = 1;
    }
    let other = Pos::new(last.x, at.y);
    if open(other)
        && (room(other) || passes(state, Pos::new(last.x, at.y + dy)))
        && (way == 0 || state.rng.rn2(2) == 1)
    {
        way = 2;
    }
    match way {
        0 => (-dx, -dy),
        1 => (dx, -dy),
        _ => (-dx, dy),
    }
}

/// A ray hits monster `m` (`zhitm`): its damage, halved if it resists the
/// wand's magic; sleep puts it to sleep for 6d25 turns; death kills what
/// lives.
fn ray_hits_monster(state: &mut RunState, bolt: Bolt, m: usize, yours: bool) {
    let ray = bolt.ray;
    if yours {
        crate::dungeon::rules::combat::provoke(state, m);
    }
    let kind = state.level().monsters[m].kind;
    let row = state.content().monster(kind).clone();
    let name = bolt.name();
    let immune = ray.resisted_by().is_some_and(|r| row.resists.contains(&r))
        || (ray == Ray::MagicMissile && row.resists.contains(&Resistance::Magic))
        || (ray == Ray::Death && (row.nonliving || row.resists.contains(&Resistance::Magic)));
    say_of(state, m, &format!("The {name} hits {{m}}."));
    if immune {
        say_of(state, m, "{M} is not affected.");
        // Lightning still reaches what it carries (`zhitm` rolls the blast
        // for that even when the monster resists).
        if ray == Ray::Lightning {
            let blast = bolt.roll(state, 6);
            let mut hurt = destroy::maybe_theirs(state, m, Element::Lightning, blast);
            if hurt > 0 && resists(state, m) {
                hurt /= 2;
            }
            if hurt > 0 {
                hurt_by_ray(state, m, hurt, yours);
            }
        }
        return;
    }
    let damage = match ray {
        Ray::Sleep => {
            if !resists(state, m) {
                let turns = crate::dungeon::dice::roll_dice(bolt.dice, 25, &mut state.rng);
                state.level_mut().monsters[m].asleep = turns.max(1) as u32;
            }
            return;
        }
        Ray::Death => state.level().monsters[m].hp + 1,
        _ => {
            let blast = bolt.roll(state, 6);
            let mut d = blast;
            if ray == Ray::Fire && row.resists.contains(&Resistance::Cold) {
                d += 7;
            }
            if ray == Ray::Cold && row.resists.contains(&Resistance::Fire) {
                d += crate::dungeon::dice::roll_dice(bolt.dice, 3, &mut state.rng);
            }
            if let Some(element) = ray.element() {
                d += destroy::maybe_theirs(state, m, element, blast);
            }
            if resists(state, m) {
                d /= 2;
            }
            d
        }
    };
    hurt_by_ray(state, m, damage, yours);
}

/// Monster `m` takes `damage` from a ray (and wakes); `yours`: the kill is
/// yours.
fn hurt_by_ray(state: &mut RunState, m: usize, damage: i32, yours: bool) {
    state.level_mut().monsters[m].asleep = 0;
    if yours {
        crate::dungeon::rules::combat::wound(state, m, damage);
    } else {
        crate::dungeon::rules::traps::shared::harm_monster(state, m, damage);
    }
}

/// Does an amulet of reflection turn a ray back from you? It is known
/// when it does.
fn reflects(state: &mut RunState) -> bool {
    use crate::dungeon::rules::powers::{Power, power_of};
    let content = state.setup.content.clone();
    let amulet = state
        .player
        .inventory
        .iter()
        .find(|c| c.worn && power_of(&content, c) == Some(Power::Reflection))
        .map(|c| c.kind);
    if let Some(kind) = amulet {
        state.discoveries.discover(kind);
    }
    amulet.is_some()
}

/// A ray comes back through you (`zhitu`).
fn ray_hits_you(state: &mut RunState, bolt: Bolt) {
    let ray = bolt.ray;
    use crate::dungeon::hero::Intrinsic;
    let has = |state: &RunState, i: Intrinsic| crate::dungeon::rules::grow::has(state, i);
    let element = ray.element();
    let blast = match element {
        Some(_) => bolt.roll(state, 6),
        None => 0,
    };
    let damage = match ray {
        Ray::Fire if has(state, Intrinsic::FireResistance) => {
            state.say("You don't feel hot!");
            0
        }
        Ray::Lightning if has(state, Intrinsic::ShockResistance) => {
            state.say("You aren't affected.");
            0
        }
        Ray::MagicMissile => bolt.roll(state, 6),
        Ray::Fire | Ray::Lightning => blast,
        Ray::Cold if has(state, Intrinsic::ColdResistance) => {
            state.say("You don't feel cold.");
            0
        }
        Ray::Cold => blast,
        Ray::Sleep if has(state, Intrinsic::SleepResistance) => {
            state.say("You don't feel sleepy.");
            0
        }
        Ray::Sleep => {
            state.say("You fall asleep.");
            state.asleep = crate::dungeon::dice::roll_dice(bolt.dice, 25, &mut state.rng) as u32;
            0
        }
        Ray::Death => state.player.hp,
    };
    if damage > 0 {
        state.player.hp -= damage;
        if state.die_if_spent(Killer::Zap(bolt.name())) {
            return;
        }
    }
    if let Some(element) = element {
        crate::dungeon::rules::destroy::maybe_yours(state, element, blast);
    }
}

// ---- Digging ----

/// A wand of digging zapped `way`.
fn dig(state: &mut RunState, way: Way) {
    match way {
        Way::Toward(d) => dig_across(state, d),
        Way::Down => dig_down(state),
        Way::Up => rock_on_head(state),
        Way::Here => {}
    }
}

/// Across the level: over floor, up to 8 to 25 cells, digging out the
/// first door, wall or rock it meets (a maze level's `zap_dig`).
fn dig_across(state: &mut RunState, d: Dir) {
    let mut depth = state.rng.rn1(18, 8) as i32;
    let mut at = state.player.pos;
    while depth > 0 {
        depth -= 1;
        at = at.step(d);
        let level = state.level();
        if !level.map.contains(at) {
            break;
        }
        let tile = level.map.tile(at);
        if tile == Tile::DoorClosed || tile.is_secret_door() {
            let seen = tile == Tile::DoorClosed && sees(state, at);
            state.level_mut().break_door(at);
            if seen {
                state.say("The door is razed!");
            }
            break;
        }
        if tile.is_walkable() || tile.is_door() {
            continue;
        }
        if level.is_diggable(at) {
            state.level_mut().dig_out(at);
        } else if sees(state, state.player.pos) {
            state.say(if tile.is_wall() {
                "The wall glows then fades."
            } else {
                "The rock glows then fades."
            });
        }
        break;
    }
    crate::dungeon::rules::sight::update(state);
}

/// Down: off the stairs, a hole and you fall through (a pit on the bottom
/// level; nothing through floor too hard to dig).
fn dig_down(state: &mut RunState) {
    let me = state.player.pos;
    let tile = state.level().map.tile(me);
    if tile == Tile::UpStairs || tile == Tile::DownStairs {
        state.say("The beam bounces off the stairs and hits the ceiling.");
        rock_on_head(state);
        return;
    }
    crate::dungeon::rules::dig::hole_by_wand(state);
}

/// A rock loosened from the ceiling falls on your head: 1d6, 1d2 under
/// a hard hat.
fn rock_on_head(state: &mut RunState) {
    state.say("You loosen a rock from the ceiling.");
    state.say("It falls on your head!");
    let hard_hat = crate::dungeon::rules::wear::hard_hat(&state.player, state.content());
    let damage = state.rng.rnd(if hard_hat { 2 } else { 6 }) as i32;
    state.player.hp -= damage;
    if !state.die_if_spent(Killer::Zap("falling rock"))
        && let Some(rock) = state.content().item_kind("rock")
    {
        let id = state.ids.next_id();
        let me = state.player.pos;
        state
            .level_mut()
            .items
            .push(crate::dungeon::items::Item::new(id, rock, me, 1));
    }
}

// ---- Breaking ----

/// `a` on a wand: after the strength check, "Are you really sure you want
/// to break your wand?"; `y` breaks it (NetHack's `do_break_wand`). No turn
/// until then.
pub(crate) fn ask_to_break(state: &mut RunState, letter: u8) -> bool {
    let Some(i) = crate::dungeon::rules::carry::find(&state.player, letter) else {
        return false;
    };
    let kind = state.player.inventory[i].kind;
    let name = your_wand(state, kind);
    let strength = state.player.growth.as_ref().map_or(18, |g| {
        g.attribute(crate::dungeon::hero::attributes::Attribute::Str)
    });
    let least = if brittle(state, kind) { 5 } else { 10 };
    if strength < least {
        state.say(format!("You don't have the strength to break {name}!"));
        return false;
    }
    state.say(format!(
        "Are you really sure you want to break {name}? [yn] (n)"
    ));
    state.question = Some(crate::dungeon::state::Question::BreakWand(letter));
    false
}

/// "your wand of fire", "your oak wand".
fn your_wand(state: &RunState, kind: crate::dungeon::content::ItemKind) -> String {
    format!(
        "your {}",
        state.discoveries.pack_name(state.content(), kind)
    )
}

/// A balsa or glass wand snaps (and takes less strength).
fn brittle(state: &RunState, kind: crate::dungeon::content::ItemKind) -> bool {
    state
        .discoveries
        .look(kind)
        .is_some_and(|l| l.starts_with("balsa") || l.starts_with("glass"))
}

/// The answer to "Are you really sure...?": `yes` breaks the wand of
/// `letter`. Returns whether a turn was spent.
pub(crate) fn answer_break(state: &mut RunState, letter: u8, yes: bool) -> bool {
    let Some(i) = crate::dungeon::rules::carry::find(&state.player, letter) else {
        return false;
    };
    if !yes {
        return false;
    }
    break_wand(state, i);
    true
}

/// What an explosion is called, as NetHack's `explode` names it.
fn blast_name(does: &str) -> &'static str {
    match does {
        "fire" => "fireball",
        "cold" => "ball of cold",
        "lightning" => "ball of lightning",
        "death" => "death field",
        _ => "magical blast",
    }
}

fn break_wand(state: &mut RunState, i: usize) {
    let kind = state.player.inventory[i].kind;
    let name = your_wand(state, kind);
    let verb = if brittle(state, kind) {
        "snap"
    } else {
        "break"
    };
    state.say(format!(
        "Raising {name} high above your head, you {verb} it in two!"
    ));
    let does = state
        .content()
        .item(kind)
        .on_pick_up
        .zapped()
        .unwrap_or_default()
        .to_string();
    // The charge zappable takes is given back; a wrested one is 1 to 3.
    let wrested = state.player.inventory[i].spe == 0;
    if !zappable(state, i) {
        use_up(&mut state.player, i);
        state.say("But nothing else happens...");
        return;
    }
    let spe = if wrested {
        state.rng.rnd(3) as i32
    } else {
        i32::from(state.player.inventory[i].spe) + 1
    };
    use_up(&mut state.player, i);
    let dmg = spe * 4;
    let me = state.player.pos;
    let area: Vec<Pos> = std::iter::once(me)
        .chain(Dir::ALL.iter().map(|&d| me.step(d)))
        .filter(|&p| state.level().map.contains(p))
        .collect();
    let (damage, element) = match does.as_str() {
        "opening"
        | "wishing"
        | "nothing"
        | "locking"
        | "probing"
        | "enlightenment"
        | "secret door detection" => {
            state.say("But nothing else happens...");
            return;
        }
        "death" | "lightning" => (dmg * 4, aim_of(&does).and_then(ray_of)),
        "fire" | "cold" => (dmg * 2, aim_of(&does).and_then(ray_of)),
        "magic missile" => (dmg, Some(Ray::MagicMissile)),
        _ => {
            if does == "striking" {
                state.say("A wall of force smashes down around you!");
            }
            let roll = state.rng.rnd(dmg.max(1) as u64) as i32;
            (roll, None)
        }
    };
    state.discoveries.discover(kind);
    explode(state, &area, damage, element, blast_name(&does));
    if state.is_over() || element.is_some() {
        return;
    }
    // Then the wand's own magic on each of the nine cells, yours last.
    let striking_dmg = crate::dungeon::dice::roll_dice((1 + spe) as u32, 6, &mut state.rng);
    let mut mine = area.clone();
    mine.rotate_left(1);
    for p in mine {
        if state.is_over() {
            return;
        }
        match does.as_str() {
            "digging" => dig_under(state, p, spe),
            "create monster" => {
                make_monster_at(state, p);
            }
            _ if p == state.player.pos => {
                if does == "striking" {
                    state.say("You bash yourself!");
                    state.player.hp -= striking_dmg;
                    state.die_if_spent(Killer::Zap("breaking a wand"));
                } else if does != "light" {
                    zap_yourself(state, &does);
                }
            }
            _ => {
                if let (Some(m), Some(Aim::Beam(on_monster, _))) =
                    (state.level().monster_at(p), aim_of(&does))
                {
                    on_monster(state, m);
                } else if let (Some(m), "sleep") = (state.level().monster_at(p), does.as_str()) {
                    beam_touches(state, m, true);
                    let turns =
                        crate::dungeon::dice::roll_dice((1 + spe) as u32, 12, &mut state.rng);
                    state.level_mut().monsters[m].asleep = turns as u32;
                }
            }
        }
    }
    if does == "light" {
        crate::dungeon::rules::read::light_area(state, true);
    }
}

fn ray_of(aim: Aim) -> Option<Ray> {
    match aim {
        Aim::Ray(r) => Some(r),
        _ => None,
    }
}

/// An explosion of `damage` over `area` (NetHack's `explode`): each monster
/// there takes it (none if it resists the element, half if it resists the
/// magic), and so do you.
fn explode(state: &mut RunState, area: &[Pos], damage: i32, element: Option<Ray>, name: &str) {
    for &p in area {
        if p == state.player.pos {
            continue;
        }
        let Some(m) = state.level().monster_at(p) else {
            continue;
        };
        let row = state
            .content()
            .monster(state.level().monsters[m].kind)
            .clone();
        let immune = element
            .and_then(Ray::resisted_by)
            .is_some_and(|r| row.resists.contains(&r))
            || (element == Some(Ray::Death) && row.nonliving);
        crate::dungeon::rules::combat::provoke(state, m);
        if immune {
            say_of(state, m, &format!("{{M}} seems unharmed by the {name}."));
            continue;
        }
        say_of(state, m, &format!("{{M}} is caught in the {name}!"));
        let mut d = if element == Some(Ray::Death) {
            state.level().monsters[m].hp + 1
        } else {
            damage
        };
        if resists(state, m) {
            d = (d + 1) / 2;
        }
        state.level_mut().monsters[m].asleep = 0;
        crate::dungeon::rules::combat::wound(state, m, d);
    }
    use crate::dungeon::hero::Intrinsic;
    let resisted = match element {
        Some(Ray::Cold) => crate::dungeon::rules::grow::has(state, Intrinsic::ColdResistance),
        Some(Ray::Fire) => crate::dungeon::rules::grow::has(state, Intrinsic::FireResistance),
        Some(Ray::Lightning) => crate::dungeon::rules::grow::has(state, Intrinsic::ShockResistance),
        _ => false,
    };
    state.say(format!("You are caught in the {name}!"));
    if resisted {
        return;
    }
    let d = if element == Some(Ray::Death) {
        state.player.hp
    } else {
        damage
    };
    state.player.hp -= d;
    state.die_if_spent(Killer::Zap("breaking a wand"));
}

/// A broken wand of digging under `p`: a hole one time in... (`rn2(spe) >=
/// 3`) where the floor can be dug through, else a pit.
fn dig_under(state: &mut RunState, p: Pos, spe: i32) {
    let level = state.level();
    let tile = level.map.tile(p);
    if !tile.is_walkable() || tile.row().dig_down.is_some() || level.trap_at(p).is_some() {
        return;
    }
    let undiggable = level.marked_undiggable(p);
    let bottom = state.depth >= state.plan.len();
    let hole = !undiggable && !bottom && state.rng.rn2(spe.max(1) as u64) >= 3;
    let id = if hole { "hole" } else { "pit" };
    let Some(kind) = state.content().trap_kind(id) else {
        return;
    };
    state.level_mut().traps.push(crate::dungeon::traps::Trap {
        kind,
        pos: p,
        seen: true,
        launch: None,
    });
    if p == state.player.pos {
        if hole {
            state.say("You fall through...");
            let to = state.depth + 1;
            crate::dungeon::rules::teleport::go_to_level(state, to);
        } else {
            state.player.trapped = Some((kind, 2 + state.rng.rn2(4) as u32));
            state.say("You fall into a pit!");
        }
    }
}

/// A random monster of the level at `p`, if it is free. Returns whether
/// you see it.
fn make_monster_at(state: &mut RunState, p: Pos) -> bool {
    let level = state.level();
    if p == state.player.pos
        || !level.map.is_walkable(p)
        || level.monster_at(p).is_some()
        || level.has_boulder(p)
    {
        return false;
    }
    let content = state.setup.content.clone();
    let difficulty = state.dlvl(state.depth) as u32;
    let you = state.player.growth.as_ref().map_or(1, |g| g.level as i32);
    let Some(kind) =
        crate::dungeon::kinds::classes::random_monster(&content, difficulty, you, &mut state.rng)
    else {
        return false;
    };
    let hp = crate::dungeon::dice::roll_hp(content.monster(kind).hit_dice, &mut state.rng);
    let id = state.ids.next_id();
    state
        .level_mut()
        .monsters
        .push(Monster::new(id, kind, p, hp, false));
    crate::dungeon::rules::sight::update(state);
    sees(state, p)
}
