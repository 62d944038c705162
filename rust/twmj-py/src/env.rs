//! Play at scale: a seat's observation array, the bots, arena hands and the vector
//! environment (`twmj.VecEnv`), each a conversion around one core call.

use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;
use twmj_core::game::observe as layout;
use twmj_core::game::{
    arena_count, arena_hand, check_agents, duplicate_count, duplicate_hand, observe, vector, Bot,
    Played, Reward, Slot, SplitMix64, State, ACTION_COUNT, OBS_LEN,
};
use twmj_core::scoring::Variant;

use twmj_py_macros::guarded;

use crate::convert::Int;
use crate::errors::{context_error, CoreError, PyResult};
use crate::variant::PyVariant;

fn variant_of(v: Option<PyRef<'_, PyVariant>>) -> Variant {
    v.map_or_else(Variant::taiwan, |v| v.0.clone())
}

fn seed_of(seed: &Int) -> PyResult<u64> {
    Ok(seed.seed()?)
}

/// An observation and its legal mask as numpy arrays.
pub type Observed<'py> = (Bound<'py, PyArray1<u8>>, Bound<'py, PyArray1<bool>>);

/// `seat`'s observation (`uint8[OBS_LEN]`, docs/observation.md) and legal mask
/// (`bool[186]`) in `state`.
pub fn observation<'py>(py: Python<'py>, state: &State, seat: u8) -> Observed<'py> {
    let (obs, mask) = observe(state, seat);
    (obs.into_pyarray(py), mask.into_pyarray(py))
}

/// The bot named `name`'s action for `seat` in `state` (an index into `twmj.ACTIONS`), or
/// `None` when the seat has no decision; `seed` feeds the random bot.
pub fn bot_action(state: &State, seat: u8, name: &str, seed: &Int) -> PyResult<Option<usize>> {
    let bot = Bot::parse_at(name, "name").map_err(CoreError)?;
    let mut rng = SplitMix64::new(seed_of(seed)?);
    Ok(bot
        .act(state, seat, &mut rng)
        .map(twmj_core::game::Action::index))
}

/// The observation layout: every field's offset within its block by name (`HAND`, `T_SEAT`,
/// …) and the sizes (`OBS_LEN`, `SEAT_LEN`, `RIVER`, `MELDS`), from the core's table.
#[pyfunction]
#[guarded]
pub fn observation_layout(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    for (k, v) in layout::layout() {
        d.set_item(k, v)?;
    }
    Ok(d)
}

/// One row of the layout's table: name, block (`obs`, `table`, `seat`), offset within the
/// block, shape, doc.
pub type FieldRow = (&'static str, &'static str, usize, Vec<usize>, &'static str);

/// The observation's fields as the core's table lists them (`docs/observation.md` is made
/// from it).
#[pyfunction]
pub fn observation_fields() -> Vec<FieldRow> {
    layout::FIELDS
        .iter()
        .map(|f| (f.name, f.block.key(), f.offset, f.shape.to_vec(), f.doc))
        .collect()
}

/// The bot names, in order.
#[pyfunction]
pub fn bots() -> Vec<&'static str> {
    Bot::ALL.iter().map(|b| b.name()).collect()
}

