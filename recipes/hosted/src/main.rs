//! A hosted program: `sort::par_sort` on rayon's pool and a reducer across threads.

use normkey::AtomicF32Min;
use normkey::sort::{self, NanLast};
use std::sync::atomic::Ordering::Relaxed;

fn main() {
    let mut readings = vec![3.5_f32, f32::NAN, -1.0, -0.0, 9.0, 0.0];
    sort::par_sort(NanLast::from_slice_mut(&mut readings));
    assert_eq!(readings[..5], [-1.0, -0.0, 0.0, 3.5, 9.0]);
    assert!(readings[5].is_nan());

    let lowest = AtomicF32Min::default();
    std::thread::scope(|s| {
        for chunk in readings.chunks(2) {
            let lowest = &lowest;
            s.spawn(move || lowest.fetch_min_slice(chunk, Relaxed));
        }
    });
    assert_eq!(lowest.load(Relaxed), -1.0);
}
