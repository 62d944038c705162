//! What a seat's hand and the table allow, read by the rules below: a complete hand, the
//! waits, the ready discards, the 暗槓 that may be robbed, the kinds of a run.

use crate::hand::MeldKind;
use crate::rules::{is_win_counts, Item, Variant};
use crate::shanten::shanten_counts;
use crate::special::{special_mask_own, special_win_counts};
use crate::tile::{Counts, Tile};
use crate::waits::{exhausted, wait_mask, wait_masks_after_discard};

use crate::game::action::ChiPos;
use crate::game::state::{Declaration, OfferKind, Player, State, Turn, MIGI_DISCARDS};
use crate::unconnected::is_thirteen_unconnected;

/// True when the concealed `c` with `p`'s melds is a win under `v`: five sets and a pair, or a
/// special shape the variant admits (003 瀝咕瀝咕, 十三么; none under taiwan). A 13-tile hand
/// (004 13 張版) is four sets and a pair, its shapes the 14-tile forms
/// ([`Variant::missing_sets`]).
pub(crate) fn complete_with(p: &Player, c: &Counts, v: &Variant) -> bool {
    is_win_counts(c) || special_complete(p, c, v)
}

/// The special shapes' part of [`complete_with`] (none under most presets: no work then).
pub(super) fn special_complete(p: &Player, c: &Counts, v: &Variant) -> bool {
    v.special.any()
        && special_win_counts(
            c,
            p.melds.len() + v.missing_sets(),
            v.special.beside(&p.melds),
        )
        .is_some()
}

/// True when `p`'s concealed tiles are a win under `v` ([`complete_with`]).
pub(crate) fn complete(p: &Player, v: &Variant) -> bool {
    complete_with(p, &p.concealed, v)
}

/// [`complete`] of `seat`'s hand in `state`, its regular part read from the seat's memo
/// ([`State::regular_complete`]).
pub(crate) fn complete_seat(state: &State, seat: u8) -> bool {
    let p = state.player(seat);
    state.regular_complete(seat) || special_complete(p, &p.concealed, state.variant())
}

/// [`wins_with`] of `seat`'s hand in `state`, its regular part read from the seat's memo
/// ([`State::regular_wins_with`]).
pub(crate) fn wins_seat(state: &State, seat: u8, t: Tile) -> bool {
    let p = state.player(seat);
    let v = state.variant();
    state.regular_wins_with(seat, t) || {
        let mut c = p.concealed;
        c[t.index()] += 1;
        special_complete(p, &c, v)
    }
}

/// The waits of the concealed `c` (`hand_size` − 3k tiles) with `p`'s melds under `v`, special
/// shapes included, before removing the kinds the player holds all 4 of.
pub(crate) fn wait_mask_with(p: &Player, c: &Counts, own: &Counts, v: &Variant) -> u64 {
    let k = p.melds.len() + v.missing_sets();
    wait_mask(c) | special_mask_own(c, k, own, v.special.beside(&p.melds))
}

/// The kinds whose discard leaves `p` ready under `v` (some kind completes it that the player
/// does not already hold all four of), bit per kind.
pub(crate) fn ready_discards(p: &Player, variant: &Variant) -> u64 {
    let shapes = variant.special.beside(&p.melds);
    if !shapes.any() {
        // A hand whose regular shanten is 1 or more is ready after no discard (a wait after
        // discarding `k` would make the hand one exchange from complete); the table-only
        // shanten never exceeds the exact one under the melds' caps, so the shortcut is safe,
        // and it is the cheap answer most turns get.
        if shanten_counts(&p.concealed) >= 1 {
            return 0;
        }
        // Every discard's waits from the groups worked out once. After discarding `i` the
        // player holds fewer than 4 of it, so only the other kinds' exhaustion counts.
        let exhausted_own = exhausted(&p.own_counts());
        let after = wait_masks_after_discard(&p.concealed);
        let mut out = 0u64;
        for (i, &m) in after.iter().enumerate() {
            if m & !(exhausted_own & !(1 << i)) != 0 {
                out |= 1 << i;
            }
        }
        return out;
    }
    let mut out = 0u64;
    let mut c = p.concealed;
    let mut own_after = p.own_counts();
    for i in 0..c.len() {
        if c[i] == 0 {
            continue;
        }
        c[i] -= 1;
        own_after[i] -= 1;
        if wait_mask_with(p, &c, &own_after, variant) & !exhausted(&own_after) != 0 {
            out |= 1 << i;
        }
        c[i] += 1;
        own_after[i] += 1;
    }
    out
}

