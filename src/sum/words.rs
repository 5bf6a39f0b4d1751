//! An exact sum's state as a fixed array of `i64` words whose **elementwise
//! integer sum is the merge**: [`ExactSum::to_words`] and
//! [`ExactSum::from_words`]. Anything that adds integers merges exact float
//! sums with no operator of its own: MPI's `MPI_SUM` on `MPI_INT64_T`, a SQL
//! `SUM` over `BIGINT` columns, NCCL, a GPU's atomic adds.
//!
//! The format is in [`WORDS_VERSION`]'s docs.

// Words are `i64`s by definition; the casts between the halves of a count and
// the digits take low bits on purpose.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap
)]

use core::fmt;

use crate::sum::accumulator::{ExactSum, NAN, NEG_INF, NOT_NEG_ZERO, OVER, POS_INF};
use crate::sum::float::{SumFloat, WORDS_HEADER};
use crate::sum::wide::{self, Format, MAX_DIGITS};

/// The version of the words' format that [`ExactSum::to_words`] writes and
/// [`ExactSum::from_words`] reads: an exact sum's state as a fixed array of
/// `i64` words whose **elementwise integer sum is the merge**, so that anything
/// that adds integers merges exact float sums with no operator of its own
/// (MPI's `MPI_SUM` on `MPI_INT64_T`, a SQL `SUM` over `BIGINT` columns, NCCL,
/// a GPU's atomic adds).
///
/// # Version 1
///
/// `F`'s words are `9 + L` integers, `L` the limbs of `F` (11 for `f32` and
/// `bf16`, 68 for `f64`, 4 for `f16`: 20, 77, 13 and 20 words). One state writes:
///
/// | word | holds |
/// |---|---|
/// | 0 | 1: the number of states summed |
/// | 1 | the tag: `WORDS_VERSION · 2^16 + exponent bits · 2^8 + significand bits` (`f32`: 67,607; `f64`: 68,404; `f16`: 66,826; `bf16`: 67,591) |
/// | 2, 3 | the number of values added, its low and high 32 bits |
/// | 4, 5, 6 | 1 where a NaN, a +∞, a −∞ was added, else 0 |
/// | 7 | 1 where a value other than −0 was added (the −0 rule), else 0 |
/// | 8 | 1 where more than `u64::MAX` values were added, else 0 |
/// | 9 … 9 + L − 1 | the exact sum in units of `F`'s smallest subnormal, little-endian digits of 32 bits: every digit in `[0, 2^32)`, the last one signed, in `[−2^31, 2^31)` |
///
/// Words are integers, not bytes: an engine stores them in its own byte order.
/// **At most 2^31 states may be added elementwise** before [`from_words`](ExactSum::from_words)
/// (every word of one state is below 2^32 in magnitude, so 2^31 of them stay
/// below 2^63): to go on, read the sum back and write it again
/// (`ExactSum::from_words(&w)?.to_words()`), which carries the digits.
///
/// [`from_words`](ExactSum::from_words) checks what the sum of valid states can be and rejects
/// everything else with a [`WordsError`], never a wrong sum: the length, the
/// tag (a wrong version, or another float type's words), each word's range for
/// the number of states in word 0, a count of zero with a nonzero sum or
/// flags, or a sum larger than its count of values can reach. A later version of the format gets a new tag; version 1 is read as
/// long as the crate reads words.
pub const WORDS_VERSION: i64 = 1;

/// The word holding the number of states.
const STATES: usize = 0;
/// The tag's word.
const TAG: usize = 1;
/// The count's low and high 32 bits.
const COUNT: usize = 2;
/// The flags' words, in this order.
const FLAGS: [(usize, u8); 5] = [
    (4, NAN),
    (5, POS_INF),
    (6, NEG_INF),
    (7, NOT_NEG_ZERO),
    (8, OVER),
];

/// The tag of `F`'s words.
const fn tag(f: Format) -> i64 {
    (WORDS_VERSION << 16) + ((f.exp_bits as i64) << 8) + f.mant as i64
}

