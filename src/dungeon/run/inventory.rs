//! What you carry: gold and the inventory, picking up (and buying, in a
//! shop), lights that burn, applying and dropping.

use super::{Carried, Dungeon};
use crate::dungeon::RunStatus;
use crate::dungeon::content::{Effect, Role, with_article};
use crate::dungeon::items::Item;

impl Dungeon {
    /// Gold pieces carried.
    pub fn gold(&self) -> u32 {
        self.player.gold
    }

    /// The radius of the light you carry, if one is burning.
    pub fn light_radius(&self) -> Option<u32> {
        self.player
            .inventory
            .iter()
            .filter(|c| c.lit)
            .filter_map(|c| match self.content().item(c.kind).on_pick_up {
                Effect::Light { radius, .. } => Some(radius),
                _ => None,
            })
            .max()
    }

    /// Are you slowed (carrying a loadstone)?
    pub fn is_slowed(&self) -> bool {
        self.player
            .inventory
            .iter()
            .any(|c| self.content().item(c.kind).on_pick_up == Effect::Loadstone)
    }

    /// How an inventory item reads: "a wax candle (lit, 380 turns left)",
    /// "3 red gems".
    pub fn describe_carried(&self, c: &Carried) -> String {
        let row = self.content().item(c.kind);
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
        if row.on_pick_up == Effect::Loadstone {
            text += " (cursed)";
        }
        text
    }

    /// A turn of burning for every lit light; one that burns out says so.
    pub(super) fn burn_lights(&mut self) {
        let mut out = Vec::new();
        for c in self.player.inventory.iter_mut().filter(|c| c.lit) {
            let left = c.burn_left.unwrap_or(0).saturating_sub(1);
            c.burn_left = Some(left);
            if left == 0 {
                c.lit = false;
                out.push(c.kind);
            }
        }
        for kind in out {
            let name = self.content().item(kind).name.clone();
            self.say(format!("Your {name} has burnt out."));
            self.update_sight();
        }
    }

    /// How an item on the floor reads: "a gray stone", "23 gold pieces", "a
    /// wax candle (for sale, 20 zorkmids)".
    pub(super) fn floor_item_name(&self, item: &Item) -> String {
        let row = self.content().item(item.kind);
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

    pub(super) fn pick_up(&mut self) -> bool {
        let pos = self.player.pos;
        let Some(i) = self.level().item_at(pos) else {
            self.say("There is nothing here to pick up.");
            return false;
        };
        let item = self.level().items[i];
        let row = self.content().item(item.kind).clone();
        if let Some(price) = item.price {
            let keeper = self
                .level()
                .monsters
                .iter()
                .any(|m| m.peaceful && self.content().monster(m.kind).role == Role::Shopkeeper);
            if keeper && self.player.gold < price {
                self.say(format!(
                    "\"{} costs {price} zorkmids, and you have {},\" says the shopkeeper.",
                    with_article(&row.name),
                    self.player.gold
                ));
                return false;
            }
            if keeper {
                self.player.gold -= price;
                self.say(format!("You bought {} for {price} zorkmids.", row.a_name()));
            }
        }
        self.level_mut().items.remove(i);
        match row.on_pick_up {
            Effect::Gold => {
                self.player.gold += item.quantity;
                self.say(format!("You pick up {} gold pieces.", item.quantity));
                return true;
            }
            _ if item.price.is_some() => {}
            _ => match &row.unidentified {
                Some(looks) => self.say(format!(
                    "You pick up {}: {}.",
                    with_article(looks),
                    row.a_name()
                )),
                None => self.say(format!("You pick up {}.", row.a_name())),
            },
        }
        self.carry(Carried {
            id: item.id,
            kind: item.kind,
            quantity: item.quantity,
            lit: false,
            burn_left: item.burn_left,
        });
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

    /// Put an item in the pack: on the stack of its kind, unless it is a
    /// light (each burns down on its own).
    fn carry(&mut self, c: Carried) {
        let stacks = c.burn_left.is_none();
        match self
            .player
            .inventory
            .iter_mut()
            .find(|d| stacks && d.kind == c.kind && d.burn_left.is_none())
        {
            Some(stack) => stack.quantity += c.quantity,
            None => self.player.inventory.push(c),
        }
    }

    /// `a`: snuff the light that burns, or light the first one that can.
    pub(super) fn apply(&mut self) -> bool {
        let lights: Vec<usize> = (0..self.player.inventory.len())
            .filter(|&i| self.player.inventory[i].burn_left.is_some())
            .collect();
        if let Some(&i) = lights.iter().find(|&&i| self.player.inventory[i].lit) {
            self.player.inventory[i].lit = false;
            self.say(format!("Your {} is now out.", self.carried_name(i)));
            return true;
        }
        let Some(&i) = lights
            .iter()
            .find(|&&i| self.player.inventory[i].burn_left.unwrap_or(0) > 0)
        else {
            self.say(if lights.is_empty() {
                "You have nothing to light."
            } else {
                "Your lights have burnt out."
            });
            return false;
        };
        self.player.inventory[i].lit = true;
        self.say(format!("Your {} is now lit.", self.carried_name(i)));
        true
    }

    /// The name of inventory item `i`'s kind ("wax candle").
    fn carried_name(&self, i: usize) -> String {
        let kind = self.player.inventory[i].kind;
        self.content().item(kind).name.clone()
    }

    /// `d` and a letter: put that item down here (a lit light goes out).
    pub(super) fn drop(&mut self, i: usize) -> bool {
        let Some(&c) = self.player.inventory.get(i) else {
            self.say("You don't have that object.");
            return false;
        };
        let row = self.content().item(c.kind).clone();
        if row.on_pick_up == Effect::Loadstone {
            self.say(format!("You can't let go of the {}!", row.name));
            return false;
        }
        self.player.inventory.remove(i);
        let pos = self.player.pos;
        self.level_mut().items.push(Item {
            id: c.id,
            kind: c.kind,
            pos,
            quantity: c.quantity,
            price: None,
            burn_left: c.burn_left,
        });
        let what = self.describe_carried(&Carried { lit: false, ..c });
        self.say(format!("You drop {what}."));
        true
    }
}
