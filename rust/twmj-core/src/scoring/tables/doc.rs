//! The item reference written from the entries (`docs/items.md`, and the 000 table in
//! `docs/variants.md`): per table, each item's key, name, tai under every preset, source,
//! exclusions and doc. `tests/scoring/items_docs.rs` fails when the committed files differ from it.

use std::fmt::Write;

use crate::rules::{Item, Variant, PRESETS, SETTINGS};
use crate::scoring::items::ItemDef;
use crate::scoring::tables::{taiwan, TABLES};

/// A markdown cell: no `|`, no line break.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

/// The item's tai in `v` as a cell: `—` when the table lacks it, the preset's name for it
/// when it renames it, the values of the settings that value it ([`Item::valued_by`]: 骰規台's
/// `dice.*`, in the registry's order).
fn tai_cell(d: &ItemDef, v: &Variant) -> String {
    let present = match d.item.special() {
        Some(s) => v.allows(s),
        None => v.has(d.item),
    };
    if !present {
        return "—".to_owned();
    }
    let tai = match d.item.valued_by() {
        Some(prefix) => SETTINGS
            .iter()
            .filter(|s| s.key.starts_with(prefix))
            .map(|s| s.get(v).to_string())
            .collect::<Vec<_>>()
            .join("/"),
        None => v.tai_of(d.item).to_string(),
    };
    let name = v.name_of(d.item);
    if name == d.name() {
        tai
    } else {
        format!("{tai} ({name})")
    }
}

/// The entry's 備註 as a cell: what it excludes, what excludes it, what merges into it.
fn notes_cell(d: &ItemDef) -> String {
    let names = |xs: &[Item]| xs.iter().map(|x| x.name()).collect::<Vec<_>>().join("、");
    let mut parts = Vec::new();
    let notes = crate::rules::notes::of(d.item);
    if !notes.excludes.is_empty() {
        parts.push(format!("excludes {}", names(notes.excludes)));
    }
    if !notes.excluded_by.is_empty() {
        parts.push(format!("not with {}", names(notes.excluded_by)));
    }
    if !d.merges.is_empty() {
        parts.push(format!("merges {}", names(d.merges)));
    }
    if !notes.outranked_by.is_empty() {
        parts.push(format!("a tier under {}", names(notes.outranked_by)));
    }
    if d.after_notes.is_some() {
        parts.push("a note on what else counts (see its doc)".to_owned());
    }
    parts.join("; ")
}

/// `docs/items.md`.
pub fn items_markdown() -> String {
    let presets: Vec<Variant> = PRESETS
        .iter()
        .filter_map(|p| Variant::preset(p).ok())
        .collect();
    let mut out = String::new();
    out.push_str(
        "# Tai items: the reference\n\n\
         <!-- generated from the entries in rust/twmj-core/src/scoring/tables/ by \
         `TWMJ_BLESS=1 cargo test -p twmj-core --test scoring items_docs`; do not edit -->\n\n\
         Every tai item is one entry in the file of its table: its key (`tai.<key>`), its name \
         as that table writes it, where it is counted, its exclusions (備註), its doc and its \
         condition. *table* is the tai the 000 table or the fan list prints. Per preset, a cell gives the item's tai (per set or per flower where it \
         counts several; the preset's own name for it in brackets), `—` where the preset's \
         table lacks it. Source is the rule text and section the entry transcribes \
         (the texts by number: docs/rules.md). Exclusions: *excludes* (不另計 X), *not with* (X 不計), \
         *merges* (a composite, 字一色的複合), *a tier under* (not counted with a higher row of \
         its tier, under every preset); a preset that reads only its own table's notes \
         applies its own instead (docs/variants.md). On a special shape, *excludes* are the \
         items not judged on it at all. Under each table, every item's doc and \
         its example hands (the entry's test rows, `tests/scoring/item_examples.rs`): preset, the \
         concealed tiles before the win, melds, the winning tile, the context (seat 1 wins on a \
         discard from seat 2, seat 0 deals, unless said) and the item's tai there.\n",
    );
    for t in TABLES {
        let _ = write!(
            out,
            "\n## {}\n\n`rust/twmj-core/src/scoring/tables/{}`\n\n| key | name | table |",
            t.title, t.file
        );
        for p in PRESETS {
            let _ = write!(out, " {p} |");
        }
        out.push_str(" source | exclusions |\n|---|---|---|");
        for _ in PRESETS {
            out.push_str("---|");
        }
        out.push_str("---|---|\n");
        for d in t.entries {
            let own = match d.item.table_tai() {
                0 => String::new(),
                t => t.to_string(),
            };
            let _ = write!(out, "| `{}` | {} | {own} |", d.key(), d.name());
            for v in &presets {
                let _ = write!(out, " {} |", cell(&tai_cell(d, v)));
            }
            let _ = writeln!(out, " {} | {} |", cell(d.cite()), cell(&notes_cell(d)));
        }
        out.push('\n');
        for d in t.entries {
            let _ = writeln!(out, "- **`{}`** {}: {}", d.key(), d.name(), d.summary());
            for ex in d.examples {
                let mut melds = String::new();
                for (k, tiles) in ex.melds {
                    let _ = write!(melds, " + {k} {tiles}");
                }
                let how = if ex.context.is_empty() {
                    String::new()
                } else {
                    format!(", {}", ex.context)
                };
                let _ = writeln!(
                    out,
                    "  - `{}` `{}`{melds}, wins on `{}`{how}: {} tai ({})",
                    ex.variant, ex.hand, ex.win, ex.tai, ex.source
                );
            }
        }
    }
    out
}

/// The 000 table in `docs/variants.md` (`taiwan` and `american`; an item other settings value,
/// 骰規台 by `dice.*`, is listed with those settings).
pub fn variants_table() -> String {
    let (tw, am) = (Variant::taiwan(), Variant::american());
    let mut out = String::from("| setting | name | taiwan | american |\n|---|---|---|---|\n");
    for d in taiwan::ITEMS
        .iter()
        .filter(|d| d.item.valued_by().is_none())
    {
        let _ = writeln!(
            out,
            "| `tai.{}` | {} | {} | {} |",
            d.key(),
            d.name(),
            tw.tai_of(d.item),
            am.tai_of(d.item)
        );
    }
    out
}
