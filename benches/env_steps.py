"""Agent-steps a second of `twmj.VecEnv` with actions drawn from the masks in numpy (issue 15:
≥ 1,000,000 on this 2-core machine), and arena hands a second per bot.

    .venv/bin/python benches/env_steps.py [--tables 1024] [--steps 300] [--threads 1]

With `--threads T` the tables are split into T environments, each driven by its own Python
thread: while one thread draws its actions in numpy (which releases the GIL), another's tables
step in Rust, so both cores stay busy, as a training loop overlapping its policy with its
environments would. Each of those environments then steps its tables on its own thread
(`VecEnv(threads=1)`): sharing the global pool, their calls would wait on each other and the
pool's workers would spin while the policy samples. The CPU time per agent-step (all threads) is printed beside the rate: it
is the figure a loaded machine still measures faithfully.
"""

from __future__ import annotations

import argparse
import threading
import time

import numpy as np

import twmj
from twmj.arena import arena


def drive(env: twmj.VecEnv, steps: int, seed: int, times: list[float]) -> None:
    """`steps` steps of `env`, each action uniform over its table's legal ones."""
    _, mask, _ = env.reset()
    bits = np.random.SFC64(seed)
    keys = np.empty(mask.shape, np.uint16)
    words = (mask.size + 3) // 4
    step_s = sample_s = 0.0
    for _ in range(steps):
        t0 = time.perf_counter()
        # Uniform over each row's legal actions (ties aside, 1 in 2^15): the argmax of random
        # 16-bit keys, odd so never 0, kept on the legal entries only. The keys are the bit
        # generator's raw 64-bit words read as four 16-bit keys each (half the time of
        # `Generator.bytes`), with in-place integer arithmetic.
        raw = bits.random_raw(words).view(np.uint16)[: mask.size].reshape(mask.shape)
        np.bitwise_or(raw, 1, out=keys)
        np.multiply(keys, mask, out=keys)
        actions = keys.argmax(axis=1)
        t1 = time.perf_counter()
        _, mask, _, _, _ = env.step(actions)
        step_s += time.perf_counter() - t1
        sample_s += t1 - t0
    times.extend([step_s, sample_s])


def steps_per_second(tables: int, steps: int, threads: int) -> tuple[float, float, float]:
    """Agent-steps a second (wall), the same counting only the `step` calls (one thread), and
    CPU nanoseconds per agent-step."""
    own = 1 if threads > 1 else None
    envs = [
        twmj.VecEnv(tables // threads, seed=1 + i * tables, threads=own) for i in range(threads)
    ]
    times: list[list[float]] = [[] for _ in envs]
    workers = [
        threading.Thread(target=drive, args=(e, steps, i, times[i])) for i, e in enumerate(envs)
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
    args = p.parse_args()
    total, env_only, cpu = steps_per_second(args.tables, args.steps, args.threads)
    print(
        f"VecEnv {args.tables} tables, {args.threads} thread(s): {total:,.0f} agent-steps/s "
        f"with numpy sampling ({cpu:,.0f} ns of CPU each), {env_only:,.0f} in step() alone"
    )
    for agents in (["first_legal"] * 4, ["efficiency"] * 4, ["value"] * 4, ["random"] * 4):
        t = time.perf_counter()
        arena(agents, args.hands, seed=1, chunk=args.hands)
        dt = time.perf_counter() - t
        print(f"arena {agents[0]:<12} {args.hands / dt:>10,.0f} hands/s (all cores, settled)")


if __name__ == "__main__":
    main()
