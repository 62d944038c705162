//! The 13-tile hand (004 兩人麻將、三人麻將規則: 手牌 16 張，莊家 17 張（也有人打 13 張）; 胡牌
//! 5 組面子+1 對眼（13 張版是 4 組+1 對）): the `hand_size` setting, win detection and waits
//! against a brute-force reference, shanten by its exchange definition, scoring of worked
//! hands, the size errors, and the game played to the end.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::game::{snapshots_agree, with};
use crate::common::{counts, items, tile, try_win, win};
use twmj_core::game::{
    legal_actions, read_log, replay, write_log, Action, Deal, FirstTurn, SplitMix64, State,
};
use twmj_core::hand::{Form, Hand};
use twmj_core::scoring::{wait_values, Context, Value, Variant, WinKind, PRESETS};
use twmj_core::tile::{Counts, Tile, KINDS};
use twmj_core::{accepts, analyze, is_win, notation, shanten, waits, Meld, MeldKind};

fn thirteen(v: &Variant) -> Variant {
    with(v, &[("hand_size", Value::Int(13))])
}

fn two13() -> Variant {
    thirteen(&Variant::two_player())
}

fn taiwan13() -> Variant {
    thirteen(&Variant::taiwan())
}

fn err_of<T: std::fmt::Debug>(r: twmj_core::Result<T>) -> String {
    r.expect_err("an error").to_string()
}

// ---------------------------------------------------------------- the setting

#[test]
fn hand_size_is_16_in_every_preset_and_13_is_the_only_other() {
    for p in PRESETS {
        let v = Variant::preset(p).unwrap();
        assert_eq!(v.hand_size, 16, "{p}");
        assert!(v
            .settings()
            .contains(&("hand_size".to_owned(), Value::Int(16))));
    }
    assert!(Variant::KEYS.contains(&"hand_size"));
    assert_eq!(two13().hand_size, 13);
    assert_eq!(two13().missing_sets(), 1);
    assert_eq!(Variant::two_player().missing_sets(), 0);
    for bad in [Value::Int(14), Value::Int(17), Value::Text("13".into())] {
        let e = err_of(Variant::two_player().with_overrides(&[("hand_size", bad)]));
        assert!(e.starts_with("variant setting 'hand_size':"), "{e}");
        assert!(e.contains("expected 16 or 13"), "{e}");
    }
}

#[test]
fn thirteen_refuses_lig_gu_by_name() {
    // 瀝咕瀝咕 (003 註八 八對半: seven pairs and a triplet, 17 tiles) has no 13-tile form.
    for v in [Variant::improved16(), Variant::hk16()] {
        let e = err_of(v.with_overrides(&[("hand_size", Value::Int(13))]));
        assert!(
            e.contains("瀝咕瀝咕") && e.contains("special_shapes.lig_gu"),
            "{e}"
        );
        // Switched off, in either order, the combination is played.
        for pairs in [
            [
                ("special_shapes.lig_gu", Value::Bool(false)),
                ("hand_size", Value::Int(13)),
            ],
            [
                ("hand_size", Value::Int(13)),
                ("special_shapes.lig_gu", Value::Bool(false)),
            ],
        ] {
            assert_eq!(v.with_overrides(&pairs).unwrap().hand_size, 13);
        }
    }
    let e = err_of(taiwan13().with_overrides(&[("tai.lig_gu", Value::Int(8))]));
    assert!(e.contains("瀝咕瀝咕"), "{e}");
}

// ---------------------------------------------------------------- the reference

/// Brute force: `c` splits into sets (runs within a suit, triplets) and exactly one pair.
fn splits(c: &mut Counts, pair_left: bool) -> bool {
    let Some(i) = (0..KINDS).find(|&i| c[i] > 0) else {
        return !pair_left;
    };
    if pair_left && c[i] >= 2 {
        c[i] -= 2;
        let ok = splits(c, false);
        c[i] += 2;
        if ok {
            return true;
        }
    }
    if c[i] >= 3 {
        c[i] -= 3;
        let ok = splits(c, pair_left);
        c[i] += 3;
        if ok {
            return true;
        }
    }
    if i < 27 && i % 9 <= 6 && c[i + 1] > 0 && c[i + 2] > 0 {
        for x in &mut c[i..i + 3] {
            *x -= 1;
        }
        let ok = splits(c, pair_left);
        for x in &mut c[i..i + 3] {
            *x += 1;
        }
        return ok;
    }
    false
}

