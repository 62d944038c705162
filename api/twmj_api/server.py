"""Serving the app: uvicorn with the limits that keep one client from starving the others.

uvicorn alone buffers a request head without bound, never closes a connection that has not
sent a request, and answers malformed HTTP and overload in plain text. The protocol class
here is uvicorn's httptools protocol with those four things changed; everything else
(keep-alive, pipelining, graceful shutdown) is uvicorn's own. The limits are documented in
the README ("Production mode").
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass
from typing import Any

import uvicorn
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol
from uvicorn.supervisors import Multiprocess

from twmj_api.errors import error_body


@dataclass(frozen=True)
class Limits:
    """What one worker allows a connection. The defaults are the production values."""

    #: Bytes of request line and headers (431 past it). Browsers send under 8 KiB.
    max_head: int = 16 * 1024
    #: Seconds a connection has to send one complete request (head and body) once it is
    #: opened or its last answer is sent; then it gets a 408 and is closed.
    request_timeout: float = 10.0
    #: Seconds an idle keep-alive connection is kept between requests.
    keep_alive: int = 5
    #: Open connections per worker; a connection past it gets a 503 and is closed.
    max_connections: int = 1000
    #: Seconds a worker waits on SIGTERM for in-flight requests before closing them.
    graceful_timeout: int = 30


def _raw_answer(status: int, code: str, message: str, extra: bytes = b"") -> bytes:
    """A complete HTTP/1.1 answer with the `{error: …}` body, closing the connection: for
    the refusals made before any request reaches the app."""
    body = error_body(code, message, None)
    return b"".join(
        [
            STATUS_LINE[status],
            b"content-type: application/json\r\n",
            b"content-length: " + str(len(body)).encode() + b"\r\n",
            b"connection: close\r\n",
            extra,
            b"\r\n",
            body,
        ]
    )


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a bounded request head (431), a deadline for each
    request (408), a connection cap (503) and JSON bodies on its own error answers."""

    def __init__(self, config: uvicorn.Config, *args: Any, **kwargs: Any) -> None:
        super().__init__(config, *args, **kwargs)
        self.limits: Limits = getattr(config, "twmj_limits", None) or Limits()
        # Bytes of the current request head seen so far, and the last 3 bytes of the previous
        # chunk (a CRLF CRLF may straddle two chunks).
        self._in_head = True
        self._head = 0
        self._tail = b""
        self._deadline: asyncio.TimerHandle | None = None

    # The connection

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[arg-type]
        # `connections` includes this one.
        if len(self.connections) > self.limits.max_connections:
            self._refuse(503, "busy", "the server is at its connection limit; retry shortly")
            return
        self._arm_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_deadline()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._in_head:
            joined = self._tail + data
            end = joined.find(b"\r\n\r\n")
            self._head += len(data) if end < 0 else max(0, end + 4 - len(self._tail))
            self._tail = joined[-3:] if end < 0 else b""
            if self._head > self.limits.max_head:
                self._refuse(
                    431,
                    "header_too_large",
                    f"the request line and headers are over {self.limits.max_head} bytes",
                )
                return
        super().data_received(data)

    def send_400_response(self, msg: str) -> None:
        # Malformed HTTP: the same error shape as every other answer.
        self.logger.warning(msg)
        self._refuse(400, "bad_http", f"malformed HTTP request: {msg}")

    # The parser's callbacks

    def on_headers_complete(self) -> None:
        self._in_head = False
        self._head = 0
        self._tail = b""
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        # The request is complete: the next bytes start the next request's head.
        self._in_head = True
        self._disarm_deadline()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm_deadline()

    # Helpers

    def _refuse(self, status: int, code: str, message: str) -> None:
        self._disarm_deadline()
        if not self.transport.is_closing():
            retry = b"retry-after: 1\r\n" if status == 503 else b""
            self.transport.write(_raw_answer(status, code, message, retry))
            self.transport.close()

    def _arm_deadline(self) -> None:
        self._disarm_deadline()
        self._deadline = self.loop.call_later(self.limits.request_timeout, self._timed_out)

    def _disarm_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _timed_out(self) -> None:
        self._deadline = None
        if self.cycle is not None and self.cycle.response_started:
            # Mid-answer (the app answered before the body was complete): just close.
            self.transport.close()
            return
        self._refuse(
            408,
            "request_timeout",
            f"no complete request within {self.limits.request_timeout:g} s",
        )


def config(
    host: str = "127.0.0.1",
    port: int = 8000,
    workers: int = 1,
    limits: Limits | None = None,
    app: str = "twmj_api.main:app",
    **kwargs: Any,
) -> uvicorn.Config:
    """The uvicorn configuration of the production mode: the guarded protocol with `limits`,
    uvloop when installed, `workers` processes, no access log (a line per request costs more
    than a light request)."""
    limits = limits or Limits()
    c = uvicorn.Config(
        app,
        host=host,
        port=port,
        workers=workers,
        http=GuardedProtocol,
        timeout_keep_alive=limits.keep_alive,
        timeout_graceful_shutdown=limits.graceful_timeout,
        access_log=False,
        **kwargs,
    )
    # Carried to the protocol (and, pickled with the config, to every worker process).
    c.twmj_limits = limits  # type: ignore[attr-defined]
    return c


def run(host: str, port: int, workers: int = 1, limits: Limits | None = None) -> None:
    """Serves until SIGINT or SIGTERM; on either, in-flight requests finish first (up to
    `limits.graceful_timeout`). With `workers` > 1 a parent process supervises the workers,
    restarts one that dies, and passes SIGTERM on to each."""
    c = config(host, port, workers, limits)
    if workers > 1:
        Multiprocess(c, sockets=[c.bind_socket()]).run()
    else:
        uvicorn.Server(c).run()


def limits_from_env() -> Limits:
    """`Limits` with any `TWMJ_<FIELD>` environment variable applied (the tests' small caps)."""
    base = Limits()
    values: dict[str, Any] = {}
    for name in base.__dataclass_fields__:
        raw = os.environ.get(f"TWMJ_{name.upper()}")
        if raw is not None:
            values[name] = type(getattr(base, name))(raw)
    return Limits(**values)
