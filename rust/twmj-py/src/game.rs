//! `twmj.Game`, `twmj.replay`, `twmj.legal`, `twmj.simulate`: the game engine from Python.

use numpy::{IntoPyArray, PyArray1};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use twmj_core::game::report::{ReplayAnswer, ResultView, SeatDrawView, SummaryView};
use twmj_core::game::{
    self, legal_actions, read_seen_log, replay_record, seen_to_json, write_log, write_seen_log,
    Action, Deal, Match, Snapshot, State,
};
use twmj_core::notation;
use twmj_core::vocab::SEATS;
use twmj_py_macros::guarded;

use crate::convert::{self, Int};
use crate::errors::{action_error, context_error, PyResult};
use crate::meld::PyMeld;
use crate::score::PyScore;
use crate::variant::{rules_of, PyVariant};

/// A seat of the table from any Python int: out of range is a `ContextError` on `seat`.
pub(crate) fn seat_ok(seat: &Int) -> PyResult<u8> {
    Ok(seat.seat("seat", SEATS)?)
}

/// An action by name (str) or index (int).
pub(crate) fn action_of(obj: &Bound<'_, PyAny>) -> PyResult<Action> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Action::read(s.to_str()?)?);
    }
    if let Ok(i) = obj.extract::<Int>() {
        return Ok(Action::at(&i)?);
    }
    Err(action_error(
        "an action is its name (str) or its index (int)",
    ))
}

/// A deal's hands: one string per seat of the four (`''` for an empty seat under
/// `three_player` / `two_player`); another count is a `ContextError` on `hands`.
fn four_hands(hands: Vec<String>) -> PyResult<[String; SEATS as usize]> {
    let n = hands.len();
    hands.try_into().map_err(|_| {
        context_error(
            "hands",
            format!("{n} hands for {SEATS} seats: give one string per seat ('' for an empty seat)"),
            twmj_core::Code::WrongCount,
            &[
                ("what", &"手牌（一座一手，空座位給 ''）"),
                ("n", &n),
                ("want", &SEATS),
            ],
        )
    })
}

/// The three dice as the caller gave them; another count is a `ContextError` on `dice`.
fn three_dice(dice: Option<Vec<Int>>) -> PyResult<Option<[twmj_core::vocab::Int; 3]>> {
    dice.map(|d| {
        let n = d.len();
        let d: [Int; 3] = d.try_into().map_err(|_| {
            context_error(
                "dice",
                format!("{n} dice given; a deal rolls three"),
                twmj_core::Code::WrongCount,
                &[("what", &"骰子"), ("n", &n), ("want", &3)],
            )
        })?;
        Ok(d.map(Int::into_core))
    })
    .transpose()
}

fn names(actions: &[Action]) -> Vec<String> {
    actions.iter().map(|a| a.name()).collect()
}

fn mask<'py>(py: Python<'py>, actions: &[Action]) -> Bound<'py, PyArray1<bool>> {
    Action::mask(actions).to_vec().into_pyarray(py)
}

/// One hand of play from a seed or an explicit deal, under the taiwan rules or a given
/// variant (american: 換三張 first, 起胡 on every win); drive it with `apply`.
#[pyclass(name = "Game", module = "twmj")]
pub struct PyGame {
    state: State,
}

#[pymethods]
impl PyGame {
    /// A hand dealt from `seed` (deterministic: the same seed plays the same wall), under
    /// `variant` (default taiwan).
    #[new]
    #[pyo3(signature = (seed=Int::from(0), variant=None), text_signature = "(seed=0, variant=None)")]
    #[guarded]
    fn new(seed: Int, variant: Option<PyRef<'_, PyVariant>>) -> PyResult<Self> {
        let seed = seed.seed()?;
        Ok(PyGame {
            state: State::from_seed(seed, rules_of(variant.as_deref())),
        })
    }

