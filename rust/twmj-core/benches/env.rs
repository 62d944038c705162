//! Play at scale (issue 15): one seat's observation, and full hands with first-legal and
//! efficiency bots (targets: ≤ 500 ns a seat; ≥ 25,000 first-legal hands a second a core).

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use twmj_core::game::{legal_actions, observe_into, Bot, SplitMix64, State, ACTION_COUNT, OBS_LEN};
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

criterion_group!(benches, observe, hands);
criterion_main!(benches);
