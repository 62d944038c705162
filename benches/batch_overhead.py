"""Splits the cost of `waits_batch` / `shanten_batch` into the binding's part and the core's.

    .venv/bin/python benches/batch_overhead.py                       # all cores
    RAYON_NUM_THREADS=1 .venv/bin/python benches/batch_overhead.py   # one core

Three 1,000,000-row inputs: random 16-tile hands (cold table reads), 8 hands repeated (hot
reads), and one-tile rows, where the core's work is next to nothing: what remains there is
the cost of reading, checking and copying the rows and returning the array.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt

import twmj

sys.path.insert(0, str(Path(__file__).resolve().parent))
import hands

ROWS = 1_000_000


def per_row_ns(f: Callable[[npt.NDArray[np.uint8]], object], a: npt.NDArray[np.uint8]) -> float:
    """Best of 7 calls, per row."""
    best = float("inf")
    for _ in range(7):
        t = time.perf_counter()
        f(a)
        best = min(best, time.perf_counter() - t)
    return best * 1e9 / len(a)


def main() -> None:
    random16 = hands.random_batch(ROWS, 16, seed=1)
    hot = np.tile(random16[:8], (ROWS // 8, 1))
    one = np.zeros_like(random16)
    one[:, 0] = 1
    assert twmj.waits_batch(one[:1])[0] == 1  # 1m waits on 1m
    print(f"threads: {os.environ.get('RAYON_NUM_THREADS', 'all')}, {ROWS:,} rows, ns per row")
    print(f"{'call':<15} {'random16':>9} {'8 repeated':>11} {'one-tile':>9}")
    for name, f in [("waits_batch", twmj.waits_batch), ("shanten_batch", twmj.shanten_batch)]:
        cells = [per_row_ns(f, a) for a in (random16, hot, one)]
        print(f"{name:<15} {cells[0]:>9.1f} {cells[1]:>11.1f} {cells[2]:>9.1f}")


if __name__ == "__main__":
    main()
