//! `twmj.Variant`: a validated rule set (a preset plus overrides), passed to scoring.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};
use twmj_core::rules::{specs, Family, Spec, EXCLUDE, PRESETS, TAI};
use twmj_core::scoring::{Value, Variant};
use twmj_py_macros::guarded;

use crate::convert;
use crate::errors::{CoreError, PyResult};

/// A rule set: `Variant("american", {"min_tai": 0})`. Frozen; overrides make a new one.
#[pyclass(name = "Variant", module = "twmj", frozen)]
#[derive(Clone)]
pub struct PyVariant(pub Variant);

/// One row of `Variant.diff`: the key and each side's value.
type DiffRow<'py> = (String, Option<Bound<'py, PyAny>>, Option<Bound<'py, PyAny>>);

/// The rules a call reads: the variant given, or the default (taiwan) built once.
pub fn rules_of(variant: Option<&PyVariant>) -> &Variant {
    variant.map_or(&*twmj_core::TAIWAN, |v| &v.0)
}

pub(crate) fn value(key: &str, v: &Bound<'_, PyAny>) -> PyResult<Value> {
    // bool before int: Python's bool is an int.
    if let Ok(b) = v.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if v.is_instance_of::<PyInt>() {
        let i: i64 = v.extract().map_err(|_| {
            CoreError(
                twmj_core::Error::variant(key, "the integer is too large").coded(
                    twmj_core::Code::BadSettingValue,
                    &[("key", &key), ("why", &"整數太大")],
                ),
            )
        })?;
        return Ok(Value::Int(i));
    }
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(Value::Text(s.to_str()?.to_owned()));
    }
    Err(CoreError(
        twmj_core::Error::variant(
            key,
            format!(
                "{} is not an integer, true/false or text",
                v.get_type().name()?
            ),
        )
        .coded(
            twmj_core::Code::BadSettingValue,
            &[("key", &key), ("why", &"要整數、true/false 或文字")],
        ),
    )
    .into())
}

/// `v` with `overrides` set in order ([`Variant::set`]), then checked as a whole.
fn with(mut v: Variant, overrides: Option<&Bound<'_, PyDict>>) -> PyResult<PyVariant> {
    for (k, val) in overrides.into_iter().flat_map(PyDictMethods::iter) {
        let key: String = k.extract()?;
        let parsed = value(&key, &val)?;
        v.set(&key, &parsed)?;
    }
    v.check()?;
    Ok(PyVariant(v))
}

#[pymethods]
impl PyVariant {
    #[new]
    #[pyo3(signature = (preset="taiwan", overrides=None))]
    #[guarded]
    fn new(preset: &str, overrides: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        with(Variant::preset(preset)?, overrides)
    }

    /// The preset this variant starts from.
    #[getter]
    fn preset(&self) -> &'static str {
        self.0.preset
    }

    /// The overrides applied, in order, as `(key, value)` text.
    #[getter]
    fn overrides(&self) -> Vec<(String, String)> {
        self.0.overrides.clone()
    }

    /// The tile kinds in play, in index order (004: three players drop 二萬–八萬, two players
    /// keep 萬子 and 字牌; every kind with `full_tile_set`).
    #[getter]
    fn tiles(&self) -> Vec<String> {
        self.0
            .tiles_in_play()
            .map(twmj_core::tile::Tile::code)
            .collect()
    }

    /// This variant with more overrides on top.
    #[guarded]
    fn with_overrides(&self, overrides: &Bound<'_, PyDict>) -> PyResult<Self> {
        with(self.0.clone(), Some(overrides))
    }

    /// The rule card: the preset and the settings this variant changes, as one short code
    /// (`twmj1.<preset>[.<settings>]`) that `Variant.from_card` reads back exactly.
    #[guarded]
    fn card(&self) -> PyResult<String> {
        Ok(self.0.card()?)
    }

    /// The variant a rule card holds (`Variant.card`); a bad card is a `VariantError`
    /// naming `card`.
    #[staticmethod]
    #[guarded]
    fn from_card(card: &str) -> PyResult<Self> {
        Ok(PyVariant(Variant::from_card(card)?))
    }

    /// The settings this variant changes from its preset, sorted by key (what its card
    /// holds).
    #[guarded]
    fn changes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.0.changes()? {
            d.set_item(k, py_value(py, &v)?)?;
        }
        Ok(d)
    }

    /// The settings on which this variant and `other` differ, item by item: `(key, this
    /// value, other value)`, `None` where a side has no such setting (an item its table
    /// lacks).
    #[guarded]
    fn diff<'py>(&self, py: Python<'py>, other: &PyVariant) -> PyResult<Vec<DiffRow<'py>>> {
        let side = |v: &Option<Value>| -> PyResult<Option<Bound<'py, PyAny>>> {
            v.as_ref().map(|x| py_value(py, x)).transpose()
        };
        self.0
            .diff(&other.0)
            .iter()
            .map(|d| Ok((d.key.clone(), side(&d.left)?, side(&d.right)?)))
            .collect()
    }

    /// Every setting: `tai.<item>` values, money, 起胡 threshold, 骰規台 values, switches.
    #[guarded]
    fn settings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.0.settings() {
            d.set_item(k, py_value(py, &v)?)?;
        }
        Ok(d)
    }

    fn __repr__(&self) -> String {
        if self.0.overrides.is_empty() {
            format!("Variant('{}')", self.0.preset)
        } else {
            let o: Vec<String> = self
                .0
                .overrides
                .iter()
                .map(|(k, v)| format!("'{k}': {v}"))
                .collect();
            format!("Variant('{}', {{{}}})", self.0.preset, o.join(", "))
        }
    }
}

