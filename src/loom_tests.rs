//! The reducers under loom: every interleaving (with at most
//! `LOOM_MAX_PREEMPTIONS` preemptions) of the modelled operations.
//!
//! A test module of the library (`cfg(all(loom, test))`, as tokio does), so that
//! `loom` is a dev-dependency and never in a dependent's `Cargo.lock`:
//!
//! `CARGO_TARGET_DIR=target/loom RUSTFLAGS="--cfg loom" LOOM_MAX_PREEMPTIONS=2 cargo test --release --features half --lib loom`
//!
//! One file a little over the house's 600 lines, on purpose: the models share one
//! harness (`race`, `Racer`, the sequential model and its linearizability check)
//! and are read against it; its path is named by `Cargo.toml` and `.ci/run`.

extern crate std;

use crate::atomic::{AtomicArgExtremum, AtomicExtremum, AtomicFloat, Direction, Max, Min};
use crate::atomic::{AtomicF32Max, AtomicF32Min, AtomicF64Min};
use core::any::TypeId;
use core::cmp::Ordering as Cmp;
use loom::cell::UnsafeCell;
use loom::sync::Arc;
use loom::thread;
use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::Ordering;
use std::sync::atomic::Ordering::{AcqRel, Acquire, Relaxed, Release, SeqCst};
use std::vec;
use std::vec::Vec;

/// What the model needs of a float, from the float's own methods (not the crate's
/// key): NaN test, totalOrder, IEEE bits.
trait Total: AtomicFloat + Send + Sync {
    fn nan(self) -> bool;
    fn total(&self, other: &Self) -> Cmp;
    fn bits(self) -> u64;
}

macro_rules! total {
    ($f:ty, $bits:ty) => {
        impl Total for $f {
            fn nan(self) -> bool {
                self.is_nan()
            }
            fn total(&self, other: &Self) -> Cmp {
                self.total_cmp(other)
            }
            fn bits(self) -> u64 {
                u64::from(self.to_bits())
            }
        }
    };
}
crate::for_each_key_float!(total);

/// The sequential model, written with `total_cmp` only: `fetch_min` (`D` = `Min`)
/// keeps the smaller under totalOrder and ignores NaN arguments; `fetch_max` the
/// larger.
fn model<F: Total, D: Direction>(current: F, v: F) -> F {
    let improves = if TypeId::of::<D>() == TypeId::of::<Min>() {
        Cmp::Less
    } else {
        Cmp::Greater
    };
    if !v.nan() && v.total(&current) == improves {
        v
    } else {
        current
    }
}

/// All orders of `0..n` (n ≤ 3 here).
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for i in 0..=p.len() {
            let mut q = p.clone();
            q.insert(i, n - 1);
            out.push(q);
        }
    }
    out
}

/// Is there a sequential order of the updates `values` (applied to `init` with
/// the model of `D`) in which every call returns what it returned and the end is
/// `last`?
fn linearizable<F: Total, D: Direction>(init: F, values: &[F], returned: &[F], last: F) -> bool {
    permutations(values.len()).into_iter().any(|order| {
        let mut state = init;
        for &i in &order {
            if returned[i].bits() != state.bits() {
                return false;
            }
            state = model::<F, D>(state, values[i]);
        }
        state.bits() == last.bits()
    })
}

/// The returned values of every sequential order of the updates.
fn sequential_outcomes<F: Total, D: Direction>(init: F, values: &[F]) -> HashSet<Vec<u64>> {
    permutations(values.len())
        .into_iter()
        .map(|order| {
            let mut returned = vec![0; values.len()];
            let mut state = init;
            for i in order {
                returned[i] = state.bits();
                state = model::<F, D>(state, values[i]);
            }
            returned
        })
        .collect()
}

