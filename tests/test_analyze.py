"""Discard analysis (牌理) of 17 − 3k hands against the slow oracle."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import twmj
from tests.reference import TILES
from tests.reference import analyze as reference_analyze
from twmj.testing import (
    HONOURS,
    Hand,
    block_hands,
    hands,
    near_ready_hands,
    quad_hands,
    visible_tiles,
)

FULL_HANDS = st.one_of(
    hands("full"),
    hands("full", with_melds=False),
    hands("full", kinds=HONOURS),
    quad_hands("full"),
    block_hands("full"),
    near_ready_hands("full"),
    near_ready_hands("full", missing=2),
    near_ready_hands("full", kinds=range(18, 27)),
)

Row = tuple[str, int, list[tuple[str, int]], int, list[tuple[str, list[str], int]]]


def rows_of(analysis: twmj.Analysis) -> list[Row]:
    order = list(twmj.SHAPE_NAMES)
    return [
        (
            d.tile,
            d.shanten,
            [(a.tile, a.remaining) for a in d.accepts],
            d.accepted,
            [(w.tile, sorted(w.shapes, key=order.index), w.remaining) for w in d.waits],
        )
        for d in analysis.discards
    ]


def expected_rows(hand: Hand, visible: bytes) -> tuple[int, list[Row]]:
    order = list(twmj.SHAPE_NAMES)
    seen = [hand.own_counts[i] + visible[i] for i in range(34)]
    shanten, discards = reference_analyze(list(hand.concealed), hand.meld_counts, list(visible))
    return shanten, [
        (
            TILES[d.tile],
            d.shanten,
            [(TILES[a.tile], a.remaining) for a in d.accepts],
            d.accepted,
            [
                (TILES[x], sorted(shapes, key=order.index), 4 - seen[x])
                for x, shapes in sorted(d.waits.items())
            ],
        )
        for d in discards
    ]


# -- Hand-picked cases ---------------------------------------------------------------------


def test_discarding_the_stray_tile_keeps_the_pinghu_waits() -> None:
    # 000 text, 平胡的認定: 二二二三四五六萬＋一到九筒 waits on 1, 3, 4, 6, 7萬; holding a stray 9s
    # as the seventeenth tile, discarding it keeps those five waits.
    a = twmj.analyze("2223456m 123456789p 9s")
    assert a.shanten == 0
    best = a.discards[0]
    assert best.tile == "9s" and best.shanten == 0
    assert [w.tile for w in best.waits] == ["1m", "3m", "4m", "6m", "7m"]
    assert [x.tile for x in best.accepts] == ["1m", "3m", "4m", "6m", "7m"]
    assert best.accepted == 4 + 3 + 3 + 3 + 4


def test_the_discarded_tile_stays_seen() -> None:
    # A complete hand: discarding 7m leaves 2223456m … ready again; the 7m just discarded is on
    # the table, so only 3 of the 7m are unseen.
    a = twmj.analyze("22234567m 123456789p")
    assert a.shanten == -1
    seven = next(d for d in a.discards if d.tile == "7m")
    assert seven.shanten == 0
    assert {x.tile: x.remaining for x in seven.accepts}["7m"] == 3


def test_one_entry_per_distinct_discard() -> None:
    a = twmj.analyze("1111m 234p 567p 789s 123s 5z")
    assert sorted(TILES.index(d.tile) for d in a.discards) == [
        TILES.index(t)
        for t in [
            "1m",
            "2p",
            "3p",
            "4p",
            "5p",
            "6p",
            "7p",
            "1s",
            "2s",
            "3s",
            "7s",
            "8s",
            "9s",
            "5z",
        ]
    ]
    # 1111m cannot be the pair and a set (a fifth 1m): dropping the 5z is not yet ready.
    assert next(d for d in a.discards if d.tile == "5z").shanten == 1


# -- twmj against the oracle -----------------------------------------------------------------


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.data())
def test_analysis_matches_the_oracle(data: st.DataObject) -> None:
    hand = data.draw(FULL_HANDS)
    visible = data.draw(st.one_of(st.just(bytes(34)), visible_tiles(hand)))
    a = twmj.analyze(hand.concealed, melds=list(hand.melds), visible=visible)
    shanten, rows = expected_rows(hand, visible)
    assert a.shanten == shanten, str(hand)
    assert rows_of(a) == rows, str(hand)


@settings(max_examples=1500, derandomize=True, deadline=None)
@given(FULL_HANDS)
def test_analysis_agrees_with_shanten_and_waits(hand: Hand) -> None:
    # The same facts through the single-hand calls: shanten after each discard, the accepts as
    # the kinds that lower it, the waits of a ready hand, and the documented order.
    melds = list(hand.melds)
    a = twmj.analyze(hand.concealed, melds=melds)
    assert a.shanten == twmj.shanten(hand.concealed, melds=melds)
    own = hand.own_counts
    assert sorted(TILES.index(d.tile) for d in a.discards) == [
        i for i in range(34) if hand.concealed[i] > 0
    ]
    for d in a.discards:
        after = bytearray(hand.concealed)
        after[TILES.index(d.tile)] -= 1
        assert d.shanten == twmj.shanten(bytes(after), melds=melds)
        accepts = []
        for x in range(34):
            if own[x] - (TILES[x] == d.tile) >= 4:
                continue
            after[x] += 1
            if twmj.shanten(bytes(after), melds=melds) < d.shanten:
                accepts.append(TILES[x])
            after[x] -= 1
        assert [x.tile for x in d.accepts] == accepts, (str(hand), d.tile)
        assert d.accepted == sum(x.remaining for x in d.accepts)
        if d.shanten == 0:
            # Remaining differs by design (the discarded tile is seen), tiles and shapes do not.
            single = twmj.waits(bytes(after), melds=melds).waits
            assert [(w.tile, w.shapes) for w in d.waits] == [(w.tile, w.shapes) for w in single]
        else:
            assert d.waits == ()
    keys = [(d.shanten, -d.accepted, -len(d.accepts), TILES.index(d.tile)) for d in a.discards]
    assert keys == sorted(keys)
