//! The deal and the rules a hand is played under: seats, the physical tiles, the seeded
//! shuffle, where the dice break the wall, the dealt hands, the declarations (嗆聽, MIGI).

use crate::error::{Error, Result};
use crate::notation::{self, Symbol};
use crate::rules::{Dealing, Variant};
use crate::tile::{Flower, Tile, COPIES, FLOWERS, KINDS};
use std::sync::Arc;

/// Seats at the table ([`crate::vocab::SEATS`]); play runs counter-clockwise.
pub const SEATS: usize = crate::vocab::SEATS as usize;
/// Tiles at the end of the wall that are never drawn (000 牌與發牌: 牌牆最後 16 張不摸); its
/// owner is the rules' [`crate::rules::variant::KEPT_BACK`], which the wall reserves count from.
pub const KEPT_BACK: usize = crate::rules::variant::KEPT_BACK;
/// Tiles in a full set: 34 kinds × 4 + 8 flowers.
pub const FULL_SET: usize = KINDS * COPIES as usize + FLOWERS;
/// Fewest drawable tiles at which 吃, 碰 and 明槓 are still allowed (000 牌牆將盡不得鳴牌).
pub const CALL_MIN_DRAWABLE: usize = 4;
/// Discards before a declaration for it to be MIGI (000 嗆聽與 MIGI: 少於 8 張).
pub const MIGI_DISCARDS: u32 = 8;

/// The seat after `s` in turn order (its 下家).
pub const fn next_seat(s: u8) -> u8 {
    (s + 1) % SEATS as u8
}

/// One physical tile of the set: a kind (0–33) or a flower (34–41).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece(u8);

impl Piece {
    pub const fn from_tile(t: Tile) -> Piece {
        Piece(t.index() as u8)
    }

    pub const fn from_flower(f: Flower) -> Piece {
        Piece((KINDS + f.index()) as u8)
    }

