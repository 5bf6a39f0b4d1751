//! The atomic views of float memory: [`AtomicView<F>`], written once, and its
//! aliases.

use super::update::{nan_key, update_bits, update_cas};
use super::{AtomicBits, AtomicFloat, Direction, Max, Min};
use crate::key::fold::is_nan_key;
use crate::key::{OrderedKey, pun};
use core::fmt;
use core::sync::atomic::Ordering;

/// A min/max view of plain float memory: an atomic `F` that holds **the float's own
/// bits** (not its key), so that a `&mut [f32]` can be reduced in place by many
/// threads and read back as plain floats afterwards. Usually named by its aliases
/// ([`AtomicF32`], [`AtomicF64`], and with feature `half` `AtomicF16`, `AtomicBf16`).
///
/// **Not a general atomic float**: min/max, load, store, swap and compare-exchange
/// only; no `fetch_add` or other arithmetic, unlike `portable_atomic::AtomicF32` or
/// `atomic_float::AtomicF32` (whose `fetch_min` follows `f32::min` instead: see the
/// README's comparison). An exact sum across threads, the same on every
/// schedule, is [`AtomicExactSum`](crate::atomic::AtomicExactSum).
///
/// `load`, `store`, `swap`, `compare_exchange` and `compare_exchange_weak` work on
/// the bits (a NaN's sign and payload kept; `compare_exchange` compares bit for
/// bit, so −0 and +0 differ and a NaN equals itself). `fetch_min`/`fetch_max`
/// (NaN ignored) and `fetch_minimum`/`fetch_maximum` (NaN propagates) have
/// exactly the semantics of the reducers' methods of the same names (see the
/// table in the [module docs](super): totalOrder, −0 < +0, ±∞ and subnormals
/// ordinary, the sticky NaN of `fetch_minimum` the all-payload NaN of the reducing
/// sign), and their skip path: one load and one compare, no write, when nothing
/// would change (the load part of `order`).
///
/// `fetch_min`/`fetch_max` and a NaN argument of `fetch_minimum`/`fetch_maximum`
/// are one integer min/max on the stored bits themselves, picked by the
/// argument's sign bit (for min: a signed min when it is clear, an unsigned max
/// when it is set; the mirror for max), which orders the argument against every
/// stored pattern, NaNs of both signs included, as totalOrder does (the proof is
/// a comment of the crate's source, at the private function doing it). That is one
/// instruction where the target has atomic min/max (`AArch64` LSE, RISC-V `A`)
/// and a `lock cmpxchg` loop on x86-64, which has none; with feature
/// `portable-atomic` the signed half is a compare-exchange loop.
/// `fetch_minimum`/`fetch_maximum` with a number is a compare-exchange loop on the
/// keys of the loaded bits on every target: it must not replace a stored NaN of
/// either sign, which no integer min/max can express.
///
/// # Representation
///
/// `#[repr(transparent)]` over the integer atomic of `F`'s width (`AtomicU32` for
/// `f32`), holding `F::to_bits`: same size as `F`. [`from_mut`](Self::from_mut),
/// [`from_mut_slice`](Self::from_mut_slice) and [`from_ptr`](Self::from_ptr) need
/// the alignments of `F` and of the atomic to be equal, a compile-time check: it
/// fails for `f64` on targets where `f64` is 4-aligned and `AtomicU64` 8-aligned
/// (i686). Not in this crate's loom models, whose atomics are not plain integers.
///
/// ```
/// use normkey::AtomicF32;
/// use std::sync::atomic::Ordering::Relaxed;
///
/// let mut depth = vec![f32::INFINITY; 4];
/// let view = AtomicF32::from_mut_slice(&mut depth);
/// std::thread::scope(|s| {
///     for (pixel, d) in [(0, 0.5), (0, f32::NAN), (1, -0.0), (1, 0.0), (0, 0.25)] {
///         let view = &*view;
///         s.spawn(move || view[pixel].fetch_min(d, Relaxed));
///     }
/// });
/// assert_eq!(depth[0], 0.25); // NaN ignored
/// assert_eq!(depth[1].to_bits(), (-0.0_f32).to_bits()); // −0 < +0
/// assert_eq!(depth[2], f32::INFINITY);
/// ```
#[repr(transparent)]
pub struct AtomicView<F: AtomicFloat> {
    bits: <F::Bits as AtomicBits>::Atomic,
}

