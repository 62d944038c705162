"""Issue 17 (scoring) over HTTP: the context's `first_eight` (003 人胡), 四槓胡 through
`/v1/score`, and the new settings as overrides."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_human_win_over_http(client: TestClient) -> None:
    # 003 改良式 人胡（必為天聽，在各家未吃碰下八張牌內有人放槍）: 人胡 16 + 天聽 12 + 一條龍 2 + 平胡 2.
    r = client.post(
        "/v1/score",
        json={
            "variant": "improved16",
            "hand": "123456789m234p56p77s",
            "win_tile": "4p",
            "context": {
                "winner": 0,
                "win": "discard",
                "from_seat": 2,
                "declared": "heaven_ready",
                "first_eight": True,
            },
        },
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert {i["key"]: i["tai"] for i in body["items"]}["human_win"] == 16
    assert body["total_tai"] == 32


def test_four_kongs_over_http(client: TestClient) -> None:
    # 003 改良式 6台 四槓胡（除莊連拉外不另計手牌台數）.
    req = {
        "variant": "improved16",
        "hand": "5678m",
        "win_tile": "4m",
        "melds": [
            {"kind": "ankan", "tiles": "1111z"},
            {"kind": "minkan", "tiles": "2222p"},
            {"kind": "ankan", "tiles": "3333s"},
            {"kind": "kakan", "tiles": "4444m"},
        ],
        "context": {"winner": 1, "seat_wind": "S", "win": "four_kongs"},
    }
    r = client.post("/v1/score", json=req)
    assert r.status_code == 200, r.text
    assert [(i["key"], i["tai"]) for i in r.json()["items"]] == [("four_kongs", 6)]
    r = client.post("/v1/score", json={**req, "variant": "taiwan"})
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "context.win"


def test_tai_cap_override_over_http(client: TestClient) -> None:
    # 001 各地: 滿台為八台.
    r = client.post(
        "/v1/score",
        json={
            "variant": "traditional",
            "overrides": {"tai_cap": 8},
            "hand": "123m456m789s234p56p11z",
            "win_tile": "4p",
            "context": {"winner": 0, "win": "discard", "from_seat": 2, "declared": "heaven_ready"},
        },
    )
    assert r.status_code == 200, r.text
    assert [p["total_tai"] for p in r.json()["payments"]] == [11]
