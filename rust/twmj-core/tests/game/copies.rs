//! Four copies of each tile (000 牌: 萬、筒、條各 1 到 9 各 4 張，字牌 … 各 4 張; 8 flowers, one of
//! each) hold across everything a snapshot names: its hand and melds, its last discard, the
//! discard or 加槓 on offer (issue 31 item 10). A fifth copy is refused by field, never
//! answered and never a panic; every decision a real game reaches still passes.

use std::panic::{catch_unwind, AssertUnwindSafe};

use serde_json::{json, Value};
use twmj_core::game::{Snapshot, SplitMix64, State};
use twmj_core::hand::{Meld, MeldKind};
use twmj_core::notation;
use twmj_core::rules::PRESETS;
use twmj_core::scoring::Variant;
use twmj_core::tile::{Counts, Flower, Tile, FLOWERS, KINDS};

use super::common::game::greedy_pick;
use twmj_core::game::legal_actions;

/// The legal action names of a snapshot written as the service takes it.
fn answer(v: &Value, melds: Vec<Meld>, variant: Option<&Variant>) -> twmj_core::Result<usize> {
    Snapshot::from_json(v, melds, variant)?
        .legal_actions()
        .map(|a| a.len())
}

fn offer(hand: &str, offer: &Value) -> Value {
    json!({"seat": 0, "hand": hand, "drawable": 40, "decision": {"offer": offer}})
}

#[test]
fn the_issues_fifth_copies_are_refused_by_field() {
    // Issue 31 item 10: four 9p held and a fifth offered panicked (tables.rs index out of
    // bounds, a 500 over HTTP).
    let v = offer(
        "1p1p7p8p9p9p9p9p8s8s8s3z3z3z7z7z",
        &json!({"from": 3, "discard": "9p"}),
    );
    let e = answer(&v, Vec::new(), None).unwrap_err();
    // Issue 32 item 4: the fine code of the rule (4 of a kind), of kind hand_error.
    assert_eq!(
        (e.kind(), e.code()),
        ("hand_error", "too_many_copies"),
        "{e}"
    );
    assert_eq!(e.field().as_deref(), Some("decision.offer.discard"), "{e}");
    assert!(e.to_string().contains("fifth 9p"), "{e}");
    // Four 5m held: a discarded 5m was answered [pon, pass].
    let e = answer(
        &offer("5555m1234567p111s22z", &json!({"from": 3, "discard": "5m"})),
        Vec::new(),
        None,
    )
    .unwrap_err();
    assert_eq!(e.field().as_deref(), Some("decision.offer.discard"), "{e}");
    // A 加槓 of 5m is the fourth 5m beside a 碰 of three: none can be in this seat's hand
    // (four held were answered with no action at all).
    for hand in ["5555m1234567p111s22z", "5m1234567p111s2z3z3z4z5z"] {
        let e = answer(
            &offer(hand, &json!({"from": 1, "kakan": "5m"})),
            Vec::new(),
            None,
        )
        .unwrap_err();
        assert_eq!(
            e.field().as_deref(),
            Some("decision.offer.kakan"),
            "{hand}: {e}"
        );
    }
    // The same held beside a 碰 in the seat's melds: a fifth 5m.
    let pon = Meld::parse_one("pon", "5m5m5m").unwrap();
    let e = answer(
        &offer("5m1234567p111s2z3z", &json!({"from": 3, "discard": "5m"})),
        vec![pon],
        None,
    )
    .unwrap_err();
    assert_eq!(e.field().as_deref(), Some("decision.offer.discard"), "{e}");
    assert!(
        e.to_string().contains("1 in its hand and 3 in its melds"),
        "{e}"
    );
    // The seat's own last discard is a copy out of its hand: three held, one discarded, a
    // fourth on offer is the fifth.
    let mut v = offer(
        "555m1234567p111s2z3z4z",
        &json!({"from": 3, "discard": "5m"}),
    );
    assert!(answer(&v, Vec::new(), None).is_ok());
    v["last_discard"] = json!("5m");
    let e = answer(&v, Vec::new(), None).unwrap_err();
    assert_eq!(e.field().as_deref(), Some("decision.offer.discard"), "{e}");
    // Four held and a fifth discarded before.
    let mut v = offer("5555m1234567p111s22z", &json!({"from": 3, "discard": "1z"}));
    v["last_discard"] = json!("5m");
    let e = answer(&v, Vec::new(), None).unwrap_err();
    assert_eq!(e.field().as_deref(), Some("last_discard"), "{e}");
    // A flower is one piece: shown by the seat offering it and held here, or written twice.
    let mut v = offer("5555m1234567p111s22z", &json!({"from": 3, "flower": "3f"}));
    v["flowers"] = json!("3f");
    let e = answer(&v, Vec::new(), None).unwrap_err();
    assert_eq!(e.field().as_deref(), Some("decision.offer.flower"), "{e}");
    let mut v = offer(
        "1f5555m1234567p111s22z",
        &json!({"from": 3, "discard": "9s"}),
    );
    v["flowers"] = json!("1f2f");
    let e = answer(&v, Vec::new(), None).unwrap_err();
    assert_eq!(e.field().as_deref(), Some("snapshot.flowers"), "{e}");
}

