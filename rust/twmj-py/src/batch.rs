//! Batch analysis of an `N×34` `uint8` array of counts: GIL released, rows in parallel.
//!
//! The array is copied into memory the call owns (block by block, with the GIL held), and the
//! copy is checked and analysed: another thread may write to the array while the GIL is
//! released, and a row checked in the array and read again afterwards could then hold
//! anything. Each row is read exactly once.

use numpy::{IntoPyArray, PyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
use rayon::prelude::*;
use twmj_core::scoring::Variant;
use twmj_core::{shanten, shanten_counts, waits, Counts, Form, Hand, Tiles, KINDS, TAIWAN};
use twmj_py_macros::guarded;

use crate::errors::{hand_error, PyResult};
use crate::variant::PyVariant;

/// Rows below this many are done on the calling thread: splitting costs more than it saves.
const PARALLEL_ROWS: usize = 16_384;

/// The array, refused unless it has one column per tile kind.
fn columns<'a>(
    counts: &'a PyReadonlyArray2<'_, u8>,
) -> PyResult<numpy::ndarray::ArrayView2<'a, u8>> {
    let a = counts.as_array();
    if a.ncols() != KINDS {
        return Err(hand_error(
            Some("counts"),
            format!(
                "counts must have 34 columns, one per tile kind; got {}",
                a.ncols()
            ),
            twmj_core::Code::BadCounts,
            &[("n", &a.ncols())],
        ));
    }
    Ok(a)
}

/// The array's memory as 34-byte rows, when it is laid out so (C order). `as_slice` alone
/// also takes a Fortran-ordered array, whose memory is column after column.
fn row_major<'a>(counts: &'a PyReadonlyArray2<'_, u8>) -> Option<&'a [u8]> {
    if counts.is_c_contiguous() {
        counts.as_slice().ok()
    } else {
        None
    }
}

/// The rows copied into one owned buffer of 34-byte rows (the array must have 34 columns).
fn copied(counts: &PyReadonlyArray2<'_, u8>) -> PyResult<Vec<u8>> {
    let a = columns(counts)?;
    Ok(match row_major(counts) {
        Some(s) => s.to_vec(),
        None => a.iter().copied().collect(),
    })
}

/// Each count at most 4 and a total that `form` takes at `size`: one branch-free pass.
#[inline]
fn row_ok(row: &Counts, form: Form, size: u8) -> bool {
    !twmj_core::over_copies(row) && form.fits(twmj_core::total(row), size)
}

/// The error of the first row of `flat` that `form` refuses at `size` ([`Form::check_row`]);
/// `flat` starts at row `first` of the array.
fn first_bad_row(flat: &[u8], first: usize, form: Form, size: u8) -> PyResult<()> {
    for (r, row) in flat.chunks_exact(KINDS).enumerate() {
        form.check_row(row, first + r, size)?;
    }
    Ok(())
}

/// Rows copied at a time: 1.1 MB, so a block stays in cache from its copy to its analysis,
/// and the copy buffer is reused (one owned copy of a million rows was 34 MB of fresh pages
/// a call, whose faults cost as much as the waits).
const BLOCK_ROWS: usize = 1 << 15;

/// Rows a parallel task takes at a time.
const TASK_ROWS: usize = 1 << 12;

/// What a batch call runs on a block of 34-byte rows: each row's answer into `out` (one place
/// per row), false when some row is not a hand of the call's form at `size` tiles (its answer
/// is then a placeholder; the block is searched again for the error).
type Rows<T> = fn(&[u8], u8, &mut [T]) -> bool;

/// `f` over the rows of the array: block by block, each block copied into memory the call
/// owns (with the GIL held), then checked and analysed with the GIL released, in parallel
/// for large blocks when there is more than one thread. A row is checked in the pass that
/// analyses it; the first bad row (found again in its block, in order) makes the call its
/// error.
fn run_checked<T: Send + Copy + Default>(
    py: Python<'_>,
    counts: &PyReadonlyArray2<'_, u8>,
    form: Form,
    f: Rows<T>,
) -> PyResult<Vec<T>> {
    // Without a variant a row is read as the default rules read it.
    let size = TAIWAN.hand_size;
    // An array not in row order is copied whole first (rare: a strided view, Fortran order).
    let strided;
    columns(counts)?;
    let src: &[u8] = if let Some(s) = row_major(counts) {
        s
    } else {
        strided = copied(counts)?;
        &strided
    };
    let rows = src.len() / KINDS;
    let mut out = vec![T::default(); rows];
    let mut block = vec![0u8; BLOCK_ROWS.min(rows) * KINDS];
    let parallel = rayon::current_num_threads() > 1;
    for first in (0..rows).step_by(BLOCK_ROWS) {
        let n = BLOCK_ROWS.min(rows - first);
        let copy = &mut block[..n * KINDS];
        copy.copy_from_slice(&src[first * KINDS..(first + n) * KINDS]);
        let copy = &*copy;
        let answers = &mut out[first..first + n];
        let ok = py.detach(|| {
            if parallel && n >= PARALLEL_ROWS {
                copy.par_chunks(TASK_ROWS * KINDS)
                    .zip(answers.par_chunks_mut(TASK_ROWS))
                    .map(|(rows, out)| f(rows, size, out))
                    .reduce(|| true, |a, b| a && b)
            } else {
                f(copy, size, answers)
            }
        });
        if !ok {
            first_bad_row(copy, first, form, size)?;
        }
    }
    Ok(out)
}

/// [`shanten_counts`] of each row ([`Rows`]).
fn shanten_rows(rows: &[u8], size: u8, out: &mut [i8]) -> bool {
    let mut all_ok = true;
    for (row, o) in rows.chunks_exact(KINDS).zip(out.iter_mut()) {
        match <&Counts>::try_from(row) {
            Ok(c) if row_ok(c, Form::Any, size) => *o = shanten_counts(c),
            _ => all_ok = false,
        }
    }
    all_ok
}

/// Each row as a hand of `v` (its `hand_size` and tile set; melds implied by the count), checked
/// in row order so the error names the first bad row.
fn hands_of(flat: &[u8], form: Form, v: &Variant) -> PyResult<Vec<Hand>> {
    flat.chunks_exact(KINDS)
        .enumerate()
        .map(|(r, row)| {
            let mut counts = [0u8; KINDS];
            counts.copy_from_slice(row);
            Ok(v.hand(Tiles { counts, flowers: 0 }, Vec::new(), form)
                .map_err(|e| e.in_row(r))?)
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
        let masks = run_checked(py, &counts, Form::Waiting, twmj_core::batch::wait_masks)?;
        return Ok(masks.into_pyarray(py));
    };
    let flat = copied(&counts)?;
    let hands = hands_of(&flat, Form::Waiting, &v.0)?;
    let masks = run_hands(py, &hands, &v.0, variant_mask)
        .into_iter()
        .collect::<Result<Vec<u64>, _>>()?;
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
        return Ok(run_checked(py, &counts, Form::Any, shanten_rows)?.into_pyarray(py));
    };
    let flat = copied(&counts)?;
    let hands = hands_of(&flat, Form::Any, &v.0)?;
    Ok(run_hands(py, &hands, &v.0, shanten).into_pyarray(py))
}
