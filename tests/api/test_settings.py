"""`/v1/settings` and the overrides' schema come from the core's settings registry; the core,
not the HTTP schema, decides the limits (a taiwan variant with `streak_cap` 30 scores a streak
of 20 over HTTP as in Python)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

import twmj


def test_settings_endpoint_is_the_registry(client: TestClient) -> None:
    body = client.get("/v1/settings").json()
    assert [s["key"] for s in body] == [s.key for s in twmj.SETTINGS]
    by_key = {s["key"]: s for s in body}
    assert by_key["exchange"]["defaults"]["american"] is True
    assert by_key["streak_cap"] | {"defaults": None} == {
        "key": "streak_cap",
        "type": "integer",
        "minimum": 0,
        "maximum": 100,
        "choices": None,
        "layer": "scoring",
        "doc": by_key["streak_cap"]["doc"],
        "doc_zh": by_key["streak_cap"]["doc_zh"],
        "defaults": None,
    }


def test_openapi_enumerates_the_override_keys(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    schema = doc["components"]["schemas"]["ScoreRequest"]["properties"]["overrides"]
    assert schema["additionalProperties"] is False
    props = schema["properties"]
    expected = {s.key for s in twmj.SETTINGS if not s.key.startswith("tai.")}
    assert set(props) == expected | set(twmj.TAI_KEYS)
    assert props["multi_win"]["enum"] == ["nearest", "nearest_of_two", "all"]
    assert props["streak_cap"]["type"] == "integer"
    assert props["exchange"]["type"] == "boolean"
    # No rule constant in the HTTP schema: the streak has no cap there.
    ctx = doc["components"]["schemas"]["ContextIn"]["properties"]["streak"]
    assert "maximum" not in ctx


def _score(streak: int, overrides: dict[str, Any]) -> dict[str, Any]:
    # A dealer's 門清自摸 (000 範例三) at streak N: 莊家 1 + 連莊 2N between dealer and payers.
    return {
        "hand": "123456789m234p56p77s",
        "win_tile": "7p",
        "context": {"winner": 0, "dealer": 0, "streak": streak, "win": "self_draw"},
        "overrides": overrides,
    }


def test_streak_cap_is_the_cores(client: TestClient) -> None:
    ok = client.post("/v1/score", json=_score(20, {"streak_cap": 30}))
    assert ok.status_code == 200, ok.text
    ctx = twmj.Context(winner=0, dealer=0, streak=20, win="self_draw")
    py = twmj.score(
        "123456789m234p56p77s",
        "7p",
        context=ctx,
        variant=twmj.Variant("taiwan", {"streak_cap": 30}),
    )
    assert ok.json()["total_tai"] == py.total_tai
    assert ok.json()["net_tai"] == py.net_tai
    # Over taiwan's own cap (18) the core refuses the streak, naming it.
    over = client.post("/v1/score", json=_score(20, {}))
    assert over.status_code == 422
    assert over.json()["error"]["field"] == "context.streak"


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"no_such": 1}, "overrides.no_such"),
        ({"exchange": 1}, "overrides.exchange"),
        ({"streak_cap": 101}, "overrides.streak_cap"),
        ({"multi_win": "most"}, "overrides.multi_win"),
    ],
)
def test_bad_overrides_name_the_key(
    client: TestClient, overrides: dict[str, Any], field: str
) -> None:
    r = client.post("/v1/score", json=_score(0, overrides))
    assert r.status_code == 422, r.text
    assert r.json()["error"]["field"] == field
