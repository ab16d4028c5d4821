//! What an item does, one file per effect and one line each in [`EFFECTS`].
//!
//! An item row names its effect in the content file (`on_pick_up: Gem`,
//! `on_pick_up: Light(radius: 2, turns: 400)`); the name picks the line here
//! and the effect's own file reads its settings, checks their bounds and says
//! what the effect does. The rules ask an effect what it does through
//! [`ItemEffect`]'s methods, never by its name, so a new effect is its file
//! and its line, and no match elsewhere grows.

mod amulet;
mod armour;
mod corpse;
mod dig;
mod food;
mod gem;
mod gold;
mod light;
mod loadstone;
mod nothing;
mod oil;
mod potion;
mod ring;
mod scroll;
mod spellbook;
mod stethoscope;
mod unlock;
mod wand;
mod weapon;
mod win;

use std::fmt;
use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};

/// A light source's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LightSource {
    /// It lights the cells within this distance of you.
    pub radius: u32,
    /// Turns of burning in all.
    pub turns: u32,
    /// It never burns out (a magic lamp).
    pub endless: bool,
    /// It is used up when it burns out (a lit potion of oil), where a
    /// candle or lamp stays, burnt out.
    pub burns_away: bool,
}

/// Where a piece of armour is worn: one piece a slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Slot {
    /// Body armour (a suit): worn under a cloak.
    Body,
    /// A cloak, over body armour.
    Cloak,
    /// A shirt, under body armour.
    Shirt,
    /// A helmet.
    Helmet,
    /// A shield.
    Shield,
    /// Gloves.
    Gloves,
    /// Boots.
    Boots,
}

impl Slot {
    /// How messages name the slot's piece: "a cloak".
    pub fn name(self) -> &'static str {
        match self {
            Slot::Body => "body armour",
            Slot::Cloak => "a cloak",
            Slot::Shirt => "a shirt",
            Slot::Helmet => "a helmet",
            Slot::Shield => "a shield",
            Slot::Gloves => "gloves",
            Slot::Boots => "boots",
        }
    }
}

/// A piece of armour's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArmourPiece {
    /// Where it is worn.
    pub slot: Slot,
    /// What it takes off your armour class.
    pub ac: i32,
}

/// Where an accessory is worn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Worn {
    /// On a finger: two at most, one a hand.
    Ring,
    /// Round the neck: one at most.
    Amulet,
}

/// A ring's or an amulet's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accessory<'a> {
    /// Where it is worn.
    pub worn: Worn,
    /// The power it gives while worn (a power of `rules/powers.rs`).
    pub does: &'a str,
    /// Its enchantment is how much it gives (a ring of protection's).
    pub charged: bool,
}

/// How a hero wields a weapon (NetHack's `objects.h`): the skill it
/// trains, its own to-hit bonus and its die against large monsters (its
/// `damage` is the die against small ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WeaponUse {
    /// The skill it trains and is swung with.
    pub skill: crate::dungeon::skills::Skill,
    /// Its to-hit bonus (`oc_hitbon`).
    pub hit: i32,
    /// Its die against a large monster (`oc_wldam`).
    pub large: u32,
    /// It takes both hands (`oc_bimanual`).
    pub two_handed: bool,
    /// How it goes at range: fired, shot, thrown or not at all.
    pub ranged: Ranged,
}

/// How a weapon goes at range (NetHack's `is_launcher`, `is_ammo`,
/// `is_missile` and `throwing_weapon`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub enum Ranged {
    /// A melee weapon: thrown, it flies badly (−2 to hit).
    #[default]
    No,
    /// A launcher (a bow, a crossbow, a sling): wielded, it shoots the
    /// ammunition of its skill; thrown or swung, it bashes for 1d2.
    Launcher,
    /// Ammunition (arrows, ya, bolts): shot from the launcher of its skill,
    /// else thrown weakly (−4 to hit, 1d2); it may break when it hits.
    Ammo,
    /// A missile (a dart): thrown, +2 to hit; it may break when it hits.
    Missile,
    /// Made to be thrown as well as swung (daggers, knives, spears, the
    /// war hammer, the aklys): +2 to hit thrown.
    Thrown,
}

