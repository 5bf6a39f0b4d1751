//! `exact_sum` and `exact_avg` on `Float32` and `Float16` columns, NULLs,
//! NaN and ±∞, empty inputs, the DataFrame API, and malformed partial states.

mod common;

use std::sync::Arc;

use common::{PARTITIONS, Rng, cut, register, run, runtime, session};
use datafusion::arrow::array::{
    Array, ArrayRef, AsArray, FixedSizeListArray, Float16Array, Float32Array, Float64Array,
    Int32Array, Int64Array, RecordBatch,
};
use datafusion::arrow::datatypes::{
    DataType, Field, FieldRef, Float16Type, Float32Type, Float64Type, Int32Type, Schema, SchemaRef,
};
use datafusion::common::ScalarValue;
use datafusion::logical_expr::function::AccumulatorArgs;
use datafusion::logical_expr::{Accumulator, EmitTo, GroupsAccumulator};
use datafusion::physical_expr::expressions::col as pcol;
use datafusion::prelude::{SessionContext, col};
use half::f16;
use normkey::Nans;
use normkey::sum::{mean, sum};
use normkey_datafusion::{exact_avg, exact_avg_udaf, exact_sum, exact_sum_udaf};

// ---------------------------------------------------------------------------
// Float32 and Float16 columns with NULLs.

const GROUPS: i32 = 20;
/// The group whose every value is NULL.
const ALL_NULL: i32 = 19;
/// The group of `Float16` values near its largest finite value, ±60000.
const BIG_F16: i32 = 18;

struct Typed {
    g: Vec<i32>,
    x: Vec<Option<f32>>,
    h: Vec<Option<f16>>,
}

fn typed() -> Typed {
    let mut rng = Rng(32);
    let mut t = Typed {
        g: Vec::new(),
        x: Vec::new(),
        h: Vec::new(),
    };
    let mut big = 0;
    for _ in 0..6000 {
        let g = i32::try_from(rng.below(GROUPS as u64)).unwrap();
        let null = g == ALL_NULL || (g != BIG_F16 && rng.below(10) == 0);
        // f32: a random sign, 24-bit significand and exponent in [-30, 30).
        let m = (rng.next_u64() >> 40) as f32;
        let e = i32::try_from(rng.below(60)).unwrap() - 30 - 24;
        let s = if rng.below(2) == 0 { 1.0 } else { -1.0 };
        let x = s * m * 2f32.powi(e);
        let h = if g == BIG_F16 {
            // Adding in order leaves f16's range (60000 + 30000); the exact sum
            // does not (each period adds 1).
            big += 1;
            f16::from_f32([60000.0, 30000.0, -60000.0, -30000.0, 1.0][(big - 1) % 5])
        } else {
            f16::from_f32(s * (rng.below(20_000) as f32) / 97.0)
        };
        t.g.push(g);
        t.x.push((!null).then_some(x));
        t.h.push((!null).then_some(h));
    }
    t
}

fn typed_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        Field::new("g", DataType::Int32, false),
        Field::new("x", DataType::Float32, true),
        Field::new("h", DataType::Float16, true),
    ]))
}

fn typed_batches(t: &Typed, order: &[usize], sizes: &[usize]) -> Vec<RecordBatch> {
    cut(order.len(), sizes)
        .into_iter()
        .map(|r| {
            let rows = &order[r];
            let cols: Vec<ArrayRef> = vec![
                Arc::new(Int32Array::from_iter_values(rows.iter().map(|&i| t.g[i]))),
                Arc::new(rows.iter().map(|&i| t.x[i]).collect::<Float32Array>()),
                Arc::new(rows.iter().map(|&i| t.h[i]).collect::<Float16Array>()),
            ];
            RecordBatch::try_new(typed_schema(), cols).unwrap()
        })
        .collect()
}

