//! The parallel in-place sort of keys identical when equal (the regions sort):
//! tiles grouped in place by their tasks, then runs exchanged between
//! territories in parallel rounds; a bucket one task sorts goes to the
//! caller's leaf (`route::sort_exact_low`, or the sequential sort's route for
//! 64-bit radixes that the vector sort takes). See the [module docs](super).

use alloc::vec::Vec;

use rayon::prelude::*;

use super::{BYTE_VALUES, Job, TILES_PER_THREAD, chunk_of, piece};
use crate::sort::engine::in_place::permute;
use crate::sort::engine::radix::{Radix, count_digit};
use crate::sort::engine::route::sort_exact_low;

/// Sorts `v`, of keys identical when equal, by the low `bytes` bytes of their
/// radix (the bytes above are the same in every record), in place: a slice of
/// more than `job.leaf` records is grouped by byte `bytes - 1` in parallel
/// ([`regions`]), and its buckets are sorted the same way as rayon tasks; a
/// smaller one is one task, `leaf(v, bytes)` ([`by_radix`], or the sequential
/// sort of keys where it has a vector route).
pub(super) fn sort_exact<T, R, F, L>(v: &mut [T], bytes: usize, job: &Job<F>, leaf: &L)
where
    T: Copy + Send + Sync,
    R: Radix,
    F: Fn(&T) -> R + Sync + Copy,
    L: Fn(&mut [T], usize) + Sync,
{
    let n = v.len();
    if n < 2 || bytes == 0 {
        return;
    }
    if n <= job.leaf {
        piece(n);
        leaf(v, bytes);
        return;
    }
    let Some(bounds) = regions(v, bytes, job) else {
        // One bucket holds every record: the next byte, nothing moved.
        return sort_exact(v, bytes - 1, job, leaf);
    };
    let mut buckets = Vec::with_capacity(BYTE_VALUES);
    let mut rest = v;
    for w in bounds.windows(2) {
        let (bucket, tail) = core::mem::take(&mut rest).split_at_mut(w[1] - w[0]);
        if bucket.len() > 1 {
            buckets.push(bucket);
        }
        rest = tail;
    }
    buckets
        .into_par_iter()
        .for_each(|b| sort_exact(b, bytes - 1, job, leaf));
}

/// A leaf of [`sort_exact`] by the low `bytes` bytes of `radix`
/// (`route::sort_exact_low`).
pub(super) fn by_radix<T: Copy, R: Radix>(
    radix: impl Fn(&T) -> R + Sync,
) -> impl Fn(&mut [T], usize) + Sync {
    move |v, bytes| sort_exact_low(v, bytes, &radix)
}

/// Groups `v` in place by byte `bytes - 1` of the radix, every phase on every
/// thread (regions sort: Obeya, Kahssay, Fan and Shun, SPAA 2019, as rdst's
/// `regions_sort`); returns where each of the 256 buckets starts and, last,
/// `v.len()`, or `None` (nothing moved) when every record has the same byte.
///
/// 1. **Tiles.** `v` is cut into [`TILES_PER_THREAD`] tiles per thread (of at
///    least [`CHUNK_MIN`] records); each task counts one tile's records per
///    byte value and groups its tile in place (`in_place::permute`) while it is
///    in the core's cache.
/// 2. **Territories.** The total counts give every byte value `d` its range of
///    `v`, its territory. A tile's group of `d` that lies (partly) in the
///    territory of another value `t` is a [`Misplaced`] run: at `t`, of `d`.
///    Every territory holds as many records of other values as its own value
///    has elsewhere.
/// 3. **Exchanges.** In rounds: each value `c` in turn pairs runs lying in its
///    territory (of other values) with runs of `c` lying elsewhere, as long as
///    both are left, cutting the longer of a pair to the shorter's length; then
///    every pair swaps its records, in parallel (the runs are disjoint). The
///    records of `c` are then home; the others, now in the territory where the
///    run of `c` lay, are a new run unless that is their own. The smallest
///    value with runs finds all its runs unpaired, and pairs at least one: the
///    misplaced records decrease every round.
///
/// The records move in runs (`swap_with_slice`), not one by one: each
/// exchange reads and writes two contiguous ranges.
fn regions<T, R, F>(v: &mut [T], bytes: usize, job: &Job<F>) -> Option<Vec<usize>>
where
    T: Copy + Send + Sync,
    R: Radix,
    F: Fn(&T) -> R + Sync,
{
    let n = v.len();
    let byte = job.byte(bytes);
    let tile = chunk_of(n, rayon::current_num_threads() * TILES_PER_THREAD);
    // Each tile counted and grouped by one task, while it is in that core's
    // cache (a tile whose records all have one value is left as it is).
    let counts: Vec<[usize; BYTE_VALUES]> = v
        .par_chunks_mut(tile)
        .map(|c| {
            piece(c.len());
            let counts = count_digit::<T, BYTE_VALUES>(c, byte);
            if !counts.contains(&c.len()) {
                permute(c, &counts, byte);
            }
            counts
        })
        .collect();
    let mut bounds = Vec::with_capacity(BYTE_VALUES + 1);
    let mut sum = 0;
    for d in 0..BYTE_VALUES {
        bounds.push(sum);
        sum += counts.iter().map(|c| c[d]).sum::<usize>();
        if sum - bounds[d] == n {
            // Every tile held only `d`: nothing moved.
            return None;
        }
    }
    bounds.push(sum);
    let mut runs = misplaced(v, &counts, &bounds);
    while !runs.is_empty() {
        runs = exchange(runs);
    }
    Some(bounds)
}

