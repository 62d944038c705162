//! Legal actions at a decision point, and the rule an illegal action breaks (000 合法與犯規, 過水).

use crate::error::{Error, Result};
use crate::hand::MeldKind;
use crate::rules::{is_win_counts, Item, Variant};
use crate::scoring::FlowerWin;
use crate::shanten::shanten_counts;
use crate::special::{special_mask_own, special_win_counts};
use crate::tile::{Counts, Tile};
use crate::waits::{exhausted, wait_mask, wait_masks_after_discard};

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
    is_win_counts(c) || special_complete(p, c, v)
}

/// The special shapes' part of [`complete_with`] (none under most presets: no work then).
fn special_complete(p: &Player, c: &Counts, v: &Variant) -> bool {
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
fn missing_orphan(p: &Player, v: &Variant) -> Option<usize> {
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

/// `from` is the 上家 of `seat` at a table where that restricts 明槓 (three or four seats).
fn kong_from_left(state: &State, seat: u8, from: u8) -> bool {
    state.seats() > 2 && seat == state.next(from)
}
// ---------------------------------------------------------------- rules as predicates
//
// Each rule of 000 合法與犯規 (and the later texts' additions) is one predicate below: it
// returns `Ok` when the move keeps the rule, or the violation, naming the rule ([`rule`]) and
// saying why. The same predicates list the legal actions ([`legal_actions`]: every candidate
// that breaks none) and explain a refusal ([`check`]: the first rule broken, in the order the
// verdicts below ask them). Listing asks for no reason: a predicate's reason is a closure that
// only an explanation runs, so listing formats nothing.

/// A move refused: the rule it breaks ([`rule`], the rule text's name) and why, at this moment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub rule: &'static str,
    pub why: String,
}

/// What a predicate returns for a broken rule: [`Violation`] when explaining; `()` when only
/// listing, so that the reason is never formatted.
pub(crate) trait Refusal: Sized {
    fn refuse(v: impl FnOnce() -> Violation) -> Self;
}

impl Refusal for () {
    fn refuse(_: impl FnOnce() -> Violation) -> Self {}
}

impl Refusal for Violation {
    fn refuse(v: impl FnOnce() -> Violation) -> Self {
        v()
    }
}

/// `Ok` when the rule is kept; otherwise the violation.
pub(crate) type Verdict<R> = std::result::Result<(), R>;

/// The rule `rule` is broken, `why` (run only to explain a refusal).
#[inline]
fn broken<R: Refusal>(rule: &'static str, why: impl FnOnce() -> String) -> Verdict<R> {
    Err(R::refuse(|| Violation { rule, why: why() }))
}

/// `broken` unless `kept`.
#[inline]
fn keep<R: Refusal>(kept: bool, rule: &'static str, why: impl FnOnce() -> String) -> Verdict<R> {
    if kept {
        Ok(())
    } else {
        broken(rule, why)
    }
}

/// What a turn's predicates read, worked out once per turn: whether the hand may 自摸, 天胡 at
/// the opening, the declaration the moment allows and the kinds whose discard leaves the hand
/// ready (only when a declaration is open).
struct TurnFacts<'a> {
    state: &'a State,
    t: &'a Turn,
    p: &'a Player,
    can_win: bool,
    heaven: bool,
    /// [`declaration_now`] while the player has not declared; `None` otherwise.
    declaration: Option<Declaration>,
    /// [`ready_discards`] when `declaration` is some; 0 otherwise.
    ready: u64,
}

impl<'a> TurnFacts<'a> {
    fn new(state: &'a State, t: &'a Turn) -> Self {
        let p = state.player(t.seat);
        let can_win = can_self_draw(state, t);
        let declaration = if p.declared == Declaration::None {
            declaration_now(state, t.seat)
        } else {
            None
        };
        let ready = if declaration.is_some() {
            ready_discards(p, state.variant())
        } else {
            0
        };
        TurnFacts {
            state,
            t,
            p,
            can_win,
            heaven: can_win && heaven_moment(state, t),
            declaration,
            ready,
        }
    }

    fn held(&self, k: Tile) -> u8 {
        self.p.concealed[k.index()]
    }
}

/// The moment of 天胡: the dealer's opening turn (its 17 after the opening flowers, nobody
/// having acted; not after 換三張 (002), which comes after the opening). A winning hand then is
/// 天胡, decided at the opening like the opening flower wins (000 開局花胡: they 同時成立 and
/// 天胡優先; rules README), so the dealer has no choice to discard; the game decides it before
/// the turn, and a snapshot of that moment offers only the win.
fn heaven_moment(state: &State, t: &Turn) -> bool {
    let p = state.player(t.seat);
    t.drawn.is_none()
        && t.after_call.is_none()
        && t.seat == state.dealer()
        && state.discards_total() == 0
        && !state.any_call()
        && !p.has_discarded
        && !p.has_konged
        && !state.rules().exchange()
}

