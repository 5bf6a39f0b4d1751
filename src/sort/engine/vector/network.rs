//! The sorting networks of the vector sort's blocks: Batcher's bitonic
//! network over `N` vectors of `W` lanes, in registers ([`network`]), written
//! once over [`Lanes`] — columns first where the lanes ask for it
//! ([`Lanes::COLUMNS`]), then merges across and within vectors.

use super::Lanes;

/// Bit `i` set where lane `i`'s index has bit `b` (a power of two below 64)
/// set.
#[inline(always)]
fn lanes_with(b: usize) -> u64 {
    const PATTERNS: [u64; 6] = [
        0xaaaa_aaaa_aaaa_aaaa,
        0xcccc_cccc_cccc_cccc,
        0xf0f0_f0f0_f0f0_f0f0,
        0xff00_ff00_ff00_ff00,
        0xffff_0000_ffff_0000,
        0xffff_ffff_0000_0000,
    ];
    PATTERNS[b.trailing_zeros() as usize]
}

/// Lane `i` and lane `i ^ m` compared: the one whose index has bit `b` set
/// takes the larger.
#[allow(clippy::inline_always)]
#[inline(always)]
fn exchange<V: Lanes>(x: V, m: usize, b: usize) -> V {
    let other = x.swap_lanes(m);
    x.min(other).blend(x.max(other), lanes_with(b))
}

/// The exchanges (`m`, `b`) of [`sort_lanes`] for `w` lanes, as constants (so
/// that the loops over them unroll into constant permutations and masks):
/// for each size `k` of the runs merged, the flip (`k − 1`, `k / 2`), then the
/// half-cleaners (`j`, `j`) from `k / 4` down to 1.
const fn sort_steps(w: usize) -> &'static [(usize, usize)] {
    match w {
        2 => &[(1, 1)],
        4 => &[(1, 1), (3, 2), (1, 1)],
        8 => &[(1, 1), (3, 2), (1, 1), (7, 4), (2, 2), (1, 1)],
        _ => &[
            (1, 1),
            (3, 2),
            (1, 1),
            (7, 4),
            (2, 2),
            (1, 1),
            (15, 8),
            (4, 4),
            (2, 2),
            (1, 1),
        ],
    }
}

/// The half-cleaners within a vector of `w` lanes, from `w / 2` down to 1.
const fn clean_steps(w: usize) -> &'static [(usize, usize)] {
    match w {
        2 => &[(1, 1)],
        4 => &[(2, 2), (1, 1)],
        8 => &[(4, 4), (2, 2), (1, 1)],
        _ => &[(8, 8), (4, 4), (2, 2), (1, 1)],
    }
}

/// Sorts the lanes of `x`: Batcher's bitonic network, each merge of two sorted
/// runs of `k` lanes a flip (lane `i` against `i ^ (k − 1)`) and half-cleaners.
#[allow(clippy::inline_always)]
#[inline(always)]
fn sort_lanes<V: Lanes>(mut x: V) -> V {
    const { assert!(matches!(V::W, 2 | 4 | 8 | 16)) };
    for &(m, b) in sort_steps(V::W) {
        x = exchange(x, m, b);
    }
    x
}

/// The half-cleaners of a bitonic merge within a vector (after the steps
/// across vectors).
#[allow(clippy::inline_always)]
#[inline(always)]
fn clean_lanes<V: Lanes>(mut x: V) -> V {
    for &(m, b) in clean_steps(V::W) {
        x = exchange(x, m, b);
    }
    x
}

/// `$body` for each `$i` in `0..$n` (a constant of at most 16), written out:
/// the compiler keeps a block's vectors in registers only where every index is
/// a constant, and it does not unroll the network's nested loops by itself.
macro_rules! unrolled {
    ($n:expr, $i:ident => $body:expr) => {
        unrolled!(@ $n, $i => $body; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31)
    };
    (@ $n:expr, $i:ident => $body:expr; $($k:literal)*) => {{
        const { assert!($n <= 32) };
        $(
            if $k < $n {
                let $i: usize = $k;
                $body;
            }
        )*
    }};
}

