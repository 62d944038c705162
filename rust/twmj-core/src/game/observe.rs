//! One seat's observation as a fixed-shape array of bytes: exactly what the seat may know (its
//! [`View`](super::View): its own tiles and rule memory, everyone's melds, flowers, rivers and
//! declarations, the table) and nothing of the others' concealed tiles or of the wall. The
//! layout is `docs/observation.md`; seats are relative to the observer (0 = itself, 1 = its
//! 下家, 2 = 對家, 3 = 上家), so one policy serves every seat.
//!
//! Everything hidden goes through the same two rules as the view: another seat's 暗槓 is face
//! down ([`super::view::seen_meld`]) and an 暗槓 offered for 註13's ask is not shown to the
//! seats asked ([`State::seen_turn`]).

use crate::hand::MeldKind;
use crate::tile::{Counts, Tile, COPIES, FLOWERS, KINDS};

use super::action::ACTION_COUNT;
use super::legality::legal_mask_into;
use super::state::{Declaration, OfferKind, Phase, State, SEATS};
use super::view::seen_meld;

/// River slots per seat. No seat can make more discards than it has turns, and the live wall
/// gives the table at most 63 draws plus five calls a seat; 64 slots hold every river whole.
pub const RIVER: usize = 64;
/// Meld slots per seat: a 16-tile hand holds at most five.
pub const MELDS: usize = crate::hand::SETS;

/// Own concealed counts, 34 bytes (0–4).
pub const HAND: usize = 0;
/// The tile just drawn on the observer's own turn, one-hot over 34.
pub const DRAWN: usize = HAND + KINDS;
/// Tiles not visible to the observer, per kind: 4 − own concealed − every face-up meld −
/// every river tile not claimed (34 bytes).
pub const UNSEEN: usize = DRAWN + KINDS;
/// 過碰 memory: kinds the observer passed for 碰 since its last discard (34 bytes, 0/1).
pub const NO_PON: usize = UNSEEN + KINDS;
/// 換三張: the tiles the observer has picked this round (34 counts).
pub const EXCHANGE_PICKED: usize = NO_PON + KINDS;
/// The table's scalars (see the `T_*` offsets within it).
pub const TABLE: usize = EXCHANGE_PICKED + KINDS;
/// The observer's seat (absolute, 0–3).
pub const T_SEAT: usize = 0;
/// The observer's door wind (門風): 0 東 … 3 北.
pub const T_SEAT_WIND: usize = 1;
/// 圈風: 0 東 … 3 北.
pub const T_ROUND_WIND: usize = 2;
/// The dealer, relative to the observer.
pub const T_DEALER: usize = 3;
/// 連莊 count.
pub const T_STREAK: usize = 4;
/// Tiles that may still be drawn.
pub const T_DRAWABLE: usize = 5;
/// Discards made by the whole table (capped at 255).
pub const T_DISCARDS: usize = 6;
/// 1 once anyone has made a call or kong.
pub const T_ANY_CALL: usize = 7;
/// 0 turn, 1 offer, 2 換三張, 3 起手 (十三不搭), 4 over.
pub const T_PHASE: usize = 8;
/// The seat of the tile on offer, relative, plus 1 (0: none seen).
pub const T_OFFER_FROM: usize = 9;
/// 0 none, 1 discard, 2 the last discard (only 胡 may take it), 3 加槓 (搶槓), 4 the observer's
/// own 暗槓 offered for 註13's ask, 5 a flower (七搶一).
pub const T_OFFER_KIND: usize = 10;
/// The tile on offer plus 1 (1–34), or a flower 35–42; 0 none.
pub const T_OFFER_TILE: usize = 11;
/// 1 when the observer is in 過水 (no win until released).
pub const T_FURITEN: usize = 12;
/// 1 when the observer's 過水 outlasts this turn's discard ([`super::Furiten::Held`]).
pub const T_FURITEN_HOLD: usize = 13;
/// 換三張 round (1, 2; 0 outside the exchange).
pub const T_EXCHANGE_ROUND: usize = 14;
/// 1 while the dealer chooses a second exchange round.
pub const T_EXCHANGE_DECIDING: usize = 15;
/// The three dice.
pub const T_DICE: usize = 16;
/// 1 when it is the observer's decision now.
pub const T_TO_ACT: usize = 19;
/// 1 once a flower win was paid on the spot this hand (`flower_win.play_on`, issue #30): the
/// flowers are not paid again; the seat holding all eight is the one paid.
pub const T_FLOWER_PAID: usize = 20;
/// Bytes of the table block.
pub const TABLE_LEN: usize = 21;
/// First seat block; seat block `r` (relative) starts at `SEAT_BLOCKS + r * SEAT_LEN`.
pub const SEAT_BLOCKS: usize = TABLE + TABLE_LEN;
/// 1 when the seat is played (0: the empty seats of a three- or two-player table).
pub const S_SEATED: usize = 0;
/// 0 none, 1 嗆聽, 2 MIGI.
pub const S_DECLARED: usize = 1;
/// Concealed tiles held.
pub const S_CONCEALED: usize = 2;
/// Melds made.
pub const S_MELD_COUNT: usize = 3;
/// River length (discards made, claimed ones included).
pub const S_RIVER_LEN: usize = 4;
/// Flowers in front of the seat, one byte each (0/1): 春夏秋冬梅蘭菊竹.
pub const S_FLOWERS: usize = 5;
/// Melds in the order made, two bytes each: kind (1 吃, 2 碰, 3 明槓, 4 加槓, 5 暗槓 face up,
/// 6 暗槓 face down) and lowest tile plus 1 (0 when face down).
pub const S_MELDS: usize = S_FLOWERS + FLOWERS;
/// The river in order, two bytes a discard: tile plus 1, then flags: bits 0–1 the claimer
/// relative to the observer (0 when not claimed or claimed by the observer itself), bit 2 the
/// discard that declared, bit 3 claimed (by anyone: the observer's own claims too, which
/// bits 0–1 alone could not tell from an unclaimed tile).
pub const S_RIVER: usize = S_MELDS + 2 * MELDS;
/// Bytes of one seat block.
pub const SEAT_LEN: usize = S_RIVER + 2 * RIVER;
/// Length of an observation.
pub const OBS_LEN: usize = SEAT_BLOCKS + SEATS * SEAT_LEN;

