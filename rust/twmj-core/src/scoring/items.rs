//! The tai items' entry type ([`ItemDef`]) and what its conditions read ([`Facts`]), with the
//! helpers several tables share. The entries themselves are in [`crate::scoring::tables`], one
//! file per table. Each row's 備註 ("不另計 X" / "X 不計") are in the rules floor
//! ([`crate::rules::notes`]), from which every preset resolves its `exclude.<item>` settings.
use std::cell::OnceCell;

use crate::decompose::Block;
use crate::hand::{Meld, MeldKind};
pub use crate::rules::Item;
use crate::rules::Variant;
use crate::scoring::context::{Context, Declaration, Replacement, WinKind};
use crate::tile::{Counts, Tile, KINDS};
use crate::waits::{wait_mask, Shape};

/// Where an item is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Part of the hand's tai: every payer pays it.
    Hand,
    /// Part of the hand's tai and paid with it, but scored after the win: not counted toward
    /// 起胡 ([`crate::scoring::Score::threshold_tai`]; 003 fan list 花: 不算在起胡分內，胡牌後記分).
    AfterWin,
    /// Part of the hand's tai, counted once per hand: on the regular 筆, or on a flower win's
    /// 筆 when there is no other (002 骰規台: 每局只算一次).
    Once,
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
///
/// One pointer wide, so a [`Hit`] is 16 bytes and comes back from a condition in registers
/// (two `Cow`s made it 56 bytes, returned through memory and read back with a stall on every
/// entry judged).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Why {
    /// Not built: nobody reads it (the scorer is not explaining).
    #[default]
    Unsaid,
    /// Fixed words: English, Chinese.
    Fixed(&'static [&'static str; 2]),
    /// Words built for this hand (only when explaining): English, Chinese.
    Built(Box<[String; 2]>),
}

impl Why {
    /// The reason in English (empty when unsaid).
    pub fn en(&self) -> &str {
        self.words()[0]
    }

    /// The reason in Chinese (empty when unsaid).
    pub fn zh(&self) -> &str {
        self.words()[1]
    }

    fn words(&self) -> [&str; 2] {
        match self {
            Why::Unsaid => ["", ""],
            Why::Fixed(w) => **w,
            Why::Built(w) => [&w[0], &w[1]],
        }
    }
}

