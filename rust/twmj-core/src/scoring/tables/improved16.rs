//! The 003 改良式十六張 table (`improved16`) rows that 000 and 001 do not have, with its notes
//! 註一–註17, in [`Item`] order.

use crate::hand::MeldKind;
use crate::scoring::items::{
    consecutive, double_run, kongs, less_one_group, less_one_set, meld_name, nine_gates, no,
    only_tiles, open_less, outside, over_nine_gates, runs_of, triplets_of, wind_flower_snow_moon,
    Check, Item, ItemDef, Scope, NINE_GATES_VARIANTS, NONE,
};
use crate::scoring::items::{Also, Example, Needs};
use crate::tile::{Tile, KINDS};

/// The table's entries, in [`Item`] order.
pub(crate) const ITEMS: [ItemDef; 28] = [
    ItemDef {
        item: Item::TwoKongs,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "兩槓子 (003 改良式 1台): exactly two kongs.",
        also: Also::NONE,
        examples: &[
            Example {
                variant: "improved16",
                hand: "345p678p345s5s",
                melds: &[("minkan", "2222m"), ("minkan", "9999p")],
                win: "5s",
                context: "",
                tai: 1,
                source: "003 改良式 1台 兩槓子",
            },
        ],
        check: Check::Reading(|f| {
            let n = kongs(f);
            f.yes_if(n == 2, || (format!("{n} kongs"), format!("{n} 個槓")))
        }),
    },
    ItemDef {
        item: Item::ThreeKongs,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "三槓子 (003 改良式 3台): exactly three kongs.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let n = kongs(f);
            f.yes_if(n == 3, || (format!("{n} kongs"), format!("{n} 個槓")))
        }),
    },
    ItemDef {
        item: Item::AllSimples,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "斷么九 (003 改良式 1台): no 1, no 9, no honour anywhere in the hand.",
        also: Also::WHOLE_HAND,
        examples: &[
            Example {
                variant: "improved16",
                hand: "234m567m345p678p345s2s",
                melds: &[],
                win: "2s",
                context: "",
                tai: 1,
                source: "003 改良式 1台 斷么九",
            },
        ],
        check: Check::Reading(|f| {
            let bad = (0..KINDS).find(|&i| {
                f.all[i] > 0 && Tile::new(i).is_some_and(|t| t.is_honor() || t.is_terminal())
            });
            f.yes_if(bad.is_none(), || ("a terminal or honour tile".to_owned(), "有么九牌或字牌".to_owned()))
        }),
    },
    ItemDef {
        item: Item::DoubleRun,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "一盃口 (003 改良式 1台, 註二): two equal runs, at least one of them in the concealed hand and not completed by a claimed tile. Not with 一色四同順, 清盃口.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| f.yes_if(double_run(f).is_some(), || ("no two equal runs (one concealed)".to_owned(), "沒有兩組相同的順子（其中一組門清）".to_owned()))),
    },
    ItemDef {
        item: Item::ThreeColourRun,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "三色同順 (003 改良式 2台, 註三): the same run in 萬, 筒 and 條; one less (1台) when one of them is a 吃 that no other run of the hand stands in for (由吃得而成).",
        also: Also::NONE,
        examples: &[
            Example {
                variant: "improved16",
                hand: "789m789p789s123m456p5s",
                melds: &[],
                win: "5s",
                context: "",
                tai: 2,
                source: "003 改良式 2台 三色同順, 註三 ex 789萬 789筒 789索",
            },
            Example {
                variant: "improved16",
                hand: "789p789s123m456p5s",
                melds: &[("chi", "789m")],
                win: "5s",
                context: "",
                tai: 1,
                source: "003 改良式 三色同順: 由吃得而成時，也是1台",
            },
        ],
        check: Check::Reading(|f| {
            let found = (0..7).find(|&n| {
                (0..3).all(|s| f.sets.iter().any(|x| !x.triplet && x.tile.index() == s * 9 + n))
            });
            match found {
                None => no(&["no run in all three suits", "沒有三種花色都有的同一組順子"]),
                Some(n) => {
                    // 由吃得而成: a 吃 is one of the three runs, no other set standing in for it
                    // (a 吃 of 789m beside a concealed 789m, 789p, 789s is not needed).
                    let chi = (0..3).any(|s| {
                        !f.sets.iter().any(|x| {
                            !x.triplet && x.tile.index() == s * 9 + n && x.meld != Some(MeldKind::Chi)
                        })
                    });
                    open_less(f, Item::ThreeColourRun, chi)
                }
            }
        }),
    },
    ItemDef {
        item: Item::Straight,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "一條龍 (003 改良式 2台, 註四): every number 1 to 9 of one suit in the hand (not necessarily three runs); one less (1台) when it is made by a 吃 (由吃得而成: some number of the suit is there only in a 吃). Not with 台灣縱貫線.",
        also: Also::NONE,
        examples: &[
            Example {
                variant: "improved16",
                hand: "123456789m234p678p5s",
                melds: &[],
                win: "5s",
                context: "",
                tai: 2,
                source: "003 改良式 2台 一條龍, 註四: 同色牌1-9皆齊",
            },
        ],
        check: Check::Reading(|f| match (0..3).find(|&s| f.all[s * 9..s * 9 + 9].iter().all(|&c| c > 0)) {
            None => no(&["no suit with every number 1 to 9", "沒有一種花色一到九都有"]),
            Some(s) => {
                // 由吃得而成: some number of the suit is there only in a 吃 (a 吃 of 456m beside a
                // concealed 123456789m is not needed).
                let mut rest = f.all;
                for m in f.melds.iter().filter(|m| m.kind == MeldKind::Chi) {
                    let i = m.tile.index();
                    for c in &mut rest[i..i + 3] {
                        *c = c.saturating_sub(1);
                    }
                }
                let chi = rest[s * 9..s * 9 + 9].contains(&0);
                open_less(f, Item::Straight, chi)
            }
        }),
    },
    ItemDef {
        item: Item::ThreeSameTriplets,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "三同刻 (003 改良式 2台): triplets of the same number in 萬, 筒 and 條.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let found = (0..9).any(|n| {
                (0..3).all(|s| f.sets.iter().any(|x| x.triplet && x.tile.index() == s * 9 + n))
            });
            f.yes_if(found, || ("no number tripled in all three suits".to_owned(), "沒有三種花色同一數字的刻子".to_owned()))
        }),
    },
    ItemDef {
        item: Item::ThreeConsecutiveTriplets,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "三連刻 (003 改良式 2台): triplets of three consecutive numbers of one suit. A tier under 四連刻, 五連刻; not with 清盃口.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| consecutive(f, 3)),
    },
    ItemDef {
        item: Item::FourConsecutiveTriplets,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "四連刻 (003 改良式 5台): triplets of four consecutive numbers of one suit. A tier under 五連刻; not with 百萬石.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| consecutive(f, 4)),
    },
    ItemDef {
        item: Item::FiveConsecutiveTriplets,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "五連刻 (003 改良式 8台): triplets of five consecutive numbers of one suit (with 碰碰胡, 12).",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| consecutive(f, 5)),
    },
    ItemDef {
        item: Item::MixedOutside,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "混帶么 (003 改良式 3台, 註五): every set and the pair hold a 1, a 9 or an honour, with honours; 2台 when not 門清. Not with 混老頭, 清老頭.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let (_, honors) = f.suits();
            if outside(f) && honors {
                open_less(f, Item::MixedOutside, f.breaks_concealed().is_some())
            } else {
                no(&["not every set and the pair with a terminal, with honours", "不是每一組和眼都帶么九或字牌（且有字牌）"])
            }
        }),
    },
    ItemDef {
        item: Item::PureOutside,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "全帶么 (003 改良式 4台, 註五): every set and the pair hold a 1 or a 9, no honour; 3台 when not 門清. Not with 清老頭.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let (_, honors) = f.suits();
            if outside(f) && !honors {
                open_less(f, Item::PureOutside, f.breaks_concealed().is_some())
            } else {
                no(&["not every set and the pair with a 1 or 9, without honours", "不是每一組和眼都帶一或九（且沒有字牌）"])
            }
        }),
    },
    ItemDef {
        item: Item::SmallThreeWinds,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "小三風 (003 改良式 3台, 註六): two wind triplets and a third wind as the pair. Not with 圈風, 門風.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let n = f.count_triplets(Tile::is_wind);
            f.yes_if(n == 2 && f.pair.is_wind(), || (format!("{n} wind triplets, pair {}", f.pair.code()), format!("風牌的刻子 {n} 組，眼是{}", f.pair.name())))
        }),
    },
    ItemDef {
        item: Item::BigThreeWinds,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "大三風 (003 改良式 6台, 註六): three wind triplets, the fourth wind absent (else 小四喜). Not with 圈風, 門風.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let n = f.count_triplets(Tile::is_wind);
            f.yes_if(n == 3 && !f.pair.is_wind(), || (format!("{n} wind triplets, pair {}", f.pair.code()), format!("風牌的刻子 {n} 組，眼是{}", f.pair.name())))
        }),
    },
    ItemDef {
        item: Item::Peacock,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "孔雀東南飛 (003 改良式 4台): triplets of 1s, 東 and 南. Not with 圈風, 門風.",
        also: Also::NONE,
        examples: &[
            Example {
                variant: "improved16",
                hand: "111s111z222z456m789m5p",
                melds: &[],
                win: "5p",
                context: "",
                tai: 4,
                source: "003 改良式 4台 孔雀東南飛: 具一索東風南風三個刻",
            },
        ],
        check: Check::Reading(|f| {
            let held = [18, 27, 28]
                .iter()
                .all(|&i| f.sets.iter().any(|x| x.triplet && x.tile.index() == i));
            f.yes_if(held, || ("no triplets of 1s, 東 and 南".to_owned(), "沒有一、東、南的刻子".to_owned()))
        }),
    },
    ItemDef {
        item: Item::MixedTerminals,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "混老頭 (003 改良式 4台, 註七): triplets and pair of 1s, 9s and honours, with both (so 碰碰胡 too: 8). Not with 混帶么.",
        // Every tile a terminal or an honour: on five sets and a pair that is triplets and a
        // pair of them; read on the tiles, it holds on a special shape too (十三么).
        also: Also::WHOLE_HAND,
        examples: &[],
        check: Check::Reading(|f| {
            let (suits, honors) = f.suits();
            let ok = only_tiles(f, |t| t.is_honor() || t.is_terminal()) && honors && suits > 0;
            f.yes_if(ok, || ("not only terminals and honours, with both".to_owned(), "不是只有么九牌和字牌（兩種都要有）".to_owned()))
        }),
    },
    ItemDef {
        item: Item::AllTerminals,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "清老頭 (003 改良式 12台, 註七): triplets and pair of 1s and 9s only (with 碰碰胡: 16). Not with 全帶么, 混帶么.",
        also: Also::WHOLE_HAND,
        examples: &[],
        check: Check::Reading(|f| f.yes_if(only_tiles(f, Tile::is_terminal), || ("not only 1s and 9s".to_owned(), "不是只有一和九".to_owned()))),
    },
    ItemDef {
        item: Item::All258,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "全將碰 (003 改良式 10台): triplets and pair of suited 2, 5, 8 only (with 碰碰胡: 14).",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let ok = triplets_of(f, |t| !t.is_honor() && matches!(t.number(), 2 | 5 | 8));
            f.yes_if(ok, || ("not triplets of 2, 5, 8".to_owned(), "不是二、五、八的刻子".to_owned()))
        }),
    },
    ItemDef {
        item: Item::WindFlowerSnowMoon,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "風花雪月 (003 改良式 8台, 註九): triplets of a wind (風), 5p (花), 白 (雪) and 1p (月); the 白 triplet is not counted as 三元牌 (不計白皮台).",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| f.yes_if(wind_flower_snow_moon(f), || ("no triplets of a wind, 5p, 白 and 1p".to_owned(), "沒有風牌、五筒、白、一筒的刻子".to_owned()))),
    },
    ItemDef {
        item: Item::TaiwanLine,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "台灣縱貫線 (003 改良式 12台, 註11): 123, 456, 789 of one suit and 北, 中, 南 as two triplets and the pair. Not with 一條龍, 三元牌 (紅中), 混一色.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let line = (0..3).any(|s| {
                [0, 3, 6]
                    .iter()
                    .all(|&n| f.sets.iter().any(|x| !x.triplet && x.tile.index() == s * 9 + n))
            });
            let honours = [30, 33, 28]
                .iter()
                .all(|&i| f.pair.index() == i || f.sets.iter().any(|x| x.triplet && x.tile.index() == i));
            f.yes_if(line && honours, || ("not 123 456 789 of a suit with 北 中 南".to_owned(), "不是同一花色的一二三、四五六、七八九加北、中、南".to_owned()))
        }),
    },
    ItemDef {
        item: Item::FourIdenticalRuns,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "一色四同順 (003 改良式 12台, 註12): four equal runs, 吃 allowed. Not with 一盃口.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let ok = f.sets.iter().any(|x| !x.triplet && runs_of(f, x.tile) >= 4);
            f.yes_if(ok, || ("no four equal runs".to_owned(), "沒有四組相同的順子".to_owned()))
        }),
    },
    ItemDef {
        item: Item::AllGreen,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "綠一色 (003 改良式 16台): the hand but one group (a set or the pair: 有一搭（三張或雀眼）可隨意吃碰) is 2, 3, 4, 6, 8 of 條 and 發.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let green = |i: usize| matches!(i, 19 | 20 | 21 | 23 | 25 | 32);
            let ok = less_one_group(f).any(|c| (0..KINDS).all(|i| c[i] == 0 || green(i)));
            f.yes_if(ok, || ("not green but for one set".to_owned(), "除了一組以外不全是綠色的牌".to_owned()))
        }),
    },
    ItemDef {
        item: Item::BigWheel,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "大車輪 (003 改良式 16台): pairs of every 2p to 8p (seven pairs) and one more set, which may be anything.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let ok = less_one_set(f)
                .any(|c| (0..KINDS).all(|i| c[i] == if (10..=16).contains(&i) { 2 } else { 0 }));
            f.yes_if(ok, || ("not two each of 2p to 8p and one set".to_owned(), "不是二筒到八筒各兩張加一組".to_owned()))
        }),
    },
    ItemDef {
        item: Item::MillionStones,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "百萬石 (003 改良式 16台): the hand but one group (a set or the pair, anything: 三張或雀眼) is 5m to 9m only, and their numbers add up to 100 or more. Not with 四連刻.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let ok = less_one_group(f).any(|c| {
                let sum: u32 = (4..9).map(|i| u32::from(c[i]) * (i as u32 + 1)).sum();
                (0..KINDS).all(|i| c[i] == 0 || (4..9).contains(&i)) && sum >= 100
            });
            f.yes_if(ok, || ("not 5m to 9m worth 100 but for one set".to_owned(), "除了一組以外不是五萬到九萬合計一百".to_owned()))
        }),
    },
    ItemDef {
        item: Item::CleanCup,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "清盃口 (003 改良式 16台): 門清, with three consecutive triplets and two equal runs of one suit, and a pair. Not with 門清, 三連刻, 三暗刻, 一盃口.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            if let Some(m) = f.breaks_concealed() {
                return f.why(|| (format!("{} of {}", meld_name(m.kind), m.tile.code()), format!("有{}（{}）", meld_name(m.kind), m.tile.name())));
            }
            let ok = (0..3).any(|s| {
                let row = (s * 9..s * 9 + 7).any(|i| {
                    (i..i + 3).all(|j| f.sets.iter().any(|x| x.triplet && x.tile.index() == j))
                });
                let cup = f
                    .sets
                    .iter()
                    .any(|x| !x.triplet && x.tile.index() / 9 == s && runs_of(f, x.tile) >= 2);
                row && cup
            });
            f.yes_if(ok, || ("no three consecutive triplets with two equal runs of a suit".to_owned(), "沒有同一花色的三連刻加兩組相同順子".to_owned()))
        }),
    },
    ItemDef {
        item: Item::PeachGarden,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "桃園三結義 (003 改良式 16台, 註15): 大三元 plus 3m, 3p, 3s as two triplets and the pair (with 碰碰胡: 20). Not with 大三元, 三元牌.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let threes = [2, 11, 20]
                .iter()
                .all(|&i| f.pair.index() == i || f.sets.iter().any(|x| x.triplet && x.tile.index() == i));
            let dragons = f.count_triplets(Tile::is_dragon) == 3;
            f.yes_if(threes && dragons, || ("not 大三元 with 3m 3p 3s".to_owned(), "不是大三元加三萬、三筒、三條".to_owned()))
        }),
    },
    ItemDef {
        item: Item::NineGatesVariant,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "變形九連寶燈 (003 改良式 16台, 註14): the hand but one set (which may be anything, 吃 or \
              碰: 有一搭可隨意吃碰) is 13 concealed tiles of one suit, counted as one of the shapes 註14 \
              lists (11411113, 31111411, 1141411, 1411141, 3111241, 1421113: a 槓's four and a 刻 in \
              a row of numbers, anywhere from 1 to 9), and the winning tile is the 14th; compounds \
              with other items (清一色 …). Not with 純正九連寶燈. Example: 1233334567888m waits on \
              1, 2, 4–9m.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let ok = nine_gates(f, |_| true, |mut row| {
                let w = f.win_tile.index() % 9;
                row[w] = row[w].saturating_sub(1);
                NINE_GATES_VARIANTS.iter().any(|p| {
                    (0..=9 - p.len()).any(|o| {
                        (0..9).all(|i| row[i] == if (o..o + p.len()).contains(&i) { p[i - o] } else { 0 })
                    })
                })
            });
            f.yes_if(ok, || ("no 13 tiles of a suit in a 註14 shape".to_owned(), "沒有同一花色 13 張成註14 的牌型".to_owned()))
        }),
    },
    ItemDef {
        item: Item::NineGatesPure,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "純正九連寶燈 (003 改良式 24台, 註17): the hand but one set (anything) is 14 concealed \
              tiles of one suit, 1112345678999 plus one more, the winning tile among them; per 註17 \
              1112345677999m winning on 8m counts too (on anything else it is only 清一色). \
              Compounds with other items.",
        also: Also::NONE,
        examples: &[],
        check: Check::Reading(|f| {
            let ok = nine_gates(f, |_| true, |row| over_nine_gates(&row));
            f.yes_if(ok, || ("no 1112345678999 plus one of a suit".to_owned(), "沒有同一花色的一一一二三四五六七八九九九加一張".to_owned()))
        }),
    },
];
