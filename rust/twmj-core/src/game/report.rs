//! What the core shows its callers, as serde views: the result of a finished hand
//! (`Game.result()`), a replayed record's answer ([`ReplayAnswer`], `/v1/replay`), the seat
//! draw of a match (`Match.seat_draw`), a simulation's summary (`twmj.simulate`) and the
//! vocabulary (`twmj._core.vocabulary()`; the game floor sees every term). The binding
//! converts them whole (Python dicts), so their keys and shapes are written here once;
//! `/v1/replay`, `/v1/game` and `/v1/variants` read the same dicts.

use serde::ser::{SerializeSeq, Serializer};
use serde::Serialize;

use crate::notation;
use crate::tile::KINDS;
use crate::vocab::Term;

use super::result::{DrawReason, FalseWin, HandResult, Win};
use super::series::SeatDraw;
use super::settle::Settled;
use super::simulate::Summary;
use super::state::State;
use crate::scoring::ScoreAnswer;

/// Two values written as a list (`[payer, payee]`, `[owner, tile]`): JSON's and Python's
/// list, where serde would write a tuple.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pair<A, B>(pub A, pub B);

impl<A: Serialize, B: Serialize> Serialize for Pair<A, B> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(2))?;
        seq.serialize_element(&self.0)?;
        seq.serialize_element(&self.1)?;
        seq.end()
    }
}

/// A meld as the result shows it: its kind's key and its tiles in notation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MeldView {
    pub kind: &'static str,
    pub tiles: String,
}

/// One 筆 of a finished hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WinView {
    pub seat: u8,
    /// The win kind's key (`twmj.WIN_KINDS`).
    pub kind: &'static str,
    /// The one paying seat, when one seat pays.
    pub from: Option<u8>,
    /// The winning tile; `None` for 天胡 and the flower wins.
    pub tile: Option<String>,
    /// The concealed tiles of the complete hand, the winning tile included.
    pub hand: String,
    pub melds: Vec<MeldView>,
    pub flowers: String,
    /// 003 hk16 七隻內: the winner's discards before the win.
    pub discards: Option<u8>,
    /// 003 fan list 胡絕張: the winning tile's kind shown on the table.
    pub shown: Option<u8>,
    /// The declaration's key (`twmj.DECLARATIONS`), `None` when none.
    pub declaration: Option<&'static str>,
    /// 天胡/地胡/人胡 (`heaven`, `earth`, `human`).
    pub first_turn: Option<&'static str>,
    /// 槓上開花.
    pub replacement: bool,
    /// 海底撈月, 河底撈魚.
    pub last_tile: bool,
}

/// The 詐胡 that ended a hand (001 詐胡); `ready`: 003 詐胡的罰則 賠聽牌者所聽台數, each
/// ready seat and the tai it waited for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FalseWinView {
    pub seat: u8,
    pub tai: u32,
    pub ready: Vec<Pair<u8, u32>>,
}

/// A finished hand (`Game.result()`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResultView {
    /// 流局 (or a 特殊流局): nobody won and nobody declared a false win.
    pub draw: bool,
    pub dealer: u8,
    pub east: u8,
    pub wins: Vec<WinView>,
    /// Why nobody won (001 流局, 特殊流局; 003 改良式 特殊流局情形).
    pub draw_reason: Option<&'static str>,
    pub false_win: Option<FalseWinView>,
    /// Each 詢問費 due, `[payer, payee]` (003 註13); usually empty.
    pub fees: Vec<Pair<u8, u8>>,
    /// Each 暗槓 collecting its 底, `[owner, tile]` (003 hk16 槓牌); empty elsewhere.
    pub ankan_fees: Vec<Pair<u8, String>>,
}

