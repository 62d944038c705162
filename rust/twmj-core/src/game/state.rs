//! The state of one hand (局): the wall, the four players, whose decision it is, and the log.

use crate::hand::{Meld, MeldKind};
use crate::rules::{ExchangeDirection, Variant};
use crate::tile::{Counts, Flower, Tile, COPIES, KINDS};

pub use super::deal::{
    next_seat, Deal, DealSeed, Declaration, Piece, Rules, SplitMix64, WallBreak, CALL_MIN_DRAWABLE,
    FULL_SET, KEPT_BACK, MIGI_DISCARDS, SEATS,
};
use super::event::Event;
use super::furiten::Furiten;
use super::result::HandResult;

/// One tile in a player's river.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Discarded {
    pub tile: Tile,
    /// The seat whose 吃, 碰 or 明槓 took it, if one did (public: everyone sees the call).
    pub claimed_by: Option<u8>,
    /// The discard that declared 嗆聽/MIGI.
    pub declared: bool,
}

impl Discarded {
    /// Taken by another player's 吃, 碰 or 明槓 (it is in their meld, not in the river).
    pub fn claimed(&self) -> bool {
        self.claimed_by.is_some()
    }
}

/// One player's tiles and the rule memory that restricts their choices.
#[allow(clippy::struct_excessive_bools)] // Each flag is a separate rule of the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// Concealed tiles.
    pub concealed: Counts,
    /// Exposed melds (and 暗槓), in the order made.
    pub melds: Vec<Meld>,
    /// Flowers in front of the player: bit `i` = flower `i` (0 = 春 … 7 = 竹).
    pub flowers: u8,
    /// The river, in order.
    pub discards: Vec<Discarded>,
    pub declared: Declaration,
    /// 過水 (000 過水; its transitions are in [`super::furiten`]).
    pub furiten: Furiten,
    /// 過水碰: kinds passed for 碰 since the player's last discard.
    pub no_pon: u64,
    /// The player's latest discard, for 打出吃入 until their next discard.
    pub last_discard: Option<Tile>,
    /// After 明槓: no self-draw until a discard, 暗槓 or 加槓 (000 槓).
    pub no_self_draw: bool,
    pub has_discarded: bool,
    pub has_konged: bool,
}

impl Default for Player {
    fn default() -> Self {
        Player {
            concealed: [0; KINDS],
            melds: Vec::new(),
            flowers: 0,
            discards: Vec::new(),
            declared: Declaration::None,
            furiten: Furiten::Clear,
            no_pon: 0,
            last_discard: None,
            no_self_draw: false,
            has_discarded: false,
            has_konged: false,
        }
    }
}

impl Player {
    /// Number of concealed tiles.
    pub fn concealed_len(&self) -> usize {
        self.concealed.iter().map(|&c| c as usize).sum()
    }

    /// Concealed tiles plus three per meld (a kong's fourth tile not counted): 16 between
    /// turns, 17 while the player acts (13 and 14 under `hand_size = 13`).
    pub fn hand_size(&self) -> usize {
        self.concealed_len() + 3 * self.melds.len()
    }

    /// Concealed plus melded copies of each kind.
    pub fn own_counts(&self) -> Counts {
        let mut c = self.concealed;
        for m in &self.melds {
            m.add_to(&mut c);
        }
        c
    }

    pub fn flower_count(&self) -> u32 {
        self.flowers.count_ones()
    }

    /// True when the player has a 碰 of `t` (a 加槓 candidate).
    pub fn has_pon(&self, t: Tile) -> bool {
        self.melds
            .iter()
            .any(|m| m.kind == MeldKind::Pon && m.tile == t)
    }
}

/// What a discard right after 吃 or 碰 may not be (000 吃入打出, 碰入打出).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CallLock {
    /// After 吃: not the claimed tile, and not the other end of a two-sided 搭子.
    Chi {
        claimed: Tile,
        other_end: Option<Tile>,
    },
    /// After 碰: not the same tile.
    Pon(Tile),
}

