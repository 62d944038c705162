//! `twmj.score`, `twmj.compare` and their results: `Context`, `Score`, `TaiItem`, `Payment`.

use pyo3::prelude::*;
use twmj_core::scoring::{self, Claim, Context, ContextArgs, ScoreAnswer, Scored, Seat};
use twmj_core::vocab::SEATS;
use twmj_core::{Variant, TAIWAN};
use twmj_py_macros::guarded;

use crate::convert::{self, Int};
use crate::errors::PyResult;
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

#[pymethods]
impl PyContext {
    /// The core reads the arguments ([`ContextArgs::read`]): its defaults, ranges and errors.
    #[new]
    #[pyo3(
        signature = (
            *, winner=None, dealer=None, streak=None, seat_wind=None, round_wind=None, win=None,
            from_seat=None, last_tile=false, declared=None, first_turn=false, flowers=None,
            dice=None, discards=None, shown=None, first_eight=false
        ),
        text_signature = "(*, winner=0, dealer=0, streak=0, seat_wind=\"E\", round_wind=\"E\", \
                          win=\"self_draw\", from_seat=None, last_tile=False, declared=None, \
                          first_turn=False, flowers=\"\", dice=None, discards=None, shown=None, \
                          first_eight=False)"
    )]
    #[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
    #[guarded]
    fn new(
        winner: Option<Int>,
        dealer: Option<Int>,
        streak: Option<Int>,
        seat_wind: Option<&str>,
        round_wind: Option<&str>,
        win: Option<&str>,
        from_seat: Option<Int>,
        last_tile: bool,
        declared: Option<&str>,
        first_turn: bool,
        flowers: Option<&str>,
        dice: Option<[Int; 3]>,
        discards: Option<Int>,
        shown: Option<Int>,
        first_eight: bool,
    ) -> PyResult<Self> {
        let args = ContextArgs {
            winner: winner.map(Int::into_core),
            dealer: dealer.map(Int::into_core),
            streak: streak.map(Int::into_core),
            seat_wind,
            round_wind,
            win,
            from_seat: from_seat.map(Int::into_core),
            last_tile,
            declared,
            first_turn,
            flowers,
            dice: dice.map(|d| d.map(Int::into_core)),
            discards: discards.map(Int::into_core),
            shown: shown.map(Int::into_core),
            first_eight,
        };
        Ok(PyContext(args.read()?))
    }

    #[getter]
    fn winner(&self) -> Seat {
        self.0.winner
    }

    #[getter]
    fn dealer(&self) -> Seat {
        self.0.dealer
    }

    #[getter]
    fn streak(&self) -> u8 {
        self.0.streak
    }

    /// The winner's 門風 by key (`E`): `Context()` gives the core's default.
    #[getter]
    fn seat_wind(&self) -> &'static str {
        self.0.seat_wind.key()
    }

    /// The 圈風 by key.
    #[getter]
    fn round_wind(&self) -> &'static str {
        self.0.round_wind.key()
    }

    /// How the tile came, by key (`self_draw`).
    #[getter]
    fn win(&self) -> &'static str {
        self.0.win.key()
    }

    fn __repr__(&self) -> String {
        let c = &self.0;
        let from = c
            .win
            .from_seat()
            .map_or_else(String::new, |f| format!(", from_seat={f}"));
        format!(
            "Context(winner={}, dealer={}, streak={}, seat_wind='{}', round_wind='{}', win='{}'{from})",
            c.winner,
            c.dealer,
            c.streak,
            c.seat_wind.key(),
            c.round_wind.key(),
            c.win.key(),
        )
    }
}

/// One counted tai item: its stable key, its name as the rule table writes it, its tai.
#[pyclass(name = "TaiItem", module = "twmj", frozen)]
#[derive(Clone)]
pub struct PyTaiItem(scoring::TaiItem);

#[pymethods]
impl PyTaiItem {
    #[getter]
    fn key(&self) -> &'static str {
        self.0.key
    }

    #[getter]
    fn name(&self) -> &str {
        &self.0.name
    }

    #[getter]
    fn tai(&self) -> u32 {
        self.0.tai
    }

    fn __repr__(&self) -> String {
        format!(
            "TaiItem('{}', '{}', {})",
            self.0.key, self.0.name, self.0.tai
        )
    }
}

