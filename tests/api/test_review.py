"""Issue 28 item 4: `POST /v1/review`, the same review as the library and `twmj review`,
its limits refused with the error shape."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi.testclient import TestClient
from mcp.client import Client

import twmj
from tests.test_review import _mistake_record
from twmj_api.tools import SERVER


def test_review_route_and_tool_answer_the_library(client: TestClient) -> None:
    record, line = _mistake_record()
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
    record, _ = _mistake_record()
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
