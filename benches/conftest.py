"""Per-hand figures for the Python benchmarks, printed after pytest-benchmark's own table."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

# (group, name, hands per round, benchmark fixture), filled as the tests run.
_RESULTS: list[tuple[str, str, int, Any]] = []
# Answers that disagreed during the checks, reported in the summary instead of failing.
_WRONG: list[str] = []


@pytest.fixture
def per_hand(benchmark: Any) -> Iterator[Callable[[str, str, int], None]]:
    """Records that the benchmark's rounds each did `n` hands, for the per-hand summary."""

    def record(group: str, name: str, n: int) -> None:
        _RESULTS.append((group, name, n, benchmark))

    yield record


@pytest.fixture
def wrong() -> list[str]:
    """Where a check appends a disagreement, so the figures still come out but say so."""
    return _WRONG


def pytest_terminal_summary(terminalreporter: Any) -> None:
    done = [r for r in _RESULTS if r[3].stats is not None]
    if not done and not _WRONG:
        return
    tr = terminalreporter
    tr.section("per hand (min and median over rounds, divided by hands per round)")
    tr.write_line(f"{'operation':<40} {'min':>12} {'median':>12} {'hands/s':>14}")
    for group, name, n, bench in done:
        s = bench.stats.stats
        lo, med = s.min / n, s.median / n
        tr.write_line(f"{group + '/' + name:<40} {_ns(lo):>12} {_ns(med):>12} {1 / lo:>14,.0f}")
    for w in _WRONG:
        tr.write_line(f"WRONG ANSWER: {w}")


def _ns(seconds: float) -> str:
    ns = seconds * 1e9
    return f"{ns / 1000:.2f} µs" if ns >= 1000 else f"{ns:.1f} ns"
