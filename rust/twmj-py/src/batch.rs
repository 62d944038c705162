//! Batch analysis of an `N×34` `uint8` array of counts: GIL released, rows in parallel.

use numpy::{IntoPyArray, PyArray1, PyReadonlyArray2};
use pyo3::prelude::*;
use rayon::prelude::*;
use twmj_core::{shanten_counts, wait_mask, Counts, KINDS};

use crate::errors::{hand_error, PyResult};

/// Rows below this many are done on the calling thread: splitting costs more than it saves.
const PARALLEL_ROWS: usize = 16_384;

/// Reads and checks every row: 34 columns, each count ≤ 4, a total that `fits`.
fn rows(
    counts: &PyReadonlyArray2<'_, u8>,
    fits: fn(usize) -> bool,
    expected: &str,
) -> PyResult<Vec<Counts>> {
    let a = counts.as_array();
    if a.ncols() != KINDS {
        return Err(hand_error(format!(
            "counts must have 34 columns, one per tile kind; got {}",
            a.ncols()
        )));
    }
    let mut out = Vec::with_capacity(a.nrows());
    for (r, row) in a.rows().into_iter().enumerate() {
        let mut c = [0u8; KINDS];
        let mut n = 0usize;
        for (i, &v) in row.iter().enumerate() {
            if v > 4 {
                return Err(hand_error(format!(
                    "row {r}, column {i}: count {v} is more than the 4 copies of a tile"
                )));
            }
            c[i] = v;
            n += v as usize;
        }
        if !fits(n) {
            return Err(hand_error(format!(
                "row {r} has {n} tiles; this call needs {expected}"
            )));
        }
        out.push(c);
    }
    Ok(out)
}

fn run<T: Send>(py: Python<'_>, rows: &[Counts], f: fn(&Counts) -> T) -> Vec<T> {
    py.detach(|| {
        if rows.len() >= PARALLEL_ROWS {
            rows.par_iter().map(f).collect()
        } else {
            rows.iter().map(f).collect()
        }
    })
}

/// Waits of each row (16 − 3k tiles) as a bitmask (bit i = tile kind i).
#[pyfunction]
pub fn waits_batch<'py>(
    py: Python<'py>,
    counts: PyReadonlyArray2<'py, u8>,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let rows = rows(&counts, |n| n <= 16 && n % 3 == 1, "16 − 3k (16, 13, …, 1)")?;
    Ok(run(py, &rows, wait_mask).into_pyarray(py))
}

/// Shanten of each row (16 − 3k or 17 − 3k tiles).
#[pyfunction]
pub fn shanten_batch<'py>(
    py: Python<'py>,
    counts: PyReadonlyArray2<'py, u8>,
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let rows = rows(
        &counts,
        |n| n <= 17 && n % 3 != 0,
        "16 − 3k or 17 − 3k (at most 17)",
    )?;
    Ok(run(py, &rows, shanten_counts).into_pyarray(py))
}
