//! Variants: a preset's tai table, thresholds and switches as validated data, with overrides.

use crate::error::{Code, Error, Result};
use crate::rules::item::{Item, WORDS};
use crate::rules::shapes::{Special, SpecialShapes};

/// The 骰規台 values (american; README decision: 豹子 5, 全紅 3, 順子 2, 全黑 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiceTai {
    /// 豹子: three equal faces.
    pub leopard: u8,
    /// 全紅: every face red (1 or 4), not a 豹子.
    pub all_red: u8,
    /// 順子: three consecutive faces.
    pub straight: u8,
    /// 全黑: every face black (2, 3, 5, 6), not a 豹子.
    pub all_black: u8,
}

/// The four 骰規台 shapes, in the order the American text tests them (first match wins).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DiceShape {
    Leopard,
    AllRed,
    Straight,
    AllBlack,
}

impl DiceShape {
    pub const fn name(self) -> &'static str {
        match self {
            DiceShape::Leopard => "豹子",
            DiceShape::AllRed => "全紅",
            DiceShape::Straight => "順子",
            DiceShape::AllBlack => "全黑",
        }
    }

    /// The shape of three faces (1–6), if any: 豹子, 全紅, 順子, 全黑, first match wins.
    /// Red faces are 1 and 4 (README).
    pub fn of(dice: [u8; 3]) -> Option<DiceShape> {
        let red = |f: u8| f == 1 || f == 4;
        let mut d = dice;
        d.sort_unstable();
        if d[0] == d[2] {
            Some(DiceShape::Leopard)
        } else if d.iter().all(|&f| red(f)) {
            Some(DiceShape::AllRed)
        } else if d[1] == d[0] + 1 && d[2] == d[1] + 1 {
            Some(DiceShape::Straight)
        } else if d.iter().all(|&f| !red(f)) {
            Some(DiceShape::AllBlack)
        } else {
            None
        }
    }
}

impl DiceTai {
    pub const fn value(&self, shape: DiceShape) -> u8 {
        match shape {
            DiceShape::Leopard => self.leopard,
            DiceShape::AllRed => self.all_red,
            DiceShape::Straight => self.straight,
            DiceShape::AllBlack => self.all_black,
        }
    }
}

/// Who receives the three tiles of 換三張 (README decision; default `dice`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ExchangeDirection {
    Next,
    Across,
    Previous,
    /// The opening dice total modulo 3: 1 → 下家, 2 → 對家, 0 → 上家.
    Dice,
}

impl ExchangeDirection {
    /// The choice's name in Chinese (a settings form's menu).
    pub const fn name(self) -> &'static str {
        match self {
            ExchangeDirection::Next => "下家",
            ExchangeDirection::Across => "對家",
            ExchangeDirection::Previous => "上家",
            ExchangeDirection::Dice => "看開門骰子",
        }
    }

    pub const ALL: [ExchangeDirection; 4] = [
        ExchangeDirection::Next,
        ExchangeDirection::Across,
        ExchangeDirection::Previous,
        ExchangeDirection::Dice,
    ];

    pub const fn key(self) -> &'static str {
        match self {
            ExchangeDirection::Next => "next",
            ExchangeDirection::Across => "across",
            ExchangeDirection::Previous => "previous",
            ExchangeDirection::Dice => "dice",
        }
    }
}

/// Who wins one tile several seats can win (000 多家同時胡, 001 胡牌, 003 改良式).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MultiWin {
    /// 001: the first in turn order from the discarder always wins (攔胡, no 一炮多響).
    Nearest,
    /// 000: of two the first in turn order wins (攔胡); three all win (一砲三響).
    NearestOfTwo,
    /// 003 改良式: no 攔胡, every seat able to win wins (放槍幾家付幾家).
    All,
}

impl MultiWin {
    /// The choice's name in Chinese (a settings form's menu).
    pub const fn name(self) -> &'static str {
        match self {
            MultiWin::Nearest => "一律攔胡",
            MultiWin::NearestOfTwo => "兩家攔胡，三家都胡",
            MultiWin::All => "不攔胡，都可以胡",
        }
    }

    pub const ALL: [MultiWin; 3] = [MultiWin::Nearest, MultiWin::NearestOfTwo, MultiWin::All];

    pub const fn key(self) -> &'static str {
        match self {
            MultiWin::Nearest => "nearest",
            MultiWin::NearestOfTwo => "nearest_of_two",
            MultiWin::All => "all",
        }
    }
}

/// How a 筆 is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Payment {
    /// 000/001: each payer pays 底 + 台 × (hand + dealer tai).
    Base,
    /// 003 中庸全統制: no 底; one payer (放槍) pays 台 × tai × 3, each of three (自摸) × 2.
    Zhongyong,
}

impl Payment {
    /// The choice's name in Chinese (a settings form's menu).
    pub const fn name(self) -> &'static str {
        match self {
            Payment::Base => "底＋台",
            Payment::Zhongyong => "中庸全統制（無底）",
        }
    }

    pub const ALL: [Payment; 2] = [Payment::Base, Payment::Zhongyong];

    pub const fn key(self) -> &'static str {
        match self {
            Payment::Base => "base",
            Payment::Zhongyong => "zhongyong",
        }
    }
}

/// When the wall is exhausted (001 流局: 16 tiles kept back, 一槓一, one stack per kong, or
/// play to the end; 000 牌與發牌: the last 16 are never drawn).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WallReserve {
    /// 16 tiles (八墩) kept back (000, 001).
    Sixteen,
    /// 一槓一: 16, plus one more tile per kong made.
    KongOne,
    /// 16, plus one more stack (two tiles) per kong made.
    KongStack,
    /// 取至不剩: nothing is kept back.
    None,
}

impl WallReserve {
    /// The choice's name in Chinese (a settings form's menu).
    pub const fn name(self) -> &'static str {
        match self {
            WallReserve::Sixteen => "留十六張（八墩）",
            WallReserve::KongOne => "一槓一",
            WallReserve::KongStack => "每槓多留一墩",
            WallReserve::None => "取至不剩",
        }
    }

    pub const ALL: [WallReserve; 4] = [
        WallReserve::Sixteen,
        WallReserve::KongOne,
        WallReserve::KongStack,
        WallReserve::None,
    ];

    pub const fn key(self) -> &'static str {
        match self {
            WallReserve::Sixteen => "sixteen",
            WallReserve::KongOne => "kong_one",
            WallReserve::KongStack => "kong_stack",
            WallReserve::None => "none",
        }
    }

    /// True when the tiles kept back depend on the kongs on the table.
    pub const fn per_kong(self) -> bool {
        matches!(self, WallReserve::KongOne | WallReserve::KongStack)
    }

    /// Tiles kept back with `kongs` kongs on the table.
    pub const fn kept(self, kongs: usize) -> usize {
        match self {
            WallReserve::Sixteen => KEPT_BACK,
            WallReserve::KongOne => KEPT_BACK + kongs,
            WallReserve::KongStack => KEPT_BACK + 2 * kongs,
            WallReserve::None => 0,
        }
    }
}

/// Tiles at the end of the wall that are never drawn (000 牌與發牌: 牌牆最後 16 張不摸): the
/// one spelling of the number, which every wall reserve counts from.
pub const KEPT_BACK: usize = 16;

/// How a seeded hand is dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dealing {
    /// The shuffled set dealt from its start; the dice only pick the 東 wall (000).
    Plain,
    /// 001 起莊、發牌 / 非起莊發牌 / 開門: four walls of 18 stacks; the roller's dice total
    /// counted from the roller picks the wall (and, on the first hand, the dealer), the dealing
    /// starts after that many stacks from the wall's right end. A `Match` draws seats first
    /// (001 抽位).
    Wall,
}

impl Dealing {
    /// The choice's name in Chinese (a settings form's menu).
    pub const fn name(self) -> &'static str {
        match self {
            Dealing::Plain => "洗好依序發",
            Dealing::Wall => "擲骰開門發牌",
        }
    }

    pub const ALL: [Dealing; 2] = [Dealing::Plain, Dealing::Wall];

    pub const fn key(self) -> &'static str {
        match self {
            Dealing::Plain => "plain",
            Dealing::Wall => "wall",
        }
    }
}

/// What releases 過水.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FuritenRelease {
    /// 000 過水 release table (a kong of a non-winning tile, or a call with an incomplete
    /// hand, then a discard, also release).
    Table,
    /// 001 過手: only drawing a tile that does not win, then discarding, releases.
    OwnDraw,
    /// 004 過水 (別人打出你能胡的牌、你沒有喊胡，在你下一次摸牌之前，不能再胡同一張): only the
    /// tile let go is barred (every tile let go, when several are), and the seat's next draw,
    /// whatever it is, releases. The presets that play it (004's tables) play it with
    /// `furiten_self_draw` off, as 004 names only a passed discard; on, a self-draw let go
    /// bars the drawn tile the same way.
    NextDraw,
}

impl FuritenRelease {
    /// The choice's name in Chinese (a settings form's menu).
    pub const fn name(self) -> &'static str {
        match self {
            FuritenRelease::Table => "依過水表",
            FuritenRelease::OwnDraw => "過手（自摸不胡再打出）",
            FuritenRelease::NextDraw => "只限同一張，至下次摸牌",
        }
    }

    pub const ALL: [FuritenRelease; 3] = [
        FuritenRelease::Table,
        FuritenRelease::OwnDraw,
        FuritenRelease::NextDraw,
    ];

    pub const fn key(self) -> &'static str {
        match self {
            FuritenRelease::Table => "table",
            FuritenRelease::OwnDraw => "own_draw",
            FuritenRelease::NextDraw => "next_draw",
        }
    }
}

