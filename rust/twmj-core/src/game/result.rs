//! The outcome of a hand: who won, on what, and how. Tai and payments belong to scoring.

use crate::hand::Meld;
use crate::tile::{Counts, Tile};

pub use crate::vocab::{Declaration, WinKind};

/// 天胡, 地胡, 人胡 (000 天胡、地胡、人胡).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FirstTurn {
    /// 天胡: the dealer's 17 tiles after the opening flowers.
    Heaven,
    /// 地胡: a non-dealer's first draw, before any discard of theirs and any call.
    Earth,
    /// 人胡: a non-dealer wins another's tile before any discard of theirs and any call.
    Human,
}

impl FirstTurn {
    /// The name in records and answers.
    pub const fn key(self) -> &'static str {
        match self {
            FirstTurn::Heaven => "heaven",
            FirstTurn::Earth => "earth",
            FirstTurn::Human => "human",
        }
    }
}

/// One win (one 筆): flower wins and the regular win that may follow are separate entries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Win {
    pub seat: u8,
    pub kind: WinKind,
    /// The winning tile; `None` for 天胡 and the flower wins.
    pub tile: Option<Tile>,
    /// The concealed tiles of the complete hand, the winning tile included.
    pub concealed: Counts,
    pub melds: Vec<Meld>,
    /// Flowers counted for this win (bit per flower): 7 for the second win of 七搶一 case 1.
    pub flowers: u8,
    /// 槓上開花: the tile came from the replacement end after a flower, 暗槓 or 加槓.
    pub replacement: bool,
    /// The last tile: 海底撈月, a self-draw of the last drawable tile; or 河底撈魚, a win on the
    /// discard made when nothing was left to draw (001 台數表; 003 註一).
    pub last_tile: bool,
    pub declaration: Declaration,
    pub first_turn: Option<FirstTurn>,
    /// Tiles the winner had discarded this hand before the win, claimed ones included (003
    /// hk16 七隻內: 打出七隻牌之內, 上或碰皆計). Always given by the game; `None` only in a
    /// record written before the count was kept.
    pub discards: Option<u8>,
    /// Copies of the winning tile's kind shown on the table when the hand was won, the winning
    /// tile not counted (003 fan list 胡絕張; [`crate::scoring::Context::shown`]): the discards
    /// still in the rivers and every player's 吃, 碰, 明槓 and 加槓 (a claimed discard counts
    /// once, in its meld). Always given by the game for a win on a tile; `None` for 天胡 and
    /// the wins without one, and in a record written before the count was kept.
    pub shown: Option<u8>,
}

/// Why a hand ended without a winner (001 流局, 特殊流局).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// 流局 (海底流局): nothing left to draw or to replace with.
    Wall,
    /// 四家開槓: the table's fourth kong, not all four by one player.
    FourKongs,
    /// 四風連打: every player's first discard is the same wind.
    FourWinds,
    /// 十三不搭 亮牌重洗 (003 改良式 特殊流局情形): a seat showed a 十三不搭 hand at the start
    /// (its `redeal` is the record's last `act`).
    ThirteenUnconnected,
}

impl DrawReason {
    pub const ALL: [DrawReason; 4] = [
        DrawReason::Wall,
        DrawReason::FourKongs,
        DrawReason::FourWinds,
        DrawReason::ThirteenUnconnected,
    ];

    /// The reason's name in records and answers.
    pub const fn key(self) -> &'static str {
        match self {
            DrawReason::Wall => "wall",
            DrawReason::FourKongs => "four_kongs",
            DrawReason::FourWinds => "four_winds",
            DrawReason::ThirteenUnconnected => "thirteen_unconnected",
        }
    }

    /// The reason's name in the rule texts (001 流局, 特殊流局; 003 特殊流局情形).
    pub const fn name(self) -> &'static str {
        match self {
            DrawReason::Wall => "流局",
            DrawReason::FourKongs => "四家開槓",
            DrawReason::FourWinds => "四風連打",
            DrawReason::ThirteenUnconnected => "十三不搭",
        }
    }
}

/// 詐胡 (001 詐胡): `seat` declared a win that is none; it pays each other seat 一底 + `tai`,
/// or, for a seat in `ready`, 一底 + the tai it waited for (003 詐胡的罰則).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FalseWin {
    pub seat: u8,
    /// The false win's tai (所賠台數視詐胡的台數計算): the hand's tai when it is complete but
    /// in 過水, else the tai of the seat's declaration (地聽 8, 嗆聽), else 0.
    pub tai: u32,
    /// 003 詐胡的罰則 (賠聽牌者所聽台數), with the variant's `false_win_waits`: for each other
    /// seat ready when the 詐胡 was declared, the tai it waited for (its best wait, scored as a
    /// win on the offender's discard, without dealer tai). All `None` otherwise.
    pub ready: [Option<u32>; 4],
}

impl FalseWin {
    /// What seat `payee` is paid for: the tai it waited for when it was ready, else the false
    /// win's own tai (賠未聽者自己詐胡的台數).
    pub fn tai_for(&self, payee: u8) -> u32 {
        self.ready
            .get(usize::from(payee))
            .copied()
            .flatten()
            .unwrap_or(self.tai)
    }
}

/// How the hand ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandResult {
    pub dealer: u8,
    /// The seat sitting 東 (門風).
    pub east: u8,
    /// The wins, in settlement order; empty for a draw (流局) or a 詐胡.
    pub wins: Vec<Win>,
    /// Why nobody won, on a draw.
    pub draw: Option<DrawReason>,
    /// The 詐胡 that ended the hand, if one did.
    pub false_win: Option<FalseWin>,
    /// 詢問費 (003 註13): `(payer, payee)`, 1 台 each: a seat that asked what another seat's
    /// 暗槓 was, was told it was not its tile, and did not win the hand. Usually empty.
    pub fees: Vec<(u8, u8)>,
    /// 暗槓 底 (003 hk16 槓牌: 暗槓須抽出牌面向底，即可向每家收一個底): each 暗槓 made this hand
    /// (a robbed one excepted) as `(owner, tile)`; the owner collects the variant's
    /// `ankan_fee` 底 from every other seated player whatever the hand's end. The tile is the
    /// kong turned over for everyone at the end (有人胡後須翻出來給大家看): the end of the record,
    /// which every seat's record shows, names it. Filled only when `ankan_fee` is above 0
    /// (hk16); ordered by seat.
    pub ankan_fees: Vec<(u8, Tile)>,
}

impl HandResult {
    /// 流局 (or a 特殊流局): nobody won and nobody declared a false win.
    pub fn is_draw(&self) -> bool {
        self.wins.is_empty() && self.false_win.is_none()
    }

    /// The seats that won at least one 筆.
    pub fn winners(&self) -> Vec<u8> {
        let mut v: Vec<u8> = self.wins.iter().map(|w| w.seat).collect();
        v.dedup();
        v
    }
}
