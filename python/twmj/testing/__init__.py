"""Hypothesis strategies for twmj hands: random, melded, honour-heavy, with quads, near-ready."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from hypothesis import strategies as st

from twmj.vocab import MELD_KINDS as _CORE_MELD_KINDS
from twmj.vocab import VOCABULARY

__all__ = [
    "HONOURS",
    "MELD_KINDS",
    "Form",
    "Hand",
    "block_hands",
    "code",
    "hands",
    "near_ready_hands",
    "notations",
    "quad_hands",
    "visible_tiles",
]

Form = Literal["waiting", "full"]
#: A meld kind's key (`chi`, `pon`, …): the core's vocabulary names them.
MeldKind = str
MELD_KINDS: tuple[MeldKind, ...] = tuple(_CORE_MELD_KINDS)
#: The tiles each kind lays down (3, or 4 for a kong), as the core's vocabulary gives them.
_MELD_TILES: dict[str, int] = {t["key"]: t["tiles"] for t in VOCABULARY["meld_kinds"]}
SUITS = "mpsz"
HONOURS: tuple[int, ...] = tuple(range(27, 34))
_HONOUR_CHARS = "東南西北白發中"
_NUMBER_CHARS = "一二三四五六七八九"
_SUIT_CHARS = {"m": "萬", "p": "筒", "s": "條"}


def code(i: int) -> str:
    """The code of tile kind i (0 = `1m` … 33 = `7z`)."""
    return f"{i % 9 + 1}{SUITS[i // 9]}"


def _notation(counts: Sequence[int]) -> str:
    out = []
    for s, suit in enumerate(SUITS):
        digits = "".join(str(n + 1) * counts[s * 9 + n] for n in range(7 if suit == "z" else 9))
        if digits:
            out.append(digits + suit)
    return "".join(out)


@dataclass(frozen=True)
class Hand:
    """Concealed counts (34 bytes) and melds as `(kind, tiles)` pairs, all within 4 copies."""

    concealed: bytes
    melds: tuple[tuple[MeldKind, str], ...] = ()

    @property
    def k(self) -> int:
        return len(self.melds)

    @property
    def meld_counts(self) -> list[int]:
        """Copies of each kind inside the melds."""
        total = [0] * 34
        for kind, tiles in self.melds:
            lo = _index(tiles[0] + tiles[-1])
            if kind == "chi":
                for i in (lo, lo + 1, lo + 2):
                    total[i] += 1
            else:
                total[lo] += _MELD_TILES[kind]
        return total

    @property
    def own_counts(self) -> list[int]:
        """Concealed plus melds: the copies the player holds."""
        return [c + m for c, m in zip(self.concealed, self.meld_counts, strict=True)]

    @property
    def text(self) -> str:
        """The concealed tiles in canonical notation."""
        return _notation(self.concealed)

    def __str__(self) -> str:
        melds = " ".join(f"{kind}:{tiles}" for kind, tiles in self.melds)
        return f"{self.text} [{melds}]" if melds else self.text


def _index(tile: str) -> int:
    return SUITS.index(tile[1]) * 9 + int(tile[0]) - 1


def _meld(kind: MeldKind, lo: int) -> tuple[MeldKind, str]:
    if kind == "chi":
        n = lo % 9 + 1
        return kind, f"{n}{n + 1}{n + 2}{SUITS[lo // 9]}"
    return kind, code(lo)[0] * _MELD_TILES[kind] + code(lo)[1]


@st.composite
def _melds(
    draw: st.DrawFn, k: int, room: list[int], kinds: Sequence[int] | None = None
) -> tuple[tuple[MeldKind, str], ...]:
    """k melds of random kinds; `room` (copies still free per kind) is updated in place.

    With `kinds`, melds mostly take those kinds too, so they hold copies the hand wants.
    """
    out = []
    for _ in range(k):
        kind = draw(st.sampled_from(MELD_KINDS))
        if kind == "chi":
            starts = [
                i
                for i in range(27)
                if i % 9 <= 6 and room[i] > 0 and room[i + 1] > 0 and room[i + 2] > 0
            ]
        else:
            need = _MELD_TILES[kind]
            starts = [i for i in range(34) if room[i] >= need]
        preferred = [i for i in starts if kinds is not None and i in kinds]
        if preferred and draw(st.integers(0, 3)) > 0:
            starts = preferred
        lo = draw(st.sampled_from(starts))
        if kind == "chi":
            for i in (lo, lo + 1, lo + 2):
                room[i] -= 1
        else:
            room[lo] -= _MELD_TILES[kind]
        out.append(_meld(kind, lo))
    return tuple(out)


@st.composite
def _fill(
    draw: st.DrawFn, counts: list[int], room: list[int], n: int, kinds: Sequence[int] | None
) -> None:
    """Adds n tiles to `counts`, kinds drawn from `kinds` (with probability 3/4) or any kind."""
    for _ in range(n):
        preferred = [i for i in kinds or () if room[i] > 0]
        if preferred and draw(st.integers(0, 3)) > 0:
            i = draw(st.sampled_from(preferred))
        else:
            i = draw(st.sampled_from([j for j in range(34) if room[j] > 0]))
        counts[i] += 1
        room[i] -= 1


def _size(form: Form, k: int) -> int:
    return 16 - 3 * k + (1 if form == "full" else 0)


@st.composite
def hands(
    draw: st.DrawFn,
    form: Form = "waiting",
    k: int | None = None,
    *,
    with_melds: bool = True,
    kinds: Sequence[int] | None = None,
) -> Hand:
    """A valid hand: k melds (0–5, random kinds), 16 − 3k (waiting) or 17 − 3k (full) tiles.

    With `with_melds=False` the k melds are left out (the 13/14-tile forms imply them).
    `kinds` biases the concealed tiles toward those kinds (e.g. `HONOURS`, one suit).
    """
    k = draw(st.integers(0, 5)) if k is None else k
    room = [4] * 34
    melds = draw(_melds(k, room, kinds))
    counts = [0] * 34
    draw(_fill(counts, room, _size(form, k), kinds))
    return Hand(bytes(counts), melds if with_melds else ())


@st.composite
def quad_hands(draw: st.DrawFn, form: Form = "waiting", k: int | None = None) -> Hand:
    """A hand holding four of a kind among its concealed tiles (k at most 4)."""
    k = draw(st.integers(0, 4)) if k is None else k
    room = [4] * 34
    melds = draw(_melds(k, room))
    counts = [0] * 34
    quad = draw(st.sampled_from([i for i in range(34) if room[i] == 4]))
    counts[quad] = 4
    room[quad] = 0
    near = [j for j in range(34) if j // 9 == quad // 9 and abs(j - quad) <= 2]
    draw(_fill(counts, room, _size(form, k) - 4, near))
    return Hand(bytes(counts), melds)


@st.composite
def near_ready_hands(
    draw: st.DrawFn,
    form: Form = "waiting",
    k: int | None = None,
    *,
    missing: int = 1,
    kinds: Sequence[int] | None = None,
) -> Hand:
    """A complete hand (5 − k random sets + a pair) with `missing` tiles swapped out.

    The waiting form drops `missing` tiles (at most all of them) and adds one fewer random
    ones, so with `missing=1` it is always ready; the full form adds back as many as it drops.
    """
    k = draw(st.integers(0, 5)) if k is None else k
    room = [4] * 34
    melds = draw(_melds(k, room, kinds))
    counts = [0] * 34
    pool = list(kinds) if kinds else list(range(34))
    for _ in range(5 - k):
        options: list[tuple[int, ...]] = [(i, i, i) for i in pool if room[i] >= 3]
        options += [
            (i, i + 1, i + 2)
            for i in pool
            if i < 27 and i % 9 <= 6 and room[i] > 0 and room[i + 1] > 0 and room[i + 2] > 0
        ]
        if not options:
            options = [(i, i, i) for i in range(34) if room[i] >= 3]
        for i in draw(st.sampled_from(options)):
            counts[i] += 1
            room[i] -= 1
    pair = draw(st.sampled_from([i for i in range(34) if room[i] >= 2]))
    counts[pair] += 2
    room[pair] -= 2
    removed = min(missing, sum(counts))
    for _ in range(removed):
        i = draw(st.sampled_from([j for j in range(34) if counts[j] > 0]))
        counts[i] -= 1
        room[i] += 1
    added = removed - 1 if form == "waiting" else removed
    draw(_fill(counts, room, added, kinds))
    return Hand(bytes(counts), melds)


_BLOCKS: tuple[tuple[int, ...], ...] = ((0, 0), (0, 0, 0), (0, 1, 2), (0,), (0, 1), (0, 2))


@st.composite
def block_hands(draw: st.DrawFn, form: Form = "waiting", k: int | None = None) -> Hand:
    """A hand made of random blocks (pairs, sets, singles, two-tile partial runs) in any
    groups: many pairs at once, and pairs spread over several groups, are common."""
    k = draw(st.integers(0, 5)) if k is None else k
    room = [4] * 34
    melds = draw(_melds(k, room))
    counts = [0] * 34
    size = _size(form, k)
    while sum(counts) < size:
        block = draw(st.sampled_from(_BLOCKS))
        start = draw(st.integers(0, 33))
        tiles = [start + d for d in block]
        fits = all(t < 34 and t // 9 == start // 9 for t in tiles) and (
            start < 27 or block in ((0, 0), (0, 0, 0), (0,))
        )
        if not fits or len(tiles) > size - sum(counts):
            tiles = [start]
        if any(room[t] < tiles.count(t) for t in tiles):
            tiles = [draw(st.sampled_from([j for j in range(34) if room[j] > 0]))]
        for t in tiles:
            counts[t] += 1
            room[t] -= 1
    return Hand(bytes(counts), melds)


@st.composite
def visible_tiles(draw: st.DrawFn, hand: Hand, *, max_tiles: int = 40) -> bytes:
    """Random tiles the player can see elsewhere (discards, others' melds), within 4 copies."""
    room = [4 - c for c in hand.own_counts]
    visible = [0] * 34
    for _ in range(draw(st.integers(0, max_tiles))):
        free = [i for i in range(34) if room[i] > 0]
        if not free:
            break
        i = draw(st.sampled_from(free))
        visible[i] += 1
        room[i] -= 1
    return bytes(visible)


def _tile_texts(i: int, style: int) -> str:
    n, suit = i % 9 + 1, SUITS[i // 9]
    if suit == "z" and style >= 1:
        return _HONOUR_CHARS[n - 1]
    if suit != "z" and style == 2:
        return _NUMBER_CHARS[n - 1] + _SUIT_CHARS[suit]
    if suit != "z" and style == 3:
        return f"{n}{_SUIT_CHARS[suit]}"
    return f"{n}{suit}"


@st.composite
def notations(draw: st.DrawFn, counts: bytes) -> str:
    """A string in notation for `counts`: grouped or one tile at a time, in any order, with
    whitespace, Chinese honours (東南西北白發中) and names such as `一萬` or `9筒`."""
    if draw(st.booleans()):
        return _notation(counts)
    tiles = [i for i in range(34) for _ in range(counts[i])]
    tiles = draw(st.permutations(tiles))
    parts = [_tile_texts(i, draw(st.integers(0, 3))) for i in tiles]
    seps = [draw(st.sampled_from(["", "", " ", "  ", "\t"])) for _ in parts]
    return "".join(sep + part for sep, part in zip(seps, parts, strict=True))