/// The declaration `declare X` by `seat` would make now, the highest its moment allows among
/// the ones the variant's table has; `None` when none does (so `declare` is not offered).
///
/// - 天聽 (001 台數表: 在莊家取完牌後，打出第一張牌時即聽牌; 003 改良式 天聽; hk16 天聽: 莊家配牌，
///   打第一隻後就叫胡): the dealer's first discard, the table's first, nobody having called or
///   kong'd (the dealer's own 暗槓 included: the conditions 001 writes for 地聽, the declaration
///   beside it).
/// - MIGI / 地聽 (000 嗆聽與 MIGI; 001 地聽: 沒有任何玩家碰牌吃牌或(暗)槓牌的情況下，每家過兩手即
///   八張牌以內): fewer than 8 discards before it and no call or kong.
/// - 嗆聽 (000): any other discard, in a table that has it (001 and 003 do not).
pub(crate) fn declaration_now(state: &State, seat: u8) -> Option<Declaration> {
    let v = state.variant();
    let early = !state.any_call() && state.discards_total() < MIGI_DISCARDS;
    let heaven = early
        && seat == state.dealer()
        && state.discards_total() == 0
        && !state.player(seat).has_discarded;
    // 003 hk16 地聽: 閒家配牌後立即聽牌 (`migi_first_discard`): a 閒家's own first discard.
    let migi = early
        && (!v.flow.migi_first_discard
            || (seat != state.dealer() && !state.player(seat).has_discarded));
    [
        (heaven, Declaration::HeavenReady, Item::HeavenReady),
        (migi, Declaration::Migi, Item::Migi),
        (true, Declaration::Ready, Item::DeclaredReady),
    ]
    .into_iter()
    .find(|&(moment, _, item)| moment && v.has(item))
    .map(|(_, d, _)| d)
}

/// True when the hand is complete and nothing but 起胡 could keep it from 自摸 now (not right
/// after 吃/碰, not in 過水, not on the replacement of a 明槓).
pub(crate) fn self_draw_open(state: &State, t: &Turn) -> bool {
    let p = state.player(t.seat);
    t.after_call.is_none()
        && !p.furiten.bars(t.drawn)
        && !p.no_self_draw
        && complete_seat(state, t.seat)
}

/// True when the drawn hand may 自摸 now: [`self_draw_open`] and the 筆 reaches 起胡 (002).
pub(crate) fn can_self_draw(state: &State, t: &Turn) -> bool {
    self_draw_open(state, t)
        && state.reaches(&state.self_draw_win(t.seat, t.drawn, t.replacement, t.last_tile))
}

/// True when `t` completes `p`'s concealed tiles under `v` ([`complete_with`]).
pub(crate) fn wins_with(p: &Player, t: Tile, v: &Variant) -> bool {
    let mut c = p.concealed;
    c[t.index()] += 1;
    complete_with(p, &c, v)
}

/// The orphan kind `p` lacks when ready for 十三么 on it under `v` (003 註13 特殊規定: 在缺一門
/// 聽牌時), not in 過水; `None` otherwise or when the variant has no such rule.
pub(super) fn missing_orphan(p: &Player, v: &Variant) -> Option<usize> {
    // In 過水 no orphan may be asked (004's bars only the tiles let go).
    if !v.special.robs_ankan() || p.furiten.bars(None) {
        return None;
    }
    let only = crate::rules::SpecialShapes {
        thirteen_orphans: v.special.beside(&p.melds).thirteen_orphans,
        ..crate::rules::SpecialShapes::NONE
    };
    let k = p.melds.len() + v.missing_sets();
    let mask = special_mask_own(&p.concealed, k, &p.own_counts(), only);
    crate::rules::ORPHANS
        .into_iter()
        .find(|&i| p.concealed[i] == 0 && mask >> i & 1 == 1 && !p.furiten.bars(Tile::new(i)))
}

/// True when `p` may ask what another player's 暗槓 is (003 註13: ready for 十三么 on the one
/// orphan kind it lacks).
pub(crate) fn may_ask_ankan(p: &Player, v: &Variant) -> bool {
    missing_orphan(p, v).is_some()
}

/// True when `p` robs the 暗槓 of `x` (003 註13 搶暗槓): `x` is the kind its 十三么 lacks, all
/// four of which the kong holds. No other win robs an 暗槓.
pub(crate) fn robs_ankan(p: &Player, x: Tile, v: &Variant) -> bool {
    missing_orphan(p, v) == Some(x.index())
}

