"""Agent-steps a second of `twmj.VecEnv` with actions drawn from the masks in numpy (issue 15:
≥ 1,000,000 on this 2-core machine), and arena hands a second per bot.

    .venv/bin/python benches/env_steps.py [--tables 1024] [--steps 300] [--threads 1]

`--sampler index` (the default) draws each action exactly uniformly from the legal entries
listed once; `--sampler keys` takes the argmax of random keys over the whole mask.

With `--threads T` the tables are split into T environments, each driven by its own Python
thread: while one thread draws its actions in numpy (which releases the GIL), another's tables
step in Rust, so both cores stay busy, as a training loop overlapping its policy with its
environments would. Each of those environments then steps its tables on its own thread
(`VecEnv(threads=1)`): sharing the global pool, their calls would wait on each other and
the pool's workers would spin while the policy samples. The CPU time per agent-step (all
threads) is printed beside the rate: it is the figure a loaded machine still measures
faithfully.
"""

from __future__ import annotations

import argparse
import threading
import time

import numpy as np
import numpy.typing as npt

import twmj
from twmj.arena import arena


class Keys:
    """Uniform over each row's legal actions (ties aside, 1 in 2^15): the argmax of random
    16-bit keys, odd so never 0, kept on the legal entries only. The keys are the bit
    generator's raw 64-bit words read as four 16-bit keys each (half the time of
    `Generator.bytes`), with in-place integer arithmetic. Touches every mask entry four
    times."""

    def __init__(self, shape: tuple[int, int], seed: int) -> None:
        self.bits = np.random.SFC64(seed)
        self.keys = np.empty(shape, np.uint16)
        self.words = (self.keys.size + 3) // 4

    def __call__(self, mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.intp]:
        raw = self.bits.random_raw(self.words).view(np.uint16)[: mask.size]
        np.bitwise_or(raw.reshape(mask.shape), 1, out=self.keys)
        np.multiply(self.keys, mask, out=self.keys)
        return self.keys.argmax(axis=1)


class Index:
    """Exactly uniform over each row's legal actions: every legal (table, action) listed
    once (`flatnonzero`, table-major), then per table one uniform pick among its own
    entries. Reads the mask once; the rest works on the few legal entries."""

    def __init__(self, shape: tuple[int, int], seed: int) -> None:
        self.rng = np.random.Generator(np.random.SFC64(seed))
        self.n, self.width = shape
        self.offsets = np.arange(self.n) * self.width

    def __call__(self, mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.intp]:
        legal = np.flatnonzero(mask)
        counts = np.bincount(legal // self.width, minlength=self.n)
        if not counts.all():
            raise AssertionError("a table with no legal action")
        first = np.cumsum(counts) - counts
        pick = first + (self.rng.random(self.n) * counts).astype(np.intp)
        return legal[pick] - self.offsets


SAMPLERS = {"keys": Keys, "index": Index}


def drive(env: twmj.VecEnv, steps: int, seed: int, sampler: str, times: list[float]) -> None:
    """`steps` steps of `env`, each action uniform over its table's legal ones."""
    _, mask, _ = env.reset()
    sample = SAMPLERS[sampler](mask.shape, seed)
    step_s = sample_s = 0.0
    for _ in range(steps):
        t0 = time.perf_counter()
        actions = sample(mask)
        t1 = time.perf_counter()
        _, mask, _, _, _ = env.step(actions)
        step_s += time.perf_counter() - t1
        sample_s += t1 - t0
    times.extend([step_s, sample_s])


def steps_per_second(
    tables: int, steps: int, threads: int, sampler: str = "index"
) -> tuple[float, float, float]:
    """Agent-steps a second (wall), the same counting only the `step` calls (one thread), and
    CPU nanoseconds per agent-step."""
    own = 1 if threads > 1 else None
    envs = [
        twmj.VecEnv(tables // threads, seed=1 + i * tables, threads=own) for i in range(threads)
    ]
    times: list[list[float]] = [[] for _ in envs]
    workers = [
        threading.Thread(target=drive, args=(e, steps, i, sampler, times[i]))
        for i, e in enumerate(envs)
    ]
    cpu, wall = time.process_time(), time.perf_counter()
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    wall = time.perf_counter() - wall
    cpu = time.process_time() - cpu
    n = sum(len(e) for e in envs) * steps
    step_s = times[0][0]
    return n / wall, len(envs[0]) * steps / step_s, cpu / n * 1e9


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--tables", type=int, default=1024)
    p.add_argument("--steps", type=int, default=300)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--hands", type=int, default=4000)
    p.add_argument("--sampler", choices=sorted(SAMPLERS), default="index")
    p.add_argument("--no-arena", action="store_true", help="the vector environment only")
    args = p.parse_args()
    total, env_only, cpu = steps_per_second(args.tables, args.steps, args.threads, args.sampler)
    print(
        f"VecEnv {args.tables} tables, {args.threads} thread(s), {args.sampler} sampler: "
        f"{total:,.0f} agent-steps/s "
        f"with numpy sampling ({cpu:,.0f} ns of CPU each), {env_only:,.0f} in step() alone"
    )
    if args.no_arena:
        return
    for agents in (["first_legal"] * 4, ["efficiency"] * 4, ["value"] * 4, ["random"] * 4):
        t = time.perf_counter()
        arena(agents, args.hands, seed=1, chunk=args.hands)
        dt = time.perf_counter() - t
        print(f"arena {agents[0]:<12} {args.hands / dt:>10,.0f} hands/s (all cores, settled)")


if __name__ == "__main__":
    main()
