//! Variants: a preset's tai table, thresholds and switches as validated data, with overrides.
//!
//! Here the [`Variant`] type with its parts ([`Flow`], [`ScoringRules`], [`Exclusions`]) and
//! [`Value`]; beside it `choices` (the enums a setting picks one of), `item_set` ([`ItemSet`]),
//! `presets` (each rule text's table as data) and `in_play` (seats, tile set, hand size).

mod choices;
mod in_play;
mod item_set;
mod presets;

use crate::error::{Code, Error, Result};
use crate::rules::item::{Item, WORDS};
use crate::rules::shapes::{Special, SpecialShapes};
pub use choices::{
    Dealing, DiceShape, DiceTai, ExchangeDirection, FuritenRelease, MultiWin, Payment, PingHuWait,
    WallReserve, KEPT_BACK,
};
pub use item_set::{Indices, ItemSet};
pub use presets::PRESETS;

/// The game-flow rules a preset's text fixes besides scoring (001 流局, 特殊流局, 詐胡, 抽位 and
/// 開門, 過水/過手). Every field is a setting (docs/variants.md).
// Each bool is one switch a rule text names, set by key like every other setting.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Flow {
    /// `wall_reserve`: when the wall is exhausted.
    pub wall_reserve: WallReserve,
    /// `special_draw.four_kongs`: 四家開槓, four kongs on the table not all one player's end
    /// the hand as a draw.
    pub four_kongs_draw: bool,
    /// `special_draw.four_winds`: 四風連打, the first discard of every player is the same wind:
    /// the hand ends as a draw.
    pub four_winds_draw: bool,
    /// `special_draw.thirteen_unconnected`: 十三不搭, a seat whose dealt hand holds 13 tiles of
    /// distinct kinds no two of which 搭 may show it at the start (起手) and end the hand as a
    /// draw, the dealer keeping the deal (003 改良式 特殊流局情形: 起手十三不搭先說好可否亮牌重洗
    /// （莊家算連莊）; [`crate::unconnected`]).
    pub thirteen_unconnected_draw: bool,
    /// `false_win`: a 胡 declared on a hand that is no win (or in 過水) ends the hand as a 詐胡,
    /// paid 一家賠三家 (001 詐胡); off, such a 胡 is refused as illegal.
    pub false_win: bool,
    /// `false_win_waits`: a 詐胡 pays each seat ready at that moment the tai it waited for
    /// instead of the false win's tai (003 詐胡的罰則: 賠聽牌者所聽台數，賠未聽者自己詐胡的台數).
    pub false_win_waits: bool,
    /// `dealing`: how a seeded hand is dealt.
    pub dealing: Dealing,
    /// `furiten_release`: what releases 過水.
    pub furiten_release: FuritenRelease,
    /// `four_kongs_win`: 四槓胡, a player's own fourth kong (明槓, 加槓 or 暗槓) ends the hand at
    /// once as that player's win, scored as a self-draw with the 四槓牌 item (001 台數表 四槓牌,
    /// 特殊胡牌 四槓胡; 003 改良式 四槓胡).
    pub four_kongs_win: bool,
    /// `four_kongs_pass_deal`: after a 四槓胡 the dealer does not keep the deal, whoever won
    /// (001 台數表 四槓牌: 莊家不再繼續連莊).
    pub four_kongs_pass_deal: bool,
    /// `furiten_dealer_exception`: a win declined for 起胡 (so 過水) may still be taken on the
    /// dealer's discard of the same tile before that 過水 ends (003 過水特殊規定: 若某家打出己方
    /// 放槍牌，但因台數不足不能胡，而莊家在同圈內打出同一張而胡牌，不算過水未完的詐胡).
    pub furiten_dealer_exception: bool,
    /// `furiten_self_draw`: a self-draw let go (declined, or refused by 起胡 or the 明槓
    /// replacement) puts the seat in 過水 (000 過水: 摸到能自摸的牌而你不自摸); off, only a
    /// passed discard does (001 過水: 有人放槍而不胡).
    pub furiten_self_draw: bool,
    /// `furiten_ignored`: no 過水 at all, a win let go never blocks a later one (004 過水: 很多桌
    /// 有這條，也有不管的); a house rule, off in every preset.
    pub furiten_ignored: bool,
    /// `migi_first_discard`: 地聽 (MIGI) is declared only by a 閒家 at its own first discard
    /// (003 hk16 地聽: 閒家配牌後立即聽牌); off, by anyone within the first eight discards
    /// (000 MIGI; 001 地聽: 每家過兩手即八張牌以內). Either way nobody has called or kong'd.
    pub migi_first_discard: bool,
    /// `furiten_ankan_release`: an 暗槓 of a tile that does not win releases 過水 (000 過水
    /// release table: 暗槓或加槓不是胡牌張的牌 — 解除). Off, an 暗槓 neither releases nor holds:
    /// the replacement draw and the discard after it decide (a house rule, issue #30: an 暗槓
    /// that does not release 過水). 加槓 keeps the table's rule.
    pub furiten_ankan_release: bool,
    /// `minkan_ban_kong_release`: the no-自摸 of a 明槓's replacement ends at the seat's next
    /// 暗槓 or 加槓, whose replacement may be 自摸'd (000 槓: 明槓之後的「不能自摸」，在你接著又暗槓或
    /// 加槓之後解除). Off, the ban survives such kongs and ends only at the seat's discard (a
    /// house rule, issue #30).
    pub minkan_ban_kong_release: bool,
    /// `flower_win_over_heaven`: an opening flower win of a 閒家 takes priority over the
    /// dealer's 天胡, which is then not counted. Off, 000 開局花胡: 天胡優先，閒家的花胡不計.
    pub flower_win_over_heaven: bool,
    /// `flower_win.play_on`: a flower win (八仙過海, 七搶一) is paid on the spot and play goes
    /// on (a house rule, issue #30: 「當場收分，照常開始打牌」): its 筆 is settled when it is
    /// made, the hand continues from where it stood and ends as any hand (its final settlement
    /// holds the flower 筆 first). Off, every preset's text: 000 花牌與花胡 — the flower win ends
    /// the hand (a regular win may follow it as a second 筆).
    pub flower_win_play_on: bool,
}

