//! `twmj.score`, `twmj.compare` and their results: `Context`, `Score`, `TaiItem`, `Payment`.

use pyo3::prelude::*;
use twmj_core::hand::Form;
use twmj_core::notation;
use twmj_core::scoring::{
    self, Context, Declaration, FlowerWin, Score, Scored, Seat, Variant, WinKind, Wind,
};
use twmj_core::{Block, Tile};
use twmj_py_macros::guarded;

use crate::convert::{self, Int};
use crate::errors::{context_error, PyResult};
use crate::meld::PyMeld;
use crate::variant::{rules_of, PyVariant};

/// Everything about a win besides the tiles.
///
/// `win` is a win kind's key (`twmj.WIN_KINDS`: `self_draw`, `discard`, `robbing_kong`, the
/// replacement draws `after_flower`, `after_ankan`, `after_kakan` that count 槓上開花, and
/// `after_robbing_flower`, 七搶一 case 2's second 筆); `from_seat` names the payer of the kinds
/// one seat pays. Winds are `E S W N` or 東南西北; `declared` is a `twmj.DECLARATIONS` key.
/// `shown` is how many copies of the winning tile's kind the table already shows (rivers and
/// every player's open melds, the winning tile not counted; 3 is the fan list's 胡絕張).
/// `first_eight`: the winning tile is among the hand's first eight discards, nobody having
/// called (003 改良式 人胡 with a declared 天聽). `win="four_kongs"` scores a 四槓胡: `hand` then
/// holds the tiles besides the four kongs and `win_tile` is the fourth kong's.
#[pyclass(name = "Context", module = "twmj", frozen)]
#[derive(Clone)]
pub struct PyContext(pub Context);

fn wind(field: &'static str, s: &str) -> PyResult<Wind> {
    Wind::parse(s).ok_or_else(|| {
        context_error(
            field,
            format!("'{s}' is not a wind (E, S, W, N or 東南西北)"),
        )
    })
}

#[pymethods]
impl PyContext {
    #[new]
    #[pyo3(
        signature = (
            *, winner=Int::from(0), dealer=Int::from(0), streak=Int::from(0), seat_wind="E",
            round_wind="E", win="self_draw", from_seat=None, last_tile=false, declared=None,
            first_turn=false, flowers="", dice=None, discards=None, shown=None,
            first_eight=false
        ),
        text_signature = "(*, winner=0, dealer=0, streak=0, seat_wind=\"E\", round_wind=\"E\", \
                          win=\"self_draw\", from_seat=None, last_tile=False, declared=None, \
                          first_turn=False, flowers=\"\", dice=None, discards=None, shown=None, \
                          first_eight=False)"
    )]
    #[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
    #[guarded]
    fn new(
        winner: Int,
        dealer: Int,
        streak: Int,
        seat_wind: &str,
        round_wind: &str,
        win: &str,
        from_seat: Option<Int>,
        last_tile: bool,
        declared: Option<&str>,
        first_turn: bool,
        flowers: &str,
        dice: Option<[Int; 3]>,
        discards: Option<Int>,
        shown: Option<Int>,
        first_eight: bool,
    ) -> PyResult<Self> {
        // Python ints of any size arrive here; out-of-range ones are context errors, not
        // OverflowError from the conversion.
        let seat = |field, s: &Int| context_seat(field, s, |&x| x < 4);
        let winner = seat("context.winner", &winner)?;
        let dealer = seat("context.dealer", &dealer)?;
        let from_seat = from_seat
            .map(|f| seat("context.from_seat", &f))
            .transpose()?;
        let streak: u8 = streak.to(|_| true).ok_or_else(|| {
            context_error("context.streak", format!("連莊 {streak} is out of range"))
        })?;
        let dice = dice
            .map(|d| {
                let face = |f: &Int| {
                    f.to(|x: &u8| (1..=6).contains(x)).ok_or_else(|| {
                        context_error("context.dice", format!("a die shows {f}; faces are 1 to 6"))
                    })
                };
                Ok::<_, PyErr>([face(&d[0])?, face(&d[1])?, face(&d[2])?])
            })
            .transpose()?;
        let win = WinKind::parse(win, from_seat)?;
        let declared = Declaration::parse(declared.unwrap_or("none"), "context.declared")?;
        let parsed = notation::parse(flowers).map_err(|e| e.at("context.flowers"))?;
        if parsed.counts.iter().any(|&c| c > 0) {
            return Err(context_error(
                "context.flowers",
                format!("'{flowers}' holds tiles that are not flowers"),
            ));
        }
        let discards = discards
            .map(|n| {
                n.to(|_: &u8| true).ok_or_else(|| {
                    context_error(
                        "context.discards",
                        format!("{n} discards is out of range (0 to 255)"),
                    )
                })
            })
            .transpose()?;
        // 003 fan list 胡絕張: copies of the winning tile's kind shown on the table.
        let shown = shown
            .map(|n| {
                n.to(|&x: &u8| x <= 3).ok_or_else(|| {
                    context_error(
                        "context.shown",
                        format!(
                            "{n} copies shown is out of range (0 to 3 besides the winning tile)"
                        ),
                    )
                })
            })
            .transpose()?;
        Ok(PyContext(Context {
            winner,
            dealer,
            streak,
            seat_wind: wind("context.seat_wind", seat_wind)?,
            round_wind: wind("context.round_wind", round_wind)?,
            win,
            last_tile,
            declared,
            first_turn,
            first_eight,
            flowers: parsed.flowers,
            dice,
            discards,
            shown,
        }))
    }

    #[getter]
    fn winner(&self) -> Seat {
        self.0.winner
    }

    #[getter]
    fn dealer(&self) -> Seat {
        self.0.dealer
    }

    fn __repr__(&self) -> String {
        let c = &self.0;
        let wind = |w: Wind| ["E", "S", "W", "N"][w as usize];
        let (win, from) = (c.win.key(), c.win.from_seat());
        let from = from.map_or_else(String::new, |f| format!(", from_seat={f}"));
        format!(
            "Context(winner={}, dealer={}, streak={}, seat_wind='{}', round_wind='{}', win='{win}'{from})",
            c.winner,
            c.dealer,
            c.streak,
            wind(c.seat_wind),
            wind(c.round_wind),
        )
    }
}