/// 天胡 (000 開局花胡 天胡優先): at the opening, a winning 17 has no other move.
#[inline]
fn heaven_only_win<R: Refusal>(f: &TurnFacts, a: Action) -> Verdict<R> {
    keep(!f.heaven || a == Action::Win, rule::HEAVEN_WIN, || {
        "the dealer's 17 win as dealt: 天胡 is decided at the opening (000 開局花胡 天胡優先)"
            .to_owned()
    })
}

/// 000 MIGI 一定要胡 (001/003 地聽, 天聽 不得過水): a winning draw is won.
#[inline]
fn must_win_draw<R: Refusal>(f: &TurnFacts, a: Action) -> Verdict<R> {
    keep(
        !(f.p.declared.must_win() && f.can_win && a != Action::Win),
        rule::MIGI_MUST_WIN,
        || must_win_why(f.state, f.p),
    )
}

fn must_win_why(state: &State, p: &Player) -> String {
    format!(
        "a {} declarer must win a winning tile",
        state.variant().name_of(declared_item(p.declared))
    )
}

/// The hand holds `n` of `k` (手牌).
#[inline]
fn holds<R: Refusal>(p: &Player, k: Tile, n: u8, why: impl FnOnce() -> String) -> Verdict<R> {
    keep(p.concealed[k.index()] >= n, rule::TILES, why)
}

/// 000 吃入打出 / 碰入打出: right after 吃, neither the claimed tile nor the far end of a
/// two-sided 搭子; right after 碰, not the same tile. The one place the lock after a call is
/// read: the turn's listing and its refusals both come here.
#[inline]
fn call_lock<R: Refusal>(t: &Turn, k: Tile) -> Verdict<R> {
    match t.after_call {
        Some(lock @ super::state::CallLock::Chi { claimed, .. }) if lock.forbids(k) => {
            broken(rule::CHI_IN_DISCARD_OUT, || {
                format!(
                    "after 吃 of {} this discard may not be {}",
                    claimed.code(),
                    k.code()
                )
            })
        }
        Some(lock @ super::state::CallLock::Pon(x)) if lock.forbids(k) => {
            broken(rule::PON_IN_DISCARD_OUT, || {
                format!(
                    "after 碰 of {} this discard may not be {}",
                    x.code(),
                    x.code()
                )
            })
        }
        _ => Ok(()),
    }
}

/// Right after 吃/碰 the only move is a discard (000 吃入打出: 吃入 then 打出); a 嗆聽 is a
/// discard. `rule` names the refusal by what was tried.
#[inline]
fn after_call_discard_only<R: Refusal>(
    t: &Turn,
    rule: &'static str,
    why: &'static str,
) -> Verdict<R> {
    keep(t.after_call.is_none(), rule, || why.to_owned())
}

/// 000 嗆聽與 MIGI: once declared, draw and discard — the drawn tile, and the fourth tile of a
/// 碰 is added (加槓) at once (unless it is the 海底 draw); no second declaration.
#[inline]
fn declared_discard<R: Refusal>(f: &TurnFacts, a: Action, k: Tile) -> Verdict<R> {
    if f.p.declared == Declaration::None {
        return Ok(());
    }
    if matches!(a, Action::Declare(_)) {
        return broken(rule::DECLARED, || "already declared".to_owned());
    }
    let Some(d) = f.t.drawn else { return Ok(()) };
    if !f.t.last_tile && f.p.has_pon(d) {
        return broken(rule::DECLARED, || {
            "the fourth tile of a 碰 is added (加槓) at once".to_owned()
        });
    }
    keep(k == d, rule::DECLARED, || {
        "after declaring, only the drawn tile may be discarded".to_owned()
    })
}

/// 000 嗆聽與 MIGI 宣告時機 ([`declaration_now`]): a declaration of the variant's table fits now.
#[inline]
fn declare_window<R: Refusal>(f: &TurnFacts) -> Verdict<R> {
    keep(f.declaration.is_some(), rule::DECLARE_WINDOW, || {
        let v = f.state.variant();
        let migi = if v.flow.migi_first_discard {
            "at a 閒家's own first discard".to_owned()
        } else {
            format!("within the first {MIGI_DISCARDS} discards")
        };
        format!(
            "{} has no declaration now: {} at the dealer's first discard, {} {migi} with no 吃, \
             碰 or 槓, and no 嗆聽",
            v.preset,
            v.name_of(Item::HeavenReady),
            v.name_of(Item::Migi),
        )
    })
}

/// 000 嗆聽: the hand is ready after the discard.
#[inline]
fn declare_ready<R: Refusal>(f: &TurnFacts, k: Tile) -> Verdict<R> {
    keep(f.ready >> k.index() & 1 == 1, rule::NOT_READY, || {
        format!("the hand is not ready after discarding {}", k.code())
    })
}

