"""Discard analysis (牌理) of a 17 − 3k hand, from `shanten` and `waits_with_shapes` alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .decompose import Shape, waits_with_shapes
from .notation import sets_needed
from .shanten import shanten


class Accept(NamedTuple):
    tile: int
    remaining: int


class Discard(NamedTuple):
    tile: int
    shanten: int
    accepts: tuple[Accept, ...]
    waits: dict[int, frozenset[Shape]]

    @property
    def accepted(self) -> int:
        return sum(a.remaining for a in self.accepts)


def analyze(
    counts: Sequence[int],
    melds: Sequence[int] | None = None,
    visible: Sequence[int] | None = None,
) -> tuple[int, list[Discard]]:
    """(shanten of the hand, one `Discard` per distinct kind held, best first).

    A kind x is accepted after a discard when the player holds fewer than 4 of it (concealed
    plus melds) and drawing it lowers the shanten. Unseen copies count the hand as it was
    before the discard (the discarded tile is on the table, still seen), the melds and
    `visible`.
    """
    held = [0] * 34 if melds is None else list(melds)
    seen_elsewhere = [0] * 34 if visible is None else list(visible)
    sets = sets_needed(sum(counts))
    seen = [counts[i] + held[i] + seen_elsewhere[i] for i in range(34)]
    after = list(counts)
    discards: list[Discard] = []
    for d in range(34):
        if counts[d] == 0:
            continue
        after[d] -= 1
        s = shanten(after, held, sets)
        accepts = []
        for x in range(34):
            if after[x] + held[x] >= 4:
                continue
            after[x] += 1
            if shanten(after, held, sets) < s:
                accepts.append(Accept(x, 4 - seen[x]))
            after[x] -= 1
        waits = waits_with_shapes(after, held) if s == 0 else {}
        discards.append(Discard(d, s, tuple(accepts), waits))
        after[d] += 1
    discards.sort(key=lambda d: (d.shanten, -d.accepted, -len(d.accepts), d.tile))
    return shanten(counts, held, sets), discards
