//! `quickcheck::Arbitrary` for the crate's types (feature `quickcheck`).
//!
//! Generators favour edge values: a raw-bits generator alone almost never hits
//! ±0, ±∞ or NaN, which are where the interesting behaviour is.

extern crate alloc;

use alloc::boxed::Box;

use quickcheck::{Arbitrary, Gen};

use crate::OrderedKey;

/// `Arbitrary` for `OrderedKey<$f>`: arbitrary bits (every key is valid), with the
/// keys of the edge floats (±0, ±1, ±∞, ±NaN, `MIN`, `MAX`) one time in four.
macro_rules! arbitrary_key {
    ($(#[$cfg:meta])* $f:ty, $u:ty, $zero:expr, $one:expr, $inf:expr, $nan:expr) => {
        $(#[$cfg])*
        impl Arbitrary for OrderedKey<$f> {
            fn arbitrary(g: &mut Gen) -> Self {
                const SIGN: $u = 1 << (<$u>::BITS - 1);
                let edges = [$zero, $one, $inf, $nan].map(|x: $f| x.to_bits());
                if u8::arbitrary(g) % 4 == 0 {
                    let e = *g.choose(&edges).unwrap_or(&edges[0]);
                    match u8::arbitrary(g) % 4 {
                        0 => Self::MIN,
                        1 => Self::MAX,
                        2 => Self::new(<$f>::from_bits(e | SIGN)),
                        _ => Self::new(<$f>::from_bits(e)),
                    }
                } else {
                    Self::from_bits(<$u>::arbitrary(g))
                }
            }

            fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
                Box::new(self.to_bits().shrink().map(Self::from_bits))
            }
        }
    };
}

arbitrary_key!(f32, u32, 0.0_f32, 1.0_f32, f32::INFINITY, f32::NAN);
arbitrary_key!(f64, u64, 0.0_f64, 1.0_f64, f64::INFINITY, f64::NAN);
arbitrary_key!(
    #[cfg(feature = "half")]
    half::f16,
    u16,
    half::f16::ZERO,
    half::f16::ONE,
    half::f16::INFINITY,
    half::f16::NAN
);
arbitrary_key!(
    #[cfg(feature = "half")]
    half::bf16,
    u16,
    half::bf16::ZERO,
    half::bf16::ONE,
    half::bf16::INFINITY,
    half::bf16::NAN
);
