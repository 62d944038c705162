//! What one seat can see of a hand: its own tiles, everyone's melds, flowers and rivers, and
//! nothing of the others' concealed tiles or of the wall (000 槓: 暗槓 is face down).

use crate::hand::{Meld, MeldKind};
use crate::tile::{Counts, Tile};

use super::action::Action;
use super::legality::legal_actions;
use super::state::{Declaration, Discarded, OfferKind, Phase, State, SEATS};

/// A meld as others see it: the tile of a 暗槓 is hidden from everyone but its owner, until
/// the end of a hand under a variant that turns 暗槓 over (hk16: 有人胡後須翻出來給大家看).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeenMeld {
    pub kind: MeldKind,
    /// Lowest tile of the meld; `None` for another player's 暗槓 while it is face down.
    pub tile: Option<Tile>,
}

/// The public part of one seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeenSeat {
    pub melds: Vec<SeenMeld>,
    pub flowers: u8,
    pub discards: Vec<Discarded>,
    pub declared: Declaration,
    /// How many concealed tiles the seat holds.
    pub concealed_len: usize,
}

/// One seat's view of the hand, with the seat's own legal actions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    pub seat: u8,
    pub dealer: u8,
    pub east: u8,
    pub dice: [u8; 3],
    /// The seat's own concealed tiles.
    pub concealed: Counts,
    /// The tile the seat just drew, on its own turn.
    pub drawn: Option<Tile>,
    pub seats: [SeenSeat; SEATS],
    pub drawable: usize,
    pub discards_total: u32,
    pub any_call: bool,
    /// Whose decision it is (bit per seat).
    pub pending: u8,
    /// The seat the tile on offer comes from, and what it is.
    pub offer: Option<(u8, OfferKind)>,
    /// The seat's own rule memory: 過水, and the kinds it passed for 碰.
    pub furiten: bool,
    pub no_pon: u64,
    /// During 換三張 (american): the round (1 or 2), the tiles this seat has picked so far,
    /// and whether the dealer is choosing a second round.
    pub exchange: Option<(u8, Counts, bool)>,
    pub legal: Vec<Action>,
}

/// `m` as a seat sees it: face up unless it is an 暗槓 of another seat still face down.
pub(crate) fn seen_meld(m: Meld, face_up: bool) -> SeenMeld {
    SeenMeld {
        kind: m.kind,
        tile: (face_up || m.kind != MeldKind::Ankan).then_some(m.tile),
    }
}

impl State {
    /// Every 暗槓 is face up to all: 003 hk16 槓牌 (暗槓須抽出牌面向底…有人胡後須翻出來給大家看):
    /// where an 暗槓 collects its 底, the end of the hand turns every one over, as the record's
    /// end line names them.
    pub(crate) fn ankans_turned_over(&self) -> bool {
        self.is_over() && self.variant().ankan_fee > 0
    }

    /// What `seat` sees of the decision now: the tile it just drew on its own turn, and the
    /// offer (from whom, what) unless it is hidden from it.
    pub(crate) fn seen_turn(&self, seat: u8) -> (Option<Tile>, Option<(u8, OfferKind)>) {
        match self.phase() {
            Phase::Turn(t) if t.seat == seat => (t.drawn, None),
            // 003 註13: an 暗槓 offered for the ask stays face down to all but its owner (the
            // seats asked see only their 胡 (ask) and 過).
            Phase::Offer(o) if seat != o.from && matches!(o.kind, OfferKind::Ankan { .. }) => {
                (None, None)
            }
            Phase::Offer(o) => (None, Some((o.from, o.kind))),
            _ => (None, None),
        }
    }

    /// What `seat` sees now.
    pub fn view(&self, seat: u8) -> View {
        let seat = seat % SEATS as u8;
        let me = self.player(seat);
        let turned_over = self.ankans_turned_over();
        let seats = [0u8, 1, 2, 3].map(|s| {
            let p = self.player(s);
            SeenSeat {
                melds: p
                    .melds
                    .iter()
                    .map(|&m| seen_meld(m, s == seat || turned_over))
                    .collect(),
                flowers: p.flowers,
                discards: p.discards.clone(),
                declared: p.declared,
                concealed_len: p.concealed_len(),
            }
        });
        let (drawn, offer) = self.seen_turn(seat);
        View {
            seat,
            dealer: self.dealer(),
            east: self.east(),
            dice: self.dice(),
            concealed: me.concealed,
            drawn,
            seats,
            drawable: self.drawable(),
            discards_total: self.discards_total(),
            any_call: self.any_call(),
            pending: self.pending(),
            offer,
            furiten: me.furiten.blocks_win(),
            no_pon: me.no_pon,
            exchange: match self.phase() {
                Phase::Exchange(x) => Some((x.round, x.chosen(seat), x.deciding)),
                _ => None,
            },
            legal: legal_actions(self, seat),
        }
    }
}
