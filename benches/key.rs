//! Benchmarks of `OrderedKey` (none yet; the atomic reducers are in `benches/atomic.rs`).
fn main() {}
