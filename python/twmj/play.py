"""The `arena` and `simulate` commands of the command line: bots against each other, with a
progress bar, in one process or split into Ray tasks (`--ray`)."""

from __future__ import annotations

import argparse
import json
import socket
import sys
import time
from typing import Any

from wcwidth import wcswidth

from twmj._core import simulate
from twmj.arena import (
    CHUNK,
    ArenaResult,
    add_summaries,
    arena,
    chunks,
    difference,
    per_seat,
    play_chunk,
)
from twmj.bots import NAMES
from twmj.variants import DEFAULT_PRESET, rule_set

__all__ = ["UsageError", "add_commands", "run_arena", "run_simulate", "simulate_summary"]

#: Seconds a `--ray ADDRESS` has to answer before the run stops with an error.
RAY_TIMEOUT = 10.0


class UsageError(Exception):
    """Input the command line itself refuses (an unreadable file, JSON that is not an object,
    `--ray` without Ray): `twmj: error: …`, exit status 2."""


def add_commands(sub: Any) -> None:
    """Adds `arena` and `simulate` to the command line's subparsers."""
    s = sub.add_parser("arena", help="bots against each other: win, deal-in and net per agent")
    s.add_argument(
        "--agents",
        default="value,efficiency,random,random",
        help=f"comma-separated bots, one per seat ({', '.join(NAMES)})",
    )
    s.add_argument("--hands", type=int, default=2000, help="hands to play")
    s.add_argument("--seed", type=int, default=0, help="the first hand's seed (hand i: seed + i)")
    s.add_argument("--variant", default=DEFAULT_PRESET, help="a preset name (see GET /v1/variants)")
    s.add_argument(
        "--reward", choices=("tai", "money"), default="tai", help="what net counts: tai or money"
    )
    s.add_argument(
        "--per-seat",
        action="store_true",
        help="also each agent's net per hand at each seat (seat 0 = 東 of the first hand)",
    )
    s.add_argument(
        "--duplicate",
        action="store_true",
        help="duplicate format: each deal played once per seat with the agents rotated "
        "(--hands counts deals; intervals and the difference are paired per deal)",
    )
    _common(s)
    s = sub.add_parser("simulate", help="self-play bots and summarise the hands")
    s.add_argument("--games", type=int, default=1000, help="hands to play")
    s.add_argument("--seed", type=int, default=0, help="the first hand's seed (hand i: seed + i)")
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
        "--rules",
        default=None,
        metavar="CARD",
        help="a rule card (家規 分享家規, Variant.card()): play under its preset and settings "
        "instead of --variant",
    )
    s.add_argument(
        "--ray",
        nargs="?",
        const="local",
        default=None,
        metavar="ADDRESS",
        help='split the seeds into Ray tasks (a local Ray without ADDRESS; "auto" joins a cluster)',
    )
    s.add_argument(
        "--ray-timeout",
        type=float,
        default=RAY_TIMEOUT,
        metavar="SECONDS",
        help="how long a --ray ADDRESS has to answer before the run stops",
    )
    s.add_argument("--chunk", type=int, default=CHUNK, help="hands per task / progress step")
    s.add_argument("--json", action="store_true", help="print JSON instead of text")


def _bar(total: int, desc: str) -> Any:
    from tqdm import tqdm

    # tqdm draws on stderr and only on a terminal (disable=None), so pipes stay clean.
    return tqdm(total=total, desc=desc, unit="局", disable=None, leave=False)


def _ray(args: argparse.Namespace) -> None:
    """Checks, before any work, that a `--ray` run can start: Ray is installed, and an
    address given answers within `--ray-timeout` seconds; then connects."""
    try:
        import ray  # noqa: F401
    except ImportError:
        raise UsageError(
            "--ray needs Ray, which is not installed: pip install 'twmj[ray]'"
        ) from None
    address = args.ray
    if address not in ("local", "auto"):
        hostport = address.removeprefix("ray://")
        host, _, port = hostport.rpartition(":")
        if not host or not port.isdigit():
            raise UsageError(f"--ray {address}: expected HOST:PORT or ray://HOST:PORT")
        try:
            socket.create_connection((host, int(port)), timeout=args.ray_timeout).close()
        except OSError as e:
            why = "no answer" if isinstance(e, TimeoutError) else (e.strerror or str(e))
            raise UsageError(
                f"cannot reach Ray at {address} within {args.ray_timeout:g} s: {why}"
            ) from None
    from twmj.distributed import init

    try:
        init(address)
    except Exception as e:  # Ray's own errors (ConnectionError, RuntimeError, …)
        raise UsageError(f"cannot start Ray ({address}): {e}".splitlines()[0]) from None


