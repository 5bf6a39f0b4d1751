//! `normkey::sort` against the Rust sorts, the copy floor and each other, in one run.
//!
//! `cargo bench -p normkey-bench --bench sort` prints, per case, the fastest of `NORMKEY_SORT_REPS`
//! (default 5) runs of every contender, interleaved (one run of each in turn, so a
//! noisy moment hits all), and each time as a ratio to normkey's and in copies of
//! the same data (`copy_from_slice`). `NORMKEY_SORT_CASES=f32,select` runs only the
//! cases whose names contain one of the words; `NORMKEY_SORT_N` changes the large
//! size (default 2^24 = 16M). Every contender sorts a fresh copy of the same input;
//! the copy is not timed. The results are checked against normkey's (peers' float
//! orders differ only on NaN and ±0, absent from the peers' inputs).
//!
//! `NORMKEY_SORT_DUMP=DIR` writes each float case's input and normkey's time
//! there, for `NumPy` (`tools/sort-peers/peers.py DIR`).
//!
//! Not a criterion bench: one sort of 16M takes 50–500 ms, and the ratios of
//! interleaved minima are what the README reports.

// Test data: the casts build floats from random bits on purpose.
#![allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

use normkey::sort;
use rayon::prelude::*;
use rdst::RadixSort as _;
use voracious_radix_sort::RadixSort as _;

/// The system allocator, tracking the bytes allocated now and their peak: the
/// peak-memory column.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to `System` unchanged; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
        PEAK.fetch_max(live, Relaxed);
        // SAFETY: the caller's contract is `System.alloc`'s.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Relaxed);
        // SAFETY: the caller's contract is `System.dealloc`'s.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The most bytes `f` holds allocated at once beyond what was live before it.
fn peak_extra(f: impl FnOnce()) -> usize {
    let before = LIVE.load(Relaxed);
    PEAK.store(before, Relaxed);
    f();
    PEAK.load(Relaxed) - before
}

/// A small deterministic generator (xorshift64*), so every run sorts the same data.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    /// Uniform in [-1, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 52) as f64 - 1.0
    }
}

fn uniform_f32(n: usize, seed: u64) -> Vec<f32> {
    let mut r = Rng(seed);
    (0..n).map(|_| (r.unit() * 1e6) as f32).collect()
}

/// Random bit patterns without NaN (so every peer accepts them).
fn bits_f32(n: usize, seed: u64) -> Vec<f32> {
    let mut r = Rng(seed);
    (0..n)
        .map(|_| {
            loop {
                let x = f32::from_bits(r.next() as u32);
                if !x.is_nan() {
                    break x;
                }
            }
        })
        .collect()
}

fn uniform_f64(n: usize, seed: u64) -> Vec<f64> {
    let mut r = Rng(seed);
    (0..n).map(|_| r.unit() * 1e6).collect()
}

/// One contender: a name and a closure that runs once on fresh data, timing
/// only the part after its setup.
type Run<'a> = Box<dyn FnMut() -> Duration + 'a>;

