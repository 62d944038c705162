//! The tai items' vocabulary: every item's stable key, its name as the 000 table (or the table
//! it comes from) writes it, and the tai that table prints. The rules floor reads it (a
//! variant's `tai.<key>` settings); the entries with their conditions, exclusions and docs are
//! in `scoring::tables` (one file per table), above, and read it too.

use crate::rules::shapes::Special;

/// Every item of the tables, in the order of the 000 台數表, then the american 骰規台, then the
/// items of the later presets (001, 003 改良式).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Item {
    Dealer,
    DealerStreak,
    Concealed,
    SelfDraw,
    ConcealedSelfDraw,
    RoundWind,
    SeatWind,
    Dragon,
    SeatFlower,
    FlowerKong,
    SingleWait,
    AllMelded,
    RobbingKong,
    KongBloom,
    LastTile,
    DeclaredReady,
    PingHu,
    ThreeConcealed,
    AllTriplets,
    SmallDragons,
    HalfFlush,
    FourConcealed,
    FiveConcealed,
    BigDragons,
    SmallWinds,
    FullFlush,
    HumanWin,
    Migi,
    SevenRobOne,
    EightImmortals,
    EarthWin,
    BigWinds,
    AllHonors,
    HeavenWin,
    Dice,
    LastDiscard,
    HeavenReady,
    FourKongs,
    DealerFirstDiscard,
    TwoKongs,
    ThreeKongs,
    AllSimples,
    DoubleRun,
    ThreeColourRun,
    Straight,
    ThreeSameTriplets,
    ThreeConsecutiveTriplets,
    FourConsecutiveTriplets,
    FiveConsecutiveTriplets,
    MixedOutside,
    PureOutside,
    SmallThreeWinds,
    BigThreeWinds,
    Peacock,
    MixedTerminals,
    AllTerminals,
    All258,
    WindFlowerSnowMoon,
    TaiwanLine,
    FourIdenticalRuns,
    AllGreen,
    BigWheel,
    MillionStones,
    CleanCup,
    PeachGarden,
    NineGatesVariant,
    NineGatesPure,
    // ---- hk16 (003 part 1, 番): new rows of its table, in its order ----
    WindTriplet,
    NoHonors,
    NoFlowers,
    Eyes258,
    FakeSingle,
    PingWuHonorEyes,
    PingWuFlowers,
    PingWuClean,
    KongEach,
    NoHonorsNoFlowers,
    TwoConcealed,
    HalfMelded,
    ChickenHand,
    WithinSeven,
    SevenFlowers,
    EightFlowers,
    NineLinks,
    // ---- the fan list (003, 九蓮寶燈 88 … 無字 1): patterns in `FAN_ITEMS` (scoring/tables/fan.rs) ----
    FanNineGates,
    FanSevenShiftedPairs,
    FanPureTerminals,
    FanFourConcealed,
    FanPureTerminalChows,
    FanFourPureShiftedChows,
    FanMixedTerminals,
    FanPureTripleChow,
    FanAllEvenTriplets,
    FanUpperTiles,
    FanMiddleTiles,
    FanLowerTiles,
    FanPureStraight,
    FanThreeSuitTerminalChows,
    FanPureShiftedChows,
    FanAllFives,
    FanUpperFour,
    FanLowerFour,
    FanThreeWindTriplets,
    FanMixedStraight,
    FanMixedTripleChow,
    FanMixedShiftedTriplets,
    FanReversible,
    FanLastTileDraw,
    FanKongBloom,
    FanChickenHand,
    FanTwoConcealedKongs,
    FanTwoDragonTriplets,
    FanMixedShiftedChows,
    FanAllTypes,
    FanAllMelded,
    FanConcealedSelfDraw,
    FanOutsideHand,
    FanTwoMeldedKongs,
    FanLastOfKind,
    FanConcealedDiscard,
    FanAllChows,
    FanTileHog,
    FanConcealedKong,
    FanDoubleSameTriplets,
    FanPureDoubleChow,
    FanMixedDoubleChow,
    FanTerminalHonorTriplet,
    FanTerminalChows,
    FanOneSuitMissing,
    FanSingleWait,
    FanShortStraight,
    FanEdgeWait,
    FanClosedWait,
    FanMeldedKong,
    FanFlower,
    // ---- the special shapes, in `SPECIAL_ITEMS` ----
    /// 瀝咕瀝咕 (003 註八): a special shape, in `SPECIAL_ITEMS`, not in `ITEMS`.
    LigGu,
    /// 十三么 (003 註13): a special shape, in `SPECIAL_ITEMS`, not in `ITEMS`.
    ThirteenOrphans,
    /// 七對 (003 fan list 七對 24): a special shape, in `SPECIAL_ITEMS`.
    FanSevenPairs,
    /// 七星不靠 (003 fan list 七星不靠 24): a special shape, in `SPECIAL_ITEMS`.
    FanSevenStars,
    /// 全不靠 (003 fan list 全不靠 12): a special shape, in `SPECIAL_ITEMS`.
    FanAllKnitted,
    /// 組合龍 (003 fan list 組合龍 12): a special shape, in `SPECIAL_ITEMS`.
    FanKnittedStraight,
}

