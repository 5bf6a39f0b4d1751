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

/// Runs `check(block)` over every `f32` bit pattern, in blocks of 4096 consecutive
/// patterns split over two threads; `check` returns the number of failures in its
/// block (printing the first few). Returns the total.
#[allow(dead_code)] // only the exhaustive tests use it
pub(crate) fn for_all_f32_blocks(check: impl Fn(&[f32]) -> u64 + Sync) -> u64 {
    const BLOCK: u32 = 4096;
    std::thread::scope(|s| {
        let check = &check;
        let halves: Vec<_> = [0u32, 1]
            .into_iter()
            .map(|h| {
                s.spawn(move || {
                    let mut block = vec![0.0_f32; BLOCK as usize];
                    (0..(1u32 << 31) / BLOCK)
                        .map(|i| {
                            let first = (h << 31) | (i * BLOCK);
                            for (x, bits) in block.iter_mut().zip(first..) {
                                *x = f32::from_bits(bits);
                            }
                            check(&block)
                        })
                        .sum::<u64>()
                })
            })
            .collect();
        halves.into_iter().map(|h| h.join().unwrap()).sum()
    })
}

/// Whether the exhaustive sweeps check the scalar conversions as well as the
/// slice loops: not in the baseline stage (`--cfg normkey_baseline`), whose one
/// change is which copy of the slice loops runs (`src/dispatch.rs`); the scalar
/// code, the same in both builds, is proven on every input by the exhaustive
/// stage.
#[allow(dead_code)] // only the exhaustive tests use it
pub(crate) const CHECK_SCALAR: bool = !cfg!(normkey_baseline);

/// The value `want` gives every input of `xs` (a block of [`for_all_f32_blocks`]:
/// ascending bit patterns of one sign) when it gives that value at both ends and
/// neither end is NaN; `None` otherwise. For a rule monotone in the input's value
/// over each sign's non-NaN inputs (its codes, as integers, ascend or descend
/// with the value: the UNORM/SNORM, binary16, small-float and shared-exponent
/// encoders), the inputs between two ends are values between theirs, so equal
/// codes at the ends are the code of each of them: the oracle is called twice per
/// block, not per input, and every input is still compared. Most blocks are such
/// (each code spans many `f32` patterns); NaN blocks take the per-input path.
#[allow(dead_code)] // only the exhaustive tests use it
pub(crate) fn constant_on<W: PartialEq>(xs: &[f32], want: impl Fn(f32) -> W) -> Option<W> {
    let (first, last) = (xs[0], xs[xs.len() - 1]);
    assert_eq!(
        first.is_sign_negative(),
        last.is_sign_negative(),
        "a block of one sign"
    );
    if first.is_nan() || last.is_nan() {
        return None;
    }
    let w = want(first);
    (w == want(last)).then_some(w)
}

/// `items`, or under Miri (which interprets the tests about a thousand times
/// slower) only every `k`-th of them: the same checks on a sample.
#[allow(dead_code)] // not every test file uses it
pub(crate) fn miri_thin<T>(
    items: impl IntoIterator<Item = T>,
    k: usize,
) -> impl Iterator<Item = T> {
    items.into_iter().step_by(if cfg!(miri) { k } else { 1 })
}
