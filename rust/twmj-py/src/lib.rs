//! `twmj._core`: the thin binding of twmj-core. Each function converts its input, calls the
//! core once, and converts the result; errors become `twmj.errors` classes in `errors.rs`.

// PyO3 fixes the receiver and argument forms of exported methods (`&self`, owned arrays).
#![allow(clippy::trivially_copy_pass_by_ref, clippy::needless_pass_by_value)]

use pyo3::prelude::*;

mod accept;
mod analyze;
mod batch;
mod convert;
mod env;
mod errors;
mod game;
mod meld;
mod notation;
mod quiz;
mod score;
mod search;
mod shanten;
mod variant;
mod vocab;
mod waits;

#[pymodule(gil_used = false)]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // The x86-64 build targets x86-64-v2 (`.cargo/config.toml`): an older CPU gets this
    // error at import rather than an illegal instruction in the first call.
    #[cfg(target_arch = "x86_64")]
    if !(std::is_x86_feature_detected!("popcnt") && std::is_x86_feature_detected!("sse4.2")) {
        return Err(pyo3::exceptions::PyImportError::new_err(
            "twmj needs an x86-64 CPU with SSE4.2 and POPCNT (the x86-64-v2 level, every \
             x86-64 CPU since 2009, as NumPy's wheels); this one lacks them",
        ));
    }
    // Build the lookup tables at import, not inside the first call.
    twmj_core::tables::force();
    errors::quiet_panics();
    m.add("COPIES", twmj_core::tile::COPIES)?;
    // The bounds of a run's sizes (the core's, checked before allocating).
    m.add("MAX_TABLES", twmj_core::game::vector::MAX_TABLES)?;
    m.add("MAX_ARENA_HANDS", twmj_core::game::bots::MAX_ARENA_HANDS)?;
    m.add_class::<meld::PyMeld>()?;
    m.add_class::<notation::PyTiles>()?;
    m.add_class::<waits::PyWait>()?;
    m.add_class::<waits::PyWaits>()?;
    m.add_class::<accept::PyAccept>()?;
    m.add_class::<analyze::PyDiscard>()?;
    m.add_class::<analyze::PyAnalysis>()?;
    m.add_class::<variant::PyVariant>()?;
    m.add_class::<variant::PySettingSpec>()?;
    m.add_class::<score::PyContext>()?;
    m.add_class::<score::PyTaiItem>()?;
    m.add_class::<score::PyNotApplied>()?;
    m.add_class::<score::PyPayment>()?;
    m.add_class::<score::PyScore>()?;
    m.add_function(wrap_pyfunction!(variant::presets, m)?)?;
    m.add_function(wrap_pyfunction!(quiz::quiz, m)?)?;
    m.add_function(wrap_pyfunction!(variant::settings_registry, m)?)?;
    m.add_function(wrap_pyfunction!(variant::tai_keys, m)?)?;
    m.add_function(wrap_pyfunction!(variant::family_keys, m)?)?;
    m.add_function(wrap_pyfunction!(variant::exclude_keys, m)?)?;
    m.add_function(wrap_pyfunction!(score::score, m)?)?;
    m.add_function(wrap_pyfunction!(score::score_flower, m)?)?;
    m.add_function(wrap_pyfunction!(score::compare, m)?)?;
    m.add_function(wrap_pyfunction!(score::winners, m)?)?;
    m.add_function(wrap_pyfunction!(score::false_win, m)?)?;
    m.add_function(wrap_pyfunction!(score::wait_values, m)?)?;
    m.add_class::<score::PyWaitValue>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<game::PyMatch>()?;
    m.add_function(wrap_pyfunction!(game::replay, m)?)?;
    m.add_function(wrap_pyfunction!(game::read_record_for, m)?)?;
    m.add_function(wrap_pyfunction!(game::record_lines, m)?)?;
    m.add_function(wrap_pyfunction!(game::actions, m)?)?;
    m.add_function(wrap_pyfunction!(game::legal, m)?)?;
    m.add_function(wrap_pyfunction!(game::snapshot_fields, m)?)?;
    m.add_function(wrap_pyfunction!(game::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(search::review_record, m)?)?;
    m.add_class::<search::PyReview>()?;
    m.add_class::<search::PyDecisionReview>()?;
    m.add_class::<search::PyReviewSummary>()?;
    m.add("MAX_SAMPLES", twmj_core::game::search::MAX_SAMPLES)?;
    m.add("DEFAULT_SAMPLES", twmj_core::game::search::DEFAULT_SAMPLES)?;
    m.add_class::<env::PyVecEnv>()?;
    m.add_function(wrap_pyfunction!(env::observation_layout, m)?)?;
    m.add_function(wrap_pyfunction!(env::observation_fields, m)?)?;
    m.add_function(wrap_pyfunction!(env::bots, m)?)?;
    m.add_function(wrap_pyfunction!(env::arena_hands, m)?)?;
    m.add_function(wrap_pyfunction!(notation::parse, m)?)?;
    m.add_function(wrap_pyfunction!(notation::format, m)?)?;
    m.add_function(wrap_pyfunction!(notation::tile_name, m)?)?;
    m.add_function(wrap_pyfunction!(waits::waits, m)?)?;
    m.add_function(wrap_pyfunction!(waits::wait_mask, m)?)?;
    m.add_function(wrap_pyfunction!(shanten::shanten, m)?)?;
    m.add_function(wrap_pyfunction!(shanten::is_win, m)?)?;
    m.add_function(wrap_pyfunction!(analyze::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(batch::waits_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::shanten_batch, m)?)?;
    m.add_function(wrap_pyfunction!(vocab::vocabulary, m)?)?;
    m.add_function(wrap_pyfunction!(errors::_panic, m)?)?;
    Ok(())
}