/// On which waits 平胡 counts (`ping_hu_wait`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PingHuWait {
    /// 000 台數表 平胡, 平胡的認定: the winning tile completes a two-sided run (原本聽兩張);
    /// 單吊, 邊張, 嵌張 are not 平胡.
    TwoSided,
    /// Any wait: a hand of runs and a suited pair won on another player's tile counts 平胡 on a
    /// 單吊, 邊張 or 嵌張 too (a house rule some tables play, issue #30: 平胡 on any wait).
    Any,
}

impl PingHuWait {
    /// The choice's name in Chinese (a settings form's menu).
    pub const fn name(self) -> &'static str {
        match self {
            PingHuWait::TwoSided => "限兩面聽",
            PingHuWait::Any => "單吊、邊張、嵌張也算",
        }
    }

    pub const ALL: [PingHuWait; 2] = [PingHuWait::TwoSided, PingHuWait::Any];

    pub const fn key(self) -> &'static str {
        match self {
            PingHuWait::TwoSided => "two_sided",
            PingHuWait::Any => "any",
        }
    }
}

/// The game-flow rules a preset's text fixes besides scoring (001 流局, 特殊流局, 詐胡, 抽位 and
/// 開門, 過水/過手). Every field is a setting (docs/variants.md).
// Each bool is one switch a rule text names, set by key like every other setting.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Flow {
    /// `wall_reserve`: when the wall is exhausted.
    pub wall_reserve: WallReserve,
    /// `special_draw.four_kongs`: 四家開槓, four kongs on the table not all one player's end
    /// the hand as a draw.
    pub four_kongs_draw: bool,
    /// `special_draw.four_winds`: 四風連打, the first discard of every player is the same wind:
    /// the hand ends as a draw.
    pub four_winds_draw: bool,
    /// `special_draw.thirteen_unconnected`: 十三不搭, a seat whose dealt hand holds 13 tiles of
    /// distinct kinds no two of which 搭 may show it at the start (起手) and end the hand as a
    /// draw, the dealer keeping the deal (003 改良式 特殊流局情形: 起手十三不搭先說好可否亮牌重洗
    /// （莊家算連莊）; [`crate::unconnected`]).
    pub thirteen_unconnected_draw: bool,
    /// `false_win`: a 胡 declared on a hand that is no win (or in 過水) ends the hand as a 詐胡,
    /// paid 一家賠三家 (001 詐胡); off, such a 胡 is refused as illegal.
    pub false_win: bool,
    /// `false_win_waits`: a 詐胡 pays each seat ready at that moment the tai it waited for
    /// instead of the false win's tai (003 詐胡的罰則: 賠聽牌者所聽台數，賠未聽者自己詐胡的台數).
    pub false_win_waits: bool,
    /// `dealing`: how a seeded hand is dealt.
    pub dealing: Dealing,
    /// `furiten_release`: what releases 過水.
    pub furiten_release: FuritenRelease,
    /// `four_kongs_win`: 四槓胡, a player's own fourth kong (明槓, 加槓 or 暗槓) ends the hand at
    /// once as that player's win, scored as a self-draw with the 四槓牌 item (001 台數表 四槓牌,
    /// 特殊胡牌 四槓胡; 003 改良式 四槓胡).
    pub four_kongs_win: bool,
    /// `four_kongs_pass_deal`: after a 四槓胡 the dealer does not keep the deal, whoever won
    /// (001 台數表 四槓牌: 莊家不再繼續連莊).
    pub four_kongs_pass_deal: bool,
    /// `furiten_dealer_exception`: a win declined for 起胡 (so 過水) may still be taken on the
    /// dealer's discard of the same tile before that 過水 ends (003 過水特殊規定: 若某家打出己方
    /// 放槍牌，但因台數不足不能胡，而莊家在同圈內打出同一張而胡牌，不算過水未完的詐胡).
    pub furiten_dealer_exception: bool,
    /// `furiten_self_draw`: a self-draw let go (declined, or refused by 起胡 or the 明槓
    /// replacement) puts the seat in 過水 (000 過水: 摸到能自摸的牌而你不自摸); off, only a
    /// passed discard does (001 過水: 有人放槍而不胡).
    pub furiten_self_draw: bool,
    /// `furiten_ignored`: no 過水 at all, a win let go never blocks a later one (004 過水: 很多桌
    /// 有這條，也有不管的); a house rule, off in every preset.
    pub furiten_ignored: bool,
    /// `migi_first_discard`: 地聽 (MIGI) is declared only by a 閒家 at its own first discard
    /// (003 hk16 地聽: 閒家配牌後立即聽牌); off, by anyone within the first eight discards
    /// (000 MIGI; 001 地聽: 每家過兩手即八張牌以內). Either way nobody has called or kong'd.
    pub migi_first_discard: bool,
    /// `furiten_ankan_release`: an 暗槓 of a tile that does not win releases 過水 (000 過水
    /// release table: 暗槓或加槓不是胡牌張的牌 — 解除). Off, an 暗槓 neither releases nor holds:
    /// the replacement draw and the discard after it decide (a house rule, issue #30: an 暗槓
    /// that does not release 過水). 加槓 keeps the table's rule.
    pub furiten_ankan_release: bool,
    /// `minkan_ban_kong_release`: the no-自摸 of a 明槓's replacement ends at the seat's next
    /// 暗槓 or 加槓, whose replacement may be 自摸'd (000 槓: 明槓之後的「不能自摸」，在你接著又暗槓或
    /// 加槓之後解除). Off, the ban survives such kongs and ends only at the seat's discard (a
    /// house rule, issue #30).
    pub minkan_ban_kong_release: bool,
    /// `flower_win_over_heaven`: an opening flower win of a 閒家 takes priority over the
    /// dealer's 天胡, which is then not counted. Off, 000 開局花胡: 天胡優先，閒家的花胡不計.
    pub flower_win_over_heaven: bool,
    /// `flower_win.play_on`: a flower win (八仙過海, 七搶一) is paid on the spot and play goes
    /// on (a house rule, issue #30: 「當場收分，照常開始打牌」): its 筆 is settled when it is
    /// made, the hand continues from where it stood and ends as any hand (its final settlement
    /// holds the flower 筆 first). Off, every preset's text: 000 花牌與花胡 — the flower win ends
    /// the hand (a regular win may follow it as a second 筆).
    pub flower_win_play_on: bool,
}

impl Flow {
    /// 000 (taiwan and every preset but traditional).
    pub const TAIWAN: Flow = Flow {
        wall_reserve: WallReserve::Sixteen,
        four_kongs_draw: false,
        four_winds_draw: false,
        thirteen_unconnected_draw: false,
        false_win: false,
        false_win_waits: false,
        dealing: Dealing::Plain,
        furiten_release: FuritenRelease::Table,
        four_kongs_win: false,
        four_kongs_pass_deal: false,
        furiten_dealer_exception: false,
        furiten_self_draw: true,
        furiten_ignored: false,
        migi_first_discard: false,
        furiten_ankan_release: true,
        minkan_ban_kong_release: true,
        flower_win_over_heaven: false,
        flower_win_play_on: false,
    };

    /// 004 (`three_player`, `two_player`): as 000, but 004's own 過水 (過水: 別人打出你能胡的牌、你沒有
    /// 喊胡，在你下一次摸牌之前，不能再胡同一張): only that tile, until the seat's next draw, and
    /// only from a passed discard (004 names no self-draw let go; `furiten_self_draw` off).
    pub const FEW_PLAYERS: Flow = Flow {
        furiten_release: FuritenRelease::NextDraw,
        furiten_self_draw: false,
        ..Flow::TAIWAN
    };

    /// 001: 16 kept back (八墩), no 四風連打 (特殊流局: 台灣多數人玩的規則裡沒有), 詐胡 paid, the
    /// dice deal, 過手; 四槓 as its 台數表 row and 特殊胡牌 give it, a win or a draw.
    pub const TRADITIONAL: Flow = Flow {
        wall_reserve: WallReserve::Sixteen,
        // 001 台數表 四槓牌: 若兩家以上合力完成四槓，則和局; 特殊胡牌: 若由不同玩家共同完成四槓則為
        // 和局當莊者加算連莊 — the same row as the 四槓胡 below, so on with it (not 特殊流局's
        // optional 四家開槓).
        four_kongs_draw: true,
        four_winds_draw: false,
        thirteen_unconnected_draw: false,
        false_win: true,
        false_win_waits: false,
        dealing: Dealing::Wall,
        furiten_release: FuritenRelease::OwnDraw,
        // 001 台數表 四槓牌 / 特殊胡牌 四槓胡: 即以胡牌計算, 莊家不再繼續連莊.
        four_kongs_win: true,
        four_kongs_pass_deal: true,
        furiten_dealer_exception: false,
        // 001 過水 is 有人放槍而不胡: a passed discard; a self-draw let go is not 過水 there.
        furiten_self_draw: false,
        furiten_ignored: false,
        migi_first_discard: false,
        furiten_ankan_release: true,
        minkan_ban_kong_release: true,
        flower_win_over_heaven: false,
        flower_win_play_on: false,
    };

    /// 003 改良式: as 000, but 四槓胡 is a win (6台, 自摸第四槓三家各付六台); 003 says nothing
    /// of the deal after it, so 連莊 follows the usual rule (docs/variants.md). 特殊流局情形:
    /// 出現四槓之時（非同一玩家）, a draw (莊家算連莊, as on any draw); 起手十三不搭 先說好可否亮牌重洗:
    /// the table agreement is taken as made (the switch is on; a table that said no turns it
    /// off).
    pub const IMPROVED16: Flow = Flow {
        // 003 詐胡的罰則 (詐胡通賠三家，賠聽牌者所聽台數，賠未聽者自己詐胡的台數).
        false_win: true,
        false_win_waits: true,
        four_kongs_win: true,
        four_kongs_draw: true,
        thirteen_unconnected_draw: true,
        furiten_dealer_exception: true,
        ..Flow::TAIWAN
    };
}