impl<F: AtomicFloat> AtomicView<F> {
    /// `F`'s bits as the key integer type (the same width: a bit cast).
    #[inline]
    const fn raw(v: F) -> F::Bits {
        pun(v)
    }

    /// The float of bits `b`.
    #[inline]
    const fn float(b: F::Bits) -> F {
        pun(b)
    }

    /// The key of the float whose bits are `b`.
    #[inline]
    fn key_of_raw(b: F::Bits) -> F::Bits {
        Self::float(b).to_key_bits()
    }

    /// The compile-time check of the pointer casts: `F` and the view have the
    /// same size and alignment.
    #[cfg(not(all(loom, test)))]
    const SAME_LAYOUT: () = assert!(
        size_of::<Self>() == size_of::<F>() && align_of::<Self>() == align_of::<F>(),
        "the atomic of this float is aligned differently from the float on this target"
    );

    /// A view holding `v`, bit for bit. `const` (except in this crate's loom
    /// models).
    ///
    /// ```
    /// use normkey::AtomicF32;
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// static LOWEST: AtomicF32 = AtomicF32::new(f32::INFINITY);
    /// LOWEST.fetch_min(-1.5, Relaxed);
    /// assert_eq!(LOWEST.load(Relaxed), -1.5);
    /// assert_eq!(AtomicF32::new(-f32::NAN).load(Relaxed).to_bits(), (-f32::NAN).to_bits());
    /// ```
    #[cfg(not(all(loom, test)))]
    #[inline]
    #[must_use]
    pub const fn new(v: F) -> Self {
        Self {
            bits: super::pun_atomic(Self::raw(v)),
        }
    }

    /// A view holding `v`, bit for bit (not `const`: the loom models' copy).
    #[cfg(all(loom, test))]
    #[must_use]
    pub fn new(v: F) -> Self {
        Self {
            bits: F::Bits::new_atomic(Self::raw(v)),
        }
    }

    /// The value, consuming the view. `const` (except in this crate's loom models).
    ///
    /// ```
    /// use normkey::AtomicF64;
    /// const X: f64 = AtomicF64::new(-0.0).into_inner();
    /// assert_eq!(X.to_bits(), (-0.0_f64).to_bits());
    /// ```
    #[cfg(not(all(loom, test)))]
    #[inline]
    #[must_use]
    pub const fn into_inner(self) -> F {
        // `repr(transparent)` over the atomic, which has the integer's layout.
        Self::float(super::pun_atomic::<Self, F::Bits>(self))
    }

    /// The value, consuming the view (not `const`: the loom models' copy).
    #[cfg(all(loom, test))]
    #[must_use]
    pub fn into_inner(self) -> F {
        Self::float(F::Bits::into_inner(self.bits))
    }

    /// `v` viewed as an atomic, for as long as it is borrowed mutably.
    ///
    /// # Panics
    ///
    /// Never at run time; a compile error where `F` and its atomic are aligned
    /// differently (`f64` on i686).
    ///
    /// ```
    /// use normkey::AtomicF32;
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let mut x = 0.0_f32;
    /// AtomicF32::from_mut(&mut x).fetch_min(-0.0, Relaxed);
    /// assert_eq!(x.to_bits(), (-0.0_f32).to_bits()); // −0 < +0
    /// ```
    #[cfg(not(all(loom, test)))]
    #[inline]
    pub fn from_mut(v: &mut F) -> &mut Self {
        let () = Self::SAME_LAYOUT;
        // SAFETY: the view is `repr(transparent)` over an integer atomic with the
        // size and bit validity of `F::Bits`, which is `F`'s size, and every bit
        // pattern is a valid `F`; the alignments are equal (checked at compile
        // time above). The exclusive borrow of `v` is held for the returned
        // lifetime, so nothing else accesses the memory meanwhile.
        unsafe { &mut *core::ptr::from_mut(v).cast::<Self>() }
    }

