//! A win as a caller states it: the context's arguments read and range-checked by the core
//! ([`ContextArgs`]), the claim ([`Claim`]) read either way, scored, settled and weighed
//! against 起胡, several variants compared, and a ready hand's waits priced. The binding and
//! the service only convert to and from these.
#![allow(clippy::unwrap_used)]

use twmj_core::scoring::{priced_waits, Claim, Context, ContextArgs, Variant, WinKind, Wind};
use twmj_core::vocab::Int;
use twmj_core::{parse, Error, Form, Hand};

use crate::common::melds;

/// An argument given as `n`.
#[allow(clippy::unnecessary_wraps)] // an argument's shape: `Some` is "given"
fn int(n: i128) -> Option<Int> {
    Some(Int::from(n))
}

/// The field and message of a context error.
fn context_error(e: &Error) -> (String, String) {
    assert_eq!(e.kind(), "context_error", "{e}");
    (e.field().unwrap_or_default(), e.to_string())
}

/// 000 計分 範例一: seat 1 (南) self-draws, seat 0 deals with 連莊 2.
fn example_one() -> Context {
    ContextArgs {
        winner: int(1),
        streak: int(2),
        seat_wind: Some("S"),
        ..ContextArgs::default()
    }
    .read()
    .unwrap()
}

fn claim(hand: &str, ms: &[(&str, &str)], win: &str, ctx: &Context) -> Claim {
    Claim::hand(parse(hand).unwrap(), melds(ms), win, ctx.clone(), false).unwrap()
}

#[test]
fn context_arguments_default_to_a_plain_self_draw() {
    let c = ContextArgs::default().read().unwrap();
    assert_eq!(c, Context::new(0, WinKind::SelfDraw));
    assert_eq!(c, Context::default());
    let c = example_one();
    assert_eq!((c.winner, c.dealer, c.streak), (1, 0, 2));
    assert_eq!((c.seat_wind, c.round_wind), (Wind::South, Wind::East));
    // Winds by letter or by name (東南西北), as the vocabulary lists them.
    let c = ContextArgs {
        seat_wind: Some("西"),
        round_wind: Some("N"),
        win: Some("discard"),
        from_seat: int(3),
        declared: Some("migi"),
        flowers: Some("春梅"),
        dice: Some([1_i128, 4, 6].map(Int::from)),
        shown: int(3),
        ..ContextArgs::default()
    }
    .read()
    .unwrap();
    assert_eq!((c.seat_wind, c.round_wind), (Wind::West, Wind::North));
    assert_eq!(c.win, WinKind::Discard { from: 3 });
    assert_eq!(c.declared.key(), "migi");
    assert_eq!(c.flowers, 0b1_0001);
    assert_eq!((c.dice, c.shown), (Some([1, 4, 6]), Some(3)));
}

#[test]
fn a_bad_seat_is_a_context_error_naming_its_field() {
    // Seats are 0 to 3 (four winds, four seats), whatever the size of the number given.
    let ones = "1".repeat(60);
    for (n, text) in [
        (Int::from(4_i128), "4"),
        (Int::from(-1_i128), "-1"),
        (Int::from(1_i128 << 100), "1267650600228229401496703205376"),
        (Int::wide(ones.clone()), ones.as_str()),
    ] {
        for (field, args) in [
            (
                "context.winner",
                ContextArgs {
                    winner: Some(n.clone()),
                    ..ContextArgs::default()
                },
            ),
            (
                "context.dealer",
                ContextArgs {
                    dealer: Some(n.clone()),
                    ..ContextArgs::default()
                },
            ),
            (
                "context.from_seat",
                ContextArgs {
                    win: Some("discard"),
                    from_seat: Some(n.clone()),
                    ..ContextArgs::default()
                },
            ),
        ] {
            let (f, message) = context_error(&args.read().unwrap_err());
            assert_eq!(f, field);
            assert_eq!(
                message,
                format!("{field}: seat {text} does not exist (seats are 0 to 3)")
            );
        }
    }
    // A kind one seat pays needs that seat.
    let e = ContextArgs {
        win: Some("robbing_kong"),
        ..ContextArgs::default()
    }
    .read()
    .unwrap_err();
    assert_eq!(context_error(&e).0, "context.from_seat");
}

