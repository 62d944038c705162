"""`POST /v1/score` (+ batch), `/v1/compare` and `GET /v1/variants`."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import TypeAdapter

import twmj
from twmj_api.schemas.common import ContextIn, WinIn

CASES = json.loads(
    (Path(__file__).parents[1] / "cases" / "scoring_examples.json").read_text("utf-8")
)


def _request(case: dict[str, Any]) -> dict[str, Any]:
    ctx = dict(case["context"])
    flowers = ctx.pop("flowers", "")
    return {
        "variant": case["variant"],
        "hand": case["hand"],
        "win_tile": case["win_tile"],
        "melds": [{"kind": k, "tiles": t} for k, t in case["melds"]],
        "flowers": flowers,
        "context": ctx,
    }


@pytest.mark.parametrize("case", CASES, ids=[c["source"] for c in CASES])
def test_worked_examples_over_http(client: TestClient, case: dict[str, Any]) -> None:
    r = client.post("/v1/score", json=_request(case))
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["total_tai"] == case["total_tai"]
    assert [[i["name"], i["tai"]] for i in body["items"]] == case["items"]
    assert [[p["payer"], p["total_tai"]] for p in body["payments"]] == case["payments"]
    assert body["net_tai"] == case["net_tai"]
    assert body["net_money"] == case["net_money"]
    assert body["allowed"] == case.get("allowed", True)


def test_why_not_and_decomposition(client: TestClient) -> None:
    req = {
        "hand": "2223456m456789p",
        "win_tile": "3m",
        "melds": [{"kind": "chi", "tiles": "123p"}],
        "context": {"winner": 1, "win": "discard", "from_seat": 2, "seat_wind": "S"},
        "why_not": True,
    }
    body = client.post("/v1/score", json=req).json()
    # 000 平胡的認定: 三萬 completes the pair (單吊), so no 平胡.
    assert body["win_shape"] == "tanki"
    assert "33m" in body["decomposition"]
    reasons = {n["key"]: n["reason"] for n in body["why_not"]}
    assert "ping_hu" in reasons


@pytest.mark.parametrize(
    ("patch", "code", "field"),
    [
        ({"context": {"win": "discard"}}, "missing_from_seat", "context.from_seat"),
        ({"context": {"winner": 9}}, "invalid_request", "context.winner"),
        ({"overrides": {"tai.nope": 1}}, "unknown_setting", "overrides.tai.nope"),
        ({"overrides": {"min_tai": 500}}, "bad_setting_value", "overrides.min_tai"),
        ({"flowers": "1m"}, "not_a_flower", "flowers"),
        ({"flowers": "1x"}, "unknown_symbol", "flowers"),
        ({"win_tile": "7p7p"}, "not_one_piece", "win_tile"),
        ({"win_tile": "1s"}, "not_a_win", "hand"),
        ({"melds": [{"kind": "pon", "tiles": "123m"}]}, "not_a_set", "melds[0].tiles"),
        ({"melds": [{"kind": "pon", "tiles": "55x"}]}, "unknown_symbol", "melds[0].tiles"),
        ({"variant": "riichi"}, "invalid_request", "variant"),
    ],
)
def test_score_errors(client: TestClient, patch: dict[str, Any], code: str, field: str) -> None:
    req = {"hand": "123456789m234p56p77s", "win_tile": "7p", **patch}
    r = client.post("/v1/score", json=req)
    assert r.status_code == 422, r.text
    err = r.json()["error"]
    assert (err["code"], err["field"]) == (code, field), err


def test_score_batch(client: TestClient) -> None:
    items = [_request(CASES[0]), {"hand": "1x", "win_tile": "7p"}]
    out = client.post("/v1/score/batch", json={"items": items}).json()
    assert out[0]["result"]["net_tai"] == CASES[0]["net_tai"]
    assert out[1]["result"] is None
    assert out[1]["error"]["code"] == "unknown_symbol"
    # Sent as plain data: exactly the documented model.
    from twmj_api.schemas.score import ScoreBatchItem

    model = TypeAdapter(list[ScoreBatchItem])
    assert model.dump_python(model.validate_python(out), mode="json") == out


def test_compare(client: TestClient) -> None:
    req = _request(CASES[5])  # 002 範例五 under both presets
    del req["variant"]
    req["variants"] = [{"variant": "taiwan"}, {"variant": "american"}]
    body = client.post("/v1/compare", json=req).json()
    assert [s["total_tai"] for s in body["scores"]] == [2, 3]
    assert body["differing"] == [{"key": "dice", "name": "骰規台", "tai": [0, 1]}]
    req["variants"] = [
        {"variant": "taiwan"},
        {"variant": "two_player", "overrides": {"hand_size": 13}},
    ]
    r = client.post("/v1/compare", json=req)
    assert r.status_code == 422
    assert "one hand cannot be both" in r.json()["error"]["message"]


def test_compare_counts_flowers_written_in_the_hand(client: TestClient) -> None:
    # 000 台數表 正花: seat 1 sits 南 (夏 2f, 蘭 6f). 000 計分 範例一's 門清自摸 3 with 夏 written
    # in the hand is 4 under /v1/score, and /v1/compare reads the hand the same way.
    req: dict[str, Any] = {
        "hand": "123456789m234p56p77s2f",
        "win_tile": "7p",
        "context": {"winner": 1, "dealer": 0, "streak": 2, "seat_wind": "S", "win": "self_draw"},
    }
    single = client.post("/v1/score", json=req).json()
    assert single["total_tai"] == 4
    req["variants"] = [{"variant": "taiwan"}, {"variant": "american"}]
    body = client.post("/v1/compare", json=req).json()
    assert [s["total_tai"] for s in body["scores"]] == [4, 4]
    assert all("seat_flower" in [i["key"] for i in s["items"]] for s in body["scores"])


def test_a_flowers_fault_is_named_where_the_request_holds_the_flowers(client: TestClient) -> None:
    # The request holds the winner's flowers beside its context (`flowers`); the library's
    # context holds them inside (`context.flowers`). Each fault is answered at the field the
    # caller wrote, under /v1/score and /v1/compare alike: /v1/compare answered a flower its
    # variant refuses (004 兩人麻將 花牌看桌: no flower is held) at `context.flowers`, a field
    # its request does not have.
    win = {"hand": "123456789m111222z33z", "win_tile": "3z"}
    two = {"variant": "two_player"}
    cases: list[tuple[str, dict[str, Any], str, str]] = [
        ("/v1/score", {**win, **two, "flowers": "1f"}, "no_flowers_played", "flowers"),
        (
            "/v1/compare",
            {**win, "flowers": "1f", "variants": [{"variant": "taiwan"}, two]},
            "no_flowers_played",
            "flowers",
        ),
        ("/v1/score", {**win, "flowers": "9f"}, "no_such_tile", "flowers"),
        ("/v1/compare", {**win, "flowers": "9f", "variants": [two]}, "no_such_tile", "flowers"),
        # Flowers written inside the context are the fault there: the request has no such field.
        ("/v1/score", {**win, "context": {"flowers": "1f"}}, "invalid_request", "context.flowers"),
        (
            "/v1/compare",
            {**win, "context": {"flowers": "1f"}, "variants": [two]},
            "invalid_request",
            "context.flowers",
        ),
    ]
    for path, body, code, field in cases:
        r = client.post(path, json=body)
        assert r.status_code == 422, (path, body)
        error = r.json()["error"]
        assert (error["code"], error["field"]) == (code, field), (path, body, error)
        # The English message names the same field (it began `context.flowers: `).
        assert not error["message"].startswith("context.flowers:"), error
    # A batch item is answered as /v1/score answers it.
    r = client.post("/v1/score/batch", json={"items": [{**win, **two, "flowers": "1f"}]})
    assert r.json()[0]["error"]["field"] == "flowers"


def test_variants_list_every_preset_with_full_config(client: TestClient) -> None:
    body = client.get("/v1/variants").json()
    assert [v["name"] for v in body] == [
        "taiwan",
        "american",
        "traditional",
        "improved16",
        "hk16",
        "three_player",
        "two_player",
    ]
    taiwan, american, traditional, improved16, hk16, three, two = (v["settings"] for v in body)
    # 003 hk16: scored in 番; 平糊 8 (無花), 九子連環 80, 瀝姑瀝姑 30 and 十三么 80 compound.
    assert hk16["unit"] == "番" and taiwan["unit"] == "台"
    assert [hk16[f"tai.{k}"] for k in ("ping_wu_clean", "nine_links", "lig_gu")] == [8, 80, 30]
    assert hk16["special_shapes.compound"] is True and "tai.ping_hu" not in hk16
    # 004 兩人麻將、三人麻將規則: 三人 多數不能吃; 兩人 多數可以吃, 不分圈風門風.
    assert (three["players"], three["chi_allowed"], three["flowers"]) == (3, False, True)
    assert (two["players"], two["chi_allowed"], two["flowers"]) == (2, True, False)
    assert "tai.round_wind" not in two and "tai.seat_wind" not in two
    # 003 改良式: 起胡 1, 無攔胡, 中庸全統制; 五暗刻 10, 天胡 24, 桃園三結義 16.
    assert improved16["min_tai"] == 1 and improved16["multi_win"] == "all"
    assert improved16["payment"] == "zhongyong"
    assert [improved16[f"tai.{k}"] for k in ("five_concealed", "heaven_win", "peach_garden")] == [
        10,
        24,
        16,
    ]
    # 001 台數表: 天胡 32, 全求 2, 花槓 2, 不求 3, 河底撈魚 1; 一家放槍只能一家胡牌.
    assert [traditional[f"tai.{k}"] for k in ("heaven_win", "all_melded", "flower_kong")] == [
        32,
        2,
        2,
    ]
    assert traditional["tai.concealed_self_draw"] == 3 and traditional["tai.last_discard"] == 1
    assert traditional["multi_win"] == "nearest" and taiwan["multi_win"] == "nearest_of_two"
    assert "tai.last_discard" not in taiwan and "tai.human_win" not in traditional
    # 001 流局 (八墩), 詐胡, 起莊、發牌, 過手; 台數表 四槓牌: 若兩家以上合力完成四槓，則和局 (on, while
    # 特殊流局's 四風連打 is off: 台灣多數人玩的規則裡沒有). 000: 16 kept back.
    flow = ("wall_reserve", "false_win", "dealing", "furiten_release", "special_draw.four_kongs")
    assert [traditional[k] for k in flow] == ["sixteen", True, "wall", "own_draw", True]
    assert [taiwan[k] for k in flow] == ["sixteen", False, "plain", "table", False]
    # 000 台數表 and 002 起胡台數 / README decisions (骰規台 豹子 5, 全紅 3, 順子 2, 全黑 1).
    assert taiwan["tai.heaven_win"] == 24 and taiwan["tai.ping_hu"] == 2
    assert taiwan["min_tai"] == 0 and american["min_tai"] == 3
    assert [american[f"dice.{k}"] for k in ("leopard", "all_red", "straight", "all_black")] == [
        5,
        3,
        2,
        1,
    ]
    assert taiwan["base_money"] == 300 and taiwan["tai_money"] == 100


def test_score_body_matches_the_response_model(client: TestClient) -> None:
    from twmj_api.schemas.score import ScoreResponse

    for case in CASES:
        req = _request(case)
        req["why_not"] = True
        body = client.post("/v1/score", json=req).json()
        assert ScoreResponse.model_validate(body).model_dump(mode="json") == body


def test_hk16_over_http_counts_fan_and_within_seven(client: TestClient) -> None:
    # 003 hk16: 門前清 3, 平糊 (無花) 8, 七隻內 20 with the winner's discards given (at most 7).
    req: dict[str, Any] = {
        "variant": "hk16",
        "hand": "123456789m234p56p77s",
        "win_tile": "7p",
        "context": {"winner": 1, "seat_wind": "S", "win": "discard", "from_seat": 2},
    }
    body = client.post("/v1/score", json=req).json()
    assert [[i["name"], i["tai"]] for i in body["items"]] == [["門前清", 3], ["平糊（無花）", 8]]
    req["context"]["discards"] = 7
    body = client.post("/v1/score", json=req).json()
    assert ["七隻內", 20] in [[i["name"], i["tai"]] for i in body["items"]]
    assert body["total_tai"] == 31
    req["context"]["discards"] = -1
    r = client.post("/v1/score", json=req)
    assert r.status_code == 422 and r.json()["error"]["field"] == "context.discards"


def test_why_not_reasons_in_chinese(client: TestClient) -> None:
    # The page shows why an item did not apply in the player's language (issue 13): beside the
    # English reason, the core's Chinese one, named by the item, with no English left in it
    # (MIGI is the rule text's own word). Every worked example under every preset, and under
    # taiwan with every other item of the tables and the fan list drawn in, so each condition's
    # reason is built.
    presets = [v["name"] for v in client.get("/v1/variants").json()]
    taiwan = next(v for v in client.get("/v1/variants").json() if v["name"] == "taiwan")
    drawn = {k: 1 for k in twmj.TAI_KEYS if k not in taiwan["settings"]}
    asks: list[tuple[str, dict[str, int]]] = [(p, {}) for p in presets] + [("taiwan", drawn)]
    seen = 0
    for case in CASES:
        for preset, overrides in asks:
            req = _request(case) | {"variant": preset, "overrides": overrides, "why_not": True}
            r = client.post("/v1/score", json=req)
            if r.status_code != 200:  # a hand the preset's tile set or shapes refuse
                continue
            for n in r.json()["why_not"]:
                zh = n["reason_zh"].replace("MIGI", "")
                assert re.fullmatch(r"[^A-Za-z]*：[^A-Za-z]+", zh), (n["key"], n["reason_zh"])
                seen += 1
    assert seen > 500


def test_human_win_over_http(client: TestClient) -> None:
    # 003 改良式 人胡（必為天聽，在各家未吃碰下八張牌內有人放槍）: 人胡 16 + 天聽 12 + 一條龍 2 + 平胡 2.
    r = client.post(
        "/v1/score",
        json={
            "variant": "improved16",
            "hand": "123456789m234p56p77s",
            "win_tile": "4p",
            "context": {
                "winner": 0,
                "win": "discard",
                "from_seat": 2,
                "declared": "heaven_ready",
                "first_eight": True,
            },
        },
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert {i["key"]: i["tai"] for i in body["items"]}["human_win"] == 16
    assert body["total_tai"] == 32


def test_four_kongs_over_http(client: TestClient) -> None:
    # 003 改良式 6台 四槓胡（除莊連拉外不另計手牌台數）.
    req = {
        "variant": "improved16",
        "hand": "5678m",
        "win_tile": "4m",
        "melds": [
            {"kind": "ankan", "tiles": "1111z"},
            {"kind": "minkan", "tiles": "2222p"},
            {"kind": "ankan", "tiles": "3333s"},
            {"kind": "kakan", "tiles": "4444m"},
        ],
        "context": {"winner": 1, "seat_wind": "S", "win": "four_kongs"},
    }
    r = client.post("/v1/score", json=req)
    assert r.status_code == 200, r.text
    assert [(i["key"], i["tai"]) for i in r.json()["items"]] == [("four_kongs", 6)]
    r = client.post("/v1/score", json={**req, "variant": "taiwan"})
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "context.win"


def test_context_defaults_and_meld_cap_are_the_cores() -> None:
    # The core's Context::new: seat 0 deals and wins by self-draw, 東 round and 東 door.
    core = twmj.Context()
    assert (core.seat_wind, core.round_wind, core.win) == ("E", "E", "self_draw")
    d = ContextIn()
    assert (d.seat_wind, d.round_wind, d.win) == (core.seat_wind, core.round_wind, core.win)
    # 16 tiles + the winning tile = 5 sets and a pair: at most 5 melds, the core's limit.
    assert twmj.LIMITS["melds"] == 5
    melds = WinIn.model_json_schema()["properties"]["melds"]
    assert melds["maxItems"] == twmj.LIMITS["melds"]


def test_six_melds_are_refused_by_name(client: TestClient) -> None:
    six = [{"kind": "pon", "tiles": t} for t in ["111m", "222m", "333m", "444m", "555m", "666m"]]
    r = client.post("/v1/score", json={"hand": "7m", "win_tile": "7m", "melds": six})
    assert r.status_code == 422
    assert r.json()["error"]["field"].startswith("melds")


def test_hk16_eight_flowers_score_on_the_win_and_end_nothing(client: TestClient) -> None:
    # 003 hk16: 八仙過海40番 自摸八隻花。(只是在胡的時候加40番): the row counts on the regular win,
    # and a turn holding all eight offers no `eight flowers` (000's flower win).
    req = {
        "variant": "hk16",
        "hand": "123456789m234p56p77s",
        "win_tile": "7p",
        "flowers": "12345678f",
        "context": {"winner": 1, "dealer": 0, "win": "discard", "from_seat": 2},
    }
    body = client.post("/v1/score", json=req).json()
    assert ["eight_flowers", 40] in [[i["key"], i["tai"]] for i in body["items"]]
    snap = {
        "seat": 1,
        "hand": "2m2m8s8s 4m6m 1z2z3z5z6z7z 9m9p 1s3s 3m",
        "flowers": "12345678f",
        "drawable": 30,
        "decision": {"turn": {"drawn": "3m", "replacement": True}},
    }
    actions = client.post("/v1/legal", json={"snapshot": snap}).json()["actions"]
    assert "eight flowers" in actions
    snap["variant"] = "hk16"
    actions = client.post("/v1/legal", json={"snapshot": snap}).json()["actions"]
    assert "eight flowers" not in actions and "win" not in actions


def test_a_declaration_of_the_wrong_seat_is_refused_by_field(client: TestClient) -> None:
    # 003 hk16 地聽 20番: 閒家配牌後立即聽牌 — the dealer's is refused at its field.
    req = {
        "variant": "hk16",
        "hand": "123456789m234p56p77s",
        "win_tile": "7p",
        "context": {
            "winner": 0,
            "dealer": 0,
            "win": "discard",
            "from_seat": 2,
            "declared": "migi",
        },
    }
    r = client.post("/v1/score", json=req)
    assert r.status_code == 422, r.text
    assert r.json()["error"]["field"] == "context.declared"
