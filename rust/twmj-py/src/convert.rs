//! Converting Python inputs: a hand (notation `str` or a 34-byte counts buffer), melds, visible tiles.

use pyo3::buffer::PyBuffer;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use twmj_core::hand::{Form, Hand, Meld};
use twmj_core::notation::{self, Tiles};
use twmj_core::{Code, Counts, Variant, KINDS};

use crate::errors::{hand_error, Failure, PyResult};
use crate::meld::PyMeld;

/// A Python int of any size, for arguments with a range (seats, seeds, counts, dice faces): the
/// core's [`twmj_core::vocab::Int`], which checks the range and names the value as given (never
/// Python's `OverflowError`). A non-int is still a `TypeError` naming the argument.
#[derive(Debug, Clone)]
pub struct Int(pub twmj_core::vocab::Int);

impl Int {
    pub fn into_core(self) -> twmj_core::vocab::Int {
        self.0
    }
}

impl From<i64> for Int {
    fn from(v: i64) -> Self {
        Int(i128::from(v).into())
    }
}

impl std::ops::Deref for Int {
    type Target = twmj_core::vocab::Int;

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl<'py> FromPyObject<'_, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> Result<Self, PyErr> {
        match obj.extract::<i128>() {
            Ok(value) => Ok(Int(value.into())),
            Err(_) if obj.is_instance_of::<PyInt>() => {
                // str() itself refuses ints past Python's digit limit (4300 digits).
                let wide = obj.str().map_or_else(
                    |_| "an integer of more than 4300 digits".to_owned(),
                    |s| s.to_string(),
                );
                Ok(Int(twmj_core::vocab::Int::wide(wide)))
            }
            Err(e) => Err(e),
        }
    }
}

/// Tiles from a notation string (read under `rules`: [`Variant::parse`]) or a 34-byte counts
/// buffer (`bytes`, `bytearray`, `memoryview`).
pub fn tiles(obj: &Bound<'_, PyAny>, what: &str, rules: &Variant) -> PyResult<Tiles> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(rules.parse(s.to_str()?).map_err(|e| e.at(what))?);
    }
    if let Ok(b) = obj.cast::<PyBytes>() {
        let counts = notation::counts_from_bytes(b.as_bytes()).map_err(|e| e.at(what))?;
        return Ok(Tiles { counts, flowers: 0 });
    }
    if let Ok(buf) = PyBuffer::<u8>::get(obj) {
        let v = buf.to_vec(obj.py())?;
        let counts = notation::counts_from_bytes(&v).map_err(|e| e.at(what))?;
        return Ok(Tiles { counts, flowers: 0 });
    }
    let got = obj.get_type().name()?;
    Err(hand_error(
        Some(what),
        format!("{what} must be tile notation (str) or 34 counts (bytes), not {got}"),
        Code::NotNotation,
        &[("field", &what), ("got", &got)],
    ))
}

