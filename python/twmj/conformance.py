"""The conformance corpus (docs/conformance.md): reading case files, the built-in engine's
canonical answers, the comparison rule, and the JSON-lines engine protocol on both ends.

This module is the one owner of the canonical answer shape on the Python side: pytest, the
`twmj conformance` command and the protocol engine (`python -m twmj.conformance`) all use it.
"""

from __future__ import annotations

import contextlib
import json
import queue
import shlex
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from twmj._core import Context, Variant, is_win, legal, parse, replay, score, shanten, waits
from twmj.errors import ContextError, Error
from twmj.variants import DEFAULT_PRESET, PRESETS
from twmj.vocab import VOCABULARY

__all__ = [
    "FORMAT",
    "KINDS",
    "VERSION",
    "Case",
    "CorpusError",
    "EngineError",
    "Outcome",
    "ProtocolEngine",
    "Report",
    "answer",
    "ask",
    "default_cases_path",
    "http_outcome",
    "http_request",
    "load",
    "mismatch",
    "report_lines",
    "run",
    "select",
    "serve",
    "summary",
]

FORMAT = "twmj-conformance"
VERSION = 1
KINDS: tuple[str, ...] = ("waits", "shanten", "is_win", "score", "legal", "replay")
#: The fields of a case (docs/conformance.md, "A case").
_CASE_FIELDS = frozenset({"id", "kind", "variant", "question", "expect", "error", "source", "note"})

#: A case as read from its file (a JSON object).
Case = dict[str, Any]
#: What an engine said: `{"answer": {...}}` or `{"error": {"code", "field"}}`.
Outcome = dict[str, Any]


class CorpusError(ValueError):
    """A case file that does not follow the format (the CLI exits with 2)."""


class EngineError(RuntimeError):
    """An engine under test that broke the protocol (the CLI exits with 2)."""


# Reading the corpus.


def default_cases_path() -> Path | None:
    """The corpus of the source tree this package runs from (`conformance/cases`), if there."""
    here = Path(__file__).resolve()
    for parent in here.parents:
        candidate = parent / "conformance" / "cases"
        if candidate.is_dir():
            return candidate
    return None


def _check_case(case: object, where: str) -> Case:
    if not isinstance(case, dict):
        raise CorpusError(f"{where}: a case is a JSON object")
    unknown = set(case) - _CASE_FIELDS
    if unknown:
        raise CorpusError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    for name in ("id", "source"):
        if not isinstance(case.get(name), str) or not case[name]:
            raise CorpusError(f"{where}: `{name}` must be a non-empty string")
    if case.get("kind") not in KINDS:
        raise CorpusError(f"{where} ({case['id']}): `kind` must be one of {', '.join(KINDS)}")
    if not isinstance(case.get("question"), dict):
        raise CorpusError(f"{where} ({case['id']}): `question` must be an object")
    if ("expect" in case) == ("error" in case):
        raise CorpusError(f"{where} ({case['id']}): give exactly one of `expect` and `error`")
    if "expect" in case and not isinstance(case["expect"], dict):
        raise CorpusError(f"{where} ({case['id']}): `expect` must be an object")
    if "error" in case:
        err = case["error"]
        if (
            not isinstance(err, dict)
            or set(err) != {"code", "field"}
            or not isinstance(err["code"], str)
            or not (err["field"] is None or isinstance(err["field"], str))
        ):
            raise CorpusError(f"{where} ({case['id']}): `error` is {{code, field}}")
    variant = case.get("variant", {})
    if (
        not isinstance(variant, dict)
        or variant.get("preset", DEFAULT_PRESET) not in PRESETS
        or not isinstance(variant.get("overrides", {}), dict)
        or set(variant) - {"preset", "overrides"}
    ):
        raise CorpusError(f"{where} ({case['id']}): `variant` is {{preset, overrides}}")
    return case


def _files(path: Path) -> list[Path]:
    if path.is_dir():
        return sorted(path.glob("*.json"))
    if path.is_file():
        return [path]
    raise CorpusError(f"{path}: no such file or folder")


