//! The rules floor, below the analysis: what a variant is (its settings and presets), the
//! items' and the special shapes' vocabulary it names, and the win predicate. It reads tiles,
//! tables and hands only; analysis, scoring and the game read it.

pub mod card;
pub mod item;
pub mod notes;
pub mod settings;
pub mod shapes;
pub mod variant;
pub mod win;

pub use item::{Item, Word, WORDS};
pub use settings::{
    items_text, parse_items, setting, specs, Family, Kind, Layer, Requirement, Setting, Spec,
    EXCLUDE, FAMILIES, MAX_TAI, REQUIRES, SETTINGS, TAI,
};
pub use shapes::{knitted_kinds, Special, SpecialShapes, KNITTINGS, ORPHANS};
pub use variant::{
    Dealing, DiceShape, DiceTai, ExchangeDirection, Exclusions, Flow, FuritenRelease, Indices,
    ItemSet, MultiWin, Payment, PingHuWait, ScoringRules, Value, Variant, WallReserve, EVERY_ITEM,
    PRESETS, TAIWAN,
};
pub use win::is_win_counts;
