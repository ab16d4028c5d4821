//! The test bots as a tool: how the built-in mines play, and the keys of a
//! bot's run, to record as a replay (`docs/replays/`).
//!
//! ```sh
//! cargo run --example bots -- balance          # 200 seeds: the bot, the tourist
//! cargo run --example bots -- ends             # 60 seeds of each Mines' End
//! cargo run --example bots -- heroes           # 200 seeds per hero; the G a human and a gnome meet
//! cargo run --example bots -- keys --seed 14 --tourist
//! cargo run --example bots -- keys --seed 49 --tourist --variant gnome_kings_wine_cellar
//! cargo run --example bots -- keys --seed 0 --stop-at-monster
//! cargo run --example bots -- keys --seed 2 --hero "valkyrie human lawful" --until "eats a"
//! cargo run --example bots -- keys --seed 3 --hero "valkyrie human lawful" --content docs/demos/sparring.ron --until "now more skilled"
//! cargo run --example bots -- dig-keys --seed 4
//! ```
//!
//! The numbers of `balance` and `ends` are a function of the game's rules
//! and content: a change that keeps them is very likely a change that keeps
//! every run. The bots themselves are `tests/it/bot.rs`, shared with the
//! tests.

#[path = "../tests/it/bot.rs"]
#[allow(dead_code)]
mod bot;
#[path = "../tests/it/fixtures.rs"]
#[allow(dead_code)]
mod fixtures;

use std::process::ExitCode;
use std::sync::Arc;

use gnomish_mines::dungeon::content::{BUILT_IN, MAX_LEVELS};
use gnomish_mines::dungeon::hero::Hero;
use gnomish_mines::dungeon::keys::keys_text;
use gnomish_mines::dungeon::{
    Command, Content, Dungeon, Killer, RunSetup, RunStatus, built_in_content,
};
use gnomish_mines::generation::Dir;

const USAGE: &str = "usage: bots balance | ends | heroes [--hero WORDS] | keys [--seed N] [--tourist] [--variant NAME] \
                     [--detour] [--stop-at-monster] [--all] [--hero WORDS] [--until TEXT] [--content FILE] \
                     | dig-keys [--seed N]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| args.iter().any(|a| a == name);
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let seed = match value("--seed").map(|s| s.parse::<u64>()) {
        None => None,
        Some(Ok(s)) => Some(s),
        Some(Err(_)) => {
            eprintln!("bots: --seed takes a number");
            return ExitCode::from(2);
        }
    };
    let variant = value("--variant");
    if let Some(v) = &variant
        && place_of(v).is_none()
    {
        eprintln!("bots: '{v}' is no variant of the built-in mines");
        return ExitCode::from(2);
    }
    match args.first().map(String::as_str) {
        Some("balance") => balance(),
        Some("ends") => ends(),
        Some("heroes") => {
            // `--hero WORDS`: that hero's line alone.
            if let Some(words) = value("--hero") {
                if let Err(e) = Hero::parse(built_in_content().heroes(), &words) {
                    eprintln!("bots: {e}");
                    return ExitCode::from(2);
                }
                hero_line(&words);
            } else {
                heroes();
            }
        }
        Some("keys") if flag("--tourist") => {
            tourist_keys(seed.unwrap_or(1), variant.as_deref(), flag("--all"))
        }
        Some("keys") => {
            let hero = match value("--hero").map(|w| Hero::parse(built_in_content().heroes(), &w)) {
                None => None,
                Some(Ok(h)) => Some(h),
                Some(Err(e)) => {
                    eprintln!("bots: {e}");
                    return ExitCode::from(2);
                }
            };
            let stop = Stop {
                at_monster: flag("--stop-at-monster"),
                at_message: value("--until"),
            };
            let content = match value("--content").map(|f| std::fs::read_to_string(&f)) {
                None => built_in_content(),
                Some(Ok(text)) => match Content::parse(&text) {
                    Ok(c) => Arc::new(c),
                    Err(e) => {
                        eprintln!("bots: the content: {e}");
                        return ExitCode::from(2);
                    }
                },
                Some(Err(e)) => {
                    eprintln!("bots: the content: {e}");
                    return ExitCode::from(2);
                }
            };
            bot_keys(seed.unwrap_or(0), hero, content, flag("--detour"), stop)
        }
        Some("dig-keys") => dig_keys(seed.unwrap_or(4)),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}

