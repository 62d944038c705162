"""The patterns of issue 33 against the production server at its shipped limits, one after
another, each for `--seconds`: `/health` timed on a fresh connection every 20 ms beside it
(p50, p99, max, failures) and the server's resident memory sampled every 0.2 s (start, peak,
end). Loopback only; every loop is bounded in time and count.

    .venv/bin/python benches/http/hostile.py [--seconds 15] [--only NAME ...]

Figures: benches/README.md ("Hostile patterns of issue 33").
"""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"  # loopback only

BATCH_ITEM = {
    "hand": "123456789m234p56p77s",
    "win_tile": "7p",
    "context": {"winner": 1, "dealer": 0, "win": "self_draw"},
    "why_not": True,
}
BATCH = json.dumps({"items": [BATCH_ITEM] * 1000}).encode()
UNKNOWN_KEYS = b"{" + b",".join(b'"k%d":0' % i for i in range(240_000)) + b"}"
WAITS = json.dumps({"hand": "2223456m123456789p"}).encode()


def _port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _post(path: str, body: bytes, extra: str = "Content-Type: application/json\r\n") -> bytes:
    return (
        f"POST {path} HTTP/1.1\r\nHost: x\r\n{extra}Content-Length: {len(body)}\r\n\r\n"
    ).encode() + body


def _exchange(port: int, data: bytes, timeout: float = 30) -> int:
    """Sends `data`, reads until the server closes or one answer's head: the status (0: none)."""
    with socket.create_connection((HOST, port), timeout=timeout) as s:
        with contextlib.suppress(OSError):
            s.sendall(data)
        try:
            head = s.recv(65536)
        except OSError:
            return 0
        return int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/1.1 ") else 0


def _unread(port: int) -> socket.socket:
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.settimeout(10)
    s.connect((HOST, port))
    return s


# The patterns: each runs until `stop` is set.


def none(port: int, stop: threading.Event) -> None:
    """No attack: the baseline of this machine at this moment."""
    stop.wait()