#[test]
fn copies_that_may_be_one_piece_are_not_counted_twice() {
    // 000 過水碰 / 過水: a discard the seat let go may be the one it then 吃'd, or the one on
    // offer (a win declined for 起胡 is remembered while the offer is open); neither is a
    // second copy.
    let chi = Meld::parse_one("chi", "3p4p5p").unwrap();
    let mut v = json!({"seat": 1, "hand": "5p5p5p123456789s11z", "drawable": 40,
                       "no_pon": "5p", "furiten": true, "furiten_declined": "5p",
                       "decision": {"turn": {"after_call": {"chi": "5p"}}}});
    assert!(answer(&v, vec![chi], None).is_ok(), "{v}");
    v = offer(
        "555p1234567s111z2z3z4z",
        &json!({"from": 3, "discard": "5p"}),
    );
    v["furiten"] = json!(true);
    v["furiten_declined"] = json!("5p");
    v["no_pon"] = json!("5p");
    assert!(answer(&v, Vec::new(), None).is_ok());
    // A 加槓 may hold the seat's own last discard (its 碰 was of that discard).
    let mut v = offer(
        "1234567p111s2z3z4z5z6z7z",
        &json!({"from": 1, "kakan": "5m"}),
    );
    v["last_discard"] = json!("5m");
    assert!(answer(&v, Vec::new(), None).is_ok());
}

#[test]
fn every_decision_of_real_games_passes_the_count() {
    // Every seat deciding at every point of random games under every preset: the snapshot of
    // the game's own state is never refused, and agrees with the game.
    let mut rng = SplitMix64::new(31);
    let mut checked = 0usize;
    for preset in PRESETS {
        let v = Variant::preset(preset).unwrap();
        for seed in 0..40 {
            let mut st = State::from_seed(seed, &v);
            while !st.is_over() {
                let pending = st.pending();
                for seat in (0..st.seats()).filter(|s| pending >> s & 1 == 1) {
                    if let Some(snap) = Snapshot::of(&st, seat) {
                        let mut got = snap
                            .legal_actions()
                            .unwrap_or_else(|e| panic!("{preset} seed {seed} seat {seat}: {e}"));
                        let mut want = legal_actions(&st, seat);
                        got.sort_by_key(|a| a.index());
                        want.sort_by_key(|a| a.index());
                        assert_eq!(got, want, "{preset} seed {seed} seat {seat}");
                        checked += 1;
                    }
                }
                let seat = pending.trailing_zeros() as u8;
                let acts = legal_actions(&st, seat);
                let a = greedy_pick(&st, seat, &acts, &mut rng, 4);
                st.apply(seat, a).unwrap();
            }
        }
    }
    assert!(checked > 15_000, "{checked} decisions");
}

// ------------------------------------------------------------------------------ the fuzz run

