//! The no-allocation forms of `normkey::sort` allocate nothing: a counting global
//! allocator around the system one. One test in its own binary, so that no other
//! test allocates while it counts.

use std::alloc::{GlobalAlloc, Layout, System};
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use normkey::sort::{self, NanLast};

/// The system allocator, counting allocations.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to `System` unchanged; only a counter is added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        // SAFETY: the caller's contract is `System.alloc`'s.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is `System.dealloc`'s.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// How many allocations `f` makes.
fn allocations(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Relaxed);
    f();
    ALLOCATIONS.load(Relaxed) - before
}

#[test]
fn no_allocation_forms_allocate_nothing() {
    // Large enough for every path: insertion, LSD, and the MSD split.
    let n = if cfg!(miri) { 300 } else { 1 << 17 };
    let mut x = 0x9e37_79b9_u32;
    let input: Vec<f32> = (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            f32::from_bits(x)
        })
        .collect();
    let mut v = input.clone();
    let mut buf = input.clone();
    let mut keys = vec![(NanLast(0.0_f32), 0); 2 * n];
    let mut moved = vec![MaybeUninit::uninit(); n];
    let mut out = vec![0; n];
    let mut scratch = vec![(0.0_f32, 0); 2 * n];
    let mut ranks = [None; 3];

    assert_eq!(allocations(|| sort::sort_with_buffer(&mut v, &mut buf)), 0);
    assert_eq!(
        allocations(|| assert!(sort::select(&input, n / 2).is_some())),
        0
    );
    assert_eq!(
        allocations(|| assert!(sort::select_by_key(&input, 7, |&x| NanLast(x)).is_some())),
        0
    );
    assert_eq!(
        allocations(|| sort::select_many(&input, &[0, n / 3, n], &mut ranks)),
        0
    );
    assert_eq!(
        allocations(|| sort::argsort_with_buffer(&input, &mut out, &mut scratch)),
        0
    );
    let mut records = input.clone();
    assert_eq!(
        allocations(|| sort::sort_by_key_with_buffer(
            &mut records,
            |&x| NanLast(x),
            &mut keys,
            &mut moved
        )),
        0
    );
    // The counter counts: an allocation, and the allocating form (on the
    // unsorted input: `v` is sorted now, which `sort` finds without a buffer),
    // are seen.
    assert!(allocations(|| drop(std::hint::black_box(vec![0_u8; 1]))) > 0);
    #[cfg(feature = "alloc")]
    {
        // `NanLast` keys: the stable split, with a buffer (the vector sort,
        // which allocates nothing, takes `f32`s where the CPU has AVX-512).
        let mut w: Vec<NanLast<f32>> = input.iter().map(|&x| NanLast(x)).collect();
        assert!(allocations(|| sort::sort(&mut w)) > 0);
    }
}