def mcp_get(port: int, stop: threading.Event) -> None:
    """33.1: GET /mcp, 200 connections at a time (it was an endless event stream)."""
    while not stop.is_set():
        socks = []
        for _ in range(200):
            with contextlib.suppress(OSError):
                s = socket.create_connection((HOST, port), timeout=5)
                s.sendall(b"GET /mcp HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
                socks.append(s)
        stop.wait(1)
        for s in socks:
            s.close()


def unread_batches(port: int, stop: threading.Event) -> None:
    """33.2: 20 connections each ask a 1000-item score batch (`why_not`) and never read."""
    socks = []
    for _ in range(20):
        with contextlib.suppress(OSError):
            s = _unread(port)
            s.sendall(_post("/v1/score/batch", BATCH))
            socks.append(s)
    stop.wait()
    for s in socks:
        s.close()


def unread_pipelined(port: int, stop: threading.Event) -> None:
    """33.2: 50 connections each pipeline 8 requests for a 1.5 MB file and never read."""
    request = b"GET /static-offline-docs/swagger-ui-bundle.js HTTP/1.1\r\nHost: x\r\n\r\n"
    socks = []
    for _ in range(50):
        with contextlib.suppress(OSError):
            s = _unread(port)
            s.sendall(request * 8)
            socks.append(s)
    stop.wait()
    for s in socks:
        s.close()


def trailer_flood(port: int, stop: threading.Event) -> None:
    """33.3: a chunked /v1/waits followed by a trailer of up to 64 MB, 4 clients."""

    def one() -> None:
        while not stop.is_set():
            with contextlib.suppress(OSError):
                s = socket.create_connection((HOST, port), timeout=5)
                with s:
                    s.sendall(
                        b"POST /v1/waits HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                        b"\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + f"{len(WAITS):x}\r\n".encode()
                        + WAITS
                        + b"\r\n0\r\nX-Flood: "
                    )
                    for _ in range(1024):
                        s.sendall(b"a" * 65536)

    threads = [threading.Thread(target=one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def many_faults(port: int, stop: threading.Event) -> None:
    """33.4: 16 clients posting 240 000 unknown keys (2.8 MB) to the heavy routes in turn."""
    paths = ["/v1/waits/batch", "/v1/legal", "/v1/compare", "/v1/score/batch"]

    def one(i: int) -> None:
        while not stop.is_set():
            with contextlib.suppress(OSError):
                _exchange(port, _post(paths[i % len(paths)], UNKNOWN_KEYS))
            i += 1

    threads = [threading.Thread(target=one, args=(i,)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def mcp_large(port: int, stop: threading.Event) -> None:
    """33.4: 8 clients posting 4 MB MCP messages (a replay of a 4 MB record) in turn."""
    call = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "replay", "arguments": {"record": "x" * (4_000_000)}},
    }
    body = json.dumps(call).encode()
    extra = "Content-Type: application/json\r\nAccept: application/json\r\n"

    def one() -> None:
        while not stop.is_set():
            with contextlib.suppress(OSError):
                _exchange(port, _post("/mcp", body, extra))

    threads = [threading.Thread(target=one) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def slow_bodies(port: int, stop: threading.Event) -> None:
    """33.6: 900 bodies that never complete (408 at the 10 s deadline, no log traceback)."""
    socks = []
    for _ in range(900):
        with contextlib.suppress(OSError):
            s = socket.create_connection((HOST, port), timeout=5)
            s.sendall(_post("/v1/waits", b"{" + b" " * 99)[:-99])
            socks.append(s)
    stop.wait()
    for s in socks:
        s.close()


PATTERNS: dict[str, Callable[[int, threading.Event], None]] = {
    f.__name__: f
    for f in (
        none,
        mcp_get,
        unread_batches,
        unread_pipelined,
        trailer_flood,
        many_faults,
        mcp_large,
        slow_bodies,
    )
}


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS"):
            return int(line.split()[1]) / 1024
    return 0.0


def _health_ms(port: int) -> float | None:
    started = time.perf_counter()
    try:
        if _exchange(port, b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n", timeout=5) != 200:
            return None
    except OSError:
        return None
    return (time.perf_counter() - started) * 1000


def run(name: str, seconds: float) -> str:
    port = _port()
    code = f"from twmj_api.server import run; run({HOST!r}, {port}, 1)"
    log = Path(f"/tmp/twmj-hostile-bench-{port}.log")
    with log.open("wb") as err:
        server = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stderr=err)
    try:
        for _ in range(300):
            if _health_ms(port) is not None:
                break
            time.sleep(0.1)
        start_rss = _rss_mib(server.pid)
        stop = threading.Event()
        attack = threading.Thread(target=PATTERNS[name], args=(port, stop))
        attack.start()
        light: list[float] = []
        failed = 0
        peak = start_rss
        began = time.monotonic()
        next_rss = began
        while time.monotonic() - began < seconds:
            ms = _health_ms(port)
            if ms is None:
                failed += 1
            else:
                light.append(ms)
            if time.monotonic() >= next_rss:
                peak = max(peak, _rss_mib(server.pid))
                next_rss += 0.2
            time.sleep(0.02)
        stop.set()
        attack.join(timeout=120)
        time.sleep(1)
        end_rss = _rss_mib(server.pid)
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=40)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    text = log.read_text(errors="replace")
    log.unlink()
    light.sort()
    p99 = light[min(len(light) - 1, int(len(light) * 0.99))] if light else float("nan")
    return (
        f"| {name} | {len(light)} | {failed} | {statistics.median(light):.1f} | {p99:.1f} | "
        f"{light[-1]:.1f} | {start_rss:.0f} / {peak:.0f} / {end_rss:.0f} | "
        f"{text.count('Traceback')} |"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=15)
    ap.add_argument("--only", nargs="*", choices=list(PATTERNS), default=list(PATTERNS))
    args = ap.parse_args()
    print(
        "| pattern | /health answered | failed | p50 ms | p99 ms | max ms | RSS MiB start / peak / end | tracebacks logged |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name in args.only:
        print(run(name, args.seconds), flush=True)


if __name__ == "__main__":
    main()
