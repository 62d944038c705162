"""The traditional preset's game flow through the binding (001 詐胡, 流局, 起莊)."""

from __future__ import annotations

import json

import pytest

import twmj
from tests.games import improved16_false_win


def test_false_win_ends_the_hand_and_pays_one_to_three() -> None:
    # 001 詐胡: 手牌尚未完成「五面一眼」就宣告胡牌 ... 需一家賠三家 (一底 + 詐胡的台數, 0 here).
    game = twmj.Game(1, twmj.Variant("traditional"))
    dealer = game.dealer
    assert "win" not in game.legal_actions(dealer)
    game.apply(dealer, "win")
    result = game.result()
    assert result is not None
    assert result["false_win"] == {"seat": dealer, "tai": 0, "ready": []}
    assert (result["draw"], result["draw_reason"], result["wins"]) == (False, None, [])
    scores, net = game.settle()
    assert scores == []
    assert net == [-9 if s == dealer else 3 for s in range(4)]
    end = json.loads(game.record().splitlines()[-1])
    assert end["false_win"] == {"seat": dealer, "tai": 0}


def test_taiwan_refuses_a_false_win() -> None:
    game = twmj.Game(1)
    with pytest.raises(twmj.IllegalActionError):
        game.apply(game.dealer, "win")
    assert not game.is_over


def test_traditional_breaks_the_wall_by_the_dice() -> None:
    # 001 起莊: the 假莊 (seat 0) rolls; the total counted from it names the dealer.
    for seed in range(8):
        game = twmj.Game(seed, twmj.Variant("traditional"))
        total = sum(game.dice)
        assert game.dealer == (total - 1) % 4
        lines = [json.loads(line) for line in game.record().splitlines()]
        brk = next(line for line in lines if line["type"] == "break")
        assert brk == {
            "type": "break",
            "roller": 0,
            "total": total,
            "wall": game.dealer,
            "kept": total,
        }


def test_draw_reason_on_an_exhausted_wall() -> None:
    # 001 流局: a hand nobody wins ends when 16 tiles are left; the result names the reason.
    reasons = []
    for seed in range(20):
        game = twmj.Game(seed, twmj.Variant("traditional"))
        while not game.is_over:
            seat = game.pending[0]
            actions = game.legal_actions(seat)
            quiet = [a for a in actions if a.startswith("discard") or a == "pass"]
            game.apply(seat, (quiet or actions)[0])
        result = game.result()
        assert result is not None
        reasons.append(result["draw_reason"] if result["draw"] else "won")
        if result["draw"]:
            assert game.drawable == 0
    assert "wall" in reasons
    assert set(reasons) <= {"wall", "won"}


def test_wall_break_and_seat_draw_are_exposed() -> None:
    # 001 抽位: the dice name who draws first and the 東風位; 起莊: the 假莊 there rolls, the
    # total counted from it names the dealer, whose own wall breaks.
    m = twmj.Match(5, twmj.Variant("traditional"))
    sd = m.seat_draw
    assert sd is not None
    assert all(isinstance(sd[k], list) for k in ("dice", "winds", "seats"))
    assert sd["first"] == (sd["roller"] + sum(sd["dice"]) - 1) % 4
    assert sorted(sd["winds"]) == [0, 1, 2, 3]
    assert sd["seats"] == [(sd["first"] + w) % 4 for w in sd["winds"]]
    game = m.next_game()
    total = sum(game.dice)
    assert game.dealer == (sd["first"] + total - 1) % 4 == m.dealer
    assert game.wall_break == {
        "roller": sd["first"],
        "total": total,
        "wall": game.dealer,
        "kept": total,
    }
    assert twmj.Match(5).seat_draw is None
    assert twmj.Game(5).wall_break is None


def test_improved16_false_win_pays_ready_seats_their_waits() -> None:
    game = improved16_false_win()
    result = game.result()
    assert result is not None
    assert result["false_win"] == {"seat": 3, "tai": 0, "ready": [[1, 4], [2, 3]]}
    # 中庸全統制 (no 底): each line × 2, as a 自摸 line (docs/variants.md 詐胡).
    assert game.settle()[1] == [0, 8, 6, -14]
