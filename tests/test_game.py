"""The game engine from Python: determinism, records that replay, legality with its rule names,
the per-seat record, settlement, and self-play. The rules one by one are tested in the core
(`rust/twmj-core/tests/game/`, a module per rule); these check the public surface a referee uses."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

import twmj


def _play(game: twmj.Game, rng: random.Random, greedy: bool = True) -> None:
    while not game.is_over:
        seat = game.pending[0]
        acts = game.legal_actions(seat)
        assert acts, "a live decision point with no legal action"
        game.apply(seat, "win" if greedy and "win" in acts else rng.choice(acts))


def test_same_seed_same_game() -> None:
    a, b = twmj.Game(42), twmj.Game(42)
    _play(a, random.Random(1))
    _play(b, random.Random(1))
    assert a.record() == b.record()
    assert a.result() == b.result()


def test_records_replay_to_the_same_result() -> None:
    rng = random.Random(2)
    for seed in range(40):
        g = twmj.Game(seed)
        _play(g, rng)
        again = twmj.replay(g.record())
        assert again.is_over
        assert again.result() == g.result()
        assert again.record() == g.record()


def test_a_tampered_record_names_the_first_bad_event() -> None:
    g = twmj.Game(5)
    _play(g, random.Random(3))
    lines = g.record().splitlines()
    # Turn the first discard into a discard of a tile the seat does not hold.
    for i, line in enumerate(lines):
        event = json.loads(line)
        if event.get("type") == "act" and str(event.get("action", "")).startswith("discard"):
            hand = g.hand(event["seat"])
            missing = next(t for t in twmj.TILES if t not in twmj.parse(hand).tiles)
            event["action"] = f"discard {missing}"
            lines[i] = json.dumps(event, ensure_ascii=False)
            break
    with pytest.raises(twmj.Error) as err:
        twmj.replay("\n".join(lines))
    assert "event" in str(err.value)


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
    assert (err.value.code, err.value.field) == ("illegal_action", None)
    assert err.value.rule and str(err.value).startswith(f"illegal ({err.value.rule})")
    # An action that is not in the action space is an action error too, without a rule.
    with pytest.raises(twmj.IllegalActionError, match="unknown action 'dance'") as unknown:
        g.apply(seat, "dance")
    assert (unknown.value.code, unknown.value.rule) == ("unknown_action", None)


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


def test_per_seat_record_hides_other_hands() -> None:
    g = twmj.Game(13)
    mine = g.record_for(1).splitlines()[0]
    full = g.record().splitlines()[0]
    assert "?" in mine and "?" not in full


def test_finished_hands_settle_to_zero() -> None:
    rng = random.Random(6)
    settled = 0
    for seed in range(300):
        g = twmj.Game(seed)
        _play(g, rng)
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


def _turn(hand: str, **extra: Any) -> dict[str, Any]:
    return {"seat": 0, "hand": hand, "drawable": 40, "decision": {"turn": extra}}


def _offer(hand: str, discard: str, from_seat: int, drawable: int = 40) -> dict[str, Any]:
    return {
        "seat": 0,
        "hand": hand,
        "drawable": drawable,
        "decision": {"offer": {"from": from_seat, "discard": discard}},
    }


def test_snapshot_pon_then_discard() -> None:
    # 000 合法與犯規 碰入打出: after 碰 of 5m, this turn may not discard 5m.
    snap = _turn("5m 123p456p789p 1234s", after_call={"pon": "5m"})
    snap["melds"] = [{"kind": "pon", "tiles": "555m"}]
    snap["hand"] = "56m 123p456p789p 123s"  # 14 concealed + 3 = 17
    names, _ = twmj.legal(snap)
    assert "discard 5m" not in names
    assert "discard 6m" in names


def test_snapshot_chi_then_discard() -> None:
    # 000 合法與犯規 吃入打出: 用四、五筒吃三筒，這一手不能打三筒，也不能打六筒.
    snap = {
        "seat": 0,
        "hand": "36p 123m456m789m112s",  # 14 concealed + 3 = 17
        "melds": [{"kind": "chi", "tiles": "345p"}],
        "drawable": 40,
        "decision": {"turn": {"after_call": {"chi": "3p", "other_end": "6p"}}},
    }
    names, _ = twmj.legal(snap)
    assert "discard 3p" not in names and "discard 6p" not in names
    assert "discard 1m" in names


def test_snapshot_minkan_not_from_the_left() -> None:
    # 000 合法與犯規 明槓不對上家: seat 0's 上家 is seat 3; 對家 is seat 2.
    hand = "555m 123p456p789p 1123s"  # 16 tiles
    from_left, _ = twmj.legal(_offer(hand, "5m", 3))
    from_across, _ = twmj.legal(_offer(hand, "5m", 2))
    assert "minkan" not in from_left and "pon" in from_left
    assert "minkan" in from_across


def test_snapshot_no_calls_near_the_wall_end() -> None:
    # 000 合法與犯規 牌牆將盡不得鳴牌: fewer than 4 drawable tiles, no 吃/碰/明槓.
    hand = "555m 123p456p789p 1123s"
    near, _ = twmj.legal(_offer(hand, "5m", 2, drawable=3))
    enough, _ = twmj.legal(_offer(hand, "5m", 2, drawable=4))
    assert "pon" not in near and "minkan" not in near
    assert "pon" in enough


def test_snapshot_errors_are_clear() -> None:
    with pytest.raises(twmj.ContextError, match="decision is required") as e:
        twmj.legal({"seat": 0, "hand": "1m", "drawable": 3})
    assert e.value.field == "snapshot.decision"
    with pytest.raises(twmj.HandError, match="this decision needs 17"):
        twmj.legal(_turn("123m"))


def test_snapshot_under_american_applies_the_threshold() -> None:
    # 002 起胡台數 範例四: a 閒家 (seat 1, 南) with a 2-tai 平胡 hand may not win a 閒家's
    # discard (2 < 3), but may win the dealer's (2 + 莊家 1 = 3).
    def offer(from_seat: int) -> dict[str, Any]:
        return {
            "seat": 1,
            "hand": "456m789m234p56p77s",
            "melds": [{"kind": "chi", "tiles": "123m"}],
            "drawable": 40,
            "decision": {"offer": {"from": from_seat, "discard": "7p"}},
            "variant": twmj.Variant("american"),
            "dealer": 0,
            "east": 0,
            "dice": [1, 2, 5],
            "discards_total": 12,
            "any_call": True,
        }

    from_other, _ = twmj.legal(offer(2))
    from_dealer, _ = twmj.legal(offer(0))
    assert "win" not in from_other
    assert "win" in from_dealer
    # Without the table the taiwan rules apply: no threshold.
    taiwan = offer(2)
    del taiwan["variant"]
    assert "win" in twmj.legal(taiwan)[0]


def test_snapshot_improved16_dealer_discard_after_a_declined_win() -> None:
    # 003 過水特殊規定: 因台數不足不能胡 (過水), 而莊家在同圈內打出同一張而胡牌 is no 詐胡. Seat 1's
    # concealed 1s/4s wait is worth 門清 1; under 起胡 2 only the dealer's 4s (+ 莊家 1) reaches.
    def offer(furiten: bool, declined: str | None) -> dict[str, Any]:
        snap: dict[str, Any] = {
            "seat": 1,
            "hand": "123m456m789s23s11z555p",
            "drawable": 40,
            "decision": {"offer": {"from": 0, "discard": "4s"}},
            "variant": twmj.Variant("improved16", {"min_tai": 2}),
            "dealer": 0,
            "east": 0,
            "discards_total": 12,
            "any_call": True,
            "furiten": furiten,
        }
        if declined is not None:
            snap["furiten_declined"] = declined
        return snap

    assert "win" in twmj.legal(offer(False, None))[0]
    assert "win" in twmj.legal(offer(True, "4s"))[0]
    assert "win" not in twmj.legal(offer(True, None))[0]
    assert "win" not in twmj.legal(offer(True, "1s"))[0]


@pytest.mark.parametrize("seat", [-1, 4, 255, 256, 2**40])
def test_seat_out_of_range_is_a_context_error(seat: int) -> None:
    # A bad seat is a ContextError everywhere, as in `Context` (it was a HandError here).
    g = twmj.Game(1)
    with pytest.raises(twmj.ContextError, match=f"seat {seat} does not exist") as e:
        g.legal_actions(seat)
    assert (e.value.code, e.value.field) == ("context_error", "seat")
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
