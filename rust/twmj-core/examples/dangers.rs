//! The value bot's calibration data (`game/bots/mod.rs`, issue 15): `cargo run --release -p
//! twmj-core --example dangers [hands] [first seed]` plays all-efficiency taiwan hands and
//! prints, per cell of what a seat may see (the other seat's melds, its discards in fours, the
//! kind's class, the copies unseen, whether that seat discarded the kind, whether it went by
//! since that seat's last discard, 筋), how often a kind the seat holds is that seat's wait;
//! and per (shanten, unseen accepting copies in fours, tiles left in fours) of the seat's best
//! discard, how often it went on to win. The fits in `bots.rs` were made from seeds 0…23,999.

use twmj_core::analyze;
use twmj_core::game::{danger_class, Action, Bot, Event, Phase, SplitMix64, State};
use twmj_core::hand::{Form, Hand, MeldKind};
use twmj_core::notation::Tiles;
use twmj_core::tile::{Tile, KINDS};
use twmj_core::waits::wait_mask;

// Counts of hands and tiles stay far below 2^52: the ratios printed are exact enough.
#[allow(clippy::cast_precision_loss, clippy::too_many_lines)]
fn main() {
    let hands: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let first: u64 = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(0);
    let v = &*twmj_core::TAIWAN;
    // danger[key] = (hits, total)
    let mut danger = vec![(0u64, 0u64); 4 * 4 * 4 * 4 * 2 * 2 * 2];
    let mut ready = vec![(0u64, 0u64); 4 * 4];
    // outlook[shanten 0..3][accepts/8 0..7][draws left/8 0..7] = (won, total, net sum)
    let mut outlook = vec![(0u64, 0u64, 0i64); 4 * 16 * 16];
    let mut deal_n = 0i64;
    let mut deal_sum = 0i64;
    for seed in first..first + hands {
        let mut st = State::from_seed(seed, v);
        let mut rng = SplitMix64::new(seed);
        let mut rec: Vec<(u8, usize)> = Vec::new();
        while !st.is_over() {
            let seat = st.pending().trailing_zeros() as u8;
            if let Phase::Turn(_) = st.phase() {
                let me = st.player(seat);
                {
                    let mut vis = [0u8; KINDS];
                    for s in 0..4u8 {
                        let p = st.player(s);
                        for d in p.discards.iter().filter(|d| !d.claimed()) {
                            vis[d.tile.index()] += 1;
                        }
                        for m in &p.melds {
                            if m.kind != MeldKind::Ankan || s == seat {
                                m.add_to(&mut vis);
                            }
                        }
                    }
                    for k in 0..KINDS {
                        vis[k] = vis[k].min(4u8.saturating_sub(me.concealed[k]));
                    }
                    let h = Hand::new(
                        Tiles {
                            counts: me.concealed,
                            flowers: 0,
                        },
                        Vec::new(),
                        Form::Full,
                        v.hand_size,
                    );
                    if let Ok(h) = h {
                        if let Ok(a) = analyze(&h, &vis, v) {
                            if let Some(d) = a.discards.first() {
                                if d.shanten >= 0 {
                                    let sh = (d.shanten as usize).min(3);
                                    let ac = (d.accepted() as usize / 4).min(15);
                                    let dl = (st.drawable() / 4).min(15);
                                    rec.push((seat, (sh * 16 + ac) * 16 + dl));
                                }
                            }
                        }
                    }
                }
                let mut visible = [0u8; KINDS];
                for s in 0..4u8 {
                    let p = st.player(s);
                    for d in p.discards.iter().filter(|d| !d.claimed()) {
                        visible[d.tile.index()] += 1;
                    }
                    for m in &p.melds {
                        if m.kind != MeldKind::Ankan || s == seat {
                            m.add_to(&mut visible);
                        }
                    }
                }
                for o in 0..4u8 {
                    if o == seat {
                        continue;
                    }
                    let p = st.player(o);
                    let waits = wait_mask(&p.concealed);
                    let melds = p.melds.len().min(3);
                    let turn = (p.discards.len() / 4).min(3);
                    let r = &mut ready[melds * 4 + turn];
                    r.0 += u64::from(waits != 0);
                    r.1 += 1;
                    // Kinds discarded since o's last discard.
                    let mut since = 0u64;
                    for e in st.log().iter().rev() {
                        if let Event::Act {
                            seat: s,
                            action: Action::Discard(t),
                        } = e
                        {
                            if *s == o {
                                break;
                            }
                            since |= 1 << t.index();
                        }
                    }
                    for k in 0..KINDS {
                        if me.concealed[k] == 0 {
                            continue;
                        }
                        let Some(t) = Tile::new(k) else { continue };
                        let class = danger_class(t);
                        let unseen = 4usize
                            .saturating_sub(usize::from(me.concealed[k] + visible[k]))
                            .min(3);
                        let gen = p.discards.iter().any(|d| d.tile == t);
                        let temp = since >> k & 1 == 1;
                        let suji = !t.is_honor()
                            && p.discards.iter().any(|d| {
                                !d.tile.is_honor()
                                    && d.tile.suit() == t.suit()
                                    && d.tile.number().abs_diff(t.number()) == 3
                            });
                        let key = ((((((melds * 4 + turn) * 4 + class) * 4 + unseen) * 2
                            + usize::from(gen))
                            * 2
                            + usize::from(temp))
                            * 2)
                            + usize::from(suji);
                        danger[key].0 += waits >> k & 1;
                        danger[key].1 += 1;
                    }
                }
            }
            let Some(a) = Bot::Efficiency.act(&st, seat, &mut rng) else {
                break;
            };
            if let Err(e) = st.apply(seat, a) {
                eprintln!("seed {seed}: {e}");
                return;
            }
        }
        let mut won = 0u8;
        let mut net = [0i64; 4];
        if let Some(r) = st.result() {
            for w in &r.wins {
                won |= 1 << w.seat;
            }
            if !r.is_draw() {
                let table = twmj_core::game::Table {
                    streak: st.rules().streak,
                    round_wind: st.rules().round_wind,
                    dice: st.dice(),
                };
                if let Ok((_, s)) = twmj_core::game::settle_hand(r, &table, v) {
                    net = s.net_tai;
                }
            }
        }
        if let Some(r) = st.result() {
            for w in &r.wins {
                if let twmj_core::game::WinKind::Discard { from } = w.kind {
                    deal_n += 1;
                    deal_sum += net[usize::from(from)];
                }
            }
        }
        for (seat, key) in rec {
            let o = &mut outlook[key];
            o.0 += u64::from(won >> seat & 1);
            o.1 += 1;
            if won >> seat & 1 == 1 {
                o.2 += net[usize::from(seat)];
            }
        }
    }
    println!(
        "deal-in: {deal_n} mean net {:.2}",
        deal_sum as f64 / deal_n.max(1) as f64
    );
    println!("outlook: shanten accepts/8 drawable/8: win rate, mean net when won (n)");
    for (key, &(w, n, g)) in outlook.iter().enumerate() {
        if n == 0 {
            continue;
        }
        println!(
            "O {} {} {}: {:.3} {:.1} ({n})",
            key / 256,
            key / 16 % 16,
            key % 16,
            w as f64 / n as f64,
            g as f64 / w.max(1) as f64
        );
    }
    println!("ready by melds x turn/4:");
    for m in 0..4 {
        let row: Vec<String> = (0..4)
            .map(|t| {
                let (h, n) = ready[m * 4 + t];
                format!("{:.3} ({n})", h as f64 / n.max(1) as f64)
            })
            .collect();
        println!("  melds {m}: {}", row.join("  "));
    }
    println!("danger cells: melds turn class unseen gen temp suji: rate (n)");
    for (key, &(h, n)) in danger.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let suji = key % 2;
        let temp = key / 2 % 2;
        let gen = key / 4 % 2;
        let unseen = key / 8 % 4;
        let class = key / 32 % 4;
        let turn = key / 128 % 4;
        let melds = key / 512;
        println!(
            "{melds} {turn} {class} {unseen} {} {} {}: {:.4} ({n})",
            gen,
            temp,
            suji,
            h as f64 / n as f64
        );
    }
}
