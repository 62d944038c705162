"""Heavy requests off the event loop: parsing, validation, the work and the answer's JSON run
in a worker thread, a bounded number at once, so light requests stay fast next to them.

A route class, so each route keeps its declared body and the OpenAPI document: the route's
own FastAPI handler runs unchanged, on an event loop in the worker thread, with the body the
main loop has already read (bounded by `BodyLimit`). A `heavy` endpoint (the batches,
compare, replay, legal) always goes to a thread; any other stays on the loop with a small
body limit, since a light request is small. Parsing holds the GIL wherever it runs, so
bodies that would take long to parse are refused before parsing (`SMALL_BODY`,
`MAX_JSON_VALUES`). Past `HEAVY_SLOTS` running and `HEAVY_QUEUE` waiting, a heavy
request gets a 503 with `Retry-After` at once rather than a place in an unbounded queue.
"""

from __future__ import annotations

import asyncio
import inspect
import math
import sys
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar, get_type_hints

import anyio
import anyio.to_thread
import orjson
from fastapi.routing import APIRoute
from pydantic import ValidationError
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Message, Scope

from twmj_api import errors

#: Heavy requests worked on at once per worker process (the machine's 2 cores: more threads
#: would only take turns at the GIL, and the event loop's turn with them).
HEAVY_SLOTS = 2
#: Heavy requests that may wait for a slot; past them, 503.
HEAVY_QUEUE = 16
#: The largest body of a light route (413 past it): a valid light request is under 16 KiB
#: (the longest, a score with a 100-entry override table). Parsing a body holds the GIL, so
#: a large one would stall the loop wherever it is parsed: it is refused unparsed instead.
SMALL_BODY = 64 * 1024
#: The most JSON values a batch body may hold (counted from its commas and brackets, an upper
#: bound, before it is parsed; 413 past it): a 1000-item batch holds fewer. 8 MiB of `{},`
#: would be 2.8 million objects, over a second of parsing.
MAX_JSON_VALUES = 250_000
#: The most JSON values any other body may hold (a heavy route that is not a batch, an MCP
#: message): the largest valid one, a comparison of 8 rule sets of 100 overrides each, holds
#: under 2 000; a record is one string.
MAX_SINGLE_VALUES = 10_000

#: How often a thread holding the GIL hands it over when another waits (CPython's default
#: is 5 ms): the event loop waits at most this long per turn while heavy threads run.
SWITCH_INTERVAL = 0.001

_limiter: anyio.CapacityLimiter | None = None
_admitted = 0


class BusyError(Exception):
    """More heavy requests than `HEAVY_SLOTS + HEAVY_QUEUE` at once; answered 503."""


_UNPARSED = object()


class _JSONRequest(Request):
    """A request whose body is already read, parsed with orjson (faster than the standard
    library's parser, whose decode error it subclasses, so FastAPI answers it the same way)."""

    def __init__(self, scope: Scope, body: bytes, data: Any = _UNPARSED) -> None:
        super().__init__(scope, replayed(body))
        if data is not _UNPARSED:
            self._json = data

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = orjson.loads(await self.body())
        return self._json


def _handle(
    handler: Callable[[Request], Coroutine[Any, Any, Response]],
    scope: Scope,
    body: bytes,
    check: Callable[[bytes], Any] | None,
) -> Response:
    """Runs the route's handler to its `Response` in this worker thread, on a loop of its own
    for the call (about 0.1 ms, small next to a heavy request; one kept per thread would be
    left unclosed when the pool retires the thread). `check` first parses and validates the
    body with its cost bounded (`OffLoopRoute._checker`)."""
    data = _UNPARSED if check is None else check(body)
    return asyncio.run(handler(_JSONRequest(scope, body, data)))


def _too_large(message: str) -> HTTPException:
    return HTTPException(413, message)


def refuse_many_values(body: bytes, limit: int = MAX_JSON_VALUES) -> None:
    """413 for a body that may hold over `limit` JSON values, before it is parsed."""
    values = body.count(b",") + body.count(b"[") + body.count(b"{")
    if values > limit:
        raise _too_large(f"request body with over {limit} JSON values")


