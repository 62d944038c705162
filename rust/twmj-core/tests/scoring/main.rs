//! Hands and what they are worth, one module per table or concept: a win as a caller states it
//! (`claims`: the context's arguments, the claim scored and settled), the worked examples of the
//! rule texts (read from `tests/cases/`), the taiwan/american items (`taiwan`), the later
//! presets (`presets`, `stated_totals`, `hk16`), the fan list (`fan`, `fan_shapes`), the
//! special shapes (`special`, `special_shanten`), the 13-tile hand (`thirteen`), every item
//! entry's example hands (`item_examples`) and the docs written from the entries (`items_docs`).
//!
//! One test binary for all of them: each binary of `tests/` is linked on its own (fat LTO in
//! `cargo test --release`), so concepts are modules here, not crates.

#[path = "../common/mod.rs"]
mod common;

mod claims;
mod examples;
mod exclusions;
mod fan;
mod fan_shapes;
mod hk16;
mod item_examples;
mod items_docs;
mod presets;
mod rule_audit;
mod special;
mod special_shanten;
mod stated_totals;
mod taiwan;
mod thirteen;
