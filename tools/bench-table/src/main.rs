//! The benchmark table: for every comparison in `benches/`, normkey's time over the
//! peer's (criterion's median from the last `cargo bench -p normkey-bench`) and how many inputs the
//! peer gets wrong, counted here on the very functions the benches time
//! (`benches/peers/mod.rs`).
//!
//! ```sh
//! cargo bench -p normkey-bench                                              # writes target/criterion
//! cargo run --release -p bench-table                # encoders: every f32
//! cargo run --release -p bench-table -- --in-range  # encoders: [lo, 1] only
//! ```
//!
//! Prints a markdown table for BENCHMARKS.md. A comparison whose bench has not run
//! (no `estimates.json`) is listed as missing, with the command that runs it.
//!
//! What "wrong" means, per kind of comparison:
//! * decode: codes whose result differs (bits) from `c as f32 / max as f32`,
//!   correctly rounded by IEEE division; SNORM's most negative code gives −1.0;
//!   over every code.
//! * encode: `f32` inputs whose code differs from the exact one (NaN → 0, clamp,
//!   `x · max` in `f64`, where it is exact, rounded half away from zero); over all
//!   2³² bit patterns, on every core.
//! * sort, and the key encoders: adjacent pairs out of IEEE totalOrder
//!   (`f32::total_cmp`) after sorting a sample with NaNs of both signs and
//!   payloads, ±0, ±∞ and subnormals.
//! * atomic minimum: (a, b) pairs of edge values where the minimum of +∞, a, b
//!   differs (bits) from the totalOrder minimum with NaN ignored, which is what
//!   `fetch_min` promises.
//!
//! normkey's side goes through the same checks; the table says so if it is ever
//! wrong (then the reference is suspect).

#[path = "../../../benches/peers/mod.rs"]
mod peers;

use std::fmt::Write as _;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::time::Instant;

use normkey::OrderedKey;
use ordered_float::OrderedFloat;
use peers::SharedMin;

