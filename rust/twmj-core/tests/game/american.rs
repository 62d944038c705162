//! The american preset in play (002): 換三張, 起胡, the first turn after the exchange, and
//! invariants over random hands. Seat 0 deals; seat s + 1 is the 下家 of seat s.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::counts;
use crate::common::game::{act, pass_all, pieces, refuse, round_trip, t, tsumogiri, turn};

use twmj_core::game::legality::rule;
use twmj_core::game::{
    is_legal, legal_actions, read_log, replay, settle_hand, write_log, Action, ChiPos, Deal, Event,
    FirstTurn, Phase, SplitMix64, State, Table, WinKind, ACTION_COUNT,
};
use twmj_core::scoring::{ExchangeDirection, Variant};
use twmj_core::tile::Counts;

/// No 骰規台 shape in any of these (002 骰規台): 1 is red, so never 全黑; not 全紅, 豹子 or 順子.
/// Totals 7, 8, 9: modulo 3 gives 1 → 下家, 2 → 對家, 0 → 上家 (README 換三張 direction).
const DICE_NEXT: [u8; 3] = [1, 2, 4];
const DICE_ACROSS: [u8; 3] = [1, 2, 5];
const DICE_PREVIOUS: [u8; 3] = [1, 2, 6];

/// A deal whose hands are `finals` after one 換三張 round in which seat s passes `passes[s]`
/// to seat s + `offset`: the dealt hands are the finals minus what each seat receives plus
/// what it passes.
fn deal(
    finals: [&str; 4],
    passes: [&str; 4],
    offset: usize,
    dice: [u8; 3],
    live: &str,
    dead: &str,
) -> Deal {
    let mut dealt: [String; 4] = Default::default();
    for s in 0..4 {
        let mut c = counts(finals[s]);
        let giver = (s + 4 - offset) % 4;
        for (x, g) in c.iter_mut().zip(counts(passes[giver])) {
            *x = x
                .checked_sub(g)
                .expect("a final hand holds what it receives");
        }
        for (x, p) in c.iter_mut().zip(counts(passes[s])) {
            *x += p;
        }
        dealt[s] = twmj_core::notation::format(&c, 0);
    }
    let mut d = Deal::scripted(0, [&dealt[0], &dealt[1], &dealt[2], &dealt[3]], live, dead)
        .unwrap_or_else(|e| panic!("{e}"))
        .completed();
    d.dice = dice;
    d
}

/// Every seat passes the tiles of `passes` (one `pass3` per tile).
fn exchange(st: &mut State, passes: [&str; 4]) {
    for (s, p) in passes.iter().enumerate() {
        for x in pieces(p) {
            act(st, s as u8, Action::Pass3(x.tile().unwrap()));
        }
    }
}

// Example 四 (002 計算範例): seat 1 holds a 平胡 hand (a 吃 out, no flowers, 兩面 78s).
const FINALS: [&str; 4] = [
    "6p9s 1m4m8m 1p4p 1s5s 1z2z2z3z4z5z6z7z",
    "7p8p 234m567m 234s 99p 78s 1z",
    "9s 2m6m9m 3p5p9p 1s5s 1z2z3z4z5z6z7z",
    "1m3m5m8m9m 2p7p 1s2s3s6s 3z4z5z6z7z",
];
const PASSES: [&str; 4] = ["7p8p1z", "3p5p9p", "2p7p3s", "1p4p1s"];
const LIVE: &str = "3z4z5z6z7z 2m3m4m";
const DEAD: &str = "6m7m8m";

fn example_four() -> State {
    let d = deal(FINALS, PASSES, 1, DICE_NEXT, LIVE, DEAD);
    let mut st = State::from_deal(d, &Variant::american()).unwrap();
    exchange(&mut st, PASSES);
    act(&mut st, 0, Action::ExchangeDone);
    // The dealer discards 6p; seat 1 吃 it (7p8p) and discards 1z.
    act(&mut st, 0, Action::Discard(t("6p")));
    act(&mut st, 1, Action::Chi(ChiPos::Low));
    pass_all(&mut st);
    assert_eq!(turn(&st), 1);
    act(&mut st, 1, Action::Discard(t("1z")));
    pass_all(&mut st);
    st
}

