"""十三不搭 亮牌重洗 over HTTP (003 改良式 特殊流局情形): the 起手 snapshot and a replayed redeal."""

from __future__ import annotations

from fastapi.testclient import TestClient

import twmj
from tests.games import UNCONNECTED, unconnected_game


def test_legal_at_the_opening(client: TestClient) -> None:
    snap = {
        "seat": 1,
        "hand": UNCONNECTED,
        "drawable": 80,
        "decision": {"opening": True},
        "variant": "improved16",
    }
    body = client.post("/v1/legal", json={"snapshot": snap}).json()
    assert body["actions"] == ["redeal", "pass"]
    assert body["mask"][twmj.ACTIONS.index("redeal")] is True
    body = client.post("/v1/legal", json={"snapshot": {**snap, "variant": "taiwan"}}).json()
    assert body["actions"] == ["pass"]


def test_replay_says_why_the_hand_ended(client: TestClient) -> None:
    g = unconnected_game(twmj.Variant("improved16"))
    g.apply(1, "redeal")
    body = client.post("/v1/replay", json={"record": g.record()}).json()
    assert (body["over"], body["draw"], body["draw_reason"]) == (
        True,
        True,
        "thirteen_unconnected",
    )
    assert body["net_tai"] == [0, 0, 0, 0]


def test_legal_on_an_ankan_ask(client: TestClient) -> None:
    # 003 註13: an 暗槓 offered face down to a 十三么 ready on the orphan it lacks (中) is asked
    # about (`win`) or not (`pass`), whatever its tile; the same offer as a 加槓 of 5m is no
    # win, so the seat has no choice there.
    snap = {
        "seat": 2,
        "hand": "19m19p19s123456z 1z 234m",
        "drawable": 60,
        "decision": {"offer": {"from": 0, "ankan": True}},
        "variant": "improved16",
    }
    body = client.post("/v1/legal", json={"snapshot": snap}).json()
    assert body["actions"] == ["win", "pass"]
    snap["decision"] = {"offer": {"from": 0, "kakan": "5m"}}
    body = client.post("/v1/legal", json={"snapshot": snap}).json()
    assert body["actions"] == []


def test_legal_offers_a_later_ask(client: TestClient) -> None:
    # 003 註13 詢問時機可自行判斷: answering a discard, the 十三么 seat may ask seat 0 about its
    # 暗槓 when the table says it has not asked yet.
    snap = {
        "seat": 2,
        "hand": "19m19p19s123456z 1z 234m",
        "drawable": 60,
        "decision": {"offer": {"from": 1, "discard": "8s"}},
        "variant": "improved16",
        "ankan_asks": [0],
    }
    body = client.post("/v1/legal", json={"snapshot": snap}).json()
    assert body["actions"] == ["ask 0", "pass"]
    assert body["mask"][twmj.ACTIONS.index("ask 0")] is True
    body = client.post("/v1/legal", json={"snapshot": {**snap, "ankan_asks": []}}).json()
    assert body["actions"] == []
    r = client.post("/v1/legal", json={"snapshot": {**snap, "ankan_asks": [2]}})
    assert r.status_code == 422 and "ankan_asks" in r.json()["error"]["message"]
