//! The one update of every reducer: load, skip what would not improve the value,
//! then one integer read-modify-write (`update`, `update_unless`), a
//! compare-exchange loop (`update_cas`), or an integer min/max on a float's raw
//! bits (`update_bits`, chosen by the pure `raw_op`, with its proof and its test
//! on every `f32` argument). See the [module docs](super) for the algorithm.

use super::{AtomicBits, Direction};
use crate::key::{KeyFloat, OrderedKey};
use core::sync::atomic::Ordering;

/// The load part of a read-modify-write ordering: `Release` → `Relaxed`,
/// `AcqRel` → `Acquire`, the others unchanged. It is the ordering of an update that
/// is skipped because it would not change the value, as of a failed
/// `compare_exchange`.
#[inline]
pub(super) const fn load_part(order: Ordering) -> Ordering {
    match order {
        Ordering::Relaxed | Ordering::Release => Ordering::Relaxed,
        Ordering::Acquire | Ordering::AcqRel => Ordering::Acquire,
        // `SeqCst`, and any ordering added later: the strongest load.
        _ => Ordering::SeqCst,
    }
}

/// `a` improves on `b` in direction `D`.
#[inline]
pub(super) fn better<B: Ord + Copy, D: Direction>(a: B, b: B) -> bool {
    if D::IS_MIN { a < b } else { a > b }
}

/// The update, written once for the reducers and the arg reducers: loads the
/// integer with the load part of `order` and **skips** the write when `key` would
/// not improve it; otherwise one integer `fetch_min`/`fetch_max` with `order`.
/// Returns the previous integer. ([`update_unless`] with nothing ignored.)
#[inline]
pub(super) fn update<B: AtomicBits, D: Direction>(
    atomic: &B::Atomic,
    key: B,
    order: Ordering,
) -> B {
    update_unless::<B, D>(atomic, key, |_| false, order)
}

/// The update, except that a `key` for which `ignored` holds (a NaN argument of
/// `fetch_min`) writes nothing. `ignored` is tested only on the rare improving
/// path: a skipped update (the common case under random input) is one load and
/// one compare, as in a hand-written loop.
///
/// The improving path loads a second time, and returns that value for an ignored
/// key: the compiler cannot hoist an atomic load, so it cannot merge the test of
/// `ignored` into the skip path's one compare; and the path stays inline (a call
/// in the caller's loop would stop the compiler from unrolling it).
#[inline]
pub(super) fn update_unless<B: AtomicBits, D: Direction>(
    atomic: &B::Atomic,
    key: B,
    ignored: impl FnOnce(B) -> bool,
    order: Ordering,
) -> B {
    let current = B::load(atomic, load_part(order));
    if !better::<B, D>(key, current) {
        return current; // Skipped: nothing to improve, nothing written.
    }
    let now = B::load(atomic, load_part(order));
    if ignored(key) {
        now
    } else if D::IS_MIN {
        B::fetch_min(atomic, key, order)
    } else {
        B::fetch_max(atomic, key, order)
    }
}

/// The compare-exchange form of the update, for what the integer
/// read-modify-write cannot do: loads with the load part of `order`, and
/// **skips** the write when `key` would not improve on the key of the stored
/// integer (`stored_key`: the identity for the reducers, the key map for the
/// views, which store the float's own bits) or when `keep` holds for that key
/// (a stored NaN under `fetch_minimum`); otherwise a compare-exchange loop that
/// writes `new`. Returns the previous integer.
#[inline]
pub(super) fn update_cas<B: AtomicBits, D: Direction>(
    atomic: &B::Atomic,
    key: B,
    new: B,
    stored_key: impl Fn(B) -> B,
    keep: impl Fn(B) -> bool,
    order: Ordering,
) -> B {
    let load = load_part(order);
    let mut current = B::load(atomic, load);
    loop {
        let stored = stored_key(current);
        if !better::<B, D>(key, stored) || keep(stored) {
            return current; // Skipped: nothing to improve, nothing written.
        }
        match B::compare_exchange(atomic, [current, new], [order, load], true) {
            Ok(_) => return current,
            Err(now) => current = now,
        }
    }
}

