"""Agent-steps a second of `twmj.VecEnv` with actions drawn from the masks in numpy (issue 15:
≥ 1,000,000 on this 2-core machine), and arena hands a second per bot.

    .venv/bin/python benches/env_steps.py [--tables 1024] [--steps 300]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import twmj
from twmj.arena import arena


def steps_per_second(tables: int, steps: int) -> tuple[float, float]:
    env = twmj.VecEnv(tables, seed=1)
    _, mask, _ = env.reset()
    rng = np.random.default_rng(0)
    keys = np.empty(mask.shape, np.uint16)
    step_s = sample_s = 0.0
    for _ in range(steps):
        t0 = time.perf_counter()
        # Uniform over each row's legal actions (ties aside, 1 in 2^15): the argmax of random
        # 16-bit keys, odd so never 0, kept on the legal entries only. Random bytes and
        # in-place integer arithmetic cost a third of float keys with a boolean assignment.
        np.bitwise_or(
            np.frombuffer(rng.bytes(2 * mask.size), np.uint16).reshape(mask.shape), 1, out=keys
        )
        np.multiply(keys, mask, out=keys)
        actions = keys.argmax(axis=1)
        t1 = time.perf_counter()
        _, mask, _, _, _ = env.step(actions)
        step_s += time.perf_counter() - t1
        sample_s += t1 - t0
    n = tables * steps
    return n / (step_s + sample_s), n / step_s


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--tables", type=int, default=1024)
    p.add_argument("--steps", type=int, default=300)
    p.add_argument("--hands", type=int, default=4000)
    args = p.parse_args()
    total, env_only = steps_per_second(args.tables, args.steps)
    print(
        f"VecEnv {args.tables} tables: {total:,.0f} agent-steps/s with numpy sampling, "
        f"{env_only:,.0f} in step() alone"
    )
    for agents in (["first_legal"] * 4, ["efficiency"] * 4, ["value"] * 4, ["random"] * 4):
        t = time.perf_counter()
        arena(agents, args.hands, seed=1, chunk=args.hands)
        dt = time.perf_counter() - t
        print(f"arena {agents[0]:<12} {args.hands / dt:>10,.0f} hands/s (all cores, settled)")


if __name__ == "__main__":
    main()
