//! The event log of a hand, and its replay: the log alone rebuilds and re-validates a game.

use crate::error::{Error, Result};

use super::action::Action;
use super::result::HandResult;
use super::state::{Deal, Piece, Rules, State, WallBreak};
use crate::tile::Counts;

/// One step of a hand. The engine writes every event; a player only ever contributes `Act`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// The deal the hand starts from (always the first event).
    Deal(Box<Deal>),
    /// The variant and match position, right after the deal when they are not the taiwan
    /// defaults (a taiwan hand at 連莊 0 in the 東 round has no such event).
    Rules(Box<Rules>),
    /// Where the dice broke the wall (001 起莊、發牌), right after the rules, when the variant
    /// deals by the dice (`dealing = "wall"`).
    Break(WallBreak),
    /// 換三張 round `round` (1 or 2) done: seat `s` passed `given[s]` to seat
    /// `s + offset (mod 4)`.
    Exchange {
        round: u8,
        offset: u8,
        given: [Counts; 4],
    },
    /// `seat` takes `piece` from the live wall, or from the replacement end when
    /// `replacement` (補花, 補槓). A flower is shown at once.
    Draw {
        seat: u8,
        piece: Piece,
        replacement: bool,
    },
    /// `seat` chose `action` (its own turn, or its answer to an offer).
    Act { seat: u8, action: Action },
    /// After arbitration, `seat`'s 吃/碰/明槓 takes the tile on offer.
    Claim { seat: u8, action: Action },
    /// `seat` shows its concealed tiles (亮牌): after its `redeal` of a 十三不搭 hand (003 改良式
    /// 特殊流局情形: 亮牌重洗), right before the end.
    Show { seat: u8, hand: Counts },
    /// The hand is over.
    End(HandResult),
}

/// The engine's event `mine` and the log's `ev` agree. An older record's end line lacks what
/// the engine has kept since: a win's discard count (`Win::discards`, 003 hk16 七隻內) and
/// shown count (`Win::shown`, 003 fan list 胡絕張), and the 暗槓 底 (`HandResult::ankan_fees`,
/// 003 hk16 槓牌); absent, they agree with the engine's.
fn same(mine: &Event, ev: &Event) -> bool {
    match (mine, ev) {
        (Event::End(m), Event::End(e)) => {
            let mut e = e.clone();
            for (w, mw) in e.wins.iter_mut().zip(&m.wins) {
                if w.discards.is_none() {
                    w.discards = mw.discards;
                }
                if w.shown.is_none() {
                    w.shown = mw.shown;
                }
            }
            if e.ankan_fees.is_empty() {
                e.ankan_fees.clone_from(&m.ankan_fees);
            }
            *m == e
        }
        _ => mine == ev,
    }
}

/// Rebuilds a hand from its log, checking every player action for legality and every engine
/// event against what the engine produces. The error names the first event that fails, by
/// its 0-based index.
pub fn replay(events: &[Event]) -> Result<State> {
    let Some(Event::Deal(deal)) = events.first() else {
        return Err(Error::illegal(
            "replay",
            "event 0: a log starts with the deal",
        ));
    };
    let rules = match events.get(1) {
        Some(Event::Rules(r)) => (**r).clone(),
        _ => Rules::default(),
    };
    let mut state = State::from_deal_ruled((**deal).clone(), rules)
        .map_err(|e| Error::illegal("replay", format!("event 0: {e}")))?;
    for (i, ev) in events.iter().enumerate().skip(1) {
        if let Some(mine) = state.log().get(i) {
            if !same(mine, ev) {
                return Err(Error::illegal(
                    "replay",
                    format!("event {i}: the log has {ev:?}, the engine produced {mine:?}"),
                ));
            }
            continue;
        }
        match ev {
            Event::Act { seat, action } => {
                if let Err(e) = state.apply(*seat, *action) {
                    return Err(match e {
                        Error::Illegal { rule, message } => {
                            Error::illegal(rule, format!("event {i}: {message}"))
                        }
                        other => other,
                    });
                }
            }
            other => {
                return Err(Error::illegal(
                    "replay",
                    format!("event {i}: the log has {other:?} where a player decision is due"),
                ))
            }
        }
    }
    Ok(state)
}