/// 自摸: the hand is complete (000 胡牌的樣子), not on a 明槓's replacement (000 槓), not in
/// 過水 (000 過水), and reaches 起胡 (002) — the first of these a hand that may not win breaks.
#[inline]
fn self_draw<R: Refusal>(f: &TurnFacts) -> Verdict<R> {
    if f.can_win {
        return Ok(());
    }
    Err(R::refuse(|| {
        let (state, p) = (f.state, f.p);
        let (rule, why) = if f.t.after_call.is_some() {
            (
                rule::NOT_A_WIN,
                "after 吃/碰 the only move is a discard".to_owned(),
            )
        } else if !complete(p, state.variant()) {
            (
                rule::NOT_A_WIN,
                "the hand is not five sets and a pair (nor a special shape the variant admits)"
                    .to_owned(),
            )
        } else if p.no_self_draw {
            (
                rule::MINKAN_NO_SELF_DRAW,
                "the replacement of a 明槓 cannot be 自摸".to_owned(),
            )
        } else if p.furiten.bars(f.t.drawn) {
            (
                rule::FURITEN,
                "in 過水 no win is allowed, not even 自摸".to_owned(),
            )
        } else {
            (rule::MIN_TAI, min_tai_why(state))
        };
        Violation { rule, why }
    }))
}

fn min_tai_why(state: &State) -> String {
    format!(
        "the hand does not reach {} tai for any payer",
        state.rules().min_tai()
    )
}

/// 暗槓 / 加槓 on one's turn: not right after a call (吃碰後不接槓), not after declaring but the
/// automatic 加槓 (嗆聽與 MIGI), not on the 海底 draw (000 槓), and the tiles are there.
#[inline]
fn kong<R: Refusal>(f: &TurnFacts, a: Action, k: Tile) -> Verdict<R> {
    let (t, me) = (f.t, f.p);
    after_call_discard_only(t, rule::NO_KONG_AFTER_CALL, "after 吃/碰 only a discard")?;
    let automatic =
        matches!(a, Action::Kakan(_)) && t.drawn == Some(k) && !t.last_tile && me.has_pon(k);
    keep(
        me.declared == Declaration::None || automatic,
        rule::DECLARED,
        || "no 槓 after declaring ready, except the automatic 加槓".to_owned(),
    )?;
    keep(!t.last_tile, rule::NO_KONG_ON_LAST, || {
        "no 暗槓 or 加槓 on the 海底 draw".to_owned()
    })?;
    let ok = match a {
        Action::Ankan(_) => f.held(k) == 4,
        _ => f.held(k) > 0 && me.has_pon(k),
    };
    keep(ok, rule::TILES, || format!("the hand cannot {a}"))
}

/// The variant plays the flower win `a` names as a win of its own ([`FlowerWin::played_in`]):
/// 003 hk16 does not (八仙過海 只是在胡的時候加40番, 七搶一 胡的時候加20番).
fn flower_win_played<R: Refusal>(state: &State, a: Action) -> Verdict<R> {
    let win = match a {
        Action::EightFlowers => FlowerWin::EightImmortals,
        _ => FlowerWin::SevenRobOne { robbed: 0 },
    };
    let v = state.variant();
    // `flower_win.play_on` (issue #30): a flower win paid on the spot is not paid again for
    // the same flowers (eight flowers are all there are: one flower win a hand).
    keep(!state.flower_paid(), rule::FLOWER_WIN, || {
        "the hand's flower win was paid on the spot (flower_win.play_on): its flowers are not \
         paid twice"
            .to_owned()
    })?;
    keep(win.played_in(v), rule::FLOWER_WIN, || {
        format!(
            "{} plays no {} win of its own (flower_wins = false): the flowers count on a \
             regular win",
            v.preset,
            win.item().name()
        )
    })
}

/// 000 花牌與花胡: 八仙過海 with all eight flowers; 七搶一 right after the 7th flower's
/// replacement when another seat holds the 8th. Not right after a call, and only where the
/// variant plays flower wins.
#[inline]
fn flower_win<R: Refusal>(f: &TurnFacts, a: Action) -> Verdict<R> {
    match a {
        Action::EightFlowers => keep(f.p.flowers == 0xFF, rule::FLOWER_WIN, || {
            format!(
                "八仙過海 needs all 8 flowers; the seat has {}",
                f.p.flower_count()
            )
        })?,
        _ => keep(f.t.rob_from.is_some(), rule::FLOWER_WIN, || {
            "七搶一 is open only right after the 7th flower's replacement".to_owned()
        })?,
    }
    flower_win_played(f.state, a)?;
    after_call_discard_only(
        f.t,
        rule::FLOWER_WIN,
        "after 吃/碰 the only move is a discard",
    )
}

/// The verdict on `a` at the seat's own turn: its rules in the order a refusal names them.
#[inline]
fn turn_verdict<R: Refusal>(f: &TurnFacts, a: Action) -> Verdict<R> {
    heaven_only_win(f, a)?;
    must_win_draw(f, a)?;
    match a {
        Action::Discard(k) | Action::Declare(k) => {
            holds(f.p, k, 1, || format!("no {} in the hand", k.code()))?;
            call_lock(f.t, k)?;
            declared_discard(f, a, k)?;
            if matches!(a, Action::Declare(_)) {
                declare_window(f)?;
                declare_ready(f, k)?;
            }
            Ok(())
        }
        Action::Win => self_draw(f),
        Action::Ankan(k) | Action::Kakan(k) => kong(f, a, k),
        Action::EightFlowers | Action::SevenRobOne => flower_win(f, a),
        Action::Chi(_) | Action::Pon | Action::Minkan | Action::Pass => broken(rule::TURN, || {
            "nothing is on offer; it is the seat's own turn".to_owned()
        }),
        Action::Pass3(_) | Action::ExchangeAgain | Action::ExchangeDone => {
            broken(rule::EXCHANGE, || "換三張 is over".to_owned())
        }
        Action::Redeal => broken(rule::UNCONNECTED, || {
            "十三不搭 is shown only at the start of the hand (起手)".to_owned()
        }),
        Action::Ask(_) => broken(rule::ASK_ANKAN, || {
            "an 暗槓 is asked about while answering a discard".to_owned()
        }),
    }
}

