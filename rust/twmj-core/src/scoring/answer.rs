//! The score answer as every caller receives it (issue #34, one shape per answer): the serde
//! type the binding converts whole, `twmj.data.score_data` serialises and the HTTP models and
//! stubs are held to by `tests/test_answers_shape.py`. A field added here is a field of
//! `twmj.Score`, of `/v1/score` and of the CLI's JSON; the test names whatever lags.

use std::borrow::Cow;

use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::hand::Meld;
use crate::scoring::claim::Scored;
use crate::scoring::context::Seat;
use crate::scoring::score::{NotApplied, ScoredItem};
use crate::scoring::settle::Line;

/// One counted tai item: its stable key, its name as the rule table writes it, its tai.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TaiItem {
    /// Stable English key, e.g. `ping_hu`.
    pub key: &'static str,
    /// The name as the rule table writes it (`平胡`), or a composite (`字一色（大四喜）`).
    pub name: Cow<'static, str>,
    pub tai: u32,
}

impl From<&ScoredItem> for TaiItem {
    fn from(i: &ScoredItem) -> TaiItem {
        TaiItem {
            key: i.key,
            name: i.name.clone(),
            tai: i.tai,
        }
    }
}

/// An item checked and not counted, with the reason in English and in Chinese.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ItemNotApplied {
    pub key: &'static str,
    pub name: &'static str,
    /// Why it does not apply (`平胡: the hand holds a flower`).
    pub reason: String,
    /// The same in Chinese (`平胡：有花牌`).
    pub reason_zh: String,
}

impl From<&NotApplied> for ItemNotApplied {
    fn from(n: &NotApplied) -> ItemNotApplied {
        ItemNotApplied {
            key: n.key,
            name: n.item.name(),
            reason: n.reason.clone(),
            reason_zh: n.reason_zh.clone(),
        }
    }
}

/// A meld in an answer: its kind's key and its tiles in notation (`{"kind": "pon", "tiles":
/// "555p"}`), what `twmj.Meld` reads back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeldAnswer(pub Meld);

impl Serialize for MeldAnswer {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Meld", 2)?;
        st.serialize_field("kind", self.0.kind.name())?;
        st.serialize_field("tiles", &self.0.code())?;
        st.end()
    }
}

/// A scored win with its settlement: the answer of `twmj.score` and `POST /v1/score`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ScoreAnswer {
    /// The preset the variant started from.
    pub variant: &'static str,
    /// Overrides on top of the preset, as `(key, value)` text.
    pub overrides: Vec<(String, String)>,
    /// The hand's tai (without 莊家台, which depends on the payer).
    pub total_tai: u32,
    pub items: Vec<TaiItem>,
    /// 莊家 and 連莊拉莊, counted only on lines between the dealer and the counterpart.
    pub dealer_items: Vec<TaiItem>,
    /// 莊家台 = 1 + 2N.
    pub dealer_tai: u32,
    /// The concealed part as split for the score (`123m`, `555p`, `11z`).
    pub decomposition: Vec<String>,
    pub melds: Vec<MeldAnswer>,
    /// The winning tile's shape in that split (ryanmen, kanchan, penchan, tanki, shanpon).
    pub win_shape: Option<&'static str>,
    /// False when no payer's share reaches the variant's 起胡 threshold: the win is not
    /// allowed, and `payments` is empty.
    pub allowed: bool,
    /// The winner's seat.
    pub winner: Seat,
    /// One line per payer.
    pub payments: Vec<Line>,
    /// Each seat's net in tai (the four sum to 0).
    #[serde(serialize_with = "seq")]
    pub net_tai: [i64; 4],
    /// Each seat's net in money.
    #[serde(serialize_with = "seq")]
    pub net_money: [i64; 4],
    /// Items checked and not counted (only when asked for).
    pub why_not: Vec<ItemNotApplied>,
}

impl From<&Scored> for ScoreAnswer {
    fn from(scored: &Scored) -> ScoreAnswer {
        let (s, settlement) = (&scored.score, &scored.settlement);
        ScoreAnswer {
            variant: s.variant,
            overrides: s.overrides.clone(),
            total_tai: s.total_tai,
            items: s.items.iter().map(TaiItem::from).collect(),
            dealer_items: s.dealer_items.iter().map(TaiItem::from).collect(),
            dealer_tai: s.dealer_tai,
            decomposition: s.decomposition.iter().map(|b| b.code()).collect(),
            melds: s.melds.iter().copied().map(MeldAnswer).collect(),
            win_shape: s.win_block.map(|(_, shape)| shape.key()),
            allowed: scored.allowed,
            winner: s.winner,
            payments: settlement.lines.clone(),
            net_tai: settlement.net_tai,
            net_money: settlement.net_money,
            why_not: s.why_not.iter().map(ItemNotApplied::from).collect(),
        }
    }
}

/// Per-seat figures as a list, as every other list of the answer (serde writes an array as a
/// tuple, which Python would receive as one).
fn seq<S: Serializer>(v: &[i64; 4], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(v)
}
