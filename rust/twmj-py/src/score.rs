//! `twmj.score`, `twmj.compare` and their results: `Context`, `Score`, `TaiItem`, `Payment`.

use pyo3::prelude::*;
use twmj_core::hand::Form;
use twmj_core::notation;
use twmj_core::scoring::{
    self, settle, Context, Declaration, FlowerWin, MultiWin, Score, Seat, WinKind, Wind,
};
use twmj_core::{Block, Tile};
use twmj_py_macros::guarded;

use crate::convert::{self, Int};
use crate::errors::{context_error, CoreError, PyResult};
use crate::meld::PyMeld;
use crate::variant::PyVariant;

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
        let win = WinKind::parse(win, from_seat).map_err(CoreError)?;
        let declared = Declaration::parse(declared.unwrap_or("none"), "context.declared")
            .map_err(CoreError)?;
        let parsed = notation::parse(flowers).map_err(|e| CoreError(e.at("context.flowers")))?;
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

fn item(py: Python<'_>, i: &scoring::ScoredItem) -> PyResult<Py<PyTaiItem>> {
    Py::new(
        py,
        PyTaiItem {
            key: i.key,
            name: i.name.clone(),
            tai: i.tai,
        },
    )
}

pub(crate) fn to_py(
    py: Python<'_>,
    s: &Score,
    variant: &PyVariant,
    bill: usize,
) -> PyResult<PyScore> {
    // Under the 起胡 threshold the hand is still scored (the caller asked what it is worth),
    // but nobody pays: it cannot be won (002 起胡台數).
    let allowed = s.reaches(variant.0.min_tai);
    let settlement = if allowed {
        settle(std::slice::from_ref(s), &variant.0).map_err(CoreError)?
    } else {
        scoring::Settlement::default()
    };
    let payments = settlement
        .lines
        .iter()
        .map(|l| Py::new(py, PyPayment::of(l, bill)))
        .collect::<PyResult<_>>()?;
    Ok(PyScore {
        variant: s.variant,
        overrides: s.overrides.clone(),
        total_tai: s.total_tai,
        items: s
            .items
            .iter()
            .map(|i| item(py, i))
            .collect::<PyResult<_>>()?,
        dealer_items: s
            .dealer_items
            .iter()
            .map(|i| item(py, i))
            .collect::<PyResult<_>>()?,
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
            .collect::<PyResult<_>>()?,
        payments,
        net_tai: settlement.net_tai,
        net_money: settlement.net_money,
        winner: s.winner,
        allowed,
    })
}

/// The concealed 17 − 3k tiles including the winning tile: `hand` may hold 16 − 3k tiles (the
/// winning tile is added) or 17 − 3k (it must contain the winning tile); `size` is the
/// variant's `hand_size` (13: 13 − 3k or 14 − 3k).
pub(crate) fn winning_hand(
    hand: &Bound<'_, PyAny>,
    win_tile: &str,
    melds: Option<&Bound<'_, PyAny>>,
    size: u8,
) -> PyResult<(twmj_core::Hand, Tile)> {
    let mut tiles = convert::tiles(hand, "hand")?;
    let win = one_tile(win_tile)?;
    let melds = convert::melds(melds)?;
    let n = tiles.len();
    let k = melds.len();
    let waiting = if k == 0 {
        n % 3 == 1
    } else {
        n + 3 * k == usize::from(size)
    };
    if waiting {
        if tiles.counts[win.index()] >= 4 {
            return Err(context_error(
                "win_tile",
                format!("the hand already holds four {}", win.code()),
            ));
        }
        tiles.counts[win.index()] += 1;
    } else if tiles.counts[win.index()] == 0 {
        return Err(context_error(
            "win_tile",
            format!(
                "the full hand does not hold the winning tile {}",
                win.code()
            ),
        ));
    }
    let h = twmj_core::Hand::new(tiles, melds, Form::Full, size)
        .map_err(|e| CoreError(e.at("hand")))?;
    Ok((h, win))
}

/// The winning tile, one tile's code.
fn one_tile(win_tile: &str) -> PyResult<Tile> {
    match notation::symbols(win_tile)
        .map_err(|e| CoreError(e.at("win_tile")))?
        .as_slice()
    {
        [notation::Symbol::Tile(t, _)] => Ok(*t),
        _ => Err(context_error(
            "win_tile",
            format!("'{win_tile}' is not one tile"),
        )),
    }
}

/// A 四槓胡 (`win="four_kongs"`): `hand` holds the tiles besides the four kongs (the hand is
/// not complete, so the winning tile, the fourth kong's, is not added); the core checks them.
fn four_kongs_score(
    hand: &Bound<'_, PyAny>,
    win_tile: &str,
    melds: Option<&Bound<'_, PyAny>>,
    ctx: &Context,
    v: &PyVariant,
    why_not: bool,
) -> PyResult<Score> {
    let tiles = convert::tiles(hand, "hand")?;
    let win = one_tile(win_tile)?;
    let melds = convert::melds(melds)?;
    let mut ctx = ctx.clone();
    if ctx.flowers == 0 {
        ctx.flowers = tiles.flowers;
    }
    Ok(
        scoring::score(&tiles.counts, &melds, win, &ctx, &v.0, why_not)
            .map_err(|e| CoreError(e.at("hand")))?,
    )
}