/// The place (`minetown`, `mines_end`) a variant of the built-in plan is
/// for.
fn place_of(variant: &str) -> Option<String> {
    let content = built_in_content();
    let special = content
        .plan()
        .special
        .iter()
        .find(|s| s.one_of.iter().any(|k| k == variant))?;
    Some(special.kind.clone())
}

/// A run of the built-in mines, with `variant` forced for its place.
fn run(seed: u64, variant: Option<&str>) -> Dungeon {
    let setup = RunSetup {
        variants: variant
            .into_iter()
            .map(|v| (place_of(v).expect("checked"), v.to_string()))
            .collect(),
        ..RunSetup::default()
    };
    Dungeon::new(seed, setup).expect("the built-in mines make every level")
}

/// Seeds 0 to 199: how often the plain bot wins, with and without traps and
/// boulders, and how often the tourist (which also eats, wears what it
/// finds, buys a light and prays) wins, hungry and never hungry.
fn balance() {
    let calm = BUILT_IN.replace("traps: 6,", "traps: 0,").replace(
        "boulders: Some((percent: 75, count: (1, 2))),",
        "boulders: None,",
    );
    for (name, content) in [
        ("the mines", Content::built_in()),
        (
            "without traps and boulders",
            Content::parse(&calm).expect("the built-in content, calmer"),
        ),
    ] {
        let setup = RunSetup {
            content: Arc::new(content),
            ..RunSetup::default()
        };
        let (mut wins, mut by_traps, mut stuck, mut starved) = (0, 0, 0, 0);
        let mut depths = [0; MAX_LEVELS + 1];
        for seed in 0..200 {
            let mut r = Dungeon::new(seed, setup.clone()).expect("a run");
            bot::bot_play(&mut r, 20_000);
            match r.status() {
                RunStatus::Won { .. } => wins += 1,
                RunStatus::Died { depth, killer } => {
                    depths[depth] += 1;
                    by_traps += usize::from(matches!(killer, Killer::Trap(_)));
                    starved += usize::from(matches!(killer, Killer::Starvation));
                }
                RunStatus::Playing => stuck += 1,
            }
        }
        println!(
            "{name}: bot wins {wins}/200; {by_traps} killed by traps; {starved} starved; \
             {stuck} stuck (20,000 commands); deaths by level {:?}",
            &depths[1..10]
        );
    }
    for hungry in [true, false] {
        let (mut wins, mut starved, mut ate) = (0, 0, 0);
        for seed in 0..200 {
            let mut r = run(seed, None);
            if !hungry {
                r.wizard().set_nutrition(1_000_000);
            }
            let mut t = bot::Tourist::default();
            let mut n = 0;
            while !r.is_over() && n < 20_000 {
                let c = t.command(&r);
                ate += usize::from(matches!(c, Command::Eat(_)));
                r.act(c);
                n += 1;
            }
            wins += usize::from(matches!(r.status(), RunStatus::Won { .. }));
            starved += usize::from(matches!(
                r.status(),
                RunStatus::Died {
                    killer: Killer::Starvation,
                    ..
                }
            ));
        }
        let how = if hungry { "" } else { " never hungry" };
        println!("the tourist{how}: wins {wins}/200; {starved} starved; {ate} meals eaten");
    }
}

/// The heroes table's line for the hero of `words`: how often each bot
/// wins seeds 0 to 199 as it.
fn hero_line(words: &str) {
    let content = built_in_content();
    let rows = content.heroes();
    let hero = Hero::parse(rows, words).expect("an allowed hero");
    let setup = RunSetup {
        hero: Some(hero),
        ..RunSetup::default()
    };
    let bot = (0..200).filter(|&s| won_by_bot(s, setup.clone())).count();
    let tourist = (0..200)
        .filter(|&s| won_by_tourist(s, setup.clone()))
        .count();
    println!("| {} | {bot}/200 | {tourist}/200 |", hero.title(rows));
}

