//! The random stream behind a level.
//!
//! NetHack draws with `rn2(n) = next % n` (SPEC, "RNG calls"). We keep that exact
//! reduction on top of rand_pcg's `Pcg64Mcg`, so a level depends only on the PCG
//! stream and not on how some rand version maps integers to ranges: the same seed
//! gives the same level on every machine and every build.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The seeded generator every random decision of the pipeline draws from.
#[derive(Clone, Debug)]
pub struct MineRng {
    inner: Pcg64Mcg,
}

impl MineRng {
    pub fn from_seed(seed: u64) -> Self {
        Self {
            inner: Pcg64Mcg::seed_from_u64(seed),
        }
    }

    /// NetHack's `rn2(n)`: uniform-ish in `0..n` by plain modulo. `n` must be positive.
    #[inline]
    pub fn rn2(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0, "rn2(0)");
        self.inner.next_u64() % n
    }

    /// `rn1(n, base) = rn2(n) + base`.
    #[inline]
    pub fn rn1(&mut self, n: u64, base: u64) -> u64 {
        self.rn2(n) + base
    }

    /// `rnd(n) = rn2(n) + 1`.
    #[inline]
    pub fn rnd(&mut self, n: u64) -> u64 {
        self.rn2(n) + 1
    }

    /// A raw 64-bit draw, for deriving sub-seeds.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }
}