    /// A slice of floats viewed as atomics, for as long as it is borrowed
    /// mutably: hand `&*view` to threads, then read the floats again.
    ///
    /// # Panics
    ///
    /// Never at run time; a compile error where `F` and its atomic are aligned
    /// differently (`f64` on i686).
    ///
    /// ```
    /// use normkey::AtomicF64;
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let mut v = [1.0_f64, -f64::NAN, 2.0];
    /// let view = AtomicF64::from_mut_slice(&mut v);
    /// view[0].fetch_maximum(f64::NAN, Relaxed); // NaN propagates
    /// view[1].fetch_max(0.0, Relaxed); // −NaN is below every number in totalOrder
    /// view[2].fetch_max(f64::NAN, Relaxed); // ignored
    /// assert!(v[0].is_nan() && v[0].is_sign_positive());
    /// assert_eq!(v[1..], [0.0, 2.0]);
    /// ```
    #[cfg(not(all(loom, test)))]
    #[inline]
    pub fn from_mut_slice(v: &mut [F]) -> &mut [Self] {
        let () = Self::SAME_LAYOUT;
        // SAFETY: as in `from_mut`, element for element: the same size and
        // alignment (checked at compile time), every bit pattern valid both ways,
        // and the exclusive borrow held for the returned lifetime.
        unsafe { core::slice::from_raw_parts_mut(v.as_mut_ptr().cast::<Self>(), v.len()) }
    }

    /// The floats of a slice of views, for as long as it is borrowed mutably (no
    /// other thread can access it then).
    ///
    /// ```
    /// use normkey::AtomicF32;
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let mut views = [AtomicF32::new(1.0), AtomicF32::new(f32::NAN)];
    /// views[0].fetch_minimum(-f32::NAN, Relaxed);
    /// let floats = AtomicF32::get_mut_slice(&mut views);
    /// assert_eq!(floats[0].to_bits(), u32::MAX); // the negative all-payload NaN
    /// floats[1] = -0.0;
    /// assert_eq!(views[1].load(Relaxed).to_bits(), (-0.0_f32).to_bits());
    /// ```
    #[cfg(not(all(loom, test)))]
    #[inline]
    pub fn get_mut_slice(this: &mut [Self]) -> &mut [F] {
        // SAFETY: the view has `F`'s size (an integer atomic of its width, checked
        // by `atomic_bits!`) and at least its alignment; every bit pattern is a
        // valid `F`; the exclusive borrow means no atomic access meanwhile.
        unsafe { core::slice::from_raw_parts_mut(this.as_mut_ptr().cast::<F>(), this.len()) }
    }

    /// A view of the float at `ptr`, as `AtomicU32::from_ptr`.
    ///
    /// # Safety
    ///
    /// - `ptr` is aligned to `align_of::<AtomicView<F>>()`, which is `F`'s own
    ///   alignment (a compile-time check; `f64` on i686 does not compile);
    /// - `ptr` is valid for reads and writes for all of `'a`;
    /// - for all of `'a`, every access to the float goes through atomic
    ///   operations (this view, other views, or integer atomics of the same
    ///   size): no non-atomic access, and no atomic access of another size.
    ///
    /// ```
    /// use normkey::AtomicF32;
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let mut x = f32::NAN;
    /// let p: *mut f32 = &mut x;
    /// // SAFETY: `p` comes from a live `&mut f32`, used only through the view here.
    /// let view = unsafe { AtomicF32::from_ptr(p) };
    /// view.fetch_min(3.0, Relaxed); // a +NaN is above every number: replaced
    /// assert_eq!(x, 3.0);
    /// ```
    #[cfg(not(all(loom, test)))]
    #[inline]
    #[must_use]
    pub unsafe fn from_ptr<'a>(ptr: *mut F) -> &'a Self {
        let () = Self::SAME_LAYOUT;
        // SAFETY: the caller promises alignment, validity for `'a` and only atomic
        // access; the layouts are the same (checked at compile time above).
        unsafe { &*ptr.cast::<Self>() }
    }

