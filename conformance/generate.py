"""Writes conformance/cases/{waits,shanten,is_win}.json from the slow references alone.

    python conformance/generate.py          # write the three files
    python conformance/generate.py --check  # exit 1 if the committed files differ

Nothing here imports twmj: the answers come from `tests/reference` (plain recursive
decomposition, shanten by definition) and from the special shapes below, written from their
rule texts. The hands are fixed (a seeded generator plus hand-picked ones), so the output is
the same on every run.

What each preset's tile set and shapes are, from the texts:

- 000/001/002, 003: all 34 kinds. 004 兩人麻將、三人麻將規則: three players take out 二萬到八萬
  (only 1m, 9m of 萬 stay; no 吃: 多數不能吃，只能碰、槓、胡); two players play 萬子 and 字牌
  only.
- 003 improved16 (改良式 註八, 註13) and hk16 (瀝姑瀝姑, 十三么 80番) admit 瀝咕瀝咕 (seven
  concealed pairs and a triplet) and 十三么 (the thirteen terminals and honours, one of them
  paired, and one more set) besides five sets and a pair. Where the texts leave a point open
  (four alike as two pairs: hk16 allows it, improved16 says nothing; 十三么's extra set as a
  called meld: improved16 allows it, hk16 writes 暗刻或順子), a hand whose answer depends on the
  reading is not used.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.reference import (  # noqa: E402
    is_complete,
    meld_counts,
    parse_counts,
    shanten,
    to_notation,
    waits_with_shapes,
)
from tests.reference.notation import TILES  # noqa: E402

CASES = ROOT / "conformance" / "cases"
ALL = tuple(range(34))
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
SOURCE_WAITS = "slow reference: tests/reference/decompose.py (waits_with_shapes), shanten.py"
SOURCE_SPECIAL = (
    "003 改良式 註八 瀝咕瀝咕, 註13 十三么; hk16 瀝姑瀝姑, 十三么 (conformance/generate.py)"
)

#: Per preset: its tile kinds, whether 吃 is played, and whether the special shapes count.
PRESETS: dict[str, tuple[tuple[int, ...], bool, bool]] = {
    "taiwan": (ALL, True, False),
    "american": (ALL, True, False),
    "traditional": (ALL, True, False),
    "improved16": (ALL, True, True),
    "hk16": (ALL, True, True),
    # 004 兩人麻將、三人麻將規則: 拿掉二萬到八萬, 多數不能吃.
    "three_player": (tuple(k for k in ALL if not 1 <= k <= 7), False, False),
    # 004: 只用萬子和字牌.
    "two_player": (tuple(k for k in ALL if k < 9 or k >= 27), True, False),
}


# The special shapes (003), as missing-tile counts: shanten = missing − 1.


def _lig_gu_missing(c: Sequence[int], four_as_two: bool) -> int:
    """瀝咕瀝咕: 17 concealed tiles, seven pairs and a triplet of another kind."""
    best = 0
    for t in range(34):
        slots: list[int] = []
        for k in range(34):
            if k == t:
                continue
            slots.append(min(c[k], 2))
            if four_as_two:
                slots.append(min(max(c[k] - 2, 0), 2))
        slots.sort(reverse=True)
        best = max(best, min(c[t], 3) + sum(slots[:7]))
    return 17 - best


def _sets() -> list[list[int]]:
    out = []
    for k in range(34):
        out.append([k, k, k])
        if k < 27 and k % 9 <= 6:
            out.append([k, k + 1, k + 2])
    return out


SETS = _sets()


def _thirteen_missing(c: Sequence[int], with_set: bool) -> int:
    """十三么: the thirteen kinds once, one of them twice, plus (with_set) one set. The target's
    missing tiles are counted kind by kind: the thirteen once each, then what the pair and the
    set add on the kinds they touch."""
    best = 99
    base = [1 if k in ORPHANS else 0 for k in range(34)]
    for p in ORPHANS:
        t = list(base)
        t[p] += 1
        for s in SETS if with_set else [[]]:
            for k in s:
                t[k] += 1
            if max(t[k] for k in s) <= 4 if s else True:
                best = min(best, sum(t[k] - c[k] for k in range(34) if t[k] > c[k]))
            for k in s:
                t[k] -= 1
    return best


def _special_missing(c: Sequence[int], melds: int, reading: int) -> int:
    """Fewest missing tiles of a special shape under reading 0 or 1 of the open points."""
    n = sum(c)
    target = 17 - 3 * melds
    if melds == 0 and n in (16, 17):
        return min(_lig_gu_missing(c, reading == 1), _thirteen_missing(c, True))
    if melds == 1 and reading == 1 and n in (13, 14):
        return _thirteen_missing(c, False)
    return target + 99


# The answers.


def _in_play(held: list[int], kinds: Sequence[int]) -> list[int]:
    """The melds' copies, with a kind out of play counted as held four times: no target, wait
    or accepted tile can use it (004: the kinds a preset takes out are not in the wall)."""
    return [held[k] if k in kinds else 4 for k in range(34)]


def _shanten(c: list[int], held: list[int], special: bool, reading: int, melds: int) -> int:
    s = shanten(c, held)
    if special:
        s = min(s, _special_missing(c, melds, reading) - 1)
    return s


def _complete(c: list[int], special: bool, reading: int, melds: int) -> bool:
    return is_complete(c) or (special and _special_missing(c, melds, reading) == 0)


def waits_answer(
    c: list[int],
    held: list[int],
    seen: list[int],
    preset: str,
    reading: int,
    melds: int,
) -> dict[str, Any]:
    kinds, _, special = PRESETS[preset]
    play = _in_play(held, kinds)
    regular = waits_with_shapes(c, play)
    waits = []
    for x in range(34):
        if c[x] + play[x] >= 4:
            continue
        c[x] += 1
        sp = special and _special_missing(c, melds, reading) == 0
        c[x] -= 1
        if x not in regular and not sp:
            continue
        entry: dict[str, Any] = {"tile": TILES[x], "remaining": 4 - c[x] - held[x] - seen[x]}
        if not sp:
            entry["shapes"] = sorted(regular[x])
        waits.append(entry)
    s = _shanten(c, play, special, reading, melds)
    accepts = []
    for x in range(34):
        if c[x] + play[x] >= 4:
            continue
        c[x] += 1
        lower = _shanten(c, play, special, reading, melds) < s
        c[x] -= 1
        if lower:
            accepts.append({"tile": TILES[x], "remaining": 4 - c[x] - held[x] - seen[x]})
    return {"tenpai": bool(waits), "shanten": s, "waits": waits, "accepts": accepts}


# The hands.


def _meld(kind: str, tiles: list[int]) -> dict[str, str]:
    return {"kind": kind, "tiles": to_notation([tiles.count(k) for k in range(34)])}


def _random_melds(
    rng: random.Random, kinds: Sequence[int], chi: bool, n: int, used: list[int]
) -> list[dict[str, str]]:
    melds = []
    while len(melds) < n:
        choice = rng.random()
        if chi and choice < 0.45:
            start = rng.choice([k for k in kinds if k < 27 and k % 9 <= 6] or [-1])
            if start < 0 or any(k not in kinds for k in (start, start + 1, start + 2)):
                continue
            tiles = [start, start + 1, start + 2]
            kind = "chi"
        elif choice < 0.85:
            k = rng.choice(kinds)
            tiles, kind = [k] * 3, "pon"
        else:
            k = rng.choice(kinds)
            tiles, kind = [k] * 4, rng.choice(["minkan", "ankan"])
        if any(used[k] + tiles.count(k) > 4 for k in set(tiles)):
            continue
        for k in tiles:
            used[k] += 1
        melds.append(_meld(kind, tiles))
    return melds


def _complete_concealed(
    rng: random.Random, kinds: Sequence[int], sets: int, used: list[int]
) -> list[int] | None:
    c = [0] * 34
    runs = [k for k in kinds if k < 27 and k % 9 <= 6 and k + 2 in kinds and k + 1 in kinds]
    for _ in range(sets):
        for _try in range(20):
            if runs and rng.random() < 0.6:
                s = rng.choice(runs)
                block = [s, s + 1, s + 2]
            else:
                block = [rng.choice(kinds)] * 3
            if all(used[k] + c[k] + block.count(k) <= 4 for k in set(block)):
                for k in block:
                    c[k] += 1
                break
        else:
            return None
    for _try in range(20):
        p = rng.choice(kinds)
        if used[p] + c[p] + 2 <= 4:
            c[p] += 2
            return c
    return None


def _random_concealed(
    rng: random.Random, kinds: Sequence[int], n: int, used: list[int]
) -> list[int]:
    c = [0] * 34
    while sum(c) < n:
        k = rng.choice(kinds)
        if used[k] + c[k] < 4:
            c[k] += 1
    return c


def _hand(
    rng: random.Random, preset: str, style: str, melds_n: int, concealed_size: int
) -> tuple[list[int], list[dict[str, str]]] | None:
    """A hand of `concealed_size` (16 − 3k or 17 − 3k) tiles next to `melds_n` melds. Style
    `ready` takes a tile out of a complete hand; `near` swaps one more; `random` draws freely."""
    kinds, chi, _ = PRESETS[preset]
    used = [0] * 34
    melds = _random_melds(rng, kinds, chi, melds_n, used)
    if style == "random":
        return _random_concealed(rng, kinds, concealed_size, used), melds
    full = _complete_concealed(rng, kinds, 5 - melds_n, used)
    if full is None:
        return None
    swaps = {"complete": 0, "ready": 0, "near": 1, "far": 2}[style]
    for _ in range(swaps + (1 if concealed_size % 3 == 1 else 0)):
        k = rng.choice([k for k in range(34) if full[k]])
        full[k] -= 1
    for _ in range(swaps):
        k = rng.choice(kinds)
        if full[k] + used[k] < 4:
            full[k] += 1
        else:
            return None
    if sum(full) != concealed_size:
        return None
    return full, melds


def _visible(rng: random.Random, kinds: Sequence[int], c: list[int], held: list[int]) -> list[int]:
    seen = [0] * 34
    for _ in range(rng.randrange(1, 8)):
        k = rng.choice(kinds)
        if c[k] + held[k] + seen[k] < 4:
            seen[k] += 1
    return seen


def _question(c: list[int], melds: list[dict[str, str]], seen: list[int] | None) -> dict[str, Any]:
    q: dict[str, Any] = {"hand": to_notation(c)}
    if melds:
        q["melds"] = melds
    if seen is not None and any(seen):
        q["visible"] = to_notation(seen)
    return q


def _held(melds: list[dict[str, str]]) -> list[int]:
    return meld_counts([(m["kind"], m["tiles"]) for m in melds])


def _unambiguous(preset: str, melds: int, answer: Callable[[int], Any]) -> tuple[bool, Any]:
    """The answer, and whether the open readings (see the module doc) agree on it."""
    if not PRESETS[preset][2]:
        return True, answer(0)
    a, b = answer(0), answer(1)
    return a == b, b


#: Hand-picked hands (notation, melds) for the shapes the texts name, per preset family.
PICKED_WAITS: list[tuple[str, str, list[tuple[str, str]], str]] = [
    # (preset, hand, melds, note)
    ("taiwan", "1112345678999m111z", [], "九蓮 shape: every 萬 waits"),
    (
        "taiwan",
        "2345678m123456789p",
        [],
        "2-8 萬: 二、五、八萬 (004 聽牌: 二到八萬可以聽二、五、八萬)",
    ),
    ("taiwan", "23m456789p123456s11z", [], "兩面 23m"),
    ("taiwan", "13m456789p123456s11z", [], "嵌張 2m"),
    ("taiwan", "12m456789p123456s11z", [], "邊張 3m"),
    ("taiwan", "1m456789p123456s111z", [], "單吊 1m"),
    ("taiwan", "11m456789p123456s11z", [], "雙碰 1m or 東"),
    ("taiwan", "1111m456789p123s", [("pon", "555z")], "1m held four times: 2m, 3m (not 1m)"),
    ("american", "22m345p678p111s99s", [("chi", "123p")], "雙碰 2m / 9s"),
    (
        "traditional",
        "3456m",
        [("pon", "111z"), ("pon", "222z"), ("chi", "789s"), ("ankan", "5555p")],
        "3m 6m 兩面",
    ),
    (
        "improved16",
        "1199m1199p1199s1122z",
        [],
        "瀝咕瀝咕: eight pairs, each one waits for its triplet",
    ),
    ("improved16", "19m19p19s1234567z123m", [], "十三么 waiting on any of the thirteen"),
    ("hk16", "19m19p19s1234567z1m23p", [], "十三么 with 1m paired: 1p or 4p for the run"),
    ("three_player", "11m999m111p23p456s111z", [], "three players: 萬 only 1m and 9m"),
    ("two_player", "111m234m567m89m11122z", [], "two players: 萬 and 字 only"),
]


def _case(
    kind: str,
    preset: str,
    name: str,
    q: dict[str, Any],
    expect: dict[str, Any],
    source: str,
    note: str | None = None,
) -> dict[str, Any]:
    case: dict[str, Any] = {"id": f"{kind}/{preset}/{name}", "kind": kind}
    if preset != "taiwan":
        case["variant"] = {"preset": preset}
    case["question"] = q
    case["expect"] = expect
    case["source"] = source
    if note:
        case["note"] = note
    return case


def generate() -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {"waits": [], "shanten": [], "is_win": []}
    rng = random.Random(27)
    for preset, text, meld_list, note in PICKED_WAITS:
        melds = [{"kind": k, "tiles": t} for k, t in meld_list]
        c = parse_counts(text)
        held = _held(melds)
        special = PRESETS[preset][2]
        ok, expect = _unambiguous(
            preset, len(melds), partial(waits_answer, c, held, [0] * 34, preset, melds=len(melds))
        )
        assert ok, text
        src = SOURCE_SPECIAL if special and not melds else SOURCE_WAITS
        out["waits"].append(
            _case(
                "waits",
                preset,
                f"picked-{len(out['waits'])}",
                _question(c, melds, None),
                expect,
                src,
                note,
            )
        )
    plan = [("ready", 9), ("near", 4), ("random", 2)]
    for preset, (kinds, _chi, special) in PRESETS.items():
        n = 0
        for style, count in plan:
            made = 0
            while made < count:
                melds_n = (
                    rng.choice([0, 0, 1, 2, 3, 4]) if not special else rng.choice([0, 2, 3, 1])
                )
                h = _hand(rng, preset, style, melds_n, 16 - 3 * melds_n)
                if h is None:
                    continue
                c, melds = h
                held = _held(melds)
                seen = _visible(rng, kinds, c, held) if rng.random() < 0.5 else [0] * 34
                ok, expect = _unambiguous(
                    preset, melds_n, partial(waits_answer, c, held, seen, preset, melds=melds_n)
                )
                if not ok or (style == "ready" and not expect["tenpai"]):
                    continue
                src = (
                    SOURCE_SPECIAL + "; " + SOURCE_WAITS
                    if special and melds_n <= 1
                    else SOURCE_WAITS
                )
                out["waits"].append(
                    _case("waits", preset, f"{style}-{n}", _question(c, melds, seen), expect, src)
                )
                made += 1
                n += 1
        # shanten: 16 − 3k and 17 − 3k hands, near and far.
        n = 0
        for style, size_extra, count in [
            ("near", 0, 3),
            ("far", 0, 3),
            ("random", 0, 2),
            ("near", 1, 3),
            ("random", 1, 2),
            ("complete", 1, 1),
        ]:
            made = 0
            while made < count:
                melds_n = rng.choice([0, 1, 2]) if not special else rng.choice([0, 2])
                h = _hand(rng, preset, style, melds_n, 16 - 3 * melds_n + size_extra)
                if h is None:
                    continue
                c, melds = h
                held = _held(melds)
                ok, s = _unambiguous(
                    preset,
                    melds_n,
                    partial(_shanten, c, _in_play(held, kinds), special, melds=melds_n),
                )
                if not ok:
                    continue
                src = (
                    SOURCE_SPECIAL + "; slow reference: tests/reference/shanten.py"
                    if special and melds_n == 0
                    else "slow reference: tests/reference/shanten.py"
                )
                out["shanten"].append(
                    _case(
                        "shanten",
                        preset,
                        f"{style}-{n}",
                        _question(c, melds, None),
                        {"shanten": s},
                        src,
                    )
                )
                made += 1
                n += 1
        # is_win: complete hands and hands one tile off.
        n = 0
        for style, count in [("complete", 3), ("near", 2), ("random", 1)]:
            made = 0
            while made < count:
                melds_n = rng.choice([0, 1, 2, 3]) if not special else rng.choice([0, 2])
                h = _hand(rng, preset, style, melds_n, 17 - 3 * melds_n)
                if h is None:
                    continue
                c, melds = h
                ok, win = _unambiguous(
                    preset, melds_n, partial(_complete, c, special, melds=melds_n)
                )
                if not ok:
                    continue
                src = (
                    SOURCE_SPECIAL + "; " if special and melds_n == 0 else ""
                ) + "000 胡牌的樣子; slow reference: tests/reference/decompose.py (is_complete)"
                out["is_win"].append(
                    _case(
                        "is_win",
                        preset,
                        f"{style}-{n}",
                        _question(c, melds, None),
                        {"win": win},
                        src,
                    )
                )
                made += 1
                n += 1
    for preset, text, note in [
        ("improved16", "1199m1199p1199s11122z", "瀝咕瀝咕: seven pairs and a triplet (註八)"),
        ("hk16", "19m19p19s1234567z1m234p", "十三么 with a run (十三么 80番)"),
        ("improved16", "19m19p19s1234567z1m555p", "十三么 with a triplet (註13)"),
        ("taiwan", "1199m1199p1199s11122z", "瀝咕瀝咕 is no win where the text has no such shape"),
    ]:
        c = parse_counts(text)
        special = PRESETS[preset][2]
        ok, win = _unambiguous(preset, 0, partial(_complete, c, special, melds=0))
        assert ok
        out["is_win"].append(
            _case(
                "is_win",
                preset,
                f"picked-{len(out['is_win'])}",
                {"hand": text},
                {"win": win},
                SOURCE_SPECIAL,
                note,
            )
        )
    return out


def _document(cases: list[dict[str, Any]], kind: str) -> str:
    doc = {
        "format": "twmj-conformance",
        "version": 1,
        "description": f"{kind} cases written by conformance/generate.py from the slow references; do not edit by hand.",
        "cases": cases,
    }
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true", help="compare with the committed files")
    args = p.parse_args(argv)
    stale = []
    for kind, cases in generate().items():
        path = CASES / f"{kind}.json"
        text = _document(cases, kind)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"{path.relative_to(ROOT)}: {len(cases)} cases")
    if stale:
        print(f"stale: {', '.join(stale)} (run python conformance/generate.py)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