def load(path: Path | str | None = None) -> list[Case]:
    """Every case of a case file, or of every `*.json` file in a folder (default: the source
    tree's corpus), checked against the format; ids unique over all of them."""
    if path is None:
        path = default_cases_path()
        if path is None:
            raise CorpusError("no corpus found next to this package; give --cases PATH")
    cases: list[Case] = []
    seen: set[str] = set()
    for file in _files(Path(path)):
        try:
            doc = json.loads(file.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise CorpusError(f"{file}: {e}") from None
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise CorpusError(f"{file}: not a {FORMAT} file")
        if doc.get("version") != VERSION:
            raise CorpusError(
                f"{file}: version {doc.get('version')!r} (this runner reads {VERSION})"
            )
        if not isinstance(doc.get("cases"), list):
            raise CorpusError(f"{file}: `cases` must be a list")
        for i, raw in enumerate(doc["cases"]):
            case = _check_case(raw, f"{file.name} case {i}")
            if case["id"] in seen:
                raise CorpusError(f"{file.name}: duplicate id {case['id']}")
            seen.add(case["id"])
            cases.append(case)
    return cases


def variant_of(case: Case) -> dict[str, Any]:
    """The case's variant in full: `{preset, overrides}` with the defaults filled in."""
    v = case.get("variant", {})
    return {"preset": v.get("preset", DEFAULT_PRESET), "overrides": dict(v.get("overrides", {}))}


# The built-in engine: a question to its canonical answer.


def _variant(v: dict[str, Any], prefix: str = "") -> Variant:
    try:
        return Variant(v["preset"], v["overrides"])
    except Error as e:
        if prefix and e.field is not None:
            e.field = f"{prefix}.{e.field}"
        raise


def _wind(value: object) -> int | None:
    """A wind by index, key or name (`1`, `S`, `南`) as its index, as the service's
    `round_wind` reads it."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    for i, w in enumerate(VOCABULARY["winds"]):
        if value in (w["key"], w["name"]):
            return i
    e = ContextError(f"round_wind: {value!r} is not a wind")
    e.field = "round_wind"
    raise e


def _waits(v: Variant, q: dict[str, Any]) -> dict[str, Any]:
    r = waits(q["hand"], q.get("melds") or None, q.get("visible"), v)
    return {
        "tenpai": r.tenpai,
        "shanten": r.shanten,
        "waits": [{"tile": w.tile, "remaining": w.remaining, "shapes": w.shapes} for w in r.waits],
        "accepts": [{"tile": a.tile, "remaining": a.remaining} for a in r.accepts],
    }


def _shanten(v: Variant, q: dict[str, Any]) -> dict[str, Any]:
    return {"shanten": shanten(q["hand"], q.get("melds") or None, v)}


def _is_win(v: Variant, q: dict[str, Any]) -> dict[str, Any]:
    return {"win": is_win(q["hand"], q.get("melds") or None, v)}


def _context(q: dict[str, Any]) -> Context:
    fields = dict(q.get("context", {}))
    if fields.get("dice") is not None:
        fields["dice"] = tuple(fields["dice"])
    try:
        return Context(**fields, flowers=q.get("flowers", ""))
    except Error as e:
        if e.field == "context.flowers":
            e.field = "flowers"
        raise


def _score(v: Variant, q: dict[str, Any]) -> dict[str, Any]:
    s = score(q["hand"], q["win_tile"], q.get("melds") or None, _context(q), v)
    return {
        "total_tai": s.total_tai,
        "items": [[i.name, i.tai] for i in s.items],
        "allowed": s.allowed,
        "dealer_tai": s.dealer_tai,
        "payments": [[p.payer, p.total_tai] for p in s.payments],
        "net_tai": list(s.net_tai),
    }


def _legal(v: dict[str, Any], q: dict[str, Any]) -> dict[str, Any]:
    snapshot = dict(q["snapshot"])
    snapshot["variant"] = _variant(v, "snapshot")
    actions, _ = legal(snapshot)
    return {"actions": list(actions)}


def _replay(v: Variant, q: dict[str, Any]) -> dict[str, Any]:
    game = replay(q["record"])
    result = game.result()
    if result is None:
        return {"over": False, "draw": None, "wins": [], "net_tai": [0, 0, 0, 0]}
    _, net = game.settle(v, q.get("streak"), _wind(q.get("round_wind")))
    wins = [[w["seat"], w["kind"], w["from"]] for w in result["wins"]]
    return {"over": True, "draw": result["draw"], "wins": wins, "net_tai": list(net)}


_ANSWERS: dict[str, Callable[[Variant, dict[str, Any]], dict[str, Any]]] = {
    "waits": _waits,
    "shanten": _shanten,
    "is_win": _is_win,
    "score": _score,
    "replay": _replay,
}


def answer(kind: str, variant: dict[str, Any], question: dict[str, Any]) -> dict[str, Any]:
    """The canonical answer of twmj's own engine; a refusal raises `twmj.Error` (its `field`
    named as the service names it)."""
    if kind == "legal":
        return _legal(variant, question)
    if kind not in _ANSWERS:
        raise KeyError(kind)
    return _ANSWERS[kind](_variant(variant), question)


def ask(case: Case) -> Outcome:
    """The built-in engine's outcome for a case."""
    try:
        return {"answer": answer(case["kind"], variant_of(case), case["question"])}
    except Error as e:
        return {"error": {"code": e.code, "field": e.field}}