impl Flow {
    /// 000 (taiwan and every preset but traditional).
    pub const TAIWAN: Flow = Flow {
        wall_reserve: WallReserve::Sixteen,
        four_kongs_draw: false,
        four_winds_draw: false,
        thirteen_unconnected_draw: false,
        false_win: false,
        false_win_waits: false,
        dealing: Dealing::Plain,
        furiten_release: FuritenRelease::Table,
        four_kongs_win: false,
        four_kongs_pass_deal: false,
        furiten_dealer_exception: false,
        furiten_self_draw: true,
        furiten_ignored: false,
        migi_first_discard: false,
        furiten_ankan_release: true,
        minkan_ban_kong_release: true,
        flower_win_over_heaven: false,
        flower_win_play_on: false,
    };

    /// 004 (`three_player`, `two_player`): as 000, but 004's own 過水 (過水: 別人打出你能胡的牌、你沒有
    /// 喊胡，在你下一次摸牌之前，不能再胡同一張): only that tile, until the seat's next draw, and
    /// only from a passed discard (004 names no self-draw let go; `furiten_self_draw` off).
    pub const FEW_PLAYERS: Flow = Flow {
        furiten_release: FuritenRelease::NextDraw,
        furiten_self_draw: false,
        ..Flow::TAIWAN
    };

