"""The MCP tool server, driven in process by the SDK's own client: the tools listed with the
HTTP request models as input schemas (short: `overrides` points at the `settings` tool), each
called with its model's example and answering what the HTTP endpoint answers, bad input as a
tool error with code and field."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any

import jsonschema
import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from mcp.client import Client
from pydantic import BaseModel

from twmj_api import offload
from twmj_api.offload import is_heavy
from twmj_api.routers import analyze, game, score, values, waits
from twmj_api.routers.values import WaitValuesRequest
from twmj_api.schemas.analyze import AnalyzeRequest
from twmj_api.schemas.common import OVERRIDES_SCHEMA
from twmj_api.schemas.game import LegalRequest, ReplayRequest, ReviewRequest
from twmj_api.schemas.score import CompareRequest, ScoreRequest
from twmj_api.schemas.waits import WaitsRequest
from twmj_api.tools import SERVER, TOOLS, input_schema

#: Each tool and the HTTP endpoint it answers for.
ENDPOINTS: dict[str, tuple[str, type[BaseModel]]] = {
    "waits": ("/v1/waits", WaitsRequest),
    "analyze": ("/v1/analyze", AnalyzeRequest),
    "score": ("/v1/score", ScoreRequest),
    "compare": ("/v1/compare", CompareRequest),
    "wait_values": ("/v1/wait_values", WaitValuesRequest),
    "legal": ("/v1/legal", LegalRequest),
    "replay": ("/v1/replay", ReplayRequest),
    "review": ("/v1/review", ReviewRequest),
}


def _session(body: Callable[[Client], Awaitable[Any]]) -> Any:
    async def run() -> Any:
        async with Client(SERVER) as c:
            return await body(c)

    return asyncio.run(run())


def _example(model: type[Any]) -> dict[str, Any]:
    example: dict[str, Any] = model.model_json_schema()["examples"][0]
    return example


def test_tools_are_listed_with_the_http_models_as_schemas() -> None:
    async def body(c: Client) -> Any:
        return (await c.list_tools()).tools

    tools = {t.name: t for t in _session(body)}
    assert set(tools) == {*ENDPOINTS, "variants", "settings"}
    for name, (_, model) in ENDPOINTS.items():
        assert tools[name].input_schema == input_schema(model), name
    # Descriptions speak the player's words.
    assert "聽牌" in (tools["waits"].description or "")
    assert "台" in (tools["score"].description or "") and "自摸" in (
        tools["score"].description or ""
    )
    assert "牌理" in (tools["analyze"].description or "")
    assert "過水" in (tools["legal"].description or "")
    assert "筆" in (tools["replay"].description or "")


def _same_but_overrides(full: Any, short: Any, path: str, seen: list[str]) -> None:
    """`short` says all that `full` says but pydantic's titles, except that each `overrides`
    (the registry's schema) is an object whose description sends the reader to `settings`."""
    if isinstance(full, dict) and full.get("properties") == OVERRIDES_SCHEMA["properties"]:
        seen.append(path)
        assert short["type"] == "object" and "additionalProperties" in short, path
        assert short["maxProperties"] == full["maxProperties"], path
        assert "`settings` tool" in short["description"], path
        assert "`variants` tool" in short["description"], path
        if "description" in full:  # the field's own words are kept, first
            assert short["description"].startswith(full["description"]), path
        return
    if isinstance(full, list):
        assert isinstance(short, list) and len(short) == len(full), path
        for i, (f, s) in enumerate(zip(full, short, strict=True)):
            _same_but_overrides(f, s, f"{path}[{i}]", seen)
        return
    if not isinstance(full, dict):
        assert short == full, path
        return
    names = path.endswith(("/properties", "/$defs"))
    assert set(short) == {k for k in full if names or k != "title"}, path
    for k, s in short.items():
        if k in ("examples", "default", "enum", "const"):
            assert s == full[k], f"{path}/{k}"
        else:
            _same_but_overrides(full[k], s, f"{path}/{k}", seen)


def test_tool_schemas_say_all_the_models_say_with_overrides_short() -> None:
    # Issue 32 item 13: the registry's ~50 KB once (the settings tool), not in every tool.
    with_overrides = set()
    for name, (_, model) in ENDPOINTS.items():
        seen: list[str] = []
        short = input_schema(model)
        _same_but_overrides(model.model_json_schema(), short, name, seen)
        if seen:
            with_overrides.add(name)
        # A client validating its call against the listed schema can make the example call.
        jsonschema.Draft202012Validator.check_schema(short)
        jsonschema.validate(_example(model), short)
    assert with_overrides == {
        "waits",
        "analyze",
        "score",
        "compare",
        "wait_values",
        "legal",
        "replay",
    }


def test_the_tool_list_fits_in_a_models_context(client: TestClient) -> None:
    # Issue 32 item 13: `tools/list` was 397 KB (~100 k tokens); at most 40 KB, as sent.
    headers = {"accept": "application/json, text/event-stream"}
    r = client.post(
        "/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, headers=headers
    )
    assert r.status_code == 200, r.text
    assert {t["name"] for t in r.json()["result"]["tools"]} == {*ENDPOINTS, "variants", "settings"}
    assert len(r.content) <= 40_000, len(r.content)


def test_settings_tool_answers_the_registry(client: TestClient) -> None:
    async def body(c: Client) -> Any:
        return await c.call_tool("settings", {})

    result = _session(body)
    assert not result.is_error, result.content
    listed = result.structured_content["settings"]
    assert listed == client.get("/v1/settings").json()
    # Every key `overrides` takes is there: each one of the schema the HTTP document carries
    # (the `tai.<item>` and `exclude.<item>` keys as their family's entry).
    keys = {s["key"] for s in listed}
    for key in OVERRIDES_SCHEMA["properties"]:  # type: ignore[attr-defined]
        family = key.split(".")[0] + ".<item>"
        assert key in keys or (family in keys and family in {"tai.<item>", "exclude.<item>"}), key


@pytest.mark.parametrize("name", ["variants", "settings", "waits", "score", "legal"])
def test_a_tool_refuses_an_argument_it_does_not_take(client: TestClient, name: str) -> None:
    # Issue 32 item 14: extra="forbid" everywhere (the variants tool accepted anything).
    args = (
        {}
        if name in ("variants", "settings")
        else dict(ENDPOINTS[name][1].model_json_schema()["examples"][0])
    )
    args["colour"] = "red"

    async def body(c: Client) -> Any:
        return await c.call_tool(name, args)

    result = _session(body)
    assert result.is_error, result.content
    error = result.structured_content["error"]
    assert (error["code"], error["field"]) == ("invalid_request", "colour"), error


def test_each_tool_answers_what_its_endpoint_answers(client: TestClient) -> None:
    async def body(c: Client) -> dict[str, Any]:
        out = {}
        for name, (_, model) in ENDPOINTS.items():
            out[name] = await c.call_tool(name, _example(model))
        out["variants"] = await c.call_tool("variants", {})
        return out

    results = _session(body)
    for name, (path, model) in ENDPOINTS.items():
        result = results[name]
        assert not result.is_error, (name, result.content)
        http = client.post(path, json=_example(model)).json()
        # A list answer comes as an object's one member (structured content is an object).
        got = result.structured_content
        assert (got["waits"] if isinstance(http, list) else got) == http, name
    assert not results["variants"].is_error
    assert results["variants"].structured_content["variants"] == client.get("/v1/variants").json()


def test_score_tool_on_000_example_one() -> None:
    # 000 計分 範例一: 門清 1 + 自摸 1 + 不求 1 = 3 台; the dealer pays 11, the others 6.
    async def body(c: Client) -> Any:
        return await c.call_tool("score", _example(ScoreRequest))

    data = _session(body).structured_content
    assert data["total_tai"] == 3
    assert [i["name"] for i in data["items"]] == ["門清", "自摸", "不求"]
    assert data["net_tai"] == [-11, 23, -6, -6]


def test_bad_input_is_a_tool_error_with_code_and_field(client: TestClient) -> None:
    cases: list[tuple[str, dict[str, Any], str]] = [
        ("waits", {"hand": "123x"}, "/v1/waits"),
        (
            "score",
            {
                "hand": "123456789m234p56p77s",
                "win_tile": "7p",
                "melds": [{"kind": "pon", "tiles": "12m"}],
            },
            "/v1/score",
        ),
        ("score", {"hand": "123456789m234p56p77s"}, "/v1/score"),
        (
            "compare",
            {**_example(ScoreRequest), "variants": [{"overrides": {"nope": 1}}]},
            "/v1/compare",
        ),
    ]

    async def body(c: Client) -> list[Any]:
        return [await c.call_tool(name, args) for name, args, _ in cases]

    for (name, args, path), result in zip(cases, _session(body), strict=True):
        assert result.is_error, name
        error = result.structured_content["error"]
        # The same code and field as the HTTP 4xx for the same body.
        http = client.post(path, json=args)
        assert http.status_code == 422
        assert error == http.json()["error"], (name, error, http.json())
        assert error["code"] and error["field"], error


def test_unknown_tool_is_an_error() -> None:
    async def body(c: Client) -> Any:
        return await c.call_tool("nope", {})

    result = _session(body)
    assert result.is_error and result.structured_content["error"]["code"] == "not_found"


def test_tools_are_mounted_on_the_service(client: TestClient) -> None:
    # Streamable HTTP, stateless with JSON answers: one POST is one JSON-RPC exchange.
    headers = {"accept": "application/json, text/event-stream"}
    call = {"name": "score", "arguments": _example(ScoreRequest)}
    r = client.post(
        "/mcp",
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": call},
        headers=headers,
    )
    assert r.status_code == 200, r.text
    assert r.json()["result"]["structuredContent"]["total_tai"] == 3


def test_a_tool_is_heavy_exactly_when_its_endpoint_is() -> None:
    # Issue 12 item 8: heavy work never runs on the event loop, whichever door it comes in by.
    routes = {
        r.path: r
        for module in (analyze, game, score, values, waits)
        for r in module.router.routes
        if isinstance(r, APIRoute) and "POST" in (r.methods or ())
    }
    heavy = {t.name for t in TOOLS if t.heavy}
    assert heavy == {
        name for name, (path, _) in ENDPOINTS.items() if is_heavy(routes[path].endpoint)
    }
    assert {"compare", "legal", "replay"} <= heavy


def test_heavy_tools_run_in_a_worker_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    legal = game.legal_of

    def recording(req: LegalRequest) -> Any:
        seen.append(threading.get_ident())
        return legal(req)

    monkeypatch.setattr(game, "legal_of", recording)

    async def body(c: Client) -> Any:
        return await c.call_tool("legal", _example(LegalRequest))

    result = _session(body)
    assert not result.is_error, result.content
    assert seen and seen[0] != threading.get_ident()


def test_heavy_tools_share_the_heavy_routes_bound(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every slot and queue place taken: a heavy tool is refused at once with the HTTP 503
    # body, as a heavy route is; a light tool still answers.
    monkeypatch.setattr(offload, "_admitted", offload.HEAVY_SLOTS + offload.HEAVY_QUEUE)

    async def body(c: Client) -> list[Any]:
        return [
            await c.call_tool("replay", _example(ReplayRequest)),
            await c.call_tool("waits", _example(WaitsRequest)),
        ]

    replay, waits = _session(body)
    http = client.post("/v1/replay", json=_example(ReplayRequest))
    assert http.status_code == 503
    assert replay.is_error and replay.structured_content == http.json()
    assert replay.structured_content["error"]["code"] == "busy"
    assert not waits.is_error


def test_an_mcp_body_too_long_to_parse_is_refused_unparsed(client: TestClient) -> None:
    # The SDK parses on the event loop: past offload.MAX_JSON_VALUES values, 413 first.
    many = (
        b'{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":['
        + b"{}," * (offload.MAX_JSON_VALUES)
        + b"{}]}}"
    )
    headers = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
    r = client.post("/mcp", content=many, headers=headers)
    assert r.status_code == 413
    assert r.json()["error"]["code"] == "too_large"