/// The kinds whose bit is set in `mask`, in kind order.
fn kinds_in(mut mask: u64) -> impl Iterator<Item = Tile> {
    std::iter::from_fn(move || {
        let k = Tile::new(mask.trailing_zeros() as usize)?;
        mask &= mask - 1;
        Some(k)
    })
}

/// The legal actions at the seat's own turn: every candidate [`turn_verdict`] keeps, in the
/// order 胡, then per kind held its discard and 嗆聽, 暗槓, 加槓, 八仙過海, 七搶一.
fn turn_actions(state: &State, t: &Turn, out: &mut impl FnMut(Action)) {
    let f = TurnFacts::new(state, t);
    let p = f.p;
    let mut push = |a: Action| {
        if turn_verdict::<()>(&f, a).is_ok() {
            out(a);
        }
    };
    push(Action::Win);
    // A 嗆聽 is a candidate only while a declaration is open ([`declare_window`] refuses the
    // others): the listing's one shortcut, taken for speed.
    let declaring = f.declaration.is_some();
    // The kinds held (and held four times) as bit masks, read in kind order: a turn's listing
    // runs over the few kinds held without a branch per kind it does not hold.
    let (mut held, mut four) = (0u64, 0u64);
    for (i, &c) in p.concealed.iter().enumerate() {
        held |= u64::from(c > 0) << i;
        four |= u64::from(c == 4) << i;
    }
    for k in kinds_in(held) {
        push(Action::Discard(k));
        if declaring {
            push(Action::Declare(k));
        }
    }
    for k in kinds_in(four) {
        push(Action::Ankan(k));
    }
    for m in p.melds.iter().filter(|m| m.kind == MeldKind::Pon) {
        push(Action::Kakan(m.tile));
    }
    push(Action::EightFlowers);
    push(Action::SevenRobOne);
}

/// What an offer's predicates read: the seat answering, the offer, and whether its tile
/// completes the seat's hand ([`wins_offered`], worked out once).
struct OfferFacts<'a> {
    state: &'a State,
    seat: u8,
    from: u8,
    kind: OfferKind,
    p: &'a Player,
    wins: bool,
}

/// 胡 on an offer: a discard or a 加槓 (搶槓) that completes the hand, not in 過水 (000 過水;
/// 003 過水特殊規定: the dealer's discard of a tile declined for 起胡 alone still may be won),
/// reaching 起胡 (002); an 暗槓 only by the 十三么 ask (003 註13); a flower only by 七搶一.
#[inline]
fn offer_win<R: Refusal>(f: &OfferFacts) -> Verdict<R> {
    let (state, p) = (f.state, f.p);
    let (tile, kind) = match f.kind {
        OfferKind::Discard { tile, .. } => (tile, WinKind::Discard { from: f.from }),
        OfferKind::Kakan { tile } => (tile, WinKind::RobbingKong { from: f.from }),
        OfferKind::Ankan { .. } => {
            return keep(may_ask_ankan(p, state.variant()), rule::ROB_KONG, || {
                "only a seat ready for 十三么 on the one orphan it lacks, not in 過水, may ask \
                 what an 暗槓 is (003 註13)"
                    .to_owned()
            })
        }
        OfferKind::Flower { .. } => {
            return broken(rule::FLOWER_WIN, || {
                "a shown flower can only be robbed by 七搶一".to_owned()
            })
        }
    };
    keep(f.wins, rule::NOT_A_WIN, || {
        format!("{} does not complete the hand", tile.code())
    })?;
    let exempt = matches!(f.kind, OfferKind::Discard { .. })
        && p.furiten
            .dealer_exception(&state.variant().flow, tile, f.from == state.dealer());
    keep(!p.furiten.bars(Some(tile)) || exempt, rule::FURITEN, || {
        "in 過水 no win is allowed".to_owned()
    })?;
    keep(
        state.reaches(&state.claim_win(f.seat, tile, kind)),
        rule::MIN_TAI,
        || min_tai_why(state),
    )
}

