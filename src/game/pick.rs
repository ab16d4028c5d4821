//! The hero's pick screen: a new game that names no hero asks who you are,
//! as NetHack does: a role, then a race and an alignment among those the
//! role allows (a question with one answer is not asked). A letter chooses;
//! any other key (`*`, Enter, Esc) picks the rest for you from the seed.
//! The choice starts the same seed's run with that hero, in place of the
//! nameless one waiting behind the screen.

use bevy::prelude::*;

use super::input::{KeysTaken, Typed};
use super::run::{NewRunRequest, Run};
use super::shared::{GameConfig, GameSet, capitalised};
use crate::dungeon::content::with_article;
use crate::dungeon::hero::{self, ALIGNMENTS, HeroRows};

/// The key the pick screen's presses come as ([`KeysTaken`]).
const PICK: char = '@';

/// The pick under way: what is chosen so far; None when no pick is open.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub(crate) struct HeroPick(Option<Chosen>);

/// The role and race chosen so far, as indexes into the hero rows.
#[derive(Default, Debug, Clone, PartialEq, Eq)]
struct Chosen {
    role: Option<usize>,
    race: Option<usize>,
}

/// The screen.
#[derive(Component)]
struct PickPanel;

/// The pick screen, opened at startup when the game config asks for it.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<HeroPick>()
        .add_systems(Startup, (open, spawn_panel))
        .add_systems(
            Update,
            (
                answer.in_set(GameSet::Input),
                update_panel.in_set(GameSet::Hud),
            ),
        );
}

fn open(config: Res<GameConfig>, mut pick: ResMut<HeroPick>, mut taken: ResMut<KeysTaken>) {
    if config.pick_hero {
        pick.0 = Some(Chosen::default());
        taken.0 = Some(PICK);
    }
}

/// One question: its line, and each answer's letter, name and index.
struct Question {
    asks: String,
    answers: Vec<(char, String, usize)>,
}

/// Letters for `names`: each its first letter, or the first free one.
fn lettered(names: Vec<(String, usize)>) -> Vec<(char, String, usize)> {
    let mut used = Vec::new();
    names
        .into_iter()
        .map(|(name, i)| {
            let first = name.chars().next().unwrap_or('a').to_ascii_lowercase();
            let letter = if used.contains(&first) {
                ('a'..='z').find(|c| !used.contains(c)).unwrap_or('?')
            } else {
                first
            };
            used.push(letter);
            (letter, name, i)
        })
        .collect()
}

