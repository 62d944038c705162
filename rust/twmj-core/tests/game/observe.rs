//! A seat's observation array read back by the offsets of docs/observation.md and checked
//! against the seat's [`View`] (what the seat sees, tested on its own), at every decision of
//! random hands under every preset.

use twmj_core::game::observe::*;
use twmj_core::game::{
    legal_actions, Action, Bot, Declaration, OfferKind, Phase, SplitMix64, State, View,
    ACTION_COUNT,
};
use twmj_core::hand::MeldKind;
use twmj_core::scoring::{Variant, PRESETS};

fn check(st: &State, seat: u8) {
    let (obs, mask) = observe(st, seat);
    assert_eq!(obs.len(), OBS_LEN);
    let v: View = st.view(seat);
    let n = st.seats();
    let rel = |s: u8| usize::from((s + n - seat) % n);
    assert_eq!(&obs[HAND..HAND + 34], &v.concealed[..]);
    for k in 0..34 {
        assert_eq!(
            obs[DRAWN + k] == 1,
            v.drawn.map(twmj_core::Tile::index) == Some(k)
        );
        assert_eq!(obs[NO_PON + k], (v.no_pon >> k & 1) as u8);
    }
    let t = TABLE;
    assert_eq!(obs[t + T_SEAT], seat);
    assert_eq!(obs[t + T_SEAT_WIND], st.seat_wind(seat));
    assert_eq!(obs[t + T_ROUND_WIND], st.rules().round_wind);
    assert_eq!(obs[t + T_DEALER] as usize, rel(v.dealer));
    assert_eq!(obs[t + T_STREAK], st.rules().streak);
    assert_eq!(obs[t + T_DRAWABLE] as usize, v.drawable.min(255));
    assert_eq!(u32::from(obs[t + T_DISCARDS]), v.discards_total.min(255));
    assert_eq!(obs[t + T_ANY_CALL] == 1, v.any_call);
    assert_eq!(obs[t + T_FURITEN] == 1, v.furiten);
    assert_eq!(obs[t + T_TO_ACT], v.pending >> seat & 1);
    assert_eq!(obs[t + T_FLOWER_PAID] == 1, st.flower_paid());
    assert_eq!(&obs[t + T_DICE..t + T_DICE + 3], &v.dice[..]);
    let phase = match st.phase() {
        Phase::Turn(_) => 0,
        Phase::Offer(_) => 1,
        Phase::Exchange(_) => 2,
        Phase::Opening(_) => 3,
        Phase::Over => 4,
    };
    assert_eq!(obs[t + T_PHASE], phase);
    match v.exchange {
        Some((round, picked, deciding)) => {
            assert_eq!(obs[t + T_EXCHANGE_ROUND], round);
            assert_eq!(obs[t + T_EXCHANGE_DECIDING] == 1, deciding);
            assert_eq!(&obs[EXCHANGE_PICKED..EXCHANGE_PICKED + 34], &picked[..]);
        }
        None => assert_eq!(obs[t + T_EXCHANGE_ROUND], 0),
    }
    match v.offer {
        None => assert_eq!(obs[t + T_OFFER_FROM], 0),
        Some((from, kind)) => {
            assert_eq!(obs[t + T_OFFER_FROM] as usize, rel(from) + 1);
            let (k, tile) = match kind {
                OfferKind::Discard { tile, last } => (1 + u8::from(last), tile.index() + 1),
                OfferKind::Kakan { tile } => (3, tile.index() + 1),
                OfferKind::Ankan { tile } => (4, tile.index() + 1),
                OfferKind::Flower { flower } => (5, 35 + flower.index()),
            };
            assert_eq!(obs[t + T_OFFER_KIND], k);
            assert_eq!(obs[t + T_OFFER_TILE] as usize, tile);
        }
    }
    let mut visible = v.concealed;
    for s in 0..4u8 {
        let seen = &v.seats[usize::from(s)];
        if s >= n {
            continue;
        }
        let b = SEAT_BLOCKS + rel(s) * SEAT_LEN;
        assert_eq!(obs[b + S_SEATED], 1);
        let declared = match seen.declared {
            Declaration::None => 0,
            Declaration::Ready => 1,
            Declaration::Migi | Declaration::HeavenReady => 2,
        };
        assert_eq!(obs[b + S_DECLARED], declared);
        assert_eq!(obs[b + S_CONCEALED] as usize, seen.concealed_len);
        assert_eq!(obs[b + S_MELD_COUNT] as usize, seen.melds.len());
        for f in 0..8 {
            assert_eq!(obs[b + S_FLOWERS + f], seen.flowers >> f & 1);
        }
        for (i, m) in seen.melds.iter().enumerate() {
            let code = match (m.kind, m.tile.is_some()) {
                (MeldKind::Chi, _) => 1,
                (MeldKind::Pon, _) => 2,
                (MeldKind::Minkan, _) => 3,
                (MeldKind::Kakan, _) => 4,
                (MeldKind::Ankan, true) => 5,
                (MeldKind::Ankan, false) => 6,
            };
            assert_eq!(obs[b + S_MELDS + 2 * i], code);
            assert_eq!(
                obs[b + S_MELDS + 2 * i + 1] as usize,
                m.tile.map_or(0, |t| t.index() + 1)
            );
            match (m.kind, m.tile) {
                (MeldKind::Chi, Some(tile)) => {
                    for j in 0..3 {
                        visible[tile.index() + j] += 1;
                    }
                }
                (kind, Some(tile)) => visible[tile.index()] += if kind.is_kong() { 4 } else { 3 },
                (_, None) => {}
            }
        }
        assert_eq!(obs[b + S_RIVER_LEN] as usize, seen.discards.len());
        for (i, d) in seen.discards.iter().enumerate() {
            assert_eq!(obs[b + S_RIVER + 2 * i] as usize, d.tile.index() + 1);
            let flags = obs[b + S_RIVER + 2 * i + 1];
            assert_eq!(flags & 3, d.claimed_by.map_or(0, |c| rel(c) as u8));
            assert_eq!(flags >> 2 & 1 == 1, d.declared);
            assert_eq!(flags >> 3 & 1 == 1, d.claimed(), "claimed, by whoever");
            assert_eq!(flags >> 4, 0);
            if !d.claimed() {
                visible[d.tile.index()] += 1;
            }
        }
    }
    for s in n..4 {
        assert_eq!(obs[SEAT_BLOCKS + usize::from(s) * SEAT_LEN + S_SEATED], 0);
    }
    for k in 0..34 {
        assert_eq!(obs[UNSEEN + k], 4u8.saturating_sub(visible[k]), "kind {k}");
    }
    let mut want = vec![false; ACTION_COUNT];
    for a in &v.legal {
        want[a.index()] = true;
    }
    assert_eq!(mask, want);
}

