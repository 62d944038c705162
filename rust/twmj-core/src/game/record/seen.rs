//! The per-seat record: what one seat sees of each event (its own pieces, the others' counts
//! and hidden draws), written and read as JSON lines like the full record.

use crate::error::{Code, Error, Result};
use crate::notation::format;
use crate::rules::Variant;
use crate::tile::Counts;

use super::{
    codes, dice_at, given_key, pieces_at, read_lines, seat_at, tiles_at, upto, utf8, ActLine,
    DealLine, DrawLine, ExchangeLine, Line, HIDDEN_SET, HIDDEN_TILE,
};
use crate::game::action::Action;
use crate::game::event::Event;
use crate::game::state::{Piece, SEATS};

/// A seat's dealt pieces in a per-seat record: its own, or another seat's count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeenHand {
    Shown(Vec<Piece>),
    /// Another seat's dealt pieces, flowers included: only how many.
    Hidden(usize),
}

/// An action whose tile another seat does not see.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HiddenAction {
    /// 暗槓 is face down: `ankan ?`.
    Ankan,
    /// A 換三張 pick: `pass3 ?`.
    Pass3,
}

impl HiddenAction {
    /// The action's name in a per-seat record.
    pub const fn name(self) -> &'static str {
        match self {
            HiddenAction::Ankan => "ankan ?",
            HiddenAction::Pass3 => "pass3 ?",
        }
    }
}

/// One event of a hand as one seat saw it while it was played ([`seen`]): what a per-seat
/// record ([`write_seen_log`]) holds and [`read_seen_log`] gives back. The public information
/// of the hand: every discard, call, flower, kong and the end in full; other seats' dealt
/// tiles, drawn tiles, 暗槓 and 換三張 picks hidden.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeenEvent {
    /// An event the seat sees whole.
    Open(Event),
    /// The deal: the seat's own dealt pieces, the others' counts, and the wall's size
    /// (`live` + `dead`, the kept-back tiles included).
    Deal {
        dealer: u8,
        dice: [u8; 3],
        door_from_dice: bool,
        hands: [SeenHand; SEATS],
        wall: usize,
    },
    /// Another seat drew a tile (a flower is shown, so its draw is [`SeenEvent::Open`]).
    HiddenDraw { seat: u8, replacement: bool },
    /// Another seat's 暗槓 or 換三張 pick, its tile not shown.
    HiddenAct { seat: u8, action: HiddenAction },
    /// A 換三張 round: the sets the seat passed and received, the others `None`.
    Exchange {
        round: u8,
        offset: u8,
        given: [Option<Counts>; SEATS],
    },
}

/// `ev` as `seat` sees it.
pub fn seen(ev: &Event, seat: u8) -> SeenEvent {
    match ev {
        Event::Deal(d) => SeenEvent::Deal {
            dealer: d.dealer,
            dice: d.dice,
            door_from_dice: d.door_from_dice,
            hands: std::array::from_fn(|s| {
                if s == usize::from(seat) {
                    SeenHand::Shown(d.hands[s].clone())
                } else {
                    SeenHand::Hidden(d.hands[s].len())
                }
            }),
            wall: d.live.len() + d.dead.len(),
        },
        Event::Draw {
            seat: s,
            piece,
            replacement,
        } if *s != seat && piece.flower().is_none() => SeenEvent::HiddenDraw {
            seat: *s,
            replacement: *replacement,
        },
        Event::Act {
            seat: s,
            action: Action::Ankan(_),
        } if *s != seat => SeenEvent::HiddenAct {
            seat: *s,
            action: HiddenAction::Ankan,
        },
        Event::Act {
            seat: s,
            action: Action::Pass3(_),
        } if *s != seat => SeenEvent::HiddenAct {
            seat: *s,
            action: HiddenAction::Pass3,
        },
        Event::Exchange {
            round,
            offset,
            given,
        } => {
            // A seat sees what it passed and what it received, nothing else.
            let giver = (usize::from(seat) + SEATS - usize::from(*offset) % SEATS) % SEATS;
            SeenEvent::Exchange {
                round: *round,
                offset: *offset,
                given: std::array::from_fn(|s| {
                    (s == usize::from(seat) || s == giver).then_some(given[s])
                }),
            }
        }
        other => SeenEvent::Open(other.clone()),
    }
}

impl Line {
    /// The line of `ev` as a seat saw it.
    pub fn of_seen(ev: &SeenEvent) -> Line {
        match ev {
            SeenEvent::Open(e) => Line::of(e),
            SeenEvent::Deal {
                dealer,
                dice,
                door_from_dice,
                hands,
                wall,
            } => Line::Deal(DealLine {
                dealer: *dealer,
                dice: *dice,
                door_from_dice: *door_from_dice,
                hands: std::array::from_fn(|s| match &hands[s] {
                    SeenHand::Shown(p) => codes(p),
                    SeenHand::Hidden(n) => HIDDEN_TILE.repeat(*n),
                }),
                live: None,
                dead: None,
                wall: Some(*wall),
            }),
            SeenEvent::HiddenDraw { seat, replacement } => Line::Draw(DrawLine {
                seat: *seat,
                tile: HIDDEN_TILE.to_owned(),
                replacement: *replacement,
            }),
            SeenEvent::HiddenAct { seat, action } => Line::Act(ActLine {
                seat: *seat,
                action: action.name().to_owned(),
            }),
            SeenEvent::Exchange {
                round,
                offset,
                given,
            } => Line::Exchange(ExchangeLine {
                round: *round,
                offset: *offset,
                given: given.map(|g| g.map_or_else(|| HIDDEN_SET.to_owned(), |c| format(&c, 0))),
            }),
        }
    }

