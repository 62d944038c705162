"""The README states the caps as they are defined (issue 33.6: it said every batch takes 1000
items while `/v1/tiles/read/batch` takes 100)."""

from __future__ import annotations

from pathlib import Path

from twmj_api import offload
from twmj_api.main import create_app
from twmj_api.schemas.common import MAX_BATCH
from twmj_api.server import Limits

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


def _max_items(path: str) -> int:
    app = create_app()
    route = next(r for r in app.routes if isinstance(r, offload.OffLoopRoute) and r.path == path)
    assert route.body_field is not None
    schema = route.body_field._type_adapter.json_schema()
    (field,) = [p for p in schema["properties"].values() if p.get("type") == "array"]
    return int(field["maxItems"])


def test_the_readme_states_each_batch_cap() -> None:
    assert _max_items("/v1/score/batch") == _max_items("/v1/waits/batch") == MAX_BATCH
    texts = _max_items("/v1/tiles/read/batch")
    stated = (
        f"`/v1/score/batch` and `/v1/waits/batch` take at most {MAX_BATCH} items, "
        f"`/v1/tiles/read/batch` {texts} texts"
    )
    assert stated in " ".join(README.split())


def test_the_readme_states_the_server_limits() -> None:
    limits = Limits()
    table = " ".join(README.split())
    assert f"| {limits.max_head // 1024} KiB | 431" in table
    assert f"(nginx's `send_timeout`) | {limits.write_timeout:g} s |" in table
    assert f"| {limits.max_buffered // 1024} KiB |" in table
    assert f"| {offload.MAX_SINGLE_VALUES:,}".replace(",", " ") in table