    /// A hand from an explicit deal: each seat's tiles (flowers included; the dealer's 17),
    /// the live wall in draw order, and the replacement end in draw order; `dice` (default
    /// 1 1 1) decide 骰規台 and the 換三張 direction.
    #[staticmethod]
    #[pyo3(
        signature = (hands, live, dead, dealer=Int::from(0), variant=None, dice=None),
        text_signature = "(hands, live, dead, dealer=0, variant=None, dice=None)"
    )]
    #[guarded]
    fn from_deal(
        hands: Vec<String>,
        live: &str,
        dead: &str,
        dealer: Int,
        variant: Option<PyRef<'_, PyVariant>>,
        dice: Option<Vec<Int>>,
    ) -> PyResult<Self> {
        let hands = four_hands(hands)?;
        let dice = three_dice(dice)?;
        let h = [
            hands[0].as_str(),
            hands[1].as_str(),
            hands[2].as_str(),
            hands[3].as_str(),
        ];
        let dealer = dealer.seat("dealer", SEATS)?;
        let scripted = Deal::scripted_with_dice(dealer, h, live, dead, dice.as_ref())?;
        let state = State::from_deal(scripted, rules_of(variant.as_deref()));
        Ok(PyGame { state: state? })
    }

    /// The variant the hand is played under.
    #[getter]
    fn variant(&self) -> PyVariant {
        PyVariant(self.state.variant().clone())
    }

    /// Seated players: 4, or 3 / 2 under `three_player` / `two_player` (seats `0..seats`).
    #[getter]
    fn seats(&self) -> u8 {
        self.state.seats()
    }

    /// 連莊 count of the hand's dealer (set by `Match`).
    #[getter]
    fn streak(&self) -> u8 {
        self.state.rules().streak
    }

    /// 圈風 of the hand: 0 = 東 … 3 = 北.
    #[getter]
    fn round_wind(&self) -> u8 {
        self.state.rules().round_wind
    }

    /// Seats whose decision it is, in seat order (empty when the hand is over).
    #[getter]
    fn pending(&self) -> Vec<u32> {
        // Seats as ints: a Vec<u8> would reach Python as bytes.
        let p = self.state.pending();
        (0..4).filter(|s| p >> s & 1 == 1).collect()
    }

    /// `turn`, `offer`, `exchange` (american 換三張), `opening` (起手 十三不搭, improved16) or
    /// `over`.
    #[getter]
    fn phase(&self) -> &'static str {
        self.state.phase().key()
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.state.is_over()
    }

    #[getter]
    fn dealer(&self) -> u8 {
        self.state.dealer()
    }

    /// The seat sitting 東 (門風 follows from it).
    #[getter]
    fn east(&self) -> u8 {
        self.state.east()
    }

    /// Where the dice broke the wall under `dealing = "wall"` (001 起莊、發牌): `{roller, total,
    /// wall, kept}`, else `None`.
    #[getter]
    #[guarded]
    fn wall_break<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.state
            .wall_break()
            .map(|b| convert::to_py(py, &b))
            .transpose()
    }

    #[getter]
    fn dice(&self) -> [u32; 3] {
        self.state.dice().map(u32::from)
    }

    /// Tiles that may still be drawn (the wall minus the 16 kept back).
    #[getter]
    fn drawable(&self) -> usize {
        self.state.drawable()
    }

    /// A seat's concealed tiles in notation (only for a referee: see `record_for`).
    #[guarded]
    fn hand(&self, seat: Int) -> PyResult<String> {
        let p = self.state.player(seat_ok(&seat)?);
        Ok(notation::format(&p.concealed, p.flowers))
    }

    /// A seat's melds.
    #[guarded]
    fn melds(&self, seat: Int) -> PyResult<Vec<PyMeld>> {
        Ok(self
            .state
            .player(seat_ok(&seat)?)
            .melds
            .iter()
            .map(|&m| PyMeld(m))
            .collect())
    }

    /// The legal actions of `seat` now, by name (empty when it is not the seat's decision).
    #[guarded]
    fn legal_actions(&self, seat: Int) -> PyResult<Vec<String>> {
        Ok(names(&legal_actions(&self.state, seat_ok(&seat)?)))
    }

    /// The legal actions of `seat` as a boolean mask over the 186-action space.
    #[guarded]
    fn legal_mask<'py>(&self, py: Python<'py>, seat: Int) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let m = game::legal_mask(&self.state, seat_ok(&seat)?);
        Ok(m.to_vec().into_pyarray(py))
    }

    /// `seat`'s observation, `uint8[OBS_LEN]` laid out as docs/observation.md (what the seat
    /// may know, nothing more), and its legal mask `bool[186]`.
    #[guarded]
    fn observe<'py>(&self, py: Python<'py>, seat: Int) -> PyResult<crate::env::Observed<'py>> {
        Ok(crate::env::observation(py, &self.state, seat_ok(&seat)?))
    }

    /// The action index the bot `name` (`twmj.bots.NAMES`) takes for `seat` now, or `None`
    /// when the seat has no decision; `seed` feeds the random bot's choice.
    #[pyo3(
        signature = (name, seat, seed=Int::from(0)),
        text_signature = "($self, name, seat, seed=0)"
    )]
    #[guarded]
    fn bot_action(&self, name: &str, seat: Int, seed: Int) -> PyResult<Option<usize>> {
        crate::env::bot_action(&self.state, seat_ok(&seat)?, name, &seed)
    }

    /// Each legal action of `seat` now (or `actions`, names or indices) evaluated from what
    /// the seat sees: `samples` determinized samples of the hidden tiles, every action played
    /// out on each by `rollout` bots and settled in net tai (common random numbers). Returns
    /// `{"seat", "samples", "best", "estimates": [{"action", "mean", "se", "loss",
    /// "loss_se"}]}`; the same for the same seed on any number of threads (the samples run
    /// in parallel with the GIL released).
    #[pyo3(
        signature = (seat, samples=Int::from(twmj_core::game::search::DEFAULT_SAMPLES as i64), seed=Int::from(0), actions=None, rollout="value"),
        text_signature = "($self, seat, samples=48, seed=0, actions=None, rollout='value')"
    )]
    #[guarded]
    fn evaluate<'py>(
        &self,
        py: Python<'py>,
        seat: Int,
        samples: Int,
        seed: Int,
        actions: Option<Vec<Bound<'py, PyAny>>>,
        rollout: &str,
    ) -> PyResult<Bound<'py, PyDict>> {
        let seat = seat_ok(&seat)?;
        crate::search::evaluate_game(py, &self.state, seat, samples, seed, actions, rollout)
    }

    /// Each seat's net for the finished hand in `tai` or `money` (zeros for a plain draw);
    /// `None` before the end.
    #[pyo3(signature = (reward="tai"))]
    #[guarded]
    fn reward(&self, reward: &str) -> PyResult<Option<[i64; 4]>> {
        let kind = twmj_core::game::Reward::parse(reward)?;
        if !self.state.is_over() {
            return Ok(None);
        }
        Ok(Some(twmj_core::game::hand_reward(&self.state, kind)?))
    }

    /// Each seat's net in `tai` or `money` of the flower win paid on the spot so far this hand
    /// while play goes on (`flower_win.play_on`, issue #30: 當場收分); zeros when none was paid
    /// and once the hand is over (`reward()` then holds it). The environments reward it at
    /// the step that paid it.
    #[pyo3(signature = (reward="tai"))]
    #[guarded]
    fn paid_reward(&self, reward: &str) -> PyResult<[i64; 4]> {
        let kind = twmj_core::game::Reward::parse(reward)?;
        Ok(twmj_core::game::paid_reward(&self.state, kind)?)
    }

    /// Takes `action` (name or index) for `seat`; an illegal one raises `IllegalActionError`
    /// naming the rule it breaks, and leaves the game unchanged.
    #[guarded]
    fn apply(&mut self, seat: Int, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = action_of(action)?;
        self.state.apply(seat_ok(&seat)?, a)?;
        Ok(())
    }

    /// The record so far: one JSON event per line (docs/log-format.md); `twmj.replay` reads it.
    fn record(&self) -> String {
        write_log(self.state.log())
    }

    /// The record as `seat` saw it: other seats' concealed tiles and draws hidden
    /// (docs/log-format.md §8; the core's `read_seen_log` reads it back).
    #[guarded]
    fn record_for(&self, seat: Int) -> PyResult<String> {
        Ok(write_seen_log(self.state.log(), seat_ok(&seat)?))
    }

    /// The outcome once over: `{"draw": bool, "wins": [{seat, kind, from, tile, hand, melds,
    /// flowers, discards, shown, declaration, first_turn, replacement, last_tile}],
    /// "draw_reason": str | None, "false_win": {seat, tai, ready} | None, "fees": [[payer,
    /// payee], …], "ankan_fees": [[owner, tile], …]}` (the core's `ResultView`, its fields
    /// documented there), each win's melds as `Meld` objects; `None` before the end.
    #[guarded]
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(r) = self.state.result() else {
            return Ok(None);
        };
        let d = convert::to_py(py, &ResultView::of(r))?;
        // The melds as the Meld objects every other call returns (the view has their text).
        for (w, x) in r.wins.iter().zip(d.get_item("wins")?.try_iter()?) {
            let melds: Vec<PyMeld> = w.melds.iter().map(|&m| PyMeld(m)).collect();
            x?.set_item("melds", melds)?;
        }
        Ok(Some(d))
    }

    /// Scores and settles the finished hand: one `Score` per 筆 and each seat's net in tai.
    /// By default the variant, 連莊 count and 圈風 are the game's own.
    #[pyo3(signature = (variant=None, streak=None, round_wind=None))]
    #[guarded]
    fn settle(
        &self,
        variant: Option<PyRef<'_, PyVariant>>,
        streak: Option<Int>,
        round_wind: Option<Int>,
    ) -> PyResult<(Vec<PyScore>, [i64; 4])> {
        let v = variant.as_deref().map(|v| &v.0);
        let s = self
            .state
            .settle(v, streak.as_deref(), round_wind.as_deref())?;
        let scores = s.bills.iter().map(PyScore::from).collect();
        Ok((scores, s.settlement.net_tai))
    }

    /// The replayed record's answer (`POST /v1/replay`, `twmj.data.replay_data`): the core's
    /// `ReplayAnswer` as JSON-ready data, `events` the record's event lines; once over, the
    /// hand settled as `settle(variant, streak, round_wind)` settles it.
    #[pyo3(signature = (events, variant=None, streak=None, round_wind=None))]
    #[guarded]
    fn replay_answer<'py>(
        &self,
        py: Python<'py>,
        events: usize,
        variant: Option<PyRef<'_, PyVariant>>,
        streak: Option<Int>,
        round_wind: Option<Int>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let settled = match self.state.result() {
            None => None,
            Some(_) => Some(self.state.settle(
                variant.as_deref().map(|v| &v.0),
                streak.as_deref(),
                round_wind.as_deref(),
            )?),
        };
        convert::to_py(py, &ReplayAnswer::of(&self.state, events, settled.as_ref()))
    }

    /// The flower win paid on the spot while play goes on (`flower_win.play_on`, issue #30:
    /// 當場收分，照常開始打牌), settled as it was paid: its `Score` and each seat's net in tai.
    /// Empty (no score, all zero) when none is pending; once the hand is over `settle()`
    /// holds it as its first 筆.
    #[guarded]
    fn settle_paid(&self) -> PyResult<(Vec<PyScore>, [i64; 4])> {
        let s = self.state.settle_paid()?;
        let scores = s.bills.iter().map(PyScore::from).collect();
        Ok((scores, s.settlement.net_tai))
    }
}

