//! The radix integers (`Radix`, `Concat`) and the passes every sort of the
//! module shares: counting the digits of a slice and scattering its records by
//! them, unchecked or checked (see `stable.rs`'s module docs).

use core::ops::{BitAnd, BitXor, Not};

/// Bits of one LSD digit.
pub(super) const DIGIT_BITS: u32 = 8;
/// Buckets of one LSD digit.
pub(super) const BUCKETS: usize = 1 << DIGIT_BITS;

/// An unsigned integer that a sort key maps to: `u8` to `u128`.
///
/// Integer order is the key's order; equal integers are keys that tie.
pub trait Radix:
    Copy
    + Ord
    + Not<Output = Self>
    + BitAnd<Output = Self>
    + BitXor<Output = Self>
    + Send
    + Sync
    + 'static
{
    /// Width in bits.
    const BITS: u32;
    /// Zero.
    const ZERO: Self;
    /// All ones.
    const MAX: Self;
    /// The top bit alone.
    const TOP: Self;
    /// The low bits of `self >> shift` (`shift < BITS`), as a `usize`.
    fn shr_usize(self, shift: u32) -> usize;
    /// `self << shift | low` for `shift < BITS`, `low < 2^shift`.
    fn shl_or(self, shift: u32, low: usize) -> Self;
    /// `self - 1`, wrapping.
    fn dec(self) -> Self;
    /// The top `known` bits (`known <= BITS`), shifted down: 0 when `known` is 0.
    fn high(self, known: u32) -> Self;
    /// `self − base`, at most `cap`; 0 when `self < base`.
    fn offset(self, base: Self, cap: usize) -> usize;
    /// `self + d`, wrapping.
    fn add_usize(self, d: usize) -> Self;
    /// `self − d`, at least 0.
    fn sub_usize(self, d: usize) -> Self;
    /// The slice as the vector sort takes it (`vector/`): not a stable API.
    #[doc(hidden)]
    fn wide(v: &mut [Self]) -> Wide<'_>;
}

/// A slice of radixes as the vector sort (`vector/`) takes it: not a stable
/// API (public because [`Radix`] is).
#[doc(hidden)]
#[derive(Debug)]
pub enum Wide<'a> {
    /// 32-bit radixes.
    U32(&'a mut [u32]),
    /// 64-bit radixes.
    U64(&'a mut [u64]),
    /// Others (the vector sort takes none).
    Other,
}

/// The [`Radix`] impl of one unsigned integer.
macro_rules! radix {
    (@wide Other $v:ident) => {{
        let _ = $v;
        Wide::Other
    }};
    (@wide $w:ident $v:ident) => {
        Wide::$w($v)
    };
    ($($u:ty => $w:ident),*) => {$(
        impl Radix for $u {
            const BITS: u32 = <$u>::BITS;
            const ZERO: Self = 0;
            const MAX: Self = <$u>::MAX;
            const TOP: Self = 1 << (<$u>::BITS - 1);
            // Truncation to the digit is the point.
            #[allow(clippy::cast_possible_truncation)]
            #[inline]
            fn shr_usize(self, shift: u32) -> usize {
                (self >> shift) as usize
            }
            // `low < 2^shift <= 2^BITS`: nothing is truncated.
            #[allow(clippy::cast_possible_truncation)]
            #[inline]
            fn shl_or(self, shift: u32, low: usize) -> Self {
                // `checked_shl`: the shift by the full width of an empty prefix is 0.
                self.checked_shl(shift).unwrap_or(0) | low as $u
            }
            #[inline]
            fn dec(self) -> Self {
                self.wrapping_sub(1)
            }
            #[inline]
            fn high(self, known: u32) -> Self {
                self.checked_shr(<$u>::BITS - known).unwrap_or(0)
            }
            // The difference is at most `cap` before the cast: nothing is truncated.
            #[allow(clippy::cast_possible_truncation)]
            #[inline]
            fn offset(self, base: Self, cap: usize) -> usize {
                let d = self.saturating_sub(base);
                match <$u>::try_from(cap) {
                    Ok(c) if d > c => cap,
                    _ => d as usize,
                }
            }
            // A `usize` fits in `u128`; the sum wraps in `Self` as documented.
            #[allow(clippy::cast_possible_truncation)]
            #[inline]
            fn add_usize(self, d: usize) -> Self {
                self.wrapping_add(d as u128 as $u)
            }
            #[inline]
            fn sub_usize(self, d: usize) -> Self {
                <$u>::try_from(d).map_or(0, |d| self.saturating_sub(d))
            }
            #[inline]
            fn wide(v: &mut [Self]) -> Wide<'_> {
                radix!(@wide $w v)
            }
        }
    )*};
}
radix!(u8 => Other, u16 => Other, u32 => U32, u64 => U64, u128 => Other);