impl WinView {
    fn of(w: &Win) -> WinView {
        WinView {
            seat: w.seat,
            kind: w.kind.key(),
            from: w.kind.from_seat(),
            tile: w.tile.map(crate::tile::Tile::code),
            hand: notation::format(&w.concealed, 0),
            melds: w
                .melds
                .iter()
                .map(|m| MeldView {
                    kind: m.kind.name(),
                    tiles: m.code(),
                })
                .collect(),
            flowers: notation::format(&[0; KINDS], w.flowers),
            discards: w.discards,
            shown: w.shown,
            declaration: (w.declaration != super::Declaration::None).then(|| w.declaration.key()),
            first_turn: w.first_turn.map(super::FirstTurn::key),
            replacement: w.replacement,
            last_tile: w.last_tile,
        }
    }
}

impl FalseWinView {
    fn of(f: &FalseWin) -> FalseWinView {
        FalseWinView {
            seat: f.seat,
            tai: f.tai,
            ready: (0u8..)
                .zip(f.ready)
                .filter_map(|(s, t)| t.map(|t| Pair(s, t)))
                .collect(),
        }
    }
}

impl ResultView {
    /// The view of `r`.
    pub fn of(r: &HandResult) -> ResultView {
        ResultView {
            draw: r.is_draw(),
            dealer: r.dealer,
            east: r.east,
            wins: r.wins.iter().map(WinView::of).collect(),
            draw_reason: r.draw.map(DrawReason::key),
            false_win: r.false_win.as_ref().map(FalseWinView::of),
            fees: r.fees.iter().map(|&(p, q)| Pair(p, q)).collect(),
            ankan_fees: r
                .ankan_fees
                .iter()
                .map(|&(s, t)| Pair(s, t.code()))
                .collect(),
        }
    }
}

/// A seat ready when a 詐胡 was declared and the tai it waited for, which it is paid (003
/// 詐胡的罰則 賠聽牌者所聽台數).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReadyAnswer {
    pub seat: u8,
    /// The tai it waited for (its best wait).
    pub tai: u32,
}

/// The 詐胡 that ended a hand (001 詐胡; 003 詐胡的罰則) as the replay answer states it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FalseWinAnswer {
    /// The seat that declared a win that is none.
    pub seat: u8,
    /// The false win's tai (所賠台數視詐胡的台數計算): what each other seat is paid with 一底,
    /// unless it is in `ready`.
    pub tai: u32,
    /// Each seat ready at that moment (`false_win_waits`), paid the tai it waited for instead.
    pub ready: Vec<ReadyAnswer>,
}

/// A 暗槓 collecting its 底 (003 hk16 槓牌), turned over at the end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AnkanAnswer {
    /// The 暗槓's owner.
    pub seat: u8,
    /// Its tile (有人胡後須翻出來給大家看).
    pub tile: String,
}

/// A replayed record (`POST /v1/replay`, the CLI's `replay`, the practice table's result, the
/// npm package's `replay`): where the hand stands and, once it is over, the finished hand
/// ([`ResultView`]'s fields) with each 筆 scored and the settlement (issue #34, one shape per
/// answer). Where [`ResultView`] (`Game.result()`, the record's last line) writes a pair as a
/// list, this answer keeps the HTTP service's public shape: a 暗槓's `{seat, tile}` and a
/// ready seat's `{seat, tai}` as objects, a 詢問費 as its `[payer, payee]` pair.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReplayAnswer {
    /// Lines of the record that hold an event, every one legal.
    pub events: usize,
    /// The hand has ended.
    pub over: bool,
    /// Seats that must decide now (empty once over).
    pub pending: Vec<u8>,
    /// The hand's dealer (莊家).
    pub dealer: u8,
    /// The seat sitting 東 (門風).
    pub east: u8,
    /// 流局 (or a 特殊流局), once over; `None` before.
    pub draw: Option<bool>,
    /// Why nobody won, on a draw (001 流局, 特殊流局; 003 改良式 特殊流局情形).
    pub draw_reason: Option<&'static str>,
    /// The 詐胡 that ended the hand, if one did.
    pub false_win: Option<FalseWinAnswer>,
    /// The 筆 won, in settlement order.
    pub wins: Vec<WinView>,
    /// Each 筆 scored and settled, once over.
    pub scores: Vec<ScoreAnswer>,
    /// Each seat's net in tai (zeros until over).
    #[serde(serialize_with = "seq")]
    pub net_tai: [i64; 4],
    /// Each 詢問費 due, `[payer, payee]`, 1 台 each (003 註13); in `net_tai`.
    pub fees: Vec<Pair<u8, u8>>,
    /// Each 暗槓 collecting its 底 (003 hk16 槓牌); in `net_tai`.
    pub ankan_fees: Vec<AnkanAnswer>,
}

