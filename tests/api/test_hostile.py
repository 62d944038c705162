"""The service attacked as a hostile client would (issues 12 and 33): a real server in a child
process on the loopback address, each case bounded to a few seconds. The server runs the
production protocol (`api.server`) with small limits so the cases stay short: a 1 s request
deadline, a 1 s write deadline and a cap of 40 connections."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import twmj
from twmj import _core
from twmj_api import offload
from twmj_api.errors import ERROR_BUILD_LIMIT, MAX_ERRORS
from twmj_api.main import create_app
from twmj_api.server import Limits, guarded_app

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
REQUEST_TIMEOUT = 1.0
WRITE_TIMEOUT = 1.0
MAX_CONNECTIONS = 40
MAX_HEAD = Limits().max_head  # the production value


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


#: The module server's log (its stderr), read by `test_the_log_has_no_tracebacks`.
LOG = Path(os.environ.get("TMPDIR", "/tmp")) / f"twmj-hostile-{os.getpid()}.log"


def _start(workers: int = 1, log: Path | None = None) -> tuple[subprocess.Popen[bytes], int]:
    port = _free_port()
    env = {
        **os.environ,
        "TWMJ_REQUEST_TIMEOUT": str(REQUEST_TIMEOUT),
        "TWMJ_WRITE_TIMEOUT": str(WRITE_TIMEOUT),
        "TWMJ_MAX_CONNECTIONS": str(MAX_CONNECTIONS),
    }
    code = (
        "import sys; from twmj_api.server import limits_from_env, run; "
        f"run({HOST!r}, {port}, {workers}, limits_from_env())"
    )
    err_to = subprocess.PIPE if log is None else log.open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=err_to,
    )
    if log is not None:
        err_to.close()  # type: ignore[union-attr]  # the child holds its own descriptor
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if _request("GET", "/health", port=port)[0] == 200:
                return proc, port
        except OSError:
            time.sleep(0.1)
    proc.kill()
    err = proc.communicate()[1] if log is None else log.read_bytes()
    raise AssertionError(f"the server did not start: {err.decode(errors='replace')}")


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    if proc.stderr is not None:
        proc.stderr.close()


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    proc, p = _start(log=LOG)
    yield p
    _stop(proc)
    LOG.unlink(missing_ok=True)


def _read_answer(s: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """Reads one HTTP/1.1 answer (content-length bodies only, as the service sends)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed after {data!r}")
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    length = int(headers.get("content-length", "0"))
    while len(rest) < length:
        chunk = s.recv(65536)
        if not chunk:
            break
        rest += chunk
    return status, headers, rest[:length]


def _request(
    method: str, path: str, body: bytes | None = None, *, port: int, timeout: float = 10
) -> tuple[int, dict[str, str], bytes]:
    with socket.create_connection((HOST, port), timeout=timeout) as s:
        head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n"
        if body is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        s.sendall(head.encode() + b"\r\n" + (body or b""))
        return _read_answer(s)


DETAIL = {"code", "message", "field", "position", "message_zh"}


def _error_of(body: bytes) -> dict[str, Any]:
    """The `{error: {code, message, field, position, message_zh}}` body every error answer has (with
    `errors` and `error_count` beside it when there were several faults)."""
    data = json.loads(body)
    assert set(data) in ({"error"}, {"error", "errors", "error_count"}), data
    assert set(data["error"]) == DETAIL
    if "errors" in data:
        assert data["errors"][0] == data["error"]
        assert 1 < len(data["errors"]) <= data["error_count"] or data["error_count"] > 1
        assert all(set(e) == DETAIL for e in data["errors"])
    error: dict[str, Any] = data["error"]
    return error


def _health_ms(port: int) -> float:
    started = time.perf_counter()
    status, _, _ = _request("GET", "/health", port=port)
    assert status == 200
    return (time.perf_counter() - started) * 1000


# Slow and idle connections (item 7)


