"""HTTP load test on loopback: wrk against `/v1/waits` and `/v1/score`, with a minimal FastAPI
endpoint measured in the same run as the baseline (PRODUCT.md: `/v1/waits` ≥ 0.9× and
`/v1/score` ≥ 0.8× the minimal endpoint's req/s, each p99 ≤ 1.5× its p99, at 64 connections),
both served as production serves them (`twmj_api.server`). Bounded in time; only 127.0.0.1 is ever targeted.

    .venv/bin/python benches/http/load.py [--seconds 10] [--connections 64] [--workers 1 2]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

BODIES: dict[str, dict[str, object]] = {
    "/v1/waits": {"hand": "2223456m123456789p"},
    # 000 計分 範例一.
    "/v1/score": {
        "hand": "123456789m234p56p77s",
        "win_tile": "7p",
        "context": {"winner": 1, "dealer": 0, "streak": 2, "seat_wind": "S"},
    },
}


@dataclass
class Result:
    name: str
    workers: int
    rps: float
    p50_ms: float
    p99_ms: float
    errors: int


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(app: str, workers: int) -> tuple[subprocess.Popen[bytes], str]:
    """Serves `app` as production does (`twmj_api.server`: its protocol, limits and no
    access log), the minimal endpoint included, so the two differ only in the app."""
    port = _port()
    code = (
        "import uvicorn; from twmj_api import server; "
        f"c = server.config('127.0.0.1', {port}, {workers}, app={app!r}, log_level='warning'); "
        f"server.Multiprocess(c, sockets=[c.bind_socket()]).run() if {workers} > 1 "
        "else uvicorn.Server(c).run()"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            req = urllib.request.Request(
                f"{url}/v1/waits",
                data=b'{"hand":"2223456m123456789p"}',
                headers={"content-type": "application/json"},
            )
            with urllib.request.urlopen(req, timeout=1):
                return proc, url
        except OSError:
            time.sleep(0.1)
    proc.terminate()
    raise RuntimeError(f"{app} did not start")


def _ms(text: str) -> float:
    m = re.match(r"([\d.]+)(us|ms|s)", text)
    if not m:
        raise ValueError(text)
    v, unit = float(m.group(1)), m.group(2)
    return v / 1000 if unit == "us" else v * 1000 if unit == "s" else v


def _wrk(url: str, path: str, seconds: int, connections: int) -> tuple[float, float, float, int]:
    body = json.dumps(BODIES[path])
    script = (
        'wrk.method = "POST"\n'
        'wrk.headers["Content-Type"] = "application/json"\n'
        f"wrk.body = {json.dumps(body)}\n"
    )
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as f:
        f.write(script)
    try:
        out = subprocess.run(
            [
                "wrk",
                "-t2",
                f"-c{connections}",
                f"-d{seconds}s",
                "--latency",
                "-s",
                f.name,
                url + path,
            ],
            capture_output=True,
            text=True,
            check=True,
            timeout=seconds + 30,
        ).stdout
    finally:
        os.unlink(f.name)
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    p50 = _ms(re.search(r"^\s+50%\s+(\S+)", out, re.M).group(1))  # type: ignore[union-attr]
    p99 = _ms(re.search(r"^\s+99%\s+(\S+)", out, re.M).group(1))  # type: ignore[union-attr]
    errs = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return rps, p50, p99, int(errs.group(1)) if errs else 0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=int, default=10)
    ap.add_argument("--connections", type=int, default=64)
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = ap.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("wrk is needed: apt-get install wrk")
    results: list[Result] = []
    for workers in args.workers:
        for app, paths in [
            ("benches.http.minimal_app:app", ["/v1/waits"]),
            ("twmj_api.main:app", ["/v1/waits", "/v1/score"]),
        ]:
            proc, url = _serve(app, workers)
            try:
                for path in paths:
                    _wrk(url, path, 2, args.connections)  # warm up
                    rps, p50, p99, errs = _wrk(url, path, args.seconds, args.connections)
                    name = "minimal FastAPI" if app.startswith("benches") else f"POST {path}"
                    results.append(Result(name, workers, rps, p50, p99, errs))
            finally:
                proc.terminate()
                proc.wait(timeout=10)
    print("| endpoint | workers | req/s | p50 ms | p99 ms | non-2xx | × minimal |")
    print("|---|---|---|---|---|---|---|")
    for r in results:
        base = next(b for b in results if b.workers == r.workers and b.name == "minimal FastAPI")
        print(
            f"| {r.name} | {r.workers} | {r.rps:,.0f} | {r.p50_ms:.2f} | {r.p99_ms:.2f} | "
            f"{r.errors} | {r.rps / base.rps:.2f} |"
        )


if __name__ == "__main__":
    main()
