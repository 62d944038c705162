"""The endpoints the web page reads: tile names and sets, notation read back, practice hands,
wait values and the vocabulary."""

from __future__ import annotations

import re
from typing import get_args

import pytest
from fastapi.testclient import TestClient

import twmj
from twmj_api.errors import SERVICE_CODES
from twmj_api.schemas.common import ContextIn, MeldKind, PresetName

CJK = re.compile(r"[\u3400-\u9fff]")


def test_tile_names_and_preset_sets(client: TestClient) -> None:
    body = client.get("/v1/tiles").json()
    assert body["copies"] == 4
    assert [t["tile"] for t in body["tiles"]] == [*twmj.TILES, *twmj.FLOWERS]
    assert {t["tile"]: t["name"] for t in body["tiles"]}["5m"] == "五萬"
    # 004: three players take out 二萬–八萬; two players keep 萬子 and 字牌.
    honors = [f"{n}z" for n in range(1, 8)]
    assert body["presets"]["three_player"] == [
        "1m",
        "9m",
        *(f"{n}{s}" for s in "ps" for n in range(1, 10)),
        *honors,
    ]
    assert body["presets"]["two_player"] == [*(f"{n}m" for n in range(1, 10)), *honors]
    assert body["presets"]["taiwan"] == list(twmj.TILES)


def test_read_notation_and_melds(client: TestClient) -> None:
    r = client.post("/v1/tiles/read", json={"text": "東東東 五萬 春"})
    assert r.json() == {"tiles": ["5m", "1z", "1z", "1z"], "flowers": ["1f"]}
    r = client.post("/v1/tiles/read", json={"text": "東東東東", "meld": "ankan"})
    assert r.json()["tiles"] == ["1z"] * 4
    for kind, tiles, code in [
        ("chi", "135s", "not_a_run"),
        ("pon", "55s", "wrong_meld_size"),
        ("pon", "5555s", "wrong_meld_size"),
    ]:
        r = client.post("/v1/tiles/read", json={"text": tiles, "meld": kind})
        assert r.status_code == 422
        assert r.json()["error"]["code"] == code
        assert r.json()["error"]["field"] == "text"
    r = client.post("/v1/tiles/read", json={"text": "12x3m"})
    assert r.json()["error"] == {**r.json()["error"], "code": "unknown_symbol", "field": "text"}
    # 004 三人麻將 拿掉二萬到八萬: under three_player 五萬 is refused where it is written.
    r = client.post("/v1/tiles/read", json={"text": "東東東 五萬", "variant": "three_player"})
    assert r.status_code == 422
    err = r.json()["error"]
    assert (err["code"], err["field"], err["position"]) == ("tile_not_in_play", "text", 4)
    assert err["message_zh"] == "五萬不在這個規則的牌裡（三人不用二萬到八萬）"
    r = client.post(
        "/v1/tiles/read", json={"text": "555m", "meld": "pon", "variant": "three_player"}
    )
    assert r.json()["error"]["position"] == 0
    r = client.post("/v1/tiles/read", json={"text": "東東東 九萬", "variant": "three_player"})
    assert r.json() == {"tiles": ["9m", "1z", "1z", "1z"], "flowers": []}


def test_read_batch_names_the_text(client: TestClient) -> None:
    r = client.post("/v1/tiles/read/batch", json={"texts": ["123m", "55s"]})
    assert [x["tiles"] for x in r.json()] == [["1m", "2m", "3m"], ["5s", "5s"]]
    r = client.post("/v1/tiles/read/batch", json={"texts": ["123m", "1x"]})
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "texts[1]"


@pytest.mark.parametrize(("melds", "low", "high"), [(0, 3, 13), (2, 1, 2), (1, 5, 13)])
def test_quiz_hands_have_what_was_asked(
    client: TestClient, melds: int, low: int, high: int
) -> None:
    for seed in range(5):
        ask = {"melds": melds, "min_waits": low, "max_waits": high, "seed": seed}
        q = client.post("/v1/quiz", json=ask).json()
        assert len(q["hand"]) == 16 - 3 * melds
        assert len(q["melds"]) == melds
        waits = twmj.waits("".join(q["hand"]), [(m["kind"], m["tiles"]) for m in q["melds"]])
        assert low <= len(waits.waits) <= high
        assert client.post("/v1/quiz", json=ask).json() == q  # the seed draws it again


def test_quiz_without_chi_shows_no_chi(client: TestClient) -> None:
    # 004 三人麻將: 不能吃 (chi_allowed false), so no open run is shown.
    for seed in range(5):
        q = client.post(
            "/v1/quiz", json={"variant": "three_player", "melds": 2, "seed": seed}
        ).json()
        assert all(m["kind"] == "pon" for m in q["melds"])
        assert not {"2m", "3m", "4m", "5m", "6m", "7m", "8m"} & set(q["hand"])


def test_wait_values_match_the_library(client: TestClient) -> None:
    r = client.post("/v1/wait_values", json={"hand": "2223456m123456789p", "variant": "hk16"})
    expected = twmj.wait_values("2223456m123456789p", variant=twmj.Variant("hk16"))
    assert [
        (v["tile"], v["on_discard"]["total_tai"], v["on_self_draw"]["total_tai"]) for v in r.json()
    ] == [(v.tile, v.on_discard.total_tai, v.on_self_draw.total_tai) for v in expected]
    bad = client.post(
        "/v1/wait_values",
        json={"hand": "2223456m123456789p", "melds": [{"kind": "chi", "tiles": "135s"}]},
    )
    assert bad.json()["error"]["field"] == "melds[0].tiles"


