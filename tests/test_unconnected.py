"""十三不搭 亮牌重洗 from Python (003 改良式十六張 特殊流局情形: 起手十三不搭先說好可否亮牌重洗
（莊家算連莊）): the 起手 choice, the draw it ends in, the record, the snapshot."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import twmj

# 147m 258p 369s and the seven honours: 16 tiles, no two 搭 (the Rust tests check the count
# against a brute force).
UNCONNECTED = "147m258p369s1234567z"
PLAIN_17 = "112233m445566p7788s9m"
PLAIN_B = "99m88p99p22s55s66s11z55z"
PLAIN_C = "22m33p44s55m66m77p11s8m3z"


def game(variant: twmj.Variant) -> twmj.Game:
    """Seat 1 is dealt 十三不搭; seat 0 deals; the wall is every other tile."""
    hands = [PLAIN_17, UNCONNECTED, PLAIN_B, PLAIN_C]
    used = sum((Counter(twmj.parse(h).tiles) for h in hands), Counter[str]())
    rest = "".join(t * (4 - used[t]) for t in twmj.TILES)
    return twmj.Game.from_deal(hands, rest, "", variant=variant)


def test_redeal_is_the_last_action() -> None:
    assert twmj.ACTIONS.index("redeal") == 181
    assert twmj.ACTIONS[182:] == ("ask 0", "ask 1", "ask 2", "ask 3")


def test_the_seat_chooses_at_the_start_and_redeal_ends_in_a_draw() -> None:
    v = twmj.Variant("improved16")
    g = game(v)
    assert (g.phase, g.pending) == ("opening", [1])
    assert g.legal_actions(1) == ["redeal", "pass"]
    assert list(np.flatnonzero(g.legal_mask(1))) == [twmj.ACTIONS.index("pass"), 181]
    assert g.legal_actions(0) == []
    g.apply(1, "redeal")
    result = g.result()
    assert result is not None
    assert (result["draw_reason"], result["wins"], result["false_win"]) == (
        "thirteen_unconnected",
        [],
        None,
    )
    assert (result["fees"], result["ankan_fees"]) == ([], [])
    scores, net = g.settle()
    assert (scores, net) == ([], [0, 0, 0, 0])
    # The record replays to the same end.
    again = twmj.replay(g.record())
    assert again.result() == result
    assert '"action":"redeal"' in g.record()
    # 亮牌: every seat's record shows the hand.
    seen = twmj.read_record_for(g.record_for(0))
    assert seen[-2] == {"type": "show", "seat": 1, "hand": "147m258p369s1234567z"}


def test_pass_plays_on_and_a_later_redeal_names_the_rule() -> None:
    g = game(twmj.Variant("improved16"))
    g.apply(1, "pass")
    assert (g.phase, g.pending) == ("turn", [0])
    with pytest.raises(twmj.IllegalActionError, match=r"十三不搭.*起手"):
        g.apply(1, "redeal")


def test_off_in_taiwan_and_by_override() -> None:
    for v in [
        twmj.Variant("taiwan"),
        twmj.Variant("improved16", {"special_draw.thirteen_unconnected": False}),
    ]:
        g = game(v)
        assert g.phase == "turn"
        with pytest.raises(twmj.IllegalActionError, match="thirteen_unconnected is off"):
            g.apply(1, "redeal")
    assert twmj.Variant("improved16").settings()["special_draw.thirteen_unconnected"] is True
    assert twmj.Variant("taiwan").settings()["special_draw.thirteen_unconnected"] is False


def test_a_snapshot_of_the_opening() -> None:
    v = twmj.Variant("improved16")
    snap = {
        "seat": 1,
        "hand": UNCONNECTED,
        "drawable": 80,
        "decision": {"opening": True},
        "variant": v,
    }
    assert twmj.legal(snap)[0] == ["redeal", "pass"]
    snap["hand"] = "147m258p369s123z112z1m"  # twelve that do not 搭
    assert twmj.legal(snap)[0] == ["pass"]
    snap["decision"] = {"opening": True, "turn": {}}
    with pytest.raises(twmj.ContextError, match="one of turn, offer and opening") as e:
        twmj.legal(snap)
    assert (e.value.code, e.value.field) == ("two_decisions", "snapshot.decision.opening")