    /// 001: 16 kept back (八墩), no 四風連打 (特殊流局: 台灣多數人玩的規則裡沒有), 詐胡 paid, the
    /// dice deal, 過手; 四槓 as its 台數表 row and 特殊胡牌 give it, a win or a draw.
    pub const TRADITIONAL: Flow = Flow {
        wall_reserve: WallReserve::Sixteen,
        // 001 台數表 四槓牌: 若兩家以上合力完成四槓，則和局; 特殊胡牌: 若由不同玩家共同完成四槓則為
        // 和局當莊者加算連莊 — the same row as the 四槓胡 below, so on with it (not 特殊流局's
        // optional 四家開槓).
        four_kongs_draw: true,
        four_winds_draw: false,
        thirteen_unconnected_draw: false,
        false_win: true,
        false_win_waits: false,
        dealing: Dealing::Wall,
        furiten_release: FuritenRelease::OwnDraw,
        // 001 台數表 四槓牌 / 特殊胡牌 四槓胡: 即以胡牌計算, 莊家不再繼續連莊.
        four_kongs_win: true,
        four_kongs_pass_deal: true,
        furiten_dealer_exception: false,
        // 001 過水 is 有人放槍而不胡: a passed discard; a self-draw let go is not 過水 there.
        furiten_self_draw: false,
        furiten_ignored: false,
        migi_first_discard: false,
        furiten_ankan_release: true,
        minkan_ban_kong_release: true,
        flower_win_over_heaven: false,
        flower_win_play_on: false,
    };

    /// 003 改良式: as 000, but 四槓胡 is a win (6台, 自摸第四槓三家各付六台); 003 says nothing
    /// of the deal after it, so 連莊 follows the usual rule (docs/variants.md). 特殊流局情形:
    /// 出現四槓之時（非同一玩家）, a draw (莊家算連莊, as on any draw); 起手十三不搭 先說好可否亮牌重洗:
    /// the table agreement is taken as made (the switch is on; a table that said no turns it
    /// off).
    pub const IMPROVED16: Flow = Flow {
        // 003 詐胡的罰則 (詐胡通賠三家，賠聽牌者所聽台數，賠未聽者自己詐胡的台數).
        false_win: true,
        false_win_waits: true,
        four_kongs_win: true,
        four_kongs_draw: true,
        thirteen_unconnected_draw: true,
        furiten_dealer_exception: true,
        ..Flow::TAIWAN
    };
}