/// Seeds 0 to 199 per hero: how often the plain bot and the tourist win as
/// each role (and, for the roles a gnome or dwarf may take, as one), then
/// how many G a human and a gnome hero meet on 200 first levels and how many
/// of them are peaceful.
fn heroes() {
    let content = built_in_content();
    let rows = content.heroes();
    let heroes = [
        "archeologist human lawful",
        "archeologist dwarf lawful",
        "archeologist gnome neutral",
        "barbarian human neutral",
        "barbarian orc chaotic",
        "caveman human lawful",
        "caveman dwarf lawful",
        "caveman gnome neutral",
        "samurai human lawful",
        "tourist human neutral",
        "valkyrie human lawful",
        "valkyrie dwarf lawful",
        "healer human neutral",
        "healer gnome neutral",
        "monk human neutral",
        "priest human lawful",
        "priest elf chaotic",
        "ranger human neutral",
        "ranger gnome neutral",
        "rogue human chaotic",
        "wizard human neutral",
        "wizard gnome neutral",
        "knight human lawful",
    ];
    println!("| hero | the bot wins | the tourist wins |");
    println!("|---|---|---|");
    let nameless = (
        (0..200)
            .filter(|&s| won_by_bot(s, RunSetup::default()))
            .count(),
        (0..200)
            .filter(|&s| won_by_tourist(s, RunSetup::default()))
            .count(),
    );
    println!(
        "| the nameless hero | {}/200 | {}/200 |",
        nameless.0, nameless.1
    );
    for words in heroes {
        hero_line(words);
    }
    for words in ["valkyrie human lawful", "archeologist gnome neutral"] {
        let hero = Hero::parse(rows, words).expect("an allowed hero");
        let setup = RunSetup {
            hero: Some(hero),
            ..RunSetup::default()
        };
        let (mut g, mut peaceful, mut levels) = (0, 0, 0);
        for seed in 0..200 {
            let r = Dungeon::new(seed, setup.clone()).expect("a run");
            let level = r.level_as_made(1).expect("level 1");
            levels += 1;
            for m in level.monsters() {
                if content.monster(m.kind).glyph == 'G' {
                    g += 1;
                    peaceful += usize::from(m.peaceful);
                }
            }
        }
        println!(
            "{}: {g} G on {levels} first levels ({:.2} a level), {peaceful} peaceful",
            hero.title(rows),
            g as f64 / levels as f64
        );
    }
}

/// Does the plain bot win run `seed` of `setup` within 20,000 commands?
fn won_by_bot(seed: u64, setup: RunSetup) -> bool {
    let mut r = Dungeon::new(seed, setup).expect("a run");
    bot::bot_play(&mut r, 20_000);
    matches!(r.status(), RunStatus::Won { .. })
}

/// Does the tourist bot win run `seed` of `setup` within 20,000 commands?
fn won_by_tourist(seed: u64, setup: RunSetup) -> bool {
    let mut r = Dungeon::new(seed, setup).expect("a run");
    let mut t = bot::Tourist::default();
    for _ in 0..20_000 {
        if r.is_over() {
            break;
        }
        let c = t.command(&r);
        r.act(c);
    }
    matches!(r.status(), RunStatus::Won { .. })
}

/// Over seeds 0 to 59, which the tourist wins with each Mines' End forced:
/// the seeds to record a winning run of each from.
fn ends() {
    for end in ["mimic_of_the_mines", "gnome_kings_wine_cellar", "catacombs"] {
        let won: Vec<(u64, u64)> = (0..60)
            .filter_map(|seed| {
                let mut r = run(seed, Some(end));
                let mut t = bot::Tourist::default();
                for _ in 0..20_000 {
                    if r.is_over() {
                        break;
                    }
                    let c = t.command(&r);
                    r.act(c);
                }
                matches!(r.status(), RunStatus::Won { .. }).then_some((seed, r.turn()))
            })
            .collect();
        println!("{end}: {} of 60 won: {won:?}", won.len());
    }
}

/// The plain bot's keys for run `seed`; `detour`: on first reaching level 2,
/// go back up and down again; `stop_at_monster`: stop when a monster is in
/// view.
/// Where `keys` stops early: at the first monster in view, or after the
/// first message that holds some text.
struct Stop {
    at_monster: bool,
    at_message: Option<String>,
}