    /// The event of a line of a per-seat record (or of a full record: every full event is
    /// [`SeenEvent::Open`]); a `seed` line deals under `variant`.
    pub(super) fn seen_event(&self, variant: &Variant) -> Result<SeenEvent> {
        Ok(match self {
            Line::Deal(d) if d.wall.is_some() => {
                let mut hands: [SeenHand; SEATS] = std::array::from_fn(|_| SeenHand::Hidden(0));
                for (i, (slot, s)) in hands.iter_mut().zip(&d.hands).enumerate() {
                    *slot = if s.chars().all(|c| c == '?') {
                        SeenHand::Hidden(s.chars().count())
                    } else {
                        SeenHand::Shown(pieces_at(s, &format!("hands[{i}]"))?)
                    };
                }
                let wall = match d.wall {
                    Some(n) if n <= 1000 => n,
                    n => {
                        return Err(Error::record("wall", "must be a count 0–1000").coded(
                            Code::OutOfRange,
                            &[
                                ("field", &"wall"),
                                ("value", &n.map_or("null".to_owned(), |n| n.to_string())),
                                ("max", &1000),
                            ],
                        ))
                    }
                };
                SeenEvent::Deal {
                    dealer: seat_at(d.dealer, "dealer")?,
                    dice: dice_at(d.dice)?,
                    door_from_dice: d.door_from_dice,
                    hands,
                    wall,
                }
            }
            Line::Draw(d) if d.tile == HIDDEN_TILE => SeenEvent::HiddenDraw {
                seat: seat_at(d.seat, "seat")?,
                replacement: d.replacement,
            },
            Line::Act(a) if a.action.ends_with(" ?") => {
                let name = &a.action;
                let action = [HiddenAction::Ankan, HiddenAction::Pass3]
                    .into_iter()
                    .find(|h| h.name() == name)
                    .ok_or_else(|| {
                        Error::record("action", format!("unknown hidden action '{name}'"))
                            .coded(Code::UnknownAction, &[])
                    })?;
                SeenEvent::HiddenAct {
                    seat: seat_at(a.seat, "seat")?,
                    action,
                }
            }
            Line::Exchange(x) => {
                let mut given = [None; SEATS];
                for (i, (slot, s)) in given.iter_mut().zip(&x.given).enumerate() {
                    if s != HIDDEN_SET {
                        *slot = Some(tiles_at(s, &given_key(i))?.counts);
                    }
                }
                SeenEvent::Exchange {
                    round: upto(x.round, 2, "round")?,
                    offset: seat_at(x.offset, "offset")?,
                    given,
                }
            }
            other => SeenEvent::Open(other.event(variant)?),
        })
    }
}

/// One event of a per-seat record as one line of JSON.
pub fn seen_to_json(ev: &SeenEvent) -> String {
    Line::of_seen(ev).to_json()
}

/// One event as `seat` sees it while the hand is played: [`seen`] written by
/// [`seen_to_json`]. [`read_seen_log`] reads it back.
pub fn to_json_seen(ev: &Event, seat: u8) -> String {
    seen_to_json(&seen(ev, seat))
}

/// The record of the hand as `seat` saw it, one line per event (never a `seed` line: the
/// seed would show every tile).
pub fn write_seen_log(events: &[Event], seat: u8) -> String {
    let mut out = Vec::with_capacity(events.len() * 64);
    for e in events {
        Line::of_seen(&seen(e, seat)).write_to(&mut out);
        out.push(b'\n');
    }
    utf8(out)
}

/// Reads one line of a per-seat record (or of a full record: every full event reads as
/// [`SeenEvent::Open`], a deal included).
pub fn seen_from_json(line: &str) -> Result<SeenEvent> {
    Line::read(line)?.seen_event(&crate::rules::TAIWAN)
}

/// Reads a per-seat record written by [`write_seen_log`] (or a full record, every event
/// [`SeenEvent::Open`]); blank lines ignored, the error names the line. It gives back what
/// the seat saw; it cannot be replayed (other seats' tiles are not in it).
pub fn read_seen_log(text: &str) -> Result<Vec<SeenEvent>> {
    read_lines(
        text,
        Line::seen_event,
        |e| match e {
            SeenEvent::Open(Event::Rules(r)) => Some(&r.variant),
            _ => None,
        },
        |d| SeenEvent::Open(Event::Deal(Box::new(d))),
    )
}
