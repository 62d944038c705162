"""twmj: a fast, exact engine for Taiwanese 16-tile mahjong (台灣十六張麻將).

Tiles are written `1m`–`9m` (萬), `1p`–`9p` (筒), `1s`–`9s` (條), `1z`–`7z` (東南西北白發中)
and `1f`–`8f` (春夏秋冬梅蘭菊竹); digits before a letter share it (`123m456p11z`).
Every function taking a hand accepts notation (`str`) or 34 counts (`bytes`).
"""

from __future__ import annotations

from twmj._core import (
    Accept,
    Analysis,
    Context,
    Discard,
    Meld,
    NotApplied,
    Payment,
    Score,
    TaiItem,
    Tiles,
    Variant,
    Wait,
    Waits,
    analyze,
    compare,
    format,
    is_win,
    parse,
    score,
    score_flower,
    shanten,
    shanten_batch,
    tile_name,
    wait_mask,
    waits,
    waits_batch,
)
from twmj.errors import (
    ContextError,
    Error,
    HandError,
    IllegalActionError,
    TileError,
    VariantError,
)
from twmj.tiles import FLOWERS, SHAPE_NAMES, TILES, counts, mask_tiles
from twmj.variants import PRESETS, load_variant, variant_settings

__all__ = [
    "FLOWERS",
    "PRESETS",
    "SHAPE_NAMES",
    "TILES",
    "Accept",
    "Analysis",
    "Context",
    "ContextError",
    "Discard",
    "Error",
    "HandError",
    "IllegalActionError",
    "Meld",
    "NotApplied",
    "Payment",
    "Score",
    "TaiItem",
    "TileError",
    "Tiles",
    "Variant",
    "VariantError",
    "Wait",
    "Waits",
    "analyze",
    "compare",
    "counts",
    "format",
    "is_win",
    "load_variant",
    "mask_tiles",
    "parse",
    "score",
    "score_flower",
    "shanten",
    "shanten_batch",
    "tile_name",
    "variant_settings",
    "wait_mask",
    "waits",
    "waits_batch",
]
