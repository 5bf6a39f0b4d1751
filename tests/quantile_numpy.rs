//! `Rounding::NumPy` against `NumPy`'s recorded answers, bit for bit
//! (`tests/data/quantile/numpy_steps.txt`, from `tools/numpy-quantiles/gen.py`):
//! every method, `quantile` and `nanquantile`, `float64` data (the
//! probabilities as one array), `float32` and (feature `half`) `float16` data
//! (one call per probability, a Python float). At the same cases the default, `Rounding::Correct`, must give
//! the correctly rounded value (the exact oracle, `normkey_oracle::quantile`),
//! which is not `NumPy`'s in the counted cases.

#![allow(clippy::float_cmp, clippy::cast_possible_truncation)]

use normkey::sort::{Method, Nans, QuantileFloat, Quantiles, Rounding};

/// `float64` results in the file where `NumPy`'s value is not the correctly
/// rounded one (`gen.py` counts them too, in the file's last line). A
/// regenerated file with a different count fails here, to be looked at.
const F64_DIFFER: usize = 2068;
/// The same for the `float32` results (counted here only).
const F32_DIFFER: usize = 123;
/// The same for the `float16` results (feature `half`).
#[cfg(feature = "half")]
const F16_DIFFER: usize = 79;

/// What the test needs of an element type.
trait Elem: QuantileFloat + core::fmt::Debug {
    /// Significant bits and smallest subnormal exponent (the oracle's format).
    const FORMAT: (u32, i32);
    /// The canonical NaN's bits.
    const NAN: &str;
    fn from_hex(s: &str) -> Self;
    fn wide(self) -> f64;
    fn bits(self) -> u64;
}

impl Elem for f64 {
    const FORMAT: (u32, i32) = (53, -1074);
    const NAN: &str = "7ff8000000000000";
    fn from_hex(s: &str) -> Self {
        f64::from_bits(u64::from_str_radix(s, 16).unwrap())
    }
    fn wide(self) -> f64 {
        self
    }
    fn bits(self) -> u64 {
        self.to_bits()
    }
}

impl Elem for f32 {
    const FORMAT: (u32, i32) = (24, -149);
    const NAN: &str = "7fc00000";
    fn from_hex(s: &str) -> Self {
        f32::from_bits(u32::from_str_radix(s, 16).unwrap())
    }
    fn wide(self) -> f64 {
        f64::from(self)
    }
    fn bits(self) -> u64 {
        u64::from(self.to_bits())
    }
}

#[cfg(feature = "half")]
impl Elem for half::f16 {
    const FORMAT: (u32, i32) = (11, -24);
    const NAN: &str = "7e00";
    fn from_hex(s: &str) -> Self {
        half::f16::from_bits(u16::from_str_radix(s, 16).unwrap())
    }
    fn wide(self) -> f64 {
        self.into()
    }
    fn bits(self) -> u64 {
        u64::from(self.to_bits())
    }
}

/// Counts of one element type's cases.
#[derive(Default, Debug)]
struct Counts {
    cases: usize,
    differ: usize,
}

/// One line of results: dataset `data` at `probs`, by `method` and `nans`;
/// `numpy` the recorded hex bits.
fn check<F: Elem>(
    line: &str,
    data: &[F],
    probs: &[f64],
    method: Method,
    nans: Nans,
    numpy: &[&str],
    counts: &mut Counts,
) {
    assert_eq!(numpy.len(), probs.len(), "{line}");
    let both_zeros = data.iter().any(|x| x.bits() == 0)
        && data
            .iter()
            .any(|x| x.wide() == 0.0 && x.wide().is_sign_negative());
    let spec = Quantiles::new(method, nans);
    let mut ours = vec![F::canonical_zero(); probs.len()];
    spec.rounding(Rounding::NumPy)
        .quantiles_with_buffer(data, probs, &mut ours)
        .unwrap();
    let mut correct = vec![F::canonical_zero(); probs.len()];
    spec.quantiles_with_buffer(data, probs, &mut correct)
        .unwrap();
    let wide: Vec<f64> = data.iter().map(|x| x.wide()).collect();
    let name = method.numpy_name();
    for (i, (&p, hex)) in probs.iter().zip(numpy).enumerate() {
        let want = F::from_hex(hex);
        let got = ours[i];
        // The single-probability form gives the same bits.
        let one = spec.rounding(Rounding::NumPy).quantile(data, p).unwrap();
        assert_eq!(one.bits(), got.bits(), "{line}: {name} p = {p}");
        if want.wide().is_nan() {
            // NumPy's NaN is one of the input's, or the CPU's default: ours is
            // the canonical one.
            assert_eq!(got.bits(), F::nan().bits(), "{line}: {name} p = {p}");
        } else if both_zeros && want.wide() == 0.0 {
            // NumPy's `partition` leaves equal zeros in either order.
            assert_eq!(got.wide(), 0.0, "{line}: {name} p = {p}: ours {got:?}");
        } else {
            assert_eq!(
                got.bits(),
                want.bits(),
                "{line}: {name} {nans:?} p = {p} ({:#x}): ours {got:?}, NumPy {want:?}",
                p.to_bits()
            );
        }
        // The default: the correctly rounded value, whatever NumPy gives.
        let (precision, min_exp) = F::FORMAT;
        let exact = normkey_oracle::quantile::quantile(
            &wide,
            p,
            name,
            nans == Nans::Skip,
            precision,
            min_exp,
        );
        let c = correct[i];
        if exact.is_nan() {
            assert_eq!(c.bits(), F::nan().bits(), "{line}: {name} p = {p}");
        } else {
            assert_eq!(
                c.wide().to_bits(),
                exact.to_bits(),
                "{line}: {name} p = {p}: correct {c:?}, exact {exact:e}"
            );
        }
        counts.cases += 1;
        if !want.wide().is_nan()
            && c.bits() != want.bits()
            && !(both_zeros && c.wide() == 0.0 && want.wide() == 0.0)
        {
            counts.differ += 1;
        }
    }
}

