//! The event log of a hand: the log alone rebuilds and re-validates a game ([`super::replay`]).

use super::action::Action;
use super::deal::{Deal, Piece, Rules, WallBreak};
use super::result::HandResult;
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
        given: Box<[Counts; 4]>,
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
    End(Box<HandResult>),
}
