//! Criterion benchmarks of the core hot paths, named like the Python suite (`benches/`).
//!
//! Hands are pre-generated (2^18 per set, fixed seed) and walked in order, so every
//! iteration sees a different hand and the table lines it reads are not in L1/L2 (a set of
//! 4096 hands would keep them there: its figures are close to the hot ones), as in a batch
//! or a server; the `hot` variants walk 8 hands only, to show what of a cold figure is
//! cache misses.
//! Every reported time is per hand. Answers are checked once before any timing.
//! `TWMJ_BENCH_MIN='waits/full|analyze/'` times the named operations by the fastest of many
//! short batches instead (see [`min_of_batches`]), for before/after comparisons on a loaded
//! machine.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use twmj_core::hand::{Form, Hand, Meld, MeldKind};
use twmj_core::scoring::{score, Context, Variant, WinKind};
use twmj_core::{
    accepts, analyze, batch, decompositions, is_win_counts, notation, shanten, shanten_counts,
    tables, wait_mask, waits, Counts, Shape, Tile, KINDS,
};

/// Hands per set: a power of two, so the walk is a mask.
const N: usize = 1 << 18;
/// Hands in a `hot` set: few enough that their table lines stay in cache.
const HOT: usize = 8;

/// `n` tiles drawn from the 136 (34 kinds × 4), as counts.
fn random_hand(rng: &mut fastrand::Rng, n: usize) -> Counts {
    let mut wall: Vec<u8> = (0..KINDS as u8).flat_map(|k| [k; 4]).collect();
    let mut c = [0u8; KINDS];
    for i in 0..n {
        let j = rng.usize(i..wall.len());
        wall.swap(i, j);
        c[wall[i] as usize] += 1;
    }
    c
}

/// A complete 17-tile hand: five random sets (a run with probability 2/3, else a triplet)
/// and a random pair, within the 4-copy limit.
fn complete_hand(rng: &mut fastrand::Rng) -> Counts {
    'retry: loop {
        let mut c = [0u8; KINDS];
        c[rng.usize(0..KINDS)] += 2;
        for _ in 0..5 {
            if rng.u8(0..3) < 2 {
                let start = rng.usize(0..3) * 9 + rng.usize(0..7);
                for k in start..start + 3 {
                    c[k] += 1;
                }
            } else {
                c[rng.usize(0..KINDS)] += 3;
            }
        }
        if c.iter().any(|&x| x > 4) {
            continue 'retry;
        }
        return c;
    }
}

/// Removes one tile of `c`, chosen uniformly among its tiles.
fn remove_random(rng: &mut fastrand::Rng, c: &mut Counts) {
    let n: usize = c.iter().map(|&x| x as usize).sum();
    let mut r = rng.usize(0..n);
    for x in c.iter_mut() {
        if r < *x as usize {
            *x -= 1;
            return;
        }
        r -= *x as usize;
    }
}

/// Adds one random tile kind of which `c` holds fewer than 4.
fn add_random(rng: &mut fastrand::Rng, c: &mut Counts) {
    loop {
        let k = rng.usize(0..KINDS);
        if c[k] < 4 {
            c[k] += 1;
            return;
        }
    }
}

/// A hand of `n` random concealed tiles beside one random 吃 (or 碰 when `pon`), drawn from
/// the 136 less the meld's tiles: the capped path, where a meld holds copies of a kind.
fn melded_hand(rng: &mut fastrand::Rng, n: usize, pon: bool, form: Form) -> Hand {
    let (meld, first) = if pon {
        let k = rng.usize(0..KINDS);
        (MeldKind::Pon, k)
    } else {
        (MeldKind::Chi, rng.usize(0..3) * 9 + rng.usize(0..7))
    };
    let tile = Tile::new(first).unwrap_or_else(|| unreachable!());
    let m = Meld { kind: meld, tile };
    let mut used = [0u8; KINDS];
    m.add_to(&mut used);
    let mut wall: Vec<u8> = (0..KINDS as u8)
        .flat_map(|k| std::iter::repeat_n(k, usize::from(4 - used[k as usize])))
        .collect();
    let mut c = [0u8; KINDS];
    for i in 0..n {
        let j = rng.usize(i..wall.len());
        wall.swap(i, j);
        c[wall[i] as usize] += 1;
    }
    let tiles = notation::Tiles {
        counts: c,
        flowers: 0,
    };
    match Hand::new(tiles, vec![m], form, 16) {
        Ok(h) => h,
        Err(e) => panic!("generated hand rejected: {e}"),
    }
}

