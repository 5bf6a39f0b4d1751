//! Arbitrary bytes -> f16/bf16/f32/f64 values and pairs: bit-exact round-trip,
//! key order equals `total_cmp`, byte order equals key order, slice forms equal
//! the scalar form.
#![no_main]

use libfuzzer_sys::fuzz_target;
use normkey::OrderedKey;

macro_rules! check {
    ($data:expr, $f:ty, $u:ty) => {{
        let vals: Vec<$f> = $data
            .chunks_exact(size_of::<$u>())
            .map(|c| <$f>::from_bits(<$u>::from_le_bytes(c.try_into().unwrap())))
            .collect();
        for &x in &vals {
            let k = OrderedKey::<$f>::new(x);
            assert_eq!(
                k.get().to_bits(),
                x.to_bits(),
                "round trip of {:#x}",
                x.to_bits()
            );
            assert_eq!(OrderedKey::<$f>::from_bits(k.to_bits()), k);
            assert_eq!(OrderedKey::<$f>::from_be_bytes(k.to_be_bytes()), k);
            // Every integer is a key: the raw bits read as a key round-trip too.
            let raw = OrderedKey::<$f>::from_bits(x.to_bits());
            assert_eq!(OrderedKey::<$f>::new(raw.get()).to_bits(), x.to_bits());
        }
        for w in vals.windows(2) {
            let (a, b) = (w[0], w[1]);
            let (ka, kb) = (OrderedKey::<$f>::new(a), OrderedKey::<$f>::new(b));
            assert_eq!(
                ka.cmp(&kb),
                a.total_cmp(&b),
                "{:#x} vs {:#x}",
                a.to_bits(),
                b.to_bits()
            );
            assert_eq!(ka.to_be_bytes().cmp(&kb.to_be_bytes()), ka.cmp(&kb));
        }
        let mut keys = vec![OrderedKey::<$f>::MIN; vals.len()];
        OrderedKey::<$f>::encode_slice(&vals, &mut keys);
        assert!(
            keys.iter()
                .zip(&vals)
                .all(|(k, x)| *k == OrderedKey::<$f>::new(*x))
        );
        let mut back = vec![<$f>::from_bits(0); vals.len()];
        OrderedKey::<$f>::decode_slice(&keys, &mut back);
        assert!(
            back.iter()
                .zip(&vals)
                .all(|(a, b)| a.to_bits() == b.to_bits())
        );
        let mut buf = vals.clone();
        let k2 = OrderedKey::<$f>::encode_in_place(&mut buf);
        assert_eq!(k2, &keys[..]);
        let b2 = OrderedKey::<$f>::decode_in_place(k2);
        assert!(
            b2.iter()
                .zip(&vals)
                .all(|(a, b)| a.to_bits() == b.to_bits())
        );
    }};
}

fuzz_target!(|data: &[u8]| {
    // Every float of normkey's list, also shifted by one byte, so that every
    // alignment of the input is used.
    macro_rules! each {
        ($f:ty, $u:ty) => {
            check!(data, $f, $u);
            if let Some(rest) = data.get(1..) {
                check!(rest, $f, $u);
            }
        };
    }
    normkey::for_each_key_float!(each);
});
