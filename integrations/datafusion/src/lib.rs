//! `exact_sum` and `exact_avg`: [Apache DataFusion](https://datafusion.apache.org)
//! aggregates over `Float16`, `Float32` and `Float64` columns whose results are
//! the exact sum (or mean) rounded once, so they are the same bits for every
//! `target_partitions`, batch size, batch order and plan — which DataFusion's
//! own `SUM` and `AVG` (floating-point additions in arrival order) are not.
//!
//! The accumulators are [`normkey::sum::ExactSum`]; the partial state that
//! travels between the partial and final aggregation is the state's integer
//! words ([`ExactSum::to_words`], format [`normkey::sum::WORDS_VERSION`]) in
//! one `FixedSizeList<Int64>` column, merged with [`ExactSum::from_words`] and
//! [`ExactSum::merge`] (the elementwise integer sum of the words is the merge).
//! Both a row [`Accumulator`] and a [`GroupsAccumulator`] are provided, so
//! `GROUP BY` runs on DataFusion's vectorized grouping.
//!
//! # SQL
//!
//! ```
//! use datafusion::prelude::SessionContext;
//! # let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
//! # rt.block_on(async {
//! let ctx = SessionContext::new();
//! normkey_datafusion::register(&ctx);
//! let df = ctx
//!     .sql("SELECT exact_sum(x) AS s, exact_avg(x) AS m \
//!           FROM (VALUES (1e100), (1.0), (-1e100), (0.5)) AS t(x)")
//!     .await
//!     .unwrap();
//! let batch = &df.collect().await.unwrap()[0];
//! use datafusion::arrow::array::AsArray;
//! use datafusion::arrow::datatypes::Float64Type;
//! let col = |i: usize| batch.column(i).as_primitive::<Float64Type>().value(0);
//! assert_eq!(col(0), 1.5); // 1e100 + 1 − 1e100 + 0.5, exactly: no order loses the 1
//! assert_eq!(col(1), 0.375);
//! # });
//! ```
//!
//! # DataFrame
//!
//! ```
//! use datafusion::arrow::array::{AsArray, Float32Array, Int32Array, RecordBatch};
//! use datafusion::arrow::datatypes::Float32Type;
//! use datafusion::prelude::{SessionContext, col};
//! use normkey_datafusion::{exact_avg, exact_sum};
//! # let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
//! # rt.block_on(async {
//! let batch = RecordBatch::try_from_iter([
//!     ("g", std::sync::Arc::new(Int32Array::from(vec![1, 1, 2])) as _),
//!     ("x", std::sync::Arc::new(Float32Array::from(vec![Some(0.5), None, Some(2.0)])) as _),
//! ])
//! .unwrap();
//! let ctx = SessionContext::new();
//! let out = ctx
//!     .read_batch(batch)
//!     .unwrap()
//!     .aggregate(vec![col("g")], vec![exact_sum(col("x")).alias("s"), exact_avg(col("x")).alias("m")])
//!     .unwrap()
//!     .sort_by(vec![col("g")])
//!     .unwrap()
//!     .collect()
//!     .await
//!     .unwrap();
//! let s = out[0].column(1).as_primitive::<Float32Type>();
//! assert_eq!((s.value(0), s.value(1)), (0.5, 2.0)); // the NULL is skipped
//! # });
//! ```
//!
//! # Semantics
//!
//! | input of a group | `exact_sum` | `exact_avg` | DataFusion's `SUM` / `AVG` |
//! |---|---|---|---|
//! | no rows, or only NULLs | NULL | NULL | NULL |
//! | NULLs among values | skipped | skipped (not counted) | skipped |
//! | finite values | the exact sum rounded once to the column's type (to nearest, ties to even) | the exact sum divided by the number of non-NULL values, rounded once | a sum in arrival order (depends on partitioning and batch order) |
//! | a NaN | NaN (the canonical positive quiet NaN) | NaN | NaN |
//! | +∞ (and no −∞, no NaN) | +∞; likewise −∞ | +∞; likewise −∞ | +∞ / −∞ |
//! | +∞ and −∞ | NaN | NaN | NaN |
//! | a finite exact sum beyond the type's range | ±∞, as one rounding | finite: no overflow on the way | ±∞, or finite, by order |
//! | an exact sum of zero | −0 only when every value was −0, else +0 | likewise | by order |
//!
//! Types: `Float16`, `Float32` and `Float64` columns give a result of the same
//! type (`exact_avg` of `Float16` is `Float16`: the exact mean rounded once to
//! binary16, where `AVG` gives `Float64`). Integer and decimal arguments are
//! cast to `Float64` first (DataFusion's cast: integers beyond 2^53 round), and
//! the result is `Float64`. `DISTINCT` is not supported.
//!
//! Malformed partial states (words that no sum of valid states gives) are an
//! execution error, never a wrong sum.
//!
//! # Costs
//!
//! Each group holds one `ExactSum`: 560 bytes for `Float64`, 104 for
//! `Float32`, 48 for `Float16` (the built-in `SUM`: 8). A partial state sent
//! between the aggregation phases is 77 words (`Float64`), 20 (`Float32`) or 13
//! (`Float16`) of 8 bytes per group; where DataFusion skips the partial
//! aggregation (many groups), that is per row. Sliding window frames
//! (`ROWS BETWEEN 3 PRECEDING AND CURRENT ROW`) are not supported (no
//! `retract_batch`); whole-partition and running frames are.

