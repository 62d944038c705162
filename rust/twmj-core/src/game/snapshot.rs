//! Legality at a decision point described without a log: one seat's tiles and rule memory,
//! the wall count and what is on offer (for a referee or the HTTP API).

use crate::error::{Code, Error, Result};
use crate::tile::{Tile, COPIES};
use crate::vocab::seat_error;

use super::action::{Action, ACTION_COUNT};
use super::legality::{check, legal_actions, offer_options, unasked_ankans};
use super::state::{
    Offer, OfferKind, Opening, Options, Phase, Piece, Player, Rules, State, Turn, FULL_SET, SEATS,
};

/// What the seat is deciding on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Its own turn (after a draw, a call or a kong replacement).
    Turn(Turn),
    /// An answer to what `from` offers.
    Offer { from: u8, kind: OfferKind },
    /// 起手 (003 改良式 特殊流局情形): the seat's hand as dealt, before the first discard, where a
    /// 十三不搭 may be shown (`redeal`) under `special_draw.thirteen_unconnected`. The seat
    /// holds 17 tiles when it is the situation's dealer (seat 0 without a situation), else 16.
    Opening,
}

/// Where the decision sits at the table: what a variant that scores a win before allowing it
/// (american 起胡, 002) needs to score it. Without it the snapshot plays the taiwan rules.
#[derive(Debug, Clone)]
pub struct Situation {
    pub rules: Rules,
    pub dealer: u8,
    /// The seat sitting 東 (門風 follows from it).
    pub east: u8,
    pub dice: [u8; 3],
    /// Discards made at the table so far (MIGI, first-turn wins).
    pub discards_total: u32,
    /// Someone has called or kong'd (天/地/人胡 and MIGI no longer possible).
    pub any_call: bool,
    /// 003 註13's later ask: bit `o` = seat `o` has an 暗槓 the deciding seat has not asked
    /// about yet (it may answer a discard with `ask o` when ready for 十三么 on the orphan it
    /// lacks). Other seats' melds are not in the snapshot, so the table says it.
    pub ankan_asks: u8,
    /// `flower_win.play_on` (issue #30): the hand's flower win was already paid on the spot,
    /// so no seat may win by the flowers again.
    pub flower_paid: bool,
}

/// One seat at a decision point. Other seats' tiles do not matter for its legal actions.
#[derive(Debug, Clone)]
pub struct Snapshot {
    pub seat: u8,
    /// The seat's tiles, melds, flowers, declaration and rule memory (過水, 過水碰, …).
    pub player: Player,
    /// Tiles that may still be drawn (the wall minus the 16 kept back).
    pub drawable: usize,
    pub decision: Decision,
    /// The table's rules and state, when they matter (see [`Situation`]).
    pub situation: Option<Situation>,
}

impl Snapshot {
    /// `seat`'s decision point in a running game, with the table's situation; `None` when the
    /// game is not at a turn or an offer (the 換三張 phase, or over).
    pub fn of(state: &State, seat: u8) -> Option<Snapshot> {
        let decision = match *state.phase() {
            Phase::Turn(t) => Decision::Turn(t),
            Phase::Offer(o) => Decision::Offer {
                from: o.from,
                kind: o.kind,
            },
            Phase::Opening(_) => Decision::Opening,
            Phase::Exchange(_) | Phase::Over => return None,
        };
        Some(Snapshot {
            seat,
            player: state.player(seat).clone(),
            drawable: state.drawable(),
            decision,
            situation: Some(Situation {
                rules: state.rules().clone(),
                dealer: state.dealer(),
                east: state.east(),
                dice: state.dice(),
                discards_total: state.discards_total(),
                any_call: state.any_call(),
                ankan_asks: unasked_ankans(state, seat),
                flower_paid: state.flower_paid(),
            }),
        })
    }

    /// Seated players: the situation's variant's (004: 3 or 2; seats `0..n`, the others
    /// empty), else 4.
    pub fn seats(&self) -> u8 {
        self.situation
            .as_ref()
            .map_or(SEATS as u8, |s| s.rules.variant.seats())
    }

