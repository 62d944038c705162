//! The 000 台數表 (`taiwan`, the default), with the 002 骰規台 that `american` adds: one entry
//! per item, in [`Item`] order. Source: 000 台數表 and its 備註, 字一色的複合, 平胡的認定,
//! 暗刻的認定, 花牌與花胡, 嗆聽與 MIGI; 002 骰規台.

use crate::rules::DiceShape;
use crate::scoring::context::{Declaration, WinKind};
use crate::scoring::items::{
    all_open_then, concealed_count, how_won, meld_name, no, not_first_turn, wind_flower_snow_moon,
    Check, Hit, Item, ItemDef, Scope, NONE,
};
use crate::scoring::items::{Also, Example, Needs};
use crate::tile::{Tile, KINDS};
use crate::waits::Shape;

/// The table's entries, in [`Item`] order.
pub(crate) const ITEMS: [ItemDef; 35] = [
    ItemDef {
        item: Item::Dealer,
        scope: Scope::DealerPair,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "莊家 (000 台數表, 計分): 1 tai when the winner or the payer is the dealer, counted only \
              on the line between the dealer and that counterpart. Example 三: the dealer's 門清自摸 \
              is 3 + 莊家 1 = 4 from each payer.",
        // Judged after the hand (003 註16 reads the hand's 天胡), applied per payment line.
        also: Also::NONE,
        examples: &[
            Example {
                variant: "taiwan",
                hand: "123m456m789m23p678p55s",
                melds: &[],
                win: "4p",
                context: "winner=0",
                tai: 1,
                source: "000 台數表 莊家, 計分: the dealer wins, 莊家 1 on each line",
            },
        ],
        check: Check::Context(|w| {
            // 003 註16: 天胡不計莊家一台 (improved16; heaven_win_dealer off).
            if w.counted[Item::HeavenWin as usize] > 0 && !w.variant.heaven_win_dealer {
                w.why(|| ("天胡不計莊家一台 (003 註16)".to_owned(), "天胡不計莊家一台（003 註16）".to_owned()))
            } else {
                Hit::Times(1)
            }
        }),
    },
    ItemDef {
        item: Item::DealerStreak,
        scope: Scope::DealerPair,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "連莊拉莊 (000 台數表): 2N tai (this value × N) after N 連莊, only between the dealer and \
              the counterpart; with 莊家 it makes 2N + 1 (連二拉二 = 5). Example 一: 連莊 2 gives the \
              dealer's share 3 + 3 + 5 = 11.",
        also: Also::NONE,
        examples: &[
            Example {
                variant: "taiwan",
                hand: "123m456m789m23p678p55s",
                melds: &[],
                win: "4p",
                context: "winner=0 streak=2",
                tai: 4,
                source: "000 台數表 連莊拉莊 2N (001 連二拉二五台 with 莊家 1)",
            },
        ],
        check: Check::Context(|w| match w.ctx.streak {
            0 => no(&["the dealer has no 連莊", "莊家沒有連莊"]),
            n => Hit::Times(n),
        }),
    },
    ItemDef {
        item: Item::Concealed,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "門清 (000 台數表): no 吃, 碰, 明槓 or 加槓; an 暗槓 keeps it. Not counted with 天胡, 地胡, \
              人胡, MIGI. Example: a fully concealed hand winning on a discard scores 門清 1.",
        also: Also::WHOLE_HAND,
        examples: &[
            Example {
                variant: "taiwan",
                hand: "123m456m789m23p678p55s",
                melds: &[],
                win: "4p",
                context: "",
                tai: 1,
                source: "000 台數表 門清",
            },
            Example {
                variant: "taiwan",
                hand: "456m789m23p678p55s",
                melds: &[("chi", "123m")],
                win: "4p",
                context: "",
                tai: 0,
                source: "000 台數表 門清: a 吃 ends it",
            },
        ],
        check: Check::Reading(|f| match f.breaks_concealed() {
            Some(m) => f.why(|| (format!("{} of {}", meld_name(m.kind), m.tile.code()), format!("有{}（{}）", meld_name(m.kind), m.tile.name()))),
            None => Hit::Times(1),
        }),
    },
    ItemDef {
        item: Item::SelfDraw,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::SELF_DRAW,
        doc: "自摸 (000 台數表): the winner drew the winning tile (a replacement draw too). Not counted \
              with 天胡, 地胡; kept with MIGI. 七搶一 case 2 is paid as a discard and is not 自摸.",
        also: Also {
            manner: true,
            whole_hand: true,
            four_kongs: true,
        },
        examples: &[
            Example {
                variant: "taiwan",
                hand: "123m456m789m23p678p55s",
                melds: &[],
                win: "4p",
                context: "win=self_draw",
                tai: 1,
                source: "000 台數表 自摸",
            },
            Example {
                variant: "taiwan",
                hand: "123m456m789m23p678p55s",
                melds: &[],
                win: "4p",
                context: "",
                tai: 0,
                source: "000 台數表 自摸: not on a discard",
            },
        ],
        check: Check::Reading(|f| f.yes_if(f.self_draw(), || how_won(f.ctx))),
    },
    ItemDef {
        item: Item::ConcealedSelfDraw,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::SELF_DRAW,
        doc: "不求 (000 台數表): 門清 and 自摸 (an 暗槓 allowed), so 門清 + 自摸 + 不求 = 3. Not counted \
              with 天胡, 地胡, MIGI. Example 一: 門清自摸 = 3 tai.",
        also: Also {
            manner: true,
            whole_hand: true,
            four_kongs: false,
        },
        examples: &[
            Example {
                variant: "taiwan",
                hand: "123m456m789m23p678p55s",
                melds: &[],
                win: "4p",
                context: "win=self_draw",
                tai: 1,
                source: "000 計分 範例一: 門清自摸 = 門清 + 自摸 + 不求 = 3",
            },
            Example {
                variant: "taiwan",
                hand: "456m789m23p678p55s",
                melds: &[("chi", "123m")],
                win: "4p",
                context: "win=self_draw",
                tai: 0,
                source: "000 台數表 不求: 門清 and 自摸",
            },
        ],
        check: Check::Reading(|f| match f.breaks_concealed() {
            Some(m) => f.why(|| (format!("{} of {}", meld_name(m.kind), m.tile.code()), format!("有{}（{}）", meld_name(m.kind), m.tile.name()))),
            None => f.yes_if(f.self_draw(), || how_won(f.ctx)),
        }),
    },
    ItemDef {
        item: Item::RoundWind,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::WIND_SET,
        doc: "圈風 (000 台數表): a triplet or kong of the round wind. Counted with 門風 when they are the \
              same wind; not with 大四喜, 字一色 (nor 小四喜, whose row says so).",
        also: Also {
            manner: false,
            whole_hand: false,
            four_kongs: true,
        },
        examples: &[
            Example {
                variant: "taiwan",
                hand: "111z456m789m23p678p55s",
                melds: &[],
                win: "4p",
                context: "",
                tai: 1,
                source: "000 台數表 圈風: a 東 triplet in the 東 round",
            },
        ],
        check: Check::Reading(|f| {
            let t = f.ctx.round_wind.tile();
            f.yes_if(f.triplet_of(t), || (format!("no triplet of {}", t.name()), format!("沒有{}的刻子", t.name())))
        }),
    },
    ItemDef {
        item: Item::SeatWind,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::WIND_SET,
        doc: "門風 (000 台數表): a triplet or kong of the winner's own seat wind; with 圈風 when both are \
              the same tile. Not with 大四喜, 字一色 (nor 小四喜).",
        also: Also {
            manner: false,
            whole_hand: false,
            four_kongs: true,
        },
        examples: &[
            Example {
                variant: "taiwan",
                hand: "111z456m789m23p678p55s",
                melds: &[],
                win: "4p",
                context: "",
                tai: 0,
                source: "000 台數表 門風: 東 is not seat 南's wind",
            },
            Example {
                variant: "taiwan",
                hand: "222z456m789m23p678p55s",
                melds: &[],
                win: "4p",
                context: "",
                tai: 1,
                source: "000 台數表 門風: seat 南's 南 triplet",
            },
        ],
        check: Check::Reading(|f| {
            let t = f.ctx.seat_wind.tile();
            f.yes_if(f.triplet_of(t), || (format!("no triplet of {}", t.name()), format!("沒有{}的刻子", t.name())))
        }),
    },
    ItemDef {
        item: Item::Dragon,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::DRAGON_SET,
        doc: "三元牌 (000 台數表): 1 tai per triplet or kong of 中, 發 or 白. Not with 小三元, 大三元, 字一色. \
              Under 風花雪月 (003 註九) the 白 triplet is not counted.",
        also: Also {
            manner: false,
            whole_hand: false,
            four_kongs: true,
        },
        examples: &[],
        check: Check::Reading(|f| {
            // 003 註九: 風花雪月 不計白皮台.
            let snow = f.variant.has(Item::WindFlowerSnowMoon) && wind_flower_snow_moon(f);
            match f.count_triplets(Tile::is_dragon) - u8::from(snow) {
                0 => no(&["no triplet of 中, 發 or 白", "沒有中、發、白的刻子"]),
                n => Hit::Times(n),
            }
        }),
    },
    ItemDef {
        item: Item::SeatFlower,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::FLOWER,
        doc: "正花 (000 台數表, 門風與正花): 1 tai per flower of the winner's seat wind (東 春梅, 南 夏蘭, \
              西 秋菊, 北 冬竹), at most 2; a 正花 inside a 花槓 still counts.",
        also: Also {
            manner: true,
            whole_hand: true,
            four_kongs: true,
        },
        examples: &[],
        check: Check::Reading(|f| {
            let seat = f.ctx.seat_wind as usize;
            let n = (0..8)
                .filter(|&i| f.ctx.flowers >> i & 1 == 1 && i % 4 == seat)
                .count() as u8;
            match n.min(2) {
                0 => f.why(|| (format!("no flower of the seat wind {}", f.ctx.seat_wind.tile().name()), format!("沒有門風{}的花", f.ctx.seat_wind.tile().name()))),
                n => Hit::Times(n),
            }
        }),
    },
    ItemDef {
        item: Item::FlowerKong,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::FLOWER,
        doc: "花槓 (000 台數表): 1 tai for all of 春夏秋冬, 1 for all of 梅蘭菊竹 (2 for both).",
        also: Also {
            manner: true,
            whole_hand: true,
            four_kongs: true,
        },
        examples: &[],
        check: Check::Reading(|f| {
            let n = u8::from(f.ctx.flowers & 0x0F == 0x0F) + u8::from(f.ctx.flowers & 0xF0 == 0xF0);
            match n {
                0 => no(&["neither 春夏秋冬 nor 梅蘭菊竹 complete", "春夏秋冬、梅蘭菊竹都沒有湊齊"]),
                n => Hit::Times(n),
            }
        }),
    },
    ItemDef {
        item: Item::SingleWait,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "獨聽 (000 台數表): the hand before the win waited on one kind only (kinds it holds all 4 \
              of are not waits, README), and the winning tile is an edge (邊張), closed (嵌張) or pair \
              (單吊) wait. Not with 平胡; not with 天胡. Example: 13m … waits only on 2m, 嵌張.",
        also: Also::NONE,
        examples: &[
            Example {
                variant: "taiwan",
                hand: "12m456m789m123p456p99s",
                melds: &[],
                win: "3m",
                context: "",
                tai: 1,
                source: "000 台數表 獨聽; 001 獨聽說明: 一萬、二萬聽三萬",
            },
            Example {
                variant: "taiwan",
                hand: "123m456m789m23p678p55s",
                melds: &[],
                win: "4p",
                context: "",
                tai: 0,
                source: "000 台數表 獨聽: 23p waits on 1p and 4p",
            },
        ],
        check: Check::Reading(|f| {
            // 001 獨聽說明: 也有人玩「抓得出來」就有台 (a house rule): the reading decides alone.
            // The waits are only looked at where they decide something: on a single-wait shape,
            // or for the reason (a reading of another shape never counts 獨聽 either way).
            let single = f.shape.is_single();
            let looked = (single || f.explain) && f.waits_before().is_power_of_two();
            if looked || f.variant.scoring.single_wait_extractable {
                f.yes_if(single, || (format!("won on a {} wait", f.shape.name()), format!("聽的是{}", f.shape.name())))
            } else {
                f.why(|| (format!("the hand waited on {}", f.wait_list()), format!("這手牌聽{}", f.wait_names())))
            }
        }),
    },
    ItemDef {
        item: Item::AllMelded,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::MELD,
        doc: "全求 (000 台數表): all five sets (four at `hand_size` 13) are 吃, 碰, 明槓 or 加槓 (not 暗槓), one tile waits as 單吊, \
              and the win is another player's tile (a discard, or a robbed kong per README). Not on \
              自摸 (no 半求); the 獨聽 of the 單吊 counts besides.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| all_open_then(f, f.claimed_tile(), || how_won(f.ctx))),
    },
    ItemDef {
        item: Item::RobbingKong,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::ROBBING_KONG,
        doc: "搶槓 (000 台數表): the winning tile is the one another player added to a 碰 (加槓); only \
              加槓 can be robbed. The 加槓 player alone pays.",
        also: Also {
            manner: true,
            whole_hand: true,
            four_kongs: false,
        },
        examples: &[],
        check: Check::Reading(|f| f.yes_if(matches!(f.ctx.win, WinKind::RobbingKong { .. }), || how_won(f.ctx))),
    },
    ItemDef {
        item: Item::KongBloom,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::REPLACEMENT,
        doc: "槓上開花 (000 台數表, 花牌與花胡): winning on the replacement drawn after a flower, an 暗槓 \
              or a 加槓 (never after a 明槓), including the replacement of a 七搶一. Not with 天胡; \
              with 地胡 and 海底撈月 it adds.",
        also: Also::MANNER,
        examples: &[],
        check: Check::Reading(|f| {
            // 003 fan list 花 1: 花牌補花成胡算自摸，不算槓上開花 (with that row drawn in).
            if f.ctx.win == WinKind::Replacement(crate::scoring::context::Replacement::Flower)
                && (f.variant.has(Item::FanFlower) || f.variant.scoring.fan_notes)
            {
                return no(&["花牌補花成胡算自摸，不算槓上開花 (003 fan list 花)", "補花成胡算自摸，不算槓上開花（003 番表 花）"]);
            }
            // 003 hk16 槓上花 (`kong_bloom_flower` off): a flower's replacement is no 槓.
            let after_flower = matches!(
                f.ctx.win,
                WinKind::Replacement(crate::scoring::context::Replacement::Flower)
                    | WinKind::AfterRobbingFlower { .. }
            );
            if after_flower && !f.variant.scoring.kong_bloom_flower {
                return no(&["the replacement after a flower, not a kong (kong_bloom_flower)", "補花後補進的牌，不是開槓（kong_bloom_flower）"]);
            }
            f.yes_if(
                matches!(f.ctx.win, WinKind::Replacement(_) | WinKind::AfterRobbingFlower { .. }),
                || how_won(f.ctx),
            )
        }),
    },
    ItemDef {
        item: Item::LastTile,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::LAST_TILE,
        doc: "海底撈月 (000 台數表): self-drawing the last drawable tile of the wall, also as a replacement \
              (then with 槓上開花), and with 自摸. Winning on the last discard scores nothing (no 河底撈魚).",
        also: Also::MANNER,
        examples: &[
            Example {
                variant: "taiwan",
                hand: "123m456m789m23p678p55s",
                melds: &[],
                win: "4p",
                context: "win=self_draw last_tile",
                tai: 1,
                source: "000 台數表 海底撈月",
            },
            Example {
                variant: "taiwan",
                hand: "123m456m789m23p678p55s",
                melds: &[],
                win: "4p",
                context: "last_tile",
                tai: 0,
                source: "000 台數表 海底撈月: the last discard scores nothing (no 河底撈魚)",
            },
        ],
        check: Check::Reading(|f| {
            if f.ctx.last_tile {
                f.yes_if(f.self_draw(), || {
                    let (en, zh) = how_won(f.ctx);
                    (
                        format!("{en}; the last discard scores nothing (no 河底撈魚)"),
                        format!("{zh}；胡最後一張打出的牌不算（沒有河底撈魚）"),
                    )
                })
            } else {
                no(&["not the last tile of the wall", "不是牌牆最後一張"])
            }
        }),
    },
    ItemDef {
        item: Item::DeclaredReady,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::DECLARED,
        doc: "嗆聽 (000 台數表, 嗆聽與 MIGI): winning after declaring ready. A MIGI declaration is not \
              counted again as 嗆聽.",
        also: Also::WHOLE_HAND,
        examples: &[],
        check: Check::Reading(|f| f.yes_if(f.ctx.declared != Declaration::None, || ("no declaration".to_owned(), "沒有宣告".to_owned()))),
    },
    ItemDef {
        item: Item::PingHu,
        scope: Scope::Hand,
        merges: NONE,
        // 001 平胡說明 貳 (有其他台種無平胡), a house rule (`ping_hu_alone`): 平胡 stands alone
        // or not at all, dropped by the first other item the reading counts.
        after_notes: Some(|f, counted| {
            if !f.variant.scoring.ping_hu_alone {
                return None;
            }
            (0..Item::COUNT)
                .filter(|&i| i != Item::PingHu as usize && counted[i] > 0)
                .find_map(Item::from_index)
        }),
        needs: Needs::CLAIMED.and(Needs::NO_HONOR),
        doc: "平胡 (000 台數表, 平胡的認定): five runs (four at `hand_size` 13), a suited pair, no honour anywhere, no flower, \
              another player's tile, not 門清, and the winning tile sits in a run as the open end of a \
              two-sided wait. Not 單吊, 邊張, 嵌張; not with 獨聽. Example: 2223456m + 123456789p wins \
              平胡 on 1m, 4m, 7m but not on 3m, 6m (the pair). With the variant's ping_hu_concealed \
              (001 平胡說明: 門清無平胡 is only a stricter house rule) a 門清 hand counts too; with \
              ping_hu_alone (001 平胡說明 貳: 有其他台種無平胡) it is dropped when the reading counts \
              any other item.",
        also: Also::NONE,
        examples: &[
            Example {
                variant: "taiwan",
                hand: "2223456m456789p",
                melds: &[("chi", "123p")],
                win: "1m",
                context: "",
                tai: 2,
                source: "000 平胡的認定 例: 二二二三四五六萬, 胡一、四、七萬算平胡 (with a 吃: 門清不計平胡)",
            },
            Example {
                variant: "taiwan",
                hand: "2223456m456789p",
                melds: &[("chi", "123p")],
                win: "3m",
                context: "",
                tai: 0,
                source: "000 平胡的認定 例: 胡三、六萬是以該張作將眼，不算平胡",
            },
        ],
        check: Check::Reading(|f| {
            if let Some(s) = f.sets.iter().find(|s| s.triplet) {
                f.why(|| (format!("a triplet of {}", s.tile.code()), format!("有{}的刻子", s.tile.name())))
            } else if f.all[27..].iter().any(|&c| c > 0) {
                no(&["the hand holds an honour tile", "手牌有字牌"])
            } else if f.ctx.flowers != 0 && !f.variant.ping_hu_other_flowers {
                no(&["the hand holds a flower", "有花牌"])
            } else if (0..8).any(|i| f.ctx.flowers >> i & 1 == 1 && i % 4 == f.ctx.seat_wind as usize) {
                no(&["the hand holds a flower of the seat wind (本花)", "有本花（自己門風的花）"])
            } else if !f.claimed_tile() {
                f.why(|| how_won(f.ctx))
            } else if f.breaks_concealed().is_none() && !f.variant.ping_hu_concealed {
                no(&["門清 (a concealed hand does not count 平胡)", "門清（門清不計平胡）"])
            } else if f.variant.scoring.ping_hu_two_waits && f.waits_before().count_ones() > 2 {
                // 001 平胡說明 參: 聽超過兩種牌沒平胡 (a house rule).
                f.why(|| (format!("the hand waited on {} (more than two kinds)", f.wait_list()), format!("這手牌聽{}（超過兩種）", f.wait_names())))
            } else if let Some(t) = f
                .variant
                .scoring
                .ping_hu_no_three_alike
                .then(|| (0..KINDS).find(|&i| f.all[i] >= 3).and_then(Tile::new))
                .flatten()
            {
                // 001 平胡說明 肆: 手牌有三張同樣的牌沒平胡 (a house rule).
                f.why(|| (format!("the hand holds three {}", t.code()), format!("手牌有三張{}", t.name())))
            } else {
                // 000 平胡的認定: 胡的那張牌必須落在順子裡，而且那個搭子原本聽兩張; `ping_hu_wait`
                // = any (a house rule, issue #30) counts 單吊, 邊張 and 嵌張 too.
                let any_wait = f.variant.scoring.ping_hu_wait == crate::rules::PingHuWait::Any;
                f.yes_if(any_wait || f.shape == Shape::Ryanmen, || {
                    (format!("{} won on a {} wait", f.win_tile.code(), f.shape.name()), format!("胡{}，聽的是{}", f.win_tile.name(), f.shape.name()))
                })
            }
        }),
    },
    ItemDef {
        item: Item::ThreeConcealed,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::TRIPLETS_3,
        doc: "三暗刻 (000 台數表, 暗刻的認定): three concealed triplets; an 暗槓 counts, a triplet \
              completed by another player's tile does not, a self-drawn one does. A tier: not with \
              四暗刻 or 五暗刻 (README).",
        also: Also::NONE,
        examples: &[
            Example {
                variant: "taiwan",
                hand: "111m222p333s44s55m789p",
                melds: &[],
                win: "5m",
                context: "",
                tai: 2,
                source: "000 暗刻的認定: the triplet completed by another player's tile is not 暗刻",
            },
            Example {
                variant: "taiwan",
                hand: "111m222p333s44s55m789p",
                melds: &[],
                win: "5m",
                context: "win=self_draw",
                tai: 0,
                source: "000 暗刻的認定 (自摸湊成的算) and the tiers: four 暗刻 are 四暗刻",
            },
        ],
        check: Check::Reading(|f| concealed_count(f, 3)),
    },
    ItemDef {
        item: Item::AllTriplets,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::TRIPLETS_4,
        doc: "碰碰胡 (000 台數表): all five sets (four at `hand_size` 13) are triplets or kongs. Not with 字一色.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| match f.sets.iter().find(|s| !s.triplet) {
            Some(s) => f.why(|| (format!("a run from {}", s.tile.code()), format!("有{}起的順子", s.tile.name()))),
            None => Hit::Times(1),
        }),
    },
    ItemDef {
        item: Item::SmallDragons,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::DRAGON_SET,
        doc: "小三元 (000 台數表): two triplets of 中發白 and the third as the pair. 三元牌 not counted \
              besides; with 字一色 it merges into 字一色（小三元）.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let n = f.count_triplets(Tile::is_dragon);
            f.yes_if(n == 2 && f.pair.is_dragon(), || (format!("{n} dragon triplets, pair {}", f.pair.code()), format!("三元牌的刻子 {n} 組，眼是{}", f.pair.name())))
        }),
    },
    ItemDef {
        item: Item::HalfFlush,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::HONOR.and(Needs::ONE_SUIT),
        doc: "混一色 (000 台數表): one suit of number tiles plus honour tiles.",
        also: Also::WHOLE_HAND,
        examples: &[],
        check: Check::Reading(|f| {
            let (suits, honors) = f.suits();
            f.yes_if(suits == 1 && honors, || (format!("{suits} suits, honours {honors}"), format!("{suits} 種花色，{}", if honors { "有字牌" } else { "沒有字牌" })))
        }),
    },
    ItemDef {
        item: Item::FourConcealed,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::TRIPLETS_4,
        doc: "四暗刻 (000 台數表): four concealed triplets, judged as for 三暗刻. Replaces 三暗刻; \
              replaced by 五暗刻 (README tiers).",
        also: Also::NONE,
        examples: &[
            Example {
                variant: "taiwan",
                hand: "111m222p333s44s55m789p",
                melds: &[],
                win: "5m",
                context: "win=self_draw",
                tai: 5,
                source: "000 暗刻的認定: 自摸湊成的算 (四暗刻 5)",
            },
        ],
        check: Check::Reading(|f| concealed_count(f, 4)),
    },
    ItemDef {
        item: Item::FiveConcealed,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::TRIPLETS_4,
        doc: "五暗刻 (000 台數表): five concealed triplets (none at `hand_size` 13), judged as for 三暗刻; adds to 字一色 (outside \
              the composite merge). Replaces 三暗刻 and 四暗刻 (README tiers).",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| concealed_count(f, 5)),
    },
    ItemDef {
        item: Item::BigDragons,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::DRAGON_SET,
        doc: "大三元 (000 台數表): triplets of 中, 發 and 白. 三元牌 not counted besides.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let n = f.count_triplets(Tile::is_dragon);
            f.yes_if(n == 3, || (format!("{n} dragon triplets"), format!("三元牌的刻子 {n} 組")))
        }),
    },
    ItemDef {
        item: Item::SmallWinds,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::WIND_SET,
        doc: "小四喜 (000 台數表): three wind triplets and the fourth wind as the pair. 圈風 and 門風 not \
              counted besides.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let n = f.count_triplets(Tile::is_wind);
            f.yes_if(n == 3 && f.pair.is_wind(), || (format!("{n} wind triplets, pair {}", f.pair.code()), format!("風牌的刻子 {n} 組，眼是{}", f.pair.name())))
        }),
    },
    ItemDef {
        item: Item::FullFlush,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NO_HONOR.and(Needs::ONE_SUIT),
        doc: "清一色 (000 台數表): one suit of number tiles only, no honour.",
        also: Also::WHOLE_HAND,
        examples: &[],
        check: Check::Reading(|f| {
            let (suits, honors) = f.suits();
            f.yes_if(suits == 1 && !honors, || (format!("{suits} suits, honours {honors}"), format!("{suits} 種花色，{}", if honors { "有字牌" } else { "沒有字牌" })))
        }),
    },
    ItemDef {
        item: Item::HumanWin,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "人胡 (000 台數表, 天胡、地胡、人胡): a non-dealer who has not discarded wins on a discard \
              while nobody has called or kong'd; also the replacement win after a 七搶一 it did not \
              draw for (case 2, paid as a discard). Not with 門清.",
        also: Also::WHOLE_HAND,
        examples: &[],
        check: Check::Reading(|f| {
            if f.variant.scoring.human_win_declared {
                // 003 改良式 人胡: 必為天聽，在各家未吃碰下八張牌內有人放槍.
                return if f.ctx.declared != Declaration::HeavenReady {
                    no(&["no 天聽 declaration (003 人胡: 必為天聽)", "沒有宣告天聽（003 人胡：必為天聽）"])
                } else if !f.ctx.first_eight {
                    no(&["not within the first eight discards with nobody having called", "不是在沒人吃碰的前八張牌內"])
                } else {
                    f.yes_if(matches!(f.ctx.win, WinKind::Discard { .. }), || how_won(f.ctx))
                };
            }
            if f.is_dealer() {
                no(&["the winner is the dealer", "胡牌者是莊家"])
            } else if let Some(r) = not_first_turn(f) {
                r
            } else {
                let discard_like = matches!(
                    f.ctx.win,
                    WinKind::Discard { .. } | WinKind::AfterRobbingFlower { .. }
                );
                f.yes_if(discard_like, || how_won(f.ctx))
            }
        }),
    },
    ItemDef {
        item: Item::Migi,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::DECLARED,
        doc: "MIGI (000 嗆聽與 MIGI): winning after declaring ready within the first 8 discards with no \
              call or kong before. Not with 門清, 不求, 嗆聽; 自摸 is kept.",
        also: Also::WHOLE_HAND,
        examples: &[],
        check: Check::Reading(|f| f.yes_if(f.ctx.declared == Declaration::Migi, || ("no MIGI declaration".to_owned(), "沒有宣告 MIGI".to_owned()))),
    },
    ItemDef {
        item: Item::SevenRobOne,
        scope: Scope::FlowerWin,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "七搶一 (000 花牌與花胡): holding 7 flowers and taking the 8th from another player; its own \
              筆, paid by the robbed player alone (with the dealer tai that applies).",
        also: Also::NONE,
        examples: &[],
        // Judged on the flower win's own 筆 (score_flower), whose context is the flower win.
        check: Check::Context(|w| match w.ctx.win {
            WinKind::SevenRobOne { .. } => Hit::Times(1),
            _ => no(&["not a 七搶一 (a flower win is its own 筆)", "不是七搶一（花胡另算一筆）"]),
        }),
    },
    ItemDef {
        item: Item::EightImmortals,
        scope: Scope::FlowerWin,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "八仙過海 (000 花牌與花胡): all 8 flowers; its own 筆, paid by the three others.",
        also: Also::NONE,
        examples: &[],
        check: Check::Context(|w| match w.ctx.win {
            WinKind::EightFlowers => Hit::Times(1),
            _ => no(&["not a 八仙過海 (a flower win is its own 筆)", "不是八仙過海（花胡另算一筆）"]),
        }),
    },
    ItemDef {
        item: Item::EarthWin,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::FIRST_TURN.and(Needs::SELF_DRAW),
        doc: "地胡 (000 台數表, 天胡、地胡、人胡): a non-dealer self-draws on the first tile it takes in \
              (a flower replacement included, then with 槓上開花) while nobody has called or kong'd. \
              Not with 自摸, 門清, 不求.",
        also: Also::WHOLE_HAND,
        examples: &[],
        check: Check::Reading(|f| {
            if f.is_dealer() {
                no(&["the winner is the dealer", "胡牌者是莊家"])
            } else if let Some(r) = not_first_turn(f) {
                r
            } else {
                f.yes_if(f.self_draw(), || how_won(f.ctx))
            }
        }),
    },
    ItemDef {
        item: Item::BigWinds,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::WIND_SET,
        doc: "大四喜 (000 台數表): triplets of 東, 南, 西 and 北. 圈風 and 門風 not counted besides.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let n = f.count_triplets(Tile::is_wind);
            f.yes_if(n == 4, || (format!("{n} wind triplets"), format!("風牌的刻子 {n} 組")))
        }),
    },
    ItemDef {
        item: Item::AllHonors,
        scope: Scope::Hand,
        merges: &[Item::SmallDragons, Item::BigDragons, Item::SmallWinds, Item::BigWinds],
        after_notes: None,
        needs: Needs::HONOR.and(Needs::ONE_SUIT),
        doc: "字一色 (000 台數表, 字一色的複合): honour tiles only. Not with 碰碰胡, 圈風, 門風, 三元牌. \
              With 小三元, 大三元, 小四喜 or 大四喜 the two add minus 4 and show as one item: \
              字一色（小三元） 16, 字一色（大三元） 20, 字一色（小四喜） 20, 字一色（大四喜） 28. 五暗刻 adds.",
        also: Also::WHOLE_HAND,
        examples: &[],
        check: Check::Reading(|f| {
            let (suits, _) = f.suits();
            f.yes_if(suits == 0, || (format!("{suits} suits of number tiles"), format!("有 {suits} 種數牌")))
        }),
    },
    ItemDef {
        item: Item::HeavenWin,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::FIRST_TURN.and(Needs::SELF_DRAW),
        doc: "天胡 (000 台數表, 天胡、地胡、人胡): the dealer's 17 tiles, after the opening flower \
              replacements, are already a win. Not with 自摸, 門清, 不求, 獨聽, 槓上開花.",
        also: Also::WHOLE_HAND,
        examples: &[],
        check: Check::Reading(|f| {
            if !f.is_dealer() {
                no(&["the winner is not the dealer", "胡牌者不是莊家"])
            } else if let Some(r) = not_first_turn(f) {
                r
            } else {
                f.yes_if(f.self_draw(), || how_won(f.ctx))
            }
        }),
    },
    ItemDef {
        item: Item::Dice,
        scope: Scope::Once,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "骰規台 (002 骰規台): the opening dice are 豹子, 全紅, 順子 or 全黑 (first match; red faces 1 \
              and 4), worth the variant's dice value (5, 3, 2, 1). Part of the hand's tai, so every \
              payer pays it; one 筆 per hand only. Example 五: dice 2, 3, 6 = 全黑 1.",
        also: Also::NONE,
        examples: &[
            Example {
                variant: "american",
                hand: "123m456m789m23p678p55s",
                melds: &[],
                win: "4p",
                context: "dice=2,3,6",
                tai: 1,
                source: "002 範例五: 骰子 2, 3, 6 全黑 1 台",
            },
            Example {
                variant: "american",
                hand: "123m456m789m23p678p55s",
                melds: &[],
                win: "4p",
                context: "dice=1,2,4",
                tai: 0,
                source: "002 骰規台: 其餘 120 種沒有骰規台",
            },
        ],
        check: Check::Context(|f| {
            let Some(d) = f.ctx.dice else {
                return no(&["no opening dice given", "沒有填開門的骰子"]);
            };
            match DiceShape::of(d) {
                Some(s) => Hit::Tai(f.variant.dice.value(s)),
                None => f.why(|| (format!("dice {}, {}, {} have no shape", d[0], d[1], d[2]), format!("骰子 {}、{}、{} 不成骰規台的形", d[0], d[1], d[2]))),
            }
        }),
    },
];
