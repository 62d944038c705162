"""The longer arena run of issue 15: `value` against `efficiency`, two seats each, seats
rotating; prints both agents' mean net per hand with its 95 % interval, and the difference
value − efficiency with its interval.

    .venv/bin/python benches/value_vs_efficiency.py [--hands 40000] [--seed 1] [--paired]

The difference is taken hand by hand: in each hand, the mean net of the two value seats minus
that of the two efficiency seats (the nets sum to 0, so it is twice the value seats' mean); its
interval is 1.96 standard errors of those per-hand differences. `--paired` also plays the same
seeds with efficiency at all four seats and subtracts, hand by hand, the same difference taken
over the same agent slots there: with four identical agents rotating its expectation is 0, so
the estimate is unbiased, and because both tables deal the same tiles and play alike until the
value bot's choices differ, its interval is narrower.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
import numpy.typing as npt

from twmj.arena import ArenaResult, arena

AGENTS = ["value", "efficiency", "value", "efficiency"]


def slot_difference(r: ArenaResult) -> npt.NDArray[np.float64]:
    """Per hand: mean net of agent slots 0 and 2 minus that of slots 1 and 3."""
    who = r.rows["agent"][:, :4]
    net = r.rows["net_tai"][:, :4].astype(np.float64)
    sign = np.where(who % 2 == 0, 0.5, -0.5)
    return np.asarray((net * sign).sum(axis=1), dtype=np.float64)


def mean_ci(x: npt.NDArray[np.float64]) -> tuple[float, float]:
    return float(x.mean()), 1.96 * float(x.std(ddof=1)) / math.sqrt(len(x))


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--hands", type=int, default=40_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--variant", default="taiwan")
    p.add_argument("--paired", action="store_true", help="subtract an all-efficiency table")
    args = p.parse_args()
    t = time.perf_counter()
    r = arena(AGENTS, args.hands, args.seed, args.variant)
    dt = time.perf_counter() - t
    print(f"{r.variant}: {r.hands} hands (seed {r.seed}) in {dt:.1f} s, draws {r.draw_rate:.1%}")
    for s in r.stats:
        print(
            f"  {s.agent:<10} win {s.win_rate:.1%} deal-in {s.deal_in_rate:.1%} "
            f"net/hand {s.mean_net:+.3f} ± {s.ci95:.3f}"
        )
    d = slot_difference(r)
    m, ci = mean_ci(d)
    verdict = "excludes 0" if abs(m) > ci else "includes 0"
    print(f"  value − efficiency: {m:+.4f} ± {ci:.4f} tai a hand (interval {verdict})")
    if args.paired:
        t = time.perf_counter()
        c = arena(["efficiency"] * 4, args.hands, args.seed, args.variant)
        dt = time.perf_counter() - t
        m, ci = mean_ci(d - slot_difference(c))
        verdict = "excludes 0" if abs(m) > ci else "includes 0"
        print(
            f"  paired with all-efficiency ({dt:.1f} s): {m:+.4f} ± {ci:.4f} tai a hand "
            f"(interval {verdict})"
        )


if __name__ == "__main__":
    main()
