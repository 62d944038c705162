//! The special shapes' vocabulary (非五搭一眼的胡牌): which shapes there are, the switches a
//! variant admits them with, and the kinds they are made of (十三么's orphans, the knittings of
//! 全不靠 and 組合龍). Their detection is analysis ([`crate::special`]).

use crate::hand::{Meld, MeldKind};

/// A special winning shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Special {
    /// 瀝咕瀝咕 (003 註八: 八對半, 門清的七個對子加一個刻子): 17 concealed tiles, no meld, as
    /// seven pairs and one triplet; four of a kind count as two pairs (003 港澳 瀝姑瀝姑:
    /// 四隻相同的牌可當兩對，但不能槓).
    LigGu,
    /// 十三么 (003 註13: 19萬筒索 and 東南西北中發白 each once, one of them paired), in the
    /// 16-tile form: those 14 tiles plus one more set, which 003 lets be anything and claimed
    /// (有一搭可隨意吃碰不限定任何牌): a concealed run or triplet, or one meld.
    ThirteenOrphans,
    /// 七對 (003 fan list 七對 24: 胡牌牌面由七個對子組成), in the 16-tile form: seven pairs
    /// plus one more set, a concealed run or triplet or one meld; four of a kind count as two
    /// pairs (as 瀝咕瀝咕). Seven pairs and a concealed triplet are also 瀝咕瀝咕: with both
    /// admitted the scorer takes the better.
    SevenPairs,
    /// 七星不靠 (003 fan list 七星不靠 24): 東南西北中發白 once each and seven of the knitted
    /// 147/258/369 (each triple in its own suit) once each, no pair, plus one more set.
    GreaterHonorsKnitted,
    /// 全不靠 (003 fan list 全不靠 12): 14 distinct tiles from the knitted 147/258/369 (each
    /// triple in its own suit, 不能錯位) and the seven honours, no pair, plus one more set.
    LesserHonorsKnitted,
    /// 組合龍 (003 fan list 組合龍 12): the nine knitted tiles 147, 258, 369, each triple in its
    /// own suit (不能錯位), plus two sets and a pair (17 tiles; melds only among the sets).
    KnittedStraight,
}

impl Special {
    pub const ALL: [Special; 6] = [
        Special::LigGu,
        Special::ThirteenOrphans,
        Special::SevenPairs,
        Special::GreaterHonorsKnitted,
        Special::LesserHonorsKnitted,
        Special::KnittedStraight,
    ];

    /// The stable key (also the setting `special_shapes.<key>` and the item `tai.<key>`).
    pub const fn key(self) -> &'static str {
        match self {
            Special::LigGu => "lig_gu",
            Special::ThirteenOrphans => "thirteen_orphans",
            Special::SevenPairs => "fan_seven_pairs",
            Special::GreaterHonorsKnitted => "fan_seven_stars",
            Special::LesserHonorsKnitted => "fan_all_knitted",
            Special::KnittedStraight => "fan_knitted_straight",
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Special::LigGu => "瀝咕瀝咕",
            Special::ThirteenOrphans => "十三么",
            Special::SevenPairs => "七對",
            Special::GreaterHonorsKnitted => "七星不靠",
            Special::LesserHonorsKnitted => "全不靠",
            Special::KnittedStraight => "組合龍",
        }
    }
}

/// Which special shapes a variant admits (settings `special_shapes.<key>`, one per
/// [`Special::ALL`]; the fan list's four are off in every preset).
// Each bool is one switch a rule text names (see `Variant`'s note on its own bools).
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SpecialShapes {
    pub lig_gu: bool,
    pub thirteen_orphans: bool,
    /// 003 註13 特殊規定 (with `thirteen_orphans`): a player ready for 十三么 on the one kind
    /// they lack may rob another player's 暗槓 of that kind (搶暗槓, with 搶槓's tai). The
    /// game offers that 胡 at once instead of a spoken ask (docs/variants.md).
    pub ask_ankan: bool,
    /// 十三么's extra set may be a 碰 or a 槓 (003 改良式 註13: 有一搭可隨意吃碰); off, it is a
    /// concealed triplet or a run, a 吃 included (003 hk16 十三么: 加一暗簡或一順子).
    pub orphans_pung_set: bool,
    /// 七對 (003 fan list; `special_shapes.fan_seven_pairs`).
    pub seven_pairs: bool,
    /// 七星不靠 (003 fan list; `special_shapes.fan_seven_stars`).
    pub seven_stars: bool,
    /// 全不靠 (003 fan list; `special_shapes.fan_all_knitted`).
    pub all_knitted: bool,
    /// 組合龍 (003 fan list; `special_shapes.fan_knitted_straight`).
    pub knitted_straight: bool,
}

impl SpecialShapes {
    /// None: the regular five sets and a pair only (taiwan, american, traditional).
    pub const NONE: SpecialShapes = SpecialShapes {
        lig_gu: false,
        thirteen_orphans: false,
        ask_ankan: false,
        orphans_pung_set: true,
        seven_pairs: false,
        seven_stars: false,
        all_knitted: false,
        knitted_straight: false,
    };

    /// The shapes still open beside `melds`: 十三么 goes when its extra set may not be a 碰 or
    /// a 槓 and one of the melds is.
    #[must_use]
    pub fn beside(self, melds: &[Meld]) -> SpecialShapes {
        if !self.orphans_pung_set && melds.iter().any(|m| m.kind != MeldKind::Chi) {
            SpecialShapes {
                thirteen_orphans: false,
                ..self
            }
        } else {
            self
        }
    }

    /// A 十三么 may rob an 暗槓 (003 註13): the shape and its special rule both on.
    pub const fn robs_ankan(self) -> bool {
        self.thirteen_orphans && self.ask_ankan
    }

    pub const fn allows(self, s: Special) -> bool {
        match s {
            Special::LigGu => self.lig_gu,
            Special::ThirteenOrphans => self.thirteen_orphans,
            Special::SevenPairs => self.seven_pairs,
            Special::GreaterHonorsKnitted => self.seven_stars,
            Special::LesserHonorsKnitted => self.all_knitted,
            Special::KnittedStraight => self.knitted_straight,
        }
    }

    /// The switch of the shape `s`.
    pub fn switch_mut(&mut self, s: Special) -> &mut bool {
        match s {
            Special::LigGu => &mut self.lig_gu,
            Special::ThirteenOrphans => &mut self.thirteen_orphans,
            Special::SevenPairs => &mut self.seven_pairs,
            Special::GreaterHonorsKnitted => &mut self.seven_stars,
            Special::LesserHonorsKnitted => &mut self.all_knitted,
            Special::KnittedStraight => &mut self.knitted_straight,
        }
    }

    pub const fn any(self) -> bool {
        self.lig_gu
            || self.thirteen_orphans
            || self.seven_pairs
            || self.seven_stars
            || self.all_knitted
            || self.knitted_straight
    }
}

/// The thirteen terminal and honour kinds (1m 9m 1p 9p 1s 9s 東南西北白發中).
pub const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// The six knittings: for each, the suit (0 m, 1 p, 2 s) holding 147, 258 and 369.
pub const KNITTINGS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The nine kinds of the knitting `k`: 147 in suit `k[0]`, 258 in `k[1]`, 369 in `k[2]`.
pub fn knitted_kinds(k: [usize; 3]) -> [usize; 9] {
    let mut out = [0; 9];
    for (start, &suit) in k.iter().enumerate() {
        for j in 0..3 {
            out[start * 3 + j] = suit * 9 + start + 3 * j;
        }
    }
    out
}