# The same questions over HTTP (docs/conformance.md, "Questions"): the request a runner
# sends to the service, and the canonical answer read from its body.


def _holds_a_full_hand(hand: object) -> bool:
    """17 − 3k concealed tiles (a hand to discard from), as /v1/analyze takes them."""
    try:
        return isinstance(hand, str) and len(parse(hand).tiles) % 3 == 2
    except Error:
        return False


def http_request(case: Case) -> tuple[str, dict[str, Any]]:
    """The service route and JSON body that ask the case's question."""
    kind, v, q = case["kind"], variant_of(case), case["question"]
    if kind == "legal":
        snapshot = {**q["snapshot"], "variant": v["preset"], "overrides": v["overrides"]}
        return "/v1/legal", {**q, "snapshot": snapshot}
    body = {**q, "variant": v["preset"], "overrides": v["overrides"]}
    if kind == "is_win" or (kind == "shanten" and _holds_a_full_hand(q.get("hand"))):
        return "/v1/analyze", body
    return {"waits": "/v1/waits", "shanten": "/v1/waits", "score": "/v1/score"}.get(
        kind, "/v1/replay"
    ), body


def http_outcome(kind: str, body: dict[str, Any]) -> Outcome:
    """The canonical outcome of the service's answer to `http_request`."""
    if "error" in body:
        return {"error": {"code": body["error"]["code"], "field": body["error"]["field"]}}
    if kind == "waits":
        answer: dict[str, Any] = {
            "tenpai": body["tenpai"],
            "shanten": body["shanten"],
            "waits": [
                {"tile": w["tile"], "remaining": w["remaining"], "shapes": w["shapes"]}
                for w in body["waits"]
            ],
            "accepts": [{"tile": a["tile"], "remaining": a["remaining"]} for a in body["accepts"]],
        }
    elif kind == "shanten":
        answer = {"shanten": body["shanten"]}
    elif kind == "is_win":
        answer = {"win": body["shanten"] == -1}
    elif kind == "score":
        answer = {
            "total_tai": body["total_tai"],
            "items": [[i["name"], i["tai"]] for i in body["items"]],
            "allowed": body["allowed"],
            "dealer_tai": body["dealer_tai"],
            "payments": [[p["payer"], p["total_tai"]] for p in body["payments"]],
            "net_tai": body["net_tai"],
        }
    elif kind == "legal":
        answer = {"actions": body["actions"]}
    else:
        answer = {
            "over": body["over"],
            "draw": body["draw"],
            "wins": [[w["seat"], w["kind"], w["from"]] for w in body["wins"]],
            "net_tai": body["net_tai"],
        }
    return {"answer": answer}


# Comparison (docs/conformance.md, "Comparison").