struct Sets {
    /// 16 random tiles of the 136: almost never ready, the common case in play.
    random16: Vec<Counts>,
    /// A complete hand minus one tile: always ready (the waits carry shapes).
    ready16: Vec<Counts>,
    /// 17 random tiles.
    random17: Vec<Counts>,
    /// A ready hand plus one random tile: the discard analysis finds waits.
    ready17: Vec<Counts>,
    /// Complete 17-tile hands.
    complete17: Vec<Counts>,
    /// 14 random tiles (k = 1 implied), the job of `benches/compare_shanten.py`.
    random14: Vec<Counts>,
}

fn sets() -> Sets {
    let mut rng = fastrand::Rng::with_seed(20_261_129);
    let gen = |rng: &mut fastrand::Rng, f: &dyn Fn(&mut fastrand::Rng) -> Counts| {
        (0..N).map(|_| f(rng)).collect::<Vec<_>>()
    };
    let ready = |rng: &mut fastrand::Rng| {
        let mut c = complete_hand(rng);
        remove_random(rng, &mut c);
        c
    };
    Sets {
        random16: gen(&mut rng, &|r| random_hand(r, 16)),
        ready16: gen(&mut rng, &ready),
        random17: gen(&mut rng, &|r| random_hand(r, 17)),
        ready17: gen(&mut rng, &|r| {
            let mut c = ready(r);
            add_random(r, &mut c);
            c
        }),
        complete17: gen(&mut rng, &complete_hand),
        random14: gen(&mut rng, &|r| random_hand(r, 14)),
    }
}

fn hand_of(c: &Counts, form: Form) -> Hand {
    let tiles = notation::Tiles {
        counts: *c,
        flowers: 0,
    };
    match Hand::new(tiles, Vec::new(), form, 16) {
        Ok(h) => h,
        Err(e) => panic!("generated hand rejected: {e}"),
    }
}

fn parse_hand(s: &str, form: Form) -> Hand {
    match Hand::parse(s, &[], form, 16) {
        Ok(h) => h,
        Err(e) => panic!("{s}: {e}"),
    }
}

