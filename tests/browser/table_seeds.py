"""Hands for the practice table's browser tests (issue 29 item 2), found by searching seeds
with the Python API: `python -m tests.browser.table_seeds` lists, for the first seeds, what
each hand shows when the player (seat 0, against `value` bots) plays `script`'s moves.

The player's moves: 胡 whenever it may, a kong whenever it may, a 吃 whenever it has a choice
of runs (the first offered), otherwise the `value` bot's choice. The table plays the bots
exactly as `twmj_api.table` does (bots first at a shared decision, each seeded from the hand
seed and its seat), so the moves found here replay move for move through the page.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field

import twmj
from twmj.bots import CoreBot, bot_seed

BOT = "value"


@dataclass
class Script:
    seed: int
    #: The player's moves, in order, and the legal actions at each.
    moves: list[str] = field(default_factory=list)
    legal: list[list[str]] = field(default_factory=list)
    #: What the hand showed: `win_discard`, `self_draw` (the player's wins), `drawn`,
    #: `chi_choice`, `kong`, `flowers` (the player drew a flower during play).
    facts: set[str] = field(default_factory=set)
    record: str = ""


def script(seed: int, bot: str = BOT) -> Script:
    game = twmj.Game(seed)
    bots = {s: CoreBot(bot, bot_seed(seed, s)) for s in range(1, game.seats)}
    me = CoreBot(bot, bot_seed(seed, 0))
    out = Script(seed)
    while not game.is_over:
        others = [s for s in game.pending if s != 0]
        if others:
            s = others[0]
            game.apply(s, bots[s].act(game, s))
            continue
        legal = game.legal_actions(0)
        chis = [a for a in legal if a.startswith("chi ")]
        kongs = [a for a in legal if a.split()[0] in ("minkan", "ankan", "kakan")]
        if "win" in legal:
            move = "win"
        elif kongs:
            move = kongs[0]
            out.facts.add("kong")
        elif len(chis) >= 2:
            move = chis[0]
            out.facts.add("chi_choice")
        else:
            move = twmj.ACTIONS[me.act(game, 0)]
        out.moves.append(move)
        out.legal.append(legal)
        game.apply(0, move)
    result = game.result()
    assert result is not None
    for w in result["wins"]:
        if w["seat"] == 0:
            out.facts.add("win_discard" if w["from"] is not None else "self_draw")
    if result["draw"]:
        out.facts.add("drawn")
    out.record = game.record()
    for line in twmj.record_lines(out.record):
        x = json.loads(line)
        if x["type"] == "draw" and x["seat"] == 0 and x["tile"].endswith("f"):
            out.facts.add("flowers")
    return out


def main(n: int) -> None:
    for seed in range(n):
        s = script(seed)
        if s.facts & {"win_discard", "self_draw", "drawn", "chi_choice", "kong"}:
            print(seed, len(s.moves), sorted(s.facts))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