/// One thread per value racing `reduce` (`fetch_min` or `fetch_max`) on one
/// `AtomicExtremum<F, D>`; checks the final value and that the returned previous
/// values fit some sequential order. Then checks coverage: every sequential
/// order's outcome was seen in some execution, so the model did explore the races
/// (loom 0.7's DPOR can miss interleavings after a load, tokio-rs/loom#392, and
/// every update here starts with a load).
fn race<F: Total, D: Direction>(init: F, values: &[F], orders: &[Ordering]) {
    race_on::<F, D, AtomicExtremum<F, D>>(init, values, orders);
}

/// What [`race_on`] races: a reducer, or a view updated in one direction.
trait Racer<F, D>: Send + Sync + Sized + 'static {
    fn make(init: F) -> Self;
    fn update(&self, v: F, order: Ordering) -> F;
    fn get(&self) -> F;
}

impl<F: Total, D: Direction> Racer<F, D> for AtomicExtremum<F, D> {
    fn make(init: F) -> Self {
        Self::new(init)
    }
    fn update(&self, v: F, order: Ordering) -> F {
        self.reduce(v, order)
    }
    fn get(&self) -> F {
        self.load(SeqCst)
    }
}

impl<F: Total, D: Direction> Racer<F, D> for crate::atomic::AtomicView<F> {
    fn make(init: F) -> Self {
        Self::new(init)
    }
    fn update(&self, v: F, order: Ordering) -> F {
        if TypeId::of::<D>() == TypeId::of::<Min>() {
            self.fetch_min(v, order)
        } else {
            self.fetch_max(v, order)
        }
    }
    fn get(&self) -> F {
        self.load(SeqCst)
    }
}

/// [`race`] on any [`Racer`].
fn race_on<F: Total, D: Direction, R: Racer<F, D>>(init: F, values: &[F], orders: &[Ordering]) {
    let seen = Seen::default();
    let (seen_in, values_in, orders) = (seen.clone(), values.to_vec(), orders.to_vec());
    loom::model(move || {
        let values = &values_in;
        let r = Arc::new(R::make(init));
        let handles: Vec<_> = values
            .iter()
            .zip(&orders)
            .map(|(&v, &order)| {
                let r = Arc::clone(&r);
                thread::spawn(move || r.update(v, order))
            })
            .collect();
        let returned: Vec<F> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        let last = r.get();
        let extreme = values.iter().fold(init, |s, &v| model::<F, D>(s, v));
        assert_eq!(
            last.bits(),
            extreme.bits(),
            "final {last:?}, want {extreme:?}"
        );
        assert!(
            linearizable::<F, D>(init, values, &returned, last),
            "returned {returned:?} for {values:?} from {init:?}"
        );
        seen_in.insert(returned.iter().map(|x| x.bits()).collect());
    });
    assert_eq!(
        seen.all(),
        sequential_outcomes::<F, D>(init, values),
        "not every order explored"
    );
}

/// Runs the body once per float type of the crate's list (`$f` the type; the
/// 16-bit types with feature `half`: loom 0.7 models `AtomicU16`).
macro_rules! for_each_float {
    (|$f:ident| $body:block) => {{
        macro_rules! each {
            ($t:ty, $bits:ty) => {{
                type $f = $t;
                $body
            }};
        }
        crate::for_each_key_float!(each);
    }};
}

#[test]
fn two_threads_fetch_min_signed_zeros() {
    for_each_float!(|F| {
        let zero = F::from(0_i8);
        race::<F, Min>(F::INFINITY, &[zero, -zero], &[Relaxed, AcqRel]);
    });
}

#[test]
fn two_threads_fetch_max_signed_zeros() {
    for_each_float!(|F| {
        let zero = F::from(0_i8);
        race::<F, Max>(F::NEG_INFINITY, &[-zero, zero], &[Release, Acquire]);
    });
}

#[test]
fn three_threads_fetch_min_with_nan() {
    for_each_float!(|F| {
        let zero = F::from(0_i8);
        race::<F, Min>(
            F::INFINITY,
            &[zero, F::NAN, -zero],
            &[Relaxed, SeqCst, Release],
        );
    });
}

