//! Replay: the event log alone rebuilds and re-validates a hand.

use crate::error::{Code, Error, Fault, Result};

use super::action::Action;
use super::deal::Rules;
use super::event::Event;
use super::legality::legal_actions;
use super::record::{read_log, record_lines, to_json};
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
/// event against what the engine produces. A refusal is a record error of the first event
/// that fails, as the line of a record written by [`super::record::write_log`] (one event a
/// line: event `i` is line `i + 1`); [`replay_record`] names the line of the text itself.
pub fn replay(events: &[Event]) -> Result<State> {
    replay_lines(events, |i| i + 1)
}

/// Reads a record ([`read_log`]) and rebuilds its hand ([`replay`]): every refusal, of a line
/// that cannot be read or of a move the rules forbid, is a record error naming the 1-based
/// line of `text` (blank lines counted, as [`read_log`] counts them), so its field is
/// `record[line − 1]`.
pub fn replay_record(text: &str) -> Result<State> {
    let events = read_log(text)?;
    // Event k is the k-th line that holds one (a `seed` line is the deal, event 0).
    let lines: Vec<usize> = record_lines(text).map(|(i, _)| i + 1).collect();
    replay_lines(&events, |k| lines.get(k).copied().unwrap_or(k + 1))
}

/// A record error at `key` of the line holding event `i`.
fn bad(line: usize, key: &str, message: String) -> Error {
    bad_as(line, key, message, Fault::plain(Code::RecordError))
}

/// [`bad`] keeping the fine code of what was wrong (an illegal move keeps `illegal_action`
/// and its rule in the Chinese message).
fn bad_as(line: usize, key: &str, message: String, fault: Fault) -> Error {
    Error::Record {
        line,
        key: key.to_owned(),
        message,
        position: None,
        fault,
    }
}

/// [`replay`] with `line(i)` the 1-based line of event `i`. Events are quoted as the record
/// writes them (tiles in notation), never as Rust values.
fn replay_lines(events: &[Event], line: impl Fn(usize) -> usize) -> Result<State> {
    let Some(Event::Deal(deal)) = events.first() else {
        return Err(bad(
            line(0),
            "type",
            "a record starts with its deal (a deal or a seed line)".to_owned(),
        ));
    };
    let rules = match events.get(1) {
        Some(Event::Rules(r)) => (**r).clone(),
        _ => Rules::default(),
    };
    let mut state = State::from_deal_ruled((**deal).clone(), rules).map_err(|e| {
        let at = line(0);
        match e {
            // The deal's own field when the error names one (`dealer`, `dice`).
            Error::Context { .. } | Error::Hand { .. } | Error::Tile { .. } => e.in_line(at),
            e => bad(at, "", e.to_string()),
        }
    })?;
    for (i, ev) in events.iter().enumerate().skip(1) {
        if let Some(mine) = state.log().get(i) {
            if !same(mine, ev) {
                return Err(bad(
                    line(i),
                    "",
                    format!(
                        "the record has {} where the game has {}",
                        to_json(ev),
                        to_json(mine)
                    ),
                ));
            }
            continue;
        }
        match ev {
            Event::Act { seat, action } => {
                if let Err(e) = state.apply(*seat, *action) {
                    return Err(match e {
                        // The rule's name stays in the message (illegal (過水): …).
                        Error::Illegal { rule, .. } => bad_as(
                            line(i),
                            "action",
                            e.to_string(),
                            Fault::new(Code::IllegalAction, &[("rule", &rule)]),
                        ),
                        Error::Action { .. } => bad_as(
                            line(i),
                            "action",
                            e.to_string(),
                            Fault::plain(Code::UnknownAction),
                        ),
                        other => other.in_line(line(i)),
                    });
                }
            }
            other => {
                return Err(bad(
                    line(i),
                    "type",
                    format!(
                        "the record has {} where a player decision is due",
                        to_json(other)
                    ),
                ))
            }
        }
    }
    Ok(state)
}

/// A decision of one seat in a record: the 1-based line of the record that holds it, the
/// hand just before it, and the action the record took.
#[derive(Debug, Clone)]
pub struct Decision {
    pub line: usize,
    pub state: State,
    pub action: Action,
}

/// Every decision of `seat` in the record `text` at which it had a choice (two or more legal
/// actions), in order. The record is replayed first ([`replay_record`]), so a record it
/// refuses is refused here with the same error.
pub fn decisions_of(text: &str, seat: u8) -> Result<Vec<Decision>> {
    let end = replay_record(text)?;
    if seat >= end.seats() {
        return Err(Error::context(
            "seat",
            format!("seat {seat} is not at this table of {} seats", end.seats()),
        ));
    }
    let events = read_log(text)?;
    let lines: Vec<usize> = record_lines(text).map(|(i, _)| i + 1).collect();
    let (Some(Event::Deal(deal)), rules) = (
        events.first(),
        match events.get(1) {
            Some(Event::Rules(r)) => (**r).clone(),
            _ => Rules::default(),
        },
    ) else {
        return Ok(Vec::new());
    };
    let mut state = State::from_deal_ruled((**deal).clone(), rules)?;
    let mut out = Vec::new();
    for (i, ev) in events.iter().enumerate().skip(1) {
        if state.log().get(i).is_some() {
            continue;
        }
        if let Event::Act { seat: s, action } = ev {
            if *s == seat && legal_actions(&state, seat).len() >= 2 {
                out.push(Decision {
                    line: lines.get(i).copied().unwrap_or(i + 1),
                    state: state.clone(),
                    action: *action,
                });
            }
            state.apply(*s, *action)?;
        }
    }
    Ok(out)
}
