"""Bots to play against: the core's `random`, `first_legal`, `efficiency`, `value` and `search`.

A bot is anything with `act(game, seat) -> int` (an index into `twmj.ACTIONS`); the core's
bots decide in Rust from what the seat may see (`Game.bot_action`), so the environment, the
arena and the command line all play the same ones.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np

from twmj._core import Game, bots

__all__ = ["NAMES", "Bot", "CoreBot", "bot_seed", "make"]

#: The core's bot names, weakest first.
NAMES: tuple[str, ...] = tuple(bots())


@runtime_checkable
class Bot(Protocol):
    """Chooses `seat`'s action in `game` (it must be that seat's decision)."""

    def act(self, game: Game, seat: int) -> int: ...


class CoreBot:
    """One of the core's bots by name; `seed` feeds `random` (a fresh draw each call)."""

    def __init__(self, name: str, seed: int = 0) -> None:
        if name not in NAMES:
            # The core refuses it: `unknown_name` at `name`, listing the bots, in its words.
            Game(0).bot_action(name, 0)
        self.name = name
        self._seed = seed
        self._calls = 0

    def reseed(self, seed: int) -> None:
        """Starts the bot's draws afresh from `seed` (an environment does it each hand, so a
        hand's play depends on its seeds alone)."""
        self._seed = seed
        self._calls = 0

    def act(self, game: Game, seat: int) -> int:
        self._calls += 1
        action = game.bot_action(self.name, seat, (self._seed + self._calls) % 2**64)
        if action is None:
            raise ValueError(f"seat {seat} has no decision now")
        return action

    def __repr__(self) -> str:
        return f"CoreBot({self.name!r})"


def make(bot: str | Bot, seed: int = 0) -> Bot:
    """A bot from its name (`twmj.bots.NAMES`) or as given."""
    return CoreBot(bot, seed) if isinstance(bot, str) else bot


def bot_seed(hand_seed: int, seat: int) -> int:
    """The seed of the bot at `seat` in the hand of seed `hand_seed`: the same hand gets the
    same bots' draws, whatever was played before it. The environments and the service's
    practice table use it; it lives beside the bots so that the service, installed with
    `twmj[api]` alone, never imports the environments' gymnasium and pettingzoo."""
    state = np.random.SeedSequence([hand_seed % 2**64, seat]).generate_state(1, np.uint64)
    return int(state[0])
