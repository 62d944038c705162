"""The oracle checks itself, then notation and win detection of twmj against it."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

import twmj
from tests.reference import (
    TILES,
    Block,
    decompositions,
    is_complete,
    parse_counts,
    shanten,
    to_notation,
    waits_with_shapes,
)
from twmj.testing import (
    HONOURS,
    Form,
    Hand,
    block_hands,
    hands,
    near_ready_hands,
    notations,
    quad_hands,
)


def hands_of(form: Form) -> st.SearchStrategy[Hand]:
    return st.one_of(
        hands(form),
        hands(form, with_melds=False),
        hands(form, kinds=HONOURS),
        quad_hands(form),
        block_hands(form),
        near_ready_hands(form),
        near_ready_hands(form, missing=2, kinds=range(9)),
    )


# -- The oracle on its own -------------------------------------------------------------------


def test_oracle_decomposes_the_same_tiles_several_ways() -> None:
    # 111222333m is three triplets or three runs 123; with 11z as the pair (胡牌的樣子).
    found = {frozenset(d) for d in decompositions(parse_counts("111222333m 11z"))}
    assert found == {
        frozenset(
            {Block("triplet", 0), Block("triplet", 1), Block("triplet", 2), Block("pair", 27)}
        ),
        frozenset({Block("run", 0), Block("pair", 27)}),
    }
    assert is_complete(parse_counts("22234567m 123456789p"))
    # Four pairs are not one pair and sets; honours never form runs.
    assert not is_complete(parse_counts("11m 11p 11s 11z"))
    assert not is_complete(parse_counts("123z 11m"))


def test_oracle_waits_of_the_taiwan_pinghu_example() -> None:
    # 000 text, 平胡的認定: 二二二三四五六萬＋一到九筒 waits on 1, 3, 4, 6, 7萬.
    waits = waits_with_shapes(parse_counts("2223456m 123456789p"))
    assert {TILES[x]: sorted(s) for x, s in waits.items()} == {
        "1m": ["ryanmen"],
        "3m": ["tanki"],
        "4m": ["ryanmen"],
        "6m": ["tanki"],
        "7m": ["ryanmen"],
    }


def test_oracle_shanten_respects_the_melds_copies() -> None:
    melds = parse_counts("555z 123m 456m 789m")
    assert shanten(parse_counts("5z 999p"), melds) == 1
    assert shanten(parse_counts("5z 999p"), parse_counts("666z 123m 456m 789m")) == 0
    assert shanten(parse_counts("1111m 234p 567p 789s 123s")) == 1


# Every set a target can hold: 9 × 3 triplets of numbers, 7 honour triplets, 7 × 3 runs.
SETS: list[tuple[int, int, int]] = [(i, i, i) for i in range(34)] + [
    (i, i + 1, i + 2) for i in range(27) if i % 9 <= 6
]


def brute_force_shanten(counts: Sequence[int], melds: Sequence[int], sets: int) -> int:
    """The definition read literally: every multiset of `sets` sets plus a pair."""
    best = 99
    for chosen in itertools.combinations_with_replacement(SETS, sets):
        for pair in range(34):
            target = [0] * 34
            for s in chosen:
                for t in s:
                    target[t] += 1
            target[pair] += 2
            if any(target[i] + melds[i] > 4 for i in range(34)):
                continue
            best = min(best, sum(max(0, target[i] - counts[i]) for i in range(34)))
    return best - 1


@settings(max_examples=300, derandomize=True, deadline=None)
@given(
    st.sampled_from([4, 5]).flatmap(
        lambda k: st.one_of(
            hands("waiting", k), hands("full", k), quad_hands("waiting", 4), block_hands("full", k)
        )
    )
)
def test_oracle_shanten_equals_the_literal_definition_on_small_hands(hand: Hand) -> None:
    sets = 5 - hand.k
    expected = brute_force_shanten(list(hand.concealed), hand.meld_counts, sets)
    assert shanten(list(hand.concealed), hand.meld_counts, sets) == expected, str(hand)


@settings(max_examples=500, derandomize=True, deadline=None)
@given(hands_of("waiting"))
def test_oracle_is_ready_exactly_when_it_has_waits(hand: Hand) -> None:
    waits = waits_with_shapes(list(hand.concealed), hand.meld_counts)
    assert (shanten(list(hand.concealed), hand.meld_counts) == 0) == bool(waits), str(hand)


@settings(max_examples=500, derandomize=True, deadline=None)
@given(hands_of("full"))
def test_oracle_complete_exactly_when_it_decomposes(hand: Hand) -> None:
    counts = list(hand.concealed)
    assert is_complete(counts) == bool(decompositions(counts))
    assert is_complete(counts) == (shanten(counts, hand.meld_counts) == -1)


# -- Notation ----------------------------------------------------------------------------------


@settings(max_examples=1500, derandomize=True, deadline=None)
@given(st.data())
def test_parse_reads_every_spelling_of_a_hand(data: st.DataObject) -> None:
    hand = data.draw(st.one_of(hands_of("waiting"), hands_of("full")))
    text = data.draw(notations(hand.concealed))
    parsed = twmj.parse(text)
    assert parsed.counts == hand.concealed, text
    assert str(parsed) == to_notation(hand.concealed) == hand.text
    assert twmj.format(hand.concealed) == hand.text
    assert parse_counts(hand.text) == list(hand.concealed)


# -- Win detection -----------------------------------------------------------------------------


def test_four_pairs_in_four_groups_are_not_a_win() -> None:
    # 000 text, 胡牌的樣子: 五組面子＋一對將眼 — one pair only; no 七對子-like shapes.
    assert twmj.shanten("11m 11p 11s 11z") == 1
    assert twmj.waits("11m 11p 11s 1z 123m 456p 789s").waits == ()
    assert not twmj.is_win("11m 11p 11s 11z")
    assert not twmj.is_win("11m 11p 11s 11z 123m 456p 789s")


@settings(max_examples=3000, derandomize=True, deadline=None)
@given(hands_of("full"))
def test_is_win_matches_the_oracle(hand: Hand) -> None:
    got = twmj.is_win(hand.concealed, melds=list(hand.melds))
    assert got == is_complete(list(hand.concealed)), str(hand)


@settings(max_examples=1500, derandomize=True, deadline=None)
@given(
    st.one_of(
        hands("waiting", 1, with_melds=False),
        near_ready_hands("waiting", 1),
        block_hands("waiting", 1),
        hands("full", 1, with_melds=False),
        near_ready_hands("full", 1),
        block_hands("full", 1),
    )
)
def test_13_and_14_tile_hands_imply_one_meld(hand: Hand) -> None:
    # Without melds, 13 tiles wait and 14 are full, as with one meld beside them.
    counts = list(hand.concealed)
    assert sum(counts) in (13, 14)
    assert twmj.shanten(hand.concealed) == shanten(counts, None, 4), str(hand)
    if sum(counts) == 13:
        mask = sum(1 << x for x in waits_with_shapes(counts))
        assert twmj.wait_mask(hand.concealed) == mask, str(hand)
    else:
        assert twmj.is_win(hand.concealed) == is_complete(counts), str(hand)
