//! A tour of normkey: `cargo run --release --example tour`.

use normkey::{AtomicF32Max, AtomicF32Min, Norm, OrderedKey, Snorm8, SnormFloat, Unorm8};
use std::sync::atomic::Ordering::Relaxed;

fn main() {
    ordered_keys();
    normalized();
    frame_luminance();
}

/// Keys of the edge values, and a sort by key that is IEEE 754 totalOrder.
fn ordered_keys() {
    println!("== OrderedKey<f32>: floats as order-preserving unsigned integers ==");
    let values = [
        1.5_f32,
        f32::NAN,
        -0.0,
        f32::NEG_INFINITY,
        0.0,
        -f32::NAN,
        f32::INFINITY,
        -1.5,
        f32::from_bits(1), // the smallest positive subnormal
    ];
    for x in values {
        let k = OrderedKey::from(x);
        println!(
            "{x:>14e}  bits {:#010x}  key {:#010x}  be bytes {:02x?}",
            x.to_bits(),
            k.to_bits(),
            k.to_be_bytes()
        );
    }

    let mut sorted = values;
    sorted.sort_by_key(|&x| OrderedKey::from(x));
    println!("sorted by key: {sorted:?}");
    println!("(-NaN first, -0 before +0, +NaN last: the order of f32::total_cmp)");

    // Sorting a whole buffer in place: floats -> keys -> sort -> floats, no allocation.
    let mut buf = values;
    let keys = OrderedKey::<f32>::encode_in_place(&mut buf);
    keys.sort_unstable();
    let back = OrderedKey::<f32>::decode_in_place(keys);
    assert!(
        back.iter()
            .zip(&sorted)
            .all(|(a, b)| a.to_bits() == b.to_bits())
    );
    println!("in-place key sort agrees, bit for bit\n");
}

/// Min/max luminance of a generated frame, reduced by several threads into two
/// shared reducers: each thread reduces its rows locally (`fetch_*_slice`), then
/// makes one atomic update per row.
fn frame_luminance() {
    const W: u16 = 640;
    const H: u16 = 360;
    let w = usize::from(W);
    println!("== AtomicF32Min / AtomicF32Max: min/max luminance of a frame ==");
    // A gradient with a bright spot; one dead pixel (NaN) and one -0.0 from an
    // upstream subtraction, as a real HDR frame may hold.
    let mut frame: Vec<[f32; 3]> = (0..H)
        .flat_map(|y| (0..W).map(move |x| (x, y)))
        .map(|(x, y)| {
            let (x, y) = (f32::from(x) / f32::from(W), f32::from(y) / f32::from(H));
            let spot = 8.0 * (-((x - 0.7).powi(2) + (y - 0.3).powi(2)) * 200.0).exp();
            [x + spot, 0.5 * y + spot, 0.25 + spot]
        })
        .collect();
    frame[w * 10 + 10] = [f32::NAN; 3];
    frame[0] = [-0.0; 3];
    let luminance: Vec<f32> = frame
        .iter()
        .map(|[r, g, b]| 0.2126 * r + 0.7152 * g + 0.0722 * b)
        .collect();

    let (darkest, brightest) = (AtomicF32Min::default(), AtomicF32Max::default());
    let threads = std::thread::available_parallelism().map_or(4, std::num::NonZero::get);
    std::thread::scope(|s| {
        for band in luminance.chunks(luminance.len().div_ceil(threads)) {
            let (darkest, brightest) = (&darkest, &brightest);
            s.spawn(move || {
                for row in band.chunks(w) {
                    darkest.fetch_min_slice(row, Relaxed);
                    brightest.fetch_max_slice(row, Relaxed);
                }
            });
        }
    });
    let (lo, hi) = (darkest.into_inner(), brightest.into_inner());
    println!("{threads} threads, {W}x{H}: luminance in [{lo:?}, {hi:?}] (the NaN pixel ignored)");
    // The same answer sequentially, with total_cmp: -0.0 is the minimum, not +0.0.
    let numbers = || luminance.iter().copied().filter(|l| !l.is_nan());
    assert_eq!(
        lo.to_bits(),
        numbers().min_by(f32::total_cmp).unwrap().to_bits()
    );
    assert_eq!(
        hi.to_bits(),
        numbers().max_by(f32::total_cmp).unwrap().to_bits()
    );

    // Between frames: take() reads and resets in one step; fetch_minimum lets NaN through.
    let reducer = AtomicF32Min::default();
    reducer.fetch_minimum(luminance[w * 10 + 10], Relaxed);
    println!(
        "fetch_minimum with the dead pixel: {:?}; after take(): {:?}\n",
        reducer.take(Relaxed),
        reducer.load(Relaxed)
    );
}

/// A gradient quantized to UNORM8 and back (exactly), and AMP's clamp-every-step
/// `Norm` against HLSL's clamp-when-stored `snorm float`.
fn normalized() {
    println!("== Unorm8: exact UNORM8 quantization ==");
    let gradient = [
        -0.25_f32,
        0.0,
        0.1,
        0.25,
        0.5,
        0.75,
        0.9,
        1.0,
        1.5,
        f32::NAN,
    ];
    let mut codes = [Unorm8::ZERO; 10];
    Unorm8::encode_slice(&gradient, &mut codes);
    let mut back = [0.0_f32; 10];
    Unorm8::decode_slice(&codes, &mut back);
    for ((x, c), y) in gradient.iter().zip(&codes).zip(&back) {
        println!("{x:>6} -> code {:>3} -> {y:.9}", c.to_bits());
    }
    println!(
        "(NaN -> 0, out of range clamps, 0.5 -> 128: the tie rounds up; decoding is c/255 correctly rounded)"
    );
    // A decoded value re-encodes to the same code.
    assert!(codes.iter().all(|&c| Unorm8::from_f32(c.to_f32()) == c));

    println!("\n== (0.9 + 0.3) - 0.4: C++ AMP norm vs HLSL snorm float ==");
    let amp = (Norm::new(0.9) + Norm::new(0.3)) - Norm::new(0.4);
    let hlsl = (SnormFloat(0.9) + SnormFloat(0.3)) - SnormFloat(0.4);
    println!(
        "Norm (clamps after +):   {amp}  -> Snorm8 {}",
        Snorm8::from(amp).to_bits()
    );
    println!(
        "SnormFloat (no clamp):   {hlsl}  -> Snorm8 {}",
        Snorm8::from(hlsl).to_bits()
    );
    println!(
        "SnormFloat(1.5) stored:  Snorm8 {}\n",
        Snorm8::from(SnormFloat(1.5)).to_bits()
    );
}
