//! The tai items: one table, one entry per item (key, name, tai, exclusions, doc, condition).
//!
//! Source: 000 台數表 with its 備註 column, 字一色的複合, 平胡的認定, 暗刻的認定; 002 骰規台;
//! 001 台數表 (河底撈魚, 天聽, 四槓牌, its 地胡); 003 改良式十六張 with 註一–註17. A preset's
//! [`Variant`] says which items its table has, their tai, names and its own 備註.
//! An entry's `excludes`/`excluded_by` transcribe its own row's 備註 ("不另計 X" / "X 不計");
//! the scorer takes the union of both directions.

use std::borrow::Cow;

use crate::decompose::Block;
use crate::hand::{Meld, MeldKind};
pub use crate::rules::Item;
use crate::rules::{DiceShape, Variant};
use crate::scoring::context::{Context, Declaration, Replacement, WinKind};
use crate::tile::{Counts, Tile, KINDS};
use crate::waits::Shape;

/// Items whose condition reads only the whole hand's tiles, its melds and the context, never
/// the five sets, the pair or the wait: they are judged on a special shape too when the
/// variant compounds (`special_shapes.compound`; 003 hk16 瀝姑瀝姑 可與其他牌型複合, 十三么
/// 可複合字么九).
pub const WHOLE_HAND: &[Item] = &[
    Item::Concealed,
    Item::SelfDraw,
    Item::ConcealedSelfDraw,
    Item::SeatFlower,
    Item::FlowerKong,
    Item::RobbingKong,
    Item::KongBloom,
    Item::LastTile,
    Item::DeclaredReady,
    Item::HalfFlush,
    Item::FullFlush,
    Item::HumanWin,
    Item::Migi,
    Item::EarthWin,
    Item::AllHonors,
    Item::HeavenWin,
    Item::LastDiscard,
    Item::HeavenReady,
    Item::DealerFirstDiscard,
    Item::AllSimples,
    Item::MixedTerminals,
    Item::AllTerminals,
    Item::NoHonors,
    Item::NoFlowers,
    Item::KongEach,
    Item::NoHonorsNoFlowers,
    Item::WithinSeven,
    Item::SevenFlowers,
    Item::EightFlowers,
];

/// Tiers, read from the tables' own rows rather than from a 備註 (rules README: 三暗刻, 四暗刻
/// and 五暗刻 are tiers; hk16 兩暗刻 < 三暗刻 < 四暗刻 < 五暗刻; 003 改良式 三連刻 < 四連刻 <
/// 五連刻): `(x, y)` = y is not counted with x. They hold under every preset, also one that
/// reads only its own notes.
pub const TIERS: &[(Item, Item)] = &[
    (Item::FourConcealed, Item::ThreeConcealed),
    (Item::FiveConcealed, Item::ThreeConcealed),
    (Item::FiveConcealed, Item::FourConcealed),
    (Item::ThreeConcealed, Item::TwoConcealed),
    (Item::FourConcealed, Item::TwoConcealed),
    (Item::FiveConcealed, Item::TwoConcealed),
    (
        Item::FourConsecutiveTriplets,
        Item::ThreeConsecutiveTriplets,
    ),
    (
        Item::FiveConsecutiveTriplets,
        Item::ThreeConsecutiveTriplets,
    ),
    (Item::FiveConsecutiveTriplets, Item::FourConsecutiveTriplets),
];

/// Where an item is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Part of the hand's tai: every payer pays it.
    Hand,
    /// 莊家 / 連莊拉莊: only between the dealer and the counterpart (000 計分).
    DealerPair,
    /// A flower win, settled as its own 筆 (000 特殊規則 花牌與花胡).
    FlowerWin,
    /// A special shape (瀝咕瀝咕, 十三么): the hand is not five sets and a pair, so the item is
    /// scored on its own reading ([`crate::special`]), never by the regular conditions.
    Special,
}

/// The outcome of one item's condition on one reading of the hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hit {
    /// Applies this many times (sets, flowers); worth `times × tai`.
    Times(u8),
    /// Applies with this many tai, not from the tai table (連莊 2N, 骰規台).
    Tai(u8),
    /// Does not apply, and why (without the item name; empty unless [`Facts::explain`]).
    No(Why),
}

/// Why an item did not apply, in English and in Chinese (what a player reads, issue 13): one
/// owner for both, written side by side at each condition.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Why {
    pub en: Cow<'static, str>,
    pub zh: Cow<'static, str>,
}

/// What a condition looks at: one reading of a winning hand (a decomposition and the block
/// the winning tile completed) in its context.
#[derive(Debug, Clone)]
pub struct Facts<'a> {
    pub ctx: &'a Context,
    pub variant: &'a Variant,
    pub melds: &'a [Meld],
    /// The sets, melds first, then the concealed blocks of the decomposition: five, or four
    /// in a 13-tile hand (004 13 張版: 4 組+1 對). Reads as a slice.
    pub sets: Sets,
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
    /// The scorer itself, for the one entry judged on every reading of the whole hand (the
    /// fan list's 無番和): handed in so the entries sit below the scorer that reads them.
    pub rescore: Rescore,
}

/// Scores `concealed` (with the winning tile), `melds` and the winning tile under `variant`
/// in every reading: each counted item with its name, or `None` when the hand does not score.
pub type Rescore = fn(&Counts, &[Meld], Tile, &Context, &Variant) -> Option<Vec<(Item, String)>>;

/// One of the five sets as the conditions see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SetView {
    pub tile: Tile,
    /// Three or four of a kind (a triplet or a kong), not a run.
    pub triplet: bool,
    /// The meld it comes from; `None` for a concealed block.
    pub meld: Option<MeldKind>,
}

/// The sets of one reading, read as a slice of [`SetView`]: five in a 16-tile hand, four in
/// a 13-tile one (004 兩人麻將 13 張版). A fixed array with a length, so building a reading
/// allocates nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sets {
    views: [SetView; 5],
    len: u8,
}

impl Sets {
    /// No sets yet; `fill` is what the unused slots hold (never read).
    pub const fn empty(fill: SetView) -> Sets {
        Sets {
            views: [fill; 5],
            len: 0,
        }
    }

    /// Adds a set; a sixth is dropped (a validated hand has at most five).
    pub fn push(&mut self, v: SetView) {
        if let Some(slot) = self.views.get_mut(usize::from(self.len)) {
            *slot = v;
            self.len += 1;
        }
    }
}

impl std::ops::Deref for Sets {
    type Target = [SetView];

    fn deref(&self) -> &[SetView] {
        &self.views[..usize::from(self.len)]
    }
}

impl Facts<'_> {
    /// Does not apply; the reason is only built when explaining.
    pub fn why(&self, reason: impl FnOnce() -> (String, String)) -> Hit {
        Hit::No(if self.explain {
            let (en, zh) = reason();
            Why {
                en: Cow::Owned(en),
                zh: Cow::Owned(zh),
            }
        } else {
            Why::default()
        })
    }

    /// Applies once when `cond` holds, else [`Facts::why`].
    pub fn yes_if(&self, cond: bool, reason: impl FnOnce() -> (String, String)) -> Hit {
        if cond {
            Hit::Times(1)
        } else {
            self.why(reason)
        }
    }

    pub(crate) fn triplet_of(&self, t: Tile) -> bool {
        self.sets.iter().any(|s| s.triplet && s.tile == t)
    }

    pub(crate) fn count_triplets(&self, pred: fn(Tile) -> bool) -> u8 {
        self.sets
            .iter()
            .filter(|s| s.triplet && pred(s.tile))
            .count() as u8
    }

    /// The first meld that breaks 門清 (any but 暗槓).
    pub(crate) fn open_meld(&self) -> Option<&Meld> {
        self.melds.iter().find(|m| m.kind.is_open())
    }

    /// The first meld that breaks the preset's 門清: any but an 暗槓, or any at all when the
    /// variant's `concealed_ankan` is off (001 門清: 沒有吃沒有碰沒有槓; 003 hk16 門前清:
    /// 沒碰上槓過).
    pub(crate) fn breaks_concealed(&self) -> Option<&Meld> {
        if self.variant.scoring.concealed_ankan {
            self.open_meld()
        } else {
            self.melds.first()
        }
    }

    /// 自摸 as the payment sees it: the winner drew the tile and the three others pay.
    pub(crate) fn self_draw(&self) -> bool {
        self.ctx.win.is_self_draw()
    }

    /// The winning tile came from another player (a discard or a robbed kong).
    pub(crate) fn claimed_tile(&self) -> bool {
        matches!(
            self.ctx.win,
            WinKind::Discard { .. } | WinKind::RobbingKong { .. }
        )
    }

    pub(crate) fn is_dealer(&self) -> bool {
        self.ctx.winner == self.ctx.dealer
    }

    pub(crate) fn suits(&self) -> (usize, bool) {
        let used = (0..3)
            .filter(|s| self.all[s * 9..s * 9 + 9].iter().any(|&c| c > 0))
            .count();
        let honors = self.all[27..].iter().any(|&c| c > 0);
        (used, honors)
    }

    /// The waits in notation (`1m, 4m`).
    pub(crate) fn wait_list(&self) -> String {
        self.waits_by(Tile::code, ", ")
    }

    /// The waits by their Chinese names (`一萬、四萬`).
    pub(crate) fn wait_names(&self) -> String {
        self.waits_by(Tile::name, "、")
    }

    fn waits_by(&self, word: impl Fn(Tile) -> String, sep: &str) -> String {
        let mut v = Vec::new();
        let mut m = self.waits_before;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            if let Some(t) = Tile::new(i) {
                v.push(word(t));
            }
        }
        v.join(sep)
    }
}

