//! The `three_player` and `two_player` presets in play. 004 兩人麻將、三人麻將規則 (its table):
//! 三人麻將 拿掉二萬到八萬 (116 張), 空出北風位, 多數不能吃; 兩人麻將 只用萬子+字牌 (64 張),
//! 花牌看桌, 面對面坐、不分圈風門風, 多數可以吃; both 16 張、莊家 17 張; 台數照四人的台數表.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use twmj_core::game::{is_legal, ChiPos};
use twmj_core::game::{
    legal_actions, read_log, replay, settle_hand, write_log, Action, Deal, Event, OfferKind,
    Options, Phase, Piece, SplitMix64, State, Table,
};
use twmj_core::scoring::{Item, Value, Variant};

fn tiles_of(d: &Deal) -> Vec<Piece> {
    d.hands
        .iter()
        .flatten()
        .chain(&d.live)
        .chain(&d.dead)
        .copied()
        .collect()
}

/// 萬子 2–8 (indices 1–7).
fn is_two_to_eight_man(p: Piece) -> bool {
    p.tile().is_some_and(|t| (1..=7).contains(&t.index()))
}

/// 筒子 or 條子 (indices 9–26).
fn is_pin_or_sou(p: Piece) -> bool {
    p.tile().is_some_and(|t| (9..27).contains(&t.index()))
}

#[test]
fn presets_follow_the_004_table() {
    let three = Variant::three_player();
    let two = Variant::two_player();
    assert_eq!(
        (three.players, three.flowers, three.chi_allowed),
        (3, true, false)
    );
    assert_eq!(
        (two.players, two.flowers, two.chi_allowed),
        (2, false, true)
    );
    // 台數照四人的台數表: the taiwan table.
    assert_eq!(three.tai, Variant::taiwan().tai);
    assert_eq!(two.tai, Variant::taiwan().tai);
    // 兩人: 不分圈風門風.
    assert!(!two.has(Item::RoundWind) && !two.has(Item::SeatWind));
    assert!(three.has(Item::RoundWind) && three.has(Item::SeatWind));
    let four = Variant::taiwan();
    assert_eq!(
        (four.players, four.flowers, four.chi_allowed),
        (4, true, true)
    );
    assert_eq!(Variant::preset("three_player").unwrap(), three);
    assert_eq!(Variant::preset("two_player").unwrap(), two);
}

#[test]
fn walls_hold_only_the_preset_tiles() {
    // 004: 三人 拿掉二萬到八萬(28 張),剩 116 張; 兩人 只用萬子+字牌 64 張 (no flowers here).
    assert_eq!(Piece::set_of(&Variant::three_player()).len(), 116);
    assert_eq!(Piece::set_of(&Variant::two_player()).len(), 64);
    let two_flowers = Variant::two_player()
        .with_overrides(&[("flowers", twmj_core::scoring::Value::Bool(true))])
        .unwrap();
    assert_eq!(Piece::set_of(&two_flowers).len(), 72);
    assert_eq!(Piece::set_of(&Variant::taiwan()).len(), 144);
    for seed in 0..200 {
        let d = Deal::from_seed(seed, 0, false, &Variant::three_player());
        let all = tiles_of(&d);
        assert_eq!(all.len(), 116);
        assert!(!all.iter().any(|&p| is_two_to_eight_man(p)), "seed {seed}");
        assert_eq!(
            d.hands.iter().map(Vec::len).collect::<Vec<_>>(),
            [17, 16, 16, 0]
        );
        assert_eq!(d.dead.len(), 16);
        let d = Deal::from_seed(seed, 1, false, &Variant::two_player());
        let all = tiles_of(&d);
        assert_eq!(all.len(), 64);
        assert!(!all.iter().any(|&p| is_pin_or_sou(p)), "seed {seed}");
        assert!(all.iter().all(|p| p.tile().is_some()), "seed {seed}");
        assert_eq!(
            d.hands.iter().map(Vec::len).collect::<Vec<_>>(),
            [16, 17, 0, 0]
        );
    }
    // 004: 也有人 144 張全部照打，只是空一個位子: the whole set, 北 empty.
    let full = Variant::three_player()
        .with_overrides(&[("full_tile_set", twmj_core::scoring::Value::Bool(true))])
        .unwrap();
    assert_eq!(Piece::set_of(&full).len(), 144);
    for seed in 0..50 {
        let d = Deal::from_seed(seed, 0, false, &full);
        let all = tiles_of(&d);
        assert_eq!(all.len(), 144);
        assert!(all.iter().any(|&p| is_two_to_eight_man(p)), "seed {seed}");
        assert_eq!(
            d.hands.iter().map(Vec::len).collect::<Vec<_>>(),
            [17, 16, 16, 0]
        );
    }
    let mut offers = 0;
    for seed in 0..30 {
        play(seed, &full, &mut offers);
    }
    // The 4-player deal is unchanged by the variant path.
    assert_eq!(
        Deal::from_seed(9, 2, true, &twmj_core::TAIWAN),
        Deal::from_seed(9, 2, true, &Variant::taiwan())
    );
}