fn case(name: &str, bytes: usize, contenders: Vec<(&str, Run)>) -> Duration {
    let reps: usize = std::env::var("NORMKEY_SORT_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let mut contenders = contenders;
    let mut best = vec![Duration::MAX; contenders.len()];
    for _ in 0..reps {
        for (b, (_, run)) in best.iter_mut().zip(contenders.iter_mut()) {
            *b = (*b).min(run());
        }
    }
    // The copy floor for this many bytes.
    let src = vec![0u8; bytes];
    let mut dst = vec![1u8; bytes];
    let mut copy = Duration::MAX;
    for _ in 0..reps.max(5) {
        let t = Instant::now();
        dst.copy_from_slice(black_box(&src));
        black_box(&mut dst);
        copy = copy.min(t.elapsed());
    }
    let ours = best[0];
    println!(
        "\n{name} (copy of the data: {:.2} ms)",
        copy.as_secs_f64() * 1e3
    );
    println!("| contender | ms | normkey / it | copies |");
    println!("|---|---|---|---|");
    for ((who, _), t) in contenders.iter().zip(&best) {
        println!(
            "| {who} | {:.2} | {:.3} | {:.1} |",
            t.as_secs_f64() * 1e3,
            ours.as_secs_f64() / t.as_secs_f64(),
            t.as_secs_f64() / copy.as_secs_f64()
        );
    }
    ours
}

/// With `NORMKEY_SORT_DUMP=DIR`: `input` as `DIR/<n>.bin` (the values' bits,
/// little-endian) and a line of `DIR/normkey.tsv`: the case, the file, the
/// float type, how many sorts a run makes, and normkey's best time in ms: what
/// `tools/sort-peers/peers.py` times `NumPy` on.
fn dump<T: Bits>(label: &str, input: &[T], runs: usize, ours: Duration) {
    use std::io::Write as _;
    let Ok(dir) = std::env::var("NORMKEY_SORT_DUMP") else {
        return;
    };
    let width = std::mem::size_of::<T>();
    let bytes: Vec<u8> = input
        .iter()
        .flat_map(|x| x.bits().to_le_bytes().into_iter().take(width))
        .collect();
    let tsv = format!("{dir}/normkey.tsv");
    let index = std::fs::read_to_string(&tsv).map_or(0, |t| t.lines().count());
    let file = format!("{index}.bin");
    std::fs::write(format!("{dir}/{file}"), bytes).expect("NORMKEY_SORT_DUMP: write the data");
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&tsv)
        .expect("NORMKEY_SORT_DUMP: open normkey.tsv");
    writeln!(
        out,
        "{label}\t{file}\tf{}\t{runs}\t{:.3}",
        8 * width,
        ours.as_secs_f64() * 1e3
    )
    .expect("NORMKEY_SORT_DUMP: write normkey.tsv");
}

/// Times `f` on a fresh copy of `input`, checking the result with `check`.
fn timed<T: Clone>(input: &[T], mut f: impl FnMut(&mut Vec<T>)) -> Duration {
    let mut v = input.to_vec();
    let t = Instant::now();
    f(&mut v);
    let d = t.elapsed();
    black_box(&v);
    d
}

fn wanted(words: &str, name: &str) -> bool {
    words.is_empty() || words.split(',').any(|w| name.contains(w))
}

fn bits32(v: &[f32]) -> Vec<u32> {
    v.iter().map(|x| x.to_bits()).collect()
}

