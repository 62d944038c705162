"""The Python waits calls timed by the fastest of many walks: for a machine shared with other work.

pytest-benchmark's figures (`test_bench_python.py`) move with the other processes on the
machine; the fastest of a few hundred 1000-hand walks is the call's own cost. Same hands as
`test_bench_python.py`. Compare two builds by running this in turn with each installed:

    RAYON_NUM_THREADS=1 .venv/bin/python benches/min_of.py
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import twmj

sys.path.insert(0, str(Path(__file__).resolve().parent))
import hands


def fastest(f: Callable[[Any], object], hs: list[Any], walks: int = 300) -> float:
    """The fastest walk over `hs`, per hand, in ns."""
    best = float("inf")
    for _ in range(walks):
        t = time.perf_counter_ns()
        for h in hs:
            f(h)
        best = min(best, (time.perf_counter_ns() - t) / len(hs))
    return best


def main() -> None:
    rng = random.Random(20261129)
    random16 = [hands.random_hand(rng, 16) for _ in range(1000)]
    ready16 = [hands.ready16(rng) for _ in range(1000)]
    ready16_str = [twmj.format(b) for b in ready16]
    random16_str = [twmj.format(b) for b in random16]
    print(f"{'loop (len)':32s} {fastest(len, ready16):8.1f} ns")
    calls: list[tuple[str, Callable[[Any], object], list[Any]]] = [
        ("waits/full/str_ready16", twmj.waits, ready16_str),
        ("waits/full/str_random16", twmj.waits, random16_str),
        ("waits/full/bytes_ready16", twmj.waits, ready16),
        ("waits/full/bytes_random16", twmj.waits, random16),
        ("waits/wait_mask/bytes_ready16", twmj.wait_mask, ready16),
    ]
    for name, f, hs in calls:
        print(f"{name:32s} {fastest(f, hs):8.1f} ns")
    batch = hands.random_batch(1_000_000, 16, seed=1)
    best = float("inf")
    for _ in range(7):
        t = time.perf_counter_ns()
        twmj.waits_batch(batch)
        best = min(best, time.perf_counter_ns() - t)
    per_row = best / len(batch)
    print(f"{'batch/waits_batch 1M':32s} {per_row:8.1f} ns a row, {1e3 / per_row:.1f} M rows/s")


if __name__ == "__main__":
    main()