def test_vocabulary_names_every_key_the_api_takes(client: TestClient) -> None:
    v = client.get("/v1/vocabulary").json()
    keys = {name: [t["key"] for t in terms] for name, terms in v.items()}
    assert keys["presets"] == list(get_args(PresetName)) == list(twmj.PRESETS)
    # The API takes each key, and its name too (issue 32 item 14), in that order.
    regular = [(t["key"], t["name"]) for t in v["win_kinds"] if t["regular"]]
    assert [k for k, _ in regular] + [n for _, n in regular] == list(
        get_args(ContextIn.model_fields["win"].annotation)
    )
    melds = [(t["key"], t["name"]) for t in v["meld_kinds"]]
    assert [k for k, _ in melds] + [n for _, n in melds] == list(get_args(MeldKind))
    assert keys["shapes"] == list(twmj.SHAPE_NAMES)
    assert [(t["key"], t["name"]) for t in v["winds"]] == [
        ("E", "東"),
        ("S", "南"),
        ("W", "西"),
        ("N", "北"),
    ]
    assert set(twmj.ERROR_CODES) | {c.code for c in SERVICE_CODES} == set(keys["errors"])
    # Every name is Chinese, but MIGI, which 000 (嗆聽與 MIGI) writes in Latin letters.
    assert all(CJK.search(t["name"]) or t["name"] == "MIGI" for terms in v.values() for t in terms)
    # A kind is marked as paid by one seat exactly when the engine asks for that seat.
    for t in (t for t in v["win_kinds"] if t["regular"]):
        try:
            twmj.score("123456789m234p56p77s", "7p", context=twmj.Context(win=t["key"]))
            needs_seat = False
        except twmj.ContextError as e:
            needs_seat = "from_seat" in str(e)
        assert t["from_seat"] == needs_seat, t


def test_quiz_bounds_are_the_cores(client: TestClient) -> None:
    # One owner: the core refuses melds that leave no set concealed (16 tiles = 5 sets + a
    # pair, so 5 open melds leave none) as a context error naming `melds`; the schema only
    # stops what is past the core's own limit.
    most = twmj.LIMITS["melds"]
    assert most == 5
    r = client.post("/v1/quiz", json={"melds": most, "seed": 1})
    assert r.status_code == 422
    assert (r.json()["error"]["code"], r.json()["error"]["field"]) == ("over_limit", "melds")
    r = client.post("/v1/quiz", json={"melds": most + 1, "seed": 1})
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "melds"
    # A wait is one of the 34 kinds: more than that is refused, that many is allowed.
    r = client.post("/v1/quiz", json={"max_waits": 35, "seed": 1})
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "max_waits"
    assert client.post("/v1/quiz", json={"max_waits": 34, "seed": 1}).status_code == 200


def test_tiles_in_play_follow_the_overrides(client: TestClient) -> None:
    # 004: the tile set follows 玩家人數 (3 drops 二萬–八萬) and 不論人數用全副 keeps them all;
    # the page's calculator palette reads this under a 家規 edit (issue 32).
    sets = client.get("/v1/tiles").json()["presets"]
    asked = {"variant": "taiwan", "overrides": {"players": 3}}
    assert client.post("/v1/tiles/in_play", json=asked).json()["tiles"] == sets["three_player"]
    asked = {"variant": "three_player", "overrides": {"full_tile_set": True}}
    assert client.post("/v1/tiles/in_play", json=asked).json()["tiles"] == sets["taiwan"]
    asked = {"variant": "two_player"}
    assert client.post("/v1/tiles/in_play", json=asked).json()["tiles"] == sets["two_player"]
    r = client.post("/v1/tiles/in_play", json={"variant": "taiwan", "overrides": {"players": 9}})
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "overrides.players"


def test_read_melds_answers_each_text_with_200(client: TestClient) -> None:
    # The page asks this while a meld is picked tile by tile: a meld not complete yet is an
    # item's error (with the field of its text), not a refused request (issue 32 item 8).
    asked = [
        {"kind": "pon", "text": "555p"},
        {"kind": "pon", "text": "5p"},
        {"kind": "chi", "text": "135s"},
    ]
    r = client.post("/v1/tiles/read/melds", json={"melds": asked})
    assert r.status_code == 200
    first, short, wrong = r.json()
    assert first == {"result": {"tiles": ["5p", "5p", "5p"], "flowers": []}, "error": None}
    assert short["result"] is None and short["error"]["field"] == "melds[1].text"
    assert wrong["result"] is None and wrong["error"]["field"] == "melds[2].text"
    # Each is what /v1/tiles/read with `meld` says of the same text.
    for item, m in zip([short, wrong], asked[1:], strict=True):
        alone = client.post("/v1/tiles/read", json={"text": m["text"], "meld": m["kind"]})
        assert alone.status_code == 422
        assert alone.json()["error"]["code"] == item["error"]["code"]
