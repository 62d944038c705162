"""Facts the library reads once, under the call's variant (issue 31 item 9): the tiles a call
names besides the hand (`visible`) are read under the call's variant as its hand is, and a
wait's value on a discard comes from a seat of the variant's table."""

from __future__ import annotations

import pytest

import twmj

THREE = twmj.Variant("three_player")
TWO = twmj.Variant("two_player")
#: 16 tiles of three_player's set (004: 二萬–八萬 are out), ready on 東 alone.
THREE_HAND = "111m999m123p456p789s1z"
#: 16 tiles of two_player's set (萬子 and 字牌), ready on 中 alone.
TWO_HAND = "111222333m444z555z7z"


@pytest.mark.parametrize("call", [twmj.waits, twmj.analyze])
def test_visible_tiles_are_read_under_the_calls_variant(call: object) -> None:
    # 004 三人麻將拿掉二到八萬: a 5m in view is refused as a 5m in the hand is, by its field
    # and its position in that field's text.
    hand = THREE_HAND if call is twmj.waits else "111m999m123p456p789s1z1z"
    with pytest.raises(twmj.HandError) as e:
        call(hand, visible="9m5m5m5m5m", variant=THREE)  # type: ignore[operator]
    assert (e.value.field, e.value.position) == ("visible", 2), str(e.value)
    assert "5m is not in play under three_player" in str(e.value)
    with pytest.raises(twmj.HandError) as e:
        call(hand, visible=bytes([0, 0, 0, 0, 4] + [0] * 29), variant=THREE)  # type: ignore[operator]
    assert e.value.field == "visible", str(e.value)
    # Tiles of the set are read, and taken off the copies left.
    w = twmj.waits(THREE_HAND, visible="1z1z", variant=THREE)
    assert [(x.tile, x.remaining) for x in w.waits] == [("1z", 1)]
    # Under taiwan every tile is in play.
    assert twmj.waits("111m999m123p456p789s1z", visible="5m5m5m5m").tiles == ["1z"]


@pytest.mark.parametrize(
    ("variant", "hand", "upper"),
    [(THREE, THREE_HAND, [2, 0, 1]), (TWO, TWO_HAND, [1, 0])],
)
def test_wait_values_at_three_and_two_seats(
    variant: twmj.Variant, hand: str, upper: list[int]
) -> None:
    # 004 三人坐三邊 (北 empty) / 兩人: the discard comes from the winner's 上家 among the
    # seated players, so every seated winner is valued (seat 0's was asked of seat 3).
    for winner, discarder in enumerate(upper):
        ctx = twmj.Context(winner=winner, dealer=0)
        values = twmj.wait_values(hand, context=ctx, variant=variant)
        assert len(values) == 1
        v = values[0]
        assert [p.payer for p in v.on_discard.payments] == [discarder]
        # The same win scored by `score()` from that seat agrees.
        win = twmj.Context(winner=winner, dealer=0, win="discard", from_seat=discarder)
        scored = twmj.score(hand + v.tile, v.tile, context=win, variant=variant)
        assert v.on_discard.total_tai == scored.total_tai
