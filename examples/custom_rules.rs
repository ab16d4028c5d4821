//! Run the generator with your own cellular-automaton rules and print the level.
//!
//!     cargo run --example custom_rules
//!     cargo run --example custom_rules -- 42      # another seed
//!
//! The rule here is the classic "4-5" cave smoother (B5678/S45678) run buffered
//! four times, instead of NetHack's cluster / enigma / erode / erode. Fill,
//! joining, walls and stairs stay NetHack's, so the level is still one connected
//! mine with an up and a down staircase.

use gnomish_mines::generation::{
    CaPass, MineParams, Outcome, Update, generate, render_ascii, render_stats,
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

    use Outcome::{Floor, Keep, Rock};
    // outcome[n] is what happens to a cell with n floor neighbours.
    let smooth = CaPass {
        //        0     1     2     3     4     5      6      7      8
        outcome: [Rock, Rock, Rock, Rock, Keep, Floor, Floor, Floor, Floor],
        update: Update::Buffered,
    };
    let params = MineParams {
        passes: [smooth; 4],
        ..MineParams::default()
    };

    let level = generate(seed, &params).expect("80x21 is a valid size");
    println!("seed {seed}, rule B5678/S45678 x4 (buffered):\n");
    print!("{}", render_ascii(&level));
    println!();
    print!("{}", render_stats(&level));

    // For comparison, NetHack's own rules on the same seed.
    let nethack = generate(seed, &MineParams::default()).expect("valid");
    println!("\nNetHack's rules, same seed:\n");
    print!("{}", render_ascii(&nethack));
}