use std::fmt::Debug;
use std::marker::PhantomData;
use std::mem::size_of;
use std::sync::{Arc, LazyLock};

use datafusion::arrow::array::{
    Array, ArrayRef, ArrowPrimitiveType, AsArray, BooleanArray, FixedSizeListArray, Int64Array,
    PrimitiveArray,
};
use datafusion::arrow::datatypes::{
    DataType, Field, FieldRef, Float16Type, Float32Type, Float64Type, Int64Type,
};
use datafusion::common::{DataFusionError, Result, ScalarValue, exec_err, not_impl_err};
use datafusion::logical_expr::function::{AccumulatorArgs, StateFieldsArgs};
use datafusion::logical_expr::utils::format_state_name;
use datafusion::logical_expr::{
    Accumulator, AggregateUDF, AggregateUDFImpl, EmitTo, Expr, GroupsAccumulator, ReversedUDAF,
    Signature, Volatility,
};
use datafusion::prelude::SessionContext;
use normkey::sum::{ExactSum, SumFloat};

/// Which aggregate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    /// The exact sum, rounded once.
    Sum,
    /// The exact mean, rounded once.
    Avg,
}

/// The aggregate UDF behind `exact_sum` and `exact_avg` (see the crate docs for
/// their semantics); [`exact_sum_udaf`] and [`exact_avg_udaf`] wrap it.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct ExactAggregate {
    kind: Kind,
    signature: Signature,
}

impl ExactAggregate {
    /// `exact_sum`.
    #[must_use]
    pub fn sum() -> Self {
        Self {
            kind: Kind::Sum,
            signature: Signature::user_defined(Volatility::Immutable),
        }
    }

    /// `exact_avg`.
    #[must_use]
    pub fn avg() -> Self {
        Self {
            kind: Kind::Avg,
            signature: Signature::user_defined(Volatility::Immutable),
        }
    }
}

/// The number of words of `F`'s state.
fn words_len<F: SumFloat>() -> usize {
    ExactSum::<F>::new().to_words().as_ref().len()
}

/// The state field: one `FixedSizeList<Int64>` of the words.
fn state_field(name: &str, words: usize) -> FieldRef {
    let item = Arc::new(Field::new("item", DataType::Int64, false));
    let len = i32::try_from(words).expect("at most 77 words");
    Arc::new(Field::new(
        format_state_name(name, "exact_sum_words"),
        DataType::FixedSizeList(item, len),
        false,
    ))
}

/// The number of words of a float type's state.
fn words_of(t: &DataType) -> Result<usize> {
    match t {
        DataType::Float16 => Ok(words_len::<half::f16>()),
        DataType::Float32 => Ok(words_len::<f32>()),
        DataType::Float64 => Ok(words_len::<f64>()),
        other => not_impl_err!("exact_sum/exact_avg of {other}"),
    }
}

