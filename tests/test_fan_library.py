"""The fan list of 003 as a pattern library, from Python and over HTTP: a pattern is absent
from every preset and counted once a variant draws it in by name (`tai.<key>`), with its row's
不算 notes. Every pattern is tested one by one in the core (`rust/twmj-core/tests/scoring/fan.rs`);
here a few go through the public API a user calls.

003 = `shared/rules/003_7c688f691808702a.txt`; "003 fan list X n" cites the row X worth n."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

import twmj
from twmj_api.main import create_app

DISCARD = twmj.Context(winner=1, win="discard", from_seat=2, seat_wind="S")
SELF_DRAW = twmj.Context(winner=1, win="self_draw", seat_wind="S")


def _tai(s: twmj.Score, key: str) -> int | None:
    return next((i.tai for i in s.items if i.key == key), None)


def test_pure_straight_is_drawn_in_by_name() -> None:
    # 003 fan list 清龍 16: 123 456 789 of a suit.
    hand = "123456789p234m111z55s"
    assert _tai(twmj.score(hand, "5s", context=DISCARD), "fan_pure_straight") is None
    v = twmj.Variant("taiwan", {"tai.fan_pure_straight": 16})
    assert _tai(twmj.score(hand, "5s", context=DISCARD, variant=v), "fan_pure_straight") == 16
    # Near miss: 789 of another suit (花龍, not drawn in).
    s = twmj.score("123456p789s234m111z55s", "5s", context=DISCARD, variant=v)
    assert _tai(s, "fan_pure_straight") is None


def test_nine_gates_drops_full_flush() -> None:
    # 003 fan list 九蓮寶燈 88: 不算清一色; in 16 tiles plus one set.
    v = twmj.Variant("taiwan", {"tai.fan_nine_gates": 88})
    s = twmj.score("11123455678999m789m", "5m", context=DISCARD, variant=v, why_not=True)
    assert _tai(s, "fan_nine_gates") == 88
    assert _tai(s, "full_flush") is None
    reasons = {n.key: n.reason for n in s.why_not}
    assert reasons["full_flush"].endswith("not counted with 九蓮寶燈 (備註)")
    # Near miss: no 2m: only 清一色 (8 in taiwan).
    s = twmj.score("11134555677889999m", "5m", context=DISCARD, variant=v)
    assert _tai(s, "fan_nine_gates") is None
    assert _tai(s, "full_flush") == 8


def test_concealed_self_draw_replaces_the_presets_three() -> None:
    # 003 fan list 不求人 6: 不算自摸; the presets' 門清 + 自摸 + 不求 (000: 3) give way.
    hand = "123456789m234p567p77s"
    base = twmj.score(hand, "7p", context=SELF_DRAW)
    assert [(i.key, i.tai) for i in base.items] == [
        ("concealed", 1),
        ("self_draw", 1),
        ("concealed_self_draw", 1),
    ]
    v = twmj.Variant("taiwan", {"tai.fan_concealed_self_draw": 6})
    s = twmj.score(hand, "7p", context=SELF_DRAW, variant=v)
    assert [(i.key, i.tai) for i in s.items] == [("fan_concealed_self_draw", 6)]
    # On a discard it does not apply; the preset's 門清 stays.
    s = twmj.score(hand, "7p", context=DISCARD, variant=v)
    assert [(i.key, i.tai) for i in s.items] == [("concealed", 1)]


@pytest.mark.parametrize("preset", twmj.PRESETS)
def test_patterns_are_absent_from_every_preset(preset: str) -> None:
    # 111m 999m 東東東 南南南 中中中 西西: 003 fan list 混么九 32 (不算碰碰胡), counted only when
    # drawn in. 萬子 1 and 9 and 字牌 only, so every preset's tile set holds it (004).
    hand = "111m999m111z222z777z33z"
    ctx = twmj.Context(winner=1, win="discard", from_seat=0, seat_wind="S")
    s = twmj.score(hand, "3z", context=ctx, variant=twmj.Variant(preset), why_not=True)
    assert _tai(s, "fan_mixed_terminals") is None
    assert all(n.key != "fan_mixed_terminals" for n in s.why_not)
    v = twmj.Variant(preset, {"tai.fan_mixed_terminals": 32})
    s = twmj.score(hand, "3z", context=ctx, variant=v)
    assert _tai(s, "fan_mixed_terminals") == 32
    assert _tai(s, "all_triplets") is None  # 不算碰碰胡


def test_unknown_pattern_key_is_a_variant_error() -> None:
    with pytest.raises(twmj.VariantError, match=r"tai\.fan_nope"):
        twmj.Variant("taiwan", {"tai.fan_nope": 1})


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as c:
        yield c


def test_fan_pattern_over_http(client: TestClient) -> None:
    # 003 fan list 三色三同順 8 with 喜相逢 1, drawn in by `overrides` on /v1/score.
    req = {
        "hand": "456789m456p456s111z99p",
        "win_tile": "9p",
        "context": {"winner": 1, "win": "discard", "from_seat": 2, "seat_wind": "S"},
        "overrides": {"tai.fan_mixed_triple_chow": 8, "tai.fan_mixed_double_chow": 1},
    }
    r = client.post("/v1/score", json=req)
    assert r.status_code == 200, r.text
    items = {i["key"]: i["tai"] for i in r.json()["items"]}
    assert items["fan_mixed_triple_chow"] == 8
    assert items["fan_mixed_double_chow"] == 1
    # Without the overrides neither is counted.
    del req["overrides"]
    items = {i["key"]: i["tai"] for i in client.post("/v1/score", json=req).json()["items"]}
    assert "fan_mixed_triple_chow" not in items
    assert "fan_mixed_double_chow" not in items
    # The listing of the presets does not show the patterns; the fan list's special shapes
    # (七對, 七星不靠, 全不靠, 組合龍) show only as their switches, off in every preset.
    listing = client.get("/v1/variants").text
    assert "tai.fan_" not in listing
    shapes = ("fan_seven_pairs", "fan_seven_stars", "fan_all_knitted", "fan_knitted_straight")
    for preset in client.get("/v1/variants").json():
        fans = {k: v for k, v in preset["settings"].items() if ".fan_" in k}
        assert fans == {f"special_shapes.{k}": False for k in shapes}, preset["name"]
        # The fan list's shared notes are one switch, off in every preset.
        assert preset["settings"]["fan_notes"] is False


def test_fan_special_shape_over_http(client: TestClient) -> None:
    # 003 fan list 組合龍 12: one override draws the special shape into taiwan.
    req = {
        "hand": "147m258p369s555z678p11s",
        "win_tile": "1s",
        "context": {"winner": 1, "win": "discard", "from_seat": 2},
        "overrides": {"tai.fan_knitted_straight": 12},
    }
    r = client.post("/v1/score", json=req)
    assert r.status_code == 200, r.text
    assert [(i["key"], i["tai"]) for i in r.json()["items"]] == [("fan_knitted_straight", 12)]
    del req["overrides"]
    assert client.post("/v1/score", json=req).status_code != 200


def test_last_of_kind_takes_the_table_count(client: TestClient) -> None:
    # 003 fan list 胡絕張 6: 牌池，桌面已亮明的三張牌所剩的第四張牌 — `shown` is what the table
    # shows of the winning tile's kind (rivers and every player's open melds).
    hand, v = "123m456m123p456p789s99s", twmj.Variant("taiwan", {"tai.fan_last_of_kind": 6})

    def ctx(shown: int | None) -> twmj.Context:
        return twmj.Context(winner=1, win="discard", from_seat=2, seat_wind="S", shown=shown)

    for shown, counted in [(3, True), (2, False), (None, False)]:
        s = twmj.score(hand, "5m", context=ctx(shown), variant=v)
        assert (_tai(s, "fan_last_of_kind") == 6) is counted, shown
    with pytest.raises(twmj.Error, match="shown"):
        ctx(4)
    # Over HTTP: `context.shown`; a count that does not fit the hand names the field.
    req = {
        "hand": hand,
        "win_tile": "5m",
        "context": {"winner": 1, "win": "discard", "from_seat": 2, "seat_wind": "S", "shown": 3},
        "overrides": {"tai.fan_last_of_kind": 6},
    }
    items = {i["key"]: i["tai"] for i in client.post("/v1/score", json=req).json()["items"]}
    assert items["fan_last_of_kind"] == 6
    req["hand"], req["win_tile"] = "123m456m55m123p456p789s", "5m"
    r = client.post("/v1/score", json=req)
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "context.shown"


def test_flowers_are_scored_after_the_threshold(client: TestClient) -> None:
    # 003 fan list 花 1: 不算在起胡分內，胡牌後記分. Three flowers reach 起胡 only with 花: no win;
    # at the hand's tai without them it is one, and the flowers are paid.
    hand, tile = "123456789m234p567p77s", "7p"
    flowers = "1f3f4f"  # 春秋冬: none is seat 1's (南: 夏, 蘭)
    ctx = twmj.Context(winner=1, win="discard", from_seat=2, seat_wind="S", flowers=flowers)
    base = twmj.score(
        hand, tile, context=ctx, variant=twmj.Variant("taiwan", {"tai.fan_flower": 1})
    )
    assert _tai(base, "fan_flower") == 3
    without = base.total_tai - 3
    for min_tai, allowed in [(without + 1, False), (without, True)]:
        v = twmj.Variant("taiwan", {"tai.fan_flower": 1, "min_tai": min_tai})
        s = twmj.score(hand, tile, context=ctx, variant=v)
        assert s.total_tai == base.total_tai
        assert s.allowed is allowed, min_tai
        assert [p.hand_tai for p in s.payments] == ([base.total_tai] if allowed else [])
    req = {
        "hand": hand,
        "win_tile": tile,
        "flowers": flowers,
        "context": {"winner": 1, "win": "discard", "from_seat": 2, "seat_wind": "S"},
        "overrides": {"tai.fan_flower": 1, "min_tai": without + 1},
    }
    body = client.post("/v1/score", json=req).json()
    assert body["allowed"] is False and body["total_tai"] == base.total_tai