/// Sorts the `N · W` lanes of `v` (lane `i` of vector `a` is element
/// `a · W + i`) by one bitonic network, in one of two orders:
///
/// - **`N ≥ W` and [`Lanes::COLUMNS`], columns first** (as x86-simd-sort and
///   vqsort do): the lanes
///   of each column (lane `i` of every vector) are sorted by a bitonic network
///   over the vectors ([`columns`]: whole vectors' minima and maxima, no lane
///   moves), each `W × W` square of vectors is transposed ([`transpose`]), so
///   that column `c` lies in order in vectors `c, W + c, 2 W + c, …`; with the
///   vectors renamed, the `W` columns are runs of `N / W` vectors, which
///   [`merge`] merges as below from runs of `2 N / W` vectors on. Moving lanes
///   within a vector (a permutation and a blend) is what costs: this order
///   moves them in `log2 W` transposing steps and the merges from `2 N / W`,
///   not in a network of each vector and every merge.
/// - **Otherwise**: each vector's lanes sorted, then runs of `2, 4, …, N`
///   vectors merged.
///
/// A merge is the flip and the half-cleaners across vectors (whole vectors'
/// minima and maxima; the flip reverses the upper vector's lanes) and then
/// within each.
#[allow(clippy::inline_always)]
#[inline(always)]
pub(super) fn network<V: Lanes, const N: usize>(v: &mut [V; N]) {
    let first = if V::COLUMNS && N >= V::W {
        columns::<V, N>(v);
        let t = transpose::<V, N>(v);
        *v = t;
        2 * N / V::W
    } else {
        unrolled!(N, i => v[i] = sort_lanes(v[i]));
        2
    };
    if first <= 2 {
        merge::<V, N, 2>(v);
    }
    if first <= 4 {
        merge::<V, N, 4>(v);
    }
    if first <= 8 {
        merge::<V, N, 8>(v);
    }
    if first <= 16 {
        merge::<V, N, 16>(v);
    }
    merge::<V, N, 32>(v);
}

/// Sorts each column of `v` (lane `i` of every vector) by a bitonic network
/// over the vectors: [`merge_columns`] of runs of `2, 4, …, N` vectors.
#[allow(clippy::inline_always)]
#[inline(always)]
fn columns<V: Lanes, const N: usize>(v: &mut [V; N]) {
    merge_columns::<V, N, 2>(v);
    merge_columns::<V, N, 4>(v);
    merge_columns::<V, N, 8>(v);
    merge_columns::<V, N, 16>(v);
    merge_columns::<V, N, 32>(v);
}

/// The merges of [`columns`] of runs of `K` vectors (nothing where `K > N`):
/// the flip (vector `a` of a run against vector `K − 1 − a`) and the
/// half-cleaners (`d = K / 4, …, 1`), the smaller to the lower index: as
/// [`merge`], with no lane moved.
#[allow(clippy::inline_always)]
#[inline(always)]
fn merge_columns<V: Lanes, const N: usize, const K: usize>(v: &mut [V; N]) {
    if K > N {
        return;
    }
    unrolled!(N / 2, p => {
        let (start, a) = ((p & !(K / 2 - 1)) << 1, p & (K / 2 - 1));
        let (i, j) = (start + a, start + K - 1 - a);
        (v[i], v[j]) = (v[i].min(v[j]), v[i].max(v[j]));
    });
    half_cleaners::<V, N, K>(v);
}

/// Each `W × W` square of vectors of `v` (`N ≥ W`) transposed, and the vectors
/// renamed so that the transposed column `c` (vectors `c, W + c, 2 W + c, …`)
/// is the run `c · N / W .. (c + 1) · N / W`. Transposing: for each `d = 1, 2,
/// …, W / 2`, vectors `r` and `r + d` (bit `d` of `r` clear) swap the lanes
/// whose index has bit `d` set in `r` with those whose index has it clear in
/// `r + d` (the off-diagonal `d × d` squares).
#[allow(clippy::inline_always)]
#[inline(always)]
fn transpose<V: Lanes, const N: usize>(v: &mut [V; N]) -> [V; N] {
    unrolled!(4, t => {
        let d = 1 << t;
        if d < V::W {
            let high = lanes_with(d);
            unrolled!(N, r => {
                if r & d == 0 {
                    let (a, b) = (v[r], v[r + d]);
                    v[r] = a.blend(b.swap_lanes(d), high);
                    v[r + d] = a.swap_lanes(d).blend(b, high);
                }
            });
        }
    });
    let runs = N / V::W;
    core::array::from_fn(|i| v[(i % runs) * V::W + i / runs])
}