/// How a preset's table is read when items meet: whose 備註 exclude, what 門清 is, and the house
/// rules its text names as optional (001 平胡說明, 獨聽說明, 各地 滿台; 003 改良式 人胡). Every
/// field but `item_notes` is a setting (docs/variants.md).
// Each bool is one switch a rule text names, set by key like every other setting.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScoringRules {
    /// The 備註 written with the shared items (000's, and the 003 改良式 notes on its rows)
    /// exclude. Off, only this preset's own notes (`not_counted_with`) and the 暗刻 and 連刻
    /// tiers do: hk16 and traditional, whose texts write their own notes (rules README:
    /// only the notes written in its own table exclude). The fan list's 不算 notes always hold.
    pub item_notes: bool,
    /// `concealed_ankan`: an 暗槓 keeps 門清 (000; 004 術語 門清 暗槓可以). Off, any kong ends
    /// 門清 and 不求 (001 台數表 門清: 沒有吃沒有碰沒有槓; 003 hk16 門前清: 沒碰上槓過).
    pub concealed_ankan: bool,
    /// `tai_cap`: 滿台, the most tai one payer pays on one 筆, its dealer tai included and its
    /// 底 aside (001 台數表 各地: 滿台為八台不管怎麼胡最高為一底八台); 0 is no cap.
    pub tai_cap: u8,
    /// `ping_hu_alone`: 平胡 only when the hand counts no other item (001 平胡說明 貳:
    /// 有其他台種無平胡, 搶槓胡沒平胡、清一色胡沒平胡).
    pub ping_hu_alone: bool,
    /// `ping_hu_two_waits`: no 平胡 when the hand waited on more than two kinds (001 平胡說明
    /// 參: 聽超過兩種牌沒平胡).
    pub ping_hu_two_waits: bool,
    /// `ping_hu_no_three_alike`: no 平胡 when the hand holds three tiles of one kind (001 平胡說明
    /// 肆: 手牌有三張同樣的牌沒平胡).
    pub ping_hu_no_three_alike: bool,
    /// `single_wait_extractable`: 獨聽 whenever the winning tile reads as 邊張, 嵌張 or 單吊,
    /// however many kinds the hand waited on (001 獨聽說明: 也有人玩「抓得出來」就有台).
    pub single_wait_extractable: bool,
    /// `fan_notes`: the fan list's 不算 notes between rows the presets share
    /// (`scoring::tables::fan::SHARED_NOTES`: 大四喜 碰碰胡不算, 綠一色 不算清一色跟混一色 …) hold even
    /// when neither row was drawn in from the library (a drawn-in row always brings them).
    pub fan_notes: bool,
    /// `human_win_declared`: 人胡 needs a declared 天聽 and a discard among the first eight
    /// with nobody having called (003 改良式 人胡: 必為天聽，在各家未吃碰下八張牌內有人放槍).
    /// Off, 000's: a non-dealer wins on a discard before its own first discard.
    pub human_win_declared: bool,
    /// `kong_bloom_flower`: 槓上開花 also on the replacement drawn after a flower (000 槓上開花:
    /// 補花、暗槓、加槓之後; 001 因摸到花牌、加槓或暗槓而補牌; 003 改良式 海底摸花而槓上自摸). Off, only
    /// after a kong: 003 hk16 writes the row 槓上花, and 003's fan list 槓上開花 (不包括補花).
    pub kong_bloom_flower: bool,
    /// `heaven_ready_dealer`: 天聽 is the dealer's declaration, so a score refuses a 閒家's (001
    /// 天聽: 在莊家取完牌後，打出第一張牌時即聽牌; 003 hk16 天聽: 莊家配牌，打第一隻後就叫胡). Off
    /// where the text names no seat (003 改良式 天聽, whose 人胡 必為天聽). The game offers 天聽 at
    /// the dealer's first discard either way.
    pub heaven_ready_dealer: bool,
    /// `ping_hu_wait`: the waits 平胡 counts on.
    pub ping_hu_wait: PingHuWait,
    /// `flower_win.base`: a flower win's 筆 is paid with 底 (000 計分: 應付 ＝ 底 ＋ 台數, on every
    /// 筆). Off, the flower win is paid its tai alone (issue #30: 8 × 每台, no 底).
    pub flower_win_base: bool,
    /// `flower_win.dealer`: a flower win's 筆 carries 莊家台 (000 花牌與花胡: 兩筆的莊家台各自計算;
    /// 七搶一 由被搶者一家付 8 台（加上適用的莊家台）). Off, no dealer tai on it.
    pub flower_win_dealer: bool,
    /// `flower_win.flowers_on_win`: the regular 筆 of a seat that also won by its flowers in
    /// the hand counts 正花 and 花槓 (000 花牌與花胡: 第二筆的正花與花槓，看補進那張牌的當下手上有幾張花).
    /// Off, that 筆 counts neither: the flowers were paid by the flower win.
    pub flower_items_on_win: bool,
    /// `flower_win.combined`: a flower win and the same seat's regular win in the hand are paid
    /// as one amount (one 底, one 莊家台, the tai added) by each seat that pays both. Off, two 筆
    /// (000 花牌與花胡: 花胡與一般胡牌分開算兩筆).
    pub flower_win_combined: bool,
    /// `leopard_double`: when the opening dice are a 豹子 every 筆 of the hand is paid
    /// double, 底 and 台 together (issue #30: （底 + 台）算完後整筆加倍). Off (every preset): a 豹子
    /// adds only its 骰規台 where the table has it (002 骰規台).
    pub leopard_double: bool,
}

impl ScoringRules {
    /// 000 (taiwan and every preset built on it).
    pub const TAIWAN: ScoringRules = ScoringRules {
        item_notes: true,
        concealed_ankan: true,
        tai_cap: 0,
        ping_hu_alone: false,
        ping_hu_two_waits: false,
        ping_hu_no_three_alike: false,
        single_wait_extractable: false,
        fan_notes: false,
        human_win_declared: false,
        kong_bloom_flower: true,
        heaven_ready_dealer: false,
        ping_hu_wait: PingHuWait::TwoSided,
        flower_win_base: true,
        flower_win_dealer: true,
        flower_items_on_win: true,
        flower_win_combined: false,
        leopard_double: false,
    };
}

/// A value for one override, as the Python layer reads it from TOML or JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Int(i64),
    Bool(bool),
    Text(String),
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Int(i) => write!(f, "{i}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Text(s) => write!(f, "\"{s}\""),
        }
    }
}

