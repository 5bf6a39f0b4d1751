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
//! Each reducer holds the [`OrderedKey`](crate::key::OrderedKey) of its value in one unsigned integer atomic and
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
//! | NaN argument | ignored | stores the quiet NaN with every payload bit set at the reducing end ([`OrderedKey::MIN`](crate::key::OrderedKey::MIN), negative, for min; [`OrderedKey::MAX`](crate::key::OrderedKey::MAX), positive, for max), whatever the argument's sign and payload |
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

use crate::key::KeyFloat;
// `loom`'s atomics in the loom models (`cfg(all(loom, test))`), `core`'s otherwise; unused on targets where
// no width has compare-and-swap (`thumbv6m-none-eabi`).
#[allow(unused_imports)]
use crate::loom_shim;
use core::ops::BitXor;
use core::sync::atomic::Ordering;

mod sealed {
    /// Private supertrait: only this crate implements the traits of this module.
    pub trait Sealed {}
}

/// The signed `fetch_min`/`fetch_max` (`max`) as a compare-exchange loop on the
/// unsigned atomic, for the atomics that cannot be viewed as signed ones.
#[cfg(any(all(loom, test), feature = "portable-atomic"))]
#[inline]
fn signed_extremum_cas<B: AtomicBits>(a: &B::Atomic, v: B, max: bool, o: Ordering) -> B {
    let mut current = B::load(a, update::load_part(o));
    loop {
        let (arg, stored) = (v ^ B::SIGN, current ^ B::SIGN);
        if (max && arg <= stored) || (!max && arg >= stored) {
            return current;
        }
        match B::compare_exchange(a, [current, v], [o, update::load_part(o)], true) {
            Ok(_) => return current,
            Err(now) => current = now,
        }
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

mod aliases;
mod extremum;
mod update;
mod view;

#[cfg(feature = "half")]
pub use aliases::{AtomicBf16Max, AtomicBf16Min, AtomicF16Max, AtomicF16Min};
pub use aliases::{AtomicF32Max, AtomicF32Min, AtomicF64Max, AtomicF64Min};
pub use extremum::AtomicExtremum;
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