/// Checks the answers the timed calls give, once, before anything is timed.
fn check(sets: &Sets) {
    let none = [0u8; KINDS];
    let wait_codes = |text: &str| -> Vec<String> {
        match waits(&parse_hand(text, Form::Waiting), &none, &twmj_core::TAIWAN) {
            Ok(ws) => ws.iter().map(|x| x.tile.code()).collect(),
            Err(e) => panic!("{e}"),
        }
    };
    // 二二二三四五六萬＋一到九筒 waits on 1, 3, 4, 6, 7萬 (taiwan text, 平胡的認定).
    let ready = parse_hand("2223456m123456789p", Form::Waiting);
    assert_eq!(
        wait_codes("2223456m123456789p"),
        ["1m", "3m", "4m", "6m", "7m"]
    );
    assert_eq!(wait_mask(&ready.concealed), 0b110_1101);
    match accepts(&ready, &none, &twmj_core::TAIWAN) {
        Ok(acc) => assert_eq!(acc.len(), 5),
        Err(e) => panic!("{e}"),
    }
    // 3345m waits on 3m as ryanmen and tanki.
    match waits(
        &parse_hand("3345m123p456p789p111z", Form::Waiting),
        &none,
        &twmj_core::TAIWAN,
    ) {
        Ok(ws) => {
            let first: Vec<&str> = ws
                .iter()
                .next()
                .map_or_else(Vec::new, |w| w.shapes.iter().map(Shape::key).collect());
            assert_eq!(first, ["ryanmen", "tanki"]);
        }
        Err(e) => panic!("{e}"),
    }
    assert_eq!(
        shanten(&parse_hand("1234567z", Form::Any), &twmj_core::TAIWAN),
        4
    );
    match analyze(
        &parse_hand("2223456m123456789p9s", Form::Full),
        &none,
        &twmj_core::TAIWAN,
    ) {
        Ok(analysis) => assert_eq!(analysis.discards[0].tile.code(), "9s"),
        Err(e) => panic!("{e}"),
    }
    // 門清自摸 of the 2223456m hand completed by 1m.
    let won = parse_hand("12223456m123456789p", Form::Full);
    let ctx = Context::new(0, WinKind::SelfDraw);
    let tile_1m = Tile::new(0).unwrap_or_else(|| unreachable!());
    match score(
        &won.concealed,
        &[],
        tile_1m,
        &ctx,
        &Variant::taiwan(),
        false,
    ) {
        Ok(sc) => assert!(
            sc.items.iter().any(|i| i.key == "concealed_self_draw"),
            "{sc:?}"
        ),
        Err(e) => panic!("{e}"),
    }
    // 111222333m is three triplets or three runs.
    let splits = decompositions(&parse_hand("111222333m456p789p11z", Form::Full).concealed);
    assert_eq!(splits.len(), 2, "{splits:?}");
    // The generated sets are what they claim to be, and the counts-only paths agree with
    // the validated-hand paths on them.
    for counts in &sets.ready16 {
        assert_ne!(wait_mask(counts), 0, "{counts:?}");
        assert_eq!(
            shanten(&hand_of(counts, Form::Waiting), &twmj_core::TAIWAN),
            0,
            "{counts:?}"
        );
    }
    for counts in &sets.complete17 {
        assert!(is_win_counts(counts), "{counts:?}");
        assert_eq!(
            shanten(&hand_of(counts, Form::Full), &twmj_core::TAIWAN),
            -1,
            "{counts:?}"
        );
    }
    for counts in sets
        .random16
        .iter()
        .chain(&sets.ready16)
        .chain(&sets.random14)
    {
        let sh = shanten(&hand_of(counts, Form::Any), &twmj_core::TAIWAN);
        assert_eq!(shanten_counts(counts), sh, "{counts:?}");
        if counts.iter().map(|&x| x as usize).sum::<usize>() == 16 {
            assert_eq!(wait_mask(counts) != 0, sh == 0, "{counts:?}");
        }
    }
}

/// Hands per timed batch in the `TWMJ_BENCH_MIN` mode.
const BATCH: u32 = 1024;

/// The `TWMJ_BENCH_MIN` mode, for a machine shared with other work: the operations whose name
/// contains one of the `|`-separated words are timed in short batches of consecutive hands
/// for about two seconds each, and the fastest batch and the 10th percentile are printed per
/// hand. A batch the scheduler did not interrupt shows the code's own speed; criterion's
/// mean over seconds shows the other processes' too.
fn min_of_batches<T, O>(filter: &str, id: &str, hands: &[T], f: impl Fn(&T) -> O) {
    if !filter.split('|').any(|w| id.contains(w)) {
        return;
    }
    let batch = BATCH.min(u32::try_from(hands.len()).unwrap_or(BATCH));
    let mut per_hand = Vec::new();
    let mut start = 0usize;
    let began = Instant::now();
    while began.elapsed() < Duration::from_secs(2) {
        let t = Instant::now();
        for k in 0..batch as usize {
            black_box(f(black_box(&hands[(start + k) % hands.len()])));
        }
        per_hand.push(t.elapsed().as_secs_f64() * 1e9 / f64::from(batch));
        start = (start + batch as usize) % hands.len();
    }
    per_hand.sort_by(f64::total_cmp);
    println!(
        "{id:<40} min {:>10.1} ns   p10 {:>10.1} ns   ({} batches of {batch})",
        per_hand[0],
        per_hand[per_hand.len() / 10],
        per_hand.len()
    );
}

/// The `TWMJ_BENCH_MIN` mode for a batch call: each block of `rows` rows timed on its own,
/// in turn for about two seconds; the fastest block and the 10th percentile, per row.
fn min_of_blocks<T>(id: &str, blocks: &[T], rows: usize, mut f: impl FnMut(&T)) {
    let mut per_row = Vec::new();
    let began = Instant::now();
    let mut k = 0;
    while began.elapsed() < Duration::from_secs(2) {
        let t = Instant::now();
        f(black_box(&blocks[k % blocks.len()]));
        per_row.push(t.elapsed().as_secs_f64() * 1e9 / f64::from(u32::try_from(rows).unwrap_or(1)));
        k += 1;
    }
    per_row.sort_by(f64::total_cmp);
    println!(
        "{id:<40} min {:>10.1} ns   p10 {:>10.1} ns   ({} blocks of {rows} rows)",
        per_row[0],
        per_row[per_row.len() / 10],
        per_row.len()
    );
}