    /// The float, for reading or writing it without atomics while the view is
    /// borrowed mutably.
    ///
    /// ```
    /// use normkey::AtomicF32;
    ///
    /// let mut v = AtomicF32::new(-0.0);
    /// *v.get_mut() = f32::NAN;
    /// assert!(v.into_inner().is_nan());
    /// ```
    #[cfg(not(all(loom, test)))]
    #[inline]
    pub fn get_mut(&mut self) -> &mut F {
        bytemuck::cast_mut(F::Bits::get_mut(&mut self.bits))
    }

    /// The value, bit for bit.
    ///
    /// # Panics
    ///
    /// If `order` is `Release` or `AcqRel`, as the integer `load` does.
    ///
    /// ```
    /// use normkey::AtomicF32;
    /// use std::sync::atomic::Ordering::Acquire;
    /// assert!(AtomicF32::new(-0.0).load(Acquire).is_sign_negative());
    /// ```
    #[inline]
    #[must_use]
    pub fn load(&self, order: Ordering) -> F {
        Self::float(F::Bits::load(&self.bits, order))
    }

    /// Stores `v`, bit for bit.
    ///
    /// # Panics
    ///
    /// If `order` is `Acquire` or `AcqRel`, as the integer `store` does.
    ///
    /// ```
    /// use normkey::AtomicF32;
    /// use std::sync::atomic::Ordering::{Relaxed, Release};
    /// let v = AtomicF32::new(1.0);
    /// v.store(-f32::NAN, Release);
    /// assert_eq!(v.load(Relaxed).to_bits(), (-f32::NAN).to_bits());
    /// ```
    #[inline]
    pub fn store(&self, v: F, order: Ordering) {
        F::Bits::store(&self.bits, Self::raw(v), order);
    }

    /// Stores `v`, bit for bit, and returns the previous value. All orderings are
    /// valid.
    ///
    /// ```
    /// use normkey::AtomicF32;
    /// use std::sync::atomic::Ordering::AcqRel;
    /// let v = AtomicF32::new(-0.0);
    /// assert_eq!(v.swap(f32::NAN, AcqRel).to_bits(), (-0.0_f32).to_bits());
    /// assert!(v.swap(1.0, AcqRel).is_nan());
    /// ```
    #[inline]
    pub fn swap(&self, v: F, order: Ordering) -> F {
        Self::float(F::Bits::swap(&self.bits, Self::raw(v), order))
    }

    /// Stores `new` if the value has the bits of `current` (a bitwise comparison:
    /// −0 and +0 differ, a NaN matches itself); returns the previous value in `Ok`
    /// if it did, in `Err` if not. As the integer `compare_exchange`.
    ///
    /// # Errors
    ///
    /// `Err(value)` when the value's bits are not `current`'s; nothing is stored.
    ///
    /// # Panics
    ///
    /// If `failure` is `Release` or `AcqRel`, as the integer `compare_exchange` does.
    ///
    /// ```
    /// use normkey::AtomicF32;
    /// use std::sync::atomic::Ordering::{AcqRel, Acquire};
    /// let v = AtomicF32::new(f32::NAN);
    /// assert!(v.compare_exchange(f32::NAN, 1.0, AcqRel, Acquire).is_ok()); // bits equal
    /// assert_eq!(v.compare_exchange(1.0, 2.0, AcqRel, Acquire), Ok(1.0));
    /// let zero = AtomicF32::new(0.0);
    /// assert_eq!(zero.compare_exchange(-0.0, 1.0, AcqRel, Acquire), Err(0.0)); // −0 ≠ +0
    /// ```
    #[inline]
    pub fn compare_exchange(
        &self,
        current: F,
        new: F,
        success: Ordering,
        failure: Ordering,
    ) -> Result<F, F> {
        self.cas(false, current, new, [success, failure])
    }