/// A validated variant: every number the scorer and the settlement read.
// Each bool is one switch a rule text names, set by key like every other setting; grouping
// them into an enum would only hide them from the flat settings list.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    /// The preset it starts from (`taiwan`, `american`, `traditional`, `improved16`).
    pub preset: &'static str,
    /// Tai per item, indexed by [`Item`] (per set or per flower where the item counts several).
    pub tai: [u8; Item::COUNT],
    /// 底 in money (300).
    pub base_money: u32,
    /// 台 in money (100). `base_money` is a multiple of it, so 底 = `base_money / tai_money` 台.
    pub tai_money: u32,
    /// 起胡: the least tai a win needs (taiwan 0, american 3; friend mode 0/2/3/5).
    pub min_tai: u8,
    pub dice: DiceTai,
    /// The most 連莊 a dealer keeps (18).
    pub streak_cap: u8,
    /// 字一色 composites: both values added, minus this (4).
    pub honors_merge_minus: u8,
    /// 換三張 played (002 美國麻將多的三樣; american): before the first discard each seat
    /// passes three tiles of one suit. Four seats only (docs/variants.md).
    pub exchange_three: bool,
    /// 換三張 direction (american game flow; stored here so the variant is the one config).
    pub exchange: ExchangeDirection,
    /// 平胡 also on a 門清 hand (001 平胡說明 lists 門清無平胡 only as a stricter house rule).
    pub ping_hu_concealed: bool,
    /// 平胡 with flowers other than the winner's own (003 改良式: 無「本花」).
    pub ping_hu_other_flowers: bool,
    /// 莊家 1 counted on a 天胡 (003 註16: 天胡不計莊家一台).
    pub heaven_win_dealer: bool,
    /// Several seats on one tile: 攔胡 always, 攔胡 of two, or everyone wins.
    pub multi_win: MultiWin,
    pub payment: Payment,
    /// 暗槓 底 (003 hk16 槓牌: 暗槓須抽出牌面向底，即可向每家收一個底): the 底 an 暗槓's owner
    /// collects from every other seated player when it is made, whatever the hand's end
    /// (hk16 1, else 0). One 底 is `base_money` whatever the payment.
    pub ankan_fee: u8,
    /// The special shapes (瀝咕瀝咕, 十三么) the preset's text admits besides five sets and a
    /// pair, and the fan list's four (七對, 七星不靠, 全不靠, 組合龍; off in every preset): the
    /// win detector, the waits, the shanten and the scorer take them only when switched on.
    pub special: SpecialShapes,
    /// Tai of the special shapes' items, in [`Special::ALL`] order (瀝咕瀝咕, 十三么, then the
    /// fan list's 七對 24, 七星不靠 24, 全不靠 12, 組合龍 12 at their 003 values).
    pub special_tai: [u8; 6],
    /// A special shape compounds with the items judged on the whole hand (`scoring::tables::WHOLE_HAND`, the entries' `also.whole_hand`:
    /// 清一色, 字么九, 門前清, 無花 …; 003 hk16 瀝姑瀝姑 可與其他牌型複合). Off, it adds only the
    /// manner of the win and the flowers (`scoring::tables::MANNER`: 自摸, 不求人, 搶槓, 槓上開花,
    /// 海底撈月, 河底撈魚, 正花, 花槓; 003 改良式 註八 只另計自摸、不求人 leaves out 門清 only).
    pub special_compound: bool,
    /// The unit the table counts in: 台, or 番 (hk16). A name only; every number is the same.
    pub unit: &'static str,
    /// Items this preset's table does not have: never checked or listed. Setting `tai.<key>`
    /// adds one back (a house rule); the fan list's patterns are absent from every preset.
    pub absent: ItemSet,
    /// The items the preset's own table lacks (`absent` as the preset built it, before any
    /// override) and the special shapes it admits: a row drawn in over them is the fan list's
    /// (003), with its 不算 notes ([`Variant::drawn`]).
    pub table_absent: ItemSet,
    pub table_special: SpecialShapes,
    /// The 備註 as data: for each item, the items not counted beside it (the `exclude.<item>`
    /// settings). Each preset resolves its text's notes into it once ([`Variant::notes`]); the
    /// scorer reads one precomputed set per held item.
    pub exclusions: std::sync::Arc<Exclusions>,
    /// Item names as this preset's table writes them, where they differ from 000's.
    pub names: &'static [(Item, &'static str)],
    /// Seated players: 4, or 3 / 2 (004 兩人麻將、三人麻將規則). The tile set follows it:
    /// 3 drops 二萬–八萬 (116 tiles with flowers), 2 keeps only 萬子 and 字牌 (64 tiles).
    pub players: u8,
    /// The 8 flowers are in the wall (004: two-player 花牌看桌; off in `two_player`).
    pub flowers: bool,
    /// 吃 allowed (004: three-player 多數不能吃, two-player 多數可以吃).
    pub chi_allowed: bool,
    /// Every tile in play whatever `players` is (004: 也有人 144 張全部照打，只是空一個位子).
    pub full_tile_set: bool,
    /// Tiles in a waiting hand: 16 (five sets and a pair to win; the dealer is dealt 17), or
    /// 13 (004 兩人麻將: 也有人打 13 張; 13 張版是 4 組+1 對, the dealer is dealt 14). See
    /// [`Variant::missing_sets`] and [`Variant::check`].
    pub hand_size: u8,
    /// Game-flow rules (001 流局, 特殊流局, 詐胡, 抽位 and 開門, 過手).
    pub flow: Flow,
    /// How the table is read when items meet, and the scoring house rules.
    pub scoring: ScoringRules,
    /// The overrides applied to the preset, in order, as `key = value`.
    pub overrides: Vec<(String, String)>,
}