/// Two radix integers side by side, `Self` in the high bits: the radix of a pair
/// of keys (lexicographic order). Implemented where the sum fits in `u128`.
pub trait Concat<B: Radix>: Radix {
    /// The integer that holds both.
    type Out: Radix;
    /// `self` in the high bits, `low` in the low bits.
    fn join(self, low: B) -> Self::Out;
    /// The two halves of [`join`](Self::join)'s result.
    fn split(joined: Self::Out) -> (Self, B);
}

/// The [`Concat`] impls: `high, low => out`.
macro_rules! concat {
    ($($a:ty, $b:ty => $o:ty;)*) => {$(
        impl Concat<$b> for $a {
            type Out = $o;
            #[inline]
            fn join(self, low: $b) -> $o {
                (<$o>::from(self) << <$b>::BITS) | <$o>::from(low)
            }
            // The halves were joined from these widths: nothing is truncated.
            #[allow(clippy::cast_possible_truncation)]
            #[inline]
            fn split(joined: $o) -> (Self, $b) {
                ((joined >> <$b>::BITS) as $a, joined as $b)
            }
        }
    )*};
}
concat! {
    u8, u8 => u16; u8, u16 => u32; u8, u32 => u64; u8, u64 => u128;
    u16, u8 => u32; u16, u16 => u32; u16, u32 => u64; u16, u64 => u128;
    u32, u8 => u64; u32, u16 => u64; u32, u32 => u64; u32, u64 => u128;
    u64, u8 => u128; u64, u16 => u128; u64, u32 => u128; u64, u64 => u128;
}

/// Makes `dst` a copy of `src` when dropped, unless forgotten: a checked
/// scatter's state if its radix function panics, so that `dst` is whole.
struct Restore<'a, T: Copy> {
    src: &'a [T],
    dst: &'a mut [T],
}

impl<T: Copy> Drop for Restore<'_, T> {
    fn drop(&mut self) {
        self.dst.copy_from_slice(self.src);
    }
}

/// Most buckets of one split: each is a run of records that the scatter writes
/// in order, and more runs than this miss the cache on every write.
pub(crate) const SPLIT_MAX: usize = 512;

/// Most bytes that `lsd_passes` (`stable.rs`) counts in one read (those of a `u64`); wider
/// radixes count each byte before its pass.
pub(super) const FUSED_BYTES: usize = 8;

/// How many records of `v` (at most `u32::MAX`) have each value of each of the
/// low `bytes` bytes of their radix (`2 <= bytes <= FUSED_BYTES`), in one read.
pub(super) fn count_bytes<T, R: Radix>(
    v: &[T],
    bytes: usize,
    radix: &impl Fn(&T) -> R,
) -> [[u32; BUCKETS]; FUSED_BYTES] {
    // Five to seven bytes are counted as eight (the radix has 64 bits or more, and
    // the bytes above `bytes` are the same in every record): fewer copies. The
    // guards are constants: a radix compiles only the widths it has (`bytes` is
    // at most `R::BITS / 8`).
    match bytes {
        3 if const { R::BITS >= 24 } => count_fixed::<T, R, 3>(v, radix),
        4 if const { R::BITS >= 32 } => count_fixed::<T, R, 4>(v, radix),
        5.. if const { R::BITS >= 64 } => count_fixed::<T, R, 8>(v, radix),
        _ => count_fixed::<T, R, 2>(v, radix),
    }
}