/// A named sort.
type Sort<T> = (&'static str, fn(&mut Vec<T>));

/// The single-threaded sorts of one float type, normkey first.
macro_rules! float_sorts {
    ($f:ty) => {
        [
            (
                "normkey sort::sort",
                (|v| sort::sort(v)) as fn(&mut Vec<$f>),
            ),
            ("normkey sort::sort_with_buffer, buffer reused", |v| {
                // The allocation's cost apart: the buffer's pages are mapped by
                // the first run (the fastest of the runs is reported).
                thread_local! {
                    static BUF: core::cell::RefCell<Vec<$f>> = const { core::cell::RefCell::new(Vec::new()) };
                }
                BUF.with_borrow_mut(|buf| {
                    buf.resize(v.len(), 0.0);
                    sort::sort_with_buffer(v, buf);
                });
            }),
            ("normkey sort::sort in AVX2", |v| {
                sort::__sort_at(v, normkey::__dispatch::Width::Avx2);
            }),
            ("normkey sort::sort without vectors (the radix routes)", |v| {
                sort::__sort_at(v, normkey::__dispatch::Width::Baseline);
            }),
            ("radsort::sort", |v| radsort::sort(v)),
            ("voracious_sort", |v| v.voracious_sort()),
            ("rdst (single-threaded tuner)", |v| {
                v.radix_sort_builder()
                    .with_single_threaded_tuner()
                    .with_parallel(false)
                    .sort();
            }),
            ("sort_unstable_by(total_cmp)", |v| {
                v.sort_unstable_by(<$f>::total_cmp);
            }),
        ]
    };
}

/// The bits of a float, to compare results bit for bit.
trait Bits: Copy {
    fn bits(self) -> u64;
}
impl Bits for f32 {
    fn bits(self) -> u64 {
        u64::from(self.to_bits())
    }
}
impl Bits for f64 {
    fn bits(self) -> u64 {
        self.to_bits()
    }
}

/// The single-threaded sorts of a float type at one size, `reps_inner` sorts
/// per run, each result checked against normkey's.
fn float_case<T: Bits>(label: &str, input: &[T], reps_inner: usize, sorts: &[Sort<T>]) {
    let mut want = input.to_vec();
    (sorts[0].1)(&mut want);
    for &(who, f) in sorts {
        let mut v = input.to_vec();
        f(&mut v);
        assert!(
            v.iter().zip(&want).all(|(a, b)| a.bits() == b.bits()),
            "{who} disagrees with normkey"
        );
    }
    let contenders = sorts
        .iter()
        .map(|&(who, f)| {
            let run: Run = Box::new(move || (0..reps_inner).map(|_| timed(input, f)).sum());
            (who, run)
        })
        .collect();
    let ours = case(label, std::mem::size_of_val(input) * reps_inner, contenders);
    dump(label, input, reps_inner, ours);
    let peaks: Vec<String> = sorts
        .iter()
        .map(|&(who, f)| {
            let mut v = input.to_vec();
            let peak = peak_extra(|| f(&mut v));
            format!(
                "{who} {:.2}",
                peak as f64 / std::mem::size_of_val(input) as f64
            )
        })
        .collect();
    println!("peak extra memory / the slice's: {}", peaks.join(", "));
}

/// The distributions of the matrix: a name and the input of `n` keys.
type Distribution = (&'static str, fn(usize) -> Vec<f32>);

/// The distribution matrix's inputs: users' data, not only uniform floats.
const DISTRIBUTIONS: [Distribution; 11] = [
    ("uniform ±1e6", |n| uniform_f32(n, 11)),
    ("random bits", |n| bits_f32(n, 12)),
    ("[0, 1)", |n| {
        let mut r = Rng(13);
        (0..n).map(|_| (r.unit() * 0.5 + 0.5) as f32).collect()
    }),
    ("normal", |n| {
        let mut r = Rng(14);
        (0..n)
            .map(|_| {
                let (a, b) = ((r.unit() * 0.5 + 0.5).max(1e-300), r.unit());
                ((-2.0 * a.ln()).sqrt() * (std::f64::consts::PI * b).cos()) as f32
            })
            .collect()
    }),
    ("16 distinct values", |n| {
        let mut r = Rng(15);
        (0..n)
            .map(|_| (r.next() % 16) as f32 * 0.75 - 3.0)
            .collect()
    }),
    ("4,400 distinct values", |n| {
        let mut r = Rng(16);
        (0..n)
            .map(|_| (r.next() % 4400) as f32 / 16.0 + 100.0)
            .collect()
    }),
    ("all equal", |n| vec![1.5; n]),
    ("sorted", |n| {
        let mut v = uniform_f32(n, 17);
        v.sort_unstable_by(f32::total_cmp);
        v
    }),
    ("reversed", |n| {
        let mut v = uniform_f32(n, 18);
        v.sort_unstable_by(|a, b| b.total_cmp(a));
        v
    }),
    ("sorted, 1% of pairs swapped", |n| {
        let mut v = uniform_f32(n, 19);
        v.sort_unstable_by(f32::total_cmp);
        let mut r = Rng(20);
        for _ in 0..n / 100 {
            let i = (r.next() % n as u64) as usize;
            v.swap(i, (i + 1).min(n - 1));
        }
        v
    }),
    ("Zipf-like", |n| {
        let mut r = Rng(21);
        (0..n)
            .map(|_| (1.0 / ((r.unit() * 0.5 + 0.5) + 1e-4)).floor() as f32)
            .collect()
    }),
];

/// `sort` against every single-threaded peer (std's `sort_unstable_by` included)
/// on each distribution at 1Mi and at `n`, interleaved as in [`case`]: the time
/// of `sort` over the fastest peer's, and each contender's peak extra memory
/// (one run). A peer that panics is left out of that row (voracious 1.2 does on
/// some inputs).
fn case_matrix(n: usize) {
    let reps: usize = std::env::var("NORMKEY_SORT_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let sorts = float_sorts!(f32);
    let mut summary = Vec::new();
    for size in [1 << 20, n] {
        println!("\ndistribution matrix, f32, n = {size} (ms, fastest of {reps}; peak extra MiB)");
        println!(
            "| distribution | {} | normkey / fastest peer |",
            sorts.map(|s| s.0).join(" | ")
        );
        println!("|---|{}---|", "---|".repeat(sorts.len()));
        for (name, make) in DISTRIBUTIONS {
            let input = make(size);
            let mut want = input.clone();
            want.sort_by(f32::total_cmp);
            let hook = std::panic::take_hook();
            std::panic::set_hook(Box::new(|_| {}));
            let ok: Vec<bool> = sorts
                .iter()
                .map(|&(_, f)| {
                    let mut v = input.clone();
                    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(&mut v)));
                    ran.is_ok() && bits32(&v) == bits32(&want)
                })
                .collect();
            std::panic::set_hook(hook);
            assert!(ok[0], "normkey sort, {name}: wrong result");
            let peaks: Vec<usize> = sorts
                .iter()
                .zip(&ok)
                .map(|(&(_, f), &ok)| {
                    let mut v = input.clone();
                    if ok { peak_extra(|| f(&mut v)) } else { 0 }
                })
                .collect();
            let mut best = vec![Duration::MAX; sorts.len()];
            for _ in 0..reps {
                for ((b, &(_, f)), &ok) in best.iter_mut().zip(&sorts).zip(&ok) {
                    if ok {
                        *b = (*b).min(timed(&input, f));
                    }
                }
            }
            // The peers: every contender but normkey's own forms.
            let (fastest, peer) = sorts
                .iter()
                .zip(&best)
                .filter(|(s, _)| !s.0.starts_with("normkey"))
                .min_by_key(|(_, t)| **t)
                .map_or(("", Duration::MAX), |(s, t)| (s.0, *t));
            let ratio = best[0].as_secs_f64() / peer.as_secs_f64();
            let cells: Vec<String> = best
                .iter()
                .zip(&peaks)
                .zip(&ok)
                .map(|((t, p), &ok)| {
                    if ok {
                        format!(
                            "{:.2} ({:.1})",
                            t.as_secs_f64() * 1e3,
                            *p as f64 / f64::from(1 << 20)
                        )
                    } else {
                        "panics or wrong".to_string()
                    }
                })
                .collect();
            println!(
                "| {name} | {} | {ratio:.2} ({fastest}) |",
                cells.join(" | ")
            );
            summary.push((size, name, ratio, fastest));
        }
    }
    println!("\nsummary: normkey sort / the fastest single-threaded peer");
    println!("| distribution | n | ratio | fastest peer |");
    println!("|---|---|---|---|");
    for (size, name, ratio, fastest) in summary {
        println!("| {name} | {size} | {ratio:.2} | {fastest} |");
    }
}

/// A case: its name (what `NORMKEY_SORT_CASES` matches) and what runs it at size `n`.
type Case = (&'static str, fn(usize));

fn main() {
    let words = std::env::var("NORMKEY_SORT_CASES").unwrap_or_default();
    let n: usize = std::env::var("NORMKEY_SORT_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1 << 24);
    if std::env::args().any(|a| a == "--list" || a == "--test") {
        return; // `cargo test -p normkey-bench --benches` and `cargo bench -p normkey-bench -- --list`: nothing to run
    }
    let cases: [Case; 12] = [
        ("semantics", case_semantics),
        ("f32 uniform", case_f32_uniform),
        ("f32 bits", case_f32_bits),
        ("f32 1M", case_f32_1m),
        ("f32 4096", case_f32_4096),
        ("f64", case_f64),
        ("records", case_records),
        ("argsort", case_argsort),
        ("select", case_select),
        ("par", case_par),
        ("bykey", case_by_key),
        ("matrix", case_matrix),
    ];
    for (name, run) in cases {
        if wanted(&words, name) {
            run(n);
        }
    }
}

fn case_f32_uniform(n: usize) {
    let label = format!("f32 uniform in ±1e6, n = {n}");
    float_case(&label, &uniform_f32(n, 1), 1, &float_sorts!(f32));
}

fn case_f32_bits(n: usize) {
    let label = format!("f32 random bit patterns (no NaN), n = {n}");
    float_case(&label, &bits_f32(n, 2), 1, &float_sorts!(f32));
}

fn case_f32_1m(_: usize) {
    let label = "f32 uniform in ±1e6, n = 2^20";
    float_case(label, &uniform_f32(1 << 20, 3), 1, &float_sorts!(f32));
}

fn case_f32_4096(_: usize) {
    let label = "f32 uniform in ±1e6, n = 4096 (in L1; 1000 sorts per run)";
    float_case(label, &uniform_f32(4096, 4), 1000, &float_sorts!(f32));
}

fn case_f64(n: usize) {
    let label = format!("f64 uniform in ±1e6, n = {n}");
    float_case(&label, &uniform_f64(n, 5), 1, &float_sorts!(f64));
}

fn case_records(n: usize) {
    let keys = uniform_f32(n, 6);
    let input: Vec<(f32, u32)> = keys.iter().zip(0..).map(|(&k, i)| (k, i)).collect();
    let mut a = input.clone();
    sort::sort_by_key(&mut a, |r| r.0);
    let mut b = input.clone();
    radsort::sort_by_key(&mut b, |r| r.0);
    assert!(
        a.iter()
            .zip(&b)
            .all(|(x, y)| x.0.to_bits() == y.0.to_bits() && x.1 == y.1)
    );
    let input = &input;
    case(
        &format!("sort_by_key: (f32 key, u32 payload) records, n = {n}"),
        n * 8,
        vec![
            (
                "normkey sort::sort_by_key",
                Box::new(move || timed(input, |v| sort::sort_by_key(v, |r| r.0))),
            ),
            (
                "normkey sort::sort_by_cached_key",
                Box::new(move || timed(input, |v| sort::sort_by_cached_key(v, |r| r.0))),
            ),
            (
                "radsort::sort_by_key",
                Box::new(move || timed(input, |v| radsort::sort_by_key(v, |r| r.0))),
            ),
            (
                "std sort_by(total_cmp) (stable)",
                Box::new(move || timed(input, |v| v.sort_by(|a, b| a.0.total_cmp(&b.0)))),
            ),
        ],
    );
}

fn case_argsort(n: usize) {
    let input = uniform_f32(n, 7);
    let ours = sort::argsort(&input);
    let input = &input;
    let packed = |v: &[f32]| -> Vec<usize> {
        let mut p: Vec<u64> = v
            .iter()
            .zip(0u64..)
            .map(|(x, i)| (u64::from(normkey::OrderedKey::new(*x).to_bits()) << 32) | i)
            .collect();
        p.radix_sort_builder()
            .with_single_threaded_tuner()
            .with_parallel(false)
            .sort();
        p.iter().map(|&x| (x & 0xffff_ffff) as usize).collect()
    };
    assert_eq!(packed(input), ours);
    let std_argsort = |v: &[f32]| -> Vec<usize> {
        let mut idx: Vec<usize> = (0..v.len()).collect();
        idx.sort_by(|&a, &b| v[a].total_cmp(&v[b]));
        idx
    };
    let mut t_std = Duration::MAX;
    let mut t_ours = Duration::MAX;
    let mut t_packed = Duration::MAX;
    let mut t_u32 = Duration::MAX;
    for _ in 0..3 {
        let t = Instant::now();
        black_box(sort::argsort(black_box(input)));
        t_ours = t_ours.min(t.elapsed());
        let t = Instant::now();
        black_box(sort::argsort_u32(black_box(input)));
        t_u32 = t_u32.min(t.elapsed());
        let t = Instant::now();
        black_box(packed(black_box(input)));
        t_packed = t_packed.min(t.elapsed());
    }
    let t = Instant::now();
    let s = std_argsort(input);
    t_std = t_std.min(t.elapsed());
    assert_eq!(s, ours);
    println!("\nargsort of f32 uniform in ±1e6, n = {n} (std: one run)");
    println!("| contender | ms | normkey / it |");
    println!("|---|---|---|");
    for (who, t) in [
        ("normkey sort::argsort", t_ours),
        ("normkey sort::argsort_u32 (`u32` indices)", t_u32),
        ("(key << 32 | index) u64 by rdst, single-threaded", t_packed),
        ("std stable index sort by total_cmp", t_std),
    ] {
        println!(
            "| {who} | {:.1} | {:.3} |",
            t.as_secs_f64() * 1e3,
            t_ours.as_secs_f64() / t.as_secs_f64()
        );
    }
}

fn case_select(n: usize) {
    let input = uniform_f32(n, 8);
    let k = n / 2;
    let mut c = input.clone();
    let want = *c.select_nth_unstable_by(k, f32::total_cmp).1;
    assert_eq!(sort::select(&input, k).unwrap().to_bits(), want.to_bits());
    let input = &input;
    let label =
        format!("select the median of f32 uniform in ±1e6, n = {n} (read-only; the peer copies)");
    let ours = case(
        &label,
        n * 4,
        vec![
            (
                "normkey sort::select",
                Box::new(move || {
                    let t = Instant::now();
                    black_box(sort::select(black_box(input), k));
                    t.elapsed()
                }),
            ),
            (
                "copy + select_nth_unstable_by(total_cmp)",
                Box::new(move || {
                    let t = Instant::now();
                    let mut c = input.clone();
                    black_box(*c.select_nth_unstable_by(k, f32::total_cmp).1);
                    t.elapsed()
                }),
            ),
        ],
    );
    dump(&label, input, 1, ours);
}

fn case_par(n: usize) {
    let input = uniform_f32(n, 9);
    let mut want = input.clone();
    sort::sort(&mut want);
    let mut p = input.clone();
    sort::par_sort(&mut p);
    assert_eq!(bits32(&p), bits32(&want));
    let threads = rayon::current_num_threads();
    let input = &input;
    case(
        &format!("parallel sort of f32 uniform in ±1e6, n = {n}, {threads} threads"),
        n * 4,
        vec![
            (
                "normkey sort::par_sort",
                Box::new(move || timed(input, |v| sort::par_sort(v))),
            ),
            (
                "normkey sort::sort",
                Box::new(move || timed(input, |v| sort::sort(v))),
            ),
            (
                "rayon par_sort_unstable_by(total_cmp)",
                Box::new(move || timed(input, |v| v.par_sort_unstable_by(f32::total_cmp))),
            ),
            (
                "rdst (multi-threaded)",
                Box::new(move || timed(input, rdst::RadixSort::radix_sort_unstable)),
            ),
            (
                "voracious_mt_sort",
                Box::new(move || timed(input, |v| v.voracious_mt_sort(threads))),
            ),
        ],
    );
}

/// A user's record: a score and an id, sorted by score descending, then id.
#[derive(Clone, Copy)]
struct Scored {
    score: f32,
    id: u32,
}

/// The user's workaround for `par_sort_by_key`: copy the keys (which hold the
/// whole record here) into a vector, `par_sort` it (in place), copy back.
fn by_key_tuples(v: &mut [Scored]) {
    use core::cmp::Reverse;
    let mut keys: Vec<(Reverse<f32>, u32)> =
        v.par_iter().map(|r| (Reverse(r.score), r.id)).collect();
    sort::par_sort(&mut keys);
    v.par_iter_mut().zip(&keys).for_each(|(r, k)| {
        *r = Scored {
            score: k.0.0,
            id: k.1,
        };
    });
}

/// `par_sort_by_key` against `sort_by_key` and the user's workaround
/// ([`by_key_tuples`]) on `{f32, u32}` records by `(Reverse(score), id)`
/// (issue 40), with each one's peak extra memory.
fn case_by_key(n: usize) {
    use core::cmp::Reverse;
    let keys = uniform_f32(n, 10);
    let mut r = Rng(11);
    let input: Vec<Scored> = keys
        .iter()
        .map(|&score| Scored {
            score,
            id: (r.next() % (n as u64)) as u32,
        })
        .collect();
    let key = |r: &Scored| (Reverse(r.score), r.id);
    let same = |a: &[Scored], b: &[Scored]| {
        a.iter()
            .zip(b)
            .all(|(x, y)| x.score.to_bits() == y.score.to_bits() && x.id == y.id)
    };
    let mut want = input.clone();
    let seq = peak_extra(|| sort::sort_by_key(&mut want, key));
    let mut p = input.clone();
    let par = peak_extra(|| sort::par_sort_by_key(&mut p, key));
    assert!(same(&p, &want), "par_sort_by_key");
    let mut t = input.clone();
    let tuples = peak_extra(|| by_key_tuples(&mut t));
    assert!(same(&t, &want), "tuples");
    let threads = rayon::current_num_threads();
    let mib = |b: usize| b as f64 / f64::from(1 << 20);
    println!(
        "\npeak extra memory, {{f32, u32}} by (Reverse(score), id), n = {n} ({:.0} MiB): \
         sort_by_key {:.0} MiB, par_sort_by_key {:.0} MiB, key tuples + par_sort {:.0} MiB",
        mib(n * 8),
        mib(seq),
        mib(par),
        mib(tuples)
    );
    let input = &input;
    case(
        &format!("{{f32, u32}} by (Reverse(score), id), n = {n}, {threads} threads"),
        n * 8,
        vec![
            (
                "normkey sort::par_sort_by_key",
                Box::new(move || timed(input, |v| sort::par_sort_by_key(v, key))),
            ),
            (
                "normkey sort::sort_by_key",
                Box::new(move || timed(input, |v| sort::sort_by_key(v, key))),
            ),
            (
                "key tuples + sort::par_sort + copy back",
                Box::new(move || timed(input, |v| by_key_tuples(v))),
            ),
            (
                "rayon par_sort_by (stable)",
                Box::new(move || {
                    timed(input, |v| {
                        v.par_sort_by(|a, b| b.score.total_cmp(&a.score).then(a.id.cmp(&b.id)));
                    })
                }),
            ),
        ],
    );
}

/// What each peer does with NaNs of both signs and ±0 (the README's failure
/// column): the order it gives, or its panic.
fn case_semantics(_: usize) {
    let input = [2.0_f32, -f32::NAN, 0.0, f32::NAN, -0.0, -1.0];
    let show = |v: &[f32]| {
        v.iter()
            .map(|x| match (x.is_nan(), x.is_sign_negative()) {
                (true, true) => "-NaN".to_string(),
                (true, false) => "+NaN".to_string(),
                (false, true) if *x == 0.0 => "-0".to_string(),
                _ => format!("{x}"),
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    println!("\nsorting {}:", show(&input));
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {})); // the panics are the result here
    for (who, f) in float_sorts!(f32) {
        let mut v = input.to_vec();
        let got = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(&mut v)));
        match got {
            Ok(()) => println!("| {who} | {} |", show(&v)),
            Err(_) => println!("| {who} | panics |"),
        }
    }
    std::panic::set_hook(hook);
    let mut v: Vec<sort::NanLast<f32>> = input.iter().map(|&x| sort::NanLast(x)).collect();
    sort::sort(&mut v);
    let v: Vec<f32> = v.iter().map(|x| x.0).collect();
    println!("| normkey sort::sort on NanLast | {} |", show(&v));
}