/// Per group, the non-NULL values; `None` where there are none.
fn per_group<T: Copy>(t: &Typed, v: &[Option<T>]) -> Vec<Vec<T>> {
    let mut out = vec![Vec::new(); GROUPS as usize];
    for (g, x) in t.g.iter().zip(v) {
        if let Some(x) = x {
            out[usize::try_from(*g).unwrap()].push(*x);
        }
    }
    out
}

fn f32_bits(a: &ArrayRef) -> Vec<Option<u32>> {
    a.as_primitive::<Float32Type>()
        .iter()
        .map(|v| v.map(f32::to_bits))
        .collect()
}

fn f16_bits(a: &ArrayRef) -> Vec<Option<u16>> {
    a.as_primitive::<Float16Type>()
        .iter()
        .map(|v| v.map(f16::to_bits))
        .collect()
}

#[test]
fn float32_and_float16_columns_with_nulls() {
    let t = typed();
    let rt = runtime();
    let xs = per_group(&t, &t.x);
    let hs = per_group(&t, &t.h);
    let or_null = |v: &Vec<f32>, f: fn(&[f32], Nans) -> f32| {
        (!v.is_empty()).then(|| f(v, Nans::Propagate).to_bits())
    };
    let or_null16 = |v: &Vec<f16>, f: fn(&[f16], Nans) -> f16| {
        (!v.is_empty()).then(|| f(v, Nans::Propagate).to_bits())
    };
    let want_x_sum: Vec<_> = xs.iter().map(|v| or_null(v, sum)).collect();
    let want_x_avg: Vec<_> = xs.iter().map(|v| or_null(v, mean)).collect();
    let want_h_sum: Vec<_> = hs.iter().map(|v| or_null16(v, sum)).collect();
    let want_h_avg: Vec<_> = hs.iter().map(|v| or_null16(v, mean)).collect();
    assert_eq!(want_x_sum[ALL_NULL as usize], None);
    // The f16 group's exact sum is in range, though its running sums are not.
    let big = &hs[BIG_F16 as usize];
    assert!(big.len() > 100);
    let running = big.iter().fold(f16::ZERO, |a, &b| a + b);
    assert!(running.is_infinite(), "adding in row order overflows");
    assert!(f16::from_bits(want_h_sum[BIG_F16 as usize].unwrap()).is_finite());

    let all_x: Vec<f32> = t.x.iter().flatten().copied().collect();
    let all_h: Vec<f16> = t.h.iter().flatten().copied().collect();
    let whole = (
        sum(&all_x, Nans::Propagate).to_bits(),
        mean(&all_x, Nans::Propagate).to_bits(),
        sum(&all_h, Nans::Propagate).to_bits(),
        mean(&all_h, Nans::Propagate).to_bits(),
    );

    let n = t.g.len();
    let natural: Vec<usize> = (0..n).collect();
    let mut shuffled = natural.clone();
    Rng(5).shuffle(&mut shuffled);
    let mut reversed = typed_batches(&t, &natural, &[500]);
    reversed.reverse();
    let layouts = [
        (typed_batches(&t, &natural, &[500]), 1),
        (reversed, 2),
        (typed_batches(&t, &shuffled, &[333, 1024, 7]), 3),
    ];
    for (li, (batches, parts)) in layouts.iter().enumerate() {
        for p in PARTITIONS {
            for &skip_partial in if p == 2 {
                &[false, true][..]
            } else {
                &[false][..]
            } {
                let ctx = session(p, skip_partial);
                register(&ctx, "t", typed_schema(), batches, *parts);
                let at = format!("layout {li}, target_partitions {p}, skip partial {skip_partial}");
                let g = run(
                    &ctx,
                    &rt,
                    "SELECT g, exact_sum(x), exact_avg(x), exact_sum(h), exact_avg(h) \
                     FROM t GROUP BY g ORDER BY g",
                );
                let groups: Vec<i32> = g.column(0).as_primitive::<Int32Type>().values().to_vec();
                assert_eq!(groups, (0..GROUPS).collect::<Vec<_>>(), "{at}");
                assert_eq!(g.column(1).data_type(), &DataType::Float32);
                assert_eq!(g.column(3).data_type(), &DataType::Float16);
                assert_eq!(f32_bits(g.column(1)), want_x_sum, "f32 sum, {at}");
                assert_eq!(f32_bits(g.column(2)), want_x_avg, "f32 avg, {at}");
                assert_eq!(f16_bits(g.column(3)), want_h_sum, "f16 sum, {at}");
                assert_eq!(f16_bits(g.column(4)), want_h_avg, "f16 avg, {at}");

                let w = run(
                    &ctx,
                    &rt,
                    "SELECT exact_sum(x), exact_avg(x), exact_sum(h), exact_avg(h) FROM t",
                );
                let got = (
                    f32_bits(w.column(0))[0].unwrap(),
                    f32_bits(w.column(1))[0].unwrap(),
                    f16_bits(w.column(2))[0].unwrap(),
                    f16_bits(w.column(3))[0].unwrap(),
                );
                assert_eq!(got, whole, "whole table, {at}");
            }
        }
    }
}

