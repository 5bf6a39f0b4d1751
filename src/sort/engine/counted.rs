//! Few distinct keys: counted, not moved. A slice of keys that are identical
//! when equal and that take few distinct values (quantized readings, labels,
//! the head of a Zipf distribution) is sorted by one read that counts each
//! distinct key in a hash table and one write of the runs in key order, where
//! the radix routes would move every record once per split or per byte.
//!
//! # Why writing the runs is the stable sort
//!
//! As for the in-place split (`in_place.rs`): only keys whose radix determines
//! them bit for bit come here (never `NanLast`, never records), so every key of a
//! run is the same bits as the first one counted, and writing that one `count`
//! times is the slice the stable sort gives, bit for bit.
//!
//! # When it is tried, and what a failure costs
//!
//! [`likely`] sorts the radixes of [`SAMPLE`] records spread over the slice and
//! counts the repeats: `r` repeats among `s` records drawn from `d` equally
//! frequent keys estimate `d ≈ s² / 2r`. The count is tried when that estimate
//! fits the table ([`sort`]'s `limit`). Data with more distinct keys than the
//! sample suggests (a heavy head and a long tail) fills the table part way
//! through the read: [`sort`] then returns `false` with the slice untouched, and
//! the slice takes its radix route; at most one read is lost.
//!
//! # Memory
//!
//! The table holds at most [`SLOTS_MAX`] entries and at most an eighth of the
//! slice's bytes (the in-place route's bound), and is filled to at most half.

use alloc::vec;
use alloc::vec::Vec;

use super::radix::Radix;

/// Records whose radixes [`likely`] samples. Under Miri, 16, so that the
/// tests' short inputs are counted.
pub(crate) const SAMPLE: usize = if cfg!(any(miri, fuzzing)) { 16 } else { 256 };

/// Most entries of the table: 32Ki, so a `f32` table of 512 KiB (an L2 cache),
/// and at most 16Ki distinct keys.
pub(crate) const SLOTS_MAX: usize = 1 << 15;

/// An entry: a key's radix, how many records have it (0: the entry is empty),
/// and the key.
type Entry<R, T> = (R, usize, T);

/// How many entries the table of `n` records of `T` has: a power of two, at
/// most [`SLOTS_MAX`] and at most `n · size_of::<T>() / 8` bytes; 0 when not even
/// two fit.
fn slots<T, R>(n: usize) -> usize {
    let budget = n.saturating_mul(size_of::<T>()) / 8 / size_of::<Entry<R, T>>().max(1);
    let slots = SLOTS_MAX.min(budget);
    if slots < 2 { 0 } else { 1 << slots.ilog2() }
}

/// Most distinct radixes the table of `n` records of `T` holds: half its entries.
pub(crate) fn limit<T, R>(n: usize) -> usize {
    slots::<T, R>(n) / 2
}

/// Whether a sample of `v` suggests that its distinct radixes fit the table of
/// [`sort`]: see the [module docs](self).
pub(crate) fn likely<T, R: Radix>(v: &[T], radix: &impl Fn(&T) -> R) -> bool {
    let n = v.len();
    let limit = limit::<T, R>(n);
    if n < 2 * SAMPLE || limit == 0 {
        return false;
    }
    let stride = n / SAMPLE;
    let mut sample = [R::ZERO; SAMPLE];
    for (s, x) in sample.iter_mut().zip(v.iter().step_by(stride)) {
        *s = radix(x);
    }
    sample.sort_unstable();
    let repeats = sample.windows(2).filter(|w| w[0] == w[1]).count();
    // `d ≈ s² / 2r <= limit`, without the division.
    repeats > 0 && repeats * 2 * limit >= SAMPLE * SAMPLE
}

/// The table entry of radix `r` in a table of `2^bits` entries: Fibonacci
/// hashing of the radix's bits folded into 64.
#[inline]
fn home<R: Radix>(r: R, bits: u32) -> usize {
    let mut folded = 0_u64;
    let mut shift = 0;
    while shift < R::BITS {
        folded ^= r.shr_usize(shift) as u64;
        shift += usize::BITS;
    }
    // The top `bits` of the product: `bits < 64`, so they fit in a `usize` of
    // at least `bits` bits (the table has at most `SLOTS_MAX` entries).
    #[allow(clippy::cast_possible_truncation)]
    let h = (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize;
    h
}

/// Sorts `v` by writing the runs of its distinct keys in radix order, if they
/// fit the table; returns `false` with `v` untouched when they do not. Only for
/// records that are identical when their radixes are equal (see the [module
/// docs](self)).
pub(crate) fn sort<T: Copy, R: Radix>(v: &mut [T], radix: &impl Fn(&T) -> R) -> bool {
    let slots = slots::<T, R>(v.len());
    let Some(&first) = v.first() else {
        return true;
    };
    if slots == 0 {
        return false;
    }
    let limit = slots / 2;
    let bits = slots.ilog2();
    let mask = slots - 1;
    let mut table: Vec<Entry<R, T>> = vec![(R::ZERO, 0, first); slots];
    let mut distinct = 0;
    for x in v.iter() {
        let r = radix(x);
        let mut i = home(r, bits);
        loop {
            let entry = &mut table[i];
            if entry.1 == 0 {
                if distinct == limit {
                    return false;
                }
                *entry = (r, 1, *x);
                distinct += 1;
                break;
            }
            if entry.0 == r {
                entry.1 += 1;
                break;
            }
            i = (i + 1) & mask;
        }
    }
    table.retain(|e| e.1 > 0);
    table.sort_unstable_by_key(|e| e.0);
    let mut rest = v;
    for &(_, count, key) in &table {
        let (run, tail) = core::mem::take(&mut rest).split_at_mut(count);
        run.fill(key);
        rest = tail;
    }
    true
}
