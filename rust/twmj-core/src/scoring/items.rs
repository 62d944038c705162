//! The tai items: one table, one entry per item (key, name, tai, exclusions, doc, condition).
//!
//! Source: 000 台數表 with its 備註 column, 字一色的複合, 平胡的認定, 暗刻的認定; 002 骰規台.
//! An entry's `excludes`/`excluded_by` transcribe its own row's 備註 ("不另計 X" / "X 不計");
//! the scorer takes the union of both directions.

use std::borrow::Cow;

use crate::decompose::Block;
use crate::hand::{Meld, MeldKind};
use crate::scoring::score::{Context, Declaration, WinKind};
use crate::scoring::variant::{DiceShape, Variant};
use crate::tile::{Counts, Tile};
use crate::waits::Shape;

/// Every item of the tables, in the order of the 000 台數表, then the american 骰規台, then the
/// items of the later presets (001).
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
}

impl Item {
    pub const COUNT: usize = 39;

    /// The table entry of the item.
    pub fn def(self) -> &'static ItemDef {
        &ITEMS[self as usize]
    }

    pub fn key(self) -> &'static str {
        self.def().key
    }

    pub fn name(self) -> &'static str {
        self.def().name
    }

    pub fn from_key(key: &str) -> Option<Item> {
        ITEMS.iter().find(|d| d.key == key).map(|d| d.item)
    }
}

/// Where an item is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Part of the hand's tai: every payer pays it.
    Hand,
    /// 莊家 / 連莊拉莊: only between the dealer and the counterpart (000 計分).
    DealerPair,
    /// A flower win, settled as its own 筆 (000 特殊規則 花牌與花胡).
    FlowerWin,
}

/// The outcome of one item's condition on one reading of the hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hit {
    /// Applies this many times (sets, flowers); worth `times × tai`.
    Times(u8),
    /// Applies with this many tai, not from the tai table (連莊 2N, 骰規台).
    Tai(u8),
    /// Does not apply, and why (without the item name; empty unless [`Facts::explain`]).
    No(Cow<'static, str>),
}

/// What a condition looks at: one reading of a winning hand (a decomposition and the block
/// the winning tile completed) in its context.
#[derive(Debug, Clone)]
pub struct Facts<'a> {
    pub ctx: &'a Context,
    pub variant: &'a Variant,
    pub melds: &'a [Meld],
    /// The five sets, melds first, then the concealed blocks of the decomposition.
    pub sets: [SetView; 5],
    pub pair: Tile,
    pub win_tile: Tile,
    /// The block of the concealed decomposition the winning tile completed.
    pub win_block: Block,
    /// How the winning tile sits in `win_block`.
    pub shape: Shape,
    /// 暗刻 (000 暗刻的認定): concealed triplets not completed by another player's tile, plus 暗槓.
    pub concealed_triplets: u8,
    /// Waits of the hand before the win, kinds held 4 times removed (README), as a mask.
    pub waits_before: u64,
    /// Every tile of the hand: concealed (with the winning tile) and melds.
    pub all: Counts,
    /// Build the reasons of items that do not apply (the why-not list); skipped otherwise.
    pub explain: bool,
}

/// One of the five sets as the conditions see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SetView {
    pub tile: Tile,
    /// Three or four of a kind (a triplet or a kong), not a run.
    pub triplet: bool,
    /// The meld it comes from; `None` for a concealed block.
    pub meld: Option<MeldKind>,
}

