//! What puts a seat in 過水, by preset and setting: 000 (a winning tile let go, a self-draw
//! included), 001 (有人放槍而不胡: a passed discard only) and 004's tables that ignore it (也有不管的).
//! Scripted deals: seat 0 deals (dice 1 1 1); seat s + 1 is the 下家 of seat s.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use twmj_core::game::{is_legal, Action, Phase};
use twmj_core::scoring::{Value, Variant};

mod common;
#[allow(clippy::wildcard_imports)]
use common::game::*;

/// Seat 1 waits on 9p alone.
const READY: &str = "444m 555m 666m 111s 222s 9p";

fn win_offered(st: &twmj_core::game::State, seat: u8) -> bool {
    matches!(st.phase(), Phase::Offer(_)) && is_legal(st, seat, Action::Win)
}

#[test]
fn a_self_draw_let_go_is_furiten_in_000_not_in_001() {
    // 000 過水: 能胡而選擇不胡 … 摸到能自摸的牌而你不自摸; 001 過水: 有人放槍而不胡 … 放槍不胡的玩家,
    // 就需等過手後方可再胡牌 — only a discard passed up. Seat 1 draws 9p, keeps playing (discards
    // it), then seat 2 discards the other 9p.
    for (v, furiten) in [(Variant::taiwan(), true), (trad(), false)] {
        let mut st = table(&v, ["", READY, "", ""], "9p 9p", "", None);
        tsumogiri_first(&mut st);
        assert_eq!((turn(&st), drawn(&st)), (1, t("9p")));
        assert!(is_legal(&st, 1, Action::Win), "{}", v.preset);
        act(&mut st, 1, Action::Discard(t("9p")));
        assert_eq!(st.player(1).furiten, furiten, "{}", v.preset);
        pass_all(&mut st);
        assert_eq!((turn(&st), drawn(&st)), (2, t("9p")));
        act(&mut st, 2, Action::Discard(t("9p")));
        assert_eq!(win_offered(&st, 1), !furiten, "{}", v.preset);
    }
    // The setting, either way round.
    let v = with(&trad(), &[("furiten_self_draw", Value::Bool(true))]);
    let mut st = table(&v, ["", READY, "", ""], "9p 9p", "", None);
    tsumogiri_first(&mut st);
    act(&mut st, 1, Action::Discard(t("9p")));
    assert!(st.player(1).furiten);
}

#[test]
fn tables_that_ignore_furiten() {
    // 004 過水: 別人打出你能胡的牌、你沒有喊胡，在你下一次摸牌之前，不能再胡同一張。很多桌有這條，也有
    // 不管的. The dealer discards 9p, seat 1 lets it go, then draws the other 9p.
    let ignored = with(
        &Variant::taiwan(),
        &[("furiten_ignored", Value::Bool(true))],
    );
    for (v, win) in [(Variant::taiwan(), false), (ignored, true)] {
        let mut st = table(&v, ["9p", READY, "", ""], "9p", "", None);
        act(&mut st, 0, Action::Discard(t("9p")));
        assert!(win_offered(&st, 1));
        act(&mut st, 1, Action::Pass);
        pass_all(&mut st);
        assert_eq!(st.player(1).furiten, !win, "{}", v.preset);
        assert_eq!((turn(&st), drawn(&st)), (1, t("9p")));
        assert_eq!(is_legal(&st, 1, Action::Win), win, "{}", v.preset);
    }
    // Off in every preset.
    for p in twmj_core::rules::PRESETS {
        let v = Variant::preset(p).unwrap();
        assert!(!v.flow.furiten_ignored, "{p}");
        assert_eq!(v.flow.furiten_self_draw, p != "traditional", "{p}");
    }
}

/// The dealer's first discard: a tile of its hand no seat uses.
fn tsumogiri_first(st: &mut twmj_core::game::State) {
    let c = st.player(0).concealed;
    let k = twmj_core::tile::Tile::all()
        .find(|k| c[k.index()] > 0)
        .unwrap();
    discard(st, &k.code());
}
