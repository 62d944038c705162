//! The settings that choose among a few named ways (骰規台's shapes, 換三張's direction, 一炮多響,
//! the payment, the wall kept back, the deal, 過水's release, 平胡's wait): each enum with its
//! setting's words.

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
