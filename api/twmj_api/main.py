"""The app factory: routers, error handlers, body limit, the web page at `/`, the API docs
(served offline) and the MCP tools at `/mcp`."""

from __future__ import annotations

import functools
import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import orjson
from fastapi import FastAPI
from fastapi.openapi.docs import get_redoc_html
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from fastapi_offline.core import _STATIC_PATH as OFFLINE_STATIC
from mcp.server.transport_security import DEFAULT_MAX_REQUEST_BODY_SIZE
from mcp.types import jsonrpc_message_adapter
from pydantic import ValidationError
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import twmj
from twmj_api import errors, offload, tools, wasm_demo
from twmj_api import table as table_key
from twmj_api.responses import JSONResponse
from twmj_api.routers import (
    analyze,
    game,
    health,
    quiz,
    score,
    shanten,
    table,
    tiles,
    values,
    variants,
    waits,
)
from twmj_api.schemas.variants import VariantOut

STATIC = Path(__file__).parent / "static"

#: The one off-host fetch of fastapi-offline's Redoc bundle: the Redocly logo in the side
#: menu's footer (issue 32). The service serves the bundle with the logo pointed at its own icon.
REDOC_LOGO = b"https://cdn.redoc.ly/redoc/logo-mini.svg"


@functools.cache
def redoc_js() -> bytes:
    """fastapi-offline's Redoc bundle, its logo served by the service."""
    js = (OFFLINE_STATIC / "redoc.standalone.js").read_bytes()
    return js.replace(REDOC_LOGO, b"/static/favicon.svg")


MAX_BODY = (
    8 << 20
)  # 8 MiB: above any valid request (the longest, a 200 000-character record, escaped)


class BodyLimit:
    """Refuses bodies over `max_body` bytes with a 413, whether or not they declare a length
    (a chunked body is counted as it arrives), so no request can make the server buffer
    without bound."""

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body
        self.too_large = f"request body over {max_body} bytes"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_large = self.too_large
        for name, length in scope["headers"]:
            if name == b"content-length":
                if not length.isdigit() or int(length) > self.max_body:
                    response = errors.error_response(413, "too_large", too_large, None)
                    await response(scope, receive, send)
                    return
                break
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise HTTPException(413, too_large)
            return message

        await self.app(scope, counted, send)


