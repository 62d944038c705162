"""Health, analyze, the page, unknown routes, and the OpenAPI document."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_health(client: TestClient) -> None:
    r = client.get("/health")
    assert r.status_code == 200
    assert r.json()["status"] == "ok"


def test_analyze(client: TestClient) -> None:
    r = client.post("/v1/analyze", json={"hand": "2223456m123456789p9s"})
    assert r.status_code == 200
    body = r.json()
    assert body["shanten"] == 0
    best = body["discards"][0]
    assert best["tile"] == "9s" and best["shanten"] == 0
    assert [w["tile"] for w in best["waits"]] == ["1m", "3m", "4m", "6m", "7m"]
    # 1m 4 + 3m 3 + 4m 3 + 6m 3 + 7m 4 unseen copies.
    assert best["accepted"] == 17
    assert len(body["discards"]) == len({d["tile"] for d in body["discards"]})


def test_analyze_wrong_count(client: TestClient) -> None:
    r = client.post("/v1/analyze", json={"hand": "2223456m123456789p"})
    assert r.status_code == 422
    assert r.json()["error"]["message"].startswith("the hand has 16 concealed tiles")


def test_page_is_served(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200
    assert "聽牌檢查器" in r.text
    assert client.get("/static/app.js").status_code == 200


def test_unknown_route_and_method(client: TestClient) -> None:
    r = client.get("/v1/nope")
    assert r.status_code == 404
    assert r.json()["error"]["code"] == "not_found"
    r = client.get("/v1/waits")
    assert r.status_code == 405
    assert r.json()["error"]["code"] == "method_not_allowed"
    assert r.headers["allow"] == "POST"


def test_openapi_documents_every_endpoint(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    assert {"/health", "/v1/waits", "/v1/waits/batch", "/v1/analyze"} <= set(doc["paths"])
    schemas = doc["components"]["schemas"]
    for name in ("WaitOut", "WaitsResponse", "DiscardOut", "AnalyzeResponse"):
        for field, spec in schemas[name]["properties"].items():
            assert spec.get("description"), f"{name}.{field} has no description"
    assert client.get("/docs").status_code == 200
