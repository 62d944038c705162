//! House rules as settings (issue 30 item 2), one test per rule kind, in play and in scoring:
//! the 平胡 wait policy, the flower-win payment (底, 莊家台, the flowers on the later win, one
//! combined payment), an opening flower win against 天胡, 豹子 doubling the money, 過水 and an
//! 暗槓, and the end of the no-自摸 after a 明槓. Each default is the preset's text (cited); the
//! override is the house rule issue 30 quotes from the tables that play it. Scripted deals:
//! seat 0 deals, dice 1 1 1 (a 豹子); seat s + 1 is the 下家 of seat s.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::game::{
    act, discard, drawn, hands, refuse, round_trip, t, table, tsumogiri, turn,
};
use crate::common::{try_win, win};
use crate::{eighth_flower_drawn, eighth_flower_shown_by_seat_2};
use twmj_core::game::legality::rule;
use twmj_core::game::{Action, Deal, FirstTurn, Match, Snapshot, State, WinKind};
use twmj_core::scoring::{settle, Context, Value, Variant, Wind};

/// taiwan (000) with `pairs` on top.
fn taiwan_with(pairs: &[(&str, Value)]) -> Variant {
    Variant::taiwan()
        .with_overrides(pairs)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn on(key: &str, b: bool) -> (&str, Value) {
    (key, Value::Bool(b))
}

fn keys(s: &twmj_core::scoring::Score) -> Vec<(&'static str, u32)> {
    s.items.iter().map(|i| (i.key, i.tai)).collect()
}

/// A win scored with no 正花 and no 花槓 (`flower_win.flowers_on_win` off).
fn assert_no_flower_items(s: &twmj_core::scoring::Score) {
    let items = keys(s);
    assert!(
        !items
            .iter()
            .any(|(k, _)| *k == "seat_flower" || *k == "flower_kong"),
        "{items:?}"
    );
}

// ------------------------------------------------------------- 平胡 wait policy (ping_hu_wait)

fn discard_ctx() -> Context {
    let mut c = Context::new(1, WinKind::Discard { from: 2 });
    c.seat_wind = Wind::ALL[1];
    c
}

#[test]
fn ping_hu_on_a_single_or_edge_wait_is_a_house_rule() {
    // 000 平胡的認定: 胡的那張牌必須落在順子裡，而且那個搭子原本聽兩張 … 以該張作將眼，不算平胡;
    // 台數表 平胡: 邊張、嵌張不算. Issue 30: some tables count 平胡 on a 單吊 or 邊張 won by
    // discard (`ping_hu_wait = any`). A 吃 so the hand is not 門清 (門清不計平胡).
    let any = taiwan_with(&[("ping_hu_wait", Value::Text("any".into()))]);
    let chi = [("chi", "123s")];
    // 單吊 on 5p (2345p + 5p: 234p and the pair 55p; the hand also waited on 2p, so no 獨聽).
    let pair = ("123m456m789m2345p", &chi[..], "5p");
    let s = win(pair.0, pair.1, pair.2, &discard_ctx(), &Variant::taiwan());
    assert!(
        !keys(&s).iter().any(|(k, _)| *k == "ping_hu"),
        "{:?}",
        keys(&s)
    );
    let s = win(pair.0, pair.1, pair.2, &discard_ctx(), &any);
    assert_eq!(keys(&s), vec![("ping_hu", 2)]);
    // 邊張 on 3m (12m): 000 gives 獨聽 alone. The house rule makes it 平胡 too, and 000's note
    // between them (台數表 獨聽: 與平胡不並計, `exclude.single_wait`) still keeps 獨聽 alone; a
    // table that counts both clears that note.
    let edge = ("12m456m789m234p55p", &chi[..], "3m");
    let s = win(edge.0, edge.1, edge.2, &discard_ctx(), &Variant::taiwan());
    assert_eq!(keys(&s), vec![("single_wait", 1)]);
    let s = win(edge.0, edge.1, edge.2, &discard_ctx(), &any);
    assert_eq!(keys(&s), vec![("single_wait", 1)]);
    let both = any
        .with_overrides(&[("exclude.single_wait", Value::Text(String::new()))])
        .unwrap();
    let s = win(edge.0, edge.1, edge.2, &discard_ctx(), &both);
    assert_eq!(keys(&s), vec![("single_wait", 1), ("ping_hu", 2)]);
    let clear = taiwan_with(&[("exclude.single_wait", Value::Text(String::new()))]);
    let s = win(edge.0, edge.1, edge.2, &discard_ctx(), &clear);
    assert_eq!(keys(&s), vec![("single_wait", 1)]);
    // A self-draw is still no 平胡 (000 平胡的認定: 自摸不計平胡), whatever the wait.
    let mut tsumo = Context::new(1, WinKind::SelfDraw);
    tsumo.seat_wind = Wind::ALL[1];
    let s = try_win(pair.0, pair.1, pair.2, &tsumo, &any).unwrap();
    assert!(!keys(&s).iter().any(|(k, _)| *k == "ping_hu"));
}

// --------------------------------------------------------------- flower-win payment (flower_win.*)

/// Seat 1 dealt all eight flowers (000 開局花胡: 直接判定胡牌), dice 2 3 6 (no 豹子).
fn eight_flowers_at_seat_1(v: &Variant, dice: [u8; 3]) -> State {
    let h = hands(
        ["2m2m8s8s", "1f2f3f4f5f6f7f8f 4m6m", "", ""],
        "3m3p3s7m7p7s2p8p",
    );
    let mut deal = Deal::scripted(0, [&h[0], &h[1], &h[2], &h[3]], "", "3m3p3s7m7p7s2p8p").unwrap();
    deal.dice = dice;
    State::from_deal(deal.completed(), v).unwrap()
}

#[test]
fn a_flower_win_paid_as_eight_tai_without_base_or_dealer() {
    // 000 計分: 應付 ＝ 底 300 ＋ 台數 × 100; 花牌與花胡: 八仙過海 8 台，三家各付一份 (the dealer,
    // seat 0, adding 莊家 1): 1200, 1100, 1100.
    let st = eight_flowers_at_seat_1(&Variant::taiwan(), [2, 3, 6]);
    let net = st.settle(None, None, None).unwrap().settlement.net_money;
    assert_eq!(net, [-1200, 3400, -1100, -1100]);
    // Issue 30: paid as 8 × 每台 with no 底 and no 莊家台 (flower_win.base, flower_win.dealer).
    let house = taiwan_with(&[on("flower_win.base", false), on("flower_win.dealer", false)]);
    let st = eight_flowers_at_seat_1(&house, [2, 3, 6]);
    let settled = st.settle(None, None, None).unwrap();
    assert_eq!(settled.settlement.net_money, [-800, 2400, -800, -800]);
    assert_eq!(settled.bills[0].score.dealer_tai, 0);
    // Each alone: no 底 keeps the dealer's 莊家 1; no 莊家台 keeps the 底.
    let st = eight_flowers_at_seat_1(&taiwan_with(&[on("flower_win.base", false)]), [2, 3, 6]);
    let net = st.settle(None, None, None).unwrap().settlement.net_money;
    assert_eq!(net, [-900, 2500, -800, -800]);
    let st = eight_flowers_at_seat_1(&taiwan_with(&[on("flower_win.dealer", false)]), [2, 3, 6]);
    let net = st.settle(None, None, None).unwrap().settlement.net_money;
    assert_eq!(net, [-1100, 3300, -1100, -1100]);
}

/// 000 花牌與花胡's two 筆: seat 1 draws its 8th flower, then 5m from the replacement end wins.
fn eight_flowers_then_self_draw(v: &Variant) -> State {
    let mut st = eighth_flower_drawn(v);
    act(&mut st, 1, Action::Win);
    st
}

#[test]
fn the_flowers_on_the_later_win_and_one_combined_payment() {
    // 000 花牌與花胡: 已集滿 8 張花而自摸時，八仙過海一筆、自摸的牌面一筆，兩筆都是三家付（花以 8 張
    // 計）; 兩筆的莊家台各自計算.
    let st = eight_flowers_then_self_draw(&Variant::taiwan());
    let two = st.settle(None, None, None).unwrap();
    assert_eq!(two.bills.len(), 2);
    let second = keys(&two.bills[1].score);
    // Seat 1 sits 南: its 正花 are 2 and 6 (1 each), and both 花槓 (1 each).
    assert!(second.contains(&("seat_flower", 2)), "{second:?}");
    assert!(second.contains(&("flower_kong", 2)), "{second:?}");
    assert_eq!(two.settlement.lines.len(), 6);

    // Issue 30: no 正花/花槓 counted on the hand's later win (flower_win.flowers_on_win off).
    let bare = taiwan_with(&[on("flower_win.flowers_on_win", false)]);
    let st = eight_flowers_then_self_draw(&bare);
    let s = st.settle(None, None, None).unwrap();
    assert_no_flower_items(&s.bills[1].score);
    assert_eq!(s.bills[1].score.total_tai + 4, two.bills[1].score.total_tai);
    // The flower 筆 itself is unchanged.
    assert_eq!(keys(&s.bills[0].score), vec![("eight_immortals", 8)]);

    // Issue 30: the flower win and the normal win paid as one amount (flower_win.combined):
    // each payer pays one 底 and its 莊家台 once, the tai added, on one line.
    let one = taiwan_with(&[on("flower_win.combined", true)]);
    let st = eight_flowers_then_self_draw(&one);
    let s = st.settle(None, None, None).unwrap();
    assert_eq!(s.settlement.lines.len(), 3);
    assert!(s.settlement.lines.iter().all(|l| l.bill == 1));
    let hand = two.bills[0].score.total_tai + two.bills[1].score.total_tai;
    for l in &s.settlement.lines {
        let dealer = u32::from(l.payer == 0);
        assert_eq!((l.base_tai, l.hand_tai, l.dealer_tai), (3, hand, dealer));
    }
    // Against two 筆: three 底 and the dealer's second 莊家 1 fewer for the winner.
    assert_eq!(
        s.settlement.net_money[1],
        two.settlement.net_money[1] - 3 * 300 - 100
    );
    assert_eq!(s.settlement.net_money.iter().sum::<i64>(), 0);
}

#[test]
fn the_flowers_on_a_win_scored_alone() {
    // score() of a self-draw holding all eight flowers where 八仙過海 is a 筆 of its own: with
    // flower_win.flowers_on_win off its 正花 and 花槓 are not counted (issue 30); a discard win
    // has no flower 筆 (000: 胡別人的牌就沒有八仙那一筆), so they count.
    let bare = taiwan_with(&[on("flower_win.flowers_on_win", false)]);
    let mut c = Context::new(1, WinKind::SelfDraw);
    c.seat_wind = Wind::ALL[1];
    c.flowers = 0xFF;
    let hand = ("4m6m1p2p3p4p5p6p7p8p9p2s3s4s5s5s", "5m");
    let with = keys(&win(hand.0, &[], hand.1, &c, &Variant::taiwan()));
    assert!(with.contains(&("flower_kong", 2)), "{with:?}");
    assert_no_flower_items(&win(hand.0, &[], hand.1, &c, &bare));
    let mut d = discard_ctx();
    d.flowers = 0xFF;
    let on_discard = keys(&win(hand.0, &[], hand.1, &d, &bare));
    assert!(on_discard.contains(&("flower_kong", 2)), "{on_discard:?}");
}

#[test]
fn a_flower_win_paid_on_the_spot_while_play_goes_on() {
    // Issue 30: flower wins 「當場收分，照常開始打牌」 (flower_win.play_on), where 000 花牌與花胡
    // ends the hand on them. 000 八仙過海 (8 台): 輪到自己的回合時可以宣告，三家各付一份; 計分:
    // 底 300 + 8 × 100, the dealer adding 莊家 1: 1200, 1100, 1100.
    let v = taiwan_with(&[on("flower_win.play_on", true)]);
    let mut st = eighth_flower_drawn(&v);
    assert_eq!((turn(&st), drawn(&st)), (1, t("5m")));
    assert_eq!(st.settle_paid().unwrap().settlement.net_money, [0; 4]);
    act(&mut st, 1, Action::EightFlowers);
    // Paid at once; the seat that completed the flowers goes on with its replacement.
    assert!(!st.is_over());
    assert_eq!((turn(&st), drawn(&st)), (1, t("5m")));
    assert_eq!(st.paid_flower_wins().len(), 1);
    let paid = st.settle_paid().unwrap();
    assert_eq!(paid.settlement.net_money, [-1200, 3400, -1100, -1100]);
    assert_eq!(keys(&paid.bills[0].score), vec![("eight_immortals", 8)]);
    // The same flowers are not paid twice.
    refuse(&st, 1, Action::EightFlowers, rule::FLOWER_WIN);
    // A seat's snapshot carries it (its situation's flower_paid): the same legal moves.
    let mut snap = Snapshot::of(&st, 1).unwrap();
    assert!(snap.situation.as_ref().unwrap().flower_paid);
    assert!(!snap
        .legal_actions()
        .unwrap()
        .contains(&Action::EightFlowers));
    snap.situation.as_mut().unwrap().flower_paid = false;
    assert!(snap
        .legal_actions()
        .unwrap()
        .contains(&Action::EightFlowers));
    // 000: 之後自摸時會一併算八仙那一筆 — here already paid, so the 自摸 is one more 筆 and the
    // hand's settlement holds both: the same money as 000's two 筆 settled at the end.
    act(&mut st, 1, Action::Win);
    let kinds: Vec<_> = st.result().unwrap().wins.iter().map(|w| w.kind).collect();
    assert_eq!(kinds, vec![WinKind::EightFlowers, WinKind::SelfDraw]);
    let all = st.settle(None, None, None).unwrap();
    assert_eq!(all.settlement.net_money.iter().sum::<i64>(), 0);
    let at_end = eighth_flower_drawn(&Variant::taiwan());
    let mut at_end = at_end;
    act(&mut at_end, 1, Action::Win);
    let two = at_end.settle(None, None, None).unwrap();
    assert_eq!(all.settlement.net_money, two.settlement.net_money);
    assert_eq!(all.bills[0].score.total_tai, paid.bills[0].score.total_tai);
    let later: Vec<i64> = (0..4)
        .map(|s| all.settlement.net_money[s] - paid.settlement.net_money[s])
        .collect();
    assert_eq!(later.iter().sum::<i64>(), 0);
    round_trip(&st);

    // With flower_win.flowers_on_win off the later 自摸 counts no 正花/花槓 (issue 30).
    let bare = taiwan_with(&[
        on("flower_win.play_on", true),
        on("flower_win.flowers_on_win", false),
    ]);
    let mut st = eighth_flower_drawn(&bare);
    act(&mut st, 1, Action::EightFlowers);
    act(&mut st, 1, Action::Win);
    let s = st.settle(None, None, None).unwrap();
    assert_no_flower_items(&s.bills[1].score);
    assert_eq!(s.bills[1].score.total_tai + 4, two.bills[1].score.total_tai);
    assert_eq!(s.settlement.net_money.iter().sum::<i64>(), 0);

    // flower_win.combined cannot fold a 筆 already paid: two 筆, as paid.
    let one = taiwan_with(&[
        on("flower_win.play_on", true),
        on("flower_win.combined", true),
    ]);
    let mut st = eighth_flower_drawn(&one);
    act(&mut st, 1, Action::EightFlowers);
    act(&mut st, 1, Action::Win);
    let s = st.settle(None, None, None).unwrap();
    assert_eq!(s.settlement.net_money, two.settlement.net_money);
}

#[test]
fn a_flower_win_paid_on_the_spot_does_not_keep_or_pass_the_deal() {
    // 000 連莊: a 閒家's win passes the deal, a draw keeps it. Under flower_win.play_on seat 1's
    // 八仙過海 is paid and the hand then runs out (流局): the dealer keeps the deal, and the
    // hand's settlement is the flower 筆 alone, as paid.
    let v = taiwan_with(&[on("flower_win.play_on", true)]);
    let mut st = eighth_flower_drawn(&v);
    act(&mut st, 1, Action::EightFlowers);
    let paid = st.settle_paid().unwrap().settlement.net_money;
    while !st.is_over() {
        tsumogiri(&mut st);
    }
    let r = st.result().unwrap();
    assert_eq!(r.wins.len(), 1);
    assert_eq!((r.wins[0].seat, r.wins[0].kind), (1, WinKind::EightFlowers));
    assert!(r.draw.is_some());
    assert!(st.paid_flower_wins().is_empty());
    assert_eq!(
        st.settle(None, None, None).unwrap().settlement.net_money,
        paid
    );
    assert!(Match::new(0, 0, &v).dealer_keeps(r));
    // Where the flower win ends the hand (000), seat 1 won it: the deal passes.
    let mut ended = eighth_flower_drawn(&Variant::taiwan());
    act(&mut ended, 1, Action::EightFlowers);
    assert!(ended.is_over());
    assert!(!Match::new(0, 0, &Variant::taiwan()).dealer_keeps(ended.result().unwrap()));
    round_trip(&st);
}

#[test]
fn a_hand_run_out_after_a_paid_flower_win_is_a_draw() {
    // Under flower_win.play_on (issue 30: 當場收分，照常開始打牌) a flower win is a side payment,
    // not the hand's win. 000 局的結束: 有人胡牌…或流局; seat 1's 八仙過海 is paid and then the wall
    // runs out, so the hand is a 流局: a draw for every count, and the dealer keeps the deal and
    // counts one more 連莊 (000 連莊: 流局莊家連莊; 001 流局: 若流局，則莊家繼續不變), while the
    // settlement still carries the flower 筆 (the money moved when it was paid).
    let v = taiwan_with(&[on("flower_win.play_on", true)]);
    let mut st = eighth_flower_drawn(&v);
    act(&mut st, 1, Action::EightFlowers);
    let paid = st.settle_paid().unwrap().settlement.net_money;
    assert_eq!(paid, [-1200, 3400, -1100, -1100]);
    while !st.is_over() {
        tsumogiri(&mut st);
    }
    let r = st.result().unwrap();
    assert!(r.is_draw());
    assert_eq!(r.ending_wins(&v).count(), 0);
    assert!(r.ending_winners(&v).is_empty());
    assert_eq!(r.winners(), vec![1]);
    assert!(r.pays());
    let settled = st.settle(None, None, None).unwrap();
    assert_eq!(settled.bills.len(), 1);
    assert_eq!(settled.settlement.net_money, paid);
    let mut m = Match::new(0, 0, &v);
    assert!(m.dealer_keeps(r));
    m.finish(r);
    assert_eq!((m.dealer, m.streak, m.hand), (0, 1, 2));
    // The game's answer (`Game.result()`, `/v1/...`): a draw with the paid 筆 in its wins.
    let view = twmj_core::game::report::ResultView::of(r);
    assert!(view.draw);
    assert_eq!(view.wins.len(), 1);
    // The environments' and the arena's net: the flower 筆 (a plain draw would pay 0).
    let tai = st.settle(None, None, None).unwrap().settlement.net_tai;
    assert_eq!(
        twmj_core::game::hand_reward(&st, twmj_core::game::Reward::Tai).unwrap(),
        tai
    );
    assert_eq!(twmj_core::game::settled(&st).unwrap(), (tai, paid));
    round_trip(&st);

    // The same 八仙過海 where the flower win ends the hand (000 花牌與花胡): a win, not a draw.
    let mut ended = eighth_flower_drawn(&Variant::taiwan());
    act(&mut ended, 1, Action::EightFlowers);
    let r = ended.result().unwrap();
    assert!(!r.is_draw());
    assert_eq!(r.ending_winners(&Variant::taiwan()), vec![1]);
}

#[test]
fn a_hand_won_after_a_paid_flower_win_is_a_win_with_both_payments() {
    // flower_win.play_on: seat 1's 八仙過海 paid on the spot, then its 自摸 ends the hand. The
    // 自摸 decides: a win of seat 1, a 閒家, so the deal passes (001 下莊: 若胡牌非莊家也非流局，
    // 則莊家換下家做), and the settlement holds both 筆: the flower 筆 as paid, then the 自摸.
    let v = taiwan_with(&[on("flower_win.play_on", true)]);
    let mut st = eighth_flower_drawn(&v);
    act(&mut st, 1, Action::EightFlowers);
    let paid = st.settle_paid().unwrap().settlement.net_money;
    act(&mut st, 1, Action::Win);
    let r = st.result().unwrap();
    assert!(!r.is_draw());
    let ends: Vec<_> = r.ending_wins(&v).map(|w| (w.seat, w.kind)).collect();
    assert_eq!(ends, vec![(1, WinKind::SelfDraw)]);
    assert_eq!(r.ending_winners(&v), vec![1]);
    let s = st.settle(None, None, None).unwrap();
    assert_eq!(s.bills.len(), 2);
    assert_eq!(keys(&s.bills[0].score), vec![("eight_immortals", 8)]);
    assert!(s.settlement.net_money[1] > paid[1]);
    assert_eq!(s.settlement.net_money.iter().sum::<i64>(), 0);
    let mut m = Match::new(0, 0, &v);
    assert!(!m.dealer_keeps(r));
    m.finish(r);
    assert_eq!((m.dealer, m.streak), (1, 0));
}

#[test]
fn self_play_counts_a_run_out_hand_after_a_paid_flower_win_as_a_draw() {
    // The simulator and the arena under flower_win.play_on, random bots. Seed 207 (simulate)
    // pays a 八仙過海 on the spot and runs out: one draw (流局), the 筆 counted by kind and tai,
    // no multi-winner hand. play_hand's seed 207 pays a 七搶一 and runs out: a draw nobody
    // won, its nets the flower 筆's. Seed 73485 pays a 七搶一 to seat 3, which later wins a
    // discard of seat 0: a win of seat 3, both 筆 in its nets. (Seeds found by scanning.)
    use twmj_core::game::{play_hand, simulate, Bot, Summary};
    let v = taiwan_with(&[on("flower_win.play_on", true)]);
    let sum = simulate(1, 207, &v, Bot::Random).unwrap();
    assert_eq!(
        (sum.hands, sum.draws, sum.draw_reasons[0], sum.multi_winner),
        (1, 1, 1, 0)
    );
    let eight = Summary::KINDS
        .iter()
        .position(|&k| k == "eight_flowers")
        .unwrap();
    assert_eq!(sum.by_kind.iter().sum::<u32>(), 1);
    assert_eq!(sum.by_kind[eight], 1);
    assert_eq!(sum.tai[8], 1);

    let (st, p) = play_hand(207, &v, [Bot::Random; 4]).unwrap();
    let wins = &st.result().unwrap().wins;
    assert!(matches!(wins.as_slice(), [one] if one.is_flower_win()));
    assert!(p.draw);
    assert_eq!((p.won, p.self_drawn, p.dealt_in), (0, 0, 0));
    let settled = st.settle(None, None, None).unwrap().settlement;
    assert_eq!(
        (p.net_tai, p.net_money),
        (settled.net_tai, settled.net_money)
    );
    assert!(p.net_tai.iter().any(|&n| n != 0));

    let (st, p) = play_hand(73485, &v, [Bot::Random; 4]).unwrap();
    let kinds: Vec<_> = st.result().unwrap().wins.iter().map(|w| w.kind).collect();
    assert_eq!(
        kinds,
        vec![
            WinKind::SevenRobOne { from: 1 },
            WinKind::Discard { from: 0 }
        ]
    );
    assert!(!p.draw);
    assert_eq!((p.won, p.dealt_in), (1 << 3, 1 << 0));
    let settled = st.settle(None, None, None).unwrap();
    assert_eq!(settled.bills.len(), 2);
    assert_eq!(p.net_tai, settled.settlement.net_tai);
}

#[test]
fn seven_rob_one_case_2_paid_on_the_spot() {
    // 000 七搶一 情形 2: 你已有 7 張花，另一家亮出第 8 張花：你先搶，再補一張牌; 由被搶者一家付
    // 8 台 (底 300 + 800 from seat 2, no 莊家台: neither is the dealer). Under flower_win.play_on
    // the robber takes its replacement and plays its turn; the hand goes on.
    let v = taiwan_with(&[on("flower_win.play_on", true)]);
    let mut st = eighth_flower_shown_by_seat_2(&v);
    act(&mut st, 1, Action::SevenRobOne);
    while let twmj_core::game::Phase::Offer(o) = *st.phase() {
        act(&mut st, o.pending().trailing_zeros() as u8, Action::Pass);
    }
    assert!(!st.is_over());
    assert_eq!(turn(&st), 1);
    assert_eq!(
        (st.player(1).flowers, st.player(2).flower_count()),
        (0xFF, 0)
    );
    let paid = st.settle_paid().unwrap();
    assert_eq!(paid.settlement.net_money, [0, 1100, -1100, 0]);
    refuse(&st, 1, Action::EightFlowers, rule::FLOWER_WIN);
    round_trip(&st);
}

#[test]
fn an_opening_flower_win_paid_on_the_spot() {
    // 000 開局花胡 (直接判定胡牌) under flower_win.play_on: paid at the opening, then the dealer
    // plays its first turn; the flower 筆 is 000's (1200, 1100, 1100).
    let v = taiwan_with(&[on("flower_win.play_on", true)]);
    let st = eight_flowers_at_seat_1(&v, [2, 3, 6]);
    assert!(!st.is_over());
    assert_eq!(turn(&st), 0);
    let paid = st.settle_paid().unwrap();
    assert_eq!(paid.settlement.net_money, [-1200, 3400, -1100, -1100]);
    // On seat 1's own turn the flowers are not paid a second time.
    let mut st = st;
    discard(&mut st, "2m");
    assert_eq!(turn(&st), 1);
    refuse(&st, 1, Action::EightFlowers, rule::FLOWER_WIN);
}

// ------------------------------------------------------- opening flower win vs 天胡 (priority)

#[test]
fn an_opening_flower_win_before_heaven_is_a_house_rule() {
    // 000 開局花胡: 閒家開局湊成八仙過海，但莊家補完花的 17 張本來就是天胡 → 天胡優先，閒家的花胡不計.
    let tian = "1m2m3m 4m5m6m 7m8m9m 1p2p3p 4p5p6p 7p7p";
    let cores = [tian, "", "1f2f3f4f5f6f7f8f 4s6s", ""];
    let dead = "3m3p3s7m7s2s2p8p";
    let st = table(&Variant::taiwan(), cores, "", dead, None);
    let w = &st.result().unwrap().wins;
    assert_eq!(w.len(), 1);
    assert_eq!((w[0].seat, w[0].first_turn), (0, Some(FirstTurn::Heaven)));
    // Issue 30: an opening flower win taking priority over the dealer's 天胡.
    let v = taiwan_with(&[on("flower_win_over_heaven", true)]);
    let st = table(&v, cores, "", dead, None);
    let w = &st.result().unwrap().wins;
    assert_eq!(w.len(), 1);
    assert_eq!((w[0].seat, w[0].kind), (2, WinKind::EightFlowers));
    round_trip(&st);
    // The dealer's own opening flower win with 天胡 stays two 筆 (000: 分兩筆：八仙過海、天胡).
    let own = "1f2f3f4f5f6f7f8f 1m2m3m 4m5m6m 7m8m9m";
    let st = table(&v, [own, "", "", ""], "", "1p2p3p 4p5p6p 7p7p", None);
    assert_eq!(st.result().unwrap().wins.len(), 2);
}

#[test]
fn an_opening_flower_win_before_heaven_paid_on_the_spot() {
    // flower_win_over_heaven with flower_win.play_on (issue 30): the 閒家's opening 八仙過海
    // comes first and is paid on the spot; it does not end the hand, so play starts as usual
    // (當場收分，照常開始打牌) and the dealer's 17, complete as dealt, are its 天胡 at its first
    // turn (000 開局花胡: 天胡 is decided at the opening, no discard instead): two 筆, the
    // flower 筆 then the 天胡, and the dealer keeps the deal (000 連莊: 莊家胡牌…連莊).
    let tian = "1m2m3m 4m5m6m 7m8m9m 1p2p3p 4p5p6p 7p7p";
    let cores = [tian, "", "1f2f3f4f5f6f7f8f 4s6s", ""];
    let dead = "3m3p3s7m7s2s2p8p";
    let v = taiwan_with(&[
        on("flower_win_over_heaven", true),
        on("flower_win.play_on", true),
    ]);
    let mut st = table(&v, cores, "", dead, None);
    assert!(!st.is_over());
    assert_eq!(turn(&st), 0);
    // 000 八仙過海: 三家各付一份, the dealer adding 莊家 1: 底 300 + 800 (+ 100).
    let paid = st.settle_paid().unwrap().settlement.net_money;
    assert_eq!(paid, [-1200, -1100, 3400, -1100]);
    // The dealer's only move is the win (rule HEAVEN_WIN), and it is 天胡.
    refuse(&st, 0, Action::Discard(t("7p")), rule::HEAVEN_WIN);
    act(&mut st, 0, Action::Win);
    let r = st.result().unwrap();
    let wins: Vec<_> = r
        .wins
        .iter()
        .map(|w| (w.seat, w.kind, w.first_turn))
        .collect();
    assert_eq!(
        wins,
        vec![
            (2, WinKind::EightFlowers, None),
            (0, WinKind::SelfDraw, Some(FirstTurn::Heaven)),
        ]
    );
    assert!(!r.is_draw());
    assert_eq!(r.ending_winners(&v), vec![0]);
    assert!(Match::new(0, 0, &v).dealer_keeps(r));
    // The 天胡 筆 is scored as without the flower win (000's 天胡優先 game, where it is the only
    // 筆), and the hand's nets are the two 筆 added.
    let s = st.settle(None, None, None).unwrap();
    let alone = table(&Variant::taiwan(), cores, "", dead, None);
    let heaven = alone.settle(None, None, None).unwrap();
    assert_eq!(s.bills[1].score.total_tai, heaven.bills[0].score.total_tai);
    assert_eq!(keys(&s.bills[1].score), keys(&heaven.bills[0].score));
    let sum: Vec<i64> = (0..4)
        .map(|i| paid[i] + heaven.settlement.net_money[i])
        .collect();
    assert_eq!(s.settlement.net_money.to_vec(), sum);
    round_trip(&st);

    // Without flower_win_over_heaven, play_on changes nothing here: 天胡優先 (000 開局花胡), the
    // hand ends at the deal on the 天胡 and the 閒家's flower win is never paid.
    let v = taiwan_with(&[on("flower_win.play_on", true)]);
    let st = table(&v, cores, "", dead, None);
    let w = &st.result().unwrap().wins;
    assert_eq!(w.len(), 1);
    assert_eq!((w[0].seat, w[0].first_turn), (0, Some(FirstTurn::Heaven)));
    assert_eq!(
        st.settle(None, None, None).unwrap().settlement.net_money,
        heaven.settlement.net_money
    );
}

// ------------------------------------------------------------- 豹子 doubles (leopard_double)

#[test]
fn a_leopard_doubles_every_bill() {
    // Issue 30: 豹子 doubles the money (「（底 + 台）算完後整筆加倍」); 002 only adds 骰規台.
    // 八仙過海 under taiwan: 1200, 1100, 1100 (above); with 豹子 1 1 1 and the house rule, double.
    let doubled = taiwan_with(&[on("leopard_double", true)]);
    let st = eight_flowers_at_seat_1(&doubled, [1, 1, 1]);
    let net = st.settle(None, None, None).unwrap().settlement.net_money;
    assert_eq!(net, [-2400, 6800, -2200, -2200]);
    // No 豹子, no doubling; and off (every preset), a 豹子 changes nothing under taiwan, which
    // has no 骰規台 (000 不採用的項目: 骰子加台).
    let st = eight_flowers_at_seat_1(&doubled, [2, 3, 6]);
    let net = st.settle(None, None, None).unwrap().settlement.net_money;
    assert_eq!(net, [-1200, 3400, -1100, -1100]);
    let st = eight_flowers_at_seat_1(&Variant::taiwan(), [1, 1, 1]);
    let net = st.settle(None, None, None).unwrap().settlement.net_money;
    assert_eq!(net, [-1200, 3400, -1100, -1100]);
    // american (002) adds 豹子 5 台 of 骰規台; doubled on top, (3 + 8 + 5 (+1)) × 2.
    let am = Variant::american()
        .with_overrides(&[on("leopard_double", true)])
        .unwrap();
    let st = eight_flowers_at_seat_1(&am, [1, 1, 1]);
    let net = st.settle(None, None, None).unwrap().settlement.net_money;
    assert_eq!(net, [-3400, 9800, -3200, -3200]);
    // score() and settle() alone: 000 範例二 (放槍給莊家, 平胡 2, 連莊 1: 3 + 5 = 8 台) doubled.
    let mut c = Context::new(0, WinKind::Discard { from: 1 });
    c.streak = 1;
    c.dice = Some([4, 4, 4]);
    let s = win("2223456m456789p", &[("chi", "123p")], "1m", &c, &doubled);
    assert!(s.doubled);
    let paid = settle(&[s], &doubled).unwrap();
    assert_eq!(paid.net_tai[1], -16);
    c.dice = Some([4, 4, 5]);
    let s = win("2223456m456789p", &[("chi", "123p")], "1m", &c, &doubled);
    assert_eq!(settle(&[s], &doubled).unwrap().net_tai[1], -8);
}

// ----------------------------------------------------- 過水 and an 暗槓 (furiten_ankan_release)

#[test]
fn an_ankan_that_does_not_release_furiten() {
    // 000 過水: 暗槓或加槓不是胡牌張的牌 → 解除 (the replacement 5m is then 自摸 with 槓上開花).
    let hand = "4m6m 2p2p2p 7p8p9p 2s3s4s 5s5s 7s8s9s";
    let play = |v: &Variant| {
        let mut st = table(v, ["5m 8s8s8s", hand, "", ""], "2p", "5m", None);
        act(&mut st, 0, Action::Discard(t("5m")));
        act(&mut st, 1, Action::Pass);
        assert!(st.player(1).furiten.blocks_win());
        act(&mut st, 1, Action::Ankan(t("2p")));
        st
    };
    let st = play(&Variant::taiwan());
    assert!(!st.player(1).furiten.blocks_win());
    // Issue 30: an 暗槓 that does not release 過水: the winning replacement is refused.
    let mut st = play(&taiwan_with(&[on("furiten_ankan_release", false)]));
    assert!(st.player(1).furiten.blocks_win());
    assert_eq!(drawn(&st), t("5m"));
    refuse(&st, 1, Action::Win, rule::FURITEN);
    act(&mut st, 1, Action::Discard(t("5m")));
    // 000's table still applies after it: a drawn winning tile holds past its discard.
    assert!(st.player(1).furiten.blocks_win());
}

// ---------------------------------------------- the 明槓 ban's end (minkan_ban_kong_release)

#[test]
fn the_minkan_ban_surviving_an_ankan_is_a_house_rule() {
    // 000 槓: 明槓之後的「不能自摸」，在你接著又暗槓或加槓之後解除，那次補牌可以自摸並計槓上開花.
    let hand = "7s7s7s 2p2p2p 4m6m 4p5p6p 2s3s4s 5s5s";
    let play = |v: &Variant| {
        let mut st = table(v, ["7s 8m8m8m", "", hand, ""], "", "2p 5m", None);
        act(&mut st, 0, Action::Discard(t("7s")));
        act(&mut st, 2, Action::Minkan);
        assert!(st.player(2).no_self_draw);
        act(&mut st, 2, Action::Ankan(t("2p")));
        assert_eq!(drawn(&st), t("5m"));
        st
    };
    let mut st = play(&Variant::taiwan());
    act(&mut st, 2, Action::Win);
    assert_eq!(st.result().unwrap().wins[0].kind, WinKind::SelfDraw);
    // Issue 30: the no-自摸-after-明槓 rule surviving a later 暗槓: the 5m cannot be 自摸'd.
    let v = taiwan_with(&[on("minkan_ban_kong_release", false)]);
    let mut st = play(&v);
    assert!(st.player(2).no_self_draw);
    refuse(&st, 2, Action::Win, rule::MINKAN_NO_SELF_DRAW);
    act(&mut st, 2, Action::Discard(t("5m")));
    // The discard ends the ban (000: 否則到你打出一張牌為止).
    assert!(!st.player(2).no_self_draw);
    round_trip(&st);
}
