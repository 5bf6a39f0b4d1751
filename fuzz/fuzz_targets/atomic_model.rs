//! An arbitrary sequence of reducer operations (every method, every valid
//! ordering) against a sequential model written with `total_cmp`.
#![no_main]

use std::cmp::Ordering as Cmp;
use std::sync::atomic::Ordering;

use libfuzzer_sys::fuzz_target;
use normkey::{AtomicF32Max, AtomicF32Min, AtomicF64Max, AtomicF64Min};

const ANY: [Ordering; 5] = [
    Ordering::Relaxed,
    Ordering::Acquire,
    Ordering::Release,
    Ordering::AcqRel,
    Ordering::SeqCst,
];
const LOADS: [Ordering; 3] = [Ordering::Relaxed, Ordering::Acquire, Ordering::SeqCst];
const STORES: [Ordering; 3] = [Ordering::Relaxed, Ordering::Release, Ordering::SeqCst];

/// Reads bytes off the front of the input.
struct Input<'a>(&'a [u8]);

impl Input<'_> {
    fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }
    fn bytes<const N: usize>(&mut self) -> Option<[u8; N]> {
        let (head, rest) = self.0.split_at_checked(N)?;
        self.0 = rest;
        head.try_into().ok()
    }
}

macro_rules! run {
    ($input:expr, $R:ident, $f:ty, $n:literal, $better:expr, $identity:expr, $nan_bits:expr,
     $fetch:ident, $fetch_nan:ident, $fetch_slice:ident) => {{
        let mut inp = Input($input);
        let value = |inp: &mut Input| inp.bytes::<$n>().map(<$f>::from_le_bytes);
        let Some(first) = value(&mut inp) else { return };
        // The model: the value, and `better(a, b)`: a would replace b.
        let better = |a: $f, b: $f| a.total_cmp(&b) == $better;
        let mut model: $f = first;
        let r = $R::new(first);
        let same = |a: $f, b: $f| a.to_bits() == b.to_bits();
        while let Some(op) = inp.byte() {
            let ord = inp.byte().unwrap_or(0) as usize;
            let (any, load, store) = (ANY[ord % 5], LOADS[ord % 3], STORES[ord % 3]);
            match op % 8 {
                0 => assert!(same(r.load(load), model)),
                1 => {
                    let Some(v) = value(&mut inp) else { break };
                    r.store(v, store);
                    model = v;
                }
                2 => {
                    let Some(v) = value(&mut inp) else { break };
                    assert!(same(r.swap(v, any), model));
                    model = v;
                }
                3 => {
                    assert!(same(r.take(any), model));
                    model = $identity;
                }
                4 => {
                    let Some(v) = value(&mut inp) else { break };
                    assert!(same(r.$fetch(v, any), model));
                    if !v.is_nan() && better(v, model) {
                        model = v;
                    }
                }
                5 => {
                    let Some(v) = value(&mut inp) else { break };
                    assert!(same(r.$fetch_nan(v, any), model));
                    if v.is_nan() {
                        model = <$f>::from_bits($nan_bits);
                    } else if !model.is_nan() && better(v, model) {
                        model = v;
                    }
                }
                6 => {
                    let len = usize::from(inp.byte().unwrap_or(0) % 40);
                    let vs: Vec<$f> = (0..len).map_while(|_| value(&mut inp)).collect();
                    assert!(same(r.$fetch_slice(&vs, any), model));
                    for &v in &vs {
                        if !v.is_nan() && better(v, model) {
                            model = v;
                        }
                    }
                }
                _ => assert!(same(r.load(load), model), "{r:?}"),
            }
        }
        assert!(same(r.into_inner(), model));
    }};
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    match which % 4 {
        0 => run!(
            rest,
            AtomicF32Min,
            f32,
            4,
            Cmp::Less,
            f32::INFINITY,
            0xffff_ffff,
            fetch_min,
            fetch_minimum,
            fetch_min_slice
        ),
        1 => run!(
            rest,
            AtomicF32Max,
            f32,
            4,
            Cmp::Greater,
            f32::NEG_INFINITY,
            0x7fff_ffff,
            fetch_max,
            fetch_maximum,
            fetch_max_slice
        ),
        2 => run!(
            rest,
            AtomicF64Min,
            f64,
            8,
            Cmp::Less,
            f64::INFINITY,
            u64::MAX,
            fetch_min,
            fetch_minimum,
            fetch_min_slice
        ),
        _ => run!(
            rest,
            AtomicF64Max,
            f64,
            8,
            Cmp::Greater,
            f64::NEG_INFINITY,
            u64::MAX >> 1,
            fetch_max,
            fetch_maximum,
            fetch_max_slice
        ),
    }
});
