"""Tile codes in index order, shape names, and small conversions around the core."""

from __future__ import annotations

from twmj._core import COPIES, parse
from twmj.vocab import VOCABULARY

__all__ = ["COPIES", "FLOWERS", "SHAPE_NAMES", "TILES", "counts", "mask_tiles"]

#: The 34 tile kinds in index order (the column order of every counts buffer), from the core.
TILES: tuple[str, ...] = tuple(t["key"] for t in VOCABULARY["tiles"])

#: The 8 flowers in order: 春 夏 秋 冬 梅 蘭 菊 竹, from the core.
FLOWERS: tuple[str, ...] = tuple(t["key"] for t in VOCABULARY["flowers"])

#: Wait shapes and their Chinese names (兩面, 嵌張, 邊張, 單吊, 雙碰), from the core.
SHAPE_NAMES: dict[str, str] = {t["key"]: t["name"] for t in VOCABULARY["shapes"]}


def counts(text: str) -> bytes:
    """The 34 counts of a hand in notation, for the fast `bytes` path of every function."""
    return parse(text).counts


def mask_tiles(mask: int) -> list[str]:
    """The tiles of a waits bitmask (bit i = `TILES[i]`)."""
    return [t for i, t in enumerate(TILES) if mask >> i & 1]
