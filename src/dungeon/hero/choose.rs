//! Choosing a hero: the role, race and alignment named, the rest picked for
//! you among what NetHack allows with them; a combination it forbids is
//! refused in a line that names what is allowed.

use crate::dungeon::hero::rows::{ALIGNMENTS, Alignment, HeroRows, RaceRow, RoleRow};

/// Who you are: a role, a race and an alignment, each allowed with the
/// others (indexes into the content's hero rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hero {
    /// Index into [`HeroRows::roles`](super::rows::HeroRows::roles).
    pub role: u16,
    /// Index into [`HeroRows::races`](super::rows::HeroRows::races).
    pub race: u16,
    /// Lawful, neutral or chaotic.
    pub alignment: Alignment,
}

impl Hero {
    /// The role's row.
    pub fn role<'a>(&self, rows: &'a HeroRows) -> &'a RoleRow {
        &rows.roles[self.role as usize]
    }

    /// The race's row.
    pub fn race<'a>(&self, rows: &'a HeroRows) -> &'a RaceRow {
        &rows.races[self.race as usize]
    }

    /// "archeologist gnome neutral", as the journal's header writes it and
    /// [`Hero::parse`] reads it.
    pub fn words(&self, rows: &HeroRows) -> String {
        format!(
            "{} {} {}",
            self.role(rows).id,
            self.race(rows).id,
            self.alignment.word()
        )
    }

    /// "neutral gnomish Archeologist", as the status line names you.
    pub fn title(&self, rows: &HeroRows) -> String {
        format!(
            "{} {} {}",
            self.alignment.word(),
            self.race(rows).adjective,
            self.role(rows).name
        )
    }

    /// Is a monster of race `race` of yours (NetHack's `your_race`)?
    pub fn is_own_race(&self, rows: &HeroRows, race: Option<&str>) -> bool {
        race == Some(self.race(rows).id.as_str())
    }

    /// Read "ROLE RACE ALIGNMENT" (the journal's `# hero:` line).
    pub fn parse(rows: &HeroRows, words: &str) -> Result<Hero, String> {
        let mut parts = words.split_whitespace();
        let (Some(role), Some(race), Some(alignment), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(format!("'{words}' is not ROLE RACE ALIGNMENT"));
        };
        choose(rows, Some(role), Some(race), Some(alignment), 0)
    }
}

/// The hero `--role`, `--race` and `--alignment` name, the ones not named
/// picked for you (NetHack's "pick for me": each drawn among those allowed
/// with what is already chosen, from `pick`, a number the caller draws from
/// the seed). An unknown name or a combination NetHack forbids is refused
/// in one line that names what is allowed.
pub fn choose(
    rows: &HeroRows,
    role: Option<&str>,
    race: Option<&str>,
    alignment: Option<&str>,
    pick: u64,
) -> Result<Hero, String> {
    Ok(HeroWish::new(rows, role, race, alignment)?.pick(pick))
}

/// The hero wished for by name (a role, a race, an alignment, each maybe
/// left out): the names checked once, and every hero NetHack allows with
/// them, one of which a run's seed picks ([`HeroWish::for_run`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeroWish {
    /// Every allowed hero, in NetHack's order.
    fits: Vec<Hero>,
}

impl HeroWish {
    /// The heroes `role`, `race` and `alignment` allow; an unknown name or
    /// a combination NetHack forbids is refused in one line that names
    /// what is allowed.
    pub fn new(
        rows: &HeroRows,
        role: Option<&str>,
        race: Option<&str>,
        alignment: Option<&str>,
    ) -> Result<HeroWish, String> {
        allowed(rows, role, race, alignment).map(|fits| HeroWish { fits })
    }

    /// The one `pick` (a number drawn from a seed) chooses.
    pub fn pick(&self, pick: u64) -> Hero {
        self.fits[(pick % self.fits.len() as u64) as usize]
    }

    /// The one run `seed` plays: the same wish and seed always make the
    /// same hero.
    pub fn for_run(&self, seed: u64) -> Hero {
        self.pick(crate::dungeon::seeds::named_stream_seed(seed, "hero pick"))
    }
}