pub(crate) fn meld_name(kind: MeldKind) -> &'static str {
    kind.chinese()
}

/// Does not apply, for a reason fixed in English and Chinese.
pub(crate) fn no(en: &'static str, zh: &'static str) -> Hit {
    Hit::No(Why {
        en: Cow::Borrowed(en),
        zh: Cow::Borrowed(zh),
    })
}

/// How the hand was won, in English and Chinese (the why-not of an item about the manner).
pub(crate) fn how_won(ctx: &Context) -> (String, String) {
    match ctx.win {
        WinKind::SelfDraw => ("won by self-draw".to_owned(), "是自摸".to_owned()),
        WinKind::Replacement(r) => (
            format!("won by self-draw on the replacement after {}", r.name()),
            format!(
                "{}後補牌自摸",
                match r {
                    Replacement::Flower => "補花",
                    Replacement::Ankan => "暗槓",
                    Replacement::Kakan => "加槓",
                }
            ),
        ),
        WinKind::Discard { from } => (
            format!("won on a discard from seat {from}"),
            format!("胡座位 {from} 打出的牌"),
        ),
        WinKind::RobbingKong { from } => (
            format!("won by robbing the 加槓 of seat {from}"),
            format!("搶座位 {from} 的加槓"),
        ),
        WinKind::AfterRobbingFlower { from } => (
            format!("won on the replacement after robbing a flower from seat {from} (七搶一 case 2, paid as a discard)"),
            format!("搶座位 {from} 的花後補牌胡（七搶一第二種，算放槍）"),
        ),
        WinKind::EightFlowers => ("won by 八仙過海".to_owned(), "八仙過海".to_owned()),
        WinKind::SevenRobOne { from } => (
            format!("won by 七搶一 from seat {from}"),
            format!("七搶一，搶座位 {from}"),
        ),
        WinKind::FourKongs => ("won by 四槓胡".to_owned(), "四槓胡".to_owned()),
    }
}

pub(crate) fn not_first_turn(f: &Facts) -> Option<Hit> {
    (!f.ctx.first_turn).then(|| {
        no(
            "not the first turn (someone called or kong'd, or the winner already discarded)",
            "不是第一巡（有人吃碰槓，或胡牌者已經打過牌）",
        )
    })
}

/// 全求 / 半求人 / the fan list's 全求人: all five sets (four in a 13-tile hand) 吃, 碰, 明槓 or
/// 加槓 (so the concealed part is the 單吊 pair), then `won` for the manner of the win
/// (`reason` when it is not).
pub(crate) fn all_open_then(
    f: &Facts,
    won: bool,
    reason: impl FnOnce() -> (String, String),
) -> Hit {
    let open = f.melds.iter().filter(|m| m.kind.is_open()).count();
    let sets = f.sets.len();
    if open < sets {
        f.why(|| {
            (
                format!("{open} open melds of {sets}"),
                format!("{sets} 組裡只有 {open} 組是吃碰槓"),
            )
        })
    } else {
        f.yes_if(won, reason)
    }
}

pub(crate) fn kongs(f: &Facts) -> usize {
    f.melds
        .iter()
        .filter(|m| matches!(m.kind, MeldKind::Minkan | MeldKind::Kakan | MeldKind::Ankan))
        .count()
}

/// `tai`, or one less when `open` (003 改良式: 由吃得而成 / 非門清).
pub(crate) fn open_less(f: &Facts, item: Item, open: bool) -> Hit {
    let t = f.variant.tai_of(item);
    Hit::Tai(if open { t.saturating_sub(1) } else { t })
}

/// The longest row of triplets of consecutive numbers in one suit.
pub(crate) fn consecutive_triplets(f: &Facts) -> usize {
    let mut best = 0;
    for s in 0..3 {
        let mut n = 0;
        for i in s * 9..s * 9 + 9 {
            n = if f.sets.iter().any(|x| x.triplet && x.tile.index() == i) {
                n + 1
            } else {
                0
            };
            best = best.max(n);
        }
    }
    best
}

pub(crate) fn consecutive(f: &Facts, n: usize) -> Hit {
    let got = consecutive_triplets(f);
    f.yes_if(got >= n, || {
        (
            format!("{got} consecutive triplets in a suit"),
            format!("同一花色只有 {got} 組連續的刻子"),
        )
    })
}

/// The run starting at `t` appears this many times among the sets.
pub(crate) fn runs_of(f: &Facts, t: Tile) -> usize {
    f.sets.iter().filter(|x| !x.triplet && x.tile == t).count()
}

/// 一盃口 (003 註二): two equal runs, one of them concealed and not completed by a claimed tile.
pub(crate) fn double_run(f: &Facts) -> Option<Tile> {
    f.sets
        .iter()
        .filter(|x| !x.triplet)
        .map(|x| x.tile)
        .find(|&t| {
            let concealed = f
                .sets
                .iter()
                .filter(|x| !x.triplet && x.tile == t && x.meld.is_none())
                .count();
            let by_claim = usize::from(f.claimed_tile() && f.win_block == Block::Sequence(t));
            runs_of(f, t) >= 2 && concealed > by_claim
        })
}

/// Every set and the pair hold a terminal or an honour (003 註五).
pub(crate) fn outside(f: &Facts) -> bool {
    let end = |t: Tile| t.is_honor() || t.is_terminal();
    end(f.pair)
        && f.sets.iter().all(|x| {
            if x.triplet {
                end(x.tile)
            } else {
                matches!(x.tile.number(), 1 | 7)
            }
        })
}

/// All five sets are triplets of tiles that satisfy `pred`, and so is the pair.
pub(crate) fn triplets_of(f: &Facts, pred: fn(Tile) -> bool) -> bool {
    pred(f.pair) && f.sets.iter().all(|x| x.triplet && pred(x.tile))
}

/// Every tile of the hand satisfies `pred`.
pub(crate) fn only_tiles(f: &Facts, pred: fn(Tile) -> bool) -> bool {
    (0..KINDS).all(|i| f.all[i] == 0 || Tile::new(i).is_some_and(pred))
}

/// 風花雪月 (003 註九): triplets of a wind, 5p, 白 and 1p.
pub(crate) fn wind_flower_snow_moon(f: &Facts) -> bool {
    f.sets.iter().any(|x| x.triplet && x.tile.is_wind())
        && [13, 31, 9]
            .iter()
            .all(|&i| f.sets.iter().any(|x| x.triplet && x.tile.index() == i))
}

/// The hand's tiles less one of its sets, for each set (003: 有一搭可隨意吃碰不限定任何牌).
///
/// That free set is 003's way of fitting a 14-tile shape into 16 tiles; a 13-tile hand (004 13
/// 張版) is the 14-tile shape itself, so it yields the whole hand once instead.
pub(crate) fn less_one_set<'a>(f: &'a Facts<'_>) -> impl Iterator<Item = Counts> + 'a {
    let free = f.sets.len() == 5;
    let whole = (!free).then_some(f.all);
    f.sets
        .iter()
        .filter(move |_| free)
        .map(|x| {
            let mut c = f.all;
            let i = x.tile.index();
            if x.triplet {
                // A kong is four tiles.
                let n = if x.meld.is_some_and(|m| m != MeldKind::Pon) {
                    4
                } else {
                    3
                };
                c[i] = c[i].saturating_sub(n);
            } else {
                for y in &mut c[i..i + 3] {
                    *y = y.saturating_sub(1);
                }
            }
            c
        })
        .chain(whole)
}

/// [`less_one_set`], and the hand less its pair: 003 改良式's free 搭 is 「三張或雀眼」, a set or
/// the pair (綠一色, 百萬石; the shapes of fixed size, 大車輪 and 九連寶燈, only fit with a set).
pub(crate) fn less_one_group<'a>(f: &'a Facts<'_>) -> impl Iterator<Item = Counts> + 'a {
    let pair = (f.sets.len() == 5).then(|| {
        let mut c = f.all;
        let i = f.pair.index();
        c[i] = c[i].saturating_sub(2);
        c
    });
    less_one_set(f).chain(pair)
}

