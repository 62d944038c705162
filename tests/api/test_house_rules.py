"""House rules over HTTP (issue 30): `exclude.<item>` in `/v1/settings` and `/v1/score`, and
the rule card (`POST /v1/card`, `POST /v1/card/diff`, `rules` in a
score request)."""

from __future__ import annotations

from fastapi.testclient import TestClient

import twmj

# 000 台數表 小三元 4, 不另計三元牌: 中 and 發 triplets with a 白 pair, won on the pair.
WIN = {
    "hand": "123m456m789p666z777z5z",
    "win_tile": "5z",
    "context": {"winner": 1, "seat_wind": "S", "win": "discard", "from_seat": 2},
}


def _keys(body: dict[str, object]) -> list[str]:
    return [i["key"] for i in body["items"]]  # type: ignore[attr-defined]


def test_exclusion_family_is_served_and_scored(client: TestClient) -> None:
    family = next(s for s in client.get("/v1/settings").json() if s["key"] == "exclude.<item>")
    assert family["type"] == "string" and family["name"] == "不另計（備註）"
    taiwan = next(v for v in client.get("/v1/variants").json() if v["name"] == "taiwan")
    assert taiwan["settings"]["exclude.small_dragons"] == "dragon"
    plain = client.post("/v1/score", json=WIN).json()
    assert "dragon" not in _keys(plain)
    # The table that 另計兩組三元牌刻.
    house = client.post("/v1/score", json=WIN | {"overrides": {"exclude.small_dragons": ""}})
    assert house.status_code == 200 and "dragon" in _keys(house.json())
    bad = client.post("/v1/score", json=WIN | {"overrides": {"exclude.small_dragons": "dragons"}})
    assert bad.status_code == 422
    assert bad.json()["error"]["code"] == "unknown_item"
    assert bad.json()["error"]["field"] == "overrides.exclude.small_dragons"


def test_card_round_trip_over_http(client: TestClient) -> None:
    made = client.post(
        "/v1/card", json={"variant": "taiwan", "overrides": {"exclude.small_dragons": ""}}
    ).json()
    card = made["card"]
    assert card == twmj.Variant("taiwan", {"exclude.small_dragons": ""}).card()
    assert made["changes"] == {"exclude.small_dragons": ""}
    assert made["calculator"].endswith(f"?rules={card}#calculator")
    assert (
        made["qr_svg"].startswith("<svg") and 'xmlns="http://www.w3.org/2000/svg"' in made["qr_svg"]
    )
    read = client.post("/v1/card", json={"rules": card}).json()
    assert (read["preset"], read["changes"]) == ("taiwan", {"exclude.small_dragons": ""})
    # A score request takes the card instead of the variant.
    scored = client.post("/v1/score", json=WIN | {"rules": card}).json()
    assert "dragon" in _keys(scored)
    both = client.post("/v1/score", json=WIN | {"rules": card, "variant": "taiwan"})
    assert both.status_code == 422 and both.json()["error"]["field"] == "rules"
    bad = client.post("/v1/score", json=WIN | {"rules": "twmj1.taiwan.@"})
    assert bad.status_code == 422
    assert (bad.json()["error"]["code"], bad.json()["error"]["field"]) == ("bad_card", "rules")


def test_card_diff_names_each_setting(client: TestClient) -> None:
    right = twmj.Variant("taiwan", {"exclude.small_dragons": "", "min_tai": 2}).card()
    rows = client.post("/v1/card/diff", json={"left": "twmj1.taiwan", "right": right}).json()
    assert rows == [
        {"key": "min_tai", "name": "起胡台數", "left": 0, "right": 2},
        {
            "key": "exclude.small_dragons",
            "name": "小三元（不另計（備註））",
            "left": "dragon",
            "right": "",
        },
    ]


def test_house_rule_settings_are_served_in_chinese_and_score(client: TestClient) -> None:
    # Issue 30 item 2: each rule kind is a registry setting, served with its Chinese name (the
    # page's 家規 panel is built from /v1/settings) and taiwan's default (000's reading).
    served = {s["key"]: s for s in client.get("/v1/settings").json()}
    names = {
        "ping_hu_wait": "平胡的聽法",
        "flower_win.base": "花胡收底",
        "flower_win.dealer": "花胡計莊家台",
        "flower_win.flowers_on_win": "花胡後的胡牌照計正花、花槓",
        "flower_win.combined": "花胡與胡牌併一筆付",
        "flower_win.play_on": "花胡當場收分照常打牌",
        "flower_win_over_heaven": "開局花胡優先於天胡",
        "leopard_double": "豹子整筆加倍",
        "furiten_ankan_release": "暗槓解除過水",
        "minkan_ban_kong_release": "明槓不能自摸至暗槓加槓為止",
    }
    for key, name in names.items():
        assert served[key]["name"] == name
    taiwan = dict(served["leopard_double"]["defaults"])["taiwan"]
    assert taiwan is False
    assert served["ping_hu_wait"]["choice_names"] == ["限兩面聽", "單吊、邊張、嵌張也算"]
    # 000 計分 範例二: 放槍給莊家, 平胡 2, 連莊 1 (莊家台 3): the discarder pays 3 + 5 = 8 台;
    # with a 豹子 at the opening and 豹子整筆加倍 (issue 30: （底 + 台）算完後整筆加倍), 16.
    win = {
        "hand": "2223456m456789p",
        "win_tile": "1m",
        "melds": [{"kind": "chi", "tiles": "123p"}],
        "context": {"winner": 0, "win": "discard", "from_seat": 1, "streak": 1, "dice": [4, 4, 4]},
    }
    plain = client.post("/v1/score", json=win).json()
    assert plain["net_tai"][1] == -8
    doubled = client.post("/v1/score", json={**win, "overrides": {"leopard_double": True}}).json()
    assert doubled["net_tai"][1] == -16
    card = twmj.Variant("taiwan", {"leopard_double": True}).card()
    by_card = client.post("/v1/score", json={**win, "rules": card}).json()
    assert by_card["net_tai"] == doubled["net_tai"]


def test_a_paid_flower_win_in_a_legal_request(client: TestClient) -> None:
    # `flower_win.play_on` (issue 30): a snapshot whose table already paid the hand's flower
    # win on the spot (`flower_paid`) offers no second one (000 花牌與花胡: 八仙過海 on a turn
    # with all eight flowers).
    snap = {
        "seat": 1,
        "hand": "2m2m8s8s 4m6m 1z2z3z5z6z7z 9m9p 1s3s 3m",
        "flowers": "12345678f",
        "drawable": 30,
        "decision": {"turn": {"drawn": "3m", "replacement": True}},
        "variant": "taiwan",
        "overrides": {"flower_win.play_on": True},
    }
    before = client.post("/v1/legal", json={"snapshot": snap}).json()
    assert "eight flowers" in before["actions"]
    after = client.post("/v1/legal", json={"snapshot": snap | {"flower_paid": True}}).json()
    assert "eight flowers" not in after["actions"]
