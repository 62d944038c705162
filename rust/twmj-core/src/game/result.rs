//! The outcome of a hand: who won, on what, and how. Tai and payments belong to scoring.

use crate::hand::Meld;
use crate::rules::Variant;
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

impl Win {
    /// A flower win (八仙過海, 七搶一): always a 筆 of its own (000 花牌與花胡).
    pub fn is_flower_win(&self) -> bool {
        matches!(
            self.kind,
            WinKind::EightFlowers | WinKind::SevenRobOne { .. }
        )
    }
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
    /// 流局 (or a 特殊流局): the hand ended without a winner and without a 詐胡.
    ///
    /// Under `flower_win.play_on` (issue #30: 當場收分，照常開始打牌) a flower win paid on the
    /// spot is a side payment, not the hand's win: when the wall then runs out the hand is a
    /// 流局 (its `draw` is set; 000 局的結束: 有人胡牌…或流局), though the paid 筆 stays in
    /// `wins` and in the settlement (the money moved when it was paid).
    pub fn is_draw(&self) -> bool {
        self.false_win.is_none() && (self.draw.is_some() || self.wins.is_empty())
    }

    /// The wins that ended the hand: every 筆, except the flower wins paid on the spot while
    /// play went on under `variant`'s `flower_win.play_on` (issue #30). Those are side
    /// payments: settled with the hand, but neither a win of the hand (for [`Self::is_draw`],
    /// win and draw counts) nor a say in the deal (000 連莊: 莊家胡牌或流局時，莊家連莊).
    /// Empty for a draw and a 詐胡.
    pub fn ending_wins<'a>(&'a self, variant: &Variant) -> impl Iterator<Item = &'a Win> + 'a {
        let play_on = variant.flow.flower_win_play_on;
        self.wins
            .iter()
            .filter(move |w| !(play_on && w.is_flower_win()))
    }

    /// The seats that won at least one 筆 (a flower win paid on the spot included; see
    /// [`Self::ending_winners`] for the hand's winners).
    pub fn winners(&self) -> Vec<u8> {
        seats_of(self.wins.iter())
    }

    /// The seats whose win ended the hand ([`Self::ending_wins`]): more than one is 一砲多響.
    pub fn ending_winners(&self, variant: &Variant) -> Vec<u8> {
        seats_of(self.ending_wins(variant))
    }

    /// Whether settling the hand moves anything: a 筆, a 詐胡, a 詢問費 or an 暗槓 底 (a
    /// plain draw settles to nothing).
    pub fn pays(&self) -> bool {
        !self.wins.is_empty()
            || self.false_win.is_some()
            || !self.fees.is_empty()
            || !self.ankan_fees.is_empty()
    }
}

/// The seats of `wins`, each once, in order of first appearance.
fn seats_of<'a>(wins: impl Iterator<Item = &'a Win>) -> Vec<u8> {
    let mut v: Vec<u8> = Vec::new();
    for w in wins {
        if !v.contains(&w.seat) {
            v.push(w.seat);
        }
    }
    v
}
