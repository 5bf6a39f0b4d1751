//! The atomic reducers against a sequential model written with `total_cmp` only
//! (never with `OrderedKey`): quickcheck over every valid `Ordering`, a std-threads
//! stress test, and (ignored, release) every pair of `f16` values.
#![cfg(not(loom))]

mod common;

use core::any::TypeId;
use core::cmp::Ordering as Cmp;
use core::fmt::Debug;
use normkey::atomic::{
    ArgFloat, AtomicArgExtremum, AtomicExtremum, AtomicFloat, AtomicView, Direction, Max, Min,
};
use normkey::{AtomicF32Max, AtomicF32Min, AtomicF64Max};
use quickcheck::{Arbitrary, Gen, QuickCheck};
use std::sync::atomic::Ordering::{self, AcqRel, Acquire, Relaxed, Release, SeqCst};

const LOADS: [Ordering; 3] = [Relaxed, Acquire, SeqCst];
const STORES: [Ordering; 3] = [Relaxed, Release, SeqCst];
const RMWS: [Ordering; 5] = [Relaxed, Acquire, Release, AcqRel, SeqCst];

/// A float type under test, seen through its bits.
trait TestFloat: Copy + Debug + 'static {
    /// Edge values: ±0, ±1, ±∞, quiet and signalling NaNs of both signs, subnormals, extremes.
    fn edges() -> Vec<Self>;
    fn from_raw(raw: u64) -> Self;
    fn bits(self) -> u64;
    fn is_nan(self) -> bool;
    fn cmp_total(self, other: Self) -> Cmp;
    fn inf(negative: bool) -> Self;
    /// The NaN with every bit set but (for `negative == false`) the sign bit.
    fn all_ones_nan(negative: bool) -> Self;
}

/// The test view of every float type of the crate's list (`for_each_key_float!`),
/// spelled with the float's own constants and `total_cmp`, never with normkey.
macro_rules! test_float {
    ($f:ty, $u:ty) => {
        impl TestFloat for $f {
            fn edges() -> Vec<Self> {
                let sign: $u = 1 << (<$u>::BITS - 1);
                let inf = <$f>::INFINITY.to_bits();
                // 1.0: the exponent field 0111…1, in every IEEE binary format.
                let one = <$f>::from_bits((inf >> 1) & inf);
                let mut v: Vec<$f> = vec![
                    <$f>::from_bits(0),
                    one,
                    <$f>::NAN,
                    <$f>::INFINITY,
                    <$f>::MIN_POSITIVE,
                    <$f>::MAX,
                ];
                v.push(<$f>::from_bits(1)); // smallest subnormal
                v.push(<$f>::from_bits(inf | 1)); // signalling NaN
                v.push(<$f>::from_bits(<$u>::MAX >> 1)); // NaN, all payload bits
                let negated: Vec<$f> = v
                    .iter()
                    .map(|x| <$f>::from_bits(x.to_bits() ^ sign))
                    .collect();
                v.extend(negated);
                v
            }
            #[allow(clippy::cast_possible_truncation)]
            fn from_raw(raw: u64) -> Self {
                <$f>::from_bits(raw as $u)
            }
            fn bits(self) -> u64 {
                u64::from(self.to_bits())
            }
            fn is_nan(self) -> bool {
                <$f>::is_nan(self)
            }
            fn cmp_total(self, other: Self) -> Cmp {
                self.total_cmp(&other)
            }
            fn inf(negative: bool) -> Self {
                if negative {
                    -<$f>::INFINITY
                } else {
                    <$f>::INFINITY
                }
            }
            fn all_ones_nan(negative: bool) -> Self {
                <$f>::from_bits(if negative { <$u>::MAX } else { <$u>::MAX >> 1 })
            }
        }
    };
}
normkey::for_each_key_float!(test_float);
#[cfg(feature = "half")]
use half::f16;

/// `D` is [`Min`].
fn is_min<D: Direction>() -> bool {
    TypeId::of::<D>() == TypeId::of::<Min>()
}

/// Calls `$check::<F, Min>()` and `$check::<F, Max>()` for every float of the list.
macro_rules! for_every_reducer {
    ($check:ident) => {{
        macro_rules! both {
            ($f:ty, $u:ty) => {
                if !miri_skips(stringify!($f)) {
                    $check::<$f, Min>();
                    $check::<$f, Max>();
                }
            };
        }
        normkey::for_each_key_float!(both);
    }};
}

/// Under Miri, one float of each width: `bf16` is left out (`f16` has its 16-bit
/// atomic, and the code is one generic implementation per width).
fn miri_skips(float: &str) -> bool {
    cfg!(miri) && float.ends_with("bf16")
}

/// The sequential model: the state is a float, every rule spelled with `total_cmp`.
#[derive(Debug)]
struct Model<F> {
    state: F,
    min: bool,
}

impl<F: TestFloat> Model<F> {
    fn wins(&self, v: F, over: F) -> bool {
        v.cmp_total(over) == if self.min { Cmp::Less } else { Cmp::Greater }
    }
    /// `fetch_min`/`fetch_max`: NaN arguments ignored, totalOrder otherwise.
    fn fetch(&mut self, v: F) -> F {
        let prev = self.state;
        if !v.is_nan() && self.wins(v, self.state) {
            self.state = v;
        }
        prev
    }
    /// `fetch_minimum`/`fetch_maximum`: a NaN argument stores the all-ones NaN of the
    /// reducing sign; a stored NaN stays.
    fn fetch_nan(&mut self, v: F) -> F {
        let prev = self.state;
        if v.is_nan() {
            self.state = F::all_ones_nan(self.min);
        } else if !self.state.is_nan() && self.wins(v, self.state) {
            self.state = v;
        }
        prev
    }
    fn replace(&mut self, v: F) -> F {
        core::mem::replace(&mut self.state, v)
    }
}

/// A float spelled independently of its width: an edge value or raw bits.
#[derive(Clone, Copy, Debug)]
enum Val {
    Edge(usize),
    Raw(u64),
}

impl Val {
    fn get<F: TestFloat>(self) -> F {
        match self {
            Val::Edge(i) => {
                let e = F::edges();
                e[i % e.len()]
            }
            Val::Raw(r) => F::from_raw(r),
        }
    }
}

impl Arbitrary for Val {
    fn arbitrary(g: &mut Gen) -> Self {
        if bool::arbitrary(g) {
            Val::Edge(usize::arbitrary(g))
        } else {
            Val::Raw(u64::arbitrary(g))
        }
    }
}

#[derive(Clone, Debug)]
enum Op {
    Load(Ordering),
    Store(Val, Ordering),
    Swap(Val, Ordering),
    Take(Ordering),
    Fetch(Val, Ordering),
    FetchNan(Val, Ordering),
    FetchSlice(Vec<Val>, Ordering),
    FetchNanSlice(Vec<Val>, Ordering),
}

