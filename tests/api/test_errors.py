"""Every 4xx body takes `code` and `field` from the library error's attributes; the vocabulary."""

from __future__ import annotations

import json
import random
from typing import Any

from fastapi.testclient import TestClient

import twmj
from tests.games import play_out
from twmj_api.errors import SERVICE_CODES


def _error(r: Any) -> dict[str, Any]:
    assert r.status_code == 422, r.text
    err: dict[str, Any] = r.json()["error"]
    return err


def test_tile_error(client: TestClient) -> None:
    err = _error(client.post("/v1/waits", json={"hand": "1111x1m"}))
    assert (err["code"], err["field"]) == ("unknown_symbol", "hand")
    assert err["message"].endswith("at position 4")
    assert err["message_zh"] == "看不懂「x」（第 5 個字）"
    err = _error(client.post("/v1/waits", json={"hand": "2223456m123456789p", "visible": "3m9z"}))
    assert (err["code"], err["field"]) == ("no_such_tile", "visible")
    assert err["message_zh"] == "沒有「9z」這張牌"
    assert err["message"].endswith("at position 2")


def test_hand_error(client: TestClient) -> None:
    req = {
        "hand": "123456789m234p56p77s",
        "win_tile": "7p",
        "melds": [{"kind": "chi", "tiles": "123m"}, {"kind": "pon", "tiles": "556p"}],
    }
    err = _error(client.post("/v1/score", json=req))
    assert (err["code"], err["field"]) == ("not_a_set", "melds[1].tiles")
    assert err["message_zh"] == "碰「556p」不是同一張牌"


def test_five_copies_between_hand_and_visible_name_visible(client: TestClient) -> None:
    # Five 二萬 between the hand and 已見牌: the fault is in 已見牌 (000: 每種牌四張).
    req = {"hand": "2223456m123456789p", "visible": "22m"}
    err = _error(client.post("/v1/waits", json=req))
    assert (err["code"], err["field"]) == ("too_many_copies", "visible")
    assert err["message_zh"] == "二萬超過四張（手牌、副露與已見牌共 5 張）"


def test_a_tile_out_of_play_is_named(client: TestClient) -> None:
    # 004 三人麻將: 二萬–八萬 are out; the tile's character in the hand's text is given.
    req = {"variant": "three_player", "hand": "19m2m"}
    err = _error(client.post("/v1/waits", json=req))
    assert (err["code"], err["field"], err["position"]) == ("tile_not_in_play", "hand", 3)
    assert err["message_zh"] == "二萬不在這個規則的牌裡（三人不用二萬到八萬）"


def test_context_error(client: TestClient) -> None:
    req = {"hand": "123456789m234p56p77s", "win_tile": "7p", "context": {"win": "discard"}}
    err = _error(client.post("/v1/score", json=req))
    assert (err["code"], err["field"]) == ("missing_from_seat", "context.from_seat")
    assert err["message_zh"] == "放槍要填付錢的人（from_seat）"
    # A seat the variant does not seat (three players: seats 0–2), from the core.
    req = {
        "variant": "three_player",
        "hand": "19m123456789p234s",
        "win_tile": "9m",
        "context": {"winner": 3},
    }
    err = _error(client.post("/v1/score", json=req))
    assert (err["code"], err["field"]) == ("seat_out_of_range", "context.winner")
    assert err["message_zh"] == "沒有座位 3（座位是 0 到 2）"


def test_variant_error(client: TestClient) -> None:
    req: dict[str, Any] = {
        "hand": "123456789m234p56p77s",
        "win_tile": "7p",
        "overrides": {"min_tai": -1},
    }
    err = _error(client.post("/v1/score", json=req))
    assert (err["code"], err["field"]) == ("bad_setting_value", "overrides.min_tai")
    assert err["message_zh"].startswith("家規 min_tai 的值不對")
    # Under a list item, the item's path leads.
    req = {
        "hand": "123456789m234p56p77s",
        "win_tile": "7p",
        "variants": [{"variant": "taiwan"}, {"variant": "taiwan", "overrides": {"tai.nope": 1}}],
    }
    err = _error(client.post("/v1/compare", json=req))
    assert (err["code"], err["field"]) == ("unknown_setting", "variants[1].overrides.tai.nope")
    assert err["message_zh"] == "沒有「tai.nope」這個家規"


def test_snapshot_errors_are_under_snapshot(client: TestClient) -> None:
    snap = {"seat": 0, "hand": "555m 123p456p789p 1123s", "drawable": 40, "decision": {}}
    err = _error(client.post("/v1/legal", json={"snapshot": snap}))
    assert (err["code"], err["field"]) == ("wrong_type", "snapshot.decision")
    snap["decision"] = {"turn": {"drawn": "9x"}}
    err = _error(client.post("/v1/legal", json={"snapshot": snap}))
    assert (err["code"], err["field"]) == ("unknown_symbol", "snapshot.decision.turn.drawn")


def _started() -> twmj.Game:
    g = twmj.Game(3)
    for _ in range(3):
        s = g.pending[0]
        g.apply(s, g.legal_actions(s)[0])
    return g


def _record() -> list[str]:
    return _started().record().splitlines()


def test_record_error(client: TestClient) -> None:
    lines = _record()
    event = json.loads(lines[2])
    event["seat"] = 7
    lines[2] = json.dumps(event)
    err = _error(client.post("/v1/replay", json={"record": "\n".join(lines)}))
    assert (err["code"], err["field"]) == ("seat_out_of_range", "record[2].seat")
    assert err["message"].startswith("line 3: field 'seat'")