/// Plays `seed` under `v` with random legal agents that always win when they can; checks the
/// invariants at every step and counts the 吃 offered.
fn play(seed: u64, v: &Variant, chi_offers: &mut u32) -> State {
    let mut st = State::from_seed(seed, v);
    let n = st.seats();
    assert_eq!(n, v.players);
    let mut rng = SplitMix64::new(seed ^ 0x5151);
    let mut steps = 0;
    while !st.is_over() {
        st.check_invariants()
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let pending = st.pending();
        assert!(pending != 0, "seed {seed}: nobody to act");
        assert!(pending >> n == 0, "seed {seed}: an empty seat is asked");
        if let Phase::Offer(o) = st.phase() {
            for opts in &o.options {
                if opts.has(Options::CHI_LOW)
                    || opts.has(Options::CHI_MID)
                    || opts.has(Options::CHI_HIGH)
                {
                    assert!(matches!(o.kind, OfferKind::Discard { .. }));
                    *chi_offers += 1;
                }
            }
        }
        let seat = pending.trailing_zeros() as u8;
        let acts = legal_actions(&st, seat);
        assert!(
            !acts.is_empty(),
            "seed {seed}: no legal action for seat {seat}"
        );
        let a = if acts.contains(&Action::Win) {
            Action::Win
        } else {
            acts[rng.below(acts.len())]
        };
        st.apply(seat, a)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        steps += 1;
        assert!(steps < 2000, "seed {seed}: does not end");
    }
    st.check_invariants()
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    st
}

fn random_hands(v: &Variant, hands: u64) -> (u32, u32) {
    let (mut chi, mut wins) = (0, 0);
    for seed in 0..hands {
        let st = play(seed, v, &mut chi);
        let log = st.log();
        assert!(matches!(log.get(1), Some(Event::Rules(_))));
        // Empty seats never act.
        for e in log {
            if let Event::Act { seat, .. } | Event::Claim { seat, .. } | Event::Draw { seat, .. } =
                e
            {
                assert!(*seat < v.players, "seed {seed}: {e:?}");
            }
        }
        let text = write_log(log);
        let back = read_log(&text).unwrap();
        assert_eq!(back, log, "seed {seed}");
        let again = replay(&back).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(again.log(), log, "seed {seed}");
        let r = st.result().unwrap();
        for w in &r.wins {
            assert!(w.seat < v.players);
        }
        let table = Table {
            streak: 0,
            round_wind: 0,
            dice: st.dice(),
        };
        let (bills, s) = settle_hand(r, &table, v).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        wins += bills.len() as u32;
        assert_eq!(s.net_tai.iter().sum::<i64>(), 0, "seed {seed}");
        assert_eq!(s.net_money.iter().sum::<i64>(), 0, "seed {seed}");
        for seat in v.players as usize..4 {
            assert_eq!(s.net_tai[seat], 0, "seed {seed}: empty seat {seat} settles");
        }
        for b in &bills {
            assert!(b.payers.iter().all(|&p| p < v.players && p != b.winner));
            assert!(!b.payers.is_empty());
        }
    }
    (chi, wins)
}

