"""The `twmj` command line: every question about a hand, a win or a record, in words or JSON.

Exit status: 0 answered; 2 bad input (the message names what is wrong and where); 1 when the
reader closed the output early (`twmj … | head`), which ends quietly.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.metadata import entry_points, version
from typing import Any

from wcwidth import wcswidth

from twmj import play
from twmj._core import (
    DEFAULT_SAMPLES,
    Analysis,
    Context,
    Variant,
    Waits,
    analyze,
    compare,
    legal,
    parse,
    record_lines,
    replay,
    score,
    tile_name,
    waits,
)
from twmj.data import analysis_data, replay_data, score_data, waits_data
from twmj.errors import Error
from twmj.play import UsageError
from twmj.tiles import SHAPE_NAMES
from twmj.variants import DEFAULT_PRESET, PRESETS, SETTINGS, variant_settings
from twmj.vocab import DRAW_REASONS, LIMITS, VOCABULARY, WIN_KINDS

__all__ = ["COMMANDS_GROUP", "Command", "main"]

EPILOG = """exit status: 0 answered; 2 bad input (the message names what and where);
1 the reader closed the output early (`twmj … | head` ends quietly)."""


# Text output: columns aligned by display width (a CJK character takes two columns).


def _width(text: str) -> int:
    w = wcswidth(text)
    return len(text) if w < 0 else w


def _table(rows: Sequence[Sequence[object]], right: Sequence[int] = ()) -> list[str]:
    """Rows as lines, each column padded to its widest cell; columns in `right` (numbers) are
    right-aligned."""
    cells = [[str(c) for c in row] for row in rows]
    widths = [
        max(_width(row[i]) for row in cells if i < len(row))
        for i in range(max(map(len, cells), default=0))
    ]
    lines = []
    for row in cells:
        parts = []
        for i, c in enumerate(row):
            pad = " " * (widths[i] - _width(c))
            parts.append(pad + c if i in right else c + pad)
        lines.append(" ".join(parts).rstrip())
    return lines


def _print_rows(
    rows: Sequence[Sequence[object]], right: Sequence[int] = (), indent: str = "  "
) -> None:
    for line in _table(rows, right):
        print(indent + line)


def _dumps(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False))


def _names(tiles: Sequence[str]) -> str:
    return " ".join(tile_name(t) for t in tiles)


def _shanten_words(n: int) -> str:
    return {-1: "胡牌", 0: "聽牌"}.get(n, f"{n} 向聽")


def _print_waits(hand: str, result: Waits) -> None:
    print(f"手牌 {hand}")
    print(_shanten_words(result.shanten))
    _print_rows(
        [
            [
                "聽",
                w.name,
                w.tile,
                "、".join(SHAPE_NAMES[s] for s in w.shapes),
                f"剩 {w.remaining} 張",
            ]
            for w in result.waits
        ]
    )
    if result.tenpai:
        total = sum(w.remaining for w in result.waits)
        print(f"共 {len(result)} 種 {total} 張")
    else:
        total = sum(a.remaining for a in result.accepts)
        print(f"  進張 {_names([a.tile for a in result.accepts])} 共 {total} 張")


def _print_analysis(hand: str, result: Analysis) -> None:
    print(f"手牌 {hand}")
    print(_shanten_words(result.shanten))
    rows: list[list[object]] = []
    for d in result.discards:
        rows.append(
            [
                "打",
                tile_name(d.tile),
                d.tile,
                f"→ {_shanten_words(d.shanten)}",
                f"進張 {len(d.accepts)} 種 {d.accepted} 張",
            ]
        )
        if d.waits:
            rows.append(["", "", "", f"聽 {_names([w.tile for w in d.waits])}"])
        elif d.accepts:
            rows.append(["", "", "", f"進 {_names([a.tile for a in d.accepts])}"])
    _print_rows(rows)


def _print_ready_discards(hand: str, result: Analysis) -> None:
    print(f"手牌 {hand}")
    print(_shanten_words(result.shanten))
    ready = [d for d in result.discards if d.shanten == 0]
    _print_rows(
        [
            [
                "打",
                tile_name(d.tile),
                d.tile,
                "聽 " + " ".join(f"{w.name}({w.remaining})" for w in d.waits),
            ]
            for d in ready
        ]
    )
    if not ready and result.shanten > 0:
        print("  打哪張都不會聽牌；看 `twmj analyze`")


def _print_score(s: dict[str, Any]) -> None:
    """A scored win (`score_data`): the items, the dealer's tai, the split, who pays."""
    house = "".join(f" {k}={v}" for k, v in s["overrides"])
    allowed = "" if s["allowed"] else "（未達起胡：沒人付）"
    print(f"{s['total_tai']} 台{allowed}  [{s['variant']}{house}]")
    _print_rows([[i["name"], i["tai"], "台"] for i in s["items"]], right=[1])
    if s["dealer_items"]:
        print(f"莊家台 {s['dealer_tai']}（只在莊家與對方之間）")
        _print_rows([[i["name"], i["tai"], "台"] for i in s["dealer_items"]], right=[1])
    melds = "".join(f" [{m['kind']} {m['tiles']}]" for m in s["melds"])
    print("牌型 " + " ".join(s["decomposition"]) + melds)
    if s["payments"]:
        print("支付（底 + 牌面 + 莊家台）")
        _print_rows(
            [
                [
                    f"{p['payer']} → {p['payee']}",
                    f"{p['base_tai']} + {p['hand_tai']} + {p['dealer_tai']}",
                    "=",
                    p["total_tai"],
                    "台",
                    p["money"],
                ]
                for p in s["payments"]
            ],
            right=[3, 5],
        )
    print("淨（台） " + " ".join(f"{n:+d}" for n in s["net_tai"]))
    for n in s["why_not"]:
        print(f"  不計 {n['name']}：{_reason(n['name'], n['reason_zh'])}")