/// Plays hands `seed … seed + hands − 1` with `agents` (bot names, one per seated player),
/// rotating them: in the hand of seed `h` agent `j` sits at seat `(j + h) mod seats`. Returns per hand the
/// agent at each seat, each seat's net tai and money, the winning and dealing-in seats (bit
/// masks, 自摸 among the wins in `self_drawn`), the draws and the actions. The hands are
/// independent, so they run in parallel with the GIL released and any split of the seeds
/// gives the same rows. With `duplicate`, `hands` counts deals and each deal is played once
/// per seat: row `i × seats + t` is deal `seed + i` with agent `j` at seat `(j + t) mod seats`.
#[pyfunction]
#[pyo3(
    signature = (agents, hands, seed=Int::from(0), variant=None, duplicate=false),
    text_signature = "(agents, hands, seed=0, variant=None, duplicate=False)"
)]
#[guarded]
pub fn arena_hands<'py>(
    py: Python<'py>,
    agents: Vec<String>,
    hands: Int,
    seed: Int,
    variant: Option<PyRef<'py, PyVariant>>,
    duplicate: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let variant = variant_of(variant);
    let seats = usize::from(variant.seats());
    // Bounded before the rows are allocated.
    let deals = if duplicate {
        duplicate_count(&hands, seats).map_err(CoreError)?
    } else {
        arena_count(&hands).map_err(CoreError)?
    };
    let per = if duplicate { seats } else { 1 };
    let hands = deals * per;
    check_agents(&variant, agents.len()).map_err(CoreError)?;
    let bots: Vec<Bot> = agents
        .iter()
        .enumerate()
        .map(|(i, a)| Bot::parse_at(a, &format!("agents[{i}]")))
        .collect::<Result<_, _>>()
        .map_err(CoreError)?;
    let seed = seed_of(&seed)?;
    let rows: Vec<Result<([u8; 4], Played), twmj_core::Error>> = py.detach(|| {
        (0..hands)
            .into_par_iter()
            .map(|i| {
                if duplicate {
                    let deal = seed.wrapping_add((i / per) as u64);
                    duplicate_hand(deal, i % per, &variant, &bots)
                } else {
                    arena_hand(seed.wrapping_add(i as u64), &variant, &bots)
                }
            })
            .collect()
    });
    let mut agent = Vec::with_capacity(hands * 4);
    let mut tai = Vec::with_capacity(hands * 4);
    let mut money = Vec::with_capacity(hands * 4);
    let (mut won, mut dealt, mut draw, mut actions) = (vec![], vec![], vec![], vec![]);
    let mut self_drawn = Vec::with_capacity(hands);
    for r in rows {
        let (who, p) = r.map_err(CoreError)?;
        agent.extend(who.map(i16::from).map(|w| if w == 255 { -1 } else { w }));
        tai.extend(p.net_tai);
        money.extend(p.net_money);
        won.push(p.won);
        dealt.push(p.dealt_in);
        self_drawn.push(p.self_drawn);
        draw.push(p.draw);
        actions.push(p.actions);
    }
    let shape = |v: Vec<i64>| -> PyResult<Bound<'py, PyArray2<i64>>> {
        Ok(v.into_pyarray(py).reshape([hands, 4])?)
    };
    let d = PyDict::new(py);
    d.set_item("agent", agent.into_pyarray(py).reshape([hands, 4])?)?;
    d.set_item("net_tai", shape(tai)?)?;
    d.set_item("net_money", shape(money)?)?;
    d.set_item("won", won.into_pyarray(py))?;
    d.set_item("dealt_in", dealt.into_pyarray(py))?;
    d.set_item("self_drawn", self_drawn.into_pyarray(py))?;
    d.set_item("draw", draw.into_pyarray(py))?;
    d.set_item("actions", actions.into_pyarray(py))?;
    Ok(d)
}

/// `n` tables stepped together: `reset()` then `step(actions)` with one action index per
/// table; each returns the same preallocated arrays (`obs` uint8 `n×OBS_LEN`, `mask` bool
/// `n×186`, `seat` uint8 `n`, and from `step` `reward` float32 `n×4` by seat, `done` bool
/// `n`), overwritten in place. A finished hand pays every seat at once and the table deals
/// its next hand (table `i` plays seeds `seed + i`, `seed + i + n`, …); a hand over at the
/// deal (天胡, an opening flower win) is settled at once into the same row and the next
/// dealt, `settled[i]` counting the hands a call settled at table `i`. Tables are stepped
/// with the GIL released, over every core by default, or by `threads` threads of the
/// environment's own (1: the calling thread alone). One environment is driven by one thread
/// at a time: a call while another thread's runs raises `ContextError` (field `env`).
#[pyclass(name = "VecEnv", module = "twmj")]
pub struct PyVecEnv {
    slots: Vec<Slot>,
    stepper: Stepper,
    reward: Reward,
    rows: RowArrays,
    seed: u64,
    variant: Variant,
}

/// The environment's rows ([`vector::Rows`]) as the numpy arrays it returns, allocated once
/// and overwritten by every call.
struct RowArrays {
    obs: Py<PyArray2<u8>>,
    mask: Py<PyArray2<bool>>,
    seat: Py<PyArray1<u8>>,
    rewards: Py<PyArray2<f32>>,
    done: Py<PyArray1<bool>>,
    settled: Py<PyArray1<u32>>,
}

impl RowArrays {
    /// Zeroed arrays for `n` tables.
    fn new(py: Python<'_>, n: usize) -> RowArrays {
        RowArrays {
            obs: PyArray2::zeros(py, [n, OBS_LEN], false).unbind(),
            mask: PyArray2::zeros(py, [n, ACTION_COUNT], false).unbind(),
            seat: PyArray1::zeros(py, n, false).unbind(),
            rewards: PyArray2::zeros(py, [n, 4], false).unbind(),
            done: PyArray1::zeros(py, n, false).unbind(),
            settled: PyArray1::zeros(py, n, false).unbind(),
        }
    }

