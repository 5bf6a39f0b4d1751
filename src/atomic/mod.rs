//! Atomic float min/max reducers: [`AtomicExtremum<F, D>`], written once, and its
//! aliases [`AtomicF32Min`], [`AtomicF32Max`], [`AtomicF64Min`], [`AtomicF64Max`]
//! and (feature `half`) `AtomicF16Min/Max`, `AtomicBf16Min/Max`.
//!
//! The arg reducers [`AtomicArgExtremum<F, D>`] ([`AtomicF32ArgMin`],
//! [`AtomicF32ArgMax`] and, with `half`, `AtomicF16ArgMin/Max`,
//! `AtomicBf16ArgMin/Max`) keep a pair `(value, u32 index)` in one `AtomicU64`
//! (the key high, the index low, complemented for max), so that the lowest index
//! wins a tie in both directions; they use the same update. `f64` has none: its
//! pair needs 128 bits.
//!
//! The atomic views [`AtomicView<F>`] ([`AtomicF32`], [`AtomicF64`] and, with
//! `half`, `AtomicF16`, `AtomicBf16`) hold the float's own bits instead of its key,
//! so that a `&mut [f32]` can be viewed as atomics (`from_mut_slice`) and updated
//! in place with the same `fetch_min`/`fetch_minimum` semantics and skip path.
//! Their `fetch_min`/`fetch_max` are one integer min/max on the raw bits, signed or
//! unsigned by the argument's sign bit (see [`AtomicView`]); a number through
//! `fetch_minimum`/`fetch_maximum` is a compare-exchange loop on the keys of the
//! loaded bits.
//!
//! [`AtomicExactSum<F>`] is the exact sum on integer atomics: `sum::ExactSum`'s
//! limbs as `AtomicU64`s, added to with `fetch_add` so that the value is the same
//! on every schedule (its docs, and [`sum`](crate::sum) for the algorithm).
//!
//! Each reducer holds the [`OrderedKey`] of its value in one unsigned integer atomic and
//! updates it with the integer `fetch_min`/`fetch_max`: key order is IEEE 754
//! totalOrder, so the float min/max is one integer min/max: the GPU
//! `InterlockedMin`/`atomicMin` trick, with the lossless unsigned map.
//!
//! # The algorithm, written once
//!
//! The reducer is ordinary generic code over two sealed traits: [`AtomicFloat`]
//! (a [`KeyFloat`] whose key integer has an atomic, [`AtomicBits`]) and
//! [`Direction`] ([`Min`] or [`Max`]). An update:
//!
//! 1. takes the key of the argument; for `fetch_minimum` a NaN argument becomes
//!    the NaN key at the reducing end;
//! 2. loads the stored key with the load part of the ordering and **skips** the
//!    write when the argument would not improve it;
//! 3. otherwise makes one integer `fetch_min`/`fetch_max` (`fetch_min`), or a
//!    compare-exchange loop that never replaces a stored NaN (`fetch_minimum`).
//!    `fetch_min` ignores a NaN argument only here, on this rare path: it loads
//!    the value again and returns it. The skip path of step 2 is then the same
//!    load and compare as a hand-written loop on an integer atomic, and compiles
//!    to the same instructions (the repository's benchmarks measure the two).
//!
//! The slice forms (`fetch_min_slice`, `fetch_minimum_slice`, …) fold the keys
//! locally first, then make one update. The fold is the one of
//! [`key::min`](crate::key::min), [`key::max`](crate::key::max),
//! [`key::minimum`](crate::key::minimum) and [`key::maximum`](crate::key::maximum),
//! which offer it without atomics: the key space rotated so that NaNs lose (or,
//! for `minimum`, win) every comparison, one integer min/max per value, which
//! vectorizes.
//!
//! # Float semantics
//!
//! | | `fetch_min` / `fetch_max` | `fetch_minimum` / `fetch_maximum` |
//! |---|---|---|
//! | NaN argument | ignored | stores the quiet NaN with every payload bit set at the reducing end ([`OrderedKey::MIN`], negative, for min; [`OrderedKey::MAX`], positive, for max), whatever the argument's sign and payload |
//! | NaN already stored | ordered by totalOrder: a NaN at the reducing end stays, one of the other sign is replaced by any number | stays: a number never replaces it |
//! | −0 and +0 | distinct, −0 < +0 | the same |
//! | ±∞ | ordinary values | the same |
//! | subnormals | ordered by value, never flushed | the same |
//!
//! `fetch_min` orders its arguments as IEEE 754-2019 `minimumNumber` and C++26
//! `fetch_fminimum_num` do (a NaN argument is ignored), and orders the stored value,
//! even a NaN, by totalOrder. `fetch_minimum` is IEEE 754-2019 `minimum` (as
//! [`f32::minimum`] and C++26 `fetch_fminimum`): a NaN is sticky. The same holds for
//! `fetch_max`/`fetch_maximum` with `maximumNumber`/`maximum`. `Default` and `take`
//! start from the identity (+∞ for min, −∞ for max). `new`, `store`, `swap` and
//! `load` keep every bit, NaN payloads included.
//!
//! # Memory ordering and the fast path
//!
//! Every update first loads the value (with the load part of `order`) and skips the
//! read-modify-write when the argument would not change it. Under random input
//! almost every update is skipped, so the cache line is shared, not bounced
//! between cores. The consequence for synchronization: **a skipped update is a
//! load with the load part of `order`** (`Release` → `Relaxed`, `AcqRel` →
//! `Acquire`, others unchanged; two such loads for a NaN argument to `fetch_min`),
//! as a failed `compare_exchange` is. It writes
//! nothing, so it releases nothing and does not take part in a release sequence:
//! a thread that acquires the value later does not synchronize with the skipped
//! call. An update that does change the value is a read-modify-write with
//! `order` and continues the release sequences of earlier stores, as the
//! integer `fetch_min`/`fetch_max` does. If every call must publish, add a
//! `Release` fence or store of your own.
//!
//! # Performance
//!
//! x86-64 has no atomic min/max instruction: a changing update is a `lock cmpxchg`
//! loop there; it is one instruction where the target has one (`ldumin`/`ldumax` on
//! `AArch64` with LSE, `amominu`/`amomaxu` on RISC-V for 32 and 64 bits).
//! `fetch_minimum`/`fetch_maximum` with a number is a compare-exchange loop on every
//! target, because it must not replace a stored NaN of either sign.
//!
//! # Availability
//!
//! A reducer needs compare-and-swap of its width, `cfg(target_has_atomic = "16")`,
//! `"32"` or `"64"`; an arg reducer a 64-bit one. Without it the aliases are
//! still declared, but the type they name is not well-formed: any use of it,
//! even `size_of::<AtomicF32Min>()`, is a compile error, which says that its key
//! integer has no compare-and-swap on this target and names feature
//! `portable-atomic` (its key integer does not implement [`AtomicBits`]). For
//! example on `thumbv6m-none-eabi`, which has atomic loads and stores but no
//! read-modify-write: there the error reads "`u32` has no atomic
//! compare-and-swap on this target, so normkey's reducers of its width do not
//! exist here". The arg reducers' aliases likewise, where 64-bit compare-and-swap
//! is missing (for example on `thumbv7em-none-eabihf`, where `u64` is named); the
//! generic [`AtomicArgExtremum`] and [`ArgFloat`] are absent there.
//!
//! With feature `portable-atomic` the reducers use `portable_atomic`'s
//! `AtomicU16/32/64` instead and exist at every width on every target that crate
//! serves: 64-bit through its default `fallback` (a lock) on 32-bit targets, and on
//! targets without compare-and-swap (`thumbv6m-none-eabi`,
//! `riscv32imc-unknown-none-elf`) when one of its fallbacks is enabled too, in the
//! user's own dependency on it (Cargo takes no `portable-atomic/…` in the features
//! of a dependency), with a `critical-section` implementation:
//!
//! ```toml
//! [dependencies]
//! normkey = { version = "0.1", features = ["portable-atomic"] }
//! portable-atomic = { version = "1", features = ["critical-section"] }
//! critical-section = { version = "1", features = ["restore-state-bool"] } # and a `set_impl!`
//! ```
//!
//! (or `features = ["unsafe-assume-single-core"]` on a single core, without
//! `critical-section`); without one the build stops with portable-atomic's
//! `require-cas` error. The repository's `recipes/` directory builds each of these.

