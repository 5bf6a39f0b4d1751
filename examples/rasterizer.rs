//! A CPU point-splatting rasterizer: 4 threads scatter 2 million random points
//! into a 512×512 buffer, keeping per pixel the nearest depth **and which point
//! won** (`AtomicF32ArgMin`: the depth's key and the point's index in one
//! `AtomicU64`, the lowest index winning a tie), then the same depths scattered
//! into a plain `Vec<f32>` through `AtomicF32::from_mut_slice`.
//!
//! `cargo run --release --example rasterizer`

use normkey::{AtomicF32, AtomicF32ArgMin, key};
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

const SIDE: usize = 512;
const POINTS: usize = 2_000_000;
const THREADS: usize = 4;

/// xorshift64*: a deterministic stream of points `(pixel, depth)` without a
/// dependency. Some depths are NaN (a broken vertex): `fetch_min` ignores them.
fn points() -> Vec<(usize, f32)> {
    let mut x = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    (0..POINTS)
        .map(|_| {
            let r = next();
            #[allow(clippy::cast_possible_truncation)] // in range by construction
            let pixel = (r >> 40) as usize % (SIDE * SIDE);
            #[allow(clippy::cast_precision_loss)] // a depth in [0, 1)
            let depth = if r % 1000 == 0 {
                f32::NAN
            } else {
                (r & 0xff_ffff) as f32 / (1 << 24) as f32
            };
            (pixel, depth)
        })
        .collect()
}

fn main() {
    let pts = points();
    let chunk = POINTS.div_ceil(THREADS);

    // Nearest depth and the winning point, per pixel.
    let nearest: Vec<AtomicF32ArgMin> = (0..SIDE * SIDE).map(|_| AtomicF32ArgMin::new()).collect();
    let start = Instant::now();
    std::thread::scope(|s| {
        for (c, part) in pts.chunks(chunk).enumerate() {
            let nearest = &nearest;
            let first = u32::try_from(c * chunk).expect("fewer than 2^32 points");
            s.spawn(move || {
                for (i, &(pixel, depth)) in (first..).zip(part) {
                    nearest[pixel].fetch_min(depth, i, Relaxed);
                }
            });
        }
    });
    let took = start.elapsed();
    let winners: Vec<Option<(f32, u32)>> = nearest
        .into_iter()
        .map(AtomicF32ArgMin::into_inner)
        .collect();
    let covered = winners.iter().flatten().count();

    // Every winner is its pixel's lowest-index nearest point (checked sequentially).
    for (pixel, w) in winners.iter().enumerate().step_by(4999) {
        let mine: Vec<f32> = pts
            .iter()
            .map(|&(p, d)| if p == pixel { d } else { f32::NAN })
            .collect();
        let want = key::argmin(&mine).map(|i| (mine[i].to_bits(), u32::try_from(i).unwrap()));
        assert_eq!(w.map(|(d, i)| (d.to_bits(), i)), want, "pixel {pixel}");
    }

    // The depths alone, into a plain float buffer viewed as atomics.
    let mut depth = vec![f32::INFINITY; SIDE * SIDE];
    let view = AtomicF32::from_mut_slice(&mut depth);
    std::thread::scope(|s| {
        for part in pts.chunks(chunk) {
            let view = &*view;
            s.spawn(move || {
                for &(pixel, d) in part {
                    view[pixel].fetch_min(d, Relaxed);
                }
            });
        }
    });
    for (d, w) in depth.iter().zip(&winners) {
        assert_eq!(d.to_bits(), w.map_or(f32::INFINITY, |(v, _)| v).to_bits());
    }
    println!(
        "{POINTS} points on {THREADS} threads into {SIDE}x{SIDE}: {took:?}; {covered} pixels covered; \
         nearest point of pixel 0: {:?}",
        winners[0]
    );
}
