"""One table from library errors to HTTP answers, and the `{error: {code, message, field}}` body."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response

import twmj
from twmj_api.schemas import ErrorDetail

#: Library error class → (HTTP status, error code). The first matching class wins.
ERROR_TABLE: list[tuple[type[twmj.Error], int, str]] = [
    (twmj.TileError, 422, "tile_error"),
    (twmj.HandError, 422, "hand_error"),
    (twmj.VariantError, 422, "variant_error"),
    (twmj.ContextError, 422, "context_error"),
    (twmj.IllegalActionError, 422, "illegal_action"),
    (twmj.Error, 422, "twmj_error"),
]


class FieldError(Exception):
    """A library error tagged with the request field it came from."""

    def __init__(self, error: twmj.Error, field: str | None) -> None:
        super().__init__(str(error))
        self.error = error
        self.field = field


def detail(e: FieldError) -> ErrorDetail:
    """The `{code, message, field}` of a library error, for batch answers."""
    code = next((c for cls, _, c in ERROR_TABLE if isinstance(e.error, cls)), "twmj_error")
    return ErrorDetail(code=code, message=str(e.error), field=e.field)


def error_body(code: str, message: str, field: str | None) -> bytes:
    return orjson.dumps({"error": {"code": code, "message": message, "field": field}})


def error_response(
    status: int,
    code: str,
    message: str,
    field: str | None,
    headers: Mapping[str, str] | None = None,
) -> Response:
    return Response(
        error_body(code, message, field),
        status_code=status,
        media_type="application/json",
        headers=headers,
    )


def _library_error(error: twmj.Error, field: str | None) -> Response:
    for cls, status, code in ERROR_TABLE:
        if isinstance(error, cls):
            return error_response(status, code, str(error), field)
    return error_response(422, "twmj_error", str(error), field)  # pragma: no cover


def _location(loc: tuple[Any, ...]) -> str | None:
    parts = [str(p) for p in loc if p != "body"]
    out = ""
    for p in parts:
        out += f"[{p}]" if p.isdigit() else (f".{p}" if out else p)
    return out or None


def install(app: FastAPI) -> None:
    """Registers the handlers that give every 4xx the same body."""

    @app.exception_handler(FieldError)
    async def _field_error(_: Request, exc: FieldError) -> Response:
        return _library_error(exc.error, exc.field)

    @app.exception_handler(twmj.Error)
    async def _twmj_error(_: Request, exc: twmj.Error) -> Response:
        return _library_error(exc, None)

    @app.exception_handler(RequestValidationError)
    async def _validation(_: Request, exc: RequestValidationError) -> Response:
        first = exc.errors()[0] if exc.errors() else {"msg": "invalid request", "loc": ()}
        return error_response(
            422, "invalid_request", str(first.get("msg")), _location(tuple(first.get("loc", ())))
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> Response:
        code = {
            400: "invalid_request",
            404: "not_found",
            405: "method_not_allowed",
            413: "too_large",
        }.get(exc.status_code, "http_error")
        # Keep the handler's headers: a 405 must say which methods are allowed (RFC 9110).
        return error_response(exc.status_code, code, str(exc.detail), None, exc.headers)