impl Item {
    /// The items of the presets' tables (`scoring::ITEMS`).
    pub const TABLE: usize = 84;
    /// The patterns of the fan list (`scoring::FAN_ITEMS`), numbered after the tables' items.
    pub const FAN: usize = 51;
    /// The items judged on five sets and a pair: the tables' then the fan list's; the special
    /// shapes' items come after.
    pub const COUNT: usize = Item::TABLE + Item::FAN;
    /// Every item, the special shapes' included.
    pub const ALL: usize = Item::COUNT + Special::ALL.len();

    /// The special shape this item scores, if it is one.
    pub const fn special(self) -> Option<Special> {
        match self {
            Item::LigGu => Some(Special::LigGu),
            Item::ThirteenOrphans => Some(Special::ThirteenOrphans),
            Item::FanSevenPairs => Some(Special::SevenPairs),
            Item::FanSevenStars => Some(Special::GreaterHonorsKnitted),
            Item::FanAllKnitted => Some(Special::LesserHonorsKnitted),
            Item::FanKnittedStraight => Some(Special::KnittedStraight),
            _ => None,
        }
    }

    /// The item of a special shape.
    pub const fn of_special(s: Special) -> Item {
        match s {
            Special::LigGu => Item::LigGu,
            Special::ThirteenOrphans => Item::ThirteenOrphans,
            Special::SevenPairs => Item::FanSevenPairs,
            Special::GreaterHonorsKnitted => Item::FanSevenStars,
            Special::LesserHonorsKnitted => Item::FanAllKnitted,
            Special::KnittedStraight => Item::FanKnittedStraight,
        }
    }

    /// The stable English key (`tai.<key>`).
    pub const fn key(self) -> &'static str {
        WORDS[self as usize].key
    }

    /// The name exactly as the item's rule table writes it (a preset may rename it,
    /// [`crate::rules::Variant::name_of`]).
    pub const fn name(self) -> &'static str {
        WORDS[self as usize].name
    }

    /// The tai the 000 table prints for its rows, or the fan list for its patterns (per set or
    /// per flower where the item counts several); 0 for the other tables' rows (001, 003
    /// 改良式, hk16: each of those presets sets its own values), for the special shapes (their
    /// tai is `special_tai`) and for an item [`Item::valued_by`] settings (骰規台). Every
    /// preset starts from these values ([`crate::rules::Variant::taiwan`]).
    pub const fn table_tai(self) -> u8 {
        WORDS[self as usize].tai
    }

    /// The key prefix of the settings that give the item its value instead of `tai.<key>`
    /// (骰規台: `dice.`), if any.
    pub const fn valued_by(self) -> Option<&'static str> {
        WORDS[self as usize].valued_by
    }

    /// The item whose key is `key`.
    pub fn from_key(key: &str) -> Option<Item> {
        WORDS.iter().find(|w| w.key == key).map(|w| w.item)
    }

    /// The `i`-th item in [`Item`] order.
    pub fn from_index(i: usize) -> Option<Item> {
        WORDS.get(i).map(|w| w.item)
    }
}

/// One item's words: key, name, and its table's tai.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Word {
    pub item: Item,
    pub key: &'static str,
    pub name: &'static str,
    /// See [`Item::table_tai`].
    pub tai: u8,
    /// The settings (by key prefix) that give the item its value instead of `tai.<key>`: 002
    /// 骰規台 is worth what its dice shape is (`dice.*`, rules README).
    pub valued_by: Option<&'static str>,
}

