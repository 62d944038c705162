//! The rules of a seat's turn as predicates (000 合法與犯規: 自摸, 槓, 嗆聽, the discard after a
//! call, 花胡), and the turn's candidate actions.

use crate::hand::MeldKind;
use crate::rules::Item;
use crate::scoring::FlowerWin;
use crate::tile::Tile;

use super::hand::{can_self_draw, complete, declaration_now, ready_discards};
use super::{broken, declared_item, keep, rule, Refusal, Verdict, Violation};
use crate::game::action::Action;
use crate::game::state::{Declaration, Player, State, Turn, MIGI_DISCARDS};

/// What a turn's predicates read, worked out once per turn: whether the hand may 自摸, 天胡 at
/// the opening, the declaration the moment allows and the kinds whose discard leaves the hand
/// ready (only when a declaration is open).
pub(super) struct TurnFacts<'a> {
    pub(super) state: &'a State,
    pub(super) t: &'a Turn,
    pub(super) p: &'a Player,
    pub(super) can_win: bool,
    pub(super) heaven: bool,
    /// [`declaration_now`] while the player has not declared; `None` otherwise.
    pub(super) declaration: Option<Declaration>,
    /// [`ready_discards`] when `declaration` is some; 0 otherwise.
    pub(super) ready: u64,
}

impl<'a> TurnFacts<'a> {
    pub(super) fn new(state: &'a State, t: &'a Turn) -> Self {
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

    pub(super) fn held(&self, k: Tile) -> u8 {
        self.p.concealed[k.index()]
    }
}

/// The moment of 天胡: the dealer's opening turn (its 17 after the opening flowers, nobody
/// having acted; not after 換三張 (002), which comes after the opening). A winning hand then is
/// 天胡, decided at the opening like the opening flower wins (000 開局花胡: they 同時成立 and
/// 天胡優先; rules README), so the dealer has no choice to discard; the game decides it before
/// the turn, and a snapshot of that moment offers only the win.
pub(super) fn heaven_moment(state: &State, t: &Turn) -> bool {
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
pub(super) fn heaven_only_win<R: Refusal>(f: &TurnFacts, a: Action) -> Verdict<R> {
    keep(!f.heaven || a == Action::Win, rule::HEAVEN_WIN, || {
        "the dealer's 17 win as dealt: 天胡 is decided at the opening (000 開局花胡 天胡優先)"
            .to_owned()
    })
}

/// 000 MIGI 一定要胡 (001/003 地聽, 天聽 不得過水): a winning draw is won.
#[inline]
pub(super) fn must_win_draw<R: Refusal>(f: &TurnFacts, a: Action) -> Verdict<R> {
    keep(
        !(f.p.declared.must_win() && f.can_win && a != Action::Win),
        rule::MIGI_MUST_WIN,
        || must_win_why(f.state, f.p),
    )
}

pub(super) fn must_win_why(state: &State, p: &Player) -> String {
    format!(
        "a {} declarer must win a winning tile",
        state.variant().name_of(declared_item(p.declared))
    )
}

/// The hand holds `n` of `k` (手牌).
#[inline]
pub(super) fn holds<R: Refusal>(
    p: &Player,
    k: Tile,
    n: u8,
    why: impl FnOnce() -> String,
) -> Verdict<R> {
    keep(p.concealed[k.index()] >= n, rule::TILES, why)
}

/// 000 吃入打出 / 碰入打出: right after 吃, neither the claimed tile nor the far end of a
/// two-sided 搭子; right after 碰, not the same tile. The one place the lock after a call is
/// read: the turn's listing and its refusals both come here.
#[inline]
pub(super) fn call_lock<R: Refusal>(t: &Turn, k: Tile) -> Verdict<R> {
    match t.after_call {
        Some(lock @ crate::game::state::CallLock::Chi { claimed, .. }) if lock.forbids(k) => {
            broken(rule::CHI_IN_DISCARD_OUT, || {
                format!(
                    "after 吃 of {} this discard may not be {}",
                    claimed.code(),
                    k.code()
                )
            })
        }
        Some(lock @ crate::game::state::CallLock::Pon(x)) if lock.forbids(k) => {
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
pub(super) fn after_call_discard_only<R: Refusal>(
    t: &Turn,
    rule: &'static str,
    why: &'static str,
) -> Verdict<R> {
    keep(t.after_call.is_none(), rule, || why.to_owned())
}

/// 000 嗆聽與 MIGI: once declared, draw and discard — the drawn tile, and the fourth tile of a
/// 碰 is added (加槓) at once (unless it is the 海底 draw); no second declaration.
#[inline]
pub(super) fn declared_discard<R: Refusal>(f: &TurnFacts, a: Action, k: Tile) -> Verdict<R> {
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
pub(super) fn declare_window<R: Refusal>(f: &TurnFacts) -> Verdict<R> {
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
pub(super) fn declare_ready<R: Refusal>(f: &TurnFacts, k: Tile) -> Verdict<R> {
    keep(f.ready >> k.index() & 1 == 1, rule::NOT_READY, || {
        format!("the hand is not ready after discarding {}", k.code())
    })
}

/// 自摸: the hand is complete (000 胡牌的樣子), not on a 明槓's replacement (000 槓), not in
/// 過水 (000 過水), and reaches 起胡 (002) — the first of these a hand that may not win breaks.
#[inline]
pub(super) fn self_draw<R: Refusal>(f: &TurnFacts) -> Verdict<R> {
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

pub(super) fn min_tai_why(state: &State) -> String {
    format!(
        "the hand does not reach {} tai for any payer",
        state.rules().min_tai()
    )
}

/// 暗槓 / 加槓 on one's turn: not right after a call (吃碰後不接槓), not after declaring but the
/// automatic 加槓 (嗆聽與 MIGI), not on the 海底 draw (000 槓), and the tiles are there.
#[inline]
pub(super) fn kong<R: Refusal>(f: &TurnFacts, a: Action, k: Tile) -> Verdict<R> {
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
pub(super) fn flower_win_played<R: Refusal>(state: &State, a: Action) -> Verdict<R> {
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
pub(super) fn flower_win<R: Refusal>(f: &TurnFacts, a: Action) -> Verdict<R> {
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
pub(super) fn turn_verdict<R: Refusal>(f: &TurnFacts, a: Action) -> Verdict<R> {
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
pub(super) fn kinds_in(mut mask: u64) -> impl Iterator<Item = Tile> {
    std::iter::from_fn(move || {
        let k = Tile::new(mask.trailing_zeros() as usize)?;
        mask &= mask - 1;
        Some(k)
    })
}

/// The legal actions at the seat's own turn: every candidate [`turn_verdict`] keeps, in the
/// order 胡, then per kind held its discard and 嗆聽, 暗槓, 加槓, 八仙過海, 七搶一.
pub(super) fn turn_actions(state: &State, t: &Turn, out: &mut impl FnMut(Action)) {
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