def _reason(name: str, reason: str) -> str:
    """A reason without its item's name at the front (the line names the item once)."""
    for sep in ("：", ": ", ":"):
        if reason.startswith(name + sep):
            return reason[len(name) + len(sep) :]
    return reason


def error_line(e: Error) -> str:
    """A library error in one line: the rule broken in Chinese (the core's `message_zh`), then
    the library's own message, which names the field and any detail with no Chinese term."""
    detail = str(e).replace("\n", " ")
    return f"{e.message_zh}（{detail}）" if detail else e.message_zh


# Building the library's inputs from the flags.


def _setting(text: str) -> tuple[str, int | bool | str]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    if value.lower() in ("true", "false"):
        return key, value.lower() == "true"
    try:
        return key, int(value)
    except ValueError:
        return key, value


def _variant(
    name: str, settings: list[tuple[str, int | bool | str]], rules: str | None = None
) -> Variant:
    """The preset `name` with `--set` on top, or with `--rules CARD` the card's rule set (its
    preset and settings, `--set` still on top)."""
    if rules is None:
        return Variant(name, dict(settings))
    card = Variant.from_card(rules)
    return card.with_overrides(dict(settings)) if settings else card


def _context(args: argparse.Namespace) -> Context:
    return Context(
        winner=args.winner,
        dealer=args.dealer,
        streak=args.streak,
        seat_wind=args.seat_wind,
        round_wind=args.round_wind,
        win=args.win,
        from_seat=args.from_seat,
        flowers=args.flowers,
    )


def _read(path: str) -> str:
    """The text of a file, or of stdin for `-`, as UTF-8 (a leading byte-order mark dropped, as
    the service does); anything unreadable is a `UsageError`."""
    name = "stdin" if path == "-" else path
    data: bytes | str
    try:
        if path == "-":
            if sys.stdin is None:  # started with stdin closed
                raise UsageError("stdin is closed: give a file, or pipe the input in")
            stream = getattr(sys.stdin, "buffer", None)  # a text stream set in its place has none
            data = stream.read() if stream is not None else sys.stdin.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except OSError as e:
        raise UsageError(f"cannot read {name}: {e.strerror or e}") from None
    except ValueError as e:  # a closed stream: "I/O operation on closed file"
        raise UsageError(f"cannot read {name}: {e}") from None
    except UnicodeDecodeError as e:
        raise UsageError(f"{name} is not UTF-8 text: {e.reason} at offset {e.start}") from None
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise UsageError(
            f"{name} is not UTF-8 text: byte {data[e.start]:#04x} at offset {e.start}"
        ) from None


#: The winds as the command line takes them: the core's keys (E S W N) and names (東南西北),
#: each to its number (0 = 東 … 3 = 北).
_WINDS: dict[str, int] = {
    **{w["key"]: i for i, w in enumerate(VOCABULARY["winds"])},
    **{w["name"]: i for i, w in enumerate(VOCABULARY["winds"])},
}


