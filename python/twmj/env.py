"""Reinforcement-learning environments over the core's game (`pip install "twmj[env]"`).

`env()` / `raw_env` are a PettingZoo AEC environment: one hand (局) per episode under any
preset (american's 換三張 phase included), an agent per seated player, observations
`{"observation": uint8[OBS_LEN], "action_mask": int8[186]}` (docs/observation.md, built in
Rust from what the seat may see) and each seat's net for the hand as its reward at the end.
`gym_env()` is the Gymnasium view of one seat with bots at the others. Under the house rule
`flower_win.play_on` a flower win is paid on the spot while the hand goes on: its 筆 is
rewarded at the step that paid it (one paid at the deal, with the first step), and the end
rewards the rest, so a seat's rewards over a hand add up to its net for the hand.

A hand can end at the deal, before anyone acts (天胡, an opening flower win; seed 74541 under
taiwan). Neither API lets an episode start over (PettingZoo's api_test: no agent terminated
after `reset`; Gymnasium: `reset` gives an observation to act on), and no agent's action
brought it about: `reset` deals the next seed until a hand has a decision (the Gymnasium env:
a decision of its seat) and reports the hands it passed over, each with its payout, in the
infos' `skipped` (docs/rl.md). Without any seed, both draw the first hand's seed
from fresh entropy (Gymnasium's convention); `reset(seed=s)` deals seed `s`.

Nothing here knows a rule: legality, the observation and the rewards come from `twmj.Game`.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from twmj._core import Game, Variant, observation_layout
from twmj.bots import Bot, bot_seed, make
from twmj.variants import DEFAULT_PRESET

__all__ = ["OBS_LEN", "REWARDS", "TwmjGymEnv", "bot_seed", "env", "gym_env", "raw_env"]

#: Bytes of one observation (docs/observation.md).
OBS_LEN: int = observation_layout()["OBS_LEN"]
#: What a hand pays: net tai, or net money (底 and 台 at the variant's prices).
REWARDS = ("tai", "money")

Obs = dict[str, Any]  # observation uint8[OBS_LEN], action_mask int8[186]


def _variant(variant: str | Variant) -> Variant:
    return Variant(variant) if isinstance(variant, str) else variant


def _spaces(n_actions: int) -> tuple[spaces.Dict, spaces.Space[Any]]:
    # `Space[Any]`: Discrete's type parameters differ between the gymnasium versions in use
    # (RLlib pins an older one than the latest).
    obs = spaces.Dict(
        {
            "observation": spaces.Box(0, 255, shape=(OBS_LEN,), dtype=np.uint8),
            "action_mask": spaces.Box(0, 1, shape=(n_actions,), dtype=np.int8),
        }
    )
    return obs, spaces.Discrete(n_actions)


def _observe(game: Game, seat: int) -> Obs:
    obs, mask = game.observe(seat)
    return {"observation": obs, "action_mask": mask.astype(np.int8)}


def _check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise ValueError(f"unknown reward {reward!r} (expected tai or money)")
    return reward


def _fresh_seed() -> int:
    """A hand seed from the operating system's entropy, for an environment given no seed."""
    return secrets.randbits(64)


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 (PettingZoo's name)
    """One hand per episode; agents `player_0 …` are the seats. `seed` seeds the first hand
    (each later `reset()` without a seed deals the next seed; without any seed the first is
    drawn from fresh entropy); `reward` is `tai` or `money`. A hand over at the deal is
    passed over: `reset` deals the next seed, and each agent's info lists the hands passed
    over in `skipped` (`{"seed", "reward"}`, its net in each); `hand_seed` is the hand's."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "twmj_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str | Variant = DEFAULT_PRESET,
        seed: int | None = None,
        reward: str = "tai",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.variant = _variant(variant)
        self.reward_kind = _check_reward(reward)
        self.render_mode = render_mode
        self._next_seed: int | None = seed
        probe = Game(0, self.variant)
        self.possible_agents = [f"player_{s}" for s in range(probe.seats)]
        n_actions = len(probe.legal_mask(0))
        obs_space, act_space = _spaces(n_actions)
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, act_space)
        self.game = probe
        self._paid: list[int] = [0] * 4

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._next_seed = seed
        elif self._next_seed is None:
            self._next_seed = _fresh_seed()
        skipped: list[tuple[int, list[int]]] = []
        while True:
            self.hand_seed = self._next_seed % 2**64
            self.game = Game(self.hand_seed, self.variant)
            self._next_seed += 1
            if not self.game.is_over:
                break
            skipped.append((self.hand_seed, self.game.reward(self.reward_kind) or [0] * 4))
        self.agents = self.possible_agents[:]
        # The net already rewarded this hand (flower wins paid on the spot).
        self._paid = [0] * 4
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {
            a: {"skipped": [{"seed": h, "reward": float(net[self._seat(a)])} for h, net in skipped]}
            for a in self.agents
        }
        self._skip_agent_selection = None
        self._select()

    def _end(self) -> None:
        net = self.game.reward(self.reward_kind) or [0] * 4
        for a in self.agents:
            s = self._seat(a)
            self.rewards[a] = float(net[s] - self._paid[s])
            self.terminations[a] = True
        self.agent_selection = self.agents[0]

    def _pay_on_the_spot(self) -> None:
        """Rewards a flower win paid on the spot since the last step (`flower_win.play_on`)."""
        paid = self.game.paid_reward(self.reward_kind)
        if paid != self._paid:
            for a in self.agents:
                s = self._seat(a)
                self.rewards[a] = float(paid[s] - self._paid[s])
            self._paid = paid

    def _select(self) -> None:
        pending = self.game.pending
        if pending:
            self.agent_selection = self.possible_agents[pending[0]]

    def observe(self, agent: str) -> Obs:
        return _observe(self.game, self._seat(agent))

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act (its hand is not over)")
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(self._seat(agent), int(action))
        if self.game.is_over:
            # Every seat now sees the end; each is stepped out in seat order.
            self._end()
        else:
            self._clear_rewards()
            self._pay_on_the_spot()
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        g = self.game
        lines = [f"phase {g.phase}, {g.drawable} to draw, pending {g.pending}"]
        lines += [f"seat {s}: {g.hand(s)} {[str(m) for m in g.melds(s)]}" for s in range(g.seats)]
        return "\n".join(lines)

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> AECEnv:
    """`raw_env` in PettingZoo's usual wrappers (illegal actions and out-of-order steps raise)."""
    e: AECEnv = raw_env(**kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class TwmjGymEnv(gymnasium.Env[Obs, np.int64]):
    """One seat's hand, the others played by `opponents` (bot names or `twmj.bots.Bot`s);
    an episode is one hand, its reward the seat's net (a flower win paid on the spot under
    `flower_win.play_on` at the step that paid it, the rest at the end). An action outside the mask ends the
    episode with reward `illegal_reward` and `info["illegal"]` (Gymnasium's action space has
    no mask: a learner that ignores `action_mask` is told so, not crashed); `None` raises
    `IllegalActionError` instead.

    `reset(seed=s)` deals seed `s` and reseeds every opponent with a `reseed(seed)` method
    (the core's bots have one) from it, so the same seed plays the same episode; a `reset()`
    without a seed deals the next seed (the first from `seed`, or from fresh entropy). A hand
    that ends before the seat has a decision (at the deal, or the bots finish it first) is no
    episode: `reset` deals the next seed until the seat has one, and lists the hands it
    passed over in `info["skipped"]` (`{"seed", "reward"}`, the seat's net in each);
    `info["seed"]` is the episode's hand seed."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium's instance field)

    def __init__(
        self,
        opponents: Sequence[str | Bot] = ("efficiency",),
        variant: str | Variant = DEFAULT_PRESET,
        seat: int = 0,
        seed: int | None = None,
        reward: str = "tai",
        render_mode: str | None = None,
        illegal_reward: float | None = -10.0,
    ) -> None:
        self.variant = _variant(variant)
        self.reward_kind = _check_reward(reward)
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        probe = Game(0, self.variant)
        if not 0 <= seat < probe.seats:
            raise ValueError(f"seat {seat} is not at a table of {probe.seats}")
        self.seat = seat
        others = [s for s in range(probe.seats) if s != seat]
        if len(opponents) == 1:
            opponents = list(opponents) * len(others)
        if len(opponents) != len(others):
            raise ValueError(f"{len(opponents)} opponents for {len(others)} other seats")
        self.opponents: dict[int, Bot] = {
            s: make(o) for s, o in zip(others, opponents, strict=True)
        }
        self.observation_space, self.action_space = _spaces(len(probe.legal_mask(0)))
        self._next_seed: int | None = seed
        self.game = probe
        self._paid = 0

    def _advance(self) -> None:
        g = self.game
        while not g.is_over and self.seat not in g.pending:
            s = g.pending[0]
            g.apply(s, self.opponents[s].act(g, s))

    def _obs(self) -> tuple[Obs, dict[str, Any]]:
        o = _observe(self.game, self.seat)
        return o, {"action_mask": o["action_mask"]}

    def _deal(self, hand_seed: int) -> None:
        self.game = Game(hand_seed, self.variant)
        # The seat's net already rewarded this hand (flower wins paid on the spot).
        self._paid = 0
        for s, bot in self.opponents.items():
            reseed = getattr(bot, "reseed", None)
            if callable(reseed):
                reseed(bot_seed(hand_seed, s))
        self._advance()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._next_seed = seed
        elif self._next_seed is None:
            # No seed ever given: Gymnasium's convention, fresh entropy (`np_random` was just
            # seeded from it).
            self._next_seed = int(self.np_random.integers(0, 2**64, dtype=np.uint64))
        skipped: list[dict[str, Any]] = []
        while True:
            hand_seed = self._next_seed % 2**64
            self._next_seed += 1
            self._deal(hand_seed)
            if not self.game.is_over:
                break
            net = self.game.reward(self.reward_kind) or [0] * 4
            skipped.append({"seed": hand_seed, "reward": float(net[self.seat])})
        obs, info = self._obs()
        return obs, {**info, "seed": hand_seed, "skipped": skipped}

    def step(self, action: np.int64 | int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        a = int(action)
        legal = self.game.legal_mask(self.seat)
        if self.illegal_reward is not None and not (0 <= a < len(legal) and legal[a]):
            obs, info = self._obs()
            return obs, float(self.illegal_reward), True, False, {**info, "illegal": True}
        self.game.apply(self.seat, a)
        self._advance()
        obs, info = self._obs()
        if self.game.is_over:
            net = self.game.reward(self.reward_kind) or [0] * 4
            return obs, float(net[self.seat] - self._paid), True, False, info
        # A flower win paid on the spot (`flower_win.play_on`) since the last step, or at the
        # deal before the seat's first decision.
        paid = self.game.paid_reward(self.reward_kind)[self.seat]
        reward, self._paid = paid - self._paid, paid
        return obs, float(reward), False, False, info

    def render(self) -> Any:  # str or None; typed as the gymnasium version in use allows
        if self.render_mode != "ansi":
            return None
        return f"seat {self.seat}: {self.game.hand(self.seat)} ({self.game.phase})"


def gym_env(
    opponents: Sequence[str | Bot] = ("efficiency",),
    variant: str | Variant = DEFAULT_PRESET,
    **kwargs: Any,
) -> TwmjGymEnv:
    """The Gymnasium environment of one seat (`seat=0`) against `opponents`."""
    return TwmjGymEnv(opponents, variant, **kwargs)