impl AggregateUDFImpl for ExactAggregate {
    fn name(&self) -> &str {
        match self.kind {
            Kind::Sum => "exact_sum",
            Kind::Avg => "exact_avg",
        }
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn coerce_types(&self, arg_types: &[DataType]) -> Result<Vec<DataType>> {
        let [t] = arg_types else {
            return exec_err!(
                "{} takes one argument, got {}",
                self.name(),
                arg_types.len()
            );
        };
        match t {
            DataType::Float16 | DataType::Float32 | DataType::Float64 => Ok(vec![t.clone()]),
            t if t.is_integer() || t.is_null() || t.is_decimal() => Ok(vec![DataType::Float64]),
            other => exec_err!(
                "{} takes a Float16, Float32 or Float64 argument (or an integer or decimal, \
                 cast to Float64), got {other}",
                self.name()
            ),
        }
    }

    fn return_type(&self, arg_types: &[DataType]) -> Result<DataType> {
        match arg_types {
            [t @ (DataType::Float16 | DataType::Float32 | DataType::Float64)] => Ok(t.clone()),
            other => exec_err!("{} of {other:?}", self.name()),
        }
    }

    fn accumulator(&self, args: AccumulatorArgs) -> Result<Box<dyn Accumulator>> {
        if args.is_distinct {
            return not_impl_err!("{}(DISTINCT …)", self.name());
        }
        Ok(match args.return_type() {
            DataType::Float16 => Box::new(ExactAccumulator::<Float16Type>::new(self.kind)),
            DataType::Float32 => Box::new(ExactAccumulator::<Float32Type>::new(self.kind)),
            DataType::Float64 => Box::new(ExactAccumulator::<Float64Type>::new(self.kind)),
            other => return not_impl_err!("{} of {other}", self.name()),
        })
    }

    fn state_fields(&self, args: StateFieldsArgs) -> Result<Vec<FieldRef>> {
        Ok(vec![state_field(args.name, words_of(args.return_type())?)])
    }

    fn groups_accumulator_supported(&self, args: AccumulatorArgs) -> bool {
        !args.is_distinct
    }

    fn create_groups_accumulator(
        &self,
        args: AccumulatorArgs,
    ) -> Result<Box<dyn GroupsAccumulator>> {
        Ok(match args.return_type() {
            DataType::Float16 => Box::new(ExactGroupsAccumulator::<Float16Type>::new(self.kind)),
            DataType::Float32 => Box::new(ExactGroupsAccumulator::<Float32Type>::new(self.kind)),
            DataType::Float64 => Box::new(ExactGroupsAccumulator::<Float64Type>::new(self.kind)),
            other => return not_impl_err!("{} of {other}", self.name()),
        })
    }

    fn reverse_expr(&self) -> ReversedUDAF {
        ReversedUDAF::Identical
    }
}

/// The float types: an Arrow primitive type whose native type `normkey` sums.
trait ExactFloat: ArrowPrimitiveType<Native: SumFloat> + Debug + Send + Sync {}
impl<T: ArrowPrimitiveType<Native: SumFloat> + Debug + Send + Sync> ExactFloat for T {}

/// A `WordsError` as an execution error.
fn malformed(e: normkey::sum::WordsError) -> DataFusionError {
    DataFusionError::Execution(format!("malformed exact_sum state: {e}"))
}

/// The states' words of a state column: `f(row, words)` for every non-NULL row.
fn for_each_state<T: ExactFloat>(
    states: &ArrayRef,
    mut f: impl FnMut(usize, ExactSum<T::Native>),
) -> Result<()> {
    let Some(list) = states.as_fixed_size_list_opt() else {
        return exec_err!(
            "malformed exact_sum state: expected FixedSizeList<Int64>, got {}",
            states.data_type()
        );
    };
    let n = words_len::<T::Native>();
    if usize::try_from(list.value_length()).ok() != Some(n) {
        return Err(malformed(normkey::sum::WordsError::Length {
            expected: n,
            got: usize::try_from(list.value_length()).unwrap_or(0),
        }));
    }
    let Some(words) = list.values().as_primitive_opt::<Int64Type>() else {
        return exec_err!(
            "malformed exact_sum state: words of type {}",
            list.value_type()
        );
    };
    if words.null_count() != 0 {
        return exec_err!("malformed exact_sum state: a NULL word");
    }
    let words = words.values();
    for row in 0..list.len() {
        if list.is_null(row) {
            continue;
        }
        let start = usize::try_from(list.value_offset(row)).unwrap_or(usize::MAX);
        let Some(w) = start.checked_add(n).and_then(|end| words.get(start..end)) else {
            return exec_err!("malformed exact_sum state: words out of bounds");
        };
        f(row, ExactSum::from_words(w).map_err(malformed)?);
    }
    Ok(())
}

/// Rows of states as one `FixedSizeList<Int64>` column.
fn states_array<F: SumFloat>(states: impl ExactSizeIterator<Item = ExactSum<F>>) -> ArrayRef {
    let n = words_len::<F>();
    let mut flat = Vec::with_capacity(states.len() * n);
    for s in states {
        flat.extend_from_slice(s.to_words().as_ref());
    }
    let item = Arc::new(Field::new("item", DataType::Int64, false));
    let len = i32::try_from(n).expect("at most 77 words");
    Arc::new(FixedSizeListArray::new(
        item,
        len,
        Arc::new(Int64Array::from(flat)),
        None,
    ))
}

/// A group's result: NULL with no values, else the sum or the mean.
fn result<F: SumFloat>(kind: Kind, s: &ExactSum<F>) -> Option<F> {
    if s.count() == 0 {
        None
    } else {
        Some(match kind {
            Kind::Sum => s.value(),
            Kind::Avg => s.mean(),
        })
    }
}

/// The accumulator of one group (no `GROUP BY`, windows).
#[derive(Debug)]
struct ExactAccumulator<T: ExactFloat> {
    kind: Kind,
    sum: ExactSum<T::Native>,
    /// The non-NULL values of a batch with NULLs.
    scratch: Vec<T::Native>,
}

impl<T: ExactFloat> ExactAccumulator<T> {
    fn new(kind: Kind) -> Self {
        Self {
            kind,
            sum: ExactSum::new(),
            scratch: Vec::new(),
        }
    }
}

impl<T: ExactFloat> Accumulator for ExactAccumulator<T> {
    fn update_batch(&mut self, values: &[ArrayRef]) -> Result<()> {
        let Some(a) = values.first().and_then(|v| v.as_primitive_opt::<T>()) else {
            return exec_err!("exact_sum: expected one {} argument", T::DATA_TYPE);
        };
        if a.null_count() == 0 {
            self.sum.add_slice(a.values());
        } else {
            self.scratch.clear();
            self.scratch.extend(a.iter().flatten());
            self.sum.add_slice(&self.scratch);
        }
        Ok(())
    }