/// A match (一將): dealer rotation, 連莊 (at most 18), round winds 東南西北; each hand is a
/// `Game` under the match's variant.
#[pyclass(name = "Match", module = "twmj")]
pub struct PyMatch {
    series: Match,
}

#[pymethods]
impl PyMatch {
    #[new]
    #[pyo3(
        signature = (seed=Int::from(0), variant=None, first_dealer=Int::from(0)),
        text_signature = "(seed=0, variant=None, first_dealer=0)"
    )]
    #[guarded]
    fn new(seed: Int, variant: Option<PyRef<'_, PyVariant>>, first_dealer: Int) -> PyResult<Self> {
        Ok(PyMatch {
            series: Match::new(
                seed.seed()?,
                first_dealer.seat("first_dealer", SEATS)?,
                rules_of(variant.as_deref()),
            ),
        })
    }

    /// The next hand: its dealer, 連莊 count and 圈風 come from the match. With `hands` (and
    /// `live`, `dead`, `dice` as `Game.from_deal` takes them) the hand is dealt from that script
    /// by the match's dealer instead of the match's shuffle.
    #[pyo3(
        signature = (hands=None, live="", dead="", dice=None),
        text_signature = "($self, hands=None, live='', dead='', dice=None)"
    )]
    #[guarded]
    fn next_game(
        &mut self,
        hands: Option<Vec<String>>,
        live: &str,
        dead: &str,
        dice: Option<Vec<Int>>,
    ) -> PyResult<PyGame> {
        let dice = three_dice(dice)?;
        let script = match hands {
            Some(h) => {
                let h = four_hands(h)?;
                let h = [h[0].as_str(), h[1].as_str(), h[2].as_str(), h[3].as_str()];
                let dealer = self.series.dealer;
                Some(Deal::scripted_with_dice(
                    dealer,
                    h,
                    live,
                    dead,
                    dice.as_ref(),
                )?)
            }
            None => None,
        };
        let state = self.series.next_hand(script)?;
        Ok(PyGame { state })
    }

    /// Settles the finished `game` (the one `next_game` gave), adds it to the totals, moves
    /// the match on, and returns the hand's net tai per seat.
    #[guarded]
    fn finish(&mut self, game: PyRef<'_, PyGame>) -> PyResult<[i64; 4]> {
        Ok(self.series.finish_hand(&game.state)?)
    }

    /// True after the fourth round (北) ends.
    #[getter]
    fn over(&self) -> bool {
        self.series.over
    }

    /// Each seat's net tai over the hands finished so far.
    #[getter]
    fn totals(&self) -> [i64; 4] {
        self.series.totals
    }

    /// 1-based number of the next hand.
    #[getter]
    fn hand(&self) -> u32 {
        self.series.hand
    }

    /// Dealer of the next hand.
    #[getter]
    fn dealer(&self) -> u8 {
        self.series.dealer
    }

    /// 連莊 count of the next hand.
    #[getter]
    fn streak(&self) -> u8 {
        self.series.streak
    }

    /// 001 抽位 under `dealing = "wall"`: `{roller, dice, first, winds, seats}` (players
    /// numbered by their first seats; `winds[p]` the wind tile player p drew, 0 = 東; `seats[p]`
    /// where p sits; `first` the 東風位 and 假莊), else `None`.
    #[getter]
    #[guarded]
    fn seat_draw<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.series
            .seat_draw
            .map(|d| convert::to_py(py, &SeatDrawView::of(&d, self.series.seats())))
            .transpose()
    }

    /// 圈風 of the next hand: 0 = 東 … 3 = 北.
    #[getter]
    fn round_wind(&self) -> u8 {
        self.series.round_wind
    }

    #[getter]
    fn variant(&self) -> PyVariant {
        PyVariant(self.series.variant().clone())
    }
}

