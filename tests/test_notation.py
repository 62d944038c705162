"""Tile notation (PRODUCT.md "Tiles and notation"): input forms, canonical output, errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import twmj


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("123m456p11z", "123m456p11z"),
        ("11z 654p 321m", "123m456p11z"),  # sorted, grouped, whitespace ignored
        ("東南西北白發中", "1234567z"),  # 1z..7z = 東 南 西 北 白 發 中
        ("一萬 9筒 五條", "1m9p5s"),
        ("一二三萬", "123m"),
        ("春夏秋冬梅蘭菊竹", "12345678f"),
        ("1m 竹 春", "1m18f"),
        ("", ""),
    ],
)
def test_canonical_output(text: str, canonical: str) -> None:
    assert str(twmj.parse(text)) == canonical
    assert twmj.format(text) == canonical


def test_counts_and_flowers() -> None:
    t = twmj.parse("1m 11z 2f")
    assert len(t) == 3
    assert t.counts[0] == 1 and t.counts[27] == 2
    assert t.flowers == ["2f"]
    assert t.tiles == ["1m", "1z", "1z"]
    assert twmj.format(t.counts) == "1m11z"


@pytest.mark.parametrize(
    ("tile", "name"),
    [("1m", "一萬"), ("5p", "五筒"), ("9s", "九條"), ("1z", "東"), ("5z", "白"), ("7z", "中")],
)
def test_tile_names(tile: str, name: str) -> None:
    assert twmj.tile_name(tile) == name


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("123x", "unknown symbol: 'x' at position 3"),
        ("11111m", "fifth copy of a tile: '1m' at position 4"),
        ("1f 1f", "flower given twice: '1f' at position 3"),
        ("春1f", "flower given twice: '1f' at position 1"),
        ("8z", "no such tile: '8z' at position 0"),
        ("9f", "no such tile: '9f' at position 0"),
        ("12", "number with no suit letter after it: '1' at position 0"),
        ("m", "suit letter with no number before it: 'm' at position 0"),
        ("0m", "unknown symbol: '0' at position 0"),
    ],
)
def test_bad_notation_names_symbol_and_position(text: str, message: str) -> None:
    with pytest.raises(twmj.TileError) as err:
        twmj.parse(text)
    assert str(err.value) == message
    assert isinstance(err.value, ValueError)
    assert isinstance(err.value, twmj.Error)


def _hands() -> st.SearchStrategy[tuple[list[int], list[int]]]:
    counts = st.lists(st.integers(0, 4), min_size=34, max_size=34)
    flowers = st.lists(st.integers(0, 7), unique=True, max_size=8)
    return st.tuples(counts, flowers)


@settings(max_examples=500, derandomize=True)
@given(_hands(), st.randoms(use_true_random=False))
def test_format_parse_round_trip(hand: tuple[list[int], list[int]], rnd: random.Random) -> None:
    counts, flowers = hand
    # Write the hand in a shuffled, spaced, mixed form, then read it back.
    symbols = [twmj.TILES[i] for i, c in enumerate(counts) for _ in range(c)]
    symbols += [twmj.FLOWERS[f] for f in flowers]
    rnd.shuffle(symbols)
    text = " ".join(symbols)
    parsed = twmj.parse(text)
    assert list(parsed.counts) == counts
    assert parsed.flowers == [twmj.FLOWERS[f] for f in sorted(flowers)]
    # Canonical output round-trips exactly.
    assert str(twmj.parse(str(parsed))) == str(parsed)
    assert twmj.parse(str(parsed)) == parsed


def test_tile_name_takes_one_tile() -> None:
    # A second tile is refused where it starts; no tile at all is a hand error.
    with pytest.raises(twmj.TileError) as e:
        twmj.tile_name("5p 6p")
    assert (e.value.kind, e.value.field, e.value.position) == ("tile_error", "tile", 3)
    with pytest.raises(twmj.HandError) as h:
        twmj.tile_name("")
    assert h.value.field == "tile"