fn context_or_default(context: Option<&PyContext>) -> Context {
    context.map_or_else(|| Context::new(0, WinKind::SelfDraw), |c| c.0.clone())
}

fn variant_or_default(variant: Option<&PyVariant>) -> PyVariant {
    variant
        .cloned()
        .unwrap_or_else(|| PyVariant(scoring::Variant::taiwan()))
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
    let v = variant_or_default(variant.as_deref());
    let ctx = context_or_default(context.as_deref());
    if ctx.win == WinKind::FourKongs {
        let s = four_kongs_score(hand, win_tile, melds, &ctx, &v, why_not)?;
        return to_py(py, &s, &v, 0);
    }
    let (h, win) = winning_hand(hand, win_tile, melds, v.0.hand_size)?;
    // A reading of the hand that fails (not a complete hand) is about `hand`.
    let s =
        scoring::score_hand(&h, win, &ctx, &v.0, why_not).map_err(|e| CoreError(e.at("hand")))?;
    to_py(py, &s, &v, 0)
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
    let win = match (kind, robbed) {
        ("eight_immortals", _) => FlowerWin::EightImmortals,
        ("seven_rob_one", Some(r)) => FlowerWin::SevenRobOne { robbed: r },
        ("seven_rob_one", None) => {
            return Err(context_error("robbed", "seven_rob_one needs robbed"))
        }
        (other, _) => {
            return Err(context_error(
                "kind",
                format!("unknown flower win '{other}' (expected eight_immortals or seven_rob_one)"),
            ))
        }
    };
    let v = variant_or_default(variant.as_deref());
    let s = scoring::score_flower(win, &context.0, &v.0, with_dice).map_err(CoreError)?;
    to_py(py, &s, &v, 0)
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
    // One hand has one size: variants that read hands of different sizes (004 13 張版 and the
    // 16-tile game) cannot score it together.
    let size = variants.first().map_or(16, |v| v.0.hand_size);
    if let Some((i, other)) = (0..).zip(&variants).find(|(_, v)| v.0.hand_size != size) {
        return Err(CoreError(twmj_core::Error::Variant {
            key: "hand_size".to_owned(),
            message: format!(
                "variant {i} reads {}-tile hands and variant 0 {size}-tile ones: one hand \
                 cannot be both",
                other.0.hand_size
            ),
        })
        .into());
    }
    let mut ctx = context_or_default(context.as_deref());
    // A 四槓胡 hand is not complete: its tiles are scored as given, as `score` does.
    let (concealed, melds, win) = if ctx.win == WinKind::FourKongs {
        let tiles = convert::tiles(hand, "hand")?;
        if ctx.flowers == 0 {
            ctx.flowers = tiles.flowers;
        }
        (tiles.counts, convert::melds(melds)?, one_tile(win_tile)?)
    } else {
        let (h, win) = winning_hand(hand, win_tile, melds, size)?;
        (h.concealed, h.melds, win)
    };
    let vs: Vec<scoring::Variant> = variants.iter().map(|v| v.0.clone()).collect();
    let c = scoring::compare(&concealed, &melds, win, &ctx, &vs, why_not)
        .map_err(|e| CoreError(e.at("hand")))?;
    let scores = c
        .scores
        .iter()
        .zip(&variants)
        .map(|(s, v)| to_py(py, s, v, 0))
        .collect::<PyResult<_>>()?;
    // The name the first variant counting the item gives it (improved16's 圈風刻, hk16's 合風 …).
    let differing = c
        .differing
        .into_iter()
        .map(|(i, row)| {
            let by = row.iter().position(|&t| t > 0).unwrap_or(0);
            let name = vs.get(by).map_or(i.name(), |v| v.name_of(i));
            (i.key(), name, row)
        })
        .collect();
    Ok((scores, differing))
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
    let rule = variant.map_or(MultiWin::NearestOfTwo, |v| v.0.multi_win);
    // Any seat number goes to the core, which names one that does not exist.
    let discarder = context_seat("discarder", &discarder, |_| true)?;
    let able = able
        .iter()
        .map(|s| context_seat("able", s, |_| true))
        .collect::<PyResult<Vec<Seat>>>()?;
    // Seats as ints: a Vec<u8> would reach Python as bytes.
    let seats = scoring::winning_seats(discarder, &able, rule).map_err(CoreError)?;
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
    let v = variant_or_default(variant);
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
    let st = scoring::false_win(offender, tai, &v.0).map_err(CoreError)?;
    st.lines
        .iter()
        .map(|l| Py::new(py, PyPayment::of(l, 0)))
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
    let size = variant
        .as_ref()
        .map_or(twmj_core::TAIWAN.hand_size, |v| v.0.hand_size);
    let h = convert::hand(hand, melds, Form::Waiting, size)?;
    let mut ctx = context_or_default(context.as_deref());
    if ctx.flowers == 0 {
        ctx.flowers = h.flowers;
    }
    let v = variant_or_default(variant.as_deref());
    let values = scoring::wait_values(&h.concealed, &h.melds, &ctx, &v.0).map_err(CoreError)?;
    values
        .iter()
        .map(|w| {
            Ok(PyWaitValue {
                tile: w.tile.code(),
                single_wait: w.single_wait,
                on_discard: Py::new(py, to_py(py, &w.on_discard, &v, 0)?)?,
                on_self_draw: Py::new(py, to_py(py, &w.on_self_draw, &v, 0)?)?,
            })
        })
        .collect()
}