/// How many snapshots [`fuzz_snapshots_near_the_copy_cap`] tries: a few seconds' worth by
/// default; `TWMJ_FUZZ_SNAPSHOTS=300000` for the full run (benches/README.md).
fn fuzz_count() -> usize {
    std::env::var("TWMJ_FUZZ_SNAPSHOTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(40_000)
}

/// One random snapshot whose tiles crowd a few kinds (most near or past four copies), with
/// its melds and, independently of the library, whether it names a fifth copy.
struct Case {
    json: Value,
    melds: Vec<Meld>,
    fifth: bool,
    /// Some kind is named exactly four times.
    full: bool,
}

/// A kind of `kinds`, two times in three one of the few `hot` ones.
fn pick(rng: &mut SplitMix64, kinds: &[Tile], hot: &[Tile]) -> Tile {
    if rng.below(3) < 2 {
        hot[rng.below(hot.len())]
    } else {
        kinds[rng.below(kinds.len())]
    }
}

/// A kind picked as [`pick`] with at least `n` copies of `left`, when one is found soon.
fn take(
    rng: &mut SplitMix64,
    kinds: &[Tile],
    hot: &[Tile],
    left: &mut Counts,
    n: u8,
) -> Option<Tile> {
    (0..12).find_map(|_| {
        let t = pick(rng, kinds, hot);
        (left[t.index()] >= n).then(|| {
            left[t.index()] -= n;
            t
        })
    })
}

/// A snapshot built from the set's copies (each kind's four handed out to the hand, the
/// melds, the last discard and the offer), then half the time pushed past the cap once: a
/// copy more on offer, in the last discard or a meld, a 加槓 of a kind the seat holds, a
/// flower the seat has. Whether it names a fifth copy is counted from the snapshot as
/// written, not from how it was built.
fn case(rng: &mut SplitMix64, variant: Option<&Variant>) -> Case {
    let kinds: Vec<Tile> = Tile::all()
        .filter(|&t| variant.is_none_or(|v| v.in_play(t)))
        .collect();
    let hot: Vec<Tile> = (0..=rng.below(3))
        .map(|_| kinds[rng.below(kinds.len())])
        .collect();
    let size = variant.map_or(16, |v| usize::from(v.hand_size));
    let seats = variant.map_or(4, |v| usize::from(v.seats()));
    let mut left: Counts = [4; KINDS];
    let kind = rng.below(12);
    let push = rng.below(2) == 0;
    // What the decision needs: the turn's seat (and the dealer at the opening) one more tile.
    let want = if (8..=11).contains(&kind) {
        size + 1
    } else {
        size
    };
    let mut melds = Vec::new();
    for _ in 0..rng.below(size / 3 + 1) {
        let (k, n) = match rng.below(6) {
            0 | 1 => (MeldKind::Chi, 1),
            2 => (MeldKind::Pon, 3),
            3 => (MeldKind::Minkan, 4),
            4 => (MeldKind::Kakan, 4),
            _ => (MeldKind::Ankan, 4),
        };
        if k == MeldKind::Chi {
            let runs: Vec<Tile> = kinds
                .iter()
                .copied()
                .filter(|t| {
                    !t.is_honor()
                        && t.number() <= 7
                        && (0..3).all(|d| {
                            left[t.index() + d] > 0
                                && kinds.iter().any(|k| k.index() == t.index() + d)
                        })
                })
                .collect();
            if let Some(&t) = runs.get(rng.below(runs.len().max(1))) {
                (0..3).for_each(|d| left[t.index() + d] -= 1);
                melds.push(Meld { kind: k, tile: t });
            }
        } else if let Some(t) = take(rng, &kinds, &hot, &mut left, n) {
            melds.push(Meld { kind: k, tile: t });
        }
    }
    let mut hand: Counts = [0; KINDS];
    for _ in 0..want.saturating_sub(3 * melds.len()) {
        let t = take(rng, &kinds, &hot, &mut left, 1).unwrap_or_else(|| {
            let t = kinds.iter().copied().find(|t| left[t.index()] > 0).unwrap();
            left[t.index()] -= 1;
            t
        });
        hand[t.index()] += 1;
    }
    let flowers = if rng.below(2) == 0 {
        0
    } else {
        rng.next_u64() as u8
    };
    let shown = if rng.below(4) == 0 {
        rng.next_u64() as u8 & !flowers
    } else {
        0
    };
    let mut json = json!({
        "seat": 0,
        "hand": notation::format(&hand, flowers),
        "flowers": notation::format(&[0; KINDS], shown),
        "drawable": rng.below(60),
    });
    // The seat's own last discard, a memory of passed calls and a declined win (these two
    // may name any kind: they may be a piece already counted).
    let last = if rng.below(3) == 0 {
        take(rng, &kinds, &hot, &mut left, 1)
    } else {
        None
    };
    if rng.below(4) == 0 {
        json["no_pon"] = json!(pick(rng, &kinds, &hot).code());
    }
    if rng.below(4) == 0 {
        json["furiten"] = json!(true);
        json["furiten_declined"] = json!(pick(rng, &kinds, &hot).code());
    }
    let from = 1 + rng.below(seats - 1);
    let held =
        |c: &Counts| -> Vec<Tile> { kinds.iter().copied().filter(|t| c[t.index()] > 0).collect() };
    let mut own = hand;
    for m in &melds {
        m.add_to(&mut own);
    }
    let mut last = last;
    json["decision"] = match kind {
        0..=4 => {
            let t = if push && kind < 3 {
                // A kind all of whose copies are handed out already.
                kinds.iter().copied().find(|t| left[t.index()] == 0)
            } else {
                take(rng, &kinds, &hot, &mut left, 1)
            };
            if push && kind >= 3 && last.is_none() {
                last = kinds.iter().copied().find(|t| left[t.index()] == 0);
            }
            let t = t.unwrap_or_else(|| pick(rng, &kinds, &hot));
            json!({"offer": {"from": from, "discard": t.code(), "last": rng.below(8) == 0}})
        }
        5 | 6 => {
            // The 加槓's four are at the seat offering it: a kind the seat holds none of, or
            // (pushed) one it holds.
            let pool: Vec<Tile> = if push {
                held(&own)
            } else {
                kinds
                    .iter()
                    .copied()
                    .filter(|t| own[t.index()] == 0)
                    .collect()
            };
            let t = pool
                .get(rng.below(pool.len().max(1)))
                .copied()
                .unwrap_or(kinds[0]);
            json!({"offer": {"from": from, "kakan": t.code()}})
        }
        7 => {
            if rng.below(2) == 0 {
                json!({"offer": {"from": from, "ankan": true}})
            } else {
                let f = if push && flowers != 0 {
                    flowers.trailing_zeros() as usize
                } else {
                    rng.below(FLOWERS)
                };
                json!({"offer": {"from": from, "flower": Flower::new(f).unwrap().code()}})
            }
        }
        8..=10 => {
            let h = held(&hand);
            let mut t = json!({"replacement": rng.below(4) == 0, "last_tile": rng.below(8) == 0});
            if !h.is_empty() && rng.below(4) > 0 {
                t["drawn"] = json!(h[rng.below(h.len())].code());
            }
            if kind == 10 {
                if let Some(m) = melds.last() {
                    t["after_call"] = match m.kind {
                        MeldKind::Chi => json!({"chi": m.tile.code()}),
                        _ => json!({"pon": m.tile.code()}),
                    };
                }
            }
            if push && last.is_none() {
                last = kinds.iter().copied().find(|t| left[t.index()] == 0);
            }
            json!({"turn": t})
        }
        _ => json!({"opening": true}),
    };
    if let Some(t) = last {
        json["last_discard"] = json!(t.code());
    }
    // The oracle: every copy the snapshot names, counted from what it says.
    let mut named = own;
    if let Some(t) = last {
        named[t.index()] += 1;
    }
    let offer = &json["decision"]["offer"];
    let tile_at = |k: &str| {
        offer[k]
            .as_str()
            .map(|s| notation::parse(s).unwrap().counts)
    };
    if let Some(c) = tile_at("discard") {
        (0..KINDS).for_each(|i| named[i] += c[i]);
    }
    if let Some(c) = tile_at("kakan") {
        // The four at the seat offering it, which may hold the seat's last discard.
        (0..KINDS)
            .filter(|&i| c[i] > 0)
            .for_each(|i| named[i] = own[i] + 4);
    }
    let mut fifth = named.iter().any(|&c| c > 4) || shown & flowers != 0;
    if let Some(f) = offer["flower"].as_str() {
        fifth |= notation::parse(f).unwrap().flowers & (flowers | shown) != 0;
    }
    let full = named.contains(&4);
    Case {
        json,
        melds,
        fifth,
        full,
    }
}

#[test]
fn fuzz_snapshots_near_the_copy_cap() {
    // Issue 31 item 10: on main a9a51ff, 300,000 such snapshots gave 195 panics and 56,000
    // fifth copies answered. Now: none of either; the fifth copies are refused, most of them by
    // the field that names the copy.
    let total = fuzz_count();
    let presets: Vec<Variant> = PRESETS
        .iter()
        .map(|p| Variant::preset(p).unwrap())
        .collect();
    let mut rng = SplitMix64::new(0x31_0010);
    let (mut panics, mut answered_fifth, mut fifths, mut by_field, mut answered) = (0, 0, 0, 0, 0);
    let mut at_cap = 0;
    let mut refusals = std::collections::BTreeMap::<String, usize>::new();
    for i in 0..total {
        // A third without a variant (the taiwan rules, no situation), the rest under a preset.
        let variant = (i % 3 != 0).then(|| &presets[rng.below(presets.len())]);
        let c = case(&mut rng, variant);
        let got = catch_unwind(AssertUnwindSafe(|| {
            answer(&c.json, c.melds.clone(), variant)
        }));
        let Ok(got) = got else {
            panics += 1;
            eprintln!("panic on {} with melds {:?}", c.json, c.melds);
            continue;
        };
        if c.fifth {
            fifths += 1;
            match &got {
                Ok(_) => {
                    answered_fifth += 1;
                    eprintln!("a fifth copy answered: {} with melds {:?}", c.json, c.melds);
                }
                Err(e) => {
                    *refusals.entry(e.field().unwrap_or_default()).or_insert(0) += 1;
                    by_field += usize::from(
                        e.code() == "too_many_copies" && e.to_string().contains("fifth"),
                    );
                }
            }
        } else if got.is_ok() {
            answered += 1;
            at_cap += usize::from(c.full);
        }
    }
    eprintln!(
        "{total} snapshots: {fifths} name a fifth copy ({by_field} refused by the copy's field), \
         {answered} answered ({at_cap} of them with four of a kind named), {panics} panics, {answered_fifth} \
         fifth copies answered; the fifth copies refused by field: {refusals:?}"
    );
    assert_eq!(panics, 0);
    assert_eq!(answered_fifth, 0);
    // The generator reaches both sides of the cap.
    assert!(fifths > total / 5, "{fifths} of {total}");
    assert!(answered > total / 20, "{answered} of {total}");
}
