//! The special shapes' entries (003 改良式 瀝咕瀝咕 and 十三么; the fan list's 七對, 七星不靠,
//! 全不靠, 組合龍), in [`crate::rules::Special::ALL`] order: scored on the whole hand
//! (`crate::special`), not on five sets and a pair. An entry's `excludes` are its row's 不算
//! notes: the items not judged on the shape at all.

use crate::scoring::items::{no, Check, Facts, Hit, Item, ItemDef, Scope, NONE};
use crate::scoring::items::{Also, Example, Needs};

fn special_shape(_: &Facts) -> Hit {
    no(&[
        "a special shape, judged on the whole hand (special.rs), not on five sets and a pair",
        "特殊牌型看整手牌，不看五組一對",
    ])
}

/// The items of the special shapes, in [`Special::ALL`] order. A preset scores one only when
/// its variant admits the shape (`special_shapes.<key>`); the tai is `special_tai`. The fan
/// list's four (七對, 七星不靠, 全不靠, 組合龍) are off in every preset: `tai.<key>` draws one in.
pub(crate) const ITEMS: [ItemDef; 6] = [
    ItemDef {
        item: Item::LigGu,
        scope: Scope::Special,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc:
            "瀝咕瀝咕 (003 改良式 8台, 註八: 八對半): 門清, seven pairs and one triplet, no meld; \
              four of a kind count as two pairs. 必為門清: 門清 is not added; on a self-draw \
              自摸 and 不求人 are (只另計自摸、不求人兩台), as are the flowers and the manner of the \
              win (本花, 花槓, 海底撈月, 槓上開花, 河底撈魚).",
        also: Also::NONE,
        examples: &[
            Example {
                variant: "improved16",
                hand: "1122m3344p5566s999m1z",
                melds: &[],
                win: "1z",
                context: "",
                tai: 8,
                source: "003 改良式 8台 瀝咕瀝咕, 註八: 七對加一暗刻",
            },
        ],
        check: Check::Reading(special_shape),
    },
    ItemDef {
        item: Item::ThirteenOrphans,
        scope: Scope::Special,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "十三么 (003 改良式 16台, 註13): 1m 9m 1p 9p 1s 9s and the seven honours once each, \
              one of them paired, plus one more set of any tiles (concealed, or one meld: 有一搭 \
              可隨意吃碰). 自摸 adds, 不求人 too when no meld.",
        also: Also::NONE,
        examples: &[
            Example {
                variant: "improved16",
                hand: "19m19p19s1234567z234p",
                melds: &[],
                win: "1m",
                context: "",
                tai: 16,
                source: "003 改良式 16台 十三么, 註13 (hk16: 多其中一隻做眼，加一暗簡或一順子)",
            },
        ],
        check: Check::Reading(special_shape),
    },
    ItemDef {
        item: Item::FanSevenPairs,
        scope: Scope::Special,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "七對 (003 fan list 七對 24: 胡牌牌面由七個對子組成的胡牌; 不算不求人跟單吊), in the \
              16-tile form: seven pairs plus one more set (a concealed run or triplet, or one \
              meld); four of a kind count as two pairs. 不算不求人: a self-draw adds 自摸 only \
              (單吊 is never counted on a special shape).",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(special_shape),
    },
    ItemDef {
        item: Item::FanSevenStars,
        scope: Scope::Special,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "七星不靠 (003 fan list 七星不靠 24: 東西南北中發板 once each and seven of 147, 258, \
              369, each in its own suit, no pair; 不算五門齊，不求人跟單吊), plus one more set \
              (concealed, or one meld). 不算不求人: a self-draw adds 自摸 only.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(special_shape),
    },
    ItemDef {
        item: Item::FanAllKnitted,
        scope: Scope::Special,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "全不靠 (003 fan list 全不靠 12: single tiles of 147, 258, 369 each in its own suit \
              (不能錯位) and of the honours, 14 distinct tiles, no pair; 不算五門齊，不求人，單吊), \
              plus one more set (concealed, or one meld). 不算不求人: a self-draw adds 自摸 only.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(special_shape),
    },
    ItemDef {
        item: Item::FanKnittedStraight,
        scope: Scope::Special,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "組合龍 (003 fan list 組合龍 12: 147, 258, 369 each in its own suit, 不能錯位), in the \
              16-tile form: those nine tiles plus two sets and a pair (melds only among the \
              sets). 自摸 adds, 不求人 too when no meld.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(special_shape),
    },
];