/// The 備註 as data (the `exclude.<item>` settings): for each item, the items not counted
/// beside it when it counts. A preset resolves its text's notes into it once
/// ([`Variant::notes`]); an override replaces one item's list. The fan list's notes between
/// shared rows (`fan_notes`), 字一色的複合 and the notes judged after the others (001 平胡說明
/// 貳) stay their own rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exclusions {
    /// For each item, the items it drops.
    drops: [ItemSet; Item::ALL],
    /// For 莊家 and 連莊拉莊 (indices 0 and 1), the items whose list holds it: the dealer's line
    /// items are judged after the hand, on what it counts.
    dealer: [ItemSet; 2],
}

impl Exclusions {
    /// No item drops another.
    pub const NONE: Exclusions = Exclusions {
        drops: [ItemSet::EMPTY; Item::ALL],
        dealer: [ItemSet::EMPTY; 2],
    };

    /// The items `item` drops.
    #[inline]
    pub fn of(&self, item: Item) -> ItemSet {
        self.drops[item as usize]
    }

    /// Every item's drops, indexed by item (the scorer's look-up).
    #[inline]
    pub fn all(&self) -> &[ItemSet; Item::ALL] {
        &self.drops
    }

    /// The items that drop the dealer's line item `item` (莊家 or 連莊拉莊; empty otherwise).
    #[inline]
    pub fn dropping(&self, item: Item) -> ItemSet {
        self.dealer
            .get(item as usize)
            .copied()
            .unwrap_or(ItemSet::EMPTY)
    }

    /// Sets the items `item` drops (never itself).
    pub fn set(&mut self, item: Item, drops: ItemSet) {
        let drops = drops.without(item);
        self.drops[item as usize] = drops;
        for (k, line) in [Item::Dealer, Item::DealerStreak].into_iter().enumerate() {
            self.dealer[k] = if drops.contains(line) {
                self.dealer[k].with(item)
            } else {
                self.dealer[k].without(item)
            };
        }
    }
}

/// Every item: what `exclude.<item> = "*"` drops (a fixed total: 天胡 固定 24 台), less the
/// item itself.
pub const EVERY_ITEM: ItemSet = {
    let mut out = ItemSet::EMPTY;
    let mut i = 0;
    while i < Item::ALL {
        out = out.with(WORDS[i].item);
        i += 1;
    }
    out
};