/// How many inputs a peer gets wrong, or why the question does not apply.
enum Wrong {
    Counted { wrong: u64, of: String },
    NotApplicable(&'static str),
}

/// One line of the table: normkey's bench against one peer's, in one criterion
/// group.
struct Row {
    group: String,
    /// The `cargo bench -p normkey-bench --bench` target that writes the group.
    bench: &'static str,
    /// Criterion's path of the group, then of normkey's and the peer's bench in it.
    dir: String,
    normkey: (&'static str, String),
    peer: String,
    /// The issue's bound on normkey / peer, as a number and as written.
    target: Option<(f64, &'static str)>,
    wrong: Wrong,
}

fn main() {
    let in_range = std::env::args().any(|a| a == "--in-range");
    let started = Instant::now();
    let mut rows = Vec::new();
    let mut self_check = Vec::new();
    peers::storage_formats!(storage_rows, rows, self_check, in_range);
    key_rows(&mut rows, &mut self_check);
    atomic_rows(&mut rows, &mut self_check);
    let counted = started.elapsed();

    print_table(&rows, in_range);
    println!();
    print_overflow_checks();
    println!();
    if self_check.is_empty() {
        println!("Self-check: normkey's side gets every input of every count above right.");
    } else {
        for s in &self_check {
            println!("SELF-CHECK FAILED: {s} (the reference or normkey is wrong)");
        }
    }
    println!(
        "Counting the wrong inputs took {:.1} s.",
        counted.as_secs_f64()
    );
}

/// The rows of one storage format: decode and encode, both sizes, every peer.
macro_rules! storage_rows {
    ($rows:ident, $self_check:ident, $in_range:ident, $T:ident, lo = $lo:literal, decode = [$($dec:ident),*], encode = [$($enc:ident),*]) => {{
        let max = i32::from(normkey::$T::MAX.to_bits());
        let name = stringify!($T);

        let codes = || normkey::$T::MIN.to_bits()..=normkey::$T::MAX.to_bits();
        let of = codes().count().to_string();
        let decode_wrong = |f: &dyn Fn(_) -> f32| {
            codes()
                .filter(|&c| f(c).to_bits() != normkey_oracle::decode_normalized(i64::from(c), i64::from(max)).to_bits())
                .count() as u64
        };
        let normkey = decode_wrong(&|c| normkey::$T::from_bits(c).to_f32());
        check(&mut $self_check, normkey, &format!("{name}::to_f32"));
        let decoders = [$((stringify!($dec), decode_wrong(&peers::$T::$dec))),*];

        let ranges = if $in_range { in_range($lo) } else { vec![0..=u32::MAX] };
        let ([normkey, $($enc),*], of_encode) = count_f32(&ranges, |xs, exact| {
            for (e, &x) in exact.iter_mut().zip(xs) {
                *e = normkey_oracle::encode_normalized_f64(x, $lo, f64::from(max));
            }
            [
                mismatches(xs, exact, |x| i32::from(normkey::$T::from_f32(x).to_bits())),
                $(mismatches(xs, exact, |x| i32::from(peers::$T::$enc(x)))),*
            ]
        });
        check(&mut $self_check, normkey, &format!("{name}::from_f32"));
        let of_encode = if $in_range { format!("{of_encode} in [{}, 1]", $lo) } else { of_encode };
        let encoders = [$((stringify!($enc), $enc)),*];

        for n in peers::STORAGE_SIZES {
            let size = if n.is_power_of_two() && n > 4096 {
                format!("2^{}", n.trailing_zeros())
            } else {
                n.to_string()
            };
            for (peer, wrong) in decoders {
                $rows.push(Row {
                    group: format!("{name} decode, {size}"),
                    bench: "storage",
                    dir: format!("{name}_decode"),
                    normkey: ("decode_slice", format!("normkey/{n}")),
                    peer: format!("{peer}/{n}"),
                    target: (name == "Unorm8" && peer == "widen").then_some((1.1, "≤ 1.1")),
                    wrong: Wrong::Counted { wrong, of: of.clone() },
                });
            }
            for (peer, wrong) in encoders {
                $rows.push(Row {
                    group: format!("{name} encode, {size}"),
                    bench: "storage",
                    dir: format!("{name}_encode"),
                    normkey: ("encode_slice", format!("normkey/{n}")),
                    peer: format!("{peer}/{n}"),
                    target: match (name, peer) {
                        ("Unorm8", "add_half") => Some((1.0, "≤ 1.0")),
                        ("Unorm8", "round") => Some((1.0 / 3.0, "≤ 1/3")),
                        _ => None,
                    },
                    wrong: Wrong::Counted { wrong, of: of_encode.clone() },
                });
            }
        }
    }};
}
use storage_rows;

/// The bit patterns of the floats in [lo, 1] (lo = 0 or −1), ±0 included.
fn in_range(lo: f64) -> Vec<RangeInclusive<u32>> {
    let one = 1.0_f32.to_bits();
    if lo < 0.0 {
        vec![0..=one, 0x8000_0000..=0x8000_0000 | one]
    } else {
        vec![0..=one, 0x8000_0000..=0x8000_0000]
    }
}

/// The `f32` inputs of one step of [`count_f32`].
const CHUNK: usize = 4096;

/// For every `f32` whose bits are in `ranges`, on every core: `count(xs, scratch)`
/// answers, for a chunk of inputs `xs`, how many of them each of `K` functions gets
/// wrong. Returns the totals and how many inputs there were.
fn count_f32<const K: usize>(
    ranges: &[RangeInclusive<u32>],
    count: impl Fn(&[f32], &mut [f64]) -> [u64; K] + Sync,
) -> ([u64; K], String) {
    let threads = std::thread::available_parallelism().map_or(1, usize::from) as u64;
    let mut totals = [0; K];
    let mut inputs = 0;
    for range in ranges {
        let (start, end) = (u64::from(*range.start()), u64::from(*range.end()) + 1);
        inputs += end - start;
        let per_thread = (end - start).div_ceil(threads);
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let from = start + t * per_thread;
                    let to = (from + per_thread).min(end);
                    let count = &count;
                    s.spawn(move || {
                        let (mut xs, mut scratch) = (Vec::with_capacity(CHUNK), vec![0.0; CHUNK]);
                        let mut totals = [0_u64; K];
                        let mut next = from;
                        while next < to {
                            let stop = (next + CHUNK as u64).min(to);
                            xs.clear();
                            #[allow(clippy::cast_possible_truncation)] // bits < 2³²
                            xs.extend((next..stop).map(|bits| f32::from_bits(bits as u32)));
                            let counts = count(&xs, &mut scratch[..xs.len()]);
                            for (t, c) in totals.iter_mut().zip(counts) {
                                *t += c;
                            }
                            next = stop;
                        }
                        totals
                    })
                })
                .collect();
            for h in handles {
                for (t, c) in totals.iter_mut().zip(h.join().unwrap()) {
                    *t += c;
                }
            }
        });
    }
    let of = if inputs == 1 << 32 {
        "2^32".to_owned()
    } else {
        format!("{inputs}")
    };
    (totals, of)
}

