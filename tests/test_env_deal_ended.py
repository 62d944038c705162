"""Issue 31 items 1 and 2: hands that end at the deal (天胡, an opening flower win) in every
environment, and the Gymnasium environment's seeding.

The seeds below were found by scanning `Game(seed, variant).is_over` over the first two million
seeds of every preset (`benches/env_no_stall.py` scans the same way); each test checks that its
seed is still over at the deal before relying on it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import gymnasium
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import twmj
from twmj.bots import NAMES
from twmj.env import env, gym_env, raw_env

#: Seeds over at the deal, by preset (the first few of the scan).
DEALT_OVER = {
    "taiwan": [74541, 241857, 457725],
    "traditional": [52231, 105435, 127636],
    "three_player": [9055, 18566, 59407],
    "two_player": [3025, 11450, 12907],
}


def over_at_the_deal(variant: str, seed: int) -> list[int]:
    """The payout of the hand of `seed`, checked to be over before anyone acts."""
    g = twmj.Game(seed, twmj.Variant(variant))
    assert g.is_over and g.pending == []
    net = g.reward("tai")
    assert net is not None and any(net) and sum(net) == 0
    return list(net)


def first_legal(mask: np.ndarray[Any, Any]) -> int:
    return int(np.flatnonzero(mask)[0])


# --- the vector environment -------------------------------------------------------------


@pytest.mark.parametrize("variant", sorted(DEALT_OVER))
def test_vector_env_settles_a_first_hand_over_at_the_deal(variant: str) -> None:
    seed = DEALT_OVER[variant][0]
    net = over_at_the_deal(variant, seed)
    e = twmj.VecEnv(2, seed=seed, variant=twmj.Variant(variant), threads=1)
    _obs, mask, _seat = e.reset()
    # Table 0's first hand is the one over at the deal: paid at the reset, the next dealt.
    assert e.reward[0].tolist() == net
    assert e.done.tolist()[0] and e.settled[0] == 1
    assert e.hands == 1 + int(e.settled[1])
    assert mask.any(axis=1).all()
    # The table goes on with seed + 2 (its next seed), and play continues.
    for _ in range(20):
        _obs, mask, _seat, _reward, _done = e.step(
            np.array([first_legal(m) for m in mask], np.int64)
        )
        assert mask.any(axis=1).all()


def play_first_legal(seed: int, variant: str) -> list[int]:
    """The net of the hand of `seed` played with every seat's first legal action."""
    g = twmj.Game(seed, twmj.Variant(variant))
    while not g.is_over:
        s = g.pending[0]
        g.apply(s, first_legal(g.legal_mask(s)))
    net = g.reward("tai")
    assert net is not None
    return list(net)


@pytest.mark.parametrize("variant", ["taiwan", "two_player"])
def test_vector_env_settles_a_hand_over_at_the_deal_after_a_step(variant: str) -> None:
    # One table from the seed before: the step that ends that hand also settles the next
    # (over at the deal) into the same row, and the table plays the seed after it.
    seed = DEALT_OVER[variant][0]
    net = over_at_the_deal(variant, seed)
    before = play_first_legal(seed - 1, variant)
    e = twmj.VecEnv(1, seed=seed - 1, variant=twmj.Variant(variant), threads=1)
    _obs, mask, _seat = e.reset()
    assert e.settled.tolist() == [0]
    while True:
        _obs, mask, _seat, reward, done = e.step(np.array([first_legal(mask[0])], np.int64))
        if done[0]:
            break
        assert e.settled.tolist() == [0]
    assert reward[0].tolist() == [a + b for a, b in zip(before, net, strict=True)]
    assert e.settled.tolist() == [2] and e.hands == 2
    assert mask[0].any()
    # The live hand now is seed + 1's: its first decision is the standalone game's.
    g = twmj.Game(seed + 1, twmj.Variant(variant))
    s = g.pending[0]
    assert np.array_equal(mask[0], g.legal_mask(s))


# --- PettingZoo -------------------------------------------------------------------------


def drain(e: Any) -> dict[str, float]:
    """Steps every agent out as PettingZoo's loop does; returns each agent's last reward."""
    got: dict[str, float] = {}
    for agent in e.agent_iter():
        _obs, reward, term, trunc, _info = e.last()
        got[agent] = reward
        e.step(None if term or trunc else first_legal(_obs["action_mask"]))
    return got


@pytest.mark.parametrize("variant", sorted(DEALT_OVER))
def test_pettingzoo_hand_over_at_the_deal_is_reported_and_passed_over(variant: str) -> None:
    # PettingZoo's API wants no agent terminated after reset (api_test), and no agent acted:
    # the hand is reported in every agent's info, with its payout, and the next seed dealt.
    seed = DEALT_OVER[variant][0]
    net = over_at_the_deal(variant, seed)
    e = env(variant=variant, seed=seed)
    e.reset()
    seats = twmj.Game(0, twmj.Variant(variant)).seats
    for s in range(seats):
        assert e.infos[f"player_{s}"]["skipped"] == [{"seed": seed, "reward": float(net[s])}]
    assert not any(e.terminations.values())
    assert e.unwrapped.hand_seed == seed + 1
    # The hand played is seed + 1's, as a standalone game plays it.
    want = play_first_legal(seed + 1, variant)
    assert drain(e) == {f"player_{s}": float(want[s]) for s in range(seats)}
    assert e.agents == []