/// Rebuilds a game from its record, checking every move; a refusal is a `RecordError` naming
/// the first bad line (`line`, 1-based; `field` `record[line − 1]`).
#[pyfunction]
#[guarded]
pub fn replay(record: &str) -> PyResult<PyGame> {
    Ok(PyGame {
        state: replay_record(record)?,
    })
}

/// Reads a per-seat record (`Game.record_for`, or a full record) back as what the seat saw:
/// one dict per event, each the line as the core normalises it (other seats' tiles `?`, the
/// wall a count; docs/log-format.md §8). It cannot be replayed; a bad line raises `HandError`
/// naming it.
#[pyfunction]
#[guarded]
pub fn read_record_for<'py>(py: Python<'py>, record: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let events = read_seen_log(record)?;
    let loads = py.import("json")?.getattr("loads")?;
    events
        .iter()
        .map(|e| Ok(loads.call1((seen_to_json(e),))?))
        .collect()
}

/// The lines of a record that hold an event (blank ones left out), as every reader of records
/// counts them.
#[pyfunction]
pub fn record_lines(record: &str) -> Vec<&str> {
    game::record_lines(record).map(|(_, l)| l).collect()
}

/// Every action name, by index (the fixed action space of `legal_mask`).
#[pyfunction]
pub fn actions() -> Vec<String> {
    Action::names()
}