/// The update of the views, on a float's **own bits** (not its key): loads with
/// the load part of `order` and **skips** the write when `bits` would not improve
/// on the stored bits under totalOrder; otherwise **one integer read-modify-write**
/// with `order`, chosen by the sign bit of `bits` alone. Returns the previous bits.
///
/// Why one integer min/max orders `bits` against **every** stored pattern `s`
/// (IEEE totalOrder on raw bits: a float with the sign bit clear, NaNs included,
/// orders as its bits do as unsigned integers; one with it set, in reverse; every
/// float with the sign set is below every float with it clear):
///
/// * `bits` with the sign clear, for min: **signed** min. If `s` has the sign
///   clear, both are non-negative as signed integers and signed order is
///   unsigned order, which is totalOrder. If `s` has it set, `s` is negative as a
///   signed integer, below `bits`, and is kept: in totalOrder `s` < `bits` too.
/// * `bits` with the sign set, for min: **unsigned** max. If `s` has the sign
///   clear, `s` < 2^(w−1) ≤ `bits` as unsigned integers, so `bits` is stored: in
///   totalOrder `bits` < `s`. If `s` has it set, the larger magnitude wins, which is
///   the lower float in totalOrder.
/// * For max, the mirror: sign clear, signed max; sign set, unsigned min.
///
/// Signed order of `x` is unsigned order of `x ^ SIGN`, which the skip test uses.
/// The `tests` module below checks the rule ([`raw_op`]) on every pair of 16-bit
/// patterns and on every `f32` argument against stored edge values; the test
/// suite runs the views themselves on every 16-bit argument against stored edges
/// and every stored 16-bit value against edge arguments, and on a structured
/// sample of `f32` arguments and stored values against edges.
///
/// As in [`update_unless`], `bits` for which `ignored` holds (a NaN argument of
/// `fetch_min`) write nothing, and are tested only on the rare improving path,
/// after a second load whose value is then returned: the skip path stays one load
/// and one compare, as in a hand-written loop.
#[inline]
pub(super) fn update_bits<B: AtomicBits, D: Direction>(
    atomic: &B::Atomic,
    bits: B,
    ignored: impl FnOnce(B) -> bool,
    order: Ordering,
) -> B {
    let current = B::load(atomic, load_part(order));
    let op = raw_op::<B, D>(current, bits);
    if op == RawOp::Skip {
        return current; // Skipped: nothing to improve, nothing written.
    }
    let now = B::load(atomic, load_part(order));
    if ignored(bits) {
        return now;
    }
    match op {
        RawOp::Signed => B::fetch_extremum_signed(atomic, bits, !D::IS_MIN, order),
        RawOp::UnsignedMax => B::fetch_max(atomic, bits, order),
        // `Skip` returned above; it shares the last arm so that the match has no panic.
        RawOp::UnsignedMin | RawOp::Skip => B::fetch_min(atomic, bits, order),
    }
}

/// The integer read-modify-write with which [`update_bits`] stores `bits` in
/// direction `D`, chosen by the sign bit of `bits` alone, or [`RawOp::Skip`] when
/// `bits` does not improve on `current` (the rule is explained there).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum RawOp {
    /// Nothing to write.
    Skip,
    /// The signed integer min (`Min`) or max (`Max`).
    Signed,
    /// The unsigned integer max.
    UnsignedMax,
    /// The unsigned integer min.
    UnsignedMin,
}

/// [`RawOp`]'s rule: a pure function, so that `f32`'s is tested on every
/// argument against stored edge values (the `tests` module below).
#[inline]
pub(super) fn raw_op<B: AtomicBits, D: Direction>(current: B, bits: B) -> RawOp {
    // The sign set: the unsigned extremum the other way; clear: the signed
    // extremum, the same way (signed order is the order of `x ^ SIGN`).
    let negative = bits >= B::SIGN;
    let improves = if negative {
        better::<B, D>(current, bits)
    } else {
        better::<B, D>(bits ^ B::SIGN, current ^ B::SIGN)
    };
    if !improves {
        RawOp::Skip
    } else if !negative {
        RawOp::Signed
    } else if D::IS_MIN {
        RawOp::UnsignedMax
    } else {
        RawOp::UnsignedMin
    }
}