def _arena(args: argparse.Namespace) -> ArenaResult:
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    if args.ray is not None:
        # Bot names, their number and the preset checked here, before Ray starts.
        play_chunk(agents, 0, args.seed, rule_set(args.variant), args.duplicate)
        _ray(args)
        from twmj.distributed import arena_ray

        with _bar(args.hands, "arena") as bar:
            return arena_ray(
                agents,
                args.hands,
                args.seed,
                args.variant,
                address=args.ray,
                chunk=args.chunk,
                reward=args.reward,
                progress=bar.update,
                duplicate=args.duplicate,
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
            duplicate=args.duplicate,
        )


def _rules(args: argparse.Namespace) -> None:
    """`--rules CARD` plays under the card: it takes the place of `--variant` (a preset name
    or a card, [`rule_set`]), so the Ray tasks and the summary carry it as text."""
    if args.rules is not None:
        args.variant = args.rules


def run_arena(args: argparse.Namespace) -> int:
    _rules(args)
    if args.hands < 0 or args.chunk < 1:
        print("twmj: error: --hands must be 0 or more and --chunk 1 or more", file=sys.stderr)
        return 2
    started = time.perf_counter()
    r = _arena(args)
    seconds = time.perf_counter() - started
    if args.json:
        print(json.dumps({**r.as_dict(), "seconds": round(seconds, 3)}, ensure_ascii=False))
        return 0
    unit = "台" if r.reward == "tai" else "錢"
    played = (
        f"{r.deals} 副牌 × {r.seats} 個座位 = {r.hands} 局（複式）"
        if r.duplicate
        else f"{r.hands} 局"
    )
    print(
        f"{r.variant}：{played}（seed {r.seed}），{seconds:.2f} 秒，"
        f"流局 {100 * r.draw_rate:.1f}%，淨以{unit}計"
    )
    rows: list[list[object]] = [["bot", "胡牌率", "自摸率", "放槍率", "每局淨", "95% 區間"]]
    rows += [
        [
            s.agent,
            f"{100 * s.win_rate:.1f}%",
            f"{100 * s.self_drawn_rate:.1f}%",
            f"{100 * s.deal_in_rate:.1f}%",
            f"{s.mean_net:+.3f}",
            f"±{s.ci95:.3f}",
        ]
        for s in r.stats
    ]
    _rows(rows, right=range(1, 6))
    if args.per_seat:
        seats = per_seat(r)
        print("每個座位的每局淨（座位 0 = 第一局的東）")
        head: list[object] = ["bot", *(f"座位 {i}" for i in range(len(seats[0]) if seats else 0))]
        table = [head] + [
            [name, *(f"{m:+.3f}±{ci:.3f}" for m, ci, _ in cells)]
            for name, cells in zip(r.agents, seats, strict=True)
        ]
        _rows(table, right=range(1, len(head)))
    d = difference(r)
    if d is not None:
        print(
            f"{d.a} − {d.b}：每局淨差 {d.mean:+.3f}"
            f"{'（每副牌配對）' if r.duplicate else ''}，95% 區間 "
            f"[{d.mean - d.ci95:+.3f}, {d.mean + d.ci95:+.3f}]（{d.verdict}）"
        )
    return 0


def _width(text: str) -> int:
    w = wcswidth(text)
    return len(text) if w < 0 else w


def _rows(rows: list[list[object]], right: Any = ()) -> None:
    """Rows printed as columns padded by display width (a CJK character takes two)."""
    cells = [[str(c) for c in row] for row in rows]
    widths = [max(_width(row[i]) for row in cells) for i in range(len(cells[0]))]
    for row in cells:
        parts = [
            " " * (w - _width(c)) + c if i in right else c + " " * (w - _width(c))
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        print("  " + " ".join(parts).rstrip())


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
    v = rule_set(variant)
    parts = []
    for s, n in chunks(hands, seed, chunk):
        parts.append(simulate(n, s, v, bot))
        if progress is not None:
            progress(n)
    return add_summaries(parts) if parts else simulate(0, seed, v, bot)


def run_simulate(args: argparse.Namespace) -> dict[str, Any]:
    _rules(args)
    if args.ray is not None:
        rule_set(args.variant)  # the preset checked before Ray starts (--bot is a choice)
        _ray(args)
        from twmj.distributed import simulate_ray

        with _bar(args.games, "simulate") as bar:
            return simulate_ray(
                args.games,
                args.seed,
                args.variant,
                args.bot,
                address=args.ray,
                chunk=args.chunk,
                progress=bar.update,
            )
    with _bar(args.games, "simulate") as bar:
        return simulate_summary(
            args.games, args.seed, args.variant, args.bot, chunk=args.chunk, progress=bar.update
        )
