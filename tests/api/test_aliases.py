"""Issue 32 item 14: a term a request gives may be written as its key or as its Chinese name
(`吃`, `自摸`, `嗆聽`, `東`), as the CLI takes it and the descriptions write it, over HTTP and MCP
alike; and no request model takes a field it does not know (`extra="forbid"` everywhere).

Each name is read from the core's vocabulary, and the expectation is independent of the alias:
the request with the name is answered exactly as the request with the key."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from mcp.client import Client
from pydantic import BaseModel

import twmj
from twmj.cli import main
from twmj_api.tools import SERVER, TOOLS, input_schema

#: 000 計分 範例一 (閒家自摸, 莊家連莊 2 次): 門清 + 自摸 + 不求 = 3 台.
EXAMPLE: dict[str, Any] = {
    "hand": "123456789m234p56p77s",
    "win_tile": "7p",
    "context": {"winner": 1, "dealer": 0, "streak": 2, "seat_wind": "S", "win": "self_draw"},
}

#: A meld's tiles for each kind: three in a row, three alike, four alike.
MELD_TILES = {"chi": "123p", "pon": "555s", "minkan": "1111z", "kakan": "1111z", "ankan": "1111z"}


def _mcp(name: str, args: dict[str, Any]) -> Any:
    async def run() -> Any:
        async with Client(SERVER) as c:
            return await c.call_tool(name, args)

    return asyncio.run(run())


def _both(client: TestClient, tool: str, args: dict[str, Any]) -> tuple[int, Any]:
    """The HTTP answer (status, body) to `args`, checked to be what the MCP tool answers."""
    http = client.post(f"/v1/{tool}", json=args)
    result = _mcp(tool, args)
    assert result.is_error == (http.status_code != 200), (tool, args, http.text)
    got = result.structured_content
    body = http.json()
    assert (got["waits"] if isinstance(body, list) else got) == body, (tool, args)
    return http.status_code, body


def _same(client: TestClient, tool: str, by_key: dict[str, Any], by_name: dict[str, Any]) -> Any:
    """Both requests are answered alike, over HTTP and over MCP; the answer by key."""
    status, answer = _both(client, tool, by_key)
    assert _both(client, tool, by_name) == (status, answer), (by_key, by_name)
    return answer


def _with_context(**context: Any) -> dict[str, Any]:
    return {**EXAMPLE, "context": {**EXAMPLE["context"], **context}}


def test_the_issues_examples_are_answered(client: TestClient) -> None:
    # The calls the issue saw refused: `{"kind": "吃"}` and `"win": "自摸"`.
    status, s = _both(client, "score", _with_context(win="自摸", seat_wind="南"))
    assert status == 200 and s["total_tai"] == 3, s
    assert [i["name"] for i in s["items"]] == ["門清", "自摸", "不求"]
    # 二二二三四五六萬 四到九筒 + 吃 一二三筒 waits on 1m 3m 4m 6m 7m (the taiwan text's example).
    status, w = _both(
        client, "waits", {"hand": "2223456m456789p", "melds": [{"kind": "吃", "tiles": "123p"}]}
    )
    assert status == 200 and [x["tile"] for x in w["waits"]] == ["1m", "3m", "4m", "6m", "7m"]


@pytest.mark.parametrize("key", list(twmj.MELD_KINDS))
def test_a_meld_kind_by_name(client: TestClient, key: str) -> None:
    name = twmj.MELD_KINDS[key]
    hand = {"hand": "2223456m456789p"}

    def meld(kind: str) -> dict[str, Any]:
        return {**hand, "melds": [{"kind": kind, "tiles": MELD_TILES[key]}]}

    answer = _same(client, "waits", meld(key), meld(name))
    assert answer["tenpai"], answer


@pytest.mark.parametrize("key", twmj.REGULAR_WIN_KINDS)
def test_a_win_kind_by_name(client: TestClient, key: str) -> None:
    name = twmj.WIN_KINDS[key]
    payer = {"from_seat": 2} if key in twmj.FROM_SEAT_WIN_KINDS else {}
    # Some kinds do not fit this hand (四槓胡 wants four kongs): then both are the same 422.
    _same(client, "score", _with_context(win=key, **payer), _with_context(win=name, **payer))
    _same(
        client,
        "wait_values",
        {"hand": "123456789m234p56p7s", "context": {"win": key, **payer}},
        {"hand": "123456789m234p56p7s", "context": {"win": name, **payer}},
    )


@pytest.mark.parametrize("key", [k for k in twmj.DECLARATIONS if k != "none"])
def test_a_declaration_by_name(client: TestClient, key: str) -> None:
    name = twmj.DECLARATIONS[key]
    answer = _same(client, "score", _with_context(declared=key), _with_context(declared=name))
    # 000 嗆聽與 MIGI / 001 天聽: the declaration is counted (an item beyond 範例一's three).
    assert answer["total_tai"] > 3, answer
    snapshot = {
        "seat": 0,
        "hand": "555m 123p456p789p 1123s",
        "drawable": 40,
        "decision": {"offer": {"from": 2, "discard": "5m"}},
    }
    _same(
        client,
        "legal",
        {"snapshot": {**snapshot, "declared": key}},
        {"snapshot": {**snapshot, "declared": name}},
    )


@pytest.mark.parametrize("index", range(len(twmj.VOCABULARY["winds"])))
def test_a_wind_by_key_name_or_index(client: TestClient, index: int) -> None:
    wind = twmj.VOCABULARY["winds"][index]
    # A context's winds: by key (`S`) or name (`南`).
    _same(
        client,
        "score",
        _with_context(seat_wind=wind["key"], round_wind=wind["key"]),
        _with_context(seat_wind=wind["name"], round_wind=wind["name"]),
    )
    # The round wind of a replay and of a snapshot, an index elsewhere: by key and name too.
    record = _finished_record()
    for written in (wind["key"], wind["name"]):
        _same(
            client,
            "replay",
            {"record": record, "round_wind": index},
            {"record": record, "round_wind": written},
        )
    snapshot = {
        "seat": 0,
        "hand": "555m 123p456p789p 1123s",
        "drawable": 40,
        "decision": {"offer": {"from": 2, "discard": "5m"}},
    }
    _same(
        client,
        "legal",
        {"snapshot": {**snapshot, "round_wind": index}},
        {"snapshot": {**snapshot, "round_wind": wind["name"]}},
    )


def _finished_record() -> str:
    """A finished hand's record (a seeded game played to its end by the first legal action)."""
    g = twmj.Game(seed=7)
    while not g.is_over:
        seat = g.pending[0]
        g.apply(seat, g.legal_actions(seat)[0])
    return g.record()