impl ReplayAnswer {
    /// The answer for `state` after `events` events: the finished hand with `settled` (its
    /// bills and settlement) when it is over and settled, else where it stands.
    pub fn of(state: &State, events: usize, settled: Option<&Settled>) -> ReplayAnswer {
        let pending = (0..8u8).filter(|s| state.pending() >> s & 1 == 1).collect();
        let (Some(r), Some(settled)) = (state.result(), settled) else {
            return ReplayAnswer {
                events,
                over: false,
                pending,
                dealer: state.dealer(),
                east: state.east(),
                draw: None,
                draw_reason: None,
                false_win: None,
                wins: Vec::new(),
                scores: Vec::new(),
                net_tai: [0; 4],
                fees: Vec::new(),
                ankan_fees: Vec::new(),
            };
        };
        ReplayAnswer {
            events,
            over: true,
            pending: Vec::new(),
            dealer: r.dealer,
            east: r.east,
            draw: Some(r.is_draw()),
            draw_reason: r.draw.map(DrawReason::key),
            false_win: r.false_win.as_ref().map(|f| FalseWinAnswer {
                seat: f.seat,
                tai: f.tai,
                ready: (0u8..)
                    .zip(f.ready)
                    .filter_map(|(seat, t)| t.map(|tai| ReadyAnswer { seat, tai }))
                    .collect(),
            }),
            wins: r.wins.iter().map(WinView::of).collect(),
            scores: settled.bills.iter().map(ScoreAnswer::from).collect(),
            net_tai: settled.settlement.net_tai,
            fees: r.fees.iter().map(|&(p, q)| Pair(p, q)).collect(),
            ankan_fees: r
                .ankan_fees
                .iter()
                .map(|&(seat, t)| AnkanAnswer {
                    seat,
                    tile: t.code(),
                })
                .collect(),
        }
    }
}

/// Per-seat figures as a list (serde writes an array as a tuple, which Python would receive
/// as one).
fn seq<S: Serializer>(v: &[i64; 4], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(v)
}

/// 001 抽位 (`Match.seat_draw`): the lists cut to the seated players.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatDrawView {
    pub roller: u8,
    pub dice: Vec<u8>,
    pub first: u8,
    pub winds: Vec<u8>,
    pub seats: Vec<u8>,
}

impl SeatDrawView {
    /// The draw of a table of `seats` players.
    pub fn of(d: &SeatDraw, seats: u8) -> SeatDrawView {
        let n = usize::from(seats).min(d.winds.len());
        SeatDrawView {
            roller: d.roller,
            dice: d.dice.to_vec(),
            first: d.first,
            winds: d.winds[..n].to_vec(),
            seats: d.seats[..n].to_vec(),
        }
    }
}

/// Counts by key, written as a JSON object / Python dict in the keys' order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ByKey(pub Vec<(&'static str, u32)>);

impl Serialize for ByKey {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().copied())
    }
}

/// A simulation's summary (`twmj.simulate`): draws by reason and wins by kind keyed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SummaryView {
    pub hands: u32,
    pub draws: u32,
    pub draw_reasons: ByKey,
    pub wins: ByKey,
    pub multi_winner: u32,
    pub tai: Vec<u32>,
    pub actions: u64,
}