def test_pettingzoo_reused_env_reports_each_hand() -> None:
    seed = DEALT_OVER["taiwan"][0]
    net = over_at_the_deal("taiwan", seed)
    e = raw_env(seed=seed - 1)
    e.reset()
    played = drain(e)
    assert played == {
        f"player_{s}": float(play_first_legal(seed - 1, "taiwan")[s]) for s in range(4)
    }
    e.reset()  # the next seed is over at the deal: reported, and the one after it played
    assert e.infos["player_2"]["skipped"] == [{"seed": seed, "reward": float(net[2])}]
    assert e.hand_seed == seed + 1 and not any(e.terminations.values())
    assert e.agent_selection == f"player_{twmj.Game(seed + 1).pending[0]}"
    drain(e)
    e.reset()  # nothing passed over now
    assert e.hand_seed == seed + 2 and e.infos["player_0"]["skipped"] == []


class DealtOverEnv(raw_env):
    """`raw_env` whose every reset starts from a seed of the list: `reset(seed=k)` the k-th
    (mod its length), `reset()` the next in turn, so PettingZoo's api_test deals those."""

    def __init__(self, seeds: list[int], **kw: Any) -> None:
        super().__init__(**kw)
        self._list = seeds
        self._seeds: Iterator[int] = itertools.cycle(seeds)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        chosen = next(self._seeds) if seed is None else self._list[seed % len(self._list)]
        super().reset(seed=chosen, options=options)


# api_test's advisories about dict observations (as in tests/test_env.py).
@pytest.mark.filterwarnings("ignore::UserWarning:pettingzoo.test.api_test")
@pytest.mark.parametrize("variant", sorted(DEALT_OVER))
def test_pettingzoo_api_test_over_hands_over_at_the_deal(variant: str) -> None:
    seeds = DEALT_OVER[variant]
    for s in seeds:
        over_at_the_deal(variant, s)
    api_test(DealtOverEnv(seeds, variant=variant), num_cycles=20)
    # And mixed with played hands: the hand before each, then it.
    mixed = [x for s in seeds for x in (s - 1, s)]
    api_test(DealtOverEnv(mixed, variant=variant), num_cycles=200)


def test_environments_without_a_seed_draw_fresh_entropy() -> None:
    a, b = raw_env(), raw_env()
    a.reset()
    b.reset()
    assert a.hand_seed != b.hand_seed  # 2**-64 to collide
    g, h = gym_env(opponents=["random"]), gym_env(opponents=["random"])
    assert g.reset()[1]["seed"] != h.reset()[1]["seed"]
    # A seed given at construction or at reset still deals that seed.
    assert gym_env(seed=5).reset()[1]["seed"] == 5
    e = raw_env(seed=5)
    e.reset()
    assert e.hand_seed == 5


# --- Gymnasium --------------------------------------------------------------------------


@pytest.mark.parametrize("variant", sorted(DEALT_OVER))
def test_gym_reset_deals_until_the_seat_decides(variant: str) -> None:
    seed = DEALT_OVER[variant][0]
    net = over_at_the_deal(variant, seed)
    g = gym_env(opponents=["first_legal"], variant=variant, seed=seed)
    obs, info = g.reset()
    # The hand over at the deal is no episode: it is reported, and the episode is a later
    # seed's with a decision for the seat.
    assert info["skipped"][0] == {"seed": seed, "reward": float(net[0])}
    assert info["seed"] == seed + len(info["skipped"])
    assert obs["action_mask"].any() and not g.game.is_over and 0 in g.game.pending
    # reset(seed=…) to the same seed reports the same.
    _obs, again = g.reset(seed=seed)
    assert again["skipped"] == info["skipped"] and again["seed"] == info["seed"]


class DealtOverGym(twmj.env.TwmjGymEnv):
    """The Gymnasium env with each `reset(seed=k)` dealing the k-th hand over at the deal
    (and `reset()` the next seed, as the env does)."""

    def __init__(self, seeds: list[int], **kw: Any) -> None:
        super().__init__(**kw)
        self._over = seeds

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        mapped = None if seed is None else self._over[seed % len(self._over)]
        obs, info = super().reset(seed=mapped, options=options)
        if seed is not None:
            # `np_random` from the seed asked for, as check_env expects (the env draws from
            # it only when it was never given a seed).
            gymnasium.Env.reset(self, seed=seed)
        return obs, info


@pytest.mark.parametrize("variant", sorted(DEALT_OVER))
def test_gym_check_env_over_hands_over_at_the_deal(variant: str) -> None:
    check_env(
        DealtOverGym(DEALT_OVER[variant], variant=variant, opponents=["random"]),
        skip_render_check=True,
    )


@pytest.mark.parametrize("bot", NAMES)
def test_gym_check_env_with_every_bot(bot: str) -> None:
    check_env(gym_env(opponents=[bot]), skip_render_check=True)


def episode(g: Any, seed: int | None) -> tuple[int, list[str], float]:
    """One episode with the seat's first legal action: its seed, record and return."""
    obs, info = g.reset(seed=seed)
    total, done = 0.0, False
    while not done:
        obs, reward, done, _trunc, _info = g.step(first_legal(obs["action_mask"]))
        total += reward
    return info["seed"], g.game.record().splitlines(), total


@pytest.mark.parametrize("bot", ["random", "value"])
def test_gym_same_seed_same_episode_with_bot_opponents(bot: str) -> None:
    g = gym_env(opponents=[bot])
    first = episode(g, 11)
    episode(g, None)  # another hand between: the bots' draws run on
    assert episode(g, 11) == first
    # A fresh environment plays it the same.
    assert episode(gym_env(opponents=[bot]), 11) == first
    if bot == "random":
        # The random bots' draws follow the hand's seed: another seed, other play.
        assert episode(g, 12)[1] != first[1]