use crate::key::{KeyFloat, OrderedKey, fold_keys, is_nan_key};
// `loom`'s atomics in the loom models (`cfg(all(loom, test))`), `core`'s otherwise; unused on targets where
// no width has compare-and-swap (`thumbv6m-none-eabi`).
#[allow(unused_imports)]
use crate::loom_shim;
use core::fmt;
use core::marker::PhantomData;
use core::ops::BitXor;
use core::sync::atomic::Ordering;

mod sealed {
    /// Private supertrait: only this crate implements the traits of this module.
    pub trait Sealed {}
}

/// The load part of a read-modify-write ordering: `Release` → `Relaxed`,
/// `AcqRel` → `Acquire`, the others unchanged. It is the ordering of an update that
/// is skipped because it would not change the value, as of a failed
/// `compare_exchange`.
#[inline]
const fn load_part(order: Ordering) -> Ordering {
    match order {
        Ordering::Relaxed | Ordering::Release => Ordering::Relaxed,
        Ordering::Acquire | Ordering::AcqRel => Ordering::Acquire,
        // `SeqCst`, and any ordering added later: the strongest load.
        _ => Ordering::SeqCst,
    }
}

/// `a` improves on `b` in direction `D`.
#[inline]
fn better<B: Ord + Copy, D: Direction>(a: B, b: B) -> bool {
    if D::IS_MIN { a < b } else { a > b }
}