impl Ranged {
    /// Several of one kind stack in the pack, as NetHack merges them
    /// (ammunition, missiles, daggers, spears).
    pub fn stacks(self) -> bool {
        matches!(self, Ranged::Ammo | Ranged::Missile | Ranged::Thrown)
    }
}

/// A spellbook's numbers (NetHack's `objects.h`: `oc_level`, `oc_skill`,
/// `oc_delay`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Book<'a> {
    /// The spell's level, 1 to 7 (0: blank paper).
    pub level: u32,
    /// Its school, a skill (none for blank paper).
    pub school: Option<crate::dungeon::skills::Skill>,
    /// Its study's unit of time (`oc_delay`), which the level multiplies.
    pub delay: u32,
    /// The rule of `rules/cast.rs` it teaches ("blank": none).
    pub casts: &'a str,
}

/// A food's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoodValue {
    /// What eating it gives (NetHack's `oc_nutrition`).
    pub nutrition: u32,
    /// Turns it takes to eat (NetHack's `oc_delay`).
    pub turns: u32,
    /// It is flesh: a vegetarian feels guilty eating it.
    pub meat: bool,
}

/// What an effect may do to the run while its item is being picked up.
pub trait PickUp {
    /// How many are picked up (a pile of gold's pieces).
    fn quantity(&self) -> u32;
    /// Put gold pieces in the purse.
    fn add_gold(&mut self, pieces: u32);
    /// The run is won.
    fn win(&mut self);
    /// A message for the player.
    fn say(&mut self, text: String);
}

/// One effect: what an item of it does. Every method but [`ItemEffect::describe`]
/// has the answer of an item that does nothing, so an effect says only what
/// it changes.
pub trait ItemEffect: fmt::Debug + Send + Sync {
    /// What picking it up does, for the item table in docs/playing.md.
    fn describe(&self) -> String;

    /// Its settings are within the bounds a game can live with (a
    /// one-line reason if not).
    fn check(&self) -> Result<(), String> {
        Ok(())
    }

    /// Picked up: returns whether the item goes into the pack (gold goes into
    /// the purse instead).
    fn picked_up(&self, _run: &mut dyn PickUp) -> bool {
        true
    }

    /// Money: counted as gold, not as an item, in the seed catalogue.
    fn is_money(&self) -> bool {
        false
    }

    /// Counted among the gems in the status line.
    fn counts_as_gem(&self) -> bool {
        false
    }

    /// A light you can light and snuff (`a`).
    fn light(&self) -> Option<LightSource> {
        None
    }

    /// A loadstone: cursed, it can't be dropped (and it slows the nameless
    /// hero, who carries no weights).
    fn cursed(&self) -> bool {
        false
    }

    /// Its enchantment or charges, once known, tell all: "uncursed" goes
    /// unsaid in its name (NetHack's `oc_charged` outside armour and
    /// rings: weapons and weapon-tools).
    fn shows_charges(&self) -> bool {
        self.weapon().is_some()
    }

    /// A digging tool: applied, it digs; a monster carrying one tunnels.
    fn digs(&self) -> bool {
        false
    }

    /// An unlocking tool: its chance in 100 a turn at a locked door.
    fn unlocks(&self) -> Option<u32> {
        None
    }

    /// A stethoscope: applied toward a monster, yourself or a wall, it
    /// listens.
    fn listens(&self) -> bool {
        false
    }

    /// Picking it up wins the run (Mines' End's luckstone): nothing may
    /// turn it into something else.
    fn wins(&self) -> bool {
        false
    }

    /// A weapon: wielded, your blow does 1 to this.
    fn weapon(&self) -> Option<u32> {
        None
    }

    /// A weapon as a hero wields it: skill, to-hit, large die.
    fn wielded_as(&self) -> Option<WeaponUse> {
        None
    }

    /// Armour: worn in its slot, it takes its AC off yours.
    fn armour(&self) -> Option<ArmourPiece> {
        None
    }

    /// Food: what eating it gives, and how long it takes.
    fn food(&self) -> Option<FoodValue> {
        None
    }

