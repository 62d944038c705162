//! Scoring (issue 3): variants, the tai items, max-tai scoring, settlement, several winners.

pub mod compare;
pub mod fan;
pub mod items;
pub mod multi;
pub mod score;
pub mod settle;
pub mod value;
pub mod variant;

pub use compare::{compare, Comparison};
pub use items::{table, Item, ItemDef, Scope, FAN_ITEMS, ITEMS, SPECIAL_ITEMS};
pub use multi::{resolve, winning_seats};
pub use score::{
    score, score_all, score_decomposition, score_flower, score_four_kongs, score_hand, Context,
    Declaration, FlowerWin, NotApplied, Replacement, Score, ScoredItem, Seat, WinKind, Wind,
};
pub use settle::{false_win, settle, Line, Settlement};
pub use value::{wait_values, WaitValue};
pub use variant::{
    Dealing, DiceShape, DiceTai, ExchangeDirection, Flow, FuritenRelease, ItemSet, MultiWin,
    Payment, Value, Variant, WallReserve, PRESETS,
};
