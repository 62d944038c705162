//! The search bot against three value bots in the duplicate format (issue 28), under any
//! [`SearchPlan`], with the search seat's time per decision:
//!
//! ```sh
//! nice -n 19 cargo run --release -p twmj-core --example search_duplicate -- \
//!     DEALS SEED THREADS [samples=64 batch=16 width=1 screen=0.25 drop=1 margin=2 read=1 calls=0 fold=0 guard=inf keep=0 dsamples=0 dmix=0 declare=1 dwidth=0]
//! ```
//!
//! The settings are [`SearchPlan`]'s, from [`SearchPlan::BOT`] (the defaults above);
//! `close=1` first starts from [`SearchPlan::CLOSE`] (the second session's plan):
//!
//! ```sh
//! target/release/examples/search_duplicate 300 9000001 2 close=1
//! ```
//!
//! Deal `SEED + i` is played four times, the search bot at seat 0, 1, 2, 3 (agents
//! `search,value,value,value` rotated as `twmj arena --duplicate` seats them), so with the
//! default plan the hands are the arena's. Prints the paired difference per deal (search's
//! mean net over its four seats − value's over its twelve) with its 95 % interval, both
//! kinds' win, deal-in and 自摸 rates, and the search seat's time per decision on its thread
//! (all its decisions; and the searched ones alone). With `TWMJ_DEALS_OUT=FILE` it writes
//! each deal's difference, one a line, so two plans run on the same deals can be paired.

// Counts, nets and times far below 2^52; a setting's number read as a count.
#![allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss
)]

mod common;

use std::time::Instant;
use twmj_core::game::bots::{play_hand_by, Bot, Played};
use twmj_core::game::search::{choose_counted, SearchPlan};
use twmj_core::game::{legal_actions, Action, SplitMix64};
use twmj_core::scoring::Variant;

struct Deal {
    diff: f64,
    played: Vec<(u8, Played)>,
    /// Wall ms, CPU ms, searched.
    times: Vec<(f64, f64, bool)>,
    /// Decisions where the search left value's choice.
    changed: u32,
}

/// This thread's time on a CPU so far, in ms (Linux: `/proc/thread-self/schedstat`, brought
/// up to date at the scheduler's ticks and switches, so one short decision reads coarsely;
/// their sum is right; 0 elsewhere): a decision's cost on a shared machine, which its wall
/// time is not.
fn cpu_ms() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e6)
}

fn plan_from(args: &[String]) -> Result<SearchPlan, String> {
    let close = args.iter().any(|a| a == "close=1");
    let mut p = if close {
        SearchPlan::CLOSE
    } else {
        SearchPlan::BOT
    };
    for a in args.iter().filter(|a| !a.starts_with("close=")) {
        let Some((k, v)) = a.split_once('=') else {
            return Err(format!("expected key=value, not {a}"));
        };
        let f: f64 = v.parse().map_err(|e| format!("{a}: {e}"))?;
        match k {
            "samples" => p.samples = f as usize,
            "batch" => p.batch = f as usize,
            "width" => p.width = f as usize,
            "screen" => p.screen = f,
            "drop" => p.drop = f,
            "margin" => p.margin = f,
            "read" => p.read = f != 0.0,
            "calls" => p.calls = f != 0.0,
            "fold" => p.fold = f != 0.0,
            "guard" => p.guard = f,
            "keep" => p.keep_folding = f != 0.0,
            "dsamples" => p.danger_samples = f as usize,
            "dmix" => p.danger_mix = f,
            "declare" => p.declare = f != 0.0,
            "dwidth" => p.declare_width = f as usize,
            _ => return Err(format!("unknown setting {k}")),
        }
    }
    Ok(p)
}

fn deal(seed: u64, plan: &SearchPlan, variant: &Variant) -> Result<Deal, String> {
    let mut played = Vec::new();
    let mut times = Vec::new();
    let mut changed_n = 0u32;
    let changed = &mut changed_n;
    for turn in 0..4u8 {
        let (_, p) = play_hand_by(seed, variant, |st, seat, rng| {
            if seat != turn {
                return Bot::Value.play(st, seat, rng);
            }
            let t0 = Instant::now();
            let c0 = cpu_ms();
            let legal = legal_actions(st, seat);
            let first = *legal.first()?;
            let sure = [Action::Win, Action::EightFlowers, Action::SevenRobOne]
                .into_iter()
                .find(|a| legal.contains(a));
            let (a, searched) = if let Some(a) = sure {
                (a, false)
            } else {
                let (a, n) = choose_counted(plan, st, seat, &legal, first, rng);
                if n > 1 && Some(a) != Bot::Value.act(st, seat, &mut SplitMix64::new(0)) {
                    *changed += 1;
                }
                (a, n > 1)
            };
            times.push((t0.elapsed().as_secs_f64() * 1e3, cpu_ms() - c0, searched));
            st.apply(seat, a).ok()?;
            Some(a)
        })
        .map_err(|e| format!("deal {seed}: {e}"))?;
        played.push((turn, p));
    }
    let search: f64 = played
        .iter()
        .map(|(t, p)| p.net_tai[usize::from(*t)] as f64)
        .sum();
    // Zero-sum: value's twelve seats hold −search in all.
    let diff = search / 4.0 + search / 12.0;
    Ok(Deal {
        diff,
        played,
        times,
        changed: changed_n,
    })
}

