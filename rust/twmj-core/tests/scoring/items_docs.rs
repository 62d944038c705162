//! The docs written from the core agree with it: `docs/items.md` (the item reference, from the
//! entries in `scoring/tables/`) and the 000 table in `docs/variants.md`. With `TWMJ_BLESS=1`
//! the test rewrites them instead (`TWMJ_BLESS=1 cargo test -p twmj-core --test scoring items_docs`).

use std::path::PathBuf;

use twmj_core::scoring::tables::doc::{items_markdown, variants_table};
use twmj_core::scoring::tables::TABLES;

const BEGIN: &str = "<!-- items: generated from the entries by `TWMJ_BLESS=1 cargo test -p twmj-core --test scoring items_docs`; do not edit -->\n";
const END: &str = "<!-- items: end -->\n";

fn path(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}

fn bless() -> bool {
    std::env::var_os("TWMJ_BLESS").is_some()
}

/// `rel` holds `want`, or is rewritten to when blessing.
fn agree(rel: &str, have: &str, want: &str) {
    if have == want {
        return;
    }
    if bless() {
        std::fs::write(path(rel), want).unwrap_or_else(|e| panic!("{rel}: {e}"));
        return;
    }
    let line = have
        .lines()
        .zip(want.lines())
        .position(|(a, b)| a != b)
        .map_or(have.lines().count().min(want.lines().count()), |i| i);
    panic!(
        "{rel} drifts from the core at line {} (run TWMJ_BLESS=1 cargo test -p twmj-core --test scoring items_docs)",
        line + 1
    );
}

#[test]
fn items_reference_is_generated() {
    let have = std::fs::read_to_string(path("docs/items.md")).unwrap_or_default();
    agree("docs/items.md", &have, &items_markdown());
}

#[test]
fn variants_item_table_is_generated() {
    let rel = "docs/variants.md";
    let have = std::fs::read_to_string(path(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
    let start = have
        .find(BEGIN)
        .unwrap_or_else(|| panic!("{rel}: no {BEGIN}"))
        + BEGIN.len();
    let end = start
        + have[start..]
            .find(END)
            .unwrap_or_else(|| panic!("{rel}: no {END}"));
    let want = format!("{}\n{}\n{}", &have[..start], variants_table(), &have[end..]);
    agree(rel, &have, &want);
}

/// Every entry cites its rule text: the doc opens with `name (source …)` and the source names
/// one of the texts (000–004).
#[test]
fn every_entry_cites_its_text() {
    for t in TABLES {
        for d in t.entries {
            let cite = d.cite();
            assert!(
                ["000", "001", "002", "003", "004"]
                    .iter()
                    .any(|n| cite.contains(n)),
                "{}: {cite:?}",
                d.key()
            );
            assert!(!d.summary().is_empty(), "{}", d.key());
        }
    }
    let n: usize = TABLES.iter().map(|t| t.entries.len()).sum();
    assert_eq!(n, twmj_core::scoring::Item::ALL);
}