impl Variant {
    /// The items not counted beside `item` when it counts (`exclude.<item>`).
    pub fn excludes(&self, item: Item) -> ItemSet {
        self.exclusions.of(item)
    }

    /// Records the variant as its preset's own table ([`Variant::table_absent`]).
    fn into_table(mut self) -> Variant {
        self.table_absent = self.absent;
        self.table_special = self.special;
        self
    }

    /// `item` was drawn in from the library: the variant counts it and the preset's own table
    /// does not have it (a `tai.<key>` on an absent item, a special shape switched on where the
    /// preset has it off).
    pub fn drawn(&self, item: Item) -> bool {
        match item.special() {
            Some(s) => self.allows(s) && !self.table_special.allows(s),
            None => self.has(item) && self.table_absent.contains(item),
        }
    }

    /// A 連莊 count this variant scores: at most its `streak_cap` (000 連莊最多 18 次), else a
    /// context error at `field` (the caller's name for it: `context.streak`, `streak`).
    pub fn check_streak(&self, field: &str, streak: u8) -> Result<()> {
        if streak > self.streak_cap {
            return Err(Error::context(
                field,
                format!("連莊 {streak} is over the cap of {}", self.streak_cap),
            )
            .coded(
                Code::StreakOverCap,
                &[("streak", &streak), ("cap", &self.streak_cap)],
            ));
        }
        Ok(())
    }

    /// The variant a regular 筆 is scored under when `flower_win.flowers_on_win` is off and its
    /// winner also won by its flowers (issue #30: no 正花/花槓 counted on the hand's later win):
    /// 正花 and 花槓 at 0 tai. The copy has the switch back on, so it is applied once. `None`
    /// when the switch is on (000 花牌與花胡: 第二筆的正花與花槓 count).
    pub fn without_flower_items(&self) -> Option<Variant> {
        if self.scoring.flower_items_on_win {
            return None;
        }
        let mut v = self.clone();
        v.tai[Item::SeatFlower as usize] = 0;
        v.tai[Item::FlowerKong as usize] = 0;
        v.scoring.flower_items_on_win = true;
        Some(v)
    }

    /// The item is in this variant's table.
    pub fn has(&self, item: Item) -> bool {
        !self.absent.contains(item)
    }

    /// The item's name in this variant's table.
    pub fn name_of(&self, item: Item) -> &'static str {
        self.names
            .iter()
            .find(|(i, _)| *i == item)
            .map_or(item.name(), |(_, n)| n)
    }

    /// The tai of `item` in this variant.
    pub fn tai_of(&self, item: Item) -> u8 {
        match item.special() {
            Some(s) => self.special_tai[s as usize],
            None => self.tai[item as usize],
        }
    }

    /// The special shape `s` is admitted by this variant.
    pub fn allows(&self, s: Special) -> bool {
        self.special.allows(s)
    }

    /// 底 in tai: `base_money / tai_money` (3 by default).
    pub fn base_tai(&self) -> u32 {
        self.base_money / self.tai_money
    }
}

impl Default for Variant {
    fn default() -> Self {
        Variant::taiwan()
    }
}

