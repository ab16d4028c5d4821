//! The pick screen's questions, as NetHack asks them for a new game that
//! names no hero: a role, then a race and an alignment among those the role
//! allows (a question with one answer is not asked). A listed letter
//! answers; any other key (`*`, Enter, Esc) picks the rest for you from the
//! seed. The window and the terminal both ask these.

use crate::dungeon::hero::{ALIGNMENTS, Alignment, Hero, HeroRows, choose_for_run};

/// The pick under way: the role and race chosen so far, as indexes into the
/// hero rows.
#[derive(Default, Debug, Clone, PartialEq, Eq)]
pub struct Pick {
    role: Option<usize>,
    race: Option<usize>,
    alignment: Option<Alignment>,
    done: bool,
}

/// One question: its line, and each answer's letter, name and index.
struct Question {
    asks: String,
    answers: Vec<(char, String, usize)>,
}

impl Pick {
    /// A key at the pick screen: `Some(letter)` for a letter typed, None
    /// for any other key. A listed letter answers the question; an unlisted
    /// letter is ignored; any other key picks the rest for you. Returns
    /// whether the pick is done.
    pub fn answer(&mut self, rows: &HeroRows, letter: Option<char>) -> bool {
        let Some(q) = self.question(rows) else {
            self.done = true;
            return true;
        };
        let hit = letter.and_then(|l| q.answers.iter().find(|(c, _, _)| *c == l));
        match hit {
            Some(&(_, _, i)) if self.role.is_none() => self.role = Some(i),
            Some(&(_, _, i)) if self.race.is_none() => self.race = Some(i),
            Some(&(_, _, i)) => {
                self.alignment = Some(ALIGNMENTS[i]);
                self.done = true;
            }
            None if letter.is_some() => {}
            None => self.done = true,
        }
        // A race question with one answer is answered at once.
        while !self.done
            && self.race.is_none()
            && let Some(q) = self.question(rows)
            && self.role.is_some()
            && q.answers.len() == 1
        {
            self.race = Some(q.answers[0].2);
        }
        if self.role.is_some() && self.race.is_some() && self.question(rows).is_none() {
            self.done = true;
        }
        self.done
    }

    /// The hero chosen, the rest picked from `seed` (once [`Pick::answer`]
    /// said the pick is done).
    pub fn hero(&self, rows: &HeroRows, seed: u64) -> Result<Hero, String> {
        let role = self.role.map(|i| rows.roles[i].id.clone());
        let race = self.race.map(|i| rows.races[i].id.clone());
        choose_for_run(
            rows,
            seed,
            role.as_deref(),
            race.as_deref(),
            self.alignment.map(|a| a.word()),
        )
    }

    /// The screen's text: the question and its answers, NetHack's way
    /// (empty once nothing is left to ask).
    pub fn text(&self, rows: &HeroRows) -> String {
        let Some(q) = self.question(rows).filter(|_| !self.done) else {
            return String::new();
        };
        let mut text = format!("{}\n\n", q.asks);
        for (letter, name, _) in &q.answers {
            text += &format!("  {letter} - {name}\n");
        }
        text += "  * - pick for me (or Enter)\n";
        text
    }