fn pct(v: &mut [f64], q: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    v[((v.len() - 1) as f64 * q).round() as usize]
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let deals: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(20);
    let seed: u64 = args
        .get(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(9_000_001);
    let threads: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let plan = plan_from(args.get(3..).unwrap_or(&[]))?;
    let variant = Variant::preset("taiwan").map_err(|e| e.to_string())?;
    let start = Instant::now();
    let all: Vec<Deal> =
        common::across_threads(deals, threads, |i| deal(seed + i, &plan, &variant))?;
    // The per-deal differences, one a line, for pairing two plans on the same deals.
    let diffs: Vec<f64> = all.iter().map(|d| d.diff).collect();
    if let Ok(path) = std::env::var("TWMJ_DEALS_OUT") {
        let lines: Vec<String> = diffs.iter().map(|d| format!("{d}")).collect();
        std::fs::write(&path, lines.join("\n") + "\n").map_err(|e| format!("{path}: {e}"))?;
    }
    let (m, ci) = common::mean_ci(&diffs);
    let (mut sw, mut sd, mut ss, mut vw, mut vd, mut vs, mut hands) = (0, 0, 0, 0, 0, 0, 0);
    let mut search_net = 0.0;
    let mut all_t = Vec::new();
    let mut searched_t = Vec::new();
    let mut all_c = Vec::new();
    let mut searched_c = Vec::new();
    for d in &all {
        for (t, p) in &d.played {
            hands += 1;
            let me = 1u8 << t;
            let others = 0b1111 & !me;
            sw += u32::from(p.won & me != 0);
            sd += u32::from(p.dealt_in & me != 0);
            ss += u32::from(p.self_drawn & me != 0);
            vw += (p.won & others).count_ones();
            vd += (p.dealt_in & others).count_ones();
            vs += (p.self_drawn & others).count_ones();
            search_net += p.net_tai[usize::from(*t)] as f64;
        }
        for &(ms, cpu, s) in &d.times {
            all_t.push(ms);
            all_c.push(cpu);
            if s {
                searched_t.push(ms);
                searched_c.push(cpu);
            }
        }
    }
    let h = f64::from(hands);
    let decisions = all_t.len();
    let searched = searched_t.len();
    println!(
        "plan {plan:?}\ndeals {} hands {hands} wall {:.0} s\nsearch - value {m:+.3} ± {ci:.3} tai a hand (paired per deal)\nsearch {:+.3} a hand, win {:.1} %, deal-in {:.1} %, 自摸 {:.1} %\nvalue  win {:.1} %, deal-in {:.1} %, 自摸 {:.1} % (per seat)\ndecisions {decisions} (searched {searched}, value's choice left {}), wall: median {:.3} ms, p90 {:.3} ms, mean {:.3} ms; searched median {:.2} ms, p90 {:.2} ms\ncpu: median {:.3} ms, p90 {:.3} ms, mean {:.3} ms; searched median {:.2} ms, p90 {:.2} ms; search seats' cpu {:.1} s",
        all.len(),
        start.elapsed().as_secs_f64(),
        search_net / h,
        100.0 * f64::from(sw) / h,
        100.0 * f64::from(sd) / h,
        100.0 * f64::from(ss) / h,
        100.0 * f64::from(vw) / (3.0 * h),
        100.0 * f64::from(vd) / (3.0 * h),
        100.0 * f64::from(vs) / (3.0 * h),
        all.iter().map(|d| d.changed).sum::<u32>(),
        pct(&mut all_t.clone(), 0.5),
        pct(&mut all_t.clone(), 0.9),
        all_t.iter().sum::<f64>() / decisions.max(1) as f64,
        pct(&mut searched_t.clone(), 0.5),
        pct(&mut searched_t, 0.9),
        pct(&mut all_c.clone(), 0.5),
        pct(&mut all_c.clone(), 0.9),
        all_c.iter().sum::<f64>() / decisions.max(1) as f64,
        pct(&mut searched_c.clone(), 0.5),
        pct(&mut searched_c, 0.9),
        all_c.iter().sum::<f64>() / 1e3,
    );
    Ok(())
}
