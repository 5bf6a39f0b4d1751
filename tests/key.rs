//! Tests of `OrderedKey<F>`. The oracle for order is the standard library's (or
//! `half`'s) `total_cmp`, which is written independently of the key map.

use core::cmp::Ordering;

mod common;

use common::XorShift;
use normkey::OrderedKey;
use quickcheck::quickcheck;

/// Splits `0..=u32::MAX` over two threads (the CI machine has two cores) and runs
/// `check` on each key range `[lo, hi]`.
fn over_all_u32(check: fn(u32, u32)) {
    let mid = u32::MAX / 2;
    std::thread::scope(|s| {
        s.spawn(move || check(0, mid));
        s.spawn(move || check(mid + 1, u32::MAX));
    });
}

#[test]
#[ignore = "exhaustive over 2^32 keys: run in release with `cargo test --release -- --ignored`"]
fn f32_every_key_round_trips_and_successors_ascend_in_total_order() {
    over_all_u32(|lo, hi| {
        let mut k = lo;
        loop {
            let x = OrderedKey::<f32>::from_bits(k).get();
            assert_eq!(OrderedKey::<f32>::new(x).to_bits(), k, "key {k:#x}");
            if k == hi {
                break;
            }
            let next = OrderedKey::<f32>::from_bits(k + 1).get();
            assert_eq!(
                x.total_cmp(&next),
                Ordering::Less,
                "keys {k:#x}, {:#x}",
                k + 1
            );
            k += 1;
        }
    });
    // Each range stops before comparing its last key with the next one, so check the
    // one successor pair that straddles the two ranges.
    let mid = u32::MAX / 2;
    let a = OrderedKey::<f32>::from_bits(mid).get();
    let b = OrderedKey::<f32>::from_bits(mid + 1).get();
    assert_eq!(a.total_cmp(&b), Ordering::Less);
}

#[test]
#[ignore = "exhaustive over 2^32 floats: run in release with `cargo test --release -- --ignored`"]
fn f32_every_float_round_trips_bit_for_bit_and_bytes_are_be_key() {
    over_all_u32(|lo, hi| {
        for b in lo..=hi {
            let k = OrderedKey::<f32>::new(f32::from_bits(b));
            assert_eq!(k.get().to_bits(), b);
            assert_eq!(u32::from_be_bytes(k.to_be_bytes()), k.to_bits());
            assert_eq!(OrderedKey::<f32>::from_be_bytes(k.to_be_bytes()), k);
        }
    });
}

#[test]
fn f32_edge_values_sort_in_total_order() {
    let snan = f32::from_bits(0x7f80_0001);
    let v = [
        -f32::NAN,
        -snan,
        f32::NEG_INFINITY,
        -f32::MAX,
        -1.0,
        -f32::MIN_POSITIVE,
        -f32::from_bits(1),
        -0.0,
        0.0,
        f32::from_bits(1),
        f32::MIN_POSITIVE,
        1.0,
        f32::MAX,
        f32::INFINITY,
        snan,
        f32::NAN,
    ];
    for w in v.windows(2) {
        assert_eq!(w[0].total_cmp(&w[1]), Ordering::Less, "{w:?}");
        assert!(
            OrderedKey::<f32>::new(w[0]) < OrderedKey::from(w[1]),
            "{w:?}"
        );
        assert!(
            OrderedKey::<f32>::new(w[0]).to_be_bytes() < OrderedKey::<f32>::new(w[1]).to_be_bytes()
        );
    }
    // The documented fixed points of the map.
    assert_eq!(OrderedKey::<f32>::new(0.0).to_bits(), 0x8000_0000);
    assert_eq!(OrderedKey::<f32>::new(-0.0).to_bits(), 0x7fff_ffff);
    assert_eq!(OrderedKey::<f32>::MIN.get().to_bits(), 0xffff_ffff);
    assert_eq!(OrderedKey::<f32>::MAX.get().to_bits(), 0x7fff_ffff);
}

#[test]
fn traits_follow_the_key_integer() {
    use std::collections::HashSet;
    let a = OrderedKey::<f32>::new(-0.0);
    let b = OrderedKey::<f32>::new(0.0);
    assert_ne!(a, b);
    assert_eq!(a.cmp(&b), Ordering::Less);
    assert_eq!(a.partial_cmp(&b), Some(Ordering::Less));
    let set: HashSet<_> = [
        a,
        b,
        a,
        OrderedKey::from(f32::NAN),
        OrderedKey::from(f32::NAN),
    ]
    .into();
    assert_eq!(set.len(), 3);
    assert_eq!(OrderedKey::<f32>::default(), b);
    assert_eq!(OrderedKey::<f64>::default().get().to_bits(), 0);
    assert_eq!(
        f32::from(OrderedKey::from(-0.0_f32)).to_bits(),
        (-0.0_f32).to_bits()
    );
    let dbg = format!("{:?}", OrderedKey::<f32>::new(-0.0));
    assert!(dbg.contains("-0.0") && dbg.contains("0x7fffffff"), "{dbg}");
}