fn ref_win(c: &Counts) -> bool {
    let mut w = *c;
    splits(&mut w, true)
}

/// The reference waits: kinds the player holds fewer than 4 of (concealed and melds) whose
/// addition makes the concealed tiles sets and a pair.
fn ref_waits(c: &Counts, ms: &[Meld]) -> Vec<usize> {
    let mut own = *c;
    for m in ms {
        m.add_to(&mut own);
    }
    (0..KINDS)
        .filter(|&i| own[i] < 4)
        .filter(|&i| {
            let mut w = *c;
            w[i] += 1;
            ref_win(&w)
        })
        .collect()
}

/// A random 13-tile hand of `k` melds (吃 or 碰) and 13 − 3k concealed tiles (+ `extra`), no
/// kind over 4, tiles drawn from `kinds` (a narrow range makes ready hands common).
fn random_hand(
    rng: &mut SplitMix64,
    k: usize,
    extra: usize,
    kinds: &[usize],
) -> (Counts, Vec<Meld>) {
    loop {
        let mut own = [0u8; KINDS];
        let mut ms = Vec::new();
        for _ in 0..k {
            let i = kinds[rng.below(kinds.len())];
            let t = Tile::new(i).unwrap();
            let chi = i < 27 && i % 9 <= 6 && rng.below(2) == 0;
            let m = Meld {
                kind: if chi { MeldKind::Chi } else { MeldKind::Pon },
                tile: t,
            };
            m.add_to(&mut own);
            ms.push(m);
        }
        let mut c = [0u8; KINDS];
        for _ in 0..13 - 3 * k + extra {
            let i = kinds[rng.below(kinds.len())];
            c[i] += 1;
            own[i] += 1;
        }
        if own.iter().all(|&n| n <= 4) {
            return (c, ms);
        }
    }
}

fn hand_of(c: &Counts, ms: &[Meld], form: Form) -> Hand {
    let tiles = notation::parse(&notation::format(c, 0)).unwrap();
    Hand::new(tiles, ms.to_vec(), form, 13).unwrap()
}

#[test]
fn wins_and_waits_agree_with_brute_force_on_random_13_tile_hands() {
    // 004 13 張版: a win is 4 組+1 對 with the melds; a wait is a kind that makes one.
    let v = two13();
    let man: Vec<usize> = (0..9).collect();
    let man_honors: Vec<usize> = (0..9).chain(27..34).collect();
    let mut rng = SplitMix64::new(13);
    let (mut ready, mut complete) = (0, 0);
    for n in 0..4000 {
        let kinds = if n % 2 == 0 { &man } else { &man_honors };
        let k = n % 4;
        let (c, ms) = random_hand(&mut rng, k, 0, kinds);
        let h = hand_of(&c, &ms, Form::Waiting);
        assert_eq!(h.meld_count, k + 1, "the missing fifth set counts as made");
        let got: Vec<usize> = waits(&h, &[0; KINDS], &v)
            .unwrap()
            .iter()
            .map(|w| w.tile.index())
            .collect();
        let want = ref_waits(&c, &ms);
        assert_eq!(got, want, "{} {ms:?}", notation::format(&c, 0));
        let sh = shanten(&h, &v);
        assert_eq!(sh == 0, !want.is_empty(), "{}", notation::format(&c, 0));
        if !want.is_empty() {
            ready += 1;
            // Each wait completes it: a 14 − 3k hand that is a win.
            let mut full = c;
            full[want[0]] += 1;
            let fh = hand_of(&full, &ms, Form::Full);
            assert!(is_win(&fh, &v));
            assert_eq!(shanten(&fh, &v), -1);
        }
        // A 14 − 3k hand: the win detector against the reference.
        let (full, fms) = random_hand(&mut rng, k, 1, kinds);
        let fh = hand_of(&full, &fms, Form::Full);
        let is = is_win(&fh, &v);
        assert_eq!(is, ref_win(&full), "{} {fms:?}", notation::format(&full, 0));
        complete += usize::from(is);
    }
    assert!(
        ready > 400 && complete > 100,
        "{ready} ready, {complete} complete"
    );
}