/// The question the pick stands at, or None when everything is chosen but
/// the alignment has one answer only (then the pick is done).
fn question(rows: &HeroRows, chosen: &Chosen) -> Option<Question> {
    let fits = |ro: usize, ra: Option<usize>| {
        (0..rows.races.len())
            .filter(|r| ra.is_none_or(|x| x == *r))
            .flat_map(|r| ALIGNMENTS.into_iter().map(move |a| (r, a)))
            .filter(|&(r, a)| rows.allows(ro, r, a))
            .collect::<Vec<_>>()
    };
    match (chosen.role, chosen.race) {
        (None, _) => Some(Question {
            asks: "Who are you? Pick a role:".into(),
            answers: lettered(
                rows.roles
                    .iter()
                    .enumerate()
                    .map(|(i, r)| (r.name.clone(), i))
                    .collect(),
            ),
        }),
        (Some(ro), None) => {
            let mut races: Vec<usize> = fits(ro, None).into_iter().map(|(r, _)| r).collect();
            races.dedup();
            Some(Question {
                asks: format!(
                    "{}. Pick a race:",
                    capitalised(&with_article(&rows.roles[ro].name))
                ),
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
                    capitalised(&with_article(&format!(
                        "{} {}",
                        rows.races[ra].adjective, rows.roles[ro].name
                    )))
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

/// A key at the pick screen: a listed letter answers the question; any
/// other key picks the rest for you. A question with one answer is answered
/// for you.
fn answer(
    mut typed: MessageReader<Typed>,
    mut pick: ResMut<HeroPick>,
    mut taken: ResMut<KeysTaken>,
    run: Res<Run>,
    mut requests: MessageWriter<NewRunRequest>,
) {
    let Some(chosen) = pick.0.as_mut() else {
        typed.clear();
        return;
    };
    let rows = run.content().heroes();
    let mut alignment = None;
    let mut done = false;
    for t in typed.read().filter(|t| t.key == PICK) {
        let Some(q) = question(rows, chosen) else {
            break;
        };
        let hit = t
            .letter
            .and_then(|l| q.answers.iter().find(|(c, _, _)| *c == l));
        match hit {
            Some(&(_, _, i)) if chosen.role.is_none() => chosen.role = Some(i),
            Some(&(_, _, i)) if chosen.race.is_none() => chosen.race = Some(i),
            Some(&(_, _, i)) => {
                alignment = Some(ALIGNMENTS[i]);
                done = true;
            }
            // Not an answer: a letter that is not listed is ignored; any
            // other key picks for you.
            None if t.letter.is_some() => {}
            None => done = true,
        }
        // A race question with one answer is answered at once.
        while !done && let Some(q) = question(rows, chosen) {
            if q.answers.len() != 1 {
                break;
            }
            let (_, _, i) = q.answers[0];
            if chosen.race.is_none() {
                chosen.race = Some(i);
            } else {
                break;
            }
        }
        if chosen.role.is_some() && chosen.race.is_some() && question(rows, chosen).is_none() {
            done = true;
        }
        if done {
            break;
        }
    }
    if !done {
        return;
    }
    let role = chosen.role.map(|i| rows.roles[i].id.clone());
    let race = chosen.race.map(|i| rows.races[i].id.clone());
    let seed = run.seed();
    match hero::choose_for_run(
        rows,
        seed,
        role.as_deref(),
        race.as_deref(),
        alignment.map(|a| a.word()),
    ) {
        Ok(hero) => {
            requests.write(NewRunRequest::Hero(seed, hero));
        }
        // Cannot happen: every answer listed is allowed.
        Err(e) => warn!("the pick screen: {e}"),
    }
    pick.0 = None;
    taken.0 = None;
}

fn spawn_panel(mut commands: Commands) {
    commands
        .spawn((
            Name::new("Pick screen"),
            Node {
                position_type: PositionType::Absolute,
                width: Val::Percent(100.0),
                height: Val::Percent(100.0),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(Color::srgb(0.0, 0.0, 0.0)),
            Visibility::Hidden,
            PickPanel,
            ZIndex(20),
        ))
        .with_children(|root| {
            root.spawn((
                Node {
                    padding: UiRect::all(Val::Px(24.0)),
                    ..default()
                },
                Text::new(""),
                TextFont::from_font_size(22.0),
                TextColor(Color::WHITE),
            ));
        });
}

/// The screen's text: the question and its answers, NetHack's way.
fn pick_text(rows: &HeroRows, chosen: &Chosen) -> String {
    let Some(q) = question(rows, chosen) else {
        return String::new();
    };
    let mut text = format!("{}\n\n", q.asks);
    for (letter, name, _) in &q.answers {
        text += &format!("  {letter} - {name}\n");
    }
    text += "  * - pick for me (or Enter)\n";
    text
}

fn update_panel(
    pick: Res<HeroPick>,
    run: Res<Run>,
    mut panel: Single<(&mut Visibility, &Children), With<PickPanel>>,
    mut texts: Query<&mut Text>,
) {
    if !pick.is_changed() {
        return;
    }
    let (visibility, children) = &mut *panel;
    match &pick.0 {
        Some(chosen) => {
            **visibility = Visibility::Visible;
            let text = pick_text(run.content().heroes(), chosen);
            for child in children.iter() {
                if let Ok(mut t) = texts.get_mut(child) {
                    t.0 = text.clone();
                }
            }
        }
        None => **visibility = Visibility::Hidden,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::built_in_content;

    #[test]
    fn the_pick_screen_asks_nethacks_questions_in_turn() {
        let content = built_in_content();
        let rows = content.heroes();
        let mut chosen = Chosen::default();
        let roles = pick_text(rows, &chosen);
        assert!(roles.starts_with("Who are you? Pick a role:"), "{roles}");
        assert!(roles.contains("  v - Valkyrie\n") && roles.contains("  * - pick for me"));
        chosen.role = rows.roles.iter().position(|r| r.id == "valkyrie");
        let races = pick_text(rows, &chosen);
        assert!(races.starts_with("A Valkyrie. Pick a race:"), "{races}");
        assert!(races.contains("  h - human\n") && races.contains("  d - dwarf\n"));
        assert!(!races.contains("gnome"), "a Valkyrie may not be a gnome");
        chosen.race = rows.races.iter().position(|r| r.id == "human");
        let aligns = pick_text(rows, &chosen);
        assert!(
            aligns.starts_with("A human Valkyrie. Pick an alignment:"),
            "{aligns}"
        );
        assert!(aligns.contains("  l - lawful\n") && !aligns.contains("chaotic"));
        // A dwarf Valkyrie is lawful only: nothing left to ask.
        chosen.race = rows.races.iter().position(|r| r.id == "dwarf");
        assert_eq!(pick_text(rows, &chosen), "");
    }
}