/// How a preset's table is read when items meet: whose 備註 exclude, what 門清 is, and the house
/// rules its text names as optional (001 平胡說明, 獨聽說明, 各地 滿台; 003 改良式 人胡). Every
/// field but `item_notes` is a setting (docs/variants.md).
// Each bool is one switch a rule text names, set by key like every other setting.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScoringRules {
    /// The 備註 written with the shared items (000's, and the 003 改良式 notes on its rows)
    /// exclude. Off, only this preset's own notes (`not_counted_with`) and the 暗刻 and 連刻
    /// tiers do: hk16 and traditional, whose texts write their own notes (rules README:
    /// only the notes written in its own table exclude). The fan list's 不算 notes always hold.
    pub item_notes: bool,
    /// `concealed_ankan`: an 暗槓 keeps 門清 (000; 004 術語 門清 暗槓可以). Off, any kong ends
    /// 門清 and 不求 (001 台數表 門清: 沒有吃沒有碰沒有槓; 003 hk16 門前清: 沒碰上槓過).
    pub concealed_ankan: bool,
    /// `tai_cap`: 滿台, the most tai one payer pays on one 筆, its dealer tai included and its
    /// 底 aside (001 台數表 各地: 滿台為八台不管怎麼胡最高為一底八台); 0 is no cap.
    pub tai_cap: u8,
    /// `ping_hu_alone`: 平胡 only when the hand counts no other item (001 平胡說明 貳:
    /// 有其他台種無平胡, 搶槓胡沒平胡、清一色胡沒平胡).
    pub ping_hu_alone: bool,
    /// `ping_hu_two_waits`: no 平胡 when the hand waited on more than two kinds (001 平胡說明
    /// 參: 聽超過兩種牌沒平胡).
    pub ping_hu_two_waits: bool,
    /// `ping_hu_no_three_alike`: no 平胡 when the hand holds three tiles of one kind (001 平胡說明
    /// 肆: 手牌有三張同樣的牌沒平胡).
    pub ping_hu_no_three_alike: bool,
    /// `single_wait_extractable`: 獨聽 whenever the winning tile reads as 邊張, 嵌張 or 單吊,
    /// however many kinds the hand waited on (001 獨聽說明: 也有人玩「抓得出來」就有台).
    pub single_wait_extractable: bool,
    /// `fan_notes`: the fan list's 不算 notes between rows the presets share
    /// (`scoring::tables::fan::SHARED_NOTES`: 大四喜 碰碰胡不算, 綠一色 不算清一色跟混一色 …) hold even
    /// when neither row was drawn in from the library (a drawn-in row always brings them).
    pub fan_notes: bool,
    /// `human_win_declared`: 人胡 needs a declared 天聽 and a discard among the first eight
    /// with nobody having called (003 改良式 人胡: 必為天聽，在各家未吃碰下八張牌內有人放槍).
    /// Off, 000's: a non-dealer wins on a discard before its own first discard.
    pub human_win_declared: bool,
    /// `kong_bloom_flower`: 槓上開花 also on the replacement drawn after a flower (000 槓上開花:
    /// 補花、暗槓、加槓之後; 001 因摸到花牌、加槓或暗槓而補牌; 003 改良式 海底摸花而槓上自摸). Off, only
    /// after a kong: 003 hk16 writes the row 槓上花, and 003's fan list 槓上開花 (不包括補花).
    pub kong_bloom_flower: bool,
    /// `heaven_ready_dealer`: 天聽 is the dealer's declaration, so a score refuses a 閒家's (001
    /// 天聽: 在莊家取完牌後，打出第一張牌時即聽牌; 003 hk16 天聽: 莊家配牌，打第一隻後就叫胡). Off
    /// where the text names no seat (003 改良式 天聽, whose 人胡 必為天聽). The game offers 天聽 at
    /// the dealer's first discard either way.
    pub heaven_ready_dealer: bool,
    /// `ping_hu_wait`: the waits 平胡 counts on.
    pub ping_hu_wait: PingHuWait,
    /// `flower_win.base`: a flower win's 筆 is paid with 底 (000 計分: 應付 ＝ 底 ＋ 台數, on every
    /// 筆). Off, the flower win is paid its tai alone (issue #30: 8 × 每台, no 底).
    pub flower_win_base: bool,
    /// `flower_win.dealer`: a flower win's 筆 carries 莊家台 (000 花牌與花胡: 兩筆的莊家台各自計算;
    /// 七搶一 由被搶者一家付 8 台（加上適用的莊家台）). Off, no dealer tai on it.
    pub flower_win_dealer: bool,
    /// `flower_win.flowers_on_win`: the regular 筆 of a seat that also won by its flowers in
    /// the hand counts 正花 and 花槓 (000 花牌與花胡: 第二筆的正花與花槓，看補進那張牌的當下手上有幾張花).
    /// Off, that 筆 counts neither: the flowers were paid by the flower win.
    pub flower_items_on_win: bool,
    /// `flower_win.combined`: a flower win and the same seat's regular win in the hand are paid
    /// as one amount (one 底, one 莊家台, the tai added) by each seat that pays both. Off, two 筆
    /// (000 花牌與花胡: 花胡與一般胡牌分開算兩筆).
    pub flower_win_combined: bool,
    /// `leopard_double`: when the opening dice are a 豹子 every 筆 of the hand is paid
    /// double, 底 and 台 together (issue #30: （底 + 台）算完後整筆加倍). Off (every preset): a 豹子
    /// adds only its 骰規台 where the table has it (002 骰規台).
    pub leopard_double: bool,
}

impl ScoringRules {
    /// 000 (taiwan and every preset built on it).
    pub const TAIWAN: ScoringRules = ScoringRules {
        item_notes: true,
        concealed_ankan: true,
        tai_cap: 0,
        ping_hu_alone: false,
        ping_hu_two_waits: false,
        ping_hu_no_three_alike: false,
        single_wait_extractable: false,
        fan_notes: false,
        human_win_declared: false,
        kong_bloom_flower: true,
        heaven_ready_dealer: false,
        ping_hu_wait: PingHuWait::TwoSided,
        flower_win_base: true,
        flower_win_dealer: true,
        flower_items_on_win: true,
        flower_win_combined: false,
        leopard_double: false,
    };
}

/// A value for one override, as the Python layer reads it from TOML or JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Int(i64),
    Bool(bool),
    Text(String),
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Int(i) => write!(f, "{i}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Text(s) => write!(f, "\"{s}\""),
        }
    }
}

/// A validated variant: every number the scorer and the settlement read.
// Each bool is one switch a rule text names, set by key like every other setting; grouping
// them into an enum would only hide them from the flat settings list.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    /// The preset it starts from (`taiwan`, `american`, `traditional`, `improved16`).
    pub preset: &'static str,
    /// Tai per item, indexed by [`Item`] (per set or per flower where the item counts several).
    pub tai: [u8; Item::COUNT],
    /// 底 in money (300).
    pub base_money: u32,
    /// 台 in money (100). `base_money` is a multiple of it, so 底 = `base_money / tai_money` 台.
    pub tai_money: u32,
    /// 起胡: the least tai a win needs (taiwan 0, american 3; friend mode 0/2/3/5).
    pub min_tai: u8,
    pub dice: DiceTai,
    /// The most 連莊 a dealer keeps (18).
    pub streak_cap: u8,
    /// 字一色 composites: both values added, minus this (4).
    pub honors_merge_minus: u8,
    /// 換三張 played (002 美國麻將多的三樣; american): before the first discard each seat
    /// passes three tiles of one suit. Four seats only (docs/variants.md).
    pub exchange_three: bool,
    /// 換三張 direction (american game flow; stored here so the variant is the one config).
    pub exchange: ExchangeDirection,
    /// 平胡 also on a 門清 hand (001 平胡說明 lists 門清無平胡 only as a stricter house rule).
    pub ping_hu_concealed: bool,
    /// 平胡 with flowers other than the winner's own (003 改良式: 無「本花」).
    pub ping_hu_other_flowers: bool,
    /// 莊家 1 counted on a 天胡 (003 註16: 天胡不計莊家一台).
    pub heaven_win_dealer: bool,
    /// Several seats on one tile: 攔胡 always, 攔胡 of two, or everyone wins.
    pub multi_win: MultiWin,
    pub payment: Payment,
    /// 暗槓 底 (003 hk16 槓牌: 暗槓須抽出牌面向底，即可向每家收一個底): the 底 an 暗槓's owner
    /// collects from every other seated player when it is made, whatever the hand's end
    /// (hk16 1, else 0). One 底 is `base_money` whatever the payment.
    pub ankan_fee: u8,
    /// The special shapes (瀝咕瀝咕, 十三么) the preset's text admits besides five sets and a
    /// pair, and the fan list's four (七對, 七星不靠, 全不靠, 組合龍; off in every preset): the
    /// win detector, the waits, the shanten and the scorer take them only when switched on.
    pub special: SpecialShapes,
    /// Tai of the special shapes' items, in [`Special::ALL`] order (瀝咕瀝咕, 十三么, then the
    /// fan list's 七對 24, 七星不靠 24, 全不靠 12, 組合龍 12 at their 003 values).
    pub special_tai: [u8; 6],
    /// A special shape compounds with the items judged on the whole hand (`scoring::tables::WHOLE_HAND`, the entries' `also.whole_hand`:
    /// 清一色, 字么九, 門前清, 無花 …; 003 hk16 瀝姑瀝姑 可與其他牌型複合). Off, it adds only the
    /// manner of the win and the flowers (`scoring::tables::MANNER`: 自摸, 不求人, 搶槓, 槓上開花,
    /// 海底撈月, 河底撈魚, 正花, 花槓; 003 改良式 註八 只另計自摸、不求人 leaves out 門清 only).
    pub special_compound: bool,
    /// The unit the table counts in: 台, or 番 (hk16). A name only; every number is the same.
    pub unit: &'static str,
    /// Items this preset's table does not have: never checked or listed. Setting `tai.<key>`
    /// adds one back (a house rule); the fan list's patterns are absent from every preset.
    pub absent: ItemSet,
    /// The items the preset's own table lacks (`absent` as the preset built it, before any
    /// override) and the special shapes it admits: a row drawn in over them is the fan list's
    /// (003), with its 不算 notes ([`Variant::drawn`]).
    pub table_absent: ItemSet,
    pub table_special: SpecialShapes,
    /// The 備註 as data: for each item, the items not counted beside it (the `exclude.<item>`
    /// settings). Each preset resolves its text's notes into it once ([`Variant::notes`]); the
    /// scorer reads one precomputed set per held item.
    pub exclusions: std::sync::Arc<Exclusions>,
    /// Item names as this preset's table writes them, where they differ from 000's.
    pub names: &'static [(Item, &'static str)],
    /// Seated players: 4, or 3 / 2 (004 兩人麻將、三人麻將規則). The tile set follows it:
    /// 3 drops 二萬–八萬 (116 tiles with flowers), 2 keeps only 萬子 and 字牌 (64 tiles).
    pub players: u8,
    /// The 8 flowers are in the wall (004: two-player 花牌看桌; off in `two_player`).
    pub flowers: bool,
    /// 吃 allowed (004: three-player 多數不能吃, two-player 多數可以吃).
    pub chi_allowed: bool,
    /// Every tile in play whatever `players` is (004: 也有人 144 張全部照打，只是空一個位子).
    pub full_tile_set: bool,
    /// Tiles in a waiting hand: 16 (five sets and a pair to win; the dealer is dealt 17), or
    /// 13 (004 兩人麻將: 也有人打 13 張; 13 張版是 4 組+1 對, the dealer is dealt 14). See
    /// [`Variant::missing_sets`] and [`Variant::check`].
    pub hand_size: u8,
    /// Game-flow rules (001 流局, 特殊流局, 詐胡, 抽位 and 開門, 過手).
    pub flow: Flow,
    /// How the table is read when items meet, and the scoring house rules.
    pub scoring: ScoringRules,
    /// The overrides applied to the preset, in order, as `key = value`.
    pub overrides: Vec<(String, String)>,
}