#[test]
fn three_threads_fetch_max_with_nan_and_infinity() {
    for_each_float!(|F| {
        let zero = F::from(0_i8);
        race::<F, Max>(
            -zero,
            &[-F::NAN, F::INFINITY, zero],
            &[AcqRel, Relaxed, Relaxed],
        );
    });
}

#[test]
fn three_threads_fetch_min_replace_positive_nan() {
    // A +NaN stored by `new` is above +∞ in totalOrder: any number replaces it.
    for_each_float!(|F| {
        let (zero, one) = (F::from(0_i8), F::from(1_i8));
        race::<F, Min>(F::NAN, &[one, -one, -zero], &[Relaxed, Relaxed, AcqRel]);
    });
}

/// Records what each execution of a model saw, to check afterwards that the
/// interesting executions were explored at all (see [`race`]).
#[derive(Clone, Default)]
struct Seen(std::sync::Arc<Mutex<HashSet<Vec<u64>>>>);

impl Seen {
    fn insert(&self, outcome: Vec<u64>) {
        self.0.lock().unwrap().insert(outcome);
    }
    fn all(&self) -> HashSet<Vec<u64>> {
        self.0.lock().unwrap().clone()
    }
}

/// (2) Message passing: the writer publishes non-atomic `data` (a loom
/// `UnsafeCell`: loom reports any access not ordered by happens-before), then
/// improves the reducer with `Release`; a reader that sees the improved value with
/// `Acquire` sees the data. Both outcomes of the race must be explored.
#[test]
fn message_passing_through_an_improving_update() {
    let seen = Seen::default();
    let seen_in = seen.clone();
    loom::model(move || {
        let data = Arc::new(UnsafeCell::new(0_usize));
        let r = Arc::new(AtomicF32Min::default());
        let writer = {
            let (data, r) = (Arc::clone(&data), Arc::clone(&r));
            thread::spawn(move || {
                // SAFETY: the only write; readers read only after synchronizing
                // with the `Release` update below (loom checks exactly that).
                data.with_mut(|p| unsafe { *p = 42 });
                r.fetch_min(1.0, Release);
            })
        };
        let reader = thread::spawn(move || {
            let improved = r.load(Acquire).to_bits() == 1.0_f32.to_bits();
            if improved {
                // SAFETY: the acquire load saw the `Release` update, which follows the write.
                assert_eq!(data.with(|p| unsafe { *p }), 42);
            }
            improved
        });
        writer.join().unwrap();
        seen_in.insert(vec![u64::from(reader.join().unwrap())]);
    });
    assert_eq!(seen.all(), HashSet::from([vec![0], vec![1]]));
}

/// (2') The improving update is a read-modify-write, so a later improving update
/// by another thread continues its release sequence: a reader that acquires the
/// later value still sees the first writer's data.
#[test]
fn message_passing_through_a_release_sequence() {
    let seen = Seen::default();
    let seen_in = seen.clone();
    loom::model(move || {
        let data = Arc::new(UnsafeCell::new(0_usize));
        let r = Arc::new(AtomicF32Max::default());
        let writer = {
            let (data, r) = (Arc::clone(&data), Arc::clone(&r));
            thread::spawn(move || {
                // SAFETY: as above: read only after an acquire that synchronizes with this thread.
                data.with_mut(|p| unsafe { *p = 7 });
                r.fetch_max(1.0, Release);
            })
        };
        let other = {
            let r = Arc::clone(&r);
            // Improves only after the writer's update: its RMW reads 1.0 or later.
            thread::spawn(move || {
                if r.load(Relaxed).to_bits() == 1.0_f32.to_bits() {
                    r.fetch_max(2.0, Relaxed);
                }
            })
        };
        let reader = thread::spawn(move || {
            let later = r.load(Acquire).to_bits() == 2.0_f32.to_bits();
            if later {
                // SAFETY: 2.0 continues the release sequence of the writer's update.
                assert_eq!(data.with(|p| unsafe { *p }), 7);
            }
            later
        });
        writer.join().unwrap();
        other.join().unwrap();
        seen_in.insert(vec![u64::from(reader.join().unwrap())]);
    });
    assert_eq!(seen.all(), HashSet::from([vec![0], vec![1]]));
}

