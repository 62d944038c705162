"""Issue 31 over HTTP: a snapshot's 連莊 bounded by the variant's `streak_cap` (item 9), the
values of waits at three and two seats (item 9), `/v1/legal` answering the library's own mask
(item 9), a fifth copy refused by field instead of a 500 (item 10), and a corrupted record
refused by its line (item 12)."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient

import twmj
from tests.games import play_out, with_illegal_discard

#: The issue's body: four 9p held, a fifth 9p offered (a 500 `internal` on main a9a51ff).
FIFTH_9P: dict[str, Any] = {
    "seat": 0,
    "hand": "1p1p7p8p9p9p9p9p8s8s8s3z3z3z7z7z",
    "drawable": 40,
    "decision": {"offer": {"from": 3, "discard": "9p"}},
}


def _error(r: Any) -> dict[str, Any]:
    assert r.status_code == 422, r.text
    err: dict[str, Any] = r.json()["error"]
    return err


def test_the_snapshot_streak_is_bounded_by_streak_cap(client: TestClient) -> None:
    # 000 連莊最多 18 次 is taiwan's `streak_cap`; with the override 30 a 連莊 of 25 is scored
    # by /v1/score, and /v1/legal takes the same snapshot (it answered 422 at 18).
    overrides = {"streak_cap": 30}
    score = {
        "hand": "123456789m234p56p77s",
        "win_tile": "7p",
        "context": {"winner": 1, "dealer": 0, "streak": 25, "seat_wind": "S", "win": "self_draw"},
        "variant": "taiwan",
        "overrides": overrides,
    }
    assert client.post("/v1/score", json=score).status_code == 200
    snap = {**FIFTH_9P, "decision": {"offer": {"from": 3, "discard": "7z"}}}
    snap |= {"variant": "taiwan", "overrides": overrides, "streak": 25}
    r = client.post("/v1/legal", json={"snapshot": snap})
    assert r.status_code == 200, r.text
    assert r.json()["actions"] == ["win", "pon", "pass"]
    # Past the cap, both refuse; without the override the cap is 18 again.
    score["context"]["streak"] = 31  # type: ignore[index]
    assert _error(client.post("/v1/score", json=score))["field"] == "context.streak"
    err = _error(client.post("/v1/legal", json={"snapshot": {**snap, "streak": 31}}))
    assert err["field"] == "snapshot.streak" and "0 to 30" in err["message"]
    err = _error(client.post("/v1/legal", json={"snapshot": {**snap, "overrides": {}}}))
    assert err["field"] == "snapshot.streak" and "0 to 18" in err["message"]


@pytest.mark.parametrize(
    ("variant", "hand", "upper"),
    [
        ("three_player", "111m999m123p456p789s1z", [2, 0, 1]),
        ("two_player", "111222333m444z555z7z", [1, 0]),
    ],
)
def test_wait_values_at_three_and_two_seats(
    client: TestClient, variant: str, hand: str, upper: list[int]
) -> None:
    # 004: seats 0–2 (三人, 北 empty) or 0–1 (兩人); every seated winner's waits are valued
    # (seat 0's answered 422, the discard asked of seat 3).
    for winner in range(len(upper)):
        req = {"hand": hand, "variant": variant, "context": {"winner": winner, "dealer": 0}}
        r = client.post("/v1/wait_values", json=req)
        assert r.status_code == 200, r.text
        (value,) = r.json()
        lib = twmj.wait_values(
            hand, context=twmj.Context(winner=winner, dealer=0), variant=twmj.Variant(variant)
        )[0]
        assert value["tile"] == lib.tile
        assert value["on_discard"]["total_tai"] == lib.on_discard.total_tai
        assert value["on_self_draw"]["total_tai"] == lib.on_self_draw.total_tai


def test_legal_answers_the_librarys_mask(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The mask is the library's, not rebuilt from the names: a library answering a mask that
    # differs from its names (never so in fact) shows which one the service sends.
    names, _ = twmj.legal(dict(FIFTH_9P, decision={"offer": {"from": 3, "discard": "7z"}}))
    assert names == ["win", "pon", "pass"]
    marked = np.zeros(len(twmj.ACTIONS), dtype=bool)
    marked[[0, 5, 7]] = True
    monkeypatch.setattr(twmj, "legal", lambda snapshot: (names, marked))
    body = client.post(
        "/v1/legal",
        json={"snapshot": {**FIFTH_9P, "decision": {"offer": {"from": 3, "discard": "7z"}}}},
    ).json()
    assert body["actions"] == ["win", "pon", "pass"]
    assert body["mask"] == marked.tolist()
    assert body["decisions"][0]["mask"] == marked.tolist()
    monkeypatch.undo()
    # From a record: each pending seat's mask is `Game.legal_mask`.
    game = twmj.Game(3)
    body = client.post("/v1/legal", json={"record": game.record()}).json()
    for d in body["decisions"]:
        assert d["mask"] == game.legal_mask(d["seat"]).tolist()
        assert [twmj.ACTIONS[i] for i, m in enumerate(d["mask"]) if m] == sorted(
            d["actions"], key=twmj.ACTIONS.index
        )


@pytest.mark.parametrize(
    ("snapshot", "field"),
    [
        (FIFTH_9P, "snapshot.decision.offer.discard"),
        (
            {
                **FIFTH_9P,
                "hand": "5555m1234567p111s22z",
                "decision": {"offer": {"from": 3, "discard": "5m"}},
            },
            "snapshot.decision.offer.discard",
        ),
        (
            {
                **FIFTH_9P,
                "hand": "5555m1234567p111s22z",
                "decision": {"offer": {"from": 1, "kakan": "5m"}},
            },
            "snapshot.decision.offer.kakan",
        ),
        (
            {
                **FIFTH_9P,
                "hand": "5m1234567p111s2z3z",
                "melds": [{"kind": "pon", "tiles": "5m5m5m"}],
                "decision": {"offer": {"from": 3, "discard": "5m"}},
            },
            "snapshot.decision.offer.discard",
        ),
        (
            {**FIFTH_9P, "last_discard": "9p", "decision": {"offer": {"from": 3, "discard": "7z"}}},
            "snapshot.last_discard",
        ),
    ],
)
def test_a_fifth_copy_is_refused_by_its_field(
    client: TestClient, snapshot: dict[str, Any], field: str
) -> None:
    # 000 牌: 4 of each tile. Issue 31 item 10: the first answered a 500 (tables.rs index out
    # of bounds), the next `["pon", "pass"]`, the 加槓 `[]`.
    err = _error(client.post("/v1/legal", json={"snapshot": snapshot}))
    # Issue 32 item 4: the rule's own code (4 of a kind), of kind hand_error.
    assert (err["code"], err["field"]) == ("too_many_copies", field), err
    with pytest.raises(twmj.HandError) as e:
        data = dict(snapshot)
        data["melds"] = [(m["kind"], m["tiles"]) for m in data.get("melds", [])]
        twmj.legal(data)
    assert e.value.field == field


def test_replay_names_the_line_of_an_illegal_move(client: TestClient) -> None:
    game = play_out(twmj.Game(3), random.Random(3))
    record = with_illegal_discard(game)
    changed = next(
        i
        for i, (a, b) in enumerate(
            zip(record.splitlines(), game.record().splitlines(), strict=True)
        )
        if a != b
    )
    for path in ("/v1/replay", "/v1/legal"):
        err = _error(client.post(path, json={"record": record}))
        # A bad line keeps the fine code of what was wrong in it (docs/errors.md).
        assert err["code"] == "illegal_action"
        assert err["field"] == f"record[{changed}].action", err
        assert err["message"].startswith(f"line {changed + 1}: ") and "illegal (" in err["message"]
    # A changed engine line is quoted in notation, never as Rust's `Debug`.
    lines = game.record().splitlines()
    i = next(k for k, text in enumerate(lines) if k > 0 and json.loads(text)["type"] == "draw")
    event = json.loads(lines[i])
    event["seat"] = (event["seat"] + 1) % 4
    lines[i] = json.dumps(event)
    err = _error(client.post("/v1/replay", json={"record": "\n".join(lines)}))
    assert err["field"] == f"record[{i}]", err
    assert '{"type":"draw"' in err["message"] and "Piece(" not in err["message"]
