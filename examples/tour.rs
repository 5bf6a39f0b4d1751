//! A tour of normkey: `cargo run --release --example tour`.

use normkey::{Norm, OrderedKey, Snorm8, SnormFloat, Unorm8};

fn main() {
    ordered_keys();
    normalized();
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