class HeadAsGet:
    """`HEAD` answers as `GET` does, without the body (RFC 9110 §9.3.2): a liveness probe by
    `HEAD /health` gets its 200, a path that takes no `GET` its 405."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headless(message: Message) -> None:
            if message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headless)


def _accepts_json(accept: str | None) -> bool:
    if accept is None:
        return True
    types = {part.split(";")[0].strip().lower() for part in accept.split(",")}
    return bool(types & {"application/json", "application/*", "*/*"})


#: The largest `/mcp` body: the MCP SDK's own cap (it would answer past it in plain text).
MCP_MAX_BODY: int = DEFAULT_MAX_REQUEST_BODY_SIZE


def _parsed_message(body: bytes) -> None:
    """Parses and validates an MCP message as the SDK will (raises its errors), so a body that
    is slow to parse is parsed in a worker thread, not on the event loop."""
    data = orjson.loads(body)
    jsonrpc_message_adapter.validate_python(data, by_name=False)


class MCPEndpoint:
    """`/mcp`: the MCP tools over streamable HTTP, answered by the app's session manager,
    `POST` only (stateless JSON answers: no stream to `GET`; 405 with the error body).

    The HTTP-level refusals are the service's own, with the error body: a content type other
    than JSON (415), an `Accept` without JSON (406), a body over `MCP_MAX_BODY` (413) or with
    over `offload.MAX_SINGLE_VALUES` JSON values (413), a body that is not JSON (400
    `invalid_request`) or not a JSON-RPC message (400). A body over `offload.SMALL_BODY` is
    parsed and validated first in a worker thread under the heavy routes' bound (503 `busy`
    past it); the SDK's own parse then costs little. A heavy tool's work runs in a worker
    thread under the same bound (`tools.call`)."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        if request.headers.get("content-type", "").partition(";")[0].strip().lower() != (
            "application/json"
        ):
            raise HTTPException(415, "the MCP endpoint takes application/json")
        if not _accepts_json(request.headers.get("accept")):
            raise HTTPException(406, "the MCP endpoint answers application/json")
        body = await request.body()
        if len(body) > MCP_MAX_BODY:
            raise HTTPException(413, f"MCP message over {MCP_MAX_BODY} bytes")
        # A 413 raised here is answered by the app's handler, as a route's is.
        offload.refuse_many_values(body, offload.MAX_SINGLE_VALUES)
        try:
            if len(body) > offload.SMALL_BODY:
                await offload.run_heavy(_parsed_message, body)
            else:
                _parsed_message(body)
        except orjson.JSONDecodeError as e:
            raise HTTPException(400, f"the body is not valid JSON: {e}") from None
        except ValidationError as e:
            raise HTTPException(
                400,
                f"not a JSON-RPC message ({e.error_count()} faults, the first: "
                f"{e.errors(include_url=False)[0]['msg']})"
                if e.error_count() <= errors.ERROR_BUILD_LIMIT
                else f"not a JSON-RPC message ({e.error_count()} faults)",
            ) from None
        await self.app.state.mcp.handle_request(scope, offload.replayed(body), send)


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    # The practice table's key, read (or generated) now: a bad TWMJ_TABLE_SECRET stops the
    # start rather than the first game.
    table_key.cipher()
    # Read-only shared data: the presets, listed once.
    app.state.variants = [
        VariantOut(name=name, settings=twmj.variant_settings(name)) for name in twmj.PRESETS
    ]
    # The registry, validated into the answer's model (its literals) once.
    app.state.settings = variants.settings_out()
    # The MCP session manager runs as long as the app (one per app: it cannot be restarted).
    app.state.mcp = tools.http_manager()
    async with app.state.mcp.run():
        # Everything loaded so far (FastAPI, pydantic, the routes) lives as long as the
        # process: out of the collector's sight, a full collection no longer walks it
        # mid-request, which is what set the p99 (benches/README.md, HTTP load test).
        gc.collect()
        gc.freeze()
        yield


def create_app() -> FastAPI:
    # FastAPIOffline: /docs (Swagger UI) and /redoc load their scripts and styles from the
    # service (shipped in the fastapi-offline package), not from a CDN.
    app = FastAPIOffline(
        lifespan=lifespan,
        title="twmj",
        summary="Taiwanese 16-tile mahjong (台灣十六張麻將): waits, analysis, scoring.",
        version=twmj.__version__,
        default_response_class=JSONResponse,
        # The validator badge would call out to another host.
        swagger_ui_parameters={"validatorUrl": None},
        # /redoc is the service's own (below): the bundle's logo comes from the service.
        redoc_url=None,
    )

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> HTMLResponse:
        return get_redoc_html(
            openapi_url=app.openapi_url or "/openapi.json",
            title=f"{app.title} - ReDoc",
            redoc_js_url="/redoc.standalone.js",
            redoc_favicon_url="/static/favicon.svg",
            with_google_fonts=False,
        )

    @app.get("/redoc.standalone.js", include_in_schema=False)
    async def redoc_bundle() -> Response:
        return Response(redoc_js(), media_type="text/javascript")

    errors.install(app)

    app.add_middleware(BodyLimit, max_body=MAX_BODY)
    app.add_middleware(HeadAsGet)
    # The routers' routes go straight into the app's table: each is complete where it is
    # declared (prefix, tags, error responses, route class), and FastAPI matches an included
    # router lazily, walking it on every request (about 15 % of a light request's Python
    # time; benches/README.md, HTTP load test). The OpenAPI document is the same either way.
    for router in (
        health.router,
        waits.router,
        shanten.router,
        analyze.router,
        score.router,
        variants.router,
        game.router,
        tiles.router,
        quiz.router,
        values.router,
        table.router,
    ):
        app.router.routes.extend(router.routes)

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    # Browsers ask for /favicon.ico whatever the page links: the same icon as the page's.
    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    wasm_demo.mount(app)
    app.router.routes.append(Route("/mcp", endpoint=MCPEndpoint(app), methods=["POST"]))
    return app


app = create_app()