impl CallLock {
    pub fn forbids(self, t: Tile) -> bool {
        match self {
            CallLock::Chi { claimed, other_end } => t == claimed || other_end == Some(t),
            CallLock::Pon(p) => t == p,
        }
    }
}

/// A player's own turn: they hold 17 − 3k tiles and must act.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Turn {
    pub seat: u8,
    /// The tile just drawn (`None` for the dealer's first turn and after 吃/碰).
    pub drawn: Option<Tile>,
    /// Set right after 吃/碰: only a discard, with this restriction.
    pub after_call: Option<CallLock>,
    /// The drawn tile came from the replacement end (補花, 槓): 槓上開花 on a self-draw.
    pub replacement: bool,
    /// The drawn tile was the last drawable one (海底).
    pub last_tile: bool,
    /// 七搶一 case 1 is open: the player just drew their 7th flower and this seat holds the 8th.
    pub rob_from: Option<u8>,
}

/// What is on offer to the other players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OfferKind {
    /// A discard; `last` when no drawable tile is left (only 胡 may take it).
    Discard { tile: Tile, last: bool },
    /// The tile of a 加槓 (only 搶槓 may take it).
    Kakan { tile: Tile },
    /// An 暗槓 just made, offered face down to the seats ready for 十三么 on the one orphan they
    /// lack (003 註13 特殊規定): each may ask what it is (胡) or let it be (過); an ask robs it
    /// when `tile` is that orphan. Only its owner sees `tile`.
    Ankan { tile: Tile },
    /// A flower just shown while another player holds seven (七搶一 case 2).
    Flower { flower: Flower },
}

impl OfferKind {
    /// The tile offered: a discard's, a 加槓's or an 暗槓's (`None` for a flower).
    pub const fn tile(self) -> Option<Tile> {
        match self {
            OfferKind::Discard { tile, .. }
            | OfferKind::Kakan { tile }
            | OfferKind::Ankan { tile } => Some(tile),
            OfferKind::Flower { .. } => None,
        }
    }
}

/// A set of the responses one seat may make to an offer; bit = [`OfferKind`] response.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Options(pub u8);

impl Options {
    pub const WIN: u8 = 1;
    pub const PON: u8 = 2;
    pub const MINKAN: u8 = 4;
    pub const CHI_LOW: u8 = 8;
    pub const CHI_MID: u8 = 16;
    pub const CHI_HIGH: u8 = 32;
    pub const PASS: u8 = 64;
    pub const ROB_FLOWER: u8 = 128;

    pub const fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// Responses are collected from every seat with a choice, then arbitrated together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Offer {
    /// The seat that discarded, declared the 加槓, or showed the flower.
    pub from: u8,
    pub kind: OfferKind,
    /// What each seat may answer (empty: the seat is not asked).
    pub options: [Options; SEATS],
    pub responses: [Option<super::action::Action>; SEATS],
}

impl Offer {
    /// Seats still to answer, as a bitmask.
    pub fn pending(&self) -> u8 {
        (0..SEATS)
            .filter(|&s| !self.options[s].is_empty() && self.responses[s].is_none())
            .fold(0, |m, s| m | 1 << s)
    }
}

/// 換三張 in progress (002 一局開始的順序 5–7): every seat picks three concealed tiles,
/// then they move together; after the first round the dealer decides on a second.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Exchange {
    /// 1 or 2.
    pub round: u8,
    /// The tiles each seat has picked so far this round, in the order picked: the first
    /// `picked[s]` of `picks[s]` (kept as tiles, not counts, so a [`Phase`] stays a few bytes
    /// and copies cheaply on every action).
    picks: [[Tile; 3]; SEATS],
    picked: [u8; SEATS],
    /// The first round is done; the dealer chooses `exchange again` or `no second exchange`.
    pub deciding: bool,
}