/// The 備註 as data (the `exclude.<item>` settings): for each item, the items not counted
/// beside it when it counts. A preset resolves its text's notes into it once
/// ([`Variant::notes`]); an override replaces one item's list. The fan list's notes between
/// shared rows (`fan_notes`), 字一色的複合 and the notes judged after the others (001 平胡說明
/// 貳) stay their own rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exclusions {
    /// For each item, the items it drops.
    drops: [ItemSet; Item::ALL],
    /// For 莊家 and 連莊拉莊 (indices 0 and 1), the items whose list holds it: the dealer's line
    /// items are judged after the hand, on what it counts.
    dealer: [ItemSet; 2],
}

impl Exclusions {
    /// No item drops another.
    pub const NONE: Exclusions = Exclusions {
        drops: [ItemSet::EMPTY; Item::ALL],
        dealer: [ItemSet::EMPTY; 2],
    };

    /// The items `item` drops.
    #[inline]
    pub fn of(&self, item: Item) -> ItemSet {
        self.drops[item as usize]
    }

    /// Every item's drops, indexed by item (the scorer's look-up).
    #[inline]
    pub fn all(&self) -> &[ItemSet; Item::ALL] {
        &self.drops
    }

    /// The items that drop the dealer's line item `item` (莊家 or 連莊拉莊; empty otherwise).
    #[inline]
    pub fn dropping(&self, item: Item) -> ItemSet {
        self.dealer
            .get(item as usize)
            .copied()
            .unwrap_or(ItemSet::EMPTY)
    }

    /// Sets the items `item` drops (never itself).
    pub fn set(&mut self, item: Item, drops: ItemSet) {
        let drops = drops.without(item);
        self.drops[item as usize] = drops;
        for (k, line) in [Item::Dealer, Item::DealerStreak].into_iter().enumerate() {
            self.dealer[k] = if drops.contains(line) {
                self.dealer[k].with(item)
            } else {
                self.dealer[k].without(item)
            };
        }
    }
}

/// Every item: what `exclude.<item> = "*"` drops (a fixed total: 天胡 固定 24 台), less the
/// item itself.
pub const EVERY_ITEM: ItemSet = {
    let mut out = ItemSet::EMPTY;
    let mut i = 0;
    while i < Item::ALL {
        out = out.with(WORDS[i].item);
        i += 1;
    }
    out
};

/// The preset names, default first.
pub const PRESETS: [&str; 7] = [
    "taiwan",
    "american",
    "traditional",
    "improved16",
    "hk16",
    "three_player",
    "two_player",
];

/// The words of an [`ItemSet`]: enough for every item, the special shapes' included (three,
/// where four made every set operation of the scorer a quarter longer).
const SET_WORDS: usize = Item::ALL.div_ceil(64);

/// A set of [`Item`]s, one bit each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ItemSet([u64; SET_WORDS]);

impl ItemSet {
    pub const EMPTY: ItemSet = ItemSet([0; SET_WORDS]);

    pub const fn contains(&self, item: Item) -> bool {
        let i = item as usize;
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    /// The set with `item` added. Every word is written, the bit or 0, rather than the one
    /// word indexed: a set built item by item then stays in registers (the indexed write puts
    /// it in memory, and reading the set back whole stalls on each such write).
    #[must_use]
    pub const fn with(mut self, item: Item) -> ItemSet {
        let i = item as usize;
        let mut w = 0;
        while w < SET_WORDS {
            self.0[w] |= ((i / 64 == w) as u64) << (i % 64);
            w += 1;
        }
        self
    }

    /// The set without `item` (every word written, as [`ItemSet::with`]).
    #[must_use]
    pub const fn without(mut self, item: Item) -> ItemSet {
        let i = item as usize;
        let mut w = 0;
        while w < SET_WORDS {
            self.0[w] &= !(((i / 64 == w) as u64) << (i % 64));
            w += 1;
        }
        self
    }

    /// The items of the set, in [`Item`] order, as indices.
    pub fn indices(self) -> Indices {
        Indices {
            words: self.0,
            word: 0,
        }
    }

    /// Every item judged on five sets and a pair (below [`Item::COUNT`]) not in the set.
    #[must_use]
    pub const fn complement(self) -> ItemSet {
        let mut out = ItemSet::EMPTY;
        let mut i = 0;
        while i < SET_WORDS {
            let lo = i * 64;
            let mask = if Item::COUNT >= lo + 64 {
                u64::MAX
            } else if Item::COUNT > lo {
                (1u64 << (Item::COUNT - lo)) - 1
            } else {
                0
            };
            out.0[i] = !self.0[i] & mask;
            i += 1;
        }
        out
    }

    /// The items in both.
    #[must_use]
    pub const fn intersection(self, other: ItemSet) -> ItemSet {
        let mut i = 0;
        let mut out = self;
        while i < SET_WORDS {
            out.0[i] &= other.0[i];
            i += 1;
        }
        out
    }

    /// The items of `self` not in `other`.
    #[must_use]
    pub const fn difference(self, other: ItemSet) -> ItemSet {
        let mut i = 0;
        let mut out = self;
        while i < SET_WORDS {
            out.0[i] &= !other.0[i];
            i += 1;
        }
        out
    }

    /// How many items the set holds.
    pub const fn len(self) -> u32 {
        let (mut n, mut i) = (0, 0);
        while i < SET_WORDS {
            n += self.0[i].count_ones();
            i += 1;
        }
        n
    }

    /// No item: the words or'd, not counted (the scorer asks this per item it holds).
    pub const fn is_empty(self) -> bool {
        let (mut any, mut i) = (0, 0);
        while i < SET_WORDS {
            any |= self.0[i];
            i += 1;
        }
        any == 0
    }

    /// The first item (lowest index) in one of the two sets and not the other, if they differ.
    pub const fn first_difference(self, other: ItemSet) -> Option<usize> {
        let mut i = 0;
        while i < SET_WORDS {
            let x = self.0[i] ^ other.0[i];
            if x != 0 {
                return Some(i * 64 + x.trailing_zeros() as usize);
            }
            i += 1;
        }
        None
    }

    /// The item of index `i` is in the set.
    pub const fn contains_index(&self, i: usize) -> bool {
        i < SET_WORDS * 64 && self.0[i / 64] >> (i % 64) & 1 == 1
    }

    #[must_use]
    pub const fn union(self, other: ItemSet) -> ItemSet {
        let mut i = 0;
        let mut out = self;
        while i < SET_WORDS {
            out.0[i] |= other.0[i];
            i += 1;
        }
        out
    }
}

const _: () = assert!(Item::ALL <= SET_WORDS * 64, "an ItemSet holds every item");

/// The items of an [`ItemSet`] as indices, in order ([`ItemSet::indices`]): the lowest bit
/// of the current word, cleared as it is taken (a plain loop where a `flat_map` of
/// `from_fn`s kept an inner and an outer state on the hot path of the scorer).
#[derive(Debug, Clone)]
pub struct Indices {
    words: [u64; SET_WORDS],
    word: usize,
}

impl Iterator for Indices {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while let Some(bits) = self.words.get_mut(self.word) {
            if *bits != 0 {
                let i = bits.trailing_zeros() as usize;
                *bits &= *bits - 1;
                return Some(self.word * 64 + i);
            }
            self.word += 1;
        }
        None
    }
}