#[test]
fn the_streak_is_capped_by_the_streak_cap_setting() {
    // 000 連莊: the setting streak_cap bounds the streak a score accepts; no preset can set it
    // past the registry's maximum, so no context holds a longer streak.
    let max = match twmj_core::rules::setting("streak_cap").unwrap().kind {
        twmj_core::rules::Kind::Int { max, .. } => max,
        k => panic!("{k:?}"),
    };
    let at = |n: i128| {
        ContextArgs {
            streak: int(n),
            ..ContextArgs::default()
        }
        .read()
    };
    assert_eq!(
        at(i128::from(max)).unwrap().streak,
        u8::try_from(max).unwrap()
    );
    for n in [i128::from(max) + 1, -1, 1 << 70] {
        let (field, message) = context_error(&at(n).unwrap_err());
        assert_eq!(field, "context.streak");
        assert!(
            message.contains(&format!("連莊 {n} is out of range")),
            "{message}"
        );
    }
    // Within the registry but over the variant's own cap (taiwan 18): refused when scored.
    let c = at(19).unwrap();
    let e = claim("123456789m234p56p77s", &[], "7p", &c)
        .score(&Variant::taiwan())
        .unwrap_err();
    assert_eq!(context_error(&e).0, "context.streak");
    let mut v = Variant::taiwan();
    v.set("streak_cap", &twmj_core::scoring::Value::Int(30))
        .unwrap();
    assert!(claim("123456789m234p56p77s", &[], "7p", &c)
        .score(&v)
        .is_ok());
}

#[test]
fn dice_shown_copies_and_flowers_are_checked_where_they_are_read() {
    let read = |args: ContextArgs| context_error(&args.read().unwrap_err());
    // 002 骰規台: three dice, faces 1 to 6.
    for face in [0_i128, 7, 1 << 90] {
        let (field, message) = read(ContextArgs {
            dice: Some([Int::from(1), Int::from(face), Int::from(1)]),
            ..ContextArgs::default()
        });
        assert_eq!(field, "context.dice");
        assert!(message.ends_with(&format!("a die shows {face}; faces are 1 to 6")));
    }
    // 003 胡絕張: at most the 3 other copies of the winning tile's kind are shown.
    let (field, message) = read(ContextArgs {
        shown: int(4),
        ..ContextArgs::default()
    });
    assert_eq!(field, "context.shown");
    assert!(message.contains("4 copies shown is out of range (0 to 3"));
    let (field, _) = read(ContextArgs {
        discards: int(256),
        ..ContextArgs::default()
    });
    assert_eq!(field, "context.discards");
    // The flowers are flowers only; a tile among them, or a bad symbol, names the field.
    let (field, message) = read(ContextArgs {
        flowers: Some("1f5m"),
        ..ContextArgs::default()
    });
    assert_eq!(field, "context.flowers");
    assert!(message.contains("not flowers"), "{message}");
    let e = ContextArgs {
        flowers: Some("1f9q"),
        ..ContextArgs::default()
    }
    .read()
    .unwrap_err();
    assert_eq!(
        (e.code(), e.field().as_deref()),
        ("unknown_symbol", Some("context.flowers"))
    );
    let (field, message) = read(ContextArgs {
        seat_wind: Some("X"),
        ..ContextArgs::default()
    });
    assert_eq!(field, "context.seat_wind");
    assert!(message.contains("E, S, W, N or 東南西北"), "{message}");
}