/// One counted tai item: its stable key, its name as the rule table writes it, its tai.
#[pyclass(name = "TaiItem", module = "twmj", frozen, get_all)]
#[derive(Clone)]
pub struct PyTaiItem {
    key: &'static str,
    name: String,
    tai: u32,
}

#[pymethods]
impl PyTaiItem {
    fn __repr__(&self) -> String {
        format!("TaiItem('{}', '{}', {})", self.key, self.name, self.tai)
    }
}

/// An item checked and not counted, with the reason in English and in Chinese.
#[pyclass(name = "NotApplied", module = "twmj", frozen, get_all)]
#[derive(Clone)]
pub struct PyNotApplied {
    key: &'static str,
    name: String,
    reason: String,
    reason_zh: String,
}

#[pymethods]
impl PyNotApplied {
    fn __repr__(&self) -> String {
        format!("NotApplied('{}', '{}')", self.key, self.reason)
    }
}

/// What one payer pays the winner for one 筆 (計分: 底 3 + tai, plus 莊家台 between the dealer
/// and the counterpart).
#[pyclass(name = "Payment", module = "twmj", frozen, get_all)]
#[derive(Clone)]
pub struct PyPayment {
    bill: usize,
    payer: Seat,
    payee: Seat,
    base_tai: u32,
    hand_tai: u32,
    dealer_tai: u32,
    total_tai: u32,
    money: u64,
}

impl PyPayment {
    /// One settlement line, its 筆 index shifted by `bill`.
    fn of(l: &scoring::Line, bill: usize) -> Self {
        PyPayment {
            bill: bill + l.bill,
            payer: l.payer,
            payee: l.payee,
            base_tai: l.base_tai,
            hand_tai: l.hand_tai,
            dealer_tai: l.dealer_tai,
            total_tai: l.total_tai,
            money: l.money,
        }
    }
}

#[pymethods]
impl PyPayment {
    fn __repr__(&self) -> String {
        format!(
            "Payment(payer={}, payee={}, total_tai={}, money={})",
            self.payer, self.payee, self.total_tai, self.money
        )
    }
}