    /// The piece of index `i` (0–33 kinds, 34–41 flowers).
    pub const fn new(i: usize) -> Option<Piece> {
        if i < KINDS + FLOWERS {
            Some(Piece(i as u8))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn tile(self) -> Option<Tile> {
        Tile::new(self.0 as usize)
    }

    pub const fn flower(self) -> Option<Flower> {
        if (self.0 as usize) < KINDS {
            None
        } else {
            Flower::new(self.0 as usize - KINDS)
        }
    }

    /// Notation of the piece: `5p`, `3z`, `2f`.
    pub fn code(self) -> String {
        match (self.tile(), self.flower()) {
            (Some(t), _) => t.code(),
            (_, Some(f)) => f.code(),
            _ => String::new(),
        }
    }

    /// The piece in Chinese: `五筒`, `中`, `夏`.
    pub fn name(self) -> String {
        match (self.tile(), self.flower()) {
            (Some(t), _) => t.name(),
            (_, Some(f)) => f.name().to_owned(),
            _ => String::new(),
        }
    }

    /// Pieces written in notation, in the order written (`"19m 1f"` → 1m, 9m, 1f).
    pub fn parse_list(s: &str) -> Result<Vec<Piece>> {
        Ok(notation::symbols(s)?
            .into_iter()
            .map(|sym| match sym {
                Symbol::Tile(t, _) => Piece::from_tile(t),
                Symbol::Flower(f, _) => Piece::from_flower(f),
            })
            .collect())
    }

    /// The 144 pieces in canonical order: four of each kind, then the eight flowers.
    pub fn full_set() -> Vec<Piece> {
        let mut v = Vec::with_capacity(FULL_SET);
        for t in Tile::all() {
            for _ in 0..COPIES {
                v.push(Piece::from_tile(t));
            }
        }
        v.extend((0..FLOWERS).filter_map(Flower::new).map(Piece::from_flower));
        v
    }

    /// The pieces of `variant`'s set in canonical order (004: 116 for three players, 64 for
    /// two without flowers).
    pub fn set_of(variant: &Variant) -> Vec<Piece> {
        Piece::full_set()
            .into_iter()
            .filter(|p| match p.tile() {
                Some(t) => variant.in_play(t),
                None => variant.flowers,
            })
            .collect()
    }
}

/// A small, self-contained PRNG (splitmix64): the same seed gives the same game everywhere.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (multiply-shift; the bias is below 2⁻⁵⁶ for the sizes used here).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// Where the wall was broken (001 起莊、發牌, 非起莊發牌, 開門), under `dealing = "wall"`.
// Serialize: `Game.wall_break` is this struct as a dict (the record's `break` line too).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub struct WallBreak {
    /// The seat that rolled: the 假莊 (東風位) on a match's first hand, the dealer after.
    pub roller: u8,
    /// The dice total.
    pub total: u8,
    /// The seat whose wall is broken, counting the total from the roller as 1 in turn order
    /// (5, 9, 13, 17: the roller; 6, 10, 14, 18: its 下家; …). On the first hand it is the
    /// dealer; it sits 東 (001 正花、正風說明).
    pub wall: u8,
    /// Stacks left standing at that wall's right end (the total): the dealing takes stacks
    /// `kept + 1` and on, and the replacements come from stack `kept` backwards.
    pub kept: u8,
}

impl WallBreak {
    /// The break of a hand dealt by `dealer` with `dice` at a table of `seats`: on the first
    /// hand (`first`) the 假莊 rolled and the dice picked the dealer, whose own wall breaks;
    /// later the dealer rolls and the dice pick the wall.
    pub fn of(dealer: u8, dice: [u8; 3], first: bool, seats: u8) -> WallBreak {
        // A table of 2–4 whatever the caller passes (the seats of a `Variant::seats`).
        let n = seats.clamp(2, SEATS as u8);
        let total = dice.iter().sum::<u8>();
        let step = (total + n - 1) % n;
        let dealer = dealer % n;
        let (roller, wall) = if first {
            ((dealer + n - step) % n, dealer)
        } else {
            (dealer, (dealer + step) % n)
        };
        WallBreak {
            roller,
            total,
            wall,
            kept: total,
        }
    }
}

/// The shuffled set laid out as the walls in front of the `n` seats (wall `w` holds pieces
/// `2·per·w …`, two to a stack, `per` stacks from its right end), read in draw order from the
/// break: wall `b.wall` from stack `kept + 1`, then on clockwise (the wall of its 上家, …),
/// ending with the `kept` stacks left standing, the replacement end (001 起莊、發牌).
fn wall_order(pieces: &[Piece], b: WallBreak, n: u8) -> Vec<Piece> {
    let n = usize::from(n);
    let per = pieces.len().div_ceil(2).div_ceil(n);
    let mut stacks: Vec<Vec<Piece>> = Vec::with_capacity(per * n);
    for k in 0..n {
        let w = (usize::from(b.wall) + n - k) % n;
        for j in 0..per {
            let at = (w * per + j) * 2;
            let stack: Vec<Piece> = pieces.iter().skip(at).take(2).copied().collect();
            if !stack.is_empty() {
                stacks.push(stack);
            }
        }
    }
    if !stacks.is_empty() {
        let cut = usize::from(b.kept) % stacks.len();
        stacks.rotate_left(cut);
    }
    stacks.concat()
}

/// Where a seeded deal came from: what [`Deal::from_seed`] was called with besides the
/// variant and `door_from_dice` (the record's `seed` line, docs/log-format.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DealSeed {
    pub seed: u64,
    /// The `dealer` argument: under `dealing = "wall"` on a first hand the 假莊, who may not be
    /// the deal's dealer.
    pub dealer: u8,
}

/// Everything a hand starts from: who deals, the dice, each seat's dealt tiles and the wall.
///
/// The wall is `live` followed by `dead` reversed: draws take `live` from the front, and
/// replacements (補花, 補槓) take `dead` from its first element on, then whatever lies
/// behind it. A deal may hold fewer than 144 pieces (the rest are out of play) so a test can
/// script the end of the wall; no kind may appear more than 4 times, no flower twice.
#[derive(Debug, Clone)]
pub struct Deal {
    /// Seat of the dealer (莊家), 0–3.
    pub dealer: u8,
    /// The three dice (1–6).
    pub dice: [u8; 3],
    /// `false` for the first hand of a match (the dealer's own wall opens, so the dealer is
    /// 東); `true` from the second hand on: the dice pick the wall (000 門風與正花).
    pub door_from_dice: bool,
    /// The tiles dealt to each seat, flowers included: 17 for the dealer, 16 for the others.
    pub hands: [Vec<Piece>; SEATS],
    /// The live wall in draw order.
    pub live: Vec<Piece>,
    /// The replacement end, first replacement first.
    pub dead: Vec<Piece>,
    /// The seed it was dealt from, if it was ([`Deal::from_seed`]); not part of the deal's
    /// identity (two deals are equal when their tiles, dealer and dice are).
    pub origin: Option<DealSeed>,
}

