//! A tour of normkey: `cargo run --release --example tour`.

use normkey::OrderedKey;

fn main() {
    ordered_keys();
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