#[test]
fn exchange_moves_three_tiles_in_the_dice_direction() {
    // README 換三張 direction: dice total mod 3, 1 → 下家, 2 → 對家, 0 → 上家; 002 一局開始的順序 5.
    for (dice, offset) in [(DICE_NEXT, 1), (DICE_ACROSS, 2), (DICE_PREVIOUS, 3)] {
        let d = deal(FINALS, PASSES, 1, dice, LIVE, DEAD);
        let mut st = State::from_deal(d, &Variant::american()).unwrap();
        assert!(matches!(st.phase(), Phase::Exchange(_)));
        assert_eq!(st.pending(), 0b1111, "every seat picks");
        let before: Vec<Counts> = (0..4).map(|s| st.player(s).concealed).collect();
        exchange(&mut st, PASSES);
        for s in 0..4 {
            let giver = (s + 4 - offset) % 4;
            let mut want = before[s];
            for (x, p) in want.iter_mut().zip(counts(PASSES[s])) {
                *x -= p;
            }
            for (x, g) in want.iter_mut().zip(counts(PASSES[giver])) {
                *x += g;
            }
            assert_eq!(st.player(s as u8).concealed, want, "dice {dice:?} seat {s}");
        }
        let Some(Event::Exchange {
            round: 1,
            offset: o,
            ..
        }) = st.log().last()
        else {
            panic!("no exchange event: {:?}", st.log().last());
        };
        assert_eq!(usize::from(*o), offset);
        st.check_invariants().unwrap();
    }
}

#[test]
fn exchange_direction_setting_overrides_the_dice() {
    // README: exchange_direction next/across/previous ignores the dice.
    let v = Variant::american()
        .with_overrides(&[(
            "exchange_direction",
            twmj_core::scoring::Value::Text("across".into()),
        )])
        .unwrap();
    assert_eq!(v.exchange, ExchangeDirection::Across);
    let d = deal(FINALS, PASSES, 1, DICE_NEXT, LIVE, DEAD);
    let mut st = State::from_deal(d, &v).unwrap();
    let before: Vec<Counts> = (0..4).map(|s| st.player(s).concealed).collect();
    exchange(&mut st, PASSES);
    for s in 0..4 {
        let mut want = before[s];
        for (x, p) in want.iter_mut().zip(counts(PASSES[s])) {
            *x -= p;
        }
        for (x, g) in want.iter_mut().zip(counts(PASSES[(s + 2) % 4])) {
            *x += g;
        }
        assert_eq!(st.player(s as u8).concealed, want, "seat {s}");
    }
    round_trip(&st);
}

#[test]
fn first_exchange_is_compulsory_and_any_three_tiles_may_go() {
    // 002 一局開始的順序 5: the first 換三張 must happen; README: any 3 tiles may be passed.
    let d = deal(FINALS, PASSES, 1, DICE_NEXT, LIVE, DEAD);
    let mut st = State::from_deal(d, &Variant::american()).unwrap();
    refuse(&st, 0, Action::Discard(t("6p")), rule::EXCHANGE);
    refuse(&st, 0, Action::ExchangeDone, rule::EXCHANGE);
    refuse(&st, 1, Action::Pass3(t("1m")), rule::EXCHANGE);
    // Seat 1 was dealt one 3p and three 9p: two 9p may go; a second 3p may not.
    act(&mut st, 1, Action::Pass3(t("9p")));
    act(&mut st, 1, Action::Pass3(t("3p")));
    assert!(!is_legal(&st, 1, Action::Pass3(t("3p"))));
    refuse(&st, 1, Action::Pass3(t("3p")), rule::EXCHANGE);
    act(&mut st, 1, Action::Pass3(t("9p")));
    assert!(legal_actions(&st, 1).is_empty(), "three picks and no more");
    assert_eq!(st.pending(), 0b1101);
}