    /// A state that agrees with the snapshot on everything legality reads.
    fn state(&self) -> Result<State> {
        let seat = self.seat;
        let n = self.seats();
        let last = n - 1;
        // A bad seat is a context error wherever it is given (004: `0..players` are seated).
        if seat >= n {
            return Err(seat_error("seat", seat, n));
        }
        let p = &self.player;
        // The variant's hand size (004 兩人麻將 13 張版: 13, the acting seat 14), else 16.
        let size = self
            .situation
            .as_ref()
            .map_or(16, |s| usize::from(s.rules.variant.hand_size));
        if p.melds.len() > size / 3 {
            return Err(Error::hand(format!(
                "the seat holds {} melds; a hand of {size} has at most {}",
                p.melds.len(),
                size / 3
            ))
            .at("melds")
            .coded(
                Code::TooManyMelds,
                &[("n", &p.melds.len()), ("max", &(size / 3))],
            ));
        }
        self.check_copies()?;
        let want = match self.decision {
            Decision::Turn(t) => {
                if t.seat != seat {
                    return Err(Error::context(
                        "decision.turn",
                        format!("the turn is seat {}'s, not seat {seat}'s", t.seat),
                    )
                    .coded(
                        Code::NotThisSeatsTurn,
                        &[("turn", &t.seat), ("seat", &seat)],
                    ));
                }
                size + 1
            }
            Decision::Offer { from, .. } => {
                if from >= n {
                    return Err(seat_error("decision.offer.from", from, n));
                }
                if from == seat {
                    return Err(Error::context(
                        "decision.offer.from",
                        format!("an offer from seat {from} to seat {seat} (seats are 0–{last})"),
                    )
                    .coded(Code::OwnOffer, &[("seat", &seat)]));
                }
                size
            }
            // The dealer is dealt one more than the hand size (17, or 14 under 004 13 張版).
            Decision::Opening => {
                let dealer = self.situation.as_ref().map_or(0, |s| s.dealer);
                if dealer == seat {
                    size + 1
                } else {
                    size
                }
            }
        };
        if p.hand_size() != want {
            return Err(Error::hand(format!(
                "the seat holds {} tiles (concealed + 3 per meld); this decision needs {want}{}",
                p.hand_size(),
                if size == 16 {
                    String::new()
                } else {
                    format!(" (hand_size {size})")
                }
            ))
            .coded(
                Code::WrongTileCount,
                &[
                    ("what", &"手牌（暗牌加每組副露 3 張）"),
                    ("n", &p.hand_size()),
                    ("want", &want),
                ],
            ));
        }
        if let Decision::Turn(t) = self.decision {
            if let Some(d) = t.drawn.filter(|d| p.concealed[d.index()] == 0) {
                return Err(Error::hand("the drawn tile is not in the hand")
                    .at("decision.turn.drawn")
                    .coded(Code::DrawnNotInHand, &[("tile", &d.name())]));
            }
            // 000 七搶一 case 1 (你摸到第 7 張花，而第 8 張早已在另一家門前：你先照常補一張牌，再搶
            // 他那一張): open on the replacement drawn after the seat's 7th flower, the 8th at
            // another seat.
            if let Some(v) = t.rob_from {
                let why = if v >= n || v == seat {
                    Some((
                        format!("seat {v} is not another seat at the table (0–{last})"),
                        format!("要是桌上的另一家，0 到 {last}"),
                    ))
                } else if p.flower_count() != 7 {
                    Some((
                        format!(
                            "七搶一 needs 7 flowers in front of the seat; it has {}",
                            p.flower_count()
                        ),
                        format!("七搶一要自己門前有 7 張花，現在有 {} 張", p.flower_count()),
                    ))
                } else if t.drawn.is_none() || !t.replacement {
                    Some((
                        "七搶一 case 1 is open on the replacement drawn after the 7th flower"
                            .into(),
                        "七搶一要在補第 7 張花的補牌之後".into(),
                    ))
                } else {
                    None
                };
                if let Some((why, zh)) = why {
                    return Err(Error::context("decision.turn.rob_from", why)
                        .coded(Code::NotRobbable, &[("seat", &v), ("why", &zh)]));
                }
            }
        }
        let mut st = State::blank(Vec::new());
        if let Some(sit) = &self.situation {
            if sit.dealer >= n {
                return Err(seat_error("dealer", sit.dealer, n));
            }
            if sit.east >= n {
                return Err(seat_error("east", sit.east, n));
            }
            st.rules = sit.rules.clone();
            st.dealer = sit.dealer;
            st.east = sit.east;
            st.dice = sit.dice;
            st.discards_total = sit.discards_total;
            st.any_call = sit.any_call;
            let seated = (1u8 << n) - 1;
            if sit.ankan_asks & !seated != 0 || sit.ankan_asks >> seat & 1 == 1 {
                return Err(Error::context(
                    "ankan_asks",
                    format!(
                        "ankan_asks names seats {:#06b}: only other seated seats (0–{last}) hold 暗槓 to ask about",
                        sit.ankan_asks
                    ),
                )
                .coded(Code::BadAnkanAsks, &[("last", &last)]));
            }
            st.snapshot_asks = Some(sit.ankan_asks);
            st.snapshot_flower_paid = sit.flower_paid;
        }
        st.players[seat as usize] = p.clone();
        // The wall: the drawable tiles and what the variant keeps back (the seat's kongs
        // counted, 001 一槓一). Bounded before anything is built: the wall holds at most the
        // pieces of the full set (144) that the seat does not hold.
        let kept = st.kept_back();
        let held = p.hand_size() + p.flower_count() as usize;
        let room = FULL_SET.saturating_sub(held + kept);
        if self.drawable > room {
            return Err(Error::hand(format!(
                "drawable {} is more than the wall can hold: {FULL_SET} pieces, {held} held by \
                 the seat and {kept} kept back leave at most {room}",
                self.drawable
            ))
            .at("drawable")
            .coded(
                Code::WallTooSmall,
                &[("room", &room), ("n", &self.drawable)],
            ));
        }
        st.wall = Piece::new(0).map_or_else(Vec::new, |x| vec![x; self.drawable + kept]);
        st.tail = st.wall.len();
        st.phase = match self.decision {
            Decision::Turn(t) => Phase::Turn(t),
            Decision::Opening => Phase::Opening(Opening { seat }),
            Decision::Offer { from, kind } => {
                let mut o = Offer {
                    from,
                    kind,
                    options: [Options::default(); SEATS],
                    responses: [None; SEATS],
                };
                o.options[seat as usize] = offer_options(&st, seat, from, kind);
                // 000 七搶一 情形 2 (你已有 7 張花，另一家亮出第 8 張花：你先搶): a shown flower is
                // offered to the seat that may rob it, and to no other (nobody 吃, 碰 or 胡s a
                // flower). A snapshot offering it to another seat is no decision point of the
                // game: refused, naming why, rather than answered with no action at all.
                if matches!(kind, OfferKind::Flower { .. }) && o.options[seat as usize].is_empty() {
                    let flowers = p.flower_count();
                    let why = if flowers != 7 {
                        format!("七搶一要門前已有 7 張花，這一家有 {flowers} 張")
                    } else if self.drawable == 0 {
                        "牌牆沒有牌可補時不開七搶一".to_owned()
                    } else {
                        "這個規則沒有七搶一".to_owned()
                    };
                    return Err(Error::context(
                        "decision.offer.flower",
                        format!(
                            "a shown flower is offered only to a seat that may rob it by 七搶一 \
                             (000 七搶一: 7 flowers, a tile left to replace it); seat {seat} has \
                             no decision on it"
                        ),
                    )
                    .coded(Code::NoFlowerToRob, &[("seat", &seat), ("why", &why)]));
                }
                Phase::Offer(o)
            }
        };
        Ok(st)
    }

