//! Every public function that panics on a length mismatch reports the caller's
//! file and line (`#[track_caller]` all the way down to the assertion), expanded
//! from the type lists: the slice forms of every storage format and every key
//! float.

use std::panic::{self, AssertUnwindSafe};
use std::sync::{Arc, Mutex, PoisonError};

/// The panic hook is global: one test at a time installs its own.
static HOOK: Mutex<()> = Mutex::new(());

/// Runs `f`, which must panic, and returns the file and line the panic reports.
fn panic_location(f: impl FnOnce()) -> (String, u32) {
    let _one_at_a_time = HOOK.lock().unwrap_or_else(PoisonError::into_inner);
    let seen = Arc::new(Mutex::new(None));
    let hook_seen = Arc::clone(&seen);
    let previous = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        *hook_seen.lock().unwrap_or_else(PoisonError::into_inner) =
            info.location().map(|l| (l.file().to_owned(), l.line()));
    }));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    panic::set_hook(previous);
    assert!(result.is_err(), "no panic");
    let location = seen.lock().unwrap_or_else(PoisonError::into_inner).take();
    location.expect("the panic has a location")
}

/// Asserts that `$call` panics at this very line of this file.
macro_rules! assert_panics_here {
    ($call:expr) => {{
        let (file, line) = panic_location(|| $call);
        assert_eq!(file, file!(), "{}", stringify!($call));
        assert_eq!(line, line!(), "{}", stringify!($call));
    }};
}

#[test]
fn storage_slice_forms_report_the_caller() {
    macro_rules! each {
        ($T:ident, $code:ty, $N:ident, $D:ident) => {{
            use normkey::$T as T;
            let codes = [T::ZERO; 3];
            let mut floats = [0.0_f32; 2];
            assert_panics_here!(T::decode_slice(&codes, &mut floats));
            let mut codes = [T::ZERO; 1];
            assert_panics_here!(T::encode_slice(&floats, &mut codes));
        }};
    }
    normkey::for_each_storage_format!(each);
}

#[test]
fn key_slice_forms_report_the_caller() {
    macro_rules! each {
        ($f:ty, $u:ty) => {{
            type K = normkey::OrderedKey<$f>;
            let keys = [K::MIN; 2];
            let mut floats = [K::MAX.get(); 3];
            assert_panics_here!(K::decode_slice(&keys, &mut floats));
            let mut keys = [K::MIN; 4];
            assert_panics_here!(K::encode_slice(&floats, &mut keys));
        }};
    }
    normkey::for_each_key_float!(each);
}

#[test]
fn the_location_is_not_the_library() {
    // Without `#[track_caller]` the panic would point into `src/`: the check above
    // is not vacuous. A direct call on a fixed line, for a precise expectation.
    let (file, line) = panic_location(|| normkey::Unorm8::decode_slice(&[], &mut [0.0]));
    assert_eq!((file.as_str(), line), (file!(), line!() - 1));
    assert!(!file.contains("src/"));
}

#[test]
fn texture_slice_forms_report_the_caller() {
    macro_rules! pixels {
        ($T:ident, $n:literal) => {{
            use normkey::$T as T;
            let codes = [<T as bytemuck::Zeroable>::zeroed(); 3];
            let mut pixels = [[0.0_f32; $n]; 2];
            assert_panics_here!(T::decode_slice(&codes, &mut pixels));
            let mut codes = [<T as bytemuck::Zeroable>::zeroed(); 1];
            assert_panics_here!(T::encode_slice(&pixels, &mut codes));
        }};
    }
    macro_rules! rgba8 {
        ($T:ident, bgra = $b:literal, srgb = $s:literal) => {
            pixels!($T, 4)
        };
    }
    macro_rules! ufloat {
        ($T:ident) => {
            pixels!($T, 3)
        };
    }
    macro_rules! packed {
        ($T:ident, $int:ty, $n:literal, $from:ident, $to:ident, $layout:tt) => {
            pixels!($T, $n)
        };
    }
    normkey::for_each_rgba8_format!(rgba8);
    normkey::for_each_ufloat_format!(ufloat);
    normkey::for_each_packed_format!(packed);

    let codes = [normkey::Srgb8::ZERO; 3];
    let mut floats = [0.0_f32; 2];
    assert_panics_here!(normkey::Srgb8::decode_slice(&codes, &mut floats));
    let mut codes = [normkey::Srgb8::ZERO; 1];
    assert_panics_here!(normkey::Srgb8::encode_slice(&floats, &mut codes));
}

#[test]
fn any_width_slice_forms_report_the_caller() {
    use normkey::storage;
    let floats = [0.0_f32; 2];
    let mut unorm = [0_u16; 3];
    let mut snorm = [0_i16; 3];
    let mut out = [0.0_f32; 1];
    assert_panics_here!(storage::unorm_encode_slice::<10>(&floats, &mut unorm));
    assert_panics_here!(storage::unorm_decode_slice::<10>(&unorm, &mut out));
    assert_panics_here!(storage::snorm_encode_slice::<12>(&floats, &mut snorm));
    assert_panics_here!(storage::snorm_decode_slice::<12>(&snorm, &mut out));
}

/// The four slice forms of the arg reducers, with a last index past `u32::MAX`.
#[test]
fn arg_reducer_slice_forms_report_the_caller() {
    use normkey::{AtomicF32ArgMax, AtomicF32ArgMin};
    use std::sync::atomic::Ordering::Relaxed;
    /// Drops the previous pair (a `let _ =` block would be split over lines).
    fn ignore<T>(_: T) {}
    let (min, max) = (AtomicF32ArgMin::new(), AtomicF32ArgMax::new());
    let v = [1.0_f32, 2.0];
    let _ = min.fetch_min_slice(&v[..1], u32::MAX, Relaxed); // the last index is u32::MAX: fits
    assert_panics_here!(ignore(min.fetch_min_slice(&v, u32::MAX, Relaxed)));
    assert_panics_here!(ignore(min.fetch_minimum_slice(&v, u32::MAX, Relaxed)));
    assert_panics_here!(ignore(max.fetch_max_slice(&v, u32::MAX, Relaxed)));
    assert_panics_here!(ignore(max.fetch_maximum_slice(&v, u32::MAX, Relaxed)));
}

/// `select_many`'s length mismatch names both arguments and their lengths.
#[test]
#[should_panic(expected = "`sort::select_many`: `ranks.len()` (3) != `out.len()` (2)")]
fn select_many_names_ranks_and_out() {
    // The hook is global: holding its lock keeps another test's hook (installed
    // by `panic_location`) from recording this panic as its own.
    let _one_at_a_time = HOOK.lock().unwrap_or_else(PoisonError::into_inner);
    let mut out = [None; 2];
    normkey::sort::select_many(&[1.0_f32, 2.0], &[0, 1, 1], &mut out);
}