/// 吃, 碰 and 明槓 take a discard only (搶槓 takes a 加槓 by 胡; an 暗槓 is only asked about; a
/// flower only 七搶一 robs), not after declaring (嗆聽與 MIGI), not the last discard (最後一張
/// 捨牌), and not when the wall is nearly out (牌牆將盡不得鳴牌). The discarded tile.
#[inline]
fn callable<R: Refusal>(f: &OfferFacts) -> std::result::Result<Tile, R> {
    let x = match f.kind {
        OfferKind::Discard { tile, .. } => tile,
        OfferKind::Kakan { .. } => {
            return Err(R::refuse(|| Violation {
                rule: rule::ROB_KONG,
                why: "a 加槓 can only be robbed by 胡".to_owned(),
            }))
        }
        OfferKind::Ankan { .. } => {
            return Err(R::refuse(|| Violation {
                rule: rule::ROB_KONG,
                why: "an 暗槓 can only be asked about (胡, 003 註13)".to_owned(),
            }))
        }
        OfferKind::Flower { .. } => {
            return Err(R::refuse(|| Violation {
                rule: rule::FLOWER_WIN,
                why: "a shown flower can only be robbed by 七搶一".to_owned(),
            }))
        }
    };
    keep(f.p.declared == Declaration::None, rule::DECLARED, || {
        "no 吃, 碰 or 槓 after declaring ready".to_owned()
    })?;
    keep(
        !matches!(f.kind, OfferKind::Discard { last: true, .. }),
        rule::LAST_DISCARD,
        || "the last discard can only be won".to_owned(),
    )?;
    let drawable = f.state.drawable();
    keep(drawable >= CALL_MIN_DRAWABLE, rule::WALL_END, || {
        format!("{drawable} drawable tiles left; 吃, 碰 and 明槓 need 4")
    })?;
    Ok(x)
}

/// 000 打出吃入: not the seat's own last discard, nor two tiles that made a set with it.
#[inline]
fn own_last_discard<R: Refusal>(p: &Player, x: Tile) -> Verdict<R> {
    keep(p.last_discard != Some(x), rule::DISCARD_OUT_CALL_IN, || {
        format!("{} was the seat's own last discard", x.code())
    })
}

/// 吃 (000 怎麼玩: only the 下家; 004 三人麻將多數不能吃), with both partners held, not of tiles
/// that made a set with the seat's last discard (打出吃入), leaving a tile it may discard after
/// (吃入打出).
#[inline]
fn chi<R: Refusal>(f: &OfferFacts, x: Tile, pos: ChiPos) -> Verdict<R> {
    let (state, me) = (f.state, f.p);
    keep(state.variant().chi_allowed, rule::NO_CHI, || {
        "this variant has no 吃 (004: three-player 多數不能吃)".to_owned()
    })?;
    keep(f.seat == state.next(f.from), rule::CHI_FROM_LEFT, || {
        "only the next player may 吃 a discard".to_owned()
    })?;
    let action = Action::Chi(pos);
    let Some((a, b)) = pos.partners(x) else {
        return broken(rule::TILES, || format!("no {action} run with {}", x.code()));
    };
    keep(
        me.concealed[a.index()] >= 1 && me.concealed[b.index()] >= 1,
        rule::TILES,
        || {
            format!(
                "{action} of {} needs {} and {}",
                x.code(),
                a.code(),
                b.code()
            )
        },
    )?;
    if let Some(y) = me.last_discard.filter(|&y| run_with(a, b, y)) {
        return broken(rule::DISCARD_OUT_CALL_IN, || {
            format!(
                "{} and {} made a set with the discarded {}",
                a.code(),
                b.code(),
                y.code()
            )
        });
    }
    let end = chi_other_end(x, pos);
    keep(
        discard_left(me, &[a, b], |t| t == x || Some(t) == end),
        rule::CHI_IN_DISCARD_OUT,
        || "no tile could be discarded after this 吃".to_owned(),
    )
}

/// 碰: two held, not the seat's own last discard (打出吃入), not a kind passed for 碰 since
/// that discard (過水碰), leaving a tile it may discard after (碰入打出).
#[inline]
fn pon<R: Refusal>(p: &Player, x: Tile) -> Verdict<R> {
    holds(p, x, 2, || {
        format!("碰 of {} needs two in the hand", x.code())
    })?;
    own_last_discard(p, x)?;
    keep(p.no_pon >> x.index() & 1 == 0, rule::PASSED_PON, || {
        format!(
            "{} was passed for 碰 since the seat's last discard",
            x.code()
        )
    })?;
    keep(
        discard_left(p, &[x, x], |t| t == x),
        rule::PON_IN_DISCARD_OUT,
        || "no tile could be discarded after this 碰".to_owned(),
    )
}

/// 明槓: three held, not from the 上家 at a table of three or four (明槓不對上家), not the
/// seat's own last discard (打出吃入).
#[inline]
fn minkan<R: Refusal>(f: &OfferFacts, x: Tile) -> Verdict<R> {
    let p = f.p;
    keep(p.concealed[x.index()] == 3, rule::TILES, || {
        format!("明槓 of {} needs three in the hand", x.code())
    })?;
    keep(
        !kong_from_left(f.state, f.seat, f.from),
        rule::MINKAN_NOT_LEFT,
        || "明槓 only from the 下家 or 對家, not the 上家".to_owned(),
    )?;
    own_last_discard(p, x)
}

