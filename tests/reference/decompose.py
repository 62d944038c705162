"""Plain recursive decomposition into sets and one pair, and waits with their shapes.

Taiwan text, 胡牌的樣子: a complete hand is sets plus one pair (將眼); a set is a run of three
consecutive tiles of one of 萬筒條 (honours never form runs) or three of a kind. A kong held as a
meld is a set outside the concealed tiles, so the concealed part is sets + 1 pair as well.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

BlockKind = Literal["pair", "triplet", "run"]


class Block(NamedTuple):
    """One block of a decomposition: a pair, a triplet or a run starting at `tile`."""

    kind: BlockKind
    tile: int

    def tiles(self) -> tuple[int, ...]:
        if self.kind == "pair":
            return (self.tile, self.tile)
        if self.kind == "triplet":
            return (self.tile,) * 3
        return (self.tile, self.tile + 1, self.tile + 2)


def _run_starts_at(i: int) -> bool:
    """A run i, i+1, i+2 exists: a numbered suit and i at most the 7 of its suit."""
    return i < 27 and i % 9 <= 6


def decompositions(counts: Sequence[int]) -> list[tuple[Block, ...]]:
    """Every way to split `counts` (3n + 2 tiles) into n sets and exactly one pair.

    The lowest tile left must start a block (pair, triplet or run), so each multiset of blocks is
    produced once.
    """
    if sum(counts) % 3 != 2:
        return []
    c = list(counts)
    out: list[tuple[Block, ...]] = []

    def rec(start: int, has_pair: bool, acc: list[Block]) -> None:
        i = start
        while i < 34 and c[i] == 0:
            i += 1
        if i == 34:
            if has_pair:
                out.append(tuple(acc))
            return
        if not has_pair and c[i] >= 2:
            c[i] -= 2
            acc.append(Block("pair", i))
            rec(i, True, acc)
            acc.pop()
            c[i] += 2
        if c[i] >= 3:
            c[i] -= 3
            acc.append(Block("triplet", i))
            rec(i, has_pair, acc)
            acc.pop()
            c[i] += 3
        if _run_starts_at(i) and c[i + 1] > 0 and c[i + 2] > 0:
            for j in (i, i + 1, i + 2):
                c[j] -= 1
            acc.append(Block("run", i))
            rec(i, has_pair, acc)
            acc.pop()
            for j in (i, i + 1, i + 2):
                c[j] += 1

    rec(0, False, [])
    return out


def is_complete(counts: Sequence[int]) -> bool:
    """Sets plus exactly one pair (胡牌的樣子), by the same plain recursion."""
    if sum(counts) % 3 != 2:
        return False
    c = list(counts)

    def sets_only(i: int) -> bool:
        while i < 34 and c[i] == 0:
            i += 1
        if i == 34:
            return True
        if c[i] >= 3:
            c[i] -= 3
            ok = sets_only(i)
            c[i] += 3
            if ok:
                return True
        if _run_starts_at(i) and c[i + 1] > 0 and c[i + 2] > 0:
            for j in (i, i + 1, i + 2):
                c[j] -= 1
            ok = sets_only(i)
            for j in (i, i + 1, i + 2):
                c[j] += 1
            return ok
        return False

    for p in range(34):
        if c[p] >= 2:
            c[p] -= 2
            ok = sets_only(0)
            c[p] += 2
            if ok:
                return True
    return False


Shape = Literal["ryanmen", "kanchan", "penchan", "tanki", "shanpon"]


def shape_of(block: Block, x: int) -> Shape:
    """How the winning tile `x` sits in `block`, which contains it.

    Pair → 單吊; triplet → 雙碰 (the pair it came from waited with another pair); run with x in
    the middle → 嵌張; the 3 of 123 or the 7 of 789 → 邊張; any other run end → 兩面.
    """
    if block.kind == "pair":
        return "tanki"
    if block.kind == "triplet":
        return "shanpon"
    position = x - block.tile
    if position == 1:
        return "kanchan"
    low = block.tile % 9
    if (position == 2 and low == 0) or (position == 0 and low == 6):
        return "penchan"
    return "ryanmen"


def waits_with_shapes(
    counts: Sequence[int], melds: Sequence[int] | None = None
) -> dict[int, frozenset[Shape]]:
    """Each kind that completes the 3n + 1 concealed `counts`, with its shapes.

    A kind the player holds 4 of, concealed plus `melds` (copies in melds), is never a wait
    (rules README, "Holds all 4").
    """
    held = [0] * 34 if melds is None else list(melds)
    out: dict[int, frozenset[Shape]] = {}
    c = list(counts)
    for x in range(34):
        if c[x] + held[x] >= 4:
            continue
        c[x] += 1
        shapes = {
            shape_of(block, x)
            for decomposition in decompositions(c)
            for block in decomposition
            if x in block.tiles()
        }
        c[x] -= 1
        if shapes:
            out[x] = frozenset(shapes)
    return out
