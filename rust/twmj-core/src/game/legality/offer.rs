//! The rules of an answer to an offer as predicates (胡, 吃, 碰, 明槓, 七搶一, pass; 過水), and
//! the options each seat is offered.

use crate::tile::Tile;

use super::hand::{
    chi_other_end, discard_left, kong_from_left, later_asks, may_ask_ankan, run_with, wins_offered,
};
use super::turn::{flower_win_played, holds, min_tai_why, must_win_why};
use super::{broken, keep, rule, Refusal, Verdict, Violation};
use crate::game::action::{Action, ChiPos};
use crate::game::result::WinKind;
use crate::game::state::{Declaration, OfferKind, Options, Player, State, CALL_MIN_DRAWABLE};

/// What an offer's predicates read: the seat answering, the offer, and whether its tile
/// completes the seat's hand ([`wins_offered`], worked out once).
pub(super) struct OfferFacts<'a> {
    pub(super) state: &'a State,
    pub(super) seat: u8,
    pub(super) from: u8,
    pub(super) kind: OfferKind,
    pub(super) p: &'a Player,
    pub(super) wins: bool,
}

/// 胡 on an offer: a discard or a 加槓 (搶槓) that completes the hand, not in 過水 (000 過水;
/// 003 過水特殊規定: the dealer's discard of a tile declined for 起胡 alone still may be won),
/// reaching 起胡 (002); an 暗槓 only by the 十三么 ask (003 註13); a flower only by 七搶一.
#[inline]
pub(super) fn offer_win<R: Refusal>(f: &OfferFacts) -> Verdict<R> {
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
pub(super) fn callable<R: Refusal>(f: &OfferFacts) -> std::result::Result<Tile, R> {
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
pub(super) fn own_last_discard<R: Refusal>(p: &Player, x: Tile) -> Verdict<R> {
    keep(p.last_discard != Some(x), rule::DISCARD_OUT_CALL_IN, || {
        format!("{} was the seat's own last discard", x.code())
    })
}

/// 吃 (000 怎麼玩: only the 下家; 004 三人麻將多數不能吃), with both partners held, not of tiles
/// that made a set with the seat's last discard (打出吃入), leaving a tile it may discard after
/// (吃入打出).
#[inline]
pub(super) fn chi<R: Refusal>(f: &OfferFacts, x: Tile, pos: ChiPos) -> Verdict<R> {
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
pub(super) fn pon<R: Refusal>(p: &Player, x: Tile) -> Verdict<R> {
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
pub(super) fn minkan<R: Refusal>(f: &OfferFacts, x: Tile) -> Verdict<R> {
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
pub(super) fn rob_flower<R: Refusal>(f: &OfferFacts) -> Verdict<R> {
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
pub(super) fn offer_verdict<R: Refusal>(f: &OfferFacts, a: Action) -> Verdict<R> {
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
pub(super) fn pass_verdict<R: Refusal>(f: &OfferFacts, others: Options, asks: u8) -> Verdict<R> {
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
pub(super) fn false_win_open(f: &OfferFacts) -> bool {
    let tile = match f.kind {
        OfferKind::Discard { tile, .. } | OfferKind::Kakan { tile } => tile,
        OfferKind::Ankan { .. } | OfferKind::Flower { .. } => return false,
    };
    f.wins && f.state.variant().flow.false_win && f.p.furiten.bars(Some(tile))
}

pub(super) const CHI_BITS: [(ChiPos, u8); 3] = [
    (ChiPos::Low, Options::CHI_LOW),
    (ChiPos::Mid, Options::CHI_MID),
    (ChiPos::High, Options::CHI_HIGH),
];

/// Each answer to an offer besides 過, with its bit, in the order they are listed.
pub(super) const OFFER_ANSWERS: [(Action, u8); 6] = [
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

pub(super) fn push_options(o: Options, asks: u8, out: &mut impl FnMut(Action)) {
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