/// How many `x` in `xs` give `f(x)` other than the matching `exact` code.
#[allow(clippy::float_cmp)] // codes, exact in `f64`
fn mismatches(xs: &[f32], exact: &[f64], f: impl Fn(f32) -> i32) -> u64 {
    xs.iter()
        .zip(exact)
        .filter(|&(&x, &e)| f64::from(f(x)) != e)
        .count() as u64
}

/// Edge values: NaNs of both signs (quiet, signalling, with payloads), ±∞, ±1,
/// the subnormals next to zero, ±0.
const EDGES: [f32; 12] = [
    f32::NAN,
    f32::from_bits(0xffc0_1234),
    f32::from_bits(0x7f80_0001),
    f32::NEG_INFINITY,
    -1.0,
    f32::from_bits(0x8000_0001),
    -0.0,
    0.0,
    f32::from_bits(1),
    0.5,
    1.0,
    f32::INFINITY,
];

/// 2²⁰ floats: random bit patterns, every fourth an edge value, so that ±0 and NaNs
/// of both signs meet in the sort.
fn sort_sample() -> Vec<f32> {
    let mut s = 0x2545_f491_4f6c_dd1d_u64;
    (0..1 << 20)
        .map(|i| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            #[allow(clippy::cast_possible_truncation)]
            let bits = (s >> 32) as u32;
            if i % 4 == 0 {
                EDGES[bits as usize % EDGES.len()]
            } else {
                f32::from_bits(bits)
            }
        })
        .collect()
}

/// Adjacent pairs of `v` out of IEEE totalOrder.
fn inversions(v: &[f32]) -> u64 {
    v.windows(2)
        .filter(|w| w[0].total_cmp(&w[1]).is_gt())
        .count() as u64
}

