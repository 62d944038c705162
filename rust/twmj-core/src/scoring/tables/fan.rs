//! The fan list of 003 (九蓮寶燈 88 … 無字 1) as a pattern library: one [`ItemDef`] per pattern
//! the presets' tables ([`crate::scoring::ITEMS`]) do not already have. No preset counts
//! them; a custom variant draws one in by name (`tai.<key> = n`, docs/variants.md).
//!
//! A row is the same concept as a preset's item (and has no entry here) when its condition is
//! that item's and its 不算 notes do not contradict what the item's own row says it is counted
//! with; docs/variants.md maps every row. Here each entry's `excludes`/`excluded_by` transcribe
//! the row's 不算 notes (on 無字, the hk16 item `no_honors`, where a row names it); an entry that is
//! the fan list's version of a preset item with the same
//! name (門前清, 不求人, 平胡, 清老頭 …) also excludes that preset item, so a variant that counts
//! both counts the fan list's one. Whole-hand shapes written for 14 tiles (連七對, 九蓮寶燈) take
//! 003's 16-tile convention: the shape plus one more set, which may be anything.

use crate::hand::MeldKind;
// The three suits in every order are the six knittings' suit orders.
use crate::rules::KNITTINGS as SUIT_ORDERS;
use crate::scoring::context::{Replacement, WinKind};
use crate::scoring::items::{
    all_open_then, concealed_count, less_one_set, no, only_tiles, outside, runs_of, triplets_of,
    Check, Facts, Hit, Item, ItemDef, Scope, Whole, NONE,
};
use crate::scoring::items::{Also, Example, Needs};
use crate::tile::{Counts, Tile, KINDS};
use crate::waits::Shape;

/// The fan list's 不算 notes between rows the presets' tables share (the row has no `fan_*`
/// entry of its own: docs/variants.md, *shared note*): `(x, y)` = y is not counted with x. They
/// hold when either row was drawn into a preset whose own table lacks it, or under every
/// preset with the setting `fan_notes`; a preset's own table otherwise decides how its rows
/// meet.
pub const SHARED_NOTES: &[(Item, Item)] = &[
    // 大四喜 88: 圈風刻，門風刻，三風刻，碰碰胡不算 (三風刻 on `fan_three_wind_triplets`).
    (Item::BigWinds, Item::AllTriplets),
    (Item::BigWinds, Item::RoundWind),
    (Item::BigWinds, Item::SeatWind),
    // 大三元 88: 不算箭刻.
    (Item::BigDragons, Item::Dragon),
    // 綠一色 88: 不算清一色跟混一色.
    (Item::AllGreen, Item::FullFlush),
    (Item::AllGreen, Item::HalfFlush),
    // 四槓 88: 不算碰碰胡.
    (Item::FourKongs, Item::AllTriplets),
    // 小三元 88: 不算箭刻.
    (Item::SmallDragons, Item::Dragon),
    // 字一色 64: 不算碰碰胡.
    (Item::AllHonors, Item::AllTriplets),
    // 一色四同順 48: 不算…清一色 (一般高, 四聚一, 平胡, 一色三同順 on their fan entries).
    (Item::FourIdenticalRuns, Item::FullFlush),
    // 一色四頭高 48: 不算一色三同順跟碰碰胡，清一色 (its 一色三同順 read as 一色三頭高, a tier).
    (Item::FourConsecutiveTriplets, Item::AllTriplets),
    (Item::FourConsecutiveTriplets, Item::FullFlush),
    // 清一色 24: 不算無字.
    (Item::FullFlush, Item::NoHonors),
    // 十三么 88: 不算五門齊，不求人，跟單吊 (003 改良式 and hk16 have 十三么 too; their rows
    // add 不求人). Read by the special shape's score: those items are not judged on it.
    (Item::ThirteenOrphans, Item::FanAllTypes),
    (Item::ThirteenOrphans, Item::ConcealedSelfDraw),
    (Item::ThirteenOrphans, Item::FanConcealedSelfDraw),
    (Item::ThirteenOrphans, Item::FanSingleWait),
];

/// A run of the hand starts at kind `i`.
fn run_at(f: &Facts, i: usize) -> bool {
    f.sets.iter().any(|x| !x.triplet && x.tile.index() == i)
}

/// A triplet or kong of kind `i` is one of the sets.
fn triplet_at(f: &Facts, i: usize) -> bool {
    f.sets.iter().any(|x| x.triplet && x.tile.index() == i)
}

/// Suited tiles whose number is in `lo..=hi`.
fn numbers(t: Tile, lo: u8, hi: u8) -> bool {
    !t.is_honor() && (lo..=hi).contains(&t.number())
}