/// The merges of [`network`] of runs of `K` vectors (nothing where `K > N`).
#[allow(clippy::inline_always)]
#[inline(always)]
fn merge<V: Lanes, const N: usize, const K: usize>(v: &mut [V; N]) {
    if K > N {
        return;
    }
    let reverse = V::W - 1;
    // The flip: in each run, vector `a` against vector `K − 1 − a` reversed.
    unrolled!(N / 2, p => {
        let (start, a) = ((p & !(K / 2 - 1)) << 1, p & (K / 2 - 1));
        let (i, j) = (start + a, start + K - 1 - a);
        let y = v[j].swap_lanes(reverse);
        (v[i], v[j]) = (v[i].min(y), v[i].max(y).swap_lanes(reverse));
    });
    half_cleaners::<V, N, K>(v);
    if V::PAIRS && N >= 2 {
        unrolled!(N / 2, p => (v[2 * p], v[2 * p + 1]) = clean_pair(v[2 * p], v[2 * p + 1]));
    } else {
        unrolled!(N, i => v[i] = clean_lanes(v[i]));
    }
}

/// The half-cleaners across vectors of a merge of runs of `K` vectors: `d =
/// K / 4, …, 1`, vector `i` against `i + d` (bit `d` of `i` clear), the
/// smaller to `i`.
#[allow(clippy::inline_always)]
#[inline(always)]
fn half_cleaners<V: Lanes, const N: usize, const K: usize>(v: &mut [V; N]) {
    unrolled!(4, t => {
        if K >= 4 << t {
            let d = (K / 4) >> t;
            unrolled!(N / 2, p => {
                // The `p`-th index whose bit `d` is clear.
                let i = ((p & !(d - 1)) << 1) | (p & (d - 1));
                (v[i], v[i + d]) = (v[i].min(v[i + d]), v[i].max(v[i + d]));
            });
        }
    });
}

/// The index tables of [`clean_pair`] for `w` lanes: for each of the
/// `log2 w` half-cleaners (distance `w / 2` down to 1) the shuffle before it,
/// then the shuffle back; each a pair of outputs, lane `l` of output `r` taking
/// lane `t` of the first input where `t < w`, else lane `t − w` of the second.
const fn pair_tables(w: usize) -> [[[u8; 16]; 2]; 5] {
    let bits = w.trailing_zeros() as usize; // position bit `bits`: which vector
    // `held[q]`: the element bit that position bit `q` holds (element `e` of
    // the pair: lane `e % w` of vector `e / w` in the natural order).
    let mut held = [0_usize; 5];
    let mut q = 0;
    while q <= bits {
        held[q] = q;
        q += 1;
    }
    let mut tables = [[[0_u8; 16]; 2]; 5];
    let mut step = 0;
    while step <= bits {
        // Before half-cleaner `step` (element bit `bits − 1 − step`): swap the
        // position bit holding it with the vector bit. After the last: back to
        // the natural order.
        let mut new = held;
        if step < bits {
            let b = bits - 1 - step;
            let mut at = 0;
            while held[at] != b {
                at += 1;
            }
            new[at] = held[bits];
            new[bits] = b;
        } else {
            let mut q = 0;
            while q <= bits {
                new[q] = q;
                q += 1;
            }
        }
        // New position `p'` holds the element whose bit `new[q]` is bit `q`
        // of `p'`; find the old position holding that element.
        let mut p = 0;
        while p < 2 * w {
            let mut element = 0;
            let mut q = 0;
            while q <= bits {
                element |= ((p >> q) & 1) << new[q];
                q += 1;
            }
            let mut old = 0;
            let mut q = 0;
            while q <= bits {
                old |= ((element >> held[q]) & 1) << q;
                q += 1;
            }
            tables[step][p / w][p % w] = old as u8;
            p += 1;
        }
        held = new;
        step += 1;
    }
    tables
}