/// 000 七搶一 case 2: a shown flower robbed by the seat holding the other seven, while a tile
/// is left to replace it.
#[inline]
fn rob_flower<R: Refusal>(f: &OfferFacts) -> Verdict<R> {
    keep(
        matches!(f.kind, OfferKind::Flower { .. })
            && f.p.flower_count() == 7
            && f.state.drawable() >= 1,
        rule::FLOWER_WIN,
        || "七搶一 needs 7 flowers and a drawable tile".to_owned(),
    )?;
    flower_win_played(f.state, Action::SevenRobOne)
}

/// The verdict on answering the offer with `a` (not 過: see [`pass_verdict`]), its rules in
/// the order a refusal names them.
fn offer_verdict<R: Refusal>(f: &OfferFacts, a: Action) -> Verdict<R> {
    match a {
        Action::Win => offer_win(f),
        Action::Chi(pos) => chi(f, callable(f)?, pos),
        Action::Pon => pon(f.p, callable(f)?),
        Action::Minkan => minkan(f, callable(f)?),
        Action::SevenRobOne => rob_flower(f),
        _ => broken(rule::TURN, || {
            "an offer takes 胡, 吃, 碰, 明槓, 七搶一 or 過".to_owned()
        }),
    }
}

/// 過: a seat is asked only when it has a choice (some answer besides 過, or a later 暗槓
/// ask, 003 註13), and a declarer that must win (000 MIGI 一定要胡; 001/003 地聽, 天聽 不得
/// 過水) may not let a winning tile go. On an 暗槓 the ask and 過 come together.
#[inline]
fn pass_verdict<R: Refusal>(f: &OfferFacts, others: Options, asks: u8) -> Verdict<R> {
    if matches!(f.kind, OfferKind::Ankan { .. }) {
        return keep(others.has(Options::WIN), rule::TURN, || {
            "the seat has no decision on this offer".to_owned()
        });
    }
    if others.has(Options::WIN) && f.p.declared.must_win() {
        return broken(rule::MIGI_MUST_WIN, || must_win_why(f.state, f.p));
    }
    keep(
        !others.is_empty() || asks != 0 || false_win_open(f),
        rule::TURN,
        || "the seat has no decision on this offer".to_owned(),
    )
}

/// 001 詐胡 (`false_win`: 在過水的情況下未過手即宣告胡牌, 所賠台數視詐胡的台數計算): the offered
/// tile completes the seat's hand but 過水 bars it, so its choice is 過 or a 胡 that is a 詐胡
/// (scored as the win it would be). The seat is asked whether or not a third seat could claim
/// the tile, so the penalty never depends on another player's hand.
fn false_win_open(f: &OfferFacts) -> bool {
    let tile = match f.kind {
        OfferKind::Discard { tile, .. } | OfferKind::Kakan { tile } => tile,
        OfferKind::Ankan { .. } | OfferKind::Flower { .. } => return false,
    };
    f.wins && f.state.variant().flow.false_win && f.p.furiten.bars(Some(tile))
}

const CHI_BITS: [(ChiPos, u8); 3] = [
    (ChiPos::Low, Options::CHI_LOW),
    (ChiPos::Mid, Options::CHI_MID),
    (ChiPos::High, Options::CHI_HIGH),
];

/// Each answer to an offer besides 過, with its bit, in the order they are listed.
const OFFER_ANSWERS: [(Action, u8); 6] = [
    (Action::Win, Options::WIN),
    (Action::Chi(ChiPos::Low), Options::CHI_LOW),
    (Action::Chi(ChiPos::Mid), Options::CHI_MID),
    (Action::Chi(ChiPos::High), Options::CHI_HIGH),
    (Action::Pon, Options::PON),
    (Action::Minkan, Options::MINKAN),
];

/// What `seat` may answer to an offer from `from`.
pub(crate) fn offer_options(state: &State, seat: u8, from: u8, kind: OfferKind) -> Options {
    let wins = wins_offered(state, seat, kind);
    offer_options_with(state, seat, from, kind, wins)
}

/// [`offer_options`] given `wins`, [`wins_offered`] of the seat and offer (the caller needs it
/// too, for the 起胡 decline): every answer [`offer_verdict`] keeps, and 過 by [`pass_verdict`].
pub(crate) fn offer_options_with(
    state: &State,
    seat: u8,
    from: u8,
    kind: OfferKind,
    wins: bool,
) -> Options {
    let f = OfferFacts {
        state,
        seat,
        from,
        kind,
        p: state.player(seat),
        wins,
    };
    // The answers of [`offer_verdict`], its shared first step (`callable`) asked once.
    let mut o = 0u8;
    if offer_win::<()>(&f).is_ok() {
        o |= Options::WIN;
    }
    if let Ok(x) = callable::<()>(&f) {
        for (pos, bit) in CHI_BITS {
            if chi::<()>(&f, x, pos).is_ok() {
                o |= bit;
            }
        }
        if pon::<()>(f.p, x).is_ok() {
            o |= Options::PON;
        }
        if minkan::<()>(&f, x).is_ok() {
            o |= Options::MINKAN;
        }
    }
    if rob_flower::<()>(&f).is_ok() {
        o |= Options::ROB_FLOWER;
    }
    let asks = later_asks(state, seat, kind);
    if pass_verdict::<()>(&f, Options(o), asks).is_ok() {
        o |= Options::PASS;
    }
    Options(o)
}