impl Arbitrary for Op {
    fn arbitrary(g: &mut Gen) -> Self {
        let load = *g.choose(&LOADS).unwrap();
        let store = *g.choose(&STORES).unwrap();
        let rmw = *g.choose(&RMWS).unwrap();
        match u8::arbitrary(g) % 11 {
            0 => Op::Load(load),
            1 => Op::Store(Val::arbitrary(g), store),
            2 => Op::Swap(Val::arbitrary(g), rmw),
            3 => Op::Take(rmw),
            4..=6 => Op::Fetch(Val::arbitrary(g), rmw),
            7 | 8 => Op::FetchNan(Val::arbitrary(g), rmw),
            9 => Op::FetchSlice(Vec::arbitrary(g), rmw),
            _ => Op::FetchNanSlice(Vec::arbitrary(g), rmw),
        }
    }
}

/// Runs `ops` on a reducer and on the model; every returned value and the end
/// state must agree bit for bit.
fn agrees<F: TestFloat + AtomicFloat, D: Direction>(init: Val, ops: &[Op]) -> bool {
    let init: F = init.get();
    let r = AtomicExtremum::<F, D>::new(init);
    let mut m = Model {
        state: init,
        min: is_min::<D>(),
    };
    for op in ops {
        let (got, want) = match op {
            Op::Load(o) => (r.load(*o), m.state),
            Op::Store(v, o) => {
                r.store(v.get(), *o);
                m.replace(v.get());
                (r.load(Relaxed), m.state)
            }
            Op::Swap(v, o) => (r.swap(v.get(), *o), m.replace(v.get())),
            Op::Take(o) => (r.take(*o), m.replace(F::inf(!is_min::<D>()))),
            Op::Fetch(v, o) => (r.reduce(v.get(), *o), m.fetch(v.get())),
            Op::FetchNan(v, o) => (r.reduce_propagating(v.get(), *o), m.fetch_nan(v.get())),
            Op::FetchSlice(vs, o) => {
                let vs: Vec<F> = vs.iter().map(|v| v.get()).collect();
                let got = r.reduce_slice(&vs, *o);
                let prev = m.state;
                for &v in &vs {
                    m.fetch(v);
                }
                (got, prev)
            }
            Op::FetchNanSlice(vs, o) => {
                let vs: Vec<F> = vs.iter().map(|v| v.get()).collect();
                let got = r.reduce_propagating_slice(&vs, *o);
                let prev = m.state;
                for &v in &vs {
                    m.fetch_nan(v);
                }
                (got, prev)
            }
        };
        if got.bits() != want.bits() {
            eprintln!("{op:?}: got {got:?}, model {want:?}");
            return false;
        }
    }
    r.into_inner().bits() == m.state.bits()
}

#[allow(clippy::needless_pass_by_value)] // quickcheck passes owned arguments
fn prop<F: TestFloat + AtomicFloat, D: Direction>(init: Val, ops: Vec<Op>) -> bool {
    agrees::<F, D>(init, &ops)
}

/// Every operation once, each with another ordering: under Miri, where
/// `every_valid_ordering_on_edge_values` does not run, this (not the luck of the
/// few random cases) is what takes every operation of every reducer.
fn every_op_once<F: TestFloat + AtomicFloat, D: Direction>() {
    let (a, b, nan) = (Val::Edge(1), Val::Edge(10), Val::Edge(8));
    let ops = [
        Op::Load(Acquire),
        Op::Fetch(b, AcqRel),
        Op::FetchNan(a, Relaxed),
        Op::Store(a, Release),
        Op::Swap(b, SeqCst),
        Op::FetchSlice(vec![a, nan, b], Acquire),
        Op::Take(Release),
        Op::FetchNanSlice(vec![b, nan, a], SeqCst),
        Op::FetchNan(nan, AcqRel),
        Op::Load(SeqCst),
    ];
    assert!(agrees::<F, D>(nan, &ops));
}

fn quickcheck_reducer<F: TestFloat + AtomicFloat, D: Direction>() {
    if cfg!(miri) {
        every_op_once::<F, D>();
    }
    QuickCheck::new()
        .tests(if cfg!(miri) { 1 } else { 2000 })
        .quickcheck(prop::<F, D> as fn(Val, Vec<Op>) -> bool);
}

#[test]
fn quickcheck_every_reducer() {
    for_every_reducer!(quickcheck_reducer);
}

/// `key::min`/`max`/`minimum`/`maximum` of `values` against the model folded from
/// the identity (`fetch` for the NaN-ignoring pair, `fetch_nan` for the other).
fn slice_fns_agree<F: TestFloat + normkey::KeyFloat>(values: &[F]) -> bool {
    let fold = |min: bool, nan: bool| {
        let mut m = Model {
            state: F::inf(!min),
            min,
        };
        for &v in values {
            if nan {
                m.fetch_nan(v);
            } else {
                m.fetch(v);
            }
        }
        m.state.bits()
    };
    let got = [
        normkey::key::min(values).bits(),
        normkey::key::max(values).bits(),
        normkey::key::minimum(values).bits(),
        normkey::key::maximum(values).bits(),
    ];
    let want = [
        fold(true, false),
        fold(false, false),
        fold(true, true),
        fold(false, true),
    ];
    if got != want {
        eprintln!("{values:?}: got {got:x?}, model {want:x?}");
    }
    got == want
}

/// Every slice of up to three edge values (the empty one, all-NaN ones, ±0 in
/// both orders, …), then random slices of edge values and raw bits, for every
/// float type.
fn slice_fns<F: TestFloat + normkey::KeyFloat>() {
    #[allow(clippy::needless_pass_by_value)] // quickcheck passes owned arguments
    fn prop<F: TestFloat + normkey::KeyFloat>(vs: Vec<Val>) -> bool {
        let vs: Vec<F> = vs.iter().map(|v| v.get()).collect();
        slice_fns_agree(&vs)
    }
    // Under Miri (about a thousand times slower), every third edge value and
    // fewer random slices.
    let edges: Vec<F> = F::edges()
        .into_iter()
        .step_by(if cfg!(miri) { 3 } else { 1 })
        .collect();
    assert!(slice_fns_agree::<F>(&[]));
    for &a in &edges {
        assert!(slice_fns_agree(&[a]));
        for &b in &edges {
            assert!(slice_fns_agree(&[a, b]));
            // Triples natively; under Miri, pairs only.
            for &c in if cfg!(miri) { &[][..] } else { &edges[..] } {
                assert!(slice_fns_agree(&[a, b, c]));
            }
        }
    }
    QuickCheck::new()
        .tests(if cfg!(miri) { 2 } else { 5000 })
        .quickcheck(prop::<F> as fn(Vec<Val>) -> bool);
    // Long slices (the vectorized loop and its remainder): mostly numbers, a NaN
    // of either sign at one random place or none.
    let mut x = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let lens: &[usize] = if cfg!(miri) {
        &[9, 33]
    } else {
        &[0, 1, 7, 8, 9, 31, 32, 33, 64, 100, 257, 1000]
    };
    for &len in lens {
        for _ in 0..if cfg!(miri) { 1 } else { 20 } {
            let mut v: Vec<F> = (0..len).map(|_| F::from_raw(next() >> 2)).collect();
            v.retain(|x| !x.is_nan());
            if !v.is_empty() && next() % 2 == 0 {
                #[allow(clippy::cast_possible_truncation)]
                let at = (next() % v.len() as u64) as usize;
                v[at] = F::all_ones_nan(next() % 2 == 0);
            }
            assert!(slice_fns_agree(&v));
        }
    }
}