/// An item checked and not counted, with the reason in English and in Chinese.
#[pyclass(name = "NotApplied", module = "twmj", frozen)]
#[derive(Clone)]
pub struct PyNotApplied(scoring::ItemNotApplied);

#[pymethods]
impl PyNotApplied {
    #[getter]
    fn key(&self) -> &'static str {
        self.0.key
    }

    #[getter]
    fn name(&self) -> &'static str {
        self.0.name
    }

    #[getter]
    fn reason(&self) -> &str {
        &self.0.reason
    }

    #[getter]
    fn reason_zh(&self) -> &str {
        &self.0.reason_zh
    }

    fn __repr__(&self) -> String {
        format!("NotApplied('{}', '{}')", self.0.key, self.0.reason)
    }
}

/// What one payer pays the winner for one 筆 (計分: 底 3 + tai, plus 莊家台 between the dealer
/// and the counterpart).
#[pyclass(name = "Payment", module = "twmj", frozen)]
#[derive(Clone)]
pub struct PyPayment(scoring::Line);

#[pymethods]
impl PyPayment {
    /// Which 筆 of the hand this line pays.
    #[getter]
    fn bill(&self) -> usize {
        self.0.bill
    }

    #[getter]
    fn payer(&self) -> Seat {
        self.0.payer
    }

    #[getter]
    fn payee(&self) -> Seat {
        self.0.payee
    }

    /// 底 in tai.
    #[getter]
    fn base_tai(&self) -> u32 {
        self.0.base_tai
    }

    #[getter]
    fn hand_tai(&self) -> u32 {
        self.0.hand_tai
    }

    /// 莊家台 on this line (only between the dealer and the counterpart).
    #[getter]
    fn dealer_tai(&self) -> u32 {
        self.0.dealer_tai
    }

    #[getter]
    fn total_tai(&self) -> u32 {
        self.0.total_tai
    }

    /// What base + hand + dealer tai is multiplied by (1; 中庸全統制 × 2 or × 3; × 2 on a
    /// doubled 筆).
    #[getter]
    fn multiple(&self) -> u32 {
        self.0.multiple
    }

    #[getter]
    fn money(&self) -> u64 {
        self.0.money
    }

    fn __repr__(&self) -> String {
        let l = &self.0;
        format!(
            "Payment(payer={}, payee={}, total_tai={}, money={})",
            l.payer, l.payee, l.total_tai, l.money
        )
    }
}

/// A scored win: total tai, the items, the decomposition used, and the settlement. The core's
/// answer ([`scoring::ScoreAnswer`]) held whole: each attribute reads one of its fields, and
/// `as_dict()` is that answer as JSON-ready data (what `twmj.data.score_data` returns).
#[pyclass(name = "Score", module = "twmj", frozen)]
#[derive(Clone)]
pub struct PyScore(ScoreAnswer);

fn items(items: &[scoring::TaiItem]) -> Vec<PyTaiItem> {
    items.iter().cloned().map(PyTaiItem).collect()
}

#[pymethods]
impl PyScore {
    /// The preset the variant started from.
    #[getter]
    fn variant(&self) -> &'static str {
        self.0.variant
    }

    /// Overrides on top of the preset, as `(key, value)` text.
    #[getter]
    fn overrides(&self) -> Vec<(String, String)> {
        self.0.overrides.clone()
    }

    /// The hand's tai (without 莊家台, which depends on the payer).
    #[getter]
    fn total_tai(&self) -> u32 {
        self.0.total_tai
    }

    #[getter]
    fn items(&self) -> Vec<PyTaiItem> {
        items(&self.0.items)
    }

    /// 莊家 and 連莊拉莊 items, counted only on lines between the dealer and the counterpart.
    #[getter]
    fn dealer_items(&self) -> Vec<PyTaiItem> {
        items(&self.0.dealer_items)
    }

    /// 莊家台 = 1 + 2N.
    #[getter]
    fn dealer_tai(&self) -> u32 {
        self.0.dealer_tai
    }

    /// The concealed part as split for the score (`123m`, `555p`, `11z`).
    #[getter]
    fn decomposition(&self) -> Vec<String> {
        self.0.decomposition.clone()
    }

    #[getter]
    fn melds(&self) -> Vec<PyMeld> {
        self.0.melds.iter().map(|m| PyMeld(m.0)).collect()
    }

    /// The winning tile's shape in that split (ryanmen, kanchan, penchan, tanki, shanpon).
    #[getter]
    fn win_shape(&self) -> Option<&'static str> {
        self.0.win_shape
    }

    /// Items checked and not counted (only when asked with `why_not=True`).
    #[getter]
    fn why_not(&self) -> Vec<PyNotApplied> {
        self.0.why_not.iter().cloned().map(PyNotApplied).collect()
    }

    /// One line per payer.
    #[getter]
    fn payments(&self) -> Vec<PyPayment> {
        self.0.payments.iter().copied().map(PyPayment).collect()
    }

    /// Each seat's net in tai (the four sum to 0).
    #[getter]
    fn net_tai(&self) -> [i64; 4] {
        self.0.net_tai
    }

    /// Each seat's net in money.
    #[getter]
    fn net_money(&self) -> [i64; 4] {
        self.0.net_money
    }

    /// The winner's seat.
    #[getter]
    fn winner(&self) -> Seat {
        self.0.winner
    }

    /// False when no payer's share reaches the variant's 起胡 threshold: the win is not
    /// allowed, and `payments` is empty.
    #[getter]
    fn allowed(&self) -> bool {
        self.0.allowed
    }

    /// The answer as JSON-ready data: the core's fields, nested answers as dicts.
    #[guarded]
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::to_py(py, &self.0)
    }

    fn __repr__(&self) -> String {
        format!(
            "Score(total_tai={}, decomposition={:?})",
            self.0.total_tai, self.0.decomposition
        )
    }
}

