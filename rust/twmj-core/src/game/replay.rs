//! Replay: the event log alone rebuilds and re-validates a hand.

use crate::error::{Error, Result};

use super::deal::Rules;
use super::event::Event;
use super::state::State;

/// The engine's event `mine` and the log's `ev` agree. An older record's end line lacks what
/// the engine has kept since: a win's discard count (`Win::discards`, 003 hk16 七隻內) and
/// shown count (`Win::shown`, 003 fan list 胡絕張), 河底撈魚 (`Win::last_tile` on a discard), and
/// the 暗槓 底 (`HandResult::ankan_fees`,
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
                // Records written before 河底撈魚 was kept said `last_tile: false` on a win on
                // the last discard.
                if matches!(w.kind, super::result::WinKind::Discard { .. }) && !w.last_tile {
                    w.last_tile = mw.last_tile;
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
