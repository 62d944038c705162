//! `twmj.shanten` and `twmj.is_win`.

use pyo3::prelude::*;
use twmj_core::hand::Form;
use twmj_py_macros::guarded;

use crate::convert;
use crate::errors::{CoreError, PyResult};
use crate::variant::{rules_of, PyVariant};

/// The hand under `variant`: its size, and (004) only tiles its set holds, as `waits`,
/// `analyze` and `score` read a hand.
fn hand_under(
    hand: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    form: Form,
    variant: Option<&PyVariant>,
) -> PyResult<twmj_core::Hand> {
    let size = variant.map_or(twmj_core::TAIWAN.hand_size, |v| v.0.hand_size);
    let h = convert::hand(hand, melds, form, size)?;
    if let Some(v) = variant {
        v.0.check_in_play(&h.own_counts())
            .map_err(|e| CoreError(e.at("hand")))?;
    }
    Ok(h)
}

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
    let h = hand_under(hand, melds, Form::Any, variant.as_deref())?;
    Ok(twmj_core::shanten(&h, rules_of(variant.as_deref())))
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
    let h = hand_under(hand, melds, Form::Full, variant.as_deref())?;
    Ok(twmj_core::is_win(&h, rules_of(variant.as_deref())))
}
