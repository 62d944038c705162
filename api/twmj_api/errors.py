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
from twmj_api.offload import BusyError
from twmj_api.schemas import ErrorDetail

#: Library error class → (HTTP status, error code). The first matching class wins.
ERROR_TABLE: list[tuple[type[twmj.Error], int, str]] = [
    (twmj.TileError, 422, "tile_error"),
    (twmj.HandError, 422, "hand_error"),
    (twmj.VariantError, 422, "variant_error"),
    (twmj.ContextError, 422, "context_error"),
    (twmj.IllegalActionError, 422, "illegal_action"),
    # A panic caught at the binding: a bug in twmj, never the caller's input.
    (twmj.InternalError, 500, "internal"),
    (twmj.Error, 422, "twmj_error"),
]


class FieldError(Exception):
    """A library error tagged with the request field it came from."""

    def __init__(self, error: twmj.Error, field: str | None) -> None:
        super().__init__(str(error))
        self.error = error
        self.field = field


#: Longest message and field an answer echoes: a caller's 4 MB override key is named by its
#: start, not sent back twice.
MAX_MESSAGE = 1000
MAX_FIELD = 200


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


def detail(e: FieldError) -> ErrorDetail:
    """The `{code, message, field}` of a library error, for batch answers."""
    code = next((c for cls, _, c in ERROR_TABLE if isinstance(e.error, cls)), "twmj_error")
    field = None if e.field is None else _clip(e.field, MAX_FIELD)
    return ErrorDetail(code=code, message=_clip(str(e.error), MAX_MESSAGE), field=field)


def error_body(code: str, message: str, field: str | None) -> bytes:
    field = None if field is None else _clip(field, MAX_FIELD)
    return orjson.dumps(
        {"error": {"code": code, "message": _clip(message, MAX_MESSAGE), "field": field}}
    )


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


#: The names pydantic puts in an error's location for the member of a union that failed
#: (`overrides.hand_size.int`); they are not fields of the request.
_TYPE_TAGS = frozenset({"int", "bool", "str", "float", "bytes", "none", "list", "dict"})


def _location(loc: tuple[Any, ...]) -> str | None:
    """The request field of a validation error as a path: `melds[1].tiles`, `context.dice[0]`.
    `body` and the tags of union members are left out."""
    parts = [str(p) for p in loc if p != "body"]
    if parts and "[" in parts[-1]:
        parts.pop()  # function-before[…], list[int], …: a union member's tag
    elif parts and parts[-1] in _TYPE_TAGS and len(parts) > 1:
        parts.pop()
    out = ""
    for p in parts:
        out += f"[{p}]" if p.isdigit() else (f".{p}" if out else p)
    return out or None


def _validation_answer(errors: list[Any]) -> Response:
    first: dict[str, Any] = errors[0] if errors else {"msg": "invalid request", "loc": ()}
    if first.get("type") == "json_invalid":
        # The location is a character position in the body, not a field.
        where = first.get("loc", ("body", "?"))[-1]
        reason = first.get("ctx", {}).get("error", "not JSON")
        return error_response(
            422,
            "invalid_request",
            f"the body is not valid JSON: {reason} at character {where}",
            None,
        )
    message = str(first.get("msg"))
    if first.get("type") == "value_error":
        message = message.removeprefix("Value error, ")  # a model's own check: its words
    return error_response(422, "invalid_request", message, _location(tuple(first.get("loc", ()))))


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
        return _validation_answer(list(exc.errors()))

    @app.exception_handler(BusyError)
    async def _busy(_: Request, exc: BusyError) -> Response:
        return error_response(
            503,
            "busy",
            "too many heavy requests at once; retry shortly",
            None,
            {"retry-after": "1"},
        )

    @app.exception_handler(Exception)
    async def _internal(_: Request, exc: Exception) -> Response:
        # Anything else is a bug in the service (Starlette logs it after this answer).
        return error_response(500, "internal", "internal server error", None)

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