def test_an_idle_connection_gets_408_and_is_closed(port: int) -> None:
    with socket.create_connection((HOST, port), timeout=REQUEST_TIMEOUT + 4) as s:
        started = time.monotonic()
        status, _, body = _read_answer(s)
        assert status == 408
        assert _error_of(body)["code"] == "request_timeout"
        assert s.recv(1) == b""  # closed
        assert time.monotonic() - started < REQUEST_TIMEOUT + 3


def test_slow_headers_are_cut_at_the_deadline(port: int) -> None:
    with socket.create_connection((HOST, port), timeout=REQUEST_TIMEOUT + 4) as s:
        s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")
        started = time.monotonic()
        closed = False
        # One header byte every 0.1 s: data keeps coming, the request never completes.
        while time.monotonic() - started < REQUEST_TIMEOUT + 3:
            try:
                s.sendall(b"X")
            except OSError:
                closed = True
                break
            s.settimeout(0.1)
            try:
                if s.recv(65536):
                    closed = True
                    break
            except TimeoutError:
                continue
        assert closed, "a slow header kept its connection past the deadline"


def test_a_slow_body_is_cut_at_the_deadline(port: int) -> None:
    with socket.create_connection((HOST, port), timeout=REQUEST_TIMEOUT + 4) as s:
        s.sendall(
            b"POST /v1/waits HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{"
        )
        started = time.monotonic()
        data = s.recv(65536)  # the app gives up when the connection is closed
        assert time.monotonic() - started < REQUEST_TIMEOUT + 3
        assert data == b"" or data.startswith(b"HTTP/1.1 408")


def test_keep_alive_serves_several_requests_then_the_idle_deadline_closes(port: int) -> None:
    with socket.create_connection((HOST, port), timeout=REQUEST_TIMEOUT + 4) as s:
        for _ in range(3):
            s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            assert _read_answer(s)[0] == 200
        started = time.monotonic()
        while s.recv(65536):
            pass
        assert time.monotonic() - started < REQUEST_TIMEOUT + 3


def test_connections_past_the_cap_get_503_and_the_server_recovers(port: int) -> None:
    held = [socket.create_connection((HOST, port), timeout=5) for _ in range(MAX_CONNECTIONS)]
    try:
        time.sleep(0.2)
        with socket.create_connection((HOST, port), timeout=5) as extra:
            status, headers, body = _read_answer(extra)
        assert status == 503
        assert headers["retry-after"] == "1"
        assert _error_of(body)["code"] == "busy"
    finally:
        for s in held:
            s.close()
    deadline = time.monotonic() + 5
    while True:
        status = _request("GET", "/health", port=port)[0]
        if status == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert status == 200


# Header flood (item 6)


def test_a_huge_header_gets_431_without_reading_it_all(port: int) -> None:
    with socket.create_connection((HOST, port), timeout=5) as s:
        s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Flood: ")
        sent = 0
        with pytest.raises(OSError):
            # The server answers and closes long before 64 MB: sending then fails.
            while sent < 64 << 20:
                s.sendall(b"a" * 65536)
                sent += 65536
        assert sent < 8 << 20
    # And the answer was 431 with the error body (read on a fresh connection's attempt).
    with socket.create_connection((HOST, port), timeout=5) as s:
        s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Flood: " + b"a" * (MAX_HEAD + 1))
        status, _, body = _read_answer(s)
    assert status == 431
    assert _error_of(body)["code"] == "header_too_large"


def test_many_small_headers_get_431(port: int) -> None:
    head = b"GET /health HTTP/1.1\r\nHost: x\r\n" + b"X-A: b\r\n" * 3000 + b"\r\n"
    with socket.create_connection((HOST, port), timeout=5) as s:
        s.sendall(head)
        status, _, body = _read_answer(s)
    assert status == 431
    assert _error_of(body)["code"] == "header_too_large"


def test_a_head_just_under_the_cap_is_served(port: int) -> None:
    filler = b"a" * (MAX_HEAD - 200)
    with socket.create_connection((HOST, port), timeout=5) as s:
        s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Filler: " + filler + b"\r\n\r\n")
        assert _read_answer(s)[0] == 200


# Malformed HTTP and internal faults (item 9)