#[test]
fn a_hand_is_read_either_way() {
    // 000 計分 範例一: 門清, 自摸, 不求 = 3 tai; the three others pay 3 + 3 each, the dealer 5
    // more (莊家台 1 + 2 × 連莊 2): nets −11, +23, −6, −6 in tai.
    let ctx = example_one();
    let v = Variant::taiwan();
    for hand in ["123456789m234p56p77s", "123456789m234p567p77s"] {
        let s = claim(hand, &[], "7p", &ctx).score(&v).unwrap();
        assert_eq!(s.score.total_tai, 3, "{hand}");
        assert!(s.allowed);
        assert_eq!(s.settlement.net_tai, [-11, 23, -6, -6], "{hand}");
    }
    // 17 tiles without the winning tile: the winning tile's error; one tile only.
    let e = claim("123456789m234p568p77s", &[], "7p", &ctx)
        .score(&v)
        .unwrap_err();
    assert_eq!(e.field().as_deref(), Some("win_tile"), "{e}");
    let e = Claim::hand(parse("1m").unwrap(), vec![], "7p7p", ctx.clone(), false).unwrap_err();
    assert_eq!(
        (e.code(), e.field().as_deref()),
        ("not_one_piece", Some("win_tile"))
    );
    assert_eq!(e.message_zh(), "「胡的牌」要一張牌，「7p7p」不是");
    let e = Hand::winning(
        parse("123456m").unwrap(),
        vec![],
        twmj_core::Tile::new(0).unwrap(),
        16,
    )
    .unwrap_err();
    assert_eq!(e.field().as_deref(), Some("hand"), "{e}");
}

#[test]
fn under_the_threshold_nobody_pays() {
    // 002 起胡台數 3: a win under 3 tai is scored but not allowed, and nobody pays.
    let v = Variant::american();
    let ctx = Context {
        dealer: 0,
        ..Context::new(2, WinKind::Discard { from: 3 })
    };
    let s = claim("123m456m78p234s11s", &[("pon", "555s")], "9p", &ctx)
        .score(&v)
        .unwrap();
    assert!(s.score.total_tai < u32::from(v.min_tai), "{:?}", s.score);
    assert!(!s.allowed);
    assert!(s.settlement.lines.is_empty());
    assert_eq!(s.settlement.net_tai, [0; 4]);
}

#[test]
fn flower_wins_are_claims_of_their_own() {
    // 000 花牌與花胡: 八仙過海 is its own 筆, the three others pay; 七搶一 the robbed seat alone.
    let ctx = ContextArgs {
        flowers: Some("1f2f3f4f5f6f7f8f"),
        ..ContextArgs::default()
    }
    .read()
    .unwrap();
    let v = Variant::taiwan();
    let eight = Claim::flowers("eight_immortals", None, ctx.clone(), false)
        .unwrap()
        .score(&v)
        .unwrap();
    assert_eq!(eight.score.items[0].key, "eight_immortals");
    assert_eq!(eight.settlement.lines.len(), 3);
    let rob = Claim::flowers(
        "seven_rob_one",
        Some(&Int::from(2_i128)),
        ctx.clone(),
        false,
    )
    .unwrap()
    .score(&v)
    .unwrap();
    assert_eq!(
        rob.settlement
            .lines
            .iter()
            .map(|l| l.payer)
            .collect::<Vec<_>>(),
        [2]
    );
    for (kind, robbed, field) in [
        ("seven_rob_one", None, "robbed"),
        ("seven_rob_one", Some(Int::from(9_i128)), "robbed"),
        ("nine_gates", None, "kind"),
    ] {
        let e = Claim::flowers(kind, robbed.as_ref(), ctx.clone(), false).unwrap_err();
        assert_eq!(context_error(&e).0, field);
    }
    // The win is named as records and the vocabulary name it, `eight_flowers` (its row's key,
    // `eight_immortals`, names it too).
    let named = Claim::flowers("eight_flowers", None, ctx.clone(), false)
        .unwrap()
        .score(&v)
        .unwrap();
    assert_eq!(named.score.items, eight.score.items);
    assert_eq!(named.settlement.net_money, eight.settlement.net_money);
    // 003 hk16 has no flower win (八仙過海 只是在胡的時候加40番; 七搶一 胡的時候加20番): refused
    // at `kind`, under hk16 and wherever `flower_wins` is off.
    let off = Variant::taiwan()
        .with_overrides(&[("flower_wins", twmj_core::scoring::Value::Bool(false))])
        .unwrap();
    for v in [Variant::hk16(), off] {
        for (kind, robbed) in [
            ("eight_flowers", None),
            ("seven_rob_one", Some(Int::from(2_i128))),
        ] {
            let e = Claim::flowers(kind, robbed.as_ref(), ctx.clone(), false)
                .unwrap()
                .score(&v)
                .unwrap_err();
            assert_eq!(context_error(&e).0, "kind", "{} {kind}", v.preset);
        }
    }
    // A flower win is the same 筆 under every variant counting it: compare takes a hand.
    let e = Claim::flowers("eight_immortals", None, ctx, false)
        .unwrap()
        .compare(&[v])
        .unwrap_err();
    assert_eq!(context_error(&e).0, "kind");
}