    /// A corpse: its numbers are its monster's row's
    /// ([`crate::dungeon::CorpseLine`]), and `rules/corpses.rs` eats it.
    fn is_corpse(&self) -> bool {
        false
    }

    /// A potion: the name of its rule in `rules/quaff.rs`.
    fn quaffed(&self) -> Option<&str> {
        None
    }

    /// A scroll: the name of its rule in `rules/read.rs`.
    fn read(&self) -> Option<&str> {
        None
    }

    /// A spellbook: read, it is studied and teaches its spell.
    fn spellbook(&self) -> Option<Book<'_>> {
        None
    }

    /// A wand: the name of its rule in `rules/zap.rs`.
    fn zapped(&self) -> Option<&str> {
        None
    }

    /// A ring or an amulet: put on (`P`), it gives its power while worn.
    fn accessory(&self) -> Option<Accessory<'_>> {
        None
    }

    /// Worn, the power it gives (a power of `rules/powers.rs`): a ring's or
    /// an amulet's own, or a cloak of displacement's.
    fn gives(&self) -> Option<&str> {
        self.accessory().map(|a| a.does)
    }

    /// Charged (a wand): the range of charges a new one holds. Its
    /// charges are its `spe`, shown after its name ("(0:5)") once known.
    fn charges(&self) -> Option<(u32, u32)> {
        None
    }
}

/// Reads an effect's settings from its text in the content file.
type Make = fn(&str) -> Result<Arc<dyn ItemEffect>, String>;

/// Every effect a content row can name: a new effect is a file and a line.
const EFFECTS: &[(&str, Make)] = &[
    ("Nothing", nothing::make),
    ("Gem", gem::make),
    ("Win", win::make),
    ("Gold", gold::make),
    ("Light", light::make),
    ("Loadstone", loadstone::make),
    ("Dig", dig::make),
    ("Unlock", unlock::make),
    ("Stethoscope", stethoscope::make),
    ("Weapon", weapon::make),
    ("Armour", armour::make),
    ("Food", food::make),
    ("Corpse", corpse::make),
    ("Potion", potion::make),
    ("Oil", oil::make),
    ("Scroll", scroll::make),
    ("Spellbook", spellbook::make),
    ("Wand", wand::make),
    ("Ring", ring::make),
    ("Amulet", amulet::make),
];

/// An effect as a row names it: its name, its text in the file, and what it
/// does. Two are equal when their text is.
#[derive(Clone)]
pub struct EffectRef {
    name: &'static str,
    text: String,
    rule: Arc<dyn ItemEffect>,
}

impl EffectRef {
    /// The effect that `text` (an effect in the content file's notation)
    /// names, its settings read.
    pub fn parse(text: &str) -> Result<EffectRef, String> {
        let text = text.trim();
        let name_len = text
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(text.len());
        let wanted = &text[..name_len];
        let Some(&(name, make)) = EFFECTS.iter().find(|(n, _)| *n == wanted) else {
            let names: Vec<&str> = EFFECTS.iter().map(|(n, _)| *n).collect();
            return Err(format!(
                "no effect '{wanted}' (there are: {})",
                names.join(", ")
            ));
        };
        Ok(EffectRef {
            name,
            text: text.to_string(),
            rule: make(text).map_err(|e| format!("{name}: {e}"))?,
        })
    }

    /// The effect's name, as the registry and the content file spell it.
    pub fn name(&self) -> &'static str {
        self.name
    }
}

/// An item's effect is used as the effect itself: `row.on_pick_up.digs()`.
impl std::ops::Deref for EffectRef {
    type Target = dyn ItemEffect;

    fn deref(&self) -> &Self::Target {
        &*self.rule
    }
}

impl PartialEq for EffectRef {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl Eq for EffectRef {}

impl fmt::Debug for EffectRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl<'de> Deserialize<'de> for EffectRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = Box::<ron::value::RawValue>::deserialize(d)?;
        EffectRef::parse(raw.get_ron()).map_err(serde::de::Error::custom)
    }
}