/// Every pattern of every 16-bit float of the list (`for_each_key_float!`): the
/// key is a bijection in totalOrder; and all pairs of a sample, key order and
/// byte order against `total_cmp`.
#[cfg(feature = "half")] // the 16-bit floats are `half`'s
#[test]
#[cfg_attr(miri, ignore = "17 million comparisons: too slow under Miri")]
fn every_16_bit_pattern_and_sampled_pairs() {
    macro_rules! exhaustive_16 {
        ($f:ty, u16) => {{
            for k in 0..=u16::MAX {
                let x = OrderedKey::<$f>::from_bits(k).get();
                assert_eq!(OrderedKey::<$f>::new(x).to_bits(), k);
                let b = <$f>::from_bits(k);
                assert_eq!(OrderedKey::<$f>::new(b).get().to_bits(), k);
                assert_eq!(
                    u16::from_be_bytes(OrderedKey::<$f>::new(b).to_be_bytes()),
                    OrderedKey::<$f>::new(b).to_bits()
                );
                if k < u16::MAX {
                    let next = OrderedKey::<$f>::from_bits(k + 1).get();
                    assert_eq!(x.total_cmp(&next), Ordering::Less, "{k:#x}");
                }
            }
            // All pairs of 4099 patterns spread over the whole range (a stride
            // coprime to 2^16 so every exponent and both signs are hit), plus edges.
            let mut sample: Vec<u16> = (0..4099u32)
                .map(|i| u16::try_from(i.wrapping_mul(40503) % 65536).unwrap())
                .collect();
            sample.extend([
                0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x0001, 0x8001, 0xffff, 0x7fff,
            ]);
            for &a in &sample {
                for &b in &sample {
                    let (fa, fb) = (<$f>::from_bits(a), <$f>::from_bits(b));
                    let (ka, kb) = (OrderedKey::<$f>::new(fa), OrderedKey::<$f>::new(fb));
                    assert_eq!(ka.cmp(&kb), fa.total_cmp(&fb), "{a:#x} {b:#x}");
                    assert_eq!(ka.to_be_bytes().cmp(&kb.to_be_bytes()), fa.total_cmp(&fb));
                }
            }
        }};
        ($f:ty, $u:ty) => {};
    }
    normkey::for_each_key_float!(exhaustive_16);
}

quickcheck! {
    fn f64_round_trips_bit_for_bit(bits: u64) -> bool {
        let x = f64::from_bits(bits);
        let k = OrderedKey::<f64>::new(x);
        k.get().to_bits() == bits
            && OrderedKey::<f64>::from_bits(k.to_bits()) == k
            && OrderedKey::<f64>::new(OrderedKey::<f64>::from_bits(bits).get()).to_bits() == bits
    }

    fn f64_key_order_is_total_order(a: u64, b: u64) -> bool {
        let (x, y) = (f64::from_bits(a), f64::from_bits(b));
        OrderedKey::<f64>::new(x).cmp(&OrderedKey::from(y)) == x.total_cmp(&y)
    }

    fn f64_byte_order_is_key_order(a: u64, b: u64) -> bool {
        let (ka, kb) = (OrderedKey::<f64>::from_bits(a), OrderedKey::<f64>::from_bits(b));
        ka.to_be_bytes().cmp(&kb.to_be_bytes()) == ka.cmp(&kb)
            && OrderedKey::<f64>::from_be_bytes(ka.to_be_bytes()) == ka
    }

    fn f32_key_order_is_total_order(a: u32, b: u32) -> bool {
        let (x, y) = (f32::from_bits(a), f32::from_bits(b));
        OrderedKey::<f32>::new(x).cmp(&OrderedKey::from(y)) == x.total_cmp(&y)
    }
}