    /// Runs `run` with the arrays' memory lent as [`vector::Rows`] (it may release the GIL).
    fn lend<T>(
        &self,
        py: Python<'_>,
        run: impl FnOnce(vector::Rows<'_>) -> Result<T, twmj_core::Error>,
    ) -> PyResult<T> {
        let (mut obs, mut mask, mut seat, mut rewards, mut done, mut settled) = (
            self.obs.bind(py).readwrite(),
            self.mask.bind(py).readwrite(),
            self.seat.bind(py).readwrite(),
            self.rewards.bind(py).readwrite(),
            self.done.bind(py).readwrite(),
            self.settled.bind(py).readwrite(),
        );
        let rows = vector::Rows {
            obs: obs.as_slice_mut()?,
            mask: mask.as_slice_mut()?,
            reward: rewards.as_slice_mut()?,
            seats: seat.as_slice_mut()?,
            done: done.as_slice_mut()?,
            settled: settled.as_slice_mut()?,
        };
        Ok(run(rows).map_err(CoreError)?)
    }

    /// `(obs, mask, seat)`, what `reset` returns.
    fn observed<'py>(&self, py: Python<'py>) -> Arrays<'py> {
        (
            self.obs.bind(py).clone(),
            self.mask.bind(py).clone(),
            self.seat.bind(py).clone(),
        )
    }
}

/// Another thread is inside this environment's `reset` or `step` (the GIL is released while
/// the tables step).
fn busy() -> crate::errors::Failure {
    context_error(
        "env",
        "another thread is stepping or resetting this VecEnv; drive one environment from one \
         thread at a time (give each thread its own VecEnv)",
        twmj_core::Code::EnvBusy,
        &[],
    )
}

type Arrays<'py> = (
    Bound<'py, PyArray2<u8>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray1<u8>>,
);

/// Tables handed to one thread at a time: few enough chunks that splitting costs little.
const CHUNK: usize = 64;

/// [`vector::step_all`] over runs of `CHUNK` tables ([`vector::Rows::chunks`]) on the
/// current Rayon pool.
fn step_parallel(
    slots: &mut [Slot],
    acts: &[usize],
    kind: Reward,
    rows: vector::Rows<'_>,
) -> Result<(), twmj_core::Error> {
    slots
        .par_chunks_mut(CHUNK)
        .zip(acts.par_chunks(CHUNK))
        .zip(rows.chunks(CHUNK))
        .try_for_each(|((sl, a), rows)| vector::step_all(sl, a, kind, rows))
}

/// Who steps the tables. Several environments each driven from its own Python thread (a
/// policy overlapping its sampling with stepping) want `Inline`: the global pool's workers
/// would be shared by every environment and spin between calls while the policy samples.
enum Stepper {
    /// Rayon's global pool: every core.
    Global,
    /// The calling thread, with the GIL released.
    Inline,
    /// A pool of the environment's own.
    Pool(rayon::ThreadPool),
}

