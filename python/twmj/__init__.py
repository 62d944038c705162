"""twmj: a fast, exact engine for Taiwanese 16-tile mahjong (台灣十六張麻將).

Tiles are written `1m`–`9m` (萬), `1p`–`9p` (筒), `1s`–`9s` (條), `1z`–`7z` (東南西北白發中)
and `1f`–`8f` (春夏秋冬梅蘭菊竹); digits before a letter share it (`123m456p11z`).
Every function taking a hand accepts notation (`str`) or 34 counts (`bytes`).
"""

from __future__ import annotations

from twmj._core import (
    Accept,
    Analysis,
    Discard,
    Meld,
    Tiles,
    Wait,
    Waits,
    analyze,
    format,
    is_win,
    parse,
    shanten,
    shanten_batch,
    tile_name,
    wait_mask,
    waits,
    waits_batch,
)
from twmj.errors import Error, HandError, IllegalActionError, TileError
from twmj.tiles import FLOWERS, SHAPE_NAMES, TILES, counts, mask_tiles

__all__ = [
    "FLOWERS",
    "SHAPE_NAMES",
    "TILES",
    "Accept",
    "Analysis",
    "Discard",
    "Error",
    "HandError",
    "IllegalActionError",
    "Meld",
    "TileError",
    "Tiles",
    "Wait",
    "Waits",
    "analyze",
    "counts",
    "format",
    "is_win",
    "mask_tiles",
    "parse",
    "shanten",
    "shanten_batch",
    "tile_name",
    "wait_mask",
    "waits",
    "waits_batch",
]
