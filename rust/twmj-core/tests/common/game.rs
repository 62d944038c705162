//! Scripted games the flow tests share: deals padded with inert tiles, acting, passing and
//! round-tripping records. Seat 0 deals (dice 1 1 1); seat s + 1 is the 下家 of seat s.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use twmj_core::game::{
    check, is_legal, legal_actions, read_log, replay, write_log, Action, Deal, Phase, Piece,
    Snapshot, SplitMix64, State, Table,
};
use twmj_core::scoring::{Value, Variant};
use twmj_core::tile::Tile;
use twmj_core::Error;

pub fn pieces(s: &str) -> Vec<Piece> {
    Piece::parse_list(s).unwrap()
}

pub fn t(s: &str) -> Tile {
    pieces(s)[0].tile().unwrap()
}

pub fn trad() -> Variant {
    Variant::traditional()
}

pub fn with(v: &Variant, pairs: &[(&str, Value)]) -> Variant {
    v.with_overrides(pairs).unwrap_or_else(|e| panic!("{e}"))
}

pub fn text(s: &str) -> Value {
    Value::Text(s.to_owned())
}

/// Filler kinds in order of preference: honours, terminals, then the rest.
pub const FILL: &str = "1z2z3z4z5z6z7z 1m9m1p9p1s9s 5m5p5s 3m7m3p7p3s7s 2m8m2p8p2s8s 4m6m4p6p4s6s";

/// Each seat's tiles filled up to 17 (seat 0, the dealer) or 16 with inert tiles: kinds no
/// seat's own tiles use, no pair, run or 吃 for anyone (as in `game/legality/`).
pub fn hands(cores: [&str; 4], wall: &str) -> [String; 4] {
    let parsed = cores.map(pieces);
    let mut left = [4u8; 34];
    let mut in_core = [false; 34];
    for p in parsed.iter().flatten().chain(&pieces(wall)) {
        if let Some(x) = p.tile() {
            left[x.index()] -= 1;
        }
    }
    for p in parsed.iter().flatten() {
        if let Some(x) = p.tile() {
            in_core[x.index()] = true;
        }
    }
    let fill: Vec<Tile> = pieces(FILL).iter().filter_map(|p| p.tile()).collect();
    let mut out: [String; 4] = Default::default();
    for seat in 0..4 {
        let mut hand = parsed[seat].clone();
        let n = if seat == 0 { 17 } else { 16 };
        for tier in 0..3 {
            let order: Vec<Tile> = if tier == 2 {
                fill.iter().rev().copied().collect()
            } else {
                fill.clone()
            };
            for x in order {
                if hand.len() >= n {
                    break;
                }
                let near = hand.iter().filter_map(|p| p.tile()).any(|y| {
                    (y == x && !(tier == 2 && x.is_honor()))
                        || (!x.is_honor()
                            && y.suit() == x.suit()
                            && (x.index() as i32 - y.index() as i32).abs()
                                <= if tier == 0 { 2 } else { 1 })
                });
                if left[x.index()] > 0 && !in_core[x.index()] && !near {
                    left[x.index()] -= 1;
                    hand.push(Piece::from_tile(x));
                }
            }
        }
        assert_eq!(
            hand.len(),
            n,
            "seat {seat} ({}) cannot be filled",
            cores[seat]
        );
        out[seat] = hand.iter().map(|p| p.code()).collect();
    }
    out
}

/// A scripted hand under `v`: the seats' cores filled by [`hands`], the live wall starting with
/// `live`, the replacement end with `dead`, the rest of the set (no flowers) after `live`, cut
/// so that `drawable` tiles can be drawn with 16 kept back (all if `None`).
///
/// The filler does not 搭 by design, so a padded hand may be 十三不搭: under a variant with
/// `special_draw.thirteen_unconnected` (improved16) the 起手 choice is passed for every such
/// seat, and the table starts at the dealer's turn as under any other variant
/// ([`table_at_opening`] stops before it).
pub fn table(
    v: &Variant,
    cores: [&str; 4],
    live: &str,
    dead: &str,
    drawable: Option<usize>,
) -> State {
    let mut st = table_at_opening(v, cores, live, dead, drawable);
    while let Phase::Opening(o) = *st.phase() {
        act(&mut st, o.seat, Action::Pass);
    }
    st
}

