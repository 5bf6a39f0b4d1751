//! Highway's vqsort on the data of `benches/sort.rs`, beside normkey's times,
//! as `tools/sort-peers/peers.py` does for `NumPy`:
//!
//! ```text
//! NORMKEY_SORT_DUMP=/tmp/sort-dump NORMKEY_SORT_CASES=f32,f64 \
//!     cargo bench -p normkey-bench --features rayon --bench sort
//! apt-get install libhwy-dev   # Debian 12: Highway 1.0.3
//! cargo run --release --manifest-path tools/sort-peers/vqsort/Cargo.toml -- /tmp/sort-dump
//! ```
//!
//! For each sort case of `normkey.tsv`, the best of five runs of `hwy::Sorter`
//! (its run-time dispatch: AVX-512 where the CPU has it) on fresh copies, the
//! copies not timed, then again with Highway's AVX-512 targets off (its AVX2
//! code), each checked against `sort_unstable_by(total_cmp)` bit for bit (the
//! bench's data hold no NaN and no −0, where vqsort's order is not
//! totalOrder). Selection cases are skipped (vqsort has no selection).

use std::time::Instant;

extern "C" {
    fn vqsort_f32(keys: *mut f32, n: usize);
    fn vqsort_f64(keys: *mut f64, n: usize);
    fn vqsort_avx2_only();
}

/// A float the peer sorts.
trait Key: Copy {
    fn read(bytes: &[u8]) -> Vec<Self>;
    fn vqsort(v: &mut [Self]);
    fn total_sort(v: &mut [Self]);
    fn bits(self) -> u64;
}

impl Key for f32 {
    fn read(bytes: &[u8]) -> Vec<Self> {
        bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
            .collect()
    }
    fn vqsort(v: &mut [Self]) {
        // SAFETY: `v` is valid for reads and writes of `v.len()` floats.
        unsafe { vqsort_f32(v.as_mut_ptr(), v.len()) }
    }
    fn total_sort(v: &mut [Self]) {
        v.sort_unstable_by(f32::total_cmp);
    }
    fn bits(self) -> u64 {
        u64::from(self.to_bits())
    }
}

impl Key for f64 {
    fn read(bytes: &[u8]) -> Vec<Self> {
        bytes
            .chunks_exact(8)
            .map(|b| f64::from_le_bytes(b.try_into().unwrap()))
            .collect()
    }
    fn vqsort(v: &mut [Self]) {
        // SAFETY: as for `f32`.
        unsafe { vqsort_f64(v.as_mut_ptr(), v.len()) }
    }
    fn total_sort(v: &mut [Self]) {
        v.sort_unstable_by(f64::total_cmp);
    }
    fn bits(self) -> u64 {
        self.to_bits()
    }
}

/// The best of five runs, in ms, of `runs` sorts of fresh copies of `data`.
fn time<K: Key>(data: &[K], runs: usize) -> f64 {
    let mut want = data.to_vec();
    K::total_sort(&mut want);
    let mut copies = vec![data.to_vec(); runs];
    let mut best = f64::INFINITY;
    for _ in 0..5 {
        for c in &mut copies {
            c.copy_from_slice(data);
        }
        let t = Instant::now();
        for c in &mut copies {
            K::vqsort(c);
        }
        best = best.min(t.elapsed().as_secs_f64() * 1e3);
        assert!(
            copies[0]
                .iter()
                .zip(&want)
                .all(|(a, b)| a.bits() == b.bits()),
            "vqsort's order differs from totalOrder"
        );
    }
    best
}

/// One line of `normkey.tsv`: the case, its data file, the type, the sorts a
/// run, normkey's best time in ms.
struct Case {
    label: String,
    file: String,
    ty: String,
    runs: usize,
    normkey: f64,
}

fn cases(dir: &str) -> Vec<Case> {
    std::fs::read_to_string(format!("{dir}/normkey.tsv"))
        .expect("normkey.tsv: run the bench with NORMKEY_SORT_DUMP first")
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Case {
                label: f[0].into(),
                file: f[1].into(),
                ty: f[2].into(),
                runs: f[3].parse().unwrap(),
                normkey: f[4].parse().unwrap(),
            }
        })
        .filter(|c| !c.label.starts_with("select"))
        .collect()
}

fn run_all(dir: &str, cases: &[Case]) -> Vec<f64> {
    cases
        .iter()
        .map(|c| {
            let bytes = std::fs::read(format!("{dir}/{}", c.file)).unwrap();
            if c.ty == "f32" {
                time(&f32::read(&bytes), c.runs)
            } else {
                time(&f64::read(&bytes), c.runs)
            }
        })
        .collect()
}

fn main() {
    let dir = std::env::args().nth(1).expect("the dump directory");
    let cases = cases(&dir);
    let default = run_all(&dir, &cases);
    // SAFETY: a plain call; it only changes Highway's dispatch from now on.
    unsafe { vqsort_avx2_only() };
    let avx2 = run_all(&dir, &cases);
    println!("| case | normkey ms | vqsort ms | normkey / vqsort | vqsort, AVX2 targets, ms | normkey / it |");
    println!("|---|---|---|---|---|---|");
    for ((c, d), a) in cases.iter().zip(default).zip(avx2) {
        println!(
            "| {} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} |",
            c.label,
            c.normkey,
            d,
            c.normkey / d,
            a,
            c.normkey / a
        );
    }
}
