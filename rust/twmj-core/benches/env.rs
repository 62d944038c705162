//! Play at scale (issue 15): one seat's observation, and full hands with first-legal and
//! efficiency bots (targets: ≤ 500 ns a seat; ≥ 25,000 first-legal hands a second a core).

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use twmj_core::game::{
    legal_actions, observe_into, vector, Bot, Reward, SplitMix64, State, ACTION_COUNT, OBS_LEN,
};
use twmj_core::scoring::Variant;

/// States at every decision of a few first-legal hands, to observe.
fn states() -> Vec<State> {
    let mut out = Vec::new();
    for seed in 0..8 {
        let mut st = State::from_seed(seed, &twmj_core::TAIWAN);
        while !st.is_over() {
            out.push(st.clone());
            let seat = st.pending().trailing_zeros() as u8;
            let a = legal_actions(&st, seat)[0];
            assert!(st.apply(seat, a).is_ok());
        }
    }
    out
}

fn observe(c: &mut Criterion) {
    let states = states();
    let mut obs = vec![0u8; OBS_LEN];
    let mut mask = vec![false; ACTION_COUNT];
    // Checked once: the acting seat's mask has a legal action.
    let s0 = states[0].pending().trailing_zeros() as u8;
    observe_into(&states[0], s0, &mut obs, &mut mask);
    assert!(mask.iter().any(|&b| b));
    let mut i = 0;
    c.bench_function("observe/seat", |b| {
        b.iter(|| {
            i = (i + 1) % states.len();
            let st = &states[i];
            observe_into(st, (i % 4) as u8, &mut obs, &mut mask);
            black_box(obs[0])
        });
    });
}

fn hands(c: &mut Criterion) {
    let v = Variant::taiwan();
    let mut seed = 0u64;
    for (name, bot) in [
        ("hand/first_legal", Bot::FirstLegal),
        ("hand/efficiency", Bot::Efficiency),
    ] {
        c.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                let mut st = State::from_seed(seed, &v);
                let mut rng = SplitMix64::new(seed);
                while !st.is_over() {
                    let seat = st.pending().trailing_zeros() as u8;
                    if bot.play(&mut st, seat, &mut rng).is_none() {
                        break;
                    }
                }
                black_box(st.discards_total())
            });
        });
    }
}

/// One agent-step of a 1024-table vector environment, each action drawn uniformly over the
/// acting seat's mask (the training loop's work without Python; issue 15 item 3).
fn vector_steps(c: &mut Criterion) {
    vector_steps_of(c, 1024);
    vector_steps_of(c, 64);
}

fn vector_steps_of(c: &mut Criterion, n: usize) {
    let v = Variant::taiwan();
    let Ok(mut slots) = vector::tables(n, 1, &v) else {
        unreachable!("a bench environment has tables")
    };
    let mut rows = vector::RowBuffers::new(n);
    // Hands over at the deal are settled as the tables start (and as they step).
    vector::start_all(&mut slots, Reward::Tai, rows.rows())
        .map_err(|e| e.to_string())
        .unwrap_or_else(|e| panic!("{e}"));
    let mut rng = SplitMix64::new(7);
    let mut actions = vec![0usize; n];
    let mut legal = Vec::with_capacity(ACTION_COUNT);
    let mut group = c.benchmark_group("vector");
    group.throughput(criterion::Throughput::Elements(n as u64));
    group.bench_function(format!("step/{n}_random"), |b| {
        b.iter(|| {
            for (i, a) in actions.iter_mut().enumerate() {
                legal.clear();
                legal.extend(
                    rows.mask_of(i)
                        .iter()
                        .enumerate()
                        .filter_map(|(k, &m)| m.then_some(k)),
                );
                #[allow(clippy::cast_possible_truncation)]
                let k = (rng.next_u64() % legal.len() as u64) as usize;
                *a = legal[k];
            }
            let r = vector::step_all(&mut slots, &actions, Reward::Tai, rows.rows());
            black_box(r.is_ok())
        });
    });
    group.finish();
}

criterion_group!(benches, observe, hands, vector_steps);
criterion_main!(benches);
