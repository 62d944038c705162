//! Notation: `twmj.parse`, `twmj.format`, `twmj.tile_name`, and the `Tiles` result.

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use twmj_core::notation::{self, Tiles};
use twmj_core::tile::{Flower, Tile};
use twmj_py_macros::guarded;

use crate::convert;
use crate::errors::PyResult;
use crate::variant::{rules_of, PyVariant};

/// Parsed tiles: counts of the 34 kinds and the flowers, printed in canonical notation.
#[pyclass(name = "Tiles", module = "twmj", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyTiles(pub Tiles);

#[pymethods]
impl PyTiles {
    /// Counts of the 34 kinds as 34 bytes (1m…9m, 1p…9p, 1s…9s, 1z…7z).
    #[getter]
    fn counts<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.0.counts)
    }

    /// The flowers as codes (`1f`…`8f`), in order.
    #[getter]
    fn flowers(&self) -> Vec<String> {
        self.0.flower_list().into_iter().map(Flower::code).collect()
    }

    /// Every non-flower tile as a code, in canonical order.
    #[getter]
    fn tiles(&self) -> Vec<String> {
        self.0.tile_list().into_iter().map(Tile::code).collect()
    }

    /// Number of non-flower tiles.
    fn __len__(&self) -> usize {
        self.0.len()
    }

    fn __str__(&self) -> String {
        notation::format(&self.0.counts, self.0.flowers)
    }

    fn __repr__(&self) -> String {
        format!("Tiles('{}')", self.__str__())
    }
}

/// Parses tile notation; raises `TileError` naming the bad symbol and its position, and under
/// `variant` a `HandError` at the first tile its set lacks.
#[pyfunction]
#[pyo3(signature = (text, variant=None))]
#[guarded]
pub fn parse(text: &str, variant: Option<PyRef<'_, PyVariant>>) -> PyResult<PyTiles> {
    Ok(PyTiles(rules_of(variant.as_deref()).parse(text)?))
}

/// Canonical notation of a notation string, a `Tiles`, or a 34-byte counts buffer.
#[pyfunction]
#[guarded]
pub fn format(tiles: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(t) = tiles.cast::<PyTiles>() {
        return Ok(t.get().__str__());
    }
    let t = convert::tiles(tiles, "tiles", &twmj_core::TAIWAN)?;
    Ok(notation::format(&t.counts, t.flowers))
}

/// The Chinese name of one tile (`5p` → `五筒`, `7z` → `中`, `1f` → `春`).
#[pyfunction]
#[guarded]
pub fn tile_name(tile: &str) -> PyResult<String> {
    Ok(notation::tile_name(tile)?)
}
