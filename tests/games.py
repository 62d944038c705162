"""Games for tests: played out by random legal moves (a win always taken), records with one
illegal move in them, and a scripted deal of four 暗槓."""

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


#: `four_kongs`: the dealer's 17 tiles, the three other seats' 16, and the live wall.
FOUR = "1z1z1z1z9m9m9m9m1p1p1p1p9p9p9p9p8s"
OTHERS = "2m3m4m5m6m7m8m2p3p4p5p6p7p8p2s3s"
LIVE = "4s5s6s7s8s9s4s5s6s7s8s9s4s5s6s7s8s9s1s1s"


def four_kongs(variant: str) -> twmj.Game:
    """Seat 0 dealt four of each of 東, 9m, 1p and 9p declares the four 暗槓 on its first turn
    (001 特殊胡牌 四槓胡; the other seats hold `OTHERS`, the live wall is `LIVE`)."""
    game = twmj.Game.from_deal(
        [FOUR, OTHERS, OTHERS, OTHERS], LIVE, "2z3z4z", variant=twmj.Variant(variant)
    )
    for k in ("1z", "9m", "1p", "9p"):
        game.apply(0, f"ankan {k}")
    return game