def most_values(schema: dict[str, Any], defs: dict[str, Any], depth: int = 0) -> float:
    """The most JSON values (containers and scalars) a body valid under the JSON `schema` can
    hold, read from its `maxItems` and `maxProperties`; infinite where it sets none. A body's
    count of commas and brackets is at most this when its strings hold none (as valid tile
    notation does not)."""
    if depth > 64:
        return math.inf
    if "$ref" in schema:
        return most_values(defs[schema["$ref"].rsplit("/", 1)[-1]], defs, depth + 1)
    for key in ("anyOf", "oneOf", "allOf"):
        if key in schema:
            return max(most_values(s, defs, depth + 1) for s in schema[key])
    if schema.get("type") == "object" or "properties" in schema:
        inner = [most_values(p, defs, depth + 1) for p in schema.get("properties", {}).values()]
        extra = schema.get("additionalProperties", True)
        most: float | None = schema.get("maxProperties")
        if extra is not False:
            if most is None:
                return math.inf
            each = 1 if extra is True else most_values(extra, defs, depth + 1)
            return 1 + most * max([each, *inner])
        if most is not None and most < len(inner):
            return 1 + most * max(inner)
        return 1 + sum(inner)
    if schema.get("type") == "array":
        items: float | None = schema.get("maxItems")
        if items is None:
            return math.inf
        return 1 + items * most_values(schema.get("items", {}), defs, depth + 1)
    return 1


def replayed(body: bytes) -> Callable[[], Coroutine[Any, Any, Message]]:
    """An ASGI `receive` that gives `body`, already read, once."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return receive


_HEAVY: set[Callable[..., Any]] = set()

Endpoint = TypeVar("Endpoint", bound=Callable[..., Any])
Result = TypeVar("Result")


def heavy(endpoint: Endpoint) -> Endpoint:
    """Marks an endpoint whose every request runs in a worker thread (a batch, a whole game
    record); put it under the route decorator."""
    _HEAVY.add(endpoint)
    return endpoint


def _json_content_type(request: Request) -> bool:
    """Whether the request declares a JSON body exactly as `application/json` (parameters
    such as `; charset=utf-8` allowed); any other spelling takes FastAPI's own path."""
    value = request.headers.get("content-type")
    return value is not None and value.partition(";")[0].strip().lower() == "application/json"


