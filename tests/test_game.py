"""The game engine from Python: determinism, legality with its rule names, the action mask,
settlement, self-play, and the ints a referee may send. The rules one by one are tested in the core
(`rust/twmj-core/tests/game/`, a module per rule); these check the public surface a referee uses."""

from __future__ import annotations

import random

import numpy as np
import pytest

import twmj
from tests.games import play_out


def test_same_seed_same_game() -> None:
    a, b = twmj.Game(42), twmj.Game(42)
    play_out(a, random.Random(1))
    play_out(b, random.Random(1))
    assert a.record() == b.record()
    assert a.result() == b.result()


def test_illegal_action_names_the_rule_and_changes_nothing() -> None:
    g = twmj.Game(9)
    seat = g.pending[0]
    before = g.record()
    held = set(twmj.parse(g.hand(seat)).tiles)
    absent = next(t for t in twmj.TILES if t not in held)
    with pytest.raises(twmj.IllegalActionError) as err:
        g.apply(seat, f"discard {absent}")
    assert str(err.value).startswith("illegal (")
    assert g.record() == before
    assert (err.value.kind, err.value.field) == ("illegal_action", None)
    assert err.value.rule and str(err.value).startswith(f"illegal ({err.value.rule})")
    # An action that is not in the action space is an action error too, without a rule.
    with pytest.raises(twmj.IllegalActionError, match="unknown action 'dance'") as unknown:
        g.apply(seat, "dance")
    assert (unknown.value.kind, unknown.value.rule) == ("unknown_action", None)


def test_mask_matches_the_action_list() -> None:
    g = twmj.Game(11)
    rng = random.Random(4)
    for _ in range(60):
        if g.is_over:
            break
        seat = g.pending[0]
        mask = g.legal_mask(seat)
        assert mask.shape == (len(twmj.ACTIONS),) == (186,)
        assert mask.dtype == np.bool_
        assert [twmj.ACTIONS[i] for i in np.flatnonzero(mask)] == sorted(
            g.legal_actions(seat), key=twmj.ACTIONS.index
        )
        choice = int(rng.choice(np.flatnonzero(mask)))
        g.apply(seat, choice)  # by index


def test_finished_hands_settle_to_zero() -> None:
    rng = random.Random(6)
    settled = 0
    for seed in range(300):
        g = twmj.Game(seed)
        play_out(g, rng)
        result = g.result()
        assert result is not None
        scores, net = g.settle()
        assert sum(net) == 0
        if result["wins"]:
            settled += 1
            assert len(scores) == len(result["wins"])
            for w in result["wins"]:
                assert net[w["seat"]] > 0
        else:
            assert net == [0, 0, 0, 0]  # 000 計分: 流局為 0
    assert settled > 0


def test_simulate_summary_adds_up() -> None:
    s = twmj.simulate(500, seed=3)
    assert s["hands"] == 500
    bills = sum(s["wins"].values())
    assert bills == sum(s["tai"])
    assert s["draws"] + bills - s["multi_winner"] >= 500 - s["multi_winner"]
    assert s["actions"] > 500 * 20
    # 000 has no 特殊流局: every draw is a 流局.
    assert s["draw_reasons"] == {
        "wall": s["draws"],
        "four_kongs": 0,
        "four_winds": 0,
        "thirteen_unconnected": 0,
    }


def test_simulate_splits_draws_by_reason() -> None:
    # 003 改良式 特殊流局情形: 四槓 (非同一玩家) and 十三不搭 亮牌重洗 are draws beside 流局; 四風連打
    # is not one of its rules.
    s = twmj.simulate(2000, seed=5, variant=twmj.Variant("improved16"))
    reasons = s["draw_reasons"]
    assert sum(reasons.values()) == s["draws"]
    assert reasons["four_winds"] == 0
    assert reasons["thirteen_unconnected"] > 0


