"""The OpenAPI document says what the server accepts, and error answers name clean fields
and never echo a caller's huge input back (issue 12, item 10)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

WIN = {"hand": "123456789m234p56p77s", "win_tile": "7p"}


def _walk(node: Any) -> list[dict[str, Any]]:
    if isinstance(node, dict):
        return [node] + [n for v in node.values() for n in _walk(v)]
    if isinstance(node, list):
        return [n for v in node for n in _walk(v)]
    return []


def test_integers_are_json_schema_integers_so_3_0_is_accepted(client: TestClient) -> None:
    # JSON Schema's `integer` holds 3.0; the strict models refused it (schemathesis found it).
    ctx = {"winner": 1.0, "dealer": 0.0, "streak": 2.0, "dice": [1.0, 2, 6.0]}
    r = client.post("/v1/score", json={**WIN, "context": ctx})
    assert r.status_code == 200, r.text
    r = client.post("/v1/score", json={**WIN, "context": {"winner": 1.5}})
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "context.winner"
    # A bool is not an integer.
    r = client.post("/v1/score", json={**WIN, "context": {"winner": True}})
    assert r.status_code == 422


def test_dice_faces_are_1_to_6_in_the_document_and_the_server(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    dice = doc["components"]["schemas"]["ContextIn"]["properties"]["dice"]
    face = next(b for b in dice["anyOf"] if b.get("type") == "array")["items"]
    assert (face["minimum"], face["maximum"]) == (1, 6)
    r = client.post("/v1/score", json={**WIN, "context": {"dice": [1, 7, 1]}})
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "context.dice[1]"


def test_no_constraint_is_left_out_of_the_document(client: TestClient) -> None:
    # pydantic writes a bound it cannot place as a bare `ge`/`le`, which no validator reads.
    doc = client.get("/openapi.json").json()
    assert not [n for n in _walk(doc) if "ge" in n or "le" in n]


def test_legal_takes_exactly_one_of_snapshot_and_record(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()["components"]["schemas"]["LegalRequest"]
    assert schema["oneOf"] == [{"required": ["snapshot"]}, {"required": ["record"]}]
    assert "anyOf" not in schema["properties"]["record"]  # not nullable
    for body in ({}, {"record": None}, {"snapshot": None, "record": "x"}):
        r = client.post("/v1/legal", json=body)
        assert r.status_code == 422, body


def test_a_json_decode_error_names_no_field(client: TestClient) -> None:
    r = client.post(
        "/v1/waits", content=b'{"hand": 12,,}', headers={"content-type": "application/json"}
    )
    assert r.status_code == 422
    error = r.json()["error"]
    # Before: field "[12]", the character position read as a list index.
    assert error["field"] is None
    assert error["message"].startswith("the body is not valid JSON:")
    assert error["message"].endswith("at character 12")


def test_a_union_member_is_not_part_of_the_field(client: TestClient) -> None:
    r = client.post("/v1/score", json={**WIN, "overrides": {"hand_size": [13]}})
    assert r.status_code == 422
    # Before: overrides.hand_size.int
    assert r.json()["error"]["field"] == "overrides.hand_size"
    r = client.post("/v1/score", json={**WIN, "overrides": {"int": [13]}})
    assert r.json()["error"]["field"] == "overrides.int"  # a key named like a type stays


def test_a_huge_override_key_is_not_echoed_back(client: TestClient) -> None:
    key = "k" * 60_000
    r = client.post("/v1/score", json={**WIN, "overrides": {key: 1}})
    assert r.status_code == 422
    error = r.json()["error"]
    # Before: a 4 MB key came back twice (message and field), an 8 MB answer.
    assert len(r.content) < 2_000
    assert error["field"].startswith("overrides.kkk") and error["field"].endswith("…")
    assert error["message"].endswith("…")
