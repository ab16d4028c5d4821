//! The headless modes: `--ascii`, `--stages` and `--stats` print a level and
//! exit. Which level: the generator's for the seed; with `--depth D`, level D of
//! the run as first made; with `--replay`, the level the keys end on. With
//! `--stage NAME`, `--ascii` prints that level as it was after the stage.

use std::io::Write;

use gnomish_mines::dungeon::{Dungeon, render_level, render_run};
use gnomish_mines::generation::{
    CaveHistory, LevelMap, generate, render_ascii, render_at_stage, render_stages, render_stats,
};

use crate::cli::{Cli, Plan};

pub(crate) fn print(cli: &Cli, plan: &Plan) -> Result<(), String> {
    let mut text = String::new();
    let replays = cli.replay.is_some() || cli.save.is_some();
    if replays {
        let run = plan.make_run()?;
        if cli.ascii {
            text += &render_run(&run, cli.reveal);
        }
        describe(cli, run.map(), run.history().map(|h| &**h), &mut text);
    } else if let Some(depth) = plan.depth {
        // (The depth was checked against the run's plan with the other flags.)
        let run = Dungeon::new(plan.seed, plan.setup.clone()).map_err(|e| e.to_string())?;
        let level = run.level_as_made(depth).map_err(|e| e.to_string())?;
        if cli.ascii {
            // First the level's name: "Minetown: Orcish Town (level 3 of 9)".
            text += &format!("{}\n", run.level_title(depth));
            text += &render_level(&level, run.content());
        }
        describe(cli, level.map(), level.history().map(|h| &**h), &mut text);
    } else {
        let params = plan.setup.params_for(plan.setup.content.filler());
        let level = generate(plan.seed, &params).map_err(|e| e.to_string())?;
        if cli.ascii {
            text += &render_ascii(&level.map);
        }
        describe(cli, &level.map, Some(&level.history), &mut text);
    }
    // A closed pipe (`| head`) is not an error worth a panic.
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    Ok(())
}

/// `--stages` and `--stats` for a map and its history; with `--stage`,
/// `--ascii`'s map is the stage's.
fn describe(cli: &Cli, map: &LevelMap, history: Option<&CaveHistory>, text: &mut String) {
    if let Some((name, history)) = cli.stage.as_ref().filter(|_| cli.ascii).zip(history)
        && let Some(stage) = history.stage_named(name)
    {
        // (The name was checked against the level's stages with the flags.)
        *text = format!("stage {name}\n{}", render_at_stage(map, history, stage));
    }
    if cli.stages {
        match history {
            Some(h) => *text += &render_stages(h),
            None => *text += "no stages: this level was built, not generated\n",
        }
    }
    if cli.stats {
        *text += &render_stats(map, history);
    }
}
