//! Atomic float min/max reducers: `AtomicF32Min`, `AtomicF32Max`, `AtomicF64Min`,
//! `AtomicF64Max` and (feature `half`) `AtomicF16Min/Max`, `AtomicBf16Min/Max`.
//!
//! Each holds the [`OrderedKey`] of its value in one unsigned integer atomic and
//! updates it with the integer `fetch_min`/`fetch_max`: key order is IEEE 754
//! totalOrder, so the float min/max is one integer min/max: the GPU
//! `InterlockedMin`/`atomicMin` trick, with the lossless unsigned map.
//!
//! One macro, `reducer!`, holds the whole algorithm; the direction (min or max)
//! is one of its arguments and each type is one line at the bottom of this file.

use crate::OrderedKey;
// `loom`'s atomics under `cfg(loom)`, `core`'s otherwise.
use crate::loom_shim;
use core::fmt;
use core::sync::atomic::Ordering;

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

/// A `fn` that is `const` except under `cfg(loom)`, whose atomics have no `const`
/// constructor.
macro_rules! const_unless_loom {
    ($(#[$attr:meta])* pub fn $($rest:tt)*) => {
        #[cfg(not(loom))]
        $(#[$attr])*
        pub const fn $($rest)*

        #[cfg(loom)]
        $(#[$attr])*
        pub fn $($rest)*
    };
}

/// The one implementation of a reducer, instantiated per float type and direction.
///
/// `reducer!(Name, Min|Max, float, atomic integer, key integer, doc spellings…)`.
/// The direction arms only name the operations and constants of that direction;
/// the algorithm is written once, in the `@impl` arm.
macro_rules! reducer {
    (
        $name:ident, Min, $f:ty, $atomic:ident, $u:ty, $width:literal,
        path = $path:literal, name = $fname:literal, import = $import:literal,
        zero = $zero:literal, one = $one:literal, nan = $nan:literal, inf = $inf:literal
    ) => {
        reducer!(@impl $name, $f, $atomic, $u, $width,
            fetch = fetch_min, fetch_nan = fetch_minimum, fetch_slice = fetch_min_slice,
            rmw = fetch_min, pick = min, better = <,
            rotate = Self::NEG_INF_KEY,
            identity = INFINITY, neutral = MAX, nan_key = MIN,
            path = $path, name = $fname, import = $import,
            zero = $zero, one = $one, nan = $nan, inf = $inf,
            toward = "-", away = "", moves = "down", extreme = "minimum", ieee = "minimum",
            smallest = "smallest", identity_str = "+∞", nan_sign = "negative",
            nan_sign_fn = "is_sign_negative", nan_const = "MIN",
            isa = "`ldumin` on `AArch64` with LSE, `amominu` on RISC-V for 32 and 64 bits"
        );
    };
    (
        $name:ident, Max, $f:ty, $atomic:ident, $u:ty, $width:literal,
        path = $path:literal, name = $fname:literal, import = $import:literal,
        zero = $zero:literal, one = $one:literal, nan = $nan:literal, inf = $inf:literal
    ) => {
        reducer!(@impl $name, $f, $atomic, $u, $width,
            fetch = fetch_max, fetch_nan = fetch_maximum, fetch_slice = fetch_max_slice,
            rmw = fetch_max, pick = max, better = >,
            rotate = Self::POS_INF_KEY.wrapping_add(1),
            identity = NEG_INFINITY, neutral = MIN, nan_key = MAX,
            path = $path, name = $fname, import = $import,
            zero = $zero, one = $one, nan = $nan, inf = $inf,
            toward = "", away = "-", moves = "up", extreme = "maximum", ieee = "maximum",
            smallest = "largest", identity_str = "−∞", nan_sign = "positive",
            nan_sign_fn = "is_sign_positive", nan_const = "MAX",
            isa = "`ldumax` on `AArch64` with LSE, `amomaxu` on RISC-V for 32 and 64 bits"
        );
    };
    (
        @impl $name:ident, $f:ty, $atomic:ident, $u:ty, $width:literal,
        fetch = $fetch:ident, fetch_nan = $fetch_nan:ident, fetch_slice = $fetch_slice:ident,
        rmw = $rmw:ident, pick = $pick:ident, better = $better:tt, rotate = $rotate:expr,
        identity = $identity:ident, neutral = $neutral:ident, nan_key = $nan_key:ident,
        path = $path:literal, name = $fname:literal, import = $import:literal,
        zero = $zero:literal, one = $one:literal, nan = $nan:literal, inf = $inf:literal,
        toward = $to:literal, away = $away:literal, moves = $moves:literal,
        extreme = $extreme:literal, ieee = $ieee:literal, smallest = $smallest:literal,
        identity_str = $identity_str:literal, nan_sign = $nan_sign:literal,
        nan_sign_fn = $nan_sign_fn:literal, nan_const = $nan_const:literal, isa = $isa:literal
    ) => {
        #[doc = concat!("An atomic `", $fname, "` that only moves ", $moves, ": a lock-free ", $extreme, " reducer.")]
        ///
        #[doc = concat!("It holds the [`OrderedKey<", $path, ">`] of its value in one `", stringify!($atomic), "` and")]
        #[doc = concat!("updates it with the integer `", stringify!($rmw), "`. Key order is IEEE 754 totalOrder")]
        #[doc = concat!("([`", $path, "::total_cmp`]), so the result is deterministic whatever the order")]
        #[doc = concat!("of the updates, unlike a loop over `", $fname, "::", stringify!($pick), "`:")]
        ///
        #[doc = concat!("| | [`", stringify!($fetch), "`](Self::", stringify!($fetch), ") | [`", stringify!($fetch_nan), "`](Self::", stringify!($fetch_nan), ") |")]
        /// |---|---|---|
        #[doc = concat!("| NaN argument | ignored | stores the ", $nan_sign, " quiet NaN with every payload bit set ([`OrderedKey::", $nan_const, "`]), whatever the argument's sign and payload |")]
        #[doc = concat!("| NaN already stored | ordered by totalOrder: a ", $nan_sign, " NaN stays, one of the other sign is replaced by any number | stays: a number never replaces it |")]
        #[doc = concat!("| −0 and +0 | distinct, −0 < +0 | the same |")]
        #[doc = concat!("| ±∞ | ordinary values | the same |")]
        #[doc = concat!("| subnormals | ordered by value, never flushed | the same |")]
        ///
        #[doc = concat!("[`", stringify!($fetch), "`](Self::", stringify!($fetch), ") treats its argument as IEEE 754-2019 `", $ieee, "Number` and C++26")]
        #[doc = concat!("`fetch_f", $ieee, "_num` do (a NaN argument is ignored) and orders the stored value, even a NaN, by totalOrder;")]
        #[doc = concat!("[`", stringify!($fetch_nan), "`](Self::", stringify!($fetch_nan), ") is `", $ieee, "` (as `", $fname, "::", $ieee, "`, C++26 `fetch_f", $ieee, "`): a NaN is sticky.")]
        #[doc = concat!("[`Default`] and [`take`](Self::take) start from the identity, ", $identity_str, ".")]
        #[doc = concat!("`new`, `store`, `swap` and `load` keep every bit, NaN payloads included.")]
        ///
        /// # Memory ordering and the fast path
        ///
        #[doc = concat!("Every update first loads the value (with the load part of `order`) and skips the")]
        /// read-modify-write when the argument would not change it. Under random input
        /// almost every update is skipped, so the cache line is shared, not bounced
        /// between cores. The consequence for synchronization: **a skipped update is a
        /// load with the load part of `order`** (`Release` → `Relaxed`, `AcqRel` →
        /// `Acquire`, others unchanged), as a failed `compare_exchange` is. It writes
        /// nothing, so it releases nothing and does not take part in a release sequence:
        /// a thread that acquires the value later does not synchronize with the skipped
        /// call. An update that does change the value is a read-modify-write with
        /// `order` and continues the release sequences of earlier stores, as the
        /// integer `fetch_min`/`fetch_max` does. So a thread that acquires a value
        /// synchronizes with the `Release` update that wrote it (and, through the
        /// release sequence, with earlier changing `Release` updates), never with a
        /// skipped one. If every call must publish, add a `Release` fence or store of
        /// your own.
        ///
        /// # Performance
        ///
        #[doc = concat!("x86-64 has no atomic min/max instruction: a changing update is a `lock cmpxchg` loop there;")]
        #[doc = concat!("it is a single instruction on targets that have one (", $isa, ").")]
        #[doc = concat!("[`", stringify!($fetch_nan), "`](Self::", stringify!($fetch_nan), ") with a number is a compare-exchange loop on every target, because it must")]
        /// not replace a stored NaN of either sign.
        ///
        /// # Availability
        ///
        #[doc = concat!("Only on targets with ", $width, "-bit compare-and-swap, `cfg(target_has_atomic = \"", $width, "\")`:")]
        /// absent, for example, on `thumbv6m-none-eabi`, which has atomic loads and stores
        /// but no read-modify-write.
        ///
        /// # Representation
        ///
        #[doc = concat!("`#[repr(transparent)]` over `", stringify!($atomic), "`: same size and alignment;")]
        #[doc = concat!("the integer is the [`OrderedKey<", $path, ">`] of the value.")]
        ///
        /// # Example
        ///
        /// ```
        #[doc = concat!("use normkey::", stringify!($name), ";")]
        #[doc = $import]
        /// use std::sync::atomic::Ordering::Relaxed;
        ///
        #[doc = concat!("let r = ", stringify!($name), "::default();")]
        #[doc = concat!("let values = [", $one, ", ", $nan, ", ", $away, $zero, ", ", $to, $zero, ", ", $to, $one, "];")]
        /// std::thread::scope(|s| {
        ///     for chunk in values.chunks(2) {
        ///         let r = &r;
        #[doc = concat!("        s.spawn(move || for &v in chunk { r.", stringify!($fetch), "(v, Relaxed); });")]
        ///     }
        /// });
        #[doc = concat!("assert_eq!(r.load(Relaxed), ", $to, $one, "); // NaN ignored")]
        #[doc = concat!("r.", stringify!($fetch_nan), "(", $nan, ", Relaxed);")]
        #[doc = concat!("assert!(r.load(Relaxed).is_nan() && r.load(Relaxed).", $nan_sign_fn, "()); // NaN propagates")]
        /// ```
        #[repr(transparent)]
        pub struct $name {
            key: loom_shim::$atomic,
        }

        impl $name {
            /// The identity: the value of `default()` and what `take` leaves.
            const IDENTITY: $f = <$f>::$identity;
            /// The keys of −∞ and +∞: every key outside `NEG_INF..=POS_INF` is a NaN.
            const NEG_INF_KEY: $u = OrderedKey::<$f>::new(<$f>::NEG_INFINITY).to_bits();
            const POS_INF_KEY: $u = OrderedKey::<$f>::new(<$f>::INFINITY).to_bits();
            /// The key that never improves anything (the end opposite to the reduction).
            const NEUTRAL_KEY: $u = <$u>::$neutral;
            /// The sticky NaN of `fetch_minimum`/`fetch_maximum`: the key nothing improves on.
            const NAN_KEY: $u = <$u>::$nan_key;
            /// `key - ROTATE` (wrapping) puts the keys of numbers at the reducing end of
            /// the integers, and the NaN keys of both signs at the neutral end:
            /// −∞ becomes 0 for min; +∞ becomes the largest integer for max.
            const ROTATE: $u = $rotate;

            #[inline]
            const fn key(v: $f) -> $u {
                OrderedKey::<$f>::new(v).to_bits()
            }

            #[inline]
            const fn float(key: $u) -> $f {
                OrderedKey::<$f>::from_bits(key).get()
            }

            #[inline]
            const fn is_nan_key(key: $u) -> bool {
                key < Self::NEG_INF_KEY || key > Self::POS_INF_KEY
            }

            /// The fast path and the integer read-modify-write: the whole algorithm.
            /// Returns the previous key.
            #[inline]
            fn fetch_key(&self, key: $u, order: Ordering) -> $u {
                let current = self.key.load(load_part(order));
                if key $better current {
                    self.key.$rmw(key, order)
                } else {
                    current // Skipped: nothing to improve, nothing written.
                }
            }

            const_unless_loom! {
                #[doc = concat!("A reducer holding `v`, bit for bit. `const` (except under `cfg(loom)`).")]
                ///
                /// ```
                #[doc = concat!("use normkey::", stringify!($name), ";")]
                #[doc = $import]
                /// use std::sync::atomic::Ordering::Relaxed;
                ///
                #[doc = concat!("static R: ", stringify!($name), " = ", stringify!($name), "::new(", $fname, "::", stringify!($identity), ");")]
                #[doc = concat!("R.", stringify!($fetch), "(", $to, $zero, ", Relaxed);")]
                #[doc = concat!("assert_eq!(R.load(Relaxed).to_bits(), (", $to, $zero, ").to_bits());")]
                #[doc = concat!("let n = ", stringify!($name), "::new(-", $nan, ");")]
                #[doc = concat!("assert_eq!(n.load(Relaxed).to_bits(), (-", $nan, ").to_bits()); // payload and sign kept")]
                /// ```
                #[inline]
                #[must_use]
                pub fn new(v: $f) -> Self {
                    Self { key: loom_shim::$atomic::new(Self::key(v)) }
                }
            }

            const_unless_loom! {
                /// The value, consuming the reducer (no synchronization needed).
                ///
                /// ```
                #[doc = concat!("use normkey::", stringify!($name), ";")]
                #[doc = $import]
                ///
                #[doc = concat!("let r = ", stringify!($name), "::new(", $zero, ");")]
                #[doc = concat!("r.", stringify!($fetch), "(", $to, $zero, ", std::sync::atomic::Ordering::Relaxed);")]
                #[doc = concat!("assert_eq!(r.into_inner().to_bits(), (", $to, $zero, ").to_bits());")]
                #[doc = concat!("assert_eq!(", stringify!($name), "::default().into_inner(), ", $away, $inf, ");")]
                /// ```
                #[inline]
                #[must_use]
                pub fn into_inner(self) -> $f {
                    Self::float(self.key.into_inner())
                }
            }

            /// The value, bit for bit.
            ///
            /// # Panics
            ///
            /// If `order` is `Release` or `AcqRel`, as the integer `load` does.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($name), ";")]
            #[doc = $import]
            /// use std::sync::atomic::Ordering::Acquire;
            ///
            #[doc = concat!("assert_eq!(", stringify!($name), "::default().load(Acquire), ", $away, $inf, ");")]
            #[doc = concat!("let r = ", stringify!($name), "::new(-", $zero, ");")]
            #[doc = concat!("assert!(r.load(Acquire).is_sign_negative());")]
            /// ```
            #[inline]
            #[must_use]
            pub fn load(&self, order: Ordering) -> $f {
                Self::float(self.key.load(order))
            }

            /// Replaces the value by `v`, bit for bit, whatever it was (not a reduction).
            ///
            /// # Panics
            ///
            /// If `order` is `Acquire` or `AcqRel`, as the integer `store` does.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($name), ";")]
            #[doc = $import]
            /// use std::sync::atomic::Ordering::{Acquire, Release};
            ///
            #[doc = concat!("let r = ", stringify!($name), "::new(", $to, $inf, ");")]
            #[doc = concat!("r.store(", $away, $zero, ", Release); // moves the other way: allowed")]
            #[doc = concat!("assert_eq!(r.load(Acquire).to_bits(), (", $away, $zero, ").to_bits());")]
            #[doc = concat!("r.store(", $nan, ", Release);")]
            #[doc = concat!("assert_eq!(r.load(Acquire).to_bits(), ", $nan, ".to_bits());")]
            /// ```
            #[inline]
            pub fn store(&self, v: $f, order: Ordering) {
                self.key.store(Self::key(v), order);
            }

            /// Replaces the value by `v`, bit for bit, and returns the previous value.
            /// All orderings are valid.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($name), ";")]
            #[doc = $import]
            /// use std::sync::atomic::Ordering::AcqRel;
            ///
            #[doc = concat!("let r = ", stringify!($name), "::new(-", $zero, ");")]
            #[doc = concat!("assert!(r.swap(", $nan, ", AcqRel).is_sign_negative());")]
            #[doc = concat!("assert!(r.swap(", $inf, ", AcqRel).is_nan());")]
            #[doc = concat!("assert_eq!(r.swap(", $zero, ", AcqRel), ", $inf, ");")]
            /// ```
            #[inline]
            pub fn swap(&self, v: $f, order: Ordering) -> $f {
                Self::float(self.key.swap(Self::key(v), order))
            }

            #[doc = concat!("Returns the value and resets the reducer to the identity, ", $identity_str, ", in one")]
            /// atomic swap: read-and-reset between frames without losing a concurrent update
            /// (it lands either in the returned value or in the next one). All orderings
            /// are valid.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($name), ";")]
            #[doc = $import]
            /// use std::sync::atomic::Ordering::AcqRel;
            ///
            #[doc = concat!("let r = ", stringify!($name), "::default();")]
            #[doc = concat!("r.", stringify!($fetch), "(", $to, $zero, ", AcqRel);")]
            #[doc = concat!("assert_eq!(r.take(AcqRel).to_bits(), (", $to, $zero, ").to_bits());")]
            #[doc = concat!("assert_eq!(r.take(AcqRel), ", $away, $inf, "); // the identity")]
            /// ```
            #[inline]
            pub fn take(&self, order: Ordering) -> $f {
                self.swap(Self::IDENTITY, order)
            }

            #[doc = concat!("Makes the value the ", $smallest, " of itself and `v` under IEEE 754 totalOrder,")]
            /// ignoring a NaN `v`; returns the previous value.
            ///
            #[doc = concat!("−0 < +0, ±∞ are ordinary values, and a NaN argument is ignored (the call is then a")]
            /// load). A NaN already in the reducer (from `new`, `store` or `swap`) is
            #[doc = concat!("ordered by totalOrder: a ", $nan_sign, " NaN stays, one of the other sign is replaced.")]
            /// See the [type docs](Self) for the memory-ordering consequence of the fast
            /// path: when `v` does not change the value, nothing is written and the call is
            /// a load with the load part of `order`. All orderings are valid.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($name), ";")]
            #[doc = $import]
            /// use std::sync::atomic::Ordering::Relaxed;
            ///
            #[doc = concat!("let r = ", stringify!($name), "::new(", $away, $zero, ");")]
            #[doc = concat!("let prev = r.", stringify!($fetch), "(", $to, $zero, ", Relaxed);")]
            #[doc = concat!("assert_eq!(prev.to_bits(), (", $away, $zero, ").to_bits()); // returns the previous value")]
            #[doc = concat!("assert_eq!(r.load(Relaxed).to_bits(), (", $to, $zero, ").to_bits()); // ", $to, "0 wins")]
            #[doc = concat!("r.", stringify!($fetch), "(", $nan, ", Relaxed); // ignored")]
            #[doc = concat!("r.", stringify!($fetch), "(-", $nan, ", Relaxed); // ignored")]
            #[doc = concat!("assert_eq!(r.load(Relaxed).to_bits(), (", $to, $zero, ").to_bits());")]
            #[doc = concat!("r.", stringify!($fetch), "(", $to, $inf, ", Relaxed);")]
            #[doc = concat!("assert_eq!(r.load(Relaxed), ", $to, $inf, ");")]
            /// ```
            #[inline]
            pub fn $fetch(&self, v: $f, order: Ordering) -> $f {
                let key = Self::key(v);
                if Self::is_nan_key(key) {
                    self.load(load_part(order))
                } else {
                    Self::float(self.fetch_key(key, order))
                }
            }

            #[doc = concat!("Makes the value the ", $smallest, " of itself and `v`, with NaN propagating, as")]
            #[doc = concat!("IEEE 754-2019 `", $ieee, "` and `", $fname, "::", $ieee, "`; returns the previous value.")]
            ///
            #[doc = concat!("A NaN `v` stores the ", $nan_sign, " quiet NaN with every payload bit set")]
            #[doc = concat!("([`OrderedKey::", $nan_const, "`]: the argument's sign and payload are not kept), which sorts to")]
            /// the reducing end of totalOrder, so no later `fetch_*` call replaces it. A
            /// number `v` never replaces a stored NaN of either sign. Otherwise as
            #[doc = concat!("[`", stringify!($fetch), "`](Self::", stringify!($fetch), "): −0 < +0, ±∞ ordinary, skipped when nothing changes")]
            /// (then a load with the load part of `order`). A number `v` takes a
            /// compare-exchange loop on every target. All orderings are valid.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($name), ";")]
            #[doc = $import]
            /// use std::sync::atomic::Ordering::Relaxed;
            ///
            #[doc = concat!("let r = ", stringify!($name), "::new(", $away, $zero, ");")]
            #[doc = concat!("r.", stringify!($fetch_nan), "(", $to, $zero, ", Relaxed);")]
            #[doc = concat!("assert_eq!(r.load(Relaxed).to_bits(), (", $to, $zero, ").to_bits()); // ", $to, "0 wins")]
            #[doc = concat!("r.", stringify!($fetch_nan), "(", $away, $nan, ", Relaxed); // either sign")]
            #[doc = concat!("let nan = r.load(Relaxed);")]
            #[doc = concat!("assert!(nan.is_nan() && nan.", $nan_sign_fn, "());")]
            #[doc = concat!("r.", stringify!($fetch_nan), "(", $to, $inf, ", Relaxed);")]
            #[doc = concat!("r.", stringify!($fetch), "(", $to, $inf, ", Relaxed);")]
            #[doc = concat!("assert_eq!(r.load(Relaxed).to_bits(), nan.to_bits()); // sticky")]
            /// ```
            #[inline]
            pub fn $fetch_nan(&self, v: $f, order: Ordering) -> $f {
                let key = Self::key(v);
                if Self::is_nan_key(key) {
                    return Self::float(self.fetch_key(Self::NAN_KEY, order));
                }
                // A compare-exchange loop, not the integer read-modify-write, which would
                // replace a stored NaN of the other sign.
                let load = load_part(order);
                let mut current = self.key.load(load);
                while key $better current && !Self::is_nan_key(current) {
                    match self.key.compare_exchange_weak(current, key, order, load) {
                        Ok(_) => break,
                        Err(now) => current = now,
                    }
                }
                Self::float(current)
            }

            #[doc = concat!("Reduces `values` locally (NaN ignored, as [`", stringify!($fetch), "`](Self::", stringify!($fetch), ")), then makes one")]
            /// atomic update with the result; returns the previous value.
            ///
            /// The local pass works on keys and vectorizes; the update is skipped (a load
            /// with the load part of `order`) when the slice is empty, all NaN, or does
            /// not improve the value. All orderings are valid.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($name), ";")]
            #[doc = $import]
            /// use std::sync::atomic::Ordering::Relaxed;
            ///
            #[doc = concat!("let r = ", stringify!($name), "::default();")]
            #[doc = concat!("let prev = r.", stringify!($fetch_slice), "(&[", $away, $one, ", ", $nan, ", ", $away, $zero, ", ", $to, $zero, "], Relaxed);")]
            #[doc = concat!("assert_eq!(prev, ", $away, $inf, ");")]
            #[doc = concat!("assert_eq!(r.load(Relaxed).to_bits(), (", $to, $zero, ").to_bits());")]
            #[doc = concat!("r.", stringify!($fetch_slice), "(&[", $nan, ", -", $nan, "], Relaxed); // all NaN: nothing")]
            #[doc = concat!("r.", stringify!($fetch_slice), "(&[], Relaxed);")]
            #[doc = concat!("assert_eq!(r.load(Relaxed).to_bits(), (", $to, $zero, ").to_bits());")]
            /// ```
            #[inline]
            pub fn $fetch_slice(&self, values: &[$f], order: Ordering) -> $f {
                // Rotate the key space so that the numbers sit at the reducing end and
                // both NaN ranges at the other: then NaNs lose every comparison, and the
                // loop is one integer min/max per value, with no NaN test (it vectorizes).
                let best = values
                    .iter()
                    .fold(Self::NEUTRAL_KEY, |best, &v| best.$pick(Self::key(v).wrapping_sub(Self::ROTATE)))
                    .wrapping_add(Self::ROTATE);
                // A NaN key here means the slice held no number: nothing to update.
                let best = if Self::is_nan_key(best) { Self::NEUTRAL_KEY } else { best };
                Self::float(self.fetch_key(best, order))
            }
        }

        #[doc = concat!("The identity, ", $identity_str, ": every update replaces it (except by NaN or ")]
        #[doc = concat!("by ", $identity_str, " itself).")]
        ///
        /// ```
        #[doc = concat!("use normkey::", stringify!($name), ";")]
        #[doc = $import]
        /// use std::sync::atomic::Ordering::Relaxed;
        ///
        #[doc = concat!("let r = ", stringify!($name), "::default();")]
        #[doc = concat!("assert_eq!(r.load(Relaxed), ", $away, $inf, ");")]
        #[doc = concat!("r.", stringify!($fetch), "(", $nan, ", Relaxed);")]
        #[doc = concat!("assert_eq!(r.load(Relaxed), ", $away, $inf, ");")]
        /// ```
        impl Default for $name {
            #[inline]
            fn default() -> Self {
                Self::new(Self::IDENTITY)
            }
        }

        /// A reducer holding the value, bit for bit; same as `new`.
        ///
        /// ```
        #[doc = concat!("use normkey::", stringify!($name), ";")]
        #[doc = $import]
        ///
        #[doc = concat!("let r = ", stringify!($name), "::from(-", $zero, ");")]
        /// assert!(r.into_inner().is_sign_negative());
        /// ```
        impl From<$f> for $name {
            #[inline]
            fn from(v: $f) -> Self {
                Self::new(v)
            }
        }

        /// Prints the value (loaded with `Relaxed`), as the integer atomics print theirs.
        ///
        /// ```
        #[doc = concat!("use normkey::", stringify!($name), ";")]
        #[doc = $import]
        ///
        #[doc = concat!("assert_eq!(format!(\"{:?}\", ", stringify!($name), "::new(-", $zero, ")), \"-0.0\");")]
        #[doc = concat!("assert_eq!(format!(\"{:?}\", ", stringify!($name), "::new(", $nan, ")), \"NaN\");")]
        /// ```
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(&self.load(Ordering::Relaxed), f)
            }
        }

        static_assertions::assert_impl_all!($name: Send, Sync, Default, fmt::Debug);
        #[cfg(not(loom))]
        static_assertions::assert_eq_size!($name, loom_shim::$atomic);
        #[cfg(not(loom))]
        static_assertions::assert_eq_align!($name, loom_shim::$atomic);
    };
}

#[cfg(target_has_atomic = "32")]
reducer! { AtomicF32Min, Min, f32, AtomicU32, u32, "32", path = "f32", name = "f32", import = "", zero = "0.0_f32", one = "1.0_f32", nan = "f32::NAN", inf = "f32::INFINITY" }
#[cfg(target_has_atomic = "32")]
reducer! { AtomicF32Max, Max, f32, AtomicU32, u32, "32", path = "f32", name = "f32", import = "", zero = "0.0_f32", one = "1.0_f32", nan = "f32::NAN", inf = "f32::INFINITY" }
#[cfg(target_has_atomic = "64")]
reducer! { AtomicF64Min, Min, f64, AtomicU64, u64, "64", path = "f64", name = "f64", import = "", zero = "0.0_f64", one = "1.0_f64", nan = "f64::NAN", inf = "f64::INFINITY" }
#[cfg(target_has_atomic = "64")]
reducer! { AtomicF64Max, Max, f64, AtomicU64, u64, "64", path = "f64", name = "f64", import = "", zero = "0.0_f64", one = "1.0_f64", nan = "f64::NAN", inf = "f64::INFINITY" }
#[cfg(all(feature = "half", target_has_atomic = "16"))]
reducer! { AtomicF16Min, Min, half::f16, AtomicU16, u16, "16", path = "half::f16", name = "f16", import = "use half::f16;", zero = "f16::ZERO", one = "f16::ONE", nan = "f16::NAN", inf = "f16::INFINITY" }
#[cfg(all(feature = "half", target_has_atomic = "16"))]
reducer! { AtomicF16Max, Max, half::f16, AtomicU16, u16, "16", path = "half::f16", name = "f16", import = "use half::f16;", zero = "f16::ZERO", one = "f16::ONE", nan = "f16::NAN", inf = "f16::INFINITY" }
#[cfg(all(feature = "half", target_has_atomic = "16"))]
reducer! { AtomicBf16Min, Min, half::bf16, AtomicU16, u16, "16", path = "half::bf16", name = "bf16", import = "use half::bf16;", zero = "bf16::ZERO", one = "bf16::ONE", nan = "bf16::NAN", inf = "bf16::INFINITY" }
#[cfg(all(feature = "half", target_has_atomic = "16"))]
reducer! { AtomicBf16Max, Max, half::bf16, AtomicU16, u16, "16", path = "half::bf16", name = "bf16", import = "use half::bf16;", zero = "bf16::ZERO", one = "bf16::ONE", nan = "bf16::NAN", inf = "bf16::INFINITY" }