/// A scored win: total tai, the items, the decomposition used, and the settlement.
#[pyclass(name = "Score", module = "twmj", frozen, get_all)]
pub struct PyScore {
    /// The preset the variant started from.
    variant: &'static str,
    /// Overrides on top of the preset, as `(key, value)` text.
    overrides: Vec<(String, String)>,
    /// The hand's tai (without 莊家台, which depends on the payer).
    total_tai: u32,
    items: Vec<Py<PyTaiItem>>,
    /// 莊家 and 連莊拉莊 items, counted only on lines between the dealer and the counterpart.
    dealer_items: Vec<Py<PyTaiItem>>,
    /// 莊家台 = 1 + 2N.
    dealer_tai: u32,
    /// The concealed part as split for the score (`123m`, `555p`, `11z`), then the melds.
    decomposition: Vec<String>,
    melds: Vec<PyMeld>,
    /// The winning tile's shape in that split (ryanmen, kanchan, penchan, tanki, shanpon).
    win_shape: Option<&'static str>,
    /// Items checked and not counted (only when asked with `why_not=True`).
    why_not: Vec<Py<PyNotApplied>>,
    /// One line per payer.
    payments: Vec<Py<PyPayment>>,
    /// Each seat's net in tai (the four sum to 0).
    net_tai: [i64; 4],
    /// Each seat's net in money.
    net_money: [i64; 4],
    /// The winner's seat.
    winner: Seat,
    /// False when no payer's share reaches the variant's 起胡 threshold: the win is not
    /// allowed, and `payments` is empty.
    allowed: bool,
}

#[pymethods]
impl PyScore {
    fn __repr__(&self) -> String {
        format!(
            "Score(total_tai={}, decomposition={:?})",
            self.total_tai, self.decomposition
        )
    }
}

fn block_text(b: Block) -> String {
    let mut c = [0u8; 34];
    match b {
        Block::Sequence(t) => {
            for i in t.index()..t.index() + 3 {
                c[i] = 1;
            }
        }
        Block::Triplet(t) => c[t.index()] = 3,
        Block::Pair(t) => c[t.index()] = 2,
    }
    notation::format(&c, 0)
}

fn item(py: Python<'_>, i: &scoring::ScoredItem) -> Result<Py<PyTaiItem>, PyErr> {
    Py::new(
        py,
        PyTaiItem {
            key: i.key,
            name: i.name.clone(),
            tai: i.tai,
        },
    )
}

/// `s` settled under `rules` ([`Scored::of`]) as Python's `Score`.
fn scored(py: Python<'_>, s: &Score, rules: &Variant) -> PyResult<PyScore> {
    to_py(py, &Scored::of(s.clone(), rules)?, 0)
}

/// A scored win as Python's `Score`, its settlement's 筆 indices shifted by `bill`.
pub(crate) fn to_py(py: Python<'_>, scored: &Scored, bill: usize) -> PyResult<PyScore> {
    let (s, settlement) = (&scored.score, &scored.settlement);
    let payments = settlement
        .lines
        .iter()
        .map(|l| Py::new(py, PyPayment::of(l, bill)))
        .collect::<Result<_, PyErr>>()?;
    Ok(PyScore {
        variant: s.variant,
        overrides: s.overrides.clone(),
        total_tai: s.total_tai,
        items: s
            .items
            .iter()
            .map(|i| item(py, i))
            .collect::<Result<_, PyErr>>()?,
        dealer_items: s
            .dealer_items
            .iter()
            .map(|i| item(py, i))
            .collect::<Result<_, PyErr>>()?,
        dealer_tai: s.dealer_tai,
        decomposition: s.decomposition.iter().map(|&b| block_text(b)).collect(),
        melds: s.melds.iter().map(|&m| PyMeld(m)).collect(),
        win_shape: s.win_block.map(|(_, shape)| shape.key()),
        why_not: s
            .why_not
            .iter()
            .map(|n| {
                Py::new(
                    py,
                    PyNotApplied {
                        key: n.key,
                        name: n.item.name().to_owned(),
                        reason: n.reason.clone(),
                        reason_zh: n.reason_zh.clone(),
                    },
                )
            })
            .collect::<Result<_, PyErr>>()?,
        payments,
        net_tai: settlement.net_tai,
        net_money: settlement.net_money,
        winner: s.winner,
        allowed: scored.allowed,
    })
}

