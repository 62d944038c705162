//! The game in play, one module per concept of the rule texts: legality (what a call binds, the
//! wall's end, the rule a refusal names), claims on one discard, 過水, flowers, kongs and the
//! 暗槓 底, declarations, snapshots (the two referees agree), records, settlement, the presets
//! in play, special shapes and 十三不搭 in play, observations, and random play.
//!
//! One test binary for all of them: each binary of `tests/` is linked on its own (fat LTO in
//! `cargo test --release`), so concepts are modules here, not crates.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../common/mod.rs"]
mod common;

mod american;
mod ankan_fee;
mod claims;
mod copies;
mod declarations;
mod flowers;
mod furiten;
mod house_rules;
mod kongs;
mod legality;
mod observe;
mod players;
mod random;
mod records;
mod records_golden;
mod settlement;
mod snapshots;
mod special_shapes;
mod traditional;
mod unconnected;

use twmj_core::game::{legal_actions, Action, State};
use twmj_core::scoring::Variant;

/// A scripted taiwan hand (000): see [`common::game::table`].
fn taiwan_table(cores: [&str; 4], live: &str, dead: &str, drawable: Option<usize>) -> State {
    common::game::table(&Variant::taiwan(), cores, live, dead, drawable)
}

fn options(st: &State, seat: u8) -> Vec<Action> {
    legal_actions(st, seat)
}