def test_a_term_that_is_neither_key_nor_name_is_refused(client: TestClient) -> None:
    for context, field in [
        ({"win": "自摸了"}, "context.win"),
        ({"seat_wind": "東風"}, "context.seat_wind"),
        ({"declared": "聽"}, "context.declared"),
    ]:
        status, body = _both(client, "score", _with_context(**context))
        assert status == 422 and body["error"]["field"] == field, body
    status, body = _both(client, "replay", {"record": _finished_record(), "round_wind": "東風"})
    assert status == 422 and body["error"]["field"] == "round_wind", body
    assert "東風" in body["error"]["message"] and "東南西北" in body["error"]["message"]


def test_the_cli_takes_the_same_names(capsys: pytest.CaptureFixture[str]) -> None:
    # The CLI passes its flags to the core, which reads key or name alike (vocab.rs).
    argv = ["score", EXAMPLE["hand"], EXAMPLE["win_tile"], "--winner", "1", "--streak", "2"]
    assert main([*argv, "--seat-wind", "南", "--win", "自摸", "--json"]) == 0
    by_name = json.loads(capsys.readouterr().out)
    assert main([*argv, "--seat-wind", "S", "--win", "self_draw", "--json"]) == 0
    assert by_name == json.loads(capsys.readouterr().out)
    assert by_name["total_tai"] == 3


def _objects(schema: Any, path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every object schema with properties inside `schema`, with where it is."""
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(schema, dict):
        if "properties" in schema:
            found.append((path, schema))
        for k, v in schema.items():
            if k not in ("examples", "default", "enum", "const"):
                found += _objects(v, f"{path}/{k}")
    elif isinstance(schema, list):
        for i, v in enumerate(schema):
            found += _objects(v, f"{path}[{i}]")
    return found


def test_every_request_model_forbids_unknown_fields(client: TestClient) -> None:
    # Every object a request or a tool takes says `additionalProperties: false`, and means it.
    doc = client.get("/openapi.json").json()
    bodies = {
        path: op["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        for path, item in doc["paths"].items()
        for op in item.values()
        if "requestBody" in op
    }
    assert bodies, "the service takes request bodies"
    components = doc["components"]["schemas"]
    # The request models and every model they refer to (not the answers).
    todo = [ref.rsplit("/", 1)[1] for ref in bodies.values()]
    reached: set[str] = set()
    while todo:
        name = todo.pop()
        if name in reached:
            continue
        reached.add(name)
        text = json.dumps(components[name])
        todo += [part.split('"', 1)[0] for part in text.split('"#/components/schemas/')[1:]]
    assert {"ScoreRequest", "ContextIn", "Meld", "Snapshot", "OfferIn"} <= reached
    for name in reached:
        for where, obj in _objects(components[name], name):
            assert obj.get("additionalProperties") is False, where
    for tool in TOOLS:
        schema = input_schema(tool.model)
        assert schema.get("additionalProperties") is False, tool.name
        for where, obj in _objects(schema):
            assert obj.get("additionalProperties") is False, (tool.name, where)
    # And the service refuses one, on every route that takes a body (its example plus a field).
    routes = [r for r in client.app.routes if isinstance(r, APIRoute) and r.body_field]  # type: ignore[attr-defined]
    assert {r.path for r in routes} == set(bodies)
    for route in routes:
        model = route.body_field.field_info.annotation  # type: ignore[union-attr]
        assert isinstance(model, type) and issubclass(model, BaseModel), route.path
        example = dict(model.model_json_schema()["examples"][0])
        r = client.post(route.path, json={**example, "colour": "red"})
        assert r.status_code == 422, (route.path, r.text)
        assert r.json()["error"]["field"] == "colour", (route.path, r.json())
