//! A TPC-H-style `lineitem` in memory and query 15's shape: `exact_sum` and
//! `exact_avg` give the same bits at every `target_partitions`, batch size and
//! batch order, and the bits of `normkey::sum::sum` / `mean` over the same
//! values computed here. What the built-in `SUM` gives on the same runs is
//! printed (an observation, not asserted).

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use common::{PARTITIONS, Rng, cut, register, run, runtime, session};
use datafusion::arrow::array::{
    ArrayRef, AsArray, Date32Array, Float64Array, Int64Array, RecordBatch, StringArray,
};
use datafusion::arrow::datatypes::{DataType, Field, Float64Type, Int64Type, Schema, SchemaRef};
use normkey::Nans;
use normkey::sum::{mean, sum};

/// Rows of `lineitem`.
const ROWS: usize = 40_000;
/// Suppliers `1..=SUPPLIERS`.
const SUPPLIERS: u64 = 100;
/// The supplier whose every line has the largest quantity: the unique top of q15.
const TOP: i64 = 7;
/// 1995-10-01, 1996-01-01 and 1996-04-01 in days since 1970-01-01.
const FIRST_DAY: i32 = 9404;
const Q_START: i32 = 9496;
const Q_END: i32 = 9587;

struct Lineitem {
    suppkey: Vec<i64>,
    price: Vec<f64>,
    discount: Vec<f64>,
    shipdate: Vec<i32>,
}

fn generate() -> Lineitem {
    let mut rng = Rng(0x7063_6831_3500_2026);
    let mut l = Lineitem {
        suppkey: Vec::new(),
        price: Vec::new(),
        discount: Vec::new(),
        shipdate: Vec::new(),
    };
    for _ in 0..ROWS {
        let supp = 1 + rng.below(SUPPLIERS) as i64;
        let quantity = if supp == TOP { 50 } else { 1 + rng.below(50) };
        // TPC-H: extendedprice = quantity · retailprice, retailprice in [900.00, 1100.00].
        let cents = quantity * (90_000 + rng.below(20_001));
        l.suppkey.push(supp);
        l.price.push(cents as f64 / 100.0);
        l.discount.push(rng.below(11) as f64 / 100.0);
        l.shipdate
            .push(FIRST_DAY + i32::try_from(rng.below(366)).unwrap());
    }
    l
}

fn schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        Field::new("l_suppkey", DataType::Int64, false),
        Field::new("l_extendedprice", DataType::Float64, false),
        Field::new("l_discount", DataType::Float64, false),
        Field::new("l_shipdate", DataType::Date32, false),
    ]))
}

/// The rows `order[r]` for each range `r`, as batches.
fn batches(l: &Lineitem, order: &[usize], sizes: &[usize]) -> Vec<RecordBatch> {
    cut(order.len(), sizes)
        .into_iter()
        .map(|r| {
            let rows = &order[r];
            let cols: Vec<ArrayRef> = vec![
                Arc::new(Int64Array::from_iter_values(
                    rows.iter().map(|&i| l.suppkey[i]),
                )),
                Arc::new(Float64Array::from_iter_values(
                    rows.iter().map(|&i| l.price[i]),
                )),
                Arc::new(Float64Array::from_iter_values(
                    rows.iter().map(|&i| l.discount[i]),
                )),
                Arc::new(Date32Array::from_iter_values(
                    rows.iter().map(|&i| l.shipdate[i]),
                )),
            ];
            RecordBatch::try_new(schema(), cols).unwrap()
        })
        .collect()
}

/// The layouts: the same rows in several orders and batchings, and how many
/// partitions the table has.
fn layouts(l: &Lineitem) -> Vec<(&'static str, Vec<RecordBatch>, usize)> {
    let natural: Vec<usize> = (0..ROWS).collect();
    let mut rng = Rng(15);
    let mut out = Vec::new();
    let b = batches(l, &natural, &[1000]);
    out.push(("natural, 1000-row batches", b.clone(), 1));
    let mut rev = b.clone();
    rev.reverse();
    out.push(("batches reversed", rev, 2));
    let mut shuffled = b;
    rng.shuffle(&mut shuffled);
    out.push(("batches shuffled", shuffled, 3));
    let mut rows = natural.clone();
    rng.shuffle(&mut rows);
    out.push((
        "rows shuffled, batches of 777/1500/64",
        batches(l, &rows, &[777, 1500, 64]),
        1,
    ));
    rng.shuffle(&mut rows);
    out.push((
        "rows shuffled again, 4096-row batches",
        batches(l, &rows, &[4096]),
        4,
    ));
    out
}

const REVENUE: &str = "SELECT l_suppkey AS supplier_no, \
       exact_sum(l_extendedprice * (1 - l_discount)) AS total_revenue, \
       exact_avg(l_extendedprice * (1 - l_discount)) AS avg_revenue, \
       sum(l_extendedprice * (1 - l_discount)) AS builtin_revenue \
     FROM lineitem \
     WHERE l_shipdate >= DATE '1996-01-01' AND l_shipdate < DATE '1996-04-01' \
     GROUP BY l_suppkey";