    fn evaluate(&mut self) -> Result<ScalarValue> {
        ScalarValue::new_primitive::<T>(result(self.kind, &self.sum), &T::DATA_TYPE)
    }

    fn size(&self) -> usize {
        size_of::<Self>() + self.scratch.capacity() * size_of::<T::Native>()
    }

    fn state(&mut self) -> Result<Vec<ScalarValue>> {
        let a = states_array(std::iter::once(self.sum));
        Ok(vec![ScalarValue::FixedSizeList(Arc::new(
            a.as_fixed_size_list().clone(),
        ))])
    }

    fn merge_batch(&mut self, states: &[ArrayRef]) -> Result<()> {
        let Some(states) = states.first() else {
            return exec_err!("malformed exact_sum state: no column");
        };
        let sum = &mut self.sum;
        for_each_state::<T>(states, |_, s| sum.merge(&s))
    }
}

/// The accumulators of every group of a `GROUP BY`: one [`ExactSum`] per group.
struct ExactGroupsAccumulator<T: ExactFloat> {
    kind: Kind,
    sums: Vec<ExactSum<T::Native>>,
    float: PhantomData<T>,
}

impl<T: ExactFloat> ExactGroupsAccumulator<T> {
    fn new(kind: Kind) -> Self {
        Self {
            kind,
            sums: Vec::new(),
            float: PhantomData,
        }
    }
}

/// Whether row `i` passes the filter (a NULL filter value does not).
fn passes(filter: Option<&BooleanArray>, i: usize) -> bool {
    filter.is_none_or(|f| f.is_valid(i) && f.value(i))
}

/// The input column of a groups accumulator.
fn input<T: ExactFloat>(values: &[ArrayRef]) -> Result<&PrimitiveArray<T>> {
    match values.first().and_then(|v| v.as_primitive_opt::<T>()) {
        Some(a) => Ok(a),
        None => exec_err!("exact_sum: expected one {} argument", T::DATA_TYPE),
    }
}

impl<T: ExactFloat> GroupsAccumulator for ExactGroupsAccumulator<T> {
    fn update_batch(
        &mut self,
        values: &[ArrayRef],
        group_indices: &[usize],
        opt_filter: Option<&BooleanArray>,
        total_num_groups: usize,
    ) -> Result<()> {
        let a = input::<T>(values)?;
        if group_indices.len() != a.len() {
            return exec_err!(
                "exact_sum: {} group indices for {} rows",
                group_indices.len(),
                a.len()
            );
        }
        self.sums.resize(total_num_groups, ExactSum::new());
        let sums = self.sums.as_mut_slice();
        let xs = a.values();
        if a.null_count() == 0 && opt_filter.is_none() {
            for (&g, &x) in group_indices.iter().zip(xs.iter()) {
                sums[g].add(x);
            }
        } else {
            for (i, (&g, &x)) in group_indices.iter().zip(xs.iter()).enumerate() {
                if a.is_valid(i) && passes(opt_filter, i) {
                    sums[g].add(x);
                }
            }
        }
        Ok(())
    }

