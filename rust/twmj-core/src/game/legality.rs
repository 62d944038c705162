//! Legal actions at a decision point, and the rule an illegal action breaks (000 合法與犯規, 過水).

use crate::error::{Error, Result};
use crate::hand::MeldKind;
use crate::rules::{is_win_counts, Item, Variant};
use crate::shanten::shanten_counts;
use crate::special::{special_mask_own, special_win_counts};
use crate::tile::{Counts, Tile};
use crate::waits::{exhausted, wait_mask};

use super::action::{Action, ChiPos, ACTION_COUNT};
use super::event::Event;
use super::result::WinKind;
use super::state::{
    Declaration, Exchange, OfferKind, Opening, Options, Phase, Player, State, Turn,
    CALL_MIN_DRAWABLE, MIGI_DISCARDS,
};
use crate::unconnected::{is_thirteen_unconnected, unconnected_count, THIRTEEN};

/// The names an illegal action is refused with: the rule text's own name where it has one.
pub mod rule {
    /// Not this seat's decision now.
    pub const TURN: &str = "輪序";
    /// The hand does not hold the tiles the action needs.
    pub const TILES: &str = "手牌";
    /// The hand is over.
    pub const OVER: &str = "局的結束";
    pub const CHI_IN_DISCARD_OUT: &str = "吃入打出";
    pub const PON_IN_DISCARD_OUT: &str = "碰入打出";
    pub const DISCARD_OUT_CALL_IN: &str = "打出吃入";
    pub const PASSED_PON: &str = "過水碰";
    pub const WALL_END: &str = "牌牆將盡不得鳴牌";
    pub const MINKAN_NOT_LEFT: &str = "明槓不對上家";
    pub const NO_KONG_AFTER_CALL: &str = "吃碰後不接槓";
    pub const LAST_DISCARD: &str = "最後一張捨牌";
    pub const DECLARED: &str = "宣告聽牌後";
    pub const ROB_KONG: &str = "搶槓";
    pub const FURITEN: &str = "過水";
    /// A MIGI declarer may not let a winning tile go.
    pub const MIGI_MUST_WIN: &str = "MIGI 一定要胡";
    /// No 暗槓 or 加槓 on the 海底 draw (000 槓).
    pub const NO_KONG_ON_LAST: &str = "海底不槓";
    /// The replacement after 明槓 cannot be a self-draw (000 槓).
    pub const MINKAN_NO_SELF_DRAW: &str = "明槓補牌不能自摸";
    /// The hand is not five sets and a pair with that tile (000 胡牌的樣子).
    pub const NOT_A_WIN: &str = "胡牌的樣子";
    /// Declaring needs a ready hand after the discard (000 嗆聽與 MIGI).
    pub const NOT_READY: &str = "嗆聽";
    /// No declaration of the variant's table fits the moment (000 嗆聽與 MIGI 宣告時機; 001 has
    /// only 地聽 and 天聽, both at the start of the hand).
    pub const DECLARE_WINDOW: &str = "宣告時機";
    /// Only the 下家 may 吃 (000 怎麼玩).
    pub const CHI_FROM_LEFT: &str = "吃上家";
    /// 004 兩人麻將、三人麻將規則: 三人麻將多數不能吃.
    pub const NO_CHI: &str = "不能吃";
    /// 八仙過海 / 七搶一 conditions (000 花牌與花胡).
    pub const FLOWER_WIN: &str = "花牌與花胡";
    /// The hand is complete but under the variant's threshold (002 起胡台數).
    pub const MIN_TAI: &str = "起胡台數";
    /// 換三張 picks and the dealer's choice of a second round (002 一局開始的順序).
    pub const EXCHANGE: &str = "換三張";
    /// 起手十三不搭 亮牌重洗 (003 改良式 特殊流局情形).
    pub const UNCONNECTED: &str = "十三不搭";
    /// 天胡 is decided at the opening: the dealer's winning 17 have no other move (000 開局花胡).
    pub const HEAVEN_WIN: &str = "天胡";
    /// 003 註13 特殊規定: asking what an 暗槓 is (詢問暗槓).
    pub const ASK_ANKAN: &str = "詢問暗槓";
}

