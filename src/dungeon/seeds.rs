//! How one run seed becomes the seeds of everything in the run.
//!
//! Each kind of randomness draws from a stream of its own, so that adding a
//! draw to one (a new monster, a new kind of content) leaves every other stream,
//! and so every other level and roll, as it was. A stream's seed is the run's or
//! level's seed mixed with a salt: a constant that only has to differ from the
//! other salts. Ours spell their stream's name in ASCII, which makes them easy to
//! tell apart and impossible to collide by accident.

/// SplitMix64's finaliser: spreads a seed over all 64 bits.
pub(crate) fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// "contents": a level's light, monsters and items.
const CONTENTS_SALT: u64 = 0x636F_6E74_656E_7473;
/// "turns!": combat and wandering during play.
const PLAY_SALT: u64 = 0x7475_726E_7321;
/// "plan": how many levels, and where the special ones go.
const PLAN_SALT: u64 = 0x706C_616E;
/// "looks": which look each shuffled item kind has in a run.
const LOOKS_SALT: u64 = 0x006C_6F6F_6B73;

/// The generator seed of level `depth` of the run `seed`. Level 1 is the run's
/// seed itself, so `--seed S --ascii` prints the first level of run S.
pub fn level_seed(seed: u64, depth: usize) -> u64 {
    if depth == 1 {
        seed
    } else {
        mix(seed ^ mix(depth as u64))
    }
}

/// The seed of a level's contents, from its generator seed.
pub(crate) fn contents_seed(level_seed: u64) -> u64 {
    mix(level_seed ^ CONTENTS_SALT)
}

/// The seed of a run's combat and wandering rolls.
pub(crate) fn play_seed(seed: u64) -> u64 {
    mix(seed ^ PLAY_SALT)
}

/// The seed of a stocking line's own stream, named in the content file (a
/// level's gold, a town's folk): the level's seed mixed with the name's
/// FNV-1a hash, so each name is a stream apart from the contents stream.
pub(crate) fn named_stream_seed(level_seed: u64, name: &str) -> u64 {
    mix(level_seed ^ mix(fnv1a64(name.as_bytes())))
}

/// The seed of a run's shuffled looks (potions, scrolls).
pub(crate) fn looks_seed(seed: u64) -> u64 {
    mix(seed ^ LOOKS_SALT)
}

/// The seed of a run's plan.
pub(crate) fn plan_seed(seed: u64) -> u64 {
    mix(seed ^ PLAN_SALT)
}

/// FNV-1a, 64 bits: a fixed, documented hash of a file's bytes (the content
/// file's, as replays record it) or a stream's name.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}