// ---------------------------------------------------------------------------
// NaN, ±∞, ±0, overflow, NULL-only groups: expected values from IEEE 754's
// rules (one rounding of the exact result), not from the implementation.

/// A group: its values (`None`: NULL), its sum and its mean (`None`: NULL).
type Group = (Vec<Option<f64>>, Option<f64>, Option<f64>);

/// The groups of `nan_infinities_zeros_and_nulls`.
fn special_groups() -> Vec<Group> {
    let nan = f64::NAN;
    let inf = f64::INFINITY;
    let max = f64::MAX;
    vec![
        (vec![Some(1.0), Some(nan)], Some(nan), Some(nan)),
        (vec![Some(inf), Some(1.0)], Some(inf), Some(inf)),
        (vec![Some(inf), Some(-inf)], Some(nan), Some(nan)),
        (vec![Some(-0.0), Some(-0.0)], Some(-0.0), Some(-0.0)),
        (vec![Some(-0.0), Some(0.0)], Some(0.0), Some(0.0)),
        (
            vec![Some(max), Some(max), Some(-max)],
            Some(max),
            Some(max / 3.0),
        ),
        (vec![Some(max), Some(max)], Some(inf), Some(max)),
        (vec![None, None], None, None),
        (
            vec![Some(1e16), Some(1.0), Some(-1e16)],
            Some(1.0),
            Some(1.0 / 3.0),
        ),
        (vec![Some(-inf), None], Some(-inf), Some(-inf)),
        // A negative NaN with a payload: the result is the canonical +qNaN.
        (
            vec![Some(f64::from_bits(0xfff8_0000_dead_beef)), None],
            Some(nan),
            Some(nan),
        ),
        (
            vec![Some(5e-324), Some(5e-324), None],
            Some(1e-323),
            Some(5e-324),
        ),
        (vec![Some(-0.0), None], Some(-0.0), Some(-0.0)),
    ]
}

fn special_table() -> (SchemaRef, Vec<RecordBatch>) {
    let schema = Arc::new(Schema::new(vec![
        Field::new("g", DataType::Int64, false),
        Field::new("x", DataType::Float64, true),
    ]));
    // One row per batch, so that every value reaches the result through a merge.
    let mut batches = Vec::new();
    for (g, (values, _, _)) in special_groups().into_iter().enumerate() {
        for v in values {
            batches.push(
                RecordBatch::try_new(
                    schema.clone(),
                    vec![
                        Arc::new(Int64Array::from(vec![g as i64])),
                        Arc::new(Float64Array::from(vec![v])),
                    ],
                )
                .unwrap(),
            );
        }
    }
    (schema, batches)
}

fn opt_bits(a: &ArrayRef) -> Vec<Option<u64>> {
    a.as_primitive::<Float64Type>()
        .iter()
        .map(|v| v.map(f64::to_bits))
        .collect()
}

