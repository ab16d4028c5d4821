//! Fire, cold and lightning destroying what is carried, as NetHack 3.7's
//! `destroy_items` has it: a ray of fire that reaches your body burns
//! scrolls and boils potions, cold freezes potions, lightning blows up wands
//! and turns rings to dust (a charged ring is charged by it two times in
//! three instead).
//!
//! A ray that hits does so one time in three. How many stacks it may touch
//! goes by the ray's damage, a stack for each 5 points (the rest a chance of
//! one more), at most 20, the stacks drawn evenly from all that can go;
//! then each thing in a chosen stack goes one time in three. A worn ring
//! that resists the element saves what you carry 99 times in 100, a
//! dwarvish cloak 9 in 10 from fire and cold. A boiling potion hurts 1d6, a
//! freezing one 1d4, a burning scroll 1, an exploding wand 1d10; resisting
//! the element spares you that (but not a potion's). A monster's things go
//! the same way, their hurt added to the ray's.
//!
//! Not built: a burning potion's vapours (`potionbreathe`), fire lighting
//! what you carry (`ignite_items`), and a ray's fire burning your armour
//! (this game's armour only rusts): fire always reaches your body.

use crate::dungeon::content::{Content, ItemKind};
use crate::dungeon::discoveries::plural;
use crate::dungeon::effects::Slot;
use crate::dungeon::hero::Intrinsic;
use crate::dungeon::rules::accessories;
use crate::dungeon::rules::powers::{self, Power};
use crate::dungeon::rules::traps::shared::{say_of, the};
use crate::dungeon::shared::{Killer, capitalised};
use crate::dungeon::state::RunState;

/// What can destroy carried things.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Element {
    Fire,
    Cold,
    Lightning,
}

/// A stack for each this many points of damage (`DMG_DESTROY_SCALE`).
const DAMAGE_A_STACK: i32 = 5;
/// The most stacks one blast touches (`MAX_ITEMS_DESTROYED`).
const MOST_STACKS: usize = 20;

/// Things the element can't touch though their class can go: what is of
/// the element's own magic.
const IMMUNE: &[(Element, &str)] = &[
    (Element::Fire, "scroll_of_fire"),
    (Element::Fire, "spellbook_of_fireball"),
    (Element::Cold, "potion_of_oil"),
    (Element::Lightning, "ring_of_shock_resistance"),
    (Element::Lightning, "wand_of_lightning"),
];

/// How a thing goes, by its class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Loss {
    /// A potion in the cold.
    Freezes,
    /// A potion in fire (oil ignites).
    Boils { oil: bool },
    /// A scroll in fire.
    Burns,
    /// A spellbook in fire.
    BookBurns,
    /// A ring in lightning.
    Dust,
    /// A wand in lightning.
    Explodes,
}

impl Loss {
    /// What it does, for one and for several.
    fn verbs(self) -> (&'static str, &'static str) {
        match self {
            Loss::Freezes => ("freezes and shatters", "freeze and shatter"),
            Loss::Boils { oil: false } => ("boils and explodes", "boil and explode"),
            Loss::Boils { oil: true } => ("ignites and explodes", "ignite and explode"),
            Loss::Burns | Loss::BookBurns => ("catches fire and burns", "catch fire and burn"),
            Loss::Dust => ("turns to dust and vanishes", "turn to dust and vanish"),
            Loss::Explodes => ("breaks apart and explodes", "break apart and explode"),
        }
    }

    /// What killed you, if it can: "boiling potion".
    fn killer(self) -> &'static str {
        match self {
            Loss::Freezes => "shattered potion",
            Loss::Boils { oil: false } => "boiling potion",
            Loss::Boils { oil: true } => "exploding potion",
            Loss::Burns => "burning scroll",
            Loss::BookBurns => "burning book",
            Loss::Dust => "crumbling ring",
            Loss::Explodes => "exploding wand",
        }
    }

    /// The hurt it does, rolled before the count (`maybe_destroy_item`).
    fn hurt(self, state: &mut RunState) -> i32 {
        match self {
            Loss::Freezes => state.rng.rnd(4) as i32,
            Loss::Boils { .. } => state.rng.rnd(6) as i32,
            Loss::Burns | Loss::BookBurns => 1,
            Loss::Dust => 0,
            Loss::Explodes => state.rng.rnd(10) as i32,
        }
    }
}

/// How `element` destroys a thing of `kind`, if it can (`destroyable`).
fn loss(content: &Content, kind: ItemKind, element: Element) -> Option<Loss> {
    let row = content.item(kind);
    if IMMUNE.contains(&(element, row.id.as_str())) {
        return None;
    }
    match (element, row.glyph) {
        (Element::Cold, '!') => Some(Loss::Freezes),
        (Element::Fire, '!') => Some(Loss::Boils {
            oil: row.id == "potion_of_oil",
        }),
        (Element::Fire, '?') => Some(Loss::Burns),
        (Element::Fire, '+') => Some(Loss::BookBurns),
        (Element::Lightning, '=') => Some(Loss::Dust),
        (Element::Lightning, '/') => Some(Loss::Explodes),
        _ => None,
    }
}

