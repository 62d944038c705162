//! What the duplicate-format examples share: deals run across threads, and the paired
//! difference's mean and 95 % interval.

// Counts far below 2^52.
#![allow(clippy::cast_precision_loss)]

/// `deal(i)` for every `i` below `deals`, split over `threads` threads (deal `i` on thread
/// `i % threads`), in the order of `i`; the first error ends the run.
pub fn across_threads<T: Send>(
    deals: u64,
    threads: u64,
    deal: impl Fn(u64) -> Result<T, String> + Sync,
) -> Result<Vec<T>, String> {
    let threads = threads.max(1);
    let deal = &deal;
    let mut all: Vec<(u64, T)> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    (0..deals)
                        .filter(|i| i % threads == t)
                        .map(|i| deal(i).map(|d| (i, d)))
                        .collect::<Result<Vec<_>, String>>()
                })
            })
            .collect();
        let mut all = Vec::new();
        for h in hs {
            all.extend(h.join().map_err(|_| "a worker panicked".to_string())??);
        }
        Ok::<_, String>(all)
    })?;
    all.sort_by_key(|d| d.0);
    Ok(all.into_iter().map(|d| d.1).collect())
}

/// The mean of `diffs` and the half-width of its 95 % interval (normal).
pub fn mean_ci(diffs: &[f64]) -> (f64, f64) {
    let n = diffs.len() as f64;
    let m = diffs.iter().sum::<f64>() / n;
    let var = diffs.iter().map(|d| (d - m).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (m, 1.96 * (var / n).sqrt())
}
