//! Random-agent self-play, one full hand per iteration (PRODUCT target: ≥ 500 games/s per core),
//! and the record of a played hand written and read (docs/log-format.md).

use criterion::{criterion_group, criterion_main, Criterion};
use twmj_core::game::{
    legal_actions, read_log, read_seen_log, write_log, write_seen_log, SplitMix64, State,
};

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

/// 32 random hands of every preset played out, for the record benchmarks.
fn played() -> Vec<State> {
    let mut rng = SplitMix64::new(3);
    let mut out = Vec::new();
    for p in twmj_core::scoring::PRESETS {
        let v = twmj_core::scoring::Variant::preset(p).unwrap_or_default();
        for seed in 0..32 {
            let mut st = State::from_seed(seed, &v);
            while !st.is_over() {
                let seat = st.pending().trailing_zeros() as u8;
                let acts = legal_actions(&st, seat);
                if st.apply(seat, acts[rng.below(acts.len())]).is_err() {
                    break;
                }
            }
            out.push(st);
        }
    }
    out
}

fn records(c: &mut Criterion) {
    let games = played();
    let texts: Vec<String> = games.iter().map(|g| write_log(g.log())).collect();
    let seen: Vec<String> = games.iter().map(|g| write_seen_log(g.log(), 1)).collect();
    // Checked once before timing: every record reads back to its log.
    for (g, t) in games.iter().zip(&texts) {
        assert!(read_log(t).is_ok_and(|l| l == g.log()));
    }
    let mut i = 0;
    c.bench_function("record_write_hand", |b| {
        b.iter(|| {
            i = (i + 1) % games.len();
            write_log(games[i].log())
        });
    });
    c.bench_function("record_write_seen_hand", |b| {
        b.iter(|| {
            i = (i + 1) % games.len();
            write_seen_log(games[i].log(), 1)
        });
    });
    c.bench_function("record_read_hand", |b| {
        b.iter(|| {
            i = (i + 1) % texts.len();
            read_log(&texts[i]).map(|l| l.len())
        });
    });
    c.bench_function("record_read_seen_hand", |b| {
        b.iter(|| {
            i = (i + 1) % seen.len();
            read_seen_log(&seen[i]).map(|l| l.len())
        });
    });
}

criterion_group!(benches, selfplay, records);
criterion_main!(benches);
