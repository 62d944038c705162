"""Melds and tile counts: what a hand may hold, and the errors when it cannot."""

from __future__ import annotations

import pytest

import twmj


def test_meld_objects_and_pairs_are_equivalent() -> None:
    rest = "123m456m789m11z"  # 11 tiles: k = 2 for a full hand
    melds_obj = [twmj.Meld("pon", "555p"), twmj.Meld("chi", "345s")]
    melds_tup = [("pon", "555p"), ("chi", "534s")]
    assert twmj.is_win(rest, melds_obj)
    assert twmj.is_win(rest, melds_tup)
    assert twmj.Meld("chi", "534s").tiles == "345s"
    assert twmj.Meld("ankan", "東東東東") == twmj.Meld("ankan", "1111z")


@pytest.mark.parametrize(
    ("kind", "tiles", "message"),
    [
        ("pon", "556p", "meld 0 (pon '556p') is not copies of one tile"),
        (
            "chi",
            "135m",
            "meld 0 (chi '135m') is not a sequence of three consecutive tiles of one suit",
        ),
        (
            "chi",
            "123z",
            "meld 0 (chi '123z') is not a sequence of three consecutive tiles of one suit",
        ),
        (
            "chi",
            "89m1p",
            "meld 0 (chi '89m1p') is not a sequence of three consecutive tiles of one suit",
        ),
        ("minkan", "555p", "meld 0 (minkan '555p') must have 4 tiles"),
        ("pon", "5555p", "meld 0 (pon '5555p') must have 3 tiles"),
        ("pong", "555p", "meld 0: unknown kind 'pong' (expected chi, pon, minkan, kakan or ankan)"),
        ("pon", "1f2f3f", "meld 0 (pon '1f2f3f') holds a flower"),
    ],
)
def test_meld_that_is_not_a_set(kind: str, tiles: str, message: str) -> None:
    with pytest.raises(twmj.HandError) as err:
        twmj.Meld(kind, tiles)
    assert str(err.value) == message


def test_a_bad_symbol_in_a_meld_is_a_tile_error_at_its_position() -> None:
    # The meld's own notation: `field` names it, `position` is the character in it.
    with pytest.raises(twmj.TileError, match=r"^unknown symbol: 'x' at position 2$") as err:
        twmj.Meld("pon", "55x")
    assert (err.value.kind, err.value.field, err.value.position) == ("tile_error", "tiles", 2)
    with pytest.raises(twmj.TileError) as err:
        twmj.waits("1234567m", [("pon", "111p"), ("pon", "55x"), ("pon", "333p")])
    assert (err.value.field, err.value.position) == ("melds[1].tiles", 2)


def test_meld_index_names_the_bad_meld() -> None:
    with pytest.raises(twmj.HandError, match=r"^meld 1 \(pon '12p'\) must have 3 tiles$") as err:
        twmj.waits("1234567m", [("pon", "111p"), ("pon", "12p"), ("pon", "333p")])
    assert (err.value.kind, err.value.field, err.value.position) == (
        "hand_error",
        "melds[1].tiles",
        None,
    )
    with pytest.raises(twmj.HandError, match="unknown kind 'pong'") as err:
        twmj.waits("1234567m", [("pon", "111p"), ("pong", "222p")])
    assert err.value.field == "melds[1].kind"


def test_copies_across_hand_and_melds() -> None:
    with pytest.raises(twmj.HandError, match="5 copies of 5p between the hand and its melds"):
        twmj.waits("55p 123m 456m 789m 1z", [("pon", "555p")])


def test_visible_copies_are_counted() -> None:
    # The hand holds three 2m; two more in view make five.
    with pytest.raises(twmj.HandError, match="5 copies of 2m between the hand, its melds and"):
        twmj.waits("2223456m123456789p", visible="22m")
    w = twmj.waits("2223456m123456789p", visible="1m 1m 7m")
    assert {x.tile: x.remaining for x in w.waits} == {"1m": 2, "3m": 3, "4m": 3, "6m": 3, "7m": 3}


@pytest.mark.parametrize(
    ("call", "hand", "melds", "message"),
    [
        (
            "waits",
            "123m",
            [],
            "the hand has 3 concealed tiles; this call needs 16, 13, 10, 7, 4 or 1",
        ),
        (
            "waits",
            "1234567m",
            [("pon", "111p")],
            "the hand has 7 concealed tiles; this call needs 13 (16 − 3 × 1 melds)",
        ),
        (
            "is_win",
            "2223456m123456789p",
            [],
            "the hand has 16 concealed tiles; this call needs 17, 14, 11, 8, 5 or 2",
        ),
        ("shanten", "1m123456789p123456789s", [], "the hand has 19 concealed tiles"),
    ],
)
def test_wrong_tile_count_for_the_call(
    call: str, hand: str, melds: list[tuple[str, str]], message: str
) -> None:
    fn = getattr(twmj, call)
    with pytest.raises(twmj.HandError) as err:
        fn(hand, melds)
    assert str(err.value).startswith(message)


def test_six_melds_refused() -> None:
    melds = [("pon", f"{n}{n}{n}p") for n in range(1, 7)]
    with pytest.raises(twmj.HandError, match="6 melds; a hand has at most 5"):
        twmj.shanten("1m", melds)


def test_bad_types_are_hand_errors() -> None:
    with pytest.raises(twmj.HandError, match="hand must be tile notation"):
        twmj.waits(123)  # type: ignore[arg-type]
    with pytest.raises(twmj.HandError, match="melds must be a list"):
        twmj.waits("2223456m123456789p", "pon 555p")  # type: ignore[arg-type]
    with pytest.raises(twmj.HandError, match="meld 0 must be a Meld, a"):
        twmj.waits("2223456m123456789p", [("pon",)])  # type: ignore[list-item]
    with pytest.raises(twmj.HandError, match="34 bytes"):
        twmj.waits(b"\x01" * 33)
    with pytest.raises(twmj.HandError, match="count 5 of 1p at byte 9"):
        twmj.waits(bytes([0] * 9 + [5] + [0] * 24))


@pytest.mark.parametrize(
    ("chinese", "kind", "tiles"),
    # The five kinds as the rule texts write them (000 牌型 and 槓).
    [
        ("吃", "chi", "345s"),
        ("碰", "pon", "555p"),
        ("明槓", "minkan", "7777m"),
        ("加槓", "kakan", "東東東東"),
        ("暗槓", "ankan", "9999p"),
    ],
)
def test_meld_kinds_in_chinese(chinese: str, kind: str, tiles: str) -> None:
    assert twmj.Meld(chinese, tiles) == twmj.Meld(kind, tiles)
    assert twmj.Meld(chinese, tiles).kind == kind


def test_meld_sizes_are_the_cores_vocabulary() -> None:
    # 000: 吃 and 碰 lay down three tiles, every kong four; the testing strategies read them.
    from twmj import testing

    sizes = {t["key"]: t["tiles"] for t in twmj.VOCABULARY["meld_kinds"]}
    assert sizes == {"chi": 3, "pon": 3, "minkan": 4, "kakan": 4, "ankan": 4}
    assert tuple(twmj.MELD_KINDS) == testing.MELD_KINDS