/// 九連寶燈 and 九子連環 (003): the hand less one set `x` (with `fifth(x)`) is 14 concealed tiles
/// of the winning tile's suit whose counts satisfy `row_ok`.
fn nine_gates(
    f: &Facts,
    fifth: impl Fn(&SetView) -> bool,
    row_ok: impl Fn([u8; 9]) -> bool,
) -> bool {
    if f.win_tile.is_honor() {
        return false;
    }
    let s = f.win_tile.index() / 9;
    let suited = |c: &Counts| {
        let mut row = [0u8; 9];
        row.copy_from_slice(&c[s * 9..s * 9 + 9]);
        (row.iter().map(|&v| u32::from(v)).sum::<u32>() == 14).then_some(row)
    };
    if f.sets.len() < 5 {
        // 13 tiles (004 13 張版): the 14 concealed tiles are the shape, no set is free.
        let concealed = f.sets.iter().all(|y| y.meld.is_none());
        return concealed && suited(&f.all).is_some_and(&row_ok);
    }
    f.sets
        .iter()
        .zip(less_one_set(f))
        .enumerate()
        .any(|(k, (x, c))| {
            let others_concealed = f
                .sets
                .iter()
                .enumerate()
                .all(|(j, y)| j == k || y.meld.is_none());
            others_concealed && fifth(x) && suited(&c).is_some_and(&row_ok)
        })
}

/// The 13-tile shapes 003 註14 lists for 變形九連寶燈 (counts of consecutive numbers; its list
/// gives 11411113 twice).
const NINE_GATES_VARIANTS: [&[u8]; 6] = [
    &[1, 1, 4, 1, 1, 1, 1, 3],
    &[3, 1, 1, 1, 1, 4, 1, 1],
    &[1, 1, 4, 1, 4, 1, 1],
    &[1, 4, 1, 1, 1, 4, 1],
    &[3, 1, 1, 1, 2, 4, 1],
    &[1, 4, 2, 1, 1, 1, 3],
];

/// Counts of 1112345678999 plus one more (14 tiles).
fn over_nine_gates(row: &[u8; 9]) -> bool {
    const BASE: [u8; 9] = [3, 1, 1, 1, 1, 1, 1, 1, 3];
    row.iter().zip(BASE).all(|(&c, b)| c >= b)
}

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

/// One tai item.
pub struct ItemDef {
    /// The item; its key, name and its table's tai are its words ([`crate::rules::item`]).
    pub item: Item,
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
            .field("item", &self.item)
            .finish_non_exhaustive()
    }
}

impl ItemDef {
    /// The item's stable key.
    pub const fn key(&self) -> &'static str {
        self.item.key()
    }

    /// The item's name as its table writes it.
    pub const fn name(&self) -> &'static str {
        self.item.name()
    }
}

pub(crate) const NONE: &[Item] = &[];

fn dealer_pair(_: &Facts) -> Hit {
    no(
        "counted per payer between the dealer and the counterpart (settlement)",
        "按每位付款者另算，只算在莊家和對方之間",
    )
}

fn flower_win(_: &Facts) -> Hit {
    no("a flower win is its own 筆 (score_flower)", "花胡另算一筆")
}

pub(crate) fn concealed_count(f: &Facts, n: u8) -> Hit {
    if f.concealed_triplets >= n {
        Hit::Times(1)
    } else {
        f.why(|| {
            (
                format!("{} 暗刻", f.concealed_triplets),
                format!("{} 個暗刻", f.concealed_triplets),
            )
        })
    }
}