/// The slice forms against the scalar `new`/`get`, for every float of the list
/// (`for_each_key_float!`), on random bit patterns of many lengths.
#[test]
fn slice_forms_agree_with_scalar() {
    macro_rules! slice_forms_agree {
        ($f:ty, $u:ty) => {{
            let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
            // Under Miri, the lengths up to 127 (the loops have no length threshold).
            let lens = [0usize, 1, 3, 7, 15, 31, 33, 63, 65, 127, 1001];
            for len in lens.into_iter().filter(|&len| !cfg!(miri) || len <= 127) {
                #[allow(clippy::cast_possible_truncation)]
                let src: Vec<$f> = (0..len)
                    .map(|_| <$f>::from_bits(rng.next() as $u))
                    .collect();
                let scalar: Vec<OrderedKey<$f>> =
                    src.iter().map(|&x| OrderedKey::<$f>::new(x)).collect();

                let mut dst = vec![OrderedKey::<$f>::MIN; len];
                OrderedKey::<$f>::encode_slice(&src, &mut dst);
                assert_eq!(dst, scalar, "{}", stringify!($f));

                let mut back: Vec<$f> = vec![<$f>::from_bits(0); len];
                OrderedKey::<$f>::decode_slice(&dst, &mut back);
                assert!(
                    back.iter()
                        .zip(&src)
                        .all(|(a, b)| a.to_bits() == b.to_bits()),
                    "{}",
                    stringify!($f)
                );

                let mut buf = src.clone();
                let keys = OrderedKey::<$f>::encode_in_place(&mut buf);
                assert_eq!(keys, &scalar[..], "{}", stringify!($f));
                let floats = OrderedKey::<$f>::decode_in_place(keys);
                assert!(
                    floats
                        .iter()
                        .zip(&src)
                        .all(|(a, b)| a.to_bits() == b.to_bits()),
                    "{}",
                    stringify!($f)
                );
            }
        }};
    }
    normkey::for_each_key_float!(slice_forms_agree);
}

#[test]
#[should_panic(expected = "does not match destination slice length")]
fn encode_slice_panics_on_length_mismatch() {
    let mut dst = [OrderedKey::<f32>::MIN; 2];
    OrderedKey::<f32>::encode_slice(&[1.0, 2.0, 3.0], &mut dst);
}

#[test]
#[should_panic(expected = "does not match destination slice length")]
fn decode_slice_panics_on_length_mismatch() {
    let mut dst = [0.0_f64; 4];
    OrderedKey::<f64>::decode_slice(&[OrderedKey::<f64>::MAX; 3], &mut dst);
}

/// The model of `OrderedKey::canonical`, from its definition in float terms: −0 is
/// +0, every NaN is the largest key, everything else is `new`.
fn canonical_model<F: normkey::KeyFloat + PartialEq + Default>(
    x: F,
    is_nan: bool,
    neg_zero: bool,
) -> OrderedKey<F> {
    if is_nan {
        OrderedKey::MAX
    } else if neg_zero {
        OrderedKey::new(F::default())
    } else {
        OrderedKey::new(x)
    }
}

#[test]
#[ignore = "exhaustive over 2^32 floats: run in release with `cargo test --release -- --ignored`"]
fn f32_canonical_every_float() {
    over_all_u32(|lo, hi| {
        for b in lo..=hi {
            let x = f32::from_bits(b);
            let want = canonical_model(x, x.is_nan(), b == 0x8000_0000);
            assert_eq!(OrderedKey::<f32>::canonical(x), want, "{b:#x}");
        }
    });
}

#[test]
fn canonical_on_every_16_bit_float_and_random_f64() {
    #[cfg(feature = "half")]
    for b in (0..=u16::MAX).step_by(if cfg!(miri) { 257 } else { 1 }) {
        let x = half::f16::from_bits(b);
        let got = OrderedKey::<half::f16>::canonical(x);
        assert_eq!(got, canonical_model(x, x.is_nan(), b == 0x8000), "{b:#x}");
        let y = half::bf16::from_bits(b);
        let got = OrderedKey::<half::bf16>::canonical(y);
        assert_eq!(got, canonical_model(y, y.is_nan(), b == 0x8000), "{b:#x}");
    }
    let mut rng = common::XorShift(0x5eed_cafe_f00d_0001);
    let edges = [
        0x8000_0000_0000_0000,
        0,
        0x7ff8_0000_0000_0000,
        0xfff0_0000_0000_0001,
    ];
    for b in edges
        .into_iter()
        .chain((0..if cfg!(miri) { 100 } else { 100_000 }).map(|_| rng.next()))
    {
        let x = f64::from_bits(b);
        let want = canonical_model(x, x.is_nan(), b == 0x8000_0000_0000_0000);
        assert_eq!(OrderedKey::<f64>::canonical(x), want, "{b:#x}");
    }
}

/// The model of `key::argmin`/`argmax`/`argminimum`/`argmaximum`, written with the
/// float's own `is_nan` and `total_cmp` only: one pass that keeps the first index
/// of the extremum (`min` or max), NaNs skipped or (with `propagate`) the first
/// NaN returned.
fn arg_model<F: Copy>(
    values: &[F],
    is_nan: impl Fn(F) -> bool,
    total_cmp: impl Fn(F, F) -> Ordering,
    min: bool,
    propagate: bool,
) -> Option<usize> {
    let wins = if min {
        Ordering::Less
    } else {
        Ordering::Greater
    };
    let mut best: Option<usize> = None;
    for (i, &x) in values.iter().enumerate() {
        if is_nan(x) {
            if propagate {
                return Some(i);
            }
        } else if best.is_none_or(|b| total_cmp(x, values[b]) == wins) {
            best = Some(i);
        }
    }
    best
}