@pytest.mark.parametrize("seat", [-1, 4, 255, 256, 2**40])
def test_seat_out_of_range_is_a_context_error(seat: int) -> None:
    # A bad seat is a ContextError everywhere, as in `Context` (it was a HandError here).
    g = twmj.Game(1)
    with pytest.raises(twmj.ContextError, match=f"seat {seat} does not exist") as e:
        g.legal_actions(seat)
    assert (e.value.kind, e.value.field) == ("context_error", "seat")
    with pytest.raises(twmj.ContextError, match=f"seat {seat} does not exist"):
        g.apply(seat, "pass")


# Ints of any size (PRODUCT.md: bad input gets a clear error naming what is wrong): past 64
# and 128 bits, and past Python's own 4300-digit str() limit, each argument with a range
# raises a twmj error naming the value, never OverflowError.
HUGE = [2**64, -(2**64), 2**70, 2**200]


@pytest.mark.parametrize("n", HUGE)
def test_ints_of_any_size_are_twmj_errors(n: int) -> None:
    g = twmj.Game(1)
    for call in (g.hand, g.melds, g.legal_actions, g.legal_mask, g.record_for):
        with pytest.raises(twmj.ContextError, match=f"seat {n} does not exist"):
            call(n)
    with pytest.raises(twmj.ContextError, match=f"seat {n} does not exist"):
        g.apply(n, "pass")
    with pytest.raises(twmj.ContextError, match=f"seed {n} is out of range"):
        twmj.Game(n)
    with pytest.raises(twmj.ContextError, match=f"seed {n} is out of range"):
        twmj.Match(n)
    with pytest.raises(twmj.ContextError, match=f"seat {n} does not exist"):
        twmj.Match(0, first_dealer=n)
    with pytest.raises(twmj.ContextError, match=f"seed {n} is out of range"):
        twmj.simulate(1, seed=n)
    with pytest.raises(twmj.ContextError, match=f"hands {n} is out of range"):
        twmj.simulate(n)
    hands = ["1m", "", "", ""]
    with pytest.raises(twmj.ContextError, match=f"seat {n} does not exist"):
        twmj.Game.from_deal(hands, "", "", dealer=n)
    with pytest.raises(twmj.ContextError, match=f"a die shows {n}"):
        twmj.Game.from_deal(hands, "", "", dice=(1, n, 1))
    with pytest.raises(twmj.ContextError, match=f"context.winner: seat {n} does not exist"):
        twmj.Context(winner=n)
    with pytest.raises(twmj.ContextError, match=f"context.dealer: seat {n} does not exist"):
        twmj.Context(dealer=n)
    with pytest.raises(twmj.ContextError, match=f"context.from_seat: seat {n} does not exist"):
        twmj.Context(win="discard", from_seat=n)
    with pytest.raises(twmj.ContextError, match=f"連莊 {n} is out of range"):
        twmj.Context(streak=n)
    with pytest.raises(twmj.ContextError, match=f"a die shows {n}"):
        twmj.Context(dice=(n, 1, 1))
    with pytest.raises(twmj.ContextError, match=f"{n} discards is out of range"):
        twmj.Context(discards=n)
    with pytest.raises(twmj.ContextError, match=f"{n} copies shown is out of range"):
        twmj.Context(shown=n)
    with pytest.raises(twmj.ContextError, match=f"discarder: seat {n} does not exist"):
        twmj.winners(n, [1])
    with pytest.raises(twmj.ContextError, match=f"able: seat {n} does not exist"):
        twmj.winners(0, [n])
    with pytest.raises(twmj.ContextError, match=f"offender: seat {n} does not exist"):
        twmj.false_win(n, (0, 0, 0, 0))
    with pytest.raises(twmj.ContextError, match=f"{n} tai is out of range"):
        twmj.false_win(0, (0, n, 0, 0))


def test_an_int_past_the_str_limit_is_named_by_its_size() -> None:
    # Python refuses str() of an int of more than 4300 digits; the message says so instead.
    with pytest.raises(twmj.ContextError, match="seat an integer of more than 4300 digits"):
        twmj.Game(1).hand(10**5000)


def test_a_non_int_is_still_a_type_error() -> None:
    with pytest.raises(TypeError, match="seed"):
        twmj.Game(1.5)  # type: ignore[arg-type]