fn q15() -> String {
    format!(
        "WITH revenue AS ({REVENUE}) \
         SELECT s_suppkey, s_name, total_revenue \
         FROM supplier, revenue \
         WHERE s_suppkey = supplier_no \
           AND total_revenue = (SELECT max(total_revenue) FROM revenue) \
         ORDER BY s_suppkey"
    )
}

const WHOLE: &str = "SELECT exact_sum(l_extendedprice), exact_avg(l_extendedprice), \
       exact_sum(l_extendedprice * (1 - l_discount)), \
       exact_avg(l_extendedprice * (1 - l_discount)), \
       sum(l_extendedprice * (1 - l_discount)), count(*) \
     FROM lineitem";

const GROUPED: &str = "SELECT l_suppkey, exact_sum(l_extendedprice), exact_avg(l_discount), \
       exact_sum(l_extendedprice) FILTER (WHERE l_discount > 0.05), \
       sum(l_extendedprice) \
     FROM lineitem GROUP BY l_suppkey ORDER BY l_suppkey";

fn f64s(b: &RecordBatch, c: usize) -> Vec<u64> {
    b.column(c)
        .as_primitive::<Float64Type>()
        .iter()
        .map(|v| v.expect("no NULL").to_bits())
        .collect()
}

fn ids(b: &RecordBatch, c: usize) -> Vec<i64> {
    b.column(c).as_primitive::<Int64Type>().values().to_vec()
}

/// Per supplier, the values of `f` over the rows that pass `keep`, in row order.
fn by_supplier(
    l: &Lineitem,
    keep: impl Fn(usize) -> bool,
    f: impl Fn(usize) -> f64,
) -> BTreeMap<i64, Vec<f64>> {
    let mut m: BTreeMap<i64, Vec<f64>> = BTreeMap::new();
    for i in (0..ROWS).filter(|&i| keep(i)) {
        m.entry(l.suppkey[i]).or_default().push(f(i));
    }
    m
}

fn bits(m: &BTreeMap<i64, Vec<f64>>, f: fn(&[f64], Nans) -> f64) -> Vec<u64> {
    m.values()
        .map(|v| f(v, Nans::Propagate).to_bits())
        .collect()
}

