"""The american preset from Python (002): 換三張 in the action space, 起胡 in play, records that
replay, and `twmj.Match` (dealer rotation, 連莊 cap, round winds). The rules one by one are
tested in the core (`rust/twmj-core/tests/game/american.rs`)."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

import twmj
from tests.games import play_out

AMERICAN = twmj.Variant("american")

# Example 四 of 002 計算範例, as in game_american.rs: the hands after one 換三張 round in which
# seat s passes PASSES[s] to seat s + 1 (dice 1 2 4: total 7, 7 mod 3 = 1 → 下家; no 骰規台).
FINALS = [
    "6p9s 1m4m8m 1p4p 1s5s 1z2z2z3z4z5z6z7z",
    "7p8p 234m567m 234s 99p 78s 1z",
    "9s 2m6m9m 3p5p9p 1s5s 1z2z3z4z5z6z7z",
    "1m3m5m8m9m 2p7p 1s2s3s6s 3z4z5z6z7z",
]
PASSES = ["7p8p1z", "3p5p9p", "2p7p3s", "1p4p1s"]
DICE = (1, 2, 4)


def _tiles(s: str) -> Counter[str]:
    return Counter(twmj.parse(s).tiles)


def _deal() -> tuple[list[str], str]:
    """The dealt hands (finals minus what each seat receives plus what it passes) and a live
    wall of every other tile, honours first."""
    dealt = []
    for s in range(4):
        c = _tiles(FINALS[s]) - _tiles(PASSES[(s + 3) % 4]) + _tiles(PASSES[s])
        dealt.append("".join(c.elements()))
    used = sum((_tiles(h) for h in dealt), Counter[str]())
    rest = [t for t in twmj.TILES for _ in range(4 - used[t])]
    rest.sort(key=lambda t: (t[1] != "z", t))
    return dealt, "".join(rest)


def _game() -> twmj.Game:
    dealt, live = _deal()
    return twmj.Game.from_deal(dealt, live, "", variant=AMERICAN, dice=DICE)


def _exchange(g: twmj.Game, passes: list[str]) -> None:
    for seat, p in enumerate(passes):
        for t in twmj.parse(p).tiles:
            g.apply(seat, f"pass3 {t}")


def _pass_all(g: twmj.Game) -> None:
    while g.phase == "offer":
        g.apply(g.pending[0], "pass")


def _discard_first(g: twmj.Game) -> None:
    (seat,) = g.pending
    before = _tiles(g.hand(seat))
    g.apply(seat, next(a for a in g.legal_actions(seat) if a.startswith("discard")))
    _pass_all(g)
    assert _tiles(g.hand(seat)) != before


def _example_four() -> twmj.Game:
    g = _game()
    _exchange(g, PASSES)
    g.apply(0, "no second exchange")
    g.apply(0, "discard 6p")
    g.apply(1, "chi low")
    _pass_all(g)
    g.apply(1, "discard 1z")
    _pass_all(g)
    return g


def test_the_exchange_comes_first_and_is_in_the_action_space() -> None:
    # 002 一局開始的順序 5: after the opening flowers every seat passes 3 tiles.
    g = twmj.Game(3, variant=AMERICAN)
    assert g.phase == "exchange"
    assert g.pending == [0, 1, 2, 3]
    assert g.variant.preset == "american"
    acts = g.legal_actions(1)
    assert acts and all(a.startswith("pass3 ") for a in acts)
    mask = g.legal_mask(1)
    assert mask.shape == (186,) == (len(twmj.ACTIONS),)
    assert all(145 <= i <= 178 for i in np.flatnonzero(mask))
    assert twmj.ACTIONS[179:181] == ("exchange again", "no second exchange")
    with pytest.raises(twmj.IllegalActionError, match="換三張"):
        g.apply(0, "discard " + twmj.parse(g.hand(0)).tiles[0])
    # The taiwan game is unchanged: no exchange.
    assert twmj.Game(3).phase == "turn"


def test_tiles_move_in_the_dice_direction_and_the_dealer_may_call_a_second_round() -> None:
    # README 換三張 direction (dice total mod 3 = 1 → 下家); 002 一局開始的順序 6–7.
    g = _game()
    _exchange(g, PASSES)
    assert [_tiles(g.hand(s)) for s in range(4)] == [_tiles(h) for h in FINALS]
    assert g.pending == [0]
    assert g.legal_actions(0) == ["exchange again", "no second exchange"]
    g.apply(0, "exchange again")
    _exchange(g, ["1p4p1s", "7p8p1z", "3p5p9p", "2p7p3s"])
    assert g.phase == "turn" and g.pending == [0], "no third round"
    record = g.record()
    assert '"type":"rules"' in record and record.count('"type":"exchange"') == 2
    assert twmj.replay(record).record() == record
    # Another seat sees its own picks, not the others'.
    assert '"pass3 ?"' in g.record_for(1)


def test_example_four_two_tai_from_a_non_dealer_is_no_win_and_is_furiten() -> None:
    # 002 計算範例 四: 平胡 2 from a 閒家 is under 起胡 3 — not a win, and 過水.
    g = _example_four()
    assert g.pending == [2]
    g.apply(2, "discard 9s")
    assert 1 not in g.pending or "win" not in g.legal_actions(1)
    _pass_all(g)
    _discard_first(g)  # seat 3
    g.apply(0, "discard 9s")  # still 過水: seat 1 has not discarded since
    assert 1 not in g.pending or "win" not in g.legal_actions(1)


def test_example_four_the_dealers_discard_wins() -> None:
    # 002 計算範例 四: from the 莊家, 平胡 2 + 莊家 1 = 3: a win; the dealer pays 3 + 3 = 6.
    g = _example_four()
    _discard_first(g)  # seat 2
    _discard_first(g)  # seat 3
    g.apply(0, "discard 9s")
    assert "win" in g.legal_actions(1)
    g.apply(1, "win")
    scores, net = g.settle()
    assert scores[0].total_tai == 2
    assert net == [-6, 6, 0, 0]
    assert twmj.replay(g.record()).result() == g.result()


def test_random_american_games_replay_and_every_win_reaches_the_threshold() -> None:
    rng = random.Random(8)
    for seed in range(60):
        g = play_out(twmj.Game(seed, variant=AMERICAN), rng)
        assert twmj.replay(g.record()).record() == g.record()
        scores, net = g.settle()
        assert sum(net) == 0
        assert all(s.total_tai > 0 for s in scores)


def test_a_match_rotates_the_deal_and_ends_after_four_rounds() -> None:
    rng = random.Random(5)
    m = twmj.Match(11, variant=AMERICAN)
    assert (m.hand, m.dealer, m.streak, m.round_wind, m.over) == (1, 0, 0, 0, False)
    totals = [0, 0, 0, 0]
    winds = set()
    while not m.over:
        g = m.next_game()
        assert (g.dealer, g.streak, g.round_wind) == (m.dealer, m.streak, m.round_wind)
        assert g.phase in ("exchange", "over")
        winds.add(g.round_wind)
        # A match asked for its next hand before this one is finished: a context error.
        with pytest.raises(twmj.ContextError) as e:
            m.next_game()
        assert (e.value.kind, e.value.field) == ("context_error", "match")
        play_out(g, rng)
        net = m.finish(g)
        assert sum(net) == 0
        totals = [a + b for a, b in zip(totals, net, strict=True)]
        assert m.totals == totals
        assert m.streak <= 18
    assert winds == {0, 1, 2, 3}
    assert m.hand > 16
    with pytest.raises(twmj.ContextError, match="over"):
        m.next_game()


def test_self_play_follows_the_variant() -> None:
    s = twmj.simulate(100, seed=2, variant=AMERICAN)
    assert s["hands"] == 100
    assert s["tai"][0] == 0