/// Where a [`Field`]'s offset counts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Block {
    /// From the start of the observation.
    Obs,
    /// From [`TABLE`].
    Table,
    /// From the start of a seat block (`SEAT_BLOCKS + r * SEAT_LEN`).
    Seat,
}

impl Block {
    /// `obs`, `table` or `seat`.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Block::Obs => "obs",
            Block::Table => "table",
            Block::Seat => "seat",
        }
    }
}

/// One named part of the observation: the layout's only table, read by the binding
/// (`twmj._core.observation_layout`) and by `docs/observation.md` (generated from it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    pub name: &'static str,
    pub block: Block,
    /// Offset within `block`.
    pub offset: usize,
    /// Bytes as an array shape (`[]`: one byte).
    pub shape: &'static [usize],
    pub doc: &'static str,
}

impl Field {
    /// Bytes the field spans.
    #[must_use]
    pub fn len(&self) -> usize {
        self.shape.iter().product()
    }

    /// Never: every field spans at least one byte (clippy's pair for `len`).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

const fn field(
    name: &'static str,
    block: Block,
    offset: usize,
    shape: &'static [usize],
    doc: &'static str,
) -> Field {
    Field {
        name,
        block,
        offset,
        shape,
        doc,
    }
}

/// Every field of the observation, in order of offset within each block.
pub const FIELDS: [Field; 34] = [
    field("HAND", Block::Obs, HAND, &[KINDS], "own concealed tiles, count per kind (the drawn tile included)"),
    field("DRAWN", Block::Obs, DRAWN, &[KINDS], "the tile just drawn on the seat's own turn, one-hot (all 0 otherwise)"),
    field("UNSEEN", Block::Obs, UNSEEN, &[KINDS], "per kind: 4 − own concealed − every face-up meld − every river tile not claimed (floor 0)"),
    field("NO_PON", Block::Obs, NO_PON, &[KINDS], "過碰: kinds the seat passed for 碰 since its last discard (0/1)"),
    field("EXCHANGE_PICKED", Block::Obs, EXCHANGE_PICKED, &[KINDS], "換三張 (american): the tiles the seat has picked this round"),
    field("TABLE", Block::Obs, TABLE, &[TABLE_LEN], "the table's scalars, below"),
    field("SEAT_BLOCKS", Block::Obs, SEAT_BLOCKS, &[SEATS, SEAT_LEN], "one block per seat, relative seat `r` at `SEAT_BLOCKS + r × SEAT_LEN`, below"),
    field("T_SEAT", Block::Table, T_SEAT, &[], "the observer's absolute seat"),
    field("T_SEAT_WIND", Block::Table, T_SEAT_WIND, &[], "its 門風: 0 東 1 南 2 西 3 北"),
    field("T_ROUND_WIND", Block::Table, T_ROUND_WIND, &[], "圈風"),
    field("T_DEALER", Block::Table, T_DEALER, &[], "the dealer, relative"),
    field("T_STREAK", Block::Table, T_STREAK, &[], "連莊 count"),
    field("T_DRAWABLE", Block::Table, T_DRAWABLE, &[], "tiles still drawable (the kept-back tiles excluded; capped at 255)"),
    field("T_DISCARDS", Block::Table, T_DISCARDS, &[], "discards made by the table (capped at 255; MIGI counts them)"),
    field("T_ANY_CALL", Block::Table, T_ANY_CALL, &[], "1 once anyone has called or made a kong"),
    field("T_PHASE", Block::Table, T_PHASE, &[], "0 turn, 1 offer, 2 換三張, 3 起手 (十三不搭 redeal choice), 4 over"),
    field("T_OFFER_FROM", Block::Table, T_OFFER_FROM, &[], "seat of the tile on offer, relative, + 1 (0: nothing on offer, or the offer is hidden)"),
    field("T_OFFER_KIND", Block::Table, T_OFFER_KIND, &[], "0 none, 1 discard, 2 the last discard (only 胡 may take it), 3 加槓 (搶槓), 4 the seat's own 暗槓 offered for the ask, 5 a flower (七搶一)"),
    field("T_OFFER_TILE", Block::Table, T_OFFER_TILE, &[], "tile on offer + 1, or a flower 35–42 (春 … 竹)"),
    field("T_FURITEN", Block::Table, T_FURITEN, &[], "1 when the seat is in 過水"),
    field("T_FURITEN_HOLD", Block::Table, T_FURITEN_HOLD, &[], "1 when the seat is in 過水 and this turn's discard does not release it (`Furiten::Held`)"),
    field("T_EXCHANGE_ROUND", Block::Table, T_EXCHANGE_ROUND, &[], "換三張 round 1 or 2 (0 outside the exchange)"),
    field("T_EXCHANGE_DECIDING", Block::Table, T_EXCHANGE_DECIDING, &[], "1 while the dealer chooses a second round"),
    field("T_DICE", Block::Table, T_DICE, &[3], "the three dice"),
    field("T_TO_ACT", Block::Table, T_TO_ACT, &[], "1 when it is the seat's decision now"),
    field("T_FLOWER_PAID", Block::Table, T_FLOWER_PAID, &[], "1 once a flower win was paid on the spot this hand (`flower_win.play_on`; the seat holding all eight flowers was paid; never paid again)"),
    field("S_SEATED", Block::Seat, S_SEATED, &[], "1 for a played seat"),
    field("S_DECLARED", Block::Seat, S_DECLARED, &[], "0 none, 1 嗆聽, 2 MIGI"),
    field("S_CONCEALED", Block::Seat, S_CONCEALED, &[], "concealed tiles held (a count; the tiles are hidden for others)"),
    field("S_MELD_COUNT", Block::Seat, S_MELD_COUNT, &[], "melds made"),
    field("S_RIVER_LEN", Block::Seat, S_RIVER_LEN, &[], "discards made (claimed ones included)"),
    field("S_FLOWERS", Block::Seat, S_FLOWERS, &[FLOWERS], "flowers in front of the seat, 0/1 each: 春 夏 秋 冬 梅 蘭 菊 竹"),
    field("S_MELDS", Block::Seat, S_MELDS, &[MELDS, 2], "melds in the order made: kind (1 吃, 2 碰, 3 明槓, 4 加槓, 5 暗槓 face up, 6 暗槓 face down), then the lowest tile + 1 (0 when face down)"),
    field("S_RIVER", Block::Seat, S_RIVER, &[RIVER, 2], "the river in order: tile + 1, then flags: bits 0–1 the seat that claimed it, relative (0: not claimed, or claimed by the observer), bit 2 the discard that declared 嗆聽/MIGI, bit 3 claimed (by any seat, the observer included)"),
];

/// The layout's sizes by name (the fields' offsets are in [`FIELDS`]).
pub const SIZES: [(&str, usize); 5] = [
    ("OBS_LEN", OBS_LEN),
    ("TABLE_LEN", TABLE_LEN),
    ("SEAT_LEN", SEAT_LEN),
    ("RIVER", RIVER),
    ("MELDS", MELDS),
];

/// Every name of the layout with its value: each field's offset within its block, then the
/// sizes (`twmj._core.observation_layout()`).
pub fn layout() -> impl Iterator<Item = (&'static str, usize)> {
    FIELDS
        .iter()
        .map(|f| (f.name, f.offset))
        .chain(SIZES.iter().copied())
}

fn meld_code(kind: MeldKind, face_up: bool) -> u8 {
    match (kind, face_up) {
        (MeldKind::Chi, _) => 1,
        (MeldKind::Pon, _) => 2,
        (MeldKind::Minkan, _) => 3,
        (MeldKind::Kakan, _) => 4,
        (MeldKind::Ankan, true) => 5,
        (MeldKind::Ankan, false) => 6,
    }
}

fn tile_code(t: Tile) -> u8 {
    t.index() as u8 + 1
}

/// The `N` bytes of `out` from `at` (within an observation: the layout's offsets fit).
fn block<const N: usize>(out: &mut [u8], at: usize) -> &mut [u8; N] {
    let (_, rest) = out.split_at_mut(at);
    match rest.first_chunk_mut::<N>() {
        Some(b) => b,
        None => unreachable!("the observation layout holds every block"),
    }
}

/// A river into its slots (two bytes a discard), counting its unclaimed tiles as seen.
#[inline]
fn write_river(
    river: &mut [u8; 2 * RIVER],
    discards: &[super::state::Discarded],
    relative: [u8; SEATS],
    seen: &mut Counts,
) {
    // The claim flags by absolute claimer, the claimer relative to the observer beside bit 3,
    // and 0 (slot 4) for a tile not claimed: one load instead of a branch per discard.
    let claimer = [
        relative[0] | 8,
        relative[1] | 8,
        relative[2] | 8,
        relative[3] | 8,
        0,
    ];
    for (slot, d) in river.chunks_exact_mut(2).zip(discards) {
        let c = d.claimed_by.map_or(SEATS, |c| usize::from(c) % SEATS);
        slot[0] = tile_code(d.tile);
        slot[1] = claimer[c] | u8::from(d.declared) << 2;
        let k = d.tile.index() % KINDS;
        seen[k] = seen[k].saturating_add(u8::from(d.claimed_by.is_none()));
    }
}

#[allow(clippy::many_single_char_names)] // offsets: b (seat block), t (table block)
/// Writes `seat`'s observation into `out` (`OBS_LEN` bytes, overwritten whole) and its legal
/// mask into `mask` (`ACTION_COUNT`). Panics only if the slices are shorter than that.
pub fn observe_into(state: &State, seat: u8, out: &mut [u8], mask: &mut [bool]) {
    let out = &mut out[..OBS_LEN];
    out.fill(0);
    let mask = &mut mask[..ACTION_COUNT];
    mask.fill(false);
    let n = state.seats();
    let seat = seat % n;
    let rel = |s: u8| (s + n - seat) % n;
    // Each seat relative to the observer, worked out once (a division each).
    let relative: [u8; SEATS] = std::array::from_fn(|s| rel(s as u8 % n));
    let me = state.player(seat);
    let turned_over = state.ankans_turned_over();
    let mut seen: Counts = me.concealed;
    out[HAND..HAND + KINDS].copy_from_slice(&me.concealed);

    for s in 0..n {
        let p = state.player(s);
        let r = usize::from(relative[usize::from(s)]);
        let b = SEAT_BLOCKS + r * SEAT_LEN;
        out[b + S_SEATED] = 1;
        out[b + S_DECLARED] = match p.declared {
            Declaration::None => 0,
            Declaration::Ready => 1,
            Declaration::Migi | Declaration::HeavenReady => 2,
        };
        out[b + S_CONCEALED] = p.concealed_len() as u8;
        out[b + S_MELD_COUNT] = p.melds.len() as u8;
        out[b + S_RIVER_LEN] = p.discards.len().min(255) as u8;
        for f in 0..FLOWERS {
            out[b + S_FLOWERS + f] = p.flowers >> f & 1;
        }
        for (i, &m) in p.melds.iter().take(MELDS).enumerate() {
            let sm = seen_meld(m, s == seat || turned_over);
            out[b + S_MELDS + 2 * i] = meld_code(m.kind, sm.tile.is_some());
            if let Some(t) = sm.tile {
                out[b + S_MELDS + 2 * i + 1] = tile_code(t);
                // At most 4 of a kind in play: no count overflows.
                m.add_to(&mut seen);
            }
        }
        // The latest RIVER discards, should a river ever be longer. The river is most of an
        // observation's writes: seats relative to the observer come from a table, and the
        // block is split off first, so no division or bounds check runs per discard.
        let skip = p.discards.len().saturating_sub(RIVER);
        let river: &mut [u8; 2 * RIVER] = block(out, b + S_RIVER);
        write_river(river, &p.discards[skip..], relative, &mut seen);
    }

    let (drawn, offer) = state.seen_turn(seat);
    if let Some(t) = drawn {
        out[DRAWN + t.index()] = 1;
    }
    for k in 0..KINDS {
        out[UNSEEN + k] = COPIES.saturating_sub(seen[k]);
        out[NO_PON + k] = (me.no_pon >> k & 1) as u8;
    }
    let t = TABLE;
    let rules = state.rules();
    out[t + T_SEAT] = seat;
    out[t + T_SEAT_WIND] = state.seat_wind(seat);
    out[t + T_ROUND_WIND] = rules.round_wind;
    out[t + T_DEALER] = rel(state.dealer());
    out[t + T_STREAK] = rules.streak;
    out[t + T_DRAWABLE] = state.drawable().min(255) as u8;
    out[t + T_DISCARDS] = state.discards_total().min(255) as u8;
    out[t + T_ANY_CALL] = u8::from(state.any_call());
    out[t + T_PHASE] = match state.phase() {
        Phase::Turn(_) => 0,
        Phase::Offer(_) => 1,
        Phase::Exchange(x) => {
            out[t + T_EXCHANGE_ROUND] = x.round;
            out[t + T_EXCHANGE_DECIDING] = u8::from(x.deciding);
            out[EXCHANGE_PICKED..EXCHANGE_PICKED + KINDS].copy_from_slice(&x.chosen(seat));
            2
        }
        Phase::Opening(_) => 3,
        Phase::Over => 4,
    };
    if let Some((from, kind)) = offer {
        out[t + T_OFFER_FROM] = rel(from) + 1;
        let (k, code) = match kind {
            OfferKind::Discard { tile, last } => (if last { 2 } else { 1 }, tile_code(tile)),
            OfferKind::Kakan { tile } => (3, tile_code(tile)),
            OfferKind::Ankan { tile } => (4, tile_code(tile)),
            OfferKind::Flower { flower } => (5, (KINDS + flower.index()) as u8 + 1),
        };
        out[t + T_OFFER_KIND] = k;
        out[t + T_OFFER_TILE] = code;
    }
    out[t + T_FURITEN] = u8::from(me.furiten.blocks_win());
    out[t + T_FURITEN_HOLD] = u8::from(me.furiten.held());
    out[t + T_DICE..t + T_DICE + 3].copy_from_slice(&state.dice());
    out[t + T_TO_ACT] = state.pending() >> seat & 1;
    out[t + T_FLOWER_PAID] = u8::from(state.flower_paid());
    legal_mask_into(state, seat, mask);
}

/// `seat`'s observation and legal mask as new arrays.
pub fn observe(state: &State, seat: u8) -> (Vec<u8>, Vec<bool>) {
    let mut out = vec![0; OBS_LEN];
    let mut mask = vec![false; ACTION_COUNT];
    observe_into(state, seat, &mut out, &mut mask);
    (out, mask)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::bots::Bot;
    use crate::game::furiten::Furiten;
    use crate::game::state::SplitMix64;
    use crate::scoring::{Variant, PRESETS};
    use crate::tile::Tile;

    /// `st` with what `seat` cannot see changed: the undrawn wall reshuffled, two other seats'
    /// concealed tiles swapped (when they hold as many), the others' rule memory flipped, their
    /// face-down 暗槓 and an 暗槓 offered face down given another tile.
    fn hidden_changed(st: &State, seat: u8, rng: &mut SplitMix64) -> State {
        let mut x = st.clone();
        let (h, t) = (x.head, x.tail);
        rng.shuffle(&mut x.wall[h..t]);
        let others: Vec<usize> = (0..usize::from(x.seats()))
            .filter(|&s| s != usize::from(seat))
            .collect();
        'swap: for (i, &a) in others.iter().enumerate() {
            for &b in &others[i + 1..] {
                if x.players[a].concealed_len() == x.players[b].concealed_len()
                    && x.players[a].concealed != x.players[b].concealed
                {
                    let c = x.players[a].concealed;
                    x.players[a].concealed = x.players[b].concealed;
                    x.players[b].concealed = c;
                    break 'swap;
                }
            }
        }
        let face_down = !x.ankans_turned_over();
        let other = |t: Tile| Tile::new((t.index() + 1) % KINDS).unwrap_or(t);
        for &o in &others {
            let p = &mut x.players[o];
            p.furiten = match p.furiten {
                Furiten::Clear => Furiten::Held { declined: None },
                _ => Furiten::Clear,
            };
            p.no_pon ^= 0x2_5555_5555;
            p.last_discard = None;
            for m in &mut p.melds {
                if m.kind == MeldKind::Ankan && face_down {
                    m.tile = other(m.tile);
                }
            }
        }
        if let Phase::Offer(o) = &mut x.phase {
            if o.from != seat {
                if let OfferKind::Ankan { tile } = &mut o.kind {
                    *tile = other(*tile);
                }
            }
        }
        x
    }

    #[test]
    fn hidden_information_never_leaks() {
        let mut changed_own = 0;
        for p in PRESETS {
            let variant = Variant::preset(p).unwrap();
            for seed in 0..4u64 {
                let mut st = State::from_seed(seed, &variant);
                let mut rng = SplitMix64::new(seed + 99);
                while !st.is_over() {
                    for s in 0..st.seats() {
                        let (obs, mask) = observe(&st, s);
                        let x = hidden_changed(&st, s, &mut rng);
                        assert_eq!(observe(&x, s), (obs.clone(), mask), "{p} seed {seed}");
                        // The control: the seat's own tiles do show.
                        let mut y = st.clone();
                        let c = &mut y.players[usize::from(s)].concealed;
                        if let Some(k) = (0..KINDS).find(|&k| c[k] > 0) {
                            c[k] -= 1;
                            c[(k + 1) % KINDS] += 1;
                            assert_ne!(observe(&y, s).0, obs);
                            changed_own += 1;
                        }
                    }
                    let seat = st.pending().trailing_zeros() as u8;
                    let a = Bot::Efficiency.act(&st, seat, &mut rng).unwrap();
                    st.apply(seat, a).unwrap();
                }
            }
        }
        assert!(changed_own > 0);
    }
}