#[test]
fn dealer_chooses_a_second_round_and_there_is_no_third() {
    // 002 一局開始的順序 6–7.
    let d = deal(FINALS, PASSES, 1, DICE_NEXT, LIVE, DEAD);
    let mut st = State::from_deal(d, &Variant::american()).unwrap();
    exchange(&mut st, PASSES);
    assert_eq!(st.pending(), 0b0001, "only the dealer decides");
    assert_eq!(
        legal_actions(&st, 0),
        vec![Action::ExchangeAgain, Action::ExchangeDone]
    );
    assert!(legal_actions(&st, 1).is_empty());
    act(&mut st, 0, Action::ExchangeAgain);
    // Second round: pass the same tiles on again.
    let second = ["1p4p1s", "7p8p1z", "3p5p9p", "2p7p3s"];
    exchange(&mut st, second);
    assert!(
        matches!(st.log().last(), Some(Event::Exchange { round: 2, .. })),
        "{:?}",
        st.log().last()
    );
    // Play starts at once: the dealer's turn, no third round.
    assert_eq!(turn(&st), 0);
    assert!(!is_legal(&st, 0, Action::ExchangeAgain));
    st.check_invariants().unwrap();
    round_trip(&st);
}

#[test]
fn example_four_a_two_tai_win_from_a_non_dealer_is_blocked_and_is_furiten() {
    // 002 計算範例 四 and 過水: 平胡 2 from a 閒家 is under 3 — no win, and 過水 at once.
    let mut st = example_four();
    // Seat 2 draws and discards 9s, seat 1's winning tile.
    assert_eq!(turn(&st), 2);
    act(&mut st, 2, Action::Discard(t("9s")));
    assert!(!is_legal(&st, 1, Action::Win));
    pass_all(&mut st);
    assert!(st.player(1).furiten, "a blocked win is 過水");
    // Seat 3 and the dealer let their draws go; the dealer then discards 9s: still 過水
    // (only seat 1's own discard releases it).
    tsumogiri(&mut st);
    assert_eq!(turn(&st), 0);
    act(&mut st, 0, Action::Discard(t("9s")));
    assert!(!is_legal(&st, 1, Action::Win));
    round_trip(&st);
}

#[test]
fn example_four_the_same_hand_wins_on_the_dealers_discard() {
    // 002 計算範例 四: from the 莊家, 平胡 2 + 莊家 1 = 3: a win; the dealer pays 3 + 3 = 6.
    let mut st = example_four();
    tsumogiri(&mut st); // seat 2
    tsumogiri(&mut st); // seat 3
    assert_eq!(turn(&st), 0);
    act(&mut st, 0, Action::Discard(t("9s")));
    assert!(is_legal(&st, 1, Action::Win), "{:?}", legal_actions(&st, 1));
    act(&mut st, 1, Action::Win);
    let r = st.result().unwrap().clone();
    assert_eq!(r.wins.len(), 1);
    assert_eq!(r.wins[0].kind, WinKind::Discard { from: 0 });
    let table = Table {
        streak: 0,
        round_wind: 0,
        dice: st.dice(),
    };
    let (bills, s) = settle_hand(&r, &table, &Variant::american()).unwrap();
    assert_eq!(bills[0].total_tai, 2, "{:?}", bills[0].items);
    assert_eq!(s.net_tai, [-6, 6, 0, 0]);
    round_trip(&st);
}

#[test]
fn taiwan_has_no_threshold_for_the_same_hand() {
    // 000 has no 起胡: the blocked win of example 四 is a win in the taiwan preset.
    let d = deal(FINALS, PASSES, 1, DICE_NEXT, LIVE, DEAD);
    let mut st = State::from_deal(d, &twmj_core::TAIWAN).unwrap();
    assert!(matches!(st.phase(), Phase::Turn(_)), "no 換三張 in taiwan");
    assert!(!st.log().iter().any(|e| matches!(e, Event::Rules(_))));
    let _ = &mut st;
}

