//! What the tests share: a seeded generator, the session with the aggregates,
//! and reading results back.

#![allow(dead_code)]

use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, RecordBatch};
use datafusion::arrow::compute::concat_batches;
use datafusion::arrow::datatypes::SchemaRef;
use datafusion::datasource::MemTable;
use datafusion::prelude::{SessionConfig, SessionContext};

/// splitmix64: a small seeded generator, so that the data are the same on every run.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// A Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = usize::try_from(self.below(i as u64 + 1)).unwrap();
            v.swap(i, j);
        }
    }
}

/// The `target_partitions` every query runs at.
pub const PARTITIONS: [usize; 5] = [1, 2, 3, 8, 16];

/// A session at `target_partitions = p`, with `exact_sum` and `exact_avg`.
/// `skip_partial`: the partial aggregation gives up after the first rows and
/// sends each row as its own state (`GroupsAccumulator::convert_to_state`).
pub fn session(p: usize, skip_partial: bool) -> SessionContext {
    let mut config = SessionConfig::new().with_target_partitions(p);
    if skip_partial {
        config = config
            .set_usize(
                "datafusion.execution.skip_partial_aggregation_probe_rows_threshold",
                1,
            )
            .set_str(
                "datafusion.execution.skip_partial_aggregation_probe_ratio_threshold",
                "0.0",
            );
    }
    let ctx = SessionContext::new_with_config(config);
    normkey_datafusion::register(&ctx);
    ctx
}

/// Registers `batches` as table `name`, dealt round-robin into `parts` partitions.
pub fn register(
    ctx: &SessionContext,
    name: &str,
    schema: SchemaRef,
    batches: &[RecordBatch],
    parts: usize,
) {
    let mut partitions = vec![Vec::new(); parts];
    for (i, b) in batches.iter().enumerate() {
        partitions[i % parts].push(b.clone());
    }
    let table = MemTable::try_new(schema, partitions).unwrap();
    ctx.register_table(name, Arc::new(table)).unwrap();
}

/// The query's result as one batch.
pub fn run(ctx: &SessionContext, rt: &tokio::runtime::Runtime, sql: &str) -> RecordBatch {
    rt.block_on(async {
        let df = ctx.sql(sql).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
        let schema = Arc::new(df.schema().as_arrow().clone());
        let batches = df.collect().await.unwrap_or_else(|e| panic!("{sql}: {e}"));
        concat_batches(&schema, &batches).unwrap()
    })
}

/// A runtime for the queries.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(4)
        .build()
        .unwrap()
}

/// Whether a column's row is NULL.
pub fn is_null(a: &ArrayRef, i: usize) -> bool {
    a.is_null(i)
}

/// Splits rows `0..n` into batches of the given sizes, cycled.
pub fn cut(n: usize, sizes: &[usize]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let (mut start, mut k) = (0, 0);
    while start < n {
        let end = (start + sizes[k % sizes.len()]).min(n);
        out.push(start..end);
        start = end;
        k += 1;
    }
    out
}