def _wind(text: str) -> str:
    """A wind flag: E S W N (any case) or 東 南 西 北, as its key."""
    key = text.upper() if text.isascii() else text
    if key not in _WINDS:
        raise argparse.ArgumentTypeError(f"{text!r} is not a wind (E S W N or 東 南 西 北)")
    return str(VOCABULARY["winds"][_WINDS[key]]["key"])


# The commands: each returns its exit status.


def _cmd_waits(args: argparse.Namespace) -> int:
    melds = [(k, t) for k, t in args.meld]
    variant = _variant(args.variant, args.set, args.rules)
    shown = str(parse(args.hand, variant))
    if len(parse(args.hand, variant)) % 3 == 2:
        # A 17 − 3k hand: which discards leave it ready, and what each then waits on.
        a = analyze(args.hand, melds, args.visible, variant)
        if args.json:
            data = analysis_data(a)
            data["discards"] = [d for d in data["discards"] if d["shanten"] == 0]
            _dumps(data)
        else:
            _print_ready_discards(shown, a)
    else:
        w = waits(args.hand, melds, args.visible, variant)
        if args.json:
            _dumps(waits_data(w))
        else:
            _print_waits(shown, w)
    return 0


def _cmd_analyze(args: argparse.Namespace) -> int:
    variant = _variant(args.variant, args.set, args.rules)
    a = analyze(args.hand, [(k, t) for k, t in args.meld], args.visible, variant)
    if args.json:
        _dumps(analysis_data(a))
    else:
        _print_analysis(str(parse(args.hand, variant)), a)
    return 0


def _cmd_score(args: argparse.Namespace) -> int:
    s = score(
        args.hand,
        args.win_tile,
        [(k, t) for k, t in args.meld],
        _context(args),
        _variant(args.variant, args.set, args.rules),
        args.why_not,
    )
    if args.json:
        _dumps(score_data(s))
    else:
        print(f"手牌 {parse(args.hand)}  胡 {tile_name(args.win_tile)} {args.win_tile}")
        _print_score(score_data(s))
    return 0


def _cmd_compare(args: argparse.Namespace) -> int:
    variants = [Variant(name, dict(args.set)) for name in args.variants]
    labels = list(args.variants)
    if args.rules is not None:
        # A card compared with the presets: one more column, headed by its card.
        variants.append(_variant(DEFAULT_PRESET, args.set, args.rules))
        labels.append(args.rules)
    scores, differing = compare(
        args.hand,
        args.win_tile,
        variants,
        [(k, t) for k, t in args.meld],
        _context(args),
        args.why_not,
    )
    if args.json:
        _dumps(
            {
                "scores": [score_data(s) for s in scores],
                "differing": [{"key": k, "name": n, "tai": t} for k, n, t in differing],
            }
        )
        return 0
    # One row per item counted under any variant, one column per variant.
    names: dict[str, str] = {}
    tai: dict[str, list[int]] = {}
    for col, s in enumerate(scores):
        for i in s.items:
            names.setdefault(i.key, i.name)
            tai.setdefault(i.key, [0] * len(scores))[col] = i.tai
    differ = {k for k, _, _ in differing}
    rows: list[list[object]] = [["", *labels]]
    rows += [[names[k], *tai[k], "*" if k in differ else ""] for k in tai]
    rows.append(["合計", *(s.total_tai for s in scores)])
    print(f"手牌 {parse(args.hand)}  胡 {tile_name(args.win_tile)} {args.win_tile}  (* differs)")
    _print_rows(rows, right=range(1, len(scores) + 1))
    return 0