def _key(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _multiset(values: Iterable[object]) -> Counter[str]:
    return Counter(_key(v) for v in values)


def _by_tile(entries: object) -> dict[str, dict[str, Any]] | None:
    if not isinstance(entries, list) or not all(
        isinstance(e, dict) and isinstance(e.get("tile"), str) for e in entries
    ):
        return None
    out = {e["tile"]: e for e in entries}
    return out if len(out) == len(entries) else None


def _tile_entries(name: str, want: object, got: object) -> str | None:
    """Entries keyed by tile: the same tiles, and in each the fields the expected one gives
    (lists compared as sets)."""
    w, g = _by_tile(want), _by_tile(got)
    if w is None or g is None:
        return f"{name}: not a list of distinct tiles"
    if set(w) != set(g):
        missing, extra = sorted(set(w) - set(g)), sorted(set(g) - set(w))
        return f"{name}: tiles missing {missing}, not expected {extra}"
    for tile, entry in w.items():
        for k, value in entry.items():
            other = g[tile].get(k)
            same = (
                _multiset(value) == _multiset(other)
                if isinstance(value, list) and isinstance(other, list)
                else value == other
            )
            if not same:
                return f"{name}[{tile}].{k}: expected {value!r}, got {other!r}"
    return None


#: Per kind, the fields compared as multisets (their order carries no meaning).
_SETS: dict[str, frozenset[str]] = {
    "score": frozenset({"items", "payments"}),
    "legal": frozenset({"actions"}),
    "replay": frozenset({"wins"}),
}


def mismatch(case: Case, outcome: Outcome) -> str | None:
    """None when the outcome is the case's answer; else what differs, in one line."""
    if "error" in case:
        if "error" not in outcome:
            return "answered a question the corpus refuses"
        got = outcome["error"]
        want = case["error"]
        if not isinstance(got, dict) or (got.get("code"), got.get("field")) != (
            want["code"],
            want["field"],
        ):
            return "refused with another code or field"
        return None
    if "answer" not in outcome:
        return "refused a question the corpus answers"
    got = outcome["answer"]
    if not isinstance(got, dict):
        return "the answer is not an object"
    kind = case["kind"]
    for name, want in case["expect"].items():
        if name not in got:
            return f"{name}: missing from the answer"
        if kind == "waits" and name in ("waits", "accepts"):
            if (why := _tile_entries(name, want, got[name])) is not None:
                return why
        elif name in _SETS.get(kind, ()):
            if not isinstance(got[name], list) or _multiset(want) != _multiset(got[name]):
                return f"{name}: expected {want!r}, got {got[name]!r}"
        elif want != got[name] or type(want) is not type(got[name]):
            return f"{name}: expected {want!r}, got {got[name]!r}"
    return None


# Running a corpus.


@dataclass
class Failure:
    id: str
    kind: str
    why: str
    expected: dict[str, Any]
    got: Outcome


@dataclass
class Report:
    """Per kind: [cases, passed]; and every failure."""

    counts: dict[str, list[int]] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


def expected_outcome(case: Case) -> dict[str, Any]:
    return {"answer": case["expect"]} if "expect" in case else {"error": case["error"]}


def run(cases: Sequence[Case], engine: Callable[[Case], Outcome] = ask) -> Report:
    """Every case through `engine`, compared with its expectation."""
    report = Report()
    for case in cases:
        counts = report.counts.setdefault(case["kind"], [0, 0])
        counts[0] += 1
        outcome = engine(case)
        why = mismatch(case, outcome)
        if why is None:
            counts[1] += 1
        else:
            report.failures.append(
                Failure(case["id"], case["kind"], why, expected_outcome(case), outcome)
            )
    return report


def request(case: Case) -> dict[str, Any]:
    """The protocol's request line for a case."""
    return {
        "id": case["id"],
        "kind": case["kind"],
        "variant": variant_of(case),
        "question": case["question"],
    }


class ProtocolEngine:
    """An engine under test: a command speaking the JSON-lines protocol on stdin/stdout."""

    def __init__(self, command: str, timeout: float = 10.0) -> None:
        try:
            argv = shlex.split(command)
        except ValueError as e:
            raise EngineError(f"--engine {command!r}: {e}") from None
        if not argv:
            raise EngineError("--engine is empty")
        try:
            self._proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                bufsize=1,
            )
        except OSError as e:
            raise EngineError(f"--engine {command!r}: {e}") from None
        self._timeout = timeout
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self._proc.stdout is not None
        for line in self._proc.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def __call__(self, case: Case) -> Outcome:
        assert self._proc.stdin is not None
        try:
            self._proc.stdin.write(json.dumps(request(case), ensure_ascii=False) + "\n")
            self._proc.stdin.flush()
        except OSError:
            raise EngineError(f"{case['id']}: the engine stopped reading") from None
        try:
            line = self._lines.get(timeout=self._timeout)
        except queue.Empty:
            raise EngineError(f"{case['id']}: no answer within {self._timeout:g} s") from None
        if line is None:
            raise EngineError(f"{case['id']}: the engine exited without answering")
        try:
            data = json.loads(line)
        except json.JSONDecodeError as e:
            raise EngineError(f"{case['id']}: the answer is not JSON ({e})") from None
        if not isinstance(data, dict) or data.get("id") != case["id"]:
            raise EngineError(f"{case['id']}: the answer line names another id: {line.strip()}")
        if ("answer" in data) == ("error" in data):
            raise EngineError(f"{case['id']}: an answer line has `answer` or `error`")
        return {k: data[k] for k in ("answer", "error") if k in data}

    def close(self) -> None:
        if self._proc.stdin is not None:
            with contextlib.suppress(OSError):
                self._proc.stdin.close()
        try:
            self._proc.wait(timeout=self._timeout)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        self._reader.join(timeout=self._timeout)
        if self._proc.stdout is not None:
            self._proc.stdout.close()

    def __enter__(self) -> ProtocolEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def select(cases: Sequence[Case], kinds: str | None) -> list[Case]:
    """The cases of the comma-separated `kinds` (all when None); an unknown kind is a
    `CorpusError`."""
    if kinds is None:
        return list(cases)
    wanted = [k.strip() for k in kinds.split(",") if k.strip()]
    unknown = [k for k in wanted if k not in KINDS]
    if unknown or not wanted:
        raise CorpusError(f"--kinds {kinds!r}: the kinds are {', '.join(KINDS)}")
    return [c for c in cases if c["kind"] in wanted]


