"""Serving the app: uvicorn with the limits that keep one client from starving the others.

uvicorn alone buffers a request head without bound, never closes a connection that has not
sent a request, keeps an answer a client does not read for ever, lets chunked trailers
through uncounted and answers malformed HTTP and overload in plain text. The protocol class
here is uvicorn's httptools protocol with those things changed; everything else
(keep-alive, pipelining, graceful shutdown) is uvicorn's own. The limits are documented in
the README ("Production mode").
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections import deque
from dataclasses import dataclass
from typing import Any

import uvicorn
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol
from uvicorn.supervisors import Multiprocess

from twmj_api.errors import error_body, log_internal
from twmj_api.table import ensure_secret

logger = logging.getLogger("twmj_api")


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
    #: Seconds a connection's unsent answer may wait for the client to take some of it (its
    #: send buffer drained to a quarter of `max_buffered`), as nginx's `send_timeout`; then
    #: the connection is aborted and the answer dropped. A client reading at any useful pace
    #: never meets it; one that never reads holds a connection this long at most.
    write_timeout: float = 10.0
    #: Bytes of answer a connection's send buffer holds in the process at most: a larger
    #: answer is handed over in pieces as the client takes it (the pieces are views of the
    #: one answer, not copies).
    max_buffered: int = 256 * 1024


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


def guarded_app(app: ASGIApp, piece: int) -> ASGIApp:
    """`app` as the protocol runs it: an answer body over `piece` bytes is sent in pieces of
    `piece` (uvicorn waits for the send buffer to drain before each, so a connection's buffer
    stays under `Limits.max_buffered`), and an error that escapes the app is logged once with
    its route and answered 500 with the error body if nothing was sent yet."""

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def paced(message: Message) -> None:
            nonlocal started
            started = True
            body = message.get("body", b"") if message["type"] == "http.response.body" else b""
            if len(body) <= piece:
                await send(message)
                return
            more = message.get("more_body", False)
            view = memoryview(body)
            for at in range(0, len(body), piece):
                last = at + piece >= len(body)
                await send(
                    {
                        "type": "http.response.body",
                        "body": view[at : at + piece],
                        "more_body": more or not last,
                    }
                )

        try:
            await app(scope, receive, paced)
        except Exception as exc:
            # Starlette answers an internal error with the error body, then raises it again
            # for the server to log: logged here once, with the route, and not again.
            log_internal(scope, exc)
            if not started:
                body = error_body("internal", "internal server error", None)
                await send(
                    {
                        "type": "http.response.start",
                        "status": 500,
                        "headers": [
                            (b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": body})

    return guarded


class _Chunked:
    """Where a chunked body ends, and how many of its bytes are not body: chunk-size lines
    past `SIZE_LINE` bytes (extensions) and the trailer section. The parser checks the
    syntax; this only counts."""

    #: A chunk-size line without extensions: 16 hex digits and CRLF.
    SIZE_LINE = 18

    def __init__(self) -> None:
        self.state = "size"
        self.line = 0
        self.digits = b""
        self.left = 0

    def scan(self, data: bytes, pos: int) -> tuple[int, int, bool]:
        """Reads `data` from `pos`: (where it stopped, bytes not body, whether the body ended
        there)."""
        extra = 0
        n = len(data)
        while pos < n:
            if self.state in ("size", "trailer"):
                nl = data.find(b"\n", pos)
                end = n if nl < 0 else nl + 1
                before = self.line
                self.line += end - pos
                if self.state == "size":
                    extra += max(0, self.line - self.SIZE_LINE) - max(0, before - self.SIZE_LINE)
                    if len(self.digits) < 20:
                        self.digits += data[pos : min(end, pos + 20)]
                else:
                    extra += end - pos
                pos = end
                if nl < 0:
                    break
                if self.state == "trailer":
                    if self.line <= 2:  # the empty line that ends the body
                        return pos, extra, True
                else:
                    digits = self.digits.split(b";")[0].strip()
                    try:
                        size = int(digits, 16)
                    except ValueError:
                        size = 0  # not a size: the parser refuses it
                    self.digits = b""
                    if size == 0:
                        self.state = "trailer"
                    else:
                        self.state, self.left = "data", size
                self.line = 0
            elif self.state == "data":
                take = min(self.left, n - pos)
                self.left -= take
                pos += take
                if self.left == 0:
                    self.state, self.left = "crlf", 2
            else:  # the CRLF after a chunk's data
                take = min(self.left, n - pos)
                self.left -= take
                pos += take
                if self.left == 0:
                    self.state = "size"
        return pos, extra, False


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a bounded request head, chunk extensions and
    trailers (431), a deadline for each request (408), a connection cap (503), a bounded
    send buffer with a write deadline, and JSON bodies on its own error answers.

    Bytes are handed to the parser one request part at a time (a head up to its blank line,
    a body up to its length or its chunked end), so a pipelined request's head is counted
    from its first byte, whatever read it arrives in."""

    def __init__(self, config: uvicorn.Config, *args: Any, **kwargs: Any) -> None:
        super().__init__(config, *args, **kwargs)
        self.limits: Limits = getattr(config, "twmj_limits", None) or Limits()
        self.app = guarded_app(self.app, self.limits.max_buffered // 2)
        # Bytes of the current request head seen so far, and the last 3 bytes of the previous
        # chunk (a CRLF CRLF may straddle two chunks).
        self._in_head = True
        self._head = 0
        self._tail = b""
        # The body being read: bytes left of a sized one, or the chunked scanner and the
        # bytes of it that are not body.
        self._body_left = 0
        self._chunked: _Chunked | None = None
        self._extra = 0
        # Set once the connection is refused: later bytes are not read.
        self._stopped = False
        # A refusal of a pipelined request, sent once the answers before it are.
        self._deferred: bytes | None = None
        self._deadline: asyncio.TimerHandle | None = None
        self._write_deadline: asyncio.TimerHandle | None = None
        # The request whose app is running: with pipelining, not always `self.cycle` (the
        # latest parsed), which is all uvicorn tells of a lost connection.
        self._running: Any = None

    # The connection

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[arg-type]
        # Past `high` buffered bytes uvicorn waits for the client before sending more; the
        # answer pieces are `high` too, so at most `max_buffered` bytes wait in the buffer.
        self.transport.set_write_buffer_limits(high=self.limits.max_buffered // 2)
        # `connections` includes this one.
        if len(self.connections) > self.limits.max_connections:
            self._refuse(503, "busy", "the server is at its connection limit; retry shortly")
            return
        self._arm_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_deadline()
        self._disarm_write()
        self._gone()
        self.pipeline.clear()
        super().connection_lost(exc)

    def _start_asgi_task(self, cycle: Any, app: Any) -> None:
        self._running = cycle
        super()._start_asgi_task(cycle, app)

    def _gone(self) -> None:
        """The apps at this connection's requests read a disconnect, and their answers are
        dropped (uvicorn writes nothing for a disconnected request)."""
        for cycle in (self._running, self.cycle):
            if cycle is not None and not cycle.response_complete:
                cycle.disconnected = True
                cycle.message_event.set()

    def data_received(self, data: bytes) -> None:
        pos, n = 0, len(data)
        while pos < n and not self._stopped and not self.transport.is_closing():
            if self._in_head:
                window = self._tail + data[pos:]
                end = window.find(b"\r\n\r\n")
                taken = n - pos if end < 0 else end + 4 - len(self._tail)
                self._head += taken
                if self._head > self.limits.max_head:
                    self._violation(
                        431,
                        "header_too_large",
                        f"the request line and headers are over {self.limits.max_head} bytes",
                    )
                    return
                self._tail = window[-3:] if end < 0 else b""
            elif self._chunked is not None:
                stop, extra, done = self._chunked.scan(data, pos)
                self._extra += extra
                if self._extra > self.limits.max_head:
                    self._violation(
                        431,
                        "header_too_large",
                        f"the chunk extensions and trailers are over {self.limits.max_head} bytes",
                    )
                    return
                taken = stop - pos
                if done:
                    self._chunked = None
                    self._body_left = 0
            else:
                taken = min(self._body_left, n - pos)
                self._body_left -= taken
            if taken <= 0:
                # The parser and the framing above disagree (it then refuses the request or
                # has ended the message): the rest goes to it as a new head.
                self._in_head = True
                continue
            super().data_received(data[pos : pos + taken])
            pos += taken

    def send_400_response(self, msg: str) -> None:
        # Malformed HTTP: the same error shape as every other answer.
        self.logger.warning(msg)
        self._refuse(400, "bad_http", f"malformed HTTP request: {msg}")

    def timeout_keep_alive_handler(self) -> None:
        if not self.transport.is_closing():
            self._close()

    def shutdown(self) -> None:
        super().shutdown()
        if self.transport.is_closing() and self.transport.get_write_buffer_size():
            self._arm_write()

    def pause_writing(self) -> None:
        # The client is not taking the answer: it has `write_timeout` to take some.
        super().pause_writing()
        self._arm_write()

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.transport.is_closing() and self.transport.get_write_buffer_size():
            self._arm_write()  # closing with bytes still to send: they must keep moving
        else:
            self._disarm_write()

    # The parser's callbacks

    def on_headers_complete(self) -> None:
        self._in_head = False
        self._head = 0
        self._tail = b""
        self._extra = 0
        self._chunked = None
        self._body_left = 0
        for name, value in self.headers:
            if name == b"transfer-encoding":
                chunked = value.split(b",")[-1].strip().lower() == b"chunked"
                self._chunked = _Chunked() if chunked else None
            elif name == b"content-length" and value.isdigit():
                self._body_left = int(value)
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        # The request is complete: the next bytes start the next request's head.
        self._in_head = True
        self._chunked = None
        self._body_left = 0
        self._disarm_deadline()

    def on_response_complete(self) -> None:
        if self._deferred is not None and not self.pipeline and not self.transport.is_closing():
            # The answers before a refused pipelined request are sent: now its refusal.
            self.server_state.total_requests += 1
            answer, self._deferred = self._deferred, None
            self.transport.write(answer)
            self._close()
            return
        super().on_response_complete()
        if self.transport.is_closing():
            if self.transport.get_write_buffer_size():
                self._arm_write()
            return
        running = self._running
        if running is None or running.response_complete or running.more_body:
            # Idle until the next request, or a pipelined one just started whose body is
            # still coming: it has `request_timeout` to complete. (One complete and at work
            # has no deadline, as the first request of a connection has none once read.)
            self._arm_deadline()

    # Helpers

    def _violation(self, status: int, code: str, message: str) -> None:
        """Refuses the request being read: at once, or, when it is pipelined behind answers
        still under way, once they are sent (the answers stay in order). Nothing more is read."""
        self._stopped = True
        self.flow.pause_reading()
        cycle = self.cycle
        queued = cycle is not None and any(c is cycle for c, _ in self.pipeline)
        if queued:
            self.pipeline = deque((c, a) for c, a in self.pipeline if c is not cycle)
        elif not (self._in_head and cycle is not None and not cycle.response_complete):
            self._refuse(status, code, message)
            return
        self._disarm_deadline()
        self._deferred = _raw_answer(status, code, message)

    def _refuse(self, status: int, code: str, message: str) -> None:
        self._disarm_deadline()
        self._stopped = True
        if self.transport.is_closing():
            return
        cycle = self._running
        if cycle is not None and not cycle.response_complete:
            # An app is still at a request: its answer is dropped.
            started = cycle.response_started
            self._gone()
            if started:
                self._close()  # mid-answer: an error answer cannot follow
                return
        retry = b"retry-after: 1\r\n" if status == 503 else b""
        self.transport.write(_raw_answer(status, code, message, retry))
        self._close()

    def _close(self) -> None:
        """Closes the connection; the bytes still buffered have `write_timeout` to move."""
        self.transport.close()
        if self.transport.get_write_buffer_size():
            self._arm_write()

    def _arm_deadline(self) -> None:
        self._disarm_deadline()
        self._deadline = self.loop.call_later(self.limits.request_timeout, self._timed_out)

    def _disarm_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _arm_write(self) -> None:
        self._disarm_write()
        self._write_deadline = self.loop.call_later(
            self.limits.write_timeout, self._write_timed_out
        )

    def _disarm_write(self) -> None:
        if self._write_deadline is not None:
            self._write_deadline.cancel()
            self._write_deadline = None

    def _write_timed_out(self) -> None:
        # The client took nothing for `write_timeout`: the connection and its answer go.
        self._write_deadline = None
        self._stopped = True
        self._gone()
        self.transport.abort()

    def _timed_out(self) -> None:
        self._deadline = None
        if self.cycle is not None and self.cycle.response_started:
            # Mid-answer (the app answered before the body was complete): just close.
            self._refuse(408, "request_timeout", "")
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
    # The practice table's key: generated here when not configured, before the workers
    # start, so every worker seals and opens the same tokens (twmj_api/table.py).
    ensure_secret()
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
