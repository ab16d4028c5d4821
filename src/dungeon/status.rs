//! The status line's fields: who you are, where, how you stand. Worked out
//! once here for both front ends, so the window's status bar and the
//! terminal's two status lines can't drift apart: each lays the same fields
//! out in its own space. (`--ascii` prints its own older summary of the same
//! numbers, kept byte for byte as recorded runs and tests read it.) And how
//! a finished run ended, for both end screens.

use super::run::Dungeon;
use super::shared::{RunStatus, capitalised};

/// What the status line says of a run, field by field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// "lawful human Valkyrie"; None for the nameless hero.
    pub hero: Option<String>,
    /// The run's seed.
    pub seed: u64,
    /// NetHack's dungeon level (`Dlvl`).
    pub dlvl: usize,
    /// The level's title: "level 3 of 8", "Minetown: Orcish Town (level 3 of 8)".
    pub level: String,
    /// Is the level lit?
    pub lit: bool,
    /// Hit points.
    pub hp: i32,
    /// Their most.
    pub max_hp: i32,
    /// Armour class.
    pub ac: i32,
    /// Gold pieces carried.
    pub gold: u32,
    /// Gems carried.
    pub gems: usize,
    /// The radius of the light you carry, if one burns.
    pub light: Option<u32>,
    /// "Hungry", "Weak", ...; "" when not hungry.
    pub hunger: &'static str,
    /// "FoodPois", or "".
    pub illness: &'static str,
    /// Slowed by what you carry.
    pub burdened: bool,
    /// The trap that holds you, by name.
    pub trapped: Option<String>,
    /// You ride a steed (NetHack's `Ride` condition).
    pub riding: bool,
    /// Stunned (NetHack's `Stun` condition).
    pub stunned: bool,
    /// Confused (`Conf`).
    pub confused: bool,
    /// NetHack's turn counter.
    pub turn: u64,
    /// A hero's growth, as NetHack's status lines show it; None for the
    /// nameless hero.
    pub grown: Option<Grown>,
}

/// What NetHack's status lines show of a hero's growth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grown {
    /// "Valkyrie the Stripling".
    pub title: String,
    /// St Dx Co In Wi Ch as the line writes them ("17", "18/50").
    pub attributes: [(&'static str, String); 6],
    /// "Lawful".
    pub alignment: String,
    /// Power and its most.
    pub pw: (i32, i32),
    /// Experience level and points.
    pub xp: (u32, u64),
    /// "Burdened" ... "Overloaded", or "".
    pub load: &'static str,
}

impl Status {
    /// The status of `run` now.
    pub fn of(run: &Dungeon) -> Status {
        Status {
            hero: run.hero_title(),
            seed: run.seed(),
            dlvl: run.dlvl(run.depth()),
            level: run.level_title(run.depth()),
            lit: run.level().lit,
            hp: run.player().hp,
            max_hp: run.player().max_hp,
            ac: run.armour_class(),
            gold: run.gold(),
            gems: run.gems(),
            light: run.light_radius(),
            hunger: run.hunger(),
            illness: run.illness(),
            burdened: run.is_slowed(),
            trapped: run
                .player()
                .trapped
                .map(|(kind, _)| run.content().trap(kind).name.clone()),
            riding: run.player().steed.is_some(),
            stunned: run.is_stunned(),
            confused: run.is_confused(),
            turn: run.turn(),
            grown: grown(run),
        }
    }

    /// "lit" or "unlit".
    pub fn light_word(&self) -> &'static str {
        if self.lit { "lit" } else { "unlit" }
    }

    /// How you are, besides your hit points: hunger and illness, then
    /// burdened and trapped ("Hungry FoodPois", "Burdened"), each a field;
    /// none when all is well.
    pub fn conditions(&self) -> Vec<String> {
        let mut out = Vec::new();
        match (self.hunger, self.illness) {
            ("", "") => {}
            ("", ill) => out.push(ill.to_string()),
            (word, "") => out.push(word.to_string()),
            (word, ill) => out.push(format!("{word} {ill}")),
        }
        if self.burdened {
            out.push("Burdened".to_string());
        }
        if let Some(trap) = &self.trapped {
            out.push(trap.clone());
        }
        if self.stunned {
            out.push("Stun".to_string());
        }
        if self.confused {
            out.push("Conf".to_string());
        }
        if self.riding {
            out.push("Ride".to_string());
        }
        out
    }

    /// The fields in the order a status line reads them, each as both front
    /// ends print it: who you are and where, then how you stand. The
    /// window joins them on one line, the terminal lays them on NetHack's
    /// two; [`Status::split`] says where the second begins.
    pub fn fields(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(hero) = &self.hero {
            out.push(hero.clone());
        }
        out.push(format!("seed {}", self.seed));
        out.push(format!(
            "Dlvl {}  {}  {}",
            self.dlvl,
            self.level,
            self.light_word()
        ));
        out.push(format!("HP {}({})  AC {}", self.hp, self.max_hp, self.ac));
        out.push(format!("$ {}", self.gold));
        out.push(format!("gems {}", self.gems));
        if let Some(r) = self.light {
            out.push(format!("light {r}"));
        }
        out.extend(self.conditions());
        out.push(format!("T:{}", self.turn));
        out
    }

    /// Where [`Status::fields`]' second line begins: after who you are and
    /// where.
    pub fn split(&self) -> usize {
        2 + usize::from(self.hero.is_some())
    }

    /// A hero's status as NetHack 3.7's two lines (`botl.c`, the title
    /// padded to 30 columns, experience points shown as its `showexp`
    /// shows them, and the turn as `time` does), then a third of the
    /// Mines' own fields; None for the nameless hero.
    ///
    /// `Valkyrie the Stripling         St:17 Dx:13 Co:18 In:7 Wi:10 Ch:8 Lawful`
    /// `Dlvl:3 $:0 HP:16(16) Pw:2(2) AC:6 Xp:1/0 T:1 Burdened`
    pub fn nethack_lines(&self) -> Option<[String; 3]> {
        let g = self.grown.as_ref()?;
        let mut first = format!("{:<30}", g.title);
        for (name, value) in &g.attributes {
            first += &format!(" {name}:{value}");
        }
        first += &format!(" {}", g.alignment);
        let mut second = format!(
            "Dlvl:{} $:{} HP:{}({}) Pw:{}({}) AC:{} Xp:{}/{} T:{}",
            self.dlvl,
            self.gold,
            self.hp.max(0),
            self.max_hp,
            g.pw.0,
            g.pw.1,
            self.ac,
            g.xp.0,
            g.xp.1,
            self.turn
        );
        let ride = if self.riding { "Ride" } else { "" };
        let stun = if self.stunned { "Stun" } else { "" };
        let conf = if self.confused { "Conf" } else { "" };
        for word in [self.hunger, g.load, self.illness, stun, conf, ride] {
            if !word.is_empty() {
                second += &format!(" {word}");
            }
        }
        let mut third = vec![
            format!("seed {}", self.seed),
            self.level.clone(),
            self.light_word().to_string(),
            format!("gems {}", self.gems),
        ];
        if let Some(r) = self.light {
            third.push(format!("light {r}"));
        }
        if let Some(trap) = &self.trapped {
            third.push(trap.clone());
        }
        Some([first, second, third.join("  ")])
    }
}

