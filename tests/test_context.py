"""A win's context and the other numbers a caller gives: the core reads them, checks their
ranges and names the field; Python sees the error's attributes (`code`, `field`, `position`)."""

from __future__ import annotations

from typing import Any

import pytest

import twmj

FLOWERS = "1f2f3f4f5f6f7f8f"
EXAMPLE_ONE = "123456789m234p56p77s"  # 000 計分 範例一, won on 7p

#: The registry's largest streak_cap (000 連莊): no context holds a longer streak.
STREAK_MAX = next(s.maximum or 0 for s in twmj.SETTINGS if s.key == "streak_cap")


def _fails(cls: type[twmj.Error], call: Any) -> twmj.Error:
    with pytest.raises(cls) as e:
        call()
    return e.value


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"winner": 4}, "context.winner"),
        ({"dealer": -1}, "context.dealer"),
        ({"win": "discard", "from_seat": 2**70}, "context.from_seat"),
        ({"win": "discard"}, "context.from_seat"),
        ({"streak": STREAK_MAX + 1}, "context.streak"),
        ({"seat_wind": "X"}, "context.seat_wind"),
        ({"round_wind": "中"}, "context.round_wind"),
        ({"win": "tsumo"}, "context.win"),
        ({"declared": "riichi"}, "context.declared"),
        ({"dice": (1, 7, 1)}, "context.dice"),
        ({"discards": 256}, "context.discards"),
        ({"shown": 4}, "context.shown"),
        ({"flowers": "1f5m"}, "context.flowers"),
    ],
)
def test_each_bad_context_argument_names_its_field(kwargs: dict[str, Any], field: str) -> None:
    e = _fails(twmj.ContextError, lambda: twmj.Context(**kwargs))
    assert (e.kind, e.field, e.position, e.rule) == ("context_error", field, None, None)
    assert str(e).startswith(f"{field}: ")


def test_a_bad_flower_symbol_is_a_tile_error_at_its_position() -> None:
    e = _fails(twmj.TileError, lambda: twmj.Context(flowers="1f9q"))
    assert (e.kind, e.field, e.position) == ("tile_error", "context.flowers", 3)  # the q


def test_the_streak_is_bounded_by_the_setting_then_by_the_variant() -> None:
    # Up to the registry's largest streak_cap the context is read; the variant's own cap is
    # checked when the win is scored (taiwan 18; a house rule may raise it).
    ctx = twmj.Context(winner=1, streak=20, seat_wind="S")
    e = _fails(twmj.ContextError, lambda: twmj.score(EXAMPLE_ONE, "7p", context=ctx))
    assert e.field == "context.streak"
    raised = twmj.Variant("taiwan", {"streak_cap": 30})
    assert twmj.score(EXAMPLE_ONE, "7p", context=ctx, variant=raised).dealer_tai == 41


def test_defaults_are_the_cores() -> None:
    assert repr(twmj.Context()) == (
        "Context(winner=0, dealer=0, streak=0, seat_wind='E', round_wind='E', win='self_draw')"
    )
    c = twmj.Context(winner=2, win="discard", from_seat=1, seat_wind="西")
    assert repr(c).endswith("seat_wind='W', round_wind='E', win='discard', from_seat=1)")


def test_the_winning_tile_and_the_flower_win_name_their_arguments() -> None:
    e = _fails(twmj.HandError, lambda: twmj.score(EXAMPLE_ONE, "7p7p"))
    assert (e.code, e.field) == ("not_one_piece", "win_tile")
    e = _fails(twmj.TileError, lambda: twmj.score(EXAMPLE_ONE, "7q"))
    assert (e.field, e.position) == ("win_tile", 1)
    ctx = twmj.Context(flowers=FLOWERS)
    e = _fails(twmj.ContextError, lambda: twmj.score_flower("seven_rob_one", ctx, robbed=9))
    assert (e.field, str(e)) == ("robbed", "robbed: seat 9 does not exist (seats are 0 to 3)")
    e = _fails(twmj.ContextError, lambda: twmj.score_flower("nine_gates", ctx))
    assert e.field == "kind"


def test_settling_a_game_names_its_arguments() -> None:
    g = twmj.Game(3)
    e = _fails(twmj.ContextError, g.settle)
    assert (e.kind, e.field) == ("context_error", "game")
    while not g.is_over:
        seat = g.pending[0]
        action = g.bot_action("first_legal", seat)
        assert action is not None
        g.apply(seat, action)
    scores, net = g.settle()
    assert sum(net) == 0
    # Each 筆's payments carry its index.
    assert all(p.bill == i for i, s in enumerate(scores) for p in s.payments)
    assert _fails(twmj.ContextError, lambda: g.settle(streak=2**80)).field == "streak"
    assert _fails(twmj.ContextError, lambda: g.settle(round_wind=2**80)).field == "round_wind"
    assert _fails(twmj.ContextError, lambda: g.settle(round_wind=4)).field == "round_wind"


def _won_game() -> twmj.Game:
    for seed in range(100):
        g = twmj.Game(seed)
        while not g.is_over:
            seat = g.pending[0]
            action = g.bot_action("efficiency", seat)
            assert action is not None
            g.apply(seat, action)
        result = g.result()
        if result is not None and result["wins"]:
            return g
    raise AssertionError("no win in 100 seeds")


def test_a_settled_streak_over_the_cap_names_the_argument() -> None:
    # 000 連莊最多 18 次: Game.settle(streak=25) is refused on `streak`, what the caller passed;
    # a house rule raising streak_cap scores it.
    g = _won_game()
    e = _fails(twmj.ContextError, lambda: g.settle(streak=25))
    assert (e.kind, e.field) == ("context_error", "streak")
    scores, net = g.settle(variant=twmj.Variant("taiwan", {"streak_cap": 30}), streak=25)
    assert scores and sum(net) == 0


def test_an_action_outside_the_space_is_an_unknown_action() -> None:
    g = twmj.Game(1)
    seat = g.pending[0]
    for action in ("dance", -1, len(twmj.ACTIONS), 2**70):
        e = _fails(twmj.IllegalActionError, lambda a=action: g.apply(seat, a))
        assert (e.kind, e.field, e.rule) == ("unknown_action", None, None)