/// True when the concealed `c` with `p`'s melds is a win under `v`: five sets and a pair, or a
/// special shape the variant admits (003 瀝咕瀝咕, 十三么; none under taiwan). A 13-tile hand
/// (004 13 張版) is four sets and a pair, its shapes the 14-tile forms
/// ([`Variant::missing_sets`]).
pub(crate) fn complete_with(p: &Player, c: &Counts, v: &Variant) -> bool {
    is_win_counts(c)
        || special_win_counts(
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

/// The waits of the concealed `c` (`hand_size` − 3k tiles) with `p`'s melds under `v`, special
/// shapes included, before removing the kinds the player holds all 4 of.
pub(crate) fn wait_mask_with(p: &Player, c: &Counts, own: &Counts, v: &Variant) -> u64 {
    let k = p.melds.len() + v.missing_sets();
    wait_mask(c) | special_mask_own(c, k, own, v.special.beside(&p.melds))
}

/// True when `p`, after discarding `k`, is ready under `v` (some kind completes it that the
/// player does not already hold all four of).
pub(crate) fn ready_after(p: &Player, k: Tile, variant: &Variant) -> bool {
    ready_discards(p, variant) >> k.index() & 1 == 1
}

/// The kinds whose discard leaves `p` ready under `v` ([`ready_after`] of every kind at once,
/// bit per kind). A hand whose regular shanten is 1 or more is ready after no discard (a wait
/// after discarding `k` would make the hand one exchange from complete), so only a hand at
/// shanten 0 or under a variant with special shapes looks at each kind; the table-only
/// shanten never exceeds the exact one under the melds' caps, so the shortcut is safe.
pub(crate) fn ready_discards(p: &Player, variant: &Variant) -> u64 {
    let shapes = variant.special.beside(&p.melds);
    if !shapes.any() && shanten_counts(&p.concealed) >= 1 {
        return 0;
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
    [
        (heaven, Declaration::HeavenReady, Item::HeavenReady),
        (early, Declaration::Migi, Item::Migi),
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
    t.after_call.is_none() && !p.furiten && !p.no_self_draw && complete(p, state.variant())
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
fn missing_orphan(p: &Player, v: &Variant) -> Option<usize> {
    if !v.special.robs_ankan() || p.furiten {
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
        .find(|&i| p.concealed[i] == 0 && mask >> i & 1 == 1)
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

/// True when `p` wins with the tile offered by `kind`: [`wins_with`], except that
/// an 暗槓 only a 十三么 may rob ([`robs_ankan`]).
pub(crate) fn wins_offered(state: &State, p: &Player, kind: OfferKind) -> bool {
    match kind {
        OfferKind::Ankan { tile } => robs_ankan(p, tile, state.variant()),
        OfferKind::Discard { tile, .. } | OfferKind::Kakan { tile } => {
            wins_with(p, tile, state.variant())
        }
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

/// 起手: `redeal` when the seat's hand is 十三不搭, and `pass` (亮牌 is a choice).
fn opening_actions(state: &State, o: Opening, seat: u8, out: &mut Vec<Action>) {
    if o.seat != seat {
        return;
    }
    if may_redeal(state, seat) {
        out.push(Action::Redeal);
    }
    out.push(Action::Pass);
}

/// True when some concealed kind may still be discarded after removing `used` and with `lock`.
fn discard_left(p: &Player, used: &[Tile], forbid: impl Fn(Tile) -> bool) -> bool {
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
fn run_with(a: Tile, b: Tile, y: Tile) -> bool {
    if y.is_honor() || y.suit() != a.suit() {
        return false;
    }
    let mut v = [a.index(), b.index(), y.index()];
    v.sort_unstable();
    v[1] == v[0] + 1 && v[2] == v[1] + 1
}

fn pon_ok(p: &Player, x: Tile) -> bool {
    p.concealed[x.index()] >= 2
        && p.no_pon >> x.index() & 1 == 0
        && p.last_discard != Some(x)
        && discard_left(p, &[x, x], |t| t == x)
}

/// `from_left`: the discard comes from the claimer's 上家 at a table of three or four (two
/// players face each other: no 上家 rule, docs/variants.md).
fn minkan_ok(p: &Player, x: Tile, from_left: bool) -> bool {
    p.concealed[x.index()] == 3 && !from_left && p.last_discard != Some(x)
}

/// `from` is the 上家 of `seat` at a table where that restricts 明槓 (three or four seats).
fn kong_from_left(state: &State, seat: u8, from: u8) -> bool {
    state.seats() > 2 && seat == state.next(from)
}

fn chi_ok(p: &Player, x: Tile, pos: ChiPos) -> bool {
    let Some((a, b)) = pos.partners(x) else {
        return false;
    };
    let end = chi_other_end(x, pos);
    p.concealed[a.index()] >= 1
        && p.concealed[b.index()] >= 1
        && !p.last_discard.is_some_and(|y| run_with(a, b, y))
        && discard_left(p, &[a, b], |t| t == x || Some(t) == end)
}

const CHI_BITS: [(ChiPos, u8); 3] = [
    (ChiPos::Low, Options::CHI_LOW),
    (ChiPos::Mid, Options::CHI_MID),
    (ChiPos::High, Options::CHI_HIGH),
];

/// What `seat` may answer to an offer from `from`.
pub(crate) fn offer_options(state: &State, seat: u8, from: u8, kind: OfferKind) -> Options {
    let wins = wins_offered(state, state.player(seat), kind);
    offer_options_with(state, seat, from, kind, wins)
}

/// [`offer_options`] given `wins`, [`wins_offered`] of the seat and offer (the caller needs it
/// too, for the 起胡 decline).
pub(crate) fn offer_options_with(
    state: &State,
    seat: u8,
    from: u8,
    kind: OfferKind,
    wins: bool,
) -> Options {
    let p = state.player(seat);
    // 000 MIGI 一定要胡; 001/003 地聽, 天聽 不得過水.
    let must_win = p.declared.must_win();
    let mut o = 0u8;
    match kind {
        OfferKind::Discard { tile: x, last } => {
            // 003 過水特殊規定: the dealer's discard of a tile declined for 起胡 alone.
            let exempt = p.furiten
                && p.furiten_declined == Some(x)
                && from == state.dealer()
                && state.variant().flow.furiten_dealer_exception;
            let win = (!p.furiten || exempt)
                && wins
                && state.reaches(&state.claim_win(seat, x, WinKind::Discard { from }));
            if win {
                o |= Options::WIN;
            }
            if p.declared == Declaration::None && !last && state.drawable() >= CALL_MIN_DRAWABLE {
                if pon_ok(p, x) {
                    o |= Options::PON;
                }
                if minkan_ok(p, x, kong_from_left(state, seat, from)) {
                    o |= Options::MINKAN;
                }
                // 吃 only from the 上家, and only where the variant allows it (004: three-player
                // 多數不能吃, two-player 多數可以吃).
                if seat == state.next(from) && state.variant().chi_allowed {
                    for (pos, bit) in CHI_BITS {
                        if chi_ok(p, x, pos) {
                            o |= bit;
                        }
                    }
                }
            }
            // 003 註13: a later ask is a choice too, so the seat is asked.
            let asks = later_asks(state, seat, kind);
            if (o != 0 || asks != 0) && !(win && must_win) {
                o |= Options::PASS;
            }
        }
        // 003 註13: the ask (胡) and 過, the same whatever the kong's tile, to every seat ready
        // for 十三么 on the orphan it lacks; the kong's tile decides at the arbitration.
        OfferKind::Ankan { .. } => {
            if may_ask_ankan(p, state.variant()) {
                o = Options::WIN | Options::PASS;
            }
        }
        OfferKind::Kakan { tile: x } => {
            if !p.furiten
                && wins
                && state.reaches(&state.claim_win(seat, x, WinKind::RobbingKong { from }))
            {
                o = Options::WIN | if must_win { 0 } else { Options::PASS };
            }
        }
        OfferKind::Flower { .. } => {
            if p.flower_count() == 7 && state.drawable() >= 1 {
                o = Options::ROB_FLOWER | Options::PASS;
            }
        }
    }
    Options(o)
}

fn push_options(o: Options, asks: u8, out: &mut Vec<Action>) {
    if o.has(Options::WIN) {
        out.push(Action::Win);
    }
    for (pos, bit) in CHI_BITS {
        if o.has(bit) {
            out.push(Action::Chi(pos));
        }
    }
    if o.has(Options::PON) {
        out.push(Action::Pon);
    }
    if o.has(Options::MINKAN) {
        out.push(Action::Minkan);
    }
    if o.has(Options::ROB_FLOWER) {
        out.push(Action::SevenRobOne);
    }
    if o.has(Options::PASS) {
        for s in (0..4u8).filter(|s| asks >> s & 1 == 1) {
            out.push(Action::Ask(s));
        }
    }
    if o.has(Options::PASS) {
        out.push(Action::Pass);
    }
}

/// True at the dealer's opening turn (its 17 after the opening flowers, nobody having acted)
/// when the hand wins: 天胡, decided at the opening like the opening flower wins (000 開局花胡:
/// they 同時成立 and 天胡優先; rules README), so the dealer has no choice to discard. The game
/// decides it before the turn; a snapshot of that moment offers only the win. Not after 換三張
/// (002), which comes after the opening.
pub(crate) fn heaven_at_opening(state: &State, t: &Turn) -> bool {
    let p = state.player(t.seat);
    t.drawn.is_none()
        && t.after_call.is_none()
        && t.seat == state.dealer()
        && state.discards_total() == 0
        && !state.any_call()
        && !p.has_discarded
        && !p.has_konged
        && !state.rules().exchange()
        && can_self_draw(state, t)
}

fn turn_actions(state: &State, t: &Turn, out: &mut Vec<Action>) {
    let p = state.player(t.seat);
    if heaven_at_opening(state, t) {
        out.push(Action::Win);
        return;
    }
    let may_declare = p.declared == Declaration::None && declaration_now(state, t.seat).is_some();
    let ready = || {
        if may_declare {
            ready_discards(p, state.variant())
        } else {
            0
        }
    };
    if let Some(lock) = t.after_call {
        let ready = ready();
        for k in Tile::all().filter(|k| p.concealed[k.index()] > 0) {
            if !lock.forbids(k) {
                out.push(Action::Discard(k));
                if ready >> k.index() & 1 == 1 {
                    out.push(Action::Declare(k));
                }
            }
        }
        return;
    }
    let can_win = can_self_draw(state, t);
    let decl = p.declared;
    if let Some(d) = t.drawn.filter(|_| decl != Declaration::None) {
        // 000 嗆聽與 MIGI: draw and discard only; the fourth tile of a 碰 is added at once
        // (unless it wins and the player wins, or it is the 海底 draw).
        if can_win {
            out.push(Action::Win);
            if decl.must_win() {
                return;
            }
        }
        if !t.last_tile && p.has_pon(d) {
            out.push(Action::Kakan(d));
        } else {
            out.push(Action::Discard(d));
        }
        flower_actions(p, t, out);
        return;
    }
    if can_win {
        out.push(Action::Win);
    }
    let ready = ready();
    for k in Tile::all().filter(|k| p.concealed[k.index()] > 0) {
        out.push(Action::Discard(k));
        if ready >> k.index() & 1 == 1 {
            out.push(Action::Declare(k));
        }
    }
    if !t.last_tile && p.declared == Declaration::None {
        for k in Tile::all().filter(|k| p.concealed[k.index()] == 4) {
            out.push(Action::Ankan(k));
        }
        for m in p.melds.iter().filter(|m| m.kind == MeldKind::Pon) {
            if p.concealed[m.tile.index()] > 0 {
                out.push(Action::Kakan(m.tile));
            }
        }
    }
    flower_actions(p, t, out);
}

fn flower_actions(p: &Player, t: &Turn, out: &mut Vec<Action>) {
    if p.flowers == 0xFF {
        out.push(Action::EightFlowers);
    }
    if t.rob_from.is_some() {
        out.push(Action::SevenRobOne);
    }
}

/// 換三張 (002 一局開始的順序): any concealed tile not yet picked, three per seat; then the
/// dealer's choice of a second round.
fn exchange_actions(state: &State, x: &Exchange, seat: u8, out: &mut Vec<Action>) {
    if x.deciding {
        if seat == state.dealer() {
            out.push(Action::ExchangeAgain);
            out.push(Action::ExchangeDone);
        }
        return;
    }
    if x.picked(seat) >= 3 {
        return;
    }
    let p = state.player(seat);
    let chosen = &x.chosen[seat as usize];
    for k in Tile::all().filter(|k| p.concealed[k.index()] > chosen[k.index()]) {
        out.push(Action::Pass3(k));
    }
}

/// The legal actions of `seat` now; empty when it is not that seat's decision.
pub fn legal_actions(state: &State, seat: u8) -> Vec<Action> {
    // A turn lists one discard per kind held, and a 嗆聽 beside each that leaves the hand
    // ready: room for that in one allocation.
    let mut out = Vec::with_capacity(24);
    match state.phase() {
        Phase::Turn(t) if t.seat == seat => turn_actions(state, t, &mut out),
        Phase::Exchange(x) if (seat as usize) < 4 => exchange_actions(state, x, seat, &mut out),
        Phase::Opening(o) => opening_actions(state, *o, seat, &mut out),
        Phase::Offer(o)
            if (seat as usize) < o.options.len() && o.responses[seat as usize].is_none() =>
        {
            let asks = later_asks(state, seat, o.kind);
            push_options(o.options[seat as usize], asks, &mut out);
        }
        _ => {}
    }
    out
}

/// The legal actions of `seat` as a mask over the action space.
pub fn legal_mask(state: &State, seat: u8) -> [bool; ACTION_COUNT] {
    let mut m = [false; ACTION_COUNT];
    for a in legal_actions(state, seat) {
        m[a.index()] = true;
    }
    m
}

pub fn is_legal(state: &State, seat: u8, action: Action) -> bool {
    legal_actions(state, seat).contains(&action)
}

/// `Ok` when `seat` may take `action` now; otherwise the rule it breaks.
pub fn check(state: &State, seat: u8, action: Action) -> Result<()> {
    if is_legal(state, seat, action) {
        return Ok(());
    }
    let (rule, why) = diagnose(state, seat, action);
    Err(Error::illegal(
        rule,
        format!("seat {seat} may not {action}: {why}"),
    ))
}

/// Why `seat` may not `redeal` now (003 改良式 特殊流局情形).
fn diagnose_redeal(state: &State, seat: u8) -> (&'static str, String) {
    if !state.variant().flow.thirteen_unconnected_draw {
        return (
            rule::UNCONNECTED,
            "this variant does not redeal on 十三不搭 (special_draw.thirteen_unconnected is off: \
             先說好可否亮牌重洗)"
                .to_owned(),
        );
    }
    let held = unconnected_count(&state.player(seat).concealed);
    let why = match state.phase() {
        Phase::Opening(o) if o.seat == seat => format!(
            "the hand holds {held} tiles of distinct kinds no two of which 搭; 十三不搭 needs \
             {THIRTEEN}"
        ),
        Phase::Opening(o) => format!("seat {} is choosing on its 十三不搭 now", o.seat),
        _ => "十三不搭 is shown only at the start of the hand (起手), before the first discard"
            .to_owned(),
    };
    (rule::UNCONNECTED, why)
}

/// Why `seat` may not ask what `owner`'s 暗槓 is now (003 註13).
fn diagnose_ask(state: &State, seat: u8, owner: u8) -> (&'static str, String) {
    let v = state.variant();
    let why = if !v.special.robs_ankan() {
        "this variant has no 暗槓 ask (special_shapes.ask_ankan is off)".to_owned()
    } else if !matches!(state.phase(), Phase::Offer(o) if matches!(o.kind, OfferKind::Discard { .. }) && o.from != seat && o.responses[seat as usize % 4].is_none())
    {
        "an 暗槓 is asked about later only while answering a discard (at the kong, by 胡)"
            .to_owned()
    } else if !may_ask_ankan(state.player(seat), v) {
        "only a seat ready for 十三么 on the one orphan it lacks, not in 過水, may ask".to_owned()
    } else if owner == seat || owner >= state.seats() {
        format!("seat {owner} is not another seat at the table")
    } else {
        format!("seat {owner} has no 暗槓 this seat has not asked about")
    };
    (rule::ASK_ANKAN, why)
}

fn diagnose(state: &State, seat: u8, action: Action) -> (&'static str, String) {
    if action == Action::Redeal && !state.is_over() {
        return diagnose_redeal(state, seat);
    }
    if let (Action::Ask(o), false) = (action, state.is_over()) {
        return diagnose_ask(state, seat, o);
    }
    match state.phase() {
        Phase::Over => (rule::OVER, "the hand is over".to_owned()),
        Phase::Opening(o) if o.seat == seat => (
            rule::UNCONNECTED,
            "起手: the seat chooses `redeal` (十三不搭 亮牌重洗) or `pass` before play starts"
                .to_owned(),
        ),
        Phase::Opening(o) => (
            rule::TURN,
            format!("seat {} is choosing on its 十三不搭 (起手)", o.seat),
        ),
        Phase::Exchange(x) => (
            rule::EXCHANGE,
            if x.deciding {
                "after the first 換三張 the dealer chooses `exchange again` or `no second exchange`"
                    .to_owned()
            } else if x.picked(seat) >= 3 {
                "the seat has picked its three tiles".to_owned()
            } else if let Action::Pass3(k) = action {
                format!("no {} left to pass", k.code())
            } else {
                "every seat passes three concealed tiles (pass3 <tile>) first".to_owned()
            },
        ),
        Phase::Turn(_) | Phase::Offer(_)
            if matches!(
                action,
                Action::Pass3(_) | Action::ExchangeAgain | Action::ExchangeDone
            ) =>
        {
            (
                rule::EXCHANGE,
                "換三張 is over (or not played in this variant)".to_owned(),
            )
        }
        Phase::Turn(t) if t.seat != seat => {
            // 000 合法與犯規 搶槓: only a 加槓 can be robbed; after 暗槓/明槓 nothing is on offer.
            let last_kong = state.log().iter().rev().find_map(|e| match e {
                Event::Act {
                    action: a @ Action::Ankan(_),
                    ..
                }
                | Event::Claim {
                    action: a @ Action::Minkan,
                    ..
                } => Some(*a),
                Event::Act { .. } | Event::Claim { .. } => Some(Action::Pass),
                _ => None,
            });
            if action == Action::Win && matches!(last_kong, Some(Action::Ankan(_) | Action::Minkan))
            {
                return (
                    rule::ROB_KONG,
                    "only a 加槓 can be robbed, not a 暗槓 or 明槓".to_owned(),
                );
            }
            (rule::TURN, format!("it is seat {}'s turn", t.seat))
        }
        Phase::Turn(t) => diagnose_turn(state, t, action),
        Phase::Offer(o) => {
            let s = seat as usize % super::state::SEATS;
            if seat == o.from || o.responses[s].is_some() {
                return (
                    rule::TURN,
                    "the seat has no decision on this offer".to_owned(),
                );
            }
            diagnose_offer(state, seat, o.from, o.kind, o.options[s], action)
        }
    }
}

/// The tai item of a declaration (MIGI's is 地聽 in 001 and 003).
pub(crate) fn declared_item(d: Declaration) -> Item {
    match d {
        Declaration::HeavenReady => Item::HeavenReady,
        Declaration::Migi => Item::Migi,
        Declaration::Ready | Declaration::None => Item::DeclaredReady,
    }
}

fn diagnose_turn(state: &State, t: &Turn, action: Action) -> (&'static str, String) {
    let p = state.player(t.seat);
    let held = |k: Tile| p.concealed[k.index()];
    let can_win = can_self_draw(state, t);
    if heaven_at_opening(state, t) {
        return (
            rule::HEAVEN_WIN,
            "the dealer's 17 win as dealt: 天胡 is decided at the opening (000 開局花胡 天胡優先)"
                .to_owned(),
        );
    }
    if p.declared.must_win() && can_win && action != Action::Win {
        return (
            rule::MIGI_MUST_WIN,
            format!(
                "a {} declarer must win a winning tile",
                state.variant().name_of(declared_item(p.declared))
            ),
        );
    }
    match action {
        Action::Discard(k) | Action::Declare(k) => {
            if held(k) == 0 {
                return (rule::TILES, format!("no {} in the hand", k.code()));
            }
            match t.after_call {
                Some(lock @ super::state::CallLock::Chi { claimed, .. }) if lock.forbids(k) => {
                    return (
                        rule::CHI_IN_DISCARD_OUT,
                        format!(
                            "after 吃 of {} this discard may not be {}",
                            claimed.code(),
                            k.code()
                        ),
                    )
                }
                Some(lock @ super::state::CallLock::Pon(x)) if lock.forbids(k) => {
                    return (
                        rule::PON_IN_DISCARD_OUT,
                        format!(
                            "after 碰 of {} this discard may not be {}",
                            x.code(),
                            x.code()
                        ),
                    )
                }
                _ => {}
            }
            if p.declared != Declaration::None {
                if matches!(action, Action::Declare(_)) {
                    return (rule::DECLARED, "already declared".to_owned());
                }
                if t.drawn.is_some_and(|d| !t.last_tile && p.has_pon(d)) {
                    return (
                        rule::DECLARED,
                        "the fourth tile of a 碰 is added (加槓) at once".to_owned(),
                    );
                }
                return (
                    rule::DECLARED,
                    "after declaring, only the drawn tile may be discarded".to_owned(),
                );
            }
            if matches!(action, Action::Declare(_)) && declaration_now(state, t.seat).is_none() {
                return (
                    rule::DECLARE_WINDOW,
                    format!(
                        "{} has no declaration now: {} at the dealer's first discard, {} within \
                         the first {MIGI_DISCARDS} discards with no 吃, 碰 or 槓, and no 嗆聽",
                        state.variant().preset,
                        state.variant().name_of(Item::HeavenReady),
                        state.variant().name_of(Item::Migi),
                    ),
                );
            }
            if matches!(action, Action::Declare(_)) && !ready_after(p, k, state.variant()) {
                return (
                    rule::NOT_READY,
                    format!("the hand is not ready after discarding {}", k.code()),
                );
            }
        }
        Action::Win => {
            if t.after_call.is_some() {
                return (
                    rule::NOT_A_WIN,
                    "after 吃/碰 the only move is a discard".to_owned(),
                );
            }
            if !complete(p, state.variant()) {
                return (
                    rule::NOT_A_WIN,
                    "the hand is not five sets and a pair (nor a special shape the variant admits)"
                        .to_owned(),
                );
            }
            if p.no_self_draw {
                return (
                    rule::MINKAN_NO_SELF_DRAW,
                    "the replacement of a 明槓 cannot be 自摸".to_owned(),
                );
            }
            if p.furiten {
                return (
                    rule::FURITEN,
                    "in 過水 no win is allowed, not even 自摸".to_owned(),
                );
            }
            return (
                rule::MIN_TAI,
                format!(
                    "the hand does not reach {} tai for any payer",
                    state.rules().min_tai()
                ),
            );
        }
        Action::Ankan(k) | Action::Kakan(k) => {
            if t.after_call.is_some() {
                return (
                    rule::NO_KONG_AFTER_CALL,
                    "after 吃/碰 only a discard".to_owned(),
                );
            }
            if p.declared != Declaration::None {
                return (
                    rule::DECLARED,
                    "no 槓 after declaring ready, except the automatic 加槓".to_owned(),
                );
            }
            if t.last_tile {
                return (
                    rule::NO_KONG_ON_LAST,
                    "no 暗槓 or 加槓 on the 海底 draw".to_owned(),
                );
            }
            let ok = match action {
                Action::Ankan(_) => held(k) == 4,
                _ => held(k) > 0 && p.has_pon(k),
            };
            if !ok {
                return (rule::TILES, format!("the hand cannot {action}"));
            }
        }
        Action::EightFlowers => {
            return (
                rule::FLOWER_WIN,
                format!(
                    "八仙過海 needs all 8 flowers; the seat has {}",
                    p.flower_count()
                ),
            )
        }
        Action::SevenRobOne => {
            return (
                rule::FLOWER_WIN,
                "七搶一 is open only right after the 7th flower's replacement".to_owned(),
            )
        }
        Action::Chi(_) | Action::Pon | Action::Minkan | Action::Pass => {
            return (
                rule::TURN,
                "nothing is on offer; it is the seat's own turn".to_owned(),
            )
        }
        Action::Pass3(_) | Action::ExchangeAgain | Action::ExchangeDone => {
            return (rule::EXCHANGE, "換三張 is over".to_owned())
        }
        Action::Redeal => {
            return (
                rule::UNCONNECTED,
                "十三不搭 is shown only at the start of the hand (起手)".to_owned(),
            )
        }
        Action::Ask(_) => {
            return (
                rule::ASK_ANKAN,
                "an 暗槓 is asked about while answering a discard".to_owned(),
            )
        }
    }
    (rule::TURN, "not available now".to_owned())
}

fn diagnose_offer(
    state: &State,
    seat: u8,
    from: u8,
    kind: OfferKind,
    options: Options,
    action: Action,
) -> (&'static str, String) {
    let p = state.player(seat);
    match action {
        Action::Pass if options.has(Options::WIN) => {
            return (
                rule::MIGI_MUST_WIN,
                format!(
                    "a {} declarer must win a winning tile",
                    state.variant().name_of(declared_item(p.declared))
                ),
            )
        }
        Action::Win => {
            let tile = match kind {
                OfferKind::Discard { tile, .. } | OfferKind::Kakan { tile } => tile,
                // The kong is face down: the answer names no tile.
                OfferKind::Ankan { .. } => return (
                    rule::ROB_KONG,
                    "only a seat ready for 十三么 on the one orphan it lacks, not in 過水, may \
                         ask what an 暗槓 is (003 註13)"
                        .to_owned(),
                ),
                OfferKind::Flower { .. } => {
                    return (
                        rule::FLOWER_WIN,
                        "a shown flower can only be robbed by 七搶一".to_owned(),
                    )
                }
            };
            if !wins_with(p, tile, state.variant()) {
                return (
                    rule::NOT_A_WIN,
                    format!("{} does not complete the hand", tile.code()),
                );
            }
            if p.furiten {
                return (rule::FURITEN, "in 過水 no win is allowed".to_owned());
            }
            return (
                rule::MIN_TAI,
                format!(
                    "the hand does not reach {} tai for any payer",
                    state.rules().min_tai()
                ),
            );
        }
        Action::Chi(_) | Action::Pon | Action::Minkan => {
            let x = match kind {
                OfferKind::Discard { tile, .. } => tile,
                OfferKind::Kakan { .. } => {
                    return (rule::ROB_KONG, "a 加槓 can only be robbed by 胡".to_owned())
                }
                OfferKind::Ankan { .. } => {
                    return (
                        rule::ROB_KONG,
                        "an 暗槓 can only be asked about (胡, 003 註13)".to_owned(),
                    )
                }
                OfferKind::Flower { .. } => {
                    return (
                        rule::FLOWER_WIN,
                        "a shown flower can only be robbed by 七搶一".to_owned(),
                    )
                }
            };
            if p.declared != Declaration::None {
                return (
                    rule::DECLARED,
                    "no 吃, 碰 or 槓 after declaring ready".to_owned(),
                );
            }
            if matches!(kind, OfferKind::Discard { last: true, .. }) {
                return (
                    rule::LAST_DISCARD,
                    "the last discard can only be won".to_owned(),
                );
            }
            if state.drawable() < CALL_MIN_DRAWABLE {
                return (
                    rule::WALL_END,
                    format!(
                        "{} drawable tiles left; 吃, 碰 and 明槓 need 4",
                        state.drawable()
                    ),
                );
            }
            let held = |k: Tile| p.concealed[k.index()];
            match action {
                Action::Chi(pos) => {
                    if !state.variant().chi_allowed {
                        return (
                            rule::NO_CHI,
                            "this variant has no 吃 (004: three-player 多數不能吃)".to_owned(),
                        );
                    }
                    if seat != state.next(from) {
                        return (
                            rule::CHI_FROM_LEFT,
                            "only the next player may 吃 a discard".to_owned(),
                        );
                    }
                    let Some((a, b)) = pos.partners(x) else {
                        return (rule::TILES, format!("no {action} run with {}", x.code()));
                    };
                    if held(a) == 0 || held(b) == 0 {
                        return (
                            rule::TILES,
                            format!(
                                "{action} of {} needs {} and {}",
                                x.code(),
                                a.code(),
                                b.code()
                            ),
                        );
                    }
                    if let Some(y) = p.last_discard.filter(|&y| run_with(a, b, y)) {
                        return (
                            rule::DISCARD_OUT_CALL_IN,
                            format!(
                                "{} and {} made a set with the discarded {}",
                                a.code(),
                                b.code(),
                                y.code()
                            ),
                        );
                    }
                    return (
                        rule::CHI_IN_DISCARD_OUT,
                        "no tile could be discarded after this 吃".to_owned(),
                    );
                }
                Action::Pon => {
                    if held(x) < 2 {
                        return (
                            rule::TILES,
                            format!("碰 of {} needs two in the hand", x.code()),
                        );
                    }
                    if p.last_discard == Some(x) {
                        return (
                            rule::DISCARD_OUT_CALL_IN,
                            format!("{} was the seat's own last discard", x.code()),
                        );
                    }
                    if p.no_pon >> x.index() & 1 == 1 {
                        return (
                            rule::PASSED_PON,
                            format!(
                                "{} was passed for 碰 since the seat's last discard",
                                x.code()
                            ),
                        );
                    }
                    return (
                        rule::PON_IN_DISCARD_OUT,
                        "no tile could be discarded after this 碰".to_owned(),
                    );
                }
                _ => {
                    if held(x) < 3 {
                        return (
                            rule::TILES,
                            format!("明槓 of {} needs three in the hand", x.code()),
                        );
                    }
                    if kong_from_left(state, seat, from) {
                        return (
                            rule::MINKAN_NOT_LEFT,
                            "明槓 only from the 下家 or 對家, not the 上家".to_owned(),
                        );
                    }
                    if p.last_discard == Some(x) {
                        return (
                            rule::DISCARD_OUT_CALL_IN,
                            format!("{} was the seat's own last discard", x.code()),
                        );
                    }
                }
            }
        }
        Action::SevenRobOne => {
            return (
                rule::FLOWER_WIN,
                "七搶一 needs 7 flowers and a drawable tile".to_owned(),
            )
        }
        Action::Pass => {
            return (
                rule::TURN,
                "the seat has no decision on this offer".to_owned(),
            )
        }
        _ => {
            return (
                rule::TURN,
                "an offer takes 胡, 吃, 碰, 明槓, 七搶一 or 過".to_owned(),
            )
        }
    }
    (rule::TURN, "not available now".to_owned())
}
