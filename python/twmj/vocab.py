"""The vocabulary, read from the core: each term's stable key and its Chinese name.

The same keys are used by `twmj.score`, `Game.result()`, records, the service and the page;
nothing here is typed by hand.
"""

from __future__ import annotations

from typing import Any

from twmj._core import vocabulary

__all__ = [
    "BOT_NAMES",
    "DECLARATIONS",
    "DRAW_REASONS",
    "ERROR_CODES",
    "FROM_SEAT_WIN_KINDS",
    "LIMITS",
    "MELD_KINDS",
    "PRESET_NAMES",
    "REGULAR_WIN_KINDS",
    "VOCABULARY",
    "WIN_KINDS",
]

#: Every list of terms: `win_kinds`, `declarations`, `shapes`, `meld_kinds`, `presets`,
#: `draw_reasons`, `actions`, `bots` (each `{key, name}`; win kinds also `from_seat` and `regular`), `errors`
#: (`{code, class, doc}`) and `limits` (`{key, name, value, doc}`).
VOCABULARY: dict[str, list[dict[str, Any]]] = vocabulary()


def _names(kind: str) -> dict[str, str]:
    return {t["key"]: t["name"] for t in VOCABULARY[kind]}


#: Win kinds: key → Chinese name (自摸, 放槍, 搶槓, 槓上開花, 八仙過海, 七搶一, 四槓胡 …).
WIN_KINDS: dict[str, str] = _names("win_kinds")
#: The win kinds one seat pays, named by `Context(from_seat=…)`.
FROM_SEAT_WIN_KINDS: frozenset[str] = frozenset(
    t["key"] for t in VOCABULARY["win_kinds"] if t["from_seat"]
)
#: The win kinds of a complete hand (`twmj.score`); the flower wins and 四槓胡 are scored apart.
REGULAR_WIN_KINDS: tuple[str, ...] = tuple(
    t["key"] for t in VOCABULARY["win_kinds"] if t["regular"]
)
#: Declarations: key → name (嗆聽, MIGI, 天聽; `none` first).
DECLARATIONS: dict[str, str] = _names("declarations")
#: Why a hand ended without a winner: key → name (流局, 四家開槓, 四風連打, 十三不搭).
DRAW_REASONS: dict[str, str] = _names("draw_reasons")
#: Meld kinds: key → name (吃, 碰, 明槓, 加槓, 暗槓).
MELD_KINDS: dict[str, str] = _names("meld_kinds")
#: Presets: key → name, default first.
PRESET_NAMES: dict[str, str] = _names("presets")
#: The core's bots: key → Chinese name, weakest first (what a page shows a player).
BOT_NAMES: dict[str, str] = _names("bots")
#: The table's fixed numbers: key → value (`seats`, `full_set`, `kept_back`, `max_streak`);
#: every layer bounds its inputs by these.
LIMITS: dict[str, int] = {t["key"]: t["value"] for t in VOCABULARY["limits"]}
#: Every error code the library raises (`twmj.Error.code`).
ERROR_CODES: tuple[str, ...] = tuple(e["code"] for e in VOCABULARY["errors"])