/// Records lying in the territory of one byte value that have another.
struct Misplaced<'a, T> {
    /// The value whose territory the records lie in.
    at: u8,
    /// The records' own value.
    of: u8,
    /// The records.
    records: &'a mut [T],
}

/// Two runs of one round that swap their records: `home` lies in the territory
/// of value `c` and holds records of `of`; `away` lies in the territory of `at`
/// and holds records of `c`.
struct Exchange<'a, T> {
    home: &'a mut [T],
    away: &'a mut [T],
    /// Where `away` lies.
    at: u8,
    /// What `home` holds (and `away` will).
    of: u8,
}

/// The [`Misplaced`] runs of `v` once its tiles (of the lengths `counts` sum
/// to) are grouped, the territories starting at `bounds`: the intersections of
/// the tiles' groups with the territories, where the two values differ.
fn misplaced<'a, T>(
    v: &'a mut [T],
    counts: &[[usize; BYTE_VALUES]],
    bounds: &[usize],
) -> Vec<Misplaced<'a, T>> {
    let mut runs = Vec::new();
    let mut rest = v;
    let mut at = 0;
    let mut pos = 0;
    for tile in counts {
        for (of, &count) in tile.iter().enumerate() {
            let mut left = count;
            while left > 0 {
                while bounds[at + 1] <= pos {
                    at += 1;
                }
                let len = left.min(bounds[at + 1] - pos);
                let (run, tail) = core::mem::take(&mut rest).split_at_mut(len);
                rest = tail;
                if at != of {
                    #[allow(clippy::cast_possible_truncation)] // both below 256
                    runs.push(Misplaced {
                        at: at as u8,
                        of: of as u8,
                        records: run,
                    });
                }
                pos += len;
                left -= len;
            }
        }
    }
    runs
}

/// One round of exchanges (see [`regions`]): returns the runs left misplaced.
fn exchange<T: Send>(runs: Vec<Misplaced<'_, T>>) -> Vec<Misplaced<'_, T>> {
    // The runs by the territory they lie in, and by their records' value.
    let by_at = group(&runs, |r| r.at);
    let by_of = group(&runs, |r| r.of);
    let mut slots: Vec<Option<Misplaced<'_, T>>> = runs.into_iter().map(Some).collect();
    let mut exchanges = Vec::new();
    for c in 0..BYTE_VALUES {
        // Runs in c's territory, and runs of c elsewhere.
        let (mut homes, mut aways) = (by_at.of(c).iter(), by_of.of(c).iter());
        let (mut h, mut a) = (homes.next(), aways.next());
        while let (Some(&hi), Some(&ai)) = (h, a) {
            let (home, away) = match (slots[hi].take(), slots[ai].take()) {
                (Some(home), Some(away)) => (home, away),
                (home, away) => {
                    // Paired already (by an earlier value): the next of its kind.
                    if home.is_none() {
                        h = homes.next();
                    }
                    if away.is_none() {
                        a = aways.next();
                    }
                    slots[hi] = home;
                    slots[ai] = away;
                    continue;
                }
            };
            let len = home.records.len().min(away.records.len());
            let (home_run, home_rest) = home.records.split_at_mut(len);
            let (away_run, away_rest) = away.records.split_at_mut(len);
            if home_rest.is_empty() {
                h = homes.next();
            } else {
                slots[hi] = Some(Misplaced {
                    at: home.at,
                    of: home.of,
                    records: home_rest,
                });
            }
            if away_rest.is_empty() {
                a = aways.next();
            } else {
                slots[ai] = Some(Misplaced {
                    at: away.at,
                    of: away.of,
                    records: away_rest,
                });
            }
            exchanges.push(Exchange {
                home: home_run,
                away: away_run,
                at: away.at,
                of: home.of,
            });
        }
    }
    exchanges.par_iter_mut().for_each(|e| {
        piece(e.home.len());
        e.home.swap_with_slice(e.away);
    });
    let mut left: Vec<Misplaced<'_, T>> = slots.into_iter().flatten().collect();
    left.extend(
        exchanges
            .into_iter()
            .filter(|e| e.at != e.of)
            .map(|e| Misplaced {
                at: e.at,
                of: e.of,
                records: e.away,
            }),
    );
    left
}

/// Indices of runs grouped by a byte value: `order[starts[d]..starts[d + 1]]`
/// are those whose value is `d`, in input order.
struct Groups {
    starts: [usize; BYTE_VALUES + 1],
    order: Vec<usize>,
}

impl Groups {
    /// The indices of value `d`.
    fn of(&self, d: usize) -> &[usize] {
        &self.order[self.starts[d]..self.starts[d + 1]]
    }
}

/// The runs grouped by `value`.
fn group<T>(runs: &[Misplaced<'_, T>], value: impl Fn(&Misplaced<'_, T>) -> u8) -> Groups {
    let mut starts = [0; BYTE_VALUES + 1];
    for r in runs {
        starts[usize::from(value(r)) + 1] += 1;
    }
    for d in 0..BYTE_VALUES {
        starts[d + 1] += starts[d];
    }
    let mut next = starts;
    let mut order = alloc::vec![0; runs.len()];
    for (i, r) in runs.iter().enumerate() {
        let d = usize::from(value(r));
        order[next[d]] = i;
        next[d] += 1;
    }
    Groups { starts, order }
}