#[test]
fn nan_infinities_zeros_and_nulls() {
    let rt = runtime();
    let (schema, mut batches) = special_table();
    let groups = special_groups();
    let want_sum: Vec<_> = groups.iter().map(|g| g.1.map(f64::to_bits)).collect();
    let want_avg: Vec<_> = groups.iter().map(|g| g.2.map(f64::to_bits)).collect();
    assert_eq!(f64::NAN.to_bits(), 0x7ff8_0000_0000_0000);
    for round in 0..3 {
        if round > 0 {
            Rng(round).shuffle(&mut batches);
        }
        for p in [1, 3, 8] {
            let ctx = session(p, round == 2);
            register(&ctx, "s", schema.clone(), &batches, 2);
            // GROUP BY: the groups accumulator.
            let b = run(
                &ctx,
                &rt,
                "SELECT g, exact_sum(x), exact_avg(x) FROM s GROUP BY g ORDER BY g",
            );
            assert_eq!(opt_bits(b.column(1)), want_sum, "round {round}, p {p}");
            assert_eq!(opt_bits(b.column(2)), want_avg, "round {round}, p {p}");
            // One group at a time, no GROUP BY: the row accumulator.
            for (g, (ws, wa)) in want_sum.iter().zip(&want_avg).enumerate() {
                let b = run(
                    &ctx,
                    &rt,
                    &format!("SELECT exact_sum(x), exact_avg(x) FROM s WHERE g = {g}"),
                );
                assert_eq!(opt_bits(b.column(0)), [*ws], "group {g}, p {p}");
                assert_eq!(opt_bits(b.column(1)), [*wa], "group {g}, p {p}");
            }
        }
    }
}

#[test]
fn empty_input_gives_null_and_no_groups() {
    let rt = runtime();
    for p in [1, 4] {
        let ctx = session(p, false);
        let schema = Arc::new(Schema::new(vec![
            Field::new("g", DataType::Int64, false),
            Field::new("x", DataType::Float64, true),
            Field::new("y", DataType::Float32, true),
        ]));
        register(&ctx, "e", schema, &[], 1);
        let b = run(
            &ctx,
            &rt,
            "SELECT exact_sum(x), exact_avg(x), exact_sum(y), exact_avg(y), sum(x) FROM e",
        );
        assert_eq!(b.num_rows(), 1);
        for c in 0..5 {
            assert!(b.column(c).is_null(0), "column {c}");
        }
        assert_eq!(b.column(2).data_type(), &DataType::Float32);
        let b = run(&ctx, &rt, "SELECT g, exact_sum(x) FROM e GROUP BY g");
        assert_eq!(b.num_rows(), 0);
        // Integer arguments are cast to Float64; NULL literals too.
        let b = run(
            &ctx,
            &rt,
            "SELECT exact_sum(v), exact_avg(v), exact_sum(NULL) \
             FROM (VALUES (9007199254740993), (1), (1)) AS t(v)",
        );
        assert_eq!(b.column(0).data_type(), &DataType::Float64);
        // 2^53 + 1 is cast to 2^53 (to even); then 2^53 + 1 + 1 exactly, where
        // adding in order gives 2^53 twice.
        assert_eq!(
            opt_bits(b.column(0)),
            [Some(9_007_199_254_740_994_f64.to_bits())]
        );
        assert!(b.column(2).is_null(0));
    }
}

