//! The machinery under the public functions of [`sort`](super): nothing here is
//! public, and nothing here imports the functions above it (only this folder,
//! the keys of `keys/` and the crate's modules below `sort`, `key` and
//! `dispatch`).
//!
//! | file | what it holds |
//! |---|---|
//! | `route.rs` | the one function that picks a slice's route ([the table](super#the-algorithm)) and runs it: `sort`, `sort_keys`, `lsd`, `lsd_small_stack` |
//! | `stable.rs` | the stable radix sort every stable route ends in: insertion, merges, the MSD split of `split.rs` above the cache, LSD passes |
//! | `radix.rs` | the radix integers (`Radix`, `Concat`) and the passes every sort shares (counting digits, scattering records by them, checked or not) |
//! | `split.rs` | the stable MSD split into cache-sized buckets |
//! | `in_place.rs` | the in-place split of keys identical when equal |
//! | `counted.rs` | few distinct keys, counted in a hash table and written as runs |
//! | `vector/` | the vector quicksort of the radixes, in AVX-512, AVX2 or plain arrays |
//! | `records.rs` | the records of the record sorts: their index, the `Engine` that sorts them, `Keyed`, which builds them |
//! | `select.rs` | radix selection: the record at a rank of the stable order, read-only |
//!
//! The imports flow one way: `radix` ← `split` ← `stable` ← `in_place`,
//! `counted`, `vector` ← `route` ← `records`; `radix` ← `select`.
//!
//! Two folders of the front keep machinery of their own beside their public
//! functions, since nothing else uses it: `quantile/` (the passes, the first
//! digit from a sample, the exact interpolation: built on `select.rs`) and
//! `parallel/` (the parallel passes and `regions.rs`, the parallel in-place
//! split: built on the tiles and jobs of `parallel/mod.rs`, which `par_sort`
//! runs).

#[cfg(feature = "alloc")]
pub(super) mod counted;
pub(super) mod in_place;
pub(super) mod radix;
#[cfg(feature = "alloc")]
pub(super) mod records;
pub(super) mod route;
pub(super) mod select;
pub(super) mod split;
pub(super) mod stable;
pub(super) mod vector;
