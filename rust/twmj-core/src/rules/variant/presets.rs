//! The presets as data: each rule text's table (000 `taiwan`, 002 `american`, 001
//! `traditional`, 003 `improved16` and `hk16`, 004 `three_player` and `two_player`) built as
//! a [`Variant`], with the item lists and 備註 each adds to 000's.

use super::choices::{DiceTai, ExchangeDirection, MultiWin, Payment};
use super::item_set::{bits, ItemSet};
use super::{Exclusions, Flow, ScoringRules, Variant};
use crate::error::{Code, Error, Result};
use crate::rules::item::{Item, WORDS};
use crate::rules::shapes::SpecialShapes;

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

/// The fan list's patterns: in no preset's table.
pub(super) fn fan_list() -> ItemSet {
    WORDS[Item::TABLE..Item::COUNT]
        .iter()
        .fold(ItemSet::EMPTY, |s, w| s.with(w.item))
}

/// Items no 000 row has, added for 001 (three of them are 003 rows too).
pub(super) const ADDED_001: &[Item] = &[
    Item::LastDiscard,
    Item::HeavenReady,
    Item::FourKongs,
    Item::DealerFirstDiscard,
];

/// Items only the 003 改良式 table has.
pub(super) const ADDED_003: &[Item] = &[
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
pub(super) const ADDED_HK16: &[Item] = &[
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
pub(super) const TRADITIONAL_NOT_WITH: &[(Item, Item)] = &[
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
pub(super) const IMPROVED16_NOT_WITH: &[(Item, Item)] = &[
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
pub(super) const IMPROVED16_LIFTED: &[(Item, Item)] = &[
    // 003 8台: 地聽 (天聽亦同) 自摸胡只另計自摸、不求人.
    (Item::Migi, Item::ConcealedSelfDraw),
    (Item::HeavenReady, Item::ConcealedSelfDraw),
    // 003 8台: 字一色一定為碰碰胡，故總計為12台.
    (Item::AllHonors, Item::AllTriplets),
];

/// `hk16`: This preset's own 備註 besides the shared ones: `(x, y)` = y not counted with x.
pub(super) const HK16_NOT_WITH: &[(Item, Item)] = &[
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
}