/// (3) `fetch_minimum` with a NaN racing ordinary values: the end is the sticky
/// NaN whatever the order (several orders must be explored).
#[test]
fn fetch_minimum_nan_wins_any_race() {
    let seen = Seen::default();
    let seen_in = seen.clone();
    loom::model(move || {
        let r = Arc::new(AtomicF32Min::new(0.5));
        let threads: Vec<_> = [f32::NAN, -1.0, -0.0]
            .into_iter()
            .map(|v| {
                let r = Arc::clone(&r);
                thread::spawn(move || r.fetch_minimum(v, AcqRel))
            })
            .collect();
        let returned: Vec<u64> = threads
            .into_iter()
            .map(|t| u64::from(t.join().unwrap().to_bits()))
            .collect();
        let last = r.load(SeqCst);
        assert!(last.is_nan() && last.is_sign_negative(), "{last:?}");
        assert_eq!(last.to_bits(), u32::MAX);
        seen_in.insert(returned);
    });
    // NaN first, last, or in the middle (and -1 / -0 in either order).
    assert!(seen.all().len() >= 4, "{:?}", seen.all());
}

/// (3') A positive NaN put in by `swap` is kept by `fetch_minimum` with numbers,
/// even though it sorts above +∞. (`swap`, not `store`: loom 0.7 lets a plain
/// store race into the middle of a read-modify-write, tokio-rs/loom#254, and
/// reports impossible histories for `store` against any RMW.)
#[test]
fn fetch_minimum_keeps_a_stored_nan_of_the_other_sign() {
    let seen = Seen::default();
    let seen_in = seen.clone();
    loom::model(move || {
        let r = Arc::new(AtomicF32Min::new(0.5));
        let swap_thread = {
            let r = Arc::clone(&r);
            thread::spawn(move || r.swap(f32::NAN, AcqRel))
        };
        let updater = {
            let r = Arc::clone(&r);
            thread::spawn(move || {
                r.fetch_minimum(-1.0, AcqRel);
                r.fetch_minimum(-2.0, Relaxed);
            })
        };
        let swapped = swap_thread.join().unwrap();
        updater.join().unwrap();
        let last = r.load(SeqCst);
        // Either the swap came last, or the updates came after it and kept its NaN.
        assert_eq!(last.to_bits(), f32::NAN.to_bits(), "{last:?}");
        seen_in.insert(vec![u64::from(swapped.to_bits())]);
    });
    // The swap ran before, between and after the updates.
    let want: HashSet<Vec<u64>> = [0.5_f32, -1.0, -2.0]
        .iter()
        .map(|x| vec![u64::from(x.to_bits())])
        .collect();
    assert_eq!(seen.all(), want);
}

/// (4) `take` racing updates: every value lands in a taken result or in the end
/// value (some taken or end value is at most it).
#[test]
fn take_loses_no_update() {
    let seen = Seen::default();
    let seen_in = seen.clone();
    loom::model(move || {
        let r = Arc::new(AtomicF64Min::default());
        let values = [[3.0, 1.0], [-0.0, 2.0]];
        let updaters: Vec<_> = values
            .into_iter()
            .map(|vs| {
                let r = Arc::clone(&r);
                thread::spawn(move || {
                    for v in vs {
                        r.fetch_min(v, Relaxed);
                    }
                })
            })
            .collect();
        let take_thread = {
            let r = Arc::clone(&r);
            thread::spawn(move || r.take(AcqRel))
        };
        for u in updaters {
            u.join().unwrap();
        }
        let taken = take_thread.join().unwrap();
        let last = r.load(SeqCst);
        for v in values.into_iter().flatten() {
            assert!(
                [taken, last]
                    .iter()
                    .any(|x| x.total_cmp(&v) != Cmp::Greater),
                "{v:?} lost: taken {taken:?}, end {last:?}"
            );
        }
        seen_in.insert(vec![taken.to_bits(), last.to_bits()]);
    });
    // The take ran before, between and after the updates.
    let seen = seen.all();
    assert!(
        seen.contains(&vec![f64::INFINITY.to_bits(), (-0.0_f64).to_bits()]),
        "{seen:?}"
    );
    assert!(
        seen.contains(&vec![(-0.0_f64).to_bits(), f64::INFINITY.to_bits()]),
        "{seen:?}"
    );
    assert!(seen.len() >= 4, "{seen:?}");
}

