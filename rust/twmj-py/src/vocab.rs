//! `twmj._core.vocabulary()`: every term of the core with its key and Chinese name, as data.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use twmj_core::game::{DrawReason, ACTION_TERMS, LIMITS};
use twmj_core::rules::WORDS;
use twmj_core::vocab::{DECLARATIONS, PRESETS, WINDS, WIN_KINDS};
use twmj_core::{MeldKind, Shape, Term, CODES};

fn terms(py: Python<'_>, ts: impl IntoIterator<Item = Term>) -> PyResult<Bound<'_, PyList>> {
    let out = PyList::empty(py);
    for t in ts {
        let d = PyDict::new(py);
        d.set_item("key", t.key)?;
        d.set_item("name", t.name)?;
        out.append(d)?;
    }
    Ok(out)
}

/// The vocabulary: `win_kinds` (with `from_seat`: one seat pays and is named; `regular`: a
/// complete hand scored by `score`), `declarations`, `shapes`, `meld_kinds`, `presets`,
/// `draw_reasons` (why a hand ended without a winner),
/// `actions` (by the first word of their names), `errors` (`code`, `class`, `doc`), `winds`,
/// `items` (the tai items, `tai.<key>`) and `limits` (the table's fixed numbers: `key`, `name`,
/// `value`, `doc`).
#[pyfunction]
pub fn vocabulary(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    let wins = PyList::empty(py);
    for w in WIN_KINDS {
        let x = PyDict::new(py);
        x.set_item("key", w.key)?;
        x.set_item("name", w.name)?;
        x.set_item("from_seat", w.from_seat)?;
        x.set_item("regular", w.regular)?;
        wins.append(x)?;
    }
    d.set_item("win_kinds", wins)?;
    d.set_item("declarations", terms(py, DECLARATIONS)?)?;
    let shapes = Shape::ALL.map(|s| Term {
        key: s.key(),
        name: s.name(),
    });
    d.set_item("shapes", terms(py, shapes)?)?;
    let melds = MeldKind::ALL.map(|k| Term {
        key: k.name(),
        name: k.chinese(),
    });
    d.set_item("meld_kinds", terms(py, melds)?)?;
    d.set_item("presets", terms(py, PRESETS)?)?;
    let draws = DrawReason::ALL.map(|r| Term {
        key: r.key(),
        name: r.name(),
    });
    d.set_item("draw_reasons", terms(py, draws)?)?;
    d.set_item("actions", terms(py, ACTION_TERMS)?)?;
    let errors = PyList::empty(py);
    for c in CODES {
        let x = PyDict::new(py);
        x.set_item("code", c.code)?;
        x.set_item("key", c.code)?;
        x.set_item("name", c.name)?;
        x.set_item("class", c.class)?;
        x.set_item("doc", c.doc)?;
        errors.append(x)?;
    }
    d.set_item("errors", errors)?;
    d.set_item("winds", terms(py, WINDS)?)?;
    // The tai items (`tai.<key>`), named as their own table writes them.
    let items = WORDS.iter().map(|w| Term {
        key: w.key,
        name: w.name,
    });
    d.set_item("items", terms(py, items)?)?;
    let limits = PyList::empty(py);
    for l in LIMITS {
        let x = PyDict::new(py);
        x.set_item("key", l.key)?;
        x.set_item("name", l.name)?;
        x.set_item("value", l.value)?;
        x.set_item("doc", l.doc)?;
        limits.append(x)?;
    }
    d.set_item("limits", limits)?;
    Ok(d)
}
