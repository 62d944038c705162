"""Smoke tests of the installed wheels, run by scripts/package.sh in a fresh environment outside
the checkout, with no source tree on the path: `python -I smoke.py DIST [--core-only]`.

Plain asserts, not pytest: the environment holds only what `pip install twmj[api]` brings.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import subprocess
import sys
import tarfile
import time
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

# 000 計分 範例一 (閒家自摸): 門清 1 + 自摸 1 + 不求 1 = 3 台; the dealer (連莊 2 次, 莊家台 5)
# pays 3 + 3 + 5 = 11, the other two 3 + 3 = 6 each: net −11, +23, −6, −6.
EXAMPLE_ARGS = ["123456789m234p56p77s", "7p", "--winner", "1", "--dealer", "0", "--streak", "2"]
EXAMPLE_ARGS += ["--seat-wind", "S", "--win", "self_draw", "--json"]
EXAMPLE_BODY: dict[str, Any] = {
    "hand": "123456789m234p56p77s",
    "win_tile": "7p",
    "context": {"winner": 1, "dealer": 0, "streak": 2, "seat_wind": "S", "win": "self_draw"},
}
EXAMPLE_ITEMS = ["門清", "自摸", "不求"]
EXAMPLE_NET = [-11, 23, -6, -6]
TOOLS = {
    "waits",
    "analyze",
    "score",
    "compare",
    "wait_values",
    "legal",
    "replay",
    "review",
    "variants",
    "settings",
}

BIN = Path(sys.executable).parent


def check_example(data: dict[str, Any]) -> None:
    assert data["total_tai"] == 3, data
    assert [i["name"] for i in data["items"]] == EXAMPLE_ITEMS, data["items"]
    assert data["net_tai"] == EXAMPLE_NET, data["net_tai"]


def check_installed() -> None:
    """The package comes from this environment's site-packages, as one abi3 extension."""
    import twmj
    import twmj._core

    prefix = Path(sys.prefix).resolve()
    for module in (twmj, twmj._core):
        assert module.__file__ is not None
        assert prefix in Path(module.__file__).resolve().parents, module.__file__
    assert ".abi3." in Path(twmj._core.__file__ or "").name, twmj._core.__file__
    assert not any(Path(p, "python", "twmj").is_dir() for p in sys.path if p), sys.path
    print(f"ok: twmj {twmj.__version__} on Python {sys.version.split()[0]}: {twmj._core.__file__}")


def run(*args: str) -> str:
    done = subprocess.run([str(BIN / "twmj"), *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, (args, done.returncode, done.stderr)
    return done.stdout


def check_cli() -> None:
    import twmj

    assert run("--version").strip() == f"twmj {twmj.__version__}"
    check_example(json.loads(run("score", *EXAMPLE_ARGS)))
    bad = subprocess.run([str(BIN / "twmj"), "score", "123x", "7p"], capture_output=True, text=True)
    assert bad.returncode == 2 and "twmj: error:" in bad.stderr, bad
    print("ok: twmj --version, twmj score (000 範例一: 3 台), exit 2 on a bad hand")


def check_dist(dist: Path) -> None:
    """One abi3 wheel for CPython ≥ 3.11, the sdist with the Rust and Python sources, the
    service's pure-Python wheel with its page."""
    names = sorted(p.name for p in dist.iterdir())
    assert any(re.fullmatch(r"twmj-[\d.]+-cp311-abi3-.*\.whl", n) for n in names), names
    assert any(re.fullmatch(r"twmj_api-[\d.]+-py3-none-any\.whl", n) for n in names), names
    (sdist,) = [dist / n for n in names if n.endswith(".tar.gz")]
    with tarfile.open(sdist) as tar:
        inside = {m.name.split("/", 1)[1] for m in tar.getmembers() if "/" in m.name}
    for need in ("pyproject.toml", "Cargo.toml", "rust/twmj-core/src/lib.rs", "python/twmj/cli.py"):
        assert need in inside, (need, sorted(inside)[:20])
    print(f"ok: {dist} holds {', '.join(names)}")


class _Assets(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("src", "href") and value:
                self.urls.append(value)


def _get(url: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(url, timeout=10) as r:
        return int(r.status), bytes(r.read())


def _post(url: str, body: object) -> tuple[int, Any]:
    req = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return int(r.status), json.loads(r.read())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _mcp_calls(client: Any) -> None:
    listed = await client.list_tools()
    assert {t.name for t in listed.tools} == TOOLS, [t.name for t in listed.tools]
    result = await client.call_tool("score", EXAMPLE_BODY)
    assert not result.is_error, result
    check_example(result.structured_content)
    bad = await client.call_tool("waits", {"hand": "123x"})
    assert bad.is_error and bad.structured_content["error"]["field"] == "hand", bad


def check_service() -> None:
    from mcp.client import Client

    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen(
        [str(BIN / "twmj"), "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        for _ in range(150):
            try:
                status, body = _get(f"{url}/health")
                break
            except OSError:
                assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
                time.sleep(0.2)
        else:
            raise AssertionError("twmj serve did not answer /health")
        assert status == 200 and json.loads(body)["status"] == "ok"
        status, data = _post(f"{url}/v1/score", EXAMPLE_BODY)
        assert status == 200
        check_example(data)
        status, page = _get(f"{url}/")
        assert status == 200 and b"<html" in page.lower()
        print("ok: twmj serve answers /health, /v1/score (3 台) and the page")
        for docs in ("/docs", "/redoc"):
            status, html = _get(url + docs)
            assert status == 200
            parser = _Assets()
            parser.feed(html.decode())
            assert parser.urls, html
            for asset in parser.urls:
                # Every asset the page loads is the service's own (no CDN, no other host).
                assert asset.startswith("/") and not asset.startswith("//"), (docs, asset)
                assert _get(url + asset)[0] == 200, asset
            print(f"ok: {docs} loads {len(parser.urls)} assets, all from the service itself")
        asyncio.run(_run_client(Client(f"{url}/mcp")))
        print("ok: MCP over streamable HTTP at /mcp: tools listed, score called, bad input refused")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


async def _run_client(client: Any) -> None:
    async with client:
        await _mcp_calls(client)


def check_mcp_stdio() -> None:
    from mcp import StdioServerParameters
    from mcp.client import Client

    params = StdioServerParameters(command=str(BIN / "twmj"), args=["mcp"], env=dict(os.environ))
    asyncio.run(_run_client(Client(params)))
    print("ok: twmj mcp (stdio): tools listed, score called, bad input refused")


def main() -> None:
    dist = Path(sys.argv[1])
    check_installed()
    check_cli()
    if "--core-only" in sys.argv:
        return
    check_dist(dist)
    check_service()
    check_mcp_stdio()


if __name__ == "__main__":
    main()
