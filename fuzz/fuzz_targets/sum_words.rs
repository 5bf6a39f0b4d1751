//! The exact sums' integer words (`ExactSum::from_words`) on arbitrary words:
//! never a panic; whatever is accepted writes back words that read as the same
//! state (one state's, carried), and adding its words to themselves reads as
//! the merge.
#![no_main]

use libfuzzer_sys::fuzz_target;
use normkey::sum::{ExactSum, SumFloat};

fn check<F: SumFloat>(data: &[u8]) {
    let n = ExactSum::<F>::new().to_words().as_ref().len();
    let mut words: Vec<i64> = data
        .chunks_exact(8)
        .map(|c| i64::from_le_bytes(c.try_into().unwrap()))
        .collect();
    // Arbitrary words seldom pass the tag: half the inputs get a valid header.
    if words.len() >= n && data.first().is_some_and(|b| b & 1 == 1) {
        words.truncate(n);
        let template = ExactSum::<F>::new().to_words();
        let states = (words[0].rem_euclid(1000)) + 1;
        words[0] = states;
        words[1] = template.as_ref()[1] * states;
    }
    let Ok(s) = ExactSum::<F>::from_words(&words) else {
        return;
    };
    let again = s.to_words();
    assert_eq!(ExactSum::<F>::from_words(again.as_ref()), Ok(s), "written back");
    let _ = s.value();
    let _ = s.mean();
    // Plus a copy of itself: the merge (below 2^64 values in all, past which
    // the value is NaN and the digits may outgrow the limbs).
    if s.count() > u64::MAX / 2 {
        return;
    }
    let one = {
        let mut o = ExactSum::<F>::new();
        o.merge(&s);
        o
    };
    let mut plus: Vec<i64> = again.as_ref().to_vec();
    for (p, w) in plus.iter_mut().zip(one.to_words().as_ref()) {
        *p += w;
    }
    let mut merged = s;
    merged.merge(&one);
    assert_eq!(ExactSum::<F>::from_words(&plus), Ok(merged), "the merge");
}

fuzz_target!(|data: &[u8]| {
    match data.first().map(|b| b >> 6) {
        Some(0) => check::<f32>(&data[1..]),
        Some(1) => check::<f64>(&data[1..]),
        _ => {}
    }
});
