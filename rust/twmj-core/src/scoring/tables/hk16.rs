//! The 003 Hong Kong/Macau 番 table for 16 tiles (`hk16`): its rows that the earlier tables
//! do not have, in [`Item`] order.

use crate::hand::MeldKind;
use crate::scoring::items::{
    all_open_then, concealed_count, how_won, kongs, nine_gates, no, over_nine_gates, Check, Facts,
    Hit, Item, ItemDef, Scope, SetView, NONE,
};
use crate::scoring::items::{Also, Example, Needs};
use crate::tile::Tile;

/// 平糊 (003 hk16): five runs (no 碰, 槓, 刻), then the pair an honour or not, flowers or not.
fn ping_wu(f: &Facts, honor_pair: bool, flowers: bool) -> Hit {
    if let Some(x) = f.sets.iter().find(|x| x.triplet) {
        f.why(|| {
            (
                format!("a triplet of {}", x.tile.code()),
                format!("有{}的刻子", x.tile.name()),
            )
        })
    } else if f.pair.is_honor() != honor_pair {
        f.why(|| {
            (
                format!("the pair is {}", f.pair.code()),
                format!("眼是{}", f.pair.name()),
            )
        })
    } else {
        f.yes_if((f.ctx.flowers != 0) == flowers, || {
            (
                format!("{} flowers", f.ctx.flowers.count_ones()),
                format!("有 {} 張花", f.ctx.flowers.count_ones()),
            )
        })
    }
}