    /// As [`compare_exchange`](Self::compare_exchange), but may fail spuriously
    /// (for loops).
    ///
    /// # Errors
    ///
    /// `Err(value)` when the value's bits are not `current`'s, or spuriously
    /// (with `current`'s bits); nothing is stored.
    ///
    /// # Panics
    ///
    /// If `failure` is `Release` or `AcqRel`.
    ///
    /// ```
    /// use normkey::AtomicF32;
    /// use std::sync::atomic::Ordering::Relaxed;
    /// let v = AtomicF32::new(1.0);
    /// let mut now = v.load(Relaxed);
    /// while let Err(x) = v.compare_exchange_weak(now, now * 2.0, Relaxed, Relaxed) {
    ///     now = x;
    /// }
    /// assert_eq!(v.load(Relaxed), 2.0);
    /// ```
    #[inline]
    pub fn compare_exchange_weak(
        &self,
        current: F,
        new: F,
        success: Ordering,
        failure: Ordering,
    ) -> Result<F, F> {
        self.cas(true, current, new, [success, failure])
    }

    /// The integer atomic's compare-exchange (`weak` or strong) on the bits of
    /// `current` and `new`, its result as floats.
    #[inline]
    fn cas(&self, weak: bool, current: F, new: F, orders: [Ordering; 2]) -> Result<F, F> {
        let bits = [Self::raw(current), Self::raw(new)];
        F::Bits::compare_exchange(&self.bits, bits, orders, weak)
            .map(Self::float)
            .map_err(Self::float)
    }

    /// The update of the four `fetch_*` methods: as the reducers' `reduce` (NaN
    /// ignored: the call only loads, twice if the NaN's bits would improve the
    /// stored ones, as the reducers' `fetch_min` does) or, with `propagate`, `reduce_propagating` (a
    /// NaN becomes the NaN at the reducing end; a stored NaN stays). A number
    /// (and the NaN of `propagate`) is one integer min/max on the raw bits
    /// ([`update_bits`]), except a number under `propagate`: a compare-exchange
    /// loop on the keys of the stored bits, which must not replace a stored NaN.
    /// Returns the previous value.
    #[inline]
    fn update<D: Direction>(&self, v: F, propagate: bool, order: Ordering) -> F {
        let is_nan = |bits: F::Bits| is_nan_key::<F>(Self::key_of_raw(bits));
        if !propagate {
            // A NaN is ignored, tested only on the improving path.
            return Self::float(update_bits::<F::Bits, D>(
                &self.bits,
                Self::raw(v),
                is_nan,
                order,
            ));
        }
        let key = v.to_key_bits();
        if is_nan_key::<F>(key) {
            let nan = Self::raw(OrderedKey::<F>::from_bits(nan_key::<F, D>()).get());
            return Self::float(update_bits::<F::Bits, D>(&self.bits, nan, |_| false, order));
        }
        // `fetch_minimum` with a number never replaces a stored NaN of either
        // sign: no integer min/max does that, so a compare-exchange loop.
        Self::float(update_cas::<F::Bits, D>(
            &self.bits,
            key,
            Self::raw(v),
            Self::key_of_raw,
            is_nan_key::<F>,
            order,
        ))
    }

    /// Makes the value the smaller of itself and `v` under totalOrder, **ignoring
    /// a NaN** `v`; returns the previous value. As the reducers' `fetch_min`.
    ///
    /// ```
    /// use normkey::AtomicF32;
    /// use std::sync::atomic::Ordering::Relaxed;
    /// let v = AtomicF32::new(0.0);
    /// assert_eq!(v.fetch_min(-0.0, Relaxed).to_bits(), 0); // the previous value
    /// v.fetch_min(f32::NAN, Relaxed); // ignored
    /// v.fetch_min(-f32::NAN, Relaxed); // ignored
    /// assert_eq!(v.load(Relaxed).to_bits(), (-0.0_f32).to_bits());
    /// ```
    #[inline]
    pub fn fetch_min(&self, v: F, order: Ordering) -> F {
        self.update::<Min>(v, false, order)
    }

    /// Makes the value the larger of itself and `v` under totalOrder, **ignoring
    /// a NaN** `v`; returns the previous value. As the reducers' `fetch_max`.
    ///
    /// ```
    /// use normkey::AtomicF32;
    /// use std::sync::atomic::Ordering::Relaxed;
    /// let v = AtomicF32::new(f32::NEG_INFINITY);
    /// v.fetch_max(f32::NAN, Relaxed); // ignored
    /// v.fetch_max(5e-45, Relaxed); // a subnormal
    /// assert_eq!(v.load(Relaxed), 5e-45);
    /// ```
    #[inline]
    pub fn fetch_max(&self, v: F, order: Ordering) -> F {
        self.update::<Max>(v, false, order)
    }

