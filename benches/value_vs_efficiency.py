"""The longer arena run of issue 15: `value` against `efficiency`, two seats each, seats
rotating; prints both agents' mean net per hand with its 95 % interval.

    .venv/bin/python benches/value_vs_efficiency.py [--hands 40000] [--seed 1]
"""

from __future__ import annotations

import argparse
import time

from twmj.arena import arena


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--hands", type=int, default=40_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--variant", default="taiwan")
    args = p.parse_args()
    t = time.perf_counter()
    r = arena(["value", "efficiency", "value", "efficiency"], args.hands, args.seed, args.variant)
    dt = time.perf_counter() - t
    print(f"{r.variant}: {r.hands} hands (seed {r.seed}) in {dt:.1f} s, draws {r.draw_rate:.1%}")
    for s in r.stats:
        print(
            f"  {s.agent:<10} win {s.win_rate:.1%} deal-in {s.deal_in_rate:.1%} "
            f"net/hand {s.mean_net:+.3f} ± {s.ci95:.3f}"
        )


if __name__ == "__main__":
    main()
