"""Snapshots (PRODUCT.md `legal`): the legal actions of a position given as data, with the rule
texts' locks and thresholds, at three seats too, and clear errors. The snapshot decoder is tested
in the core (`rust/twmj-core/tests/game/snapshots.rs`)."""

from __future__ import annotations

from typing import Any

import pytest

import twmj


def _turn(hand: str, **extra: Any) -> dict[str, Any]:
    return {"seat": 0, "hand": hand, "drawable": 40, "decision": {"turn": extra}}


def _offer(hand: str, discard: str, from_seat: int, drawable: int = 40) -> dict[str, Any]:
    return {
        "seat": 0,
        "hand": hand,
        "drawable": drawable,
        "decision": {"offer": {"from": from_seat, "discard": discard}},
    }


def test_snapshot_pon_then_discard() -> None:
    # 000 合法與犯規 碰入打出: after 碰 of 5m, this turn may not discard 5m.
    snap = _turn("5m 123p456p789p 1234s", after_call={"pon": "5m"})
    snap["melds"] = [{"kind": "pon", "tiles": "555m"}]
    snap["hand"] = "56m 123p456p789p 123s"  # 14 concealed + 3 = 17
    names, _ = twmj.legal(snap)
    assert "discard 5m" not in names
    assert "discard 6m" in names


def test_snapshot_chi_then_discard() -> None:
    # 000 合法與犯規 吃入打出: 用四、五筒吃三筒，這一手不能打三筒，也不能打六筒.
    snap = {
        "seat": 0,
        "hand": "36p 123m456m789m112s",  # 14 concealed + 3 = 17
        "melds": [{"kind": "chi", "tiles": "345p"}],
        "drawable": 40,
        "decision": {"turn": {"after_call": {"chi": "3p", "other_end": "6p"}}},
    }
    names, _ = twmj.legal(snap)
    assert "discard 3p" not in names and "discard 6p" not in names
    assert "discard 1m" in names


def test_snapshot_minkan_not_from_the_left() -> None:
    # 000 合法與犯規 明槓不對上家: seat 0's 上家 is seat 3; 對家 is seat 2.
    hand = "555m 123p456p789p 1123s"  # 16 tiles
    from_left, _ = twmj.legal(_offer(hand, "5m", 3))
    from_across, _ = twmj.legal(_offer(hand, "5m", 2))
    assert "minkan" not in from_left and "pon" in from_left
    assert "minkan" in from_across


def test_snapshot_no_calls_near_the_wall_end() -> None:
    # 000 合法與犯規 牌牆將盡不得鳴牌: fewer than 4 drawable tiles, no 吃/碰/明槓.
    hand = "555m 123p456p789p 1123s"
    near, _ = twmj.legal(_offer(hand, "5m", 2, drawable=3))
    enough, _ = twmj.legal(_offer(hand, "5m", 2, drawable=4))
    assert "pon" not in near and "minkan" not in near
    assert "pon" in enough


def test_snapshot_errors_are_clear() -> None:
    with pytest.raises(twmj.ContextError, match="decision is required") as e:
        twmj.legal({"seat": 0, "hand": "1m", "drawable": 3})
    assert e.value.field == "snapshot.decision"
    with pytest.raises(twmj.HandError, match="this decision needs 17"):
        twmj.legal(_turn("123m"))


def test_snapshot_under_american_applies_the_threshold() -> None:
    # 002 起胡台數 範例四: a 閒家 (seat 1, 南) with a 2-tai 平胡 hand may not win a 閒家's
    # discard (2 < 3), but may win the dealer's (2 + 莊家 1 = 3).
    def offer(from_seat: int) -> dict[str, Any]:
        return {
            "seat": 1,
            "hand": "456m789m234p56p77s",
            "melds": [{"kind": "chi", "tiles": "123m"}],
            "drawable": 40,
            "decision": {"offer": {"from": from_seat, "discard": "7p"}},
            "variant": twmj.Variant("american"),
            "dealer": 0,
            "east": 0,
            "dice": [1, 2, 5],
            "discards_total": 12,
            "any_call": True,
        }

    from_other, _ = twmj.legal(offer(2))
    from_dealer, _ = twmj.legal(offer(0))
    assert "win" not in from_other
    assert "win" in from_dealer
    # Without the table the taiwan rules apply: no threshold.
    taiwan = offer(2)
    del taiwan["variant"]
    assert "win" in twmj.legal(taiwan)[0]


def test_snapshot_improved16_dealer_discard_after_a_declined_win() -> None:
    # 003 過水特殊規定: 因台數不足不能胡 (過水), 而莊家在同圈內打出同一張而胡牌 is no 詐胡. Seat 1's
    # concealed 1s/4s wait is worth 門清 1; under 起胡 2 only the dealer's 4s (+ 莊家 1) reaches.
    def offer(furiten: bool, declined: str | None) -> dict[str, Any]:
        snap: dict[str, Any] = {
            "seat": 1,
            "hand": "123m456m789s23s11z555p",
            "drawable": 40,
            "decision": {"offer": {"from": 0, "discard": "4s"}},
            "variant": twmj.Variant("improved16", {"min_tai": 2}),
            "dealer": 0,
            "east": 0,
            "discards_total": 12,
            "any_call": True,
            "furiten": furiten,
        }
        if declined is not None:
            snap["furiten_declined"] = declined
        return snap

    assert "win" in twmj.legal(offer(False, None))[0]
    assert "win" in twmj.legal(offer(True, "4s"))[0]
    assert "win" not in twmj.legal(offer(True, None))[0]
    assert "win" not in twmj.legal(offer(True, "1s"))[0]


def _offer_at(from_seat: int, variant: str, seat: int = 0) -> dict[str, object]:
    return {
        "seat": seat,
        "hand": "555m 123p456p789p 1123s",
        "drawable": 40,
        "decision": {"offer": {"from": from_seat, "discard": "5m"}},
        "variant": twmj.Variant(variant),
    }


def test_snapshot_at_three_seats() -> None:
    # 000 明槓不對上家 with 004 三人麻將 (北 empty): seat 0's 上家 is seat 2, its 下家 seat 1.
    from_left, _ = twmj.legal(_offer_at(2, "three_player"))
    from_right, _ = twmj.legal(_offer_at(1, "three_player"))
    assert "minkan" not in from_left and "pon" in from_left
    assert "minkan" in from_right
    # At four seats seat 2 is the 對家: 明槓 allowed.
    assert "minkan" in twmj.legal(_offer_at(2, "taiwan"))[0]
    # The empty seat has nothing, and offers nothing.
    # A seat not at the table is a context error, as everywhere, naming the snapshot's field.
    with pytest.raises(twmj.ContextError, match="seat 3 does not exist") as e:
        twmj.legal(_offer_at(0, "three_player", seat=3))
    assert (e.value.kind, e.value.field) == ("context_error", "snapshot.seat")
    with pytest.raises(twmj.ContextError, match="seat 3 does not exist") as e:
        twmj.legal(_offer_at(3, "three_player"))
    assert (e.value.code, e.value.field) == ("seat_out_of_range", "snapshot.decision.offer.from")
    with pytest.raises(twmj.ContextError, match="seat 2 does not exist"):
        twmj.legal(_offer_at(0, "two_player", seat=2))
