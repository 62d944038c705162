"""`/v1/settings` and the overrides' schema come from the core's settings registry; the core,
not the HTTP schema, decides the limits (a taiwan variant with `streak_cap` 30 scores a streak
of 20 over HTTP as in Python)."""

from __future__ import annotations

import re
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
        "name": "連莊上限",
        "type": "integer",
        "minimum": 0,
        "maximum": 100,
        "choices": None,
        "choice_names": None,
        "layer": "scoring",
        "layer_name": "算台",
        "doc": by_key["streak_cap"]["doc"],
        "doc_zh": by_key["streak_cap"]["doc_zh"],
        "defaults": None,
        "requires": [],
        "family": None,
    }
    # The families' entries say which family they stand for, and their keys are the
    # library's (the core's `Family::keys`).
    families = {s["family"]: s["key"] for s in body if s["family"] is not None}
    assert families == {"tai": "tai.<item>", "exclude": "exclude.<item>"}
    assert set(twmj.FAMILY_KEYS["tai"]) == set(twmj.TAI_KEYS)
    assert set(twmj.FAMILY_KEYS["exclude"]) == set(twmj.EXCLUDE_KEYS)


def test_settings_are_named_in_chinese(client: TestClient) -> None:
    # The page's 家規 is built from these (issue 13): every setting, group and choice has a
    # Chinese name, one per choice, in the choices' order.
    body = client.get("/v1/settings").json()
    han = re.compile(r"[\u4e00-\u9fff]")
    for s in body:
        assert han.search(s["name"]), s["key"]
        assert han.search(s["layer_name"]), s["key"]
        if s["type"] == "string" and s["choices"] is not None:
            assert len(s["choice_names"]) == len(s["choices"]), s["key"]
            assert all(han.search(n) for n in s["choice_names"]), s["key"]
    by_key = {s["key"]: s for s in body}
    assert (
        dict(zip(by_key["multi_win"]["choices"], by_key["multi_win"]["choice_names"], strict=True))[
            "nearest"
        ]
        == "一律攔胡"
    )
    assert {s["layer_name"] for s in body} == {
        "算台",
        "玩法（不影響算台）",
        "牌型（聽牌、胡牌的認定）",
    }


def test_requirements_are_the_cores(client: TestClient) -> None:
    # 003 註八: 瀝咕瀝咕 has no 13-tile form, so hand_size 13 needs it off; the page reads this
    # pair from here instead of copying the rule (issue 13).
    by_key = {s["key"]: s for s in client.get("/v1/settings").json()}
    assert by_key["hand_size"]["requires"] == [
        {"when": 13, "key": "special_shapes.lig_gu", "value": False}
    ]
    assert sum(len(s["requires"]) for s in by_key.values()) == 1
    # What it says is what the core enforces: the pair is refused, the required pair plays.
    refused = client.post(
        "/v1/waits",
        json={"hand": "2223456m123456p", "variant": "improved16", "overrides": {"hand_size": 13}},
    )
    assert refused.status_code == 422
    assert refused.json()["error"]["field"] == "overrides.hand_size"
    played = client.post(
        "/v1/waits",
        json={
            "hand": "2223456m123456p",
            "variant": "improved16",
            "overrides": {"hand_size": 13, "special_shapes.lig_gu": False},
        },
    )
    assert played.status_code == 200


def test_vocabulary_names_the_tai_items(client: TestClient) -> None:
    items = {t["key"]: t["name"] for t in client.get("/v1/vocabulary").json()["items"]}
    assert items["ping_hu"] == "平胡"
    assert set(twmj.TAI_KEYS) <= {f"tai.{k}" for k in items}


def test_openapi_enumerates_the_override_keys(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    schema = doc["components"]["schemas"]["ScoreRequest"]["properties"]["overrides"]
    assert schema["additionalProperties"] is False
    props = schema["properties"]
    expected = {s.key for s in twmj.SETTINGS if not s.key.endswith("<item>")}
    assert set(props) == expected | set(twmj.TAI_KEYS) | set(twmj.EXCLUDE_KEYS)
    # An exclusion is a text (item keys joined by commas), 000 小三元 不另計三元牌 its default.
    assert props["exclude.small_dragons"]["type"] == "string"
    # A family's member takes its family's range, read from the family's entry.
    tai = twmj.FAMILIES["tai"]
    assert (props["tai.ping_hu"]["minimum"], props["tai.ping_hu"]["maximum"]) == (
        tai.minimum,
        tai.maximum,
    )
    assert props["multi_win"]["enum"] == ["nearest", "nearest_of_two", "all"]
    assert props["streak_cap"]["type"] == "integer"
    assert props["exchange"]["type"] == "boolean"
    # No rule constant typed in the HTTP schema: the streak's maximum is the top of the
    # registry's `streak_cap` range (issue 33.6), read from the core.
    cap = next(s for s in twmj.SETTINGS if s.key == "streak_cap")
    for model in ("ContextIn", "Snapshot", "ReplayRequest"):
        streak = doc["components"]["schemas"][model]["properties"]["streak"]
        assert streak["maximum"] == cap.maximum, model


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


def test_tai_cap_override_over_http(client: TestClient) -> None:
    # 001 各地: 滿台為八台.
    r = client.post(
        "/v1/score",
        json={
            "variant": "traditional",
            "overrides": {"tai_cap": 8},
            "hand": "123m456m789s234p56p11z",
            "win_tile": "4p",
            "context": {"winner": 0, "win": "discard", "from_seat": 2, "declared": "heaven_ready"},
        },
    )
    assert r.status_code == 200, r.text
    assert [p["total_tai"] for p in r.json()["payments"]] == [11]