#[test]
fn dataframe_api() {
    let rt = runtime();
    let batch = RecordBatch::try_from_iter([
        (
            "g",
            Arc::new(Int32Array::from(vec![1, 2, 1, 2, 3])) as ArrayRef,
        ),
        (
            "x",
            Arc::new(Float64Array::from(vec![
                Some(1e100),
                Some(0.5),
                Some(1.0),
                None,
                None,
            ])) as ArrayRef,
        ),
    ])
    .unwrap();
    let ctx = SessionContext::new();
    let out = rt.block_on(async {
        ctx.read_batch(batch.clone())
            .unwrap()
            .aggregate(
                vec![col("g")],
                vec![
                    exact_sum(col("x")).alias("s"),
                    exact_avg(col("x")).alias("m"),
                ],
            )
            .unwrap()
            .sort_by(vec![col("g")])
            .unwrap()
            .collect()
            .await
            .unwrap()
    });
    let out = &out[0];
    assert_eq!(
        opt_bits(out.column(1)),
        [
            Some((1e100_f64 + 1.0).to_bits()),
            Some(0.5_f64.to_bits()),
            None
        ]
    );
    assert_eq!(
        opt_bits(out.column(2)),
        [
            Some((1e100_f64 / 2.0).to_bits()),
            Some(0.5_f64.to_bits()),
            None
        ]
    );
    // Without GROUP BY.
    let out = rt.block_on(async {
        ctx.read_batch(batch)
            .unwrap()
            .aggregate(vec![], vec![exact_sum(col("x") - col("x") + col("x"))])
            .unwrap()
            .collect()
            .await
            .unwrap()
    });
    assert_eq!(
        opt_bits(out[0].column(0)),
        [Some((1e100_f64 + 1.5).to_bits())]
    );
}

// ---------------------------------------------------------------------------
// The accumulators directly: partial states, EmitTo, malformed states.

fn x_schema(t: DataType) -> Schema {
    Schema::new(vec![Field::new("x", t, true)])
}

/// Runs `f` with accumulator arguments for `exact_sum(x)` or `exact_avg(x)`.
fn with_args<R>(t: DataType, f: impl FnOnce(AccumulatorArgs) -> R) -> R {
    let schema = x_schema(t.clone());
    let field: FieldRef = Arc::new(Field::new("out", t, true));
    let exprs = [pcol("x", &schema).unwrap()];
    let expr_fields = [Arc::new(schema.field(0).clone())];
    f(AccumulatorArgs {
        return_field: field,
        schema: &schema,
        ignore_nulls: false,
        order_bys: &[],
        is_reversed: false,
        name: "exact_sum(x)",
        is_distinct: false,
        exprs: &exprs,
        expr_fields: &expr_fields,
    })
}

fn row_acc(avg: bool) -> Box<dyn Accumulator> {
    let udaf = if avg {
        exact_avg_udaf()
    } else {
        exact_sum_udaf()
    };
    with_args(DataType::Float64, |a| udaf.inner().accumulator(a).unwrap())
}

fn groups_acc(t: DataType) -> Box<dyn GroupsAccumulator> {
    with_args(t, |a| {
        assert!(
            exact_sum_udaf()
                .inner()
                .groups_accumulator_supported(a.clone())
        );
        exact_sum_udaf()
            .inner()
            .create_groups_accumulator(a)
            .unwrap()
    })
}

fn state_array(acc: &mut dyn Accumulator) -> ArrayRef {
    let s = acc.state().unwrap();
    assert_eq!(s.len(), 1);
    s[0].to_array().unwrap()
}

/// A copy of a state column with word `i` of row 0 changed by `f`.
fn tampered(state: &ArrayRef, i: usize, f: impl Fn(i64) -> i64) -> ArrayRef {
    let list = state.as_fixed_size_list();
    let mut words = list
        .values()
        .as_primitive::<datafusion::arrow::datatypes::Int64Type>()
        .values()
        .to_vec();
    words[i] = f(words[i]);
    let item = Arc::new(Field::new("item", DataType::Int64, false));
    Arc::new(FixedSizeListArray::new(
        item,
        list.value_length(),
        Arc::new(Int64Array::from(words)),
        None,
    ))
}

fn value(acc: &mut dyn Accumulator) -> Option<f64> {
    match acc.evaluate().unwrap() {
        ScalarValue::Float64(v) => v,
        other => panic!("{other:?}"),
    }
}

