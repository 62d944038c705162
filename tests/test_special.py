"""Special shapes (issue 6): 瀝咕瀝咕 and 十三么 of 003 改良式十六張 under `improved16` only.

003 = `shared/rules/003_7c688f691808702a.txt`: 註八 (瀝咕瀝咕: 八對半, 門清的七個對子加一個刻子),
註13 (十三么: 19萬筒索和東南西北中發白各一 + 上述十三張任一成雀; 有一搭可隨意吃碰).
"""

from __future__ import annotations

import pytest

import twmj

IMPROVED = twmj.Variant("improved16")
REGULAR = [twmj.Variant(p) for p in ("taiwan", "american", "traditional")]

LIG_GU = "11m 33m 55p 77p 99s 22z 44z 666z"
ORPHANS = "19m19p19s1234567z 1z 234m"


def test_is_win_lig_gu() -> None:
    assert twmj.is_win(LIG_GU, variant=IMPROVED)
    # Four alike count as two pairs.
    assert twmj.is_win("1111m 55p 77p 99s 22z 44z 666z", variant=IMPROVED)
    # No triplet, or a meld: no.
    assert not twmj.is_win("11m 33m 55p 77p 99s 22z 44z 66z 7z", variant=IMPROVED)
    assert not twmj.is_win("11m 33m 55p 99s 22z 44z 66z", [("pon", "777p")], variant=IMPROVED)


def test_is_win_thirteen_orphans() -> None:
    assert twmj.is_win(ORPHANS, variant=IMPROVED)
    assert twmj.is_win("19m19p19s1234567z 7z 555p", variant=IMPROVED)
    assert twmj.is_win("19m19p19s1234567z 9s", [("chi", "456s")], variant=IMPROVED)
    assert not twmj.is_win("19m19p19s1234567z 1z 245m", variant=IMPROVED)


@pytest.mark.parametrize(
    "variant", [None, *REGULAR], ids=["none", "taiwan", "american", "traditional"]
)
def test_regular_presets_never_report_them(variant: twmj.Variant | None) -> None:
    assert not twmj.is_win(LIG_GU, variant=variant)
    assert not twmj.is_win(ORPHANS, variant=variant)
    assert not twmj.waits("19m19p19s1234567z 234m", variant=variant).tenpai
    assert not twmj.waits("11m 33m 55p 77p 99s 22z 44z 66z", variant=variant).tenpai


def test_special_waits() -> None:
    # 十三面: the thirteen distinct with a run wait on every one of them.
    w = twmj.waits("19m19p19s1234567z 234m", variant=IMPROVED)
    assert w.tenpai and w.shanten == 0
    assert w.tiles == ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
    assert all(x.shapes == ["tanki"] for x in w.waits)
    # 瀝咕瀝咕 on eight pairs: each pair can become the triplet (雙碰).
    w = twmj.waits("11m 33m 55p 77p 99s 22z 44z 66z", variant=IMPROVED)
    assert w.tiles == ["1m", "3m", "5p", "7p", "9s", "2z", "4z", "6z"]
    assert w.waits[0].shapes == ["shanpon"] and w.waits[0].remaining == 2
    # The 4-copy rule: all four 東 in the hand, so 東 is no wait.
    w = twmj.waits("19m19p19s1234567z 111z", variant=IMPROVED)
    assert "1z" not in w.tiles and len(w.tiles) == 12
    # A regular wait and a special one together.
    regular = twmj.waits("11m 33m 55p 77p 99s 22z 666z 4z")
    assert not regular.tenpai
    assert twmj.waits("11m 33m 55p 77p 99s 22z 666z 4z", variant=IMPROVED).tiles == ["4z"]


def test_scored_under_improved16() -> None:
    ctx = twmj.Context(winner=1, win="discard", from_seat=2)
    s = twmj.score(LIG_GU, "6z", None, ctx, IMPROVED)
    assert [(i.key, i.name, i.tai) for i in s.items] == [("lig_gu", "瀝咕瀝咕", 8)]
    s = twmj.score(ORPHANS, "7z", None, ctx, IMPROVED)
    assert s.total_tai == 16 and s.items[0].name == "十三么"
    for v in REGULAR:
        with pytest.raises(twmj.HandError):
            twmj.score(ORPHANS, "7z", None, ctx, v)


def test_switch_is_a_setting() -> None:
    off = twmj.Variant("improved16", {"special_shapes.thirteen_orphans": False})
    assert not twmj.is_win(ORPHANS, variant=off)
    assert twmj.is_win(LIG_GU, variant=off)
    on = twmj.Variant("taiwan", {"special_shapes.lig_gu": True})
    assert twmj.is_win(LIG_GU, variant=on)