def _cmd_review(args: argparse.Namespace) -> int:
    from twmj.coach import review

    record = _read(args.file)
    r = review(record, args.seat, samples=args.samples, seed=args.seed)
    if args.json:
        _dumps(r.as_dict())
        return 0
    print(f"座位 {r.seat} 的 {len(r.decisions)} 個決定（每個 {r.samples} 次抽樣，seed {r.seed}）")
    for d in r.decisions:
        mark = " " if d.played == d.best else "✗"
        print(f"{mark} 第 {d.line} 行  {d.hand}  {d.reason}")
    print(f"合計期望損失 {r.total_loss:.2f} ± {r.total_loss_se:.2f} 台")
    for d in r.costliest:
        print(f"  第 {d.line} 行：{d.played} → {d.best}，少 {d.loss:.2f} ± {d.loss_se:.2f} 台")
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    record = _read(args.file)
    game = replay(record)  # a twmj.Error names the first illegal event and the rule
    variant = (
        _variant(args.variant or DEFAULT_PRESET, args.set, args.rules)
        if args.variant or args.set or args.rules
        else None
    )
    events = len(record_lines(record))
    round_wind = None if args.round_wind is None else _WINDS[args.round_wind]
    data = replay_data(game, events, variant, args.streak, round_wind)
    if args.json:
        _dumps(data)
        return 0
    print(f"{events} 個事件，每一步都合規則")
    if not data["over"]:
        print("還沒打完：輪到座位 " + " ".join(map(str, data["pending"])) + " 決定")
        return 0
    if data["draw"]:
        reason = data["draw_reason"]
        print(f"流局（{_DRAW_NAMES.get(reason, reason)}）" if reason != "wall" else "流局")
    for n, (w, s) in enumerate(zip(data["wins"], data["scores"], strict=True), 1):
        paid = "" if w["from"] is None else f"，座位 {w['from']} 付"
        tile = f" {tile_name(w['tile'])}" if w["tile"] else ""
        print(f"第 {n} 筆：座位 {w['seat']} {_KIND_NAMES.get(w['kind'], w['kind'])}{tile}{paid}")
        _print_score(s)
    if data["false_win"]:
        print(f"詐胡：座位 {data['false_win']['seat']}（{data['false_win']['tai']} 台）")
    print("淨（台） " + " ".join(f"{n:+d}" for n in data["net_tai"]))
    return 0


