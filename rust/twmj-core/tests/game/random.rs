//! Invariants over seeded random-legal-agent games: conservation, hand sizes, a legal action
//! at every decision, 胡 before any lower claim, determinism and replay.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::game::greedy_pick;

use twmj_core::game::{
    legal_actions, legal_mask, replay, write_log, Action, Event, Phase, SplitMix64, State,
    ACTION_COUNT,
};

/// Independent checks of every legal action against the 合法與犯規 table.
fn oracle(st: &State, seat: u8, acts: &[Action]) {
    use twmj_core::game::{CallLock, OfferKind};
    let p = st.player(seat);
    match *st.phase() {
        Phase::Turn(t) => {
            for &a in acts {
                match a {
                    Action::Win => {
                        assert!(twmj_core::is_win_counts(&p.concealed));
                        assert!(
                            !p.furiten.blocks_win() && !p.no_self_draw && t.after_call.is_none()
                        );
                    }
                    Action::Ankan(_) | Action::Kakan(_) => {
                        assert!(!t.last_tile, "海底不槓");
                        assert!(t.after_call.is_none(), "吃碰後不接槓");
                    }
                    Action::Discard(k) | Action::Declare(k) => {
                        assert!(p.concealed[k.index()] > 0);
                        match t.after_call {
                            Some(CallLock::Pon(x)) => assert_ne!(k, x, "碰入打出"),
                            Some(CallLock::Chi { claimed, other_end }) => {
                                assert_ne!(k, claimed, "吃入打出");
                                assert_ne!(Some(k), other_end, "吃入打出");
                            }
                            None => {}
                        }
                    }
                    _ => {}
                }
                if p.declared != twmj_core::Declaration::None {
                    let d = t.drawn.unwrap();
                    assert!(
                        matches!(a, Action::Win | Action::EightFlowers | Action::SevenRobOne)
                            || a == Action::Discard(d)
                            || a == Action::Kakan(d),
                        "宣告聽牌後: {a}"
                    );
                }
            }
        }
        Phase::Exchange(_) => {}
        // 起手 十三不搭 (003 改良式): only `redeal` or `pass` (`unconnected.rs`).
        Phase::Opening(_) => assert!(acts
            .iter()
            .all(|a| matches!(a, Action::Redeal | Action::Pass))),
        Phase::Offer(o) => {
            for &a in acts {
                let calls = matches!(a, Action::Chi(_) | Action::Pon | Action::Minkan);
                if calls {
                    assert!(st.drawable() >= 4, "牌牆將盡不得鳴牌");
                    assert!(p.declared == twmj_core::Declaration::None, "宣告聽牌後");
                    assert!(
                        matches!(o.kind, OfferKind::Discard { last: false, .. }),
                        "最後一張捨牌 / 搶槓"
                    );
                }
                if let OfferKind::Discard { tile, .. } = o.kind {
                    if matches!(a, Action::Chi(_)) {
                        assert_eq!(seat, (o.from + 1) % 4, "吃上家");
                    }
                    if a == Action::Minkan {
                        assert_ne!(seat, (o.from + 1) % 4, "明槓不對上家");
                    }
                    if matches!(a, Action::Pon | Action::Minkan) {
                        assert_ne!(p.last_discard, Some(tile), "打出吃入");
                    }
                    if a == Action::Pon {
                        assert_eq!(p.no_pon >> tile.index() & 1, 0, "過水碰");
                    }
                }
                if a == Action::Win {
                    assert!(!p.furiten.blocks_win(), "過水");
                }
            }
        }
        Phase::Over => panic!("no decision when the hand is over"),
    }
}

