"""Shanten (向聽): exact by its definition under the 4-copy limit, checked against the oracle."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import twmj
from tests.common_call import outcome, spelled
from tests.reference import shanten as reference_shanten
from twmj.testing import HONOURS, Form, Hand, block_hands, hands, near_ready_hands, quad_hands


def hands_of(form: Form) -> st.SearchStrategy[Hand]:
    return st.one_of(
        hands(form),
        hands(form, with_melds=False),
        hands(form, kinds=HONOURS),
        hands(form, kinds=range(9, 18)),
        quad_hands(form),
        block_hands(form),
        near_ready_hands(form),
        near_ready_hands(form, missing=2),
        near_ready_hands(form, missing=3, kinds=range(18, 27)),
        near_ready_hands(form, kinds=HONOURS),
    )


FORMS: tuple[Form, ...] = ("waiting", "full")


# -- Hand-picked cases ---------------------------------------------------------------------


def test_complete_ready_and_one_away() -> None:
    # 000 text, 胡牌的樣子: five sets and a pair are complete (−1); one tile short is ready (0).
    assert twmj.shanten("22234567m 123456789p") == -1
    assert twmj.shanten("2223456m 123456789p") == 0
    assert twmj.shanten("2225689m 123456789p") == 1  # 222 56 89: two of 4m/7m and a pair


def test_a_block_needing_a_fifth_copy_does_not_count() -> None:
    # Each kind has 4 tiles: 1111m is no pair + set, however the blocks are counted.
    assert twmj.shanten("1111m 234p 567p 789s 123s") == 1
    # Melds take copies too: with a pon of 5z the lone 5z cannot become the pair (it would be
    # a fifth 5z), so 999p + 5z is one exchange from ready, not ready.
    melds = [("pon", "555z"), ("chi", "123m"), ("chi", "456m"), ("chi", "789m")]
    assert twmj.shanten("5z 999p", melds=melds) == 1
    assert twmj.waits("5z 999p", melds=melds).waits == ()
    # The same hand next to a pon of 6z waits on 5z alone (單吊).
    melds[0] = ("pon", "666z")
    assert twmj.shanten("5z 999p", melds=melds) == 0
    assert [w.tile for w in twmj.waits("5z 999p", melds=melds).waits] == ["5z"]


SETS = ["123m", "456m", "789m", "123p", "456p"]
MELDS = [("chi", "123s"), ("chi", "456s"), ("pon", "999s"), ("minkan", "5555z"), ("ankan", "7777z")]


def test_every_form_from_17_down_to_2_tiles() -> None:
    # With k melds a complete hand holds 17 − 3k concealed tiles and a waiting one 16 − 3k.
    for k in range(6):
        full = " ".join(["11z", *SETS[: 5 - k]])
        waiting = " ".join(["1z", *SETS[: 5 - k]])
        for melds in (MELDS[:k], None):
            assert twmj.shanten(full, melds=melds) == -1, (k, melds)
            assert twmj.is_win(full, melds=melds), (k, melds)
            assert twmj.shanten(waiting, melds=melds) == 0, (k, melds)
            assert [w.tile for w in twmj.waits(waiting, melds=melds).waits] == ["1z"]


# -- twmj against the oracle -----------------------------------------------------------------


@settings(max_examples=4000, derandomize=True, deadline=None)
@given(hands_of("waiting"))
def test_shanten_of_waiting_hands_matches_the_oracle(hand: Hand) -> None:
    got = twmj.shanten(hand.concealed, melds=list(hand.melds))
    assert got == reference_shanten(list(hand.concealed), hand.meld_counts), str(hand)
    assert got >= 0


@settings(max_examples=3000, derandomize=True, deadline=None)
@given(hands_of("full"))
def test_shanten_of_full_hands_matches_the_oracle(hand: Hand) -> None:
    got = twmj.shanten(hand.concealed, melds=list(hand.melds))
    assert got == reference_shanten(list(hand.concealed), hand.meld_counts), str(hand)
    assert (got == -1) == twmj.is_win(hand.concealed, melds=list(hand.melds))


@settings(max_examples=3000, derandomize=True, deadline=None)
@given(
    st.one_of(near_ready_hands("waiting"), quad_hands("waiting"), hands("waiting", kinds=HONOURS))
)
def test_shanten_zero_iff_tenpai(hand: Hand) -> None:
    # With the melds holding copies, a hand whose only completions need a kind held 4 times is
    # not ready: shanten 0 and a non-empty wait list go together.
    w = twmj.waits(hand.concealed, melds=list(hand.melds))
    assert (w.shanten == 0) == w.tenpai == bool(w.waits), str(hand)
    assert w.shanten == twmj.shanten(hand.concealed, melds=list(hand.melds))


@settings(max_examples=500, derandomize=True, deadline=None)
@given(
    st.tuples(st.integers(0, 5), st.sampled_from(FORMS)).flatmap(
        lambda kf: st.lists(
            st.one_of(
                hands(kf[1], kf[0], with_melds=False),
                near_ready_hands(kf[1], kf[0]),
            ),
            min_size=1,
            max_size=40,
        )
    )
)
def test_shanten_batch_equals_shanten(rows: list[Hand]) -> None:
    counts = np.array([list(h.concealed) for h in rows], dtype=np.uint8)
    got = twmj.shanten_batch(counts)
    assert got.dtype == np.int8 and got.shape == (len(rows),)
    assert [int(s) for s in got] == [twmj.shanten(h.concealed) for h in rows]


def _rows(rng: random.Random, kinds: list[int], sizes: list[int], n: int) -> list[list[int]]:
    """`n` random hands over the tile kinds `kinds` (4 copies each), sizes drawn from `sizes`."""
    pool = [k for k in kinds for _ in range(4)]
    out = []
    for _ in range(n):
        row = [0] * 34
        for k in rng.sample(pool, rng.choice(sizes)):
            row[k] += 1
        out.append(row)
    return out


@pytest.mark.parametrize(
    ("variant", "kinds", "size"),
    [
        # 003 改良式: 瀝咕瀝咕 and 十三么 wait and count toward shanten.
        (twmj.Variant("improved16"), list(range(34)), 16),
        # 004 兩人麻將 13 張版: 萬子 and 字牌, 13 − 3k waiting.
        (twmj.Variant("two_player", {"hand_size": 13}), [*range(9), *range(27, 34)], 13),
    ],
)
def test_batches_under_a_variant_equal_the_single_calls(
    variant: twmj.Variant, kinds: list[int], size: int
) -> None:
    rng = random.Random(size)
    waiting = _rows(rng, kinds, [size - 3 * k for k in range(size // 3 + 1)], 300)
    if size == 16:
        # A 瀝咕瀝咕 (one wait, 5p) and a 十三么 on 中: special waits the plain batch lacks.
        for hand in ("11m33m55m77m99m11p333p5p", "19m19p19s123456z1z234m"):
            waiting.append(list(twmj.parse(hand).counts))
    masks = twmj.waits_batch(np.array(waiting, dtype=np.uint8), variant)
    for row, mask in zip(waiting, masks, strict=True):
        w = twmj.waits(bytes(row), variant=variant)
        assert twmj.mask_tiles(int(mask)) == [x.tile for x in w.waits], row
    if size == 16:
        assert twmj.mask_tiles(int(masks[-2])) == ["5p"]
        assert int(twmj.waits_batch(np.array(waiting[-2:], dtype=np.uint8))[0]) == 0
    full = _rows(rng, kinds, [size + 1 - 3 * k for k in range(size // 3 + 1)], 300)
    everything = waiting + full
    got = twmj.shanten_batch(np.array(everything, dtype=np.uint8), variant)
    assert [int(s) for s in got] == [twmj.shanten(bytes(r), variant=variant) for r in everything]


def test_a_batch_under_a_variant_names_its_first_bad_row() -> None:
    # 004 三人麻將 拿掉二萬到八萬: a row holding 5m is refused, by row and tile.
    v = twmj.Variant("three_player")
    rows = [list(twmj.parse("123p456p789p123s45s99m").counts)] * 2
    rows.insert(1, list(twmj.parse("123p456p789p123s45s55m").counts))
    with pytest.raises(twmj.HandError, match="row 1: 5m is not in play under three_player") as e:
        twmj.waits_batch(np.array(rows, dtype=np.uint8), v)
    assert (e.value.kind, e.value.field) == ("hand_error", "counts[1]")
    # The single calls refuse it alike (as waits, analyze and score do).
    with pytest.raises(twmj.HandError, match="5m is not in play under three_player"):
        twmj.shanten("123p456p789p123s45s55m", variant=v)
    with pytest.raises(twmj.HandError, match="5m is not in play under three_player"):
        twmj.is_win("123p456p789p123s45s55m5m", variant=v)
    with pytest.raises(twmj.HandError, match=r"row 0: .*needs 13"):
        twmj.shanten_batch(
            np.array(rows[:1], dtype=np.uint8), twmj.Variant("two_player", {"hand_size": 13})
        )


# -- The common call against the general one -----------------------------------------------


@settings(max_examples=600, derandomize=True, deadline=None)
@given(
    st.lists(st.integers(0, 33), max_size=20),
    st.sampled_from([33, 34, 34, 34, 35]),
    st.integers(0, 2),
)
def test_the_common_call_answers_as_the_general_one(
    kinds: list[int], size: int, spell: int
) -> None:
    # twmj.shanten(hand) and twmj.is_win(hand) read bytes and notation alone without the
    # general conversion; their answers and errors are those of the general path (taken here
    # by naming the default variant, or by an empty meld list). Tiles of every count 0–20 (a
    # kind may exceed 4, a total may fit no form), buffers of 33–35 bytes.
    taiwan = twmj.Variant("taiwan")
    given_as = spelled(kinds, size, spell)
    if given_as is None:
        return
    raw, hand = given_as
    for call in (twmj.shanten, twmj.is_win):
        common = outcome(call, hand)
        assert common == outcome(call, hand, variant=taiwan)
        assert common == outcome(call, hand, melds=[])
    if spell == 0:
        assert outcome(twmj.shanten, bytearray(raw)) == outcome(twmj.shanten, raw, variant=taiwan)