#[test]
fn key_slice_min_max_minimum_maximum() {
    macro_rules! each {
        ($f:ty, $u:ty) => {
            slice_fns::<$f>();
        };
    }
    normkey::for_each_key_float!(each);
}

/// Every operation with every valid ordering, over every pair of edge values
/// (random choice of ordering aside, so that no ordering is missed).
fn every_ordering<F: TestFloat + AtomicFloat, D: Direction>() {
    let edges = F::edges();
    for (i, _) in edges.iter().enumerate() {
        for (j, _) in edges.iter().enumerate() {
            let (a, b) = (Val::Edge(i), Val::Edge(j));
            for &o in &RMWS {
                let ops = [
                    Op::Fetch(b, o),
                    Op::FetchNan(a, o),
                    Op::Swap(b, o),
                    Op::FetchSlice(vec![a, b], o),
                    Op::Take(o),
                ];
                assert!(agrees::<F, D>(a, &ops), "{a:?} {b:?} {o:?}");
            }
            for (&l, &s) in LOADS.iter().zip(&STORES) {
                assert!(agrees::<F, D>(
                    a,
                    &[Op::Load(l), Op::Store(b, s), Op::Load(l)]
                ));
            }
        }
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "tens of thousands of reducer operations: too slow under Miri"
)]
fn every_valid_ordering_on_edge_values() {
    for_every_reducer!(every_ordering);
}

#[test]
#[should_panic(expected = "release load")]
fn load_with_release_panics_as_core_does() {
    let _ = AtomicF32Min::default().load(Release);
}

#[test]
#[should_panic(expected = "acquire store")]
fn store_with_acquire_panics_as_core_does() {
    AtomicF64Max::default().store(1.0, Acquire);
}

/// xorshift64*: a deterministic value stream without a dependency.
fn stream(seed: u64) -> impl Iterator<Item = u64> {
    let mut x = seed | 1;
    core::iter::repeat_with(move || {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    })
}

/// Stress values: mostly ordinary floats, with NaNs of both signs, ±0 and ±∞.
fn stress_values(seed: u64, n: usize) -> Vec<f32> {
    let edges = f32::edges();
    stream(seed)
        .take(n)
        .map(|r| {
            #[allow(clippy::cast_possible_truncation)]
            if r % 16 == 0 {
                edges[(r >> 8) as usize % edges.len()]
            } else {
                f32::from_bits((r >> 32) as u32)
            }
        })
        .collect()
}

/// 4 threads × 1,000,000 values, including NaN and ±0: the result equals the
/// sequential total-order reduction, and each thread sees previous values that
/// only ever move toward the result (coherence of one atomic).
#[test]
#[cfg_attr(miri, ignore = "4 million atomic operations: too slow under Miri")]
fn stress_four_threads_match_sequential_reduction() {
    const THREADS: u64 = 4;
    const N: usize = 1_000_000;
    let inputs: Vec<Vec<f32>> = (1..=THREADS)
        .map(|t| stress_values(t * 0x9E37_79B9, N))
        .collect();
    let (min, max, slice_min, nan_min) = (
        AtomicF32Min::new(f32::INFINITY),
        AtomicF32Max::new(f32::NEG_INFINITY),
        AtomicF32Min::new(f32::INFINITY),
        AtomicF32Min::new(f32::INFINITY),
    );
    std::thread::scope(|s| {
        for values in &inputs {
            let (min, max, slice_min, nan_min) = (&min, &max, &slice_min, &nan_min);
            s.spawn(move || {
                let (mut last_min, mut last_max) = (f32::INFINITY, f32::NEG_INFINITY);
                for &v in values {
                    let p = min.fetch_min(v, AcqRel);
                    assert_ne!(p.total_cmp(&last_min), Cmp::Greater, "min went up");
                    last_min = p;
                    let p = max.fetch_max(v, Relaxed);
                    assert_ne!(p.total_cmp(&last_max), Cmp::Less, "max went down");
                    last_max = p;
                }
                for chunk in values.chunks(1000) {
                    slice_min.fetch_min_slice(chunk, Release);
                }
                for &v in values.iter().step_by(7) {
                    nan_min.fetch_minimum(v, SeqCst);
                }
            });
        }
    });
    let all = inputs.iter().flatten().copied();
    let mut model_min = Model {
        state: f32::INFINITY,
        min: true,
    };
    let mut model_max = Model {
        state: f32::NEG_INFINITY,
        min: false,
    };
    for v in all {
        model_min.fetch(v);
        model_max.fetch(v);
    }
    assert_eq!(min.into_inner().to_bits(), model_min.state.to_bits());
    assert_eq!(max.into_inner().to_bits(), model_max.state.to_bits());
    assert_eq!(slice_min.into_inner().to_bits(), model_min.state.to_bits());
    // The inputs hold NaNs, so `fetch_minimum` ends at the sticky negative NaN.
    assert_eq!(nan_min.into_inner().to_bits(), u32::MAX);
}

/// Every pair `(a, b)` of `f16` bit patterns (2^32 pairs), for all four `fetch_*`
/// methods of `AtomicF16Min`/`AtomicF16Max` and the four slice functions
/// (`key::min(&[a, b])`, …), on two threads.
#[cfg(feature = "half")]
#[test]
#[ignore = "2^32 pairs: run in release with --ignored"]
#[allow(clippy::similar_names)] // min/max, and their models
fn exhaustive_f16_pairs() {
    fn check(a: f16, b: f16) {
        let min = normkey::AtomicF16Min::new(a);
        let max = normkey::AtomicF16Max::new(a);
        let (mut mmin, mut mmax) = (
            Model {
                state: a,
                min: true,
            },
            Model {
                state: a,
                min: false,
            },
        );
        assert_eq!(min.fetch_min(b, Relaxed).to_bits(), mmin.fetch(b).to_bits());
        assert_eq!(max.fetch_max(b, Relaxed).to_bits(), mmax.fetch(b).to_bits());
        let (got_min, got_max) = (min.into_inner(), max.into_inner());
        let (nmin, nmax) = (normkey::AtomicF16Min::new(a), normkey::AtomicF16Max::new(a));
        nmin.fetch_minimum(b, Relaxed);
        nmax.fetch_maximum(b, Relaxed);
        let (mut nmmin, mut nmmax) = (
            Model {
                state: a,
                min: true,
            },
            Model {
                state: a,
                min: false,
            },
        );
        nmmin.fetch_nan(b);
        nmmax.fetch_nan(b);
        let slice_ok = slice_fns_agree(&[a, b]);
        let ok = slice_ok
            && got_min.to_bits() == mmin.state.to_bits()
            && got_max.to_bits() == mmax.state.to_bits()
            && nmin.into_inner().to_bits() == nmmin.state.to_bits()
            && nmax.into_inner().to_bits() == nmmax.state.to_bits();
        assert!(ok, "a = {:#06x}, b = {:#06x}", a.to_bits(), b.to_bits());
    }
    std::thread::scope(|s| {
        for half_range in [0..0x8000_u32, 0x8000..0x1_0000] {
            s.spawn(move || {
                for a in half_range {
                    #[allow(clippy::cast_possible_truncation)]
                    let a = f16::from_bits(a as u16);
                    for b in 0..=u16::MAX {
                        check(a, f16::from_bits(b));
                    }
                }
            });
        }
    });
}