/// [`table`] without passing the 起手 十三不搭 choice (003 改良式 特殊流局情形).
pub fn table_at_opening(
    v: &Variant,
    cores: [&str; 4],
    live: &str,
    dead: &str,
    drawable: Option<usize>,
) -> State {
    let padded = hands(cores, &format!("{live} {dead}"));
    let mut script = Deal::scripted(
        0,
        [&padded[0], &padded[1], &padded[2], &padded[3]],
        live,
        dead,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut left = [4u8; 34];
    for p in script
        .hands
        .iter()
        .flatten()
        .chain(&script.live)
        .chain(&script.dead)
    {
        if let Some(x) = p.tile() {
            left[x.index()] -= 1;
        }
    }
    let mut rest = Vec::new();
    for round in 0..4 {
        for k in 0..34 {
            let i = (k * 7 + round) % 34;
            if left[i] > 0 {
                left[i] -= 1;
                rest.push(Piece::from_tile(Tile::new(i).unwrap()));
            }
        }
    }
    let want = drawable.map_or(usize::MAX, |d| d + 16);
    for p in rest {
        if script.live.len() + script.dead.len() >= want {
            break;
        }
        script.live.push(p);
    }
    if let Some(d) = drawable {
        assert_eq!(
            script.live.len() + script.dead.len(),
            d + 16,
            "not enough tiles to pad the wall"
        );
    }
    State::from_deal(script, v).unwrap_or_else(|e| panic!("{e}"))
}

pub fn act(st: &mut State, seat: u8, a: Action) {
    if let Err(e) = st.apply(seat, a) {
        panic!("seat {seat} {a}: {e}; legal {:?}", legal_actions(st, seat));
    }
}

/// `a` is not legal for `seat`, and `check` names `want` as the rule it breaks.
pub fn refuse(st: &State, seat: u8, a: Action, want: &str) {
    assert!(!is_legal(st, seat, a), "seat {seat} may {a}");
    match check(st, seat, a) {
        Err(Error::Illegal { rule, message }) => {
            assert_eq!(rule, want, "seat {seat} {a}: {message}");
        }
        other => panic!("seat {seat} {a}: {other:?}"),
    }
}

/// Every pending seat passes until the offer is settled.
pub fn pass_all(st: &mut State) {
    while let Phase::Offer(o) = *st.phase() {
        let seat = o.pending().trailing_zeros() as u8;
        act(st, seat, Action::Pass);
    }
}

pub fn turn(st: &State) -> u8 {
    match st.phase() {
        Phase::Turn(t) => t.seat,
        p => panic!("not a turn: {p:?}"),
    }
}

pub fn drawn(st: &State) -> Tile {
    match st.phase() {
        Phase::Turn(t) => t.drawn.unwrap(),
        p => panic!("not a turn: {p:?}"),
    }
}

/// The player on turn discards `tile`; everyone passes.
pub fn discard(st: &mut State, tile: &str) {
    let s = turn(st);
    act(st, s, Action::Discard(t(tile)));
    pass_all(st);
}

/// The player on turn discards the tile just drawn; everyone passes.
pub fn tsumogiri(st: &mut State) {
    let s = turn(st);
    let d = drawn(st);
    act(st, s, Action::Discard(d));
    pass_all(st);
}

/// The log survives writing and reading as JSON lines, and replays to the same result.
pub fn round_trip(st: &State) {
    let text = write_log(st.log());
    let back = read_log(&text).unwrap();
    assert_eq!(back, st.log());
    let again = replay(&back).unwrap();
    assert_eq!(again.log(), st.log());
    assert_eq!(again.result(), st.result());
}

pub fn table_of(st: &State) -> Table {
    Table {
        streak: 0,
        round_wind: 0,
        dice: st.dice(),
    }
}

/// At every decision of random `v` hands (agents drawn from `rng_seed` that always take a
/// win), the snapshot of the deciding seat with the table's situation gives the game's legal
/// actions. Returns the decisions checked.
pub fn snapshots_agree(v: &Variant, seeds: std::ops::Range<u64>, rng_seed: u64) -> usize {
    let mut rng = SplitMix64::new(rng_seed);
    let mut checked = 0;
    for seed in seeds {
        let mut st = State::from_seed(seed, v);
        while !st.is_over() {
            let seat = st.pending().trailing_zeros() as u8;
            let acts = legal_actions(&st, seat);
            if let Some(snap) = Snapshot::of(&st, seat) {
                let mut from_snap = snap
                    .legal_actions()
                    .unwrap_or_else(|e| panic!("{} seed {seed}: {e}", v.preset));
                let mut from_game = acts.clone();
                from_snap.sort_by_key(|a| a.index());
                from_game.sort_by_key(|a| a.index());
                assert_eq!(
                    from_snap, from_game,
                    "{} seed {seed}, seat {seat}",
                    v.preset
                );
                checked += 1;
            }
            let a = if acts.contains(&Action::Win) {
                Action::Win
            } else {
                acts[rng.below(acts.len())]
            };
            st.apply(seat, a).unwrap();
        }
    }
    checked
}

/// The random test agent: with probability `greed` / 8 it takes every win and otherwise
/// discards to the lowest shanten (a declaration breaking ties); else, and for every 換三張
/// pick, it chooses uniformly among the legal actions. Seeded games' outcomes depend on its
/// exact draws from `rng`, so the tests that count wins keep this one copy.
pub fn greedy_pick(
    st: &State,
    seat: u8,
    acts: &[Action],
    rng: &mut SplitMix64,
    greed: usize,
) -> Action {
    if rng.below(8) >= greed || acts.iter().any(|a| matches!(a, Action::Pass3(_))) {
        return acts[rng.below(acts.len())];
    }
    if acts.contains(&Action::Win) {
        return Action::Win;
    }
    let c = st.player(seat).concealed;
    let score = |a: &Action| match a {
        Action::Discard(t) | Action::Declare(t) => {
            let mut d = c;
            d[t.index()] -= 1;
            i32::from(twmj_core::shanten_counts(&d)) * 4
                - i32::from(matches!(a, Action::Declare(_)))
        }
        Action::Pass => 100,
        _ => 200,
    };
    acts.iter().copied().min_by_key(score).unwrap_or(acts[0])
}