// 64-bit targets only: on wasm32 a `Hit` is smaller (32-bit pointers) and its return path
// differs; the native build checks its layout as before.
#[cfg(target_pointer_width = "64")]
const _: () = assert!(
    std::mem::size_of::<Hit>() == 16,
    "a Hit is returned in registers"
);

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
    /// Waits of the hand before the win ([`Facts::waits_before`]), worked out when first asked.
    pub waits: &'a WaitsBefore,
    /// Every tile of the hand: concealed (with the winning tile) and melds.
    pub all: Counts,
    /// Build the reasons of items that do not apply (the why-not list); skipped otherwise.
    pub explain: bool,
    /// What the hand has ([`Needs::of`]); an entry whose needs it lacks is not judged unless
    /// explaining.
    pub has: Needs,
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

    /// `n` sets (at most five), each `v`.
    pub const fn filled(v: SetView, n: usize) -> Sets {
        Sets {
            views: [v; 5],
            len: if n < 5 { n as u8 } else { 5 },
        }
    }

    /// The slots and the length, to fill in place (the scorer's reading of a decomposition).
    pub(crate) fn parts_mut(&mut self) -> (&mut [SetView; 5], &mut u8) {
        (&mut self.views, &mut self.len)
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

/// The waits of the hand before the win, kinds held 4 times removed (README), as a mask:
/// worked out the first time a condition asks, once per hand. Most readings never ask (獨聽
/// only on a single-wait shape), and the wait mask of a cold hand is table lines from memory.
#[derive(Debug, Clone)]
pub struct WaitsBefore {
    before: Counts,
    exhausted: u64,
    mask: OnceCell<u64>,
}

impl WaitsBefore {
    /// The waits of the concealed tiles `before` the win, less the kinds in `exhausted` (held
    /// 4 times with the melds).
    pub fn new(before: Counts, exhausted: u64) -> WaitsBefore {
        WaitsBefore {
            before,
            exhausted,
            mask: OnceCell::new(),
        }
    }

    /// Waits already known (`mask`).
    pub fn known(mask: u64) -> WaitsBefore {
        WaitsBefore {
            before: [0; KINDS],
            exhausted: 0,
            mask: OnceCell::from(mask),
        }
    }

    pub fn get(&self) -> u64 {
        *self
            .mask
            .get_or_init(|| wait_mask(&self.before) & !self.exhausted)
    }
}

impl Facts<'_> {
    /// Waits of the hand before the win, kinds held 4 times removed (README), as a mask.
    pub fn waits_before(&self) -> u64 {
        self.waits.get()
    }

    /// Does not apply; the reason is only built when explaining.
    pub fn why(&self, reason: impl FnOnce() -> (String, String)) -> Hit {
        why(self.explain, reason)
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
        let mut m = self.waits_before();
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

/// Does not apply, for a reason fixed in English and Chinese (`&["…", "…"]`: a static pair,
/// nothing built).
pub(crate) const fn no(words: &'static [&'static str; 2]) -> Hit {
    Hit::No(Why::Fixed(words))
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
        no(&[
            "not the first turn (someone called or kong'd, or the winner already discarded)",
            "不是第一巡（有人吃碰槓，或胡牌者已經打過牌）",
        ])
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
    let free = f.sets.len() == crate::hand::SETS;
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
pub(crate) fn nine_gates(
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
pub(crate) const NINE_GATES_VARIANTS: [&[u8]; 6] = [
    &[1, 1, 4, 1, 1, 1, 1, 3],
    &[3, 1, 1, 1, 1, 4, 1, 1],
    &[1, 1, 4, 1, 4, 1, 1],
    &[1, 4, 1, 1, 1, 4, 1],
    &[3, 1, 1, 1, 2, 4, 1],
    &[1, 4, 2, 1, 1, 1, 3],
];

/// Counts of 1112345678999 plus one more (14 tiles).
pub(crate) fn over_nine_gates(row: &[u8; 9]) -> bool {
    const BASE: [u8; 9] = [3, 1, 1, 1, 1, 1, 1, 1, 3];
    row.iter().zip(BASE).all(|(&c, b)| c >= b)
}

/// One tai item.
#[derive(Clone, Copy)]
pub struct ItemDef {
    /// The item; its key, name and its table's tai are its words ([`crate::rules::item`]).
    pub item: Item,
    pub scope: Scope,
    /// Items merged into this one as a composite (字一色的複合). Its 備註 (what it leaves out
    /// beside it) are in the rules floor, [`crate::rules::notes`], by item.
    pub merges: &'static [Item],
    /// A note judged once the reading's other items and every 備註 are known: the counted item
    /// that drops this one, if any (001 平胡說明 貳 有其他台種無平胡, a house rule).
    pub after_notes: Option<AfterNotes>,
    /// What the hand must have for the condition to hold (a necessary condition, never more):
    /// the scorer skips the entry on a hand without it, unless explaining.
    pub needs: Needs,
    /// What / condition / excludes / example: `name (source): …`, the source being the rule
    /// text and section the entry transcribes ([`ItemDef::cite`]).
    pub doc: &'static str,
    /// The hands besides a reading of five sets and a pair it is judged on.
    pub also: Also,
    /// Worked hands, each with the item's tai as its rule text gives it: the entry's test rows
    /// (`tests/scoring/item_examples.rs` scores every one), shown in `docs/items.md`.
    pub examples: &'static [Example],
    /// The condition, and what it looks at.
    pub check: Check,
}

/// An entry's note judged on what the reading counts (tai per item, after the 備註): the
/// counted item that drops the entry's own, if any.
pub type AfterNotes = fn(&Facts, &[u32; Item::COUNT]) -> Option<Item>;

/// What a hand has that an item may need: the scorer judges an entry only where the hand has
/// all its [`ItemDef::needs`] (or when explaining, where every entry is judged for its reason).
/// Each flag is cheap to know once per hand, before any reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Needs(u32);

impl Needs {
    /// Nothing: judged on every hand.
    pub const NONE: Needs = Needs(0);
    /// Everything: a hand with these features skips no entry.
    pub const ALL: Needs = Needs(u32::MAX);
    /// An honour tile among the hand's tiles (its melds included).
    pub const HONOR: Needs = Needs(1);
    /// No honour tile anywhere.
    pub const NO_HONOR: Needs = Needs(1 << 1);
    /// Three or more of one kind among the hand's tiles (a triplet or kong may be read).
    pub const TRIPLET: Needs = Needs(1 << 2);
    /// A flower held (`ctx.flowers`).
    pub const FLOWER: Needs = Needs(1 << 3);
    /// A meld.
    pub const MELD: Needs = Needs(1 << 4);
    /// The winner drew the tile ([`WinKind::is_self_draw`]).
    pub const SELF_DRAW: Needs = Needs(1 << 5);
    /// The tile came from another player (a discard or a robbed kong).
    pub const CLAIMED: Needs = Needs(1 << 6);
    /// A robbed kong.
    pub const ROBBING_KONG: Needs = Needs(1 << 7);
    /// A replacement draw (after a flower or a kong, or after robbing a flower).
    pub const REPLACEMENT: Needs = Needs(1 << 8);
    /// The last tile of the wall.
    pub const LAST_TILE: Needs = Needs(1 << 9);
    /// A declaration (嗆聽, MIGI, 天聽).
    pub const DECLARED: Needs = Needs(1 << 10);
    /// The first turn.
    pub const FIRST_TURN: Needs = Needs(1 << 11);
    /// Three kinds or more with three or more copies each among the hand's tiles (three
    /// triplets or kongs may be read).
    pub const TRIPLETS_3: Needs = Needs(1 << 12);
    /// Four kinds or more with three or more copies each (four triplets or kongs).
    pub const TRIPLETS_4: Needs = Needs(1 << 13);
    /// A dragon (中, 發, 白) with three or more copies (a dragon triplet or kong).
    pub const DRAGON_SET: Needs = Needs(1 << 14);
    /// A wind with three or more copies (a wind triplet or kong).
    pub const WIND_SET: Needs = Needs(1 << 15);
    /// The number tiles of one suit at most (a flush, or honours alone).
    pub const ONE_SUIT: Needs = Needs(1 << 16);

    /// How many flags there are (bits `0..FLAGS`).
    pub const FLAGS: usize = 17;

    /// The flag of bit `k` alone.
    pub const fn flag(k: usize) -> Needs {
        Needs(1 << k)
    }

    /// Both.
    #[must_use]
    pub const fn and(self, other: Needs) -> Needs {
        Needs(self.0 | other.0)
    }

    /// The flags as bits (bit k: [`Needs::flag`] `k`).
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Every flag of `needs` is in `self`.
    pub const fn has(self, needs: Needs) -> bool {
        self.0 & needs.0 == needs.0
    }

    /// What the hand `all` (concealed with the winning tile, and melds) has in `ctx`.
    pub fn of(all: &Counts, melds: &[Meld], ctx: &Context) -> Needs {
        let honor = crate::tile::any_honor(all);
        // Kinds with three or more copies, as a mask (27–30 the winds, 31–33 the dragons).
        let sets = crate::tile::at_least_mask(all, 3);
        let held = crate::tile::at_least_mask(all, 1);
        let suits = (0..3)
            .map(|s| usize::from(held >> (9 * s) & 0x1FF != 0))
            .sum::<usize>();
        let flags = [
            (honor, Needs::HONOR),
            (!honor, Needs::NO_HONOR),
            (sets != 0, Needs::TRIPLET),
            (sets.count_ones() >= 3, Needs::TRIPLETS_3),
            (sets.count_ones() >= 4, Needs::TRIPLETS_4),
            (sets >> 31 != 0, Needs::DRAGON_SET),
            (sets >> 27 & 0xF != 0, Needs::WIND_SET),
            (suits <= 1, Needs::ONE_SUIT),
            (ctx.flowers != 0, Needs::FLOWER),
            (!melds.is_empty(), Needs::MELD),
            (ctx.win.is_self_draw(), Needs::SELF_DRAW),
            (
                matches!(
                    ctx.win,
                    WinKind::Discard { .. } | WinKind::RobbingKong { .. }
                ),
                Needs::CLAIMED,
            ),
            (
                matches!(ctx.win, WinKind::RobbingKong { .. }),
                Needs::ROBBING_KONG,
            ),
            (
                matches!(
                    ctx.win,
                    WinKind::Replacement(_) | WinKind::AfterRobbingFlower { .. }
                ),
                Needs::REPLACEMENT,
            ),
            (ctx.last_tile, Needs::LAST_TILE),
            (ctx.declared != Declaration::None, Needs::DECLARED),
            (ctx.first_turn, Needs::FIRST_TURN),
        ];
        // Or'd as bits, every flag in turn (no branch per flag).
        Needs(
            flags
                .iter()
                .fold(0, |n, &(on, f)| n | f.0 & 0u32.wrapping_sub(u32::from(on))),
        )
    }
}

const _: () = assert!(
    Needs::ONE_SUIT.0 == 1 << (Needs::FLAGS - 1),
    "Needs::FLAGS counts every flag"
);

/// Where an entry is judged besides a reading of five sets and a pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Also {
    /// On a special shape's reading, always: the manner of the win and the flowers, which no
    /// shape of the tiles decides (003 註八: 瀝咕瀝咕 自摸胡只另計自摸、不求人兩台, the 門清
    /// left out; 註13: 搶暗槓胡多一台; 改良式 3台: 海底摸花而槓上自摸 is 自摸 + 海底撈月 +
    /// 槓上開花 on any hand). docs/variants.md, special shapes.
    pub manner: bool,
    /// On a special shape's reading where the variant compounds (`special_shapes.compound`;
    /// 003 hk16 瀝姑瀝姑 可與其他牌型複合, 十三么 可複合字么九): the condition reads only the
    /// whole hand's tiles, its melds and the context, never the sets, the pair or the wait.
    pub whole_hand: bool,
    /// On a 四槓胡 (001 特殊胡牌, 003 改良式): the condition reads only the kongs (持有一刻(或
    /// 槓)即有一台), the flowers and the context.
    pub four_kongs: bool,
}

impl Also {
    /// Judged on five sets and a pair only.
    pub const NONE: Also = Also {
        manner: false,
        whole_hand: false,
        four_kongs: false,
    };
    /// Reads only the whole hand: judged on a special shape where the variant compounds.
    pub const WHOLE_HAND: Also = Also {
        whole_hand: true,
        ..Also::NONE
    };
    /// The manner of the win (槓上開花, 海底撈月, 河底撈魚): judged on every special shape,
    /// and on the whole hand.
    pub const MANNER: Also = Also {
        manner: true,
        whole_hand: true,
        four_kongs: false,
    };
}

/// A hand that shows an item at work: the rows of its entry's test. The expectation comes
/// from the rule text (`source`), never from what the engine prints.
#[derive(Debug, Clone, Copy)]
pub struct Example {
    /// The preset, then any `key=value` overrides (`taiwan tai.fan_chicken_hand=8`).
    pub variant: &'static str,
    /// The concealed tiles before the win, in notation (16 − 3 × melds of them).
    pub hand: &'static str,
    /// The melds: (kind, tiles), as `Meld::parse` reads them.
    pub melds: &'static [(&'static str, &'static str)],
    /// The winning tile.
    pub win: &'static str,
    /// The context as `key=value` words: `winner` (seat, default 1), `dealer` (0), `streak`,
    /// `win` (a win kind's key, default `discard`), `from` (the seat that pays a discard or a
    /// robbed kong, default 2), `seat` and `round` (E S W N; the seat wind defaults to the
    /// winner's seat from the dealer's), `flowers` (bits), `dice` (`2,3,6`), `declared`,
    /// `discards` (the winner's, hk16 七隻內), and
    /// the flags `first_turn`, `last_tile`.
    pub context: &'static str,
    /// The item's tai in this hand (0: not counted), dealer items on the dealer's line.
    pub tai: u32,
    /// The rule text and section the hand and its tai come from.
    pub source: &'static str,
}

/// An item's condition, by what it looks at: the scorer calls each kind where it belongs and
/// knows no item by name.
#[derive(Clone, Copy)]
pub enum Check {
    /// One reading of the hand: five sets and a pair, the winning tile's block, in context.
    Reading(fn(&Facts) -> Hit),
    /// The win's context alone, no tile: judged with the hand's items on a reading, per
    /// payment line for [`Scope::DealerPair`], and on a flower win's 筆 for [`Scope::Once`].
    Context(fn(&Win) -> Hit),
    /// The whole hand, once every reading's other items are known (003 hk16 屁胡, the fan
    /// list's 無番和: judged on what the hand counts in any reading); then added to each.
    Hand(fn(&Whole) -> Hit),
}

/// What a [`Check::Context`] condition looks at.
#[derive(Debug, Clone, Copy)]
pub struct Win<'a> {
    pub ctx: &'a Context,
    pub variant: &'a Variant,
    /// The hand's items as counted (tai per item), for the items judged after the hand (the
    /// dealer's line); all 0 while the hand itself is being judged.
    pub counted: &'a [u32; Item::COUNT],
    /// Build the reasons of items that do not apply.
    pub explain: bool,
}

impl Win<'_> {
    /// Does not apply; the reason is only built when explaining.
    pub fn why(&self, reason: impl FnOnce() -> (String, String)) -> Hit {
        why(self.explain, reason)
    }
}

