"""Waits (聽牌): hand-picked rule cases, then twmj against the slow oracle on random hands."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import twmj
from tests.common_call import outcome, spelled
from tests.reference import TILES, waits_with_shapes
from twmj.testing import (
    HONOURS,
    Hand,
    block_hands,
    hands,
    near_ready_hands,
    notations,
    quad_hands,
    visible_tiles,
)

MeldSpec = tuple[str, str]
# A complete rest of four sets, so the first group alone decides the waits.
REST = "123p 456p 789p 111z"


def waits_of(text: str, melds: Sequence[MeldSpec] = ()) -> dict[str, list[str]]:
    """Each wait of the hand with its shapes, by tile code."""
    return {w.tile: w.shapes for w in twmj.waits(text, melds=list(melds) or None).waits}


# -- Hand-picked cases, each from a rule text -------------------------------------------------


def test_nine_gates_shape_waits_on_every_tile_of_its_suit() -> None:
    # 1112345678999 of one suit waits on any tile of that suit (003 text, 九蓮寶燈:
    # 出現同花色任一張即算是胡牌); here with a complete rest of one set (16 tiles).
    w = twmj.waits("1112345678999m 777z")
    assert [x.tile for x in w.waits] == [f"{n}m" for n in range(1, 10)]
    assert w.shanten == 0 and w.tenpai
    shapes = {x.tile: set(x.shapes) for x in w.waits}
    # 2, 5, 8 can only be the pair (111 22 345 678 999); 1 and 9 either close a run (123 …)
    # or turn a pair into a triplet; 3 and 7 close 12 or 89 (邊張) or another run (兩面).
    assert shapes["2m"] == {"tanki"}
    assert shapes["5m"] == {"tanki"}
    assert shapes["8m"] == {"tanki"}
    assert shapes["1m"] == {"ryanmen", "shanpon"}
    assert shapes["3m"] == {"penchan", "ryanmen"}
    assert shapes["7m"] == {"penchan", "ryanmen"}
    assert shapes["9m"] == {"ryanmen", "shanpon"}


def test_3555_waits_on_3_as_pair_and_4_as_closed() -> None:
    # 001 text, 獨聽說明: 拿3555萬缺眼聽3萬、4萬; 胡3萬 is 單騎 (33 555), 胡4萬 is 嵌 (345 55).
    assert waits_of(f"3555m {REST}") == {"3m": ["tanki"], "4m": ["kanchan"]}


def test_3345_waits_on_3_and_6() -> None:
    # 001 text: 拿3345萬聽3、6萬; 胡6萬 is only 33 + 456; 胡3萬 may be read as 3 + 345 (單騎),
    # and also as 33 + 345 with the 3 closing the run 345 from below (兩面).
    assert waits_of(f"3345m {REST}") == {"3m": ["ryanmen", "tanki"], "6m": ["ryanmen"]}


def test_pinghu_example_of_the_taiwan_text() -> None:
    # 000 text, 平胡的認定: 二二二三四五六萬＋一到九筒 waits on 1, 3, 4, 6, 7萬; 1, 4, 7 fall in a
    # run that waited on two tiles (兩面, 平胡), 3 and 6 are the pair (單吊, not 平胡).
    assert waits_of("2223456m 123456789p") == {
        "1m": ["ryanmen"],
        "3m": ["tanki"],
        "4m": ["ryanmen"],
        "6m": ["tanki"],
        "7m": ["ryanmen"],
    }


def test_edge_wait_12_waits_on_3() -> None:
    # 001 text, 獨聽: 一萬、二萬聽三萬 (邊張); 八筒、九筒聽七筒.
    assert waits_of(f"12m 55m {REST}") == {"3m": ["penchan"]}
    assert waits_of("89p 55m 123s 456s 789s 111z") == {"7p": ["penchan"]}


def test_closed_wait_13_waits_on_2() -> None:
    # 001 text, 嵌張: 拿一三 … 缺中張; 五萬、七萬聽六萬.
    assert waits_of(f"13m 55s {REST}") == {"2m": ["kanchan"]}
    assert waits_of(f"57m 55s {REST}") == {"6m": ["kanchan"]}


def test_two_pairs_wait_on_both_as_shanpon() -> None:
    assert waits_of(f"55m 77z {REST}") == {"5m": ["shanpon"], "7z": ["shanpon"]}


def test_a_fifth_copy_is_never_a_wait() -> None:
    # 胡牌的樣子: each kind has 4 tiles. 1111m with four complete sets could only finish as
    # 11 + 111 with a fifth 1m: not ready, and one exchange away (shanten 1).
    w = twmj.waits("1111m 234p 567p 789s 123s")
    assert w.waits == () and not w.tenpai and w.shanten == 1
    assert twmj.shanten("1111m 234p 567p 789s 123s") == 1


def test_a_kind_held_4_times_with_the_melds_is_not_a_wait() -> None:
    # Rules README, "Holds all 4": concealed plus melds hold every 5m, so the 單吊 on 5m is
    # no wait and the hand is not ready.
    melds = [("chi", "345m"), ("chi", "456m"), ("chi", "567m"), ("pon", "111z"), ("ankan", "2222z")]
    w = twmj.waits("5m", melds=melds)
    assert w.waits == () and w.shanten == 1
    # Without the third chi the same tanki is a wait, with 4 − 3 copies left.
    w = twmj.waits("5m 555s", melds=melds[:2] + melds[3:])
    assert [(x.tile, x.shapes, x.remaining) for x in w.waits] == [("5m", ["tanki"], 1)]


def test_the_other_wait_remains_when_one_kind_is_held_4_times() -> None:
    # Rules README, "Holds all 4": 3555m waits on 3m and 4m; with a pon of 3m the player holds
    # all four 3m, so only the 嵌張 on 4m is left (and the hand can be 獨聽).
    assert waits_of("3555m 123p 456p 789p") == {"3m": ["tanki"], "4m": ["kanchan"]}
    w = twmj.waits("3555m 123p 456p 789p", melds=[("pon", "333m")])
    assert [(x.tile, x.shapes, x.remaining) for x in w.waits] == [("4m", ["kanchan"], 4)]


def test_13_tile_form_implies_one_meld() -> None:
    # With one meld the waiting hand holds 16 − 3 = 13 concealed tiles.
    assert waits_of("2223456m 123456p") == {
        "1m": ["ryanmen"],
        "3m": ["tanki"],
        "4m": ["ryanmen"],
        "6m": ["tanki"],
        "7m": ["ryanmen"],
    }
    assert waits_of("2223456m 123456p", [("pon", "999p")]) == waits_of("2223456m 123456p")
    assert twmj.shanten("2223456m 123456p") == 0


def test_14_tile_form_is_a_complete_or_full_hand() -> None:
    assert twmj.is_win("22234567m 123456p")
    assert twmj.shanten("22234567m 123456p") == -1
    assert twmj.is_win("22234567m 123456p", melds=[("chi", "789p")])
    assert not twmj.is_win("22234568m 123456p")
    assert twmj.shanten("22234568m 123456p") == 0


def test_remaining_counts_hand_melds_and_visible() -> None:
    w = twmj.waits("2223456m 123456789p", visible="1m 7m7m 4m")
    assert {x.tile: x.remaining for x in w.waits} == {"1m": 3, "3m": 3, "4m": 2, "6m": 3, "7m": 2}


# -- twmj against the oracle -----------------------------------------------------------------

ANY_HAND = st.one_of(
    hands("waiting"),
    hands("waiting", with_melds=False),
    hands("waiting", kinds=HONOURS),
    hands("waiting", kinds=range(9)),
    quad_hands("waiting"),
    block_hands("waiting"),
    near_ready_hands("waiting"),
    near_ready_hands("waiting", kinds=range(9)),
    near_ready_hands("waiting", kinds=HONOURS),
    near_ready_hands("waiting", missing=2),
)


def expected_waits(hand: Hand, visible: bytes = bytes(34)) -> list[tuple[str, list[str], int]]:
    held = hand.meld_counts
    order = list(twmj.SHAPE_NAMES)
    out = []
    for x, shapes in sorted(waits_with_shapes(list(hand.concealed), held).items()):
        remaining = 4 - hand.concealed[x] - held[x] - visible[x]
        out.append((TILES[x], [str(s) for s in sorted(shapes, key=order.index)], remaining))
    return out


@settings(max_examples=4000, derandomize=True, deadline=None)
@given(ANY_HAND)
def test_waits_and_shapes_match_the_oracle(hand: Hand) -> None:
    w = twmj.waits(hand.concealed, melds=list(hand.melds))
    got = [
        (x.tile, sorted(x.shapes, key=list(twmj.SHAPE_NAMES).index), x.remaining) for x in w.waits
    ]
    assert got == expected_waits(hand), str(hand)
    assert all(len(set(x.shapes)) == len(x.shapes) for x in w.waits)
    assert all(x.name == twmj.tile_name(x.tile) for x in w.waits)
    assert w.tenpai == bool(w.waits) == (w.shanten == 0)


@settings(max_examples=1500, derandomize=True, deadline=None)
@given(st.data())
def test_remaining_subtracts_the_visible_tiles(data: st.DataObject) -> None:
    hand = data.draw(st.one_of(near_ready_hands("waiting"), quad_hands("waiting")))
    visible = data.draw(visible_tiles(hand))
    w = twmj.waits(hand.concealed, melds=list(hand.melds), visible=visible)
    assert [(x.tile, x.remaining) for x in w.waits] == [
        (t, r) for t, _, r in expected_waits(hand, visible)
    ]
    assert all(x.remaining >= 0 for x in w.waits)


@settings(max_examples=2000, derandomize=True, deadline=None)
@given(ANY_HAND)
def test_wait_mask_is_the_set_of_wait_tiles(hand: Hand) -> None:
    mask = twmj.wait_mask(hand.concealed, melds=list(hand.melds))
    tiles = [x.tile for x in twmj.waits(hand.concealed, melds=list(hand.melds)).waits]
    assert twmj.mask_tiles(mask) == tiles
    assert mask >> 34 == 0
    # "Holds all 4": no kind held 4 times (concealed + melds) is ever a wait.
    for i, held in enumerate(hand.own_counts):
        if held >= 4:
            assert not mask >> i & 1, f"{hand}: {TILES[i]} is held 4 times"


@settings(max_examples=800, derandomize=True, deadline=None)
@given(
    st.integers(0, 5).flatmap(
        lambda k: st.lists(
            st.one_of(hands("waiting", k, with_melds=False), near_ready_hands("waiting", k)),
            min_size=1,
            max_size=40,
        )
    )
)
def test_waits_batch_equals_wait_mask(rows: list[Hand]) -> None:
    # One batch holds rows of the same size (the same implied k), as a 16 − 3k table would.
    counts = np.array([list(h.concealed) for h in rows], dtype=np.uint8)
    masks = twmj.waits_batch(counts)
    assert masks.dtype == np.uint64 and masks.shape == (len(rows),)
    assert [int(m) for m in masks] == [twmj.wait_mask(h.concealed) for h in rows]


# -- The fast paths against the general ones ----------------------------------------------


def _ready_row(rng: np.random.Generator) -> list[int]:
    """Five random sets (runs or triplets) and a pair, less one held tile: always ready."""
    while True:
        c = [0] * 34
        c[int(rng.integers(34))] += 2
        for _ in range(5):
            if rng.integers(3) < 2:
                start = int(rng.integers(3)) * 9 + int(rng.integers(7))
                for k in range(start, start + 3):
                    c[k] += 1
            else:
                c[int(rng.integers(34))] += 3
        if max(c) <= 4:
            held = [k for k in range(34) for _ in range(c[k])]
            c[held[int(rng.integers(len(held)))]] -= 1
            return c


def _large_batch(seed: int) -> npt.NDArray[np.uint8]:
    """40,000 rows in random order: random 16-tile hands, ready ones, and random hands of
    every other 16 − 3k size. More rows than one block of the batch loop (32,768) and than
    its parallel threshold, and many of its 64-row chunks."""
    rng = np.random.default_rng(seed)
    sizes = [16] * 20_000 + [int(s) for s in rng.choice([1, 4, 7, 10, 13], 8_000)]
    rows = []
    for n in sizes:
        picks = rng.choice(136, n, replace=False) // 4
        rows.append(np.bincount(picks, minlength=34))
    rows.extend(np.array(_ready_row(rng)) for _ in range(12_000))
    a = np.array(rows, dtype=np.uint8)
    return a[rng.permutation(len(a))]


def _tile_mask(w: twmj.Waits) -> int:
    return sum(1 << TILES.index(t) for t in w.tiles)


def test_a_large_batch_equals_the_single_calls() -> None:
    a = _large_batch(16)
    expected = [_tile_mask(twmj.waits(bytes(row))) for row in a]
    assert sum(m != 0 for m in expected) > 12_000  # the ready rows, and a few random ones
    assert [int(m) for m in twmj.waits_batch(a)] == expected
    # The same rows through the variant path, and from strided and Fortran-ordered arrays.
    assert [int(m) for m in twmj.waits_batch(a, twmj.Variant("taiwan"))] == expected
    assert [int(m) for m in twmj.waits_batch(a[::3])] == expected[::3]
    assert [int(m) for m in twmj.waits_batch(np.asfortranarray(a))] == expected
    # 003 改良式 adds special shapes' waits: the batch under it is its single calls.
    improved = twmj.Variant("improved16")
    some = a[:3000]
    assert [int(m) for m in twmj.waits_batch(some, improved)] == [
        _tile_mask(twmj.waits(bytes(row), variant=improved)) for row in some
    ]


def test_a_large_batch_names_its_first_bad_row() -> None:
    a = _large_batch(17)
    # Past the first block: a 17-tile row, then a count of 5 further on.
    a[33_001] = 0
    a[33_001, :17] = 1
    a[39_000, 5] = 5
    with pytest.raises(twmj.HandError) as e:
        twmj.waits_batch(a)
    assert str(e.value) == "row 33001 has 17 tiles; this call needs 16 − 3k (16, 13, …, 1)"
    assert e.value.field == "counts[33001]"
    a[33_001] = a[0]
    with pytest.raises(twmj.HandError) as e:
        twmj.waits_batch(a)
    assert e.value.field == "counts[39000][5]"


def _answer(w: twmj.Waits) -> tuple[object, ...]:
    return (
        w.shanten,
        w.tenpai,
        [(x.tile, x.name, x.shapes, x.remaining) for x in w.waits],
        [(x.tile, x.remaining) for x in w.accepts],
        w.tiles,
        len(w),
        repr(w),
    )


@settings(max_examples=600, derandomize=True, deadline=None)
@given(
    st.lists(st.integers(0, 33), max_size=18),
    st.sampled_from([33, 34, 34, 34, 35]),
    st.integers(0, 2),
)
def test_the_common_call_answers_as_the_general_one(
    kinds: list[int], size: int, spell: int
) -> None:
    # twmj.waits(hand) reads bytes and notation alone without the general conversion; its
    # answer, attribute by attribute, and its errors are those of the general path (taken
    # here by naming the default variant). Tiles of every count 0–18 (a kind may exceed 4),
    # buffers of 33–35 bytes.
    taiwan = twmj.Variant("taiwan")
    given_as = spelled(kinds, size, spell)
    if given_as is None:
        return
    raw, hand = given_as
    # wait_mask alike, its general path taken by an empty meld list.
    try:
        mask = twmj.wait_mask(hand, melds=[])
    except twmj.Error:
        assert outcome(twmj.wait_mask, hand) == outcome(twmj.wait_mask, hand, [])
    else:
        assert twmj.wait_mask(hand) == mask
    try:
        general = twmj.waits(hand, variant=taiwan)
    except twmj.Error:
        assert outcome(twmj.waits, hand) == outcome(twmj.waits, hand, variant=taiwan)
        return
    assert _answer(twmj.waits(hand)) == _answer(general)
    assert _answer(twmj.waits(bytearray(raw))) == _answer(general)
    assert twmj.mask_tiles(mask) == general.tiles


@settings(max_examples=300, derandomize=True, deadline=None)
@given(
    st.one_of(
        near_ready_hands(k=0, missing=1),
        near_ready_hands(k=0, missing=2),
        block_hands(k=0),
        hands(k=0),
    ),
    st.data(),
)
def test_the_common_call_on_ready_and_near_hands_answers_as_the_general_one(
    h: Hand, data: st.DataObject
) -> None:
    # The common call reads the counts (of bytes, or of notation without flowers) and builds
    # the hand only when there is no wait; ready hands (one tile missing, always ready) and
    # near ones (two missing, some ready) answer as the general path does, by bytes and by
    # any spelling of the notation, with flowers added (which the general reading keeps).
    raw = h.concealed
    general = _answer(twmj.waits(raw, variant=twmj.Variant("taiwan")))
    text = data.draw(notations(raw))
    assert _answer(twmj.waits(raw)) == general
    assert _answer(twmj.waits(text)) == general
    assert _answer(twmj.waits(text + " 春 8f")) == _answer(
        twmj.waits(text + " 春 8f", variant=twmj.Variant("taiwan"))
    )
