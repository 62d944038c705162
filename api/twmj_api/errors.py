"""One table from error codes to HTTP answers, and the error body:
`{"error": {code, message, field, position, message_zh}}`, with `errors` and `error_count`
beside it when a request has several faults.

A library error already carries its fine `code`, `field` and `message_zh` (the core's, as
exception attributes): the body is built from them. The codes the service adds itself (a bad request, a wrong path)
are listed here; `docs/errors.md` is generated from both (`scripts/docs.py`).

A body that fails the request schema may have many faults: the answer lists the first
`MAX_ERRORS` of them (`errors`, the first also as `error`) and counts them all
(`error_count`). Turning a validation fault into its detail costs about 2.5 µs under the GIL,
so a body with an object of more keys than any request object takes is refused before it is
validated (240 000 unknown keys would cost over half a second), and past
`ERROR_BUILD_LIMIT` faults none is built one by one: the answer then says only how many
there were.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

import orjson
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect
from starlette.responses import Response

import twmj
from twmj.errors import message_zh as fine_zh
from twmj_api.schemas.common import MAX_OVERRIDES, ErrorDetail

#: The HTTP status of each library error code (the fine codes): bad input is 422, twmj's own
#: failure 500.
LIBRARY_STATUS: dict[str, int] = {
    e["code"]: 500 if e["kind"] == "internal" else 422 for e in twmj.VOCABULARY["errors"]
}


@dataclass(frozen=True)
class ServiceCode:
    """One error code of the service itself (not the library's)."""

    code: str
    #: The HTTP statuses answered with it, the first the usual one; empty: any other.
    statuses: tuple[int, ...]
    doc: str
    #: Its name in Chinese, for the page.
    name: str

    @property
    def status_text(self) -> str:
        return ", ".join(map(str, self.statuses)) or "other"


#: The codes of the service itself. An HTTP error raised in a route is answered with the
#: first code listing its status (400: `invalid_request`; `bad_http` is the server's own, for
#: a request no route saw), any other with `http_error`.
SERVICE_CODES: list[ServiceCode] = [
    ServiceCode(
        "invalid_request",
        (422, 400),
        "the body does not match the request schema (`field` names where; 422), or is not "
        "JSON text (400)",
        "填的格式不對",
    ),
    ServiceCode("bad_http", (400,), "malformed HTTP", "請求格式錯誤"),
    ServiceCode("not_found", (404,), "no such path", "找不到"),
    ServiceCode("method_not_allowed", (405,), "the path does not take this method", "不支援"),
    ServiceCode(
        "request_timeout", (408,), "the request was not complete within the deadline", "請求逾時"
    ),
    ServiceCode(
        "not_acceptable",
        (406,),
        "the `Accept` header takes no JSON (the MCP endpoint answers only JSON)",
        "無法提供所要求的格式",
    ),
    ServiceCode("too_large", (413,), "the body is over the limit", "資料太大"),
    ServiceCode(
        "unsupported_media_type",
        (415,),
        "the body's content type is not `application/json` (the MCP endpoint)",
        "不支援的資料格式",
    ),
    ServiceCode("header_too_large", (431,), "the request head is over 16 KiB", "請求標頭太大"),
    ServiceCode(
        "busy",
        (503,),
        "too many requests at once; retry after the `Retry-After` seconds",
        "伺服器正忙，請稍後再試",
    ),
    ServiceCode("http_error", (), "any other HTTP error", "伺服器出錯"),
]
_HTTP_CODES: dict[int, str] = {}
for _c in SERVICE_CODES:
    for _status in _c.statuses:
        _HTTP_CODES.setdefault(_status, _c.code)


logger = logging.getLogger("twmj_api")


def route_of(scope: Mapping[str, Any]) -> str:
    """`METHOD /route/template` of a request, for logs."""
    route = scope.get("route")
    path = getattr(route, "path", None) or scope.get("path", "?")
    return f"{scope.get('method', '?')} {path}"


def log_internal(scope: Mapping[str, Any], exc: BaseException) -> None:
    """Logs an internal error (answered 500) once, with its route and traceback."""
    logger.error("internal error on %s: %r", route_of(scope), exc, exc_info=exc)


def field_of(error: twmj.Error, under: str | None = None) -> str | None:
    """The request field an error is about: its own `field`, put under `under` (an item of a
    list: `variants[1]`) when given."""
    if under is None:
        return error.field
    return f"{under}.{error.field}" if error.field else under


def detail(error: twmj.Error, under: str | None = None) -> ErrorDetail:
    """The `{code, message, field, position}` of a library error, for batch answers (clipped
    as every answer is)."""
    field = field_of(error, under)
    return ErrorDetail(
        code=error.code,
        message=_clip(str(error), MAX_MESSAGE),
        field=None if field is None else _clip(field, MAX_FIELD),
        position=error.position,
        message_zh=_clip(error.message_zh, MAX_MESSAGE_ZH),
    )


Item = TypeVar("Item")


def batch_answers(items: Iterable[Item], answer: Callable[[Item], Any]) -> list[dict[str, Any]]:
    """One `{result, error}` per item, in order: `answer(item)`, or the library error it raised
    (a batch answers every item rather than failing whole)."""
    out: list[dict[str, Any]] = []
    for item in items:
        try:
            out.append({"result": answer(item), "error": None})
        except twmj.Error as e:
            out.append({"result": None, "error": detail(e).model_dump()})
    return out


def with_field(error: twmj.Error, field: str | None) -> twmj.Error:
    """`error` answered under the request field `field`, for a route whose request names the
    library's argument differently (`text` for the notation read by `/v1/tiles/read`)."""
    error.field = field
    return error


class NestedError(Exception):
    """A library error of a request part nested under `under` (`variants[1]`)."""

    def __init__(self, error: twmj.Error, under: str) -> None:
        super().__init__(str(error))
        self.error = error
        self.under = under


#: Longest message and field an answer echoes: a caller's 4 MB override key is named by its
#: start, not sent back twice.
MAX_MESSAGE = 1000
MAX_FIELD = 200
#: Longest `message_zh`: a sentence for a player, naming a long key by its start.
MAX_MESSAGE_ZH = 300


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


#: One fault: `{code, message, field, position, message_zh}`.
Detail = dict[str, Any]

#: Validation faults an answer lists in `errors` (`error_count` counts them all).
MAX_ERRORS = 20
#: Validation faults turned into details one by one at most (pydantic's `errors()` builds a
#: dict per fault under the GIL, about 2.5 µs each: 1000 cost under 3 ms); past it the
#: answer is built without them (`bounded_details`).
ERROR_BUILD_LIMIT = 1000
#: The most keys a request object takes: the override table's (every model has fewer fields,
#: a test checks). An object with more is named as the fault when there are too many faults
#: to list.
MAX_OBJECT_KEYS = MAX_OVERRIDES


#: The Chinese name of each service code, the `message_zh` of its answers.
SERVICE_ZH: dict[str, str] = {c.code: c.name for c in SERVICE_CODES}


def _detail_dict(
    code: str,
    message: str,
    field: str | None,
    position: int | None,
    message_zh: str | None = None,
) -> Detail:
    if message_zh is None:
        message_zh = SERVICE_ZH.get(code) or fine_zh(code)
    return {
        "code": code,
        "message": _clip(message, MAX_MESSAGE),
        "field": None if field is None else _clip(field, MAX_FIELD),
        "position": position,
        "message_zh": _clip(message_zh, MAX_MESSAGE_ZH),
    }


def errors_body(details: list[Detail], count: int | None = None) -> bytes:
    """The error body of one or several faults (`details`, at least one, the first the main
    one). One fault: `{"error": …}`. Several (`count`, or the details given, over one):
    `error` the first, `errors` up to `MAX_ERRORS` of them in order, `error_count` how many
    the request had (more than `errors` lists when some were cut)."""
    count = max(count or 0, len(details))
    if count <= 1:
        return orjson.dumps({"error": details[0]})
    listed = details[:MAX_ERRORS]
    return orjson.dumps({"error": listed[0], "errors": listed, "error_count": count})


def error_body(
    code: str,
    message: str,
    field: str | None,
    position: int | None = None,
    message_zh: str | None = None,
) -> bytes:
    return errors_body([_detail_dict(code, message, field, position, message_zh)])


def error_response(
    status: int,
    code: str,
    message: str,
    field: str | None,
    headers: Mapping[str, str] | None = None,
    position: int | None = None,
    message_zh: str | None = None,
) -> Response:
    return Response(
        error_body(code, message, field, position, message_zh),
        status_code=status,
        media_type="application/json",
        headers=headers,
    )


def _library_error(error: twmj.Error, under: str | None = None) -> Response:
    return error_response(
        LIBRARY_STATUS.get(error.code, 422),
        error.code,
        str(error),
        field_of(error, under),
        position=error.position,
        message_zh=error.message_zh,
    )


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


def validation_detail(error: Mapping[str, Any]) -> Detail:
    """The `{code, message, field, position}` of one pydantic validation fault."""
    if error.get("type") == "json_invalid":
        # The location is a character position in the body, not a field.
        where = error.get("loc", ("body", "?"))[-1]
        reason = error.get("ctx", {}).get("error", "not JSON")
        return _detail_dict(
            "invalid_request",
            f"the body is not valid JSON: {reason} at character {where}",
            None,
            None,
        )
    message = str(error.get("msg"))
    if error.get("type") == "variant_error":
        # An override outside the registry (schemas.Overrides): the core's code and field.
        ctx = error.get("ctx", {})
        key = ctx.get("key", "")
        code = ctx.get("code", "variant_error")
        where = _location(tuple(error.get("loc", ())))
        zh = fine_zh(code, key=key, why=ctx.get("why", ""))
        return _detail_dict(code, message, f"{where}.{key}" if where else key, None, zh)
    if error.get("type") == "value_error":
        message = message.removeprefix("Value error, ")  # a model's own check: its words
    return _detail_dict("invalid_request", message, _location(tuple(error.get("loc", ()))), None)


def _validation_answer(errors: list[Any], count: int | None = None) -> Response:
    """The 422 of a body that fails the request schema: its first faults (already bounded)."""
    details = [validation_detail(e) for e in errors[:MAX_ERRORS]] or [
        _detail_dict("invalid_request", "invalid request", None, None)
    ]
    return Response(
        errors_body(details, count if count is not None else len(errors)),
        status_code=422,
        media_type="application/json",
    )


def _big_objects(data: Any, path: str = "") -> Iterator[tuple[str, int]]:
    """The objects in `data` with more than `MAX_OBJECT_KEYS` keys, as (field path, keys), in
    document order."""
    stack: list[tuple[str, Any]] = [(path, data)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, dict):
            if len(value) > MAX_OBJECT_KEYS:
                yield where, len(value)
                continue
            items = [(f"{where}.{k}" if where else str(k), v) for k, v in value.items()]
        elif isinstance(value, list):
            items = [(f"{where}[{i}]", v) for i, v in enumerate(value)]
        else:
            continue
        stack.extend(reversed(items))


class InvalidBodyError(Exception):
    """A body that fails the request schema, with its first faults already built (at most
    `MAX_ERRORS` pydantic error dicts, or ready details) and how many there were."""

    def __init__(self, errors: list[Any], count: int, details: list[Detail] | None = None):
        super().__init__(f"{count} validation errors")
        self.errors = errors
        self.count = count
        self.details = details


def _big_object_details(data: Any) -> list[Detail]:
    details: list[Detail] = []
    for where, keys in _big_objects(data):
        details.append(
            _detail_dict(
                "invalid_request",
                f"an object of {keys} keys: a request object takes at most {MAX_OBJECT_KEYS}",
                where or None,
                None,
            )
        )
        if len(details) == MAX_ERRORS:
            break
    return details


def refuse_big_objects(data: Any) -> None:
    """Refuses a parsed body with an object of more keys than any request object takes, before
    it is validated: each of its keys would be a fault to build (240 000 keys: 0.6 s)."""
    details = _big_object_details(data)
    if details:
        raise InvalidBodyError([], len(details), details)


def bounded(exc: ValidationError, data: Any = None) -> InvalidBodyError:
    """`exc` with its cost bounded: its first `MAX_ERRORS` faults when it has at most
    `ERROR_BUILD_LIMIT`; else, without building any, the objects of `data` over
    `MAX_OBJECT_KEYS` keys (what makes that many faults), or one detail with the count."""
    count = exc.error_count()
    if count <= ERROR_BUILD_LIMIT:
        return InvalidBodyError(exc.errors(include_url=False)[:MAX_ERRORS], count)
    details = _big_object_details(data) or [
        _detail_dict(
            "invalid_request",
            f"the body has {count} faults against the request schema (over "
            f"{ERROR_BUILD_LIMIT}, so none is listed): check its shape",
            None,
            None,
        )
    ]
    return InvalidBodyError([], count, details)


def _invalid_body_answer(exc: InvalidBodyError) -> Response:
    if exc.details is not None:
        return Response(
            errors_body(exc.details, exc.count), status_code=422, media_type="application/json"
        )
    return _validation_answer(exc.errors, exc.count)


def install(app: FastAPI) -> None:
    """Registers the handlers that give every 4xx the same body."""
    from twmj_api.offload import BusyError

    @app.exception_handler(twmj.Error)
    async def _twmj_error(request: Request, exc: twmj.Error) -> Response:
        if LIBRARY_STATUS.get(exc.code) == 500:
            # A fault inside twmj (a Rust panic): answered, and logged once with the route.
            log_internal(request.scope, exc)
        return _library_error(exc)

    @app.exception_handler(ClientDisconnect)
    async def _gone(_: Request, exc: ClientDisconnect) -> Response:
        # The client left (or the server cut a slow body at its deadline and answered 408):
        # nobody reads this answer, and it is no fault of the service.
        return error_response(408, "request_timeout", "the client disconnected", None)

    @app.exception_handler(NestedError)
    async def _nested(_: Request, exc: NestedError) -> Response:
        return _library_error(exc.error, exc.under)

    @app.exception_handler(RequestValidationError)
    async def _validation(_: Request, exc: RequestValidationError) -> Response:
        errors = exc.errors()
        return _validation_answer(list(errors[:MAX_ERRORS]), len(errors))

    @app.exception_handler(InvalidBodyError)
    async def _invalid(_: Request, exc: InvalidBodyError) -> Response:
        return _invalid_body_answer(exc)

    @app.exception_handler(BusyError)
    async def _busy(_: Request, exc: BusyError) -> Response:
        return _busy_answer()

    @app.exception_handler(Exception)
    async def _internal(request: Request, exc: Exception) -> Response:
        # Anything else is a bug in the service. Starlette re-raises it after this answer and
        # the server logs it once with the route (`twmj_api.server`).
        return error_response(500, "internal", "internal server error", None)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> Response:
        code = _HTTP_CODES.get(exc.status_code, "http_error")
        # Keep the handler's headers: a 405 must say which methods are allowed (RFC 9110).
        return error_response(exc.status_code, code, str(exc.detail), None, exc.headers)


def errors_doc() -> str:
    """`docs/errors.md`: every error code with its HTTP status (a test checks the file)."""
    lines = [
        "# Error codes",
        "",
        "Generated by `scripts/docs.py` (`twmj_api.errors.errors_doc`) from the core's list of codes",
        '(`twmj.VOCABULARY["errors"]`) and the service\'s own; a test fails when this file',
        "drifts. Every error answer has the body",
        '`{"error": {"code", "message", "field", "position", "message_zh"}}` (`position`: the',
        "0-based character of the field's notation at fault, or null; `message_zh`: the fault",
        "in Chinese for a player, naming the rule broken and the tile or field). A body with",
        'several faults against the request schema answers them together: `"error"` is the',
        f'first, and beside it `"errors"` lists the first {MAX_ERRORS} in order (the first again)',
        'and `"error_count"` counts them all (more than `errors` lists when some were cut). Past',
        f"{ERROR_BUILD_LIMIT} faults none is built one by one (that would cost more than the",
        "request is worth): `errors` then names each object with more keys than any request",
        f"object takes ({MAX_OBJECT_KEYS}), or says only how many faults there were. A single",
        'fault is `{"error": …}` alone, so read `body.get("errors", [body["error"]])` for all.',
        "Library errors come one at a time (the first the core finds).",
        "",
        "`code` is a fine code: which rule the input broke (`too_many_copies`, `not_a_run`,",
        "`seat_out_of_range` …). Each belongs to one coarse kind, one per Python class",
        "(`tile_error`, `hand_error`, `variant_error`, `context_error`, `illegal_action`,",
        "`unknown_action`, `record_error`, `internal`: the codes answered before fine codes",
        "existed); a kind's own name is also the fine code of an error no finer code",
        "describes. A library error is raised in Python as the class named, with the",
        "attributes `code` (fine), `kind` (coarse), `message_zh`, `field` (a path:",
        "`melds[1].tiles`, `context.from_seat`, `overrides.min_tai`, `record[2].kind`),",
        "`position` (a character in that field's notation) and `rule` (the rule an illegal",
        "action breaks). A bad line of a game record is always a `RecordError` (kind",
        "`record_error`) and keeps the fine code of what was wrong in it (a `fifth_copy` in",
        "its hand); its `message_zh` starts with the line (「牌譜第 3 行：」).",
        "",
        "The Chinese column is the message's template: each `{name}` is filled at the error",
        "(the tile in Chinese, the count, the seat). A number its type cannot hold (a",
        "negative count, a seed past 2**64 − 1) is `out_of_range`; one the type holds but",
        "a bound of twmj's refuses (more tables than `MAX_TABLES`, arena hands past",
        "`MAX_ARENA_HANDS`, threads past `MAX_THREADS`, melds that leave no set concealed)",
        "is `over_limit`, its message naming the bound; both are of kind `context_error`.",
        "",
        "| code | kind | HTTP | Python class | meaning | 中文 |",
        "|---|---|---|---|---|---|",
    ]
    for e in twmj.VOCABULARY["errors"]:
        code = e["code"]
        lines.append(
            f"| `{code}` | `{e['kind']}` | {LIBRARY_STATUS[code]} | `twmj.{e['class']}` "
            f"| {e['doc']} | {e['template']} |"
        )
    for c in SERVICE_CODES:
        lines.append(f"| `{c.code}` | — | {c.status_text} | — (service) | {c.doc} | {c.name} |")
    return "\n".join(lines) + "\n"


def _busy_answer() -> Response:
    return error_response(
        503,
        "busy",
        "too many heavy requests at once; retry shortly",
        None,
        {"retry-after": "1"},
    )


def answer_of(e: Exception) -> Response:
    """The HTTP answer of a request refused with `e` (a validation error, a library error with
    or without its field, the heavy-work bound), for callers outside a route: the MCP tools answer with its body."""
    from twmj_api.offload import BusyError

    if isinstance(e, ValidationError):
        return _invalid_body_answer(bounded(e))
    if isinstance(e, InvalidBodyError):
        return _invalid_body_answer(e)
    if isinstance(e, NestedError):
        return _library_error(e.error, e.under)
    if isinstance(e, twmj.Error):
        return _library_error(e)
    if isinstance(e, BusyError):
        return _busy_answer()
    raise TypeError(f"not a refusal: {e!r}")


if __name__ == "__main__":  # pragma: no cover
    sys.stdout.write(errors_doc())