    /// As [`fetch_min`](Self::fetch_min), but **a NaN propagates**: it stores the
    /// negative quiet NaN with every payload bit set, and a stored NaN of either
    /// sign stays. As the reducers' `fetch_minimum`.
    ///
    /// ```
    /// use normkey::AtomicF32;
    /// use std::sync::atomic::Ordering::Relaxed;
    /// let v = AtomicF32::new(1.0);
    /// v.fetch_minimum(f32::NAN, Relaxed);
    /// v.fetch_minimum(f32::NEG_INFINITY, Relaxed); // no effect: NaN is sticky
    /// assert_eq!(v.load(Relaxed).to_bits(), u32::MAX);
    /// ```
    #[inline]
    pub fn fetch_minimum(&self, v: F, order: Ordering) -> F {
        self.update::<Min>(v, true, order)
    }

    /// As [`fetch_max`](Self::fetch_max), but **a NaN propagates**: it stores the
    /// positive quiet NaN with every payload bit set, and a stored NaN of either
    /// sign stays. As the reducers' `fetch_maximum`.
    ///
    /// ```
    /// use normkey::AtomicF32;
    /// use std::sync::atomic::Ordering::Relaxed;
    /// let v = AtomicF32::new(-f32::NAN); // a stored NaN of the other sign…
    /// v.fetch_maximum(f32::INFINITY, Relaxed); // …stays too
    /// assert_eq!(v.load(Relaxed).to_bits(), (-f32::NAN).to_bits());
    /// v.fetch_maximum(-f32::NAN, Relaxed); // a NaN argument: the positive one
    /// assert_eq!(v.load(Relaxed).to_bits(), 0x7fff_ffff);
    /// ```
    #[inline]
    pub fn fetch_maximum(&self, v: F, order: Ordering) -> F {
        self.update::<Max>(v, true, order)
    }
}

/// A view holding `F::default()` (+0.0).
///
/// ```
/// assert_eq!(normkey::AtomicF32::default().into_inner().to_bits(), 0);
/// ```
impl<F: AtomicFloat + Default> Default for AtomicView<F> {
    #[inline]
    fn default() -> Self {
        Self::new(F::default())
    }
}

/// A view holding the value, bit for bit; same as `new`.
///
/// ```
/// assert!(normkey::AtomicF32::from(-0.0).into_inner().is_sign_negative());
/// ```
impl<F: AtomicFloat> From<F> for AtomicView<F> {
    #[inline]
    fn from(v: F) -> Self {
        Self::new(v)
    }
}

/// Prints the value (loaded with `Relaxed`), as the integer atomics print theirs.
///
/// ```
/// assert_eq!(format!("{:?}", normkey::AtomicF32::new(-0.0)), "-0.0");
/// ```
impl<F: AtomicFloat> fmt::Debug for AtomicView<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.load(Ordering::Relaxed), f)
    }
}

/// An `f32` in memory, viewed as an atomic for min/max (on `AtomicU32`): not a
/// general atomic float (no `fetch_add`; see [`AtomicView`]).
pub type AtomicF32 = AtomicView<f32>;
/// An `f64` in memory, viewed as an atomic for min/max (on `AtomicU64`; the slice
/// and pointer views only where `f64` and `AtomicU64` are aligned alike): not a
/// general atomic float (no `fetch_add`; see [`AtomicView`]).
pub type AtomicF64 = AtomicView<f64>;
/// A `half::f16` in memory, viewed as an atomic (on `AtomicU16`).
#[cfg(feature = "half")]
pub type AtomicF16 = AtomicView<half::f16>;
/// A `half::bf16` in memory, viewed as an atomic (on `AtomicU16`).
#[cfg(feature = "half")]
pub type AtomicBf16 = AtomicView<half::bf16>;
