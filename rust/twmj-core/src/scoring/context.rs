//! The context of a win: who won, how, from whom, and what the table knew (seats, winds,
//! 連莊, declarations, dice, discards). The items read it; the scorer validates it.

use crate::error::{Error, Result};
use crate::rules::Variant;
use crate::tile::Tile;

/// A seat at the table, 0–3; seat `s + 1` (mod 4) is the 下家 of `s` (turn order).
pub type Seat = u8;

/// A wind: 東 南 西 北 (seat winds 門風 and round winds 圈風).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Wind {
    East = 0,
    South = 1,
    West = 2,
    North = 3,
}

impl Wind {
    pub const ALL: [Wind; 4] = [Wind::East, Wind::South, Wind::West, Wind::North];

    /// The wind tile, `1z`–`4z`.
    pub fn tile(self) -> Tile {
        Tile::wind(self as usize)
    }

    /// `E`, `S`, `W`, `N` or 東南西北.
    pub fn parse(s: &str) -> Option<Wind> {
        match s {
            "E" | "東" => Some(Wind::East),
            "S" | "南" => Some(Wind::South),
            "W" | "西" => Some(Wind::West),
            "N" | "北" => Some(Wind::North),
            _ => None,
        }
    }
}

/// What the replacement draw followed (明槓 replacements cannot win, 000 槓).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Replacement {
    Flower,
    Ankan,
    Kakan,
}

impl Replacement {
    pub const fn name(self) -> &'static str {
        match self {
            Replacement::Flower => "a flower",
            Replacement::Ankan => "an 暗槓",
            Replacement::Kakan => "a 加槓",
        }
    }
}

/// How the winning tile was obtained.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinKind {
    /// Drawn from the wall (自摸): the three others pay.
    SelfDraw,
    /// Drawn as the replacement after a flower, an 暗槓 or a 加槓 (槓上開花): the three others pay.
    Replacement(Replacement),
    /// Another player's discard (放槍): the discarder pays.
    Discard { from: Seat },
    /// The tile of another player's 加槓 (搶槓): that player pays.
    RobKong { from: Seat },
    /// 七搶一 case 2, second 筆: the replacement drawn after robbing the 8th flower from `robbed`;
    /// paid by the robbed player alone, without 自摸, with 槓上開花 (000 花牌與花胡).
    FlowerRobDraw { robbed: Seat },
}

/// A ready declaration (000 嗆聽與 MIGI).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Declaration {
    #[default]
    None,
    /// 嗆聽.
    Ready,
    /// MIGI (within the first 8 discards, nobody having called); 001's 地聽.
    Migi,
    /// 天聽 (001): ready and declared at one's first discard.
    HeavenReady,
}

/// Everything about a win besides the tiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Context {
    pub winner: Seat,
    pub dealer: Seat,
    /// 連莊 count N of the dealer (莊家台 = 1 + 2N).
    pub streak: u8,
    /// The winner's 門風.
    pub seat_wind: Wind,
    pub round_wind: Wind,
    pub win: WinKind,
    /// The winning tile is the last drawable tile of the wall (海底).
    pub last_tile: bool,
    pub declared: Declaration,
    /// Nobody has called or kong'd yet (暗槓 and 加槓 included) and the winner has neither
    /// discarded nor kong'd: the state 天胡, 地胡 and 人胡 require.
    pub first_turn: bool,
    /// Flowers the winner holds, bit i = flower i (0 春 … 7 竹).
    pub flowers: u8,
    /// The opening dice (american 骰規台).
    pub dice: Option<[u8; 3]>,
    /// Tiles the winner has discarded before this win (hk16 七隻內); `None` when not known.
    pub discards: Option<u8>,
    /// Copies of the winning tile's kind already shown on the table, the winning tile itself
    /// not counted (003 fan list 胡絕張: 牌池，桌面已亮明的三張牌): the discards lying in the
    /// rivers and the tiles of every player's 吃, 碰, 明槓 and 加槓, the winner's own included.
    /// A claimed discard is counted once, in the meld that took it; an 暗槓 lies face down and
    /// is not shown. `None` when not known: 胡絕張 then reads the winner's own open melds only.
    pub shown: Option<u8>,
}

impl Context {
    /// A plain context: seat 0 is dealer and 東, round 東, no streak, nothing declared.
    pub fn new(winner: Seat, win: WinKind) -> Context {
        Context {
            winner,
            dealer: 0,
            streak: 0,
            seat_wind: Wind::East,
            round_wind: Wind::East,
            win,
            last_tile: false,
            declared: Declaration::None,
            first_turn: false,
            flowers: 0,
            dice: None,
            discards: None,
            shown: None,
        }
    }

    /// The seats that pay this win.
    pub fn payers(&self) -> Vec<Seat> {
        match self.win {
            WinKind::SelfDraw | WinKind::Replacement(_) => others(self.winner),
            WinKind::Discard { from } | WinKind::RobKong { from } => vec![from],
            WinKind::FlowerRobDraw { robbed } => vec![robbed],
        }
    }

    pub(crate) fn validate(&self, variant: &Variant) -> Result<()> {
        // 004 兩人麻將、三人麻將規則: only seats `0..players` are seated.
        let n = variant.players.clamp(2, 4);
        let seat = |field: &'static str, s: Seat| {
            if s < n {
                Ok(())
            } else {
                Err(Error::context(
                    field,
                    format!("seat {s} does not exist (seats are 0 to {})", n - 1),
                ))
            }
        };
        seat("winner", self.winner)?;
        seat("dealer", self.dealer)?;
        if let WinKind::Discard { from }
        | WinKind::RobKong { from }
        | WinKind::FlowerRobDraw { robbed: from } = self.win
        {
            seat("win", from)?;
            if from == self.winner {
                return Err(Error::context(
                    "win",
                    format!("the paying seat {from} is the winner's own seat"),
                ));
            }
        }
        if self.streak > variant.streak_cap {
            return Err(Error::context(
                "streak",
                format!(
                    "連莊 {} is over the cap of {}",
                    self.streak, variant.streak_cap
                ),
            ));
        }
        if let Some(d) = self.dice {
            if let Some(f) = d.iter().find(|&&f| !(1..=6).contains(&f)) {
                return Err(Error::context(
                    "dice",
                    format!("a die shows {f}; faces are 1 to 6"),
                ));
            }
        }
        if self.first_turn && matches!(self.win, WinKind::RobKong { .. }) {
            return Err(Error::context(
                "first_turn",
                "a robbed 加槓 means someone kong'd, so it cannot be the first turn",
            ));
        }
        Ok(())
    }
}

pub(crate) fn others(s: Seat) -> Vec<Seat> {
    (1..4).map(|d| (s + d) % 4).collect()
}
