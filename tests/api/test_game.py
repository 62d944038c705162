"""`POST /v1/legal`, `POST /v1/replay`, `GET /v1/actions`."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

import twmj
from tests.games import play_out, with_illegal_discard, won_game


def _finished(seed: int) -> twmj.Game:
    return play_out(twmj.Game(seed), random.Random(seed))


def test_actions_are_the_fixed_space(client: TestClient) -> None:
    body = client.get("/v1/actions").json()
    assert body == list(twmj.ACTIONS)
    assert len(body) == 186 and body[0] == "discard 1m" and "pass" in body


def test_legal_from_a_snapshot(client: TestClient) -> None:
    # 000 合法與犯規 明槓不對上家: the tile of the 上家 (seat 3 for seat 0) cannot be 明槓'd.
    snap = {
        "seat": 0,
        "hand": "555m 123p456p789p 1123s",
        "drawable": 40,
        "decision": {"offer": {"from": 3, "discard": "5m"}},
    }
    body = client.post("/v1/legal", json={"snapshot": snap}).json()
    assert "pon" in body["actions"] and "minkan" not in body["actions"]
    assert body["mask"][twmj.ACTIONS.index("pon")] is True
    assert body["mask"][twmj.ACTIONS.index("minkan")] is False
    snap["decision"] = {"offer": {"from": 2, "discard": "5m"}}
    body = client.post("/v1/legal", json={"snapshot": snap}).json()
    assert "minkan" in body["actions"]


def test_legal_from_a_record(client: TestClient) -> None:
    g = twmj.Game(21)
    for _ in range(5):
        s = g.pending[0]
        g.apply(s, g.legal_actions(s)[0])
    body = client.post("/v1/legal", json={"record": g.record()}).json()
    assert [d["seat"] for d in body["decisions"]] == g.pending
    assert body["decisions"][0]["actions"] == g.legal_actions(g.pending[0])


def test_legal_needs_exactly_one_input(client: TestClient) -> None:
    r = client.post("/v1/legal", json={})
    assert r.status_code == 422
    assert r.json()["error"]["message"] == "give exactly one of snapshot and record"


def test_replay_validates_and_settles(client: TestClient) -> None:
    for seed in range(60):
        g = _finished(seed)
        found = g.result()
        assert found is not None
        if found["wins"]:
            result = found
            break
    else:
        raise AssertionError("no won hand in 60 seeds")
    body = client.post("/v1/replay", json={"record": g.record()}).json()
    assert body["over"] is True
    assert [w["seat"] for w in body["wins"]] == [w["seat"] for w in result["wins"]]
    assert body["net_tai"] == g.settle()[1]
    assert sum(body["net_tai"]) == 0
    assert len(body["scores"]) == len(body["wins"])


def test_replay_names_the_first_illegal_event(client: TestClient) -> None:
    r = client.post("/v1/replay", json={"record": with_illegal_discard(_finished(3))})
    assert r.status_code == 422
    err = r.json()["error"]
    # An illegal move is a record error of its line (issue 31 item 12): `record[i].action`,
    # the rule it breaks in the message.
    assert err["code"] == "illegal_action" and err["field"].endswith("].action")
    assert err["message"].startswith("line ") and "illegal (" in err["message"]


def test_replay_of_garbage_is_422(client: TestClient) -> None:
    r = client.post("/v1/replay", json={"record": "{not json"})
    assert r.status_code == 422
    # Line 1 (index 0) as a whole is bad.
    assert r.json()["error"]["code"] == "bad_json"
    assert r.json()["error"]["field"] == "record[0]"
    assert r.json()["error"]["message_zh"] == "牌譜第 1 行：不是 JSON 物件"


def test_replay_of_a_per_seat_record_says_what_it_is(client: TestClient) -> None:
    # docs/log-format.md §8: a per-seat record hides the other seats' tiles, so it cannot be
    # replayed; the refusal names its first per-seat field (the deal's wall count) and the
    # reader that takes it.
    r = client.post("/v1/replay", json={"record": _finished(3).record_for(2)})
    assert r.status_code == 422
    err = r.json()["error"]
    assert (err["code"], err["field"]) == ("per_seat_line", "record[0].wall")
    assert "twmj.read_record_for" in err["message"]


def test_replay_of_an_american_record_settles_under_its_rules(client: TestClient) -> None:
    g = won_game(twmj.Variant("american"))
    body = client.post("/v1/replay", json={"record": g.record()}).json()
    assert body["over"] is True
    assert body["net_tai"] == g.settle()[1]
    assert body["scores"][0]["variant"] == "american"


def test_legal_snapshot_under_american(client: TestClient) -> None:
    # 002 起胡台數 範例四 over HTTP: the 閒家's discard is not enough, the dealer's is.
    def snap(from_seat: int) -> dict[str, object]:
        return {
            "seat": 1,
            "hand": "456m789m234p56p77s",
            "melds": [{"kind": "chi", "tiles": "123m"}],
            "drawable": 40,
            "decision": {"offer": {"from": from_seat, "discard": "7p"}},
            "variant": "american",
            "dice": [1, 2, 5],
            "discards_total": 12,
            "any_call": True,
        }

    assert "win" not in client.post("/v1/legal", json={"snapshot": snap(2)}).json()["actions"]
    assert "win" in client.post("/v1/legal", json={"snapshot": snap(0)}).json()["actions"]


def test_replay_reports_a_false_win_and_who_was_ready(client: TestClient) -> None:
    # 003 詐胡的罰則 賠聽牌者所聽台數: the record's end names the 詐胡 and each ready seat's tai.
    from tests.games import improved16_false_win

    body = client.post("/v1/replay", json={"record": improved16_false_win().record()}).json()
    assert (body["over"], body["draw"], body["draw_reason"], body["wins"]) == (
        True,
        False,
        None,
        [],
    )
    assert body["false_win"] == {
        "seat": 3,
        "tai": 0,
        "ready": [{"seat": 1, "tai": 4}, {"seat": 2, "tai": 3}],
    }
    assert body["net_tai"] == [0, 8, 6, -14]


def test_replay_names_the_reason_of_a_draw(client: TestClient) -> None:
    # A hand played to the end of the wall (000 流局): `draw_reason` is `wall`, no 詐胡.
    g = twmj.Game(3)
    while not g.is_over:
        s = g.pending[0]
        acts = g.legal_actions(s)
        g.apply(s, "pass" if "pass" in acts else next(a for a in acts if a.startswith("discard")))
    result = g.result()
    assert result is not None and result["draw"]
    body = client.post("/v1/replay", json={"record": g.record()}).json()
    assert (body["draw"], body["draw_reason"], body["false_win"]) == (True, "wall", None)


def test_snapshot_bounds_are_the_cores_limits(client: TestClient) -> None:
    # One owner: the schema reads its bounds from twmj.LIMITS and the core's winds, so the
    # first number past each is refused by name, and the last seat and wind are answered.
    snap = {
        "seat": 1,
        "hand": "456m789m234p56p77s",
        "melds": [{"kind": "chi", "tiles": "123m"}],
        "drawable": 40,
        "decision": {"offer": {"from": 0, "discard": "7p"}},
    }
    last_seat = twmj.LIMITS["seats"] - 1
    last_wind = len(twmj.VOCABULARY["winds"]) - 1
    for key, inside in [
        ("drawable", twmj.LIMITS["full_set"]),
        ("dealer", last_seat),
        ("east", last_seat),
        ("round_wind", last_wind),
    ]:
        r = client.post("/v1/legal", json={"snapshot": {**snap, key: inside + 1}})
        assert r.status_code == 422, key
        assert r.json()["error"]["field"] == f"snapshot.{key}", r.json()
        if key != "drawable":  # a full set is past what the wall can hold beside a hand
            r = client.post("/v1/legal", json={"snapshot": {**snap, key: inside}})
            assert r.status_code == 200, (key, r.json())


def test_the_vocabulary_serves_the_limits(client: TestClient) -> None:
    served = client.get("/v1/vocabulary").json()["limits"]
    assert {t["key"]: t["value"] for t in served} == twmj.LIMITS


def test_legal_with_the_eighth_flower_elsewhere(client: TestClient) -> None:
    # 000 七搶一 情形 1 (the snapshot says where the 8th flower is); 天聽 in the vocabulary.
    snap = {
        "seat": 1,
        "hand": "2m2m8s8s 4m6m 1z2z3z5z6z7z 9m9p 1s3s 3m",
        "flowers": "1234567f",
        "drawable": 30,
        "decision": {"turn": {"drawn": "3m", "replacement": True, "rob_from": 3}},
    }
    body = client.post("/v1/legal", json={"snapshot": snap}).json()
    assert "seven rob one" in body["actions"]
    snap["decision"] = {"turn": {"drawn": "3m", "replacement": True, "rob_from": 1}}
    r = client.post("/v1/legal", json={"snapshot": snap})
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "snapshot.decision.turn.rob_from"
    vocab = client.get("/v1/vocabulary").json()
    assert {"key": "heaven_ready", "name": "天聽"} in vocab["declarations"]
