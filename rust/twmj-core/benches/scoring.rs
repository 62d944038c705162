//! Max-tai scoring of winning hands (target ≤ 2 µs per hand, PRODUCT Performance).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use twmj_core::scoring::{score, Context, Variant, WinKind};
use twmj_core::{parse, Counts, Tile};

fn hand(s: &str, w: &str) -> (Counts, Tile) {
    let c = parse(s).map_or([0; 34], |t| t.counts);
    let t = parse(w)
        .ok()
        .and_then(|t| t.tile_list().first().copied())
        .unwrap_or_else(|| panic!("bad tile {w}"));
    (c, t)
}

fn bench(crit: &mut Criterion) {
    let variant = Variant::american();
    let ctx = Context::new(1, WinKind::Discard { from: 2 });
    let hands = [
        hand("123456789m234p567p77s", "7p"),
        hand("222234m111p789p999s55s", "2m"),
        hand("111222333m456p789p55s", "3m"),
        hand("111z222z333z555z666z77z", "7z"),
    ];
    // Check the answers once before timing.
    let totals: Vec<u32> = hands
        .iter()
        .map(|(h, w)| score(h, &[], *w, &ctx, &variant, false).map_or(0, |s| s.total_tai))
        .collect();
    // 門清; 門清 + 三暗刻; 門清 (the claimed 333m is no 暗刻); 字一色（小三元） + 五暗刻 + 門清 + 獨聽.
    assert_eq!(totals, [1, 3, 1, 26]);
    crit.bench_function("score", |b| {
        let mut i = 0;
        b.iter(|| {
            let (h, w) = &hands[i % hands.len()];
            i += 1;
            black_box(score(black_box(h), &[], *w, &ctx, &variant, false).map(|s| s.total_tai))
        });
    });
    crit.bench_function("score_why_not", |b| {
        let mut i = 0;
        b.iter(|| {
            let (h, w) = &hands[i % hands.len()];
            i += 1;
            black_box(score(black_box(h), &[], *w, &ctx, &variant, true).map(|s| s.why_not.len()))
        });
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
