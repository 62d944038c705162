"""Python benchmarks of the core, named like `rust/twmj-core/benches/core.rs` so the FFI cost shows.

Not part of the test run (`testpaths = ["tests"]`); run it explicitly:

    .venv/bin/python -m pytest benches/test_bench_python.py --benchmark-only

Each round walks 1000 pre-generated hands, one call per hand, so pytest-benchmark's figures
are per 1000 hands (µs per round = ns per hand); the summary at the end divides them out.
Every operation's answer is checked once before it is timed.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import twmj

# The hand generators beside this file, whatever pytest's import mode.
sys.path.insert(0, str(Path(__file__).resolve().parent))
import hands

ROUND = 1000
BATCH = 1_000_000
_rng = random.Random(20261129)
RANDOM16 = [hands.random_hand(_rng, 16) for _ in range(ROUND)]
READY16 = [hands.ready16(_rng) for _ in range(ROUND)]
RANDOM17 = [hands.random_hand(_rng, 17) for _ in range(ROUND)]
READY17 = [hands.ready17(_rng) for _ in range(ROUND)]
COMPLETE17 = [hands.complete17(_rng) for _ in range(ROUND)]
READY16_STR = [twmj.format(b) for b in READY16]
RANDOM16_STR = [twmj.format(b) for b in RANDOM16]
READY17_STR = [twmj.format(b) for b in READY17]

Recorder = Callable[[str, str, int], None]


def walk(benchmark: Any, per_hand: Recorder, group: str, name: str, f: Any, hs: list[Any]) -> None:
    """Times one call of `f` per hand of `hs` (a round), recording the per-hand figure."""

    def run() -> None:
        for h in hs:
            f(h)

    benchmark.group = group
    benchmark.name = name
    per_hand(group, name, len(hs))
    benchmark(run)


def test_check_answers() -> None:
    """The answers the timed calls give, checked once (also run by each group below)."""
    w = twmj.waits("2223456m123456789p")
    assert w.tiles == ["1m", "3m", "4m", "6m", "7m"]
    assert twmj.waits(twmj.counts("2223456m123456789p")).tiles == w.tiles
    assert twmj.mask_tiles(twmj.wait_mask(twmj.counts("2223456m123456789p"))) == w.tiles
    assert twmj.waits("3345m123p456p789p111z").waits[0].shapes == ["ryanmen", "tanki"]
    assert twmj.shanten("1234567z") == 4
    assert twmj.shanten("2223456m123456789p") == 0
    assert twmj.analyze("2223456m123456789p9s").discards[0].tile == "9s"
    assert twmj.is_win("2223456m123456789p1m")
    for b, s in zip(READY16, READY16_STR, strict=True):
        assert twmj.waits(b).tenpai
        assert twmj.wait_mask(b) != 0
        assert twmj.shanten(s) == 0


# --- waits -----------------------------------------------------------------------------


def test_waits_full_str_ready16(benchmark: Any, per_hand: Recorder) -> None:
    assert all(twmj.waits(s).tenpai for s in READY16_STR)
    walk(benchmark, per_hand, "waits", "full/str_ready16", twmj.waits, READY16_STR)


def test_waits_full_str_ready16_read(benchmark: Any, per_hand: Recorder) -> None:
    """String in, the typed `Wait` objects out (their tuple built and each tile read)."""

    def f(s: str) -> list[str]:
        return [w.tile for w in twmj.waits(s).waits]

    assert all(f(s) for s in READY16_STR)
    walk(benchmark, per_hand, "waits", "full/str_ready16_read", f, READY16_STR)


def test_waits_full_str_random16(benchmark: Any, per_hand: Recorder) -> None:
    walk(benchmark, per_hand, "waits", "full/str_random16", twmj.waits, RANDOM16_STR)


def test_waits_full_bytes_ready16(benchmark: Any, per_hand: Recorder) -> None:
    assert [twmj.waits(b).tiles for b in READY16] == [twmj.waits(s).tiles for s in READY16_STR]
    walk(benchmark, per_hand, "waits", "full/bytes_ready16", twmj.waits, READY16)


def test_waits_full_bytes_random16(benchmark: Any, per_hand: Recorder) -> None:
    walk(benchmark, per_hand, "waits", "full/bytes_random16", twmj.waits, RANDOM16)


def test_waits_wait_mask_bytes_ready16(benchmark: Any, per_hand: Recorder) -> None:
    assert [twmj.mask_tiles(twmj.wait_mask(b)) for b in READY16] == [
        twmj.waits(b).tiles for b in READY16
    ]
    walk(benchmark, per_hand, "waits", "wait_mask/bytes_ready16", twmj.wait_mask, READY16)


def test_waits_wait_mask_bytes_random16(benchmark: Any, per_hand: Recorder) -> None:
    walk(benchmark, per_hand, "waits", "wait_mask/bytes_random16", twmj.wait_mask, RANDOM16)


def test_baseline_loop(benchmark: Any, per_hand: Recorder) -> None:
    """The Python side of every walk: the loop and one builtin call (`len`), not a PyO3 call."""
    walk(benchmark, per_hand, "baseline", "loop_len/bytes", len, READY16)


# --- shanten ---------------------------------------------------------------------------


def test_shanten_str_random16(benchmark: Any, per_hand: Recorder) -> None:
    assert [twmj.shanten(s) for s in RANDOM16_STR] == [twmj.shanten(b) for b in RANDOM16]
    walk(benchmark, per_hand, "shanten", "str/random16", twmj.shanten, RANDOM16_STR)


def test_shanten_bytes_random16(benchmark: Any, per_hand: Recorder) -> None:
    assert all(twmj.shanten(b) == 0 for b in READY16)
    walk(benchmark, per_hand, "shanten", "bytes/random16", twmj.shanten, RANDOM16)


# --- analyze ---------------------------------------------------------------------------


def test_analyze_bytes_random17(benchmark: Any, per_hand: Recorder) -> None:
    assert all(twmj.analyze(b).shanten == twmj.shanten(b) for b in RANDOM17)
    walk(benchmark, per_hand, "analyze", "bytes/random17", twmj.analyze, RANDOM17)


def test_analyze_bytes_ready17(benchmark: Any, per_hand: Recorder) -> None:
    assert all(twmj.analyze(b).discards[0].shanten == 0 for b in READY17)
    walk(benchmark, per_hand, "analyze", "bytes/ready17", twmj.analyze, READY17)


def test_analyze_str_ready17(benchmark: Any, per_hand: Recorder) -> None:
    walk(benchmark, per_hand, "analyze", "str/ready17", twmj.analyze, READY17_STR)


# --- is_win ----------------------------------------------------------------------------


def test_is_win_bytes_complete17(benchmark: Any, per_hand: Recorder) -> None:
    assert all(twmj.is_win(b) for b in COMPLETE17)
    walk(benchmark, per_hand, "is_win", "bytes/complete17", twmj.is_win, COMPLETE17)


# --- batch -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def batch16() -> np.ndarray:
    return hands.random_batch(BATCH, 16, seed=1)


def _check_batch(
    wrong: list[str], name: str, got: np.ndarray, one: Callable[[bytes], int], rows: np.ndarray
) -> None:
    """Compares the batch answer with the one-hand call on 1000 rows; a mismatch is reported."""
    want = [one(r.tobytes()) for r in rows]
    bad = [i for i, (g, w) in enumerate(zip(got.tolist(), want, strict=True)) if g != w]
    if bad:
        i = bad[0]
        wrong.append(
            f"{name} disagrees with the one-hand call on {len(bad)} of {len(rows)} rows, e.g. "
            f"{twmj.format(rows[i].tobytes())}: {got[i]} instead of {want[i]}"
        )


def _threads() -> str:
    return os.environ.get("RAYON_NUM_THREADS", "all")


def test_batch_waits_batch(
    benchmark: Any, per_hand: Recorder, wrong: list[str], batch16: np.ndarray
) -> None:
    rows = batch16[:ROUND]
    _check_batch(wrong, "waits_batch", twmj.waits_batch(rows), twmj.wait_mask, rows)
    benchmark.group = "batch"
    benchmark.name = f"waits_batch/random16_1M_threads_{_threads()}"
    per_hand("batch", benchmark.name, BATCH)
    benchmark.pedantic(twmj.waits_batch, args=(batch16,), rounds=5, warmup_rounds=1)


def test_batch_shanten_batch(
    benchmark: Any, per_hand: Recorder, wrong: list[str], batch16: np.ndarray
) -> None:
    rows = batch16[:ROUND]
    _check_batch(wrong, "shanten_batch", twmj.shanten_batch(rows), twmj.shanten, rows)
    benchmark.group = "batch"
    benchmark.name = f"shanten_batch/random16_1M_threads_{_threads()}"
    per_hand("batch", benchmark.name, BATCH)
    benchmark.pedantic(twmj.shanten_batch, args=(batch16,), rounds=5, warmup_rounds=1)