const fn bits(items: &[Item]) -> ItemSet {
    let mut b = ItemSet::EMPTY;
    let mut i = 0;
    while i < items.len() {
        b = b.with(items[i]);
        i += 1;
    }
    b
}

/// The fan list's patterns: in no preset's table.
fn fan_list() -> ItemSet {
    WORDS[Item::TABLE..Item::COUNT]
        .iter()
        .fold(ItemSet::EMPTY, |s, w| s.with(w.item))
}

/// Items no 000 row has, added for 001 (three of them are 003 rows too).
const ADDED_001: &[Item] = &[
    Item::LastDiscard,
    Item::HeavenReady,
    Item::FourKongs,
    Item::DealerFirstDiscard,
];

/// Items only the 003 改良式 table has.
const ADDED_003: &[Item] = &[
    Item::TwoKongs,
    Item::ThreeKongs,
    Item::AllSimples,
    Item::DoubleRun,
    Item::ThreeColourRun,
    Item::Straight,
    Item::ThreeSameTriplets,
    Item::ThreeConsecutiveTriplets,
    Item::FourConsecutiveTriplets,
    Item::FiveConsecutiveTriplets,
    Item::MixedOutside,
    Item::PureOutside,
    Item::SmallThreeWinds,
    Item::BigThreeWinds,
    Item::Peacock,
    Item::MixedTerminals,
    Item::AllTerminals,
    Item::All258,
    Item::WindFlowerSnowMoon,
    Item::TaiwanLine,
    Item::FourIdenticalRuns,
    Item::AllGreen,
    Item::BigWheel,
    Item::MillionStones,
    Item::CleanCup,
    Item::PeachGarden,
    Item::NineGatesVariant,
    Item::NineGatesPure,
];

/// Items only the 003 hk16 番 table has.
const ADDED_HK16: &[Item] = &[
    Item::WindTriplet,
    Item::NoHonors,
    Item::NoFlowers,
    Item::Eyes258,
    Item::FakeSingle,
    Item::PingWuHonorEyes,
    Item::PingWuFlowers,
    Item::PingWuClean,
    Item::KongEach,
    Item::NoHonorsNoFlowers,
    Item::TwoConcealed,
    Item::HalfMelded,
    Item::ChickenHand,
    Item::WithinSeven,
    Item::SevenFlowers,
    Item::EightFlowers,
    Item::NineLinks,
];

/// `traditional`: This preset's own 備註 besides the shared ones: `(x, y)` = y not counted with x.
const TRADITIONAL_NOT_WITH: &[(Item, Item)] = &[
    // 001 台數表 不求: 門清加自摸, 3 in their place.
    (Item::ConcealedSelfDraw, Item::Concealed),
    (Item::ConcealedSelfDraw, Item::SelfDraw),
    // 001 特殊胡牌 四槓胡: 不得加算自摸台.
    (Item::FourKongs, Item::SelfDraw),
    // 001 台數表 小三元, 大三元: 不得重複計算三元台.
    (Item::SmallDragons, Item::Dragon),
    (Item::BigDragons, Item::Dragon),
    // 001 台數表 四暗刻: 不得重複計算三暗刻; 五暗刻: 不得重複計算其他暗刻台.
    (Item::FourConcealed, Item::ThreeConcealed),
    (Item::FiveConcealed, Item::ThreeConcealed),
    (Item::FiveConcealed, Item::FourConcealed),
    // 001 台數表 大四喜: 不重複計算風牌台(圈風及門風).
    (Item::BigWinds, Item::RoundWind),
    (Item::BigWinds, Item::SeatWind),
];

/// `improved16`: This preset's own 備註 besides the shared ones: `(x, y)` = y not counted with x.
const IMPROVED16_NOT_WITH: &[(Item, Item)] = &[
    // 003 10台 五暗刻: 不計門清.
    (Item::FiveConcealed, Item::Concealed),
    // A total 003 states binds (rules README): what the combination always holds
    // besides the items it names is not added. 12台 清老頭（必為碰碰胡，故總計16台）:
    // five triplets of 1s and 9s always make a 三同刻.
    (Item::AllTerminals, Item::ThreeSameTriplets),
    // 8台 字一色（一定為碰碰胡，故總計為12台）: honours alone are 混帶么 (註五).
    (Item::AllHonors, Item::MixedOutside),
    // 10台 全將碰（全由258的刻子組成的碰碰胡，共14台）: 2, 5, 8 only is 斷么九.
    (Item::All258, Item::AllSimples),
];

/// `improved16`: Shared 備註 this preset's text lifts: `(x, y)` = y is counted with x after all.
const IMPROVED16_LIFTED: &[(Item, Item)] = &[
    // 003 8台: 地聽 (天聽亦同) 自摸胡只另計自摸、不求人.
    (Item::Migi, Item::ConcealedSelfDraw),
    (Item::HeavenReady, Item::ConcealedSelfDraw),
    // 003 8台: 字一色一定為碰碰胡，故總計為12台.
    (Item::AllHonors, Item::AllTriplets),
];

/// `hk16`: This preset's own 備註 besides the shared ones: `(x, y)` = y not counted with x.
const HK16_NOT_WITH: &[(Item, Item)] = &[
    // 003 hk16 不求人: 門前清加自摸 (不計門前清、自摸).
    (Item::ConcealedSelfDraw, Item::Concealed),
    (Item::ConcealedSelfDraw, Item::SelfDraw),
    // 003 hk16 清么九, 五暗刻: 不計對對胡.
    (Item::AllTerminals, Item::AllTriplets),
    (Item::FiveConcealed, Item::AllTriplets),
    // 003 hk16 字么九 only with both kinds; 清么九 is its own row.
    (Item::AllTerminals, Item::MixedTerminals),
    // 003 hk16 平糊: 眼不是字牌，有花 (不計無字); 無花 (不計無字花).
    (Item::PingWuFlowers, Item::NoHonors),
    (Item::PingWuClean, Item::NoHonors),
    (Item::PingWuClean, Item::NoFlowers),
    (Item::PingWuClean, Item::NoHonorsNoFlowers),
    // 003 hk16 無字花: 在無字一番無花一番外再加一番 (the row is the three).
    (Item::NoHonorsNoFlowers, Item::NoHonors),
    (Item::NoHonorsNoFlowers, Item::NoFlowers),
];

impl Variant {
    /// 鬥雀 台灣麻將 16 張 (000): the tai table as printed, no 起胡, no dice.
    pub fn taiwan() -> Variant {
        let mut tai = [0u8; Item::COUNT];
        for w in &WORDS[..Item::COUNT] {
            tai[w.item as usize] = w.tai;
        }
        Variant {
            preset: "taiwan",
            tai,
            base_money: 300,
            tai_money: 100,
            min_tai: 0,
            dice: DiceTai {
                leopard: 5,
                all_red: 3,
                straight: 2,
                all_black: 1,
            },
            streak_cap: 18,
            honors_merge_minus: 4,
            exchange_three: false,
            exchange: ExchangeDirection::Dice,
            ping_hu_concealed: false,
            multi_win: MultiWin::NearestOfTwo,
            payment: Payment::Base,
            ankan_fee: 0,
            ping_hu_other_flowers: false,
            heaven_win_dealer: true,
            special: SpecialShapes::NONE,
            // A shape switched on by its setting alone scores its row's value: the fan list's
            // (十三么 88, 七對 24, 七星不靠 24, 全不靠 12, 組合龍 12), and 瀝咕瀝咕, which the fan
            // list has no row for, 003 改良式's 8台 (the 台 table that has it).
            special_tai: [8, 88, 24, 24, 12, 12],
            special_compound: false,
            unit: "台",
            // 000 不採用的項目: 骰子加台 (002 adds 骰規台: american).
            absent: bits(ADDED_001)
                .union(bits(ADDED_003))
                .union(bits(ADDED_HK16))
                .union(fan_list())
                .with(Item::Dice),
            table_absent: ItemSet::EMPTY,
            table_special: SpecialShapes::NONE,
            exclusions: std::sync::Arc::new(Exclusions::NONE),
            names: &[],
            players: 4,
            flowers: true,
            chi_allowed: true,
            full_tile_set: false,
            hand_size: 16,
            flow: Flow::TAIWAN,
            scoring: ScoringRules::TAIWAN,
            overrides: Vec::new(),
        }
        .notes(&[], &[], &[])
        .into_table()
    }

    /// The items not counted beside `item` when it counts (`exclude.<item>`).
    pub fn excludes(&self, item: Item) -> ItemSet {
        self.exclusions.of(item)
    }

    /// Records the variant as its preset's own table ([`Variant::table_absent`]).
    fn into_table(mut self) -> Variant {
        self.table_absent = self.absent;
        self.table_special = self.special;
        self
    }

    /// `item` was drawn in from the library: the variant counts it and the preset's own table
    /// does not have it (a `tai.<key>` on an absent item, a special shape switched on where the
    /// preset has it off).
    pub fn drawn(&self, item: Item) -> bool {
        match item.special() {
            Some(s) => self.allows(s) && !self.table_special.allows(s),
            None => self.has(item) && self.table_absent.contains(item),
        }
    }