/// The identity and `Debug`, for every type.
#[test]
fn identity_and_debug() {
    fn check<F: TestFloat + AtomicFloat, D: Direction>() {
        let r = AtomicExtremum::<F, D>::default();
        assert_eq!(r.load(Relaxed).bits(), F::inf(!is_min::<D>()).bits());
        assert!(!format!("{r:?}").is_empty());
    }
    for_every_reducer!(check);
    assert_eq!(format!("{:?}", AtomicF32Min::new(-0.0)), "-0.0");
}

/// The arg reducers' sequential model: empty or a pair; a pair beats another when
/// its value wins by `total_cmp`, or the values are equal (the same bits) and its
/// index is lower. Nothing here uses normkey's keys or packing.
#[derive(Debug)]
struct ArgModel<F> {
    state: Option<(F, u32)>,
    min: bool,
}

impl<F: TestFloat> ArgModel<F> {
    fn new(min: bool) -> Self {
        ArgModel { state: None, min }
    }
    #[allow(clippy::many_single_char_names)] // v, i, o: value, index, ordering, in every op
    fn offer(&mut self, (v, i): (F, u32)) {
        let wins = if self.min { Cmp::Less } else { Cmp::Greater };
        let beats = match self.state {
            None => true,
            Some((w, j)) => match v.cmp_total(w) {
                Cmp::Equal => i < j,
                c => c == wins,
            },
        };
        if beats {
            self.state = Some((v, i));
        }
    }
    /// `fetch_min`/`fetch_max`: a NaN is ignored.
    fn fetch(&mut self, v: F, i: u32) -> Option<(F, u32)> {
        let prev = self.state;
        if !v.is_nan() {
            self.offer((v, i));
        }
        prev
    }
    /// `fetch_minimum`/`fetch_maximum`: a NaN is offered as the all-ones NaN of the
    /// reducing sign; a number never replaces a stored NaN.
    fn fetch_nan(&mut self, v: F, i: u32) -> Option<(F, u32)> {
        let prev = self.state;
        if v.is_nan() {
            self.offer((F::all_ones_nan(self.min), i));
        } else if !self.state.is_some_and(|(s, _)| s.is_nan()) {
            self.offer((v, i));
        }
        prev
    }
}

/// A pair as bits, for bit-for-bit comparison.
fn pair_bits<F: TestFloat>(p: Option<(F, u32)>) -> Option<(u64, u32)> {
    p.map(|(v, i)| (v.bits(), i))
}

/// An index: mostly small (ties), sometimes near `u32::MAX` (the complement).
#[derive(Clone, Copy, Debug)]
struct Index(u32);

impl Arbitrary for Index {
    fn arbitrary(g: &mut Gen) -> Self {
        let small = u32::arbitrary(g) % 4;
        Index(match u8::arbitrary(g) % 4 {
            0 => u32::MAX - small,
            1 => u32::arbitrary(g),
            _ => small,
        })
    }
}

#[derive(Clone, Debug)]
enum ArgOp {
    Load(Ordering),
    Take(Ordering),
    Fetch(Val, Index, Ordering),
    FetchNan(Val, Index, Ordering),
    FetchSlice(Vec<Val>, Index, Ordering),
    FetchNanSlice(Vec<Val>, Index, Ordering),
}

impl Arbitrary for ArgOp {
    fn arbitrary(g: &mut Gen) -> Self {
        let load = *g.choose(&LOADS).unwrap();
        let rmw = *g.choose(&RMWS).unwrap();
        let (v, i) = (Val::arbitrary(g), Index::arbitrary(g));
        match u8::arbitrary(g) % 10 {
            0 => ArgOp::Load(load),
            1 => ArgOp::Take(rmw),
            2..=4 => ArgOp::Fetch(v, i, rmw),
            5..=7 => ArgOp::FetchNan(v, i, rmw),
            8 => ArgOp::FetchSlice(Vec::arbitrary(g), i, rmw),
            _ => ArgOp::FetchNanSlice(Vec::arbitrary(g), i, rmw),
        }
    }
}

/// The first index of a slice of `len` values at `first`, moved down so that the
/// last index fits in `u32`.
fn fitting_first(first: Index, len: usize) -> u32 {
    let room = u32::MAX - u32::try_from(len.saturating_sub(1)).unwrap();
    first.0.min(room)
}

/// The values of a slice with their indices from `first` (which must fit).
fn indexed<T>(first: u32, values: &[T]) -> impl Iterator<Item = (u32, &T)> {
    values
        .iter()
        .enumerate()
        .map(move |(k, v)| (first + u32::try_from(k).unwrap(), v))
}

/// Runs `ops` on an arg reducer and on the model; every returned pair and the end
/// state must agree bit for bit.
#[allow(clippy::many_single_char_names)] // v, i, o: value, index, ordering, in every op
fn arg_agrees<F: TestFloat + ArgFloat, D: Direction>(ops: &[ArgOp]) -> bool {
    let r = AtomicArgExtremum::<F, D>::new();
    let mut m = ArgModel::<F>::new(is_min::<D>());
    for op in ops {
        let (got, want) = match op {
            ArgOp::Load(o) => (r.load(*o), m.state),
            ArgOp::Take(o) => (r.take(*o), m.state.take()),
            ArgOp::Fetch(v, i, o) => (r.reduce(v.get(), i.0, *o), m.fetch(v.get(), i.0)),
            ArgOp::FetchNan(v, i, o) => (
                r.reduce_propagating(v.get(), i.0, *o),
                m.fetch_nan(v.get(), i.0),
            ),
            ArgOp::FetchSlice(vs, i, o) | ArgOp::FetchNanSlice(vs, i, o) => {
                let nan = matches!(op, ArgOp::FetchNanSlice(..));
                let vs: Vec<F> = vs.iter().map(|v| v.get()).collect();
                let first = fitting_first(*i, vs.len());
                let got = if nan {
                    r.reduce_propagating_slice(&vs, first, *o)
                } else {
                    r.reduce_slice(&vs, first, *o)
                };
                let prev = m.state;
                for (j, &v) in indexed(first, &vs) {
                    if nan {
                        m.fetch_nan(v, j);
                    } else {
                        m.fetch(v, j);
                    }
                }
                (got, prev)
            }
        };
        if pair_bits(got) != pair_bits(want) {
            eprintln!("{op:?}: got {got:?}, model {want:?}");
            return false;
        }
    }
    pair_bits(r.into_inner()) == pair_bits(m.state)
}

