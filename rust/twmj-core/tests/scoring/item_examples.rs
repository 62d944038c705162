//! Every entry's example hands (`ItemDef::examples`, beside the entry in `scoring/tables/`):
//! each is scored and the entry's item must count the tai its rule text gives.

use crate::common::{counts, melds, tile};
use twmj_core::scoring::items::Example;
use twmj_core::scoring::tables::TABLES;
use twmj_core::scoring::{score, Context, Declaration, Item, Value, Variant, WinKind, Wind};

fn variant(words: &str) -> Variant {
    let mut parts = words.split_whitespace();
    let preset = parts.next().unwrap_or("taiwan");
    let mut v = Variant::preset(preset).unwrap_or_else(|e| panic!("{e}"));
    for kv in parts {
        let (k, x) = kv
            .split_once('=')
            .unwrap_or_else(|| panic!("{kv}: key=value"));
        let value = match x {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => x
                .parse()
                .map_or_else(|_| Value::Text(x.to_owned()), Value::Int),
        };
        v.set(k, &value).unwrap_or_else(|e| panic!("{e}"));
    }
    v
}

fn wind(s: &str) -> Wind {
    Wind::parse(s).unwrap_or_else(|| panic!("{s}: a wind"))
}

fn num<T: std::str::FromStr>(k: &str, s: &str) -> T {
    s.parse().unwrap_or_else(|_| panic!("{k}={s}: a number"))
}

/// The example's context words (see [`Example::context`]).
fn context(words: &str) -> Context {
    let (mut winner, mut dealer, mut from) = (1u8, 0u8, 2u8);
    let mut kind = "discard";
    for w in words.split_whitespace() {
        match w.split_once('=') {
            Some(("winner", x)) => winner = num("winner", x),
            Some(("dealer", x)) => dealer = num("dealer", x),
            Some(("from", x)) => from = num("from", x),
            Some(("win", x)) => kind = x,
            _ => {}
        }
    }
    let needs_from = matches!(
        kind,
        "discard" | "robbing_kong" | "after_robbing_flower" | "seven_rob_one"
    );
    let win = WinKind::parse(kind, needs_from.then_some(from)).unwrap_or_else(|e| panic!("{e}"));
    let mut c = Context::new(winner, win);
    c.dealer = dealer;
    c.seat_wind = Wind::ALL[usize::from((winner + 4 - dealer) % 4)];
    for w in words.split_whitespace() {
        match w.split_once('=') {
            Some(("streak", x)) => c.streak = num("streak", x),
            Some(("seat", x)) => c.seat_wind = wind(x),
            Some(("round", x)) => c.round_wind = wind(x),
            Some(("flowers", x)) => c.flowers = num("flowers", x),
            Some(("discards", x)) => c.discards = Some(num("discards", x)),
            Some(("declared", x)) => {
                c.declared = Declaration::parse(x, "declared").unwrap_or_else(|e| panic!("{e}"));
            }
            Some(("dice", x)) => {
                let d: Vec<u8> = x.split(',').map(|n| num("dice", n)).collect();
                c.dice = Some([d[0], d[1], d[2]]);
            }
            Some(("winner" | "dealer" | "from" | "win", _)) => {}
            None if w == "first_turn" => c.first_turn = true,
            None if w == "last_tile" => c.last_tile = true,
            _ => panic!("{w}: an unknown context word"),
        }
    }
    c
}

/// `item`'s tai in the example's score: among the hand's items, or on the dealer's line.
fn tai_in(item: Item, ex: &Example) -> u32 {
    let mut c = counts(ex.hand);
    c[tile(ex.win).index()] += 1;
    let ms = melds(ex.melds);
    let s = score(
        &c,
        &ms,
        tile(ex.win),
        &context(ex.context),
        &variant(ex.variant),
        false,
    )
    .unwrap_or_else(|e| panic!("{}: {e}", ex.hand));
    s.items
        .iter()
        .chain(&s.dealer_items)
        .filter(|i| i.item == item)
        .map(|i| i.tai)
        .sum()
}

#[test]
fn every_entrys_examples_hold() {
    let mut n = 0;
    for t in TABLES {
        for d in t.entries {
            for ex in d.examples {
                assert_eq!(
                    tai_in(d.item, ex),
                    ex.tai,
                    "{} in {} {:?} + {} ({}; {})",
                    d.key(),
                    ex.hand,
                    ex.melds,
                    ex.win,
                    ex.context,
                    ex.source
                );
                n += 1;
            }
        }
    }
    // Each table's file carries examples.
    for t in TABLES {
        assert!(
            t.entries.iter().any(|d| !d.examples.is_empty()),
            "{} has no example",
            t.file
        );
    }
    assert!(n >= 20, "{n} examples");
}