#[test]
fn heaven_after_the_exchange_counts_when_play_starts() {
    // 002 天胡、地胡、人胡: complete only after 換三張 → 天胡 on the dealer's first action.
    let finals = [
        "123m456m789m 123p 456p 11z",
        "7p8p 234m567m 234s 99p 78s 1z",
        "9s 2m6m9m 3p5p9p 1s5s 1z2z3z4z5z6z7z",
        "1m3m5m8m9m 2p7p 1s2s3s6s 3z4z5z6z7z",
    ];
    let passes = ["7p8p1z", "3p5p9p", "2p7p3s", "1p2p3p"];
    let d = deal(finals, passes, 1, DICE_NEXT, LIVE, DEAD);
    let mut st = State::from_deal(d, &Variant::american()).unwrap();
    assert!(
        matches!(st.phase(), Phase::Exchange(_)),
        "not complete at the deal: no opening 天胡"
    );
    exchange(&mut st, passes);
    act(&mut st, 0, Action::ExchangeDone);
    assert!(is_legal(&st, 0, Action::Win));
    act(&mut st, 0, Action::Win);
    let r = st.result().unwrap();
    assert_eq!(r.wins[0].first_turn, Some(FirstTurn::Heaven));
    round_trip(&st);
}

#[test]
fn the_first_discard_after_the_exchange_is_the_first_of_the_hand() {
    // 002 一局開始的順序 9: passed tiles are not discards; MIGI counts from after the exchange.
    let st = example_four();
    assert_eq!(st.discards_total(), 2);
    assert!(st.player(2).discards.is_empty());
}

#[test]
fn action_space_is_the_taiwan_space_plus_the_exchange() {
    assert_eq!(ACTION_COUNT, 186);
    assert_eq!(Action::Pass3(t("1m")).index(), 145);
    assert_eq!(Action::ExchangeAgain.index(), 179);
    assert_eq!(Action::ExchangeDone.index(), 180);
    assert_eq!(Action::parse("pass3 5p"), Some(Action::Pass3(t("5p"))));
    assert_eq!(
        Action::parse("no second exchange"),
        Some(Action::ExchangeDone)
    );
}

/// A random american hand, checking the invariants after every step.
fn play(seed: u64) -> State {
    let v = Variant::american();
    let mut st = State::from_seed(seed, &v);
    let mut rng = SplitMix64::new(seed ^ 0xA3E1);
    let mut steps = 0;
    loop {
        st.check_invariants()
            .unwrap_or_else(|e| panic!("seed {seed} step {steps}: {e}"));
        if st.is_over() {
            return st;
        }
        let pending = st.pending();
        assert_ne!(pending, 0, "seed {seed}: live state with nobody to decide");
        let seat = pending.trailing_zeros() as u8;
        let acts = legal_actions(&st, seat);
        assert!(
            !acts.is_empty(),
            "seed {seed} step {steps}: no legal action"
        );
        let a = crate::common::game::greedy_pick(&st, seat, &acts, &mut rng, 6);
        st.apply(seat, a)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        steps += 1;
        assert!(steps < 2000, "seed {seed}: does not end");
    }
}

#[test]
fn random_american_hands_keep_the_invariants_and_replay() {
    // 144 tiles conserved, a legal action at every decision, replay reproduces (PRODUCT.md
    // Game flow); every win reaches 起胡 (002 起胡台數).
    let v = Variant::american();
    let (mut exchanged, mut wins, mut second) = (0, 0, 0);
    for seed in 0..1200u64 {
        let st = play(seed);
        let log = st.log();
        assert!(matches!(log.get(1), Some(Event::Rules(_))));
        let rounds = log
            .iter()
            .filter(|e| matches!(e, Event::Exchange { .. }))
            .count();
        exchanged += usize::from(rounds > 0);
        second += usize::from(rounds == 2);
        let text = write_log(log);
        let back = read_log(&text).unwrap();
        assert_eq!(back, log, "seed {seed}");
        let again = replay(&back).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(again.log(), log, "seed {seed}");
        let r = st.result().unwrap();
        let table = Table {
            streak: 0,
            round_wind: 0,
            dice: st.dice(),
        };
        let (bills, _) = settle_hand(r, &table, &v).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        for (w, b) in r.wins.iter().zip(&bills) {
            wins += 1;
            assert!(b.reaches(v.min_tai), "seed {seed}: {w:?} {}", b.total_tai);
        }
    }
    assert!(exchanged > 1100, "{exchanged}");
    assert!(second > 100, "{second}");
    assert!(wins > 100, "{wins}");
}

