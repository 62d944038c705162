"""The `twmj` commands this package adds: `twmj serve` and `twmj mcp`.

`twmj` (the package below) never imports the service: it finds these through the entry point
group `twmj.commands` declared in api/pyproject.toml, one entry point per command. Loading this
module is cheap (nothing of the service is imported until a command runs), so `twmj --help`
and the other commands do not pay for FastAPI.
"""

from __future__ import annotations

import argparse

from twmj.cli import Command


def _port(text: str) -> int:
    """A TCP port, 1–65535: anything else is refused by name (uvicorn would listen elsewhere)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 1 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"{n} is not a port (1–65535)")
    return n


def _workers(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of workers") from None
    if not 1 <= n <= 64:
        raise argparse.ArgumentTypeError(f"{n} workers: 1 to 64")
    return n


def _serve_arguments(s: argparse.ArgumentParser) -> None:
    s.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    s.add_argument("--port", type=_port, default=8000, help="1–65535")
    s.add_argument("--workers", type=_workers, default=1, help="worker processes (1–64)")


def _serve(args: argparse.Namespace) -> int:
    """Runs the service in its production mode (README: the limits, the workers, graceful
    shutdown on SIGTERM)."""
    from twmj_api import server

    print(f"twmj: serving on http://{args.host}:{args.port}/ (API docs at /docs)", flush=True)
    server.run(args.host, args.port, args.workers)
    return 0


def _mcp(args: argparse.Namespace) -> int:
    """The MCP tool server over stdio (the same tools the service offers at `/mcp`)."""
    from twmj_api.tools import run_stdio

    run_stdio()
    return 0


serve = Command(
    help="start the HTTP service, its web page and /mcp (production limits, README)",
    add_arguments=_serve_arguments,
    run=_serve,
)
mcp = Command(help="the MCP tool server over stdio, for LLM agents", run=_mcp)
