//! The random stream behind a level.
//!
//! NetHack draws `rn2(n)` from its own generator (ISAAC64 since 3.6.2), which we
//! don't reproduce; what we keep is *where* the pipeline draws (`docs/nethack-mines.md`,
//! "Random numbers").
//! Each `rn2(n)` takes one 64-bit output of rand_pcg's `Pcg64Mcg` and maps it to
//! `0..n` by a multiply-high (`next * n >> 64`): one multiplication instead of a
//! division, with a bias below 2^-40 for every n the generator uses. The mapping is
//! ours, not a rand version's, so the same seed gives the same level on every
//! machine and build.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The seeded generator every random decision of the pipeline draws from.
#[derive(Clone, Debug)]
pub struct MineRng {
    inner: Pcg64Mcg,
}

impl MineRng {
    /// The stream of `seed`.
    pub fn from_seed(seed: u64) -> Self {
        Self {
            inner: Pcg64Mcg::seed_from_u64(seed),
        }
    }

    /// NetHack's `rn2(n)`: uniform in `0..n`. `n` must be positive.
    #[inline]
    pub fn rn2(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0, "rn2(0)");
        ((self.inner.next_u64() as u128 * n as u128) >> 64) as u64
    }

    /// `rn1(n, base) = rn2(n) + base`.
    #[inline]
    pub(crate) fn rn1(&mut self, n: u64, base: u64) -> u64 {
        self.rn2(n) + base
    }

    /// `rnd(n) = rn2(n) + 1`.
    #[inline]
    pub(crate) fn rnd(&mut self, n: u64) -> u64 {
        self.rn2(n) + 1
    }

    /// A raw 64-bit draw, for deriving sub-seeds.
    #[inline]
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }
}
