"""Plain notation for the oracle: only the `123m456p11z` form, digits sharing the next letter."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

SUITS = "mpsz"
TILES: tuple[str, ...] = tuple(
    f"{n}{suit}" for suit in SUITS for n in range(1, 10 if suit != "z" else 8)
)


def parse_counts(text: str) -> list[int]:
    """The 34 counts of `text` such as `123m 456p 11z` (no flowers, no Chinese)."""
    counts = [0] * 34
    digits: list[int] = []
    for ch in text:
        if ch.isspace():
            continue
        if ch.isdigit():
            digits.append(int(ch))
        elif ch in SUITS:
            if not digits:
                raise ValueError(f"suit letter {ch!r} without digits in {text!r}")
            for d in digits:
                if not 1 <= d <= (7 if ch == "z" else 9):
                    raise ValueError(f"no tile {d}{ch}")
                counts[SUITS.index(ch) * 9 + d - 1] += 1
            digits = []
        else:
            raise ValueError(f"unknown symbol {ch!r} in {text!r}")
    if digits:
        raise ValueError(f"digits without a suit letter in {text!r}")
    return counts


def to_notation(counts: Sequence[int]) -> str:
    """Canonical notation of 34 counts: sorted, grouped by suit."""
    out = []
    for s, suit in enumerate(SUITS):
        digits = "".join(str(n + 1) * counts[s * 9 + n] for n in range(7 if suit == "z" else 9))
        if digits:
            out.append(digits + suit)
    return "".join(out)


def meld_counts(melds: Iterable[tuple[str, str]]) -> list[int]:
    """Copies of each kind held in exposed or concealed melds (`(kind, tiles)` pairs)."""
    total = [0] * 34
    for _kind, tiles in melds:
        for i, c in enumerate(parse_counts(tiles)):
            total[i] += c
    return total


def sets_needed(n_concealed: int) -> int:
    """Sets the concealed part must still form: 16 − 3k (waiting) or 17 − 3k (full) tiles."""
    if n_concealed % 3 == 0:
        raise ValueError(f"{n_concealed} concealed tiles is neither 16 − 3k nor 17 − 3k")
    return (n_concealed - 1) // 3 if n_concealed % 3 == 1 else (n_concealed - 2) // 3