fn key_rows(rows: &mut Vec<Row>, self_check: &mut Vec<String>) {
    let sample = sort_sample();
    let pairs = format!("{} adjacent pairs", sample.len() - 1);
    let sorted = |sort: fn(&mut [f32])| {
        let mut v = sample.clone();
        sort(&mut v);
        inversions(&v)
    };
    check(self_check, sorted(peers::normkey_key_sort), "the key sort");
    let mut by_key = sample.clone();
    by_key.sort_unstable_by_key(|&x| OrderedKey::from(x));
    check(self_check, inversions(&by_key), "OrderedKey order");
    let mut by_total_cmp_key = sample.clone();
    by_total_cmp_key.sort_unstable_by_key(|&x| peers::total_cmp_key(x));

    let encode = |peer: &str, target, wrong| Row {
        group: "keys encode, 16M f32".into(),
        bench: "key",
        dir: "key_encode_f32".into(),
        normkey: ("encode_slice", "normkey_encode_slice".into()),
        peer: peer.into(),
        target,
        wrong,
    };
    let copy = || Wrong::NotApplicable("n/a: a copy, not a key");
    let in_place = |mut row: Row| {
        row.normkey = ("encode_in_place", "normkey_encode_in_place".into());
        row
    };
    rows.push(encode("plain_copy", None, copy()));
    rows.push(in_place(encode("plain_copy", Some((1.2, "≤ 1.2")), copy())));
    rows.push(encode(
        "total_cmp_key",
        None,
        Wrong::Counted {
            wrong: inversions(&by_total_cmp_key),
            of: pairs.clone(),
        },
    ));

    let mut ordered_float: Vec<_> = sample.iter().copied().map(OrderedFloat).collect();
    peers::ordered_float_sort_unstable(&mut ordered_float);
    let ordered_float: Vec<f32> = ordered_float.into_iter().map(|x| x.0).collect();
    for (peer, wrong) in [
        (
            "sort_unstable_by_total_cmp",
            sorted(peers::sort_unstable_by_total_cmp),
        ),
        ("ordered_float_sort_unstable", inversions(&ordered_float)),
        ("radsort", sorted(peers::radsort)),
    ] {
        rows.push(Row {
            group: "sort 16M f32".into(),
            bench: "key",
            dir: "key_sort_f32".into(),
            normkey: ("key sort", "normkey_key_sort".into()),
            peer: peer.into(),
            target: None,
            wrong: Wrong::Counted {
                wrong,
                of: pairs.clone(),
            },
        });
    }
}

/// The totalOrder minimum of +∞ and the values, NaN ignored: what `fetch_min` promises.
fn reference_min(values: &[f32]) -> f32 {
    values
        .iter()
        .copied()
        .filter(|x| !x.is_nan())
        .fold(
            f32::INFINITY,
            |m, x| if x.total_cmp(&m).is_lt() { x } else { m },
        )
}

/// The (a, b) pairs of edge values where `min(&[a, b])` differs (bits) from
/// [`reference_min`].
fn wrong_min(min: impl Fn(&[f32]) -> f32) -> Wrong {
    let mut wrong = 0;
    for a in EDGES {
        for b in EDGES {
            wrong += u64::from(min(&[a, b]).to_bits() != reference_min(&[a, b]).to_bits());
        }
    }
    let of = format!("{} pairs", EDGES.len() * EDGES.len());
    Wrong::Counted { wrong, of }
}

/// `values` fed one by one into a fresh `R`.
fn shared_min<R: SharedMin>(values: &[f32]) -> f32 {
    let r = R::new();
    for &v in values {
        r.min(v);
    }
    r.get()
}

fn atomic_rows(rows: &mut Vec<Row>, self_check: &mut Vec<String>) {
    for (name, min) in [
        (
            "fetch_min",
            shared_min::<normkey::AtomicF32Min> as fn(&[f32]) -> f32,
        ),
        ("fetch_min_slice", peers::normkey_fetch_min_slice),
    ] {
        if let Wrong::Counted { wrong, .. } = wrong_min(min) {
            check(self_check, wrong, &format!("AtomicF32Min::{name}"));
        }
    }
    for (group, dir, target) in [
        (
            "atomic min, 2 threads, random",
            "atomic_random",
            Some((1.0 / 50.0, "≤ 1/50")),
        ),
        (
            "atomic min, 2 threads, improving",
            "atomic_improving",
            Some((1.0, "≤ 1.0")),
        ),
    ] {
        for (peer, min) in [
            (
                <portable_atomic::AtomicF32 as SharedMin>::NAME,
                shared_min::<portable_atomic::AtomicF32> as fn(&[f32]) -> f32,
            ),
            (
                <atomic_float::AtomicF32 as SharedMin>::NAME,
                shared_min::<atomic_float::AtomicF32>,
            ),
            (
                <std::sync::Mutex<f32> as SharedMin>::NAME,
                shared_min::<std::sync::Mutex<f32>>,
            ),
        ] {
            rows.push(Row {
                group: group.into(),
                bench: "atomic",
                dir: dir.into(),
                normkey: ("fetch_min", "normkey".into()),
                peer: peer.into(),
                target: target.filter(|_| peer == "portable-atomic"),
                wrong: wrong_min(min),
            });
        }
        // The floor: the same skip-then-RMW loop hand-written on a plain `AtomicU32`.
        rows.push(Row {
            group: group.into(),
            bench: "atomic",
            dir: dir.into(),
            normkey: ("fetch_min", "normkey".into()),
            peer: <peers::FloorMin as SharedMin>::NAME.into(),
            target: (dir == "atomic_random").then_some((1.1, "≤ 1.1")),
            wrong: Wrong::NotApplicable("the floor: no NaN handling, not a peer"),
        });
    }
    for (peer, min) in [
        (
            "local f32::min fold",
            peers::local_f32_min_fold as fn(&[f32]) -> f32,
        ),
        ("local total_cmp min", peers::local_total_cmp_min),
    ] {
        rows.push(Row {
            group: "atomic min, slice of 2^20, 1 thread".into(),
            bench: "atomic",
            dir: "atomic_slice".into(),
            normkey: ("fetch_min_slice", "normkey fetch_min_slice".into()),
            peer: peer.into(),
            target: None,
            wrong: wrong_min(min),
        });
    }
}