impl Facts<'_> {
    /// Does not apply; the reason is only built when explaining.
    pub fn why(&self, reason: impl FnOnce() -> String) -> Hit {
        Hit::No(if self.explain {
            Cow::Owned(reason())
        } else {
            Cow::Borrowed("")
        })
    }

    /// Applies once when `cond` holds, else [`Facts::why`].
    pub fn yes_if(&self, cond: bool, reason: impl FnOnce() -> String) -> Hit {
        if cond {
            Hit::Times(1)
        } else {
            self.why(reason)
        }
    }

    fn triplet_of(&self, t: Tile) -> bool {
        self.sets.iter().any(|s| s.triplet && s.tile == t)
    }

    fn count_triplets(&self, pred: fn(Tile) -> bool) -> u8 {
        self.sets
            .iter()
            .filter(|s| s.triplet && pred(s.tile))
            .count() as u8
    }

    /// The first meld that breaks 門清 (any but 暗槓).
    fn open_meld(&self) -> Option<&Meld> {
        self.melds.iter().find(|m| m.kind.is_open())
    }

    /// 自摸 as the payment sees it: the winner drew the tile and the three others pay.
    fn self_draw(&self) -> bool {
        matches!(self.ctx.win, WinKind::SelfDraw | WinKind::Replacement(_))
    }

    /// The winning tile came from another player (a discard or a robbed kong).
    fn claimed_tile(&self) -> bool {
        matches!(
            self.ctx.win,
            WinKind::Discard { .. } | WinKind::RobKong { .. }
        )
    }

    fn is_dealer(&self) -> bool {
        self.ctx.winner == self.ctx.dealer
    }

    fn suits(&self) -> (usize, bool) {
        let used = (0..3)
            .filter(|s| self.all[s * 9..s * 9 + 9].iter().any(|&c| c > 0))
            .count();
        let honors = self.all[27..].iter().any(|&c| c > 0);
        (used, honors)
    }

    fn wait_list(&self) -> String {
        let mut v = Vec::new();
        let mut m = self.waits_before;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            if let Some(t) = Tile::new(i) {
                v.push(t.code());
            }
        }
        v.join(", ")
    }
}

fn meld_name(kind: MeldKind) -> &'static str {
    match kind {
        MeldKind::Chi => "吃",
        MeldKind::Pon => "碰",
        MeldKind::Minkan => "明槓",
        MeldKind::Kakan => "加槓",
        MeldKind::Ankan => "暗槓",
    }
}

fn no(s: &'static str) -> Hit {
    Hit::No(Cow::Borrowed(s))
}

fn how_won(ctx: &Context) -> String {
    match ctx.win {
        WinKind::SelfDraw => "won by self-draw".to_owned(),
        WinKind::Replacement(r) => {
            format!("won by self-draw on the replacement after {}", r.name())
        }
        WinKind::Discard { from } => format!("won on a discard from seat {from}"),
        WinKind::RobKong { from } => format!("won by robbing the 加槓 of seat {from}"),
        WinKind::FlowerRobDraw { robbed } => {
            format!("won on the replacement after robbing a flower from seat {robbed} (七搶一 case 2, paid as a discard)")
        }
    }
}

fn not_first_turn(f: &Facts) -> Option<&'static str> {
    (!f.ctx.first_turn)
        .then_some("not the first turn (someone called or kong'd, or the winner already discarded)")
}

/// One tai item.
pub struct ItemDef {
    pub item: Item,
    /// Stable English key.
    pub key: &'static str,
    /// The name exactly as the rule table writes it.
    pub name: &'static str,
    /// Default tai (taiwan), per set or per flower where the item counts several.
    pub tai: u8,
    pub scope: Scope,
    /// Items this one's 備註 says are not counted with it ("不另計 X", "不計 X").
    pub excludes: &'static [Item],
    /// Items under which this one's 備註 says it is not counted ("X 不計").
    pub excluded_by: &'static [Item],
    /// Items merged into this one as a composite (字一色的複合).
    pub merges: &'static [Item],
    /// What / condition / excludes / example.
    pub doc: &'static str,
    /// The condition, on one reading of the hand.
    pub check: fn(&Facts) -> Hit,
}

impl std::fmt::Debug for ItemDef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ItemDef")
            .field("key", &self.key)
            .field("name", &self.name)
            .field("tai", &self.tai)
            .finish_non_exhaustive()
    }
}

const NONE: &[Item] = &[];

fn dealer_pair(_: &Facts) -> Hit {
    no("counted per payer between the dealer and the counterpart (settlement)")
}

fn flower_win(_: &Facts) -> Hit {
    no("a flower win is its own 筆 (score_flower)")
}

fn concealed_count(f: &Facts, n: u8) -> Hit {
    if f.concealed_triplets >= n {
        Hit::Times(1)
    } else {
        f.why(|| format!("{} 暗刻", f.concealed_triplets))
    }
}

