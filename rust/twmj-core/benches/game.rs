//! Random-agent self-play, one full hand per iteration (PRODUCT target: ≥ 500 games/s per core).

use criterion::{criterion_group, criterion_main, Criterion};
use twmj_core::game::{legal_actions, SplitMix64, State};

fn play(seed: u64, rng: &mut SplitMix64) -> usize {
    let mut st = State::from_seed(seed, &twmj_core::TAIWAN);
    let mut steps = 0;
    while !st.is_over() {
        let seat = st.pending().trailing_zeros() as u8;
        let acts = legal_actions(&st, seat);
        if st.apply(seat, acts[rng.below(acts.len())]).is_err() {
            break;
        }
        steps += 1;
    }
    steps
}

fn selfplay(c: &mut Criterion) {
    let mut rng = SplitMix64::new(7);
    // Checked once before timing: a hand ends with a result.
    let mut st = State::from_seed(0, &twmj_core::TAIWAN);
    while !st.is_over() {
        let seat = st.pending().trailing_zeros() as u8;
        let a = legal_actions(&st, seat)[0];
        assert!(st.apply(seat, a).is_ok());
    }
    assert!(st.result().is_some());
    let mut seed = 0u64;
    c.bench_function("selfplay_random_hand", |b| {
        b.iter(|| {
            seed += 1;
            play(seed, &mut rng)
        });
    });
}

criterion_group!(benches, selfplay);
criterion_main!(benches);