    /// The question the pick stands at, or None when everything is chosen
    /// but the alignment has one answer only.
    fn question(&self, rows: &HeroRows) -> Option<Question> {
        let fits = |ro: usize, ra: Option<usize>| {
            (0..rows.races.len())
                .filter(|r| ra.is_none_or(|x| x == *r))
                .flat_map(|r| ALIGNMENTS.into_iter().map(move |a| (r, a)))
                .filter(|&(r, a)| rows.allows(ro, r, a))
                .collect::<Vec<_>>()
        };
        match (self.role, self.race) {
            (None, _) => Some(Question {
                asks: "Who are you? Pick a role:".into(),
                // Listed by name, as NetHack lists them, whatever the
                // content's order.
                answers: lettered({
                    let mut roles: Vec<(String, usize)> = rows
                        .roles
                        .iter()
                        .enumerate()
                        .map(|(i, r)| (r.name.clone(), i))
                        .collect();
                    roles.sort();
                    roles
                }),
            }),
            (Some(ro), None) => {
                let mut races: Vec<usize> = fits(ro, None).into_iter().map(|(r, _)| r).collect();
                races.dedup();
                Some(Question {
                    asks: format!("{}. Pick a race:", a_or_an(&rows.roles[ro].name)),
                    answers: lettered(
                        races
                            .into_iter()
                            .map(|r| (rows.races[r].id.clone(), r))
                            .collect(),
                    ),
                })
            }
            (Some(ro), Some(ra)) => {
                let aligns: Vec<_> = fits(ro, Some(ra)).into_iter().map(|(_, a)| a).collect();
                (aligns.len() > 1).then(|| Question {
                    asks: format!(
                        "{}. Pick an alignment:",
                        a_or_an(&format!(
                            "{} {}",
                            rows.races[ra].adjective, rows.roles[ro].name
                        ))
                    ),
                    answers: lettered(
                        aligns
                            .into_iter()
                            .map(|a| {
                                let i = ALIGNMENTS.iter().position(|&b| b == a).unwrap_or(0);
                                (a.word().to_string(), i)
                            })
                            .collect(),
                    ),
                })
            }
        }
    }
}

/// "A Valkyrie", "An Archeologist": the question's subject, first in its
/// sentence. (Here rather than the content's words, which depend on the hero
/// rows.)
fn a_or_an(name: &str) -> String {
    let vowel = name.starts_with(|c: char| "aeiouAEIOU".contains(c));
    format!("{} {name}", if vowel { "An" } else { "A" })
}

/// Letters for `names`: each its first letter, or the first free one.
fn lettered(names: Vec<(String, usize)>) -> Vec<(char, String, usize)> {
    let mut used = Vec::new();
    names
        .into_iter()
        .map(|(name, i)| {
            // Its first letter; taken, the capital (NetHack's `R` Rogue
            // after `r` Ranger); then the first free one.
            let first = name.chars().next().unwrap_or('a').to_ascii_lowercase();
            let capital = first.to_ascii_uppercase();
            let letter = if !used.contains(&first) {
                first
            } else if !used.contains(&capital) {
                capital
            } else {
                ('a'..='z').find(|c| !used.contains(c)).unwrap_or('?')
            };
            used.push(letter);
            (letter, name, i)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::built_in_content;

    #[test]
    fn the_pick_screen_asks_nethacks_questions_in_turn() {
        let content = built_in_content();
        let rows = content.heroes();
        let mut pick = Pick::default();
        let roles = pick.text(rows);
        assert!(roles.starts_with("Who are you? Pick a role:"), "{roles}");
        assert!(roles.contains("  v - Valkyrie\n") && roles.contains("  * - pick for me"));
        assert!(!pick.answer(rows, Some('v')));
        let races = pick.text(rows);
        assert!(races.starts_with("A Valkyrie. Pick a race:"), "{races}");
        assert!(races.contains("  h - human\n") && races.contains("  d - dwarf\n"));
        assert!(!races.contains("gnome"), "a Valkyrie may not be a gnome");
        // A letter not listed is ignored.
        assert!(!pick.answer(rows, Some('g')));
        assert!(!pick.answer(rows, Some('h')));
        let aligns = pick.text(rows);
        assert!(
            aligns.starts_with("A human Valkyrie. Pick an alignment:"),
            "{aligns}"
        );
        assert!(aligns.contains("  l - lawful\n") && !aligns.contains("chaotic"));
        assert!(pick.answer(rows, Some('n')));
        let hero = pick.hero(rows, 7).unwrap();
        assert_eq!(hero.words(rows), "valkyrie human neutral");
        // A dwarf Valkyrie is lawful only: nothing left to ask.
        let mut pick = Pick::default();
        pick.answer(rows, Some('v'));
        assert!(pick.answer(rows, Some('d')));
        assert_eq!(pick.text(rows), "");
        assert_eq!(
            pick.hero(rows, 7).unwrap().words(rows),
            "valkyrie dwarf lawful"
        );
        // Any other key picks for you, from the seed.
        let mut pick = Pick::default();
        assert!(pick.answer(rows, None));
        let a = pick.hero(rows, 7).unwrap();
        assert_eq!(a, choose_for_run(rows, 7, None, None, None).unwrap());
    }
}