/// The updates of `ops` (loads and takes dropped) shuffled by `seed` and split
/// over up to four threads at random points, with the orderings drawn: the end
/// pair is bit for bit the model's, applied in the original order.
#[allow(clippy::many_single_char_names)] // v, i, o: value, index, ordering, in every op
fn arg_split_agrees<F: TestFloat + ArgFloat + Send + Sync, D: Direction>(
    ops: &[ArgOp],
    seed: u64,
) -> bool {
    let mut updates: Vec<&ArgOp> = ops
        .iter()
        .filter(|op| !matches!(op, ArgOp::Load(_) | ArgOp::Take(_)))
        .collect();
    let mut m = ArgModel::<F>::new(is_min::<D>());
    let r = AtomicArgExtremum::<F, D>::new();
    // The model, sequentially, in the original order.
    for op in &updates {
        match op {
            ArgOp::Fetch(v, i, _) => {
                m.fetch(v.get(), i.0);
            }
            ArgOp::FetchNan(v, i, _) => {
                m.fetch_nan(v.get(), i.0);
            }
            ArgOp::FetchSlice(vs, i, _) | ArgOp::FetchNanSlice(vs, i, _) => {
                let first = fitting_first(*i, vs.len());
                for (j, &v) in indexed(first, vs) {
                    if matches!(op, ArgOp::FetchNanSlice(..)) {
                        m.fetch_nan(v.get(), j);
                    } else {
                        m.fetch(v.get(), j);
                    }
                }
            }
            ArgOp::Load(_) | ArgOp::Take(_) => unreachable!(),
        }
    }
    // Fisher–Yates with the stream, then cuts at random points.
    let mut rnd = stream(seed);
    for k in (1..updates.len()).rev() {
        #[allow(clippy::cast_possible_truncation)]
        updates.swap(k, (rnd.next().unwrap() % (k as u64 + 1)) as usize);
    }
    #[allow(clippy::cast_possible_truncation)]
    let mut cuts: Vec<usize> = (0..3)
        .map(|_| (rnd.next().unwrap() % (updates.len() as u64 + 1)) as usize)
        .collect();
    cuts.push(0);
    cuts.push(updates.len());
    cuts.sort_unstable();
    std::thread::scope(|s| {
        for w in cuts.windows(2) {
            let (part, r) = (&updates[w[0]..w[1]], &r);
            s.spawn(move || {
                for op in part {
                    match op {
                        ArgOp::Fetch(v, i, o) => r.reduce(v.get(), i.0, *o),
                        ArgOp::FetchNan(v, i, o) => r.reduce_propagating(v.get(), i.0, *o),
                        ArgOp::FetchSlice(vs, i, o) | ArgOp::FetchNanSlice(vs, i, o) => {
                            let vs: Vec<F> = vs.iter().map(|v| v.get()).collect();
                            let first = fitting_first(*i, vs.len());
                            if matches!(op, ArgOp::FetchNanSlice(..)) {
                                r.reduce_propagating_slice(&vs, first, *o)
                            } else {
                                r.reduce_slice(&vs, first, *o)
                            }
                        }
                        ArgOp::Load(_) | ArgOp::Take(_) => unreachable!(),
                    };
                }
            });
        }
    });
    let got = r.into_inner();
    let ok = pair_bits(got) == pair_bits(m.state);
    if !ok {
        eprintln!("split: got {got:?}, model {:?}", m.state);
    }
    ok
}

fn quickcheck_arg_reducer<F: TestFloat + ArgFloat + Send + Sync, D: Direction>() {
    #[allow(clippy::needless_pass_by_value)] // quickcheck passes owned arguments
    fn prop<F: TestFloat + ArgFloat, D: Direction>(ops: Vec<ArgOp>) -> bool {
        arg_agrees::<F, D>(&ops)
    }
    #[allow(clippy::needless_pass_by_value)] // quickcheck passes owned arguments
    fn split<F: TestFloat + ArgFloat + Send + Sync, D: Direction>(
        ops: Vec<ArgOp>,
        seed: u64,
    ) -> bool {
        arg_split_agrees::<F, D>(&ops, seed)
    }
    // Under Miri, one case and one split (on threads: the races are Miri's to
    // find); `arg_every_valid_ordering_on_edge_values_and_indices` takes every
    // operation there.
    let n = if cfg!(miri) { 1 } else { 2000 };
    QuickCheck::new()
        .tests(n)
        .quickcheck(prop::<F, D> as fn(Vec<ArgOp>) -> bool);
    QuickCheck::new()
        .tests((n / 4).max(1))
        .quickcheck(split::<F, D> as fn(Vec<ArgOp>, u64) -> bool);
}

/// Calls `$check::<F, Min>()` and `$check::<F, Max>()` for every float of the list
/// that has arg reducers (every one but `f64`, whose pair needs 128 bits).
macro_rules! for_every_arg_reducer {
    ($check:ident) => {{
        macro_rules! both {
            (f64, u64) => {};
            ($f:ty, $u:ty) => {
                // Under Miri, `f32` only: every arg reducer is the one generic
                // implementation on an `AtomicU64`.
                if !cfg!(miri) || stringify!($f) == "f32" {
                    $check::<$f, Min>();
                    $check::<$f, Max>();
                }
            };
        }
        normkey::for_each_key_float!(both);
    }};
}

#[test]
fn quickcheck_every_arg_reducer_and_split() {
    for_every_arg_reducer!(quickcheck_arg_reducer);
}

/// Every operation with every valid ordering on pairs of edge values, with edge
/// indices (0, 1, `u32::MAX - 1`, `u32::MAX`) in both orders. Under Miri, the
/// first values +0, the smallest normal, the all-payload NaN, −∞ and
/// −(signalling NaN), the second +0, the NaN and −(signalling NaN).
fn arg_every_ordering<F: TestFloat + ArgFloat, D: Direction>() {
    let n = F::edges().len();
    let indices = [0, 1, u32::MAX - 1, u32::MAX].map(Index);
    for i in common::miri_thin(0..n, 4) {
        for j in common::miri_thin(0..n, 8) {
            let (a, b) = (Val::Edge(i), Val::Edge(j));
            // Under Miri, one ordering per pair of values (rotating) and two index pairs.
            let orders = common::miri_thin(RMWS.iter().cycle().skip(i + j).take(RMWS.len()), 5);
            for &o in orders {
                let pairs = indices.iter().zip(indices.iter().rev());
                for (&x, &y) in common::miri_thin(pairs, 2) {
                    let ops = [
                        ArgOp::Fetch(a, x, o),
                        ArgOp::FetchNan(b, y, o),
                        ArgOp::Fetch(b, x, o),
                        ArgOp::FetchSlice(vec![a, b, a], y, o),
                        ArgOp::Load(Relaxed),
                        ArgOp::Take(o),
                        ArgOp::FetchNanSlice(vec![b, a], x, o),
                        ArgOp::FetchNan(a, y, o),
                    ];
                    assert!(arg_agrees::<F, D>(&ops), "{a:?} {b:?} {x:?} {y:?} {o:?}");
                }
            }
            for &l in &LOADS {
                assert!(arg_agrees::<F, D>(&[
                    ArgOp::Load(l),
                    ArgOp::Fetch(a, Index(3), Relaxed),
                    ArgOp::Load(l)
                ]));
            }
        }
    }
}