/// The preset names.
#[pyfunction]
pub fn presets() -> Vec<&'static str> {
    PRESETS.to_vec()
}

/// One entry of the core's settings registry: a key, the values it takes, the layer that
/// reads it, its doc in English and Chinese, and its value in every preset. The core's `Spec`
/// is the answer (its fields and their docs); the attributes read it and `as_dict()` is it
/// as JSON-ready data (what `/v1/settings` serves).
#[pyclass(name = "SettingSpec", module = "twmj", frozen)]
pub struct PySettingSpec(Spec);

fn py_value<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Int(i) => i.into_pyobject(py)?.into_any(),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Text(s) => PyString::new(py, s).into_any(),
    })
}

#[pymethods]
impl PySettingSpec {
    #[getter]
    fn key(&self) -> &str {
        &self.0.key
    }

    /// Its name in Chinese (a settings form's label).
    #[getter]
    fn name(&self) -> &'static str {
        self.0.name
    }

    /// `integer`, `boolean` or `string` (as JSON Schema names them).
    #[getter]
    fn r#type(&self) -> &'static str {
        self.0.json_type
    }

    #[getter]
    fn minimum(&self) -> Option<i64> {
        self.0.minimum
    }

    #[getter]
    fn maximum(&self) -> Option<i64> {
        self.0.maximum
    }

    /// The choices' names in Chinese, in `choices` order (None when not a list of texts).
    #[getter]
    fn choice_names(&self) -> Option<Vec<&'static str>> {
        self.0.choice_names.clone()
    }

    #[getter]
    fn layer(&self) -> &'static str {
        self.0.layer.key()
    }

    /// The layer's name in Chinese (a settings form's group).
    #[getter]
    fn layer_name(&self) -> &'static str {
        self.0.layer_name
    }

    #[getter]
    fn doc(&self) -> &'static str {
        self.0.doc
    }

    #[getter]
    fn doc_zh(&self) -> &'static str {
        self.0.doc_zh
    }

    /// The values allowed when they are a list (a choice, or `hand_size`'s sizes), else None.
    #[getter]
    #[guarded]
    fn choices<'py>(&self, py: Python<'py>) -> PyResult<Option<Vec<Bound<'py, PyAny>>>> {
        self.0
            .choices
            .as_ref()
            .map(|c| c.iter().map(|v| py_value(py, v)).collect())
            .transpose()
    }

    /// What this setting's values require of others: `[{"when": value, "key": other,
    /// "value": its value}]` (`hand_size` 13 needs `special_shapes.lig_gu` false).
    #[getter]
    #[guarded]
    fn requires<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(convert::to_py(py, &self.0)?.get_item("requires")?)
    }

    /// The value in every preset, by preset name.
    #[getter]
    #[guarded]
    fn defaults<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(convert::to_py(py, &self.0)?.get_item("defaults")?)
    }

    /// The family's key (`tai`, `exclude`) when the entry stands for a family of settings
    /// keyed `<family>.<item>` (its keys: `family_keys`), else None.
    #[getter]
    fn family(&self) -> Option<&'static str> {
        self.0.family
    }

    /// The entry as JSON-ready data: the core's fields, as `/v1/settings` serves them.
    #[guarded]
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::to_py(py, &self.0)
    }

    fn __repr__(&self) -> String {
        format!("SettingSpec('{}', {})", self.0.key, self.0.json_type)
    }
}

/// The settings registry: every setting, then the `tai.<item>` and `exclude.<item>` families.
#[pyfunction]
#[guarded]
pub fn settings_registry() -> PyResult<Vec<PySettingSpec>> {
    Ok(specs()?.into_iter().map(PySettingSpec).collect())
}

/// Every key of the family of settings called `family` (a `SettingSpec.family`: `tai`,
/// `exclude`); another name is a `ContextError` at `family`.
#[pyfunction]
pub fn family_keys(family: &str) -> PyResult<Vec<String>> {
    let f = Family::named(family).ok_or_else(|| {
        CoreError(twmj_core::Error::context(
            "family",
            format!("no family of settings is called '{family}'"),
        ))
    })?;
    Ok(f.keys().collect())
}

/// Every key of the `tai.<item>` family (every item but 骰規台, whose value the dice decide).
#[pyfunction]
pub fn tai_keys() -> Vec<String> {
    TAI.keys().collect()
}

/// Every key of the `exclude.<item>` family (every item: the items not counted beside it).
#[pyfunction]
pub fn exclude_keys() -> Vec<String> {
    EXCLUDE.keys().collect()
}