impl From<&Scored> for PyScore {
    fn from(scored: &Scored) -> Self {
        PyScore(ScoreAnswer::from(scored))
    }
}

/// The context given, or the core's default.
fn context_of(context: Option<&PyContext>) -> Context {
    context.map(|c| c.0.clone()).unwrap_or_default()
}

/// The win a call states: the hand read as notation (under `rules`) or counts, the melds, the
/// winning tile.
fn claim(
    hand: &Bound<'_, PyAny>,
    win_tile: &str,
    melds: Option<&Bound<'_, PyAny>>,
    context: Option<&PyContext>,
    why_not: bool,
    rules: &Variant,
) -> PyResult<Claim> {
    let tiles = convert::tiles(hand, "hand", rules)?;
    let melds = convert::melds(melds)?;
    Ok(Claim::hand(
        tiles,
        melds,
        win_tile,
        context_of(context),
        why_not,
    )?)
}

/// Scores a win (max tai over every decomposition) and settles it.
#[pyfunction]
#[pyo3(signature = (hand, win_tile, melds=None, context=None, variant=None, why_not=false))]
#[guarded]
pub fn score(
    hand: &Bound<'_, PyAny>,
    win_tile: &str,
    melds: Option<&Bound<'_, PyAny>>,
    context: Option<PyRef<'_, PyContext>>,
    variant: Option<PyRef<'_, PyVariant>>,
    why_not: bool,
) -> PyResult<PyScore> {
    let rules = rules_of(variant.as_deref());
    let c = claim(hand, win_tile, melds, context.as_deref(), why_not, rules)?;
    Ok((&c.score(rules)?).into())
}

/// Scores a flower win (`eight_flowers` 八仙過海, also read as its row's key `eight_immortals`,
/// or `seven_rob_one` 七搶一 with `robbed`) as its own 筆; the context must hold all 8 flowers,
/// and the variant must play flower wins (`flower_wins`; hk16 does not: `ContextError` at
/// `kind`).
#[pyfunction]
#[pyo3(signature = (kind, context, variant=None, robbed=None, with_dice=false))]
#[guarded]
pub fn score_flower(
    kind: &str,
    context: PyRef<'_, PyContext>,
    variant: Option<PyRef<'_, PyVariant>>,
    robbed: Option<Int>,
    with_dice: bool,
) -> PyResult<PyScore> {
    let c = Claim::flowers(kind, robbed.as_deref(), context.0.clone(), with_dice)?;
    Ok((&c.score(rules_of(variant.as_deref()))?).into())
}