    /// 004 兩人麻將、三人麻將規則, 三人麻將: 二萬–八萬 out (116 tiles), the 北 seat empty,
    /// 多數不能吃; 台數 照四人的台數表 (the taiwan table, 000).
    pub fn three_player() -> Variant {
        Variant {
            preset: "three_player",
            players: 3,
            chi_allowed: false,
            flow: Flow::FEW_PLAYERS,
            ..Variant::taiwan()
        }
    }

    /// 004 兩人麻將、三人麻將規則, 兩人麻將: 萬子 + 字牌 only (64 tiles), 花牌看桌 (off here),
    /// 面對面坐，不分圈風門風 (圈風, 門風 and 正花 are not in the table), 多數可以吃;
    /// 台數 照四人的台數表 (the taiwan table, 000).
    pub fn two_player() -> Variant {
        Variant {
            preset: "two_player",
            players: 2,
            flowers: false,
            chi_allowed: true,
            flow: Flow::FEW_PLAYERS,
            absent: Variant::taiwan().absent.union(bits(&[
                Item::RoundWind,
                Item::SeatWind,
                Item::SeatFlower,
            ])),
            ..Variant::taiwan()
        }
        .into_table()
    }

    /// A 連莊 count this variant scores: at most its `streak_cap` (000 連莊最多 18 次), else a
    /// context error at `field` (the caller's name for it: `context.streak`, `streak`).
    pub fn check_streak(&self, field: &str, streak: u8) -> Result<()> {
        if streak > self.streak_cap {
            return Err(Error::context(
                field,
                format!("連莊 {streak} is over the cap of {}", self.streak_cap),
            )
            .coded(
                Code::StreakOverCap,
                &[("streak", &streak), ("cap", &self.streak_cap)],
            ));
        }
        Ok(())
    }

    /// Seats played: `players`, held to the table's 2–4 (the setting's own range; a
    /// hand-built `Variant` outside it still plays a table that exists). 004 兩人麻將、三人麻將規則:
    /// seats `0..seats()` are seated.
    #[must_use]
    pub const fn seats(&self) -> u8 {
        if self.players < 2 {
            2
        } else if self.players > crate::vocab::SEATS {
            crate::vocab::SEATS
        } else {
            self.players
        }
    }

    /// The tile is in this variant's set (004: three-player drops 二萬–八萬, two-player keeps
    /// 萬子 and 字牌 only; with `full_tile_set` every tile is, the empty seats left empty).
    pub fn in_play(&self, t: crate::tile::Tile) -> bool {
        if self.all_in_play() {
            return true;
        }
        let man = t.index() < 9;
        match self.players {
            3 => !(man && (2..=8).contains(&t.number())),
            2 => man || t.is_honor(),
            _ => true,
        }
    }