/// Example 四's table with `live` first in the wall, and seat 1 dealt 夏 (2f, its 正花 as 南)
/// in place of a 3p that comes back as its opening flower replacement when `flower`.
fn example_table(live: &str, flower: bool) -> State {
    let mut d = deal(FINALS, PASSES, 1, DICE_NEXT, live, DEAD);
    if flower {
        let f = pieces("2f")[0];
        let x = pieces("3p")[0];
        d.live.retain(|&p| p != f);
        let i = d.hands[1].iter().position(|&p| p == x).unwrap();
        d.hands[1][i] = f;
        d.dead.insert(0, x);
    }
    let mut st = State::from_deal(d, &Variant::american()).unwrap();
    exchange(&mut st, PASSES);
    act(&mut st, 0, Action::ExchangeDone);
    act(&mut st, 0, Action::Discard(t("6p")));
    act(&mut st, 1, Action::Chi(ChiPos::Low));
    pass_all(&mut st);
    act(&mut st, 1, Action::Discard(t("1z")));
    pass_all(&mut st);
    // Seats 2, 3 and 0 let their draws (3z 4z 5z) go; seat 1 draws 9s, its winning tile.
    for _ in 0..3 {
        tsumogiri(&mut st);
    }
    assert_eq!(turn(&st), 1);
    st
}

#[test]
fn a_self_draw_under_the_threshold_is_no_win_and_furiten_after_the_discard() {
    // 002 過水: 自摸 1 with a 吃 out, no flowers: 1 + 莊家 1 = 2 for the dealer's line, under 3.
    // Blocked; 自己摸到的，打出一張之後就在過水中 (that discard does not release it).
    let mut st = example_table("3z4z5z9s", false);
    refuse(&st, 1, Action::Win, rule::MIN_TAI);
    act(&mut st, 1, Action::Discard(t("9s")));
    assert!(st.player(1).furiten);
    pass_all(&mut st);
    round_trip(&st);
}

#[test]
fn example_six_the_dealers_share_reaches_the_threshold() {
    // 002 計算範例 六: 閒家 with a 吃 out self-draws, 自摸 1 + 正花 1 = 2; the dealer's line
    // has 莊家 1 more = 3, so the win stands. Dealer pays 6, the others 5 each: +16.
    let mut st = example_table("3z4z5z9s", true);
    assert_eq!(st.player(1).flowers, 0b10);
    assert!(is_legal(&st, 1, Action::Win), "{:?}", legal_actions(&st, 1));
    act(&mut st, 1, Action::Win);
    let r = st.result().unwrap().clone();
    let table = Table {
        streak: 0,
        round_wind: 0,
        dice: st.dice(),
    };
    let (bills, s) = settle_hand(&r, &table, &Variant::american()).unwrap();
    assert_eq!(bills[0].total_tai, 2, "{:?}", bills[0].items);
    assert_eq!(s.net_tai, [-6, 16, -5, -5]);
    round_trip(&st);
}

