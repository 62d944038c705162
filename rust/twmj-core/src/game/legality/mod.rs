//! Legal actions at a decision point, and the rule an illegal action breaks (000 合法與犯規, 過水).
//!
//! Here the refusal ([`Violation`], [`rule`]) and the entry points ([`legal_actions`],
//! [`legal_mask`], [`is_legal`], [`check`]); beside them the predicates by moment: `hand` (what
//! a seat's hand and the table allow), `turn`, `offer` and `opening` (換三張, the opening, the
//! redeal).

mod hand;
mod offer;
mod opening;
mod turn;

use crate::error::{Error, Result};
use crate::rules::Item;

use super::action::{Action, ACTION_COUNT};
use super::event::Event;
use super::state::{Declaration, Options, Phase, State};
pub use hand::unasked_ankans;
pub(crate) use hand::{
    ankan_count, chi_other_end, complete, complete_seat, declaration_now, later_asks,
    may_ask_ankan, may_redeal, robs_ankan, robs_ankans_of, self_draw_open, wait_mask_with,
    wins_offered, wins_with,
};
// Read by the state's unit tests only.
#[cfg(test)]
pub(crate) use hand::ready_discards;
pub(crate) use offer::{offer_options, offer_options_with};
use offer::{offer_verdict, pass_verdict, push_options, OfferFacts};
use opening::{
    ask_refused, exchange_actions, exchange_verdict, opening_actions, opening_verdict, redeal,
};
use turn::{turn_actions, turn_verdict, TurnFacts};

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