/// The update, written once for the reducers and the arg reducers: loads the
/// integer with the load part of `order` and **skips** the write when `key` would
/// not improve it; otherwise one integer `fetch_min`/`fetch_max` with `order`.
/// Returns the previous integer. ([`update_unless`] with nothing ignored.)
#[inline]
fn update<B: AtomicBits, D: Direction>(atomic: &B::Atomic, key: B, order: Ordering) -> B {
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
fn update_unless<B: AtomicBits, D: Direction>(
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
fn update_cas<B: AtomicBits, D: Direction>(
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
fn update_bits<B: AtomicBits, D: Direction>(
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
enum RawOp {
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
fn raw_op<B: AtomicBits, D: Direction>(current: B, bits: B) -> RawOp {
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

/// The signed `fetch_min`/`fetch_max` (`max`) as a compare-exchange loop on the
/// unsigned atomic, for the atomics that cannot be viewed as signed ones.
#[cfg(any(all(loom, test), feature = "portable-atomic"))]
#[inline]
fn signed_extremum_cas<B: AtomicBits>(a: &B::Atomic, v: B, max: bool, o: Ordering) -> B {
    let mut current = B::load(a, load_part(o));
    loop {
        let (arg, stored) = (v ^ B::SIGN, current ^ B::SIGN);
        if (max && arg <= stored) || (!max && arg >= stored) {
            return current;
        }
        match B::compare_exchange(a, [current, v], [o, load_part(o)], true) {
            Ok(_) => return current,
            Err(now) => current = now,
        }
    }
}

/// The key of the NaN that `fetch_minimum`/`fetch_maximum` store, at the
/// reducing end: [`OrderedKey::MIN`] (the negative quiet NaN with every payload
/// bit set) for [`Min`], [`OrderedKey::MAX`] (the positive one) for [`Max`].
const fn nan_key<F: KeyFloat, D: Direction>() -> F::Bits {
    if D::IS_MIN {
        OrderedKey::<F>::MIN.to_bits()
    } else {
        OrderedKey::<F>::MAX.to_bits()
    }
}

/// A key integer (`u16`, `u32`, `u64`) whose atomic has compare-and-swap on this
/// target. Sealed; its methods are the integer atomic's, used by [`AtomicExtremum`].
///
/// Not implemented for a width without compare-and-swap (see "Availability" in
/// the [module docs](self)); the compile error then names feature
/// `portable-atomic`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no atomic compare-and-swap on this target, so normkey's reducers of its width do not exist here",
    label = "no compare-and-swap for this key integer",
    note = "enable normkey's feature `portable-atomic` (its lock-based fallback serves 64 bits on 32-bit targets); on a target without any compare-and-swap (`thumbv6m-none-eabi`, `riscv32imc-unknown-none-elf`) also add to your own `[dependencies]` `portable-atomic = {{ version = \"1\", features = [\"critical-section\"] }}` and a `critical-section` implementation (or features = [\"unsafe-assume-single-core\"] on one core)"
)]
pub trait AtomicBits:
    sealed::Sealed + Copy + Ord + BitXor<Output = Self> + Send + Sync + 'static
{
    /// The integer atomic (`AtomicU32` for `u32`, …).
    #[doc(hidden)]
    type Atomic: Send + Sync;
    /// The top bit (a float's sign bit): `x ^ SIGN` orders as unsigned integers
    /// the way `x` orders as a two's-complement signed integer.
    #[doc(hidden)]
    const SIGN: Self;
    #[doc(hidden)]
    fn new_atomic(v: Self) -> Self::Atomic;
    #[doc(hidden)]
    fn into_inner(a: Self::Atomic) -> Self;
    #[doc(hidden)]
    #[cfg(not(all(loom, test)))]
    fn get_mut(a: &mut Self::Atomic) -> &mut Self;
    #[doc(hidden)]
    fn load(a: &Self::Atomic, o: Ordering) -> Self;
    #[doc(hidden)]
    fn store(a: &Self::Atomic, v: Self, o: Ordering);
    #[doc(hidden)]
    fn swap(a: &Self::Atomic, v: Self, o: Ordering) -> Self;
    #[doc(hidden)]
    fn fetch_min(a: &Self::Atomic, v: Self, o: Ordering) -> Self;
    #[doc(hidden)]
    fn fetch_max(a: &Self::Atomic, v: Self, o: Ordering) -> Self;
    /// `fetch_min` (`max == false`) or `fetch_max` on the bits read as the signed
    /// integer of the width: the signed atomic's instruction on the same memory
    /// (core's atomics), or a compare-exchange loop (loom's and portable-atomic's,
    /// which do not promise that a signed and an unsigned atomic may share memory).
    #[doc(hidden)]
    fn fetch_extremum_signed(a: &Self::Atomic, v: Self, max: bool, o: Ordering) -> Self;
    /// `compare_exchange_weak` if `weak`, else `compare_exchange`, on
    /// `[current, new]` with `[success, failure]`.
    #[doc(hidden)]
    fn compare_exchange(
        a: &Self::Atomic,
        current_new: [Self; 2],
        success_failure: [Ordering; 2],
        weak: bool,
    ) -> Result<Self, Self>;
}

/// What is per width: the forwarding to the integer atomic, and the one `cfg`.
macro_rules! atomic_bits {
    ($u:ty, $atomic:ident, $i:ty, $signed:ident, $width:literal) => {
        #[cfg(any(feature = "portable-atomic", target_has_atomic = $width))]
        impl sealed::Sealed for $u {}
        #[cfg(any(feature = "portable-atomic", target_has_atomic = $width))]
        impl AtomicBits for $u {
            type Atomic = loom_shim::$atomic;
            const SIGN: Self = !(<$u>::MAX >> 1);
            #[inline]
            fn new_atomic(v: Self) -> Self::Atomic {
                loom_shim::$atomic::new(v)
            }
            #[inline]
            fn into_inner(a: Self::Atomic) -> Self {
                a.into_inner()
            }
            #[cfg(not(all(loom, test)))]
            #[inline]
            fn get_mut(a: &mut Self::Atomic) -> &mut Self {
                a.get_mut()
            }
            #[inline]
            fn load(a: &Self::Atomic, o: Ordering) -> Self {
                a.load(o)
            }
            #[inline]
            fn store(a: &Self::Atomic, v: Self, o: Ordering) {
                a.store(v, o);
            }
            #[inline]
            fn swap(a: &Self::Atomic, v: Self, o: Ordering) -> Self {
                a.swap(v, o)
            }
            #[inline]
            fn fetch_min(a: &Self::Atomic, v: Self, o: Ordering) -> Self {
                a.fetch_min(v, o)
            }
            #[inline]
            fn fetch_max(a: &Self::Atomic, v: Self, o: Ordering) -> Self {
                a.fetch_max(v, o)
            }
            #[cfg(not(any(all(loom, test), feature = "portable-atomic")))]
            #[inline]
            fn fetch_extremum_signed(a: &Self::Atomic, v: Self, max: bool, o: Ordering) -> Self {
                // SAFETY: `a.as_ptr()` points to a live core atomic, valid for
                // reads and writes while `a` is borrowed, which covers the use
                // below; the signed atomic of the same width has the same size
                // and alignment (both the integer's size, as core documents), so
                // the pointer is aligned for it; every access to this memory is
                // atomic and of this one size (the views, the reducers and the
                // integer atomics), which `from_ptr` allows to mix.
                let s = unsafe { core::sync::atomic::$signed::from_ptr(a.as_ptr().cast::<$i>()) };
                let v = <$i>::from_ne_bytes(v.to_ne_bytes());
                let old = if max {
                    s.fetch_max(v, o)
                } else {
                    s.fetch_min(v, o)
                };
                <$u>::from_ne_bytes(old.to_ne_bytes())
            }
            #[cfg(any(all(loom, test), feature = "portable-atomic"))]
            #[inline]
            fn fetch_extremum_signed(a: &Self::Atomic, v: Self, max: bool, o: Ordering) -> Self {
                signed_extremum_cas::<Self>(a, v, max, o)
            }
            #[inline]
            fn compare_exchange(
                a: &Self::Atomic,
                [c, n]: [Self; 2],
                [s, f]: [Ordering; 2],
                weak: bool,
            ) -> Result<Self, Self> {
                if weak {
                    a.compare_exchange_weak(c, n, s, f)
                } else {
                    a.compare_exchange(c, n, s, f)
                }
            }
        }
        // `AtomicExtremum` is `repr(transparent)` over the atomic, which has the
        // integer's size (and `pun_atomic` relies on it).
        #[cfg(any(feature = "portable-atomic", target_has_atomic = $width))]
        #[cfg(not(all(loom, test)))]
        static_assertions::assert_eq_size!($u, loom_shim::$atomic);
    };
}
atomic_bits!(u16, AtomicU16, i16, AtomicI16, "16");
atomic_bits!(u32, AtomicU32, i32, AtomicI32, "32");
atomic_bits!(u64, AtomicU64, i64, AtomicI64, "64");
// Feature `portable-atomic` promises every width on every target it builds for
// (the bare-metal CI builds `thumbv6m-none-eabi` and `riscv32imc-unknown-none-elf`).
#[cfg(feature = "portable-atomic")]
static_assertions::assert_impl_all!(u16: AtomicBits);
#[cfg(feature = "portable-atomic")]
static_assertions::assert_impl_all!(u32: AtomicBits);
#[cfg(feature = "portable-atomic")]
static_assertions::assert_impl_all!(u64: AtomicBits);

/// A [`KeyFloat`] whose key integer has an atomic with compare-and-swap on this
/// target: what [`AtomicExtremum`] can hold. Implemented for every such float.
pub trait AtomicFloat: KeyFloat<Bits: AtomicBits> {}
impl<F: KeyFloat<Bits: AtomicBits>> AtomicFloat for F {}

/// The direction of a reducer: [`Min`] or [`Max`]. Sealed.
pub trait Direction: sealed::Sealed + Send + Sync + 'static {
    /// `true` for [`Min`].
    #[doc(hidden)]
    const IS_MIN: bool;
}

/// The direction of a minimum reducer: the value only moves down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Min {}
/// The direction of a maximum reducer: the value only moves up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Max {}
impl sealed::Sealed for Min {}
impl sealed::Sealed for Max {}
impl Direction for Min {
    const IS_MIN: bool = true;
}
impl Direction for Max {
    const IS_MIN: bool = false;
}

/// An atomic float `F` that only moves in direction `D`: a lock-free min or max
/// reducer. Usually named by its aliases ([`AtomicF32Min`], [`AtomicF64Max`], …);
/// generic code bounds on `F: AtomicFloat, D: Direction`.
///
/// See the [module docs](self) for the algorithm, the float semantics, the memory
/// ordering of the fast path and the availability. The generic methods
/// [`reduce`](Self::reduce), [`reduce_propagating`](Self::reduce_propagating),
/// [`reduce_slice`](Self::reduce_slice) and
/// [`reduce_propagating_slice`](Self::reduce_propagating_slice) are `fetch_min`/
/// `fetch_minimum`/`fetch_min_slice`/`fetch_minimum_slice` for [`Min`] and the
/// `max` forms for [`Max`].
///
/// # Representation
///
/// `#[repr(transparent)]` over the integer atomic of the key (`AtomicU32` for
/// `f32`): same size and alignment; the integer is the [`OrderedKey<F>`] of the
/// value.
///
/// ```
/// use normkey::atomic::{AtomicExtremum, AtomicFloat, Direction, Max, Min};
/// use std::sync::atomic::Ordering::Relaxed;
///
/// fn reduce_all<F: AtomicFloat, D: Direction>(values: &[F]) -> F {
///     let r = AtomicExtremum::<F, D>::default();
///     for &v in values {
///         r.reduce(v, Relaxed);
///     }
///     r.into_inner()
/// }
/// let v = [1.0_f32, f32::NAN, -0.0, 0.0, -1.0];
/// assert_eq!(reduce_all::<f32, Min>(&v), -1.0); // NaN ignored
/// assert_eq!(reduce_all::<f32, Max>(&v), 1.0);
/// assert_eq!(reduce_all::<f64, Max>(&[-0.0, 0.0]).to_bits(), 0); // −0 < +0
/// assert_eq!(reduce_all::<f64, Min>(&[]), f64::INFINITY); // the identity
/// ```
#[repr(transparent)]
pub struct AtomicExtremum<F: AtomicFloat, D: Direction> {
    key: <F::Bits as AtomicBits>::Atomic,
    direction: PhantomData<(F, D)>,
}

impl<F: AtomicFloat, D: Direction> AtomicExtremum<F, D> {
    /// The identity: +∞ for min, −∞ for max.
    const IDENTITY_KEY: F::Bits = if D::IS_MIN {
        F::INFINITY_KEY
    } else {
        F::NEG_INFINITY_KEY
    };
    /// The key that never improves anything (the end opposite to the reduction).
    const NEUTRAL_KEY: F::Bits = if D::IS_MIN {
        OrderedKey::<F>::MAX.to_bits()
    } else {
        OrderedKey::<F>::MIN.to_bits()
    };
    /// The sticky NaN of `reduce_propagating`: the key nothing improves on.
    const NAN_KEY: F::Bits = nan_key::<F, D>();

    #[inline]
    fn is_nan_key(key: F::Bits) -> bool {
        is_nan_key::<F>(key)
    }

    #[inline]
    fn float(key: F::Bits) -> F {
        OrderedKey::<F>::from_bits(key).get()
    }

    /// The fast path and the integer read-modify-write: the whole algorithm.
    /// Returns the previous key.
    #[inline]
    fn fetch_key(&self, key: F::Bits, order: Ordering) -> F::Bits {
        update::<F::Bits, D>(&self.key, key, order)
    }

    /// A reducer holding `v`, bit for bit. `const` (except in this crate's
    /// loom models, `cfg(all(loom, test))`).
    ///
    /// ```
    /// use normkey::AtomicF32Min;
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// static R: AtomicF32Min = AtomicF32Min::new(f32::INFINITY);
    /// R.fetch_min(-0.0, Relaxed);
    /// assert_eq!(R.load(Relaxed).to_bits(), (-0.0_f32).to_bits());
    /// let n = AtomicF32Min::new(-f32::NAN);
    /// assert_eq!(n.load(Relaxed).to_bits(), (-f32::NAN).to_bits()); // payload and sign kept
    /// ```
    #[cfg(not(all(loom, test)))]
    #[inline]
    #[must_use]
    pub const fn new(v: F) -> Self {
        Self {
            key: pun_atomic(OrderedKey::new(v).to_bits()),
            direction: PhantomData,
        }
    }

    /// A reducer holding `v`, bit for bit (not `const`: the loom models' copy).
    #[cfg(all(loom, test))]
    #[must_use]
    pub fn new(v: F) -> Self {
        Self {
            key: F::Bits::new_atomic(OrderedKey::new(v).to_bits()),
            direction: PhantomData,
        }
    }

    /// A reducer holding the identity, +∞ for [`Min`] and −∞ for [`Max`] (what
    /// [`Default`] and [`take`](Self::take) give): `const`, for `static`s and,
    /// through [`identity_array`](Self::identity_array) or `[const { … }; N]`,
    /// arrays.
    ///
    /// ```
    /// use normkey::{AtomicF32Max, AtomicF32Min};
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// static DARKEST: AtomicF32Min = AtomicF32Min::identity();
    /// assert_eq!(DARKEST.load(Relaxed), f32::INFINITY);
    /// DARKEST.fetch_min(f32::NAN, Relaxed); // ignored: still the identity
    /// assert_eq!(DARKEST.load(Relaxed), f32::INFINITY);
    /// let rows = [const { AtomicF32Max::identity() }; 4];
    /// assert!(rows.iter().all(|r| r.load(Relaxed) == f32::NEG_INFINITY));
    /// ```
    #[cfg(not(all(loom, test)))]
    #[inline]
    #[must_use]
    pub const fn identity() -> Self {
        Self {
            key: pun_atomic(Self::IDENTITY_KEY),
            direction: PhantomData,
        }
    }

    /// `N` reducers holding the identity (see [`identity`](Self::identity)), without
    /// an allocator: `const`, for a `static` buffer.
    ///
    /// ```
    /// use normkey::AtomicF64Max;
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// static PEAKS: [AtomicF64Max; 8] = AtomicF64Max::identity_array();
    /// PEAKS[3].fetch_max(-0.0, Relaxed);
    /// assert_eq!(PEAKS[3].load(Relaxed).to_bits(), (-0.0_f64).to_bits());
    /// assert_eq!(PEAKS[4].load(Relaxed), f64::NEG_INFINITY);
    /// ```
    #[cfg(not(all(loom, test)))]
    #[inline]
    #[must_use]
    pub const fn identity_array<const N: usize>() -> [Self; N] {
        [const { Self::identity() }; N]
    }

    /// `n` reducers holding the identity, on the heap (feature `alloc`): a
    /// per-pixel or per-bucket buffer whose length is known at run time.
    ///
    /// ```
    /// use normkey::AtomicF32Min;
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let depth = AtomicF32Min::identity_boxed(3);
    /// depth[1].fetch_min(0.5, Relaxed);
    /// assert_eq!(depth.iter().map(|d| d.load(Relaxed)).collect::<Vec<_>>(), [f32::INFINITY, 0.5, f32::INFINITY]);
    /// assert!(AtomicF32Min::identity_boxed(0).is_empty());
    /// ```
    #[cfg(all(feature = "alloc", not(all(loom, test))))]
    #[must_use]
    pub fn identity_boxed(n: usize) -> alloc::boxed::Box<[Self]> {
        (0..n).map(|_| Self::identity()).collect()
    }

    /// The value, consuming the reducer (no synchronization needed). `const` (except
    /// in this crate's loom models).
    ///
    /// ```
    /// use normkey::{AtomicF32Min, AtomicF64Max};
    ///
    /// let r = AtomicF32Min::new(0.0);
    /// r.fetch_min(-0.0, std::sync::atomic::Ordering::Relaxed);
    /// assert_eq!(r.into_inner().to_bits(), (-0.0_f32).to_bits());
    /// assert_eq!(AtomicF64Max::default().into_inner(), f64::NEG_INFINITY);
    /// const X: f32 = AtomicF32Min::new(-1.5).into_inner(); // `const fn`
    /// assert_eq!(X, -1.5);
    /// ```
    #[cfg(not(all(loom, test)))]
    #[inline]
    #[must_use]
    pub const fn into_inner(self) -> F {
        // `repr(transparent)` over the atomic: the reducer's bits are the key's.
        OrderedKey::<F>::from_bits(pun_atomic::<Self, F::Bits>(self)).get()
    }

    /// The value, consuming the reducer (not `const`: the loom models' copy).
    #[cfg(all(loom, test))]
    #[must_use]
    pub fn into_inner(self) -> F {
        Self::float(F::Bits::into_inner(self.key))
    }

    /// The key of the value, for reading or writing it without atomics while the
    /// reducer is borrowed mutably (no other thread can see it then), as
    /// `AtomicU32::get_mut`. Writing through it replaces the value bit for bit (not
    /// a reduction): `*r.get_mut() = OrderedKey::new(x)`. Not in this crate's
    /// loom models (`cfg(all(loom, test))`), whose atomics have no `get_mut`.
    ///
    /// ```
    /// use normkey::{AtomicF32Min, OrderedKey};
    ///
    /// let mut r = AtomicF32Min::default();
    /// assert_eq!(r.get_mut().get(), f32::INFINITY); // the identity
    /// *r.get_mut() = OrderedKey::new(-0.0);
    /// r.fetch_min(0.0, std::sync::atomic::Ordering::Relaxed); // −0 < +0: no change
    /// assert_eq!(r.get_mut().get().to_bits(), (-0.0_f32).to_bits());
    /// *r.get_mut() = OrderedKey::new(f32::NAN); // any value, NaN too
    /// assert!(r.into_inner().is_nan());
    /// ```
    #[cfg(not(all(loom, test)))]
    #[inline]
    pub fn get_mut(&mut self) -> &mut OrderedKey<F> {
        <OrderedKey<F> as bytemuck::TransparentWrapper<F::Bits>>::wrap_mut(F::Bits::get_mut(
            &mut self.key,
        ))
    }

    /// The value, bit for bit.
    ///
    /// # Panics
    ///
    /// If `order` is `Release` or `AcqRel`, as the integer `load` does.
    ///
    /// ```
    /// use normkey::AtomicF32Min;
    /// use std::sync::atomic::Ordering::Acquire;
    ///
    /// assert_eq!(AtomicF32Min::default().load(Acquire), f32::INFINITY);
    /// assert!(AtomicF32Min::new(-0.0).load(Acquire).is_sign_negative());
    /// ```
    #[inline]
    #[must_use]
    pub fn load(&self, order: Ordering) -> F {
        Self::float(F::Bits::load(&self.key, order))
    }

    /// Replaces the value by `v`, bit for bit, whatever it was (not a reduction).
    ///
    /// # Panics
    ///
    /// If `order` is `Acquire` or `AcqRel`, as the integer `store` does.
    ///
    /// ```
    /// use normkey::AtomicF32Min;
    /// use std::sync::atomic::Ordering::{Acquire, Release};
    ///
    /// let r = AtomicF32Min::new(f32::NEG_INFINITY);
    /// r.store(0.0, Release); // moves the other way: allowed
    /// assert_eq!(r.load(Acquire).to_bits(), 0);
    /// r.store(f32::NAN, Release);
    /// assert_eq!(r.load(Acquire).to_bits(), f32::NAN.to_bits());
    /// ```
    #[inline]
    pub fn store(&self, v: F, order: Ordering) {
        F::Bits::store(&self.key, OrderedKey::new(v).to_bits(), order);
    }

    /// Replaces the value by `v`, bit for bit, and returns the previous value.
    /// All orderings are valid.
    ///
    /// ```
    /// use normkey::AtomicF32Max;
    /// use std::sync::atomic::Ordering::AcqRel;
    ///
    /// let r = AtomicF32Max::new(-0.0);
    /// assert!(r.swap(f32::NAN, AcqRel).is_sign_negative());
    /// assert!(r.swap(f32::INFINITY, AcqRel).is_nan());
    /// assert_eq!(r.swap(0.0, AcqRel), f32::INFINITY);
    /// ```
    #[inline]
    pub fn swap(&self, v: F, order: Ordering) -> F {
        Self::float(F::Bits::swap(
            &self.key,
            OrderedKey::new(v).to_bits(),
            order,
        ))
    }

    /// Returns the value and resets the reducer to the identity (+∞ for min, −∞ for
    /// max) in one atomic swap: read-and-reset between frames without losing a
    /// concurrent update (it lands either in the returned value or in the next one).
    /// All orderings are valid.
    ///
    /// ```
    /// use normkey::AtomicF32Max;
    /// use std::sync::atomic::Ordering::AcqRel;
    ///
    /// let r = AtomicF32Max::default();
    /// r.fetch_max(0.0, AcqRel);
    /// assert_eq!(r.take(AcqRel).to_bits(), 0);
    /// assert_eq!(r.take(AcqRel), f32::NEG_INFINITY); // the identity
    /// ```
    #[inline]
    pub fn take(&self, order: Ordering) -> F {
        Self::float(F::Bits::swap(&self.key, Self::IDENTITY_KEY, order))
    }

    /// `fetch_min` for [`Min`], `fetch_max` for [`Max`]: makes the value the
    /// extremum of itself and `v` under totalOrder, ignoring a NaN `v` (the call then
    /// only loads); returns the previous value. See the [module docs](self).
    ///
    /// ```
    /// use normkey::atomic::{AtomicExtremum, Min};
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let r = AtomicExtremum::<f64, Min>::new(0.0);
    /// assert_eq!(r.reduce(-0.0, Relaxed).to_bits(), 0); // the previous value
    /// r.reduce(f64::NAN, Relaxed); // ignored
    /// assert_eq!(r.load(Relaxed).to_bits(), (-0.0_f64).to_bits());
    /// ```
    #[inline]
    pub fn reduce(&self, v: F, order: Ordering) -> F {
        let key = OrderedKey::new(v).to_bits();
        Self::float(update_unless::<F::Bits, D>(
            &self.key,
            key,
            Self::is_nan_key,
            order,
        ))
    }

    /// `fetch_minimum` for [`Min`], `fetch_maximum` for [`Max`]: as
    /// [`reduce`](Self::reduce) but a NaN propagates and stays. See the
    /// [module docs](self).
    ///
    /// ```
    /// use normkey::atomic::{AtomicExtremum, Max};
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let r = AtomicExtremum::<f64, Max>::new(0.0);
    /// r.reduce_propagating(-f64::NAN, Relaxed); // either sign
    /// r.reduce_propagating(f64::INFINITY, Relaxed);
    /// assert!(r.load(Relaxed).is_nan() && r.load(Relaxed).is_sign_positive()); // sticky
    /// ```
    #[inline]
    pub fn reduce_propagating(&self, v: F, order: Ordering) -> F {
        Self::float(self.propagate_key(OrderedKey::new(v).to_bits(), order))
    }

    /// The update of [`reduce_propagating`](Self::reduce_propagating) with a key:
    /// a NaN key stores [`Self::NAN_KEY`]; a number a compare-exchange loop that
    /// never replaces a stored NaN. Returns the previous key.
    #[inline]
    fn propagate_key(&self, key: F::Bits, order: Ordering) -> F::Bits {
        if Self::is_nan_key(key) {
            return self.fetch_key(Self::NAN_KEY, order);
        }
        // A compare-exchange loop, not the integer read-modify-write, which would
        // replace a stored NaN of the other sign.
        update_cas::<F::Bits, D>(&self.key, key, key, |k| k, Self::is_nan_key, order)
    }

    /// `fetch_min_slice` for [`Min`], `fetch_max_slice` for [`Max`]: reduces
    /// `values` locally (NaN ignored), then makes one atomic update with the result;
    /// returns the previous value. The update is skipped (a load with the load part
    /// of `order`) when the slice is empty, all NaN, or does not improve the value.
    ///
    /// ```
    /// use normkey::atomic::{AtomicExtremum, Min};
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let r = AtomicExtremum::<f32, Min>::default();
    /// assert_eq!(r.reduce_slice(&[1.0, f32::NAN, 0.0, -0.0], Relaxed), f32::INFINITY);
    /// r.reduce_slice(&[f32::NAN, -f32::NAN], Relaxed); // all NaN: nothing
    /// r.reduce_slice(&[], Relaxed);
    /// assert_eq!(r.load(Relaxed).to_bits(), (-0.0_f32).to_bits());
    /// ```
    #[inline]
    pub fn reduce_slice(&self, values: &[F], order: Ordering) -> F {
        // The fold of `key::min`/`key::max`, then one update (or a load).
        let best = fold_keys(values, D::IS_MIN, false).unwrap_or(Self::NEUTRAL_KEY);
        Self::float(self.fetch_key(best, order))
    }

    /// `fetch_minimum_slice` for [`Min`], `fetch_maximum_slice` for [`Max`]: as
    /// [`reduce_propagating`](Self::reduce_propagating) with the extremum of
    /// `values` (a NaN in the slice propagates and stays), folded locally first by
    /// the fold of [`key::minimum`](crate::key::minimum)/
    /// [`key::maximum`](crate::key::maximum), then one update. An empty slice makes
    /// the call a load with the load part of `order`. Returns the previous value.
    ///
    /// ```
    /// use normkey::atomic::{AtomicExtremum, Min};
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let r = AtomicExtremum::<f32, Min>::default();
    /// assert_eq!(r.reduce_propagating_slice(&[1.0, -0.0, 0.0], Relaxed), f32::INFINITY);
    /// assert_eq!(r.load(Relaxed).to_bits(), (-0.0_f32).to_bits());
    /// r.reduce_propagating_slice(&[], Relaxed); // nothing
    /// r.reduce_propagating_slice(&[2.0, f32::NAN], Relaxed); // a NaN: sticky
    /// r.reduce_propagating_slice(&[-1.0], Relaxed);
    /// assert!(r.load(Relaxed).is_nan() && r.load(Relaxed).is_sign_negative());
    /// ```
    #[inline]
    pub fn reduce_propagating_slice(&self, values: &[F], order: Ordering) -> F {
        match fold_keys(values, D::IS_MIN, true) {
            Some(key) => Self::float(self.propagate_key(key, order)),
            None => self.load(load_part(order)),
        }
    }
}

/// The bits of `v` as `B`, in a `const fn`: a key integer as its atomic (`u32` as
/// `AtomicU32`, …), or a reducer (`repr(transparent)` over that atomic) as its key.
///
/// Only called with a key integer and its atomic, which core documents as having
/// the same size and bit validity.
#[cfg(not(all(loom, test)))]
#[inline]
const fn pun_atomic<A, B>(v: A) -> B {
    /// The two views of the same bytes.
    #[repr(C)]
    union Pun<A, B> {
        a: core::mem::ManuallyDrop<A>,
        b: core::mem::ManuallyDrop<B>,
    }
    assert!(size_of::<A>() == size_of::<B>());
    // SAFETY: `AtomicU16/32/64` have the same size and bit validity as `u16/32/64`
    // (documented by core, and by portable-atomic for its own: "the same in-memory
    // representation as the underlying integer type"), a reducer is `repr(transparent)` over its atomic, the
    // sizes are checked above, and neither needs a drop; the union's alignment is the larger of the two.
    unsafe {
        core::mem::ManuallyDrop::into_inner(
            Pun {
                a: core::mem::ManuallyDrop::new(v),
            }
            .b,
        )
    }
}

/// The names of the generic forms for each direction (forwarding, nothing else).
macro_rules! direction_names {
    ($d:ident, $fetch:ident, $fetch_nan:ident, $fetch_slice:ident, $fetch_nan_slice:ident, $example:literal) => {
        #[doc = $example]
        impl<F: AtomicFloat> AtomicExtremum<F, $d> {
            #[doc = concat!("[`reduce`](Self::reduce) under its `", stringify!($d), "` name; see the [module docs](self).")]
            #[inline]
            pub fn $fetch(&self, v: F, order: Ordering) -> F {
                self.reduce(v, order)
            }
            #[doc = concat!("[`reduce_propagating`](Self::reduce_propagating) under its `", stringify!($d), "` name (NaN sticky); see the [module docs](self).")]
            #[inline]
            pub fn $fetch_nan(&self, v: F, order: Ordering) -> F {
                self.reduce_propagating(v, order)
            }
            #[doc = concat!("[`reduce_slice`](Self::reduce_slice) under its `", stringify!($d), "` name; see the [module docs](self).")]
            #[inline]
            pub fn $fetch_slice(&self, values: &[F], order: Ordering) -> F {
                self.reduce_slice(values, order)
            }
            #[doc = concat!("[`reduce_propagating_slice`](Self::reduce_propagating_slice) under its `", stringify!($d), "` name (NaN sticky); see the [module docs](self).")]
            #[inline]
            pub fn $fetch_nan_slice(&self, values: &[F], order: Ordering) -> F {
                self.reduce_propagating_slice(values, order)
            }
        }
    };
}
direction_names!(
    Min,
    fetch_min,
    fetch_minimum,
    fetch_min_slice,
    fetch_minimum_slice,
    "```
use normkey::AtomicF32Min;
use std::sync::atomic::Ordering::Relaxed;

let r = AtomicF32Min::default();
std::thread::scope(|s| {
    for chunk in [1.0, f32::NAN, 0.0, -0.0, -1.0].chunks(2) {
        let r = &r;
        s.spawn(move || for &v in chunk { r.fetch_min(v, Relaxed); });
    }
});
assert_eq!(r.load(Relaxed), -1.0); // NaN ignored
r.fetch_min_slice(&[-0.0, f32::NAN], Relaxed);
assert_eq!(r.load(Relaxed), -1.0);
r.fetch_minimum_slice(&[5.0, f32::NAN], Relaxed);
assert!(r.load(Relaxed).is_nan() && r.load(Relaxed).is_sign_negative()); // NaN propagates
```"
);
direction_names!(
    Max,
    fetch_max,
    fetch_maximum,
    fetch_max_slice,
    fetch_maximum_slice,
    "```
use normkey::AtomicF32Max;
use std::sync::atomic::Ordering::Relaxed;

let r = AtomicF32Max::default();
r.fetch_max(-0.0, Relaxed);
r.fetch_max(0.0, Relaxed);
assert_eq!(r.load(Relaxed).to_bits(), 0); // −0 < +0
r.fetch_max_slice(&[1.0, f32::NAN], Relaxed);
assert_eq!(r.load(Relaxed), 1.0); // NaN ignored
r.fetch_maximum_slice(&[2.0, 3.0], Relaxed);
assert_eq!(r.load(Relaxed), 3.0);
r.fetch_maximum(-f32::NAN, Relaxed);
assert!(r.load(Relaxed).is_nan() && r.load(Relaxed).is_sign_positive()); // NaN propagates
```"
);

/// The identity (+∞ for min, −∞ for max): every update replaces it, except by NaN
/// or by the identity itself.
///
/// ```
/// use normkey::{AtomicF32Max, AtomicF32Min};
/// use std::sync::atomic::Ordering::Relaxed;
///
/// assert_eq!(AtomicF32Min::default().load(Relaxed), f32::INFINITY);
/// let r = AtomicF32Max::default();
/// r.fetch_max(f32::NAN, Relaxed);
/// assert_eq!(r.load(Relaxed), f32::NEG_INFINITY);
/// ```
impl<F: AtomicFloat, D: Direction> Default for AtomicExtremum<F, D> {
    #[inline]
    fn default() -> Self {
        Self::new(Self::float(Self::IDENTITY_KEY))
    }
}

/// A reducer holding the value, bit for bit; same as `new`.
///
/// ```
/// use normkey::AtomicF32Min;
/// assert!(AtomicF32Min::from(-0.0).into_inner().is_sign_negative());
/// ```
impl<F: AtomicFloat, D: Direction> From<F> for AtomicExtremum<F, D> {
    #[inline]
    fn from(v: F) -> Self {
        Self::new(v)
    }
}

/// Prints the value (loaded with `Relaxed`), as the integer atomics print theirs.
///
/// ```
/// use normkey::AtomicF32Min;
/// assert_eq!(format!("{:?}", AtomicF32Min::new(-0.0)), "-0.0");
/// assert_eq!(format!("{:?}", AtomicF32Min::new(f32::NAN)), "NaN");
/// ```
impl<F: AtomicFloat, D: Direction> fmt::Debug for AtomicExtremum<F, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.load(Ordering::Relaxed), f)
    }
}

/// A lock-free `f32` minimum reducer on `AtomicU32`.
pub type AtomicF32Min = AtomicExtremum<f32, Min>;
/// A lock-free `f32` maximum reducer on `AtomicU32`.
pub type AtomicF32Max = AtomicExtremum<f32, Max>;
/// A lock-free `f64` minimum reducer on `AtomicU64`.
pub type AtomicF64Min = AtomicExtremum<f64, Min>;
/// A lock-free `f64` maximum reducer on `AtomicU64`.
pub type AtomicF64Max = AtomicExtremum<f64, Max>;
/// A lock-free `half::f16` minimum reducer on `AtomicU16`.
#[cfg(feature = "half")]
pub type AtomicF16Min = AtomicExtremum<half::f16, Min>;
/// A lock-free `half::f16` maximum reducer on `AtomicU16`.
#[cfg(feature = "half")]
pub type AtomicF16Max = AtomicExtremum<half::f16, Max>;
/// A lock-free `half::bf16` minimum reducer on `AtomicU16`.
#[cfg(feature = "half")]
pub type AtomicBf16Min = AtomicExtremum<half::bf16, Min>;
/// A lock-free `half::bf16` maximum reducer on `AtomicU16`.
#[cfg(feature = "half")]
pub type AtomicBf16Max = AtomicExtremum<half::bf16, Max>;

mod view;
#[cfg(feature = "half")]
pub use view::{AtomicBf16, AtomicF16};
pub use view::{AtomicF32, AtomicF64, AtomicView};

// The arg reducers need a 64-bit compare-and-swap (the pair is one `u64`).
#[cfg(any(feature = "portable-atomic", target_has_atomic = "64"))]
mod arg;
#[cfg(any(feature = "portable-atomic", target_has_atomic = "64"))]
mod exact_sum;
#[cfg(any(feature = "portable-atomic", target_has_atomic = "64"))]
pub use exact_sum::{AtomicExactSum, AtomicSumFloat};
// Without one their aliases name a type that is not well-formed, so that a use is
// `AtomicBits`' error naming the fix, as for the other reducers (not "unresolved
// import", with rustc suggesting a reducer of another kind).
#[cfg(not(any(feature = "portable-atomic", target_has_atomic = "64")))]
mod arg_absent {
    use super::{AtomicBits, Max, Min};
    use core::marker::PhantomData;

    /// What the arg reducers' aliases name where 64-bit compare-and-swap is
    /// missing: `B` is `u64`, which is no [`AtomicBits`] there, so any use is a
    /// compile error that names feature `portable-atomic`.
    pub struct NoArgReducer<B: AtomicBits, T>(PhantomData<(B, T)>);

    /// Needs 64-bit compare-and-swap: feature `portable-atomic`.
    pub type AtomicF32ArgMin = NoArgReducer<u64, (f32, Min)>;
    /// Needs 64-bit compare-and-swap: feature `portable-atomic`.
    pub type AtomicF32ArgMax = NoArgReducer<u64, (f32, Max)>;
    /// Needs 64-bit compare-and-swap: feature `portable-atomic`.
    #[cfg(feature = "half")]
    pub type AtomicF16ArgMin = NoArgReducer<u64, (half::f16, Min)>;
    /// Needs 64-bit compare-and-swap: feature `portable-atomic`.
    #[cfg(feature = "half")]
    pub type AtomicF16ArgMax = NoArgReducer<u64, (half::f16, Max)>;
    /// Needs 64-bit compare-and-swap: feature `portable-atomic`.
    #[cfg(feature = "half")]
    pub type AtomicBf16ArgMin = NoArgReducer<u64, (half::bf16, Min)>;
    /// Needs 64-bit compare-and-swap: feature `portable-atomic`.
    #[cfg(feature = "half")]
    pub type AtomicBf16ArgMax = NoArgReducer<u64, (half::bf16, Max)>;
}
#[cfg(any(feature = "portable-atomic", target_has_atomic = "64"))]
pub use arg::{ArgFloat, AtomicArgExtremum, AtomicF32ArgMax, AtomicF32ArgMin};
#[cfg(all(
    feature = "half",
    any(feature = "portable-atomic", target_has_atomic = "64")
))]
pub use arg::{AtomicBf16ArgMax, AtomicBf16ArgMin, AtomicF16ArgMax, AtomicF16ArgMin};
#[cfg(all(
    feature = "half",
    not(any(feature = "portable-atomic", target_has_atomic = "64"))
))]
pub use arg_absent::{AtomicBf16ArgMax, AtomicBf16ArgMin, AtomicF16ArgMax, AtomicF16ArgMin};
#[cfg(not(any(feature = "portable-atomic", target_has_atomic = "64")))]
pub use arg_absent::{AtomicF32ArgMax, AtomicF32ArgMin};

/// The loom models of the reducers (`src/loom_tests.rs`): a library test module so
/// that `loom` stays a dev-dependency.
#[cfg(all(loom, test))]
#[path = "../loom_tests.rs"]
mod loom_tests;

#[cfg(test)]
mod tests {
    extern crate std;

    use super::{Direction, Max, Min, RawOp, raw_op};

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
