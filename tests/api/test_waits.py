"""`POST /v1/waits` and its batch form."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import TypeAdapter

import twmj


def test_rule_text_example(client: TestClient) -> None:
    # 二二二三四五六萬＋一到九筒 waits on 一、三、四、六、七萬 (taiwan text, 平胡的認定).
    r = client.post("/v1/waits", json={"hand": "二二二三四五六萬 123456789p"})
    assert r.status_code == 200
    assert r.headers["content-type"] == "application/json"
    body = r.json()
    assert body["shanten"] == 0 and body["tenpai"] is True
    assert [w["tile"] for w in body["waits"]] == ["1m", "3m", "4m", "6m", "7m"]
    assert body["waits"][1] == {"tile": "3m", "name": "三萬", "shapes": ["tanki"], "remaining": 3}


def test_same_answer_as_the_library(client: TestClient) -> None:
    req = {
        "hand": "3345m123p",
        "melds": [
            {"kind": "pon", "tiles": "555s"},
            {"kind": "chi", "tiles": "789s"},
            {"kind": "ankan", "tiles": "1111z"},
        ],
        "visible": "3m6m6m",
    }
    body = client.post("/v1/waits", json=req).json()
    lib = twmj.waits("3345m123p", [("pon", "555s"), ("chi", "789s"), ("ankan", "1111z")], "3m6m6m")
    assert [(w["tile"], w["shapes"], w["remaining"]) for w in body["waits"]] == [
        (w.tile, w.shapes, w.remaining) for w in lib.waits
    ]
    # 3m: four minus two in hand minus one visible; 6m: four minus two visible.
    assert {w["tile"]: w["remaining"] for w in body["waits"]} == {"3m": 1, "6m": 2}


def test_not_ready_reports_shanten(client: TestClient) -> None:
    body = client.post("/v1/waits", json={"hand": "1357m1357p1357s1234z"}).json()
    assert body["tenpai"] is False
    assert body["waits"] == []
    lib = twmj.waits("1357m1357p1357s1234z")
    assert [a["tile"] for a in body["accepts"]] == [a.tile for a in lib.accepts] != []
    assert body["shanten"] == twmj.shanten("1357m1357p1357s1234z") > 0


@pytest.mark.parametrize(
    ("req", "code", "field", "message"),
    [
        ({"hand": "123x"}, "unknown_symbol", "hand", "unknown symbol: 'x' at position 3"),
        (
            {"hand": "123m"},
            "wrong_tile_count",
            "hand",
            "the hand has 3 concealed tiles; this call needs 16, 13, 10, 7, 4 or 1",
        ),
        (
            {"hand": "1234567m123p", "melds": [{"kind": "pon", "tiles": "12p"}]},
            "wrong_meld_size",
            "melds[0].tiles",
            "meld 0 (pon '12p') must have 3 tiles",
        ),
        (
            {"hand": "2223456m123456789p", "visible": "22m"},
            "too_many_copies",
            "visible",
            "5 copies of 2m between the hand, its melds and the visible tiles; a tile has 4",
        ),
        (
            {"hand": "2223456m123456789p", "visible": "9z"},
            "no_such_tile",
            "visible",
            "no such tile: '9z' at position 0",
        ),
        ({"hand": 5}, "invalid_request", "hand", "Input should be a valid string"),
        ({}, "invalid_request", "hand", "Field required"),
        (
            {"hand": "1m", "melds": [{"kind": "peng", "tiles": "111p"}]},
            "invalid_request",
            "melds[0].kind",
            "Input should be 'chi', 'pon', 'minkan', 'kakan', 'ankan', '吃', '碰', '明槓', '加槓' "
            "or '暗槓'",
        ),
        (
            {"hand": "1m", "extra": 1},
            "invalid_request",
            "extra",
            "Extra inputs are not permitted",
        ),
    ],
)
def test_errors_have_one_shape(
    client: TestClient, req: dict[str, Any], code: str, field: str, message: str
) -> None:
    r = client.post("/v1/waits", json=req)
    assert r.status_code == 422
    err = r.json()["error"]
    assert err["code"] == code
    assert err["field"] == field
    assert err["message"].startswith(message)


def test_malformed_json_is_422(client: TestClient) -> None:
    r = client.post("/v1/waits", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422
    assert r.json()["error"]["code"] == "invalid_request"


def test_batch_answers_each_hand(client: TestClient) -> None:
    items = [{"hand": "2223456m123456789p"}, {"hand": "1m"}, {"hand": "1x"}]
    r = client.post("/v1/waits/batch", json={"items": items})
    assert r.status_code == 200
    out = r.json()
    assert [w["tile"] for w in out[0]["result"]["waits"]] == ["1m", "3m", "4m", "6m", "7m"]
    assert out[0]["error"] is None
    assert out[1]["result"]["waits"][0]["shapes"] == ["tanki"]
    assert out[2] == {
        "result": None,
        "error": {
            "code": "unknown_symbol",
            "message": "unknown symbol: 'x' at position 1",
            "field": "hand",
            "position": 1,
            "message_zh": "看不懂「x」（第 2 個字）",
        },
    }
    # Sent as plain data: exactly the documented model.
    from twmj_api.schemas.waits import WaitsBatchItem

    model = TypeAdapter(list[WaitsBatchItem])
    assert model.dump_python(model.validate_python(out)) == out


def test_batch_length_is_limited(client: TestClient) -> None:
    r = client.post("/v1/waits/batch", json={"items": [{"hand": "1m"}] * 1001})
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "items"


def test_body_size_is_limited(client: TestClient) -> None:
    r = client.post(
        "/v1/waits",
        content=b" " * (9 << 20),
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 413
    assert r.json()["error"]["code"] == "too_large"


def test_chunked_body_size_is_limited(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(160):
            yield b" " * 65536

    r = client.post("/v1/waits", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert r.json()["error"] == {
        "code": "too_large",
        "message": "request body over 8388608 bytes",
        "field": None,
        "position": None,
        "message_zh": "資料太大",
    }


@pytest.mark.parametrize("hand", ["2223456m123456789p", "1357m1357p1357s1234z", "13m5p1z"])
def test_fast_path_body_matches_the_response_model(client: TestClient, hand: str) -> None:
    # /v1/waits builds its body directly; it must still be exactly a WaitsResponse.
    from twmj_api.schemas.waits import WaitsResponse

    body = client.post("/v1/waits", json={"hand": hand}).json()
    assert WaitsResponse.model_validate(body).model_dump() == body


def test_special_shapes_only_with_their_preset(client: TestClient) -> None:
    # 003 註13 十三么: the thirteen with a run wait on all thirteen under improved16 only.
    hand = "19m19p19s1234567z 234m"
    plain = client.post("/v1/waits", json={"hand": hand}).json()
    assert plain["tenpai"] is False
    for preset in ("taiwan", "american", "traditional"):
        body = client.post("/v1/waits", json={"hand": hand, "variant": preset}).json()
        assert body["tenpai"] is False, preset
    body = client.post("/v1/waits", json={"hand": hand, "variant": "improved16"}).json()
    assert body["tenpai"] is True and len(body["waits"]) == 13
    # 003 註八 瀝咕瀝咕: eight pairs wait on each pair.
    body = client.post(
        "/v1/waits", json={"hand": "11m 33m 55p 77p 99s 22z 44z 66z", "variant": "improved16"}
    ).json()
    assert [w["tile"] for w in body["waits"]] == ["1m", "3m", "5p", "7p", "9s", "2z", "4z", "6z"]
    bad = client.post("/v1/waits", json={"hand": hand, "variant": "nope"})
    assert bad.status_code == 422


def test_batch_items_carry_their_own_rules(client: TestClient) -> None:
    # Each item as `/v1/waits` takes it: 003 改良式 註八 瀝咕瀝咕 waits under improved16 only,
    # 004's 13-tile hand with `hand_size` 13, 004 三人麻將's missing 2m–8m refused by name, and a
    # setting the core refuses (13 tiles with 瀝咕瀝咕, which has no 13-tile form) is that item's
    # error alone.
    lig_gu = "11m33m55m77m99m11p333p5p"
    items: list[dict[str, Any]] = [
        {"hand": lig_gu, "variant": "improved16"},
        {"hand": lig_gu},
        {"hand": "2223456m123456p", "overrides": {"hand_size": 13}},
        {"hand": "123p456p789p123s45s55m", "variant": "three_player"},
        {"hand": "2223456m123456p", "variant": "improved16", "overrides": {"hand_size": 13}},
    ]
    out = client.post("/v1/waits/batch", json={"items": items}).json()
    for item, answer in zip(items[:3], out, strict=False):
        single = client.post("/v1/waits", json=item).json()
        assert answer == {"result": single, "error": None}
    assert [w["tile"] for w in out[0]["result"]["waits"]] == ["5p"]
    assert out[1]["result"]["shanten"] > 0
    assert [w["tile"] for w in out[2]["result"]["waits"]] == ["1m", "3m", "4m", "6m", "7m"]
    assert out[3]["result"] is None and "5m is not in play" in out[3]["error"]["message"]
    assert out[4]["result"] is None and out[4]["error"]["code"] == "setting_conflict"
    # A value outside the registry's choices is outside the schema: the whole request is refused.
    bad = client.post(
        "/v1/waits/batch", json={"items": [items[0], {**items[2], "overrides": {"hand_size": 12}}]}
    )
    assert bad.status_code == 422
    assert bad.json()["error"]["code"] == "bad_setting_value"
    assert bad.json()["error"]["field"] == "items[1].overrides.hand_size"
