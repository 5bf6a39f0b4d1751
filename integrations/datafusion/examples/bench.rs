//! `exact_sum` against DataFusion's `SUM` over 10M `DOUBLE` rows: the whole
//! table and `GROUP BY` 1,000 groups, at the default `target_partitions` (the
//! number of cores). Prints each query's median time and the ratio
//! `exact_sum / SUM`. Not run in CI.
//!
//! ```text
//! cargo run --profile bench-fast --example bench
//! NORMKEY_BENCH_ROWS=1000000 NORMKEY_BENCH_RUNS=5 cargo run --profile bench-fast --example bench
//! ```

use std::sync::Arc;
use std::time::{Duration, Instant};

use datafusion::arrow::array::{ArrayRef, AsArray, Float64Array, Int64Array, RecordBatch};
use datafusion::arrow::datatypes::{DataType, Field, Float64Type, Schema};
use datafusion::datasource::MemTable;
use datafusion::prelude::SessionContext;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// splitmix64.
fn next(s: &mut u64) -> u64 {
    *s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn main() {
    let rows = env("NORMKEY_BENCH_ROWS", 10_000_000);
    let runs = env("NORMKEY_BENCH_RUNS", 7);
    let batch = 8192;
    let schema = Arc::new(Schema::new(vec![
        Field::new("g", DataType::Int64, false),
        Field::new("x", DataType::Float64, false),
    ]));
    let mut seed = 2026;
    let ctx = SessionContext::new();
    let parts = ctx.state().config().target_partitions();
    let mut partitions = vec![Vec::new(); parts];
    let mut start = 0;
    let mut k = 0;
    while start < rows {
        let n = batch.min(rows - start);
        let g: Vec<i64> = (0..n).map(|_| (next(&mut seed) % 1000) as i64).collect();
        // Prices with cents times a discount factor, as TPC-H's revenue.
        let x: Vec<f64> = (0..n)
            .map(|_| {
                let cents = (1 + next(&mut seed) % 50) * (90_000 + next(&mut seed) % 20_001);
                cents as f64 / 100.0 * (1.0 - (next(&mut seed) % 11) as f64 / 100.0)
            })
            .collect();
        let cols: Vec<ArrayRef> = vec![
            Arc::new(Int64Array::from(g)),
            Arc::new(Float64Array::from(x)),
        ];
        partitions[k % parts].push(RecordBatch::try_new(schema.clone(), cols).unwrap());
        start += n;
        k += 1;
    }
    ctx.register_table(
        "t",
        Arc::new(MemTable::try_new(schema, partitions).unwrap()),
    )
    .unwrap();
    normkey_datafusion::register(&ctx);

    let rt = tokio::runtime::Builder::new_multi_thread().build().unwrap();
    let time = |sql: &str| -> (Duration, String) {
        let mut times = Vec::new();
        let mut shown = String::new();
        for i in 0..=runs {
            let t = Instant::now();
            let out = rt.block_on(async { ctx.sql(sql).await.unwrap().collect().await.unwrap() });
            let dt = t.elapsed();
            if i == 0 {
                // The first run warms up; its result is shown.
                let n: usize = out.iter().map(RecordBatch::num_rows).sum();
                shown = if n == 1 {
                    let c = out[0].column(0).as_primitive::<Float64Type>();
                    format!("{:e}", c.value(0))
                } else {
                    format!("{n} rows")
                };
            } else {
                times.push(dt);
            }
        }
        times.sort();
        (times[times.len() / 2], shown)
    };

    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    println!("{rows} rows in {k} batches, target_partitions {parts}, median of {runs} runs; {cpu}");
    for (what, builtin, exact) in [
        (
            "whole table",
            "SELECT sum(x) FROM t",
            "SELECT exact_sum(x) FROM t",
        ),
        (
            "GROUP BY 1,000 groups",
            "SELECT g, sum(x) FROM t GROUP BY g",
            "SELECT g, exact_sum(x) FROM t GROUP BY g",
        ),
        (
            "avg, GROUP BY 1,000 groups",
            "SELECT g, avg(x) FROM t GROUP BY g",
            "SELECT g, exact_avg(x) FROM t GROUP BY g",
        ),
    ] {
        let (b, bs) = time(builtin);
        let (e, es) = time(exact);
        println!(
            "{what}: SUM {:.1} ms, exact {:.1} ms, ratio {:.2}  (SUM: {bs}; exact: {es})",
            b.as_secs_f64() * 1e3,
            e.as_secs_f64() * 1e3,
            e.as_secs_f64() / b.as_secs_f64()
        );
    }
}
