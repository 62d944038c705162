"""`/wasm/`: the demo page of the npm package `twmj` (issue 27 item 6), a wait checker that
runs the WebAssembly build in the browser and asks the service nothing.

Served from the source tree's `js/` once `scripts/setup.sh` has built the package into
`js/pkg/` (`/wasm/pkg/`, the package as npm ships it) and `js/examples/` (`/wasm/examples/`,
the page, which imports the package by its relative path `../pkg/index.js`). A service
installed from wheels has no `js/` and serves no `/wasm/`.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import RedirectResponse
from fastapi.staticfiles import StaticFiles

#: The package folder of the source tree (`api/twmj_api/` → the root → `js/`).
JS = Path(__file__).resolve().parents[2] / "js"


def mount(app: FastAPI) -> None:
    """Serves the built package and the demo page under `/wasm/`, when both are there."""
    pkg, examples = JS / "pkg", JS / "examples"
    if not ((pkg / "index.js").is_file() and (examples / "index.html").is_file()):
        return

    @app.get("/wasm/", include_in_schema=False)
    async def wasm_index() -> RedirectResponse:
        return RedirectResponse("/wasm/examples/")

    app.mount("/wasm/pkg", StaticFiles(directory=pkg), name="wasm-pkg")
    app.mount("/wasm/examples", StaticFiles(directory=examples, html=True), name="wasm-examples")