#[test]
fn observation_matches_the_view_under_every_preset() {
    for p in PRESETS {
        let variant = Variant::preset(p).unwrap();
        for seed in 0..6u64 {
            let mut st = State::from_seed(seed, &variant);
            let mut rng = SplitMix64::new(seed);
            // Half the hands by random agents, half by the efficiency bot (more calls).
            let bot = if seed % 2 == 0 {
                Bot::Random
            } else {
                Bot::Efficiency
            };
            loop {
                for s in 0..st.seats() {
                    check(&st, s);
                }
                if st.is_over() {
                    break;
                }
                let seat = st.pending().trailing_zeros() as u8;
                let a = bot.act(&st, seat, &mut rng).unwrap();
                assert!(legal_actions(&st, seat).contains(&a));
                st.apply(seat, a).unwrap();
            }
        }
    }
}

#[test]
fn layout_is_the_documented_one() {
    // docs/observation.md: 191 bytes before the seat blocks (the table block's 21, with
    // T_FLOWER_PAID), four blocks of 151.
    assert_eq!(SEAT_BLOCKS, 191);
    assert_eq!(SEAT_LEN, 151);
    assert_eq!(OBS_LEN, 191 + 4 * 151);
    assert_eq!(Action::from_index(ACTION_COUNT - 1), Some(Action::Ask(3)));
}

#[test]
fn the_fields_tile_each_block_exactly() {
    // Each block's fields, in order, start where the previous one ends and end at the block's
    // length: no gap, no overlap, nothing outside (the table the docs and Python read).
    for (block, len) in [
        (Block::Obs, OBS_LEN),
        (Block::Table, TABLE_LEN),
        (Block::Seat, SEAT_LEN),
    ] {
        let mut at = 0;
        for f in FIELDS.iter().filter(|f| f.block == block) {
            assert_eq!(
                f.offset, at,
                "{} starts where the previous field ends",
                f.name
            );
            at += f.len();
        }
        assert_eq!(at, len, "{} block", block.key());
    }
    let names: std::collections::HashSet<_> = layout().map(|(n, _)| n).collect();
    assert_eq!(names.len(), FIELDS.len() + SIZES.len(), "names are unique");
    assert!(layout().any(|(n, v)| n == "T_DICE" && v == T_DICE));
}
