"""The `twmj` command line: hand analysis in words or JSON."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from typing import Any

from twmj import play
from twmj._core import (
    Analysis,
    Wait,
    Waits,
    analyze,
    parse,
    tile_name,
    waits,
)
from twmj.errors import Error
from twmj.tiles import SHAPE_NAMES

__all__ = ["main"]


def _wait_dict(w: Wait) -> dict[str, Any]:
    return {"tile": w.tile, "name": w.name, "shapes": w.shapes, "remaining": w.remaining}


def waits_json(result: Waits) -> dict[str, Any]:
    """The waits result as plain data (the shape `POST /v1/waits` answers)."""
    return {
        "shanten": result.shanten,
        "tenpai": result.tenpai,
        "waits": [_wait_dict(w) for w in result.waits],
        "accepts": [{"tile": a.tile, "remaining": a.remaining} for a in result.accepts],
    }


def analysis_json(result: Analysis) -> dict[str, Any]:
    """The discard analysis as plain data (the shape `POST /v1/analyze` answers)."""
    return {
        "shanten": result.shanten,
        "discards": [
            {
                "tile": d.tile,
                "shanten": d.shanten,
                "accepted": d.accepted,
                "accepts": [{"tile": a.tile, "remaining": a.remaining} for a in d.accepts],
                "waits": [_wait_dict(w) for w in d.waits],
            }
            for d in result.discards
        ],
    }


def _names(tiles: Sequence[str]) -> str:
    return " ".join(tile_name(t) for t in tiles)


def _shanten_words(n: int) -> str:
    return {-1: "胡牌 (complete)", 0: "聽牌 (ready)"}.get(n, f"{n} 向聽 ({n}-shanten)")


def _print_waits(hand: str, result: Waits) -> None:
    print(f"手牌 {hand}")
    print(_shanten_words(result.shanten))
    for w in result.waits:
        shapes = "、".join(SHAPE_NAMES[s] for s in w.shapes)
        print(f"  聽 {w.name:<3} {w.tile:<3} {shapes:<10} 剩 {w.remaining} 張")
    if result.tenpai:
        total = sum(w.remaining for w in result.waits)
        print(f"共 {len(result)} 種 {total} 張")
    else:
        total = sum(a.remaining for a in result.accepts)
        print(f"  進張 {_names([a.tile for a in result.accepts])} 共 {total} 張")


def _print_analysis(hand: str, result: Analysis) -> None:
    print(f"手牌 {hand}")
    print(_shanten_words(result.shanten))
    for d in result.discards:
        print(
            f"  打 {tile_name(d.tile):<3} {d.tile:<3} → {_shanten_words(d.shanten)}, "
            f"進張 {len(d.accepts)} 種 {d.accepted} 張"
        )
        if d.waits:
            print(f"      聽 {_names([w.tile for w in d.waits])}")
        elif d.accepts:
            print(f"      進 {_names([a.tile for a in d.accepts])}")


def _print_ready_discards(hand: str, result: Analysis) -> None:
    print(f"手牌 {hand}")
    print(_shanten_words(result.shanten))
    ready = [d for d in result.discards if d.shanten == 0]
    for d in ready:
        waits_text = " ".join(f"{w.name}({w.remaining})" for w in d.waits)
        print(f"  打 {tile_name(d.tile):<3} {d.tile:<3} 聽 {waits_text}")
    if not ready and result.shanten > 0:
        print("  no discard leaves the hand ready; see `twmj analyze`")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="twmj", description="Taiwanese 16-tile mahjong hand analysis (台灣十六張麻將)."
    )
    sub = p.add_subparsers(dest="command", required=True)
    for name, help_text in (
        ("waits", "waits of a 16 − 3k hand, or the ready discards of a 17 − 3k hand (聽牌檢查)"),
        ("analyze", "discard analysis of a 17 − 3k hand (牌理)"),
    ):
        s = sub.add_parser(name, help=help_text)
        s.add_argument("hand", help='tile notation, e.g. "1112345678999m1p"')
        s.add_argument(
            "--meld",
            nargs=2,
            action="append",
            metavar=("KIND", "TILES"),
            default=[],
            help="an exposed meld: chi|pon|minkan|kakan|ankan and its tiles (repeatable)",
        )
        s.add_argument("--visible", default=None, help="other tiles in view (discards, melds)")
        s.add_argument("--json", action="store_true", help="print JSON instead of text")
    play.add_commands(sub)  # arena, simulate
    s = sub.add_parser(
        "serve", help="start the HTTP service and its web page (production limits, README)"
    )
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=_port, default=8000, help="1–65535")
    s.add_argument("--workers", type=_workers, default=1, help="worker processes (1–64)")
    return p


def _port(text: str) -> int:
    """A TCP port, 1–65535: anything else is refused by name (uvicorn would listen elsewhere)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 1 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"{n} is not a port (1–65535)")
    return n