class OffLoopRoute(APIRoute):
    """The route class of every router: a `heavy` endpoint's request runs in a worker thread;
    any other on the event loop, its body at most `SMALL_BODY`.

    A light route whose endpoint takes one body model and nothing else and returns a
    `Response` (the hot ones: `/v1/waits`, `/v1/score`, …) answers a valid request directly:
    the body parsed with orjson, validated by FastAPI's own body field (the very call its
    handler makes), the endpoint awaited. That skips the per-request work FastAPI does for
    routes with dependencies, about 40 % of such a request's Python time (benches/README.md,
    HTTP load test). Anything else (no JSON content type, a body that does not parse or
    validate) goes through FastAPI's handler with the same body, so every error answer is
    FastAPI's own."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        always = self.endpoint in _HEAVY
        check = self._checker()
        direct = None if always else self._direct()
        values = self._value_cap()

        async def route(request: Request) -> Response:
            if request.method in ("GET", "HEAD"):
                return await handler(request)
            body = await request.body()
            json = body and _json_content_type(request)
            if not always:
                if len(body) > SMALL_BODY:
                    raise _too_large(f"request body over {SMALL_BODY} bytes (this route's limit)")
                if direct is not None and json:
                    response = await direct(body)
                    if response is not None:
                        return response
                data = check(body) if check is not None and json else _UNPARSED
                return await handler(_JSONRequest(request.scope, body, data))
            refuse_many_values(body, values)
            return await _offload(handler, request.scope, body, check if json else None)

        return route

    def _value_cap(self) -> int:
        """The most JSON values this route's body may hold before it is parsed: for a batch,
        what its schema allows (a waits batch far fewer than a score batch with override
        tables), at most `MAX_JSON_VALUES`; `MAX_SINGLE_VALUES` for any other body."""
        if not self.path_format.endswith("/batch"):
            return MAX_SINGLE_VALUES
        field = self.body_field
        if field is None:
            return MAX_JSON_VALUES
        schema = field._type_adapter.json_schema(ref_template="#/$defs/{model}")
        most = most_values(schema, schema.get("$defs", {}))
        return int(min(MAX_JSON_VALUES, max(MAX_SINGLE_VALUES, most)))

    def _checker(self) -> Callable[[bytes], Any] | None:
        """For a route whose body is one model: the body parsed and validated before FastAPI
        validates it again, so a body with many faults costs no more than `ERROR_BUILD_LIMIT`
        details (`errors.bounded`; FastAPI would build one per fault). `None` for any other
        route, and when the body is not JSON (FastAPI answers that)."""
        d = self.dependant
        field = self.body_field
        if field is None or len(d.body_params) != 1 or getattr(field.field_info, "embed", False):
            return None
        adapter = field._type_adapter

        def check(body: bytes) -> Any:
            try:
                data = orjson.loads(body)
            except orjson.JSONDecodeError:
                return _UNPARSED
            errors.refuse_big_objects(data)
            try:
                adapter.validate_python(data, from_attributes=True)
            except ValidationError as e:
                raise errors.bounded(e, data) from None
            return data

        return check

    def _direct(self) -> Callable[[bytes], Coroutine[Any, Any, Response | None]] | None:
        """The direct answer of a valid request, `None` when the request is not valid (FastAPI
        then answers it); `None` for a route that needs FastAPI's whole handler."""
        d = self.dependant
        field = self.body_field
        takes_one_body = (
            len(d.body_params) == 1
            and not (d.path_params or d.query_params or d.header_params or d.cookie_params)
            and not d.dependencies
            and d.request_param_name is None
            and d.response_param_name is None
            and d.background_tasks_param_name is None
            and inspect.iscoroutinefunction(self.endpoint)
        )
        returns = get_type_hints(self.endpoint).get("return")
        if field is None or not takes_one_body or not _is_response(returns):
            return None
        endpoint = self.endpoint
        name = field.name

        adapter = field._type_adapter

        async def direct(body: bytes) -> Response | None:
            try:
                data = orjson.loads(body)
            except orjson.JSONDecodeError:
                return None
            errors.refuse_big_objects(data)
            try:
                value = adapter.validate_python(data, from_attributes=True)
            except ValidationError as e:
                raise errors.bounded(e, data) from None
            response: Response = await endpoint(**{name: value})
            return response

        return direct


async def _offload(
    handler: Callable[[Request], Coroutine[Any, Any, Response]],
    scope: Scope,
    body: bytes,
    check: Callable[[bytes], Any] | None,
) -> Response:
    return await run_heavy(_handle, handler, scope, body, check)


def _is_response(annotation: object) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, Response)


def is_heavy(endpoint: Callable[..., Any]) -> bool:
    """Whether `endpoint` was marked `heavy` (its work always runs in a worker thread)."""
    return endpoint in _HEAVY


async def run_heavy(work: Callable[..., Result], *args: Any) -> Result:
    """`work(*args)` in a worker thread, under the bound every heavy request shares (the heavy
    routes and the MCP tools that answer like them): `BusyError` at once past
    `HEAVY_SLOTS + HEAVY_QUEUE` admitted."""
    global _limiter, _admitted
    if _limiter is None:
        _limiter = anyio.CapacityLimiter(HEAVY_SLOTS)
        sys.setswitchinterval(SWITCH_INTERVAL)
    if _admitted >= HEAVY_SLOTS + HEAVY_QUEUE:
        raise BusyError
    _admitted += 1
    try:
        return await anyio.to_thread.run_sync(work, *args, limiter=_limiter)
    finally:
        _admitted -= 1