#[test]
fn arg_every_valid_ordering_on_edge_values_and_indices() {
    for_every_arg_reducer!(arg_every_ordering);
}

/// Every `f16` value against every edge value, with edge indices on either side,
/// through all four updates of both arg reducers, against the model.
#[cfg(feature = "half")]
#[test]
#[cfg_attr(miri, ignore = "millions of reducer operations: too slow under Miri")]
fn arg_every_f16_against_edge_values_and_indices() {
    #[allow(clippy::many_single_char_names)] // v, i, o: value, index, ordering, in every op
    fn check<D: Direction>() {
        let edges = f16::edges();
        let pairs = [
            (0_u32, 1_u32),
            (1, 0),
            (2, 2),
            (u32::MAX - 1, u32::MAX),
            (u32::MAX, 0),
        ];
        for a in 0..=u16::MAX {
            let a = f16::from_bits(a);
            for &b in &edges {
                for (i, j) in pairs {
                    {
                        for nan_form in [false, true] {
                            let r = AtomicArgExtremum::<f16, D>::new();
                            let mut m = ArgModel::<f16>::new(is_min::<D>());
                            let (p, q) = if nan_form {
                                (r.reduce_propagating(a, i, Relaxed), m.fetch_nan(a, i))
                            } else {
                                (r.reduce(a, i, Relaxed), m.fetch(a, i))
                            };
                            assert_eq!(pair_bits(p), pair_bits(q));
                            let (p, q) = if nan_form {
                                (r.reduce_propagating(b, j, Relaxed), m.fetch_nan(b, j))
                            } else {
                                (r.reduce(b, j, Relaxed), m.fetch(b, j))
                            };
                            assert_eq!(pair_bits(p), pair_bits(q), "{a:?} {i} then {b:?} {j}");
                            assert_eq!(
                                pair_bits(r.into_inner()),
                                pair_bits(m.state),
                                "{a:?} {i} then {b:?} {j}"
                            );
                        }
                    }
                }
            }
        }
    }
    check::<Min>();
    check::<Max>();
}

/// The empty state is never a pair: the NaN that shares the empty integer (the
/// all-payload NaN of the other sign, at index `u32::MAX`) is never stored, by
/// either form.
#[test]
fn arg_empty_is_never_a_pair() {
    let min = normkey::AtomicF32ArgMin::new();
    min.fetch_min(f32::NAN, u32::MAX, Relaxed);
    assert_eq!(min.load(Relaxed), None);
    min.fetch_minimum(f32::NAN, u32::MAX, Relaxed);
    let (v, i) = min.load(Relaxed).unwrap();
    assert_eq!((v.to_bits(), i), (u32::MAX, u32::MAX)); // the negative all-payload NaN
    let max = normkey::AtomicF32ArgMax::new();
    max.fetch_max(-f32::NAN, u32::MAX, Relaxed);
    assert_eq!(max.load(Relaxed), None);
    max.fetch_maximum(-f32::NAN, u32::MAX, Relaxed);
    let (v, i) = max.load(Relaxed).unwrap();
    assert_eq!((v.to_bits(), i), (0x7fff_ffff, u32::MAX));
    assert_eq!(format!("{:?}", normkey::AtomicF32ArgMax::default()), "None");
}

/// An operation on an atomic view; `min` picks `fetch_min`/`fetch_minimum` over the
/// `max` forms.
#[derive(Clone, Debug)]
enum ViewOp {
    Load(Ordering),
    Store(Val, Ordering),
    Swap(Val, Ordering),
    /// `current` (`None`: the value's own bits, so that it succeeds), `new`,
    /// success and failure orderings, weak.
    Cas(Option<Val>, Val, Ordering, Ordering, bool),
    Fetch(Val, bool, Ordering),
    FetchNan(Val, bool, Ordering),
}

impl Arbitrary for ViewOp {
    fn arbitrary(g: &mut Gen) -> Self {
        let load = *g.choose(&LOADS).unwrap();
        let store = *g.choose(&STORES).unwrap();
        let rmw = *g.choose(&RMWS).unwrap();
        let v = Val::arbitrary(g);
        match u8::arbitrary(g) % 8 {
            0 => ViewOp::Load(load),
            1 => ViewOp::Store(v, store),
            2 => ViewOp::Swap(v, rmw),
            3 => ViewOp::Cas(Option::arbitrary(g), v, rmw, load, bool::arbitrary(g)),
            4 | 5 => ViewOp::Fetch(v, bool::arbitrary(g), rmw),
            _ => ViewOp::FetchNan(v, bool::arbitrary(g), rmw),
        }
    }
}

/// Runs `ops` on a view and on the model (its direction set per operation); every
/// returned value and the end state must agree bit for bit.
fn view_agrees<F: TestFloat + AtomicFloat>(init: Val, ops: &[ViewOp]) -> bool {
    let init: F = init.get();
    let view = AtomicView::<F>::new(init);
    let mut m = Model {
        state: init,
        min: true,
    };
    for op in ops {
        let (got, want) = match *op {
            ViewOp::Load(o) => (view.load(o), m.state),
            ViewOp::Store(v, o) => {
                view.store(v.get(), o);
                m.replace(v.get());
                (view.load(Relaxed), m.state)
            }
            ViewOp::Swap(v, o) => (view.swap(v.get(), o), m.replace(v.get())),
            ViewOp::Cas(current, new, success, failure, weak) => {
                let current: F = current.map_or(m.state, Val::get);
                let matches = current.bits() == m.state.bits();
                let got = loop {
                    let r = if weak {
                        view.compare_exchange_weak(current, new.get(), success, failure)
                    } else {
                        view.compare_exchange(current, new.get(), success, failure)
                    };
                    match r {
                        // A spurious failure of the weak form: try again.
                        Err(x) if weak && x.bits() == current.bits() => {}
                        r => break r,
                    }
                };
                let want = if matches {
                    Ok(m.replace(new.get()))
                } else {
                    Err(m.state)
                };
                let same = match (got, want) {
                    (Ok(a), Ok(b)) | (Err(a), Err(b)) => a.bits() == b.bits(),
                    _ => false,
                };
                if !same {
                    eprintln!("{op:?}: got {got:?}, model {want:?}");
                    return false;
                }
                continue;
            }
            ViewOp::Fetch(v, min, o) => {
                m.min = min;
                let got = if min {
                    view.fetch_min(v.get(), o)
                } else {
                    view.fetch_max(v.get(), o)
                };
                (got, m.fetch(v.get()))
            }
            ViewOp::FetchNan(v, min, o) => {
                m.min = min;
                let got = if min {
                    view.fetch_minimum(v.get(), o)
                } else {
                    view.fetch_maximum(v.get(), o)
                };
                (got, m.fetch_nan(v.get()))
            }
        };
        if got.bits() != want.bits() {
            eprintln!("{op:?}: got {got:?}, model {want:?}");
            return false;
        }
    }
    view.into_inner().bits() == m.state.bits()
}