fn get<'py>(d: &Bound<'py, PyDict>, key: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
    Ok(d.get_item(key)?.filter(|v| !v.is_none()))
}

/// The fields the core reads a snapshot's JSON by, at each of its objects (`""` the snapshot
/// itself, `decision`, `decision.turn`, `decision.turn.after_call`, `decision.offer`): the
/// core's `Snapshot::json_fields`, which the service's request model is held to. `melds` and
/// `variant`, which `legal` reads itself, are not among them.
#[pyfunction]
pub fn snapshot_fields() -> Vec<(&'static str, Vec<&'static str>)> {
    Snapshot::json_fields()
}

/// The legal actions of one seat at a decision point described without a log (see the
/// `/v1/legal` schema): `(names, mask)`.
#[pyfunction]
#[guarded]
pub fn legal<'py>(
    py: Python<'py>,
    snapshot: &Bound<'py, PyDict>,
) -> PyResult<(Vec<String>, Bound<'py, PyArray1<bool>>)> {
    // The two Python objects the snapshot may hold; the rest is JSON the core reads.
    let melds = convert::melds_under(get(snapshot, "melds")?.as_ref(), Some("snapshot"))?;
    let variant: Option<PyRef<'_, PyVariant>> = get(snapshot, "variant")?
        .map(|v| {
            v.extract().map_err(|_| {
                context_error(
                    "snapshot.variant",
                    "variant must be a twmj.Variant",
                    twmj_core::Code::WrongType,
                    &[("field", &"variant"), ("want", &"一個 twmj.Variant")],
                )
            })
        })
        .transpose()?;
    let snap = Snapshot::from_json(
        &convert::json(snapshot.as_any()),
        melds,
        variant.as_deref().map(|v| &v.0),
    )?;
    // What the core finds wrong with the snapshot as a whole (a tile count) is `snapshot`'s.
    let acts = snap.legal_actions().map_err(|e| e.under("snapshot"))?;
    Ok((names(&acts), mask(py, &acts)))
}

