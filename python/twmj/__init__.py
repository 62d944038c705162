"""twmj: a fast, exact engine for Taiwanese 16-tile mahjong (台灣十六張麻將).

Tiles are written `1m`–`9m` (萬), `1p`–`9p` (筒), `1s`–`9s` (條), `1z`–`7z` (東南西北白發中)
and `1f`–`8f` (春夏秋冬梅蘭菊竹); digits before a letter share it (`123m456p11z`).
Every function taking a hand accepts notation (`str`) or 34 counts (`bytes`).
"""

from __future__ import annotations

from importlib.metadata import version as _version

from twmj import bots
from twmj._core import (
    Accept,
    Analysis,
    Context,
    Discard,
    Game,
    Match,
    Meld,
    NotApplied,
    Payment,
    Score,
    TaiItem,
    Tiles,
    Variant,
    VecEnv,
    Wait,
    Waits,
    WaitValue,
    actions,
    analyze,
    compare,
    false_win,
    format,
    is_win,
    legal,
    parse,
    read_record_for,
    replay,
    score,
    score_flower,
    shanten,
    shanten_batch,
    simulate,
    tile_name,
    wait_mask,
    wait_values,
    waits,
    waits_batch,
    winners,
)
from twmj.errors import (
    ContextError,
    Error,
    HandError,
    IllegalActionError,
    InternalError,
    RecordError,
    TileError,
    VariantError,
)
from twmj.tiles import COPIES, FLOWERS, SHAPE_NAMES, TILES, counts, mask_tiles
from twmj.variants import PRESETS, load_variant, variant_settings
from twmj.vocab import (
    DECLARATIONS,
    DRAW_REASONS,
    ERROR_CODES,
    FROM_SEAT_WIN_KINDS,
    MELD_KINDS,
    PRESET_NAMES,
    REGULAR_WIN_KINDS,
    VOCABULARY,
    WIN_KINDS,
)

#: The installed distribution's version (`twmj --version`, `/health`).
__version__: str = _version("twmj")

#: Every action name by index: the fixed action space of `Game.legal_mask` and `legal`.
ACTIONS: tuple[str, ...] = tuple(actions())

__all__ = [
    "ACTIONS",
    "COPIES",
    "DECLARATIONS",
    "DRAW_REASONS",
    "ERROR_CODES",
    "FLOWERS",
    "FROM_SEAT_WIN_KINDS",
    "MELD_KINDS",
    "PRESETS",
    "PRESET_NAMES",
    "REGULAR_WIN_KINDS",
    "SHAPE_NAMES",
    "TILES",
    "VOCABULARY",
    "WIN_KINDS",
    "Accept",
    "Analysis",
    "Context",
    "ContextError",
    "Discard",
    "Error",
    "Game",
    "HandError",
    "IllegalActionError",
    "InternalError",
    "Match",
    "Meld",
    "NotApplied",
    "Payment",
    "RecordError",
    "Score",
    "TaiItem",
    "TileError",
    "Tiles",
    "Variant",
    "VariantError",
    "VecEnv",
    "Wait",
    "WaitValue",
    "Waits",
    "analyze",
    "bots",
    "compare",
    "counts",
    "false_win",
    "format",
    "is_win",
    "legal",
    "load_variant",
    "mask_tiles",
    "parse",
    "read_record_for",
    "replay",
    "score",
    "score_flower",
    "shanten",
    "shanten_batch",
    "simulate",
    "tile_name",
    "variant_settings",
    "wait_mask",
    "wait_values",
    "waits",
    "waits_batch",
    "winners",
]