/// [`count_bytes`] for `B` bytes, unrolled. Two sets of tables count the even
/// and the odd records, so that a byte every record shares (the top of a
/// bucket) does not chain each increment on the one before.
fn count_fixed<T, R: Radix, const B: usize>(
    v: &[T],
    radix: &impl Fn(&T) -> R,
) -> [[u32; BUCKETS]; FUSED_BYTES] {
    let mut even = [[0_u32; BUCKETS]; FUSED_BYTES];
    let mut odd = [[0_u32; BUCKETS]; FUSED_BYTES];
    let pairs = v.chunks_exact(2);
    let rest = pairs.remainder();
    for pair in pairs {
        let (a, b) = (radix(&pair[0]), radix(&pair[1]));
        for d in 0..B {
            #[allow(clippy::cast_possible_truncation)] // a digit index is below 8
            let shift = d as u32 * DIGIT_BITS;
            even[d][a.shr_usize(shift) & (BUCKETS - 1)] += 1;
            odd[d][b.shr_usize(shift) & (BUCKETS - 1)] += 1;
        }
    }
    for x in rest {
        let a = radix(x);
        for (d, table) in even.iter_mut().enumerate().take(B) {
            #[allow(clippy::cast_possible_truncation)] // a digit index is below 8
            let shift = d as u32 * DIGIT_BITS;
            table[a.shr_usize(shift) & (BUCKETS - 1)] += 1;
        }
    }
    for (e, o) in even.iter_mut().zip(&odd).take(B) {
        for (e, &o) in e.iter_mut().zip(o) {
            *e += o;
        }
    }
    even
}

/// How many records have each digit: `digit` is a pure function of the record,
/// below `N`, a power of two (each digit is masked to `N − 1`, which keeps it and
/// saves the bounds check). Four tables (see [`count_into`]).
pub(crate) fn count_digit<T, const N: usize>(
    v: &[T],
    mut digit_below_n: impl FnMut(&T) -> usize,
) -> [usize; N] {
    const { assert!(N.is_power_of_two()) };
    let mut total = [0; N];
    count_into::<T, N, 4, u32, usize>(v, |x| digit_below_n(x) & (N - 1), &mut total);
    total
}

/// A counter of [`count_into`]: `u16` and `u32` for its tables (a `u16` table
/// is half the stack, flushed twice as often: the selection's), `u32` and
/// `usize` for the totals.
pub(crate) trait Count: Copy {
    /// No records.
    const ZERO: Self;
    /// The most records a table of this type counts before it is flushed: half
    /// its range, so that the remainder of a run (see [`count_into`]) fits too.
    const FLUSH: usize;
    /// `self + n`.
    fn plus(self, n: usize) -> Self;
    /// The count.
    fn get(self) -> usize;
}

/// The [`Count`] impl of one unsigned integer.
macro_rules! count {
    ($($u:ty),*) => {$(
        impl Count for $u {
            const ZERO: Self = 0;
            #[allow(clippy::cast_possible_truncation)] // 2^30 fits any `usize` here
            const FLUSH: usize = if <$u>::BITS > 31 { 1 << 30 } else { (<$u>::MAX / 2) as usize };
            // The caller keeps every count in range (`FLUSH`, or a total of at
            // most the slice's length in a type that holds it).
            #[allow(clippy::cast_possible_truncation)]
            #[inline]
            fn plus(self, n: usize) -> Self {
                self.wrapping_add(n as $u)
            }
            #[inline]
            fn get(self) -> usize {
                self as usize
            }
        }
    )*};
}
count!(u16, u32, usize);

/// Adds to `total[d]` how many records of `v` have digit `d`, for each `d` below
/// `total.len()`; `digit` is a pure function of the record, below `N` (at most
/// 2^16), and the digits from `total.len()` to `N` are counted and dropped.
/// `total`'s type must hold `v.len()`.
///
/// The digits of each run of [`DIGIT_RUN`] records are computed first, into a
/// buffer (a loop without stores to the tables, which vectorizes), then counted.
/// `K` tables of `N` counters of type `W` take the records in turn, so that a
/// run of one digit does not chain every increment on the one before; they are
/// added to `total` after every block of `K · W::FLUSH` records (2^30 for `u32`),
/// which cannot overflow them. (On a 32-bit target `4 · 2^30` is past
/// `usize::MAX`: the block is then the whole slice, whose 2^32 − 1 records at
/// most give each of four `u32` tables about 2^30.)
// Always inlined: a vectorized kernel's copy (`dispatch::vectorized`) builds it
// for its own instructions; each caller is a frame of its own (`select.rs`).
#[allow(clippy::inline_always)]
#[inline(always)]
pub(crate) fn count_into<T, const N: usize, const K: usize, W: Count, C: Count>(
    v: &[T],
    mut digit: impl FnMut(&T) -> usize,
    total: &mut [C],
) {
    const { assert!(N <= 1 << 16 && K > 0) };
    // The bounds check, as cheap as it gets: a digit is below `N`.
    let below_n = |d: u16| {
        if N.is_power_of_two() {
            usize::from(d) & (N - 1)
        } else {
            usize::from(d).min(N - 1)
        }
    };
    let mut digits = [0_u16; DIGIT_RUN];
    // Each table takes a `K`-th of a block, and table 0 the remainders (fewer
    // than `K` in each run of `DIGIT_RUN`): at most `FLUSH · (1 + K / DIGIT_RUN)`
    // records, within the type's range.
    // A constant: an overflow here fails the build, not the call.
    let per_block = const {
        let flush = if W::FLUSH < 1 << 30 {
            W::FLUSH
        } else {
            1 << 30
        };
        flush.saturating_mul(K)
    };
    for block in v.chunks(per_block) {
        #[allow(clippy::large_stack_arrays)]
        let mut tables = [[W::ZERO; N]; K];
        for run in block.chunks(DIGIT_RUN) {
            let digits = &mut digits[..run.len()];
            for (d, x) in digits.iter_mut().zip(run) {
                // A digit is below `N <= 2^16`: it fits.
                #[allow(clippy::cast_possible_truncation)]
                let narrow = digit(x) as u16;
                *d = narrow;
            }
            let groups = digits.chunks_exact(K);
            let rest = groups.remainder();
            for group in groups {
                for (table, &d) in tables.iter_mut().zip(group) {
                    let c = &mut table[below_n(d)];
                    *c = c.plus(1);
                }
            }
            for &d in rest {
                let c = &mut tables[0][below_n(d)];
                *c = c.plus(1);
            }
        }
        for table in &tables {
            for (t, &c) in total.iter_mut().zip(table) {
                *t = t.plus(c.get());
            }
        }
    }
}