#[test]
fn q15_and_exact_aggregates_have_the_same_bits_everywhere() {
    let l = generate();
    let rt = runtime();
    let revenue = |i: usize| l.price[i] * (1.0 - l.discount[i]);
    let in_quarter = |i: usize| (Q_START..Q_END).contains(&l.shipdate[i]);

    // The references, by normkey alone.
    let rev = by_supplier(&l, in_quarter, revenue);
    let rev_ids: Vec<i64> = rev.keys().copied().collect();
    let rev_sum = bits(&rev, sum);
    let rev_avg = bits(&rev, mean);
    let top = rev
        .iter()
        .map(|(&k, v)| (sum(v, Nans::Propagate), k))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap();
    let tops = rev_sum.iter().filter(|&&b| b == top.0.to_bits()).count();
    assert_eq!(
        (top.1, tops),
        (TOP, 1),
        "the data must have one top supplier"
    );
    let price: Vec<f64> = l.price.clone();
    let all_rev: Vec<f64> = (0..ROWS).map(revenue).collect();
    let whole = [
        sum(&price, Nans::Propagate).to_bits(),
        mean(&price, Nans::Propagate).to_bits(),
        sum(&all_rev, Nans::Propagate).to_bits(),
        mean(&all_rev, Nans::Propagate).to_bits(),
    ];
    let all = by_supplier(&l, |_| true, |i| l.price[i]);
    let disc = by_supplier(&l, |_| true, |i| l.discount[i]);
    let filtered = by_supplier(&l, |i| l.discount[i] > 0.05, |i| l.price[i]);
    assert_eq!(
        filtered.len(),
        all.len(),
        "every supplier has a discount > 5%"
    );
    let grouped = [bits(&all, sum), bits(&disc, mean), bits(&filtered, sum)];
    let suppliers: Vec<i64> = all.keys().copied().collect();

    // What the built-in SUM gives: distinct results per quantity.
    let mut builtin_whole = BTreeSet::new();
    let mut builtin_rev: BTreeMap<i64, BTreeSet<u64>> = BTreeMap::new();
    let mut builtin_grouped: BTreeMap<i64, BTreeSet<u64>> = BTreeMap::new();
    let mut runs = 0;

    let supplier = RecordBatch::try_new(
        Arc::new(Schema::new(vec![
            Field::new("s_suppkey", DataType::Int64, false),
            Field::new("s_name", DataType::Utf8, false),
        ])),
        vec![
            Arc::new(Int64Array::from_iter_values(1..=SUPPLIERS as i64)),
            Arc::new(StringArray::from_iter_values(
                (1..=SUPPLIERS).map(|k| format!("Supplier#{k:09}")),
            )),
        ],
    )
    .unwrap();

    for (name, batches, parts) in layouts(&l) {
        for p in PARTITIONS {
            for &skip_partial in if p == 3 {
                &[false, true][..]
            } else {
                &[false][..]
            } {
                let ctx = session(p, skip_partial);
                register(&ctx, "lineitem", schema(), &batches, parts);
                register(
                    &ctx,
                    "supplier",
                    supplier.schema(),
                    std::slice::from_ref(&supplier),
                    1,
                );
                let at = format!("{name}, target_partitions {p}, skip partial {skip_partial}");
                runs += 1;

                // Sanity of the date literals: the filter keeps the rows kept here.
                let n = run(
                    &ctx,
                    &rt,
                    "SELECT count(*) FROM lineitem \
                     WHERE l_shipdate >= DATE '1996-01-01' AND l_shipdate < DATE '1996-04-01'",
                );
                let kept = (0..ROWS).filter(|&i| in_quarter(i)).count();
                assert_eq!(ids(&n, 0), [kept as i64], "{at}");

                let r = run(&ctx, &rt, &format!("{REVENUE} ORDER BY supplier_no"));
                assert_eq!(ids(&r, 0), rev_ids, "{at}");
                assert_eq!(f64s(&r, 1), rev_sum, "exact_sum revenue, {at}");
                assert_eq!(f64s(&r, 2), rev_avg, "exact_avg revenue, {at}");
                for (k, b) in ids(&r, 0).into_iter().zip(f64s(&r, 3)) {
                    builtin_rev.entry(k).or_default().insert(b);
                }

                let q = run(&ctx, &rt, &q15());
                assert_eq!(q.num_rows(), 1, "q15 returns one row, {at}");
                assert_eq!(ids(&q, 0), [TOP], "{at}");
                assert_eq!(
                    q.column(1).as_string::<i32>().value(0),
                    format!("Supplier#{TOP:09}")
                );
                assert_eq!(f64s(&q, 2), [top.0.to_bits()], "q15 revenue, {at}");

                let w = run(&ctx, &rt, WHOLE);
                let got: Vec<u64> = (0..4).map(|c| f64s(&w, c)[0]).collect();
                assert_eq!(got, whole, "whole table, {at}");
                builtin_whole.insert(f64s(&w, 4)[0]);

                if skip_partial {
                    // The partial aggregation did give up: rows went through
                    // `convert_to_state`.
                    let plan = run(&ctx, &rt, &format!("EXPLAIN ANALYZE {GROUPED}"));
                    let text = format!(
                        "{}",
                        datafusion::arrow::util::pretty::pretty_format_batches(&[plan]).unwrap()
                    );
                    let skipped: Vec<&str> = text
                        .split("skipped_aggregation_rows=")
                        .skip(1)
                        .map(|t| t.split([',', ']', ' ']).next().unwrap())
                        .collect();
                    assert!(
                        skipped.iter().any(|n| *n != "0"),
                        "no skipped aggregation rows, {at}: {skipped:?}"
                    );
                }
                let g = run(&ctx, &rt, GROUPED);
                assert_eq!(ids(&g, 0), suppliers, "{at}");
                for (c, want) in grouped.iter().enumerate() {
                    assert_eq!(&f64s(&g, c + 1), want, "grouped column {}, {at}", c + 1);
                }
                for (k, b) in ids(&g, 0).into_iter().zip(f64s(&g, 4)) {
                    builtin_grouped.entry(k).or_default().insert(b);
                }
            }
        }
    }

    let varying = |m: &BTreeMap<i64, BTreeSet<u64>>| m.values().filter(|s| s.len() > 1).count();
    let most = |m: &BTreeMap<i64, BTreeSet<u64>>| m.values().map(BTreeSet::len).max().unwrap();
    println!(
        "built-in SUM over {runs} runs (5 layouts × target_partitions {PARTITIONS:?}, \
         and, at 3, skipped partial aggregation): \
         whole-table SUM(revenue): {} distinct results (exact_sum: 1); \
         q15 revenue per supplier: {} of {} suppliers vary, up to {} distinct results; \
         SUM(l_extendedprice) GROUP BY l_suppkey: {} of {} vary, up to {}",
        builtin_whole.len(),
        varying(&builtin_rev),
        builtin_rev.len(),
        most(&builtin_rev),
        varying(&builtin_grouped),
        builtin_grouped.len(),
        most(&builtin_grouped),
    );
    let top_builtin = &builtin_rev[&TOP];
    println!(
        "built-in SUM for q15's top supplier: {} distinct results; exact: {}",
        top_builtin.len(),
        top.0
    );
}
