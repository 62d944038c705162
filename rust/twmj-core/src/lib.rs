//! twmj-core: the pure-Rust engine of Taiwanese 16-tile mahjong (台灣十六張麻將).
//!
//! Floors, each reading only those below it: tiles, notation and the error ([`tile`],
//! [`notation`], [`error`]); the lookup [`tables`]; hands ([`hand`], [`decompose`],
//! [`unconnected`]); the [`rules`] (variant, settings, item and shape vocabulary, the win
//! predicate); the analysis ([`waits`], [`shanten`], [`special`], [`analyze`]); the
//! [`scoring`] of wins (tai items, max-tai score, settlement); one hand of play as a state
//! machine with legality and replay in [`game`]. This file only re-exports.

pub mod analyze;
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
pub mod waits;

pub use analyze::{accepts, accepts_with, analyze, analyze_with, Accept, Analysis, Discard};
pub use decompose::{decompositions, Block};
pub use error::{Error, Result};
pub use hand::{Form, Hand, Meld, MeldKind};
pub use notation::{format, parse, Tiles};
pub use rules::{is_win, is_win_counts, Special, SpecialShapes, Variant};
pub use shanten::{shanten, shanten_counts, shanten_with, special_shanten};
pub use special::{
    is_special_win, is_win_with, special_wait_mask, special_waits, special_win, special_wins,
    special_wins_n, waits_with,
};
pub use tile::{Counts, Flower, Suit, Tile, KINDS};
pub use waits::{shapes, wait_mask, waits, Shape, Shapes, Wait};
