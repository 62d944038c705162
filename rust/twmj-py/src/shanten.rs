//! `twmj.shanten` and `twmj.is_win`.

use pyo3::prelude::*;
use twmj_core::hand::Form;
use twmj_py_macros::guarded;

use crate::convert;
use crate::errors::PyResult;
use crate::variant::{rules_of, PyVariant};

/// Shanten (向聽) of a 16 − 3k or 17 − 3k hand: 0 = ready, −1 = complete. With a `variant`
/// whose rule text admits special shapes (`improved16`: 瀝咕瀝咕, 十三么), the least of the
/// regular shanten and theirs; without one only five sets and a pair count. Under a variant a
/// tile its set lacks is refused (`three_player`: 2m–8m), as `waits` refuses it.
#[pyfunction]
#[pyo3(signature = (hand, melds=None, variant=None))]
#[guarded]
pub fn shanten(
    hand: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    variant: Option<PyRef<'_, PyVariant>>,
) -> PyResult<i8> {
    if melds.is_none() && variant.is_none() {
        if let Some(h) = convert::default_hand(hand, Form::Any) {
            return Ok(twmj_core::shanten(&h, &twmj_core::TAIWAN));
        }
    }
    let rules = rules_of(variant.as_deref());
    let h = convert::hand(hand, melds, Form::Any, rules)?;
    Ok(twmj_core::shanten(&h, rules))
}

/// True when a 17 − 3k hand is five sets and a pair together with its melds, or, with a
/// `variant` whose rule text admits them (`improved16`), one of its special shapes.
#[pyfunction]
#[pyo3(signature = (hand, melds=None, variant=None))]
#[guarded]
pub fn is_win(
    hand: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    variant: Option<PyRef<'_, PyVariant>>,
) -> PyResult<bool> {
    if melds.is_none() && variant.is_none() {
        if let Some(h) = convert::default_hand(hand, Form::Full) {
            return Ok(twmj_core::is_win(&h, &twmj_core::TAIWAN));
        }
    }
    let rules = rules_of(variant.as_deref());
    let h = convert::hand(hand, melds, Form::Full, rules)?;
    Ok(twmj_core::is_win(&h, rules))
}