impl SummaryView {
    /// The view of `s`.
    pub fn of(s: &Summary) -> SummaryView {
        SummaryView {
            hands: s.hands,
            draws: s.draws,
            draw_reasons: ByKey(
                DrawReason::ALL
                    .iter()
                    .map(|r| r.key())
                    .zip(s.draw_reasons)
                    .collect(),
            ),
            wins: ByKey(Summary::KINDS.iter().copied().zip(s.by_kind).collect()),
            multi_winner: s.multi_winner,
            tai: s.tai.clone(),
            actions: s.actions,
        }
    }
}

/// An error code as the vocabulary lists it (`key` is the code, like every other term's key).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ErrorTerm {
    pub code: &'static str,
    pub key: &'static str,
    pub name: &'static str,
    /// The coarse kind the code belongs to (`hand_error` …).
    pub kind: &'static str,
    pub class: &'static str,
    pub doc: &'static str,
    /// The Chinese message's template (`{tile}超過四張（{where}共 {n} 張）`).
    pub template: &'static str,
}

/// Every term of the core with its key and Chinese name: `win_kinds` (with `from_seat`: one
/// seat pays and is named; `regular`: a complete hand scored by `score`), `declarations`,
/// `shapes`, `meld_kinds`, `presets`, `draw_reasons` (why a hand ended without a winner),
/// `actions` (by the first word of their names), `errors` (the fine codes: `code`, `kind`,
/// `class`, `doc`, `name`, `template`), `winds`,
/// `items` (the tai items, `tai.<key>`, named as their own table writes them) and `limits`
/// (the table's fixed numbers: `key`, `name`, `value`, `doc`), `hand_sizes`, and `tiles` and
/// `flowers` (every code in index order, with its Chinese name: the one list of them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Vocabulary {
    pub win_kinds: Vec<crate::vocab::WinTerm>,
    pub declarations: Vec<Term>,
    pub shapes: Vec<Term>,
    pub meld_kinds: Vec<crate::vocab::MeldTerm>,
    pub presets: Vec<Term>,
    pub draw_reasons: Vec<Term>,
    pub actions: Vec<Term>,
    pub errors: Vec<ErrorTerm>,
    pub winds: Vec<Term>,
    pub items: Vec<Term>,
    pub limits: Vec<crate::vocab::Limit>,
    /// The bots (`Bot::ALL`, weakest first): each with its key and its Chinese name.
    pub bots: Vec<Term>,
    /// The hand sizes the core plays (`hand_size`'s choices), each with the concealed tiles
    /// of a waiting hand by its number of melds: the pages read a hand's size here.
    pub hand_sizes: Vec<HandSizeTerm>,
    /// The 34 tile kinds in index order (the column order of every counts buffer).
    pub tiles: Vec<TileTerm>,
    /// The 8 flowers in order (春 夏 秋 冬 梅 蘭 菊 竹).
    pub flowers: Vec<TileTerm>,
}

/// A tile kind or a flower: its code (`1m`, `1f`) and its Chinese name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TileTerm {
    pub key: String,
    pub name: String,
}

/// One hand size (`hand_size`: 16, or 13 under 004 兩人麻將 13 張版) and what it holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HandSizeTerm {
    /// The size as text (`"16"`), the key a list of terms is read by.
    pub key: String,
    /// Its name with its sets and pair (`16 張（五組一對）`), as the settings registry names it.
    pub name: &'static str,
    pub size: u8,
    /// `concealed[k]`: the concealed tiles of a waiting hand with `k` melds (16 − 3k; the
    /// winning tile, or the tile drawn on a turn, adds one). Its length less one is the most
    /// melds a hand holds.
    pub concealed: Vec<usize>,
}

impl HandSizeTerm {
    /// Every size `hand_size` takes, read from the settings registry.
    pub fn all() -> Vec<HandSizeTerm> {
        let Some(spec) = crate::rules::setting("hand_size") else {
            return Vec::new();
        };
        let crate::rules::Kind::IntOf(sizes) = spec.kind else {
            return Vec::new();
        };
        sizes
            .iter()
            .zip(spec.choice_names)
            .filter_map(|(&n, &name)| {
                let size = u8::try_from(n).ok()?;
                let n = usize::from(size);
                // A waiting hand's concealed count (Form::Waiting), k melds of three taken out.
                let concealed = (0..=n / 3)
                    .map(|k| n - 3 * k)
                    .filter(|&c| crate::hand::Form::Waiting.fits(c, size))
                    .collect();
                Some(HandSizeTerm {
                    key: size.to_string(),
                    name,
                    size,
                    concealed,
                })
            })
            .collect()
    }
}