/// Plays one hand with [`pick`], checking the invariants after every step.
fn play(seed: u64, win_bias: usize) -> State {
    let mut st = State::from_seed(seed, &twmj_core::TAIWAN);
    let mut rng = SplitMix64::new(seed ^ 0x5EED);
    let mut steps = 0;
    loop {
        st.check_invariants()
            .unwrap_or_else(|e| panic!("seed {seed} step {steps}: {e}"));
        if st.is_over() {
            assert!(st.result().is_some());
            assert!(matches!(st.log().last(), Some(Event::End(_))));
            return st;
        }
        let pending = st.pending();
        assert_ne!(pending, 0, "seed {seed}: live state with nobody to decide");
        let seat = pending.trailing_zeros() as u8;
        let acts = legal_actions(&st, seat);
        assert!(
            !acts.is_empty(),
            "seed {seed} step {steps}: seat {seat} has no legal action"
        );
        oracle(&st, seat, &acts);
        // Without the table's situation: the taiwan rules.
        let snap = twmj_core::game::Snapshot {
            situation: None,
            ..twmj_core::game::Snapshot::of(&st, seat).expect("a decision point")
        };
        assert_eq!(snap.legal_actions().unwrap(), acts, "seed {seed}: snapshot");
        let mask = legal_mask(&st, seat);
        assert_eq!(mask.iter().filter(|&&b| b).count(), acts.len());
        for i in 0..ACTION_COUNT {
            let a = Action::from_index(i).unwrap();
            assert_eq!(mask[i], acts.contains(&a));
        }
        // Every seat that is not pending is refused.
        for other in (0..4u8).filter(|&o| pending >> o & 1 == 0) {
            assert!(legal_actions(&st, other).is_empty());
        }
        let a = greedy_pick(&st, seat, &acts, &mut rng, win_bias);
        let before = *st.phase();
        let log_len = st.log().len();
        st.apply(seat, a).unwrap();
        if let Phase::Offer(o) = before {
            if !matches!(st.phase(), Phase::Offer(n) if n.from == o.from && n.kind == o.kind) {
                // The offer was arbitrated: a pending 胡 means no lower claim took the tile.
                let mut responses = o.responses;
                responses[seat as usize] = Some(a);
                if responses.contains(&Some(Action::Win)) {
                    assert!(
                        !st.log()[log_len..]
                            .iter()
                            .any(|e| matches!(e, Event::Claim { .. })),
                        "seed {seed}: a claim took a tile a 胡 was claiming"
                    );
                    assert!(st.is_over());
                }
            }
        }
        steps += 1;
        assert!(steps < 2000, "seed {seed}: the hand does not end");
    }
}

#[test]
fn random_games_keep_the_invariants() {
    let mut draws = 0;
    let mut kinds = std::collections::BTreeMap::new();
    let mut claims = std::collections::BTreeMap::new();
    for seed in 0..3000u64 {
        let st = play(seed, (seed % 9) as usize);
        let r = st.result().unwrap();
        if r.is_draw() {
            draws += 1;
        }
        for w in &r.wins {
            *kinds.entry(w.kind.key()).or_insert(0) += 1;
        }
        *kinds
            .entry(
                ["no win", "one winner", "two winners?", "three winners"][r.winners().len().min(3)],
            )
            .or_insert(0) += 1;
        for e in st.log() {
            if let Event::Act { action, .. } | Event::Claim { action, .. } = e {
                let name = action.name();
                let key = name.split(' ').next().unwrap_or("").to_owned();
                *claims.entry(key).or_insert(0) += 1;
            }
        }
    }
    eprintln!("{draws} draws; wins {kinds:?}; actions {claims:?}");
    assert!(
        kinds.get("self_draw").copied().unwrap_or(0) > 50,
        "{kinds:?}"
    );
    assert!(kinds.get("discard").copied().unwrap_or(0) > 50, "{kinds:?}");
    assert!(draws > 100);
}

#[test]
fn same_seed_same_game_and_replay() {
    for seed in 0..300u64 {
        let a = play(seed, 6);
        let b = play(seed, 6);
        assert_eq!(a.log(), b.log(), "seed {seed}");
        let r = replay(a.log()).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(r.log(), a.log());
        assert_eq!(r.result(), a.result());
    }
}