    /// The tile kinds in this variant's set, in index order (004: three players drop
    /// 二萬–八萬, two players keep 萬子 and 字牌; every kind with `full_tile_set`).
    pub fn tiles_in_play(&self) -> impl Iterator<Item = crate::tile::Tile> + '_ {
        crate::tile::Tile::all().filter(|&t| self.in_play(t))
    }

    /// Every tile is in this variant's set (four players, or `full_tile_set`): the analysis
    /// then skips its in-play checks, which its hot paths would otherwise pay for.
    pub const fn all_in_play(&self) -> bool {
        self.full_tile_set || !matches!(self.players, 2 | 3)
    }

    /// True when this variant reads a hand's waits from its counts alone: every tile in play
    /// and no special shape (the default rules).
    pub const fn counts_alone(&self) -> bool {
        self.all_in_play() && !self.special.any()
    }

    /// Sets a 16-tile hand has that a hand of this variant lacks: 0, or 1 when `hand_size` is
    /// 13 (004 13 張版: 4 組+1 對 against 5 組+1 對). The analysis counts a 13-tile hand as a
    /// 16-tile one with that set already made and empty ([`crate::Hand::meld_count`]).
    pub const fn missing_sets(&self) -> usize {
        if self.hand_size == 13 {
            1
        } else {
            0
        }
    }

    /// An error when `hand` was validated for another hand size than this variant's (a
    /// 13-tile hand read as a 16-tile one, or the other way round).
    pub fn check_hand_size(&self, hand: &crate::hand::Hand) -> Result<()> {
        if hand.size == self.hand_size {
            Ok(())
        } else {
            Err(Error::hand(format!(
                "the hand was read as a {}-tile hand, but {} plays {} tiles (hand_size)",
                hand.size, self.preset, self.hand_size
            ))
            .coded(
                Code::HandSizeMismatch,
                &[("n", &hand.size), ("want", &self.hand_size)],
            ))
        }
    }

    /// A hand read under this variant ([`crate::Hand::new`]): its `hand_size`, and only tiles
    /// its set holds (004: three players play without 二萬–八萬), as every analysis and the
    /// scorer read a hand.
    pub fn hand(
        &self,
        tiles: crate::notation::Tiles,
        melds: Vec<crate::hand::Meld>,
        form: crate::hand::Form,
    ) -> Result<crate::hand::Hand> {
        let h = crate::hand::Hand::new(tiles, melds, form, self.hand_size)?;
        self.check_in_play(&h.own_counts())?;
        self.check_melds(&h.melds)?;
        Ok(h)
    }

    /// Melds this variant can hold: where it forbids 吃 (004 三人麻將 多數不能吃;
    /// `chi_allowed`), no hand holds one, for its waits and analysis as for its score (the
    /// rules README: a preset's own switches bind scoring as well as play).
    pub fn check_melds(&self, melds: &[crate::hand::Meld]) -> Result<()> {
        if self.chi_allowed {
            return Ok(());
        }
        match melds
            .iter()
            .position(|m| m.kind == crate::hand::MeldKind::Chi)
        {
            None => Ok(()),
            Some(i) => Err(Error::hand(format!(
                "a 吃, but {} plays without 吃 (chi_allowed = false; 004 三人麻將 多數不能吃)",
                self.preset
            ))
            .coded(Code::NoChi, &[("preset", &self.preset)])
            .at(format!("melds[{i}].kind"))),
        }
    }

    /// An error naming the first tile of `counts` this variant's set does not hold (004:
    /// three players play without 二萬–八萬, two players with 萬子 and 字牌 only).
    pub fn check_in_play(&self, counts: &crate::tile::Counts) -> Result<()> {
        if self.all_in_play() {
            return Ok(());
        }
        let out = (0..crate::tile::KINDS)
            .filter(|&i| counts[i] > 0)
            .filter_map(crate::tile::Tile::new)
            .find(|&t| !self.in_play(t));
        match out {
            None => Ok(()),
            Some(t) => Err(self.not_in_play(t, None)),
        }
    }

    /// The error refusing `t` (written at `position`, when known): it is not in this
    /// variant's set (004 三人麻將 拿掉二萬到八萬; 兩人麻將 只用萬子與字牌).
    fn not_in_play(&self, t: crate::tile::Tile, position: Option<usize>) -> Error {
        let why = if self.players == 3 {
            "三人不用二萬到八萬"
        } else {
            "兩人只用萬子和字牌"
        };
        let message = self.out_of_play(t);
        match position {
            Some(p) => Error::hand_at(message, p),
            None => Error::hand(message),
        }
        .coded(Code::TileNotInPlay, &[("tile", &t.name()), ("why", &why)])
    }

    /// Why `t` is refused: it is not in this variant's set.
    fn out_of_play(&self, t: crate::tile::Tile) -> String {
        format!(
            "{} is not in play under {} ({} players: {})",
            t.code(),
            self.preset,
            self.players,
            if self.players == 3 {
                "二萬–八萬 are out"
            } else {
                "only 萬子 and 字牌 are in"
            }
        )
    }

    /// Tiles read from notation under this variant: [`crate::notation::parse`], and the first
    /// tile written that the variant's set lacks refused at its character position.
    pub fn parse(&self, text: &str) -> Result<crate::notation::Tiles> {
        let tiles = crate::notation::parse(text)?;
        if self.check_in_play(&tiles.counts).is_ok() {
            return Ok(tiles);
        }
        let at = crate::notation::symbols(text)?
            .into_iter()
            .find_map(|s| match s {
                crate::notation::Symbol::Tile(t, pos) if !self.in_play(t) => Some((t, pos)),
                _ => None,
            });
        match at {
            Some((t, pos)) => Err(self.not_in_play(t, Some(pos))),
            None => self.check_in_play(&tiles.counts).map(|()| tiles),
        }
    }

    /// 鬥雀 美國麻將 16 張 (002) = taiwan + 骰規台 + 起胡 3 (+ 換三張 in the game flow).
    pub fn american() -> Variant {
        Variant {
            preset: "american",
            min_tai: 3,
            exchange_three: true,
            absent: Variant::taiwan().absent.without(Item::Dice),
            ..Variant::taiwan()
        }
        .into_table()
    }

    /// Wikibooks 臺灣麻將 (001): its 台數表, where a row differs from 000 or 000 has none; where
    /// 001 is silent on an exclusion the 000 備註 is kept (docs/variants.md).
    pub fn traditional() -> Variant {
        let mut v = Variant {
            preset: "traditional",
            // 001 平胡說明: 門清無平胡 is one of the stricter house rules, not the 口訣.
            ping_hu_concealed: true,
            // 001 胡牌: 一家放槍只能一家胡牌, no 一炮雙響 or 三響.
            multi_win: MultiWin::Nearest,
            // 001 台數表 has no 嗆聽, no 人胡, no 骰規台; its 地胡 is another pattern.
            absent: bits(ADDED_003)
                .union(bits(ADDED_HK16))
                .union(fan_list())
                .union(bits(&[
                    Item::DeclaredReady,
                    Item::HumanWin,
                    Item::EarthWin,
                    Item::Dice,
                ])),
            // 001's own notes are its exclusions, 000's do not carry over (rules README): 001
            // writes none on 地聽, 天聽, 天胡, 地胡, so they add what holds besides (門清 …);
            // 小四喜 得加計風牌台 and 字一色說明 並可複合碰碰胡、大小三元四喜、其他正字箭牌 are
            // then what the table does anyway.
            scoring: ScoringRules {
                item_notes: false,
                // 001 台數表 門清: 沒有吃沒有碰沒有槓.
                concealed_ankan: false,
                // 001 台數表 天聽: 在莊家取完牌後，打出第一張牌時即聽牌.
                heaven_ready_dealer: true,
                ..ScoringRules::TAIWAN
            },
            // 001 台數表's row names.
            names: &[
                (Item::RoundWind, "圈風牌"),
                (Item::SeatWind, "門風牌"),
                (Item::Migi, "地聽(咪機)"),
                (Item::ConcealedSelfDraw, "不求"),
                (Item::EightImmortals, "八朵花"),
            ],
            honors_merge_minus: 0,
            // 001 流局, 特殊流局, 詐胡, 起莊、發牌, 過水/過手 (docs/variants.md).
            flow: Flow::TRADITIONAL,
            ..Variant::taiwan()
        };
        for (item, tai) in [
            (Item::HeavenWin, 32),
            (Item::AllMelded, 2),
            (Item::FlowerKong, 2),
            (Item::ConcealedSelfDraw, 3),
            (Item::LastDiscard, 1),
            (Item::HeavenReady, 16),
            (Item::FourKongs, 8),
            (Item::DealerFirstDiscard, 16),
        ] {
            v.tai[item as usize] = tai;
        }
        v.notes(TRADITIONAL_NOT_WITH, &[], &[]).into_table()
    }

    /// 改良式十六張 (003, its second part): its tai table with 註一–註17, 起胡 1, no 攔胡,
    /// 中庸全統制. Where 003 is silent on an exclusion the 000 備註 is kept (docs/variants.md).
    pub fn improved16() -> Variant {
        let mut v = Variant {
            preset: "improved16",
            // 003: 原則上以一台以上起胡.
            min_tai: 1,
            // 003 平胡: 無字無刻無「本花」聽兩面榮胡即可.
            ping_hu_concealed: true,
            ping_hu_other_flowers: true,
            // 003 註16: 天胡不計莊家一台，連莊得加上連拉台.
            heaven_win_dealer: false,
            // 003: 無攔胡，放槍幾家付幾家.
            multi_win: MultiWin::All,
            payment: Payment::Zhongyong,
            // 003 8台 瀝咕瀝咕 (註八), 16台 十三么 (註13, with its 搶暗槓).
            special: SpecialShapes {
                lig_gu: true,
                thirteen_orphans: true,
                ask_ankan: true,
                // 註13: 有一搭（三張或雀眼）可隨意吃碰不限定任何牌.
                orphans_pung_set: true,
                ..SpecialShapes::NONE
            },
            special_tai: [8, 16, 24, 24, 12, 12],
            // 003 has no 嗆聽, no 骰規台, not 001's 地胡.
            absent: bits(&[Item::DeclaredReady, Item::Dice, Item::DealerFirstDiscard])
                .union(bits(ADDED_HK16))
                .union(fan_list()),
            scoring: ScoringRules {
                // 003 16台 人胡: 必為天聽，在各家未吃碰下八張牌內有人放槍.
                human_win_declared: true,
                ..ScoringRules::TAIWAN
            },
            names: &[
                (Item::RoundWind, "圈風刻"),
                (Item::SeatWind, "門風刻"),
                (Item::Dragon, "三元牌刻"),
                (Item::SeatFlower, "本花"),
                (Item::AllMelded, "全求人"),
                (Item::ConcealedSelfDraw, "不求人"),
                (Item::Migi, "地聽"),
                (Item::FourKongs, "四槓胡"),
            ],
            honors_merge_minus: 0,
            // 003 四槓胡: 自摸第四槓三家各付六台 (docs/variants.md).
            flow: Flow::IMPROVED16,
            ..Variant::taiwan()
        };
        for (item, tai) in [
            (Item::FlowerKong, 2),
            (Item::AllMelded, 2),
            (Item::FiveConcealed, 10),
            (Item::HumanWin, 16),
            (Item::AllHonors, 8),
            (Item::LastDiscard, 1),
            (Item::HeavenReady, 12),
            (Item::FourKongs, 6),
            (Item::TwoKongs, 1),
            (Item::ThreeKongs, 3),
            (Item::AllSimples, 1),
            (Item::DoubleRun, 1),
            (Item::ThreeColourRun, 2),
            (Item::Straight, 2),
            (Item::ThreeSameTriplets, 2),
            (Item::ThreeConsecutiveTriplets, 2),
            (Item::FourConsecutiveTriplets, 5),
            (Item::FiveConsecutiveTriplets, 8),
            (Item::MixedOutside, 3),
            (Item::PureOutside, 4),
            (Item::SmallThreeWinds, 3),
            (Item::BigThreeWinds, 6),
            (Item::Peacock, 4),
            (Item::MixedTerminals, 4),
            (Item::AllTerminals, 12),
            (Item::All258, 10),
            (Item::WindFlowerSnowMoon, 8),
            (Item::TaiwanLine, 12),
            (Item::FourIdenticalRuns, 12),
            (Item::AllGreen, 16),
            (Item::BigWheel, 16),
            (Item::MillionStones, 16),
            (Item::CleanCup, 16),
            (Item::PeachGarden, 16),
            (Item::NineGatesVariant, 16),
            (Item::NineGatesPure, 24),
        ] {
            v.tai[item as usize] = tai;
        }
        // 003 四槓胡: 除莊連拉外不另計手牌台數.
        v.notes(IMPROVED16_NOT_WITH, IMPROVED16_LIFTED, &[Item::FourKongs])
            .into_table()
    }

    /// The Hong Kong / Macau 番 table for 16-tile play (003, its first part), scored in 番:
    /// the rows it shares with the other tables at its own values, its own rows, and its notes.
    /// Where it is silent on an exclusion the 000 備註 is kept (docs/variants.md).
    pub fn hk16() -> Variant {
        // The rows of the hk16 table; everything else is absent.
        let rows: &[(Item, u8)] = &[
            (Item::Dealer, 1),
            (Item::SelfDraw, 1),
            (Item::WindTriplet, 1),
            // 風牌: 合風或位各加一番.
            (Item::RoundWind, 1),
            (Item::SeatWind, 1),
            (Item::NoHonors, 1),
            (Item::NoFlowers, 1),
            (Item::SeatFlower, 1),
            (Item::Eyes258, 1),
            (Item::FakeSingle, 1),
            (Item::RobbingKong, 1),
            (Item::PingWuHonorEyes, 1),
            (Item::PingWuFlowers, 3),
            (Item::PingWuClean, 8),
            (Item::KongEach, 1),
            (Item::KongBloom, 1),
            (Item::LastTile, 1),
            (Item::Dragon, 2),
            (Item::SingleWait, 2),
            (Item::DealerStreak, 2),
            (Item::NoHonorsNoFlowers, 3),
            (Item::FlowerKong, 3),
            (Item::Concealed, 3),
            (Item::TwoConcealed, 3),
            (Item::ConcealedSelfDraw, 5),
            (Item::ThreeConcealed, 8),
            (Item::HalfMelded, 8),
            (Item::ChickenHand, 10),
            (Item::SmallThreeWinds, 10),
            (Item::AllMelded, 15),
            (Item::FourConcealed, 15),
            (Item::WithinSeven, 20),
            (Item::HalfFlush, 20),
            (Item::SevenFlowers, 20),
            (Item::AllTriplets, 20),
            (Item::Migi, 20),
            (Item::BigThreeWinds, 20),
            (Item::SmallDragons, 25),
            (Item::EightFlowers, 40),
            (Item::HeavenReady, 40),
            (Item::BigDragons, 50),
            (Item::SmallWinds, 60),
            (Item::MixedTerminals, 60),
            (Item::FullFlush, 60),
            (Item::FourKongs, 60),
            (Item::HeavenWin, 80),
            (Item::DealerFirstDiscard, 80),
            (Item::AllTerminals, 80),
            (Item::AllHonors, 80),
            (Item::BigWinds, 80),
            (Item::FiveConcealed, 80),
            (Item::NineLinks, 80),
        ];
        let mut absent = ItemSet::EMPTY;
        for w in &WORDS[..Item::COUNT] {
            absent = absent.with(w.item);
        }
        let mut v = Variant {
            preset: "hk16",
            unit: "番",
            // 平糊 is hk16's own three rows; taiwan's reading is not in its table.
            // 003 hk16 莊家: 胡或放槍都算多一番 (dealer pair, as 000); 天地胡 counts 莊家 (silent).
            multi_win: MultiWin::NearestOfTwo,
            // 003 hk16 瀝姑瀝姑 30 (可與其他牌型複合), 十三么 80 (可複合字么九).
            special: SpecialShapes {
                lig_gu: true,
                thirteen_orphans: true,
                // 003 註13's 搶暗槓 is the 改良式 table's note, not hk16's.
                ask_ankan: false,
                // 003 hk16 十三么: 多其中一隻做眼，加一暗簡或一順子.
                orphans_pung_set: false,
                ..SpecialShapes::NONE
            },
            special_tai: [30, 80, 24, 24, 12, 12],
            special_compound: true,
            absent,
            // Only the notes written in hk16's own table exclude (rules README), so 字一色 adds
            // 對對胡 (可計風牌及中發白), 大三元 adds 中發白, 大四喜 the wind rows, 天地胡 and 地聽
            // 門前清; 003 註六 (小三風, 大三風 不計風台) is the 改良式 table's note, not hk16's.
            scoring: ScoringRules {
                item_notes: false,
                // 003 hk16 門前清: 即沒碰上槓過而胡.
                concealed_ankan: false,
                // 003 hk16 槓上花: after a 槓 (a flower's replacement is 自摸 only).
                kong_bloom_flower: false,
                // 003 hk16 天聽: 莊家配牌，打第一隻後就叫胡.
                heaven_ready_dealer: true,
                ..ScoringRules::TAIWAN
            },
            names: &[
                (Item::SeatFlower, "位花"),
                (Item::RoundWind, "合風"),
                (Item::SeatWind, "位"),
                (Item::Dragon, "中發白"),
                (Item::KongBloom, "槓上花"),
                (Item::SingleWait, "獨獨"),
                (Item::DealerStreak, "連莊"),
                (Item::FlowerKong, "同組花"),
                (Item::Concealed, "門前清"),
                (Item::ConcealedSelfDraw, "不求人"),
                (Item::AllMelded, "全求人"),
                (Item::AllTriplets, "對對胡"),
                (Item::Migi, "地聽"),
                (Item::MixedTerminals, "字么九"),
                (Item::FourKongs, "四槓牌"),
                (Item::HeavenWin, "天地胡"),
                (Item::DealerFirstDiscard, "天地胡"),
                (Item::AllTerminals, "清么九"),
                (Item::LigGu, "瀝姑瀝姑"),
            ],
            honors_merge_minus: 0,
            // 003 hk16 槓牌: 暗槓…即可向每家收一個底.
            ankan_fee: 1,
            // 003 hk16 地聽: 閒家配牌後立即聽牌.
            flow: Flow {
                migi_first_discard: true,
                ..Flow::TAIWAN
            },
            ..Variant::taiwan()
        };
        for &(item, tai) in rows {
            v.absent = v.absent.without(item);
            v.tai[item as usize] = tai;
        }
        v.notes(HK16_NOT_WITH, &[], &[]).into_table()
    }

    /// The variant a regular 筆 is scored under when `flower_win.flowers_on_win` is off and its
    /// winner also won by its flowers (issue #30: no 正花/花槓 counted on the hand's later win):
    /// 正花 and 花槓 at 0 tai. The copy has the switch back on, so it is applied once. `None`
    /// when the switch is on (000 花牌與花胡: 第二筆的正花與花槓 count).
    pub fn without_flower_items(&self) -> Option<Variant> {
        if self.scoring.flower_items_on_win {
            return None;
        }
        let mut v = self.clone();
        v.tai[Item::SeatFlower as usize] = 0;
        v.tai[Item::FlowerKong as usize] = 0;
        v.scoring.flower_items_on_win = true;
        Some(v)
    }

    /// The item is in this variant's table.
    pub fn has(&self, item: Item) -> bool {
        !self.absent.contains(item)
    }

    /// The item's name in this variant's table.
    pub fn name_of(&self, item: Item) -> &'static str {
        self.names
            .iter()
            .find(|(i, _)| *i == item)
            .map_or(item.name(), |(_, n)| n)
    }

    /// The preset called `name`.
    pub fn preset(name: &str) -> Result<Variant> {
        match name {
            "taiwan" => Ok(Variant::taiwan()),
            "american" => Ok(Variant::american()),
            "traditional" => Ok(Variant::traditional()),
            "improved16" => Ok(Variant::improved16()),
            "hk16" => Ok(Variant::hk16()),
            "three_player" => Ok(Variant::three_player()),
            "two_player" => Ok(Variant::two_player()),
            _ => Err(Error::variant(
                "preset",
                format!("unknown preset '{name}' (expected {})", PRESETS.join(", ")),
            )
            .coded(
                Code::UnknownPreset,
                &[("name", &name), ("expected", &PRESETS.join("、"))],
            )),
        }
    }

    /// The tai of `item` in this variant.
    pub fn tai_of(&self, item: Item) -> u8 {
        match item.special() {
            Some(s) => self.special_tai[s as usize],
            None => self.tai[item as usize],
        }
    }

    /// The special shape `s` is admitted by this variant.
    pub fn allows(&self, s: Special) -> bool {
        self.special.allows(s)
    }

    /// 底 in tai: `base_money / tai_money` (3 by default).
    pub fn base_tai(&self) -> u32 {
        self.base_money / self.tai_money
    }
}