/// One win scored under several variants: the scores in order, and the items whose tai
/// differ, as `(key, name, [tai per variant])`.
#[pyfunction]
#[pyo3(signature = (hand, win_tile, variants, melds=None, context=None, why_not=false))]
#[allow(clippy::type_complexity)]
#[guarded]
pub fn compare(
    hand: &Bound<'_, PyAny>,
    win_tile: &str,
    variants: Vec<PyRef<'_, PyVariant>>,
    melds: Option<&Bound<'_, PyAny>>,
    context: Option<PyRef<'_, PyContext>>,
    why_not: bool,
) -> PyResult<(Vec<PyScore>, Vec<(&'static str, &'static str, Vec<u32>)>)> {
    let vs: Vec<scoring::Variant> = variants.iter().map(|v| v.0.clone()).collect();
    // Each variant checks its own tile set when it scores.
    let c = claim(hand, win_tile, melds, context.as_deref(), why_not, &TAIWAN)?.compare(&vs)?;
    Ok((c.scores.iter().map(PyScore::from).collect(), c.differing))
}

/// The seats that win one discarded (or 加槓) tile, given the seats able to win it, by the
/// variant's `multi_win` (taiwan, 000 多家同時胡: one wins alone; of two, the first in turn order
/// from the discarder (攔胡); three all win (一砲三響)). Pass only claims that reach the
/// variant's 起胡 threshold (`Score.allowed`).
#[pyfunction]
#[pyo3(signature = (discarder, able, variant=None))]
#[guarded]
pub fn winners(discarder: Int, able: Vec<Int>, variant: Option<&PyVariant>) -> PyResult<Vec<u32>> {
    let discarder = discarder.seat("discarder", SEATS)?;
    let able = able
        .iter()
        .map(|s| s.seat("able", SEATS))
        .collect::<Result<Vec<Seat>, _>>()?;
    let seats = scoring::winning_seats(discarder, &able, rules_of(variant).multi_win)?;
    // Seats as ints: a Vec<u8> would reach Python as bytes.
    Ok(seats.into_iter().map(u32::from).collect())
}

/// 詐胡 (001 一家賠三家; 003 詐胡的罰則 通賠三家): the offender pays each other seat as if it had
/// won with `tai[seat]` tai (001: the false win's tai for all; 003: a ready seat's waiting tai).
#[pyfunction]
#[pyo3(signature = (offender, tai, variant=None))]
#[guarded]
pub fn false_win(
    offender: Int,
    tai: [Int; 4],
    variant: Option<&PyVariant>,
) -> PyResult<Vec<PyPayment>> {
    // The core names a seat the variant does not seat (three or two players).
    let offender = offender.seat("offender", SEATS)?;
    let [a, b, c, d] = &tai;
    let tai = [a.tai("tai")?, b.tai("tai")?, c.tai("tai")?, d.tai("tai")?];
    let st = scoring::false_win(offender, tai, rules_of(variant))?;
    Ok(st.lines.iter().copied().map(PyPayment).collect())
}

/// One wait of a ready hand with what winning on it is worth.
#[pyclass(name = "WaitValue", module = "twmj", frozen, get_all)]
pub struct PyWaitValue {
    /// The waited tile.
    tile: String,
    /// The win is 獨聽 (one wait, by edge, closed or pair).
    single_wait: bool,
    /// Won on a discard from the winner's 上家.
    on_discard: PyScore,
    /// Won by self-draw.
    on_self_draw: PyScore,
}

#[pymethods]
impl PyWaitValue {
    fn __repr__(&self) -> String {
        format!(
            "WaitValue(tile='{}', on_discard={}, on_self_draw={}, single_wait={})",
            self.tile,
            self.on_discard.0.total_tai,
            self.on_self_draw.0.total_tai,
            if self.single_wait { "True" } else { "False" }
        )
    }
}

/// Each wait of a ready 16 − 3k hand scored in `context`, as won on a discard and by self-draw.
#[pyfunction]
#[pyo3(signature = (hand, melds=None, context=None, variant=None))]
#[guarded]
pub fn wait_values(
    hand: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    context: Option<PyRef<'_, PyContext>>,
    variant: Option<PyRef<'_, PyVariant>>,
) -> PyResult<Vec<PyWaitValue>> {
    let rules = rules_of(variant.as_deref());
    let h = convert::hand(hand, melds, twmj_core::Form::Waiting, rules)?;
    let values = scoring::priced_waits(&h, &context_of(context.as_deref()), rules)?;
    Ok(values
        .iter()
        .map(|w| PyWaitValue {
            tile: w.tile.code(),
            single_wait: w.single_wait,
            on_discard: (&w.on_discard).into(),
            on_self_draw: (&w.on_self_draw).into(),
        })
        .collect())
}