/// The arg reducers: one thread per `(value, index)` racing `reduce` (or, with
/// `propagating`, `reduce_propagating`) on one `AtomicArgExtremum<f32, D>`; the end
/// pair must be `want` on every schedule, and the updates must have been seen in
/// more than one order (the end pair's thread both first and not first).
fn arg_race<D: Direction>(updates: &[(f32, u32)], propagating: bool, want: (u32, u32)) {
    let seen = Seen::default();
    let (seen_in, updates_in) = (seen.clone(), updates.to_vec());
    loom::model(move || {
        let r = Arc::new(AtomicArgExtremum::<f32, D>::new());
        let handles: Vec<_> = updates_in
            .iter()
            .zip([AcqRel, Relaxed, SeqCst])
            .map(|(&(v, i), order)| {
                let r = Arc::clone(&r);
                thread::spawn(move || {
                    if propagating {
                        r.reduce_propagating(v, i, order)
                    } else {
                        r.reduce(v, i, order)
                    }
                })
            })
            .collect();
        let returned: Vec<u64> = handles
            .into_iter()
            .map(|h| {
                h.join().unwrap().map_or(u64::MAX, |(v, i)| {
                    (u64::from(v.to_bits()) << 32) | u64::from(i)
                })
            })
            .collect();
        let (v, i) = r.load(SeqCst).unwrap();
        assert_eq!((v.to_bits(), i), want, "{updates_in:?}");
        seen_in.insert(returned);
    });
    // Some thread saw the reducer empty in one execution and not in another.
    let all = seen.all();
    assert!(all.len() >= 2, "{all:?}");
}

#[test]
fn arg_three_threads_equal_values_end_at_the_lowest_index() {
    let one = 1.0_f32.to_bits();
    arg_race::<Min>(&[(1.0, 7), (1.0, 3), (1.0, 5)], false, (one, 3));
    arg_race::<Max>(&[(1.0, 7), (1.0, 3), (1.0, 5)], false, (one, 3));
    arg_race::<Min>(&[(1.0, 7), (1.0, 3), (1.0, 5)], true, (one, 3));
    arg_race::<Max>(&[(1.0, u32::MAX), (1.0, 0), (1.0, 5)], true, (one, 0));
}

#[test]
fn arg_nan_racing_a_number_both_forms() {
    // NaN ignored: the number wins whatever the order.
    arg_race::<Min>(&[(f32::NAN, 0), (2.0, 9)], false, (2.0_f32.to_bits(), 9));
    arg_race::<Max>(
        &[(-f32::NAN, 0), (-2.0, 9)],
        false,
        ((-2.0_f32).to_bits(), 9),
    );
    // NaN propagates: the all-payload NaN of the reducing sign with the NaN's index.
    arg_race::<Min>(&[(f32::NAN, 4), (-2.0, 1)], true, (u32::MAX, 4));
    arg_race::<Max>(&[(-f32::NAN, 4), (2.0, 1)], true, (0x7fff_ffff, 4));
}