impl Vocabulary {
    /// The core's vocabulary.
    pub fn new() -> Vocabulary {
        use crate::vocab::{DECLARATIONS, PRESETS, WINDS, WIN_KINDS};
        Vocabulary {
            win_kinds: WIN_KINDS.to_vec(),
            declarations: DECLARATIONS.to_vec(),
            // The wait shapes: the regular ones, then the special shapes, a special wait
            // being named by its own shape ([`crate::waits::Wait::shape_keys`]).
            shapes: crate::waits::Shape::ALL
                .iter()
                .map(|s| Term {
                    key: s.key(),
                    name: s.name(),
                })
                .chain(crate::rules::Special::ALL.iter().map(|s| Term {
                    key: s.key(),
                    name: s.name(),
                }))
                .collect(),
            meld_kinds: crate::hand::MeldKind::ALL
                .iter()
                .map(|k| crate::vocab::MeldTerm {
                    key: k.name(),
                    name: k.chinese(),
                    tiles: k.size(),
                })
                .collect(),
            presets: PRESETS.to_vec(),
            draw_reasons: DrawReason::ALL
                .iter()
                .map(|r| Term {
                    key: r.key(),
                    name: r.name(),
                })
                .collect(),
            actions: super::ACTION_TERMS.to_vec(),
            errors: crate::error::CODES
                .iter()
                .map(|c| ErrorTerm {
                    code: c.code,
                    key: c.code,
                    name: c.name,
                    kind: c.kind,
                    class: c.class,
                    doc: c.doc,
                    template: c.template,
                })
                .collect(),
            winds: WINDS.to_vec(),
            items: crate::rules::WORDS
                .iter()
                .map(|w| Term {
                    key: w.key,
                    name: w.name,
                })
                .collect(),
            limits: super::LIMITS.to_vec(),
            bots: super::Bot::ALL
                .iter()
                .map(|b| Term {
                    key: b.name(),
                    name: b.chinese(),
                })
                .collect(),
            hand_sizes: HandSizeTerm::all(),
            tiles: crate::tile::Tile::all()
                .map(|t| TileTerm {
                    key: t.code(),
                    name: t.name(),
                })
                .collect(),
            flowers: (0..crate::tile::FLOWERS)
                .filter_map(crate::tile::Flower::new)
                .map(|f| TileTerm {
                    key: f.code(),
                    name: f.name().to_owned(),
                })
                .collect(),
        }
    }
}

impl Default for Vocabulary {
    fn default() -> Self {
        Vocabulary::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_and_counts_are_json_lists_and_objects() {
        let fees = vec![Pair(1u8, 2u8)];
        assert_eq!(serde_json::to_string(&fees).unwrap(), "[[1,2]]");
        let by = ByKey(vec![("wall", 3), ("four_kongs", 0)]);
        assert_eq!(
            serde_json::to_string(&by).unwrap(),
            r#"{"wall":3,"four_kongs":0}"#
        );
    }

    #[test]
    fn hand_sizes_list_the_concealed_tiles_by_melds() {
        // 000 胡牌 五組一對: 16 tiles wait, each meld takes three; 004 13 張版 四組一對.
        let sizes = HandSizeTerm::all();
        let got: Vec<(u8, Vec<usize>)> = sizes
            .iter()
            .map(|s| (s.size, s.concealed.clone()))
            .collect();
        assert_eq!(
            got,
            [(16, vec![16, 13, 10, 7, 4, 1]), (13, vec![13, 10, 7, 4, 1])]
        );
        assert_eq!(sizes[0].key, "16");
    }
}
