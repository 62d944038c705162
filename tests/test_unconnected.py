"""十三不搭 亮牌重洗 from Python (003 改良式十六張 特殊流局情形: 起手十三不搭先說好可否亮牌重洗
（莊家算連莊）): the 起手 choice, the draw it ends in, the record, the snapshot."""

from __future__ import annotations

import numpy as np
import pytest

import twmj
from tests.games import UNCONNECTED, unconnected_game


def test_redeal_is_the_last_action() -> None:
    assert twmj.ACTIONS.index("redeal") == 181
    assert twmj.ACTIONS[182:] == ("ask 0", "ask 1", "ask 2", "ask 3")


def test_the_seat_chooses_at_the_start_and_redeal_ends_in_a_draw() -> None:
    v = twmj.Variant("improved16")
    g = unconnected_game(v)
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
    g = unconnected_game(twmj.Variant("improved16"))
    g.apply(1, "pass")
    assert (g.phase, g.pending) == ("turn", [0])
    with pytest.raises(twmj.IllegalActionError, match=r"十三不搭.*起手"):
        g.apply(1, "redeal")


def test_off_in_taiwan_and_by_override() -> None:
    for v in [
        twmj.Variant("taiwan"),
        twmj.Variant("improved16", {"special_draw.thirteen_unconnected": False}),
    ]:
        g = unconnected_game(v)
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
