"""The deal's rotation after the special endings, on hands a `Match` deals from a script
(`Match.next_game(hands, live, dead)`): the dealer's 四槓胡, the shared four-kong draw, 四風連打
and 詐胡, each against its text.

000 = `shared/rules/000_51c53ca3a5dbb650.txt` (連莊), 001 = `shared/rules/001_ba6a33a17cf73d0e.txt`
(下莊, 特殊流局, 台數表 四槓牌, 特殊胡牌 四槓胡, 詐胡), 003 = `shared/rules/003_7c688f691808702a.txt`."""

from __future__ import annotations

import pytest

import twmj

OTHERS = "2m3m4m5m6m7m8m2p3p4p5p6p7p8p2s3s"


def _seated(dealer: int, by_turn: list[str]) -> list[str]:
    """`by_turn[k]` is the hand of the seat k places after the dealer."""
    return [by_turn[(s - dealer) % 4] for s in range(4)]


def _rotation(m: twmj.Match, game: twmj.Game) -> tuple[int, int]:
    before = m.dealer
    m.finish(game)
    return ((m.dealer - before) % 4, m.streak)


def _dealers_four_kongs(preset: str) -> tuple[twmj.Match, twmj.Game]:
    m = twmj.Match(3, twmj.Variant(preset))
    d = m.dealer
    four = "1z1z1z1z9m9m9m9m1p1p1p1p9p9p9p9p8s"
    hands = _seated(d, [four, OTHERS, OTHERS, OTHERS])
    live = "4s5s6s7s8s9s4s5s6s7s8s9s4s5s6s7s8s9s1s1s"
    game = m.next_game(hands, live, "2z3z4z")
    assert game.dealer == d
    for k in ("1z", "9m", "1p", "9p"):
        game.apply(d, f"ankan {k}")
    result = game.result()
    assert result is not None and result["wins"][0]["kind"] == "four_kongs"
    return m, game


def test_the_dealers_four_kongs_win_passes_the_deal_in_traditional() -> None:
    # 001 台數表 四槓牌: 玩家單獨完成四槓時，即以胡牌計算，這一局就結束，莊家不再繼續連莊.
    m, game = _dealers_four_kongs("traditional")
    assert _rotation(m, game) == (1, 0)


def test_the_dealers_four_kongs_win_keeps_the_deal_in_improved16() -> None:
    # 003 says nothing of the deal after 四槓胡: the dealer won, so it keeps the deal (連莊).
    m, game = _dealers_four_kongs("improved16")
    assert _rotation(m, game) == (0, 1)


def test_a_shared_four_kong_draw_keeps_the_deal() -> None:
    # 001 特殊胡牌: 若由不同玩家共同完成四槓則為和局當莊者加算連莊.
    m = twmj.Match(3, twmj.Variant("traditional"))
    d = m.dealer
    hands = _seated(
        d,
        [
            "1m1m1m1m 9m9m9m9m 8s 1z2z3z4z5z6z7z 5s",
            "1p1p1p1p 9p9p9p9p 1z2z3z4z5z6z7z 5p",
            OTHERS,
            OTHERS,
        ],
    )
    game = m.next_game(hands, "4s6s7s9s" * 4 + "3s3s5z5z", "1s1s1s1s")
    game.apply(d, "ankan 1m")
    game.apply(d, "ankan 9m")
    game.apply(d, "discard 8s")
    nxt = (d + 1) % 4
    game.apply(nxt, "ankan 1p")
    game.apply(nxt, "ankan 9p")
    result = game.result()
    assert result is not None
    assert (result["draw"], result["draw_reason"]) == (True, "four_kongs")
    assert _rotation(m, game) == (0, 1)


def test_four_winds_keeps_the_deal() -> None:
    # 001 特殊流局 四風連打: 由莊家開始依序捨出四張相同的風牌則流局 … "流局"則莊家繼續不變.
    m = twmj.Match(3, twmj.Variant("traditional", {"special_draw.four_winds": True}))
    d = m.dealer
    hands = _seated(
        d,
        [
            "1z" + OTHERS,
            "1z" + OTHERS[:-2],
            "1z" + OTHERS[:-4] + "4s",
            "1z" + OTHERS[:-4] + "5s",
        ],
    )
    game = m.next_game(hands, "9s9s9s9s1s1s1s1s6s6s6s6s7s7s7s7s8s8s8s8s", "5z5z5z5z")
    for k in range(4):
        game.apply((d + k) % 4, "discard 1z")
        for s in game.pending if game.phase == "offer" else []:
            game.apply(s, "pass")
    result = game.result()
    assert result is not None and result["draw_reason"] == "four_winds"
    assert _rotation(m, game) == (0, 1)


@pytest.mark.parametrize("offender", [0, 2])
def test_a_false_win_keeps_the_deal(offender: int) -> None:
    # 001 下莊: 若胡牌非莊家也非流局或和局，則莊家換下家做 — a 詐胡 is no 胡牌, so the dealer keeps
    # the deal whoever shouted.
    m = twmj.Match(3, twmj.Variant("traditional"))
    d = m.dealer
    hands = _seated(d, ["1z" + OTHERS, "1z" + OTHERS[:-2], OTHERS, OTHERS[:-2] + "4s"])
    game = m.next_game(hands, "9s9s9s9s1s1s1s1s", "5z5z5z5z")
    game.apply((d + offender) % 4, "win")
    result = game.result()
    assert result is not None and result["false_win"]["seat"] == (d + offender) % 4
    assert _rotation(m, game) == (0, 1)


def test_a_scripted_hand_follows_the_match() -> None:
    # The match's dealer deals the script; 連莊 and 圈風 are the match's; a seeded hand after it.
    m = twmj.Match(1)
    hands = _seated(0, ["1z" + OTHERS, "1z" + OTHERS[:-2], OTHERS, OTHERS[:-2] + "4s"])
    game = m.next_game(hands, "9s9s9s9s", "")
    assert (game.dealer, game.streak, game.round_wind) == (m.dealer, m.streak, m.round_wind)
    with pytest.raises(twmj.ContextError):
        m.next_game()
    with pytest.raises(twmj.ContextError):
        m.finish(game)  # not over yet
