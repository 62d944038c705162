"""The 13-tile hand over HTTP (`overrides: {"hand_size": 13}`).

004 = `shared/rules/004_cd8759f0855f73ce.txt`, table 兩人麻將、三人麻將規則: 手牌 16 張，莊家
17 張（也有人打 13 張）; 胡牌 5 組面子+1 對眼（13 張版是 4 組+1 對）.
"""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_thirteen_tile_hands_over_http(client: TestClient) -> None:
    listed = {v["name"]: v["settings"] for v in client.get("/v1/variants").json()}
    assert all(s["hand_size"] == 16 for s in listed.values())
    over = {"hand_size": 13}
    body = client.post(
        "/v1/waits", json={"hand": "123456789m1155z", "variant": "two_player", "overrides": over}
    ).json()
    assert [w["tile"] for w in body["waits"]] == ["1z", "5z"]
    # Overrides alone start from taiwan.
    body = client.post("/v1/waits", json={"hand": "123456789p1155z", "overrides": over}).json()
    assert [w["tile"] for w in body["waits"]] == ["1z", "5z"]
    r = client.post("/v1/waits", json={"hand": "123456789m123p1155z", "overrides": over})
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "hand"
    assert "13, 10, 7, 4 or 1" in r.json()["error"]["message"]
    r = client.post("/v1/waits", json={"hand": "123456789m1155z", "overrides": {"hand_size": 15}})
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "overrides.hand_size"
    body = client.post("/v1/analyze", json={"hand": "123456789m11155z", "overrides": over}).json()
    assert body["shanten"] == -1
    body = client.post(
        "/v1/score",
        json={
            "hand": "456m789p2355s",
            "win_tile": "4s",
            "melds": [{"kind": "chi", "tiles": "123m"}],
            "overrides": over,
            "context": {"winner": 1, "win": "discard", "from_seat": 2},
        },
    ).json()
    assert body["total_tai"] == 2
    # A snapshot checks the size against the variant: 13 on an offer, 14 on a turn.
    snap = {
        "seat": 1,
        "hand": "123456789m1155z",
        "drawable": 10,
        "decision": {"offer": {"from": 0, "discard": "5z"}},
        "variant": "two_player",
        "overrides": over,
    }
    body = client.post("/v1/legal", json={"snapshot": snap}).json()
    assert "win" in body["actions"] and "pon" in body["actions"]
    snap["overrides"] = {}
    r = client.post("/v1/legal", json={"snapshot": snap})
    assert r.status_code == 422
    assert "this decision needs 16" in r.json()["error"]["message"]