/// Every item's words, in [`Item`] order (`WORDS[i].item as usize == i`, checked below).
#[rustfmt::skip]
pub const WORDS: [Word; Item::ALL] = [
    Word { item: Item::Dealer, key: "dealer", name: "莊家", tai: 1, valued_by: None },
    Word { item: Item::DealerStreak, key: "dealer_streak", name: "連莊拉莊", tai: 2, valued_by: None },
    Word { item: Item::Concealed, key: "concealed", name: "門清", tai: 1, valued_by: None },
    Word { item: Item::SelfDraw, key: "self_draw", name: "自摸", tai: 1, valued_by: None },
    Word { item: Item::ConcealedSelfDraw, key: "concealed_self_draw", name: "不求", tai: 1, valued_by: None },
    Word { item: Item::RoundWind, key: "round_wind", name: "圈風", tai: 1, valued_by: None },
    Word { item: Item::SeatWind, key: "seat_wind", name: "門風", tai: 1, valued_by: None },
    Word { item: Item::Dragon, key: "dragon", name: "三元牌", tai: 1, valued_by: None },
    Word { item: Item::SeatFlower, key: "seat_flower", name: "正花", tai: 1, valued_by: None },
    Word { item: Item::FlowerKong, key: "flower_kong", name: "花槓", tai: 1, valued_by: None },
    Word { item: Item::SingleWait, key: "single_wait", name: "獨聽", tai: 1, valued_by: None },
    Word { item: Item::AllMelded, key: "all_melded", name: "全求", tai: 1, valued_by: None },
    Word { item: Item::RobbingKong, key: "robbing_kong", name: "搶槓", tai: 1, valued_by: None },
    Word { item: Item::KongBloom, key: "kong_bloom", name: "槓上開花", tai: 1, valued_by: None },
    Word { item: Item::LastTile, key: "last_tile", name: "海底撈月", tai: 1, valued_by: None },
    Word { item: Item::DeclaredReady, key: "declared_ready", name: "嗆聽", tai: 1, valued_by: None },
    Word { item: Item::PingHu, key: "ping_hu", name: "平胡", tai: 2, valued_by: None },
    Word { item: Item::ThreeConcealed, key: "three_concealed", name: "三暗刻", tai: 2, valued_by: None },
    Word { item: Item::AllTriplets, key: "all_triplets", name: "碰碰胡", tai: 4, valued_by: None },
    Word { item: Item::SmallDragons, key: "small_dragons", name: "小三元", tai: 4, valued_by: None },
    Word { item: Item::HalfFlush, key: "half_flush", name: "混一色", tai: 4, valued_by: None },
    Word { item: Item::FourConcealed, key: "four_concealed", name: "四暗刻", tai: 5, valued_by: None },
    Word { item: Item::FiveConcealed, key: "five_concealed", name: "五暗刻", tai: 8, valued_by: None },
    Word { item: Item::BigDragons, key: "big_dragons", name: "大三元", tai: 8, valued_by: None },
    Word { item: Item::SmallWinds, key: "small_winds", name: "小四喜", tai: 8, valued_by: None },
    Word { item: Item::FullFlush, key: "full_flush", name: "清一色", tai: 8, valued_by: None },
    Word { item: Item::HumanWin, key: "human_win", name: "人胡", tai: 8, valued_by: None },
    Word { item: Item::Migi, key: "migi", name: "MIGI", tai: 8, valued_by: None },
    Word { item: Item::SevenRobOne, key: "seven_rob_one", name: "七搶一", tai: 8, valued_by: None },
    Word { item: Item::EightImmortals, key: "eight_immortals", name: "八仙過海", tai: 8, valued_by: None },
    Word { item: Item::EarthWin, key: "earth_win", name: "地胡", tai: 16, valued_by: None },
    Word { item: Item::BigWinds, key: "big_winds", name: "大四喜", tai: 16, valued_by: None },
    Word { item: Item::AllHonors, key: "all_honors", name: "字一色", tai: 16, valued_by: None },
    Word { item: Item::HeavenWin, key: "heaven_win", name: "天胡", tai: 24, valued_by: None },
    Word { item: Item::Dice, key: "dice", name: "骰規台", tai: 0, valued_by: Some("dice.") },
    Word { item: Item::LastDiscard, key: "last_discard", name: "河底撈魚", tai: 0, valued_by: None },
    Word { item: Item::HeavenReady, key: "heaven_ready", name: "天聽", tai: 0, valued_by: None },
    Word { item: Item::FourKongs, key: "four_kongs", name: "四槓牌", tai: 0, valued_by: None },
    Word { item: Item::DealerFirstDiscard, key: "dealer_first_discard", name: "地胡", tai: 0, valued_by: None },
    Word { item: Item::TwoKongs, key: "two_kongs", name: "兩槓子", tai: 0, valued_by: None },
    Word { item: Item::ThreeKongs, key: "three_kongs", name: "三槓子", tai: 0, valued_by: None },
    Word { item: Item::AllSimples, key: "all_simples", name: "斷么九", tai: 0, valued_by: None },
    Word { item: Item::DoubleRun, key: "double_run", name: "一盃口", tai: 0, valued_by: None },
    Word { item: Item::ThreeColourRun, key: "three_colour_run", name: "三色同順", tai: 0, valued_by: None },
    Word { item: Item::Straight, key: "straight", name: "一條龍", tai: 0, valued_by: None },
    Word { item: Item::ThreeSameTriplets, key: "three_same_triplets", name: "三同刻", tai: 0, valued_by: None },
    Word { item: Item::ThreeConsecutiveTriplets, key: "three_consecutive_triplets", name: "三連刻", tai: 0, valued_by: None },
    Word { item: Item::FourConsecutiveTriplets, key: "four_consecutive_triplets", name: "四連刻", tai: 0, valued_by: None },
    Word { item: Item::FiveConsecutiveTriplets, key: "five_consecutive_triplets", name: "五連刻", tai: 0, valued_by: None },
    Word { item: Item::MixedOutside, key: "mixed_outside", name: "混帶么", tai: 0, valued_by: None },
    Word { item: Item::PureOutside, key: "pure_outside", name: "全帶么", tai: 0, valued_by: None },
    Word { item: Item::SmallThreeWinds, key: "small_three_winds", name: "小三風", tai: 0, valued_by: None },
    Word { item: Item::BigThreeWinds, key: "big_three_winds", name: "大三風", tai: 0, valued_by: None },
    Word { item: Item::Peacock, key: "peacock", name: "孔雀東南飛", tai: 0, valued_by: None },
    Word { item: Item::MixedTerminals, key: "mixed_terminals", name: "混老頭", tai: 0, valued_by: None },
    Word { item: Item::AllTerminals, key: "all_terminals", name: "清老頭", tai: 0, valued_by: None },
    Word { item: Item::All258, key: "all_258", name: "全將碰", tai: 0, valued_by: None },
    Word { item: Item::WindFlowerSnowMoon, key: "wind_flower_snow_moon", name: "風花雪月", tai: 0, valued_by: None },
    Word { item: Item::TaiwanLine, key: "taiwan_line", name: "台灣縱貫線", tai: 0, valued_by: None },
    Word { item: Item::FourIdenticalRuns, key: "four_identical_runs", name: "一色四同順", tai: 0, valued_by: None },
    Word { item: Item::AllGreen, key: "all_green", name: "綠一色", tai: 0, valued_by: None },
    Word { item: Item::BigWheel, key: "big_wheel", name: "大車輪", tai: 0, valued_by: None },
    Word { item: Item::MillionStones, key: "million_stones", name: "百萬石", tai: 0, valued_by: None },
    Word { item: Item::CleanCup, key: "clean_cup", name: "清盃口", tai: 0, valued_by: None },
    Word { item: Item::PeachGarden, key: "peach_garden", name: "桃園三結義", tai: 0, valued_by: None },
    Word { item: Item::NineGatesVariant, key: "nine_gates_variant", name: "變形九連寶燈", tai: 0, valued_by: None },
    Word { item: Item::NineGatesPure, key: "nine_gates_pure", name: "純正九連寶燈", tai: 0, valued_by: None },
    Word { item: Item::WindTriplet, key: "wind_triplet", name: "風牌", tai: 0, valued_by: None },
    Word { item: Item::NoHonors, key: "no_honors", name: "無字", tai: 0, valued_by: None },
    Word { item: Item::NoFlowers, key: "no_flowers", name: "無花", tai: 0, valued_by: None },
    Word { item: Item::Eyes258, key: "eyes_258", name: "象眼", tai: 0, valued_by: None },
    Word { item: Item::FakeSingle, key: "fake_single", name: "假獨", tai: 0, valued_by: None },
    Word { item: Item::PingWuHonorEyes, key: "ping_wu_honor_eyes", name: "平糊（字眼有花）", tai: 0, valued_by: None },
    Word { item: Item::PingWuFlowers, key: "ping_wu_flowers", name: "平糊（有花）", tai: 0, valued_by: None },
    Word { item: Item::PingWuClean, key: "ping_wu_clean", name: "平糊（無花）", tai: 0, valued_by: None },
    Word { item: Item::KongEach, key: "kong_each", name: "槓牌", tai: 0, valued_by: None },
    Word { item: Item::NoHonorsNoFlowers, key: "no_honors_no_flowers", name: "無字花", tai: 0, valued_by: None },
    Word { item: Item::TwoConcealed, key: "two_concealed", name: "兩暗刻", tai: 0, valued_by: None },
    Word { item: Item::HalfMelded, key: "half_melded", name: "半求人", tai: 0, valued_by: None },
    Word { item: Item::ChickenHand, key: "chicken_hand", name: "屁胡", tai: 0, valued_by: None },
    Word { item: Item::WithinSeven, key: "within_seven", name: "七隻內", tai: 0, valued_by: None },
    Word { item: Item::SevenFlowers, key: "seven_flowers", name: "七搶一", tai: 0, valued_by: None },
    Word { item: Item::EightFlowers, key: "eight_flowers", name: "八仙過海", tai: 0, valued_by: None },
    Word { item: Item::NineLinks, key: "nine_links", name: "九子連環", tai: 0, valued_by: None },
    Word { item: Item::FanNineGates, key: "fan_nine_gates", name: "九蓮寶燈", tai: 88, valued_by: None },
    Word { item: Item::FanSevenShiftedPairs, key: "fan_seven_shifted_pairs", name: "連七對", tai: 88, valued_by: None },
    Word { item: Item::FanPureTerminals, key: "fan_pure_terminals", name: "清么九", tai: 64, valued_by: None },
    Word { item: Item::FanFourConcealed, key: "fan_four_concealed", name: "四暗刻", tai: 64, valued_by: None },
    Word { item: Item::FanPureTerminalChows, key: "fan_pure_terminal_chows", name: "一色雙龍會", tai: 64, valued_by: None },
    Word { item: Item::FanFourPureShiftedChows, key: "fan_four_pure_shifted_chows", name: "一色四步高", tai: 32, valued_by: None },
    Word { item: Item::FanMixedTerminals, key: "fan_mixed_terminals", name: "混么九", tai: 32, valued_by: None },
    Word { item: Item::FanPureTripleChow, key: "fan_pure_triple_chow", name: "一色三同順", tai: 24, valued_by: None },
    Word { item: Item::FanAllEvenTriplets, key: "fan_all_even_triplets", name: "全雙刻", tai: 24, valued_by: None },
    Word { item: Item::FanUpperTiles, key: "fan_upper_tiles", name: "全大", tai: 24, valued_by: None },
    Word { item: Item::FanMiddleTiles, key: "fan_middle_tiles", name: "全中", tai: 24, valued_by: None },
    Word { item: Item::FanLowerTiles, key: "fan_lower_tiles", name: "全小", tai: 24, valued_by: None },
    Word { item: Item::FanPureStraight, key: "fan_pure_straight", name: "清龍", tai: 16, valued_by: None },
    Word { item: Item::FanThreeSuitTerminalChows, key: "fan_three_suit_terminal_chows", name: "三色雙龍會", tai: 16, valued_by: None },
    Word { item: Item::FanPureShiftedChows, key: "fan_pure_shifted_chows", name: "一色三步高", tai: 16, valued_by: None },
    Word { item: Item::FanAllFives, key: "fan_all_fives", name: "全帶五", tai: 16, valued_by: None },
    Word { item: Item::FanUpperFour, key: "fan_upper_four", name: "大於五", tai: 12, valued_by: None },
    Word { item: Item::FanLowerFour, key: "fan_lower_four", name: "小於五", tai: 12, valued_by: None },
    Word { item: Item::FanThreeWindTriplets, key: "fan_three_wind_triplets", name: "三風刻", tai: 12, valued_by: None },
    Word { item: Item::FanMixedStraight, key: "fan_mixed_straight", name: "花龍", tai: 8, valued_by: None },
    Word { item: Item::FanMixedTripleChow, key: "fan_mixed_triple_chow", name: "三色三同順", tai: 8, valued_by: None },
    Word { item: Item::FanMixedShiftedTriplets, key: "fan_mixed_shifted_triplets", name: "三色三頭高", tai: 8, valued_by: None },
    Word { item: Item::FanReversible, key: "fan_reversible", name: "推不倒", tai: 8, valued_by: None },
    Word { item: Item::FanLastTileDraw, key: "fan_last_tile_draw", name: "妙手回春", tai: 8, valued_by: None },
    Word { item: Item::FanKongBloom, key: "fan_kong_bloom", name: "槓上開花", tai: 8, valued_by: None },
    Word { item: Item::FanChickenHand, key: "fan_chicken_hand", name: "無番和", tai: 8, valued_by: None },
    Word { item: Item::FanTwoConcealedKongs, key: "fan_two_concealed_kongs", name: "雙暗槓", tai: 6, valued_by: None },
    Word { item: Item::FanTwoDragonTriplets, key: "fan_two_dragon_triplets", name: "雙箭刻", tai: 6, valued_by: None },
    Word { item: Item::FanMixedShiftedChows, key: "fan_mixed_shifted_chows", name: "三色三步高", tai: 6, valued_by: None },
    Word { item: Item::FanAllTypes, key: "fan_all_types", name: "五門齊", tai: 6, valued_by: None },
    Word { item: Item::FanAllMelded, key: "fan_all_melded", name: "全求人", tai: 6, valued_by: None },
    Word { item: Item::FanConcealedSelfDraw, key: "fan_concealed_self_draw", name: "不求人", tai: 6, valued_by: None },
    Word { item: Item::FanOutsideHand, key: "fan_outside_hand", name: "清老頭", tai: 6, valued_by: None },
    Word { item: Item::FanTwoMeldedKongs, key: "fan_two_melded_kongs", name: "雙明槓", tai: 6, valued_by: None },
    Word { item: Item::FanLastOfKind, key: "fan_last_of_kind", name: "胡絕張", tai: 6, valued_by: None },
    Word { item: Item::FanConcealedDiscard, key: "fan_concealed_discard", name: "門前清", tai: 2, valued_by: None },
    Word { item: Item::FanAllChows, key: "fan_all_chows", name: "平胡", tai: 2, valued_by: None },
    Word { item: Item::FanTileHog, key: "fan_tile_hog", name: "四聚一", tai: 2, valued_by: None },
    Word { item: Item::FanConcealedKong, key: "fan_concealed_kong", name: "暗槓", tai: 2, valued_by: None },
    Word { item: Item::FanDoubleSameTriplets, key: "fan_double_same_triplets", name: "雙同刻", tai: 2, valued_by: None },
    Word { item: Item::FanPureDoubleChow, key: "fan_pure_double_chow", name: "一般高", tai: 1, valued_by: None },
    Word { item: Item::FanMixedDoubleChow, key: "fan_mixed_double_chow", name: "喜相逢", tai: 1, valued_by: None },
    Word { item: Item::FanTerminalHonorTriplet, key: "fan_terminal_honor_triplet", name: "么九刻", tai: 1, valued_by: None },
    Word { item: Item::FanTerminalChows, key: "fan_terminal_chows", name: "老少副", tai: 1, valued_by: None },
    Word { item: Item::FanOneSuitMissing, key: "fan_one_suit_missing", name: "缺一門", tai: 1, valued_by: None },
    Word { item: Item::FanSingleWait, key: "fan_single_wait", name: "單吊將", tai: 1, valued_by: None },
    Word { item: Item::FanShortStraight, key: "fan_short_straight", name: "連六", tai: 1, valued_by: None },
    Word { item: Item::FanEdgeWait, key: "fan_edge_wait", name: "邊張", tai: 1, valued_by: None },
    Word { item: Item::FanClosedWait, key: "fan_closed_wait", name: "坎張", tai: 1, valued_by: None },
    Word { item: Item::FanMeldedKong, key: "fan_melded_kong", name: "明槓", tai: 1, valued_by: None },
    Word { item: Item::FanFlower, key: "fan_flower", name: "花", tai: 1, valued_by: None },
    Word { item: Item::LigGu, key: "lig_gu", name: "瀝咕瀝咕", tai: 0, valued_by: None },
    Word { item: Item::ThirteenOrphans, key: "thirteen_orphans", name: "十三么", tai: 0, valued_by: None },
    Word { item: Item::FanSevenPairs, key: "fan_seven_pairs", name: "七對", tai: 0, valued_by: None },
    Word { item: Item::FanSevenStars, key: "fan_seven_stars", name: "七星不靠", tai: 0, valued_by: None },
    Word { item: Item::FanAllKnitted, key: "fan_all_knitted", name: "全不靠", tai: 0, valued_by: None },
    Word { item: Item::FanKnittedStraight, key: "fan_knitted_straight", name: "組合龍", tai: 0, valued_by: None },
];

const _: () = {
    let mut i = 0;
    while i < Item::ALL {
        assert!(WORDS[i].item as usize == i, "WORDS is in Item order");
        i += 1;
    }
};