/// Hands `simulate` plays between two checks for a signal (Ctrl-C): tens of milliseconds.
const SIMULATE_CHUNK: u32 = 1_000;

/// Self-plays `hands` hands from `seed` with the bot `bot` at every seat (default random
/// legal agents that always take a win; `twmj.bots.NAMES`) and summarises them: draws (and by
/// reason: 流局, 特殊流局), wins by kind, the tai of each 筆, actions taken. Hand i depends on
/// seed `seed + i` alone.
#[pyfunction]
#[pyo3(
    signature = (hands, seed=Int::from(0), variant=None, bot="random"),
    text_signature = "(hands, seed=0, variant=None, bot='random')"
)]
#[guarded]
pub fn simulate<'py>(
    py: Python<'py>,
    hands: Int,
    seed: Int,
    variant: Option<PyRef<'py, PyVariant>>,
    bot: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let bot = twmj_core::game::Bot::parse(bot)?;
    let hands = hands.count("hands")?;
    let seed = seed.seed()?;
    let v = rules_of(variant.as_deref());
    // In runs of SIMULATE_CHUNK hands with Python's signal handlers checked between them, so
    // Ctrl-C stops a long run (a `KeyboardInterrupt`); the runs add up to the whole
    // (`Summary::add`: hand i depends on seed + i alone).
    let mut s = py.detach(|| game::simulate(0, seed, v, bot))?;
    let mut done = 0u32;
    while done < hands {
        let n = (hands - done).min(SIMULATE_CHUNK);
        let first = seed.wrapping_add(u64::from(done));
        let part = py.detach(|| game::simulate(n, first, v, bot))?;
        s.add(&part);
        done += n;
        py.check_signals()?;
    }
    convert::to_py(py, &SummaryView::of(&s))
}
