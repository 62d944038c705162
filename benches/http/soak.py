"""Soak and load under hostile clients, on loopback only, bounded in time: the production
server (`twmj_api.server`, one worker unless `--workers`) gets light requests, heavy batches,
idle sockets, slow headers and header floods at once for `--seconds`; the script reports the
light requests' latency, the answers by status, and the server's memory and open file
descriptors over the run (flat memory, no descriptor leak).

    .venv/bin/python benches/http/soak.py [--seconds 60] [--workers 1]

Figures: benches/README.md ("Soak under hostile clients").
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"  # loopback only

LIGHT = [
    ("GET", "/health", None),
    ("POST", "/v1/waits", {"hand": "2223456m123456789p"}),
    (
        "POST",
        "/v1/score",
        {
            "hand": "123456789m234p56p77s",
            "win_tile": "7p",
            "context": {"winner": 1, "dealer": 0, "streak": 2, "seat_wind": "S"},
        },
    ),
]
HEAVY_ITEM = {
    "hand": "123456789m234p56p77s",
    "win_tile": "7p",
    "context": {"winner": 1, "dealer": 0, "win": "self_draw"},
    "why_not": True,
}
HEAVY = json.dumps({"items": [HEAVY_ITEM] * 1000}).encode()


def _port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _request(port: int, method: str, path: str, body: bytes | None, timeout: float) -> int:
    with socket.create_connection((HOST, port), timeout=timeout) as s:
        head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n"
        if body is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        s.sendall(head.encode() + b"\r\n" + (body or b""))
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
        return int(data.split(b" ", 2)[1]) if data else 0


def _proc_stats(pids: list[int]) -> tuple[int, int]:
    """Resident memory (KiB) and open descriptors, summed over the server's processes."""
    rss = fds = 0
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
            rss += int(
                next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS"))
            )
            fds += len(os.listdir(f"/proc/{pid}/fd"))
        except (OSError, StopIteration):
            pass
    return rss, fds


def _children(pid: int) -> list[int]:
    out = [pid]
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            out += [int(c) for c in (task / "children").read_text().split()]
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=int, default=60)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    port = _port()
    code = f"from twmj_api.server import run; run({HOST!r}, {port}, {args.workers})"
    server = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT)
    for _ in range(300):
        try:
            if _request(port, "GET", "/health", None, 1) == 200:
                break
        except OSError:
            time.sleep(0.1)
    stop = threading.Event()
    statuses: Counter[str] = Counter()
    light_ms: list[float] = []
    lock = threading.Lock()

    def light() -> None:
        i = 0
        while not stop.is_set():
            method, path, body = LIGHT[i % len(LIGHT)]
            i += 1
            started = time.perf_counter()
            try:
                status = _request(
                    port, method, path, json.dumps(body).encode() if body else None, 10
                )
            except OSError as e:
                status = 0
                statuses[f"light {type(e).__name__}"] += 1
            with lock:
                light_ms.append((time.perf_counter() - started) * 1000)
                statuses[f"light {status}"] += 1

    def heavy() -> None:
        while not stop.is_set():
            try:
                status = _request(port, "POST", "/v1/score/batch", HEAVY, 60)
            except OSError as e:
                statuses[f"heavy {type(e).__name__}"] += 1
                continue
            statuses[f"heavy {status}"] += 1

    def idle() -> None:
        # Opens sockets and sends nothing: the server closes each at its request deadline.
        while not stop.is_set():
            socks = []
            for _ in range(50):
                try:
                    socks.append(socket.create_connection((HOST, port), timeout=5))
                except OSError:
                    statuses["idle refused"] += 1
            stop.wait(2)
            for s in socks:
                s.close()

    def slow_headers() -> None:
        while not stop.is_set():
            try:
                with socket.create_connection((HOST, port), timeout=15) as s:
                    s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")
                    while not stop.is_set():
                        s.sendall(b"X")
                        stop.wait(0.5)
            except OSError:
                statuses["slow headers cut"] += 1

    def flood() -> None:
        while not stop.is_set():
            try:
                with socket.create_connection((HOST, port), timeout=5) as s:
                    s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Flood: ")
                    for _ in range(1000):
                        s.sendall(b"a" * 65536)
            except OSError:
                statuses["flood cut"] += 1
            stop.wait(0.5)

    workers = (
        [threading.Thread(target=light) for _ in range(4)]
        + [threading.Thread(target=heavy) for _ in range(6)]
        + [threading.Thread(target=f) for f in (idle, slow_headers, flood)]
    )
    for t in workers:
        t.start()
    samples = []
    started = time.monotonic()
    try:
        while time.monotonic() - started < args.seconds:
            samples.append((round(time.monotonic() - started), *_proc_stats(_children(server.pid))))
            time.sleep(5)
    finally:
        stop.set()
        for t in workers:
            t.join(timeout=70)
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=40)
    light_ms.sort()

    def q(p: float) -> float:
        return light_ms[min(len(light_ms) - 1, int(len(light_ms) * p))]

    print(f"seconds {args.seconds}, workers {args.workers}, light requests {len(light_ms)}")
    print(f"light latency ms: p50 {q(0.5):.1f}, p99 {q(0.99):.1f}, max {light_ms[-1]:.1f}")
    for key, n in sorted(statuses.items()):
        print(f"  {key}: {n}")
    print("| s | RSS MiB | open fds |")
    print("|---|---|---|")
    for t, rss, fds in samples:
        print(f"| {t} | {rss / 1024:.0f} | {fds} |")
    print(f"server exit code on SIGTERM: {server.returncode}")


if __name__ == "__main__":
    main()