/// Shanten by its definition: 0 when ready, else one more than the best exchange (draw a kind
/// held fewer than 4 times, discard any tile).
fn exchange_consistent(c: &Counts, ms: &[Meld], v: &Variant) {
    let h = hand_of(c, ms, Form::Waiting);
    let sh = shanten(&h, v);
    let mut own = *c;
    for m in ms {
        m.add_to(&mut own);
    }
    if !waits(&h, &[0; KINDS], v).unwrap().is_empty() {
        assert_eq!(sh, 0);
        return;
    }
    let mut best = i8::MAX;
    for t in (0..KINDS).filter(|&t| own[t] < 4) {
        for d in (0..KINDS).filter(|&d| c[d] > 0 && d != t) {
            let mut w = *c;
            w[t] += 1;
            w[d] -= 1;
            best = best.min(shanten(&hand_of(&w, ms, Form::Waiting), v));
        }
    }
    assert_eq!(sh, best + 1, "{} {ms:?}", notation::format(c, 0));
}

#[test]
fn shanten_of_13_tile_hands_follows_its_exchange_definition() {
    let v = taiwan13();
    let mut rng = SplitMix64::new(1313);
    let all: Vec<usize> = (0..KINDS).collect();
    for n in 0..150 {
        let (c, ms) = random_hand(&mut rng, n % 3, 0, &all);
        exchange_consistent(&c, &ms, &v);
    }
    // Worked by hand (shanten = 14 − the most tiles a complete hand keeps − 1):
    // 123456789m 1234z keeps three runs, a single for the pair and one for a set: 11 → 2.
    let h = Hand::parse("123456789m1234z", &[], Form::Waiting, 13).unwrap();
    assert_eq!(shanten(&h, &v), 2);
    // 123456m 9m 123456z keeps two runs, then three singles (a pair and two sets): 9 → 4.
    let h = Hand::parse("1234569m123456z", &[], Form::Waiting, 13).unwrap();
    assert_eq!(shanten(&h, &v), 4);
}

#[test]
fn analysis_of_a_14_tile_hand() {
    // 123m 456m 789m 11z + 2p 5p 6p: discard 2p → 56p waits on 4p and 7p (兩面).
    let v = taiwan13();
    let h = Hand::parse("123456789m2567p11z", &[], Form::Full, 13);
    assert!(h.is_err(), "15 tiles are not 14");
    let h = Hand::parse("123456789m256p11z", &[], Form::Full, 13).unwrap();
    let a = analyze(&h, &[0; KINDS], &v).unwrap();
    assert_eq!(a.shanten, 0);
    let best = &a.discards[0];
    assert_eq!(best.tile, tile("2p"));
    let waits: Vec<Tile> = best.waits.iter().map(|w| w.tile).collect();
    assert_eq!(waits, vec![tile("4p"), tile("7p")]);
    // A ready hand's accepting kinds are its waits (they take it to −1).
    let ready = Hand::parse("123456789m56p11z", &[], Form::Waiting, 13).unwrap();
    let acc: Vec<Tile> = accepts(&ready, &[0; KINDS], &v)
        .unwrap()
        .iter()
        .map(|a| a.tile)
        .collect();
    assert_eq!(acc, vec![tile("4p"), tile("7p")]);
    let far = Hand::parse("123456789m59p11z", &[], Form::Waiting, 13).unwrap();
    let acc: Vec<Tile> = accepts(&far, &[0; KINDS], &v)
        .unwrap()
        .iter()
        .map(|a| a.tile)
        .collect();
    // 5p and 9p become a pair, or a two-tile shape with 3p 4p 6p 7p 8p.
    for t in ["3p", "4p", "5p", "6p", "7p", "8p", "9p"] {
        assert!(acc.contains(&tile(t)), "{t} in {acc:?}");
    }
}

// ---------------------------------------------------------------- special shapes

