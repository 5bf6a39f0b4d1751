//! `src/bin/allreduce` under `mpirun` (Open MPI) with 1, 2, 3, 4 and 8
//! processes: every rank prints one line per case and type, and each must say
//! the bits of `normkey::sum::sum` of all the case's values, computed here
//! (`f64` and `f32`; with feature `half`, `f16` and `bf16` too).
//! Needs `mpirun` on `PATH` (Debian: `openmpi-bin`); fails without it.

use std::collections::{BTreeMap, BTreeSet};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use normkey::Nans;
use normkey::sum::sum;

#[path = "../src/bin/allreduce/values.rs"]
mod values;

use values::{CASES, values};

/// The `(case, type)` → bits every rank must print.
fn expected() -> BTreeMap<(String, &'static str), u64> {
    let mut e = BTreeMap::new();
    for (name, n) in CASES {
        let f64_bits = sum(&values::<f64>(name, n), Nans::Propagate).to_bits();
        let f32_bits = sum(&values::<f32>(name, n), Nans::Propagate).to_bits();
        e.insert((name.to_string(), "f64"), f64_bits);
        e.insert((name.to_string(), "f32"), u64::from(f32_bits));
        #[cfg(feature = "half")]
        {
            let f16_bits = sum(&values::<half::f16>(name, n), Nans::Propagate).to_bits();
            let bf16_bits = sum(&values::<half::bf16>(name, n), Nans::Propagate).to_bits();
            e.insert((name.to_string(), "f16"), u64::from(f16_bits));
            e.insert((name.to_string(), "bf16"), u64::from(bf16_bits));
        }
    }
    e
}

/// `mpirun -n procs allreduce`: its exit status and stdout, after at most two
/// minutes.
fn mpirun(procs: usize) -> (bool, String) {
    let mut child = Command::new("mpirun")
        .args([
            "--oversubscribe",
            "--allow-run-as-root",
            "-n",
            &procs.to_string(),
        ])
        .arg(env!("CARGO_BIN_EXE_allreduce"))
        // Open MPI refuses to run as root (CI containers) without both.
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        // The shared-memory transport without CMA's single copy, which
        // containers often forbid (ptrace); the ranks share one machine.
        .env("OMPI_MCA_btl_vader_single_copy_mechanism", "none")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("mpirun runs (Debian: apt-get install openmpi-bin libopenmpi-dev)");
    let stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || std::io::read_to_string(stdout).unwrap());
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(120) {
            child.kill().unwrap();
            panic!("mpirun -n {procs} ran past two minutes");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    (status.success(), reader.join().unwrap())
}

/// `procs` ranks each print every case's line, each with the expected bits,
/// the case's count and `ok`.
fn check(procs: usize) {
    let expected = expected();
    let (success, out) = mpirun(procs);
    print!("{out}");
    assert!(success, "mpirun -n {procs} failed");
    let mut seen = BTreeSet::new();
    for line in out.lines() {
        // rank R of P: CASE TYPE BITS count N ok
        let w: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(w.len(), 10, "a line of another shape: {line}");
        assert_eq!((w[0], w[2], w[7]), ("rank", "of", "count"), "{line}");
        let rank: usize = w[1].parse().unwrap();
        assert!(rank < procs, "{line}");
        assert_eq!(w[3], format!("{procs}:"), "{line}");
        let key = (w[4].to_string(), w[5]);
        let want = expected
            .get(&key)
            .unwrap_or_else(|| panic!("no case {key:?}: {line}"));
        let bits = u64::from_str_radix(w[6].trim_start_matches("0x"), 16).unwrap();
        assert_eq!(
            bits, *want,
            "rank {rank} of {procs}, {key:?}: {bits:#x}, not {want:#x}"
        );
        let n = CASES.iter().find(|c| c.0 == key.0).unwrap().1;
        assert_eq!(w[8], n.to_string(), "{line}");
        assert_eq!(w[9], "ok", "{line}");
        assert!(seen.insert((rank, key.0, w[5])), "twice: {line}");
    }
    assert_eq!(
        seen.len(),
        procs * expected.len(),
        "not every rank printed every case"
    );
}

#[test]
fn one_process() {
    check(1);
}

#[test]
fn two_processes() {
    check(2);
}

#[test]
fn three_processes() {
    check(3);
}

#[test]
fn four_processes() {
    check(4);
}

#[test]
fn eight_processes() {
    check(8);
}

/// The `cancel` case is one a float sum gets wrong: the `f64` and `f32` sums
/// of its values in order are not the exact sum's bits (nor, by the same
/// cancellation, would `MPI_SUM` of the ranks' float sums be).
#[test]
fn float_sums_differ() {
    let n = CASES.iter().find(|c| c.0 == "cancel").unwrap().1;
    let v = values::<f64>("cancel", n);
    let in_order: f64 = v.iter().sum();
    assert_ne!(in_order.to_bits(), sum(&v, Nans::Propagate).to_bits());
    let w = values::<f32>("cancel", n);
    let in_order: f32 = w.iter().sum();
    assert_ne!(in_order.to_bits(), sum(&w, Nans::Propagate).to_bits());
}
