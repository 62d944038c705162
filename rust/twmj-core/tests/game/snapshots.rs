//! The two referees agree (000 特殊規則與裁決): a snapshot of a decision point gives the legal
//! actions the live game gives at that moment — 天胡 at the opening, and 七搶一 case 1 when the
//! snapshot says where the 8th flower is.
//!
//! 000 = 鬥雀 台灣麻將 16 張; the rules README's reading of 天胡 (decided at the deal; a
//! snapshot of that moment offers only the win). Scripted deals: seat 0 deals (dice 1 1 1).
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[allow(clippy::wildcard_imports)]
use crate::common::game::*;
use crate::taiwan_table;
use twmj_core::game::legality::rule;
use twmj_core::game::{
    legal_actions, Action, ChiPos, Decision, FirstTurn, Phase, Player, Rules, Situation, Snapshot,
    State, Turn, WinKind,
};
use twmj_core::scoring::{Value, Variant};
use twmj_core::Error;

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
        flower_paid: false,
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

/// 000 七搶一 情形 1 as in `flowers.rs`: seat 1 draws its 7th flower (7f), seat 3 holds 8f.
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

// ---------------------------------------------------------------- more 花胡, 搶槓, MIGI cases

#[test]
fn snapshot_legality_agrees_with_the_game() {
    use twmj_core::game::{Decision, Snapshot};
    // The state after 吃 of 3p with 4p5p (吃入打出), as a snapshot of seat 1.
    let mut st = taiwan_table(["3p 2m2m8m", "4p5p 3p 6p", "", ""], "", "", None);
    act(&mut st, 0, Action::Discard(t("3p")));
    let offer = Snapshot {
        situation: None,
        seat: 1,
        player: st.player(1).clone(),
        drawable: st.drawable(),
        decision: match *st.phase() {
            Phase::Offer(o) => Decision::Offer {
                from: o.from,
                kind: o.kind,
            },
            _ => unreachable!(),
        },
    };
    assert_eq!(offer.legal_actions().unwrap(), legal_actions(&st, 1));
    act(&mut st, 1, Action::Chi(ChiPos::Low));
    let Phase::Turn(turn_now) = *st.phase() else {
        unreachable!()
    };
    let snap = Snapshot {
        situation: None,
        seat: 1,
        player: st.player(1).clone(),
        drawable: st.drawable(),
        decision: Decision::Turn(turn_now),
    };
    assert_eq!(snap.legal_actions().unwrap(), legal_actions(&st, 1));
    assert_eq!(
        snap.legal_mask().unwrap().iter().filter(|&&b| b).count(),
        legal_actions(&st, 1).len()
    );
    match snap.check(Action::Discard(t("6p"))) {
        Err(Error::Illegal { rule, .. }) => assert_eq!(rule, rule::CHI_IN_DISCARD_OUT),
        other => panic!("{other:?}"),
    }
    // A snapshot that cannot be a decision point is refused.
    let mut bad = snap.clone();
    bad.decision = Decision::Offer {
        from: 1,
        kind: offer_kind(&offer),
    };
    assert!(bad.legal_actions().is_err());
    let mut bad = snap;
    bad.player.concealed[0] += 1;
    assert!(bad.legal_actions().is_err());
}

fn offer_kind(s: &twmj_core::game::Snapshot) -> twmj_core::game::OfferKind {
    match s.decision {
        twmj_core::game::Decision::Offer { kind, .. } => kind,
        twmj_core::game::Decision::Turn(_) | twmj_core::game::Decision::Opening => unreachable!(),
    }
}

// ---------------------------------------------------------------- snapshots at 3 and 2 seats

#[test]
fn snapshot_legality_at_three_and_two_seats_agrees_with_the_game() {
    // 004 三人麻將 (no 吃, 116 tiles, 北 empty) and 兩人麻將 (萬子 and 字牌, no flowers): the
    // snapshot plays the variant's seats, as the game does.
    // 004 兩人麻將 13 張版 (hand_size 13: 13 tiles, the dealer 14) as well.
    let two13 = with(&Variant::two_player(), &[("hand_size", Value::Int(13))]);
    for v in [Variant::three_player(), Variant::two_player(), two13] {
        let n = snapshots_agree(&v, 0..150, 31);
        assert!(n > 3000, "{}: {n} decisions", v.preset);
    }
    // Chi allowed at three seats: the 上家 of seat 0 is seat 2.
    let v = with(
        &Variant::three_player(),
        &[("chi_allowed", Value::Bool(true))],
    );
    assert!(snapshots_agree(&v, 0..60, 31) > 1000);
}

#[test]
fn snapshot_refuses_an_empty_seat() {
    // 004: with three players seat 3 is empty (北), with two seats 2 and 3: they have nothing to
    // decide, and an offer cannot come from them.
    use twmj_core::game::{Decision, OfferKind, Situation, Snapshot};
    let st = State::from_seed(1, &Variant::three_player());
    let sit = Situation {
        rules: st.rules().clone(),
        dealer: 0,
        east: 0,
        dice: [1, 1, 1],
        discards_total: 0,
        any_call: false,
        ankan_asks: 0,
        flower_paid: false,
    };
    let mut player = st.player(1).clone();
    while player.hand_size() > 16 {
        let i = player.concealed.iter().position(|&c| c > 0).unwrap();
        player.concealed[i] -= 1;
    }
    let offer = |seat: u8, from: u8| Snapshot {
        seat,
        player: player.clone(),
        drawable: 40,
        decision: Decision::Offer {
            from,
            kind: OfferKind::Discard {
                tile: t("1z"),
                last: false,
            },
        },
        situation: Some(sit.clone()),
    };
    assert!(offer(1, 0).legal_actions().is_ok());
    // A seat not at the table is a context error, as everywhere, naming the field.
    let e = offer(3, 0).legal_actions().unwrap_err();
    assert_eq!(
        (e.kind(), e.field().as_deref()),
        ("context_error", Some("seat"))
    );
    assert!(
        e.to_string()
            .contains("seat 3 does not exist (seats are 0 to 2; 3 players)"),
        "{e}"
    );
    let e = offer(1, 3).legal_actions().unwrap_err();
    assert_eq!(e.field().as_deref(), Some("decision.offer.from"));
    assert!(e.to_string().contains("seat 3"), "{e}");
    let mut two = sit.clone();
    two.rules = twmj_core::game::Rules::new(&Variant::two_player(), 0, 0);
    let mut s = offer(1, 0);
    s.situation = Some(two.clone());
    assert!(s.legal_actions().is_ok());
    let mut s = offer(2, 0);
    s.situation = Some(two);
    assert!(s.legal_actions().is_err());
}