/// Records a failure of normkey's own side.
fn check(self_check: &mut Vec<String>, wrong: u64, what: &str) {
    if wrong != 0 {
        self_check.push(format!("{what}: {wrong} wrong"));
    }
}

/// Criterion's median time of the bench at `group/id` (`id` may hold `/`), or the
/// path of the missing file.
fn median_ns(group: &str, id: &str) -> Result<f64, PathBuf> {
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"),
        PathBuf::from,
    );
    median_ns_in(&target, group, id)
}

/// [`median_ns`] in the target directory `target`.
fn median_ns_in(target: &Path, group: &str, id: &str) -> Result<f64, PathBuf> {
    let mut path = target.join("criterion").join(filename_safe(group));
    for part in id.split('/') {
        path.push(filename_safe(part));
    }
    path.push("new/estimates.json");
    let json = std::fs::read_to_string(&path).map_err(|_| path.clone())?;
    point_estimate(&json, "median").ok_or(path)
}

/// Criterion's directory name for a group or bench name.
fn filename_safe(name: &str) -> String {
    name.replace(['?', '"', '/', '\\', '*', '<', '>', ':', '|', '^'], "_")
}

/// `json.<statistic>.point_estimate` from criterion's `estimates.json`, whose
/// statistics are objects `{"confidence_interval":{…},"point_estimate":…,…}`.
fn point_estimate(json: &str, statistic: &str) -> Option<f64> {
    let rest = &json[json.find(&format!("\"{statistic}\""))?..];
    let rest = &rest[rest.find("\"point_estimate\"")? + "\"point_estimate\"".len()..];
    let number = rest.trim_start().strip_prefix(':')?.trim_start();
    let end = number.find([',', '}']).unwrap_or(number.len());
    number[..end].trim().parse().ok()
}

/// The storage slice loops in a release build with `overflow-checks` and debug
/// assertions (`target/overflow-checks`, the second command in
/// `benches/storage.rs`) against the same loops in the plain build; the bound:
/// as fast, within 1.1× for noise.
fn print_overflow_checks() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let plain =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let checked = root.join("target/overflow-checks");
    println!("| storage loop | checked build / plain build | target |");
    println!("|---|---|---|");
    let mut missing = false;
    macro_rules! overflow_rows {
        ($T:ident, $($rest:tt)*) => {
            for n in peers::STORAGE_SIZES {
                for (op, dir) in [("decode_slice", "decode"), ("encode_slice", "encode")] {
                    let group = format!("{}_{dir}", stringify!($T));
                    let id = format!("normkey/{n}");
                    let ratio = match (
                        median_ns_in(&checked, &group, &id),
                        median_ns_in(&plain, &group, &id),
                    ) {
                        (Ok(c), Ok(p)) => Some(c / p),
                        _ => None,
                    };
                    missing |= ratio.is_none();
                    let met = match ratio {
                        Some(r) if r <= 1.1 => "≤ 1.1: met",
                        Some(_) => "≤ 1.1: **NOT met**",
                        None => "≤ 1.1: not measured",
                    };
                    let size = if n > 4096 {
                        format!("2^{}", n.trailing_zeros())
                    } else {
                        n.to_string()
                    };
                    println!(
                        "| {}::{op}, {size} | {} | {met} |",
                        stringify!($T),
                        ratio.map_or_else(|| "missing".to_owned(), sig3)
                    );
                }
            }
        };
    }
    peers::storage_formats!(overflow_rows);
    println!();
    println!(
        "checked build: `overflow-checks` and debug assertions on (criterion medians in \
         `target/overflow-checks`); plain build: the table above's."
    );
    if missing {
        println!("Missing: run the two commands of `benches/storage.rs` (\"Overflow checks\").");
    }
}