/// Records whose digits [`count_into`] computes before it counts them.
const DIGIT_RUN: usize = 64;

/// Replaces counts by the index where each bucket starts.
pub(super) fn exclusive_prefix_sum(counts: &mut [usize]) {
    let mut sum = 0;
    for c in counts {
        let here = *c;
        *c = sum;
        sum += here;
    }
}

/// Moves every record of `src` to `dst` at the next free index of its bucket.
///
/// `starts` must be where each bucket of `src`'s records by `digit` starts in
/// `dst`: the exclusive prefix sums of the counts of `src` by the same `digit`, a
/// pure function of the record unless `CHECKED` ([`scatter_checked`]).
pub(super) fn scatter<const CHECKED: bool, T: Copy>(
    src: &[T],
    dst: &mut [T],
    starts: &mut [usize],
    digit: impl Fn(&T) -> usize,
) {
    assert!(
        src.len() == dst.len(),
        "scatter: buffers of different lengths"
    );
    if CHECKED {
        scatter_checked(src, dst, starts, digit);
        return;
    }
    let out = dst.as_mut_ptr();
    for x in src {
        let d = digit(x);
        let at = starts[d];
        debug_assert!(at < dst.len());
        // SAFETY: bucket `d` starts at `starts[d]` as passed in and holds exactly
        // as many records of `src` as have digit `d` (counted with the same pure
        // `digit`), so the indices written for it stay below the next bucket's
        // start, and the last bucket's below `src.len() == dst.len()`: `at` is in
        // bounds, and no index is written twice.
        unsafe { out.add(at).write(*x) };
        starts[d] = at + 1;
    }
}

/// [`scatter`] for a `digit` that may answer differently than when the records
/// were counted, or panic. Each write is checked to stay inside its bucket's
/// range; a record whose bucket is full is not written. If one was not, some
/// bucket is short of records (the counts and the writes both total
/// `src.len()`): `dst` becomes a copy of `src` (that pass's order is lost).
/// If `digit` panics, `dst` becomes a copy of `src` before the panic goes on.
/// Either way `dst` ends a permutation of `src`.
fn scatter_checked<T: Copy>(
    src: &[T],
    dst: &mut [T],
    starts: &mut [usize],
    digit: impl Fn(&T) -> usize,
) {
    let buckets = starts.len();
    let mut ends = [0; SPLIT_MAX];
    let ends = &mut ends[..buckets];
    for (e, &s) in ends
        .iter_mut()
        .zip(starts.iter().skip(1).chain([&dst.len()]))
    {
        *e = s;
    }
    let guard = Restore { src, dst };
    let mut whole = true;
    for x in src {
        let d = digit(x);
        let at = starts[d];
        if at < ends[d] {
            guard.dst[at] = *x;
            starts[d] = at + 1;
        } else {
            whole = false;
        }
    }
    if whole {
        core::mem::forget(guard);
    }
}