/// Every hero allowed with the names given, in NetHack's order (never
/// none).
fn allowed(
    rows: &HeroRows,
    role: Option<&str>,
    race: Option<&str>,
    alignment: Option<&str>,
) -> Result<Vec<Hero>, String> {
    if rows.roles.is_empty() {
        return Err("the content has no hero rows (a `hero` section)".into());
    }
    let list = |names: Vec<&str>| names.join(", ");
    let role_ix = match role {
        Some(name) => Some(
            rows.roles
                .iter()
                .position(|r| r.id.eq_ignore_ascii_case(name))
                .ok_or_else(|| {
                    format!(
                        "there is no role '{name}' (roles: {})",
                        list(rows.roles.iter().map(|r| r.id.as_str()).collect())
                    )
                })?,
        ),
        None => None,
    };
    let race_ix = match race {
        Some(name) => Some(
            rows.races
                .iter()
                .position(|r| r.id.eq_ignore_ascii_case(name))
                .ok_or_else(|| {
                    format!(
                        "there is no race '{name}' (races: {})",
                        list(rows.races.iter().map(|r| r.id.as_str()).collect())
                    )
                })?,
        ),
        None => None,
    };
    let align = match alignment {
        Some(name) => Some(
            ALIGNMENTS
                .into_iter()
                .find(|a| a.word().eq_ignore_ascii_case(name))
                .ok_or_else(|| {
                    format!("there is no alignment '{name}' (lawful, neutral or chaotic)")
                })?,
        ),
        None => None,
    };
    // Every allowed combination, in NetHack's order.
    let mut fits = Vec::new();
    for ro in 0..rows.roles.len() {
        for ra in 0..rows.races.len() {
            for al in ALIGNMENTS {
                if role_ix.is_none_or(|r| r == ro)
                    && race_ix.is_none_or(|r| r == ra)
                    && align.is_none_or(|a| a == al)
                    && rows.allows(ro, ra, al)
                {
                    fits.push(Hero {
                        role: ro as u16,
                        race: ra as u16,
                        alignment: al,
                    });
                }
            }
        }
    }
    if fits.is_empty() {
        return Err(forbidden(rows, role_ix, race_ix, align));
    }
    Ok(fits)
}

/// [`choose`] for run `seed`: what is not named is picked from the seed, so
/// the same flags and seed always make the same hero.
pub fn choose_for_run(
    rows: &HeroRows,
    seed: u64,
    role: Option<&str>,
    race: Option<&str>,
    alignment: Option<&str>,
) -> Result<Hero, String> {
    Ok(HeroWish::new(rows, role, race, alignment)?.for_run(seed))
}

/// Why no hero fits: what the role, else the race, allows.
fn forbidden(
    rows: &HeroRows,
    role: Option<usize>,
    race: Option<usize>,
    align: Option<Alignment>,
) -> String {
    let words = |v: &[Alignment]| v.iter().map(|a| a.word()).collect::<Vec<_>>().join(", ");
    let asked = [
        race.map(|r| rows.races[r].id.clone()),
        align.map(|a| a.word().to_string()),
        role.map(|r| rows.roles[r].id.clone()),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" ");
    match (role, race) {
        (Some(ro), Some(ra)) if !rows.roles[ro].races.contains(&rows.races[ra].id) => {
            let role = &rows.roles[ro];
            format!(
                "NetHack has no {asked}: a {} may be {}",
                role.id,
                role.races.join(", ")
            )
        }
        (Some(ro), ra) => {
            let role = &rows.roles[ro];
            let race_says = ra.map_or(String::new(), |ra| {
                let race = &rows.races[ra];
                format!("; a {} may be {}", race.id, words(&race.alignments))
            });
            format!(
                "NetHack has no {asked}: a {} may be {}{race_says}",
                role.id,
                words(&role.alignments)
            )
        }
        (None, Some(ra)) => {
            let race = &rows.races[ra];
            format!(
                "NetHack has no {asked}: a {} may be {}",
                race.id,
                words(&race.alignments)
            )
        }
        (None, None) => format!("NetHack has no {asked} hero"),
    }
}