/// Some set of the hand can be left out (003's 16-tile convention: 有一搭可隨意) so that the
/// other four sets, all concealed blocks, and the pair make the 14 tiles `shape` asks for. A
/// 13-tile hand (004 13 張版) has no set to leave out: all of it is the shape.
fn shape_plus_one_set(f: &Facts, shape: impl Fn(&Counts) -> bool) -> bool {
    let free = f.sets.len() == crate::hand::SETS;
    less_one_set(f).enumerate().any(|(i, c)| {
        let concealed = f
            .sets
            .iter()
            .enumerate()
            .all(|(j, x)| (free && j == i) || x.meld.is_none());
        concealed && shape(&c)
    })
}

/// 九蓮寶燈: 1112345678999 of one suit and one more tile of it, nothing else.
fn nine_gates(c: &Counts) -> bool {
    let total: usize = c.iter().map(|&n| usize::from(n)).sum();
    total == 14
        && (0..3).any(|s| {
            let row = &c[s * 9..s * 9 + 9];
            row.iter().map(|&n| usize::from(n)).sum::<usize>() == 14
                && row[0] >= 3
                && row[8] >= 3
                && row.iter().all(|&n| n >= 1)
        })
}

/// 連七對: two each of seven consecutive numbers of one suit, nothing else.
fn seven_shifted_pairs(c: &Counts) -> bool {
    (0..3).any(|s| {
        (0..3).any(|start| {
            let lo = s * 9 + start;
            (0..KINDS).all(|i| c[i] == if (lo..lo + 7).contains(&i) { 2 } else { 0 })
        })
    })
}

/// Runs of one suit starting at `a`, `a + step`, … (`n` of them), for a step of 1 or 2.
fn shifted_runs(f: &Facts, n: usize) -> bool {
    (0..3).any(|s| {
        [1, 2].iter().any(|&step| {
            (0..7).any(|a| {
                let last = a + step * (n - 1);
                last < 7 && (0..n).all(|k| run_at(f, s * 9 + a + step * k))
            })
        })
    })
}

/// Sets of three suits at numbers `n`, `n + 1`, `n + 2` (runs or triplets), one suit each.
fn mixed_shifted(f: &Facts, triplets: bool) -> bool {
    let at = |i| {
        if triplets {
            triplet_at(f, i)
        } else {
            run_at(f, i)
        }
    };
    let top = if triplets { 7 } else { 5 };
    (0..top).any(|n| {
        SUIT_ORDERS
            .iter()
            .any(|o| (0..3).all(|k| at(o[k] * 9 + n + k)))
    })
}

/// 單吊將, 邊張, 坎張: the hand waited on one kind only and the winning tile sits as `shape`.
fn only_wait(f: &Facts, shape: Shape) -> Hit {
    if f.waits_before().is_power_of_two() {
        f.yes_if(f.shape == shape, || {
            (
                format!("{} won on a {} wait", f.win_tile.code(), f.shape.name()),
                format!("胡{}，聽的是{}", f.win_tile.name(), f.shape.name()),
            )
        })
    } else {
        f.why(|| {
            (
                format!("the hand waited on {}", f.wait_list()),
                format!("這手牌聽{}", f.wait_names()),
            )
        })
    }
}

fn melds_of(f: &Facts, pred: fn(MeldKind) -> bool) -> usize {
    f.melds.iter().filter(|m| pred(m.kind)).count()
}

/// Items that are flowers (無番和: 花牌不能算).
const FLOWER_ITEMS: [Item; 5] = [
    Item::SeatFlower,
    Item::FlowerKong,
    Item::SevenFlowers,
    Item::EightFlowers,
    Item::FanFlower,
];

/// 無番和: no reading of the hand counts any item of the variant but flowers (nor is it a
/// special shape, which counts its own item). Judged on the whole hand, every reading's items
/// known (the two "nothing else" items, this and hk16's 屁胡, left out of them).
fn chicken_hand(w: &Whole) -> Hit {
    let counted = std::iter::once(&w.shown).chain(w.readings).find_map(|r| {
        r.items()
            .find(|i| !FLOWER_ITEMS.contains(i))
            .map(|i| (r, i))
    });
    if let Some((r, i)) = counted {
        w.why(|| {
            let name = r.name(i, w.variant);
            (
                format!("the hand counts {name}"),
                format!("這手牌算到{name}"),
            )
        })
    } else if let Some(i) = w.special {
        w.why(|| {
            let name = w.variant.name_of(i);
            (
                format!("the hand counts {name}"),
                format!("這手牌算到{name}"),
            )
        })
    } else {
        Hit::Times(1)
    }
}

fn times(n: usize) -> Hit {
    match n {
        0 => no(&["none", "沒有"]),
        n => Hit::Times(n as u8),
    }
}