#[test]
fn variants_of_two_sizes_are_refused_together() {
    // 004 兩人麻將 13 張版 reads 13-tile hands: one hand cannot be both sizes.
    let mut thirteen = Variant::taiwan();
    thirteen.hand_size = 13;
    let c = claim("123456789m234p56p77s", &[], "7p", &example_one());
    let e = c.compare(&[Variant::taiwan(), thirteen]).unwrap_err();
    assert_eq!(e.kind(), "variant_error");
    assert!(
        e.to_string().contains("variant 1 reads 13-tile hands"),
        "{e}"
    );
    let cmp = c
        .compare(&[Variant::taiwan(), Variant::american()])
        .unwrap();
    assert_eq!(cmp.scores.len(), 2);
    assert!(cmp
        .scores
        .iter()
        .all(|s| s.allowed && s.score.total_tai == 3));
}

#[test]
fn compare_counts_the_flowers_written_in_the_hand() {
    // 000 台數表 正花: seat 1 sits 南, whose flowers are 夏 (2f) and 蘭 (6f). Written in the
    // hand's notation, 夏 adds 正花 1 to 範例一's 門清自摸 3 under both variants, as `score`
    // counts it.
    let variants = [Variant::taiwan(), Variant::american()];
    let c = claim("123456789m234p56p77s2f", &[], "7p", &example_one());
    assert_eq!(c.score(&variants[0]).unwrap().score.total_tai, 4);
    for s in &c.compare(&variants).unwrap().scores {
        assert_eq!(s.score.total_tai, 4, "{:?}", s.score.items);
        assert!(s.score.items.iter().any(|i| i.key == "seat_flower"));
    }
    // Flowers the context names win over the notation's, as for `score`.
    let said = Context {
        flowers: 0b0001_0000,
        ..example_one()
    };
    let c = claim("123456789m234p56p77s2f", &[], "7p", &said);
    assert!(c
        .compare(&variants)
        .unwrap()
        .scores
        .iter()
        .all(|s| s.score.total_tai == 3));
}

#[test]
fn priced_waits_are_settled_and_weighed_against_the_threshold() {
    // 2223456m + 456789p with a chi of 123p: waits 1m 3m 4m 6m 7m; on american (起胡 3) a wait
    // worth less than 3 on a discard is not allowed, and nobody pays it.
    let v = Variant::american();
    let h = v
        .hand(
            parse("2223456m456789p").unwrap(),
            melds(&[("chi", "123p")]),
            Form::Waiting,
        )
        .unwrap();
    let ctx = Context::new(1, WinKind::SelfDraw);
    let priced = priced_waits(&h, &ctx, &v).unwrap();
    let tiles: Vec<String> = priced.iter().map(|w| w.tile.code()).collect();
    assert_eq!(tiles, ["1m", "3m", "4m", "6m", "7m"]);
    for w in &priced {
        for s in [&w.on_discard, &w.on_self_draw] {
            assert_eq!(s.allowed, s.score.reaches(v.min_tai));
            assert_eq!(s.allowed, !s.settlement.lines.is_empty());
        }
        // A discard is paid by the winner's 上家 alone.
        if w.on_discard.allowed {
            assert!(w.on_discard.settlement.lines.iter().all(|l| l.payer == 0));
        }
    }
}