/// [`clean_lanes`] of two vectors at once, where the lanes have
/// [`Lanes::shuffle2`]: before each half-cleaner the lanes it pairs are moved
/// into the two vectors' same lanes, so that it is one minimum and one
/// maximum for both (no blend, and a two-input shuffle for each vector
/// where each vector took a permutation, a minimum, a maximum and a blend).
#[allow(clippy::inline_always)]
#[inline(always)]
fn clean_pair<V: Lanes>(a: V, b: V) -> (V, V) {
    let tables = const { pair_tables(V::W) };
    let steps = V::W.trailing_zeros() as usize;
    let (mut x, mut y) = (a, b);
    unrolled!(5, s => {
        if s <= steps {
            let (t0, t1) = (&tables[s][0], &tables[s][1]);
            let (u, v) = (x.shuffle2(y, t0), x.shuffle2(y, t1));
            (x, y) = if s < steps { (u.min(v), u.max(v)) } else { (u, v) };
        }
    });
    (x, y)
}

// On x86-64 only, where the columns-first order runs (other targets build
// the sort's portable lanes without it: [`Lanes::COLUMNS`]).
#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    extern crate std;

    use std::vec;
    use std::vec::Vec;

    use super::super::Lanes;
    use super::super::portable::Portable;
    use super::super::tests::values;
    use super::network;

    /// `network::<Portable<u32, W, true>, N>` (columns first where `N ≥ W`)
    /// on the `N · W` values of `x`, in order (lane `i` of vector `a` is value
    /// `a · W + i`).
    fn run_network<const W: usize, const N: usize>(x: &[u32]) -> Vec<u32> {
        let mut v: [Portable<u32, W, true>; N] =
            core::array::from_fn(|a| Portable::load(&x[a * W..]));
        network::<Portable<u32, W, true>, N>(&mut v);
        let mut out = vec![0; N * W];
        for (a, y) in v.iter().enumerate() {
            y.store(&mut out[a * W..]);
        }
        out
    }

    /// Every network shape of 16 lanes (`N` vectors of `W` lanes: columns
    /// first where `N ≥ W`, each vector first where `N < W`) sorts every input
    /// of zeros and ones (so, by the 0-1 principle, every input: a network of
    /// compare-exchanges that sorts every 0-1 input sorts every input: Knuth,
    /// TAOCP vol. 3, §5.3.4, Theorem Z); the levels' larger block shapes (4 ×
    /// 8 and 16, 8 × 16 and 32, 16 × 16 lanes by vectors) sort random values,
    /// repeats among them, against `sort_unstable`. (Shapes no level sorts,
    /// such as 16 × 32, only cost the build: each is a network written out.)
    /// Not under Miri: the networks are safe code (Miri runs them in
    /// [`every_budget_and_repeats`], through `padded`'s unsafe copy), and
    /// written out they are slow there.
    #[test]
    #[cfg_attr(miri, ignore = "safe code; minutes under Miri")]
    fn networks_sort_every_zero_one_input() {
        fn zero_one<const W: usize, const N: usize>() {
            let lanes = N * W;
            for bits in 0..1_u32 << lanes {
                let x: Vec<u32> = (0..lanes).map(|i| bits >> i & 1).collect();
                let mut want = x.clone();
                want.sort_unstable();
                assert_eq!(run_network::<W, N>(&x), want, "W {W}, N {N}, {bits:#x}");
            }
        }
        fn random<const W: usize, const N: usize>() {
            for seed in 0..200 {
                for bits in [2, 9, 32] {
                    let x: Vec<u32> = values(N * W, seed + 1, bits).map(|x| x as u32).collect();
                    let mut want = x.clone();
                    want.sort_unstable();
                    assert_eq!(run_network::<W, N>(&x), want, "W {W}, N {N}, seed {seed}");
                }
            }
        }
        zero_one::<2, 8>();
        zero_one::<4, 4>();
        zero_one::<8, 2>();
        zero_one::<16, 1>();
        zero_one::<2, 2>();
        zero_one::<4, 1>();
        random::<4, 8>();
        random::<4, 16>();
        random::<8, 16>();
        random::<16, 16>();
        random::<8, 32>();
    }
}