#[test]
fn special_shapes_take_their_14_tile_forms() {
    // 004: 十三么是 13 張麻將的牌型: 13 orphans, one paired, nothing more (no extra set).
    let v = with(&taiwan13(), &[("tai.thirteen_orphans", Value::Int(16))]);
    let ready = Hand::parse("19m19p19s1234567z", &[], Form::Waiting, 13).unwrap();
    let w = waits(&ready, &[0; KINDS], &v).unwrap();
    assert_eq!(w.len(), 13, "十三面");
    assert_eq!(shanten(&ready, &v), 0);
    let full = Hand::parse("119m19p19s1234567z", &[], Form::Full, 13).unwrap();
    assert!(is_win(&full, &v));
    // 自摸 adds; 不求人 does not: drawn into taiwan, 十三么 is the fan list's row (十三么 88:
    // 不算…不求人), as in the 16-tile reading of a drawn-in shape.
    let s = win(
        "19m19p19s1234567z",
        &[],
        "1m",
        &Context::new(1, WinKind::SelfDraw),
        &v,
    );
    assert_eq!(s.total_tai, 16 + 1, "{:?}", items(&s));
    // 七對 (003 fan list: 七個對子) is seven pairs.
    let v = with(&taiwan13(), &[("tai.fan_seven_pairs", Value::Int(24))]);
    let full = Hand::parse("1155m2277p3399s11z", &[], Form::Full, 13).unwrap();
    assert!(is_win(&full, &v));
    let ready = Hand::parse("1155m2277p3399s1z", &[], Form::Waiting, 13).unwrap();
    let w: Vec<Tile> = waits(&ready, &[0; KINDS], &v)
        .unwrap()
        .iter()
        .map(|w| w.tile)
        .collect();
    assert_eq!(w, vec![tile("1z")]);
    // improved16 without 瀝咕瀝咕: its 十三么 is the 14-tile form too.
    let v = with(
        &Variant::improved16(),
        &[
            ("special_shapes.lig_gu", Value::Bool(false)),
            ("hand_size", Value::Int(13)),
        ],
    );
    assert!(is_win(&full_orphans(), &v));
}

fn full_orphans() -> Hand {
    Hand::parse("19m19p19s12345677z", &[], Form::Full, 13).unwrap()
}

// ---------------------------------------------------------------- scoring

#[test]
fn worked_hands_score_on_four_sets() {
    let v = taiwan13();
    // 平胡 (000 平胡的認定) on four runs: 吃 123m, 456m 789p 55s 23s waiting on 1s/4s (兩面),
    // won on seat 2's discard by seat 1: 平胡 2, nothing else.
    let ctx = Context::new(1, WinKind::Discard { from: 2 });
    let s = win("456m789p2355s", &[("chi", "123m")], "4s", &ctx, &v);
    assert_eq!(items(&s), vec![("平胡".to_owned(), 2)]);
    // 碰碰胡 (all sets triplets: four here), 三暗刻, 自摸, 獨聽 (單吊 on 5s): 4 + 2 + 1 + 1 = 8,
    // plus 莊家 on the dealer's lines.
    let ctx = Context::new(0, WinKind::SelfDraw);
    let s = win("999m111p999p5s", &[("pon", "111m")], "5s", &ctx, &v);
    assert_eq!(s.total_tai, 8, "{:?}", items(&s));
    assert_eq!(s.dealer_tai, 1);
    // 四暗刻 is every set concealed: 5 (三暗刻 is its lower tier) + 碰碰胡 4 + 門清 1 + 自摸 1 +
    // 不求 1 + 獨聽 1 = 13; 五暗刻 cannot occur with four sets.
    let s = win("111m999m111p999p5s", &[], "5s", &ctx, &v);
    let keys: Vec<&str> = s.items.iter().map(|i| i.key).collect();
    assert!(keys.contains(&"four_concealed") && !keys.contains(&"five_concealed"));
    assert!(!keys.contains(&"three_concealed"));
    assert_eq!(s.total_tai, 13, "{:?}", items(&s));
    // 全求 is all four sets claimed and a 單吊 on a discard: 全求 1 + 獨聽 1.
    let ctx = Context::new(1, WinKind::Discard { from: 2 });
    let four = [
        ("chi", "123m"),
        ("pon", "555p"),
        ("pon", "777s"),
        ("chi", "789m"),
    ];
    let s = win("1z", &four, "1z", &ctx, &v);
    assert_eq!(
        items(&s),
        vec![("獨聽".to_owned(), 1), ("全求".to_owned(), 1)],
        "{:?}",
        items(&s)
    );
    // The same under 16 tiles would need a fifth set: a size error, not a score.
    assert!(try_win("1z", &four, "1z", &ctx, &Variant::taiwan()).is_err());
}