impl PartialEq for Deal {
    fn eq(&self, o: &Deal) -> bool {
        (
            self.dealer,
            self.dice,
            self.door_from_dice,
            &self.hands,
            &self.live,
            &self.dead,
        ) == (
            o.dealer,
            o.dice,
            o.door_from_dice,
            &o.hands,
            &o.live,
            &o.dead,
        )
    }
}

impl Eq for Deal {}

impl Deal {
    /// A shuffled set dealt from a seed: dice from the same generator, four tiles at a time
    /// from the dealer round the table, then one more for the dealer. Under `variant`'s set
    /// and seats: only the tiles in play (004 兩人麻將、三人麻將規則) are shuffled and only
    /// seats `0..players` are dealt; the others stay empty. The 16 kept-back tiles stay
    /// (docs/variants.md).
    ///
    /// Under `dealing = "wall"` (001 起莊、發牌) the same shuffle is laid out as the walls and
    /// dealt from where the dice break them ([`WallBreak`]); on the first hand (`door_from_dice`
    /// false) `dealer` is the 假莊 who rolls, and the dice pick the dealer.
    pub fn from_seed(seed: u64, dealer: u8, door_from_dice: bool, variant: &Variant) -> Deal {
        let n = variant.seats();
        let origin = Some(DealSeed { seed, dealer });
        let mut dealer = dealer % n;
        let mut rng = SplitMix64::new(seed);
        let dice = [0; 3].map(|_: u8| rng.below(6) as u8 + 1);
        let mut wall = Piece::set_of(variant);
        rng.shuffle(&mut wall);
        if variant.flow.dealing == Dealing::Wall {
            let total = dice.iter().sum::<u8>();
            if !door_from_dice {
                // 001 起莊: the 假莊's dice, counted from the 假莊 as 1, pick the dealer.
                dealer = (dealer + (total + n - 1) % n) % n;
            }
            let b = WallBreak::of(dealer, dice, !door_from_dice, n);
            wall = wall_order(&wall, b, n);
        }
        let mut hands: [Vec<Piece>; SEATS] = Default::default();
        let mut at = 0;
        // Four tiles at a time round the table: four rounds for 16; for 13 (004 13 張版)
        // three rounds, then one tile each.
        let (rounds, last) = if variant.hand_size == 13 {
            (3, 1)
        } else {
            (4, 0)
        };
        for take in std::iter::repeat_n(4, rounds).chain(std::iter::repeat_n(1, last)) {
            for k in 0..n {
                let s = ((dealer + k) % n) as usize;
                hands[s].extend_from_slice(&wall[at..at + take]);
                at += take;
            }
        }
        hands[dealer as usize].push(wall[at]);
        at += 1;
        let rest = &wall[at..];
        let split = rest.len().saturating_sub(KEPT_BACK);
        let live = rest[..split].to_vec();
        let dead = rest[split..].iter().rev().copied().collect();
        Deal {
            dealer,
            dice,
            door_from_dice,
            hands,
            live,
            dead,
            origin,
        }
    }

    /// A deal written in notation (dealer's hand 17 tiles, the others 16, or 14 and 13 for a
    /// 13-tile game, 004 13 張版; the live wall and the replacement end in order). Only what
    /// is written is in play. Empty hands at the end are empty seats (three or two players).
    /// The state checks the hand size against its variant's.
    pub fn scripted(dealer: u8, hands: [&str; SEATS], live: &str, dead: &str) -> Result<Deal> {
        let mut parsed: [Vec<Piece>; SEATS] = Default::default();
        for (s, h) in hands.iter().enumerate() {
            parsed[s] = Piece::parse_list(h)?;
        }
        // Trailing empty hands are empty seats (004: three or two players); the state checks
        // them against its variant's seats.
        let seats = SEATS - parsed.iter().rev().take_while(|h| h.is_empty()).count();
        let out = Deal {
            dealer,
            dice: [1, 1, 1],
            door_from_dice: false,
            hands: parsed,
            live: Piece::parse_list(live)?,
            dead: Piece::parse_list(dead)?,
            origin: None,
        };
        // The dealer's 14 tiles mark a 13-tile deal; anything else is checked as 16.
        let size = if out.hands.get(usize::from(dealer)).map(Vec::len) == Some(14) {
            13
        } else {
            16
        };
        out.check(seats.max(2) as u8, size)?;
        Ok(out)
    }

