//! What perfect knowledge of the others' waits would be worth (issue 28): a bot that sees
//! every hand, plays the value bot's choice, and only when that choice is a discard another
//! seat could win on at once, plays instead the first discard in the analysis' order (lowest
//! shanten, then most accepting copies) that no seat can win on. It cheats: it measures the
//! ceiling of any danger reading, which only ever estimates this, and is no bot of the engine.
//!
//! ```sh
//! cargo build --release -p twmj-core --example dealin_ceiling
//! target/release/examples/dealin_ceiling DEALS SEED THREADS
//! ```
//!
//! Deal `SEED + i` is played four times with the cheating seat at seat 0, 1, 2, 3 and the
//! value bot at the others (the duplicate format of `twmj arena --duplicate`); prints the
//! paired difference per deal (the cheat's mean net over its four seats − value's over its
//! twelve) with its 95 % interval, and both kinds' win and deal-in rates.

// Counts and nets far below 2^52.
#![allow(clippy::cast_precision_loss)]

mod common;

use twmj_core::game::bots::{discard_facts, play_hand_by, Bot, Played};
use twmj_core::game::{legal_actions, Action, State};
use twmj_core::scoring::Variant;

/// Another seat may win on `seat` discarding `t` now.
fn deals_in(state: &State, seat: u8, t: twmj_core::tile::Tile) -> bool {
    let mut st = state.clone();
    if st.apply(seat, Action::Discard(t)).is_err() {
        return false;
    }
    (0..st.seats()).any(|o| o != seat && legal_actions(&st, o).contains(&Action::Win))
}

/// The cheating seat's action: value's, unless it is a discard that deals in.
fn cheat(state: &mut State, seat: u8, rng: &mut twmj_core::game::SplitMix64) -> Option<Action> {
    let a = Bot::Value.act(state, seat, rng)?;
    let a = match a {
        Action::Discard(t) if deals_in(state, seat, t) => {
            let legal = legal_actions(state, seat);
            discard_facts(state, seat)
                .iter()
                .map(|f| f.tile)
                .find(|&u| legal.contains(&Action::Discard(u)) && !deals_in(state, seat, u))
                .map_or(a, Action::Discard)
        }
        _ => a,
    };
    state.apply(seat, a).ok()?;
    Some(a)
}

fn deal(seed: u64, variant: &Variant) -> Result<(f64, Vec<(u8, Played)>), String> {
    let mut played = Vec::new();
    for turn in 0..4u8 {
        let (_, p) = play_hand_by(seed, variant, |st, seat, rng| {
            if seat == turn {
                cheat(st, seat, rng)
            } else {
                Bot::Value.play(st, seat, rng)
            }
        })
        .map_err(|e| format!("deal {seed}: {e}"))?;
        played.push((turn, p));
    }
    let s: f64 = played
        .iter()
        .map(|(t, p)| p.net_tai[usize::from(*t)] as f64)
        .sum();
    // Zero-sum: value's twelve seats hold −s in all.
    Ok((s / 4.0 + s / 12.0, played))
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let (deals, seed, threads) = (arg(0, 1000), arg(1, 9_100_001), arg(2, 1).max(1));
    let variant = Variant::preset("taiwan").map_err(|e| e.to_string())?;
    let all = common::across_threads(deals, threads, |i| deal(seed + i, &variant))?;
    let diffs: Vec<f64> = all.iter().map(|d| d.0).collect();
    let (m, ci) = common::mean_ci(&diffs);
    let (mut cw, mut cd, mut vw, mut vd, mut hands) = (0u32, 0u32, 0u32, 0u32, 0u32);
    for (_, played) in &all {
        for (t, p) in played {
            hands += 1;
            let me = 1u8 << t;
            cw += u32::from(p.won & me != 0);
            cd += u32::from(p.dealt_in & me != 0);
            vw += (p.won & !me & 0b1111).count_ones();
            vd += (p.dealt_in & !me & 0b1111).count_ones();
        }
    }
    let h = f64::from(hands);
    println!(
        "deals {} hands {hands}\ncheat - value {m:+.3} ± {:.3} tai a hand (paired per deal)\ncheat win {:.1} %, deal-in {:.2} %\nvalue win {:.1} %, deal-in {:.1} % (per seat)",
        all.len(),
        ci,
        100.0 * f64::from(cw) / h,
        100.0 * f64::from(cd) / h,
        100.0 * f64::from(vw) / (3.0 * h),
        100.0 * f64::from(vd) / (3.0 * h),
    );
    Ok(())
}