/// How many stacks a blast of `damage` may touch (`destroy_items`' limit).
fn stacks_for(state: &mut RunState, damage: i32) -> usize {
    let mut limit = damage.max(0) / DAMAGE_A_STACK;
    if damage.max(0) % DAMAGE_A_STACK > state.rng.rn2(DAMAGE_A_STACK as u64) as i32 {
        limit += 1;
    }
    (limit as usize).min(MOST_STACKS)
}

/// Up to `limit` of `eligible`, each equally likely (a reservoir, as
/// `destroy_items` fills `items_to_destroy`), in their places.
fn choose<T: Copy>(state: &mut RunState, eligible: &[T], limit: usize) -> Vec<T> {
    let mut chosen: Vec<Option<T>> = vec![None; limit];
    for (seen, &thing) in eligible.iter().enumerate() {
        let i = if seen < limit {
            seen
        } else {
            state.rng.rn2(seen as u64) as usize
        };
        if i < limit {
            chosen[i] = Some(thing);
        }
    }
    chosen.into_iter().flatten().collect()
}

/// How many of `quantity` go, one time in three each.
fn how_many_go(state: &mut RunState, quantity: u32) -> u32 {
    (0..quantity).filter(|_| state.rng.rn2(3) == 0).count() as u32
}

/// "One of ", "Some of ", "Both of ", "All of " or nothing.
fn share(gone: u32, of: u32) -> &'static str {
    match (gone, of) {
        (1, 1) => "",
        (1, _) => "One of ",
        (g, q) if g < q => "Some of ",
        (_, 2) => "Both of ",
        _ => "All of ",
    }
}

/// One time in three, `element` at `damage` (the ray's, resisted or not)
/// destroys some of what you carry (`zhitu`'s `destroy_items`).
pub(crate) fn maybe_yours(state: &mut RunState, element: Element, damage: i32) {
    if state.rng.rn2(3) == 0 {
        yours(state, element, damage);
    }
}

/// A monster's blow of `element` at `damage` destroys some of what you
/// carry (the blow's own chance, its level in 20, is rolled by the blow).
pub(crate) fn by_blow(state: &mut RunState, element: Element, damage: i32) {
    yours(state, element, damage);
}

/// `element` at `damage` destroys some of what you carry.
fn yours(state: &mut RunState, element: Element, damage: i32) {
    let limit = stacks_for(state, damage);
    if limit == 0 {
        return;
    }
    let content = state.setup.content.clone();
    let eligible: Vec<u32> = state
        .player
        .inventory
        .iter()
        .filter(|c| loss(&content, c.kind, element).is_some())
        .map(|c| c.id)
        .collect();
    let chosen = choose(state, &eligible, limit);
    // A worn ring of levitation goes last, so you land once the rest is done.
    let floats = |state: &RunState, id: u32| {
        state.player.inventory.iter().any(|c| {
            c.id == id
                && c.worn
                && matches!(
                    powers::power_of(&content, c),
                    Some(Power::Levitation | Power::Flying)
                )
        })
    };
    let (last, first): (Vec<u32>, Vec<u32>) = chosen.into_iter().partition(|&id| floats(state, id));
    for id in first.into_iter().chain(last) {
        if state.is_over() {
            return;
        }
        if let Some(i) = state.player.inventory.iter().position(|c| c.id == id) {
            destroy_yours(state, i, element);
        }
    }
}

/// How many in a hundred a worn thing saves what you carry from `element`
/// (`u_adtyp_resistance_obj`).
fn protection(state: &RunState, element: Element) -> u64 {
    let content = state.content();
    let power = match element {
        Element::Fire => Power::FireResistance,
        Element::Cold => Power::ColdResistance,
        Element::Lightning => Power::ShockResistance,
    };
    if powers::has(&state.player, content, power) {
        return 99;
    }
    let cloak = state
        .player
        .inventory
        .iter()
        .any(|c| c.worn && content.item(c.kind).id == "dwarvish_cloak");
    if cloak && element != Element::Lightning {
        90
    } else {
        0
    }
}

/// Do you resist `element` yourself?
fn you_resist(state: &RunState, element: Element) -> bool {
    crate::dungeon::rules::grow::has(
        state,
        match element {
            Element::Fire => Intrinsic::FireResistance,
            Element::Cold => Intrinsic::ColdResistance,
            Element::Lightning => Intrinsic::ShockResistance,
        },
    )
}

/// Do gloves that are not metal cover the hand a worn ring is on?
fn gloved_ring(state: &RunState, i: usize) -> bool {
    let content = state.content();
    state.player.inventory[i].worn
        && state.player.inventory[i].hand.is_some()
        && state.player.inventory.iter().any(|g| {
            g.worn
                && content
                    .item(g.kind)
                    .on_pick_up
                    .armour()
                    .is_some_and(|a| a.slot == Slot::Gloves)
                && !content.item(g.kind).rusts
        })
}

