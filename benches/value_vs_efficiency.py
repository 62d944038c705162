"""The longer arena run of issue 15: `value` against `efficiency`, two seats each, seats
rotating; prints both agents' mean net per hand with its 95 % interval, and the difference
value − efficiency with its interval.

    .venv/bin/python benches/value_vs_efficiency.py [--hands 40000] [--seed 1] [--paired]
        [--agents value,efficiency]

The difference is taken hand by hand: in each hand, the mean net of the two A seats minus
that of the two B seats (seated A,A,B,B); its interval is 1.96 standard errors of those per-hand differences.
`--paired` plays the duplicate format instead (issue 28, `twmj arena --duplicate`): `--hands`
deals, each played once per seat with the agents rotated, so both kinds play every seat of
every deal and the difference is paired per deal (the seat and tile luck cancel).
"""

from __future__ import annotations

import argparse
import time

from twmj.arena import arena, difference


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--hands", type=int, default=40_000, help="hands (deals with --paired)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--variant", default="taiwan")
    p.add_argument("--agents", default="value,efficiency", help="the two bot kinds A,B")
    p.add_argument("--paired", action="store_true", help="duplicate format, paired per deal")
    args = p.parse_args()
    a, b = args.agents.split(",")
    t = time.perf_counter()
    r = arena([a, a, b, b], args.hands, args.seed, args.variant, duplicate=args.paired)
    dt = time.perf_counter() - t
    kind = f"{r.deals} deals × {r.seats} seats (duplicate)" if r.duplicate else "hands"
    print(
        f"{r.variant}: {r.hands} hands = {kind} (seed {r.seed}) in {dt:.1f} s, "
        f"draws {r.draw_rate:.1%}"
    )
    for s in r.stats:
        print(
            f"  {s.agent:<10} win {s.win_rate:.1%} 自摸 {s.self_drawn_rate:.1%} "
            f"deal-in {s.deal_in_rate:.1%} net/hand {s.mean_net:+.3f} ± {s.ci95:.3f}"
        )
    d = difference(r)
    assert d is not None
    verdict = "excludes 0" if abs(d.mean) > d.ci95 else "includes 0"
    per = "deal" if r.duplicate else "hand"
    print(
        f"  {a} − {b}: {d.mean:+.4f} ± {d.ci95:.4f} tai a hand, paired per {per} "
        f"(interval {verdict})"
    )


if __name__ == "__main__":
    main()
