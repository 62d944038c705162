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

/// 000 花牌與花胡's table (the scenes `flowers.rs` and `house_rules.rs` both play): seat 1 holds
/// seven flowers, draws the 8th and its replacement 5m, which completes its hand; seat 1 now
/// has its turn with 5m drawn.
fn eighth_flower_drawn(v: &Variant) -> State {
    let seven = "1f2f3f4f5f6f7f 4m6m 1p2p3p 4p5p6p 7p";
    let mut st = common::game::table(
        v,
        ["8m8m8s8s", seven, "", ""],
        "8f",
        "8p9p 2s3s4s 5s5s 5m",
        None,
    );
    common::game::discard(&mut st, "1z");
    st
}

/// 000 七搶一 情形 2's table: seat 1 is dealt seven flowers and its replacements complete a hand
/// waiting on 5m; seat 1 has discarded 3m and seat 2 has drawn the 8th flower, which seat 1
/// may now rob.
fn eighth_flower_shown_by_seat_2(v: &Variant) -> State {
    let mut st = common::game::table(
        v,
        ["2m2m8s8s", "1f2f3f4f5f6f7f 4m6m 1p2p3p 4p5p6p 7p", "", ""],
        "3m 8f",
        "8p9p 2s3s4s 5s5s 5m",
        None,
    );
    common::game::discard(&mut st, "1z");
    common::game::act(&mut st, 1, Action::Discard(common::game::t("3m")));
    st
}

fn options(st: &State, seat: u8) -> Vec<Action> {
    legal_actions(st, seat)
}
