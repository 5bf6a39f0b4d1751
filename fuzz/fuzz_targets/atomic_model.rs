//! An arbitrary sequence of operations (every method, every valid ordering) on
//! the reducers, the arg reducers and the atomic views of a float buffer, against
//! sequential models written with `total_cmp`, `is_nan` and index comparisons.
#![no_main]

use std::cmp::Ordering as Cmp;
use std::sync::atomic::Ordering;

use half::f16;
use libfuzzer_sys::fuzz_target;
use normkey::{
    AtomicF16ArgMin, AtomicF32, AtomicF32ArgMax, AtomicF32ArgMin, AtomicF32Max, AtomicF32Min,
    AtomicF64, AtomicF64Max, AtomicF64Min,
};

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

/// The arg reducers against a model of the pair: `None` while empty, else the
/// value and its index.
macro_rules! run_arg {
    ($input:expr, $R:ident, $f:ty, $n:literal, $better:expr, $nan_bits:expr,
     $fetch:ident, $fetch_nan:ident, $fetch_slice:ident, $fetch_nan_slice:ident) => {{
        type Pair = Option<($f, u32)>;
        let mut inp = Input($input);
        let value = |inp: &mut Input| inp.bytes::<$n>().map(<$f>::from_le_bytes);
        // Small indices, which tie often, or any `u32`, up to the top of the range.
        let index = |inp: &mut Input| match inp.byte()? {
            b @ 0..0xf0 => Some(u32::from(b)),
            _ => inp.bytes::<4>().map(u32::from_le_bytes),
        };
        // The NaN that `fetch_minimum` stores: every payload bit set, at the
        // reducing end (negative for min, positive for max).
        let nan = <$f>::from_bits($nan_bits);
        // `(a, i)` would replace `(b, j)`: further in the direction by totalOrder,
        // or the same value (bits) at a lower index.
        let better = |(a, i): ($f, u32), (b, j): ($f, u32)| match a.total_cmp(&b) {
            Cmp::Equal => i < j,
            c => c == $better,
        };
        // `fetch_min`: a NaN argument is ignored; a stored NaN stays.
        let reduce = |model: &mut Pair, v: $f, i: u32| {
            if v.is_nan() {
                return;
            }
            match *model {
                Some((m, _)) if m.is_nan() => {}
                Some(m) if !better((v, i), m) => {}
                _ => *model = Some((v, i)),
            }
        };
        // `fetch_minimum`: a NaN argument is stored as `nan`; a number never
        // replaces a stored NaN; among NaNs the lowest index wins.
        let reduce_propagating = |model: &mut Pair, v: $f, i: u32| match *model {
            None => *model = Some((if v.is_nan() { nan } else { v }, i)),
            Some((m, j)) if m.is_nan() => {
                if v.is_nan() && i < j {
                    *model = Some((nan, i));
                }
            }
            Some(m) => {
                if v.is_nan() {
                    *model = Some((nan, i));
                } else if better((v, i), m) {
                    *model = Some((v, i));
                }
            }
        };
        let same = |a: Pair, b: Pair| match (a, b) {
            (None, None) => true,
            (Some((a, i)), Some((b, j))) => a.to_bits() == b.to_bits() && i == j,
            _ => false,
        };
        let mut model: Pair = None;
        let r = $R::new();
        while let Some(op) = inp.byte() {
            let ord = inp.byte().unwrap_or(0) as usize;
            let (any, load) = (ANY[ord % 5], LOADS[ord % 3]);
            match op % 7 {
                0 => assert!(same(r.load(load), model)),
                1 => {
                    let (Some(v), Some(i)) = (value(&mut inp), index(&mut inp)) else {
                        break;
                    };
                    assert!(same(r.$fetch(v, i, any), model));
                    reduce(&mut model, v, i);
                }
                2 => {
                    let (Some(v), Some(i)) = (value(&mut inp), index(&mut inp)) else {
                        break;
                    };
                    assert!(same(r.$fetch_nan(v, i, any), model));
                    reduce_propagating(&mut model, v, i);
                }
                3 | 4 => {
                    let len = u32::from(inp.byte().unwrap_or(0) % 40);
                    let Some(first) = index(&mut inp) else { break };
                    // The last index must fit in `u32` (the slice forms panic
                    // otherwise): pushed down to end at `u32::MAX` at most.
                    let first = first.min(u32::MAX - len.saturating_sub(1));
                    let vs: Vec<$f> = (0..len).map_while(|_| value(&mut inp)).collect();
                    // One update with the slice's extremum is the values' updates
                    // one at a time: the lowest index wins either way.
                    let indexed = (first..=u32::MAX).zip(vs.iter().copied());
                    if op % 7 == 3 {
                        assert!(same(r.$fetch_slice(&vs, first, any), model));
                        indexed.for_each(|(i, v)| reduce(&mut model, v, i));
                    } else {
                        assert!(same(r.$fetch_nan_slice(&vs, first, any), model));
                        indexed.for_each(|(i, v)| reduce_propagating(&mut model, v, i));
                    }
                }
                5 => {
                    assert!(same(r.take(any), model));
                    model = None;
                }
                _ => assert!(same(r.load(load), model), "{r:?}"),
            }
        }
        assert!(same(r.into_inner(), model));
    }};
}

