"""The light routes' direct answer (`OffLoopRoute`) is FastAPI's answer, only sooner.

The reference is FastAPI's own handler as the service runs it (the route class with its
direct answer switched off: the body read once, parsed with orjson): the same endpoints
mounted in an app with the same error handlers. Every body below, valid or not, in every content
type, must get the same status, the same headers that matter and the same body from both.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from twmj_api import errors
from twmj_api.main import create_app
from twmj_api.offload import OffLoopRoute
from twmj_api.responses import JSONResponse

#: The light POST routes that answer directly (a body model in, a `Response` out).
DIRECT = ("/v1/waits", "/v1/analyze", "/v1/score")

# 000 計分 範例一 (3 台 for the winner, seat 1) and a ready hand: valid bodies.
VALID: dict[str, dict[str, Any]] = {
    "/v1/waits": {"hand": "2223456m123456789p"},
    "/v1/analyze": {"hand": "2223456m123456789p1s"},
    "/v1/score": {
        "hand": "123456789m234p56p77s",
        "win_tile": "7p",
        "context": {"winner": 1, "dealer": 0, "streak": 2, "seat_wind": "S"},
    },
}


def _app(route_class: type[APIRoute]) -> FastAPI:
    """An app with the service's error handlers and the direct routes' endpoints mounted
    with `route_class`."""
    app = FastAPI(default_response_class=JSONResponse)
    errors.install(app)
    served = {r.path: r for r in create_app().router.routes if isinstance(r, OffLoopRoute)}
    for path in DIRECT:
        original = served[path]
        app.router.routes.append(
            route_class(
                path,
                original.endpoint,
                methods=["POST"],
                response_model=original.response_model,
                response_class=JSONResponse,
            )
        )
    return app


class FastAPIHandler(OffLoopRoute):
    """The route class without its direct answer: every request through FastAPI's handler."""

    def _direct(self) -> None:
        return None


@pytest.fixture(scope="module")
def pair() -> Iterator[tuple[TestClient, TestClient]]:
    with TestClient(_app(OffLoopRoute)) as direct, TestClient(_app(FastAPIHandler)) as fastapi:
        yield direct, fastapi


def _same(pair: tuple[TestClient, TestClient], path: str, body: bytes, ctype: str | None) -> int:
    direct, fastapi = pair
    headers = {} if ctype is None else {"content-type": ctype}
    a = direct.post(path, content=body, headers=headers)
    b = fastapi.post(path, content=body, headers=headers)
    assert (a.status_code, a.headers.get("content-type"), a.content) == (
        b.status_code,
        b.headers.get("content-type"),
        b.content,
    ), (path, body[:200], ctype)
    return a.status_code


def test_the_routes_that_answer_directly() -> None:
    # The routes that answer the library's data take the direct path; a route that answers a
    # model keeps FastAPI's handler.
    routes = {r.path: r for r in create_app().router.routes if isinstance(r, OffLoopRoute)}
    for path in DIRECT:
        assert routes[path]._direct() is not None, path
    assert routes["/v1/tiles/read"]._direct() is None  # answers a model


@pytest.mark.parametrize("path", DIRECT)
@pytest.mark.parametrize(
    "ctype",
    [
        "application/json",
        "application/json; charset=utf-8",
        "Application/JSON",
        "application/vnd.api+json",
        "text/plain",
        "application/x-www-form-urlencoded",
        None,
    ],
)
def test_valid_body_in_every_content_type(
    pair: tuple[TestClient, TestClient], path: str, ctype: str | None
) -> None:
    status = _same(pair, path, json.dumps(VALID[path]).encode(), ctype)
    # FastAPI reads JSON only under a JSON content type (strict by default).
    assert (status == 200) == (ctype is not None and "json" in ctype.lower())


@pytest.mark.parametrize("path", DIRECT)
def test_an_integer_valued_float_is_an_integer(
    pair: tuple[TestClient, TestClient], path: str
) -> None:
    # JSON Schema's `integer` admits 3.0, and the OpenAPI says what the server accepts.
    body = json.dumps({**VALID[path], "overrides": {"min_tai": 3.0}}).encode()
    assert _same(pair, path, body, "application/json") == 200


def _variants(path: str) -> list[bytes]:
    good = VALID[path]
    bodies: list[Any] = [
        {},
        [],
        None,
        "hand",
        3,
        {**good, "extra": 1},
        {k: v for k, v in good.items() if k != "hand"},
        {**good, "hand": 123},
        {**good, "hand": "2223456m12345678"},  # the wrong size
        {**good, "hand": "2x"},  # not a tile
        {**good, "variant": "no_such_preset"},
        {**good, "overrides": {"no_such_setting": 1}},
    ]
    if path == "/v1/score":
        bodies += [
            {**good, "context": {**good["context"], "winner": 9}},
            {**good, "context": {**good["context"], "dice": [1, 2, 7]}},
            {**good, "win_tile": "9z"},
        ]
    raw = [json.dumps(b).encode() for b in bodies]
    return [*raw, b"", b"{", b'{"hand": "2223456m123456789p",}', b"\xff\xfe", b'"\\ud800"']


@pytest.mark.parametrize("path", DIRECT)
def test_every_refusal_is_fastapis(pair: tuple[TestClient, TestClient], path: str) -> None:
    statuses = {_same(pair, path, body, "application/json") for body in _variants(path)}
    # The list holds refusals of each kind: validation (422) and the library's own (4xx).
    assert 422 in statuses
    assert all(400 <= s < 500 for s in statuses), statuses


_json: Callable[[], st.SearchStrategy[Any]] = lambda: st.recursive(  # noqa: E731
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=8,
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    path=st.sampled_from(DIRECT),
    key=st.sampled_from(["hand", "win_tile", "melds", "context", "variant", "overrides", "x"]),
    value=_json(),
)
def test_any_field_value_answers_as_fastapi(
    pair: tuple[TestClient, TestClient], path: str, key: str, value: Any
) -> None:
    # A valid body with one field replaced by any JSON value.
    _same(pair, path, json.dumps({**VALID[path], key: value}).encode(), "application/json")