#[test]
fn three_player_random_hands_keep_the_invariants() {
    // 004 三人麻將: 多數不能吃 → never offered.
    let (chi, wins) = random_hands(&Variant::three_player(), 600);
    assert_eq!(chi, 0);
    assert!(wins > 0, "{wins}");
}

#[test]
fn two_player_random_hands_keep_the_invariants() {
    // 004 兩人麻將: 多數可以吃 → offered.
    let (chi, wins) = random_hands(&Variant::two_player(), 600);
    assert!(chi > 0);
    assert!(wins > 0, "{wins}");
}

#[test]
fn three_player_with_chi_allowed_offers_it() {
    let v = Variant::three_player()
        .with_overrides(&[("chi_allowed", twmj_core::scoring::Value::Bool(true))])
        .unwrap();
    let (chi, _) = random_hands(&v, 100);
    assert!(chi > 0);
}

#[test]
fn seat_winds_run_over_the_seated_players() {
    let st = State::from_seed(3, &Variant::three_player());
    assert_eq!(st.seats(), 3);
    let winds: Vec<u8> = (0..3).map(|s| st.seat_wind(s)).collect();
    let mut sorted = winds.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, [0, 1, 2], "東南西, 北 empty");
    assert_eq!(st.next(2), 0);
    let st = State::from_seed(3, &Variant::two_player());
    assert_eq!((st.seats(), st.next(1)), (2, 0));
    assert_eq!(State::from_seed(3, &twmj_core::TAIWAN).seats(), 4);
}

#[test]
fn scoring_refuses_an_empty_seat() {
    // 004: three players leave the 北 seat (3) empty; nobody there can pay or win.
    use twmj_core::scoring::{score, Context, WinKind};
    let ctx = Context::new(0, WinKind::Discard { from: 3 });
    let t = twmj_core::tile::Tile::all().next().unwrap();
    let mut c = [0u8; 34];
    c[t.index()] = 2;
    let e = score(&c, &[], t, &ctx, &Variant::three_player(), false)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("seat 3 does not exist"), "{e}");
}

/// A scripted deal under `v`: the hands as written, the rest of `v`'s set in canonical order,
/// the last 16 of it as the replacement end.
fn scripted(v: &Variant, hands: [&str; 4]) -> State {
    let mut left = Piece::set_of(v);
    let mut parsed: [Vec<Piece>; 4] = Default::default();
    for (s, h) in hands.iter().enumerate() {
        parsed[s] = Piece::parse_list(h).unwrap();
        for p in &parsed[s] {
            let i = left.iter().position(|q| q == p).unwrap();
            left.remove(i);
        }
    }
    let replacements = left.split_off(left.len() - 16);
    let table = Deal {
        dealer: 0,
        dice: [1, 1, 1],
        door_from_dice: false,
        hands: parsed,
        live: left,
        dead: replacements,
        origin: None,
    };
    State::from_deal(table, v).unwrap()
}

fn chi_after_1_discard(v: &Variant, hands: [&str; 4], tile: &str) -> (bool, bool) {
    let mut st = scripted(v, hands);
    let t = Piece::parse_list(tile).unwrap()[0].tile().unwrap();
    st.apply(0, Action::Discard(t)).unwrap();
    let offered = matches!(st.phase(), Phase::Offer(o) if o.options[1].has(Options::CHI_LOW));
    (offered, is_legal(&st, 1, Action::Chi(ChiPos::Low)))
}