fn bot_keys(seed: u64, hero: Option<Hero>, content: Arc<Content>, detour: bool, stop: Stop) {
    let mut deepest = 1;
    let mut r = Dungeon::new(
        seed,
        RunSetup {
            hero,
            content,
            ..RunSetup::default()
        },
    )
    .expect("the built-in mines make every level");
    let mut keys = Vec::new();
    while !r.is_over() && keys.len() < 20_000 {
        if stop.at_monster
            && r.level()
                .monsters()
                .iter()
                .any(|m| r.is_visible(m.pos) && !m.tame)
        {
            break;
        }
        if let Some(text) = &stop.at_message
            && r.log().history().any(|(_, m)| m.contains(text.as_str()))
        {
            break;
        }
        let c = bot::bot_command(&r);
        r.act(c);
        keys.push(c);
        if r.depth() > deepest {
            deepest = r.depth();
            println!("DEPTH {deepest} after {} keys", keys.len());
            if detour && deepest == 2 {
                for c in [Command::Up, Command::Down] {
                    r.act(c);
                    keys.push(c);
                }
            }
        }
    }
    println!("KEYS {}", keys_text(&keys).trim());
    println!("{:?} depth {} turn {}", r.status(), r.depth(), r.turn());
}

/// The tourist's keys for run `seed` (with `variant` forced); `all`: every
/// turn and every message as it goes.
fn tourist_keys(seed: u64, variant: Option<&str>, all: bool) {
    let mut r = run(seed, variant);
    let mut t = bot::Tourist::default();
    let mut keys = Vec::new();
    let mut deepest = 1;
    while !r.is_over() && keys.len() < 20_000 {
        let c = t.command(&r);
        r.act(c);
        keys.push(c);
        if all {
            let (turn, depth, at) = (r.turn(), r.depth(), r.player().pos);
            println!("T{turn} d{depth} {c:?} {at:?} {}", r.log().line());
        }
        if r.depth() > deepest {
            deepest = r.depth();
            println!(
                "DEPTH {deepest} after {} keys, turn {}",
                keys.len(),
                r.turn()
            );
        }
    }
    for (turn, m) in r.log().history() {
        let notable = ["bought", "pray", "now lit", "better"];
        if all || notable.iter().any(|n| m.contains(n)) {
            println!("T{turn}: {m}");
        }
    }
    println!("KEYS {}", keys_text(&keys).trim());
    println!(
        "{:?} depth {} turn {} keys {}",
        r.status(),
        r.depth(),
        r.turn(),
        keys.len()
    );
}

/// Keys that kill a dwarf carrying a digging tool, take the tool, and stand
/// next to rock to dig (run `seed`'s level 1 must have such a dwarf).
fn dig_keys(seed: u64) {
    let mut r = run(seed, None);
    let mut keys = Vec::new();
    let Some(digger) = r
        .level()
        .monsters()
        .iter()
        .find(|m| m.tool.is_some())
        .map(|m| m.id)
    else {
        println!("no monster on level 1 of run {seed} carries a tool");
        return;
    };
    let alive = |r: &Dungeon| r.level().monsters().iter().any(|m| m.id == digger);
    // Fight (as the bot) until the digger is dead.
    while alive(&r) && !r.is_over() && keys.len() < 400 {
        let me = r.player().pos;
        let beside = r
            .level()
            .monsters()
            .iter()
            .any(|m| m.pos.distance(me) == 1 && !m.peaceful);
        let c = if beside {
            bot::bot_command(&r)
        } else {
            Command::Search
        };
        r.act(c);
        keys.push(c);
    }
    // Walk to its pick and take it.
    let digs = |r: &Dungeon, k| r.content().item(k).on_pick_up.name() == "Dig";
    let pick = r
        .level()
        .items()
        .iter()
        .find(|i| digs(&r, i.kind))
        .map(|i| i.pos);
    if let Some(at) = pick {
        while r.player().pos != at && keys.len() < 600 {
            let Some(d) = bot::first_safe_step(&r, r.player().pos, at) else {
                break;
            };
            r.act(Command::Move(d));
            keys.push(Command::Move(d));
        }
        r.act(Command::PickUp);
        keys.push(Command::PickUp);
    }
    println!(
        "{} {:?} hp {}",
        r.log().line(),
        r.player().pos,
        r.player().hp
    );
    println!("KEYS {}", keys_text(&keys).trim());
    let letter = r.player().inventory.iter().position(|c| digs(&r, c.kind));
    let me = r.player().pos;
    let rock = Dir::ALL
        .iter()
        .find(|&&d| r.level().is_diggable(me.step(d)));
    println!("pick letter {letter:?}, rock toward {rock:?}");
}