/// The four arg functions against [`arg_model`], for every float of the list
/// (`for_each_key_float!`): every slice of up to three edge values (empty, all-NaN,
/// ties, ±0 in both orders, NaNs of both signs), then long slices of few distinct
/// values (ties everywhere) with NaNs of either sign at random places, of lengths
/// from 1 to 1000, then the extremum placed in later blocks of the fold (blocks of
/// 1024, ties across them), of lengths around one and two blocks.
#[test]
fn arg_functions_agree_with_a_total_cmp_model() {
    macro_rules! args_agree {
        ($f:ty, $u:ty) => {{
            let check = |v: &[$f]| {
                let model = |min, propagate| {
                    arg_model(v, <$f>::is_nan, |a, b| a.total_cmp(&b), min, propagate)
                };
                let got = [
                    normkey::key::argmin(v),
                    normkey::key::argmax(v),
                    normkey::key::argminimum(v),
                    normkey::key::argmaximum(v),
                ];
                let want = [
                    model(true, false),
                    model(false, false),
                    model(true, true),
                    model(false, true),
                ];
                let bits: Vec<$u> = v.iter().map(|x| x.to_bits()).collect();
                assert_eq!(got, want, "{} {bits:x?}", stringify!($f));
            };
            let sign: $u = 1 << (<$u>::BITS - 1);
            let inf = <$f>::INFINITY.to_bits();
            let one = (inf >> 1) & inf; // 1.0 in every IEEE binary format
            let positive: [$u; 9] = [0, 1, one, one + 1, inf - 1, inf, inf | 1, inf | 2, !sign];
            let edges: Vec<$f> = positive
                .iter()
                .flat_map(|&b| [<$f>::from_bits(b), <$f>::from_bits(b | sign)])
                .collect();
            check(&[]);
            // Under Miri (184 s for all pairs and a fifth of the triples), a sample:
            // every value first, then +0, −1, +∞ and a negative NaN second.
            for &a in &edges {
                check(&[a]);
                for &b in common::miri_thin(&edges, 5) {
                    check(&[a, b]);
                    for &c in common::miri_thin(&edges, 9) {
                        check(&[a, b, c]);
                    }
                }
            }
            let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
            for len in common::miri_thin([1_usize, 2, 63, 64, 65, 127, 128, 129, 1000], 3) {
                for _ in 0..if cfg!(miri) { 2 } else { 50 } {
                    #[allow(clippy::cast_possible_truncation)]
                    let mut v: Vec<$f> = (0..len)
                        .map(|_| edges[(rng.next() % 10) as usize])
                        .collect();
                    for _ in 0..rng.next() % 3 {
                        #[allow(clippy::cast_possible_truncation)]
                        let at = (rng.next() % len as u64) as usize;
                        v[at] = edges[if rng.next() % 2 == 0 { 16 } else { 13 }];
                    }
                    check(&v);
                }
            }
            // The extremum first in a later block of the fold: a field of ±0,
            // subnormals and ±1 with one to three copies of the largest finite
            // values or ±∞ at random places (ties across blocks), sometimes a NaN.
            // Under Miri (minutes for three lengths twice), one slice of two blocks
            // and one more value: later blocks, the last a short one.
            let lens: &[usize] = if cfg!(miri) {
                &[2049]
            } else {
                &[1023, 1024, 1025, 2047, 2048, 2049, 5000]
            };
            for &len in lens {
                for _ in 0..if cfg!(miri) { 1 } else { 50 } {
                    #[allow(clippy::cast_possible_truncation)]
                    let mut v: Vec<$f> =
                        (0..len).map(|_| edges[(rng.next() % 8) as usize]).collect();
                    for _ in 0..1 + rng.next() % 3 {
                        #[allow(clippy::cast_possible_truncation)]
                        let at = (rng.next() % len as u64) as usize;
                        v[at] = edges[8 + (rng.next() % 4) as usize];
                    }
                    if rng.next() % 4 == 0 {
                        #[allow(clippy::cast_possible_truncation)]
                        let at = (rng.next() % len as u64) as usize;
                        v[at] = edges[12 + (rng.next() % 6) as usize];
                    }
                    check(&v);
                }
            }
        }};
    }
    normkey::for_each_key_float!(args_agree);
}