fn quickcheck_view<F: TestFloat + AtomicFloat>() {
    #[allow(clippy::needless_pass_by_value)] // quickcheck passes owned arguments
    fn prop<F: TestFloat + AtomicFloat>(init: Val, ops: Vec<ViewOp>) -> bool {
        view_agrees::<F>(init, &ops)
    }
    QuickCheck::new()
        .tests(if cfg!(miri) { 2 } else { 2000 })
        .quickcheck(prop::<F> as fn(Val, Vec<ViewOp>) -> bool);
    // Every pair of edge values through every update, both directions. Under
    // Miri, stored values +0, the smallest normal, the all-payload NaN, −∞ and
    // −(signalling NaN), against +0, the NaN and −(signalling NaN): both signs,
    // numbers and NaNs on each side.
    let n = F::edges().len();
    for i in common::miri_thin(0..n, 4) {
        for j in common::miri_thin(0..n, 8) {
            let (a, b) = (Val::Edge(i), Val::Edge(j));
            for min in [true, false] {
                let ops = [
                    ViewOp::Fetch(b, min, AcqRel),
                    ViewOp::FetchNan(a, min, Relaxed),
                    ViewOp::Fetch(a, !min, SeqCst),
                    ViewOp::Cas(None, b, Release, Acquire, false),
                    ViewOp::FetchNan(b, !min, Acquire),
                ];
                assert!(view_agrees::<F>(a, &ops), "{a:?} {b:?} {min}");
            }
        }
    }
}

#[test]
fn quickcheck_every_view_against_the_model() {
    macro_rules! each {
        ($f:ty, $u:ty) => {
            if !miri_skips(stringify!($f)) {
                quickcheck_view::<$f>();
            }
        };
    }
    normkey::for_each_key_float!(each);
}

/// A `&mut [f32]` viewed with `from_mut_slice`, updated by four threads (even
/// slots by `fetch_min`/`fetch_minimum`, odd ones by the max forms; the slots start
/// as numbers, so the end does not depend on the order), then read back as plain
/// floats: bit for bit the model's. Then the views mixed: `from_mut`, `from_ptr`,
/// `get_mut`, `get_mut_slice` on the same memory (Miri checks the aliasing).
#[test]
fn view_a_float_slice_from_threads_and_mixed_views() {
    const SLOTS: usize = 16;
    let updates: usize = if cfg!(miri) { 40 } else { 4000 };
    let init: Vec<f32> = stress_values(3, 4 * SLOTS)
        .into_iter()
        .filter(|x| !x.is_nan())
        .take(SLOTS)
        .collect();
    let per_thread: Vec<Vec<(usize, f32, bool)>> = (0..4)
        .map(|t| {
            let vals = stress_values(t + 10, updates);
            #[allow(clippy::cast_possible_truncation)]
            stream(t + 20)
                .zip(vals)
                .map(|(r, v)| ((r % SLOTS as u64) as usize, v, r % 3 == 0))
                .collect()
        })
        .collect();
    let mut buf = init.clone();
    let view = normkey::AtomicF32::from_mut_slice(&mut buf);
    std::thread::scope(|s| {
        for ups in &per_thread {
            let view = &*view;
            s.spawn(move || {
                for &(slot, v, nan_form) in ups {
                    let x = &view[slot];
                    match (slot % 2 == 0, nan_form) {
                        (true, false) => x.fetch_min(v, Relaxed),
                        (true, true) => x.fetch_minimum(v, AcqRel),
                        (false, false) => x.fetch_max(v, Release),
                        (false, true) => x.fetch_maximum(v, SeqCst),
                    };
                }
            });
        }
    });
    for (slot, (&got, &start)) in buf.iter().zip(&init).enumerate() {
        let mut m = Model {
            state: start,
            min: slot % 2 == 0,
        };
        for &(s, v, nan_form) in per_thread.iter().flatten() {
            if s == slot {
                if nan_form {
                    m.fetch_nan(v);
                } else {
                    m.fetch(v);
                }
            }
        }
        assert_eq!(got.to_bits(), m.state.to_bits(), "slot {slot}");
    }
    // Mixed views of the same memory, one after the other.
    let mut v = vec![1.0_f32, 2.0, 3.0];
    normkey::AtomicF32::from_mut(&mut v[0]).fetch_min(-0.0, Relaxed);
    let p = v.as_mut_ptr();
    // SAFETY: `p` points into the live vector, which is only accessed through
    // atomic views until `view_ptr`'s last use.
    let view_ptr = unsafe { normkey::AtomicF32::from_ptr(p.add(2)) };
    view_ptr.fetch_maximum(f32::NAN, Relaxed);
    // SAFETY: as above; the integer atomic of the same size on the same float.
    let as_int = unsafe { std::sync::atomic::AtomicU32::from_ptr(p.add(2).cast()) };
    assert_eq!(as_int.load(Relaxed), 0x7fff_ffff);
    let views = normkey::AtomicF32::from_mut_slice(&mut v);
    *views[1].get_mut() = f32::NEG_INFINITY;
    views[1].fetch_max(-1.0, Relaxed);
    let floats = normkey::AtomicF32::get_mut_slice(views);
    floats[1] += 0.5;
    assert_eq!(
        v.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
        [(-0.0_f32).to_bits(), (-0.5_f32).to_bits(), 0x7fff_ffff]
    );
}

/// The four `fetch_*` methods of a view holding `stored`, each with `arg`, against
/// the model: the previous value and the end state, bit for bit. The views'
/// `fetch_min`/`fetch_max` (and the NaN of `fetch_minimum`/`fetch_maximum`) are one
/// integer min/max on the raw bits chosen by the argument's sign
/// (`update_bits` in `src/atomic/update.rs`); this is the check of that rule.
#[cfg(feature = "half")] // its one caller sweeps the 16-bit patterns against edges
fn view_pair_agrees<F: TestFloat + AtomicFloat>(stored: F, arg: F) -> bool {
    view_pair_agrees_in(
        stored,
        arg,
        &[(false, true), (false, false), (true, true), (true, false)],
    )
}

/// [`view_pair_agrees`] for the `(propagate, min)` forms listed.
fn view_pair_agrees_in<F: TestFloat + AtomicFloat>(
    stored: F,
    arg: F,
    forms: &[(bool, bool)],
) -> bool {
    forms.iter().all(|&(propagate, min)| {
        let view = AtomicView::<F>::new(stored);
        let mut m = Model { state: stored, min };
        let (got, want) = match (propagate, min) {
            (false, true) => (view.fetch_min(arg, Relaxed), m.fetch(arg)),
            (false, false) => (view.fetch_max(arg, Relaxed), m.fetch(arg)),
            (true, true) => (view.fetch_minimum(arg, Relaxed), m.fetch_nan(arg)),
            (true, false) => (view.fetch_maximum(arg, Relaxed), m.fetch_nan(arg)),
        };
        got.bits() == want.bits() && view.into_inner().bits() == m.state.bits()
    })
}