/// Helpers the trait does not give.
trait Consts {
    fn canonical_zero() -> Self;
    fn nan() -> Self;
}
impl<F: Elem> Consts for F {
    fn canonical_zero() -> Self {
        F::from_hex("0")
    }
    fn nan() -> Self {
        F::from_hex(F::NAN)
    }
}

#[test]
#[cfg_attr(miri, ignore = "safe code; slow under Miri")]
fn numpy_bits() {
    let text = include_str!("data/quantile/numpy_steps.txt");
    let mut lines = text.lines();
    assert!(lines.next().unwrap().starts_with("numpy 2."));
    // Dataset d: its type (64 or 32), hex values, probabilities.
    let mut sets: Vec<(u32, Vec<&str>, Vec<f64>)> = Vec::new();
    let (mut c64, mut c32) = (Counts::default(), Counts::default());
    #[cfg(feature = "half")]
    let mut c16 = Counts::default();
    for line in lines {
        let t: Vec<&str> = line.split(' ').collect();
        match t[0] {
            "#" => {}
            "data" => {
                assert_eq!(t[1].parse::<usize>().unwrap(), sets.len());
                sets.push((t[2].parse().unwrap(), t[3..].to_vec(), Vec::new()));
            }
            "probs" => {
                let d = t[1].parse::<usize>().unwrap();
                sets[d].2 = t[2..].iter().map(|&s| f64::from_hex(s)).collect();
            }
            _ => {
                let (ty, hex, probs) = &sets[t[0].parse::<usize>().unwrap()];
                let nans = if t[1] == "1" {
                    Nans::Skip
                } else {
                    Nans::Propagate
                };
                let method = Method::ALL[t[2].parse::<usize>().unwrap()];
                if *ty == 64 {
                    let data: Vec<f64> = hex.iter().map(|&s| f64::from_hex(s)).collect();
                    check(line, &data, probs, method, nans, &t[3..], &mut c64);
                } else if *ty == 32 {
                    let data: Vec<f32> = hex.iter().map(|&s| f32::from_hex(s)).collect();
                    check(line, &data, probs, method, nans, &t[3..], &mut c32);
                } else {
                    #[cfg(feature = "half")]
                    {
                        let data: Vec<half::f16> =
                            hex.iter().map(|&s| half::f16::from_hex(s)).collect();
                        check(line, &data, probs, method, nans, &t[3..], &mut c16);
                    }
                }
            }
        }
    }
    assert!(c64.cases > 10_000 && c32.cases > 3_000, "{c64:?} {c32:?}");
    assert_eq!(
        c64.differ, F64_DIFFER,
        "float64 cases where NumPy is not correctly rounded"
    );
    assert_eq!(
        c32.differ, F32_DIFFER,
        "float32 cases where NumPy is not correctly rounded"
    );
    #[cfg(feature = "half")]
    {
        assert!(c16.cases > 2_000, "{c16:?}");
        assert_eq!(
            c16.differ, F16_DIFFER,
            "float16 cases where NumPy is not correctly rounded"
        );
    }
}

/// The parallel form takes the options too: the same bits as the sequential one
/// on a slice long enough to be split.
#[cfg(feature = "rayon")]
#[test]
#[cfg_attr(miri, ignore = "safe code; slow under Miri")]
fn numpy_bits_parallel() {
    let v: Vec<f64> = (0..300_000_u32)
        .map(|i| f64::from(i.wrapping_mul(2_654_435_761) % 100_003) * 0.01 - 7.0)
        .collect();
    let probs = [0.0, 0.1, 0.9, 1.0 / 3.0, 0.5, 0.999, 1.0];
    for method in Method::ALL {
        let numpy = Quantiles::new(method, Nans::Skip).rounding(Rounding::NumPy);
        let mut out = [0.0; 7];
        numpy.quantiles_with_buffer(&v, &probs, &mut out).unwrap();
        let par = numpy.par_quantiles(&v, &probs).unwrap();
        assert_eq!(par, out, "{method:?}");
        assert_eq!(numpy.quantiles(&v, &probs).unwrap(), out, "{method:?}");
    }
}