/// The key of the NaN that `fetch_minimum`/`fetch_maximum` store, at the
/// reducing end: [`OrderedKey::MIN`] (the negative quiet NaN with every payload
/// bit set) for [`Min`](super::Min), [`OrderedKey::MAX`] (the positive one) for [`Max`](super::Max).
pub(super) const fn nan_key<F: KeyFloat, D: Direction>() -> F::Bits {
    if D::IS_MIN {
        OrderedKey::<F>::MIN.to_bits()
    } else {
        OrderedKey::<F>::MAX.to_bits()
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::{RawOp, raw_op};
    use crate::atomic::{Direction, Max, Min};

    /// What `op` stores over `current` (the integer instructions written out).
    #[inline]
    fn stored<D: Direction>(op: RawOp, current: u32, bits: u32) -> u32 {
        // The bits as the signed integer of the width.
        #[allow(clippy::cast_possible_wrap, clippy::cast_sign_loss)]
        let signed = |f: fn(i32, i32) -> i32| f(current as i32, bits as i32) as u32;
        match op {
            RawOp::Skip => current,
            RawOp::Signed if D::IS_MIN => signed(Ord::min),
            RawOp::Signed => signed(Ord::max),
            RawOp::UnsignedMax => current.max(bits),
            RawOp::UnsignedMin => current.min(bits),
        }
    }

    /// The views' rule on raw bits against IEEE totalOrder (`f32::total_cmp`, the
    /// standard library's): for every one of the 2^32 `f32` bit patterns as the
    /// argument (NaNs are patterns like any other here: the rule orders them by
    /// totalOrder, and `fetch_min`'s NaN filter is outside it) against stored edge
    /// values, in both directions: the rule stores the totalOrder extremum bit for
    /// bit, and skips exactly when the argument does not strictly improve on the
    /// stored value.
    #[test]
    #[ignore = "2^32 arguments × 6 stored values × 2 directions: release mode, in the exhaustive stage"]
    fn raw_rule_is_total_order_on_every_f32_argument() {
        // The ends of each sign's range (the zeros, the all-payload NaNs) and the
        // infinities inside them: every argument meets both outcomes of every
        // comparison the rule makes.
        const EDGES: [u32; 3] = [0, 0x7f80_0000, 0x7fff_ffff];
        let stored_values: std::vec::Vec<u32> =
            EDGES.iter().flat_map(|&e| [e, e | 0x8000_0000]).collect();
        let threads = std::thread::available_parallelism().map_or(2, usize::from);
        let failures: u64 = std::thread::scope(|s| {
            let handles: std::vec::Vec<_> = (0..threads)
                .map(|t| {
                    let stored_values = &stored_values;
                    s.spawn(move || {
                        let mut failures = 0_u64;
                        for high in (0..1_u32 << 16).skip(t).step_by(threads) {
                            for &current in stored_values {
                                let c = f32::from_bits(current);
                                // One block of 2^16 arguments, no branch on a
                                // failure: counted, reported below.
                                let bad = (0..1_u32 << 16)
                                    .map(|low| high << 16 | low)
                                    .filter(|&bits| {
                                        let order = f32::from_bits(bits).total_cmp(&c);
                                        let min = if order.is_lt() { bits } else { current };
                                        let max = if order.is_gt() { bits } else { current };
                                        let skip_min = !order.is_lt();
                                        let skip_max = !order.is_gt();
                                        let op_min = raw_op::<u32, Min>(current, bits);
                                        let op_max = raw_op::<u32, Max>(current, bits);
                                        (stored::<Min>(op_min, current, bits) != min)
                                            || (stored::<Max>(op_max, current, bits) != max)
                                            || ((op_min == RawOp::Skip) != skip_min)
                                            || ((op_max == RawOp::Skip) != skip_max)
                                    })
                                    .count() as u64;
                                if bad > 0 && failures == 0 {
                                    std::eprintln!("stored {current:#010x}: {bad} arguments in block {high:#06x}");
                                }
                                failures += bad;
                            }
                        }
                        failures
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).sum()
        });
        assert_eq!(failures, 0);
    }

    /// The rule for the 16-bit views (`f16`, `bf16`) on every one of the 2^32
    /// `(stored, argument)` pairs of 16-bit patterns, in both directions: the
    /// totalOrder extremum bit for bit, and a skip exactly when the argument does
    /// not strictly improve. totalOrder reads only the bits (the sign, then the
    /// magnitude bits as an unsigned integer, NaNs included), so a 16-bit pattern
    /// compares as the `f32` with it in the top half does, by `f32::total_cmp`.
    /// The test suite runs the views' atomics on every argument against stored
    /// edges and on every stored value against edge arguments.
    #[test]
    #[ignore = "2^32 pairs × 2 directions: release mode, in the exhaustive stage"]
    fn raw_rule_is_total_order_on_every_16_bit_pair() {
        let threads = std::thread::available_parallelism().map_or(2, usize::from);
        let failures: u64 = std::thread::scope(|s| {
            let handles: std::vec::Vec<_> = (0..threads)
                .map(|t| {
                    s.spawn(move || {
                        let mut failures = 0_u64;
                        for current in (0..=u16::MAX).skip(t).step_by(threads) {
                            let c = f32::from_bits(u32::from(current) << 16);
                            // As a signed integer of the width.
                            #[allow(clippy::cast_possible_wrap, clippy::cast_sign_loss)]
                            let signed = |f: fn(i16, i16) -> i16, bits: u16| {
                                f(current as i16, bits as i16) as u16
                            };
                            let stored = |op: RawOp, min: bool, bits: u16| match op {
                                RawOp::Skip => current,
                                RawOp::Signed if min => signed(Ord::min, bits),
                                RawOp::Signed => signed(Ord::max, bits),
                                RawOp::UnsignedMax => current.max(bits),
                                RawOp::UnsignedMin => current.min(bits),
                            };
                            let bad = (0..=u16::MAX)
                                .filter(|&bits| {
                                    let order = f32::from_bits(u32::from(bits) << 16).total_cmp(&c);
                                    let min = if order.is_lt() { bits } else { current };
                                    let max = if order.is_gt() { bits } else { current };
                                    let op_min = raw_op::<u16, Min>(current, bits);
                                    let op_max = raw_op::<u16, Max>(current, bits);
                                    (stored(op_min, true, bits) != min)
                                        || (stored(op_max, false, bits) != max)
                                        || ((op_min == RawOp::Skip) == order.is_lt())
                                        || ((op_max == RawOp::Skip) == order.is_gt())
                                })
                                .count() as u64;
                            if bad > 0 && failures == 0 {
                                std::eprintln!("stored {current:#06x}: {bad} arguments");
                            }
                            failures += bad;
                        }
                        failures
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).sum()
        });
        assert_eq!(failures, 0);
    }
}
