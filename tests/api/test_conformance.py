"""The conformance corpus (docs/conformance.md) through the HTTP service: every case as the
request body of its kind's route, the answer read back into the canonical shape."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from twmj import conformance

CASES = conformance.load()


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(client: TestClient, case: dict[str, Any]) -> None:
    path, body = conformance.http_request(case)
    r = client.post(path, json=body)
    assert r.status_code in (200, 422), (case["id"], r.status_code, r.text)
    outcome = conformance.http_outcome(case["kind"], r.json())
    why = conformance.mismatch(case, outcome)
    assert why is None, (
        f"{case['id']}: {why}\n expected {conformance.expected_outcome(case)}\n got {outcome}"
    )


def test_the_routes_are_the_documented_ones() -> None:
    # docs/conformance.md, "Questions": shanten goes to /v1/waits for 16 − 3k tiles and to
    # /v1/analyze for 17 − 3k; is_win to /v1/analyze; legal puts the variant in the snapshot.
    by_id = {c["id"]: c for c in CASES}
    kinds = {c["kind"]: conformance.http_request(c)[0] for c in CASES}
    assert kinds["waits"] == "/v1/waits"
    assert kinds["is_win"] == "/v1/analyze"
    assert kinds["score"] == "/v1/score"
    assert kinds["replay"] == "/v1/replay"
    routes = {conformance.http_request(c)[0] for c in CASES if c["kind"] == "shanten"}
    assert routes == {"/v1/waits", "/v1/analyze"}
    path, body = conformance.http_request(by_id["legal/american/threshold-blocks-win"])
    assert path == "/v1/legal" and body["snapshot"]["variant"] == "american"