#[test]
fn partial_states_merge_across_accumulators() {
    let v = [1e100, 0.1, -1e100, 0.2, 3e-300];
    let want = sum(&v, Nans::Propagate);
    let mut parts = Vec::new();
    for chunk in v.chunks(2) {
        let mut a = row_acc(false);
        a.update_batch(&[Arc::new(Float64Array::from(chunk.to_vec()))])
            .unwrap();
        parts.push(state_array(a.as_mut()));
    }
    let mut total = row_acc(false);
    for s in parts.iter().rev() {
        total.merge_batch(std::slice::from_ref(s)).unwrap();
    }
    assert_eq!(
        value(total.as_mut()).map(f64::to_bits),
        Some(want.to_bits())
    );
    let mut avg = row_acc(true);
    for s in &parts {
        avg.merge_batch(std::slice::from_ref(s)).unwrap();
    }
    assert_eq!(
        value(avg.as_mut()).map(f64::to_bits),
        Some(mean(&v, Nans::Propagate).to_bits())
    );
    // A state of nothing merges as nothing: still NULL.
    let mut empty = row_acc(false);
    let e = state_array(empty.as_mut());
    let mut other = row_acc(false);
    other.merge_batch(&[e]).unwrap();
    assert_eq!(value(other.as_mut()), None);
}

#[test]
fn malformed_states_are_errors() {
    let mut a = row_acc(false);
    a.update_batch(&[Arc::new(Float64Array::from(vec![0.1, 2.5]))])
        .unwrap();
    let good = state_array(a.as_mut());
    let bad = [
        tampered(&good, 0, |_| 0),     // no states
        tampered(&good, 1, |t| t + 1), // another tag
        tampered(&good, 4, |_| 2),     // a NaN flag of 2 in one state
        tampered(&good, 10, |_| -1),   // a digit below 0
        tampered(&good, 2, |_| 0),     // zero values with a sum
    ];
    for (i, b) in bad.iter().enumerate() {
        let mut r = row_acc(false);
        let e = r.merge_batch(std::slice::from_ref(b)).unwrap_err();
        assert!(
            e.to_string().contains("malformed exact_sum state"),
            "{i}: {e}"
        );
        let mut g = groups_acc(DataType::Float64);
        let e = g.merge_batch(std::slice::from_ref(b), &[0], 1).unwrap_err();
        assert!(
            e.to_string().contains("malformed exact_sum state"),
            "{i}: {e}"
        );
    }
    // Another float type's words: a length error.
    let mut g32 = groups_acc(DataType::Float32);
    let e = g32
        .merge_batch(std::slice::from_ref(&good), &[0], 1)
        .unwrap_err();
    assert!(e.to_string().contains("20 words expected, got 77"), "{e}");
    // Not a list at all.
    let e = g32
        .merge_batch(&[Arc::new(Int64Array::from(vec![1]))], &[0], 1)
        .unwrap_err();
    assert!(e.to_string().contains("FixedSizeList"), "{e}");
    // The untouched state still merges.
    let mut r = row_acc(false);
    r.merge_batch(&[good]).unwrap();
    assert_eq!(value(r.as_mut()), Some(0.1 + 2.5));
}