/// True when the 十三么 of `p` robs one of `owner`'s 暗槓 (003 註13: the kind it lacks is one
/// of them).
pub(crate) fn robs_ankans_of(p: &Player, owner: &Player, v: &Variant) -> Option<Tile> {
    let x = missing_orphan(p, v)?;
    owner
        .melds
        .iter()
        .find(|m| m.kind == MeldKind::Ankan && m.tile.index() == x)
        .map(|m| m.tile)
}

/// 暗槓 of `p` on the table.
pub(crate) fn ankan_count(p: &Player) -> u8 {
    p.melds.iter().filter(|m| m.kind == MeldKind::Ankan).count() as u8
}

/// The seats whose 暗槓 `seat` may ask about now, later than at the kong (003 註13: 詢問時機可
/// 自行判斷，不一定要開槓時問), as a bitmask: while answering a discard (holding 16 tiles),
/// ready for 十三么 on the one orphan it lacks and not in 過水, about each other seat with an
/// 暗槓 it has not asked about yet. Empty when the variant has no such rule.
pub(crate) fn later_asks(state: &State, seat: u8, kind: OfferKind) -> u8 {
    if !matches!(kind, OfferKind::Discard { .. })
        || !may_ask_ankan(state.player(seat), state.variant())
    {
        return 0;
    }
    state
        .snapshot_asks
        .unwrap_or_else(|| unasked_ankans(state, seat))
}

/// The other seats with an 暗槓 `seat` has not asked about yet (bit per seat; 003 註13).
pub fn unasked_ankans(state: &State, seat: u8) -> u8 {
    (0..state.seats())
        .filter(|&o| {
            o != seat && ankan_count(state.player(o)) > state.queried[seat as usize % 4][o as usize]
        })
        .fold(0, |m, o| m | 1 << o)
}

/// True when `seat` wins with the tile offered by `kind`: [`wins_with`], except that
/// an 暗槓 only a 十三么 may rob ([`robs_ankan`]).
pub(crate) fn wins_offered(state: &State, seat: u8, kind: OfferKind) -> bool {
    match kind {
        OfferKind::Ankan { tile } => robs_ankan(state.player(seat), tile, state.variant()),
        OfferKind::Discard { tile, .. } | OfferKind::Kakan { tile } => wins_seat(state, seat, tile),
        OfferKind::Flower { .. } => false,
    }
}

/// True when `seat` may show 十三不搭 at the start (003 改良式 特殊流局情形: 起手十三不搭先說好可否
/// 亮牌重洗): the variant's `special_draw.thirteen_unconnected` is on and the seat's concealed
/// tiles are 十三不搭 ([`crate::unconnected`]). Whether it is the start is the phase's to say.
pub(crate) fn may_redeal(state: &State, seat: u8) -> bool {
    state.variant().flow.thirteen_unconnected_draw
        && is_thirteen_unconnected(&state.player(seat).concealed)
}

/// True when some concealed kind may still be discarded after removing `used` and with `lock`.
pub(super) fn discard_left(p: &Player, used: &[Tile], forbid: impl Fn(Tile) -> bool) -> bool {
    let mut c = p.concealed;
    for t in used {
        c[t.index()] -= 1;
    }
    Tile::all().any(|t| c[t.index()] > 0 && !forbid(t))
}

/// The far end of a two-sided 搭子 used to 吃 `x` (000 吃入打出: only 兩面 has one).
pub(crate) fn chi_other_end(x: Tile, pos: ChiPos) -> Option<Tile> {
    match pos {
        ChiPos::Low if x.number() <= 6 && !x.is_honor() => Tile::new(x.index() + 3),
        ChiPos::High if x.number() >= 4 && !x.is_honor() => Tile::new(x.index() - 3),
        _ => None,
    }
}

/// True when `a`, `b` and `y` form a run (000 打出吃入: the two tiles that made a set with
/// the tile just discarded may not 吃).
pub(super) fn run_with(a: Tile, b: Tile, y: Tile) -> bool {
    if y.is_honor() || y.suit() != a.suit() {
        return false;
    }
    let mut v = [a.index(), b.index(), y.index()];
    v.sort_unstable();
    v[1] == v[0] + 1 && v[2] == v[1] + 1
}

/// `from` is the 上家 of `seat` at a table where that restricts 明槓 (three or four seats).
pub(super) fn kong_from_left(state: &State, seat: u8, from: u8) -> bool {
    state.seats() > 2 && seat == state.next(from)
}
