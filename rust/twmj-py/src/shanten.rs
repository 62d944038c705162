//! `twmj.shanten` and `twmj.is_win`.

use pyo3::prelude::*;
use twmj_core::hand::Form;

use crate::convert;
use crate::errors::PyResult;

/// Shanten (向聽) of a 16 − 3k or 17 − 3k hand: 0 = ready, −1 = complete.
#[pyfunction]
#[pyo3(signature = (hand, melds=None))]
pub fn shanten(hand: &Bound<'_, PyAny>, melds: Option<&Bound<'_, PyAny>>) -> PyResult<i8> {
    let h = convert::hand(hand, melds, Form::Any)?;
    Ok(twmj_core::shanten(&h))
}

/// True when a 17 − 3k hand is five sets and a pair together with its melds.
#[pyfunction]
#[pyo3(signature = (hand, melds=None))]
pub fn is_win(hand: &Bound<'_, PyAny>, melds: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
    let h = convert::hand(hand, melds, Form::Full)?;
    Ok(twmj_core::is_win(&h))
}
