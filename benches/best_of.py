"""Best figure per operation over several saved outputs of the Rust or Python benchmarks.

    cargo bench -p twmj-core --bench core > rust1.txt   # twice or more
    .venv/bin/python benches/best_of.py rust1.txt rust2.txt
    .venv/bin/python -m pytest benches/test_bench_python.py --benchmark-only > py1.txt
    .venv/bin/python benches/best_of.py py1.txt py2.txt

The machine is shared and has 2 cores, so one run can be slowed by other work: each
operation's figure is the lowest over the runs of the criterion median (the middle of
`time: [lo mid hi]`), or of the per-hand minimum of the Python summary, and the worst run's
figure is shown beside it so the noise is visible.
"""

from __future__ import annotations

import re
import sys

_UNITS = {"ps": 1e-3, "ns": 1.0, "µs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
_TIME = re.compile(r"time:\s+\[\S+ \S+ (\S+) (\S+) \S+ \S+\]")
# A line of the per-hand summary of benches/conftest.py: name, min, median, hands/s.
_PER_HAND = re.compile(r"^(\S+/\S+)\s+([\d.]+) (ns|µs)\s+[\d.]+ (?:ns|µs)\s+[\d,]+$")


def medians(path: str) -> dict[str, float]:
    """Operation name → criterion median in ns, from one run's output."""
    out: dict[str, float] = {}
    name = ""
    with open(path, encoding="utf-8") as f:
        for line in f:
            p = _PER_HAND.match(line.strip())
            if p:
                out[p.group(1)] = float(p.group(2)) * _UNITS[p.group(3)]
                continue
            m = _TIME.search(line)
            head = line.split("time:")[0].strip()
            if head and not line.startswith(("Benchmarking", " ", "Found", "Warning")):
                name = head
            if m and name:
                out[name] = float(m.group(1)) * _UNITS[m.group(2)]
    return out


def fmt(ns: float) -> str:
    return f"{ns / 1000:.2f} µs" if ns >= 1000 else f"{ns:.1f} ns"


def main() -> None:
    runs = [medians(p) for p in sys.argv[1:]]
    names = list(dict.fromkeys(n for r in runs for n in r))
    print(f"{'operation':<44} {'best':>10} {'worst':>10}  runs")
    for n in names:
        xs = [r[n] for r in runs if n in r]
        print(f"{n:<44} {fmt(min(xs)):>10} {fmt(max(xs)):>10}  {len(xs)}")


if __name__ == "__main__":
    main()