def _json(text: str, name: str) -> Any:
    """`text` read as JSON; bad JSON, and JSON nested deeper than Python can read, are a
    `UsageError` naming `name`."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise UsageError(f"{name}: not JSON: {e}") from None
    except RecursionError:
        raise UsageError(f"{name}: JSON nested too deeply to read") from None


def _cmd_legal(args: argparse.Namespace) -> int:
    snapshot = _json(_read(args.file), "stdin" if args.file == "-" else args.file)
    if isinstance(snapshot, dict) and isinstance(snapshot.get("snapshot"), dict):
        snapshot = snapshot["snapshot"]  # a `/v1/legal` body
    if not isinstance(snapshot, dict):
        raise UsageError(f"{args.file}: expected a JSON object (a snapshot)")
    preset = snapshot.pop("variant", None)
    overrides = snapshot.pop("overrides", {})
    if preset is not None or overrides:
        snapshot["variant"] = Variant(preset or DEFAULT_PRESET, overrides)
    actions, _ = legal(snapshot)
    if args.json:
        _dumps({"seat": snapshot.get("seat", 0), "actions": actions})
    else:
        for a in actions:
            print(a)
    return 0


def _cmd_conformance(args: argparse.Namespace) -> int:
    from twmj import conformance  # the corpus runner: only this command reads it

    try:
        cases = conformance.select(conformance.load(args.cases), args.kinds)
        source = args.cases or str(conformance.default_cases_path())
        if args.engine is None:
            report, engine = conformance.run(cases), "built-in"
        else:
            with conformance.ProtocolEngine(args.engine, args.timeout) as proc:
                report, engine = conformance.run(cases, proc), args.engine
    except (conformance.CorpusError, conformance.EngineError) as e:
        raise UsageError(str(e)) from None
    if args.json:
        _dumps(conformance.summary(report))
    else:
        for line in conformance.report_lines(report, source, engine):
            print(line)
    return 0 if report.ok else 1


#: The settings `twmj variants` shows for every preset (a choice of columns; the keys, their
#: headings and values are the core's registry).
OVERVIEW_SETTINGS = ("players", "hand_size", "min_tai", "base_money", "tai_money")

#: The core's context defaults (`ContextArgs::read`), for the flags a command leaves out.
_DEFAULT_CONTEXT = Context()
#: The last seat index (seats are 0 to LIMITS["seats"] − 1, the core's number).
_LAST_SEAT = LIMITS["seats"] - 1


def _cmd_variants(args: argparse.Namespace) -> int:
    names = [args.name] if args.name else list(PRESETS)
    settings = {n: variant_settings(n) for n in names}
    if args.json:
        listed = [{"name": n, "settings": settings[n]} for n in names]
        _dumps(listed[0] if args.name else listed)
    elif args.name:
        rows = [[k, json.dumps(v, ensure_ascii=False)] for k, v in settings[args.name].items()]
        _print_rows(rows, indent="")
    else:
        # The overview's columns are registry settings; their headings are the core's names.
        specs = {spec.key: spec for spec in SETTINGS}
        keys = OVERVIEW_SETTINGS
        rows = [["preset", *(specs[k].name for k in keys)]]
        rows += [[n, *(str(settings[n][k]) for k in keys)] for n in names]
        _print_rows(rows, right=range(1, len(keys) + 1), indent="")
        print("`twmj variants NAME` 列出一個 preset 的全部設定")
    return 0


_KIND_NAMES = WIN_KINDS
_DRAW_NAMES = DRAW_REASONS


def _cmd_simulate(args: argparse.Namespace) -> int:
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
        f"{args.variant}：{hands} 局（seed {args.seed}，{args.bot} bot），{seconds:.2f} 秒，"
        f"每秒 {hands / max(seconds, 1e-9):,.0f} 局"
    )
    print(f"流局 {draws}（{100 * draws / max(hands, 1):.1f}%），一砲多響 {summary['multi_winner']}")
    rows: list[list[object]] = [
        [_DRAW_NAMES.get(key, key), n]
        for key, n in summary["draw_reasons"].items()
        if n and key != "wall"
    ]
    rows += [[_KIND_NAMES.get(key, key), n] for key, n in summary["wins"].items()]
    _print_rows(rows, right=[1])
    tai = summary["tai"]
    bills = sum(tai)
    if bills:
        mean = sum(i * n for i, n in enumerate(tai)) / bills
        print(f"台數（每筆）：平均 {mean:.2f}")
        for i, n in enumerate(tai):
            if n:
                label = f"{i}+" if i == len(tai) - 1 else str(i)
                print(f"  {label:>3} 台 {n:>6} {'#' * max(1, 40 * n // bills)}")
    return 0


def _not_utf8(args: Sequence[str]) -> str | None:
    """The first argument that is not valid UTF-8 (Python keeps such bytes as lone surrogates,
    which no twmj function can read), shown as its bytes."""
    for a in args:
        try:
            a.encode("utf-8")
        except UnicodeEncodeError:
            return repr(a.encode("utf-8", "surrogateescape"))
    return None


def _hand_flags(s: argparse.ArgumentParser) -> None:
    s.add_argument(
        "--meld",
        nargs=2,
        action="append",
        metavar=("KIND", "TILES"),
        default=[],
        help="a meld: chi|pon|minkan|kakan|ankan or 吃|碰|明槓|加槓|暗槓, and its tiles (repeatable)",
    )


def _win_flags(s: argparse.ArgumentParser) -> None:
    s.add_argument("hand", help="the concealed tiles, with or without the winning tile")
    s.add_argument("win_tile", help="the winning tile, e.g. 7p")
    _hand_flags(s)
    s.add_argument("--flowers", default="", help="the winner's flowers, e.g. 1f5f or 春梅")
    s.add_argument(
        "--winner",
        type=int,
        default=_DEFAULT_CONTEXT.winner,
        help=f"the winner's seat, 0–{_LAST_SEAT}",
    )
    s.add_argument(
        "--dealer", type=int, default=_DEFAULT_CONTEXT.dealer, help="the dealer's seat (莊家)"
    )
    s.add_argument("--streak", type=int, default=_DEFAULT_CONTEXT.streak, help="連莊 count")
    s.add_argument(
        "--win",
        default=_DEFAULT_CONTEXT.win,
        help="how the tile came: self_draw (自摸), discard (放槍), robbing_kong (搶槓), …",
    )
    s.add_argument(
        "--from-seat", type=int, default=None, help="the paying seat on a discard or 搶槓"
    )
    s.add_argument(
        "--seat-wind",
        type=_wind,
        default=_DEFAULT_CONTEXT.seat_wind,
        help="the winner's 門風: E S W N or 東 南 西 北",
    )
    s.add_argument(
        "--round-wind",
        type=_wind,
        default=_DEFAULT_CONTEXT.round_wind,
        help="the 圈風: E S W N or 東 南 西 北",
    )
    _set_flag(s)
    s.add_argument(
        "--why-not", action="store_true", help="also list the items not counted, with reasons"
    )
    s.add_argument(
        "--json", action="store_true", help="print JSON (the shape the HTTP API answers)"
    )


def _set_flag(s: argparse.ArgumentParser) -> None:
    s.add_argument(
        "--set",
        type=_setting,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a house rule on top of the preset, e.g. tai.ping_hu=3 (repeatable; see "
        "`twmj variants NAME`)",
    )
    s.add_argument(
        "--rules",
        default=None,
        metavar="CARD",
        help="a rule card (twmj1.<preset>[.<settings>], 家規 分享家規): its preset and settings "
        "instead of --variant",
    )


# Commands another installed package adds (the service's `serve` and `mcp`): this package never
# imports the one above it; it finds them through an entry point group instead.

#: The entry point group of added commands: each entry point is named after its command and
#: loads a `Command` (api/pyproject.toml declares the service's).
COMMANDS_GROUP = "twmj.commands"

#: The commands an extra of `twmj` adds, by the extra: named here only so that, without it,
#: `twmj serve` says what to install rather than "invalid choice" (tests/test_cli_commands.py
#: holds this against the entry points api/pyproject.toml declares).
EXTRA_COMMANDS: dict[str, str] = {"serve": "api", "mcp": "api"}


def _no_arguments(parser: argparse.ArgumentParser) -> None:
    del parser


@dataclass(frozen=True)
class Command:
    """A `twmj` subcommand added by another package: its one-line help, its arguments (added to
    its subparser) and what it runs (returns the exit status; `UsageError` for bad input)."""

    help: str
    run: Callable[[argparse.Namespace], int]
    add_arguments: Callable[[argparse.ArgumentParser], None] = _no_arguments


def _refused(help_text: str, why: str) -> Command:
    """The stand-in for a command that cannot run here: running it says `why`."""

    def run(args: argparse.Namespace) -> int:
        raise UsageError(why)

    return Command(help=help_text, run=run)


def _added_commands() -> dict[str, Command]:
    """The added commands by name: those of the installed entry points, and a stand-in saying
    what to install for each `EXTRA_COMMANDS` entry that none provides."""
    found: dict[str, Command] = {}
    for point in entry_points(group=COMMANDS_GROUP):
        # A broken plug-in breaks its own command only, never the others.
        try:
            command = point.load()
        except ImportError as e:
            command = _refused("(cannot load)", f"`twmj {point.name}` cannot load: {e}")
        if not isinstance(command, Command):
            why = f"`twmj {point.name}`: {point.value} is not a twmj.cli.Command"
            command = _refused("(cannot load)", why)
        found[point.name] = command
    for name, extra in EXTRA_COMMANDS.items():
        install = f"`pip install twmj[{extra}]`"
        found.setdefault(name, _refused(f"(needs {install})", f"`twmj {name}` needs {install}"))
    return found


class _Help(argparse.ArgumentDefaultsHelpFormatter):
    """Every option's help ends with its default (a flag's default, False, is left out)."""

    def _get_help_string(self, action: argparse.Action) -> str:
        d = action.default
        if d is None or d is False or d == [] or d == argparse.SUPPRESS or action.nargs == 0:
            return action.help or ""
        return super()._get_help_string(action) or ""


def _parser(added: dict[str, Command] | None = None) -> argparse.ArgumentParser:
    """The whole parser; `added`: the commands of other packages (default: those installed)."""
    p = argparse.ArgumentParser(
        prog="twmj",
        description="Taiwanese 16-tile mahjong (台灣十六張麻將): waits, analysis, scoring, records.",
        epilog=EPILOG,
        formatter_class=_Help,
    )
    p.add_argument("--version", action="version", version=f"twmj {version('twmj')}")
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser = functools.partial(sub.add_parser, formatter_class=_Help)  # type: ignore[method-assign]
    for name, help_text in (
        ("waits", "waits of a 16 − 3k hand, or the ready discards of a 17 − 3k hand (聽牌檢查)"),
        ("analyze", "discard analysis of a 17 − 3k hand (牌理)"),
    ):
        s = sub.add_parser(name, help=help_text, epilog=EPILOG)
        s.add_argument("hand", help='tile notation, e.g. "1112345678999m1p"')
        _hand_flags(s)
        s.add_argument("--visible", default=None, help="other tiles in view (discards, melds)")
        s.add_argument(
            "--variant",
            default=DEFAULT_PRESET,
            help="the preset whose tiles and hand size apply (see `twmj variants`)",
        )
        _set_flag(s)
        s.add_argument("--json", action="store_true", help="print JSON instead of text")
    s = sub.add_parser("score", help="what a win is worth, and who pays (台數計算)", epilog=EPILOG)
    _win_flags(s)
    s.add_argument("--variant", default=DEFAULT_PRESET, help="the preset (see `twmj variants`)")
    s = sub.add_parser("compare", help="one win under several presets, item by item", epilog=EPILOG)
    _win_flags(s)
    s.add_argument(
        "--variants",
        nargs="+",
        default=list(PRESETS[:2]),
        metavar="PRESET",
        help="the presets to compare",
    )
    s = sub.add_parser(
        "replay", help="check a game record move by move and score each 筆", epilog=EPILOG
    )
    s.add_argument("file", help="a JSON-lines record (docs/log-format.md), or - for stdin")
    s.add_argument(
        "--variant", default=None, help="settle under this preset instead of the record's"
    )
    _set_flag(s)
    s.add_argument("--streak", type=int, default=None, help="連莊 count, for settlement")
    s.add_argument(
        "--round-wind",
        type=_wind,
        default=None,
        help="the 圈風, for settlement: E S W N or 東 南 西 北 (default: the record's)",
    )
    s.add_argument("--json", action="store_true", help="print JSON (the shape of /v1/replay)")
    s = sub.add_parser(
        "review", help="review one seat's decisions in a record: loss in tai and why", epilog=EPILOG
    )
    s.add_argument("file", help="a JSON-lines record (docs/log-format.md), or - for stdin")
    s.add_argument("--seat", type=int, required=True, help=f"the seat to review (0–{_LAST_SEAT})")
    s.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help="samples per decision")
    s.add_argument("--seed", type=int, default=0, help="decision i samples from seed + i")
    s.add_argument("--json", action="store_true", help="print JSON (the shape of /v1/review)")
    s = sub.add_parser("legal", help="the legal actions at a decision point", epilog=EPILOG)
    s.add_argument("file", help="a snapshot as JSON (the `snapshot` of /v1/legal), or - for stdin")
    s.add_argument("--json", action="store_true", help="print JSON instead of one action a line")
    s = sub.add_parser("variants", help="the rule presets, or one preset's settings", epilog=EPILOG)
    s.add_argument("name", nargs="?", default=None, help="a preset: list its settings")
    s.add_argument("--json", action="store_true", help="print JSON (the shape of /v1/variants)")
    play.add_commands(sub)  # arena, simulate
    s = sub.add_parser(
        "conformance",
        help="run the conformance corpus on twmj or on another engine (docs/conformance.md)",
        epilog="exit status: 0 every case passed; 1 some failed; 2 bad input (a case file "
        "off the format, an unknown kind, an engine that broke the protocol).",
    )
    s.add_argument(
        "--cases",
        default=None,
        help="a case file or a folder of them (default: the source tree's conformance/cases)",
    )
    s.add_argument(
        "--engine",
        default=None,
        metavar="CMD",
        help="a command speaking the JSON-lines protocol (default: twmj's own engine)",
    )
    s.add_argument("--kinds", default=None, help="only these kinds, comma-separated")
    s.add_argument(
        "--timeout", type=float, default=10.0, help="seconds the engine may take on one case"
    )
    s.add_argument("--json", action="store_true", help="print the summary as JSON")
    for name, command in (_added_commands() if added is None else added).items():
        s = sub.add_parser(name, help=command.help, epilog=EPILOG)
        command.add_arguments(s)
    return p


_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "waits": _cmd_waits,
    "analyze": _cmd_analyze,
    "score": _cmd_score,
    "compare": _cmd_compare,
    "replay": _cmd_replay,
    "review": _cmd_review,
    "legal": _cmd_legal,
    "variants": _cmd_variants,
    "simulate": _cmd_simulate,
    "arena": play.run_arena,
    "conformance": _cmd_conformance,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input)."""
    given = sys.argv[1:] if argv is None else argv
    try:
        if (bad := _not_utf8(given)) is not None:
            raise UsageError(f"an argument is not valid UTF-8: {bad}")
        added = _added_commands()
        args = _parser(added).parse_args(given)
        run = _COMMANDS.get(args.command) or added[args.command].run
        return run(args)
    except Error as e:
        print(f"twmj: error: {error_line(e)}", file=sys.stderr)
        return 2
    except UsageError as e:
        print(f"twmj: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (`twmj simulate … | head`): stop quietly, as Unix tools do, and
        # point stdout at /dev/null so the interpreter's final flush does not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
