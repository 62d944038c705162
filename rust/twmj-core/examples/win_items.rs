//! What a bot's wins are worth (issue 28): hands of taiwan played by one bot at every seat,
//! and over the wins that end them, the mean tai, how often each tai item is counted and what
//! it adds, and how many melds the winner had called.
//!
//! ```sh
//! cargo build --release -p twmj-core --example win_items
//! target/release/examples/win_items HANDS SEED [BOT]
//! ```
//!
//! Hand `SEED + i` for i below HANDS, as `twmj arena` deals them; BOT is a bot's name
//! (`value` unless given).

// Counts far below 2^52.
#![allow(clippy::cast_precision_loss)]

use std::collections::BTreeMap;
use twmj_core::game::bots::{play_hand_by, Bot};
use twmj_core::game::result::WinKind;
use twmj_core::hand::MeldKind;
use twmj_core::scoring::Variant;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let (hands, seed) = (arg(0, 10_000), arg(1, 5_000_000));
    let bot = Bot::parse(args.get(2).map_or("value", String::as_str)).map_err(|e| e.to_string())?;
    let variant = Variant::preset("taiwan").map_err(|e| e.to_string())?;
    // Item name → (wins counting it, tai it added).
    let mut items: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    let (mut wins, mut self_drawn, mut tai) = (0u64, 0u64, 0u64);
    let mut by_tai = [0u64; 12];
    let mut by_calls = [0u64; 7];
    for i in 0..hands {
        let (st, _) = play_hand_by(seed + i, &variant, |s, seat, r| bot.play(s, seat, r))
            .map_err(|e| e.to_string())?;
        let settled = st.settle(None, None, None).map_err(|e| e.to_string())?;
        let Some(result) = st.result() else {
            continue;
        };
        for (w, bill) in result.wins.iter().zip(&settled.bills) {
            wins += 1;
            if matches!(w.kind, WinKind::SelfDraw | WinKind::Replacement(_)) {
                self_drawn += 1;
            }
            let t = bill.score.total_tai;
            tai += u64::from(t);
            by_tai[(t as usize).min(by_tai.len() - 1)] += 1;
            let calls = w.melds.iter().filter(|m| m.kind != MeldKind::Ankan).count();
            by_calls[calls.min(by_calls.len() - 1)] += 1;
            for it in &bill.score.items {
                let e = items.entry(it.name.to_string()).or_default();
                e.0 += 1;
                e.1 += u64::from(it.tai);
            }
        }
    }
    let w = wins.max(1) as f64;
    println!(
        "{} hands by {}: {wins} wins, {:.1} % self-drawn, mean {:.3} tai a win",
        hands,
        bot.name(),
        100.0 * self_drawn as f64 / w,
        tai as f64 / w
    );
    println!("wins by tai (0, 1, …, {}+): {by_tai:?}", by_tai.len() - 1);
    println!(
        "wins by melds called (0, 1, …, {}+): {by_calls:?}",
        by_calls.len() - 1
    );
    let mut rows: Vec<_> = items.into_iter().collect();
    rows.sort_by(|a, b| b.1 .1.cmp(&a.1 .1).then(a.0.cmp(&b.0)));
    for (name, (n, t)) in rows {
        println!(
            "{name}\t{:.2} % of wins\t{:.3} tai a win",
            100.0 * n as f64 / w,
            t as f64 / w
        );
    }
    Ok(())
}