    /// Every tile the snapshot names is a piece of the set: no kind more than 4 times (000 牌:
    /// 每種 4 張), no flower twice (8 flowers, one of each). Counted: the seat's hand and melds,
    /// its last discard (a tile in a river or a meld, never back in its hand), the discard on
    /// offer (another seat's, not the seat's own) and a 加槓's tile, which is the fourth of its
    /// kind beside the 碰 it joins, so all four are at the other seat. Not counted, since they
    /// may be the same piece as one already counted: the drawn tile (in the hand), the tile of
    /// the call just made (in its meld), `no_pon` and `furiten_declined` (a discard the seat
    /// let go, which it may have 吃'd, or the very discard on offer) and an 暗槓 offered face
    /// down (its tile unseen). A fifth copy is a hand error naming the field that adds it.
    fn check_copies(&self) -> Result<()> {
        let p = &self.player;
        let own = p.own_counts();
        let fifth = |t: Tile, field: &str, what: &str, zh: &str| {
            let i = t.index();
            let (held, melded) = (p.concealed[i], own[i] - p.concealed[i]);
            Error::hand(format!(
                "{what} {t} would be a fifth {t}: the seat holds {held} in its hand and {melded} \
                 in its melds (4 of a kind in the set)",
                t = t.code()
            ))
            .at(field)
            .coded(
                Code::TooManyCopies,
                &[("tile", &t.name()), ("where", &zh), ("n", &(COPIES + 1))],
            )
        };
        if let Some(t) = Tile::all().find(|t| own[t.index()] > COPIES) {
            return Err(Error::hand(format!(
                "the hand and melds hold {} {t}, a fifth {t} (4 of a kind in the set)",
                own[t.index()],
                t = t.code()
            ))
            .at(if p.melds.is_empty() { "hand" } else { "melds" })
            .coded(
                Code::TooManyCopies,
                &[
                    ("tile", &t.name()),
                    ("where", &"手牌與副露"),
                    ("n", &own[t.index()]),
                ],
            ));
        }
        // The seat's own last discard: out of its hand for good.
        if let Some(t) = p.last_discard {
            if own[t.index()] >= COPIES {
                return Err(fifth(
                    t,
                    "last_discard",
                    "its last discard",
                    "手牌、副露與剛打出的牌",
                ));
            }
        }
        let gone = |t: Tile| own[t.index()] + u8::from(p.last_discard == Some(t));
        match self.decision {
            Decision::Offer {
                kind: OfferKind::Discard { tile, .. },
                ..
            } if gone(tile) >= COPIES => Err(fifth(
                tile,
                "decision.offer.discard",
                if p.last_discard == Some(tile) {
                    "the discard on offer (with the seat's last discard)"
                } else {
                    "the discard on offer"
                },
                if p.last_discard == Some(tile) {
                    "手牌、副露、剛打出的牌與別家打出的牌"
                } else {
                    "手牌、副露與別家打出的牌"
                },
            )),
            // 加槓: the 碰 it joins holds the other three (its last discard may be among them).
            Decision::Offer {
                kind: OfferKind::Kakan { tile },
                ..
            } if own[tile.index()] > 0 => Err(Error::hand(format!(
                "a 加槓 of {t} puts all four {t} at the seat offering it; this seat holds {}",
                own[tile.index()],
                t = tile.code()
            ))
            .at("decision.offer.kakan")
            .coded(
                Code::TooManyCopies,
                &[
                    ("tile", &tile.name()),
                    ("where", &"這一家與加槓的那一家"),
                    ("n", &(own[tile.index()] + COPIES)),
                ],
            )),
            Decision::Offer {
                kind: OfferKind::Flower { flower },
                ..
            } if p.flowers >> flower.index() & 1 == 1 => Err(Error::hand(format!(
                "{} is shown by the seat offering it and held by this seat: there is one of \
                 each flower",
                flower.code()
            ))
            .at("decision.offer.flower")
            .coded(
                Code::FlowerTwice,
                &[
                    ("tile", &flower.name()),
                    ("where", &"出花的那一家和這一家都有"),
                ],
            )),
            _ => Ok(()),
        }
    }