/// The tai table. `ITEMS[i].item as usize == i`.
pub static ITEMS: [ItemDef; Item::TABLE] = [
    ItemDef {
        item: Item::Dealer,
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
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::HeavenWin, Item::EarthWin, Item::HumanWin, Item::Migi],
        merges: NONE,
        doc: "門清 (000 台數表): no 吃, 碰, 明槓 or 加槓; an 暗槓 keeps it. Not counted with 天胡, 地胡, \
              人胡, MIGI. Example: a fully concealed hand winning on a discard scores 門清 1.",
        check: |f| match f.breaks_concealed() {
            Some(m) => f.why(|| (format!("{} of {}", meld_name(m.kind), m.tile.code()), format!("有{}（{}）", meld_name(m.kind), m.tile.name()))),
            None => Hit::Times(1),
        },
    },
    ItemDef {
        item: Item::SelfDraw,
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
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::HeavenWin, Item::EarthWin, Item::Migi],
        merges: NONE,
        doc: "不求 (000 台數表): 門清 and 自摸 (an 暗槓 allowed), so 門清 + 自摸 + 不求 = 3. Not counted \
              with 天胡, 地胡, MIGI. Example 一: 門清自摸 = 3 tai.",
        check: |f| match f.breaks_concealed() {
            Some(m) => f.why(|| (format!("{} of {}", meld_name(m.kind), m.tile.code()), format!("有{}（{}）", meld_name(m.kind), m.tile.name()))),
            None => f.yes_if(f.self_draw(), || how_won(f.ctx)),
        },
    },
    ItemDef {
        item: Item::RoundWind,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::BigWinds, Item::AllHonors],
        merges: NONE,
        doc: "圈風 (000 台數表): a triplet or kong of the round wind. Counted with 門風 when they are the \
              same wind; not with 大四喜, 字一色 (nor 小四喜, whose row says so).",
        check: |f| {
            let t = f.ctx.round_wind.tile();
            f.yes_if(f.triplet_of(t), || (format!("no triplet of {}", t.name()), format!("沒有{}的刻子", t.name())))
        },
    },
    ItemDef {
        item: Item::SeatWind,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::BigWinds, Item::AllHonors],
        merges: NONE,
        doc: "門風 (000 台數表): a triplet or kong of the winner's own seat wind; with 圈風 when both are \
              the same tile. Not with 大四喜, 字一色 (nor 小四喜).",
        check: |f| {
            let t = f.ctx.seat_wind.tile();
            f.yes_if(f.triplet_of(t), || (format!("no triplet of {}", t.name()), format!("沒有{}的刻子", t.name())))
        },
    },
    ItemDef {
        item: Item::Dragon,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::SmallDragons, Item::BigDragons, Item::AllHonors],
        merges: NONE,
        doc: "三元牌 (000 台數表): 1 tai per triplet or kong of 中, 發 or 白. Not with 小三元, 大三元, 字一色. \
              Under 風花雪月 (003 註九) the 白 triplet is not counted.",
        check: |f| {
            // 003 註九: 風花雪月 不計白皮台.
            let snow = f.variant.has(Item::WindFlowerSnowMoon) && wind_flower_snow_moon(f);
            match f.count_triplets(Tile::is_dragon) - u8::from(snow) {
                0 => no("no triplet of 中, 發 or 白", "沒有中、發、白的刻子"),
                n => Hit::Times(n),
            }
        },
    },
    ItemDef {
        item: Item::SeatFlower,
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
                0 => f.why(|| (format!("no flower of the seat wind {}", f.ctx.seat_wind.tile().name()), format!("沒有門風{}的花", f.ctx.seat_wind.tile().name()))),
                n => Hit::Times(n),
            }
        },
    },
    ItemDef {
        item: Item::FlowerKong,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "花槓 (000 台數表): 1 tai for all of 春夏秋冬, 1 for all of 梅蘭菊竹 (2 for both).",
        check: |f| {
            let n = u8::from(f.ctx.flowers & 0x0F == 0x0F) + u8::from(f.ctx.flowers & 0xF0 == 0xF0);
            match n {
                0 => no("neither 春夏秋冬 nor 梅蘭菊竹 complete", "春夏秋冬、梅蘭菊竹都沒有湊齊"),
                n => Hit::Times(n),
            }
        },
    },
    ItemDef {
        item: Item::SingleWait,
        scope: Scope::Hand,
        excludes: &[Item::PingHu],
        excluded_by: &[Item::HeavenWin],
        merges: NONE,
        doc: "獨聽 (000 台數表): the hand before the win waited on one kind only (kinds it holds all 4 \
              of are not waits, README), and the winning tile is an edge (邊張), closed (嵌張) or pair \
              (單吊) wait. Not with 平胡; not with 天胡. Example: 13m … waits only on 2m, 嵌張.",
        check: |f| {
            // 001 獨聽說明: 也有人玩「抓得出來」就有台 (a house rule): the reading decides alone.
            if f.waits_before.is_power_of_two() || f.variant.scoring.single_wait_extractable {
                f.yes_if(f.shape.is_single(), || (format!("won on a {} wait", f.shape.name()), format!("聽的是{}", f.shape.name())))
            } else {
                f.why(|| (format!("the hand waited on {}", f.wait_list()), format!("這手牌聽{}", f.wait_names())))
            }
        },
    },
    ItemDef {
        item: Item::AllMelded,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "全求 (000 台數表): all five sets (four at `hand_size` 13) are 吃, 碰, 明槓 or 加槓 (not 暗槓), one tile waits as 單吊, \
              and the win is another player's tile (a discard, or a robbed kong per README). Not on \
              自摸 (no 半求); the 獨聽 of the 單吊 counts besides.",
        check: |f| all_open_then(f, f.claimed_tile(), || how_won(f.ctx)),
    },
    ItemDef {
        item: Item::RobbingKong,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "搶槓 (000 台數表): the winning tile is the one another player added to a 碰 (加槓); only \
              加槓 can be robbed. The 加槓 player alone pays.",
        check: |f| f.yes_if(matches!(f.ctx.win, WinKind::RobbingKong { .. }), || how_won(f.ctx)),
    },
    ItemDef {
        item: Item::KongBloom,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::HeavenWin],
        merges: NONE,
        doc: "槓上開花 (000 台數表, 花牌與花胡): winning on the replacement drawn after a flower, an 暗槓 \
              or a 加槓 (never after a 明槓), including the replacement of a 七搶一. Not with 天胡; \
              with 地胡 and 海底撈月 it adds.",
        check: |f| {
            // 003 fan list 花 1: 花牌補花成胡算自摸，不算槓上開花 (with that row drawn in).
            if f.ctx.win == WinKind::Replacement(crate::scoring::context::Replacement::Flower)
                && (f.variant.has(Item::FanFlower) || f.variant.scoring.fan_notes)
            {
                return no("花牌補花成胡算自摸，不算槓上開花 (003 fan list 花)", "補花成胡算自摸，不算槓上開花（003 番表 花）");
            }
            f.yes_if(
                matches!(f.ctx.win, WinKind::Replacement(_) | WinKind::AfterRobbingFlower { .. }),
                || how_won(f.ctx),
            )
        },
    },
    ItemDef {
        item: Item::LastTile,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "海底撈月 (000 台數表): self-drawing the last drawable tile of the wall, also as a replacement \
              (then with 槓上開花), and with 自摸. Winning on the last discard scores nothing (no 河底撈魚).",
        check: |f| {
            if f.ctx.last_tile {
                f.yes_if(f.self_draw(), || {
                    let (en, zh) = how_won(f.ctx);
                    (
                        format!("{en}; the last discard scores nothing (no 河底撈魚)"),
                        format!("{zh}；胡最後一張打出的牌不算（沒有河底撈魚）"),
                    )
                })
            } else {
                no("not the last tile of the wall", "不是牌牆最後一張")
            }
        },
    },
    ItemDef {
        item: Item::DeclaredReady,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::Migi],
        merges: NONE,
        doc: "嗆聽 (000 台數表, 嗆聽與 MIGI): winning after declaring ready. A MIGI declaration is not \
              counted again as 嗆聽.",
        check: |f| f.yes_if(f.ctx.declared != Declaration::None, || ("no declaration".to_owned(), "沒有宣告".to_owned())),
    },
    ItemDef {
        item: Item::PingHu,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "平胡 (000 台數表, 平胡的認定): five runs (four at `hand_size` 13), a suited pair, no honour anywhere, no flower, \
              another player's tile, not 門清, and the winning tile sits in a run as the open end of a \
              two-sided wait. Not 單吊, 邊張, 嵌張; not with 獨聽. Example: 2223456m + 123456789p wins \
              平胡 on 1m, 4m, 7m but not on 3m, 6m (the pair). With the variant's ping_hu_concealed \
              (001 平胡說明: 門清無平胡 is only a stricter house rule) a 門清 hand counts too.",
        check: |f| {
            if let Some(s) = f.sets.iter().find(|s| s.triplet) {
                f.why(|| (format!("a triplet of {}", s.tile.code()), format!("有{}的刻子", s.tile.name())))
            } else if f.all[27..].iter().any(|&c| c > 0) {
                no("the hand holds an honour tile", "手牌有字牌")
            } else if f.ctx.flowers != 0 && !f.variant.ping_hu_other_flowers {
                no("the hand holds a flower", "有花牌")
            } else if (0..8).any(|i| f.ctx.flowers >> i & 1 == 1 && i % 4 == f.ctx.seat_wind as usize) {
                no("the hand holds a flower of the seat wind (本花)", "有本花（自己門風的花）")
            } else if !f.claimed_tile() {
                f.why(|| how_won(f.ctx))
            } else if f.breaks_concealed().is_none() && !f.variant.ping_hu_concealed {
                no("門清 (a concealed hand does not count 平胡)", "門清（門清不計平胡）")
            } else if f.variant.scoring.ping_hu_two_waits && f.waits_before.count_ones() > 2 {
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
                f.yes_if(f.shape == Shape::Ryanmen, || {
                    (format!("{} won on a {} wait", f.win_tile.code(), f.shape.name()), format!("胡{}，聽的是{}", f.win_tile.name(), f.shape.name()))
                })
            }
        },
    },
    ItemDef {
        item: Item::ThreeConcealed,
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
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::AllHonors],
        merges: NONE,
        doc: "碰碰胡 (000 台數表): all five sets (four at `hand_size` 13) are triplets or kongs. Not with 字一色.",
        check: |f| match f.sets.iter().find(|s| !s.triplet) {
            Some(s) => f.why(|| (format!("a run from {}", s.tile.code()), format!("有{}起的順子", s.tile.name()))),
            None => Hit::Times(1),
        },
    },
    ItemDef {
        item: Item::SmallDragons,
        scope: Scope::Hand,
        excludes: &[Item::Dragon],
        excluded_by: NONE,
        merges: NONE,
        doc: "小三元 (000 台數表): two triplets of 中發白 and the third as the pair. 三元牌 not counted \
              besides; with 字一色 it merges into 字一色（小三元）.",
        check: |f| {
            let n = f.count_triplets(Tile::is_dragon);
            f.yes_if(n == 2 && f.pair.is_dragon(), || (format!("{n} dragon triplets, pair {}", f.pair.code()), format!("三元牌的刻子 {n} 組，眼是{}", f.pair.name())))
        },
    },
    ItemDef {
        item: Item::HalfFlush,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "混一色 (000 台數表): one suit of number tiles plus honour tiles.",
        check: |f| {
            let (suits, honors) = f.suits();
            f.yes_if(suits == 1 && honors, || (format!("{suits} suits, honours {honors}"), format!("{suits} 種花色，{}", if honors { "有字牌" } else { "沒有字牌" })))
        },
    },
    ItemDef {
        item: Item::FourConcealed,
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
        scope: Scope::Hand,
        excludes: &[Item::ThreeConcealed, Item::FourConcealed],
        excluded_by: NONE,
        merges: NONE,
        doc: "五暗刻 (000 台數表): five concealed triplets (none at `hand_size` 13), judged as for 三暗刻; adds to 字一色 (outside \
              the composite merge). Replaces 三暗刻 and 四暗刻 (README tiers).",
        check: |f| concealed_count(f, 5),
    },
    ItemDef {
        item: Item::BigDragons,
        scope: Scope::Hand,
        excludes: &[Item::Dragon],
        excluded_by: NONE,
        merges: NONE,
        doc: "大三元 (000 台數表): triplets of 中, 發 and 白. 三元牌 not counted besides.",
        check: |f| {
            let n = f.count_triplets(Tile::is_dragon);
            f.yes_if(n == 3, || (format!("{n} dragon triplets"), format!("三元牌的刻子 {n} 組")))
        },
    },
    ItemDef {
        item: Item::SmallWinds,
        scope: Scope::Hand,
        excludes: &[Item::RoundWind, Item::SeatWind],
        excluded_by: NONE,
        merges: NONE,
        doc: "小四喜 (000 台數表): three wind triplets and the fourth wind as the pair. 圈風 and 門風 not \
              counted besides.",
        check: |f| {
            let n = f.count_triplets(Tile::is_wind);
            f.yes_if(n == 3 && f.pair.is_wind(), || (format!("{n} wind triplets, pair {}", f.pair.code()), format!("風牌的刻子 {n} 組，眼是{}", f.pair.name())))
        },
    },
    ItemDef {
        item: Item::FullFlush,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "清一色 (000 台數表): one suit of number tiles only, no honour.",
        check: |f| {
            let (suits, honors) = f.suits();
            f.yes_if(suits == 1 && !honors, || (format!("{suits} suits, honours {honors}"), format!("{suits} 種花色，{}", if honors { "有字牌" } else { "沒有字牌" })))
        },
    },
    ItemDef {
        item: Item::HumanWin,
        scope: Scope::Hand,
        excludes: &[Item::Concealed],
        excluded_by: NONE,
        merges: NONE,
        doc: "人胡 (000 台數表, 天胡、地胡、人胡): a non-dealer who has not discarded wins on a discard \
              while nobody has called or kong'd; also the replacement win after a 七搶一 it did not \
              draw for (case 2, paid as a discard). Not with 門清.",
        check: |f| {
            if f.variant.scoring.human_win_declared {
                // 003 改良式 人胡: 必為天聽，在各家未吃碰下八張牌內有人放槍.
                return if f.ctx.declared != Declaration::HeavenReady {
                    no("no 天聽 declaration (003 人胡: 必為天聽)", "沒有宣告天聽（003 人胡：必為天聽）")
                } else if !f.ctx.first_eight {
                    no("not within the first eight discards with nobody having called", "不是在沒人吃碰的前八張牌內")
                } else {
                    f.yes_if(matches!(f.ctx.win, WinKind::Discard { .. }), || how_won(f.ctx))
                };
            }
            if f.is_dealer() {
                no("the winner is the dealer", "胡牌者是莊家")
            } else if let Some(r) = not_first_turn(f) {
                r
            } else {
                let discard_like = matches!(
                    f.ctx.win,
                    WinKind::Discard { .. } | WinKind::AfterRobbingFlower { .. }
                );
                f.yes_if(discard_like, || how_won(f.ctx))
            }
        },
    },
    ItemDef {
        item: Item::Migi,
        scope: Scope::Hand,
        excludes: &[Item::Concealed, Item::ConcealedSelfDraw, Item::DeclaredReady],
        excluded_by: NONE,
        merges: NONE,
        doc: "MIGI (000 嗆聽與 MIGI): winning after declaring ready within the first 8 discards with no \
              call or kong before. Not with 門清, 不求, 嗆聽; 自摸 is kept.",
        check: |f| f.yes_if(f.ctx.declared == Declaration::Migi, || ("no MIGI declaration".to_owned(), "沒有宣告 MIGI".to_owned())),
    },
    ItemDef {
        item: Item::SevenRobOne,
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
        scope: Scope::FlowerWin,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "八仙過海 (000 花牌與花胡): all 8 flowers; its own 筆, paid by the three others.",
        check: flower_win,
    },
    ItemDef {
        item: Item::EarthWin,
        scope: Scope::Hand,
        excludes: &[Item::SelfDraw, Item::Concealed, Item::ConcealedSelfDraw],
        excluded_by: NONE,
        merges: NONE,
        doc: "地胡 (000 台數表, 天胡、地胡、人胡): a non-dealer self-draws on the first tile it takes in \
              (a flower replacement included, then with 槓上開花) while nobody has called or kong'd. \
              Not with 自摸, 門清, 不求.",
        check: |f| {
            if f.is_dealer() {
                no("the winner is the dealer", "胡牌者是莊家")
            } else if let Some(r) = not_first_turn(f) {
                r
            } else {
                f.yes_if(f.self_draw(), || how_won(f.ctx))
            }
        },
    },
    ItemDef {
        item: Item::BigWinds,
        scope: Scope::Hand,
        excludes: &[Item::RoundWind, Item::SeatWind],
        excluded_by: NONE,
        merges: NONE,
        doc: "大四喜 (000 台數表): triplets of 東, 南, 西 and 北. 圈風 and 門風 not counted besides.",
        check: |f| {
            let n = f.count_triplets(Tile::is_wind);
            f.yes_if(n == 4, || (format!("{n} wind triplets"), format!("風牌的刻子 {n} 組")))
        },
    },
    ItemDef {
        item: Item::AllHonors,
        scope: Scope::Hand,
        excludes: &[Item::AllTriplets, Item::RoundWind, Item::SeatWind, Item::Dragon],
        excluded_by: NONE,
        merges: &[Item::SmallDragons, Item::BigDragons, Item::SmallWinds, Item::BigWinds],
        doc: "字一色 (000 台數表, 字一色的複合): honour tiles only. Not with 碰碰胡, 圈風, 門風, 三元牌. \
              With 小三元, 大三元, 小四喜 or 大四喜 the two add minus 4 and show as one item: \
              字一色（小三元） 16, 字一色（大三元） 20, 字一色（小四喜） 20, 字一色（大四喜） 28. 五暗刻 adds.",
        check: |f| {
            let (suits, _) = f.suits();
            f.yes_if(suits == 0, || (format!("{suits} suits of number tiles"), format!("有 {suits} 種數牌")))
        },
    },
    ItemDef {
        item: Item::HeavenWin,
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
                no("the winner is not the dealer", "胡牌者不是莊家")
            } else if let Some(r) = not_first_turn(f) {
                r
            } else {
                f.yes_if(f.self_draw(), || how_won(f.ctx))
            }
        },
    },
    ItemDef {
        item: Item::Dice,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "骰規台 (002 骰規台): the opening dice are 豹子, 全紅, 順子 or 全黑 (first match; red faces 1 \
              and 4), worth the variant's dice value (5, 3, 2, 1). Part of the hand's tai, so every \
              payer pays it; one 筆 per hand only. Example 五: dice 2, 3, 6 = 全黑 1.",
        check: |f| {
            if !f.variant.dice_enabled {
                return no("the variant has no 骰規台", "這個規則沒有骰規台");
            }
            let Some(d) = f.ctx.dice else {
                return no("no opening dice given", "沒有填開門的骰子");
            };
            match DiceShape::of(d) {
                Some(s) => Hit::Tai(f.variant.dice.value(s)),
                None => f.why(|| (format!("dice {}, {}, {} have no shape", d[0], d[1], d[2]), format!("骰子 {}、{}、{} 不成骰規台的形", d[0], d[1], d[2]))),
            }
        },
    },
    ItemDef {
        item: Item::LastDiscard,
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
                no("not the last discard of the wall", "不是牌牆最後一張打出的牌")
            }
        },
    },
    ItemDef {
        item: Item::HeavenReady,
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
                ("no 天聽 declaration".to_owned(), "沒有宣告天聽".to_owned())
            })
        },
    },
    ItemDef {
        item: Item::FourKongs,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "四槓牌 (001 台數表, 特殊胡牌 四槓胡; not in 000): the winner alone made four kongs (明槓, \
              加槓 or 暗槓). 001 counts it as a self-drawn win without the 自摸 tai (a preset 備註). \
              Example: four kong melds and a pair of 5p: 8 tai (traditional).",
        check: |f| {
            let n = kongs(f);
            f.yes_if(n >= 4, || (format!("{n} kongs"), format!("{n} 個槓")))
        },
    },
    ItemDef {
        item: Item::DealerFirstDiscard,
        scope: Scope::Hand,
        excludes: &[Item::Concealed],
        excluded_by: NONE,
        merges: NONE,
        doc: "地胡 as 001 defines it (001 台數表; 000's 地胡 is a first self-draw, its 人胡 any first \
              discard): a non-dealer wins on the dealer's first discard, nobody having called or \
              kong'd. Like 000's 人胡 (its 備註 kept): not with 門清. Example: 16 tai (traditional).",
        check: |f| {
            if f.is_dealer() {
                no("the winner is the dealer", "胡牌者是莊家")
            } else if let Some(r) = not_first_turn(f) {
                r
            } else {
                let from_dealer =
                    matches!(f.ctx.win, WinKind::Discard { from } if from == f.ctx.dealer);
                f.yes_if(from_dealer, || {
                    let (en, zh) = how_won(f.ctx);
                    (format!("{en}, not the dealer's"), format!("{zh}，不是莊家的"))
                })
            }
        },
    },
    ItemDef {
        item: Item::TwoKongs,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "兩槓子 (003 改良式 1台): exactly two kongs.",
        check: |f| {
            let n = kongs(f);
            f.yes_if(n == 2, || (format!("{n} kongs"), format!("{n} 個槓")))
        },
    },
    ItemDef {
        item: Item::ThreeKongs,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "三槓子 (003 改良式 3台): exactly three kongs.",
        check: |f| {
            let n = kongs(f);
            f.yes_if(n == 3, || (format!("{n} kongs"), format!("{n} 個槓")))
        },
    },
    ItemDef {
        item: Item::AllSimples,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "斷么九 (003 改良式 1台): no 1, no 9, no honour anywhere in the hand.",
        check: |f| {
            let bad = (0..KINDS).find(|&i| {
                f.all[i] > 0 && Tile::new(i).is_some_and(|t| t.is_honor() || t.is_terminal())
            });
            f.yes_if(bad.is_none(), || ("a terminal or honour tile".to_owned(), "有么九牌或字牌".to_owned()))
        },
    },
    ItemDef {
        item: Item::DoubleRun,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::FourIdenticalRuns, Item::CleanCup],
        merges: NONE,
        doc: "一盃口 (003 改良式 1台, 註二): two equal runs, at least one of them in the concealed hand and not completed by a claimed tile. Not with 一色四同順, 清盃口.",
        check: |f| f.yes_if(double_run(f).is_some(), || ("no two equal runs (one concealed)".to_owned(), "沒有兩組相同的順子（其中一組門清）".to_owned())),
    },
    ItemDef {
        item: Item::ThreeColourRun,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "三色同順 (003 改良式 2台, 註三): the same run in 萬, 筒 and 條; one less (1台) when one of them is a 吃.",
        check: |f| {
            let found = (0..7).find(|&n| {
                (0..3).all(|s| f.sets.iter().any(|x| !x.triplet && x.tile.index() == s * 9 + n))
            });
            match found {
                None => no("no run in all three suits", "沒有三種花色都有的同一組順子"),
                Some(n) => {
                    let chi = f.sets.iter().any(|x| {
                        x.meld == Some(MeldKind::Chi) && x.tile.index() % 9 == n
                    });
                    open_less(f, Item::ThreeColourRun, chi)
                }
            }
        },
    },
    ItemDef {
        item: Item::Straight,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::TaiwanLine],
        merges: NONE,
        doc: "一條龍 (003 改良式 2台, 註四): every number 1 to 9 of one suit in the hand (not necessarily three runs); one less (1台) when a 吃 of that suit helps. Not with 台灣縱貫線.",
        check: |f| match (0..3).find(|&s| f.all[s * 9..s * 9 + 9].iter().all(|&c| c > 0)) {
            None => no("no suit with every number 1 to 9", "沒有一種花色一到九都有"),
            Some(s) => {
                let chi = f
                    .melds
                    .iter()
                    .any(|m| m.kind == MeldKind::Chi && m.tile.index() / 9 == s);
                open_less(f, Item::Straight, chi)
            }
        },
    },
    ItemDef {
        item: Item::ThreeSameTriplets,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "三同刻 (003 改良式 2台): triplets of the same number in 萬, 筒 and 條.",
        check: |f| {
            let found = (0..9).any(|n| {
                (0..3).all(|s| f.sets.iter().any(|x| x.triplet && x.tile.index() == s * 9 + n))
            });
            f.yes_if(found, || ("no number tripled in all three suits".to_owned(), "沒有三種花色同一數字的刻子".to_owned()))
        },
    },
    ItemDef {
        item: Item::ThreeConsecutiveTriplets,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::FourConsecutiveTriplets, Item::FiveConsecutiveTriplets, Item::CleanCup],
        merges: NONE,
        doc: "三連刻 (003 改良式 2台): triplets of three consecutive numbers of one suit. A tier under 四連刻, 五連刻; not with 清盃口.",
        check: |f| consecutive(f, 3),
    },
    ItemDef {
        item: Item::FourConsecutiveTriplets,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::FiveConsecutiveTriplets, Item::MillionStones],
        merges: NONE,
        doc: "四連刻 (003 改良式 5台): triplets of four consecutive numbers of one suit. A tier under 五連刻; not with 百萬石.",
        check: |f| consecutive(f, 4),
    },
    ItemDef {
        item: Item::FiveConsecutiveTriplets,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "五連刻 (003 改良式 8台): triplets of five consecutive numbers of one suit (with 碰碰胡, 12).",
        check: |f| consecutive(f, 5),
    },
    ItemDef {
        item: Item::MixedOutside,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::MixedTerminals, Item::AllTerminals],
        merges: NONE,
        doc: "混帶么 (003 改良式 3台, 註五): every set and the pair hold a 1, a 9 or an honour, with honours; 2台 when not 門清. Not with 混老頭, 清老頭.",
        check: |f| {
            let (_, honors) = f.suits();
            if outside(f) && honors {
                open_less(f, Item::MixedOutside, f.breaks_concealed().is_some())
            } else {
                no("not every set and the pair with a terminal, with honours", "不是每一組和眼都帶么九或字牌（且有字牌）")
            }
        },
    },
    ItemDef {
        item: Item::PureOutside,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::AllTerminals],
        merges: NONE,
        doc: "全帶么 (003 改良式 4台, 註五): every set and the pair hold a 1 or a 9, no honour; 3台 when not 門清. Not with 清老頭.",
        check: |f| {
            let (_, honors) = f.suits();
            if outside(f) && !honors {
                open_less(f, Item::PureOutside, f.breaks_concealed().is_some())
            } else {
                no("not every set and the pair with a 1 or 9, without honours", "不是每一組和眼都帶一或九（且沒有字牌）")
            }
        },
    },
    ItemDef {
        item: Item::SmallThreeWinds,
        scope: Scope::Hand,
        excludes: &[Item::RoundWind, Item::SeatWind],
        excluded_by: NONE,
        merges: NONE,
        doc: "小三風 (003 改良式 3台, 註六): two wind triplets and a third wind as the pair. Not with 圈風, 門風.",
        check: |f| {
            let n = f.count_triplets(Tile::is_wind);
            f.yes_if(n == 2 && f.pair.is_wind(), || (format!("{n} wind triplets, pair {}", f.pair.code()), format!("風牌的刻子 {n} 組，眼是{}", f.pair.name())))
        },
    },
    ItemDef {
        item: Item::BigThreeWinds,
        scope: Scope::Hand,
        excludes: &[Item::RoundWind, Item::SeatWind],
        excluded_by: NONE,
        merges: NONE,
        doc: "大三風 (003 改良式 6台, 註六): three wind triplets, the fourth wind absent (else 小四喜). Not with 圈風, 門風.",
        check: |f| {
            let n = f.count_triplets(Tile::is_wind);
            f.yes_if(n == 3 && !f.pair.is_wind(), || (format!("{n} wind triplets, pair {}", f.pair.code()), format!("風牌的刻子 {n} 組，眼是{}", f.pair.name())))
        },
    },
    ItemDef {
        item: Item::Peacock,
        scope: Scope::Hand,
        excludes: &[Item::RoundWind, Item::SeatWind],
        excluded_by: NONE,
        merges: NONE,
        doc: "孔雀東南飛 (003 改良式 4台): triplets of 1s, 東 and 南. Not with 圈風, 門風.",
        check: |f| {
            let held = [18, 27, 28]
                .iter()
                .all(|&i| f.sets.iter().any(|x| x.triplet && x.tile.index() == i));
            f.yes_if(held, || ("no triplets of 1s, 東 and 南".to_owned(), "沒有一、東、南的刻子".to_owned()))
        },
    },
    ItemDef {
        item: Item::MixedTerminals,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "混老頭 (003 改良式 4台, 註七): triplets and pair of 1s, 9s and honours, with both (so 碰碰胡 too: 8). Not with 混帶么.",
        // Every tile a terminal or an honour: on five sets and a pair that is triplets and a
        // pair of them; read on the tiles, it holds on a special shape too (十三么).
        check: |f| {
            let (suits, honors) = f.suits();
            let ok = only_tiles(f, |t| t.is_honor() || t.is_terminal()) && honors && suits > 0;
            f.yes_if(ok, || ("not only terminals and honours, with both".to_owned(), "不是只有么九牌和字牌（兩種都要有）".to_owned()))
        },
    },
    ItemDef {
        item: Item::AllTerminals,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "清老頭 (003 改良式 12台, 註七): triplets and pair of 1s and 9s only (with 碰碰胡: 16). Not with 全帶么, 混帶么.",
        check: |f| f.yes_if(only_tiles(f, Tile::is_terminal), || ("not only 1s and 9s".to_owned(), "不是只有一和九".to_owned())),
    },
    ItemDef {
        item: Item::All258,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "全將碰 (003 改良式 10台): triplets and pair of suited 2, 5, 8 only (with 碰碰胡: 14).",
        check: |f| {
            let ok = triplets_of(f, |t| !t.is_honor() && matches!(t.number(), 2 | 5 | 8));
            f.yes_if(ok, || ("not triplets of 2, 5, 8".to_owned(), "不是二、五、八的刻子".to_owned()))
        },
    },
    ItemDef {
        item: Item::WindFlowerSnowMoon,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "風花雪月 (003 改良式 8台, 註九): triplets of a wind (風), 5p (花), 白 (雪) and 1p (月); the 白 triplet is not counted as 三元牌 (不計白皮台).",
        check: |f| f.yes_if(wind_flower_snow_moon(f), || ("no triplets of a wind, 5p, 白 and 1p".to_owned(), "沒有風牌、五筒、白、一筒的刻子".to_owned())),
    },
    ItemDef {
        item: Item::TaiwanLine,
        scope: Scope::Hand,
        excludes: &[Item::Straight, Item::Dragon, Item::HalfFlush],
        excluded_by: NONE,
        merges: NONE,
        doc: "台灣縱貫線 (003 改良式 12台, 註11): 123, 456, 789 of one suit and 北, 中, 南 as two triplets and the pair. Not with 一條龍, 三元牌 (紅中), 混一色.",
        check: |f| {
            let line = (0..3).any(|s| {
                [0, 3, 6]
                    .iter()
                    .all(|&n| f.sets.iter().any(|x| !x.triplet && x.tile.index() == s * 9 + n))
            });
            let honours = [30, 33, 28]
                .iter()
                .all(|&i| f.pair.index() == i || f.sets.iter().any(|x| x.triplet && x.tile.index() == i));
            f.yes_if(line && honours, || ("not 123 456 789 of a suit with 北 中 南".to_owned(), "不是同一花色的一二三、四五六、七八九加北、中、南".to_owned()))
        },
    },
    ItemDef {
        item: Item::FourIdenticalRuns,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "一色四同順 (003 改良式 12台, 註12): four equal runs, 吃 allowed. Not with 一盃口.",
        check: |f| {
            let ok = f.sets.iter().any(|x| !x.triplet && runs_of(f, x.tile) >= 4);
            f.yes_if(ok, || ("no four equal runs".to_owned(), "沒有四組相同的順子".to_owned()))
        },
    },
    ItemDef {
        item: Item::AllGreen,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "綠一色 (003 改良式 16台): the hand but one group (a set or the pair: 有一搭（三張或雀眼）可隨意吃碰) is 2, 3, 4, 6, 8 of 條 and 發.",
        check: |f| {
            let green = |i: usize| matches!(i, 19 | 20 | 21 | 23 | 25 | 32);
            let ok = less_one_group(f).any(|c| (0..KINDS).all(|i| c[i] == 0 || green(i)));
            f.yes_if(ok, || ("not green but for one set".to_owned(), "除了一組以外不全是綠色的牌".to_owned()))
        },
    },
    ItemDef {
        item: Item::BigWheel,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "大車輪 (003 改良式 16台): pairs of every 2p to 8p (seven pairs) and one more set, which may be anything.",
        check: |f| {
            let ok = less_one_set(f)
                .any(|c| (0..KINDS).all(|i| c[i] == if (10..=16).contains(&i) { 2 } else { 0 }));
            f.yes_if(ok, || ("not two each of 2p to 8p and one set".to_owned(), "不是二筒到八筒各兩張加一組".to_owned()))
        },
    },
    ItemDef {
        item: Item::MillionStones,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "百萬石 (003 改良式 16台): the hand but one group (a set or the pair, anything: 三張或雀眼) is 5m to 9m only, and their numbers add up to 100 or more. Not with 四連刻.",
        check: |f| {
            let ok = less_one_group(f).any(|c| {
                let sum: u32 = (4..9).map(|i| u32::from(c[i]) * (i as u32 + 1)).sum();
                (0..KINDS).all(|i| c[i] == 0 || (4..9).contains(&i)) && sum >= 100
            });
            f.yes_if(ok, || ("not 5m to 9m worth 100 but for one set".to_owned(), "除了一組以外不是五萬到九萬合計一百".to_owned()))
        },
    },
    ItemDef {
        item: Item::CleanCup,
        scope: Scope::Hand,
        excludes: &[Item::Concealed, Item::ThreeConcealed],
        excluded_by: NONE,
        merges: NONE,
        doc: "清盃口 (003 改良式 16台): 門清, with three consecutive triplets and two equal runs of one suit, and a pair. Not with 門清, 三連刻, 三暗刻, 一盃口.",
        check: |f| {
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
        },
    },
    ItemDef {
        item: Item::PeachGarden,
        scope: Scope::Hand,
        excludes: &[Item::BigDragons, Item::Dragon],
        excluded_by: NONE,
        merges: NONE,
        doc: "桃園三結義 (003 改良式 16台, 註15): 大三元 plus 3m, 3p, 3s as two triplets and the pair (with 碰碰胡: 20). Not with 大三元, 三元牌.",
        check: |f| {
            let threes = [2, 11, 20]
                .iter()
                .all(|&i| f.pair.index() == i || f.sets.iter().any(|x| x.triplet && x.tile.index() == i));
            let dragons = f.count_triplets(Tile::is_dragon) == 3;
            f.yes_if(threes && dragons, || ("not 大三元 with 3m 3p 3s".to_owned(), "不是大三元加三萬、三筒、三條".to_owned()))
        },
    },
    ItemDef {
        item: Item::NineGatesVariant,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::NineGatesPure],
        merges: NONE,
        doc: "變形九連寶燈 (003 改良式 16台, 註14): the hand but one set (which may be anything, 吃 or \
              碰: 有一搭可隨意吃碰) is 13 concealed tiles of one suit, counted as one of the shapes 註14 \
              lists (11411113, 31111411, 1141411, 1411141, 3111241, 1421113: a 槓's four and a 刻 in \
              a row of numbers, anywhere from 1 to 9), and the winning tile is the 14th; compounds \
              with other items (清一色 …). Not with 純正九連寶燈. Example: 1233334567888m waits on \
              1, 2, 4–9m.",
        check: |f| {
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
        },
    },
    ItemDef {
        item: Item::NineGatesPure,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "純正九連寶燈 (003 改良式 24台, 註17): the hand but one set (anything) is 14 concealed \
              tiles of one suit, 1112345678999 plus one more, the winning tile among them; per 註17 \
              1112345677999m winning on 8m counts too (on anything else it is only 清一色). \
              Compounds with other items.",
        check: |f| {
            let ok = nine_gates(f, |_| true, |row| over_nine_gates(&row));
            f.yes_if(ok, || ("no 1112345678999 plus one of a suit".to_owned(), "沒有同一花色的一一一二三四五六七八九九九加一張".to_owned()))
        },
    },
    ItemDef {
        item: Item::WindTriplet,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::SmallWinds, Item::BigWinds],
        merges: NONE,
        doc: "風牌 (003 hk16 1番): 1 番 per triplet or kong of any wind; 合風 and 位 (the round and the \
              seat wind) add 圈風 and 門風 besides. Not with 小四喜, 大四喜 (000's note on 圈風, 門風 \
              kept). Example: a 碰 of 西 as 南 seat in the 東 round: 1.",
        check: |f| match f.count_triplets(Tile::is_wind) {
            0 => no("no wind triplet", "沒有風牌的刻子"),
            n => Hit::Times(n),
        },
    },
    ItemDef {
        item: Item::NoHonors,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "無字 (003 hk16 1番): no honour tile anywhere in the winning hand.",
        check: |f| f.yes_if(f.all[27..].iter().all(|&c| c == 0), || ("the hand holds an honour".to_owned(), "手牌有字牌".to_owned())),
    },
    ItemDef {
        item: Item::NoFlowers,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "無花 (003 hk16 1番): the winner holds no flower.",
        check: |f| f.yes_if(f.ctx.flowers == 0, || (format!("{} flowers", f.ctx.flowers.count_ones()), format!("有 {} 張花", f.ctx.flowers.count_ones()))),
    },
    ItemDef {
        item: Item::Eyes258,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "象眼 (003 hk16 1番): the pair (眼) is a 2, 5 or 8 of 筒, 索 or 萬.",
        check: |f| {
            let ok = !f.pair.is_honor() && matches!(f.pair.number(), 2 | 5 | 8);
            f.yes_if(ok, || (format!("the pair is {}", f.pair.code()), format!("眼是{}", f.pair.name())))
        },
    },
    ItemDef {
        item: Item::FakeSingle,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "假獨 (003 hk16 1番): the hand waited on two kinds or more, but the winning tile can be \
              read as a single wait (邊張, 嵌張, 單吊). Example (the text's): 1234 waits on 1 and 4; \
              winning on 4 reads 123 + 44, a 單吊. A true one-kind wait is 獨獨 instead.",
        check: |f| {
            if f.waits_before.count_ones() < 2 {
                f.why(|| (format!("the hand waited on {} only", f.wait_list()), format!("這手牌只聽{}", f.wait_names())))
            } else {
                f.yes_if(f.shape.is_single(), || (format!("won on a {} wait", f.shape.name()), format!("聽的是{}", f.shape.name())))
            }
        },
    },
    ItemDef {
        item: Item::PingWuHonorEyes,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "平糊, first case (003 hk16 1番): no 碰 or 槓 in the whole hand (five runs, four at `hand_size` 13; 吃 allowed), \
              the pair an honour, with flowers. (An honour pair without flowers is none of the three \
              cases.)",
        check: |f| ping_wu(f, true, true),
    },
    ItemDef {
        item: Item::PingWuFlowers,
        scope: Scope::Hand,
        excludes: &[Item::NoHonors],
        excluded_by: NONE,
        merges: NONE,
        doc: "平糊, second case (003 hk16 3番): five runs, four at `hand_size` 13 (no 碰, 槓), the pair not an honour, with \
              flowers. Not with 無字.",
        check: |f| ping_wu(f, false, true),
    },
    ItemDef {
        item: Item::PingWuClean,
        scope: Scope::Hand,
        excludes: &[Item::NoHonors, Item::NoFlowers, Item::NoHonorsNoFlowers],
        excluded_by: NONE,
        merges: NONE,
        doc: "平糊, third case (003 hk16 8番): five runs, four at `hand_size` 13 (no 碰, 槓), the pair not an honour, no \
              flower. Not with 無字, 無花, 無字花 (不計無字花).",
        check: |f| ping_wu(f, false, false),
    },
    ItemDef {
        item: Item::KongEach,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "槓牌 (003 hk16 1番): 1 番 per kong, 明槓 or 暗槓.",
        check: |f| match kongs(f) {
            0 => no("no kong", "沒有槓"),
            n => Hit::Times(n as u8),
        },
    },
    ItemDef {
        item: Item::NoHonorsNoFlowers,
        scope: Scope::Hand,
        excludes: &[Item::NoHonors, Item::NoFlowers],
        excluded_by: NONE,
        merges: NONE,
        doc: "無字花 (003 hk16 3番): neither an honour nor a flower. The row's 3 番 is 無字 1 + 無花 1 + \
              one more, so it stands for the three: not with 無字, 無花.",
        check: |f| {
            let ok = f.all[27..].iter().all(|&c| c == 0) && f.ctx.flowers == 0;
            f.yes_if(ok, || ("an honour or a flower".to_owned(), "有字牌或花牌".to_owned()))
        },
    },
    ItemDef {
        item: Item::TwoConcealed,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: &[Item::ThreeConcealed, Item::FourConcealed, Item::FiveConcealed],
        merges: NONE,
        doc: "兩暗刻 (003 hk16 3番): two concealed triplets, 暗槓 included, judged as for 三暗刻 (000 \
              暗刻的認定). The lowest tier under 三暗刻, 四暗刻, 五暗刻.",
        check: |f| concealed_count(f, 2),
    },
    ItemDef {
        item: Item::HalfMelded,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "半求人 (003 hk16 8番): 單吊自摸 — read, beside 全求人 (all melded, 單吊, not 自摸), as its \
              self-drawn twin: all five sets (four at `hand_size` 13) 吃, 碰 or 明槓, and the 單吊 self-drawn \
              (docs/variants.md).",
        check: |f| all_open_then(f, f.self_draw(), || how_won(f.ctx)),
    },
    ItemDef {
        item: Item::ChickenHand,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "屁胡 (003 hk16 10番): the hand counts no other 番 of its own (莊家 and 連莊, counted \
              between the dealer and a payer, are not the hand's). The text: 台灣牌得番容易, so a hand \
              without any is the hard one. Judged after every other item and note.",
        check: |_| no("judged on the other items (score.rs)", "要看其他台項"),
    },
    ItemDef {
        item: Item::WithinSeven,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "七隻內 (003 hk16 20番): winning having discarded at most 7 tiles (a 上 or 碰 is followed by \
              a discard, so it counts: 上或碰皆計). Needs the context's `discards`.",
        check: |f| match f.ctx.discards {
            None => no("the winner's discards are not given", "沒有填胡牌者已打出幾張"),
            Some(n) => f.yes_if(n <= 7, || (format!("{n} discards"), format!("已打出 {n} 張"))),
        },
    },
    ItemDef {
        item: Item::SevenFlowers,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "七搶一 as hk16 defines it (003 hk16 20番): the winner holds seven flowers, another player \
              the eighth; added when the hand wins (胡的時候加), not a flower win of its own as in 000.",
        check: |f| {
            let n = f.ctx.flowers.count_ones();
            f.yes_if(n == 7, || (format!("{n} flowers"), format!("有 {n} 張花")))
        },
    },
    ItemDef {
        item: Item::EightFlowers,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "八仙過海 as hk16 defines it (003 hk16 40番): the winner holds all eight flowers; added when \
              the hand wins (只是在胡的時候加), not a flower win of its own as in 000.",
        check: |f| {
            let n = f.ctx.flowers.count_ones();
            f.yes_if(n == 8, || (format!("{n} flowers"), format!("有 {n} 張花")))
        },
    },
    ItemDef {
        item: Item::NineLinks,
        scope: Scope::Hand,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "九子連環 (003 hk16 80番): 1112345678999 of one suit plus one more of it, all concealed, \
              with a concealed triplet (暗坎; the text's 暗簡) or a run as the fifth set; compounds \
              with 混一色 or 清一色.",
        check: |f| {
            let fifth = |x: &SetView| if x.triplet { x.meld.is_none() } else { x.meld.is_none_or(|m| m == MeldKind::Chi) };
            let ok = nine_gates(f, fifth, |row| over_nine_gates(&row));
            f.yes_if(ok, || ("no 1112345678999 plus one of a suit with a 暗坎 or a run".to_owned(), "沒有同一花色的一一一二三四五六七八九九九加一張（含暗坎或順子）".to_owned()))
        },
    },
];