impl Exchange {
    /// Round `round` with nothing picked yet.
    pub(crate) fn new(round: u8, deciding: bool) -> Exchange {
        Exchange {
            round,
            picks: [[Tile::wind(0); 3]; SEATS],
            picked: [0; SEATS],
            deciding,
        }
    }

    /// Tiles `seat` has picked this round.
    pub fn picked(&self, seat: u8) -> u8 {
        self.picked[seat as usize % SEATS]
    }

    /// The tiles `seat` has picked this round, as counts.
    pub fn chosen(&self, seat: u8) -> Counts {
        let s = seat as usize % SEATS;
        let mut c = [0; KINDS];
        for t in &self.picks[s][..usize::from(self.picked[s]).min(3)] {
            c[t.index()] += 1;
        }
        c
    }

    /// `seat` picks `t` (its fourth pick and later are ignored: legality refuses them).
    pub(crate) fn pick(&mut self, seat: u8, t: Tile) {
        let s = seat as usize % SEATS;
        if let Some(slot) = self.picks[s].get_mut(usize::from(self.picked[s])) {
            *slot = t;
            self.picked[s] += 1;
        }
    }
}

/// 起手 (003 改良式 特殊流局情形: 起手十三不搭先說好可否亮牌重洗), with
/// `special_draw.thirteen_unconnected`: after the opening 補花 and flower wins, before the
/// first discard (and before 換三張), each seat whose dealt hand is 十三不搭
/// ([`crate::unconnected`]) chooses in turn from the dealer `redeal` (亮牌重洗: the hand ends as
/// a draw) or `pass`. Only such seats are asked, and only when one exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Opening {
    /// The seat choosing now.
    pub seat: u8,
}

/// How far the tiles of 換三張 move: the receiver of seat `s` is `s + offset (mod 4)`.
/// README decision: `next` 1 (下家), `across` 2 (對家), `previous` 3 (上家); `dice` takes
/// the opening dice total modulo 3: 1 → 下家, 2 → 對家, 0 → 上家.
pub fn exchange_offset(dir: ExchangeDirection, dice: [u8; 3]) -> u8 {
    match dir {
        ExchangeDirection::Next => 1,
        ExchangeDirection::Across => 2,
        ExchangeDirection::Previous => 3,
        ExchangeDirection::Dice => match dice.iter().map(|&d| u32::from(d)).sum::<u32>() % 3 {
            1 => 1,
            2 => 2,
            _ => 3,
        },
    }
}

/// Whose decision it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    Turn(Turn),
    Offer(Offer),
    /// 換三張 (american): picks from every seat, then the dealer's choice.
    Exchange(Exchange),
    /// 起手: a seat holding 十三不搭 chooses `redeal` or `pass` (003 改良式 特殊流局情形).
    Opening(Opening),
    /// The hand is over; see [`State::result`].
    Over,
}

impl Phase {
    /// Its key: `turn`, `offer`, `exchange`, `opening` or `over`.
    pub const fn key(self) -> &'static str {
        match self {
            Phase::Turn(_) => "turn",
            Phase::Offer(_) => "offer",
            Phase::Exchange(_) => "exchange",
            Phase::Opening(_) => "opening",
            Phase::Over => "over",
        }
    }
}