/// Why [`ExactSum::from_words`] rejected its words.
///
/// ```
/// use normkey::sum::{ExactSum, WordsError};
///
/// let e = ExactSum::<f32>::from_words(&[0; 3]).unwrap_err();
/// assert_eq!(e, WordsError::Length { expected: 20, got: 3 });
/// let w = ExactSum::<f64>::new().to_words();
/// let e = ExactSum::<f32>::from_words(&w).unwrap_err(); // `f64`'s words
/// assert_eq!(e, WordsError::Length { expected: 20, got: 77 });
/// assert_eq!(e.to_string(), "20 words expected, got 77");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WordsError {
    /// The words are not as many as the type's.
    Length {
        /// The type's number of words.
        expected: usize,
        /// The number given.
        got: usize,
    },
    /// Word 0, the number of states, is not positive, or the tag is not this
    /// version's tag of this type times it.
    Tag,
    /// Word `index` is outside what the sum of word 0's number of valid states
    /// can hold there, or the sum's digits carry past the last one.
    Range {
        /// The word's index.
        index: usize,
    },
    /// A count of zero values with a nonzero sum or a special value.
    Empty,
    /// A sum larger than its count of values of the type can reach.
    Sum,
}

impl fmt::Display for WordsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Length { expected, got } => write!(f, "{expected} words expected, got {got}"),
            Self::Tag => f.write_str("not this version's exact-sum words of this float type"),
            Self::Range { index } => write!(f, "word {index} is out of range for its states"),
            Self::Empty => f.write_str("a nonzero sum or a special value with no values"),
            Self::Sum => f.write_str("a sum beyond what its count of values can reach"),
        }
    }
}

impl core::error::Error for WordsError {}

impl<F: SumFloat> ExactSum<F> {
    /// The state as integer words whose elementwise sum, over any number of
    /// states up to 2^31, is the words of their [`merge`](Self::merge): a
    /// `[i64; 9 + L]` (20 words for `f32`, 77 for `f64`). The format is
    /// stable and versioned ([`WORDS_VERSION`] gives it): the same state always
    /// gives the same words. With feature `serde`, an `ExactSum` serializes as
    /// these words and deserializes through [`from_words`](Self::from_words).
    ///
    /// ```
    /// use normkey::sum::ExactSum;
    ///
    /// // Three partitions' partial sums, merged by adding integers.
    /// let parts: [&[f64]; 3] = [&[1e100, 0.5], &[-1e100], &[0.25, f64::MIN_POSITIVE]];
    /// let mut total = [0_i64; 77];
    /// for p in parts {
    ///     let mut s = ExactSum::new();
    ///     s.add_slice(p);
    ///     for (t, w) in total.iter_mut().zip(s.to_words()) {
    ///         *t += w; // what MPI_SUM or SQL's SUM(BIGINT) does
    ///     }
    /// }
    /// let merged = ExactSum::<f64>::from_words(&total).unwrap();
    /// assert_eq!(merged.value(), 0.75 + f64::MIN_POSITIVE); // 1e100 + 0.5 − 1e100 + …, exactly
    /// assert_eq!(merged.count(), 5);
    /// ```
    #[must_use]
    pub fn to_words(&self) -> F::Words {
        let mut w = F::WORDS_ZERO;
        let words = w.as_mut();
        words[STATES] = 1;
        words[TAG] = tag(F::FORMAT);
        let count = self.raw_count();
        words[COUNT] = (count & 0xffff_ffff) as i64;
        words[COUNT + 1] = (count >> 32) as i64;
        for (i, flag) in FLAGS {
            words[i] = i64::from(self.flags() & flag != 0);
        }
        words[WORDS_HEADER..].copy_from_slice(self.canonical_limbs().as_ref());
        w
    }