/// `r` to three significant digits.
fn sig3(r: f64) -> String {
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // small
    let decimals = (2 - r.log10().floor() as i32).max(0) as usize;
    format!("{r:.decimals$}")
}

fn print_table(rows: &[Row], in_range: bool) {
    let mut missing = Vec::new();
    println!("| group | normkey | peer | normkey / peer | target | peer wrong inputs |");
    println!("|---|---|---|---|---|---|");
    for row in rows {
        let times = [&row.normkey.1, &row.peer].map(|id| {
            median_ns(&row.dir, id).map_err(|path| {
                if !missing.iter().any(|(_, p)| *p == path) {
                    missing.push((row.bench, path));
                }
            })
        });
        let ratio = match times {
            [Ok(normkey), Ok(peer)] => Some(normkey / peer),
            _ => None,
        };
        let peer_name = row.peer.split('/').next().unwrap_or(&row.peer);
        let target = match (row.target, ratio) {
            (None, _) => String::new(),
            (Some((_, text)), None) => format!("{text}: not measured"),
            (Some((bound, text)), Some(r)) if r <= bound => format!("{text}: met"),
            (Some((_, text)), Some(_)) => format!("{text}: **NOT met**"),
        };
        let wrong = match &row.wrong {
            Wrong::Counted { wrong, of } => format!("{wrong} of {of}"),
            Wrong::NotApplicable(why) => (*why).to_owned(),
        };
        println!(
            "| {} | {} | {} | {} | {} | {} |",
            row.group,
            row.normkey.0,
            peer_name,
            ratio.map_or_else(|| "missing".to_owned(), sig3),
            target,
            wrong
        );
    }
    println!();
    println!(
        "normkey / peer: criterion's median times from the last `cargo bench -p normkey-bench` (below 1: normkey is faster)."
    );
    println!(
        "Peer wrong inputs, counted by `tools/bench-table` on the peers' own code: \
         decoders, every code against `c as f32 / max as f32` (correctly rounded); \
         encoders, every f32 bit pattern against the exact nearest code (NaN → 0); \
         sorts and keys, adjacent pairs out of IEEE totalOrder after sorting 2^20 floats \
         with ±0, NaNs of both signs, ±∞ and subnormals; atomics, (a, b) pairs of 12 edge \
         values whose minimum differs from the totalOrder minimum with NaN ignored \
         (`fetch_min`'s contract)."
    );
    if in_range {
        println!("Encoders counted over the floats in [lo, 1] only (`--in-range`), not all 2^32.");
    }
    println!();
    println!("Peers (`benches/peers/mod.rs`):");
    let mut legend = String::new();
    for (id, what) in peers::LEGEND {
        let _ = writeln!(legend, "- `{id}`: {what}");
    }
    print!("{legend}");
    if !missing.is_empty() {
        println!();
        println!("Missing: criterion estimates not found (bench not run?):");
        for bench in ["storage", "key", "atomic"] {
            let paths: Vec<_> = missing.iter().filter(|(b, _)| *b == bench).collect();
            if let Some((_, first)) = paths.first() {
                println!(
                    "- {} file(s) of `cargo bench -p normkey-bench --bench {bench}`, such as {}",
                    paths.len(),
                    first.display()
                );
            }
        }
    }
}