    fn evaluate(&mut self, emit_to: EmitTo) -> Result<ArrayRef> {
        let sums = emit_to.take_needed(&mut self.sums);
        let out: PrimitiveArray<T> = sums.iter().map(|s| result(self.kind, s)).collect();
        Ok(Arc::new(out.with_data_type(T::DATA_TYPE)))
    }

    fn state(&mut self, emit_to: EmitTo) -> Result<Vec<ArrayRef>> {
        let sums = emit_to.take_needed(&mut self.sums);
        Ok(vec![states_array(sums.into_iter())])
    }

    fn merge_batch(
        &mut self,
        values: &[ArrayRef],
        group_indices: &[usize],
        total_num_groups: usize,
    ) -> Result<()> {
        let Some(states) = values.first() else {
            return exec_err!("malformed exact_sum state: no column");
        };
        if group_indices.len() != states.len() {
            return exec_err!(
                "exact_sum: {} group indices for {} states",
                group_indices.len(),
                states.len()
            );
        }
        self.sums.resize(total_num_groups, ExactSum::new());
        let sums = self.sums.as_mut_slice();
        for_each_state::<T>(states, |row, s| sums[group_indices[row]].merge(&s))
    }

    fn convert_to_state(
        &self,
        values: &[ArrayRef],
        opt_filter: Option<&BooleanArray>,
    ) -> Result<Vec<ArrayRef>> {
        let a = input::<T>(values)?;
        let xs = a.values();
        let states = (0..a.len()).map(|i| {
            let mut s = ExactSum::new();
            if a.is_valid(i) && passes(opt_filter, i) {
                s.add(xs[i]);
            }
            s
        });
        Ok(vec![states_array(states)])
    }

    fn size(&self) -> usize {
        size_of::<Self>() + self.sums.capacity() * size_of::<ExactSum<T::Native>>()
    }
}

static EXACT_SUM: LazyLock<Arc<AggregateUDF>> =
    LazyLock::new(|| Arc::new(AggregateUDF::from(ExactAggregate::sum())));
static EXACT_AVG: LazyLock<Arc<AggregateUDF>> =
    LazyLock::new(|| Arc::new(AggregateUDF::from(ExactAggregate::avg())));

/// The `exact_sum` aggregate UDF (for [`SessionContext::register_udaf`]).
#[must_use]
pub fn exact_sum_udaf() -> Arc<AggregateUDF> {
    Arc::clone(&EXACT_SUM)
}

/// The `exact_avg` aggregate UDF (for [`SessionContext::register_udaf`]).
#[must_use]
pub fn exact_avg_udaf() -> Arc<AggregateUDF> {
    Arc::clone(&EXACT_AVG)
}

/// `exact_sum(expr)` for the DataFrame API.
#[must_use]
pub fn exact_sum(expr: Expr) -> Expr {
    EXACT_SUM.call(vec![expr])
}

/// `exact_avg(expr)` for the DataFrame API.
#[must_use]
pub fn exact_avg(expr: Expr) -> Expr {
    EXACT_AVG.call(vec![expr])
}

/// Registers `exact_sum` and `exact_avg` with `ctx`, for SQL.
pub fn register(ctx: &SessionContext) {
    ctx.register_udaf(EXACT_SUM.as_ref().clone());
    ctx.register_udaf(EXACT_AVG.as_ref().clone());
}