/// The tai table. `ITEMS[i].item as usize == i`.
pub static ITEMS: [ItemDef; Item::COUNT] = [
    ItemDef {
        item: Item::Dealer,
        key: "dealer",
        name: "莊家",
        tai: 1,
        scope: Scope::DealerPair,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "莊家 (000 台數表, 計分): 1 tai when the winner or the payer is the dealer, counted only \
              on the line between the dealer and that counterpart. Example 三: the dealer's 門清自摸 \
              is 3 + 莊家 1 = 4 from each payer.",
        check: dealer_pair,
    },
    ItemDef {
        item: Item::DealerStreak,
        key: "dealer_streak",
        name: "連莊拉莊",
        tai: 2,
        scope: Scope::DealerPair,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "連莊拉莊 (000 台數表): 2N tai (this value × N) after N 連莊, only between the dealer and \
              the counterpart; with 莊家 it makes 2N + 1 (連二拉二 = 5). Example 一: 連莊 2 gives the \
              dealer's share 3 + 3 + 5 = 11.",
        check: dealer_pair,
    },
    ItemDef {
        item: Item::Concealed,
        key: "concealed",
        name: "門清",
        tai: 1,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::HeavenWin, Item::EarthWin, Item::HumanWin, Item::Migi],
        merges: NONE,
        doc: "門清 (000 台數表): no 吃, 碰, 明槓 or 加槓; an 暗槓 keeps it. Not counted with 天胡, 地胡, \
              人胡, MIGI. Example: a fully concealed hand winning on a discard scores 門清 1.",
        check: |f| match f.open_meld() {
            Some(m) => f.why(|| format!("{} of {}", meld_name(m.kind), m.tile.code())),
            None => Hit::Times(1),
        },
    },
    ItemDef {
        item: Item::SelfDraw,
        key: "self_draw",
        name: "自摸",
        tai: 1,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::HeavenWin, Item::EarthWin],
        merges: NONE,
        doc: "自摸 (000 台數表): the winner drew the winning tile (a replacement draw too). Not counted \
              with 天胡, 地胡; kept with MIGI. 七搶一 case 2 is paid as a discard and is not 自摸.",
        check: |f| f.yes_if(f.self_draw(), || how_won(f.ctx)),
    },
    ItemDef {
        item: Item::ConcealedSelfDraw,
        key: "concealed_self_draw",
        name: "不求",
        tai: 1,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::HeavenWin, Item::EarthWin, Item::Migi],
        merges: NONE,
        doc: "不求 (000 台數表): 門清 and 自摸 (an 暗槓 allowed), so 門清 + 自摸 + 不求 = 3. Not counted \
              with 天胡, 地胡, MIGI. Example 一: 門清自摸 = 3 tai.",
        check: |f| match f.open_meld() {
            Some(m) => f.why(|| format!("{} of {}", meld_name(m.kind), m.tile.code())),
            None => f.yes_if(f.self_draw(), || how_won(f.ctx)),
        },
    },
    ItemDef {
        item: Item::RoundWind,
        key: "round_wind",
        name: "圈風",
        tai: 1,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::BigWinds, Item::AllHonors],
        merges: NONE,
        doc: "圈風 (000 台數表): a triplet or kong of the round wind. Counted with 門風 when they are the \
              same wind; not with 大四喜, 字一色 (nor 小四喜, whose row says so).",
        check: |f| {
            let t = f.ctx.round_wind.tile();
            f.yes_if(f.triplet_of(t), || format!("no triplet of {}", t.name()))
        },
    },
    ItemDef {
        item: Item::SeatWind,
        key: "seat_wind",
        name: "門風",
        tai: 1,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::BigWinds, Item::AllHonors],
        merges: NONE,
        doc: "門風 (000 台數表): a triplet or kong of the winner's own seat wind; with 圈風 when both are \
              the same tile. Not with 大四喜, 字一色 (nor 小四喜).",
        check: |f| {
            let t = f.ctx.seat_wind.tile();
            f.yes_if(f.triplet_of(t), || format!("no triplet of {}", t.name()))
        },
    },
    ItemDef {
        item: Item::Dragon,
        key: "dragon",
        name: "三元牌",
        tai: 1,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::SmallDragons, Item::BigDragons, Item::AllHonors],
        merges: NONE,
        doc: "三元牌 (000 台數表): 1 tai per triplet or kong of 中, 發 or 白. Not with 小三元, 大三元, 字一色.",
        check: |f| match f.count_triplets(Tile::is_dragon) {
            0 => no("no triplet of 中, 發 or 白"),
            n => Hit::Times(n),
        },
    },
    ItemDef {
        item: Item::SeatFlower,
        key: "seat_flower",
        name: "正花",
        tai: 1,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "正花 (000 台數表, 門風與正花): 1 tai per flower of the winner's seat wind (東 春梅, 南 夏蘭, \
              西 秋菊, 北 冬竹), at most 2; a 正花 inside a 花槓 still counts.",
        check: |f| {
            let seat = f.ctx.seat_wind as usize;
            let n = (0..8)
                .filter(|&i| f.ctx.flowers >> i & 1 == 1 && i % 4 == seat)
                .count() as u8;
            match n.min(2) {
                0 => f.why(|| format!("no flower of the seat wind {}", f.ctx.seat_wind.tile().name())),
                n => Hit::Times(n),
            }
        },
    },
    ItemDef {
        item: Item::FlowerKong,
        key: "flower_kong",
        name: "花槓",
        tai: 1,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "花槓 (000 台數表): 1 tai for all of 春夏秋冬, 1 for all of 梅蘭菊竹 (2 for both).",
        check: |f| {
            let n = u8::from(f.ctx.flowers & 0x0F == 0x0F) + u8::from(f.ctx.flowers & 0xF0 == 0xF0);
            match n {
                0 => no("neither 春夏秋冬 nor 梅蘭菊竹 complete"),
                n => Hit::Times(n),
            }
        },
    },
    ItemDef {
        item: Item::SingleWait,
        key: "single_wait",
        name: "獨聽",
        tai: 1,
        scope: Scope::Hand,
        excludes: &[Item::PingHu],
        excluded_by: &[Item::HeavenWin],
        merges: NONE,
        doc: "獨聽 (000 台數表): the hand before the win waited on one kind only (kinds it holds all 4 \
              of are not waits, README), and the winning tile is an edge (邊張), closed (嵌張) or pair \
              (單吊) wait. Not with 平胡; not with 天胡. Example: 13m … waits only on 2m, 嵌張.",
        check: |f| {
            if f.waits_before.is_power_of_two() {
                f.yes_if(f.shape.is_single(), || format!("won on a {} wait", f.shape.name()))
            } else {
                f.why(|| format!("the hand waited on {}", f.wait_list()))
            }
        },
    },
    ItemDef {
        item: Item::AllMelded,
        key: "all_melded",
        name: "全求",
        tai: 1,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "全求 (000 台數表): all five sets are 吃, 碰, 明槓 or 加槓 (not 暗槓), one tile waits as 單吊, \
              and the win is another player's tile (a discard, or a robbed kong per README). Not on \
              自摸 (no 半求); the 獨聽 of the 單吊 counts besides.",
        check: |f| {
            let open = f.melds.iter().filter(|m| m.kind.is_open()).count();
            if open < 5 {
                f.why(|| format!("{open} open melds of 5"))
            } else {
                f.yes_if(f.claimed_tile(), || how_won(f.ctx))
            }
        },
    },
    ItemDef {
        item: Item::RobbingKong,
        key: "robbing_kong",
        name: "搶槓",
        tai: 1,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "搶槓 (000 台數表): the winning tile is the one another player added to a 碰 (加槓); only \
              加槓 can be robbed. The 加槓 player alone pays.",
        check: |f| f.yes_if(matches!(f.ctx.win, WinKind::RobKong { .. }), || how_won(f.ctx)),
    },
    ItemDef {
        item: Item::KongBloom,
        key: "kong_bloom",
        name: "槓上開花",
        tai: 1,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::HeavenWin],
        merges: NONE,
        doc: "槓上開花 (000 台數表, 花牌與花胡): winning on the replacement drawn after a flower, an 暗槓 \
              or a 加槓 (never after a 明槓), including the replacement of a 七搶一. Not with 天胡; \
              with 地胡 and 海底撈月 it adds.",
        check: |f| {
            f.yes_if(
                matches!(f.ctx.win, WinKind::Replacement(_) | WinKind::FlowerRobDraw { .. }),
                || how_won(f.ctx),
            )
        },
    },
    ItemDef {
        item: Item::LastTile,
        key: "last_tile",
        name: "海底撈月",
        tai: 1,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "海底撈月 (000 台數表): self-drawing the last drawable tile of the wall, also as a replacement \
              (then with 槓上開花), and with 自摸. Winning on the last discard scores nothing (no 河底撈魚).",
        check: |f| {
            if f.ctx.last_tile {
                f.yes_if(f.self_draw(), || {
                    format!("{}; the last discard scores nothing (no 河底撈魚)", how_won(f.ctx))
                })
            } else {
                no("not the last tile of the wall")
            }
        },
    },
    ItemDef {
        item: Item::DeclaredReady,
        key: "declared_ready",
        name: "嗆聽",
        tai: 1,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::Migi],
        merges: NONE,
        doc: "嗆聽 (000 台數表, 嗆聽與 MIGI): winning after declaring ready. A MIGI declaration is not \
              counted again as 嗆聽.",
        check: |f| f.yes_if(f.ctx.declared != Declaration::None, || "no declaration".to_owned()),
    },
    ItemDef {
        item: Item::PingHu,
        key: "ping_hu",
        name: "平胡",
        tai: 2,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "平胡 (000 台數表, 平胡的認定): five runs, a suited pair, no honour anywhere, no flower, \
              another player's tile, not 門清, and the winning tile sits in a run as the open end of a \
              two-sided wait. Not 單吊, 邊張, 嵌張; not with 獨聽. Example: 2223456m + 123456789p wins \
              平胡 on 1m, 4m, 7m but not on 3m, 6m (the pair). With the variant's ping_hu_concealed \
              (001 平胡說明: 門清無平胡 is only a stricter house rule) a 門清 hand counts too.",
        check: |f| {
            if let Some(s) = f.sets.iter().find(|s| s.triplet) {
                f.why(|| format!("a triplet of {}", s.tile.code()))
            } else if f.all[27..].iter().any(|&c| c > 0) {
                no("the hand holds an honour tile")
            } else if f.ctx.flowers != 0 {
                no("the hand holds a flower")
            } else if !f.claimed_tile() {
                f.why(|| how_won(f.ctx))
            } else if f.open_meld().is_none() && !f.variant.ping_hu_concealed {
                no("門清 (a concealed hand does not count 平胡)")
            } else {
                f.yes_if(f.shape == Shape::Ryanmen, || {
                    format!("{} won on a {} wait", f.win_tile.code(), f.shape.name())
                })
            }
        },
    },
    ItemDef {
        item: Item::ThreeConcealed,
        key: "three_concealed",
        name: "三暗刻",
        tai: 2,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::FourConcealed, Item::FiveConcealed],
        merges: NONE,
        doc: "三暗刻 (000 台數表, 暗刻的認定): three concealed triplets; an 暗槓 counts, a triplet \
              completed by another player's tile does not, a self-drawn one does. A tier: not with \
              四暗刻 or 五暗刻 (README).",
        check: |f| concealed_count(f, 3),
    },
    ItemDef {
        item: Item::AllTriplets,
        key: "all_triplets",
        name: "碰碰胡",
        tai: 4,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::AllHonors],
        merges: NONE,
        doc: "碰碰胡 (000 台數表): all five sets are triplets or kongs. Not with 字一色.",
        check: |f| match f.sets.iter().find(|s| !s.triplet) {
            Some(s) => f.why(|| format!("a run from {}", s.tile.code())),
            None => Hit::Times(1),
        },
    },
    ItemDef {
        item: Item::SmallDragons,
        key: "small_dragons",
        name: "小三元",
        tai: 4,
        scope: Scope::Hand,
        excludes: &[Item::Dragon],
        excluded_by: NONE,
        merges: NONE,
        doc: "小三元 (000 台數表): two triplets of 中發白 and the third as the pair. 三元牌 not counted \
              besides; with 字一色 it merges into 字一色（小三元）.",
        check: |f| {
            let n = f.count_triplets(Tile::is_dragon);
            f.yes_if(n == 2 && f.pair.is_dragon(), || format!("{n} dragon triplets, pair {}", f.pair.code()))
        },
    },
    ItemDef {
        item: Item::HalfFlush,
        key: "half_flush",
        name: "混一色",
        tai: 4,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "混一色 (000 台數表): one suit of number tiles plus honour tiles.",
        check: |f| {
            let (suits, honors) = f.suits();
            f.yes_if(suits == 1 && honors, || format!("{suits} suits, honours {honors}"))
        },
    },
    ItemDef {
        item: Item::FourConcealed,
        key: "four_concealed",
        name: "四暗刻",
        tai: 5,
        scope: Scope::Hand,
        excludes: &[Item::ThreeConcealed],
        excluded_by: &[Item::FiveConcealed],
        merges: NONE,
        doc: "四暗刻 (000 台數表): four concealed triplets, judged as for 三暗刻. Replaces 三暗刻; \
              replaced by 五暗刻 (README tiers).",
        check: |f| concealed_count(f, 4),
    },
    ItemDef {
        item: Item::FiveConcealed,
        key: "five_concealed",
        name: "五暗刻",
        tai: 8,
        scope: Scope::Hand,
        excludes: &[Item::ThreeConcealed, Item::FourConcealed],
        excluded_by: NONE,
        merges: NONE,
        doc: "五暗刻 (000 台數表): five concealed triplets, judged as for 三暗刻; adds to 字一色 (outside \
              the composite merge). Replaces 三暗刻 and 四暗刻 (README tiers).",
        check: |f| concealed_count(f, 5),
    },
    ItemDef {
        item: Item::BigDragons,
        key: "big_dragons",
        name: "大三元",
        tai: 8,
        scope: Scope::Hand,
        excludes: &[Item::Dragon],
        excluded_by: NONE,
        merges: NONE,
        doc: "大三元 (000 台數表): triplets of 中, 發 and 白. 三元牌 not counted besides.",
        check: |f| {
            let n = f.count_triplets(Tile::is_dragon);
            f.yes_if(n == 3, || format!("{n} dragon triplets"))
        },
    },
    ItemDef {
        item: Item::SmallWinds,
        key: "small_winds",
        name: "小四喜",
        tai: 8,
        scope: Scope::Hand,
        excludes: &[Item::RoundWind, Item::SeatWind],
        excluded_by: NONE,
        merges: NONE,
        doc: "小四喜 (000 台數表): three wind triplets and the fourth wind as the pair. 圈風 and 門風 not \
              counted besides.",
        check: |f| {
            let n = f.count_triplets(Tile::is_wind);
            f.yes_if(n == 3 && f.pair.is_wind(), || format!("{n} wind triplets, pair {}", f.pair.code()))
        },
    },
    ItemDef {
        item: Item::FullFlush,
        key: "full_flush",
        name: "清一色",
        tai: 8,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "清一色 (000 台數表): one suit of number tiles only, no honour.",
        check: |f| {
            let (suits, honors) = f.suits();
            f.yes_if(suits == 1 && !honors, || format!("{suits} suits, honours {honors}"))
        },
    },
    ItemDef {
        item: Item::HumanWin,
        key: "human_win",
        name: "人胡",
        tai: 8,
        scope: Scope::Hand,
        excludes: &[Item::Concealed],
        excluded_by: NONE,
        merges: NONE,
        doc: "人胡 (000 台數表, 天胡、地胡、人胡): a non-dealer who has not discarded wins on a discard \
              while nobody has called or kong'd; also the replacement win after a 七搶一 it did not \
              draw for (case 2, paid as a discard). Not with 門清.",
        check: |f| {
            if f.is_dealer() {
                no("the winner is the dealer")
            } else if let Some(r) = not_first_turn(f) {
                no(r)
            } else {
                let discard_like = matches!(
                    f.ctx.win,
                    WinKind::Discard { .. } | WinKind::FlowerRobDraw { .. }
                );
                f.yes_if(discard_like, || how_won(f.ctx))
            }
        },
    },
    ItemDef {
        item: Item::Migi,
        key: "migi",
        name: "MIGI",
        tai: 8,
        scope: Scope::Hand,
        excludes: &[Item::Concealed, Item::ConcealedSelfDraw, Item::DeclaredReady],
        excluded_by: NONE,
        merges: NONE,
        doc: "MIGI (000 嗆聽與 MIGI): winning after declaring ready within the first 8 discards with no \
              call or kong before. Not with 門清, 不求, 嗆聽; 自摸 is kept.",
        check: |f| f.yes_if(f.ctx.declared == Declaration::Migi, || "no MIGI declaration".to_owned()),
    },
    ItemDef {
        item: Item::SevenRobOne,
        key: "seven_rob_one",
        name: "七搶一",
        tai: 8,
        scope: Scope::FlowerWin,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "七搶一 (000 花牌與花胡): holding 7 flowers and taking the 8th from another player; its own \
              筆, paid by the robbed player alone (with the dealer tai that applies).",
        check: flower_win,
    },
    ItemDef {
        item: Item::EightImmortals,
        key: "eight_immortals",
        name: "八仙過海",
        tai: 8,
        scope: Scope::FlowerWin,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "八仙過海 (000 花牌與花胡): all 8 flowers; its own 筆, paid by the three others.",
        check: flower_win,
    },
    ItemDef {
        item: Item::EarthWin,
        key: "earth_win",
        name: "地胡",
        tai: 16,
        scope: Scope::Hand,
        excludes: &[Item::SelfDraw, Item::Concealed, Item::ConcealedSelfDraw],
        excluded_by: NONE,
        merges: NONE,
        doc: "地胡 (000 台數表, 天胡、地胡、人胡): a non-dealer self-draws on the first tile it takes in \
              (a flower replacement included, then with 槓上開花) while nobody has called or kong'd. \
              Not with 自摸, 門清, 不求.",
        check: |f| {
            if f.is_dealer() {
                no("the winner is the dealer")
            } else if let Some(r) = not_first_turn(f) {
                no(r)
            } else {
                f.yes_if(f.self_draw(), || how_won(f.ctx))
            }
        },
    },
    ItemDef {
        item: Item::BigWinds,
        key: "big_winds",
        name: "大四喜",
        tai: 16,
        scope: Scope::Hand,
        excludes: &[Item::RoundWind, Item::SeatWind],
        excluded_by: NONE,
        merges: NONE,
        doc: "大四喜 (000 台數表): triplets of 東, 南, 西 and 北. 圈風 and 門風 not counted besides.",
        check: |f| {
            let n = f.count_triplets(Tile::is_wind);
            f.yes_if(n == 4, || format!("{n} wind triplets"))
        },
    },
    ItemDef {
        item: Item::AllHonors,
        key: "all_honors",
        name: "字一色",
        tai: 16,
        scope: Scope::Hand,
        excludes: &[Item::AllTriplets, Item::RoundWind, Item::SeatWind, Item::Dragon],
        excluded_by: NONE,
        merges: &[Item::SmallDragons, Item::BigDragons, Item::SmallWinds, Item::BigWinds],
        doc: "字一色 (000 台數表, 字一色的複合): honour tiles only. Not with 碰碰胡, 圈風, 門風, 三元牌. \
              With 小三元, 大三元, 小四喜 or 大四喜 the two add minus 4 and show as one item: \
              字一色（小三元） 16, 字一色（大三元） 20, 字一色（小四喜） 20, 字一色（大四喜） 28. 五暗刻 adds.",
        check: |f| {
            let (suits, _) = f.suits();
            f.yes_if(suits == 0, || format!("{suits} suits of number tiles"))
        },
    },
    ItemDef {
        item: Item::HeavenWin,
        key: "heaven_win",
        name: "天胡",
        tai: 24,
        scope: Scope::Hand,
        excludes: &[
            Item::SelfDraw,
            Item::Concealed,
            Item::ConcealedSelfDraw,
            Item::SingleWait,
            Item::KongBloom,
        ],
        excluded_by: NONE,
        merges: NONE,
        doc: "天胡 (000 台數表, 天胡、地胡、人胡): the dealer's 17 tiles, after the opening flower \
              replacements, are already a win. Not with 自摸, 門清, 不求, 獨聽, 槓上開花.",
        check: |f| {
            if !f.is_dealer() {
                no("the winner is not the dealer")
            } else if let Some(r) = not_first_turn(f) {
                no(r)
            } else {
                f.yes_if(f.self_draw(), || how_won(f.ctx))
            }
        },
    },
    ItemDef {
        item: Item::Dice,
        key: "dice",
        name: "骰規台",
        tai: 0,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "骰規台 (002 骰規台): the opening dice are 豹子, 全紅, 順子 or 全黑 (first match; red faces 1 \
              and 4), worth the variant's dice value (5, 3, 2, 1). Part of the hand's tai, so every \
              payer pays it; one 筆 per hand only. Example 五: dice 2, 3, 6 = 全黑 1.",
        check: |f| {
            if !f.variant.dice_enabled {
                return no("the variant has no 骰規台");
            }
            let Some(d) = f.ctx.dice else {
                return no("no opening dice given");
            };
            match DiceShape::of(d) {
                Some(s) => Hit::Tai(f.variant.dice.value(s)),
                None => f.why(|| format!("dice {}, {}, {} have no shape", d[0], d[1], d[2])),
            }
        },
    },
    ItemDef {
        item: Item::LastDiscard,
        key: "last_discard",
        name: "河底撈魚",
        tai: 0,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "河底撈魚 (001 台數表; not in 000): winning on the last discard before the wall runs out \
              (the context's last_tile on a discard). Example: the player who drew the last tile \
              discards it and another player wins on it: 1 tai (traditional).",
        check: |f| {
            if f.ctx.last_tile {
                f.yes_if(matches!(f.ctx.win, WinKind::Discard { .. }), || how_won(f.ctx))
            } else {
                no("not the last discard of the wall")
            }
        },
    },
    ItemDef {
        item: Item::HeavenReady,
        key: "heaven_ready",
        name: "天聽",
        tai: 0,
        scope: Scope::Hand,
        excludes: &[Item::Concealed, Item::ConcealedSelfDraw, Item::DeclaredReady],
        excluded_by: NONE,
        merges: NONE,
        doc: "天聽 (001 台數表, MIGI、天、地、人胡; not in 000): ready already at one's first discard \
              (the dealer's after taking its tiles) and declared then; no exchange or 過水 after, \
              and only this hand's win counts. Like MIGI (000's 備註 kept, 001 is silent): not with \
              門清, 不求, 嗆聽. Example: declared 天聽, won on a discard: 16 tai (traditional).",
        check: |f| {
            f.yes_if(f.ctx.declared == Declaration::HeavenReady, || {
                "no 天聽 declaration".to_owned()
            })
        },
    },
    ItemDef {
        item: Item::FourKongs,
        key: "four_kongs",
        name: "四槓牌",
        tai: 0,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "四槓牌 (001 台數表, 特殊胡牌 四槓胡; not in 000): the winner alone made four kongs (明槓, \
              加槓 or 暗槓). 001 counts it as a self-drawn win without the 自摸 tai (a preset 備註). \
              Example: four kong melds and a pair of 5p: 8 tai (traditional).",
        check: |f| {
            let kongs = f
                .melds
                .iter()
                .filter(|m| matches!(m.kind, MeldKind::Minkan | MeldKind::Kakan | MeldKind::Ankan))
                .count();
            f.yes_if(kongs >= 4, || format!("{kongs} kongs"))
        },
    },
    ItemDef {
        item: Item::DealerFirstDiscard,
        key: "dealer_first_discard",
        name: "地胡",
        tai: 0,
        scope: Scope::Hand,
        excludes: &[Item::Concealed],
        excluded_by: NONE,
        merges: NONE,
        doc: "地胡 as 001 defines it (001 台數表; 000's 地胡 is a first self-draw, its 人胡 any first \
              discard): a non-dealer wins on the dealer's first discard, nobody having called or \
              kong'd. Like 000's 人胡 (its 備註 kept): not with 門清. Example: 16 tai (traditional).",
        check: |f| {
            if f.is_dealer() {
                no("the winner is the dealer")
            } else if let Some(r) = not_first_turn(f) {
                no(r)
            } else {
                let from_dealer =
                    matches!(f.ctx.win, WinKind::Discard { from } if from == f.ctx.dealer);
                f.yes_if(from_dealer, || format!("{}, not the dealer's", how_won(f.ctx)))
            }
        },
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_indexed_and_unique() {
        for (i, d) in ITEMS.iter().enumerate() {
            assert_eq!(d.item as usize, i, "{}", d.key);
            assert_eq!(Item::from_key(d.key), Some(d.item));
            assert!(!d.doc.is_empty());
        }
        // 000 台數表 values, spot checks.
        assert_eq!(Item::HeavenWin.def().tai, 24);
        assert_eq!(Item::EarthWin.def().tai, 16);
        assert_eq!(Item::PingHu.def().tai, 2);
        assert_eq!(Item::FourConcealed.def().tai, 5);
        assert_eq!(Item::SingleWait.name(), "獨聽");
    }
}