/// `take` racing two updates: each update is in the taken pair or in the end pair
/// (the one of them that is at least as good as it), and the take ran both before
/// and after the updates in some executions.
#[test]
fn arg_take_loses_no_update() {
    let seen = Seen::default();
    let seen_in = seen.clone();
    loom::model(move || {
        let r = Arc::new(AtomicArgExtremum::<f32, Min>::new());
        let pairs = [(0.5_f32, 2_u32), (0.5, 1)];
        let updaters: Vec<_> = pairs
            .into_iter()
            .map(|(v, i)| {
                let r = Arc::clone(&r);
                thread::spawn(move || {
                    r.fetch_min(v, i, Relaxed);
                })
            })
            .collect();
        let take_thread = {
            let r = Arc::clone(&r);
            thread::spawn(move || r.take(AcqRel))
        };
        for u in updaters {
            u.join().unwrap();
        }
        let taken = take_thread.join().unwrap();
        let last = r.load(SeqCst);
        for (v, i) in pairs {
            assert!(
                [taken, last]
                    .iter()
                    .flatten()
                    .any(|&(w, j)| w.to_bits() == v.to_bits() && j <= i),
                "({v}, {i}) lost: taken {taken:?}, end {last:?}"
            );
        }
        seen_in.insert(vec![
            u64::from(taken.map_or(0, |p| p.1 + 1)),
            u64::from(last.map_or(0, |p| p.1 + 1)),
        ]);
    });
    let all = seen.all();
    // Before both updates, after both.
    assert!(all.contains(&vec![0, 2]), "{all:?}");
    assert!(all.contains(&vec![2, 0]), "{all:?}");
}

/// The views' update (an integer min/max on the raw bits picked by the argument's
/// sign; a compare-exchange loop on the keys for a number under `fetch_minimum`)
/// under races: signed zeros with `fetch_min` end at −0; a NaN through
/// `fetch_minimum` racing numbers through both forms ends at the negative
/// all-payload NaN; several orders explored.
#[test]
fn view_races_end_as_the_reducers() {
    use crate::atomic::AtomicF32;
    for (init, updates, want) in [
        (
            0.5_f32,
            [(0.0_f32, false), (-0.0, false), (1.0, true)],
            (-0.0_f32).to_bits(),
        ),
        (
            0.5,
            [(f32::NAN, true), (-1.0, false), (-2.0, true)],
            u32::MAX,
        ),
    ] {
        let seen = Seen::default();
        let seen_in = seen.clone();
        loom::model(move || {
            let v = Arc::new(AtomicF32::new(init));
            let threads: Vec<_> = updates
                .into_iter()
                .zip([Relaxed, AcqRel, SeqCst])
                .map(|((x, propagate), order)| {
                    let v = Arc::clone(&v);
                    thread::spawn(move || {
                        if propagate {
                            v.fetch_minimum(x, order)
                        } else {
                            v.fetch_min(x, order)
                        }
                    })
                })
                .collect();
            let returned: Vec<u64> = threads
                .into_iter()
                .map(|t| u64::from(t.join().unwrap().to_bits()))
                .collect();
            assert_eq!(v.load(SeqCst).to_bits(), want);
            seen_in.insert(returned);
        });
        assert!(seen.all().len() >= 3, "{:?}", seen.all());
    }
}

/// A skipped update against improving ones, on the reducers and on the views (whose
/// update picks a signed or an unsigned integer min/max by the argument's sign):
/// from 1, `fetch_min(2)` never improves and is only a load; `fetch_min(0.5)`
/// (sign clear: the signed form) and `fetch_min(−0)` (sign set: the unsigned form)
/// do. Every returned value fits a sequential order and every order's outcome is
/// seen (the skipped call returns 1, 0.5 or −0, as it lands); the max mirror too.
#[test]
fn skipped_update_against_improving_ones() {
    for_each_float!(|F| {
        let (zero, one, two) = (F::from(0_i8), F::from(1_i8), F::from(2_i8));
        let half = one / two;
        let orders = [Relaxed, AcqRel, Release];
        race::<F, Min>(one, &[two, half, -zero], &orders);
        race::<F, Max>(-one, &[-two, -half, zero], &orders);
        race_on::<F, Min, crate::atomic::AtomicView<F>>(one, &[two, half, -zero], &orders);
        race_on::<F, Max, crate::atomic::AtomicView<F>>(-one, &[-two, -half, zero], &orders);
    });
}