/// One hand, from the deal to a win or an exhaustive draw: the taiwan preset, or with
/// [`State::from_seed`] / [`State::from_deal`] another variant (american: 換三張
/// and 起胡).
///
/// Build it with [`State::from_seed`] or [`State::from_deal`], drive it with
/// [`State::apply`], read the legal actions with [`super::legality::legal_actions`].
#[derive(Debug, Clone)]
pub struct State {
    pub(crate) dealer: u8,
    pub(crate) east: u8,
    pub(crate) dice: [u8; 3],
    pub(crate) wall: Vec<Piece>,
    pub(crate) head: usize,
    pub(crate) tail: usize,
    pub(crate) players: [Player; SEATS],
    pub(crate) phase: Phase,
    pub(crate) discards_total: u32,
    pub(crate) any_call: bool,
    /// The tile of a 加槓 while it may be robbed (and after, if it was).
    pub(crate) in_transit: Option<Tile>,
    pub(crate) total: usize,
    pub(crate) result: Option<HandResult>,
    pub(crate) log: Vec<Event>,
    pub(crate) rules: Rules,
    /// 003 註13: bit `o` of `asked[s]`: seat `s` asked what seat `o`'s 暗槓 was and was told
    /// no (a 詢問費 if `s` does not win).
    pub(crate) asked: [u8; SEATS],
    /// 003 註13: `queried[s][o]`: how many of seat `o`'s 暗槓 seat `s` has asked about (at the
    /// kong or later); `s` may ask `o` again only about a newer one.
    pub(crate) queried: [[u8; SEATS]; SEATS],
    /// A snapshot's seats with an 暗槓 its seat has not asked about (its situation's
    /// `ankan_asks`; a snapshot has no other seat's melds); `None` in a game.
    pub(crate) snapshot_asks: Option<u8>,
    /// Per seat, what its concealed tiles win on, remembered ([`Memo`]).
    pub(crate) memo: [Memo; SEATS],
    /// `flower_win.play_on` (issue #30: 當場收分，照常開始打牌): the flower win paid on the spot
    /// this hand, if any; the hand's result lists it first when the hand ends.
    pub(crate) paid: Vec<super::result::Win>,
    /// A snapshot's `flower_paid` (its table paid a flower win on the spot this hand; the
    /// snapshot has no other seat's flowers); false in a game.
    pub(crate) snapshot_flower_paid: bool,
}

/// A seat's regular (five sets and a pair) win facts, remembered with the concealed counts
/// they were worked out for: every discard asks each other seat whether the tile wins, and
/// every turn whether the drawn hand is complete, while a hand changes only when its seat
/// acts. A memo whose counts differ from the hand's is not read (the facts are worked out
/// afresh), so a hand changed anywhere — a snapshot, a test — is never answered stale.
/// Special shapes are not remembered: they are asked for as before.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Memo {
    /// The waiting hand (16 − 3k) `waits` belongs to.
    waits_of: Counts,
    /// [`crate::waits::wait_mask`] of `waits_of`: bit t when t completes it.
    waits: u64,
    /// The acting hand (17 − 3k) `win` belongs to.
    win_of: Counts,
    /// [`crate::rules::is_win_counts`] of `win_of`.
    win: bool,
}

/// `a == b`, as three loads and compares (an array compare of 34 bytes calls `memcmp`, which
/// costs more than the memo saves).
#[inline]
fn same(a: &Counts, b: &Counts) -> bool {
    let word = |c: &Counts, at: usize| {
        let mut w = [0u8; 16];
        w.copy_from_slice(&c[at..at + 16]);
        u128::from_ne_bytes(w)
    };
    word(a, 0) == word(b, 0) && word(a, 16) == word(b, 16) && a[32] == b[32] && a[33] == b[33]
}

impl Default for Memo {
    fn default() -> Self {
        // No hand holds 255 of a kind: a fresh memo matches none.
        Memo {
            waits_of: [u8::MAX; KINDS],
            waits: 0,
            win_of: [u8::MAX; KINDS],
            win: false,
        }
    }
}

impl State {
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn player(&self, seat: u8) -> &Player {
        &self.players[seat as usize % SEATS]
    }

    pub fn players(&self) -> &[Player; SEATS] {
        &self.players
    }

    pub fn dealer(&self) -> u8 {
        self.dealer
    }

    /// The seat whose wall opened: it sits 東 (000 門風與正花).
    pub fn east(&self) -> u8 {
        self.east
    }

