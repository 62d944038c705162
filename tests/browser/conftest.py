"""A live server and a headless system Chromium driven by Playwright."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    port = _free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "twmj_api.main:app",
            "--port",
            str(port),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        # Up to 30 s: importing the service takes seconds on a loaded 2-core machine.
        for _ in range(300):
            try:
                with urllib.request.urlopen(f"{url}/health", timeout=1):
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise RuntimeError("the server did not start")
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _chromium() -> str:
    path = (
        os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    )
    if not path:
        raise RuntimeError(
            "no system Chromium: scripts/test.sh installs it (apt-get install chromium)"
        )
    return path


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=_chromium(), args=["--no-sandbox"])
        yield b
        b.close()


#: The sizes every flow is tried at: a desktop and a phone (issue 13).
SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(params=list(SIZES))
def page(request: pytest.FixtureRequest, browser: Browser, server: str) -> Iterator[Page]:
    """The page, loaded and ready, at each size; it fails the test on any uncaught script
    error."""
    context = browser.new_context(viewport=SIZES[request.param])  # type: ignore[arg-type]
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server)
    pg.wait_for_selector("body[data-ready=true]")
    yield pg
    context.close()
    assert not errors, errors
