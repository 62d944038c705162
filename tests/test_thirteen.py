"""The 13-tile hand through Python and HTTP (`hand_size = 13`).

004 = `shared/rules/004_cd8759f0855f73ce.txt`, table 兩人麻將、三人麻將規則: 手牌 16 張，莊家
17 張（也有人打 13 張）; 胡牌 5 組面子+1 對眼（13 張版是 4 組+1 對）.
"""

from __future__ import annotations

import random

import pytest

import twmj
from tests.games import play_out

TWO13 = twmj.Variant("two_player", {"hand_size": 13})
TAIWAN13 = twmj.Variant("taiwan", {"hand_size": 13})


def test_the_setting() -> None:
    for p in twmj.PRESETS:
        assert twmj.Variant(p).settings()["hand_size"] == 16
    assert TWO13.settings()["hand_size"] == 13
    assert ("hand_size", "13") in TWO13.overrides
    with pytest.raises(twmj.VariantError, match="expected 16 or 13"):
        twmj.Variant("two_player", {"hand_size": 14})
    # 瀝咕瀝咕 (seven pairs and a triplet) has no 13-tile form: refused by name, either way.
    with pytest.raises(twmj.VariantError, match="瀝咕瀝咕"):
        twmj.Variant("improved16", {"hand_size": 13})
    with pytest.raises(twmj.VariantError, match="瀝咕瀝咕"):
        TAIWAN13.with_overrides({"special_shapes.lig_gu": True})
    v = twmj.Variant("improved16", {"hand_size": 13, "special_shapes.lig_gu": False})
    assert v.settings()["hand_size"] == 13


def test_hand_analysis_takes_four_sets_and_a_pair() -> None:
    # 123 456 789m + 11z 55z: 雙碰 on 東 and 白.
    w = twmj.waits("123456789m1155z", variant=TWO13)
    assert [x.tile for x in w.waits] == ["1z", "5z"]
    assert all(x.shapes == ["shanpon"] for x in w.waits)
    # With one 吃: 10 concealed tiles.
    w = twmj.waits("456789m1155z", [("chi", "123m")], variant=TWO13)
    assert [x.tile for x in w.waits] == ["1z", "5z"]
    assert twmj.is_win("123456789m11155z", variant=TWO13)
    assert not twmj.is_win("123456789m11156z", variant=TWO13)
    assert twmj.shanten("123456789m1155z", variant=TWO13) == 0
    assert twmj.shanten("123456789m11155z", variant=TWO13) == -1
    a = twmj.analyze("123456789m1156z7z", variant=TAIWAN13)
    assert a.shanten == 1
    # Three sets, the 東 pair and three honour singles: a second copy of a single makes a
    # 雙碰, so one exchange from ready, whichever single goes.
    assert [d.shanten for d in a.discards[:3]] == [1, 1, 1]


def test_wrong_sizes_name_the_expected_count() -> None:
    with pytest.raises(twmj.HandError, match=r"13, 10, 7, 4 or 1 \(13 − 3k"):
        twmj.waits("123456789m123p1155z", variant=TAIWAN13)
    with pytest.raises(twmj.HandError, match=r"needs 10 \(13 − 3 × 1 melds\)"):
        twmj.waits("123456789m1155z", [("chi", "123p")], variant=TAIWAN13)
    with pytest.raises(twmj.HandError, match=r"needs 14, 11, 8, 5 or 2 \(14 − 3k"):
        twmj.score("2223456m123456789p", "1m", variant=TAIWAN13)


def test_score_of_a_worked_hand() -> None:
    # 平胡 (000 平胡的認定) on four runs: 吃 123m, 456m 789p 55s 23s won on 4s from seat 2.
    ctx = twmj.Context(winner=1, win="discard", from_seat=2)
    s = twmj.score("456m789p2355s", "4s", [("chi", "123m")], ctx, TAIWAN13)
    assert [(i.name, i.tai) for i in s.items] == [("平胡", 2)]


def test_games_play_to_the_end_and_replay() -> None:
    rng = random.Random(13)
    for seed in range(30):
        g = play_out(twmj.Game(seed, TWO13), rng)
        again = twmj.replay(g.record())
        assert again.result() == g.result()
