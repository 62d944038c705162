"""The service attacked as a hostile client would (issue 12): a real server in a child process
on the loopback address, each case bounded to a few seconds. The server runs the production
protocol (`api.server`) with small limits so the cases stay short: a 1 s request deadline and
a cap of 40 connections."""

from __future__ import annotations

import json
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
from twmj_api.main import create_app

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
REQUEST_TIMEOUT = 1.0
MAX_CONNECTIONS = 40
MAX_HEAD = 16 * 1024  # the production value (api.server.Limits)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def _start(workers: int = 1) -> tuple[subprocess.Popen[bytes], int]:
    port = _free_port()
    env = {
        **os.environ,
        "TWMJ_REQUEST_TIMEOUT": str(REQUEST_TIMEOUT),
        "TWMJ_MAX_CONNECTIONS": str(MAX_CONNECTIONS),
    }
    code = (
        "import sys; from twmj_api.server import limits_from_env, run; "
        f"run({HOST!r}, {port}, {workers}, limits_from_env())"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if _request("GET", "/health", port=port)[0] == 200:
                return proc, port
        except OSError:
            time.sleep(0.1)
    proc.kill()
    err = proc.communicate()[1]
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
    proc, p = _start()
    yield p
    _stop(proc)


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


def _error_of(body: bytes) -> dict[str, Any]:
    """The `{error: {code, message, field, position}}` body every error answer has."""
    data = json.loads(body)
    assert set(data) == {"error"}
    assert set(data["error"]) == {"code", "message", "field", "position", "message_zh"}
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