/// `element` at the stack at pack place `i` (`maybe_destroy_item`).
fn destroy_yours(state: &mut RunState, i: usize, element: Element) {
    let protection = protection(state, element);
    if protection > 0 && state.rng.rn2(100) < protection {
        return;
    }
    let content = state.setup.content.clone();
    let c = state.player.inventory[i];
    let Some(loss) = loss(&content, c.kind, element) else {
        return;
    };
    if loss == Loss::Dust {
        if gloved_ring(state, i) {
            return;
        }
        if content.item(c.kind).curses == Some(crate::dungeon::content::CurseOdds::ChargedRing)
            && state.rng.rn2(3) != 0
        {
            charge_ring(state, i);
            return;
        }
    }
    // Resisting the element spares you the hurt of all but a potion's.
    let spared = loss != Loss::Freezes
        && !matches!(loss, Loss::Boils { .. })
        && loss != Loss::Dust
        && you_resist(state, element);
    let hurt = loss.hurt(state);
    let gone = how_many_go(state, c.quantity);
    if gone == 0 {
        return;
    }
    let name = state.discoveries.pack_name(&content, c.kind).to_string();
    let yours = if gone == 1 && c.quantity == 1 {
        format!("Your {name}")
    } else {
        format!("{}your {}", share(gone, c.quantity), plural(&name))
    };
    let (one, many) = loss.verbs();
    let verb = if gone > 1 { many } else { one };
    state.say(format!("{yours} {verb}!"));
    if c.worn && c.hand.is_some() {
        accessories::gone(state, i);
    }
    take_away(state, c.id, gone);
    if hurt > 0 {
        if spared {
            state.say("You aren't hurt!");
        } else {
            state.player.hp -= hurt;
            state.die_if_spent(Killer::Destroyed {
                what: loss.killer(),
                many: gone > 1,
            });
        }
    }
}

/// `gone` of the stack with id `id` leave your pack.
fn take_away(state: &mut RunState, id: u32, gone: u32) {
    let Some(i) = state.player.inventory.iter().position(|c| c.id == id) else {
        return;
    };
    let c = &mut state.player.inventory[i];
    if c.quantity > gone {
        c.quantity -= gone;
    } else {
        state.player.inventory.remove(i);
    }
}

/// Lightning charges a charged ring as an uncursed scroll of charging
/// would (`recharge(obj, 0)`): it spins, one more point; or, already well
/// charged (above `rn2(7)`) or far below, it explodes for 1d(3 × its
/// charge).
fn charge_ring(state: &mut RunState, i: usize) {
    let content = state.setup.content.clone();
    let c = state.player.inventory[i];
    let name = capitalised(&format!(
        "your {}",
        state.discoveries.pack_name(&content, c.kind)
    ));
    let spe = i32::from(c.spe);
    if spe > state.rng.rn2(7) as i32 || spe <= -5 {
        state.say(format!("{name} pulsates momentarily, then explodes!"));
        if c.worn {
            accessories::gone(state, i);
        }
        take_away(state, c.id, 1);
        let hurt = state.rng.rnd((3 * spe.unsigned_abs()).max(1) as u64) as i32;
        state.player.hp -= hurt;
        state.die_if_spent(Killer::Destroyed {
            what: "exploding ring",
            many: false,
        });
    } else {
        state.say(format!("{name} spins clockwise for a moment."));
        state.player.inventory[i].spe = c.spe.saturating_add(1);
        accessories::refresh_bonus(state);
    }
}

/// One time in three, `element` at `damage` destroys some of what monster
/// `m` carries (`zhitm`'s `destroy_items`); returns the hurt that does it,
/// to add to the ray's.
pub(crate) fn maybe_theirs(state: &mut RunState, m: usize, element: Element, damage: i32) -> i32 {
    if state.rng.rn2(3) != 0 {
        return 0;
    }
    let limit = stacks_for(state, damage);
    if limit == 0 {
        return 0;
    }
    let content = state.setup.content.clone();
    let magic = state.level().monsters[m].magic;
    let eligible: Vec<usize> = (0..magic.len())
        .filter(|&s| magic[s].is_some_and(|t| loss(&content, t.kind, element).is_some()))
        .collect();
    let mut total = 0;
    for slot in choose(state, &eligible, limit) {
        let Some(thing) = state.level().monsters[m].magic[slot] else {
            continue;
        };
        let Some(loss) = loss(&content, thing.kind, element) else {
            continue;
        };
        let hurt = loss.hurt(state);
        // A monster's magic comes one to a slot.
        if how_many_go(state, 1) == 0 {
            continue;
        }
        let name = state
            .discoveries
            .floor_name(&content, thing.kind)
            .to_string();
        let whose = the(state, m);
        let (one, _) = loss.verbs();
        say_of(state, m, &capitalised(&format!("{whose}'s {name} {one}!")));
        state.level_mut().monsters[m].magic[slot] = None;
        total += hurt;
    }
    total
}