def summary(report: Report) -> dict[str, Any]:
    """The report as JSON data: per kind cases, passed, failed; every failure."""
    counts = {
        k: {"cases": n, "passed": ok, "failed": n - ok}
        for k in KINDS
        if k in report.counts
        for n, ok in [report.counts[k]]
    }
    failures = [
        {"id": f.id, "kind": f.kind, "why": f.why, "expected": f.expected, "got": f.got}
        for f in report.failures
    ]
    return {"counts": counts, "failures": failures}


def report_lines(report: Report, source: str, engine: str) -> list[str]:
    """The report as text: one line per kind, then each failure with what was expected and
    what the engine said."""
    data = summary(report)
    total = sum(c["cases"] for c in data["counts"].values())
    passed = sum(c["passed"] for c in data["counts"].values())
    lines = [f"conformance: {total} cases from {source} (engine: {engine})"]
    rows = [("kind", "cases", "passed", "failed")]
    rows += [
        (k, str(c["cases"]), str(c["passed"]), str(c["failed"])) for k, c in data["counts"].items()
    ]
    rows.append(("all", str(total), str(passed), str(total - passed)))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    for r in rows:
        lines.append(
            "  " + r[0].ljust(widths[0]) + "".join("  " + r[i].rjust(widths[i]) for i in (1, 2, 3))
        )
    for f in data["failures"]:
        lines.append(f"FAIL {f['id']}: {f['why']}")
        lines.append("  expected: " + json.dumps(f["expected"], ensure_ascii=False))
        lines.append("  got:      " + json.dumps(f["got"], ensure_ascii=False))
    return lines


# The built-in engine over the protocol.


def _serve_line(line: str) -> dict[str, Any]:
    try:
        req = json.loads(line)
    except json.JSONDecodeError as e:
        return {"id": None, "error": {"code": "bad_json", "field": None, "message": str(e)}}
    if not isinstance(req, dict):
        return {"id": None, "error": {"code": "bad_json", "field": None}}
    rid = req.get("id")
    kind, variant, question = req.get("kind"), req.get("variant"), req.get("question")
    if kind not in KINDS:
        return {"id": rid, "error": {"code": "unsupported", "field": "kind"}}
    if not isinstance(variant, dict) or not isinstance(question, dict):
        return {"id": rid, "error": {"code": "bad_json", "field": None}}
    full = {
        "preset": variant.get("preset", DEFAULT_PRESET),
        "overrides": variant.get("overrides", {}),
    }
    try:
        return {"id": rid, "answer": answer(kind, full, question)}
    except Error as e:
        return {"id": rid, "error": {"code": e.code, "field": e.field}}
    except (KeyError, TypeError, ValueError) as e:
        return {"id": rid, "error": {"code": "bad_json", "field": None, "message": str(e)}}


def serve(inp: IO[str], out: IO[str]) -> None:
    """Answer protocol requests from `inp` on `out`, one line each, until `inp` ends."""
    for line in _lines(inp):
        out.write(json.dumps(_serve_line(line), ensure_ascii=False) + "\n")
        out.flush()


def _lines(inp: IO[str]) -> Iterator[str]:
    for line in inp:
        if line.strip():
            yield line


if __name__ == "__main__":
    serve(sys.stdin, sys.stdout)
