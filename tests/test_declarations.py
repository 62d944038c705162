"""Declaring ready in play and the win on the last discard, through the binding and over HTTP:
天聽 (001 台數表 天聽 16: 在莊家取完牌後，打出第一張牌時即聽牌; 003 改良式 12台 天聽（不可換牌、
過水）), the declaration window of a table without 嗆聽 (001 地聽: 沒有任何玩家碰牌吃牌或(暗)槓牌的
情況下，每家過兩手即八張牌以內), and 河底撈魚 (001: 流局前最後一個玩家最後一次捨牌剛好胡牌; 003
註一). The scripted flows are tested in the core (`rust/twmj-core/tests/game/declarations.rs`).

001 = `shared/rules/001_ba6a33a17cf73d0e.txt`, 003 = `shared/rules/003_7c688f691808702a.txt`."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import twmj

# The dealer is ready on 3p / 6p once 東 goes; seat 1 draws 6p first and lets it go.
HANDS = [
    "111m 222m 333m 777p 45p 99s 1z",
    "12345678s 2z2z 3z3z 4z4z 5z 6z",
    "12345678s 2z 3z 4z 5z5z 6z6z 7z",
    "1234567s 9s 2z 3z 4z 5z 6z 7z7z 1p",
]


def _deal(variant: str, wall: int | None = None) -> twmj.Game:
    """The deal above with 6p first in the live wall; `wall` cuts the rest to that many tiles
    (16 of them kept back)."""
    used = sum((Counter(twmj.parse(h).tiles) for h in HANDS), Counter[str]())
    used["6p"] += 1
    rest = "".join(t * (4 - used[t]) for t in twmj.TILES)
    if wall is not None:
        return twmj.Game.from_deal(
            HANDS, "6p" + rest[: 2 * (wall - 1)], "", variant=twmj.Variant(variant)
        )
    return twmj.Game.from_deal(HANDS, "6p" + rest[:40], rest[40:], variant=twmj.Variant(variant))


def _items(game: twmj.Game) -> dict[str, int]:
    scores, _ = game.settle()
    return {i.name: i.tai for s in scores for i in s.items}


@pytest.mark.parametrize(("preset", "tai"), [("traditional", 16), ("improved16", 12)])
def test_the_dealers_first_discard_is_heaven_ready(preset: str, tai: int) -> None:
    game = _deal(preset)
    assert "declare 1z" in game.legal_actions(0)
    game.apply(0, "declare 1z")
    game.apply(1, "discard 6p")
    # 不得換牌或過水 (001) / 不可換牌、過水 (003): the winning tile is won.
    assert game.legal_actions(0) == ["win"]
    game.apply(0, "win")
    result = game.result()
    assert result is not None
    [win] = result["wins"]
    assert (win["seat"], win["kind"], win["from"]) == (0, "discard", 1)
    assert win["declaration"] == "heaven_ready"
    assert twmj.DECLARATIONS[win["declaration"]] == "天聽"
    assert _items(game)["天聽"] == tai
    assert twmj.replay(game.record()).result() == result


def test_a_false_win_after_heaven_ready_pays_sixteen() -> None:
    # 001 詐胡: 宣告地聽後詐胡則需賠其它三家一底八台 — after 天聽, 一底 3 + 16 to each.
    game = _deal("traditional")
    game.apply(0, "declare 1z")
    game.apply(1, "discard 1s")
    game.apply(0, "win")
    result = game.result()
    assert result is not None
    assert result["false_win"] == {"seat": 0, "tai": 16, "ready": []}
    assert game.settle()[1] == [-57, 19, 19, 19]


def test_a_win_on_the_last_discard_is_he_di_lao_yu() -> None:
    # One drawable tile: seat 1 draws it (6p) and discards it; the dealer wins the last discard.
    game = _deal("traditional", wall=17)
    game.apply(0, "declare 1z")
    assert game.drawable == 0  # seat 1 has drawn the last tile
    game.apply(1, "discard 6p")
    game.apply(0, "win")
    result = game.result()
    assert result is not None
    assert result["wins"][0]["last_tile"] is True
    assert _items(game)["河底撈魚"] == 1


def _ready_turn(variant: str, discards_total: int, any_call: bool = False) -> list[str]:
    actions, _ = twmj.legal(
        {
            "seat": 1,
            "hand": "444m 555m 666m 111s 222s 9p 7z",
            "drawable": 40,
            "decision": {"turn": {"drawn": "7z"}},
            "variant": twmj.Variant(variant),
            "discards_total": discards_total,
            "any_call": any_call,
        }
    )
    return actions


def test_no_declaration_outside_the_window_without_qiang_ting() -> None:
    # 001 has 地聽 (八張牌以內, no call) and 天聽 only; 000 keeps 嗆聽 at any time.
    assert "declare 7z" in _ready_turn("traditional", 1)
    assert "declare 7z" not in _ready_turn("traditional", 9)
    assert "declare 7z" not in _ready_turn("traditional", 3, any_call=True)
    assert "declare 7z" in _ready_turn("taiwan", 9)
    assert "declare 7z" in _ready_turn("taiwan", 3, any_call=True)


def test_the_dealer_at_the_opening_only_wins() -> None:
    # 000 開局花胡 … 天胡優先 (rules README: 天胡 is decided at the deal; a snapshot of that
    # moment offers only the win), in every preset.
    snap: dict[str, Any] = {
        "seat": 0,
        "hand": "111m 999m 111p 444p 555p 11z",
        "drawable": 40,
        "decision": {"turn": {}},
    }
    assert twmj.legal(snap)[0] == ["win"]
    for preset in ("traditional", "improved16", "hk16"):
        assert twmj.legal({**snap, "variant": twmj.Variant(preset)})[0] == ["win"]


SEVEN = {
    "seat": 1,
    "hand": "2m2m8s8s 4m6m 1z2z3z5z6z7z 9m9p 1s3s 3m",
    "flowers": "1234567f",
    "drawable": 30,
    "decision": {"turn": {"drawn": "3m", "replacement": True, "rob_from": 3}},
}


def test_a_snapshot_names_the_seat_with_the_eighth_flower() -> None:
    # 000 七搶一 情形 1: 你摸到第 7 張花，而第 8 張早已在另一家門前：你先照常補一張牌，再搶他那一張.
    assert "seven rob one" in twmj.legal(SEVEN)[0]
    plain = {**SEVEN, "decision": {"turn": {"drawn": "3m", "replacement": True}}}
    assert "seven rob one" not in twmj.legal(plain)[0]
    for turn in ({"rob_from": 1}, {"rob_from": 3, "replacement": False}):
        bad = {**SEVEN, "decision": {"turn": {"drawn": "3m", "replacement": True, **turn}}}
        with pytest.raises(twmj.ContextError) as e:
            twmj.legal(bad)
        assert e.value.field == "snapshot.decision.turn.rob_from"


@pytest.mark.parametrize(
    ("preset", "winner", "declared"),
    [
        # 003 hk16 地聽 20番: 閒家配牌後立即聽牌 — never the dealer's.
        ("hk16", 0, "migi"),
        # 003 hk16 天聽 40番: 莊家配牌，打第一隻後就叫胡; 001 天聽 16: 在莊家取完牌後，打出第一張牌時
        # 即聽牌 — never a 閒家's.
        ("hk16", 1, "heaven_ready"),
        ("traditional", 1, "heaven_ready"),
    ],
)
def test_score_refuses_a_declaration_of_the_wrong_seat(
    preset: str, winner: int, declared: str
) -> None:
    ctx = twmj.Context(winner=winner, dealer=0, win="discard", from_seat=2, declared=declared)
    with pytest.raises(twmj.ContextError) as e:
        twmj.score("123456789m234p56p77s", "7p", context=ctx, variant=twmj.Variant(preset))
    assert e.value.field == "context.declared"
    # The seat the text names is scored.
    other = twmj.Context(winner=1 - winner, dealer=0, win="discard", from_seat=2, declared=declared)
    s = twmj.score("123456789m234p56p77s", "7p", context=other, variant=twmj.Variant(preset))
    assert declared in [i.key for i in s.items]


EIGHT = {
    "seat": 1,
    "hand": "2m2m8s8s 4m6m 1z2z3z5z6z7z 9m9p 1s3s 3m",
    "flowers": "12345678f",
    "drawable": 30,
    "decision": {"turn": {"drawn": "3m", "replacement": True}},
}


def test_eight_flowers_end_the_hand_only_where_the_preset_has_a_flower_win() -> None:
    # 000 花牌與花胡: 八仙過海 is a win of its own; 003 hk16: 八仙過海40番 (只是在胡的時候加40番).
    assert "eight flowers" in twmj.legal(EIGHT)[0]
    assert "eight flowers" not in twmj.legal({**EIGHT, "variant": twmj.Variant("hk16")})[0]
    rob = {**SEVEN, "variant": twmj.Variant("hk16")}
    assert "seven rob one" not in twmj.legal(rob)[0]
