//! What you carry: gold and the inventory, picking up (and buying, in a
//! shop), lights that burn, applying and dropping. What an item does is its
//! effect's ([`crate::dungeon::effects`]): the rules here ask it.

use crate::dungeon::RunStatus;
use crate::dungeon::content::{Content, with_article};
use crate::dungeon::effects::PickUp;
use crate::dungeon::items::Item;
use crate::dungeon::messages::MessageLog;
use crate::dungeon::state::{Carried, Player, RunState};

/// Gems carried.
pub(crate) fn gems(player: &Player, content: &Content) -> usize {
    player
        .inventory
        .iter()
        .filter(|c| content.item(c.kind).on_pick_up.rule().counts_as_gem())
        .map(|c| c.quantity as usize)
        .sum()
}

/// The radius of the light you carry, if one is burning.
pub(crate) fn light_radius(player: &Player, content: &Content) -> Option<u32> {
    player
        .inventory
        .iter()
        .filter(|c| c.lit)
        .filter_map(|c| content.item(c.kind).on_pick_up.rule().light())
        .map(|l| l.radius)
        .max()
}

/// Are you slowed (carrying something cursed and heavy)?
pub(crate) fn is_slowed(player: &Player, content: &Content) -> bool {
    player
        .inventory
        .iter()
        .any(|c| content.item(c.kind).on_pick_up.rule().cursed())
}

/// How an inventory item reads: "a wax candle (lit, 380 turns left)",
/// "3 red gems".
pub(crate) fn describe_carried(content: &Content, c: &Carried) -> String {
    let row = content.item(c.kind);
    let mut text = if c.quantity > 1 {
        format!("{} {}s", c.quantity, row.name)
    } else {
        row.a_name()
    };
    if let Some(left) = c.burn_left {
        text += &match (c.lit, left) {
            (_, 0) => " (burnt out)".to_string(),
            (true, n) => format!(" (lit, {n} turns left)"),
            (false, n) => format!(" ({n} turns of burning left)"),
        };
    }
    if row.on_pick_up.rule().cursed() {
        text += " (cursed)";
    }
    text
}

/// How an item on the floor reads: "a gray stone", "23 gold pieces", "a
/// wax candle (for sale, 20 zorkmids)".
pub(crate) fn floor_item_name(content: &Content, item: &Item) -> String {
    let row = content.item(item.kind);
    let name = if item.quantity > 1 {
        format!("{} {}s", item.quantity, row.seen_name())
    } else {
        with_article(row.seen_name())
    };
    match item.price {
        Some(price) => format!("{name} (for sale, {price} zorkmids)"),
        None => name,
    }
}

/// A turn of burning for every lit light; one that burns out says so.
/// Returns whether one did (what you see changes).
pub(crate) fn burn_lights(
    player: &mut Player,
    content: &Content,
    turn: u64,
    log: &mut MessageLog,
) -> bool {
    let mut out = Vec::new();
    for c in player.inventory.iter_mut().filter(|c| c.lit) {
        let left = c.burn_left.unwrap_or(0).saturating_sub(1);
        c.burn_left = Some(left);
        if left == 0 {
            c.lit = false;
            out.push(c.kind);
        }
    }
    for &kind in &out {
        let name = &content.item(kind).name;
        log.push(turn, format!("Your {name} has burnt out."));
    }
    !out.is_empty()
}

/// What an item's effect may change while it is picked up.
struct Picking<'a> {
    quantity: u32,
    player: &'a mut Player,
    won: bool,
    turn: u64,
    log: &'a mut MessageLog,
}

impl PickUp for Picking<'_> {
    fn quantity(&self) -> u32 {
        self.quantity
    }

    fn add_gold(&mut self, pieces: u32) {
        self.player.gold = self.player.gold.saturating_add(pieces);
    }

    fn win(&mut self) {
        self.won = true;
    }

    fn say(&mut self, text: String) {
        self.log.push(self.turn, text);
    }
}