#[test]
fn several_winners_seats_under_the_threshold_drop_first() {
    // 002 多家同時胡: 「能胡」要台數夠 — the dealer's 9m completes three hands; seat 1 has
    // 門清 1 + 莊家 1 = 2 (under 3, 過水), seats 2 and 3 have 門清 1 + 三元 1 + 莊家 1 = 3.
    // Two able winners: 攔胡, the first from the discarder (seat 2). Under taiwan: 一砲三響.
    let finals = [
        "9m 1z1z2z2z3z3z4z4z5z 1m9s8p2p6s4s9p",
        "123p456p789p 123s 55s 78m",
        "777z 234s678s 345p 11p 78m",
        "666z 456m 567p 789s 33m 78m",
    ];
    let passes = ["1p2p3p", "3p4p5p", "5p6p7p", "1z2z3z"];
    let play = |variant: &Variant| {
        // Taiwan has no 換三張: its deal is the hands as they stand after it.
        let exchanged = if variant.preset == "american" {
            passes
        } else {
            [""; 4]
        };
        let d = deal(finals, exchanged, 1, DICE_NEXT, "2m3s4s1s", DEAD);
        let mut st = State::from_deal(d, variant).unwrap();
        if matches!(st.phase(), Phase::Exchange(_)) {
            exchange(&mut st, passes);
            act(&mut st, 0, Action::ExchangeDone);
        }
        act(&mut st, 0, Action::Discard(t("5z")));
        pass_all(&mut st);
        for _ in 0..3 {
            tsumogiri(&mut st);
        }
        act(&mut st, 0, Action::Discard(t("9m")));
        st
    };
    let mut st = play(&Variant::american());
    assert!(!is_legal(&st, 1, Action::Win));
    assert!(
        st.player(1).furiten,
        "the seat under the threshold is in 過水"
    );
    act(&mut st, 2, Action::Win);
    act(&mut st, 3, Action::Win);
    // Seat 1 may still 吃 the 9m (78m); it lets it go.
    act(&mut st, 1, Action::Pass);
    let r = st.result().unwrap();
    assert_eq!(r.winners(), vec![2]);
    round_trip(&st);

    let mut tw = play(&Variant::taiwan());
    for s in 1..4 {
        act(&mut tw, s, Action::Win);
    }
    assert_eq!(tw.result().unwrap().winners(), vec![1, 2, 3]);
}

#[test]
fn self_play_under_the_american_preset() {
    // simulate plays the variant it is given: every hand passes through 換三張 and every 筆
    // is worth at least 3 tai on some line, so never 0 tai (002 起胡台數).
    let s = twmj_core::game::simulate(300, 9, &Variant::american(), twmj_core::game::Bot::Random)
        .unwrap();
    assert_eq!(s.hands, 300);
    assert_eq!(s.tai[0], 0, "{:?}", s.tai);
    assert!(s.draws < 300);
}

#[test]
fn a_seat_sees_its_own_picks_only() {
    // PRODUCT.md Game flow: a per-seat view hides what the seat cannot see.
    let d = deal(FINALS, PASSES, 1, DICE_NEXT, LIVE, DEAD);
    let mut st = State::from_deal(d, &Variant::american()).unwrap();
    act(&mut st, 1, Action::Pass3(t("3p")));
    act(&mut st, 2, Action::Pass3(t("2p")));
    let v = st.view(1);
    let (round, picked, deciding) = v.exchange.unwrap();
    assert_eq!((round, deciding), (1, false));
    assert_eq!(picked, counts("3p"));
    let seen = twmj_core::game::to_json_seen(&st.log()[st.log().len() - 1], 1);
    assert!(seen.contains("pass3 ?"), "{seen}");
    exchange(&mut st, ["7p8p1z", "5p9p", "7p3s", "1p4p1s"]);
    let line = twmj_core::game::to_json_seen(st.log().last().unwrap(), 1);
    // Seat 1 sees what it passed and what seat 0 passed to it, not seats 2 and 3.
    assert!(
        line.contains(r#""given":["78p1z","359p","???","???"]"#),
        "{line}"
    );
    assert!(st.view(0).exchange.unwrap().2, "the dealer is deciding");
}

#[test]
fn snapshot_with_the_table_agrees_with_the_game() {
    // A referee asking about one decision point (no log) must get the game's answer, 起胡
    // included (002 起胡台數): the snapshot carries the rules and the table around the seat.
    let checked = crate::common::game::snapshots_agree(&Variant::american(), 0..300, 17);
    assert!(checked > 10_000, "{checked} decisions checked");
}