    /// [`Deal::scripted`] rolling `dice` (a caller's three dice, checked first as the argument
    /// `dice`; `None` keeps 1 1 1): they decide 骰規台 and the 換三張 direction.
    pub fn scripted_with_dice(
        dealer: u8,
        hands: [&str; SEATS],
        live: &str,
        dead: &str,
        dice: Option<&[crate::vocab::Int; 3]>,
    ) -> Result<Deal> {
        let dice = dice
            .map(|d| crate::vocab::Int::dice("dice", d))
            .transpose()?;
        let mut out = Deal::scripted(dealer, hands, live, dead)?;
        if let Some(d) = dice {
            out.dice = d;
        }
        Ok(out)
    }

    /// Adds every piece of the full set not yet in the deal to the end of the live wall, in
    /// canonical order.
    #[must_use]
    pub fn completed(mut self) -> Deal {
        let mut left = [0u8; KINDS + FLOWERS];
        for p in Piece::full_set() {
            left[p.index()] += 1;
        }
        for p in self.pieces() {
            left[p.index()] = left[p.index()].saturating_sub(1);
        }
        for (i, &n) in left.iter().enumerate() {
            for _ in 0..n {
                if let Some(p) = Piece::new(i) {
                    self.live.push(p);
                }
            }
        }
        self
    }

    /// Every piece of the deal: the hands, the live wall, the replacement end.
    pub(crate) fn pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        self.hands
            .iter()
            .flatten()
            .chain(&self.live)
            .chain(&self.dead)
            .copied()
    }

    /// Number of pieces in play.
    pub fn len(&self) -> usize {
        self.pieces().count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Checks seats, dice, hand sizes and copy limits for a hand under `variant` (its seats,
    /// from 2 to 4: the others are empty; its `hand_size`, the dealer's one more); the message
    /// names what is wrong.
    pub fn validate(&self, variant: &Variant) -> Result<()> {
        self.check(variant.seats(), variant.hand_size)
    }

    /// [`Deal::validate`] for a table of `seats` players and hands of `size` tiles.
    fn check(&self, seats: u8, size: u8) -> Result<()> {
        let size = usize::from(size);
        if self.dealer >= seats {
            return Err(crate::vocab::seat_error("dealer", self.dealer, seats));
        }
        if let Some(d) = self
            .dice
            .iter()
            .find(|&&d| !(1..=crate::vocab::DIE_FACES).contains(&d))
        {
            return Err(crate::vocab::die_error("dice", d));
        }
        for (s, h) in self.hands.iter().enumerate() {
            let want = if s >= seats as usize {
                0
            } else if s == self.dealer as usize {
                size + 1
            } else {
                size
            };
            if h.len() != want {
                return Err(Error::hand(format!(
                    "seat {s} is dealt {} tiles; it needs {want}",
                    h.len()
                ))
                .coded(
                    crate::error::Code::WrongTileCount,
                    &[
                        ("what", &format!("座位 {s} 的配牌")),
                        ("n", &h.len()),
                        ("want", &want),
                    ],
                ));
            }
        }
        let mut seen = [0u8; KINDS + FLOWERS];
        for p in self.pieces() {
            seen[p.index()] += 1;
            let cap = if p.tile().is_some() { COPIES } else { 1 };
            if seen[p.index()] > cap {
                return Err(Error::hand(format!(
                    "the deal holds {} copies of {}; the set has {cap}",
                    seen[p.index()],
                    p.code()
                ))
                .coded(
                    crate::error::Code::TooManyCopies,
                    &[
                        ("tile", &p.name()),
                        ("where", &"配牌"),
                        ("n", &seen[p.index()]),
                    ],
                ));
            }
        }
        Ok(())
    }
}

pub use crate::vocab::Declaration;

/// The rules a hand is played under: the variant (起胡 threshold, 換三張 for `american`) and
/// where the hand sits in its match (連莊 count and 圈風, which the threshold reads).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    pub variant: Arc<Variant>,
    /// 連莊 count N of the dealer.
    pub streak: u8,
    /// 圈風: 0 = 東 … 3 = 北.
    pub round_wind: u8,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::new(&Variant::taiwan(), 0, 0)
    }
}

impl Rules {
    pub fn new(variant: &Variant, streak: u8, round_wind: u8) -> Rules {
        Rules {
            variant: Arc::new(variant.clone()),
            streak,
            round_wind: round_wind % SEATS as u8,
        }
    }

    /// 換三張 is played: the `exchange` setting (american; 002 美國麻將多的三樣) at four seats.
    pub fn exchange(&self) -> bool {
        // Passing to 下家/對家/上家 needs four seats (docs/variants.md).
        self.variant.exchange_three && self.variant.players == 4
    }

    /// The 起胡 threshold (0: none).
    pub fn min_tai(&self) -> u8 {
        self.variant.min_tai
    }
}