/// An effect that takes no settings: its text is its name alone.
fn unit<E: ItemEffect + 'static>(text: &str, effect: E) -> Result<Arc<dyn ItemEffect>, String> {
    if text.trim().chars().all(|c| c.is_alphanumeric() || c == '_') {
        Ok(Arc::new(effect))
    } else {
        Err("takes no settings".into())
    }
}

/// The largest die a weapon may roll.
const MAX_DIE: u32 = 1000;

/// A damage die is 1 to [`MAX_DIE`].
fn die(what: &str, sides: u32) -> Result<(), String> {
    if !(1..=MAX_DIE).contains(&sides) {
        return Err(format!("{what} {sides} is not in 1 to {MAX_DIE}"));
    }
    Ok(())
}

/// An effect's settings, read as its own struct (`Light(radius: 2, turns: 400)`).
fn settings<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    ron::from_str(text).map_err(|e| e.code.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_effect_reads_by_its_name() {
        for (name, _) in EFFECTS {
            let text = match *name {
                "Light" => "Light(radius: 2, turns: 400)".to_string(),
                "Weapon" => "Weapon(damage: 8, large: 12, skill: LongSword)".to_string(),
                "Armour" => "Armour(slot: Helmet, ac: 1)".to_string(),
                "Food" => "Food(nutrition: 800, turns: 5)".to_string(),
                "Potion" => "Potion(does: \"healing\")".to_string(),
                "Oil" => "Oil(radius: 1, turns: 400)".to_string(),
                "Scroll" => "Scroll(does: \"light\")".to_string(),
                "Spellbook" => {
                    "Spellbook(level: 1, school: Some(AttackSpells), delay: 2, casts: \"force bolt\")"
                        .to_string()
                }
                "Unlock" => "Unlock(chance: 82)".to_string(),
                "Wand" => "Wand(does: \"striking\", charges: (4, 8))".to_string(),
                "Ring" => "Ring(does: \"protection\", charged: true)".to_string(),
                "Amulet" => "Amulet(does: \"life saving\")".to_string(),
                _ => name.to_string(),
            };
            assert_eq!(EffectRef::parse(&text).unwrap().name(), *name);
        }
        let light = EffectRef::parse("Light(radius: 3, turns: 1500)").unwrap();
        assert_eq!(
            light.light(),
            Some(LightSource {
                radius: 3,
                turns: 1500,
                endless: false,
                burns_away: false,
            })
        );
        let magic = EffectRef::parse("Light(radius: 3, turns: 0, endless: true)").unwrap();
        assert!(magic.light().is_some_and(|l| l.endless && l.turns == 1));

        assert!(
            EffectRef::parse("Glow")
                .unwrap_err()
                .contains("no effect 'Glow'")
        );
        assert!(
            EffectRef::parse("Gem(3)")
                .unwrap_err()
                .contains("takes no settings")
        );
        assert!(EffectRef::parse("Light(radius: 2)").is_err());
        let mattock = EffectRef::parse("Dig(damage: 12)").unwrap();
        assert!(mattock.digs());
        assert_eq!(mattock.weapon(), Some(12));
        assert_eq!(EffectRef::parse("Dig").unwrap().weapon(), None);
        let helm = EffectRef::parse("Armour(slot: Helmet, ac: 2)").unwrap();
        assert_eq!(
            helm.armour(),
            Some(ArmourPiece {
                slot: Slot::Helmet,
                ac: 2
            })
        );
        assert!(EffectRef::parse("Armour(slot: Hat, ac: 2)").is_err());
        let no_time = EffectRef::parse("Food(nutrition: 800, turns: 0)").unwrap();
        assert!(no_time.check().unwrap_err().contains("turns 0"));
        let oil = EffectRef::parse("Oil(radius: 1, turns: 400)").unwrap();
        assert_eq!(oil.quaffed(), Some("oil"));
        assert!(
            oil.light()
                .is_some_and(|l| l.burns_away && l.radius == 1 && l.turns == 400)
        );
        let dark = EffectRef::parse("Oil(radius: 0, turns: 400)").unwrap();
        assert_eq!(dark.check().unwrap_err(), "Oil radius 0 is not in 1 to 15");
    }
}