/// The table's entries, in [`Item`] order.
pub(crate) const ITEMS: [ItemDef; 17] = [
    ItemDef {
        item: Item::WindTriplet,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "風牌 (003 hk16 1番): 1 番 per triplet or kong of any wind; 合風 and 位 (the round and the \
              seat wind) add 圈風 and 門風 besides. Not with 小四喜, 大四喜 (000's note on 圈風, 門風 \
              kept). Example: a 碰 of 西 as 南 seat in the 東 round: 1.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| match f.count_triplets(Tile::is_wind) {
            0 => no(&["no wind triplet", "沒有風牌的刻子"]),
            n => Hit::Times(n),
        }),
    },
    ItemDef {
        item: Item::NoHonors,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "無字 (003 hk16 1番): no honour tile anywhere in the winning hand.",
        also: Also::WHOLE_HAND,
        examples: &[],
        check: Check::Reading(|f| f.yes_if(f.all[27..].iter().all(|&c| c == 0), || ("the hand holds an honour".to_owned(), "手牌有字牌".to_owned()))),
    },
    ItemDef {
        item: Item::NoFlowers,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "無花 (003 hk16 1番): the winner holds no flower.",
        also: Also::WHOLE_HAND,
        examples: &[
            Example {
                variant: "hk16",
                hand: "123m456m789s23s11z",
                melds: &[("pon", "555p")],
                win: "4s",
                context: "",
                tai: 1,
                source: "003 hk16 無花 1: 胡時無任何花牌",
            },
        ],
        check: Check::Reading(|f| f.yes_if(f.ctx.flowers == 0, || (format!("{} flowers", f.ctx.flowers.count_ones()), format!("有 {} 張花", f.ctx.flowers.count_ones())))),
    },
    ItemDef {
        item: Item::Eyes258,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "象眼 (003 hk16 1番): the pair (眼) is a 2, 5 or 8 of 筒, 索 or 萬.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let ok = !f.pair.is_honor() && matches!(f.pair.number(), 2 | 5 | 8);
            f.yes_if(ok, || (format!("the pair is {}", f.pair.code()), format!("眼是{}", f.pair.name())))
        }),
    },
    ItemDef {
        item: Item::FakeSingle,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "假獨 (003 hk16 1番): the hand waited on two kinds or more, but the winning tile can be \
              read as a single wait (邊張, 嵌張, 單吊). Example (the text's): 1234 waits on 1 and 4; \
              winning on 4 reads 123 + 44, a 單吊. A true one-kind wait is 獨獨 instead.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            if f.waits_before().count_ones() < 2 {
                f.why(|| (format!("the hand waited on {} only", f.wait_list()), format!("這手牌只聽{}", f.wait_names())))
            } else {
                f.yes_if(f.shape.is_single(), || (format!("won on a {} wait", f.shape.name()), format!("聽的是{}", f.shape.name())))
            }
        }),
    },
    ItemDef {
        item: Item::PingWuHonorEyes,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "平糊, first case (003 hk16 1番): no 碰 or 槓 in the whole hand (five runs, four at `hand_size` 13; 吃 allowed), \
              the pair an honour, with flowers. (An honour pair without flowers is none of the three \
              cases.)",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| ping_wu(f, true, true)),
    },
    ItemDef {
        item: Item::PingWuFlowers,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "平糊, second case (003 hk16 3番): five runs, four at `hand_size` 13 (no 碰, 槓), the pair not an honour, with \
              flowers. Not with 無字.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| ping_wu(f, false, true)),
    },
    ItemDef {
        item: Item::PingWuClean,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "平糊, third case (003 hk16 8番): five runs, four at `hand_size` 13 (no 碰, 槓), the pair not an honour, no \
              flower. Not with 無字, 無花, 無字花 (不計無字花).",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| ping_wu(f, false, false)),
    },
    ItemDef {
        item: Item::KongEach,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "槓牌 (003 hk16 1番): 1 番 per kong, 明槓 or 暗槓.",
        also: Also::WHOLE_HAND,
        examples: &[],
        check: Check::Reading(|f| match kongs(f) {
            0 => no(&["no kong", "沒有槓"]),
            n => Hit::Times(n as u8),
        }),
    },
    ItemDef {
        item: Item::NoHonorsNoFlowers,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "無字花 (003 hk16 3番): neither an honour nor a flower. The row's 3 番 is 無字 1 + 無花 1 + \
              one more, so it stands for the three: not with 無字, 無花.",
        also: Also::WHOLE_HAND,
        examples: &[],
        check: Check::Reading(|f| {
            let ok = f.all[27..].iter().all(|&c| c == 0) && f.ctx.flowers == 0;
            f.yes_if(ok, || ("an honour or a flower".to_owned(), "有字牌或花牌".to_owned()))
        }),
    },
    ItemDef {
        item: Item::TwoConcealed,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "兩暗刻 (003 hk16 3番): two concealed triplets, 暗槓 included, judged as for 三暗刻 (000 \
              暗刻的認定). The lowest tier under 三暗刻, 四暗刻, 五暗刻.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| concealed_count(f, 2)),
    },
    ItemDef {
        item: Item::HalfMelded,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "半求人 (003 hk16 8番): 單吊自摸 — read, beside 全求人 (all melded, 單吊, not 自摸), as its \
              self-drawn twin: all five sets (four at `hand_size` 13) 吃, 碰 or 明槓, and the 單吊 self-drawn \
              (docs/variants.md).",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| all_open_then(f, f.self_draw(), || how_won(f.ctx))),
    },
    ItemDef {
        item: Item::ChickenHand,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "屁胡 (003 hk16 10番): the hand counts no other 番 of its own (莊家 and 連莊, counted \
              between the dealer and a payer, are not the hand's). The text: 台灣牌得番容易, so a hand \
              without any is the hard one. Judged on the whole hand, after every other item and note of
              every reading: it stands when no reading counts anything.",
        also: Also::NONE,
        examples: &[
            Example {
                variant: "hk16",
                hand: "123m456m789s23s11z",
                melds: &[("pon", "555p")],
                win: "4s",
                context: "flowers=1",
                tai: 10,
                source: "003 hk16 屁胡 10: no other 番 (a 碰, a flower not the seat's, an honour pair)",
            },
            Example {
                variant: "hk16",
                hand: "123m456m789s23s11z",
                melds: &[("pon", "555p")],
                win: "4s",
                context: "",
                tai: 0,
                source: "003 hk16 屁胡: without the flower the hand is 無花 1",
            },
        ],
        // Any reading that counts an item rules it out, the shown one named first.
        check: Check::Hand(|w| {
            let counted = std::iter::once(&w.shown)
                .chain(w.readings)
                .find_map(|r| r.items().next());
            match counted {
                None => Hit::Times(1),
                Some(i) => w.why(|| {
                    let other = w.variant.name_of(i);
                    (format!("the hand counts {other}"), format!("這手牌算到{other}"))
                }),
            }
        }),
    },
    ItemDef {
        item: Item::WithinSeven,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "七隻內 (003 hk16 20番): winning having discarded at most 7 tiles (a 上 or 碰 is followed by \
              a discard, so it counts: 上或碰皆計). Needs the context's `discards`.",
        also: Also::WHOLE_HAND,
        examples: &[
            Example {
                variant: "hk16",
                hand: "123m456m789m23p678p55s",
                melds: &[],
                win: "4p",
                context: "discards=5",
                tai: 20,
                source: "003 hk16 七隻內 20: 打出七隻牌之內胡出",
            },
            Example {
                variant: "hk16",
                hand: "123m456m789m23p678p55s",
                melds: &[],
                win: "4p",
                context: "discards=8",
                tai: 0,
                source: "003 hk16 七隻內: eight discards are too many",
            },
        ],
        check: Check::Reading(|f| match f.ctx.discards {
            None => no(&["the winner's discards are not given", "沒有填胡牌者已打出幾張"]),
            Some(n) => f.yes_if(n <= 7, || (format!("{n} discards"), format!("已打出 {n} 張"))),
        }),
    },
    ItemDef {
        item: Item::SevenFlowers,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "七搶一 as hk16 defines it (003 hk16 20番): the winner holds seven flowers, another player \
              the eighth; added when the hand wins (胡的時候加), not a flower win of its own as in 000.",
        also: Also::WHOLE_HAND,
        examples: &[],
        check: Check::Reading(|f| {
            let n = f.ctx.flowers.count_ones();
            f.yes_if(n == 7, || (format!("{n} flowers"), format!("有 {n} 張花")))
        }),
    },
    ItemDef {
        item: Item::EightFlowers,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "八仙過海 as hk16 defines it (003 hk16 40番): the winner holds all eight flowers; added when \
              the hand wins (只是在胡的時候加), not a flower win of its own as in 000.",
        also: Also::WHOLE_HAND,
        examples: &[],
        check: Check::Reading(|f| {
            let n = f.ctx.flowers.count_ones();
            f.yes_if(n == 8, || (format!("{n} flowers"), format!("有 {n} 張花")))
        }),
    },
    ItemDef {
        item: Item::NineLinks,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "九子連環 (003 hk16 80番): 1112345678999 of one suit plus one more of it, all concealed, \
              with a concealed triplet (暗坎; the text's 暗簡) or a run as the fifth set; compounds \
              with 混一色 or 清一色.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let fifth = |x: &SetView| if x.triplet { x.meld.is_none() } else { x.meld.is_none_or(|m| m == MeldKind::Chi) };
            let ok = nine_gates(f, fifth, |row| over_nine_gates(&row));
            f.yes_if(ok, || ("no 1112345678999 plus one of a suit with a 暗坎 or a run".to_owned(), "沒有同一花色的一一一二三四五六七八九九九加一張（含暗坎或順子）".to_owned()))
        }),
    },
];