@pytest.mark.parametrize(
    "raw",
    [
        b"GARBAGE\r\n\r\n",
        b"GET /health HTTP/9.9\r\n\r\n",
        b"GET /health HTTP/1.1\r\nBad Header\r\n\r\n",
        b"POST /v1/waits HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
        b"\x00\x01\x02\r\n\r\n",
    ],
)
def test_malformed_http_gets_the_error_shape(port: int, raw: bytes) -> None:
    with socket.create_connection((HOST, port), timeout=5) as s:
        s.sendall(raw)
        status, headers, body = _read_answer(s)
    assert status == 400
    assert headers["content-type"] == "application/json"
    assert _error_of(body)["code"] == "bad_http"


# Huge bodies and heavy work (item 8)


def test_a_body_over_8_mib_gets_413(port: int) -> None:
    with socket.create_connection((HOST, port), timeout=5) as s:
        s.sendall(
            b"POST /v1/waits HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 9000000\r\n\r\n"
        )
        status, _, body = _read_answer(s)
    assert status == 413
    assert _error_of(body)["code"] == "too_large"


def test_a_chunked_body_over_8_mib_gets_413(port: int) -> None:
    chunk = b"[" + b"{}," * 30000
    with socket.create_connection((HOST, port), timeout=10) as s:
        s.sendall(
            b"POST /v1/waits/batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        try:
            for _ in range(120):  # 10.8 MB
                s.sendall(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
        except OSError:
            pass  # the server answered and closed
        status, _, body = _read_answer(s)
    assert status == 413
    assert _error_of(body)["code"] == "too_large"


@pytest.mark.parametrize("path", ["/v1/waits", "/v1/score/batch"])
def test_an_8_mib_flood_of_tiny_objects_is_refused_unparsed(port: int, path: str) -> None:
    # Just under the body limit: 2.8 million empty objects. Parsed (on the loop, before),
    # that was 0.5–1.7 s of a held GIL, whichever thread parsed it.
    body = b'{"items": [' + b"{}," * (((8 << 20) - 40) // 3) + b"{}]}"
    assert len(body) <= 8 << 20
    with ThreadPoolExecutor(1) as pool:
        big = pool.submit(_request, "POST", path, body, port=port, timeout=30)
        time.sleep(0.05)
        light = [_health_ms(port) for _ in range(10)]
        status, _, answer = big.result()
    assert status == 413
    assert _error_of(answer)["code"] == "too_large"
    assert max(light) < 1000, light  # loose: the machine is shared


def _score_batch(n: int) -> bytes:
    item = {
        "hand": "123456789m234p56p77s",
        "win_tile": "7p",
        "context": {"winner": 1, "dealer": 0, "win": "self_draw"},
        "why_not": True,
    }
    return json.dumps({"items": [item] * n}).encode()


def test_heavy_batches_leave_light_requests_fast(port: int) -> None:
    # 20 concurrent 1000-item score batches (before: /health took 7.7 s beside them).
    body = _score_batch(1000)
    light: list[float] = []

    def heavy() -> int:
        status, _, answer = _request("POST", "/v1/score/batch", body, port=port, timeout=60)
        if status != 200:
            assert _error_of(answer)["code"] == "busy"
        return status

    with ThreadPoolExecutor(20) as pool:
        futures = [pool.submit(heavy) for _ in range(20)]
        time.sleep(0.3)
        while not all(f.done() for f in futures):
            light.append(_health_ms(port))
            time.sleep(0.02)
        statuses = [f.result() for f in futures]
    # At most 2 worked at once and 16 waiting: the rest are told to come back.
    assert statuses.count(200) >= 2
    assert set(statuses) <= {200, 503}
    assert light, "the batches were done before any light request was timed"
    light.sort()
    p99 = light[max(0, int(len(light) * 0.99) - 1)]
    # Loose (shared machine; the benchmark measures the 100 ms target).
    assert p99 < 1000, (p99, statistics.median(light))


def test_a_batch_over_the_cap_is_refused_by_the_schema(port: int) -> None:
    status, _, body = _request("POST", "/v1/score/batch", _score_batch(1001), port=port)
    assert status == 422
    assert _error_of(body)["field"] == "items"


# Production mode (item 13): workers, graceful shutdown on SIGTERM


def test_sigterm_lets_the_request_in_flight_finish() -> None:
    proc, port = _start(workers=2)
    try:
        body = _score_batch(10)
        with socket.create_connection((HOST, port), timeout=20) as s:
            s.sendall(
                b"POST /v1/score/batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + f"Content-Length: {len(body)}\r\n\r\n".encode()
                + body[:10]
            )
            time.sleep(0.3)  # the request is in flight: head read, body coming
            proc.send_signal(signal.SIGTERM)
            time.sleep(0.3)
            s.sendall(body[10:])
            status, _, answer = _read_answer(s)
        assert status == 200
        assert len(json.loads(answer)) == 10
        assert proc.wait(timeout=15) == 0
        # No new connection is accepted after the shutdown.
        with pytest.raises(OSError):
            _request("GET", "/health", port=port, timeout=2)
    finally:
        _stop(proc)


# Internal faults (item 9): a panic in Rust, any other bug — a 500 with the error body


def _panicking(*_: object, **__: object) -> object:
    _core._panic("a bug")
    raise AssertionError("unreachable")


def _broken(*_: object, **__: object) -> object:
    raise RuntimeError("a bug in the service")


@pytest.mark.parametrize(
    ("fault", "path", "body"),
    [
        (_panicking, "/v1/waits", {"hand": "2223456m123456789p"}),
        (_broken, "/v1/waits", {"hand": "2223456m123456789p"}),
        # A heavy route: the fault is raised in a worker thread.
        (_broken, "/v1/score/batch", {"items": [json.loads(_score_batch(1))["items"][0]]}),
    ],
)
def test_an_internal_fault_is_a_500_with_the_error_shape(
    monkeypatch: pytest.MonkeyPatch, fault: Any, path: str, body: dict[str, Any]
) -> None:
    monkeypatch.setattr(twmj, "waits", fault)
    monkeypatch.setattr(twmj, "score", fault)
    with TestClient(create_app(), raise_server_exceptions=False) as client:
        r = client.post(path, json=body)
    assert r.status_code == 500
    error = _error_of(r.content)
    assert error["code"] == "internal"
    if fault is _panicking:
        assert "a bug" in error["message"]


# Issue 33: no stream, slow reader, trailer or error path that holds the service


def _raw(port: int, data: bytes, timeout: float = 10) -> tuple[int, dict[str, str], bytes]:
    """Sends `data` as is and reads one answer."""
    with socket.create_connection((HOST, port), timeout=timeout) as s:
        s.sendall(data)
        return _read_answer(s)


def _post(path: str, body: bytes, headers: str = "Content-Type: application/json\r\n") -> bytes:
    return (
        f"POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{headers}"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode() + body


@pytest.mark.parametrize("accept", ["text/event-stream", None])
def test_get_mcp_is_405_not_an_endless_stream(port: int, accept: str | None) -> None:
    # 33.1: GET /mcp opened a Server-Sent-Events stream that never ended.
    head = "GET /mcp HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
    if accept:
        head += f"Accept: {accept}\r\n"
    status, headers, body = _raw(port, head.encode() + b"\r\n", timeout=3)
    assert status == 405
    assert headers["allow"] == "POST"
    assert headers["content-type"] == "application/json"
    assert _error_of(body)["code"] == "method_not_allowed"


def _unread_socket(port: int) -> socket.socket:
    """A client with a 4 KiB receive buffer that will not read for a while."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.settimeout(5)
    s.connect((HOST, port))
    return s


def _drain(s: socket.socket) -> int:
    """Reads until the server closes (or resets) the connection: the bytes read. A read
    that waits 5 s fails the test (the server held the connection)."""
    got = 0
    while True:
        try:
            chunk = s.recv(1 << 20)
        except ConnectionResetError:
            return got
        if not chunk:
            return got
        got += len(chunk)


def test_a_large_answer_never_read_is_dropped_at_the_write_deadline(port: int) -> None:
    # 33.2: a 1000-item batch's 18 MB answer was held for as long as the client kept the
    # connection open without reading. Here a 1000-item one (about 4.5 MB) is asked for and
    # not read until well after the write deadline: the server has dropped it by then.
    body = _score_batch(1000)
    s = _unread_socket(port)
    try:
        s.sendall(_post("/v1/score/batch", body))
        started = time.monotonic()
        s.settimeout(30)
        assert s.recv(1, socket.MSG_PEEK)  # the answer has started (nothing is taken)
        s.settimeout(5)
        time.sleep(WRITE_TIMEOUT + 2)  # the deadline, then slack
        _health_ms(port)  # the service answers meanwhile (200)
        got = _drain(s)
    finally:
        s.close()
    # The whole answer (its head, then over 4 MB of body) was never delivered.
    full = _request("POST", "/v1/score/batch", body, port=port, timeout=30)
    assert full[0] == 200 and len(full[2]) > 4_000_000, len(full[2])
    assert got < len(full[2]), (got, len(full[2]))
    assert time.monotonic() - started < 30


def test_pipelined_requests_never_read_do_not_hold_the_connections(port: int) -> None:
    # 33.2: pipelined requests whose answers were never read held their connections (no
    # deadline runs while an answer is under way): at the connection cap, /health got 503
    # for as long as the clients liked. Here each asks eight times for the API docs' 1.5 MB
    # script (a file answer, sent as the client takes it).
    request = b"GET /static-offline-docs/swagger-ui-bundle.js HTTP/1.1\r\nHost: x\r\n\r\n"
    held = [_unread_socket(port) for _ in range(MAX_CONNECTIONS)]
    try:
        for s in held:
            s.sendall(request * 8)
        time.sleep(REQUEST_TIMEOUT + WRITE_TIMEOUT + 2)
        status, _, body = _request("GET", "/health", port=port, timeout=5)
        assert status == 200, body
    finally:
        for s in held:
            s.close()


def test_a_large_answer_is_handed_over_in_pieces() -> None:
    # 33.2: the transport is given a large answer a piece at a time (uvicorn waits for its
    # buffer to drain before each), so a connection never buffers a whole 18 MB answer.
    answer = bytes(range(256)) * 4000  # 1 MB
    sent: list[dict[str, Any]] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": answer})

    async def send(message: Any) -> None:
        sent.append(message)

    async def receive() -> Any:
        return {"type": "http.disconnect"}

    piece = Limits().max_buffered // 2

    async def serve() -> None:
        await guarded_app(app, piece)({"type": "http", "method": "GET"}, receive, send)

    asyncio.run(serve())
    bodies = [m for m in sent if m["type"] == "http.response.body"]
    assert len(bodies) == -(-len(answer) // piece)
    assert all(len(m["body"]) <= piece for m in bodies)
    assert b"".join(bytes(m["body"]) for m in bodies) == answer
    assert [m["more_body"] for m in bodies] == [True] * (len(bodies) - 1) + [False]


def _chunked_waits(size_line_extra: bytes = b"", trailer: bytes = b"") -> bytes:
    body = json.dumps({"hand": "2223456m123456789p"}).encode()
    return (
        b"POST /v1/waits HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        + f"{len(body):x}".encode()
        + size_line_extra
        + b"\r\n"
        + body
        + b"\r\n0\r\n"
        + trailer
        + b"\r\n"
    )


def test_chunked_trailers_and_extensions_count_against_the_head_cap(port: int) -> None:
    # 33.3: a 64 MB trailer answered 200 after seconds of parsing; 200 000 trailer lines too.
    assert _raw(port, _chunked_waits())[0] == 200
    assert _raw(port, _chunked_waits(b";ext=1", b"X-Trailer: 1\r\n"))[0] == 200
    for extra, trailer in [
        (b"", b"X-T: " + b"a" * MAX_HEAD + b"\r\n"),
        (b"", b"X-T: a\r\n" * (MAX_HEAD // 8 + 1)),
        (b";" + b"e" * (MAX_HEAD + 100), b""),
    ]:
        status, _, body = _raw(port, _chunked_waits(extra, trailer))
        assert status == 431
        assert _error_of(body)["code"] == "header_too_large"


def test_a_trailer_flood_is_cut_without_reading_it_all(port: int) -> None:
    with socket.create_connection((HOST, port), timeout=5) as s:
        s.sendall(_chunked_waits()[:-2] + b"X-Flood: ")
        sent = 0
        with pytest.raises(OSError):
            while sent < 64 << 20:
                s.sendall(b"a" * 65536)
                sent += 65536
        assert sent < 8 << 20


def _unknown_keys(n: int) -> bytes:
    return b"{" + b",".join(b'"k%d":0' % i for i in range(n)) + b"}"


def test_a_body_of_many_faults_costs_little(port: int) -> None:
    # 33.4: 240 000 unknown keys cost 0.6 s each in building 240 000 error dicts, of which
    # the answer used one; 16 at once held /health for 745 ms.
    # Every heavy route now refuses it before parsing: more values than its schema allows,
    # and never more than MAX_JSON_VALUES (a score batch's schema allows that many, now that
    # each item's overrides may name every setting, so the body is one key over it).
    body = _unknown_keys(offload.MAX_JSON_VALUES + 1)
    for path in ("/v1/waits/batch", "/v1/score/batch", "/v1/legal", "/v1/compare", "/v1/replay"):
        status, _, answer = _request("POST", path, body, port=port, timeout=30)
        assert status == 413, path
        assert _error_of(answer)["code"] == "too_large"
    # Under the caps, an object with more keys than any request object takes is refused as
    # one fault before validation (which would build one per key).
    status, _, answer = _request("POST", "/v1/waits", _unknown_keys(5000), port=port)
    assert status == 422
    error = _error_of(answer)
    from twmj_api.errors import MAX_OBJECT_KEYS

    assert (error["field"], error["message"]) == (
        None,
        f"an object of 5000 keys: a request object takes at most {MAX_OBJECT_KEYS}",
    )
    # What /health sees beside 16 such clients at the shipped limits is measured, not
    # asserted (a shared machine's load moves it): benches/http/hostile.py, many_faults.


def test_validation_faults_are_answered_together_up_to_the_cap(port: int) -> None:
    # Issue 32.14: every fault, not the first only (up to MAX_ERRORS, counted past it).
    body = json.dumps({"items": [{"hand": 1, "melds": "x"}] * 30, "x": 1}).encode()
    status, _, answer = _request("POST", "/v1/waits/batch", body, port=port)
    assert status == 422
    data = json.loads(answer)
    assert data["error_count"] == 61  # two faults per item and the unknown key
    assert len(data["errors"]) == MAX_ERRORS
    assert [e["field"] for e in data["errors"][:3]] == [
        "items[0].hand",
        "items[0].melds",
        "items[1].hand",
    ]
    assert data["error_count"] <= ERROR_BUILD_LIMIT


def test_a_large_mcp_message_is_parsed_off_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    # 33.4: /mcp parsed and validated every message on the event loop (4.4 s for /health).
    ran: list[str] = []
    real = offload.run_heavy

    async def spy(work: Any, *args: Any) -> Any:
        ran.append(work.__name__)
        return await real(work, *args)

    monkeypatch.setattr(offload, "run_heavy", spy)
    call = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "replay", "arguments": {"record": "x" * 100_000}},
    }
    headers = {"content-type": "application/json", "accept": "application/json"}
    with TestClient(create_app()) as client:
        r = client.post("/mcp", content=json.dumps(call), headers=headers)
        assert r.status_code == 200
        assert "_parsed_message" in ran
        # Over the value cap of a body that is not a batch: refused before parsing.
        many = json.dumps({**call, "params": {"name": "x", "arguments": {"a": [0] * 20_000}}})
        r = client.post("/mcp", content=many, headers=headers)
        assert r.status_code == 413
        assert _error_of(r.content)["code"] == "too_large"


def _refusals() -> list[tuple[bytes, int]]:
    mcp = "Content-Type: application/json\r\nAccept: application/json\r\n"
    rpc = b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}'
    return [
        # The HTTP layer
        (b"GARBAGE\r\n\r\n", 400),
        (b"GET /health HTTP/1.1\r\nHost: x\r\nX-F: " + b"a" * MAX_HEAD + b"\r\n\r\n", 431),
        (_chunked_waits(trailer=b"X-T: " + b"a" * MAX_HEAD + b"\r\n"), 431),
        (b"GET /nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404),
        (b"DELETE /v1/waits HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 405),
        (_post("/health", b"{}"), 405),
        # The body limits
        (_post("/v1/waits", b"{}")[:-2].replace(b"Length: 2", b"Length: 9000000"), 413),
        (_post("/v1/waits", b" " * (70 * 1024)), 413),
        (_post("/v1/score/batch", b"[" + b"0," * 260_000 + b"0]"), 413),
        (_post("/v1/waits", b"{"), 422),
        # The MCP endpoint
        (b"GET /mcp HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 405),
        (b"DELETE /mcp HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 405),
        (_post("/mcp", rpc, "Content-Type: text/plain\r\n"), 415),
        (_post("/mcp", rpc, "Content-Type: application/json\r\nAccept: text/html\r\n"), 406),
        (_post("/mcp", b'{"a":"' + b"a" * (5 << 20) + b'"}', mcp), 413),
        (_post("/mcp", b"{", mcp), 400),
        (_post("/mcp", b'{"a":1}', mcp), 400),
        # The page's static files
        (b"GET /static/nope.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404),
        (b"GET /static/../main.py HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404),
        (_post("/static/index.html", b"{}"), 405),
        (_post("/", b"{}"), 405),
    ]


def test_every_refusal_has_the_error_shape(port: int) -> None:
    # 33.5 and the "done when": the HTTP layer, the body limits, /mcp and the page's
    # static files refuse with the error body (before: /mcp's 413 had no content type, its
    # text/plain 400 was plain text).
    for raw, expected in _refusals():
        status, headers, body = _raw(port, raw, timeout=20)
        assert status == expected, (raw[:60], status, body[:200])
        assert headers["content-type"] == "application/json", raw[:60]
        _error_of(body)


def test_head_answers_as_get(port: int) -> None:
    # 33.5: HEAD /health got an empty 405, so a HEAD liveness probe failed.
    with socket.create_connection((HOST, port), timeout=5) as s:
        s.sendall(b"HEAD /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200")
    assert body == b""
    get = _request("GET", "/health", port=port)
    assert f"content-length: {len(get[2])}".encode() in head.lower()


def _head_of(length: int) -> bytes:
    start = b"GET /health HTTP/1.1\r\nHost: x\r\nX-F: "
    return start + b"a" * (length - len(start) - 4) + b"\r\n\r\n"


@pytest.mark.parametrize(("length", "second"), [(MAX_HEAD, 200), (MAX_HEAD + 1, 431)])
def test_a_pipelined_head_is_capped_at_exactly_16_kib(port: int, length: int, second: int) -> None:
    # 33.6: a second request in the same read could carry a head about one read past 16 KiB.
    first = b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
    assert len(_head_of(length)) == length
    with socket.create_connection((HOST, port), timeout=5) as s:
        s.sendall(first + _head_of(length))
        data = b""
        while data.count(b"HTTP/1.1 ") < 2 or not data.endswith(b"}"):
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    answers = data.split(b"HTTP/1.1 ")[1:]
    assert len(answers) == 2, data
    assert answers[0].startswith(b"200")  # the first is answered, in order
    status = int(answers[1][:3])
    body = answers[1].partition(b"\r\n\r\n")[2]
    assert status == second
    if second != 200:
        assert _error_of(body)["code"] == "header_too_large"


def test_an_internal_error_is_logged_once_with_its_route(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # 33.6: a fault inside twmj (a Rust panic) was answered 500 and logged nowhere.
    monkeypatch.setattr(twmj, "waits", _panicking)
    with caplog.at_level(logging.ERROR), TestClient(create_app()) as client:
        r = client.post("/v1/waits", json={"hand": "2223456m123456789p"})
    assert r.status_code == 500
    logged = [rec for rec in caplog.records if rec.levelno >= logging.ERROR]
    assert len(logged) == 1
    assert "POST /v1/waits" in logged[0].getMessage()


def test_an_error_escaping_the_app_is_logged_once_and_answered_with_the_shape(
    caplog: pytest.LogCaptureFixture,
) -> None:
    sent: list[dict[str, Any]] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        raise RuntimeError("a bug")

    async def send(message: Any) -> None:
        sent.append(message)

    async def receive() -> Any:
        return {"type": "http.disconnect"}

    scope = {"type": "http", "method": "POST", "path": "/v1/x"}

    async def serve() -> None:
        await guarded_app(app, 1 << 17)(scope, receive, send)

    with caplog.at_level(logging.ERROR):
        asyncio.run(serve())
    assert sent[0]["status"] == 500
    assert _error_of(sent[1]["body"])["code"] == "internal"
    logged = [rec for rec in caplog.records if rec.levelno >= logging.ERROR]
    assert len(logged) == 1 and "POST /v1/x" in logged[0].getMessage()


def test_the_log_has_no_tracebacks(port: int) -> None:
    # 33.6: every slow body's 408 logged a 51-line ClientDisconnect traceback, and answers
    # written into a closed transport a RuntimeError one. Slow bodies (light and heavy) and
    # a refused pipelined request, then the module's log so far (the tests above included).
    for path in ("/v1/waits", "/v1/score/batch"):
        with socket.create_connection((HOST, port), timeout=REQUEST_TIMEOUT + 4) as s:
            s.sendall(
                f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                "Content-Length: 100\r\n\r\n{".encode()
            )
            assert s.recv(65536).startswith(b"HTTP/1.1 408")
    time.sleep(0.5)
    log = LOG.read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]
    assert "ClientDisconnect" not in log


def test_a_batch_value_cap_holds_the_largest_valid_batch() -> None:
    # 33.4: a batch's value cap is read from its schema (maxItems, maxProperties), so a
    # waits batch takes far fewer values than a score batch with override tables, and a body
    # one key over the largest cap is refused before it is parsed on every batch route. The
    # largest valid score batch (1000 wins, each with every setting overridden, full melds and
    # context) is under its cap.
    from twmj_api.schemas.common import MAX_MELDS
    from twmj_api.schemas.score import ScoreBatchRequest

    app = create_app()
    caps = {r.path: r._value_cap() for r in app.routes if isinstance(r, offload.OffLoopRoute)}
    item = {
        "variant": "taiwan",
        "overrides": twmj.variant_settings("taiwan"),
        "hand": "123456789m234p56p77s",
        "win_tile": "7p",
        "melds": [{"kind": "pon", "tiles": "555s"}] * MAX_MELDS,
        "flowers": "1f2f",
        "context": {
            "winner": 1,
            "dealer": 0,
            "streak": 2,
            "seat_wind": "S",
            "win": "discard",
            "from_seat": 0,
        },
        "why_not": True,
    }
    body = json.dumps({"items": [item] * 1000}).encode()
    ScoreBatchRequest.model_validate_json(body)  # valid
    offload.refuse_many_values(body, caps["/v1/score/batch"])  # not refused
    paths = ("/v1/score/batch", "/v1/waits/batch", "/v1/tiles/read/batch")
    assert caps["/v1/waits/batch"] < caps["/v1/score/batch"] <= offload.MAX_JSON_VALUES
    many = _unknown_keys(max(caps[path] for path in paths) + 1)
    for path in paths:
        with pytest.raises(Exception, match="JSON values"):
            offload.refuse_many_values(many, caps[path])


def test_an_mcp_tool_answers_every_fault_too() -> None:
    # Issue 32.14 over MCP: a tool error's structured content is the HTTP body, all faults.
    from twmj_api import tools

    result = asyncio.run(tools.call("score", {"hand": 1, "win_tile": 2, "nope": 3}))
    assert result.is_error
    data = result.structured_content
    assert data is not None
    assert data["error_count"] == 3
    assert [e["field"] for e in data["errors"]] == ["hand", "win_tile", "nope"]
    assert data["error"] == data["errors"][0]