impl Default for Variant {
    fn default() -> Self {
        Variant::taiwan()
    }
}

/// The default rules (000, [`Variant::taiwan`]) built once: what a caller with no variant of
/// its own passes (`&TAIWAN`) without building one per call on a hot path.
pub static TAIWAN: std::sync::LazyLock<Variant> = std::sync::LazyLock::new(Variant::taiwan);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_out_of_play_is_refused_where_it_is_written() {
        // 004 三人麻將 拿掉二萬到八萬; 兩人 只用萬子+字牌. The first such tile in the text, at its
        // character (東 is one character), whatever the kind order.
        let three = Variant::three_player();
        let e = three.parse("東1m 99m 6m 5m").unwrap_err();
        assert_eq!((e.code(), e.position()), ("tile_not_in_play", Some(8)));
        assert!(e
            .to_string()
            .starts_with("6m is not in play under three_player"));
        let e = Variant::two_player().parse("一萬 五筒").unwrap_err();
        assert_eq!(e.position(), Some(3));
        assert!(e.at("hand").field().is_some_and(|f| f == "hand"));
        assert_eq!(three.parse("19m 1p").unwrap().len(), 3);
        assert_eq!(Variant::taiwan().parse("5m").unwrap().len(), 1);
        // Notation errors stay tile errors.
        assert_eq!(three.parse("5x").unwrap_err().kind(), "tile_error");
    }

    #[test]
    fn dice_shapes_count_as_the_text_says() {
        // 002 骰規台: 豹子 6, 全紅 6, 順子 24, 全黑 60 of 216; 120 without.
        let mut n = [0u32; 5];
        for a in 1..=6 {
            for b in 1..=6 {
                for c in 1..=6 {
                    let i = match DiceShape::of([a, b, c]) {
                        Some(DiceShape::Leopard) => 0,
                        Some(DiceShape::AllRed) => 1,
                        Some(DiceShape::Straight) => 2,
                        Some(DiceShape::AllBlack) => 3,
                        None => 4,
                    };
                    n[i] += 1;
                }
            }
        }
        assert_eq!(n, [6, 6, 24, 60, 120]);
        // 002 範例五: 2、3、6 is 全黑.
        assert_eq!(DiceShape::of([2, 3, 6]), Some(DiceShape::AllBlack));
        assert_eq!(DiceShape::of([4, 4, 4]), Some(DiceShape::Leopard));
        assert_eq!(DiceShape::of([1, 4, 4]), Some(DiceShape::AllRed));
    }

    #[test]
    fn presets_and_overrides() {
        let a = Variant::american();
        assert_eq!((a.min_tai, a.has(Item::Dice)), (3, true));
        assert!(!Variant::taiwan().has(Item::Dice));
        assert_eq!(Variant::taiwan().min_tai, 0);
        assert_eq!(a.dice.value(DiceShape::Leopard), 5);
        assert!(Variant::preset("hk99").is_err());
        let v = a.with_overrides(&[("min_tai", Value::Int(5)), ("tai.ping_hu", Value::Int(3))]);
        let v = v.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((v.min_tai, v.tai_of(Item::PingHu)), (5, 3));
        assert_eq!(v.overrides.len(), 2);
        let e = a
            .with_overrides(&[("tai.nope", Value::Int(1))])
            .err()
            .map(|e| e.to_string());
        assert!(e.is_some_and(|m| m.starts_with("variant setting 'tai.nope': unknown key")));
        let e = a
            .with_overrides(&[("min_tai", Value::Int(-1))])
            .err()
            .map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some("variant setting 'min_tai': -1 is out of range (expected 0 to 100)")
        );
        assert!(a
            .with_overrides(&[("dice_enabled", Value::Int(1))])
            .is_err());
        assert!(a
            .with_overrides(&[("base_money", Value::Int(250))])
            .is_err());
        assert!(a
            .with_overrides(&[("exchange_direction", Value::Text("up".into()))])
            .is_err());
        assert!(a.with_overrides(&[("tai.dice", Value::Int(1))]).is_err());
    }

    #[test]
    fn settings_round_trip() {
        // Every listed setting is accepted back by `set`, and reproduces the preset.
        let a = Variant::american();
        let pairs = a.settings();
        let present = WORDS[..Item::COUNT]
            .iter()
            .filter(|w| a.has(w.item))
            .count();
        // The registry's settings, `tai.<key>` for each item the table has but 骰規台, and
        // `exclude.<key>` for each.
        assert_eq!(pairs.len(), Variant::KEYS.len() + 2 * present - 1);
        let mut b = Variant::taiwan();
        for (k, v) in &pairs {
            b.set(k, v).unwrap_or_else(|e| panic!("{e}"));
        }
        assert_eq!(
            (b.tai, b.min_tai, b.has(Item::Dice), b.dice),
            (a.tai, a.min_tai, a.has(Item::Dice), a.dice)
        );
        // The exclusions of every item the table has come back too (american's are taiwan's).
        let mut t = Variant::traditional();
        for (k, v) in &pairs {
            t.set(k, v).unwrap_or_else(|e| panic!("{e}"));
        }
        for w in WORDS.iter().filter(|w| a.has(w.item)) {
            assert_eq!(t.excludes(w.item), a.excludes(w.item), "{}", w.key);
        }
    }
}
