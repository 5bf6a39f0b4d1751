//! The machinery under the public functions of [`sort`](super): nothing here
//! is public, and nothing here imports the functions above it. The files of
//! this folder import each other, the keys (`keys/`: `SortKey` and the named
//! radix functions) and `crate::dispatch`, nothing else of the crate.
//!
//! | file | what it holds |
//! |---|---|
//! | `route.rs` | the one function that picks a slice's route ([the table](super#the-algorithm)) and runs it: `sort` for records, `sort_keys` for keys (the only caller of the vector sort), `lsd`, `lsd_small_stack` |
//! | `stable.rs` | the stable radix sort the stable routes end in: insertion, merges, LSD passes, and the MSD split of `split.rs` above the cache |
//! | `radix.rs` | the radix integers (`Radix`, `Concat`) and the passes every sort shares (counting digits, scattering records by them, checked or not) |
//! | `split.rs` | the stable MSD split into cache-sized buckets |
//! | `in_place.rs` | the in-place split of keys identical when equal |
//! | `counted.rs` | few distinct keys, counted in a hash table and written as runs |
//! | `vector/` | the quicksort of the radixes in vector registers: AVX-512, AVX2, or plain arrays under Miri |
//! | `records.rs` | what the record sorts share: the index, the `Engine` that sorts the records, `Keyed`, which builds them |
//! | `select.rs` | radix selection: the record at a rank of the stable order, read-only |
//! | `ranged.rs` | the first pass of several ranks: its digit from a sample of the slice |
//! | `joint/` | several ranks selected together (`select_many`, the quantiles): the narrower passes, each read shared, and the gathering of the few records left (`mod.rs`); the reads of the slice they ask for, in order or in chunks, and their counting and gathering loops (`reads.rs`) |
//!
//! The imports flow one way: `radix` ← `keys/` ← `split` ← `stable` ←
//! `in_place`, `counted`, `vector` ← `route` ← `records`; `radix` ← `select` ←
//! `ranged` ← `joint` (in it, `reads` ← `mod.rs`).
//!
//! Left in front, beside the functions they serve: `quantile/`'s exact ranks
//! and interpolation (`pick.rs`, `exact.rs`), which only the quantiles use, and
//! `parallel/`'s passes and `regions.rs`, which run on the jobs and
//! tiles of `parallel/mod.rs` (moving them would split that file from
//! `par_sort`).

#[cfg(feature = "alloc")]
pub(super) mod counted;
pub(super) mod in_place;
pub(super) mod joint;
pub(super) mod radix;
pub(super) mod ranged;
#[cfg(feature = "alloc")]
pub(super) mod records;
pub(super) mod route;
pub(super) mod select;
pub(super) mod split;
pub(super) mod stable;
pub(super) mod vector;