/// Every `f16` and every `bf16` bit pattern as the argument against stored edge
/// values, and as the stored value against edge arguments, through the four
/// `fetch_*` methods of the views. The edges are the ends of each sign's range
/// (±0, the all-payload NaNs) and ±∞ inside it, so every pattern meets both
/// outcomes of every comparison the raw-bits rule makes; the rule itself
/// (`raw_op`) is checked on every one of the 2^32 pairs by the library's own
/// tests (exhaustive stage). All 2 × 2^32 pairs through the atomics took 180 s
/// of the exhaustive stage on 2 cores.
#[cfg(feature = "half")]
#[test]
#[ignore = "2 × 2^16 × 12 pairs through the atomics: release mode, in the exhaustive stage"]
fn every_16_bit_view_argument_and_stored_value_against_edges() {
    fn against_edges<F: TestFloat + AtomicFloat>() {
        let edges: Vec<F> = [0, F::inf(false).bits(), F::all_ones_nan(false).bits()]
            .into_iter()
            .flat_map(|e| [F::from_raw(e), F::from_raw(e | 0x8000)])
            .collect();
        let mut failures = 0_u64;
        for a in 0..=u64::from(u16::MAX) {
            let x = F::from_raw(a);
            for &e in &edges {
                for (stored, arg) in [(e, x), (x, e)] {
                    if !view_pair_agrees(stored, arg) {
                        if failures < 8 {
                            eprintln!(
                                "stored {:#06x}, argument {:#06x}",
                                stored.bits(),
                                arg.bits()
                            );
                        }
                        failures += 1;
                    }
                }
            }
        }
        assert_eq!(failures, 0, "{}", core::any::type_name::<F>());
    }
    against_edges::<f16>();
    against_edges::<half::bf16>();
}

/// `f32` arguments against stored edge values, and stored `f32`s against edge
/// arguments, through the views' raw-bits update: `fetch_min` and `fetch_max`,
/// and with a NaN argument `fetch_minimum` and `fetch_maximum` too (a number there
/// takes the compare-exchange loop on keys, which the quickcheck above covers).
/// The rule in `update_bits` depends only on the argument's sign and, within one
/// sign, on the signed or unsigned order of the two bit patterns; the edges are
/// the ends of each sign's range (±0, the all-payload NaNs) and ±∞ inside it, so
/// every pattern meets both outcomes of every comparison the rule makes. The
/// rule alone (`raw_op` in `src/atomic/update.rs`, a pure function) is checked on
/// every one of the 2^32 `f32` arguments against the stored edges by the library's
/// own tests (exhaustive stage); this test runs the views themselves, with their
/// atomics, on a sample. The patterns: every sign, exponent and top mantissa bit
/// pattern (the top 12 bits) with the low 20 bits at their ends and middle, and
/// every 4099th pattern (all 2^32 through the atomics took 11 minutes on 2 cores).
#[test]
#[ignore = "millions of view updates: release mode, in the exhaustive stage"]
fn f32_view_arguments_and_stored_values_against_edges() {
    let edges = [0.0, f32::INFINITY, f32::from_bits(0x7fff_ffff)].map(|x| [x, -x]);
    let edges = edges.as_flattened();
    let structured = (0..1_u32 << 12)
        .flat_map(|top| [0, 1, 0x7_ffff, 0x8_0000, 0xf_fffe, 0xf_ffff].map(|low| top << 20 | low));
    let patterns: Vec<f32> = structured
        .chain((0..=u32::MAX).step_by(4099))
        .map(f32::from_bits)
        .collect();
    let failures: u64 = std::thread::scope(|s| {
        let handles: Vec<_> = patterns
            .chunks(patterns.len().div_ceil(2))
            .map(|block| {
                s.spawn(move || {
                    let mut failures = 0_u64;
                    for &x in block {
                        for &e in edges {
                            for (stored, arg) in [(e, x), (x, e)] {
                                let forms: &[(bool, bool)] = if arg.is_nan() {
                                    &[(false, true), (false, false), (true, true), (true, false)]
                                } else {
                                    &[(false, true), (false, false)]
                                };
                                if !view_pair_agrees_in(stored, arg, forms) {
                                    if failures < 4 {
                                        eprintln!(
                                            "stored {:#010x}, argument {:#010x}",
                                            stored.to_bits(),
                                            arg.to_bits()
                                        );
                                    }
                                    failures += 1;
                                }
                            }
                        }
                    }
                    failures
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).sum()
    });
    assert_eq!(failures, 0);
}

/// The README's rayon recipes, compiled and checked: a parallel `key::argmin` as
/// `par_chunks().map(key::argmin)` and a reduce that keeps the lowest index of the
/// smallest value (the tie rule of `key::argmin`, on every split), and a float
/// buffer scattered into through the views from `par_iter().for_each`.
#[test]
#[cfg_attr(miri, ignore = "rayon's crossbeam-epoch fails Miri's aliasing checks")]
fn rayon_recipes() {
    use normkey::{AtomicF32, key};
    use rayon::prelude::*;
    // Edge values (−∞ many times, ±0, NaNs) among random bits.
    let values = stress_values(41, 100_000);
    // A parallel argmin: each chunk's argmin, then the smaller value, or the lower
    // index on a tie (compared by `total_cmp`: −0 < +0, and every NaN was skipped).
    let chunk = 4096;
    let best = values
        .par_chunks(chunk)
        .enumerate()
        .filter_map(|(c, part)| key::argmin(part).map(|i| c * chunk + i))
        .reduce_with(|a, b| match values[a].total_cmp(&values[b]) {
            Cmp::Less => a,
            Cmp::Greater => b,
            Cmp::Equal => a.min(b),
        });
    // `min_by` returns the first of equal minima.
    let first_min = values
        .iter()
        .enumerate()
        .filter(|(_, x)| !x.is_nan())
        .min_by(|a, b| a.1.total_cmp(b.1))
        .map(|(i, _)| i);
    assert_eq!(best, first_min);
    assert_eq!(key::argmin(&values), first_min);
    // A depth buffer scattered into from rayon's pool, then read as plain floats.
    let mut depth = vec![f32::INFINITY; 64];
    let view = AtomicF32::from_mut_slice(&mut depth);
    values.par_iter().enumerate().for_each(|(i, &d)| {
        view[i % 64].fetch_min(d, Relaxed);
    });
    for (slot, &got) in depth.iter().enumerate() {
        let mut m = Model {
            state: f32::INFINITY,
            min: true,
        };
        for &d in values.iter().skip(slot).step_by(64) {
            m.fetch(d);
        }
        assert_eq!(got.to_bits(), m.state.to_bits(), "slot {slot}");
    }
}
