//! The native side of the WebAssembly budgets (issue 27 item 5; `benches/wasm/bench.mjs` runs
//! it beside the Node side and prints both): the same questions the Node bench asks, on
//! twmj-core built natively. Prints one JSON object of nanoseconds per call (best of several
//! batches) and hands per second.
//!
//! `cargo build --release -p twmj-wasm --example native_bench`

// Timings as floating-point nanoseconds: a lost low bit of a count is no matter here.
#![allow(clippy::cast_precision_loss)]

use std::hint::black_box;
use std::time::Instant;

use twmj_core::scoring::{Claim, ContextArgs};
use twmj_core::vocab::Int;
use twmj_core::{Counts, WaitReport, KINDS, TAIWAN};

/// This thread's time on a core so far, in nanoseconds (the first field of
/// /proc/thread-self/schedstat, Linux): what `--cpu` times by, as `benches/wasm/bench.mjs
/// --cpu` does on the Node side, so a loaded machine's waits for a core count on neither.
fn cpu_ns() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split(' ').next().and_then(|t| t.parse::<f64>().ok()))
        .unwrap_or(f64::NAN)
}

/// Best nanoseconds per call of `f` over `rounds` batches of `n` calls: wall clock, or the
/// thread's time on a core when the program is given `--cpu`. That time advances in steps (the
/// kernel adds a thread's run time at a scheduler tick or a switch, about 4 ms here, not when
/// the file is read), so under `--cpu` each batch is [`CPU_BATCHES`] times longer: a step is
/// then a few per cent of a batch, where a 12 ms batch could read 8 or 16 ms.
fn best(rounds: usize, n: usize, mut f: impl FnMut()) -> f64 {
    let cpu = std::env::args().any(|a| a == "--cpu");
    let n = if cpu { n * CPU_BATCHES } else { n };
    let mut best = f64::MAX;
    for _ in 0..rounds {
        let (t, c) = (Instant::now(), if cpu { cpu_ns() } else { 0.0 });
        for _ in 0..n {
            f();
        }
        let ns = if cpu {
            cpu_ns() - c
        } else {
            t.elapsed().as_nanos() as f64
        };
        best = best.min(ns / n as f64);
    }
    best
}

/// How many times longer each per-call batch is under `--cpu` (as in `benches/wasm/bench.mjs`).
const CPU_BATCHES: usize = 10;

/// A random 16-tile hand (at most 4 of a kind), from a xorshift state.
fn random16(state: &mut u32) -> Counts {
    let mut c = [0u8; KINDS];
    let mut k = 0;
    while k < 16 {
        *state ^= *state << 13;
        *state ^= *state >> 17;
        *state ^= *state << 5;
        let i = (*state % KINDS as u32) as usize;
        if c[i] < 4 {
            c[i] += 1;
            k += 1;
        }
    }
    c
}

fn main() -> Result<(), twmj_core::Error> {
    let rules = &*TAIWAN;
    twmj_core::tables::force();
    let text = "2223456m123456789p";
    let counts = rules.parse(text)?.counts;
    // The waits: the same answer the package's `waits` gives (the report, its shanten and
    // its accepts), from the same input (notation text, or 34 counts); and the report alone
    // (what the runs before 2026-12-06 06:00 timed), for comparison.
    let waits_text = best(7, 200_000, || {
        let t = rules.parse(black_box(text)).ok();
        let r = t.and_then(|t| WaitReport::of_tiles(&t, rules));
        black_box(r.map(|r| (r.shanten(rules), r.accepts(rules).map(|a| a.len()))));
    });
    let waits_counts = best(7, 200_000, || {
        let r = WaitReport::of_counts(black_box(&counts), rules);
        black_box(r.map(|r| (r.shanten(rules), r.accepts(rules).map(|a| a.len()))));
    });
    let report_counts = best(7, 200_000, || {
        black_box(WaitReport::of_counts(black_box(&counts), rules));
    });
    // 000 計分 範例一, from the same input as the package's `score`: the hand's notation, the
    // winning tile's text and the context's fields, read on every call, then scored and
    // settled (`Scored`: the score, its payments and nets).
    let score = best(7, 20_000, || {
        let ctx = ContextArgs {
            winner: Some(Int::from(1)),
            dealer: Some(Int::from(0)),
            streak: Some(Int::from(2)),
            seat_wind: Some(black_box("S")),
            round_wind: None,
            win: Some(black_box("self_draw")),
            from_seat: None,
            last_tile: false,
            declared: None,
            first_turn: false,
            flowers: None,
            dice: None,
            discards: None,
            shown: None,
            first_eight: false,
        }
        .read()
        .ok();
        let hand = rules.parse(black_box("123456789m234p56p77s")).ok();
        let c = hand
            .zip(ctx)
            .and_then(|(h, ctx)| Claim::hand(h, Vec::new(), black_box("7p"), ctx, false).ok());
        black_box(c.and_then(|c| c.score(rules).ok()));
    });
    let rows = 1_000_000;
    let mut state = 27u32;
    let flat: Vec<u8> = (0..rows).flat_map(|_| random16(&mut state)).collect();
    let mut out = vec![0u64; rows];
    let batch_ns = best(5, 1, || {
        black_box(twmj_core::batch::wait_masks(
            black_box(&flat),
            rules.hand_size,
            &mut out,
        ));
    });
    println!(
        "{{\"waits_text_ns\": {waits_text:.1}, \"waits_counts_ns\": {waits_counts:.1}, \"report_counts_ns\": {report_counts:.1}, \"score_ns\": {score:.1}, \"batch_hands_per_s\": {:.0}}}",
        rows as f64 / (batch_ns / 1e9)
    );
    Ok(())
}
