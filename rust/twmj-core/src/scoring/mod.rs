//! Scoring (issue 3): the tai items, max-tai scoring, settlement, several winners. The variant
//! they read is the rules floor's ([`crate::rules`]).

pub mod answer;
pub mod claim;
pub mod compare;
pub mod context;
pub mod items;
pub mod multi;
pub mod score;
pub mod settle;
pub mod tables;
pub mod value;

pub use answer::{ItemNotApplied, MeldAnswer, ScoreAnswer, TaiItem};
pub use claim::{priced_waits, Claim, Compared, PricedWait, Scored, Won};
pub use compare::{compare, Comparison};
pub use context::{Context, ContextArgs, Declaration, Replacement, Seat, Seats, WinKind, Wind};
pub use items::{ItemDef, Scope};
pub use multi::{resolve, winning_seats};
pub use tables::{FAN_ITEMS, ITEMS, SPECIAL_ITEMS};
// The rules floor's names, re-exported where callers have always found them.
pub use crate::rules::{
    Dealing, DiceShape, DiceTai, ExchangeDirection, Flow, FuritenRelease, Item, ItemSet, MultiWin,
    Payment, Value, Variant, WallReserve, PRESETS,
};
pub use score::{
    score, score_all, score_decomposition, score_flower, score_four_kongs, score_four_kongs_hand,
    score_hand, DealerItems, FlowerWin, NotApplied, Score, ScoredItem,
};
pub use settle::{false_win, settle, Line, Settlement};
pub use tables::{def, present, table};
pub use value::{wait_values, WaitValue};