fn push_options(o: Options, asks: u8, out: &mut impl FnMut(Action)) {
    for (a, bit) in OFFER_ANSWERS {
        if o.has(bit) {
            out(a);
        }
    }
    if o.has(Options::ROB_FLOWER) {
        out(Action::SevenRobOne);
    }
    if o.has(Options::PASS) {
        for s in (0..4u8).filter(|s| asks >> s & 1 == 1) {
            out(Action::Ask(s));
        }
        out(Action::Pass);
    }
}

/// 003 改良式 特殊流局情形 (起手十三不搭先說好可否亮牌重洗): `redeal` by the seat choosing at the
/// start, its hand 十三不搭, in a variant that plays it.
fn redeal<R: Refusal>(state: &State, seat: u8) -> Verdict<R> {
    let on = state.variant().flow.thirteen_unconnected_draw;
    let choosing = matches!(state.phase(), Phase::Opening(o) if o.seat == seat);
    keep(
        on && choosing && may_redeal(state, seat),
        rule::UNCONNECTED,
        || {
            if !on {
                return "this variant does not redeal on 十三不搭 (special_draw.thirteen_unconnected \
                    is off: 先說好可否亮牌重洗)"
                .to_owned();
            }
            let held = unconnected_count(&state.player(seat).concealed);
            match state.phase() {
                Phase::Opening(o) if o.seat == seat => format!(
                    "the hand holds {held} tiles of distinct kinds no two of which 搭; 十三不搭 \
                 needs {THIRTEEN}"
                ),
                Phase::Opening(o) => format!("seat {} is choosing on its 十三不搭 now", o.seat),
                _ => "十三不搭 is shown only at the start of the hand (起手), before the first \
                  discard"
                    .to_owned(),
            }
        },
    )
}

/// 003 註13 (詢問時機可自行判斷): asking later what another seat's 暗槓 is, while answering a
/// discard, ready for 十三么 on the one orphan it lacks and not in 過水, about a seat with an
/// 暗槓 not asked about yet. The offer's listing decides; this says why not.
fn ask_refused(state: &State, seat: u8, owner: u8) -> Violation {
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
    Violation {
        rule: rule::ASK_ANKAN,
        why,
    }
}

/// 換三張 (002 一局開始的順序): three concealed tiles per seat, then the dealer's choice of a
/// second round.
fn exchange_verdict<R: Refusal>(state: &State, x: &Exchange, seat: u8, a: Action) -> Verdict<R> {
    let refuse =
        |why: fn(&Exchange, u8, Action) -> String| broken(rule::EXCHANGE, || why(x, seat, a));
    if x.deciding {
        return match a {
            Action::ExchangeAgain | Action::ExchangeDone if seat == state.dealer() => Ok(()),
            _ => refuse(|_, _, _| {
                "after the first 換三張 the dealer chooses `exchange again` or `no second \
                 exchange`"
                    .to_owned()
            }),
        };
    }
    if x.picked(seat) >= 3 {
        return refuse(|_, _, _| "the seat has picked its three tiles".to_owned());
    }
    match a {
        Action::Pass3(k)
            if (seat as usize) < 4
                && state.player(seat).concealed[k.index()] > x.chosen(seat)[k.index()] =>
        {
            Ok(())
        }
        Action::Pass3(k) => broken(rule::EXCHANGE, || format!("no {} left to pass", k.code())),
        _ => refuse(|_, _, _| {
            "every seat passes three concealed tiles (pass3 <tile>) first".to_owned()
        }),
    }
}

/// 換三張: any concealed tile not yet picked, three per seat; then the dealer's choice.
fn exchange_actions(state: &State, x: &Exchange, seat: u8, out: &mut impl FnMut(Action)) {
    let candidates = [Action::ExchangeAgain, Action::ExchangeDone]
        .into_iter()
        .chain(Tile::all().map(Action::Pass3));
    for a in candidates {
        if exchange_verdict::<()>(state, x, seat, a).is_ok() {
            out(a);
        }
    }
}

/// 起手 (003 改良式 特殊流局情形): the seat choosing shows 十三不搭 (`redeal`) or plays on
/// (`pass`: 亮牌 is a choice).
fn opening_verdict<R: Refusal>(state: &State, o: Opening, seat: u8, a: Action) -> Verdict<R> {
    if o.seat != seat {
        return broken(rule::TURN, || {
            format!("seat {} is choosing on its 十三不搭 (起手)", o.seat)
        });
    }
    match a {
        Action::Pass => Ok(()),
        Action::Redeal => redeal(state, seat),
        _ => broken(rule::UNCONNECTED, || {
            "起手: the seat chooses `redeal` (十三不搭 亮牌重洗) or `pass` before play starts"
                .to_owned()
        }),
    }
}

fn opening_actions(state: &State, o: Opening, seat: u8, out: &mut impl FnMut(Action)) {
    for a in [Action::Redeal, Action::Pass] {
        if opening_verdict::<()>(state, o, seat, a).is_ok() {
            out(a);
        }
    }
}

