"""Shanten (向聽) by its definition, exact under the 4-copy limit.

shanten = min over complete targets T of (tiles of T missing from the hand) − 1, where T is the
concealed part of a finished hand (`sets` sets + 1 pair) and T's copies of a kind plus the melds'
copies never exceed 4. The minimum is found by enumerating every target suit by suit (a target is
a choice, at each position, of runs starting there, a triplet and the pair); the number of missing
tiles is a sum over kinds, so suits combine by a plain (min, +) product. Nothing here counts
blocks, the heuristic that goes wrong when the hand or its melds hold the copies a block needs.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

INF = 1_000
MAX_SETS = 5
# Kinds per group and whether the group forms runs: 萬, 筒, 條, then the honours.
GROUPS: tuple[tuple[int, int, bool], ...] = (
    (0, 9, True),
    (9, 18, True),
    (18, 27, True),
    (27, 34, False),
)


def _slot(sets: int, pairs: int) -> int:
    return sets * 2 + pairs


@cache
def _group_table(hand: tuple[int, ...], room: tuple[int, ...], runs: bool) -> tuple[int, ...]:
    """Fewest missing tiles of a target inside one group, for each (sets, pairs) slot.

    `room[i]` is how many copies of kind i a target may hold (4 minus the melds' copies).
    """
    n = len(hand)

    @cache
    def from_position(i: int, started_1: int, started_2: int) -> tuple[int, ...]:
        # started_1 / started_2: runs started at i − 1 / i − 2, which still use kind i.
        if i == n:
            return (0,) + (INF,) * (2 * (MAX_SETS + 1) - 1)
        best = [INF] * (2 * (MAX_SETS + 1))
        max_new_runs = 4 if runs and i <= n - 3 else 0
        for new_runs in range(max_new_runs + 1):
            for triplet in (0, 1):
                for pair in (0, 1):
                    used = new_runs + started_1 + started_2 + 3 * triplet + 2 * pair
                    if used > room[i]:
                        continue
                    missing_here = max(0, used - hand[i])
                    rest = from_position(i + 1, new_runs, started_1)
                    for sets in range(MAX_SETS + 1):
                        for pairs in (0, 1):
                            value = rest[_slot(sets, pairs)]
                            total_sets = sets + new_runs + triplet
                            total_pairs = pairs + pair
                            if value >= INF or total_sets > MAX_SETS or total_pairs > 1:
                                continue
                            slot = _slot(total_sets, total_pairs)
                            best[slot] = min(best[slot], value + missing_here)
        return tuple(best)

    return from_position(0, 0, 0)


def shanten(
    counts: Sequence[int], melds: Sequence[int] | None = None, sets: int | None = None
) -> int:
    """Shanten of concealed `counts` (16 − 3k or 17 − 3k tiles) next to melds holding `melds`.

    `sets` is how many sets the concealed part must form (5 − k); by default it follows from
    the tile count. 0 = ready, −1 = complete.
    """
    held = [0] * 34 if melds is None else list(melds)
    if sets is None:
        n = sum(counts)
        sets = (n - 1) // 3 if n % 3 == 1 else (n - 2) // 3
    combined = (0,) + (INF,) * (2 * (MAX_SETS + 1) - 1)
    for lo, hi, runs in GROUPS:
        table = _group_table(tuple(counts[lo:hi]), tuple(4 - held[i] for i in range(lo, hi)), runs)
        merged = [INF] * len(combined)
        for s1 in range(MAX_SETS + 1):
            for p1 in (0, 1):
                a = combined[_slot(s1, p1)]
                if a >= INF:
                    continue
                for s2 in range(MAX_SETS + 1 - s1):
                    for p2 in range(2 - p1):
                        b = table[_slot(s2, p2)]
                        slot = _slot(s1 + s2, p1 + p2)
                        merged[slot] = min(merged[slot], a + b)
        combined = tuple(merged)
    return combined[_slot(sets, 1)] - 1
