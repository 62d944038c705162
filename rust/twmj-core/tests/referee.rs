//! The two referees agree (000 特殊規則與裁決): a snapshot of a decision point gives the legal
//! actions the live game gives at that moment — 天胡 at the opening, and 七搶一 case 1 when the
//! snapshot says where the 8th flower is.
//!
//! 000 = 鬥雀 台灣麻將 16 張; the rules README's reading of 天胡 (decided at the deal; a
//! snapshot of that moment offers only the win). Scripted deals: seat 0 deals (dice 1 1 1).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use twmj_core::game::legality::rule;
use twmj_core::game::{
    legal_actions, Action, Decision, FirstTurn, Player, Rules, Situation, Snapshot, State, Turn,
    WinKind,
};
use twmj_core::scoring::Variant;
use twmj_core::Error;

mod common;
#[allow(clippy::wildcard_imports)]
use common::game::*;

/// The dealer's 17 as dealt: five sets and a pair.
const HEAVEN: &str = "111m 999m 111p 444p 555p 11z";

fn opening_turn() -> Turn {
    Turn {
        seat: 0,
        drawn: None,
        after_call: None,
        replacement: false,
        last_tile: false,
        rob_from: None,
    }
}

fn situation(v: &Variant) -> Situation {
    Situation {
        rules: Rules::new(v, 0, 0),
        dealer: 0,
        east: 0,
        dice: [1, 1, 1],
        discards_total: 0,
        any_call: false,
        ankan_asks: 0,
    }
}

fn snapshot(player: Player, decision: Decision, situation: Option<Situation>) -> Snapshot {
    Snapshot {
        seat: 0,
        player,
        drawable: 40,
        decision,
        situation,
    }
}

#[test]
fn heaven_at_the_opening_is_the_only_move_in_both_referees() {
    // 000 開局花胡: 開局配牌補花時就湊成八仙過海或七搶一，直接判定胡牌，不能放棄。與天胡同時成立時
    // … 天胡優先: 天胡 is judged at the deal with them (rules README), so the game ends at once
    // and the snapshot of that moment offers 胡 alone.
    for v in [
        Variant::taiwan(),
        trad(),
        Variant::improved16(),
        Variant::hk16(),
    ] {
        let st = table(&v, [HEAVEN, "", "", ""], "", "", None);
        let r = st
            .result()
            .unwrap_or_else(|| panic!("{}: not decided", v.preset));
        let [w] = r.wins.as_slice() else {
            panic!("{}: {r:?}", v.preset)
        };
        assert_eq!(
            (w.seat, w.kind, w.first_turn),
            (0, WinKind::SelfDraw, Some(FirstTurn::Heaven)),
            "{}",
            v.preset
        );
        let dealer = st.player(0).clone();
        for sit in [Some(situation(&v)), None] {
            let snap = snapshot(dealer.clone(), Decision::Turn(opening_turn()), sit);
            assert_eq!(
                snap.legal_actions().unwrap(),
                vec![Action::Win],
                "{}",
                v.preset
            );
            let k = twmj_core::tile::Tile::all()
                .find(|k| dealer.concealed[k.index()] > 0)
                .unwrap();
            match snap.check(Action::Discard(k)) {
                Err(Error::Illegal { rule, .. }) => assert_eq!(rule, rule::HEAVEN_WIN),
                other => panic!("{}: {other:?}", v.preset),
            }
        }
    }
}

#[test]
fn a_later_complete_turn_still_chooses() {
    // 000 過水: 摸到能自摸的牌而你不自摸 is a choice: after the opening the dealer may discard.
    let st = table(&Variant::taiwan(), [HEAVEN, "", "", ""], "", "", None);
    let dealer = st.player(0).clone();
    let mut played = situation(&Variant::taiwan());
    played.discards_total = 4;
    let mut after = dealer.clone();
    after.has_discarded = true;
    let turn = Turn {
        drawn: Some(t("1z")),
        ..opening_turn()
    };
    let acts = snapshot(after, Decision::Turn(turn), Some(played))
        .legal_actions()
        .unwrap();
    assert!(acts.contains(&Action::Win));
    assert!(acts.contains(&Action::Discard(t("1z"))));
}

#[test]
fn american_exchange_comes_after_the_opening() {
    // 002 一局開始的順序: 換三張 after the opening; a hand complete only after it is the
    // dealer's ordinary choice at its first turn, as the game plays it.
    let v = Variant::american();
    let dealer = {
        let st = table(&Variant::taiwan(), [HEAVEN, "", "", ""], "", "", None);
        st.player(0).clone()
    };
    let acts = snapshot(dealer, Decision::Turn(opening_turn()), Some(situation(&v)))
        .legal_actions()
        .unwrap();
    assert!(acts.contains(&Action::Win) && acts.len() > 1, "{acts:?}");
}

/// 000 七搶一 情形 1 as in `game_rules.rs`: seat 1 draws its 7th flower (7f), seat 3 holds 8f.
fn case_1() -> State {
    let mut st = table(
        &Variant::taiwan(),
        ["2m2m8s8s", "1f2f3f4f5f6f 4m6m", "", "8f"],
        "7f",
        "3m 3p 3s 7m 7p 7s 2p 8p",
        None,
    );
    discard(&mut st, "1z");
    assert_eq!((turn(&st), st.player(1).flower_count()), (1, 7));
    st
}

#[test]
fn a_snapshot_names_the_seat_with_the_eighth_flower() {
    // 000 七搶一: 你摸到第 7 張花，而第 8 張早已在另一家門前：你先照常補一張牌，再搶他那一張. The
    // snapshot says where the 8th is (`rob_from`), and offers what the game offers.
    let st = case_1();
    let game = legal_actions(&st, 1);
    assert!(game.contains(&Action::SevenRobOne));
    let twmj_core::game::Phase::Turn(now) = *st.phase() else {
        unreachable!()
    };
    assert_eq!(now.rob_from, Some(3));
    let snap = Snapshot {
        seat: 1,
        player: st.player(1).clone(),
        drawable: st.drawable(),
        decision: Decision::Turn(now),
        situation: None,
    };
    assert_eq!(snap.legal_actions().unwrap(), game);
    // Without it, the snapshot is a plain turn.
    let mut plain = snap.clone();
    plain.decision = Decision::Turn(Turn {
        rob_from: None,
        ..now
    });
    assert!(!plain
        .legal_actions()
        .unwrap()
        .contains(&Action::SevenRobOne));
    // What cannot be case 1 is refused, naming the field.
    let bad = |f: &dyn Fn(&mut Snapshot)| {
        let mut s = snap.clone();
        f(&mut s);
        match s.legal_actions() {
            Err(e) => assert_eq!(e.field().as_deref(), Some("decision.turn.rob_from"), "{e}"),
            Ok(a) => panic!("accepted: {a:?}"),
        }
    };
    let with_turn = |g: fn(&mut Turn)| {
        let mut t2 = now;
        g(&mut t2);
        move |s: &mut Snapshot| s.decision = Decision::Turn(t2)
    };
    bad(&with_turn(|x| x.rob_from = Some(1))); // its own seat
    bad(&with_turn(|x| x.rob_from = Some(4))); // no such seat
    bad(&with_turn(|x| x.replacement = false)); // not the replacement
    bad(&|s: &mut Snapshot| s.player.flowers &= 0x3F); // six flowers
}