#[test]
fn wait_values_of_a_13_tile_hand() {
    let v = two13();
    let ctx = Context::new(1, WinKind::SelfDraw);
    let vals = wait_values(&counts("123456789m1155z"), &[], &ctx, &v).unwrap();
    let tiles: Vec<Tile> = vals.iter().map(|w| w.tile).collect();
    assert_eq!(tiles, vec![tile("1z"), tile("5z")]);
    // 雙碰 on 白: 門清 1, 三元牌 1, 混一色 4 (萬子 and 字牌 only) on a discard; a self-draw
    // adds 自摸 1 and 不求 1 (000: 門清自摸 = 3).
    let haku = &vals[1];
    assert_eq!(
        haku.on_discard.total_tai,
        6,
        "{:?}",
        items(&haku.on_discard)
    );
    assert_eq!(
        haku.on_self_draw.total_tai,
        8,
        "{:?}",
        items(&haku.on_self_draw)
    );
    let e = err_of(wait_values(&counts("123456789m11155z"), &[], &ctx, &v));
    assert!(e.contains("a ready hand has 13 (hand_size 13)"), "{e}");
}

// ---------------------------------------------------------------- size errors

#[test]
fn wrong_sizes_name_the_expected_count() {
    let e = err_of(Hand::parse("123456789m123p11z", &[], Form::Waiting, 13));
    assert!(e.contains("13, 10, 7, 4 or 1 (13 − 3k"), "{e}");
    let e = err_of(Hand::parse(
        "456789m123p11z",
        &[("chi", "123m")],
        Form::Waiting,
        13,
    ));
    assert!(e.contains("needs 10 (13 − 3 × 1 melds)"), "{e}");
    let five = [
        ("pon", "111m"),
        ("pon", "222m"),
        ("pon", "333m"),
        ("pon", "444m"),
        ("pon", "555m"),
    ];
    let e = err_of(Hand::parse("1z", &five, Form::Waiting, 13));
    assert!(e.contains("at most 4 (a 13-tile hand)"), "{e}");
    assert!(Hand::parse("1z", &five, Form::Waiting, 16).is_ok());
    let e = err_of(Hand::parse("1z", &[], Form::Waiting, 14));
    assert!(e.contains("14 tiles is not played"), "{e}");
    // A 16-tile win under 13: the scorer names what a win needs.
    let ctx = Context::new(1, WinKind::SelfDraw);
    let e = err_of(try_win("2223456m123456789p", &[], "1m", &ctx, &taiwan13()));
    assert!(e.contains("a win needs 14 (hand_size 13)"), "{e}");
    // A hand read for 16 tiles handed to a 13-tile variant.
    let h16 = Hand::parse("123456789m1234z", &[], Form::Waiting, 16).unwrap();
    let e = err_of(waits(&h16, &[0; KINDS], &two13()));
    assert!(
        e.contains("read as a 16-tile hand") && e.contains("13 tiles"),
        "{e}"
    );
}

// ---------------------------------------------------------------- the game

#[test]
fn the_deal_is_13_and_the_dealer_14() {
    let v = two13();
    for seed in 0..20 {
        let d = Deal::from_seed(seed, 0, false, &v);
        let sizes: Vec<usize> = d.hands.iter().map(Vec::len).collect();
        let mut want = vec![13, 13, 0, 0];
        want[usize::from(d.dealer)] = 14;
        assert_eq!(sizes, want);
        // 64 tiles (萬子 + 字牌): 27 dealt, 16 kept back.
        assert_eq!(d.len(), 64);
        let st = State::from_seed(seed, &v);
        st.check_invariants().unwrap();
        assert_eq!(st.drawable(), 64 - 27 - 16);
    }
    // The 16-tile deal of the same seed is as before (dealt four at a time, four rounds).
    let d16 = Deal::from_seed(5, 0, false, &Variant::two_player());
    assert_eq!(d16.hands[usize::from(d16.dealer)].len(), 17);
}

#[test]
fn a_scripted_13_tile_deal_and_its_size_check() {
    // The dealer's 14 tiles are complete (four sets and a pair): 天胡 (000 天胡、地胡、人胡),
    // which the game declares as the hand starts.
    let d = Deal::scripted(
        0,
        ["123456789m111z22z", "1m2m3m4m5m6m7m8m9m3z3z3z4z", "", ""],
        "1m1m2m2m3m3m4m4m5m5m6m6m7m7m8m8m9m9m 6z6z6z6z 7z7z7z7z 4z4z",
        "5z5z",
    )
    .unwrap();
    let st = State::from_deal(d.clone(), &two13()).unwrap();
    let r = st.result().expect("over at once");
    assert_eq!(r.wins.len(), 1);
    assert_eq!(r.wins[0].seat, 0);
    assert_eq!(r.wins[0].first_turn, Some(FirstTurn::Heaven));
    // The same deal under the 16-tile game is refused, naming the size it needs.
    let e = err_of(State::from_deal(d, &Variant::two_player()));
    assert!(e.contains("seat 0 is dealt 14 tiles; it needs 17"), "{e}");
}