def _workers(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of workers") from None
    if not 1 <= n <= 64:
        raise argparse.ArgumentTypeError(f"{n} workers: 1 to 64")
    return n


def _not_utf8(args: Sequence[str]) -> str | None:
    """The first argument that is not valid UTF-8 (Python keeps such bytes as lone surrogates,
    which no twmj function can read), shown as its bytes."""
    for a in args:
        try:
            a.encode("utf-8")
        except UnicodeEncodeError:
            return repr(a.encode("utf-8", "surrogateescape"))
    return None


_KIND_NAMES = {
    "self_draw": "自摸",
    "discard": "放槍",
    "robbing_kong": "搶槓",
    "eight_flowers": "八仙過海",
    "seven_rob_one": "七搶一",
    "after_robbing_flower": "七搶一後補牌胡",
    "four_kongs": "四槓胡",
}

_DRAW_NAMES = {
    "four_kongs": "四家開槓",
    "four_winds": "四風連打",
    "thirteen_unconnected": "十三不搭",
}


def _simulate(args: argparse.Namespace) -> int:
    if args.games < 0 or args.chunk < 1:
        print("twmj: error: --games must be 0 or more and --chunk 1 or more", file=sys.stderr)
        return 2
    started = time.perf_counter()
    summary = play.run_simulate(args)
    seconds = time.perf_counter() - started
    if args.json:
        print(
            json.dumps(
                {**summary, "bot": args.bot, "seconds": round(seconds, 3)}, ensure_ascii=False
            )
        )
        return 0
    hands = summary["hands"]
    draws = summary["draws"]
    print(
        f"{args.variant}: {hands} 局 (seed {args.seed}, {args.bot} bots), {seconds:.2f} s, "
        f"{hands / max(seconds, 1e-9):,.0f} 局/s"
    )
    print(f"流局 {draws} ({100 * draws / max(hands, 1):.1f}%), 一砲多響 {summary['multi_winner']}")
    for key, n in summary["draw_reasons"].items():
        if n and key != "wall":
            print(f"  {_DRAW_NAMES.get(key, key):<8} {n}")
    for key, n in summary["wins"].items():
        print(f"  {_KIND_NAMES.get(key, key):<8} {n}")
    tai = summary["tai"]
    bills = sum(tai)
    if bills:
        mean = sum(i * n for i, n in enumerate(tai)) / bills
        print(f"台數 (每筆): 平均 {mean:.2f}")
        for i, n in enumerate(tai):
            if n:
                label = f"{i}+" if i == len(tai) - 1 else str(i)
                print(f"  {label:>3} 台 {n:>6} {'#' * max(1, 40 * n // bills)}")
    return 0


def _serve(host: str, port: int, workers: int) -> int:
    """Runs the service, the `twmj-api` package, in its production mode (README: the limits,
    the workers, graceful shutdown on SIGTERM)."""
    try:
        from twmj_api import server
    except ImportError:
        print("twmj: error: the service needs `pip install twmj[api]`", file=sys.stderr)
        return 2
    print(f"twmj: serving on http://{host}:{port}/ (API docs at /docs)", flush=True)
    server.run(host, port, workers)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input)."""
    try:
        return _run(argv)
    except BrokenPipeError:
        # The reader went away (`twmj simulate … | head`): stop quietly, as Unix tools do, and
        # point stdout at /dev/null so the interpreter's final flush does not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _run(argv: Sequence[str] | None) -> int:
    given = sys.argv[1:] if argv is None else argv
    if (bad := _not_utf8(given)) is not None:
        print(f"twmj: error: an argument is not valid UTF-8: {bad}", file=sys.stderr)
        return 2
    args = _parser().parse_args(given)
    if args.command == "serve":
        return _serve(args.host, args.port, args.workers)
    if args.command in ("simulate", "arena"):
        try:
            return _simulate(args) if args.command == "simulate" else play.run_arena(args)
        except Error as e:
            print(f"twmj: error: {e}", file=sys.stderr)
            return 2
    melds = [(k, t) for k, t in args.meld]
    try:
        shown = str(parse(args.hand))
        full = len(parse(args.hand)) % 3 == 2
        if args.command == "waits" and full:
            # A 17 − 3k hand: which discards leave it ready, and what each then waits on.
            a = analyze(args.hand, melds, args.visible)
            if args.json:
                data = analysis_json(a)
                data["discards"] = [d for d in data["discards"] if d["shanten"] == 0]
                print(json.dumps(data, ensure_ascii=False))
            else:
                _print_ready_discards(shown, a)
        elif args.command == "waits":
            w = waits(args.hand, melds, args.visible)
            if args.json:
                print(json.dumps(waits_json(w), ensure_ascii=False))
            else:
                _print_waits(shown, w)
        else:
            a = analyze(args.hand, melds, args.visible)
            if args.json:
                print(json.dumps(analysis_json(a), ensure_ascii=False))
            else:
                _print_analysis(shown, a)
    except Error as e:
        print(f"twmj: error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
