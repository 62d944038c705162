"""The API docs work offline and their examples work: /docs and /redoc load only the
service's own assets, every request model's example is answered with 200, and the OpenAPI
lists the error answers where the server really sends them."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from fastapi.testclient import TestClient


class _Assets(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.urls += [v for k, v in attrs if k in ("src", "href") and v]


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_docs_load_only_the_services_own_assets(client: TestClient, page: str) -> None:
    r = client.get(page)
    assert r.status_code == 200
    parser = _Assets()
    parser.feed(r.text)
    scripts = [u for u in parser.urls if u.endswith(".js")]
    assert scripts, "the page loads its renderer"
    for url in parser.urls:
        assert url.startswith("/") and not url.startswith("//"), url
        assert client.get(url).status_code == 200, url
    # No absolute URL anywhere in the page (no font, favicon or validator from elsewhere).
    assert "://" not in r.text


def _operations(doc: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(path, method, op) for path, ops in doc["paths"].items() for method, op in ops.items()]


def _example(doc: dict[str, Any], op: dict[str, Any]) -> Any:
    schema = op["requestBody"]["content"]["application/json"]["schema"]
    name = schema["$ref"].rsplit("/", 1)[1]
    examples = doc["components"]["schemas"][name].get("examples")
    assert examples, f"{name} has no example"
    return examples[0]


def test_every_request_models_example_is_answered(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    posted: set[str] = set()
    for path, method, op in _operations(doc):
        if "requestBody" not in op:
            continue
        r = client.request(method.upper(), path, json=_example(doc, op))
        assert r.status_code == 200, (path, r.text)
        body = r.json()
        # A batch answers 200 even for invalid items: its examples must be valid items.
        if isinstance(body, list):
            assert all(item.get("error") is None for item in body), (path, body)
        posted.add(path)
    assert {"/v1/waits", "/v1/analyze", "/v1/score", "/v1/compare", "/v1/wait_values"} <= posted
    assert {"/v1/legal", "/v1/replay", "/v1/waits/batch", "/v1/score/batch"} <= posted


def test_score_example_is_000_example_one(client: TestClient) -> None:
    # 000 計分 範例一: 門清 1 + 自摸 1 + 不求 1 = 3 台; net −11, +23, −6, −6.
    doc = client.get("/openapi.json").json()
    body = client.post("/v1/score", json=_example(doc, doc["paths"]["/v1/score"]["post"])).json()
    assert body["total_tai"] == 3 and body["net_tai"] == [-11, 23, -6, -6]


def test_openapi_lists_only_the_errors_the_server_sends(client: TestClient) -> None:
    json_type = {"content-type": "application/json"}
    # A body that is not JSON (bad text or bad bytes) is a 422 like any other bad body.
    for body in (b"{not json", b"\xc5\xba\xff"):
        r = client.post("/v1/score", content=body, headers=json_type)
        assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_request"
    # Malformed HTTP is answered 400 on any route (twmj_api/server.py), so every operation
    # documents 400; 413 and 422 too (any request may carry a body).
    doc = client.get("/openapi.json").json()
    for path, method, op in _operations(doc):
        assert {"400", "413", "422"} <= set(op["responses"]), (path, method)
