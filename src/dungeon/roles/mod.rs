//! What a monster does besides fight, one file per role and one line each in
//! [`ROLES`]. A monster row names its role (`role: Shopkeeper`); the rules ask
//! the role what it does through [`MonsterRole`]'s methods, never by its
//! name, so a new role is its file and its line.

mod plain;
mod priest;
mod shopkeeper;
mod watch;

use std::fmt;

use serde::{Deserialize, Deserializer};

/// One role. Every method has the answer of a plain hostile monster but
/// [`MonsterRole::follows_on_stairs`], which only a plain monster does: a
/// role says only what it changes.
pub trait MonsterRole: fmt::Debug + Sync {
    /// What it does, for the monster table in docs/playing.md ("" for none).
    fn describe(&self) -> &'static str;

    /// Next to you and hostile, it follows you up or down the stairs. A
    /// monster whose place is its level (a shopkeeper, a priest, the watch)
    /// never does.
    fn follows_on_stairs(&self) -> bool {
        false
    }

    /// Peaceful, it stays at its post instead of strolling.
    fn keeps_post(&self) -> bool {
        false
    }

    /// Peaceful, it takes the money for the wares on its level: you pay
    /// before you pick up.
    fn keeps_shop(&self) -> bool {
        false
    }

    /// Talked to in its temple, it asks for a contribution and rewards
    /// it (NetHack's `priest_talk`).
    fn takes_donations(&self) -> bool {
        false
    }

    /// It turns hostile when you kill a peaceful monster on its level.
    fn punishes_murder(&self) -> bool {
        false
    }
}

/// Every role a content row can name: a new role is a file and a line.
const ROLES: &[(&str, &dyn MonsterRole)] = &[
    ("Plain", &plain::Plain),
    ("Shopkeeper", &shopkeeper::Shopkeeper),
    ("Priest", &priest::Priest),
    ("Watch", &watch::Watch),
];

/// A role as a row names it.
#[derive(Clone, Copy)]
pub struct RoleRef {
    name: &'static str,
    rule: &'static dyn MonsterRole,
}

impl RoleRef {
    /// The role called `name`.
    pub fn named(name: &str) -> Result<RoleRef, String> {
        let name = name.trim();
        ROLES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(name, rule)| RoleRef { name, rule })
            .ok_or_else(|| {
                let names: Vec<&str> = ROLES.iter().map(|(n, _)| *n).collect();
                format!("no role '{name}' (there are: {})", names.join(", "))
            })
    }

    /// The role's name, as the registry and the content file spell it.
    pub fn name(self) -> &'static str {
        self.name
    }
}

/// A monster's role is used as the role itself: `row.role.keeps_shop()`.
impl std::ops::Deref for RoleRef {
    type Target = dyn MonsterRole;

    fn deref(&self) -> &Self::Target {
        self.rule
    }
}

impl Default for RoleRef {
    /// A plain monster.
    fn default() -> Self {
        RoleRef::named("Plain").expect("Plain is a role")
    }
}

impl PartialEq for RoleRef {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for RoleRef {}

impl fmt::Debug for RoleRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl<'de> Deserialize<'de> for RoleRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = Box::<ron::value::RawValue>::deserialize(d)?;
        RoleRef::named(raw.get_ron()).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_read_by_name_and_say_what_they_do() {
        let plain = RoleRef::default();
        assert_eq!(plain.name(), "Plain");
        assert!(plain.follows_on_stairs());
        let keeper = RoleRef::named("Shopkeeper").unwrap();
        assert!(keeper.keeps_shop() && keeper.keeps_post());
        assert!(!keeper.follows_on_stairs());
        assert!(RoleRef::named("Watch").unwrap().punishes_murder());
        assert!(RoleRef::named("Priest").unwrap().keeps_post());
        assert!(RoleRef::named("Priest").unwrap().takes_donations());
        assert!(!keeper.takes_donations());
        assert!(
            RoleRef::named("Jester")
                .unwrap_err()
                .contains("no role 'Jester'")
        );
    }
}
