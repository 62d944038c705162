"""twmj against the PyPI `mahjong` and `xiangting` packages on one job: 14-tile regular-hand shanten.

    .venv/bin/python -m pip install -r benches/requirements.txt
    .venv/bin/python benches/compare_shanten.py

Each package gets the same hands in its own input form, built before timing: twmj a 34-byte
`bytes` (its fast path), `mahjong` and `xiangting` a `list[int]` of 34 counts. A 14-tile hand
with no melds is, for twmj, k = 1 implied meld: four sets and a pair, the same target.

`xiangting.calculate_replacement_number` (6.x) returns the minimum over the regular form, seven
pairs and thirteen orphans, and has no regular-only call in Python; so its answers are checked
against min(twmj, mahjong's seven-pairs and thirteen-orphans shanten), and its timing includes
two cheap extra scans. twmj counts the 4-copy limit exactly; `mahjong` only in part, so a few
hands legitimately differ: they are counted and one is shown.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import hands
from mahjong.shanten import Shanten
from xiangting import PlayerCount, calculate_replacement_number

import twmj


def near14(rng: random.Random) -> bytes:
    """Four random sets and a pair, two tiles swapped for random ones: 0–2 shanten mostly."""
    while True:
        c = [0] * hands.KINDS
        c[rng.randrange(hands.KINDS)] += 2
        for _ in range(4):
            if rng.randrange(3) < 2:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                for k in range(start, start + 3):
                    c[k] += 1
            else:
                c[rng.randrange(hands.KINDS)] += 3
        if max(c) <= 4:
            break
    for _ in range(2):
        hands.remove_random(rng, c)
    for _ in range(2):
        hands.add_random(rng, c)
    return bytes(c)


def quads14(rng: random.Random) -> bytes:
    """Two random kinds at 4 copies plus 6 random tiles: where the 4-copy limit bites."""
    c = [0] * hands.KINDS
    for k in rng.sample(range(hands.KINDS), 2):
        c[k] = 4
    for _ in range(6):
        hands.add_random(rng, c)
    return bytes(c)


def per_call_ns(f: Callable[[Any], object], xs: Sequence[Any], repeat: int) -> float:
    """Best over `repeat` walks of the time per call of `f` on each of `xs`."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter_ns()
        for x in xs:
            f(x)
        best = min(best, (time.perf_counter_ns() - t) / len(xs))
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000, help="hands per set (default 2000)")
    ap.add_argument("--repeat", type=int, default=5, help="walks per figure, best kept")
    args = ap.parse_args()

    rng = random.Random(20261129)
    sets = {
        "random14": [hands.random_hand(rng, 14) for _ in range(args.hands)],
        "near14": [near14(rng) for _ in range(args.hands)],
        "quads14": [quads14(rng) for _ in range(args.hands)],
    }
    mj = Shanten.calculate_shanten_for_regular_hand
    four = PlayerCount.FOUR

    def xt(h: list[int]) -> int:
        return calculate_replacement_number(h, four) - 1

    print(f"twmj · mahjong 2.1.0 · xiangting 6.0.2 · {args.hands} hands per set")
    for name, bs in sets.items():
        ls = [list(b) for b in bs]
        # Answers first, once: twmj vs mahjong (regular form), xiangting vs the best form.
        t_ans = [twmj.shanten(b) for b in bs]
        m_ans = [mj(h) for h in ls]
        x_ans = [xt(h) for h in ls]
        best_form = [
            min(
                t,
                Shanten.calculate_shanten_for_chiitoitsu_hand(h),
                Shanten.calculate_shanten_for_kokushi_hand(h),
            )
            for t, h in zip(t_ans, ls, strict=True)
        ]
        diff_m = [i for i, (t, m) in enumerate(zip(t_ans, m_ans, strict=True)) if t != m]
        diff_x = [i for i, (b, x) in enumerate(zip(best_form, x_ans, strict=True)) if b != x]
        print(
            f"\n{name}: shanten histogram (twmj) "
            f"{ {s: t_ans.count(s) for s in sorted(set(t_ans))} }"
        )
        print(f"  twmj vs mahjong: {len(diff_m)} of {len(bs)} differ", end="")
        if diff_m:
            i = diff_m[0]
            print(f", e.g. {twmj.format(bs[i])}: twmj {t_ans[i]}, mahjong {m_ans[i]}", end="")
        print()
        print(
            f"  twmj (with seven pairs, thirteen orphans) vs xiangting: {len(diff_x)} differ",
            end="",
        )
        if diff_x:
            i = diff_x[0]
            print(f", e.g. {twmj.format(bs[i])}: twmj {best_form[i]}, xiangting {x_ans[i]}", end="")
        print()

        t_ns = per_call_ns(twmj.shanten, bs, args.repeat)
        m_ns = per_call_ns(mj, ls, max(1, args.repeat // 2))
        x_ns = per_call_ns(lambda h: calculate_replacement_number(h, four), ls, args.repeat)
        print(f"  per call: twmj.shanten(bytes) {t_ns:9.1f} ns")
        print(
            f"            mahjong             {m_ns:9.1f} ns   twmj/mahjong speed {m_ns / t_ns:6.1f}×"
        )
        print(
            f"            xiangting           {x_ns:9.1f} ns   twmj/xiangting speed {x_ns / t_ns:5.2f}×"
        )


if __name__ == "__main__":
    main()
