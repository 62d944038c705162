"""Games for tests: played out by random legal moves (a win always taken), and records with
one illegal move in them."""

from __future__ import annotations

import json
import random

import twmj

#: A hand of random legal play ends well within this many moves; more means a loop.
MAX_MOVES = 2000


def play_out(game: twmj.Game, rng: random.Random) -> twmj.Game:
    """`game` played to its end: each pending seat takes a win when it may, else a random
    legal action."""
    for _ in range(MAX_MOVES):
        if game.is_over:
            return game
        seat = game.pending[0]
        acts = game.legal_actions(seat)
        assert acts, f"no legal action for seat {seat}"
        game.apply(seat, "win" if "win" in acts else rng.choice(acts))
    raise AssertionError(f"the hand did not end in {MAX_MOVES} moves")


def won_game(variant: twmj.Variant | None = None, seeds: range = range(300)) -> twmj.Game:
    """The first game of `seeds` whose random play ends in a win."""
    for seed in seeds:
        g = play_out(twmj.Game(seed, variant=variant), random.Random(seed))
        result = g.result()
        if result is not None and result["wins"]:
            return g
    raise AssertionError(f"no won hand in seeds {seeds}")


def with_illegal_discard(game: twmj.Game) -> str:
    """`game`'s record with its first discard changed to a tile the seat does not hold at
    that moment (the record replayed up to it says what it holds)."""
    lines = game.record().splitlines()
    for i, line in enumerate(lines):
        event = json.loads(line)
        if event.get("type") == "act" and str(event.get("action", "")).startswith("discard"):
            before = twmj.replay("\n".join(lines[:i]))
            held = set(twmj.parse(before.hand(event["seat"])).tiles)
            event["action"] = "discard " + next(t for t in twmj.TILES if t not in held)
            lines[i] = json.dumps(event)
            return "\n".join(lines)
    raise AssertionError("the record has no discard")