/// The fan list's own patterns, in [`crate::scoring::Item`] order after the presets' items.
pub(crate) const ITEMS: [ItemDef; Item::FAN] = [
    ItemDef {
        item: Item::FanNineGates,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "九蓮寶燈 (003 fan list 88): 1112345678999 of one suit and any one more tile of it, \
              concealed; in 16 tiles plus one more set, which may be anything, a meld too (003 \
              改良式: 九連寶燈有一搭可隨意吃碰; hk16 九子連環: 加一暗坎或一順子). 不算清一色. \
              The shape of 003 改良式's 純正九連寶燈 and hk16's 九子連環, which both compound with \
              清一色: the fan list's version replaces them (nine_gates_pure, nine_links). Example: \
              11123455678999m + 123p.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            f.yes_if(shape_plus_one_set(f, nine_gates), || {
                ("no 1112345678999 and one more of a suit (with one set)".to_owned(), "沒有同一花色的一一一二三四五六七八九九九再加一張（另加一組）".to_owned())
            })
        }),
    },
    ItemDef {
        item: Item::FanSevenShiftedPairs,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "連七對 (003 fan list 88): seven pairs of consecutive numbers of one suit, concealed; \
              in 16 tiles plus one more set, which may be anything (003 convention, as 大車輪). \
              It reads as runs and a pair (11223344556677 = 123 123 456 456 77). 不算清一色 \
              (青一色), 不求人, 單吊. Example: 11223344556677p + 東東東.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            f.yes_if(shape_plus_one_set(f, seven_shifted_pairs), || {
                ("not seven consecutive pairs of a suit and one set".to_owned(), "不是同一花色七個連續的對子加一組".to_owned())
            })
        }),
    },
    ItemDef {
        item: Item::FanPureTerminals,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "清么九 (003 fan list 64): triplets (kongs) and the pair of 1s and 9s only. 不算碰碰胡, \
              同刻 (三同刻, 雙同刻), 無字. The condition of 003 改良式's 清老頭, whose row counts 碰碰胡 \
              besides (總計16台): the fan list's version, it replaces 清老頭 (all_terminals). \
              Example: 111m 999m 111p 999p 111s 99s.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| f.yes_if(triplets_of(f, Tile::is_terminal), || ("not triplets of 1s and 9s".to_owned(), "不是一和九的刻子".to_owned()))),
    },
    ItemDef {
        item: Item::FanFourConcealed,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "四暗刻 (003 fan list 64): four concealed triplets (暗槓 included; a triplet completed \
              by another player's tile is not concealed, 000 暗刻的認定). 不算門前清, 碰碰胡. The \
              presets' 四暗刻 adds 碰碰胡 (README tiers), so this is the fan list's version: it \
              replaces 四暗刻 (four_concealed) and, as a tier, 三暗刻 and 兩暗刻 (雙暗刻); 五暗刻 replaces it. Example: \
              111m 222p 333s 444s concealed + 567m + 99p on a self-draw.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| concealed_count(f, 4)),
    },
    ItemDef {
        item: Item::FanPureTerminalChows,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "一色雙龍會 (003 fan list 64): two 老少副 of one suit (123 123 789 789) with that suit's \
              5 as the pair; in 16 tiles one more set. 不算平胡, 清一色. Example: 123123789789s + 55s \
              + 東東東.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let ok = (0..3).any(|s| {
                let (lo, hi) = (Tile::new(s * 9), Tile::new(s * 9 + 6));
                lo.zip(hi).is_some_and(|(lo, hi)| runs_of(f, lo) >= 2 && runs_of(f, hi) >= 2)
                    && f.pair.index() == s * 9 + 4
            });
            f.yes_if(ok, || ("no two 123 and two 789 of a suit with its 5 as the pair".to_owned(), "沒有同一花色兩組一二三、兩組七八九，五做眼".to_owned()))
        }),
    },
    ItemDef {
        item: Item::FanFourPureShiftedChows,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "一色四步高 (003 fan list 32): four runs of one suit, each one number higher than the \
              last, or each two higher. 不算清一色, 平胡. Example: 123 234 345 456m, or 123 345 567 \
              789p.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| f.yes_if(shifted_runs(f, 4), || ("no four shifted runs of a suit".to_owned(), "沒有同一花色四組依序錯開的順子".to_owned()))),
    },
    ItemDef {
        item: Item::FanMixedTerminals,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "混么九 (003 fan list 32): triplets (kongs) and the pair of 1s, 9s and honours, with \
              both. 不算碰碰胡. The condition of 003 改良式's 混老頭, whose row counts 碰碰胡 besides \
              (總計8台): the fan list's version, it replaces 混老頭 (mixed_terminals). Example: \
              111m 999p 東東東 中中中 111s 99s.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let (suits, honors) = f.suits();
            let ok = triplets_of(f, |t| t.is_honor() || t.is_terminal()) && honors && suits > 0;
            f.yes_if(ok, || ("not triplets of terminals and honours, with both".to_owned(), "不是么九和字牌的刻子（兩種都要有）".to_owned()))
        }),
    },
    ItemDef {
        item: Item::FanPureTripleChow,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "一色三同順 (003 fan list 24): three equal runs of one suit. 不算一色三頭高 (三連刻). \
              Not with 一色四同順: that row's 不算一色三頭高 is read as 一色三同順 (as the 一色四頭高 \
              row's 不算一色三同順 is read as 一色三頭高, the tier below each). Example: 345m 345m \
              345m.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let ok = f.sets.iter().any(|x| !x.triplet && runs_of(f, x.tile) >= 3);
            f.yes_if(ok, || ("no three equal runs".to_owned(), "沒有三組相同的順子".to_owned()))
        }),
    },
    ItemDef {
        item: Item::FanAllEvenTriplets,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "全雙刻 (003 fan list 24): triplets (kongs) and the pair of suited 2, 4, 6, 8 only. \
              不算碰碰胡, 斷么 (斷么九). Example: 222m 444p 666s 888m 222s 44m.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let ok = triplets_of(f, |t| !t.is_honor() && t.number() % 2 == 0);
            f.yes_if(ok, || ("not triplets of 2, 4, 6, 8".to_owned(), "不是二、四、六、八的刻子".to_owned()))
        }),
    },
    ItemDef {
        item: Item::FanUpperTiles,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "全大 (003 fan list 24): runs, triplets (kongs) and the pair of suited 7, 8, 9 only. \
              不算無字. Example: 789m 789p 777s 888s 999m 99p.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| f.yes_if(only_tiles(f, |t| numbers(t, 7, 9)), || ("a tile other than 7–9".to_owned(), "有七到九以外的牌".to_owned()))),
    },
    ItemDef {
        item: Item::FanMiddleTiles,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "全中 (003 fan list 24, 同上 456): runs, triplets (kongs) and the pair of suited 4, 5, 6 \
              only. 不算斷么 (斷么九), 無字. Example: 456m 456p 456s 444m 555p 66s.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| f.yes_if(only_tiles(f, |t| numbers(t, 4, 6)), || ("a tile other than 4–6".to_owned(), "有四到六以外的牌".to_owned()))),
    },
    ItemDef {
        item: Item::FanLowerTiles,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "全小 (003 fan list 24, 同上 123): runs, triplets (kongs) and the pair of suited 1, 2, 3 \
              only. 不算無字. Example: 123m 123p 123s 111m 222p 33s.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| f.yes_if(only_tiles(f, |t| numbers(t, 1, 3)), || ("a tile other than 1–3".to_owned(), "有一到三以外的牌".to_owned()))),
    },
    ItemDef {
        item: Item::FanPureStraight,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "清龍 (003 fan list 16): 1 to 9 of one suit connected (相連接) as the runs 123, 456, \
              789. 003 改良式's 一條龍 only asks for every number 1–9 in the hand and is worth one \
              less with a 吃: the fan list's version replaces it (straight). Example: 123 456 789p.",
        also: Also::NONE,
        examples: &[
            Example {
                variant: "taiwan tai.fan_pure_straight=16",
                hand: "123456789m234p678p5s",
                melds: &[],
                win: "5s",
                context: "",
                tai: 16,
                source: "003 fan list 清龍 16: 一種花色1~9相連接",
            },
        ],
        check: Check::Reading(|f| {
            let ok = (0..3).any(|s| [0, 3, 6].iter().all(|&n| run_at(f, s * 9 + n)));
            f.yes_if(ok, || ("no 123 456 789 of a suit".to_owned(), "沒有同一花色的一二三、四五六、七八九".to_owned()))
        }),
    },
    ItemDef {
        item: Item::FanThreeSuitTerminalChows,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "三色雙龍會 (003 fan list 16): 老少副 (123 and 789) of two suits and the 5 of the third \
              suit as the pair; in 16 tiles one more set. 不算喜相逢, 老少副, 無字, 平胡. Example: \
              123 789m 123 789p 55s + 456s.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let ok = SUIT_ORDERS.iter().any(|o| {
                (0..2).all(|k| run_at(f, o[k] * 9) && run_at(f, o[k] * 9 + 6))
                    && f.pair.index() == o[2] * 9 + 4
            });
            f.yes_if(ok, || ("no 老少副 of two suits with the third suit's 5 as the pair".to_owned(), "沒有兩種花色的老少副、第三種花色的五做眼".to_owned()))
        }),
    },
    ItemDef {
        item: Item::FanPureShiftedChows,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "一色三步高 (003 fan list 16): three runs of one suit, each one number higher than the \
              last, or each two higher. No 不算 note. Example: 234 345 456s, or 123 345 567s.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| f.yes_if(shifted_runs(f, 3), || ("no three shifted runs of a suit".to_owned(), "沒有同一花色三組依序錯開的順子".to_owned()))),
    },
    ItemDef {
        item: Item::FanAllFives,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "全帶五 (003 fan list 16): every set and the pair hold a suited 5. 不算斷么 (斷么九). \
              Example: 345m 456p 567s 555m 345s 55p.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let five = |t: Tile| !t.is_honor() && t.number() == 5;
            let ok = five(f.pair)
                && f.sets.iter().all(|x| {
                    if x.triplet {
                        five(x.tile)
                    } else {
                        !x.tile.is_honor() && (3..=5).contains(&x.tile.number())
                    }
                });
            f.yes_if(ok, || ("a set or the pair without a 5".to_owned(), "有一組或眼沒有五".to_owned()))
        }),
    },
    ItemDef {
        item: Item::FanUpperFour,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "大於五 (003 fan list 12): runs, triplets (kongs) and the pair of suited 6 to 9 only. \
              不算無字. Example: 678m 789p 666s 999s 678s 88m.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| f.yes_if(only_tiles(f, |t| numbers(t, 6, 9)), || ("a tile other than 6–9".to_owned(), "有六到九以外的牌".to_owned()))),
    },
    ItemDef {
        item: Item::FanLowerFour,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "小於五 (003 fan list 12, 同上 1~4): runs, triplets (kongs) and the pair of suited 1 to 4 \
              only. 不算無字. Example: 123m 234p 444s 111s 234s 22m.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| f.yes_if(only_tiles(f, |t| numbers(t, 1, 4)), || ("a tile other than 1–4".to_owned(), "有一到四以外的牌".to_owned()))),
    },
    ItemDef {
        item: Item::FanThreeWindTriplets,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "三風刻 (003 fan list 12): three wind triplets (kongs), whatever the pair. Not with \
              大四喜 (its row: 三風刻不算) or 小四喜 (不算三風刻). Unlike 003 改良式's 大三風 it does not \
              need the fourth wind absent and keeps 圈風刻, 門風刻. Example: 東東東 南南南 西西西.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let n = f.count_triplets(Tile::is_wind);
            f.yes_if(n >= 3, || (format!("{n} wind triplets"), format!("風牌的刻子 {n} 組")))
        }),
    },
    ItemDef {
        item: Item::FanMixedStraight,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "花龍 (003 fan list 8): three runs of the three suits that join into 1 to 9: 123, 456 \
              and 789, each of another suit. Example: 123m 456p 789s.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let ok = SUIT_ORDERS
                .iter()
                .any(|o| (0..3).all(|k| run_at(f, o[k] * 9 + 3 * k)));
            f.yes_if(ok, || ("no 123 456 789 in three suits".to_owned(), "沒有分在三種花色的一二三、四五六、七八九".to_owned()))
        }),
    },
    ItemDef {
        item: Item::FanMixedTripleChow,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "三色三同順 (003 fan list 8): the same run in 萬, 筒 and 條. 003 改良式's 三色同順 is worth \
              one less with a 吃: the fan list's version has no such rule and replaces it \
              (three_colour_run). Example: 456m 456p 456s.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let ok = (0..7).any(|n| (0..3).all(|s| run_at(f, s * 9 + n)));
            f.yes_if(ok, || ("no run in all three suits".to_owned(), "沒有三種花色都有的同一組順子".to_owned()))
        }),
    },
    ItemDef {
        item: Item::FanMixedShiftedTriplets,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "三色三頭高 (003 fan list 8): triplets (kongs) of the three suits at numbers each one \
              higher. The row writes 順子, word for word the 三色三步高 row; 頭高 is read as \
              triplets, as in 一色三頭高 and 一色四頭高. Example: 333m 444p 555s.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| f.yes_if(mixed_shifted(f, true), || ("no shifted triplets in three suits".to_owned(), "沒有三種花色依序錯開的刻子".to_owned()))),
    },
    ItemDef {
        item: Item::FanReversible,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "推不倒 (003 fan list 8): only tiles that look the same upside down: 1234589 筒, 245689 \
              條 and 白. 不算缺一門. Example: 123p 345p 456s 888s 白白白 99p.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let ok = (0..KINDS).all(|i| {
                f.all[i] == 0 || matches!(i, 9..=13 | 16 | 17 | 19 | 21 | 22 | 23 | 25 | 26 | 31)
            });
            f.yes_if(ok, || ("a tile that is not symmetric".to_owned(), "有不是上下對稱的牌".to_owned()))
        }),
    },
    ItemDef {
        item: Item::FanLastTileDraw,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "妙手回春 (003 fan list 8): self-drawing the last tile of the wall. 不算自摸台. The \
              presets' 海底撈月 is the same win with 自摸 added: the fan list's version replaces it \
              (last_tile). The fan list's own 海底撈月 is the presets' 河底撈魚 (last_discard).",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            if f.ctx.last_tile {
                f.yes_if(f.self_draw(), || ("won on the last discard".to_owned(), "胡的是最後一張打出的牌".to_owned()))
            } else {
                no(&["not the last tile of the wall", "不是牌牆最後一張"])
            }
        }),
    },
    ItemDef {
        item: Item::FanKongBloom,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "槓上開花 (003 fan list 8): winning on the replacement drawn after a kong (暗槓 or 加槓; \
              a 明槓's replacement cannot win, 000), not after a flower (花: 補花成胡算自摸，不算槓上 \
              開花). 不算自摸台. The presets' 槓上開花 takes flower replacements and adds 自摸: the \
              fan list's version replaces it (kong_bloom).",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            f.yes_if(
                matches!(
                    f.ctx.win,
                    WinKind::Replacement(Replacement::Ankan | Replacement::Kakan)
                ),
                || ("not the replacement of a kong".to_owned(), "不是槓後補的牌".to_owned()),
            )
        }),
    },
    ItemDef {
        item: Item::FanChickenHand,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "無番和 (003 fan list 8): no reading of the hand counts any other item of the variant \
              (算不出任何台分); flower items do not count against it (花牌不能算), unlike hk16's 屁胡 \
              (chicken_hand), which counts them. Example (taiwan with 無番和 drawn in): 吃 123m, 456m 789p \
              234s 55p 99s waiting on 5p and 9s, won on a discard of 9s: no other item applies.",
        also: Also::NONE,
        examples: &[
            Example {
                variant: "taiwan tai.fan_chicken_hand=8",
                hand: "456m789p234s55p99s",
                melds: &[("chi", "123m")],
                win: "9s",
                context: "",
                tai: 8,
                source: "003 fan list 無番和 8: 算不出任何台分",
            },
        ],
        check: Check::Hand(chicken_hand),
    },
    ItemDef {
        item: Item::FanTwoConcealedKongs,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "雙暗槓 (003 fan list 6): exactly two 暗槓 (雙: two; a third is not this row). No 不算 \
              note, so 暗槓 still counts for each.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let n = melds_of(f, |k| k == MeldKind::Ankan);
            f.yes_if(n == 2, || (format!("{n} 暗槓"), format!("{n} 個暗槓")))
        }),
    },
    ItemDef {
        item: Item::FanTwoDragonTriplets,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "雙箭刻 (003 fan list 6): exactly two triplets (kongs) of 中, 發, 白 (with the third, \
              大三元 applies instead). No 不算 note. Example: 中中中 發發發.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let n = f.count_triplets(Tile::is_dragon);
            f.yes_if(n == 2, || (format!("{n} dragon triplets"), format!("三元牌的刻子 {n} 組")))
        }),
    },
    ItemDef {
        item: Item::FanMixedShiftedChows,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "三色三步高 (003 fan list 6): runs of the three suits, each starting one number higher. \
              Example: 123m 234p 345s.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| f.yes_if(mixed_shifted(f, false), || ("no shifted runs in three suits".to_owned(), "沒有三種花色依序錯開的順子".to_owned()))),
    },
    ItemDef {
        item: Item::FanAllTypes,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "五門齊 (003 fan list 6): 萬, 筒, 條, a wind and a dragon all in the hand. Example: 123m \
              456p 789s 東東東 中中.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let (suits, _) = f.suits();
            let wind = f.all[27..31].iter().any(|&c| c > 0);
            let dragon = f.all[31..34].iter().any(|&c| c > 0);
            f.yes_if(suits == 3 && wind && dragon, || ("not all three suits, a wind and a dragon".to_owned(), "不是三種花色、風牌、三元牌都有".to_owned()))
        }),
    },
    ItemDef {
        item: Item::FanAllMelded,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "全求人 (003 fan list 6): all five sets 吃, 碰 (or 明槓, 加槓), winning as 單吊 on \
              another player's tile. 不算單吊 (單吊將). The presets' 全求 counts the 單吊's 獨聽 \
              besides: the fan list's version replaces it (all_melded).",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| all_open_then(f, f.claimed_tile(), || ("won by self-draw".to_owned(), "是自摸".to_owned()))),
    },
    ItemDef {
        item: Item::FanConcealedSelfDraw,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "不求人 (003 fan list 6): no 吃, 碰 or 明槓 (暗槓 allowed) and a self-drawn win. 不算自摸. \
              The presets' 不求 adds to 門清 and 自摸 (000: 門清自摸 = 3): the fan list's version \
              replaces all three (concealed_self_draw, concealed; its 門前清 is the discard win).",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| match f.open_meld() {
            Some(m) => f.why(|| (format!("an open meld of {}", m.tile.code()), format!("有{}的副露", m.tile.name()))),
            None => f.yes_if(f.self_draw(), || ("won on another player's tile".to_owned(), "胡的是別家的牌".to_owned())),
        }),
    },
    ItemDef {
        item: Item::FanOutsideHand,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "清老頭 (003 fan list 6: 每副牌，將都有么牌): every set and the pair hold a 1, a 9 or an \
              honour (么牌). Not 003 改良式's 清老頭 (all_terminals, triplets of 1s and 9s: the fan \
              list's 清么九); it is 混帶么/全帶么 without their 門清 rule, and replaces them \
              (mixed_outside, pure_outside). Example: 123m 789p 111s 東東東 789s 99m.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| f.yes_if(outside(f), || ("a set or the pair without a terminal or honour".to_owned(), "有一組或眼沒有么九牌或字牌".to_owned()))),
    },
    ItemDef {
        item: Item::FanTwoMeldedKongs,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "雙明槓 (003 fan list 6): exactly two 明槓 (明槓 row: 明槓 or 加槓). No 不算 note, so \
              明槓 still counts for each.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let n = melds_of(f, |k| matches!(k, MeldKind::Minkan | MeldKind::Kakan));
            f.yes_if(n == 2, || (format!("{n} 明槓"), format!("{n} 個明槓")))
        }),
    },
    ItemDef {
        item: Item::FanLastOfKind,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "胡絕張 (003 fan list 6): the winning tile is the fourth of its kind, the other three \
              already shown on the table (牌池，桌面已亮明的三張牌): the context's `shown` is 3 \
              (rivers and every player's open melds; the game fills it). Without `shown`, only \
              the winner's own exposed melds (吃, 碰, 明槓, 加槓) are seen. 搶槓胡不算胡絕張: never on \
              a robbed 加槓 (whether or not the variant counts 搶槓). Example: 碰 5m, 46m waiting, \
              wins on 5m; or 5m twice in the rivers and once in another player's 吃, wins on 5m.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            if matches!(f.ctx.win, WinKind::RobbingKong { .. }) {
                return no(&["搶槓胡不算胡絕張", "搶槓胡不算胡絕張"]);
            }
            let own = || -> usize {
                f.melds
                    .iter()
                    .filter(|m| m.kind.is_open())
                    .map(|m| {
                        let mut c = [0u8; KINDS];
                        m.add_to(&mut c);
                        usize::from(c[f.win_tile.index()])
                    })
                    .sum()
            };
            let shown = f.ctx.shown.map_or_else(own, usize::from);
            f.yes_if(shown == 3, || {
                let (on, zh) = if f.ctx.shown.is_some() {
                    ("on the table", "桌上")
                } else {
                    ("in the winner's melds", "胡牌者的副露裡")
                };
                (
                    format!("{shown} of {} shown {on}", f.win_tile.code()),
                    format!("{zh}看得到的{}只有 {shown} 張", f.win_tile.name()),
                )
            })
        }),
    },
    ItemDef {
        item: Item::FanConcealedDiscard,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "門前清 (003 fan list 2): no 吃, 碰 or 明槓 and a win on another player's tile (a self-draw \
              is 不求人). The presets' 門清 counts on a self-draw too: the fan list's version \
              replaces it (concealed).",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| match f.open_meld() {
            Some(m) => f.why(|| (format!("an open meld of {}", m.tile.code()), format!("有{}的副露", m.tile.name()))),
            None => f.yes_if(f.claimed_tile(), || ("won by self-draw".to_owned(), "是自摸".to_owned())),
        }),
    },
    ItemDef {
        item: Item::FanAllChows,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "平胡 (003 fan list 2): all five sets runs and a suited pair; 邊, 坎, 吊 do not matter, \
              nor flowers, 門清 or 自摸. Not the presets' 平胡 (two-sided wait, no flower, a claimed \
              tile): the fan list's version replaces it (ping_hu). Not with 一色四同順 (its row: \
              不算平胡). Example: 123m 456m 789p 234s 678s 55p, any wait.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let runs = f.sets.iter().all(|x| !x.triplet);
            f.yes_if(runs && !f.pair.is_honor(), || ("a triplet or an honour pair".to_owned(), "有刻子或字牌做眼".to_owned()))
        }),
    },
    ItemDef {
        item: Item::FanTileHog,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "四聚一 (003 fan list 2): all four of a kind in the hand's sets and pair, not as a kong. \
              Not with 一色四同順 (its row: 不算四聚一). Example: 2223m + 234m … (four 2m).",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let kong = |i: usize| {
                f.melds
                    .iter()
                    .any(|m| m.kind.is_kong() && m.tile.index() == i)
            };
            let ok = (0..KINDS).any(|i| f.all[i] == 4 && !kong(i));
            f.yes_if(ok, || ("no kind held four times outside a kong".to_owned(), "沒有不成槓的四張同樣的牌".to_owned()))
        }),
    },
    ItemDef {
        item: Item::FanConcealedKong,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "暗槓 (003 fan list 2): per 暗槓 (four self-drawn tiles made a kong).",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| times(melds_of(f, |k| k == MeldKind::Ankan))),
    },
    ItemDef {
        item: Item::FanDoubleSameTriplets,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "雙同刻 (003 fan list 2): triplets (kongs) of the same number in exactly two suits (in \
              three it is 三同刻). Not with 清么九 (its row: 不算同刻). Example: 555m 555s.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let ok = (0..9).any(|n| (0..3).filter(|&s| triplet_at(f, s * 9 + n)).count() == 2);
            f.yes_if(ok, || ("no number tripled in exactly two suits".to_owned(), "沒有剛好兩種花色同一數字的刻子".to_owned()))
        }),
    },
    ItemDef {
        item: Item::FanPureDoubleChow,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "一般高 (003 fan list 1): two equal runs of one suit, melded or not (003 改良式's 一盃口 \
              needs one concealed). Not with 一色四同順 (its row: 不算一般高). Example: 234p 234p.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let ok = f.sets.iter().any(|x| !x.triplet && runs_of(f, x.tile) >= 2);
            f.yes_if(ok, || ("no two equal runs".to_owned(), "沒有兩組相同的順子".to_owned()))
        }),
    },
    ItemDef {
        item: Item::FanMixedDoubleChow,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "喜相逢 (003 fan list 1): the same run in two suits. Not with 三色雙龍會 (its row: \
              不算喜相逢). Example: 345m 345s.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let ok = (0..7).any(|n| (0..3).filter(|&s| run_at(f, s * 9 + n)).count() >= 2);
            f.yes_if(ok, || ("no run in two suits".to_owned(), "沒有兩種花色同樣的順子".to_owned()))
        }),
    },
    ItemDef {
        item: Item::FanTerminalHonorTriplet,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "么九刻 (003 fan list 1): per triplet (kong) of a 1, a 9 or an honour.",
        also: Also::NONE,
        examples: &[
            Example {
                variant: "taiwan tai.fan_terminal_honor_triplet=1",
                hand: "111m999p456s23p678m55s",
                melds: &[],
                win: "4p",
                context: "",
                tai: 2,
                source: "003 fan list 么九刻 1 per triplet of 19 or honours",
            },
        ],
        check: Check::Reading(|f| times(usize::from(f.count_triplets(|t| t.is_honor() || t.is_terminal())))),
    },
    ItemDef {
        item: Item::FanTerminalChows,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "老少副 (003 fan list 1): 123 and 789 of one suit. Not with 三色雙龍會 (its row: 不算 \
              老少副). Example: 123s 789s.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let ok = (0..3).any(|s| run_at(f, s * 9) && run_at(f, s * 9 + 6));
            f.yes_if(ok, || ("no 123 and 789 of a suit".to_owned(), "沒有同一花色的一二三和七八九".to_owned()))
        }),
    },
    ItemDef {
        item: Item::FanOneSuitMissing,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "缺一門 (003 fan list 1): exactly two of 萬, 筒, 條 in the hand (honours or not). Not \
              with 推不倒 (its row: 不算缺一門). Example: 萬 and 筒 only.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let (suits, _) = f.suits();
            f.yes_if(suits == 2, || (format!("{suits} suits"), format!("{suits} 種花色")))
        }),
    },
    ItemDef {
        item: Item::FanSingleWait,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "單吊將 (003 fan list 1): the winning tile completes the pair, the hand having waited on \
              that kind only (as 邊張, 坎張: 12345 胡3 is not 邊張). Not with 連七對, 全求人 (their \
              rows: 不算單吊).",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| only_wait(f, Shape::Tanki)),
    },
    ItemDef {
        item: Item::FanShortStraight,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "連六 (003 fan list 1): six consecutive numbers of one suit as two runs (123 456, 234 \
              567, …). Example: 345p 678p.",
        also: Also::NONE,
        examples: &[
            Example {
                variant: "taiwan tai.fan_short_straight=1",
                hand: "123m456m789p23s678s55p",
                melds: &[],
                win: "4s",
                context: "",
                tai: 1,
                source: "003 fan list 連六 1: 一種花色六張相連接",
            },
        ],
        check: Check::Reading(|f| {
            let ok = (0..3).any(|s| (0..4).any(|n| run_at(f, s * 9 + n) && run_at(f, s * 9 + n + 3)));
            f.yes_if(ok, || ("no two runs of a suit joining into six".to_owned(), "沒有同一花色兩組順子連成六張".to_owned()))
        }),
    },
    ItemDef {
        item: Item::FanEdgeWait,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "邊張 (003 fan list 1): the 3 of 12 or the 7 of 89, the hand having waited on that kind \
              only: 12 胡3 and 12333 胡3 are 邊張, 12345 胡3 (also waiting on 6) is not.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| only_wait(f, Shape::Penchan)),
    },
    ItemDef {
        item: Item::FanClosedWait,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "坎張 (003 fan list 1): the middle tile of a run, the hand having waited on that kind \
              only: 4556 胡5 is 坎張, 45567 胡6 (also waiting on 3) is not.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| only_wait(f, Shape::Kanchan)),
    },
    ItemDef {
        item: Item::FanMeldedKong,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "明槓 (003 fan list 1): per 明槓 or 加槓 (a discard on one's concealed triplet, or one's \
              own draw added to a 碰).",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| times(melds_of(f, |k| matches!(k, MeldKind::Minkan | MeldKind::Kakan)))),
    },
    ItemDef {
        item: Item::FanFlower,
        scope: Scope::AfterWin,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "花 (003 fan list 1): 1 per flower held (春夏秋冬梅蘭菊竹). 不算在起胡分內，胡牌後記分: \
              it is left out of the tai the variant's min_tai compares (scope AfterWin, \
              Score::threshold_tai) and still paid with the hand. 補花成胡 is 自摸, not 槓上開花 \
              (see fan_kong_bloom).",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| times(f.ctx.flowers.count_ones() as usize)),
    },
];