impl Stepper {
    fn new(threads: Option<&Int>) -> PyResult<Stepper> {
        let threads = threads
            .map(|t| {
                t.to::<usize>()
                    .filter(|k| (1..=vector::MAX_THREADS).contains(k))
                    .ok_or_else(|| {
                        context_error(
                            "threads",
                            format!(
                                "threads must be 1 to {} (or None for every core), not {}",
                                vector::MAX_THREADS,
                                **t
                            ),
                            twmj_core::Code::OverLimit,
                            &[
                                ("what", &"執行緒數（MAX_THREADS）"),
                                ("min", &1),
                                ("max", &vector::MAX_THREADS),
                                ("n", &**t),
                            ],
                        )
                    })
            })
            .transpose()?;
        match threads {
            None => Ok(Stepper::Global),
            Some(1) => Ok(Stepper::Inline),
            Some(k) => rayon::ThreadPoolBuilder::new()
                .num_threads(k)
                .build()
                .map(Stepper::Pool)
                .map_err(|e| {
                    context_error(
                        "threads",
                        format!("cannot start {k} threads: {e}"),
                        twmj_core::Code::ThreadsUnavailable,
                        &[("n", &k)],
                    )
                }),
        }
    }
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(
        signature = (n, seed=Int::from(0), variant=None, reward="tai", threads=None),
        text_signature = "(n, seed=0, variant=None, reward='tai', threads=None)"
    )]
    #[guarded]
    fn new(
        py: Python<'_>,
        n: Int,
        seed: Int,
        variant: Option<PyRef<'_, PyVariant>>,
        reward: &str,
        threads: Option<Int>,
    ) -> PyResult<Self> {
        // Every argument checked before the tables and arrays are allocated.
        let n = vector::table_count(&n).map_err(CoreError)?;
        let seed = seed_of(&seed)?;
        let reward = Reward::parse(reward).map_err(CoreError)?;
        let stepper = Stepper::new(threads.as_ref())?;
        let variant = variant_of(variant);
        Ok(PyVecEnv {
            slots: vector::tables(n, seed, &variant).map_err(CoreError)?,
            stepper,
            reward,
            rows: RowArrays::new(py, n),
            seed,
            variant,
        })
    }

    /// Tables.
    #[guarded]
    fn __len__(slf: &Bound<'_, Self>) -> PyResult<usize> {
        Ok(slf.try_borrow().map_err(|_| busy())?.slots.len())
    }

    /// Deals every table afresh from the seed; returns `(obs, mask, seat)`. A hand over at
    /// the deal is settled as `step` settles one: its payout in `reward`, `done` and
    /// `settled` (read them after the reset; zeros and false where none was).
    #[guarded]
    fn reset<'py>(slf: &Bound<'py, Self>) -> PyResult<Arrays<'py>> {
        let py = slf.py();
        let mut this = slf.try_borrow_mut().map_err(|_| busy())?;
        let this = &mut *this;
        let n = this.slots.len();
        this.slots = vector::tables(n, this.seed, &this.variant).map_err(CoreError)?;
        let kind = this.reward;
        let slots = &mut this.slots;
        this.rows.lend(py, |rows| {
            py.detach(|| vector::start_all(slots, kind, rows))
        })?;
        Ok(this.rows.observed(py))
    }

    /// Steps every table with `actions[i]` (an index its mask allows; checked for every table
    /// before any moves); returns `(obs, mask, seat, reward, done)`.
    #[allow(clippy::type_complexity)]
    #[guarded]
    fn step<'py>(
        slf: &Bound<'py, Self>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<(
        Bound<'py, PyArray2<u8>>,
        Bound<'py, PyArray2<bool>>,
        Bound<'py, PyArray1<u8>>,
        Bound<'py, PyArray2<f32>>,
        Bound<'py, PyArray1<bool>>,
    )> {
        let py = slf.py();
        let mut this = slf.try_borrow_mut().map_err(|_| busy())?;
        let this = &mut *this;
        let given: Vec<i64> = actions.as_array().iter().copied().collect();
        let acts = vector::checked_actions(&this.slots, &given).map_err(CoreError)?;
        let (kind, stepper, slots) = (this.reward, &this.stepper, &mut this.slots);
        this.rows.lend(py, |rows| {
            py.detach(|| match stepper {
                Stepper::Global => step_parallel(slots, &acts, kind, rows),
                Stepper::Pool(pool) => pool.install(|| step_parallel(slots, &acts, kind, rows)),
                Stepper::Inline => vector::step_all(slots, &acts, kind, rows),
            })
        })?;
        let (obs, mask, seat) = this.rows.observed(py);
        let rows = &this.rows;
        Ok((
            obs,
            mask,
            seat,
            rows.rewards.bind(py).clone(),
            rows.done.bind(py).clone(),
        ))
    }

    /// Hands finished so far, all tables together (those over at the deal included).
    #[getter]
    #[guarded]
    fn hands(slf: &Bound<'_, Self>) -> PyResult<u64> {
        let this = slf.try_borrow().map_err(|_| busy())?;
        Ok(this.slots.iter().map(Slot::hands).sum())
    }

    /// The reward array (float32 `n×4`) as the last `reset` or `step` wrote it: each seat's
    /// net for the hands that call settled at each table.
    #[getter]
    #[guarded]
    fn reward<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let this = slf.try_borrow().map_err(|_| busy())?;
        Ok(this.rows.rewards.bind(slf.py()).clone())
    }

    /// The done array (bool `n`) as the last `reset` or `step` wrote it: `step`'s hand ended
    /// (or, after `reset`, a hand over at the deal was settled).
    #[getter]
    #[guarded]
    fn done<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let this = slf.try_borrow().map_err(|_| busy())?;
        Ok(this.rows.done.bind(slf.py()).clone())
    }

    /// Hands the last `reset` or `step` settled at each table (uint32 `n`): `step`'s hand
    /// that ended and every hand over at the deal after it; more than `done` shows where a
    /// hand ended before anyone acted.
    #[getter]
    #[guarded]
    fn settled<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyArray1<u32>>> {
        let this = slf.try_borrow().map_err(|_| busy())?;
        Ok(this.rows.settled.bind(slf.py()).clone())
    }
}
