//! Batch analysis of an `N×34` `uint8` array of counts: GIL released, rows in parallel.
//!
//! A C-contiguous array is read in place (rows are 34-byte slices of its buffer); any other
//! layout is copied once into a contiguous buffer first. Rows are checked in one pass, then
//! analysed without further checks.

use std::borrow::Cow;

use numpy::{IntoPyArray, PyArray1, PyReadonlyArray2};
use pyo3::prelude::*;
use rayon::prelude::*;
use twmj_core::{shanten_counts, wait_mask, Counts, KINDS};

use crate::errors::{hand_error, PyResult};

/// Rows below this many are done on the calling thread: splitting costs more than it saves.
const PARALLEL_ROWS: usize = 16_384;

/// The rows as one contiguous buffer of 34-byte rows, checked: each count ≤ 4 and a total
/// that `fits`. The error names the first bad row.
fn rows<'a>(
    counts: &'a PyReadonlyArray2<'_, u8>,
    fits: fn(usize) -> bool,
    expected: &str,
) -> PyResult<Cow<'a, [u8]>> {
    let a = counts.as_array();
    if a.ncols() != KINDS {
        return Err(hand_error(format!(
            "counts must have 34 columns, one per tile kind; got {}",
            a.ncols()
        )));
    }
    let flat: Cow<'a, [u8]> = match counts.as_slice() {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(a.iter().copied().collect()),
    };
    for (r, row) in flat.chunks_exact(KINDS).enumerate() {
        let n: usize = row.iter().map(|&v| v as usize).sum();
        if row.iter().any(|&v| v > 4) || !fits(n) {
            if let Some((i, &v)) = row.iter().enumerate().find(|(_, &v)| v > 4) {
                return Err(hand_error(format!(
                    "row {r}, column {i}: count {v} is more than the 4 copies of a tile"
                )));
            }
            return Err(hand_error(format!(
                "row {r} has {n} tiles; this call needs {expected}"
            )));
        }
    }
    Ok(flat)
}

fn one<T>(row: &[u8], f: fn(&Counts) -> T) -> T {
    let mut c = [0u8; KINDS];
    c.copy_from_slice(row);
    f(&c)
}

fn run<T: Send + Copy + Default>(py: Python<'_>, flat: &[u8], f: fn(&Counts) -> T) -> Vec<T> {
    py.detach(|| {
        let n = flat.len() / KINDS;
        if n >= PARALLEL_ROWS {
            flat.par_chunks_exact(KINDS).map(|r| one(r, f)).collect()
        } else {
            flat.chunks_exact(KINDS).map(|r| one(r, f)).collect()
        }
    })
}

/// Waits of each row (16 − 3k tiles) as a bitmask (bit i = tile kind i).
#[pyfunction]
pub fn waits_batch<'py>(
    py: Python<'py>,
    counts: PyReadonlyArray2<'py, u8>,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let flat = rows(&counts, |n| n <= 16 && n % 3 == 1, "16 − 3k (16, 13, …, 1)")?;
    Ok(run(py, &flat, wait_mask).into_pyarray(py))
}

/// Shanten of each row (16 − 3k or 17 − 3k tiles).
#[pyfunction]
pub fn shanten_batch<'py>(
    py: Python<'py>,
    counts: PyReadonlyArray2<'py, u8>,
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let flat = rows(
        &counts,
        |n| n <= 17 && n % 3 != 0,
        "16 − 3k or 17 − 3k (at most 17)",
    )?;
    Ok(run(py, &flat, shanten_counts).into_pyarray(py))
}
