//! The stairs: going down and up, and the monsters next to you that follow.

use super::Dungeon;
use crate::dungeon::content::Role;
use crate::dungeon::monsters;
use crate::generation::Pos;

impl Dungeon {
    pub(super) fn take_stairs_down(&mut self) -> bool {
        if self.level().down_stairs() != Some(self.player.pos) {
            self.say("You can't go down here.");
            return false;
        }
        let followers = self.followers();
        if !self.enter_level(self.depth + 1) {
            return false;
        }
        self.take_from_level(self.depth - 1, &followers);
        let up = self.level().up_stairs();
        self.arrive_at(up);
        self.bring(followers, "down");
        true
    }

    pub(super) fn take_stairs_up(&mut self) -> bool {
        if self.level().map.up_stairs() != Some(self.player.pos) {
            self.say("You can't go up here.");
            return false;
        }
        if self.depth == 1 {
            self.say("You can't leave the mines yet.");
            return false;
        }
        let followers = self.followers();
        if !self.enter_level(self.depth - 1) {
            return false;
        }
        self.take_from_level(self.depth + 1, &followers);
        // A level without a way down (a drawn one) takes you in at its top.
        let level = self.level();
        let arrival = level.down_stairs().unwrap_or_else(|| level.up_stairs());
        self.arrive_at(arrival);
        self.bring(followers, "up");
        true
    }

    /// The monsters that come along when you take the stairs, as in NetHack:
    /// every hostile one next to you, unless its place is its level (a
    /// shopkeeper, a priest, the watch).
    fn followers(&self) -> Vec<monsters::Monster> {
        let me = self.player.pos;
        self.level()
            .monsters
            .iter()
            .filter(|m| {
                m.pos.distance(me) == 1
                    && !m.peaceful
                    && self.content().monster(m.kind).role == Role::Plain
            })
            .copied()
            .collect()
    }

    /// Take `followers` off level `depth`: they are with you now.
    fn take_from_level(&mut self, depth: usize, followers: &[monsters::Monster]) {
        if let Some(level) = self.levels[depth - 1].as_mut() {
            level
                .monsters
                .retain(|m| followers.iter().all(|f| f.id != m.id));
        }
    }

    /// Set `followers` down next to you on the level you arrived on.
    fn bring(&mut self, followers: Vec<monsters::Monster>, way: &str) {
        let me = self.player.pos;
        for mut f in followers {
            let Some(at) = monsters::nearest_free_cell(self.level(), me, me) else {
                continue;
            };
            f.pos = at;
            f.energy = 0;
            let name = self.content().monster(f.kind).name.clone();
            self.level_mut().monsters.push(f);
            self.say(format!("The {name} follows you {way} the stairs."));
        }
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
}