#[test]
fn replay_names_the_first_illegal_event() {
    let st = play(11, 6);
    let mut log = st.log().to_vec();
    // Replace the first player action with one that is not legal there.
    let i = log
        .iter()
        .position(|e| matches!(e, Event::Act { .. }))
        .unwrap();
    let Event::Act { seat, .. } = log[i] else {
        unreachable!()
    };
    log[i] = Event::Act {
        seat,
        action: Action::Pon,
    };
    // Issue 31 item 12: a record error of the line (event i is line i + 1 of the written
    // record), its field `record[i].action`, the rule in the message.
    // It keeps the fine code of what was wrong (illegal_action) as a record error's kind.
    let e = replay(&log).unwrap_err();
    assert_eq!(
        (e.code(), e.kind()),
        ("illegal_action", "record_error"),
        "{e}"
    );
    assert_eq!(e.line(), Some(i + 1), "{e}");
    assert_eq!(e.field(), Some(format!("record[{i}].action")), "{e}");
    assert!(e.to_string().contains("illegal ("), "{e}");
    // A tampered engine event is named too, quoted as the record writes it.
    let mut log = st.log().to_vec();
    let j = log
        .iter()
        .position(|e| matches!(e, Event::Draw { .. }))
        .unwrap();
    log[j] = Event::End(Box::new(st.result().unwrap().clone()));
    let e = replay(&log).unwrap_err();
    assert_eq!(e.line(), Some(j + 1), "{e}");
    assert_eq!(e.field(), Some(format!("record[{j}]")), "{e}");
    let text = e.to_string();
    assert!(text.contains(r#"{"type":"draw","seat":"#), "{text}");
    assert!(
        !text.contains("Piece(") && !text.contains("Draw {"),
        "{text}"
    );
    // In a record's text with blank lines, the line is the text's own (blank ones counted).
    let mut lines: Vec<String> = write_log(&log).lines().map(str::to_owned).collect();
    lines.insert(1, String::new());
    lines.insert(1, "   ".to_owned());
    let e = twmj_core::game::replay_record(&lines.join("\n")).unwrap_err();
    assert_eq!(e.line(), Some(j + 3), "{e}");
    assert_eq!(e.field(), Some(format!("record[{}]", j + 2)), "{e}");
}

#[test]
fn a_whole_match_of_random_hands() {
    use twmj_core::game::{Match, MAX_STREAK};
    let mut m = Match::new(3, 0, &twmj_core::TAIWAN);
    let mut rng = SplitMix64::new(3);
    let mut hands = 0;
    while !m.over {
        let (dealer, streak) = (m.dealer, m.streak);
        let mut st = State::from_deal(m.deal(), &twmj_core::TAIWAN).unwrap();
        assert_eq!(st.dealer(), dealer);
        if hands > 0 {
            // From the second hand on, the dice pick the wall that opens.
            let sum: u8 = st.dice().iter().sum();
            assert_eq!(st.east(), (dealer + sum + 3) % 4);
        }
        while !st.is_over() {
            let seat = st.pending().trailing_zeros() as u8;
            let acts = legal_actions(&st, seat);
            st.apply(seat, greedy_pick(&st, seat, &acts, &mut rng, 8))
                .unwrap();
        }
        let r = st.result().unwrap().clone();
        let keeps = r.is_draw() || r.winners().contains(&dealer);
        m.finish(&r);
        if keeps && streak < MAX_STREAK {
            assert_eq!((m.dealer, m.streak), (dealer, streak + 1));
        } else {
            assert_eq!((m.dealer, m.streak), ((dealer + 1) % 4, 0));
        }
        hands += 1;
        assert!(hands < 2000);
    }
    assert!(hands >= 16);
    assert_eq!(m.round_wind, 4);
}

#[test]
fn streak_is_capped_at_eighteen() {
    // 000 連莊: 連 18 次的那一局照常打，打完即使符合連莊條件也要下莊
    use twmj_core::game::{HandResult, Match};
    let mut m = Match::new(1, 2, &twmj_core::TAIWAN);
    let draw = HandResult {
        dealer: 2,
        east: 2,
        wins: Vec::new(),
        draw: Some(twmj_core::game::DrawReason::Wall),
        false_win: None,
        fees: Vec::new(),
        ankan_fees: Vec::new(),
    };
    for n in 1..=18 {
        m.finish(&draw);
        assert_eq!((m.dealer, m.streak), (2, n));
    }
    m.finish(&draw);
    assert_eq!((m.dealer, m.streak, m.round_wind), (3, 0, 0));
}

#[test]
fn tampered_logs_and_random_actions_never_panic() {
    let mut rng = SplitMix64::new(99);
    for seed in 0..200u64 {
        let st = play(seed, 4);
        let mut log = st.log().to_vec();
        // Change a few player actions to arbitrary ones: replay answers Ok or a named error.
        for _ in 0..3 {
            let i = 1 + rng.below(log.len() - 1);
            if let Event::Act { seat, .. } = log[i] {
                let action = Action::from_index(rng.below(ACTION_COUNT)).unwrap();
                log[i] = Event::Act {
                    seat: (seat + rng.below(2) as u8) % 5,
                    action,
                };
            }
        }
        // Every refusal is a record error naming a line of the record (issue 31 item 12).
        if let Err(e) = replay(&log) {
            assert!(matches!(e, twmj_core::Error::Record { .. }), "{e}");
            assert!(
                e.line().is_some_and(|l| (2..=log.len()).contains(&l)),
                "{e}"
            );
        }
        // Arbitrary (seat, action) pairs against a live state are refused or applied cleanly.
        let mut live = State::from_seed(seed, &twmj_core::TAIWAN);
        for _ in 0..300 {
            if live.is_over() {
                break;
            }
            let (seat, action) = if rng.below(2) == 0 {
                let s = live.pending().trailing_zeros() as u8;
                let acts = legal_actions(&live, s);
                (s, acts[rng.below(acts.len())])
            } else {
                let a = Action::from_index(rng.below(ACTION_COUNT)).unwrap();
                (rng.below(6) as u8, a)
            };
            let legal = twmj_core::game::is_legal(&live, seat, action);
            assert_eq!(live.apply(seat, action).is_ok(), legal);
            live.check_invariants().unwrap();
        }
    }
}

#[test]
fn json_lines_round_trip_and_replay() {
    use twmj_core::game::{read_log, to_json, write_log};
    for seed in 0..300u64 {
        let st = play(seed, 7);
        let text = write_log(st.log());
        assert_eq!(text.lines().count(), st.log().len());
        let back = read_log(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(back, st.log(), "seed {seed}");
        assert_eq!(replay(&back).unwrap().result(), st.result());
    }
    let st = play(4, 7);
    let line = to_json(&st.log()[1]);
    assert!(line.starts_with("{\"type\":"), "{line}");
    let err = read_log("{\"type\":\"act\",\"seat\":9,\"action\":\"pon\"}").unwrap_err();
    assert!(err.to_string().starts_with("line 1:"), "{err}");
    assert!(read_log("{\"type\":\"act\",\"seat\":1,\"action\":\"fly\"}").is_err());
    assert!(read_log("[1,2").is_err());
}

#[test]
fn a_record_may_start_from_a_seed_and_a_seat_sees_only_its_share() {
    use twmj_core::game::{read_log, to_json_seen, write_log};
    let st = play(21, 7);
    let mut text = write_log(st.log());
    let first = text.find('\n').unwrap();
    text.replace_range(
        ..first,
        r#"{"type":"seed","seed":21,"dealer":0,"door_from_dice":false}"#,
    );
    let back = read_log(&text).unwrap();
    assert_eq!(replay(&back).unwrap().log(), st.log());
    for seat in 0..4u8 {
        for e in st.log() {
            let line = to_json_seen(e, seat);
            match e {
                Event::Draw { seat: s, piece, .. } if *s != seat && piece.flower().is_none() => {
                    assert!(line.contains(r#""tile":"?""#), "{line}");
                }
                Event::Deal(_) => assert_eq!(line.matches("????????????????").count(), 3, "{line}"),
                _ => {}
            }
        }
    }
}
