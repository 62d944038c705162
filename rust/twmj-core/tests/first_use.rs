//! A ready hand's first waits builds only the wait tables, not the overlap vectors and the
//! rest of `tables()` (issue 27 item 5: first use ≤ 300 ms in WebAssembly, where building
//! `tables()` took most of a first `waits`). Its own test binary: a fresh process, so no other
//! test has built the tables before it.

use twmj_core::{tables, WaitReport, TAIWAN};

#[test]
fn a_ready_hands_first_waits_builds_only_the_wait_tables() {
    let rules = &*TAIWAN;
    let counts = rules
        .parse("2223456m123456789p")
        .expect("a valid hand")
        .counts;
    assert!(!tables::tables_built());
    let report = WaitReport::of_counts(&counts, rules).expect("a plain 16-tile hand");
    // 123456789p is three sets; 2223456m (seven tiles) completes with 1m (123 22 456),
    // 3m (222 33 456), 4m (22 234 456), 6m (222 345 66) and 7m (22 234 567): worked by hand.
    let waits: Vec<String> = report.waits().iter().map(|w| w.tile.code()).collect();
    assert_eq!(waits, ["1m", "3m", "4m", "6m", "7m"]);
    assert!(report.ready());
    assert!(!tables::tables_built(), "the ready waits built tables()");
    // The tables built afterwards give the same answer.
    let _ = tables::tables();
    let again = WaitReport::of_counts(&counts, rules).expect("a plain 16-tile hand");
    let codes: Vec<String> = again.waits().iter().map(|w| w.tile.code()).collect();
    assert_eq!(codes, waits);
}