/// Melds from a sequence of `Meld` objects or `(kind, tiles)` pairs.
pub fn melds(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Meld>> {
    melds_under(obj, None)
}

/// [`melds`] of an argument nested under `prefix` (`snapshot`): errors name
/// `snapshot.melds[1].tiles`.
pub fn melds_under(obj: Option<&Bound<'_, PyAny>>, prefix: Option<&str>) -> PyResult<Vec<Meld>> {
    let nest = |e: twmj_core::Error| match prefix {
        Some(p) => e.under(p),
        None => e,
    };
    // Every fault of a meld's shape here is `bad_meld_entry`, naming what was given.
    let hand_error = |field: &str, msg: String, got: &str| -> Failure {
        nest(
            twmj_core::Error::hand(msg)
                .at(field)
                .coded(Code::BadMeldEntry, &[("field", &field), ("got", &got)]),
        )
        .into()
    };
    let Some(obj) = obj else {
        return Ok(Vec::new());
    };
    if obj.is_none() {
        return Ok(Vec::new());
    }
    if obj.is_instance_of::<PyString>() {
        return Err(hand_error(
            "melds",
            "melds must be a list of Meld objects or (kind, tiles) pairs, not a string".to_owned(),
            "字串（要一組一組列出）",
        ));
    }
    let mut out = Vec::new();
    let items = obj.try_iter().map_err(|_| {
        let got = obj
            .get_type()
            .name()
            .map_or_else(|_| "?".to_owned(), |n| n.to_string());
        hand_error(
            "melds",
            format!("melds must be a list of Meld objects or (kind, tiles) pairs, not {got}"),
            &got,
        )
    })?;
    for (i, item) in items.enumerate() {
        let item = item?;
        if let Ok(m) = item.cast::<PyMeld>() {
            out.push(m.get().0);
            continue;
        }
        if let Ok(t) = item.cast::<PyTuple>() {
            if t.len() == 2 {
                let kind: String = t.get_item(0)?.extract().map_err(|_| {
                    hand_error(
                        &format!("melds[{i}].kind"),
                        format!("meld {i}: the kind must be a string"),
                        "非字串的種類",
                    )
                })?;
                let tiles: String = t.get_item(1)?.extract().map_err(|_| {
                    hand_error(
                        &format!("melds[{i}].tiles"),
                        format!("meld {i}: the tiles must be a string"),
                        "非字串的牌",
                    )
                })?;
                out.push(Meld::parse(&kind, &tiles, i).map_err(nest)?);
                continue;
            }
        }
        if let Ok(d) = item.cast::<PyDict>() {
            let field = |name: &str| -> PyResult<String> {
                d.get_item(name)?
                    .ok_or_else(|| {
                        hand_error(
                            &format!("melds[{i}].{name}"),
                            format!("meld {i} has no '{name}'"),
                            &format!("少了 {name} 的對照"),
                        )
                    })?
                    .extract()
                    .map_err(|_| {
                        hand_error(
                            &format!("melds[{i}].{name}"),
                            "must be a string".to_owned(),
                            &format!("非字串的 {name}"),
                        )
                    })
            };
            out.push(Meld::parse(&field("kind")?, &field("tiles")?, i).map_err(nest)?);
            continue;
        }
        let got = item.get_type().name()?.to_string();
        return Err(hand_error(
            &format!("melds[{i}]"),
            format!(
                "meld {i} must be a Meld, a (kind, tiles) pair or a {{kind, tiles}} mapping, not {got}"
            ),
            &got,
        ));
    }
    Ok(out)
}

/// A hand for `form` as `rules` read it ([`Variant::hand`]: its size and tile set).
pub fn hand(
    hand: &Bound<'_, PyAny>,
    melds_obj: Option<&Bound<'_, PyAny>>,
    form: Form,
    rules: &Variant,
) -> PyResult<Hand> {
    let t = tiles(hand, "hand", rules)?;
    let m = melds(melds_obj)?;
    Ok(rules.hand(t, m, form).map_err(|e| e.at("hand"))?)
}

/// The hand of the common call, one hand alone (no melds) under the default rules, read
/// without the general conversion: a counts buffer in one pass ([`Hand::of_counts`]), a
/// notation string parsed straight into tiles. `None` when [`hand`] would refuse it for
/// `form` under the default rules; the caller then takes [`hand`], which names what is wrong,
/// so the two paths answer alike (`tests/test_waits.py` and `tests/test_shanten.py` hold them to
/// each other).
pub fn default_hand(hand: &Bound<'_, PyAny>, form: Form) -> Option<Hand> {
    let size = twmj_core::TAIWAN.hand_size;
    match default_input(hand)? {
        DefaultInput::Counts(c) => Hand::of_counts(c, form, size),
        DefaultInput::Tiles(t) => Hand::new(t, Vec::new(), form, size).ok(),
    }
}

/// A hand as the common call gives it: a counts buffer as it is, or notation parsed under the
/// default rules ([`default_input`]).
pub enum DefaultInput<'a> {
    Counts(&'a [u8]),
    Tiles(Tiles),
}

/// The hand of the common call before any check of its form: `None` for an object that is
/// neither `bytes` nor `str`, or notation the default rules refuse (the general path names
/// what is wrong).
pub fn default_input<'a>(hand: &'a Bound<'_, PyAny>) -> Option<DefaultInput<'a>> {
    if let Ok(b) = hand.cast::<PyBytes>() {
        return Some(DefaultInput::Counts(b.as_bytes()));
    }
    let s = hand.cast::<PyString>().ok()?.to_str().ok()?;
    twmj_core::TAIWAN.parse(s).ok().map(DefaultInput::Tiles)
}

/// A serde view of the core as Python objects (dicts, lists, ints, str, None): the one
/// output conversion for results, summaries and the vocabulary.
pub fn to_py<'py, T: serde::Serialize + ?Sized>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(pythonize::pythonize(py, value).map_err(PyErr::from)?)
}

/// How deep [`json`] follows nested containers before it gives up on a value.
const JSON_DEPTH: usize = 32;

/// A Python value as JSON for the core's decoders (a snapshot): dicts (their string keys),
/// lists and tuples, str, int, float, bool and None. Anything else, an int beyond 64 bits or
/// a container nested too deep becomes a value no field of the core accepts, so the core
/// names the field.
pub fn json(obj: &Bound<'_, PyAny>) -> serde_json::Value {
    json_at(obj, 0)
}

fn json_at(obj: &Bound<'_, PyAny>, depth: usize) -> serde_json::Value {
    use serde_json::Value;
    let unreadable = || Value::Array(vec![Value::Null]);
    if depth > JSON_DEPTH {
        return unreadable();
    }
    if obj.is_none() {
        return Value::Null;
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Value::Bool(b.is_true());
    }
    if obj.is_instance_of::<PyInt>() {
        return obj
            .extract::<i64>()
            .map(Value::from)
            .or_else(|_| obj.extract::<u64>().map(Value::from))
            .unwrap_or_else(|_| unreadable());
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        return serde_json::Number::from_f64(f.value()).map_or_else(unreadable, Value::Number);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return s
            .to_str()
            .map_or_else(|_| unreadable(), |t| Value::String(t.to_owned()));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut map = serde_json::Map::new();
        for (k, v) in d.iter() {
            if let Some(k) = k.cast::<PyString>().ok().and_then(|k| k.to_str().ok()) {
                map.insert(k.to_owned(), json_at(&v, depth + 1));
            }
        }
        return Value::Object(map);
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        return obj.try_iter().map_or_else(
            |_| unreadable(),
            |items| Value::Array(items.flatten().map(|v| json_at(&v, depth + 1)).collect()),
        );
    }
    unreadable()
}

/// Visible tiles (others' discards and melds) as counts, read under the call's `rules` as its
/// hand is (a tile out of its set refused at `visible`); none when absent.
pub fn visible(obj: Option<&Bound<'_, PyAny>>, rules: &Variant) -> PyResult<Counts> {
    match obj {
        Some(o) if !o.is_none() => {
            let counts = tiles(o, "visible", rules)?.counts;
            // A counts buffer is not notation: its kinds are checked against the set here.
            rules.check_in_play(&counts).map_err(|e| e.at("visible"))?;
            Ok(counts)
        }
        _ => Ok([0; KINDS]),
    }
}