def test_illegal_action(client: TestClient) -> None:
    g = _started()
    idle = next(s for s in range(4) if s not in g.pending)
    lines = [*g.record().splitlines(), json.dumps({"type": "act", "seat": idle, "action": "pass"})]
    err = _error(client.post("/v1/replay", json={"record": "\n".join(lines)}))
    # 000 合法與犯規 輪序: in a record, an illegal move is a bad line (issue 31 item 12): its
    # line and field are named, its fine code kept, the rule in the message.
    at = len(lines) - 1
    assert (err["code"], err["field"]) == ("illegal_action", f"record[{at}].action")
    assert err["message"].startswith(f"line {at + 1}: field 'action': illegal (輪序)")


def test_unknown_action(client: TestClient) -> None:
    lines = _record()
    lines.append(json.dumps({"type": "act", "seat": 0, "action": "dance"}))
    err = _error(client.post("/v1/replay", json={"record": "\n".join(lines)}))
    # Inside a record, an unknown action is a bad line: the line and its field are named.
    assert (err["code"], err["field"]) == ("unknown_action", f"record[{len(lines) - 1}].action")


def test_every_error_code_has_a_status(client: TestClient) -> None:
    body = client.get("/v1/vocabulary").json()
    statuses = {e["code"]: e["status"] for e in body["errors"]}
    assert set(statuses) == set(twmj.ERROR_CODES) | {c.code for c in SERVICE_CODES}
    assert statuses["too_many_copies"] == 422 and statuses["internal"] == 500


def test_vocabulary_names_are_the_rule_texts(client: TestClient) -> None:
    body = client.get("/v1/vocabulary").json()
    names = {kind: {t["key"]: t["name"] for t in body[kind]} for kind in body if kind != "errors"}
    # The words of the rule texts (shared/rules/): 000 計分 and 花牌與花胡 (自摸, 放槍, 搶槓,
    # 八仙過海, 七搶一), 000 嗆聽與 MIGI, 000 槓 (明槓, 暗槓, 加槓), 000 台數表 獨聽 (嵌張, 邊張,
    # 單吊), 001 特殊胡牌 四槓胡 and 特殊流局 四家開槓, 001 天聽, 004 雙碰.
    expected = {
        ("win_kinds", "self_draw"): "自摸",
        ("win_kinds", "discard"): "放槍",
        ("win_kinds", "robbing_kong"): "搶槓",
        ("win_kinds", "eight_flowers"): "八仙過海",
        ("win_kinds", "seven_rob_one"): "七搶一",
        ("win_kinds", "four_kongs"): "四槓胡",
        ("declarations", "ready"): "嗆聽",
        ("declarations", "migi"): "MIGI",
        ("declarations", "heaven_ready"): "天聽",
        ("meld_kinds", "minkan"): "明槓",
        ("meld_kinds", "ankan"): "暗槓",
        ("meld_kinds", "kakan"): "加槓",
        ("shapes", "kanchan"): "嵌張",
        ("shapes", "penchan"): "邊張",
        ("shapes", "tanki"): "單吊",
        ("shapes", "shanpon"): "雙碰",
        ("draw_reasons", "four_kongs"): "四家開槓",
    }
    for (kind, key), name in expected.items():
        assert names[kind][key] == name, (kind, key)
    # The page's needs: which win kinds name the paying seat.
    from_seat = {t["key"] for t in body["win_kinds"] if t["from_seat"]}
    assert from_seat == {"discard", "robbing_kong", "seven_rob_one", "after_robbing_flower"}
    assert [t["key"] for t in body["presets"]] == list(twmj.PRESETS)
    # Python reads the same vocabulary.
    assert names["win_kinds"] == twmj.WIN_KINDS and names["shapes"] == twmj.SHAPE_NAMES


def test_openapi_enums_are_the_vocabulary(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    win = schemas["ContextIn"]["properties"]["win"]
    # Each regular kind by key, then by its name (issue 32 item 14: `自摸` as well as `self_draw`).
    keys = list(twmj.REGULAR_WIN_KINDS)
    assert win["enum"] == keys + [twmj.WIN_KINDS[k] for k in keys]
    assert "flower_rob_draw" not in win["enum"]


def test_the_same_win_kind_key_in_replay_and_score(client: TestClient) -> None:
    checked = 0
    for seed in range(60):
        g = play_out(twmj.Game(seed), random.Random(seed))
        replayed = client.post("/v1/replay", json={"record": g.record()}).json()
        if not replayed["wins"] or replayed["wins"][0]["tile"] is None:
            continue
        w = replayed["wins"][0]
        assert w["kind"] in twmj.WIN_KINDS
        context: dict[str, Any] = {"winner": w["seat"], "win": w["kind"]}
        if w["from"] is not None:
            context["from_seat"] = w["from"]
        req = {
            "hand": w["hand"],
            "win_tile": w["tile"],
            "melds": w["melds"],
            "flowers": w["flowers"],
            "context": context,
        }
        r = client.post("/v1/score", json=req)
        # /v1/score takes the kind /v1/replay wrote, its `from` as `from_seat`: the payer.
        assert r.status_code == 200, r.text
        payers = {p["payer"] for p in r.json()["payments"]}
        assert payers == ({w["from"]} if w["from"] is not None else set(range(4)) - {w["seat"]})
        checked += 1
    assert checked >= 3
