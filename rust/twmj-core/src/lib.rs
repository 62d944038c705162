//! twmj-core: the pure-Rust engine of Taiwanese 16-tile mahjong (台灣十六張麻將).
//!
//! Floors, each reading only those below it: tiles, notation and the error ([`tile`],
//! [`notation`], [`error`]); the lookup [`tables`]; hands ([`hand`], [`decompose`],
//! [`unconnected`]); the [`rules`] (variant, settings, item and shape vocabulary, the win
//! predicate); the analysis ([`waits`], [`shanten`], [`special`], [`analyze`]); the
//! [`scoring`] of wins (tai items, max-tai score, settlement); one hand of play as a state
//! machine with legality and replay in [`game`]. This file only re-exports.

pub mod analyze;
pub mod answer;
pub mod batch;
pub mod decompose;
pub mod error;
pub mod game;
pub mod hand;
pub mod notation;
pub mod rules;
pub mod scoring;
pub mod shanten;
pub mod special;
pub mod tables;
pub mod tile;
pub mod unconnected;
pub mod vocab;
pub mod waits;

pub use analyze::{
    accepts, analyze, concealed_waits, wait_report, Accept, Accepts, Analysis, Discard, WaitReport,
};
pub use decompose::{decompositions, Block};
pub use error::{Code, Error, ErrorCode, ErrorKind, Fault, Result, CODES, ERROR_KINDS};
pub use hand::{Form, Hand, Meld, MeldKind, SETS};
pub use notation::{format, parse, Tiles};
pub use rules::{is_win_counts, Special, SpecialShapes, Variant, TAIWAN};
pub use shanten::{shanten, shanten_counts, special_shanten};
pub use special::{
    is_special_win, is_win, special_wait_mask, special_waits, special_win, special_wins, waits,
};
pub use tile::{over_copies, total, Counts, Flower, KindList, Suit, Tile, KINDS};
pub use vocab::{Declaration, Replacement, Term, WinKind, WinTerm};
pub use waits::{shapes, wait_mask, Shape, Shapes, Wait, WaitList};