#[test]
fn groups_accumulator_emit_first_filter_and_convert_to_state() {
    let xs = Float32Array::from(vec![
        Some(1.0),
        Some(2.0),
        None,
        Some(1e-45),
        Some(16_777_216.0),
        Some(1.0),
        Some(-3.0),
    ]);
    let groups = [0, 1, 0, 2, 3, 3, 4];
    let filter = datafusion::arrow::array::BooleanArray::from(vec![
        Some(true),
        Some(true),
        Some(true),
        Some(true),
        Some(true),
        Some(true),
        None,
    ]);
    let values: Vec<ArrayRef> = vec![Arc::new(xs)];
    // Expected: group 3 is 2^24 + 1, a tie, to even: 2^24; group 4 filtered out.
    let want = [
        Some(1.0_f32),
        Some(2.0),
        Some(1e-45),
        Some(16_777_216.0),
        None,
    ];
    let bits = |v: &[Option<f32>]| v.iter().map(|x| x.map(f32::to_bits)).collect::<Vec<_>>();

    let mut g = groups_acc(DataType::Float32);
    g.update_batch(&values, &groups, Some(&filter), 5).unwrap();
    let first = g.evaluate(EmitTo::First(2)).unwrap();
    assert_eq!(f32_bits(&first), bits(&want[..2]));
    let rest = g.evaluate(EmitTo::All).unwrap();
    assert_eq!(f32_bits(&rest), bits(&want[2..]));

    // The states of EmitTo::First, merged into another accumulator.
    let mut g = groups_acc(DataType::Float32);
    g.update_batch(&values, &groups, Some(&filter), 5).unwrap();
    let s1 = g.state(EmitTo::First(3)).unwrap();
    let s2 = g.state(EmitTo::All).unwrap();
    let mut m = groups_acc(DataType::Float32);
    m.merge_batch(&s2, &[3, 4], 5).unwrap();
    m.merge_batch(&s1, &[0, 1, 2], 5).unwrap();
    assert_eq!(f32_bits(&m.evaluate(EmitTo::All).unwrap()), bits(&want));

    // Each row as its own state (skipped partial aggregation).
    let g = groups_acc(DataType::Float32);
    let rows = g.convert_to_state(&values, Some(&filter)).unwrap();
    assert_eq!(rows[0].len(), 7);
    let mut m = groups_acc(DataType::Float32);
    m.merge_batch(&rows, &groups, 5).unwrap();
    assert_eq!(f32_bits(&m.evaluate(EmitTo::All).unwrap()), bits(&want));
}

#[test]
fn window_frames() {
    let rt = runtime();
    let v = [1e100, 1.0, -1e100, 0.25, f64::MAX, f64::MAX, -f64::MAX];
    let schema = Arc::new(Schema::new(vec![
        Field::new("i", DataType::Int64, false),
        Field::new("x", DataType::Float64, false),
    ]));
    let batch = RecordBatch::try_new(
        schema.clone(),
        vec![
            Arc::new(Int64Array::from_iter_values(0..v.len() as i64)),
            Arc::new(Float64Array::from(v.to_vec())),
        ],
    )
    .unwrap();
    for p in [1, 4] {
        let ctx = session(p, false);
        register(&ctx, "w", schema.clone(), std::slice::from_ref(&batch), 1);
        // A running frame: the exact sum of each prefix.
        let b = run(
            &ctx,
            &rt,
            "SELECT exact_sum(x) OVER (ORDER BY i ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW), \
                    exact_sum(x) OVER () FROM w ORDER BY i",
        );
        let want: Vec<_> = (1..=v.len())
            .map(|n| Some(sum(&v[..n], Nans::Propagate).to_bits()))
            .collect();
        assert_eq!(opt_bits(b.column(0)), want);
        assert_eq!(want[2], Some(1.0_f64.to_bits()));
        assert_eq!(want[6], Some(f64::MAX.to_bits()));
        let total = Some(sum(&v, Nans::Propagate).to_bits());
        assert_eq!(opt_bits(b.column(1)), vec![total; v.len()]);
        // A sliding frame needs `retract_batch`: an error, not a panic or a wrong sum.
        let sliding = rt.block_on(async {
            let df = ctx
                .sql("SELECT exact_sum(x) OVER (ORDER BY i ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM w")
                .await?;
            df.collect().await
        });
        let e = sliding.unwrap_err().to_string();
        assert!(e.to_lowercase().contains("retract"), "{e}");
    }
}

#[test]
fn state_sizes_in_the_docs() {
    use normkey::sum::ExactSum;
    use std::mem::size_of;
    // The crate docs' "Costs": bytes per group and words per state.
    assert_eq!(size_of::<ExactSum<f64>>(), 560);
    assert_eq!(size_of::<ExactSum<f32>>(), 104);
    assert_eq!(size_of::<ExactSum<f16>>(), 48);
    assert_eq!(ExactSum::<f64>::new().to_words().len(), 77);
    assert_eq!(ExactSum::<f32>::new().to_words().len(), 20);
    assert_eq!(ExactSum::<f16>::new().to_words().len(), 13);
}
