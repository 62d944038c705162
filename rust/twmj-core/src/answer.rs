//! The analysis floor's answers as every caller receives them (issue #34, one shape per
//! answer): the waits and the discard analysis as serde types, which `Waits.as_dict()`,
//! `Analysis.as_dict()`, `twmj.data` and `/v1/waits`, `/v1/analyze` serve as they are, and
//! `tests/test_answer_shapes.py` holds the HTTP models and the stubs to. The score's answer is
//! [`crate::scoring::answer`].

use serde::Serialize;

use crate::analyze::{Accept, Analysis, Discard, WaitReport};
use crate::error::Result;
use crate::rules::Variant;
use crate::waits::Wait;

/// One wait: the tile, its Chinese name, its shapes, the copies left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WaitAnswer {
    /// The waited tile (`3m`).
    pub tile: String,
    /// Its Chinese name (`三萬`).
    pub name: String,
    /// Shapes over all decompositions, then the special shape the tile completes.
    pub shapes: Vec<&'static str>,
    /// Copies not in the hand, the melds or the visible tiles.
    pub remaining: u8,
}

impl From<&Wait> for WaitAnswer {
    fn from(w: &Wait) -> WaitAnswer {
        WaitAnswer {
            tile: w.tile.code(),
            name: w.tile.name(),
            shapes: w.shape_keys().collect(),
            remaining: w.remaining,
        }
    }
}

/// A kind whose draw lowers the shanten (進張), with its unseen copies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AcceptAnswer {
    pub tile: String,
    pub remaining: u8,
}

impl From<&Accept> for AcceptAnswer {
    fn from(a: &Accept) -> AcceptAnswer {
        AcceptAnswer {
            tile: a.tile.code(),
            remaining: a.remaining,
        }
    }
}

/// The answer to "what are my waits" (`twmj.waits`, `POST /v1/waits`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WaitsAnswer {
    /// 0 when ready, else the tiles still to exchange.
    pub shanten: i8,
    /// True when the hand has at least one wait.
    pub tenpai: bool,
    pub waits: Vec<WaitAnswer>,
    /// Kinds whose draw lowers the shanten; when ready, the waits.
    pub accepts: Vec<AcceptAnswer>,
}

impl WaitsAnswer {
    /// The report made under `variant`, whole.
    pub fn of(report: &WaitReport, variant: &Variant) -> Result<WaitsAnswer> {
        Ok(WaitsAnswer {
            shanten: report.shanten(variant),
            tenpai: report.ready(),
            waits: report
                .waits()
                .iter()
                .map(|w| WaitAnswer::from(&w))
                .collect(),
            accepts: report
                .accepts(variant)?
                .iter()
                .map(AcceptAnswer::from)
                .collect(),
        })
    }
}

/// The outlook after one discard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DiscardAnswer {
    pub tile: String,
    pub shanten: i8,
    /// Unseen copies of all accepting kinds.
    pub accepted: u32,
    pub accepts: Vec<AcceptAnswer>,
    /// The waits when the discard leaves the hand ready.
    pub waits: Vec<WaitAnswer>,
}

impl From<&Discard> for DiscardAnswer {
    fn from(d: &Discard) -> DiscardAnswer {
        DiscardAnswer {
            tile: d.tile.code(),
            shanten: d.shanten,
            accepted: d.accepted(),
            accepts: d.accepts.iter().map(AcceptAnswer::from).collect(),
            waits: d.waits.iter().map(|w| WaitAnswer::from(&w)).collect(),
        }
    }
}

/// A 17 − 3k hand's discards, best first (`twmj.analyze`, `POST /v1/analyze`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AnalysisAnswer {
    /// Shanten of the hand as held (−1 when complete).
    pub shanten: i8,
    pub discards: Vec<DiscardAnswer>,
}

impl From<&Analysis> for AnalysisAnswer {
    fn from(a: &Analysis) -> AnalysisAnswer {
        AnalysisAnswer {
            shanten: a.shanten,
            discards: a.discards.iter().map(DiscardAnswer::from).collect(),
        }
    }
}