/// `,`: pick up what lies here, paying first if a shopkeeper is watching.
pub(crate) fn pick_up(state: &mut RunState) -> bool {
    let pos = state.player.pos;
    let Some(i) = state.level().item_at(pos) else {
        state.say("There is nothing here to pick up.");
        return false;
    };
    let item = state.level().items[i];
    let content = state.setup.content.clone();
    let row = content.item(item.kind);
    if let Some(price) = item.price {
        let keeper = state
            .level()
            .monsters
            .iter()
            .any(|m| m.peaceful && content.monster(m.kind).role.rule().keeps_shop());
        if keeper && state.player.gold < price {
            state.say(format!(
                "\"{} costs {price} zorkmids, and you have {},\" says the shopkeeper.",
                with_article(&row.name),
                state.player.gold
            ));
            return false;
        }
        if keeper {
            state.player.gold -= price;
            state.say(format!("You bought {} for {price} zorkmids.", row.a_name()));
        }
    }
    state.level_mut().items.remove(i);
    let mut picking = Picking {
        quantity: item.quantity,
        player: &mut state.player,
        won: false,
        turn: state.turn,
        log: &mut state.log,
    };
    let into_pack = row.on_pick_up.rule().picked_up(&mut picking);
    let won = picking.won;
    if !into_pack {
        return true;
    }
    if item.price.is_none() {
        match &row.unidentified {
            Some(looks) => state.say(format!(
                "You pick up {}: {}.",
                with_article(looks),
                row.a_name()
            )),
            None => state.say(format!("You pick up {}.", row.a_name())),
        }
    }
    carry(
        &mut state.player,
        Carried {
            id: item.id,
            kind: item.kind,
            quantity: item.quantity,
            lit: false,
            burn_left: item.burn_left,
        },
    );
    if let Some(message) = &row.message {
        state.say(message.clone());
    }
    if won {
        state.status = RunStatus::Won {
            item: item.kind,
            depth: state.depth,
        };
    }
    true
}

/// Put an item in the pack: on the stack of its kind, unless it is a
/// light (each burns down on its own).
fn carry(player: &mut Player, c: Carried) {
    let stacks = c.burn_left.is_none();
    match player
        .inventory
        .iter_mut()
        .find(|d| stacks && d.kind == c.kind && d.burn_left.is_none())
    {
        Some(stack) => stack.quantity = stack.quantity.saturating_add(c.quantity),
        None => player.inventory.push(c),
    }
}

/// `a` and a letter: light or snuff the light at inventory place `i`. (A
/// digging tool is [`super::dig`]'s.)
pub(crate) fn apply(
    player: &mut Player,
    content: &Content,
    i: usize,
    turn: u64,
    log: &mut MessageLog,
) -> bool {
    let Some(c) = player.inventory.get_mut(i) else {
        log.push(turn, "You don't have that object.");
        return false;
    };
    let name = content.item(c.kind).name.clone();
    let Some(left) = c.burn_left else {
        log.push(turn, "Sorry, I don't know how to use that.");
        return false;
    };
    if c.lit {
        c.lit = false;
        log.push(turn, format!("Your {name} is now out."));
        return true;
    }
    if left == 0 {
        log.push(turn, format!("Your {name} has burnt out."));
        return false;
    }
    c.lit = true;
    log.push(turn, format!("Your {name} is now lit."));
    true
}

/// `d` and a letter: put inventory item `i` down here (a lit light goes out).
pub(crate) fn drop(state: &mut RunState, i: usize) -> bool {
    let Some(&c) = state.player.inventory.get(i) else {
        state.say("You don't have that object.");
        return false;
    };
    let content = state.setup.content.clone();
    let row = content.item(c.kind);
    if row.on_pick_up.rule().cursed() {
        state.say(format!("You can't let go of the {}!", row.name));
        return false;
    }
    state.player.inventory.remove(i);
    let pos = state.player.pos;
    state.level_mut().items.push(Item {
        id: c.id,
        kind: c.kind,
        pos,
        quantity: c.quantity,
        price: None,
        burn_left: c.burn_left,
    });
    let what = describe_carried(&content, &Carried { lit: false, ..c });
    state.say(format!("You drop {what}."));
    true
}