    /// The legal actions of the seat.
    pub fn legal_actions(&self) -> Result<Vec<Action>> {
        Ok(legal_actions(&self.state()?, self.seat))
    }

    /// The legal actions as a mask over the action space.
    pub fn legal_mask(&self) -> Result<[bool; ACTION_COUNT]> {
        let mut m = [false; ACTION_COUNT];
        for a in self.legal_actions()? {
            m[a.index()] = true;
        }
        Ok(m)
    }

    /// `Ok` when the seat may take `action`; otherwise the rule it breaks.
    pub fn check(&self, action: Action) -> Result<()> {
        check(&self.state()?, self.seat, action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse;

    fn offer_snapshot(drawable: usize) -> Snapshot {
        let player = Player {
            concealed: parse("2223456m123456789p").unwrap().counts,
            ..Player::default()
        };
        Snapshot {
            seat: 0,
            player,
            drawable,
            decision: Decision::Offer {
                from: 3,
                kind: OfferKind::Discard {
                    tile: crate::tile::Tile::new(4).unwrap(),
                    last: false,
                },
            },
            situation: None,
        }
    }

    #[test]
    fn drawable_is_bounded_by_the_wall_before_it_is_built() {
        // 144 pieces, 16 held, 16 kept back (000): at most 112 still drawable.
        assert!(offer_snapshot(112).legal_actions().is_ok());
        for drawable in [113, 1 << 40, usize::MAX] {
            // Issue 12: 2**40 aborted, usize::MAX wrapped to no actions at all.
            let err = offer_snapshot(drawable).legal_actions().unwrap_err();
            assert!(err.to_string().contains("at most 112"), "{err}");
        }
    }
}
