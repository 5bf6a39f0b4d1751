//! Helpers shared by the integration tests.

// Test data: the casts build float inputs from random bits on purpose.
#![allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]

/// A tiny xorshift generator: no `rand` dependency.
pub(crate) struct XorShift(pub(crate) u64);

impl XorShift {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Float bits: raw bits half the time, else a value in about [−1.5, 1.5] or an
    /// edge value, so that both the clamp and the rounding get exercised.
    #[allow(dead_code)] // not every test file uses every generator
    pub(crate) fn f32(&mut self) -> f32 {
        let r = self.next();
        match r % 4 {
            0 | 1 => f32::from_bits((r >> 32) as u32),
            2 => ((r >> 40) as f32 / (1u64 << 24) as f32) * 3.0 - 1.5,
            _ => [
                0.0,
                -0.0,
                0.5,
                -0.5,
                1.0,
                -1.0,
                f32::NAN,
                f32::INFINITY,
                f32::NEG_INFINITY,
            ][(r >> 32) as usize % 9],
        }
    }
}
