//! `twmj.Variant`: a validated rule set (a preset plus overrides), passed to scoring.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};
use twmj_core::rules::PRESETS;
use twmj_core::scoring::{Value, Variant};
use twmj_py_macros::guarded;

use crate::errors::{CoreError, PyResult};

/// A rule set: `Variant("american", {"min_tai": 0})`. Frozen; overrides make a new one.
#[pyclass(name = "Variant", module = "twmj", frozen)]
#[derive(Clone)]
pub struct PyVariant(pub Variant);

pub(crate) fn value(key: &str, v: &Bound<'_, PyAny>) -> PyResult<Value> {
    // bool before int: Python's bool is an int.
    if let Ok(b) = v.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if v.is_instance_of::<PyInt>() {
        let i: i64 = v.extract().map_err(|_| {
            CoreError(twmj_core::Error::Variant {
                key: key.to_owned(),
                message: "the integer is too large".to_owned(),
            })
        })?;
        return Ok(Value::Int(i));
    }
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(Value::Text(s.to_str()?.to_owned()));
    }
    Err(CoreError(twmj_core::Error::Variant {
        key: key.to_owned(),
        message: format!(
            "{} is not an integer, true/false or text",
            v.get_type().name()?
        ),
    })
    .into())
}

#[pymethods]
impl PyVariant {
    #[new]
    #[pyo3(signature = (preset="taiwan", overrides=None))]
    #[guarded]
    fn new(preset: &str, overrides: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let mut v = Variant::preset(preset).map_err(CoreError)?;
        if let Some(o) = overrides {
            for (k, val) in o.iter() {
                let key: String = k.extract()?;
                let parsed = value(&key, &val)?;
                v.set(&key, &parsed).map_err(CoreError)?;
            }
        }
        v.check().map_err(CoreError)?;
        Ok(PyVariant(v))
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
        twmj_core::tile::Tile::all()
            .filter(|&t| self.0.in_play(t))
            .map(twmj_core::tile::Tile::code)
            .collect()
    }

    /// This variant with more overrides on top.
    #[guarded]
    fn with_overrides(&self, overrides: &Bound<'_, PyDict>) -> PyResult<Self> {
        let mut v = self.0.clone();
        for (k, val) in overrides.iter() {
            let key: String = k.extract()?;
            let parsed = value(&key, &val)?;
            v.set(&key, &parsed).map_err(CoreError)?;
        }
        v.check().map_err(CoreError)?;
        Ok(PyVariant(v))
    }

    /// Every setting: `tai.<item>` values, money, 起胡 threshold, 骰規台 values, switches.
    #[guarded]
    fn settings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.0.settings() {
            match v {
                Value::Int(i) => d.set_item(k, i)?,
                Value::Bool(b) => d.set_item(k, b)?,
                Value::Text(s) => d.set_item(k, s)?,
            }
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