fn special_shape(_: &Facts) -> Hit {
    no(
        "a special shape, judged on the whole hand (special.rs), not on five sets and a pair",
        "特殊牌型看整手牌，不看五組一對",
    )
}

/// The items of the special shapes, in [`Special::ALL`] order. A preset scores one only when
/// its variant admits the shape (`special_shapes.<key>`); the tai is `special_tai`. The fan
/// list's four (七對, 七星不靠, 全不靠, 組合龍) are off in every preset: `tai.<key>` draws one in.
pub static SPECIAL_ITEMS: [ItemDef; 6] = [
    ItemDef {
        item: Item::LigGu,
        scope: Scope::Special,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc:
            "瀝咕瀝咕 (003 改良式 8台, 註八: 八對半): 門清, seven pairs and one triplet, no meld; \
              four of a kind count as two pairs. 必為門清: 門清 is not added; on a self-draw \
              自摸 and 不求人 are (只另計自摸、不求人兩台).",
        check: special_shape,
    },
    ItemDef {
        item: Item::ThirteenOrphans,
        scope: Scope::Special,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "十三么 (003 改良式 16台, 註13): 1m 9m 1p 9p 1s 9s and the seven honours once each, \
              one of them paired, plus one more set of any tiles (concealed, or one meld: 有一搭 \
              可隨意吃碰). 自摸 adds, 不求人 too when no meld.",
        check: special_shape,
    },
    ItemDef {
        item: Item::FanSevenPairs,
        scope: Scope::Special,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "七對 (003 fan list 七對 24: 胡牌牌面由七個對子組成的胡牌; 不算不求人跟單吊), in the \
              16-tile form: seven pairs plus one more set (a concealed run or triplet, or one \
              meld); four of a kind count as two pairs. 不算不求人: a self-draw adds 自摸 only \
              (單吊 is never counted on a special shape).",
        check: special_shape,
    },
    ItemDef {
        item: Item::FanSevenStars,
        scope: Scope::Special,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "七星不靠 (003 fan list 七星不靠 24: 東西南北中發板 once each and seven of 147, 258, \
              369, each in its own suit, no pair; 不算五門齊，不求人跟單吊), plus one more set \
              (concealed, or one meld). 不算不求人: a self-draw adds 自摸 only.",
        check: special_shape,
    },
    ItemDef {
        item: Item::FanAllKnitted,
        scope: Scope::Special,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "全不靠 (003 fan list 全不靠 12: single tiles of 147, 258, 369 each in its own suit \
              (不能錯位) and of the honours, 14 distinct tiles, no pair; 不算五門齊，不求人，單吊), \
              plus one more set (concealed, or one meld). 不算不求人: a self-draw adds 自摸 only.",
        check: special_shape,
    },
    ItemDef {
        item: Item::FanKnittedStraight,
        scope: Scope::Special,
        excludes: NONE,
        excluded_by: NONE,
        merges: NONE,
        doc: "組合龍 (003 fan list 組合龍 12: 147, 258, 369 each in its own suit, 不能錯位), in the \
              16-tile form: those nine tiles plus two sets and a pair (melds only among the \
              sets). 自摸 adds, 不求人 too when no meld.",
        check: special_shape,
    },
];