/// Plays one `v` hand with random legal actions (wins taken), the invariants checked after
/// every step (hand sizes 13 / 14, conservation).
fn play(v: &Variant, seed: u64) -> State {
    let mut st = State::from_seed(seed, v);
    let mut rng = SplitMix64::new(seed ^ 0x13);
    let mut steps = 0;
    while !st.is_over() {
        st.check_invariants()
            .unwrap_or_else(|e| panic!("seed {seed} step {steps}: {e}"));
        let seat = st.pending().trailing_zeros() as u8;
        let acts = legal_actions(&st, seat);
        assert!(!acts.is_empty(), "seed {seed}: no legal action");
        let a = if acts.contains(&Action::Win) {
            Action::Win
        } else {
            acts[rng.below(acts.len())]
        };
        st.apply(seat, a).unwrap();
        steps += 1;
        assert!(steps < 2000, "seed {seed}: the hand does not end");
    }
    st
}

#[test]
fn two_player_13_plays_random_games_to_the_end_and_replays() {
    let v = two13();
    let (mut wins, mut draws) = (0, 0);
    for seed in 0..400 {
        let st = play(&v, seed);
        let r = st.result().unwrap();
        if r.is_draw() {
            draws += 1;
        }
        for w in &r.wins {
            wins += 1;
            // Every win is a complete 14 − 3k hand: four sets and a pair with its melds.
            let n: usize = w.concealed.iter().map(|&c| usize::from(c)).sum();
            assert_eq!(n + 3 * w.melds.len(), 14, "seed {seed}");
            assert!(ref_win(&w.concealed), "seed {seed}");
        }
        let text = write_log(st.log());
        let back = read_log(&text).unwrap();
        assert_eq!(back, st.log());
        let again = replay(&back).unwrap();
        assert_eq!(again.result(), st.result(), "seed {seed}");
    }
    // Random play rarely wins: the games must end both ways.
    assert!(wins > 30 && draws > 100, "{wins} wins, {draws} draws");
}

#[test]
fn snapshots_agree_with_the_13_tile_game() {
    // two_player at 13 is in `game/snapshots.rs` with the other 3- and 2-seat snapshots.
    for v in [thirteen(&Variant::three_player()), taiwan13()] {
        let n = snapshots_agree(&v, 0..40, 7);
        assert!(n > 500, "{}: {n} decisions", v.preset);
    }
}

#[test]
fn free_set_patterns_are_the_whole_13_tile_hand() {
    // 003 改良式 綠一色, 九連寶燈: the 16-tile hand is the 14-tile pattern plus one free set
    // (有一搭可隨意吃碰); a 13-tile hand is the pattern itself, nothing left out.
    let v = with(
        &Variant::improved16(),
        &[
            ("special_shapes.lig_gu", Value::Bool(false)),
            ("hand_size", Value::Int(13)),
        ],
    );
    let ctx = Context::new(1, WinKind::Discard { from: 2 });
    let keys = |s: &twmj_core::scoring::Score| -> Vec<&'static str> {
        s.items.iter().map(|i| i.key).collect()
    };
    // 234s 234s 666s 888s + 發發: every tile green.
    let s = win("234234666888s6z", &[], "6z", &ctx, &v);
    assert!(keys(&s).contains(&"all_green"), "{:?}", items(&s));
    // 123m instead of one 234s: green but for one set, which at 13 tiles is not 綠一色.
    let s = win("123m234666888s6z", &[], "6z", &ctx, &v);
    assert!(!keys(&s).contains(&"all_green"), "{:?}", items(&s));
    // 1112345678999m + 5m, concealed: 純正九連寶燈 (註17) with the whole hand.
    let s = win("1112345678999m", &[], "5m", &ctx, &v);
    assert!(keys(&s).contains(&"nine_gates_pure"), "{:?}", items(&s));
    // The same row with a 吃 in it is not concealed: no 九連寶燈 (the 吃 is no free set).
    let s = win("1112345999m", &[("chi", "678m")], "5m", &ctx, &v);
    let k = keys(&s);
    assert!(
        !k.contains(&"nine_gates_pure") && !k.contains(&"nine_gates_variant"),
        "{:?}",
        items(&s)
    );
}