    /// The state whose words, or the elementwise sum of whose parts' words,
    /// are `words` (see [`to_words`](Self::to_words) and the format at
    /// [`WORDS_VERSION`]): equal, bit for bit, to the
    /// [`merge`](Self::merge) of the states summed.
    ///
    /// # Errors
    ///
    /// A [`WordsError`] where no sum of up to 2^31 valid states of `F` gives
    /// `words`: the wrong length, another version or float type, a word out of
    /// its range, values counted as none, or a sum its count cannot reach.
    ///
    /// ```
    /// use normkey::sum::{ExactSum, WordsError};
    ///
    /// let mut s = ExactSum::<f32>::new();
    /// s.add_slice(&[0.1, f32::NAN]);
    /// let w = s.to_words();
    /// assert_eq!(ExactSum::from_words(&w), Ok(s));
    /// let mut bad = w;
    /// bad[10] = -1; // a digit below 0
    /// assert_eq!(ExactSum::<f32>::from_words(&bad), Err(WordsError::Range { index: 10 }));
    /// bad = w;
    /// bad[1] += 1; // another tag
    /// assert_eq!(ExactSum::<f32>::from_words(&bad), Err(WordsError::Tag));
    /// ```
    pub fn from_words(words: &[i64]) -> Result<Self, WordsError> {
        let expected = F::WORDS_ZERO.as_ref().len();
        if words.len() != expected {
            return Err(WordsError::Length {
                expected,
                got: words.len(),
            });
        }
        let states = words[STATES];
        if states < 1 || states.checked_mul(tag(F::FORMAT)) != Some(words[TAG]) {
            return Err(WordsError::Tag);
        }
        // Each word is the sum of `states` words of one state, each within
        // `[lo, hi]`; `states ≤ 2^63 / tag`, so these products fit in i128.
        let within = |i: usize, lo: i64, hi: i64| {
            let (s, w) = (i128::from(states), i128::from(words[i]));
            if s * i128::from(lo) <= w && w <= s * i128::from(hi) {
                Ok(words[i])
            } else {
                Err(WordsError::Range { index: i })
            }
        };
        let digit = (1 << 32) - 1;
        let count = u128::from(within(COUNT, 0, digit)? as u64)
            + (u128::from(within(COUNT + 1, 0, digit)? as u64) << 32);
        let mut flags = 0;
        for (i, flag) in FLAGS {
            if within(i, 0, 1)? > 0 {
                flags |= flag;
            }
        }
        let raw_count = if count > u128::from(u64::MAX) {
            flags |= OVER;
            u64::MAX
        } else {
            count as u64
        };
        // Carry the digits into one state's: every digit in [0, 2^32), the
        // last within [−2^31, 2^31).
        let mut limbs = F::LIMBS_ZERO;
        let n = limbs.as_ref().len();
        let mut carry: i128 = 0;
        for (k, limb) in limbs.as_mut().iter_mut().enumerate() {
            let i = WORDS_HEADER + k;
            let d = if k + 1 < n {
                within(i, 0, digit)?
            } else {
                within(i, -(1 << 31), (1 << 31) - 1)?
            };
            let v = i128::from(d) + carry;
            if k + 1 < n {
                *limb = v.rem_euclid(1 << 32) as i64;
                carry = v.div_euclid(1 << 32);
            } else if (-(1 << 31)..1 << 31).contains(&v) {
                *limb = v as i64;
            } else {
                return Err(WordsError::Range { index: i });
            }
        }
        if count == 0 && (flags != 0 || limbs.as_ref().iter().any(|&l| l != 0)) {
            return Err(WordsError::Empty);
        }
        // `count` finite values of `F` sum to less than `count · 2^max_bits`
        // quanta (the largest finite value is below `2^max_bits`); past
        // `u64::MAX` values (whose value is NaN) the limbs' room is the bound.
        let mut mag = [0_u32; MAX_DIGITS];
        wide::magnitude(limbs.as_ref(), &mut mag);
        let bits = mag[..n]
            .iter()
            .rposition(|&d| d != 0)
            .map_or(0, |i| 32 * i as u32 + 32 - mag[i].leading_zeros());
        let f = F::FORMAT;
        let max_bits = (1 << f.exp_bits) - 3 + f.mant + 1;
        let count_bits = if flags & OVER == 0 {
            128 - count.leading_zeros()
        } else {
            64
        };
        if bits > count_bits + max_bits {
            return Err(WordsError::Sum);
        }
        Ok(Self::from_parts(limbs, raw_count, flags))
    }
}