    /// Door wind of a seat: 0 = 東, 1 = 南, 2 = 西, 3 = 北 (three players: 北 is the empty
    /// seat).
    pub fn seat_wind(&self, seat: u8) -> u8 {
        let n = self.seats();
        (seat + n - self.east) % n
    }

    /// Seated players: 4, or the variant's 3 / 2 (seats `0..seats()`; the others are empty).
    pub fn seats(&self) -> u8 {
        self.rules.variant.seats()
    }

    /// The seat after `s` in turn order among the seated players (its 下家).
    pub fn next(&self, s: u8) -> u8 {
        // `(s + 1) % seats`, without a division for a seat at the table (every offer asks it
        // for each 吃).
        let (t, n) = (s + 1, self.seats());
        match t.cmp(&n) {
            std::cmp::Ordering::Less => t,
            std::cmp::Ordering::Equal => 0,
            std::cmp::Ordering::Greater => t % n,
        }
    }

    pub fn dice(&self) -> [u8; 3] {
        self.dice
    }

    /// The variant and match position the hand is played under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn variant(&self) -> &Variant {
        &self.rules.variant
    }

    /// The regular waits of `seat`'s concealed tiles (a waiting hand, 16 − 3k): bit t when t
    /// completes five sets and a pair. Read from the memo when it belongs to the hand.
    pub(crate) fn regular_waits(&self, seat: u8) -> u64 {
        let s = seat as usize % SEATS;
        let (c, m) = (&self.players[s].concealed, &self.memo[s]);
        if same(&m.waits_of, c) {
            m.waits
        } else {
            crate::waits::wait_mask(c)
        }
    }

    /// True when `seat`'s concealed tiles (an acting hand, 17 − 3k) are five sets and a pair.
    /// Read from the memo when it belongs to the hand.
    pub(crate) fn regular_complete(&self, seat: u8) -> bool {
        let s = seat as usize % SEATS;
        let (c, m) = (&self.players[s].concealed, &self.memo[s]);
        if same(&m.win_of, c) {
            m.win
        } else {
            crate::rules::is_win_counts(c)
        }
    }

    /// True when the tile `t` completes `seat`'s waiting hand as five sets and a pair (the
    /// hand holds at most 3 of it: the 4-copy limit is the tables' own).
    pub(crate) fn regular_wins_with(&self, seat: u8, t: Tile) -> bool {
        let c = &self.players[seat as usize % SEATS].concealed;
        if c[t.index()] >= COPIES {
            let mut c = *c;
            c[t.index()] += 1;
            return crate::rules::is_win_counts(&c);
        }
        self.regular_waits(seat) >> t.index() & 1 == 1
    }

    /// Brings every seat's memo up to its hand: a waiting hand's waits, an acting hand's
    /// completeness. A hand unchanged since costs one comparison of its counts.
    pub(crate) fn remember(&mut self) {
        for s in 0..self.seats() as usize {
            let c = self.players[s].concealed;
            let m = &mut self.memo[s];
            if same(&m.waits_of, &c) || same(&m.win_of, &c) {
                continue;
            }
            let held: usize = c.iter().map(|&n| n as usize).sum();
            if held % 3 == 1 {
                m.waits = crate::waits::wait_mask(&c);
                m.waits_of = c;
            } else if held % 3 == 2 {
                m.win = crate::rules::is_win_counts(&c);
                m.win_of = c;
            }
        }
    }

    /// Remembers that `seat`'s acting hand (its concealed tiles now) is complete or not,
    /// as just worked out from its waits before the draw.
    pub(crate) fn remember_win(&mut self, seat: u8, win: bool) {
        let s = seat as usize % SEATS;
        self.memo[s].win_of = self.players[s].concealed;
        self.memo[s].win = win;
    }

    /// Pieces left in the wall, the ones kept back included.
    pub fn wall_len(&self) -> usize {
        self.tail - self.head
    }

    /// Kongs on the table (暗槓, 明槓 and 加槓 of every seat).
    pub fn kongs(&self) -> usize {
        self.players
            .iter()
            .flat_map(|p| &p.melds)
            .filter(|m| m.kind.is_kong())
            .count()
    }

    /// Tiles at the end of the wall never drawn now: 16 (000), or the variant's
    /// `wall_reserve` (001 流局: 一槓一, one stack per kong, or none).
    pub fn kept_back(&self) -> usize {
        let reserve = self.rules.variant.flow.wall_reserve;
        // Every draw and call asks this; only the per-kong reserves read the melds.
        if reserve.per_kong() {
            reserve.kept(self.kongs())
        } else {
            reserve.kept(0)
        }
    }

    /// Tiles that may still be drawn or taken as replacements.
    pub fn drawable(&self) -> usize {
        self.wall_len().saturating_sub(self.kept_back())
    }

    /// Where the wall was broken, when the variant deals by the dice (001 起莊、發牌).
    pub fn wall_break(&self) -> Option<WallBreak> {
        self.log.iter().find_map(|e| match e {
            Event::Break(b) => Some(*b),
            _ => None,
        })
    }

    /// Discards made so far by the whole table.
    pub fn discards_total(&self) -> u32 {
        self.discards_total
    }

    /// True once anyone has made 吃, 碰 or any 槓.
    pub fn any_call(&self) -> bool {
        self.any_call
    }

    pub fn result(&self) -> Option<&HandResult> {
        self.result.as_ref()
    }

    /// The flower win paid on the spot this hand while play goes on (`flower_win.play_on`,
    /// issue #30: 當場收分，照常開始打牌), before the hand ends; empty otherwise. When the hand
    /// ends the result lists it as its first 筆 and this is empty.
    pub fn paid_flower_wins(&self) -> &[super::result::Win] {
        &self.paid
    }

    /// A flower win was paid on the spot this hand (`flower_win.play_on`): the flowers are
    /// not paid again.
    pub fn flower_paid(&self) -> bool {
        !self.paid.is_empty() || self.snapshot_flower_paid
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }

    /// Every event so far; [`super::event::replay`] rebuilds the state from it.
    pub fn log(&self) -> &[Event] {
        &self.log
    }

    /// Seats that must decide now, as a bitmask (one seat on a turn, possibly several on an
    /// offer; none when the hand is over).
    pub fn pending(&self) -> u8 {
        match &self.phase {
            Phase::Turn(t) => 1 << t.seat,
            Phase::Offer(o) => o.pending(),
            Phase::Opening(o) => 1 << o.seat,
            Phase::Exchange(x) if x.deciding => 1 << self.dealer,
            Phase::Exchange(x) => (0..self.seats())
                .filter(|&s| x.picked(s) < 3)
                .fold(0, |m, s| m | 1 << s),
            Phase::Over => 0,
        }
    }

    /// Checks the invariants: the pieces in play are conserved and every hand has the right
    /// size for the phase. Returns what is wrong.
    pub fn check_invariants(&self) -> std::result::Result<(), String> {
        let mut n = self.wall_len() + usize::from(self.in_transit.is_some());
        for p in &self.players {
            n += p.concealed_len();
            n += p.melds.iter().map(|m| m.tiles().len()).sum::<usize>();
            n += p.discards.iter().filter(|d| !d.claimed()).count();
            n += p.flower_count() as usize;
        }
        if n != self.total {
            return Err(format!("{n} pieces in play; the deal had {}", self.total));
        }
        if self.is_over() {
            return Ok(());
        }
        for (s, p) in self.players.iter().enumerate().take(self.seats() as usize) {
            let acting = match &self.phase {
                Phase::Turn(t) => t.seat as usize == s,
                Phase::Exchange(_) | Phase::Opening(_) => s == self.dealer as usize,
                _ => false,
            };
            let size = usize::from(self.rules.variant.hand_size);
            let want = if acting { size + 1 } else { size };
            if p.hand_size() != want {
                return Err(format!(
                    "seat {s} holds {} (concealed {} + 3 × {} melds); expected {want}",
                    p.hand_size(),
                    p.concealed_len(),
                    p.melds.len()
                ));
            }
            if p.concealed.iter().any(|&c| c > COPIES) {
                return Err(format!("seat {s} holds more than 4 of a kind"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::bots::Bot;
    use crate::game::legality::{legal_actions, ready_discards, wait_mask_with};
    use crate::rules::{is_win_counts, PRESETS};
    use crate::waits::{exhausted, wait_mask};

    /// [`legality::ready_discards`](super::super::legality::ready_discards) the slow way: for
    /// each kind held, the waits after discarding it, special shapes included.
    fn ready_discards_slow(p: &Player, v: &Variant) -> u64 {
        let mut out = 0u64;
        let (mut c, mut own) = (p.concealed, p.own_counts());
        for i in 0..KINDS {
            if c[i] == 0 {
                continue;
            }
            c[i] -= 1;
            own[i] -= 1;
            if wait_mask_with(p, &c, &own, v) & !exhausted(&own) != 0 {
                out |= 1 << i;
            }
            c[i] += 1;
            own[i] += 1;
        }
        out
    }

    /// The memo is current after every event, and what it answers is what the tables answer
    /// from the hand itself: the waits of every waiting hand (each kind as `is_win_counts` of
    /// the hand with it), the completeness of the acting hand. Also the turn's ready discards
    /// (worked out from the groups once) against the per-kind waits, and the tiles kept back
    /// (which skip counting kongs under a fixed reserve) against the count. Every preset,
    /// seeded hands played by bots that call, kong and declare.
    #[test]
    fn remembered_wins_equal_the_hand_worked_out_afresh() {
        let mut checked = [0usize; 3];
        for name in PRESETS {
            let v = Variant::preset(name).unwrap();
            for seed in 0..60u64 {
                let bot = [Bot::FirstLegal, Bot::Random, Bot::Efficiency][seed as usize % 3];
                let mut st = State::from_seed(seed, &v);
                let mut rng = SplitMix64::new(seed);
                loop {
                    assert_eq!(
                        st.kept_back(),
                        st.rules.variant.flow.wall_reserve.kept(st.kongs())
                    );
                    if st.is_over() {
                        break;
                    }
                    for s in 0..st.seats() {
                        let p = st.player(s);
                        let m = st.memo[usize::from(s)];
                        let held = p.concealed_len();
                        if held % 3 == 1 {
                            assert_eq!(m.waits_of, p.concealed, "{name} {seed} seat {s}");
                            assert_eq!(m.waits, wait_mask(&p.concealed));
                            for t in Tile::all().filter(|t| p.concealed[t.index()] < COPIES) {
                                let mut c = p.concealed;
                                c[t.index()] += 1;
                                assert_eq!(st.regular_wins_with(s, t), is_win_counts(&c));
                            }
                            checked[0] += 1;
                        } else {
                            assert_eq!(m.win_of, p.concealed, "{name} {seed} seat {s}");
                            assert_eq!(m.win, is_win_counts(&p.concealed));
                            assert_eq!(
                                ready_discards(p, &v),
                                ready_discards_slow(p, &v),
                                "{name} {seed} seat {s}"
                            );
                            checked[1] += 1;
                            checked[2] += usize::from(m.win);
                        }
                    }
                    let seat = st.pending().trailing_zeros() as u8;
                    assert!(!legal_actions(&st, seat).is_empty());
                    bot.play(&mut st, seat, &mut rng).unwrap();
                }
            }
        }
        // Waiting hands, acting hands, and complete acting hands were all met.
        assert!(checked.iter().all(|&n| n > 0), "{checked:?}");
    }
}
