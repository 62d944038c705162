"""A slow, plain-Python oracle for hand analysis; it shares no code with twmj (STYLE habit 9).

Counts are 34-element lists (index 0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s, 27-33 = 1z-7z).
Every answer is computed from the definitions in the brief and the rule text (胡牌的樣子:
five sets and one pair; a set is a run of one suit or three of a kind), never from tables.
"""

from .analyze import Accept, Discard, analyze
from .decompose import Block, decompositions, is_complete, shape_of, waits_with_shapes
from .notation import TILES, meld_counts, parse_counts, sets_needed, to_notation
from .shanten import shanten

__all__ = [
    "TILES",
    "Accept",
    "Block",
    "Discard",
    "analyze",
    "decompositions",
    "is_complete",
    "meld_counts",
    "parse_counts",
    "sets_needed",
    "shanten",
    "shape_of",
    "to_notation",
    "waits_with_shapes",
]
