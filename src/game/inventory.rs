//! What you carry: `i` shows it (letters, counts, how long each light has
//! left to burn, what is worn and wielded), and a key that takes a letter
//! (`d`, `a`, `w`, `W`, `T`, `q`, `r`, `e`) asks which item, the next key
//! press being its letter (read by `input` as a `Typed`). The command itself
//! is a turn of the run, sent in key order by the player's keys.

use bevy::prelude::*;

use super::input::{self, Action, LetterPrompt, Pressed, Typed, WordsPrompt};
use super::run::{Run, RunNotice};
use super::shared::{GameSet, PlayMode, Side, text_panel};
use crate::dungeon::Dungeon;
use crate::dungeon::shared::{inventory_letter, letter_index};
use crate::dungeon::verbs::verb_for_key;

#[derive(Component)]
/// The inventory panel (`i`).
pub(crate) struct InventoryPanel;

/// What you carry: the inventory panel and the drop prompt.
pub(crate) fn plugin(app: &mut App) {
    input::handles(app, &[Action::Inventory]);
    app.add_systems(Startup, spawn_panel).add_systems(
        Update,
        (
            (keys, letters, words_line).chain().in_set(GameSet::Input),
            update_panel.in_set(GameSet::Hud),
        ),
    );
}

fn spawn_panel(mut commands: Commands) {
    commands.spawn((
        InventoryPanel,
        text_panel("Inventory", Side::Right, String::new()),
    ));
}

/// The panel's text: a line per item, by letter, and the purse.
pub(crate) fn inventory_text(run: &Dungeon) -> String {
    let mut text = String::from("Inventory (i closes)\n\n");
    let carried = &run.player().inventory;
    if carried.is_empty() {
        text.push_str("Not carrying anything.\n");
    }
    for c in carried {
        text += &format!(
            "{} - {}\n",
            inventory_letter(c.letter),
            run.describe_carried(c)
        );
    }
    text += &format!("\n$ - {} gold pieces\n", run.gold());
    if let Some(line) = pet_line(run) {
        text += &format!("\n{line}\n");
    }
    text
}

/// Your pet's name and health, and where it waits when it is not with you.
pub(crate) fn pet_line(run: &Dungeon) -> Option<String> {
    let (depth, pet) = run.pet()?;
    let kind = &run.content().monster(pet.kind).name;
    let who = match run.pet_name() {
        Some(name) => format!("{name}, your {kind}"),
        None => format!("Your {kind}"),
    };
    let health = format!("HP {}({})", pet.hp, pet.max_hp);
    Some(if depth == run.depth() {
        format!("{who}: {health}")
    } else {
        format!("{who}: {health}, waiting on level {depth}")
    })
}

/// `i` shows or hides the panel; `d` opens the letter prompt.
fn keys(
    mut presses: MessageReader<Pressed>,
    run: Res<Run>,
    mode: Res<State<PlayMode>>,
    mut panel: Single<&mut Visibility, With<InventoryPanel>>,
    mut prompt: ResMut<LetterPrompt>,
    mut notice: ResMut<RunNotice>,
) {
    for &Pressed(action) in presses.read() {
        match action {
            Action::Inventory => {
                **panel = match **panel {
                    Visibility::Hidden => Visibility::Visible,
                    _ => Visibility::Hidden,
                };
            }
            Action::Turn(key) if action.takes_letter() => {
                // A key that takes a letter is a letter verb's: the run asks
                // its prompt, as it does in the terminal.
                let asked = verb_for_key(key).map(|verb| run.letter_prompt(verb));
                let playing = *mode.get() == PlayMode::Play && !run.is_over();
                match asked {
                    Some(Ok(line)) if playing && prompt.0.is_some() => notice.0 = line,
                    Some(Ok(_)) if playing => {}
                    // The prompt opened with the key: close it, saying why.
                    Some(Err(why)) if playing => {
                        prompt.0 = None;
                        notice.0 = why;
                    }
                    _ => prompt.0 = None,
                }
            }
            _ => {}
        }
    }
}

/// The key typed at the drop prompt answers it: the prompt line goes, and a
/// key that is no letter is "never mind" (the drop itself is the player's
/// keys' to send, in the order typed).
fn letters(mut typed: MessageReader<Typed>, mut notice: ResMut<RunNotice>) {
    for t in typed.read() {
        notice.0 = match t.letter.and_then(letter_index) {
            Some(_) => String::new(),
            None => "Never mind.".into(),
        };
    }
}

/// While words are typed, the notice line asks for them and shows them
/// ("What do you want to write here? Elb_"); it goes when they are sent.
fn words_line(
    words: Res<WordsPrompt>,
    run: Res<Run>,
    mut notice: ResMut<RunNotice>,
    mut was: Local<bool>,
) {
    if !words.is_changed() {
        return;
    }
    match &words.0 {
        Some((verb, _, typed)) => {
            let question = run
                .words_question()
                .or_else(|| verb_for_key(*verb).and_then(|v| v.takes().words_question()))
                .unwrap_or_default();
            notice.0 = format!("{question} {typed}_");
            *was = true;
        }
        None if *was => {
            // Sent or never minded ("Never mind." stays).
            if notice.0.ends_with('_') {
                notice.0 = String::new();
            }
            *was = false;
        }
        None => {}
    }
}

fn update_panel(run: Res<Run>, mut panel: Single<&mut Text, With<InventoryPanel>>) {
    if run.is_changed() {
        let text = inventory_text(&run);
        if panel.0 != text {
            panel.0 = text;
        }
    }
}