/// The atomic views of a few floats of a buffer (`from_mut_slice`) against a
/// model buffer; the buffer itself is compared with the model at the end.
macro_rules! run_view {
    ($input:expr, $V:ident, $f:ty, $n:literal, $min_nan_bits:expr, $max_nan_bits:expr) => {{
        let mut inp = Input($input);
        let value = |inp: &mut Input| inp.bytes::<$n>().map(<$f>::from_le_bytes);
        let same = |a: $f, b: $f| a.to_bits() == b.to_bits();
        // The NaNs that `fetch_minimum`/`fetch_maximum` store: every payload bit
        // set, negative for min, positive for max.
        let min_nan = <$f>::from_bits($min_nan_bits);
        let max_nan = <$f>::from_bits($max_nan_bits);
        let Some(slots) = inp.byte() else { return };
        let len = 1 + usize::from(slots % 4);
        let mut buffer: Vec<$f> = (0..len).map_while(|_| value(&mut inp)).collect();
        if buffer.len() < len {
            return;
        }
        let mut model = buffer.clone();
        let view = $V::from_mut_slice(&mut buffer);
        while let Some(op) = inp.byte() {
            let slot = usize::from(inp.byte().unwrap_or(0)) % len;
            let ord = inp.byte().unwrap_or(0) as usize;
            let (any, load, store) = (ANY[ord % 5], LOADS[ord % 3], STORES[ord % 3]);
            // Every pair of a success ordering and a failure one (a load).
            let (success, failure) = (ANY[ord % 5], LOADS[ord / 5 % 3]);
            let m = &mut model[slot];
            match op % 13 {
                0 => assert!(same(view[slot].load(load), *m)),
                1 => {
                    let Some(v) = value(&mut inp) else { break };
                    view[slot].store(v, store);
                    *m = v;
                }
                2 => {
                    let Some(v) = value(&mut inp) else { break };
                    assert!(same(view[slot].swap(v, any), *m));
                    *m = v;
                }
                3 | 4 => {
                    // `current`: the stored value (a hit); it with the sign bit
                    // flipped (a miss: −0 and +0 differ, so do NaNs of either
                    // sign); or any value (a miss unless the bits are equal).
                    let Some(pick) = inp.byte() else { break };
                    let (Some(guess), Some(new)) = (value(&mut inp), value(&mut inp)) else {
                        break;
                    };
                    let current = match pick % 3 {
                        0 => *m,
                        1 => -*m,
                        _ => guess,
                    };
                    let weak = op % 13 == 4;
                    let result = if weak {
                        view[slot].compare_exchange_weak(current, new, success, failure)
                    } else {
                        view[slot].compare_exchange(current, new, success, failure)
                    };
                    match result {
                        Ok(previous) => {
                            assert!(same(previous, *m) && same(current, *m));
                            *m = new;
                        }
                        // The weak form may fail spuriously, with the stored value.
                        Err(now) => assert!(same(now, *m) && (weak || !same(current, *m))),
                    }
                }
                5 | 6 => {
                    // `fetch_min`/`fetch_max`: a NaN argument is ignored; the stored
                    // value, a NaN too, is ordered by totalOrder.
                    let Some(v) = value(&mut inp) else { break };
                    let (previous, improves) = if op % 13 == 5 {
                        (view[slot].fetch_min(v, any), Cmp::Less)
                    } else {
                        (view[slot].fetch_max(v, any), Cmp::Greater)
                    };
                    assert!(same(previous, *m));
                    if !v.is_nan() && v.total_cmp(m) == improves {
                        *m = v;
                    }
                }
                7 | 8 => {
                    // `fetch_minimum`/`fetch_maximum`: a NaN argument stores the NaN
                    // of the direction; a number never replaces a stored NaN.
                    let Some(v) = value(&mut inp) else { break };
                    let (previous, improves, nan) = if op % 13 == 7 {
                        (view[slot].fetch_minimum(v, any), Cmp::Less, min_nan)
                    } else {
                        (view[slot].fetch_maximum(v, any), Cmp::Greater, max_nan)
                    };
                    assert!(same(previous, *m));
                    if v.is_nan() {
                        *m = nan;
                    } else if !m.is_nan() && v.total_cmp(m) == improves {
                        *m = v;
                    }
                }
                9 => {
                    let Some(v) = value(&mut inp) else { break };
                    *view[slot].get_mut() = v;
                    *m = v;
                }
                10 => {
                    // A view replaced through the exclusive borrow; the old one's
                    // value by `into_inner`.
                    let Some(v) = value(&mut inp) else { break };
                    let old = std::mem::replace(&mut view[slot], $V::new(v));
                    assert!(same(old.into_inner(), *m));
                    *m = v;
                }
                11 => {
                    // The floats again, while the views are borrowed mutably.
                    let Some(v) = value(&mut inp) else { break };
                    let floats = $V::get_mut_slice(view);
                    assert!(floats.iter().zip(&model).all(|(&a, &b)| same(a, b)));
                    floats[slot] = v;
                    model[slot] = v;
                }
                _ => assert!(same(view[slot].load(load), *m), "{view:?}"),
            }
        }
        // The view's borrow has ended: the plain floats, bit for bit.
        assert!(buffer.iter().zip(&model).all(|(&a, &b)| same(a, b)));
    }};
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    match which % 9 {
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
        3 => run!(
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
        4 => run_arg!(
            rest,
            AtomicF32ArgMin,
            f32,
            4,
            Cmp::Less,
            0xffff_ffff,
            fetch_min,
            fetch_minimum,
            fetch_min_slice,
            fetch_minimum_slice
        ),
        5 => run_arg!(
            rest,
            AtomicF32ArgMax,
            f32,
            4,
            Cmp::Greater,
            0x7fff_ffff,
            fetch_max,
            fetch_maximum,
            fetch_max_slice,
            fetch_maximum_slice
        ),
        6 => run_arg!(
            rest,
            AtomicF16ArgMin,
            f16,
            2,
            Cmp::Less,
            0xffff,
            fetch_min,
            fetch_minimum,
            fetch_min_slice,
            fetch_minimum_slice
        ),
        7 => run_view!(rest, AtomicF32, f32, 4, 0xffff_ffff, 0x7fff_ffff),
        _ => run_view!(rest, AtomicF64, f64, 8, u64::MAX, u64::MAX >> 1),
    }
});
