"""四槓胡 and the winner's discard count through the binding (001 特殊胡牌 四槓胡, 003 hk16 七隻內)."""

from __future__ import annotations

import json

import pytest

import twmj

OTHERS = "2m3m4m5m6m7m8m2p3p4p5p6p7p8p2s3s"
FOUR = "1z1z1z1z9m9m9m9m1p1p1p1p9p9p9p9p8s"
LIVE = "4s5s6s7s8s9s4s5s6s7s8s9s4s5s6s7s8s9s1s1s"


def four_kongs(variant: str) -> twmj.Game:
    game = twmj.Game.from_deal(
        [FOUR, OTHERS, OTHERS, OTHERS], LIVE, "2z3z4z", variant=twmj.Variant(variant)
    )
    for k in ("1z", "9m", "1p", "9p"):
        game.apply(0, f"ankan {k}")
    return game


def test_four_kongs_win_ends_the_hand() -> None:
    # 001 特殊胡牌 四槓胡: 不分明槓暗槓，即算自摸胡牌該局結束(不得加算自摸台); 台數表 四槓牌 8,
    # 圈風 and 門風 of the 東 kong, 莊家 1: each of three pays 一底 3 + 10 + 1.
    game = four_kongs("traditional")
    result = game.result()
    assert result is not None
    [win] = result["wins"]
    assert (win["seat"], win["kind"], win["tile"], win["discards"]) == (0, "four_kongs", None, 0)
    scores, net = game.settle()
    assert [s.total_tai for s in scores] == [10]
    assert net == [42, -14, -14, -14]
    end = json.loads(game.record().splitlines()[-1])
    assert end["wins"][0]["kind"] == "four_kongs"
    again = twmj.replay(game.record())
    assert again.result() == result


def test_four_kongs_off_in_taiwan() -> None:
    # 000 has no 四槓胡: the fourth kong takes its replacement.
    game = four_kongs("taiwan")
    assert not game.is_over
    assert game.variant.settings()["four_kongs_win"] is False


def test_settings_listed() -> None:
    s = twmj.Variant("traditional").settings()
    assert (s["four_kongs_win"], s["four_kongs_pass_deal"]) == (True, True)
    s = twmj.Variant("improved16").settings()
    assert (s["four_kongs_win"], s["four_kongs_pass_deal"]) == (True, False)


def _offer(from_seat: int, variant: str, seat: int = 0) -> dict[str, object]:
    return {
        "seat": seat,
        "hand": "555m 123p456p789p 1123s",
        "drawable": 40,
        "decision": {"offer": {"from": from_seat, "discard": "5m"}},
        "variant": twmj.Variant(variant),
    }


def test_snapshot_at_three_seats() -> None:
    # 000 明槓不對上家 with 004 三人麻將 (北 empty): seat 0's 上家 is seat 2, its 下家 seat 1.
    from_left, _ = twmj.legal(_offer(2, "three_player"))
    from_right, _ = twmj.legal(_offer(1, "three_player"))
    assert "minkan" not in from_left and "pon" in from_left
    assert "minkan" in from_right
    # At four seats seat 2 is the 對家: 明槓 allowed.
    assert "minkan" in twmj.legal(_offer(2, "taiwan"))[0]
    # The empty seat has nothing, and offers nothing.
    with pytest.raises(twmj.HandError, match="seat 3 does not exist"):
        twmj.legal(_offer(0, "three_player", seat=3))
    with pytest.raises(twmj.HandError, match="an offer from seat 3"):
        twmj.legal(_offer(3, "three_player"))
    with pytest.raises(twmj.HandError, match="seat 2 does not exist"):
        twmj.legal(_offer(0, "two_player", seat=2))


def test_a_per_seat_record_is_refused_by_replay_with_a_pointer() -> None:
    # docs/log-format.md §8: the per-seat record hides tiles; the full reader says where to go.
    game = four_kongs("traditional")
    seen = game.record_for(1)
    assert json.loads(seen.splitlines()[0])["hands"][0] == "?" * 17
    with pytest.raises(twmj.RecordError, match="read_seen_log") as e:
        twmj.replay(seen)
    # Line 1, the deal with a wall count: a per-seat line.
    assert (e.value.code, e.value.line, e.value.field) == ("record_error", 1, "record[0].wall")


def test_a_per_seat_record_reads_back() -> None:
    # docs/log-format.md §8: what seat 1 saw, line by line; seat 0's 暗槓 are face down.
    game = four_kongs("traditional")
    events = twmj.read_record_for(game.record_for(1))
    assert events == [json.loads(line) for line in game.record_for(1).splitlines()]
    deal = events[0]
    assert deal["hands"][1] == OTHERS and deal["hands"][0] == "?" * 17
    assert deal["wall"] == len(LIVE) // 2 + 3
    kongs = [e["action"] for e in events if e["type"] == "act"]
    assert kongs == ["ankan ?"] * 4
    assert events[-1]["wins"][0]["kind"] == "four_kongs"
    # A full record reads too, unchanged.
    full = twmj.read_record_for(game.record())
    assert full == [json.loads(line) for line in game.record().splitlines()]
    with pytest.raises(twmj.RecordError, match=r"line \d+: "):
        twmj.read_record_for(game.record_for(1).replace('"tile":"?"', '"tile":"x"', 1) + "\n")
