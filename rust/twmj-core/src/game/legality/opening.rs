//! The rules before the first turn: 換三張 (the exchange), the opening's 天胡 and flower
//! wins, and 003's 十三不搭 redeal.

use crate::tile::Tile;

use super::hand::{may_ask_ankan, may_redeal};
use super::{broken, keep, rule, Refusal, Verdict, Violation};
use crate::game::action::Action;
use crate::game::state::{Exchange, OfferKind, Opening, Phase, State};
use crate::unconnected::{unconnected_count, THIRTEEN};

/// 003 改良式 特殊流局情形 (起手十三不搭先說好可否亮牌重洗): `redeal` by the seat choosing at the
/// start, its hand 十三不搭, in a variant that plays it.
pub(super) fn redeal<R: Refusal>(state: &State, seat: u8) -> Verdict<R> {
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
pub(super) fn ask_refused(state: &State, seat: u8, owner: u8) -> Violation {
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
pub(super) fn exchange_verdict<R: Refusal>(
    state: &State,
    x: &Exchange,
    seat: u8,
    a: Action,
) -> Verdict<R> {
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
pub(super) fn exchange_actions(
    state: &State,
    x: &Exchange,
    seat: u8,
    out: &mut impl FnMut(Action),
) {
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
pub(super) fn opening_verdict<R: Refusal>(
    state: &State,
    o: Opening,
    seat: u8,
    a: Action,
) -> Verdict<R> {
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

pub(super) fn opening_actions(state: &State, o: Opening, seat: u8, out: &mut impl FnMut(Action)) {
    for a in [Action::Redeal, Action::Pass] {
        if opening_verdict::<()>(state, o, seat, a).is_ok() {
            out(a);
        }
    }
}
