"""The `arena` and `simulate` commands of the command line: bots against each other, with a
progress bar, in one process or split into Ray tasks (`--ray`)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from twmj._core import Variant, simulate
from twmj.arena import CHUNK, ArenaResult, add_summaries, arena, chunks
from twmj.bots import NAMES
from twmj.variants import DEFAULT_PRESET

__all__ = ["add_commands", "run_arena", "run_simulate", "simulate_summary"]


def add_commands(sub: Any) -> None:
    """Adds `arena` and `simulate` to the command line's subparsers."""
    s = sub.add_parser("arena", help="bots against each other: win, deal-in and net per agent")
    s.add_argument(
        "--agents",
        default="value,efficiency,random,random",
        help=f"comma-separated bots, one per seat ({', '.join(NAMES)})",
    )
    s.add_argument("--hands", type=int, default=2000, help="hands to play")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--variant", default=DEFAULT_PRESET, help="a preset name (see GET /v1/variants)")
    s.add_argument("--reward", choices=("tai", "money"), default="tai")
    _common(s)
    s = sub.add_parser("simulate", help="self-play bots and summarise the hands")
    s.add_argument("--games", type=int, default=1000, help="hands to play")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--variant", default=DEFAULT_PRESET, help="a preset name (see GET /v1/variants)")
    s.add_argument(
        "--bot",
        default="efficiency",
        choices=NAMES,
        help="the bot at every seat (default efficiency: a summary that resembles play)",
    )
    _common(s)


def _common(s: argparse.ArgumentParser) -> None:
    s.add_argument(
        "--ray",
        nargs="?",
        const="local",
        default=None,
        metavar="ADDRESS",
        help='split the seeds into Ray tasks (a local Ray without ADDRESS; "auto" joins a cluster)',
    )
    s.add_argument("--chunk", type=int, default=CHUNK, help="hands per task / progress step")
    s.add_argument("--json", action="store_true", help="print JSON instead of text")


def _bar(total: int, desc: str) -> Any:
    from tqdm import tqdm

    # tqdm draws on stderr and only on a terminal (disable=None), so pipes stay clean.
    return tqdm(total=total, desc=desc, unit="局", disable=None, leave=False)


def _arena(args: argparse.Namespace) -> ArenaResult:
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    if args.ray is not None:
        from twmj.distributed import arena_ray

        return arena_ray(
            agents,
            args.hands,
            args.seed,
            args.variant,
            address=args.ray,
            chunk=args.chunk,
            reward=args.reward,
        )
    with _bar(args.hands, "arena") as bar:
        return arena(
            agents,
            args.hands,
            args.seed,
            args.variant,
            reward=args.reward,
            chunk=args.chunk,
            progress=bar.update,
        )


def run_arena(args: argparse.Namespace) -> int:
    if args.hands < 0 or args.chunk < 1:
        print("twmj: error: --hands must be 0 or more and --chunk 1 or more", file=sys.stderr)
        return 2
    started = time.perf_counter()
    r = _arena(args)
    seconds = time.perf_counter() - started
    if args.json:
        print(json.dumps({**r.as_dict(), "seconds": round(seconds, 3)}, ensure_ascii=False))
        return 0
    print(
        f"{r.variant}: {r.hands} 局 (seed {r.seed}), {seconds:.2f} s, "
        f"流局 {100 * r.draw_rate:.1f}%, net in {r.reward}"
    )
    print(f"  {'agent':<12} {'win':>6} {'deal-in':>8} {'net/hand':>9}  95% CI")
    for s in r.stats:
        print(
            f"  {s.agent:<12} {100 * s.win_rate:>5.1f}% {100 * s.deal_in_rate:>7.1f}% "
            f"{s.mean_net:>+9.3f}  ±{s.ci95:.3f}"
        )
    return 0


def simulate_summary(
    hands: int,
    seed: int,
    variant: str,
    bot: str,
    *,
    chunk: int = CHUNK,
    progress: Any = None,
) -> dict[str, Any]:
    """`twmj.simulate` in chunks of consecutive seeds, added up (the same summary as one
    call: each hand depends on its seed alone)."""
    v = Variant(variant)
    parts = []
    for s, n in chunks(hands, seed, chunk):
        parts.append(simulate(n, s, v, bot))
        if progress is not None:
            progress(n)
    return add_summaries(parts) if parts else simulate(0, seed, v, bot)


def run_simulate(args: argparse.Namespace) -> dict[str, Any]:
    if args.ray is not None:
        from twmj.distributed import simulate_ray

        return simulate_ray(
            args.games, args.seed, args.variant, args.bot, address=args.ray, chunk=args.chunk
        )
    with _bar(args.games, "simulate") as bar:
        return simulate_summary(
            args.games, args.seed, args.variant, args.bot, chunk=args.chunk, progress=bar.update
        )
