"""Issue 17 (scoring) through Python: each preset scored by its own text's notes, the stated
totals of 003 改良式, 001's house rules and 四槓胡 from `twmj.score`. The core's rows are in
`rust/twmj-core/tests/scoring/stated_totals.rs`; these check that the same answers reach Python."""

from __future__ import annotations

import twmj


def keys(s: twmj.Score) -> dict[str, int]:
    return {i.key: i.tai for i in s.items}


def test_improved16_pure_terminals_is_16() -> None:
    # 003 12台 清老頭（必為碰碰胡，故總計16台。）: no 三同刻 on top.
    s = twmj.score(
        "999p11s99s",
        "1s",
        melds=[("pon", "111m"), ("pon", "999m"), ("pon", "111p")],
        context=twmj.Context(winner=1, seat_wind="S", win="discard", from_seat=2),
        variant=twmj.Variant("improved16"),
    )
    assert keys(s) == {"all_terminals": 12, "all_triplets": 4}
    assert s.total_tai == 16


def test_improved16_human_win_needs_heaven_ready() -> None:
    # 003 16台 人胡（必為天聽，在各家未吃碰下八張牌內有人放槍）: 人胡 16 + 天聽 12 + 一條龍 2 + 平胡 2.
    v = twmj.Variant("improved16")
    ctx = twmj.Context(
        winner=0, win="discard", from_seat=2, declared="heaven_ready", first_eight=True
    )
    s = twmj.score("123456789m234p56p77s", "4p", context=ctx, variant=v)
    assert keys(s)["human_win"] == 16 and keys(s)["heaven_ready"] == 12
    assert s.total_tai == 32
    # A first-turn discard win without 天聽 is no 人胡 there (000's 人胡 is taiwan's).
    plain = twmj.Context(winner=1, seat_wind="S", win="discard", from_seat=0, first_turn=True)
    assert "human_win" not in keys(
        twmj.score("123456789m234p56p77s", "4p", context=plain, variant=v)
    )
    assert "human_win" in keys(twmj.score("123456789m234p56p77s", "4p", context=plain))


def test_hk16_all_honors_adds_all_triplets() -> None:
    # 003 hk16 字一色 80 (可計風牌及中發白): only hk16's own notes exclude, so 對對胡 20 adds.
    s = twmj.score(
        "666z55z44z",
        "5z",
        melds=[("pon", "111z"), ("pon", "222z"), ("pon", "777z")],
        context=twmj.Context(winner=1, seat_wind="S", win="discard", from_seat=2),
        variant=twmj.Variant("hk16"),
    )
    assert keys(s)["all_triplets"] == 20
    assert s.total_tai == 171


def test_traditional_ankan_ends_concealed_and_the_setting() -> None:
    # 001 門清: 沒有吃沒有碰沒有槓.
    ctx = twmj.Context(winner=1, seat_wind="S", win="self_draw")
    args = ("123m456m234p56p77s", "4p")
    ms = [("ankan", "9999s")]
    assert keys(twmj.score(*args, melds=ms, context=ctx, variant=twmj.Variant("traditional"))) == {
        "self_draw": 1
    }
    v = twmj.Variant("traditional", {"concealed_ankan": True})
    assert keys(twmj.score(*args, melds=ms, context=ctx, variant=v)) == {"concealed_self_draw": 3}


def test_traditional_tai_cap_caps_each_line() -> None:
    # 001 各地: 滿台為八台不管怎麼胡最高為一底八台.
    ctx = twmj.Context(winner=0, win="discard", from_seat=2, declared="heaven_ready")
    v = twmj.Variant("traditional", {"tai_cap": 8})
    s = twmj.score("123m456m789s234p56p11z", "4p", context=ctx, variant=v)
    assert s.total_tai == 17
    (line,) = s.payments
    assert (line.base_tai, line.hand_tai, line.dealer_tai, line.total_tai) == (3, 8, 0, 11)
