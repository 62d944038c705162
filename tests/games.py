"""Games for tests: played out by random legal moves (a win always taken), records with one
illegal move in them, a scripted deal of four 暗槓, hk16's 暗槓 that collects its 底,
improved16's 詐胡 paying the ready seats, and 003's 起手十三不搭 dealt to one seat. Tests share
games through this module, never by importing another test file."""

from __future__ import annotations

import json
import random
from collections import Counter

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


# The dealer holds four 東 (暗槓 on its first turn); seat 1 waits on 中 alone.
ANKAN_HANDS = [
    "1111z 7z 7p88p 147s 258s 369s",
    "123456789m 123456p 7z",
    "147s 258s 369s 23456z 89p",
    "147s 258s 369s 23456z 89p",
]


def ankan_deal(variant: twmj.Variant) -> twmj.Game:
    """The deal of `ANKAN_ANKAN_HANDS` (003 hk16 槓牌: the dealer's four 東 make an 暗槓 on its first
    turn), the rest of the tiles as the live wall and the 40 kept back."""
    used = sum((Counter(twmj.parse(h).tiles) for h in ANKAN_HANDS), Counter[str]())
    rest = "".join(t * (4 - used[t]) for t in twmj.TILES)
    return twmj.Game.from_deal(ANKAN_HANDS, rest[:40], rest[40:], variant=variant)


def improved16_false_win() -> twmj.Game:
    """003 詐胡的罰則 (詐胡通賠三家，賠聽牌者所聽台數，賠未聽者自己詐胡的台數): seat 3 shouts 胡 on its
    own turn with nothing. Seat 1 waits on 5m alone: 門清 1 + 獨聽 1 + 一條龍 2 = 4. Seat 2 waits
    on 1m (門清 1 + 一條龍 2 = 3) or 4m (門清 1): paid its best, 3. The dealer waits on nothing."""
    hands = [
        "8s 1m1m 9m9m 5z5z 6z6z 7z7z 6s6s 9s9s 3z 1z",
        "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s",
        "1p1p 2m3m 4m5m6m 7m8m9m 1s2s3s 4z4z4z",
        "1m 2m 5m 8m 2p 5p 8p 3s 6s 8s 7s 5z 6z 7z 3z 2z",
    ]
    # The live wall: the three draws, then every tile left (no flowers).
    used = [0] * 34
    for h in [*hands, "1z 2z 3z"]:
        for i, n in enumerate(twmj.parse(h).counts):
            used[i] += n
    live = "1z 2z 3z " + twmj.format(bytes(4 - u for u in used))
    game = twmj.Game.from_deal(hands, live, "", variant=twmj.Variant("improved16"))
    # Seat 3's scattered hand is 十三不搭 (003 特殊流局情形): it keeps it (pass) at the start.
    assert game.pending == [3] and "redeal" in game.legal_actions(3)
    game.apply(3, "pass")
    for seat, tile in [(0, "8s"), (1, "1z"), (2, "2z")]:
        game.apply(seat, f"discard {tile}")
        while game.pending and "pass" in game.legal_actions(game.pending[0]):
            game.apply(game.pending[0], "pass")
    assert game.pending == [3]
    game.apply(3, "win")
    return game


def mistake_record(seed: int = 3) -> tuple[str, int]:
    """A hand of efficiency bots in which seat 0, once ready on its turn (嗆聽 is legal for
    some discard), discards a tile that leaves it not ready instead; the record and that
    discard's line (1-based)."""
    g = twmj.Game(seed)
    bot = twmj.bots.CoreBot("efficiency", seed=seed)
    line = 0
    while not g.is_over:
        seat = g.pending[0]
        legal = g.legal_actions(seat)
        ready = {a.split()[1] for a in legal if a.startswith("declare ")}
        if seat == 0 and not line and ready and "win" not in legal:
            bad = [a for a in legal if a.startswith("discard ") and a.split()[1] not in ready]
            if bad:
                line = len(twmj.record_lines(g.record())) + 1
                g.apply(seat, bad[0])
                continue
        g.apply(seat, bot.act(g, seat))
    assert line, "seat 0 was never ready"
    return g.record(), line


# 147m 258p 369s and the seven honours: 16 tiles, no two 搭 (the Rust tests check the count
# against a brute force).
UNCONNECTED = "147m258p369s1234567z"
PLAIN_17 = "112233m445566p7788s9m"
PLAIN_B = "99m88p99p22s55s66s11z55z"
PLAIN_C = "22m33p44s55m66m77p11s8m3z"


def unconnected_game(variant: twmj.Variant) -> twmj.Game:
    """Seat 1 is dealt 十三不搭 (003 特殊流局情形: 起手十三不搭); seat 0 deals; the wall is every
    other tile."""
    hands = [PLAIN_17, UNCONNECTED, PLAIN_B, PLAIN_C]
    used = sum((Counter(twmj.parse(h).tiles) for h in hands), Counter[str]())
    rest = "".join(t * (4 - used[t]) for t in twmj.TILES)
    return twmj.Game.from_deal(hands, rest, "", variant=variant)