/// Times `f` over `hands`, one hand per iteration, in order.
fn walk<T, O>(c: &mut Criterion, group: &str, name: &str, hands: &[T], f: impl Fn(&T) -> O) {
    let mask = hands.len() - 1;
    assert!(hands.len().is_power_of_two());
    if let Ok(filter) = std::env::var("TWMJ_BENCH_MIN") {
        min_of_batches(&filter, &format!("{group}/{name}"), hands, f);
        return;
    }
    c.benchmark_group(group).bench_function(name, |b| {
        let mut i = 0usize;
        // The answer goes through `std::hint::black_box` and the closure returns nothing:
        // criterion 0.5 reads a returned value with a volatile read, which copies a struct
        // such as the 104-byte list the full waits returned a byte at a time (17 % of
        // `waits/full/ready16_hot` in `perf`) while a `Vec` is three words, so the figures
        // would rank the two by the harness's copy rather than by the work.
        b.iter(|| {
            i = (i + 1) & mask;
            black_box(f(black_box(&hands[i])));
        });
    });
}

fn benches(c: &mut Criterion) {
    tables::force();
    let s = sets();
    check(&s);
    let hands = |v: &[Counts], form| v.iter().map(|c| hand_of(c, form)).collect::<Vec<_>>();
    let no_visible = [0u8; KINDS];
    // The default rules, built once as a caller would (the binding passes `&TAIWAN`).
    let taiwan = Variant::taiwan();

    // waits: the raw mask, the full answer with shapes and copies left, and from notation.
    walk(c, "waits", "wait_mask/random16", &s.random16, wait_mask);
    walk(c, "waits", "wait_mask/ready16", &s.ready16, wait_mask);
    walk(
        c,
        "waits",
        "wait_mask/ready16_hot",
        &s.ready16[..HOT],
        wait_mask,
    );
    // The batch loop (`waits_batch`) over the same hands, 1024 rows a step: the figure is per
    // 1024 rows, so divide by 1024 to compare with `wait_mask/random16`. Under
    // `TWMJ_BENCH_MIN` each 1024-row step is timed on its own and the figure is per row.
    for (name, set) in [("random16", &s.random16), ("ready16", &s.ready16)] {
        let blocks: Vec<Vec<u8>> = set
            .chunks(1024)
            .map(|b| b.iter().flatten().copied().collect())
            .collect();
        let mut out = vec![0u64; 1024];
        let id = format!("waits/batch_1024/{name}");
        if let Ok(filter) = std::env::var("TWMJ_BENCH_MIN") {
            if filter.split('|').any(|w| id.contains(w)) {
                min_of_blocks(&id, &blocks, 1024, |b| {
                    batch::wait_masks(b, 16, &mut out);
                });
            }
            continue;
        }
        walk(c, "waits", &format!("batch_1024/{name}"), &blocks, |b| {
            let mut o = [0u64; 1024];
            batch::wait_masks(b, 16, &mut o);
            o
        });
    }
    let r16 = hands(&s.random16, Form::Waiting);
    let d16 = hands(&s.ready16, Form::Waiting);
    walk(c, "waits", "full/random16", &r16, |h| {
        waits(h, &no_visible, &taiwan)
    });
    walk(c, "waits", "full/ready16", &d16, |h| {
        waits(h, &no_visible, &taiwan)
    });
    walk(c, "waits", "full/ready16_hot", &d16[..HOT], |h| {
        waits(h, &no_visible, &taiwan)
    });
    // What `twmj.waits` adds for a hand that is not ready: the accepting draws.
    walk(c, "waits", "accepts/random16", &r16, |h| {
        accepts(h, &no_visible, &taiwan)
    });
    let strings: Vec<String> = s.ready16.iter().map(|c| notation::format(c, 0)).collect();
    walk(c, "waits", "from_str/ready16", &strings, |t| {
        notation::parse(t)
            .and_then(|t| Hand::new(t, Vec::new(), Form::Waiting, 16))
            .and_then(|h| waits(&h, &no_visible, &taiwan))
    });

    // shanten: from counts (what the batch call runs) and of a validated hand.
    walk(c, "shanten", "counts/random16", &s.random16, shanten_counts);
    walk(
        c,
        "shanten",
        "counts/random16_hot",
        &s.random16[..HOT],
        shanten_counts,
    );
    walk(c, "shanten", "counts/ready16", &s.ready16, shanten_counts);
    walk(c, "shanten", "counts/random14", &s.random14, shanten_counts);
    walk(c, "shanten", "hand/random16", &r16, |h| shanten(h, &taiwan));
    // The same under improved16: the regular shanten and the special shapes' (瀝咕瀝咕, 十三么).
    let improved = Variant::improved16();
    walk(c, "shanten", "hand_improved16/random16", &r16, |h| {
        shanten(h, &improved)
    });

    // analyze: discard analysis of a 17-tile hand.
    let r17 = hands(&s.random17, Form::Full);
    let d17 = hands(&s.ready17, Form::Full);
    walk(c, "analyze", "random17", &r17, |h| {
        analyze(h, &no_visible, &taiwan)
    });
    walk(c, "analyze", "ready17", &d17, |h| {
        analyze(h, &no_visible, &taiwan)
    });
    walk(c, "analyze", "improved16/random17", &r17, |h| {
        analyze(h, &no_visible, &improved)
    });
    walk(c, "analyze", "ready17_hot", &d17[..HOT], |h| {
        analyze(h, &no_visible, &taiwan)
    });
    // With an explicit meld: the suit (or honours) holding the meld's kinds is capped, so its
    // overlaps come from the dynamic programme instead of the tables. Fewer hands: they are
    // built one by one.
    let mut rng = fastrand::Rng::with_seed(41);
    let chi14: Vec<Hand> = (0..1 << 12)
        .map(|_| melded_hand(&mut rng, 14, false, Form::Full))
        .collect();
    let pon14: Vec<Hand> = (0..1 << 12)
        .map(|_| melded_hand(&mut rng, 14, true, Form::Full))
        .collect();
    let chi13: Vec<Hand> = (0..1 << 12)
        .map(|_| melded_hand(&mut rng, 13, false, Form::Waiting))
        .collect();
    walk(c, "analyze", "chi/random14", &chi14, |h| {
        analyze(h, &no_visible, &taiwan)
    });
    walk(c, "analyze", "pon/random14", &pon14, |h| {
        analyze(h, &no_visible, &taiwan)
    });
    walk(c, "shanten", "hand_chi/random13", &chi13, |h| {
        shanten(h, &taiwan)
    });
    walk(c, "waits", "accepts_chi/random13", &chi13, |h| {
        accepts(h, &no_visible, &taiwan)
    });

    // is_win: complete and random 17-tile hands.
    walk(c, "is_win", "complete17", &s.complete17, is_win_counts);
    walk(c, "is_win", "random17", &s.random17, is_win_counts);

    // decompose and score: every split of a winning hand, and the max-tai score over them
    // (taiwan preset, a self-draw by the dealer on a random tile of the hand).
    walk(c, "decompose", "complete17", &s.complete17, decompositions);
    let ctx = Context::new(0, WinKind::SelfDraw);
    let mut rng = fastrand::Rng::with_seed(17);
    let wins: Vec<(Counts, Tile)> = s
        .complete17
        .iter()
        .map(|counts| {
            let kinds: Vec<usize> = (0..KINDS).filter(|&k| counts[k] > 0).collect();
            let k = kinds[rng.usize(0..kinds.len())];
            (*counts, Tile::new(k).unwrap_or_else(|| unreachable!()))
        })
        .collect();
    for (counts, tile) in &wins {
        if let Err(e) = score(counts, &[], *tile, &ctx, &taiwan, false) {
            panic!("{}: {e}", notation::format(counts, 0));
        }
    }
    walk(c, "score", "max_tai/complete17", &wins, |(counts, tile)| {
        score(counts, &[], *tile, &ctx, &taiwan, false)
    });
    walk(
        c,
        "score",
        "max_tai_why_not/complete17",
        &wins,
        |(counts, tile)| score(counts, &[], *tile, &ctx, &taiwan, true),
    );
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(50)
        .configure_from_args()
}

criterion_group! {
    name = core;
    config = config();
    targets = benches
}
criterion_main!(core);
