//! Random-agent self-play: `cargo run --release -p twmj-core --example selfplay [games]`.
//! Every seat picks uniformly among its legal actions; prints games per second.

use std::collections::BTreeMap;
use std::time::Instant;
use twmj_core::game::{legal_actions, SplitMix64, State};

fn main() {
    let games: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20_000);
    let mut rng = SplitMix64::new(1);
    let mut decisions = 0u32;
    let mut wins = 0u32;
    let mut kinds: BTreeMap<&str, u32> = BTreeMap::new();
    let start = Instant::now();
    for seed in 0..games {
        let mut st = State::from_seed(u64::from(seed), &twmj_core::TAIWAN);
        while !st.is_over() {
            let seat = st.pending().trailing_zeros() as u8;
            let acts = legal_actions(&st, seat);
            let a = acts[rng.below(acts.len())];
            if let Err(e) = st.apply(seat, a) {
                eprintln!("seed {seed}: {e}");
                return;
            }
            decisions += 1;
        }
        if let Some(r) = st.result() {
            wins += u32::from(!r.is_draw());
            if r.winners().len() > 1 {
                *kinds.entry("several winners").or_default() += 1;
            }
            for w in &r.wins {
                *kinds.entry(w.kind.key()).or_default() += 1;
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{games} games in {secs:.2} s: {:.0} games/s, {:.0} decisions/game, {:.1} % won",
        f64::from(games) / secs,
        f64::from(decisions) / f64::from(games),
        100.0 * f64::from(wins) / f64::from(games)
    );
    println!("{kinds:?}");
}
