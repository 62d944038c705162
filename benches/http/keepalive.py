"""Keep-alive probe: sequential requests on one connection to a running service, median and
max milliseconds. Shows a per-request stall (Nagle against delayed ACK) that wrk's many
connections blur into throughput.

    .venv/bin/python -m uvicorn twmj_api.main:app --port 8765 --workers 2 --loop asyncio &
    .venv/bin/python benches/http/keepalive.py 8765
"""

from __future__ import annotations

import http.client
import statistics
import sys
import time


def probe(port: int, requests: int = 30) -> tuple[float, float]:
    """Median and max milliseconds of `requests` sequential POST /v1/waits on one connection."""
    conn = http.client.HTTPConnection("127.0.0.1", port)
    body = '{"hand":"2223456m123456789p"}'
    times = []
    for _ in range(requests):
        start = time.perf_counter()
        conn.request("POST", "/v1/waits", body=body, headers={"content-type": "application/json"})
        conn.getresponse().read()
        times.append((time.perf_counter() - start) * 1000)
    conn.close()
    return statistics.median(times), max(times)


if __name__ == "__main__":
    median, worst = probe(int(sys.argv[1]) if len(sys.argv) > 1 else 8765)
    print(f"median {median:.2f} ms, max {worst:.2f} ms")
