//! Several seats able to win one tile (000 多家同時胡): 攔胡 for two, 一砲三響 for three.

use crate::error::{Code, Error, Result};
use crate::rules::{MultiWin, Variant};
use crate::scoring::context::Seat;
use crate::scoring::score::Score;
use crate::vocab::SEATS;

/// The seats that win the tile `discarder` let go (a discard or a 加槓), given the seats able
/// to win it, by the variant's rule: 000 (`NearestOfTwo`) one wins alone, of two the first in
/// turn order from the discarder (攔胡), three all win (一砲三響); 001 (`Nearest`) the first
/// always (no 一炮多響); 003 改良式 (`All`) every one. In turn order from the discarder.
pub fn winning_seats(discarder: Seat, able: &[Seat], rule: MultiWin) -> Result<Vec<Seat>> {
    if discarder >= SEATS {
        return Err(crate::vocab::seat_error("discarder", discarder, SEATS));
    }
    let mut seats: Vec<Seat> = Vec::with_capacity(3);
    for &s in able {
        if s >= SEATS {
            return Err(crate::vocab::seat_error("able", s, SEATS));
        }
        if s == discarder {
            return Err(Error::context(
                "able",
                format!("seat {s} cannot win the tile of seat {discarder}"),
            )
            .coded(Code::PayerIsWinner, &[("seat", &s)]));
        }
        if seats.contains(&s) {
            return Err(Error::context("able", format!("seat {s} is listed twice"))
                .coded(Code::SeatListedTwice, &[("seat", &s)]));
        }
        seats.push(s);
    }
    seats.sort_by_key(|&s| (s + 4 - discarder) % 4);
    match rule {
        MultiWin::Nearest => seats.truncate(1),
        MultiWin::NearestOfTwo if seats.len() == 2 => seats.truncate(1),
        MultiWin::NearestOfTwo | MultiWin::All => {}
    }
    Ok(seats)
}

/// [`winning_seats`] on scored claims: claims under the 起胡 threshold are dropped first
/// (002 多家同時胡), then 攔胡 or 一砲三響 picks the winners. Each score is one seat's claim on
/// the tile of `discarder`.
pub fn resolve<'a>(
    discarder: Seat,
    claims: &'a [Score],
    variant: &Variant,
) -> Result<Vec<&'a Score>> {
    for c in claims {
        if c.payers != [discarder] {
            return Err(Error::context(
                "claims",
                format!(
                    "the claim of seat {} is not paid by seat {discarder} alone",
                    c.winner
                ),
            )
            .coded(
                Code::PayerMismatch,
                &[("seat", &c.winner), ("from", &discarder)],
            ));
        }
    }
    let able: Vec<Seat> = claims
        .iter()
        .filter(|c| c.reaches(variant.min_tai))
        .map(|c| c.winner)
        .collect();
    let seats = winning_seats(discarder, &able, variant.multi_win)?;
    Ok(seats
        .iter()
        .filter_map(|&s| {
            claims
                .iter()
                .find(|c| c.winner == s && c.reaches(variant.min_tai))
        })
        .collect())
}