/// A hero's growth as the status lines show it.
fn grown(run: &Dungeon) -> Option<Grown> {
    use super::hero::attributes::{Attribute, strength_text};
    let hero = run.hero()?;
    let g = run.player().growth.as_ref()?;
    let rows = run.content().heroes();
    let at = |a| g.attribute(a).to_string();
    Some(Grown {
        title: format!("{} the {}", hero.role(rows).name, g.rank(hero, rows)),
        attributes: [
            ("St", strength_text(g.attribute(Attribute::Str))),
            ("Dx", at(Attribute::Dex)),
            ("Co", at(Attribute::Con)),
            ("In", at(Attribute::Int)),
            ("Wi", at(Attribute::Wis)),
            ("Ch", at(Attribute::Cha)),
        ],
        alignment: capitalised(hero.alignment.word()),
        pw: (g.pw, g.max_pw),
        xp: (g.level, g.exp),
        load: run.encumbrance().word(),
    })
}

/// How a finished run ended, as the end screens say it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// "You die..." or "You win!".
    pub title: &'static str,
    /// "Killed by a dwarf on level 3 of 8", "You found the luckstone at
    /// Mines' End".
    pub how: String,
    /// "after 412 turns, with 3 gems."
    pub after: String,
    /// "Seed 7"
    pub seed: String,
}

impl Ending {
    /// How `run` ended; None while it is played.
    pub fn of(run: &Dungeon) -> Option<Ending> {
        let content = run.content();
        let (title, how) = match run.status() {
            RunStatus::Playing => return None,
            RunStatus::Died { killer, depth } => (
                "You die...",
                format!(
                    "{} on {}",
                    capitalised(&killer.death(content)),
                    run.level_title(depth)
                ),
            ),
            RunStatus::Won { item, depth } => (
                "You win!",
                format!(
                    "You found the {} at {}",
                    content.item(item).name,
                    content
                        .kind(run.kind_at(depth))
                        .title
                        .clone()
                        .unwrap_or_else(|| format!("level {depth}"))
                ),
            ),
        };
        let gems = match run.gems() {
            1 => "1 gem".to_string(),
            n => format!("{n} gems"),
        };
        Some(Ending {
            title,
            how,
            after: format!("after {} turns, with {gems}.", run.turn()),
            seed: format!("Seed {}", run.seed()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::RunSetup;

    #[test]
    fn the_fields_name_who_where_and_how() {
        let run = Dungeon::new(7, RunSetup::default()).unwrap();
        let s = Status::of(&run);
        let fields = s.fields();
        assert_eq!(fields[0], "seed 7");
        assert!(fields[1].starts_with("Dlvl "), "{fields:?}");
        assert!(fields[s.split()].starts_with("HP "), "{fields:?}");
        assert_eq!(fields.last().unwrap(), "T:1");
        assert!(s.conditions().is_empty());
        let sick = Status {
            hunger: "Hungry",
            illness: "FoodPois",
            burdened: true,
            trapped: Some("bear trap".into()),
            stunned: true,
            confused: true,
            ..s
        };
        assert_eq!(
            sick.conditions(),
            ["Hungry FoodPois", "Burdened", "bear trap", "Stun", "Conf"]
        );
    }
}
