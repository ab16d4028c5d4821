//! Run the generator with your own cellular-automaton passes and print the level
//! stage by stage.
//!
//!     cargo run --example custom_rules
//!     cargo run --example custom_rules -- 42      # another seed
//!
//! NetHack's four passes, then two of our own: the classic "4-5" cave smoother
//! (B5678/S45678) run buffered twice. A pass is its update order and its fates
//! for 0 to 8 floor neighbours; the same pipeline can be written in the
//! notation and given to the game with `--pipeline`. Fill, joining, walls and
//! stairs stay NetHack's, so the level is still one connected mine with an up
//! and a down staircase.

use gnomish_mines::generation::{
    CaPass, Fate, MineParams, Pipeline, Rule, Update, generate, render_ascii, render_stages,
    render_stats,
};

fn main() {
    let seed = match std::env::args().nth(1).map(|s| s.parse::<u64>()) {
        None => 1,
        Some(Ok(seed)) => seed,
        Some(Err(_)) => {
            eprintln!("custom_rules: error: the seed must be a whole number");
            std::process::exit(2);
        }
    };

    use Fate::{Floor, Keep, Rock};
    // fates[n] is what happens to a cell with n floor neighbours.
    let smooth = Rule {
        //      0     1     2     3     4     5      6      7      8
        fates: [Rock, Rock, Rock, Rock, Keep, Floor, Floor, Floor, Floor],
        update: Update::Buffered,
    };
    let mut pipeline = Pipeline::nethack();
    pipeline
        .push_pass(CaPass::new("smooth1", smooth))
        .expect("a new name");
    pipeline
        .push_pass(CaPass::new("smooth2", smooth))
        .expect("a new name");
    let params = MineParams {
        pipeline,
        ..MineParams::default()
    };

    let level = generate(seed, &params).expect("80x21 is a valid size");
    println!("seed {seed}, six passes: {}\n", params.pipeline);
    print!("{}", render_stages(&level.history));
    println!();
    print!("{}", render_ascii(&level.map));
    println!();
    print!("{}", render_stats(&level.map, Some(&level.history)));
    println!(
        "\nPlay it: cargo run -- --seed {seed} --pipeline \"{}\"",
        params.pipeline
    );

    // For comparison, NetHack's own four passes on the same seed.
    let nethack = generate(seed, &MineParams::default()).expect("valid");
    println!("\nNetHack's passes, same seed:\n");
    print!("{}", render_ascii(&nethack.map));
}