/// The winning tile, one tile's code.
fn one_tile(win_tile: &str) -> PyResult<Tile> {
    match notation::symbols(win_tile)
        .map_err(|e| e.at("win_tile"))?
        .as_slice()
    {
        [notation::Symbol::Tile(t, _)] => Ok(*t),
        _ => Err(context_error(
            "win_tile",
            format!("'{win_tile}' is not one tile"),
        )),
    }
}

fn context_or_default(context: Option<&PyContext>) -> Context {
    context.map_or_else(|| Context::new(0, WinKind::SelfDraw), |c| c.0.clone())
}

/// Scores a win (max tai over every decomposition) and settles it.
#[pyfunction]
#[pyo3(signature = (hand, win_tile, melds=None, context=None, variant=None, why_not=false))]
#[guarded]
pub fn score(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    win_tile: &str,
    melds: Option<&Bound<'_, PyAny>>,
    context: Option<PyRef<'_, PyContext>>,
    variant: Option<PyRef<'_, PyVariant>>,
    why_not: bool,
) -> PyResult<PyScore> {
    let tiles = convert::tiles(hand, "hand")?;
    let win = one_tile(win_tile)?;
    let melds = convert::melds(melds)?;
    let ctx = context_or_default(context.as_deref());
    let rules = rules_of(variant.as_deref());
    let s = scoring::score_win(tiles, melds, win, &ctx, rules, why_not)?;
    to_py(py, &s, 0)
}

/// Scores a flower win (`eight_immortals` 八仙過海, or `seven_rob_one` 七搶一 with `robbed`) as
/// its own 筆; the context must hold all 8 flowers.
#[pyfunction]
#[pyo3(signature = (kind, context, variant=None, robbed=None, with_dice=false))]
#[guarded]
pub fn score_flower(
    py: Python<'_>,
    kind: &str,
    context: PyRef<'_, PyContext>,
    variant: Option<PyRef<'_, PyVariant>>,
    robbed: Option<Int>,
    with_dice: bool,
) -> PyResult<PyScore> {
    // Any seat number goes to the core, which names one not at the table.
    let robbed = robbed
        .map(|r| context_seat("robbed", &r, |_| true))
        .transpose()?;
    let win = FlowerWin::parse(kind, robbed)?;
    let rules = rules_of(variant.as_deref());
    let s = scoring::score_flower_win(win, &context.0, rules, with_dice)?;
    to_py(py, &s, 0)
}

/// One win scored under several variants: the scores in order, and the items whose tai
/// differ, as `(key, name, [tai per variant])`.
#[pyfunction]
#[pyo3(signature = (hand, win_tile, variants, melds=None, context=None, why_not=false))]
#[allow(clippy::type_complexity)]
#[guarded]
pub fn compare(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    win_tile: &str,
    variants: Vec<PyRef<'_, PyVariant>>,
    melds: Option<&Bound<'_, PyAny>>,
    context: Option<PyRef<'_, PyContext>>,
    why_not: bool,
) -> PyResult<(Vec<PyScore>, Vec<(&'static str, &'static str, Vec<u32>)>)> {
    let tiles = convert::tiles(hand, "hand")?;
    let win = one_tile(win_tile)?;
    let melds = convert::melds(melds)?;
    let ctx = context_or_default(context.as_deref());
    let vs: Vec<scoring::Variant> = variants.iter().map(|v| v.0.clone()).collect();
    let c = scoring::compare_win(tiles, melds, win, &ctx, &vs, why_not)?;
    let scores = c
        .scores
        .iter()
        .map(|s| to_py(py, s, 0))
        .collect::<PyResult<_>>()?;
    Ok((scores, c.differing))
}

/// The seats that win one discarded (or 加槓) tile, given the seats able to win it, by the
/// variant's `multi_win` (taiwan, 000 多家同時胡: one wins alone; of two, the first in turn order
/// from the discarder (攔胡); three all win (一砲三響)). Pass only claims that reach the
/// variant's 起胡 threshold (`Score.allowed`).
/// A seat argument of the scoring context from any Python int that passes `ok`; otherwise a
/// `ContextError` on `field` naming the value.
fn context_seat(field: &str, s: &Int, ok: impl Fn(&Seat) -> bool) -> PyResult<Seat> {
    s.to(ok)
        .ok_or_else(|| context_error(field, format!("seat {s} does not exist (seats are 0 to 3)")))
}