/// The default rules (000, [`Variant::taiwan`]) built once: what a caller with no variant of
/// its own passes (`&TAIWAN`) without building one per call on a hot path.
pub static TAIWAN: std::sync::LazyLock<Variant> = std::sync::LazyLock::new(Variant::taiwan);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_out_of_play_is_refused_where_it_is_written() {
        // 004 三人麻將 拿掉二萬到八萬; 兩人 只用萬子+字牌. The first such tile in the text, at its
        // character (東 is one character), whatever the kind order.
        let three = Variant::three_player();
        let e = three.parse("東1m 99m 6m 5m").unwrap_err();
        assert_eq!((e.code(), e.position()), ("tile_not_in_play", Some(8)));
        assert!(e
            .to_string()
            .starts_with("6m is not in play under three_player"));
        let e = Variant::two_player().parse("一萬 五筒").unwrap_err();
        assert_eq!(e.position(), Some(3));
        assert!(e.at("hand").field().is_some_and(|f| f == "hand"));
        assert_eq!(three.parse("19m 1p").unwrap().len(), 3);
        assert_eq!(Variant::taiwan().parse("5m").unwrap().len(), 1);
        // Notation errors stay tile errors.
        assert_eq!(three.parse("5x").unwrap_err().kind(), "tile_error");
    }

    #[test]
    fn dice_shapes_count_as_the_text_says() {
        // 002 骰規台: 豹子 6, 全紅 6, 順子 24, 全黑 60 of 216; 120 without.
        let mut n = [0u32; 5];
        for a in 1..=6 {
            for b in 1..=6 {
                for c in 1..=6 {
                    let i = match DiceShape::of([a, b, c]) {
                        Some(DiceShape::Leopard) => 0,
                        Some(DiceShape::AllRed) => 1,
                        Some(DiceShape::Straight) => 2,
                        Some(DiceShape::AllBlack) => 3,
                        None => 4,
                    };
                    n[i] += 1;
                }
            }
        }
        assert_eq!(n, [6, 6, 24, 60, 120]);
        // 002 範例五: 2、3、6 is 全黑.
        assert_eq!(DiceShape::of([2, 3, 6]), Some(DiceShape::AllBlack));
        assert_eq!(DiceShape::of([4, 4, 4]), Some(DiceShape::Leopard));
        assert_eq!(DiceShape::of([1, 4, 4]), Some(DiceShape::AllRed));
    }

    #[test]
    fn presets_and_overrides() {
        let a = Variant::american();
        assert_eq!((a.min_tai, a.has(Item::Dice)), (3, true));
        assert!(!Variant::taiwan().has(Item::Dice));
        assert_eq!(Variant::taiwan().min_tai, 0);
        assert_eq!(a.dice.value(DiceShape::Leopard), 5);
        assert!(Variant::preset("hk99").is_err());
        let v = a.with_overrides(&[("min_tai", Value::Int(5)), ("tai.ping_hu", Value::Int(3))]);
        let v = v.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((v.min_tai, v.tai_of(Item::PingHu)), (5, 3));
        assert_eq!(v.overrides.len(), 2);
        let e = a
            .with_overrides(&[("tai.nope", Value::Int(1))])
            .err()
            .map(|e| e.to_string());
        assert!(e.is_some_and(|m| m.starts_with("variant setting 'tai.nope': unknown key")));
        let e = a
            .with_overrides(&[("min_tai", Value::Int(-1))])
            .err()
            .map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some("variant setting 'min_tai': -1 is out of range (expected 0 to 100)")
        );
        assert!(a
            .with_overrides(&[("dice_enabled", Value::Int(1))])
            .is_err());
        assert!(a
            .with_overrides(&[("base_money", Value::Int(250))])
            .is_err());
        assert!(a
            .with_overrides(&[("exchange_direction", Value::Text("up".into()))])
            .is_err());
        assert!(a.with_overrides(&[("tai.dice", Value::Int(1))]).is_err());
    }

    #[test]
    fn settings_round_trip() {
        // Every listed setting is accepted back by `set`, and reproduces the preset.
        let a = Variant::american();
        let pairs = a.settings();
        let present = WORDS[..Item::COUNT]
            .iter()
            .filter(|w| a.has(w.item))
            .count();
        // The registry's settings, `tai.<key>` for each item the table has but 骰規台, and
        // `exclude.<key>` for each.
        assert_eq!(pairs.len(), Variant::KEYS.len() + 2 * present - 1);
        let mut b = Variant::taiwan();
        for (k, v) in &pairs {
            b.set(k, v).unwrap_or_else(|e| panic!("{e}"));
        }
        assert_eq!(
            (b.tai, b.min_tai, b.has(Item::Dice), b.dice),
            (a.tai, a.min_tai, a.has(Item::Dice), a.dice)
        );
        // The exclusions of every item the table has come back too (american's are taiwan's).
        let mut t = Variant::traditional();
        for (k, v) in &pairs {
            t.set(k, v).unwrap_or_else(|e| panic!("{e}"));
        }
        for w in WORDS.iter().filter(|w| a.has(w.item)) {
            assert_eq!(t.excludes(w.item), a.excludes(w.item), "{}", w.key);
        }
    }
}
