"""四槓胡 and the winner's discard count through the binding (001 特殊胡牌 四槓胡, 003 hk16 七隻內)."""

from __future__ import annotations

import json

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