#[pyfunction]
#[pyo3(signature = (discarder, able, variant=None))]
#[guarded]
pub fn winners(discarder: Int, able: Vec<Int>, variant: Option<&PyVariant>) -> PyResult<Vec<u32>> {
    let rule = rules_of(variant).multi_win;
    // Any seat number goes to the core, which names one that does not exist.
    let discarder = context_seat("discarder", &discarder, |_| true)?;
    let able = able
        .iter()
        .map(|s| context_seat("able", s, |_| true))
        .collect::<PyResult<Vec<Seat>>>()?;
    // Seats as ints: a Vec<u8> would reach Python as bytes.
    let seats = scoring::winning_seats(discarder, &able, rule)?;
    Ok(seats.into_iter().map(u32::from).collect())
}

/// 詐胡 (001 一家賠三家; 003 詐胡的罰則 通賠三家): the offender pays each other seat as if it had
/// won with `tai[seat]` tai (001: the false win's tai for all; 003: a ready seat's waiting tai).
#[pyfunction]
#[pyo3(signature = (offender, tai, variant=None))]
#[guarded]
pub fn false_win(
    py: Python<'_>,
    offender: Int,
    tai: [Int; 4],
    variant: Option<&PyVariant>,
) -> PyResult<Vec<Py<PyPayment>>> {
    let rules = rules_of(variant);
    // The core names a seat the variant does not seat (three or two players).
    let offender = context_seat("offender", &offender, |_| true)?;
    let mut tais = [0u32; 4];
    for (t, given) in tais.iter_mut().zip(&tai) {
        *t = given.to(|_| true).ok_or_else(|| {
            context_error(
                "tai",
                format!("{given} tai is out of range (0 to {})", u32::MAX),
            )
        })?;
    }
    let tai = tais;
    let st = scoring::false_win(offender, tai, rules)?;
    st.lines
        .iter()
        .map(|l| Ok(Py::new(py, PyPayment::of(l, 0))?))
        .collect()
}

/// One wait of a ready hand with what winning on it is worth.
#[pyclass(name = "WaitValue", module = "twmj", frozen, get_all)]
pub struct PyWaitValue {
    /// The waited tile.
    tile: String,
    /// The win is 獨聽 (one wait, by edge, closed or pair).
    single_wait: bool,
    /// Won on a discard from the winner's 上家.
    on_discard: Py<PyScore>,
    /// Won by self-draw.
    on_self_draw: Py<PyScore>,
}

#[pymethods]
impl PyWaitValue {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "WaitValue(tile='{}', on_discard={}, on_self_draw={}, single_wait={})",
            self.tile,
            self.on_discard.borrow(py).total_tai,
            self.on_self_draw.borrow(py).total_tai,
            if self.single_wait { "True" } else { "False" }
        )
    }
}

/// Each wait of a ready 16 − 3k hand scored in `context`, as won on a discard and by self-draw.
#[pyfunction]
#[pyo3(signature = (hand, melds=None, context=None, variant=None))]
#[guarded]
pub fn wait_values(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    context: Option<PyRef<'_, PyContext>>,
    variant: Option<PyRef<'_, PyVariant>>,
) -> PyResult<Vec<PyWaitValue>> {
    let rules = rules_of(variant.as_deref());
    let h = convert::hand(hand, melds, Form::Waiting, rules)?;
    let ctx = context_or_default(context.as_deref()).or_flowers(h.flowers);
    let values = scoring::wait_values(&h.concealed, &h.melds, &ctx, rules)?;
    values
        .iter()
        .map(|w| {
            Ok(PyWaitValue {
                tile: w.tile.code(),
                single_wait: w.single_wait,
                on_discard: Py::new(py, scored(py, &w.on_discard, rules)?)?,
                on_self_draw: Py::new(py, scored(py, &w.on_self_draw, rules)?)?,
            })
        })
        .collect()
}
