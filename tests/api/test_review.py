"""Issue 28 item 4: `POST /v1/review`, the same review as the library and `twmj review`,
its limits refused with the error shape."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from fastapi.testclient import TestClient
from mcp.client import Client

import twmj
from tests.games import mistake_record
from twmj_api.tools import SERVER


def test_review_route_and_tool_answer_the_library(client: TestClient) -> None:
    record, line = mistake_record()
    lib = twmj.review(record, 0, samples=16, seed=5).as_dict()
    body = {"record": record, "seat": 0, "samples": 16, "seed": 5}
    r = client.post("/v1/review", json=body)
    assert r.status_code == 200, r.text
    assert r.json() == lib

    async def run() -> Any:
        async with Client(SERVER) as c:
            return await c.call_tool("review", body)

    result = asyncio.run(run())
    assert not result.is_error, result.content
    assert result.structured_content == lib
    assert any(d["line"] == line and d["played"] != d["best"] for d in lib["decisions"])


def test_review_limits_are_refused_with_the_error_shape(client: TestClient) -> None:
    record, _ = mistake_record()
    too_many = twmj._core.MAX_SAMPLES + 1
    r = client.post("/v1/review", json={"record": record, "seat": 0, "samples": too_many})
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "samples"
    r = client.post("/v1/review", json={"record": "x" * 200_001, "seat": 0})
    assert r.status_code == 422 and r.json()["error"]["field"] == "record"
    r = client.post("/v1/review", json={"record": record, "seat": 4})
    assert r.status_code == 422 and r.json()["error"]["field"] == "seat"
    bad = record.replace('"discard', '"dance', 1)
    r = client.post("/v1/review", json={"record": bad, "seat": 0})
    assert r.status_code == 422
    assert r.json()["error"]["code"] in twmj.ERROR_CODES
    assert r.json()["error"]["field"].startswith("record[")


def test_a_review_over_the_cores_budget_is_refused_before_any_work(client: TestClient) -> None:
    # A hostile client cannot hold a worker: the core bounds a review's samples in all
    # (decisions × samples per decision, `LIMITS["review_samples"]`), and refuses one over it
    # with the error shape before evaluating anything.
    record, _ = mistake_record()
    budget = twmj.LIMITS["review_samples"]
    decisions = len(twmj.review(record, 0, samples=1).decisions)
    assert decisions >= 2
    over = budget // decisions + 1  # per decision within MAX_SAMPLES, the whole over budget
    assert over <= twmj._core.MAX_SAMPLES and over * decisions > budget
    r = client.post("/v1/review", json={"record": record, "seat": 0, "samples": over})
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert (error["code"], error["field"]) == ("over_limit", "samples")
    assert str(budget) in error["message_zh"]
    # The library refuses it the same way (one owner: the core).
    with pytest.raises(twmj.ContextError) as e:
        twmj.review(record, 0, samples=over)
    assert (e.value.code, e.value.field) == ("over_limit", "samples")
    # The service's schema states the bound it reads from the core.
    schema = client.get("/openapi.json").json()["components"]["schemas"]["ReviewRequest"]
    assert str(budget) in schema["properties"]["samples"]["description"]
