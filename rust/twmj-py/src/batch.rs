//! Batch analysis of an `N×34` `uint8` array of counts: GIL released, rows in parallel.
//!
//! The array is copied once into memory the call owns, and the copy is checked and analysed:
//! another thread may write to the array while the GIL is released, and a row checked in the
//! array and read again afterwards could then hold anything. Each row is read exactly once.

use numpy::{IntoPyArray, PyArray1, PyReadonlyArray2};
use pyo3::prelude::*;
use rayon::prelude::*;
use twmj_core::scoring::Variant;
use twmj_core::{shanten, shanten_counts, wait_mask, waits, Counts, Form, Hand, Tiles, KINDS};
use twmj_py_macros::guarded;

use crate::errors::{hand_error, CoreError, PyResult};
use crate::variant::PyVariant;

/// Rows below this many are done on the calling thread: splitting costs more than it saves.
const PARALLEL_ROWS: usize = 16_384;

/// The rows copied into one owned buffer of 34-byte rows, then checked: each count ≤ 4 and a
/// total that `fits`. The error names the first bad row.
fn rows(
    counts: &PyReadonlyArray2<'_, u8>,
    fits: fn(usize) -> bool,
    expected: &str,
) -> PyResult<Vec<u8>> {
    let a = counts.as_array();
    if a.ncols() != KINDS {
        return Err(hand_error(
            Some("counts"),
            format!(
                "counts must have 34 columns, one per tile kind; got {}",
                a.ncols()
            ),
        ));
    }
    let flat: Vec<u8> = match counts.as_slice() {
        Ok(s) => s.to_vec(),
        Err(_) => a.iter().copied().collect(),
    };
    for (r, row) in flat.chunks_exact(KINDS).enumerate() {
        let n: usize = row.iter().map(|&v| v as usize).sum();
        if row.iter().any(|&v| v > 4) || !fits(n) {
            if let Some((i, &v)) = row.iter().enumerate().find(|(_, &v)| v > 4) {
                return Err(hand_error(
                    Some(&format!("counts[{r}][{i}]")),
                    format!("row {r}, column {i}: count {v} is more than the 4 copies of a tile"),
                ));
            }
            return Err(hand_error(
                Some(&format!("counts[{r}]")),
                format!("row {r} has {n} tiles; this call needs {expected}"),
            ));
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

/// Each row as a hand of `v` (its `hand_size` and tile set; melds implied by the count), checked
/// in row order so the error names the first bad row.
fn hands_of(flat: &[u8], form: Form, v: &Variant) -> PyResult<Vec<Hand>> {
    flat.chunks_exact(KINDS)
        .enumerate()
        .map(|(r, row)| {
            let mut counts = [0u8; KINDS];
            counts.copy_from_slice(row);
            v.hand(Tiles { counts, flowers: 0 }, Vec::new(), form)
                .map_err(|e| hand_error(Some(&format!("counts[{r}]")), format!("row {r}: {e}")))
        })
        .collect()
}

/// `f` over every hand, GIL released, in parallel for large batches.
fn run_hands<T: Send>(
    py: Python<'_>,
    hands: &[Hand],
    v: &Variant,
    f: fn(&Hand, &Variant) -> T,
) -> Vec<T> {
    py.detach(|| {
        if hands.len() >= PARALLEL_ROWS {
            hands.par_iter().map(|h| f(h, v)).collect()
        } else {
            hands.iter().map(|h| f(h, v)).collect()
        }
    })
}

/// The waits of a validated hand under `v` as a bitmask: `twmj.waits(hand, variant=v)`'s tiles.
fn variant_mask(h: &Hand, v: &Variant) -> Result<u64, twmj_core::Error> {
    let w = waits(h, &[0; KINDS], v)?;
    Ok(w.iter().fold(0, |m, w| m | 1 << w.tile.index()))
}

/// Waits of each row (16 − 3k tiles) as a bitmask (bit i = tile kind i). With a `variant`,
/// each row is read as that variant reads a hand (`hand_size`, special shapes, tile set): the
/// waits `twmj.waits(row, variant=variant)` gives.
#[pyfunction]
#[pyo3(signature = (counts, variant=None))]
#[guarded]
pub fn waits_batch<'py>(
    py: Python<'py>,
    counts: PyReadonlyArray2<'py, u8>,
    variant: Option<PyRef<'py, PyVariant>>,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let Some(v) = variant else {
        let flat = rows(
            &counts,
            |n| Form::Waiting.fits(n, 16),
            "16 − 3k (16, 13, …, 1)",
        )?;
        return Ok(run(py, &flat, wait_mask).into_pyarray(py));
    };
    let flat = rows(&counts, |_| true, "")?;
    let hands = hands_of(&flat, Form::Waiting, &v.0)?;
    let masks = run_hands(py, &hands, &v.0, variant_mask)
        .into_iter()
        .collect::<Result<Vec<u64>, _>>()
        .map_err(CoreError)?;
    Ok(masks.into_pyarray(py))
}

/// Shanten of each row (16 − 3k or 17 − 3k tiles). With a `variant`, each row is read as that
/// variant reads a hand: `twmj.shanten(row, variant=variant)`.
#[pyfunction]
#[pyo3(signature = (counts, variant=None))]
#[guarded]
pub fn shanten_batch<'py>(
    py: Python<'py>,
    counts: PyReadonlyArray2<'py, u8>,
    variant: Option<PyRef<'py, PyVariant>>,
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let Some(v) = variant else {
        let flat = rows(
            &counts,
            |n| Form::Any.fits(n, 16),
            "16 − 3k or 17 − 3k (at most 17)",
        )?;
        return Ok(run(py, &flat, shanten_counts).into_pyarray(py));
    };
    let flat = rows(&counts, |_| true, "")?;
    let hands = hands_of(&flat, Form::Any, &v.0)?;
    Ok(run_hands(py, &hands, &v.0, shanten).into_pyarray(py))
}