#[test]
fn chi_follows_chi_allowed() {
    // 004 三人麻將 多數不能吃: 1p from seat 0, seat 1 holds 2p3p: no 吃.
    let three = [
        "1p99m111z222z333z44z55z6z",
        "23456789p12345678s",
        "11223344556677s89s",
        "",
    ];
    assert_eq!(
        chi_after_1_discard(&Variant::three_player(), three, "1p"),
        (false, false)
    );
    let with_chi = Variant::three_player()
        .with_overrides(&[("chi_allowed", Value::Bool(true))])
        .unwrap();
    assert_eq!(chi_after_1_discard(&with_chi, three, "1p"), (true, true));
    // 004 兩人麻將 多數可以吃: 1m from seat 0, seat 1 holds 2m3m: 吃.
    let two = ["199m111z222z333z44z55z6z", "2233445566778m8m6z7z", "", ""];
    assert_eq!(
        chi_after_1_discard(&Variant::two_player(), two, "1m"),
        (true, true)
    );
    let no_chi = Variant::two_player()
        .with_overrides(&[("chi_allowed", Value::Bool(false))])
        .unwrap();
    assert_eq!(chi_after_1_discard(&no_chi, two, "1m"), (false, false));
    // Scripted deals with empty seats and a four-seat deal missing a hand.
    assert!(Deal::scripted(
        0,
        ["199m111z222z333z44z55z6z", "2233445566778m8m6z7z", "", ""],
        "",
        ""
    )
    .is_ok());
    let d = Deal::scripted(
        0,
        ["199m111z222z333z44z55z6z", "2233445566778m8m6z7z", "", ""],
        "",
        "",
    )
    .unwrap();
    assert!(State::from_deal(d, &twmj_core::TAIWAN).is_err());
}

#[test]
fn scoring_refuses_tiles_out_of_play() {
    // 004: 三人 拿掉二萬到八萬; 兩人 只用萬子+字牌. A hand holding such a tile is no hand of
    // the game, so the scorer names the tile.
    use twmj_core::scoring::{score, Context, WinKind};
    let ctx = Context::new(1, WinKind::Discard { from: 0 });
    let hand = twmj_core::parse("123456789p234s56s77z7s").unwrap().counts;
    let seven_s = twmj_core::parse("7s").unwrap().tile_list()[0];
    assert!(score(&hand, &[], seven_s, &ctx, &Variant::three_player(), false).is_ok());
    let e = score(&hand, &[], seven_s, &ctx, &Variant::two_player(), false)
        .err()
        .map(|e| e.to_string());
    assert!(
        e.as_deref()
            .is_some_and(|m| m.contains("1p is not in play under two_player")),
        "{e:?}"
    );
    let hand = twmj_core::parse("111m999m123p456p789s55m").unwrap().counts;
    let five = twmj_core::parse("5m").unwrap().tile_list()[0];
    let e = score(&hand, &[], five, &ctx, &Variant::three_player(), false)
        .err()
        .map(|e| e.to_string());
    assert!(
        e.as_deref()
            .is_some_and(|m| m.contains("5m is not in play under three_player")),
        "{e:?}"
    );
}

#[test]
fn scripted_deals_and_replays_refuse_tiles_out_of_play() {
    // 004: 三人麻將 拿掉二萬到八萬; 兩人麻將 只用萬子+字牌 (花牌看桌: off in the preset). A deal
    // holding another piece is refused, with the error the analysis (`waits`) gives for it.
    let out = |v: &Variant, code: &str| {
        let p = Piece::parse_list(code).unwrap()[0];
        let mut deal = Deal::from_seed(3, 0, false, v);
        deal.live[0] = p;
        let st = State::from_seed(3, v);
        let mut log = st.log().to_vec();
        log[0] = Event::Deal(Box::new(deal.clone()));
        (
            State::from_deal(deal, v).unwrap_err(),
            replay(&log).unwrap_err(),
        )
    };
    for (v, code) in [
        (Variant::three_player(), "5m"),
        (Variant::two_player(), "1p"),
        (Variant::two_player(), "9s"),
    ] {
        let (e, r) = out(&v, code);
        let waits = v
            .check_in_play(&twmj_core::parse(code).unwrap().counts)
            .unwrap_err();
        assert_eq!(e, waits, "{} {code}", v.preset);
        assert!(r.to_string().contains(&waits.to_string()), "{r}");
    }
    let (e, _) = out(&Variant::two_player(), "1f");
    assert!(
        e.to_string().contains("1f is not in play under two_player"),
        "{e}"
    );
    // The full set stays playable where the variant has it.
    let full = with_full(&Variant::three_player());
    let mut deal = Deal::from_seed(3, 0, false, &Variant::three_player());
    deal.live[0] = Piece::parse_list("5m").unwrap()[0];
    assert!(State::from_deal(deal, &full).is_ok());
}

fn with_full(v: &Variant) -> Variant {
    v.with_overrides(&[("full_tile_set", Value::Bool(true))])
        .unwrap()
}