/// Hands each legal action of `seat` now to `out`, in the listing's order.
fn list_legal(state: &State, seat: u8, mut out: impl FnMut(Action)) {
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
}

/// The legal actions of `seat` now; empty when it is not that seat's decision.
pub fn legal_actions(state: &State, seat: u8) -> Vec<Action> {
    // A turn lists one discard per kind held, and a 嗆聽 beside each that leaves the hand
    // ready: room for that in one allocation.
    let mut out = Vec::with_capacity(24);
    list_legal(state, seat, |a| out.push(a));
    out
}

/// The legal actions of `seat` as a mask over the action space.
pub fn legal_mask(state: &State, seat: u8) -> [bool; ACTION_COUNT] {
    let mut m = [false; ACTION_COUNT];
    legal_mask_into(state, seat, &mut m);
    m
}

/// [`legal_mask`] written into `mask` (`ACTION_COUNT` entries, all false on entry), with no
/// list in between: an observation's mask.
pub(crate) fn legal_mask_into(state: &State, seat: u8, mask: &mut [bool]) {
    list_legal(state, seat, |a| {
        if let Some(m) = mask.get_mut(a.index()) {
            *m = true;
        }
    });
}

pub fn is_legal(state: &State, seat: u8, action: Action) -> bool {
    legal_actions(state, seat).contains(&action)
}

/// `Ok` when `seat` may take `action` now; otherwise the rule it breaks.
pub fn check(state: &State, seat: u8, action: Action) -> Result<()> {
    if is_legal(state, seat, action) {
        return Ok(());
    }
    let v = why_not(state, seat, action);
    Err(Error::illegal(
        v.rule,
        format!("seat {seat} may not {action}: {}", v.why),
    ))
}

/// The first rule `seat` taking `action` now breaks: the verdicts the listing reads, asked to
/// explain. (An action the listing refuses that no verdict explains is `not available now`.)
pub fn why_not(state: &State, seat: u8, action: Action) -> Violation {
    verdict::<Violation>(state, seat, action)
        .err()
        .unwrap_or_else(|| Violation {
            rule: rule::TURN,
            why: "not available now".to_owned(),
        })
}

/// The verdict on `seat` taking `action` now, whoever's decision it is.
fn verdict<R: Refusal>(state: &State, seat: u8, action: Action) -> Verdict<R> {
    let over = state.is_over();
    if action == Action::Redeal && !over {
        return redeal(state, seat);
    }
    if let (Action::Ask(o), false) = (action, over) {
        return Err(R::refuse(|| ask_refused(state, seat, o)));
    }
    match state.phase() {
        Phase::Over => broken(rule::OVER, || "the hand is over".to_owned()),
        Phase::Opening(o) => opening_verdict(state, *o, seat, action),
        Phase::Exchange(x) => exchange_verdict(state, x, seat, action),
        Phase::Turn(_) | Phase::Offer(_)
            if matches!(
                action,
                Action::Pass3(_) | Action::ExchangeAgain | Action::ExchangeDone
            ) =>
        {
            broken(rule::EXCHANGE, || {
                "換三張 is over (or not played in this variant)".to_owned()
            })
        }
        Phase::Turn(t) if t.seat != seat => {
            // 000 合法與犯規 搶槓: only a 加槓 can be robbed; after 暗槓/明槓 nothing is on offer.
            let robbing = action == Action::Win && last_kong_unrobbable(state);
            if robbing {
                return broken(rule::ROB_KONG, || {
                    "only a 加槓 can be robbed, not a 暗槓 or 明槓".to_owned()
                });
            }
            broken(rule::TURN, || format!("it is seat {}'s turn", t.seat))
        }
        Phase::Turn(t) => turn_verdict(&TurnFacts::new(state, t), action),
        Phase::Offer(o) => {
            let s = seat as usize % super::state::SEATS;
            if seat == o.from || o.responses[s].is_some() {
                return broken(rule::TURN, || {
                    "the seat has no decision on this offer".to_owned()
                });
            }
            let p = state.player(seat);
            let f = OfferFacts {
                state,
                seat,
                from: o.from,
                kind: o.kind,
                p,
                wins: wins_offered(state, seat, o.kind),
            };
            if action == Action::Pass {
                let others = Options(o.options[s].0 & !Options::PASS);
                return pass_verdict(&f, others, later_asks(state, seat, o.kind));
            }
            offer_verdict(&f, action)
        }
    }
}

/// The last act or claim was a 暗槓 or a 明槓 (which no 胡 robs: 000 合法與犯規 搶槓).
fn last_kong_unrobbable(state: &State) -> bool {
    let last = state.log().iter().rev().find_map(|e| match e {
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
    matches!(last, Some(Action::Ankan(_) | Action::Minkan))
}

/// The tai item of a declaration (MIGI's is 地聽 in 001 and 003).
pub(crate) fn declared_item(d: Declaration) -> Item {
    match d {
        Declaration::HeavenReady => Item::HeavenReady,
        Declaration::Migi => Item::Migi,
        Declaration::Ready | Declaration::None => Item::DeclaredReady,
    }
}