/// One reading's items as counted, for a [`Check::Hand`] condition.
#[derive(Debug, Clone, Copy)]
pub struct Counted<'a> {
    /// Tai per item (counted when > 0), the whole-hand items not yet judged.
    pub tai: &'a [u32; Item::COUNT],
    /// A composite (字一色的複合): (owner, merged into it).
    pub merged: Option<(Item, Item)>,
}

impl Counted<'_> {
    /// The items counted, in [`Item`] order.
    pub fn items(&self) -> impl Iterator<Item = Item> + '_ {
        (0..Item::COUNT)
            .filter(|&i| self.tai[i] > 0)
            .filter_map(Item::from_index)
    }

    /// The name `item` shows in this reading (a composite as `字一色（小三元）`).
    pub fn name(&self, item: Item, variant: &Variant) -> String {
        match self.merged {
            Some((owner, m)) if owner == item => {
                format!("{}（{}）", variant.name_of(item), variant.name_of(m))
            }
            _ => variant.name_of(item).to_owned(),
        }
    }
}

/// What a [`Check::Hand`] condition looks at: every reading of the hand the scorer weighs.
#[derive(Debug, Clone, Copy)]
pub struct Whole<'a> {
    pub ctx: &'a Context,
    pub variant: &'a Variant,
    /// Every reading of the hand as five sets and a pair: each decomposition with each block
    /// the winning tile can complete (算不出任何台分 is about all of them).
    pub readings: &'a [Counted<'a>],
    /// The reading the items are added to (the best of all, or the one a caller asks for).
    pub shown: Counted<'a>,
    /// The special shape the hand also makes (and the variant admits), if any: its reading
    /// counts at least the shape's item.
    pub special: Option<Item>,
    /// Build the reasons of items that do not apply.
    pub explain: bool,
}

impl Whole<'_> {
    /// Does not apply; the reason is only built when explaining.
    pub fn why(&self, reason: impl FnOnce() -> (String, String)) -> Hit {
        why(self.explain, reason)
    }
}

fn why(explain: bool, reason: impl FnOnce() -> (String, String)) -> Hit {
    Hit::No(if explain {
        let (en, zh) = reason();
        Why::Built(Box::new([en, zh]))
    } else {
        Why::Unsaid
    })
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

    /// The rule text and section the entry transcribes: the doc opens with the item's name
    /// and its source in brackets, `name (source): …` (or `name (source: quote)`).
    pub fn cite(&self) -> &'static str {
        let open = self.doc.find(" (").map_or(0, |i| i + 2);
        let rest = &self.doc[open..];
        let end = rest.find([')', ':']).unwrap_or(rest.len());
        &rest[..end]
    }

    /// The doc after its opening `name (source):` (the whole doc when it quotes its source
    /// inside the brackets).
    pub fn summary(&self) -> &'static str {
        self.doc
            .find("): ")
            .filter(|&i| self.doc[..i].find(':').is_none_or(|c| c > i))
            .map_or(self.doc, |i| &self.doc[i + 3..])
    }
}

pub(crate) const NONE: &[Item] = &[];

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
