"""A long mask-sampling run of `twmj.VecEnv` over every preset (issue 31 item 1): it must never
stall on a hand that ends at the deal (天胡, an opening flower win), and every hand's payout
must be reported. Bounded: `--agent-steps` in all (default 20,000,000), split evenly over
the presets and, within a preset, over segments each started so that a table meets a hand
over at the deal (found first by a scan of `--scan` seeds): at the reset (the table's first
hand) or after a few hands of play.

    .venv/bin/python benches/env_no_stall.py [--agent-steps 20000000] [--tables 1024]

Checked at every step, independently of the environment's own bookkeeping:
- no table's mask is empty (the sampler fails on such a row);
- every reward row sums to zero (a hand's payout is zero-sum);
- where a call settled more hands than the one played (`settled > done`, or any at a reset),
  each extra hand's seed (table `i`'s k-th hand is seed `base + i + k·n`) is over at the deal
  in a standalone `twmj.Game`, the played one and the next live one are not, and the row
  minus those hands' payouts (`Game.reward`) is the played hand's zero-sum net;
- at the end, the hands counted from `settled` are the environment's `hands`.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import numpy.typing as npt

import twmj


def dealt_over(variant: twmj.Variant, seeds: range) -> list[int]:
    """The seeds of `seeds` whose hand is over at the deal."""
    return [s for s in seeds if twmj.Game(s, variant).is_over]


class Index:
    """Uniform over each row's legal actions (as benches/env_steps.py's default sampler)."""

    def __init__(self, n: int, width: int, seed: int) -> None:
        self.rng = np.random.Generator(np.random.SFC64(seed))
        self.n, self.width = n, width
        self.offsets = np.arange(n) * width

    def __call__(self, mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.intp]:
        legal = np.flatnonzero(mask)
        counts = np.bincount(legal // self.width, minlength=self.n)
        if not counts.all():
            raise AssertionError(f"tables {np.flatnonzero(counts == 0)[:8]} have no legal action")
        first = np.cumsum(counts) - counts
        pick = first + (self.rng.random(self.n) * counts).astype(np.intp)
        return legal[pick] - self.offsets


class Check:
    """Follows one environment's tables hand by hand."""

    def __init__(self, variant: twmj.Variant, base: int, n: int) -> None:
        self.variant, self.base, self.n = variant, base, n
        self.count = np.zeros(n, np.int64)  # hands finished at each table
        self.dealt_over = 0  # hands over at the deal met, each payout checked
        self.dealt_over_paid = 0  # their total payout (the winners' side), in tai

    def seed(self, table: int, k: int) -> int:
        return (self.base + table + k * self.n) % 2**64

    def over(self, table: int, k: int) -> bool:
        return twmj.Game(self.seed(table, k), self.variant).is_over

    def payout(self, table: int, k: int) -> npt.NDArray[np.float64]:
        r = twmj.Game(self.seed(table, k), self.variant).reward("tai")
        assert r is not None
        return np.array(r, np.float64)

    def call(
        self,
        reward: npt.NDArray[np.float32],
        done: npt.NDArray[np.bool_],
        settled: npt.NDArray[np.uint32],
        played: bool,
    ) -> None:
        """One `reset` (`played` False) or `step`'s rows."""
        if not np.all(np.abs(reward.sum(axis=1)) < 1e-3):
            raise AssertionError("a reward row that is not zero-sum")
        if not np.array_equal(done, settled > 0):
            raise AssertionError("done and settled disagree")
        extra = settled.astype(np.int64) - (done.astype(np.int64) if played else 0)
        for i in map(int, np.flatnonzero(extra > 0)):
            c, m = int(self.count[i]), int(settled[i])
            first_over = c + 1 if played else c
            row = reward[i].astype(np.float64)
            for k in range(first_over, c + m):
                if not self.over(i, k):
                    raise AssertionError(f"seed {self.seed(i, k)} was settled but is live")
                pay = self.payout(i, k)
                row = row - pay
                self.dealt_over += 1
                self.dealt_over_paid += int(pay[pay > 0].sum())
            if played and self.over(i, c):
                raise AssertionError(f"seed {self.seed(i, c)} was played but is over at the deal")
            if self.over(i, c + m):
                raise AssertionError(f"table {i} is left on seed {self.seed(i, c + m)}, over")
            if not (played or np.all(row == 0)) or abs(row.sum()) > 1e-3:
                raise AssertionError(f"table {i}: the row does not add up: {reward[i]}")
        self.count += settled


def segment(
    variant: twmj.Variant, target: int, offset: tuple[int, int], n: int, steps: int, seed: int
) -> tuple[int, int, int, int]:
    """`steps` steps of `n` tables based so that table `offset[0]`'s hand `offset[1]` is the
    seed `target`; returns (agent-steps, hands, hands over at the deal, their payout)."""
    table, k = offset
    base = (target - table - k * n) % 2**64
    env = twmj.VecEnv(n, seed=base, variant=variant, reward="tai", threads=1)
    _, mask, _ = env.reset()
    check = Check(variant, base, n)
    check.call(env.reward, env.done, env.settled, played=False)
    sample = Index(n, mask.shape[1], seed)
    for _ in range(steps):
        _, mask, _, reward, done = env.step(sample(mask))
        check.call(reward, done, env.settled, played=True)
    if int(check.count.sum()) != env.hands:
        raise AssertionError(f"{check.count.sum()} hands reported, the environment has {env.hands}")
    if check.count[table] <= k:
        raise AssertionError(f"table {table} never reached seed {target}")
    return n * steps, env.hands, check.dealt_over, check.dealt_over_paid


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--agent-steps", type=int, default=20_000_000)
    p.add_argument("--tables", type=int, default=1024)
    p.add_argument("--segments", type=int, default=4, help="per preset")
    p.add_argument("--scan", type=int, default=1_000_000, help="seeds scanned per preset")
    args = p.parse_args()
    n = args.tables
    steps = args.agent_steps // (len(twmj.PRESETS) * args.segments * n) + 1
    total = hands = over = paid = 0
    start = time.perf_counter()
    for preset in twmj.PRESETS:
        v = twmj.Variant(preset)
        t = time.perf_counter()
        found = dealt_over(v, range(args.scan))
        scan_s = time.perf_counter() - t
        if len(found) < args.segments:
            raise AssertionError(f"{preset}: {len(found)} seeds over at the deal in the scan")
        row = [0, 0, 0, 0]
        for j, target in enumerate(found[: args.segments]):
            # The first segment meets its seed at the reset; the others after 1, 2, 3 hands.
            offset = ((37 * j + 5) % n, j)
            got = segment(v, target, offset, n, steps, seed=j)
            row = [a + b for a, b in zip(row, got, strict=True)]
        total += row[0]
        hands += row[1]
        over += row[2]
        paid += row[3]
        print(
            f"{preset:<13} {len(found):>3} over at the deal in {args.scan:,} seeds "
            f"({scan_s:.0f} s); run: {row[0]:,} agent-steps, {row[1]:,} hands, "
            f"{row[2]} over at the deal (paid {row[3]} tai, checked)",
            flush=True,
        )
    wall = time.perf_counter() - start
    print(
        f"all presets: {total:,} agent-steps over {n} tables, {hands:,} hands, {over} over at "
        f"the deal, every payout reported; {wall:.0f} s"
    )


if __name__ == "__main__":
    main()
