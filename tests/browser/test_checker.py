"""The wait checker in a real browser: clicked tiles give the waits the API gives."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from playwright.sync_api import Page, expect

TILE_ORDER = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def _click(page: Page, tiles: list[str]) -> None:
    for t in tiles:
        page.locator(f'#palette [data-tile="{t}"]').click()


def _api(server: str, path: str, body: dict[str, object]) -> dict[str, object]:
    req = urllib.request.Request(
        f"{server}{path}",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=5) as r:
        data: dict[str, object] = json.loads(r.read())
        return data


def _waits(server: str, body: dict[str, object]) -> list[dict[str, Any]]:
    """The waits `POST /v1/waits` gives for `body`, in its order."""
    waits = _api(server, "/v1/waits", body)["waits"]
    assert isinstance(waits, list)
    return waits


def _shown(page: Page) -> list[str | None]:
    """The wait tiles the page lists, in its order."""
    rows = page.get_by_test_id("wait")
    return [rows.nth(i).get_attribute("data-tile") for i in range(rows.count())]


def test_clicking_a_ready_hand_shows_its_waits(page: Page, server: str) -> None:
    # 二二二三四五六萬＋一到九筒 (taiwan text, 平胡的認定).
    hand = ["2m", "2m", "2m", "3m", "4m", "5m", "6m"] + [f"{n}p" for n in range(1, 10)]
    _click(page, hand)
    expect(page.get_by_test_id("count")).to_have_text("16 張")
    expect(page.get_by_test_id("status")).to_have_text("聽牌")
    rows = page.get_by_test_id("wait")
    expect(rows).to_have_count(5)
    waits = _waits(server, {"hand": "2223456m123456789p"})
    assert _shown(page) == [w["tile"] for w in waits]
    remaining = [rows.nth(i).get_by_test_id("remaining").inner_text() for i in range(5)]
    assert remaining == [f"剩 {w['remaining']} 張" for w in waits]
    assert "單吊" in rows.nth(1).inner_text()


def test_seventeen_tiles_show_the_best_discard(page: Page) -> None:
    hand = ["2m", "2m", "2m", "3m", "4m", "5m", "6m"] + [f"{n}p" for n in range(1, 10)] + ["9s"]
    _click(page, hand)
    first = page.get_by_test_id("discard").first
    expect(first).to_have_attribute("data-tile", "9s")
    expect(first).to_contain_text("聽 一萬 三萬 四萬 六萬 七萬")


def test_removing_a_tile_and_typing_notation(page: Page) -> None:
    page.get_by_test_id("notation").fill("1112345678999m111z")
    page.get_by_test_id("notation").press("Enter")
    expect(page.get_by_test_id("wait")).to_have_count(9)
    # Clicking a hand tile removes it: 15 tiles is neither form.
    page.locator('#hand [data-tile="1z"]').first.click()
    expect(page.get_by_test_id("count")).to_have_text("15 張")
    expect(page.get_by_test_id("wait")).to_have_count(0)


def test_a_fifth_copy_cannot_be_picked(page: Page) -> None:
    _click(page, ["5p"] * 4)
    expect(page.locator('#palette [data-tile="5p"]')).to_be_disabled()
    assert TILE_ORDER.index("5p") == 13


def test_implied_melds_change_the_hand_size(page: Page) -> None:
    # 已經吃/碰/槓了幾組: with 4 melds the hand is 4 tiles; 13m 5p 東 is 1-shanten.
    page.get_by_test_id("implied").select_option("4")
    _click(page, ["1m", "3m", "5p", "1z"])
    expect(page.get_by_test_id("status")).to_have_text("1 向聽")
    accepts = page.get_by_test_id("accept")
    expect(accepts).to_have_count(3)
    assert [accepts.nth(i).get_attribute("data-tile") for i in range(3)] == ["2m", "5p", "1z"]


def test_practice_marks_the_answer(page: Page, server: str) -> None:
    page.get_by_test_id("tab-practice").click()
    hand_tiles = page.locator('[data-testid="quiz-hand"] .tile')
    expect(hand_tiles).to_have_count(16)
    codes = [hand_tiles.nth(i).get_attribute("data-tile") or "" for i in range(16)]
    waits = _waits(server, {"hand": "".join(codes)})
    assert waits, "the quiz gave a hand that is not ready"
    for w in waits:
        page.locator(f'#quiz-palette [data-tile="{w["tile"]}"]').click()
    page.get_by_test_id("quiz-check").click()
    expect(page.get_by_test_id("quiz-verdict")).to_contain_text("答對了")
    expect(page.get_by_test_id("quiz-score")).to_have_text("1 / 1")


def test_tai_calculator_example_one(page: Page, server: str) -> None:
    # 000 計分 範例一: 閒家門清自摸 3 台, 莊家連莊 2 → 莊家付 11, 閒家各付 6, 你得 +23.
    page.get_by_test_id("tab-calculator").click()
    page.get_by_test_id("calc-hand").fill("123456789m234p56p77s")
    page.get_by_test_id("calc-win").fill("7p")
    page.get_by_test_id("calc-winner").select_option("1")
    page.get_by_test_id("calc-dealer").select_option("0")
    page.get_by_test_id("calc-streak").fill("2")
    page.get_by_test_id("calc-seat-wind").select_option("S")
    page.get_by_test_id("calc-submit").click()
    expect(page.get_by_test_id("total")).to_contain_text("3 台")
    payments = page.get_by_test_id("payment")
    expect(payments).to_have_count(3)
    shown = {
        payments.nth(i).get_attribute("data-payer"): payments.nth(i)
        .get_by_test_id("pay-total")
        .inner_text()
        for i in range(3)
    }
    assert shown == {"2": "6 台", "3": "6 台", "0": "11 台"}
    expect(page.get_by_test_id("net")).to_contain_text("座位 1 +23")


def test_house_rule_changes_the_score(page: Page) -> None:
    # A house rule from the panel: 平胡 worth 3 instead of 2 (000 台數表 平胡 2).
    page.get_by_test_id("tab-calculator").click()
    page.get_by_test_id("calc-hand").fill("2223456m456789p")
    page.get_by_test_id("calc-win").fill("1m")
    page.get_by_test_id("calc-melds").fill("吃 123p")
    page.get_by_test_id("calc-winner").select_option("1")
    page.get_by_test_id("calc-win-kind").select_option("discard")
    page.get_by_test_id("calc-submit").click()
    expect(page.locator('[data-testid="item"][data-key="ping_hu"]')).to_contain_text("2 台")
    page.get_by_test_id("house-rules").locator("summary").click()
    page.get_by_test_id("house-tai.ping_hu").fill("3")
    page.get_by_test_id("calc-submit").click()
    expect(page.locator('[data-testid="item"][data-key="ping_hu"]')).to_contain_text("3 台")


def test_american_threshold_and_dice(page: Page) -> None:
    # 002 範例四 then 範例五: 平胡 2 from a 閒家 is not enough; dice 2 3 6 (全黑 1) make it 3.
    page.get_by_test_id("tab-calculator").click()
    page.get_by_test_id("calc-variant").select_option("american")
    page.get_by_test_id("calc-hand").fill("456m789m234p56p77s")
    page.get_by_test_id("calc-win").fill("7p")
    page.get_by_test_id("calc-melds").fill("chi 123m")
    page.get_by_test_id("calc-winner").select_option("1")
    page.get_by_test_id("calc-seat-wind").select_option("S")
    page.get_by_test_id("calc-win-kind").select_option("discard")
    page.get_by_test_id("calc-from").select_option("2")
    page.get_by_test_id("calc-dice").fill("1 2 5")
    page.get_by_test_id("calc-submit").click()
    expect(page.get_by_test_id("not-allowed")).to_be_visible()
    page.get_by_test_id("calc-dice").fill("2 3 6")
    page.get_by_test_id("calc-submit").click()
    expect(page.get_by_test_id("total")).to_contain_text("3 台")
    expect(page.get_by_test_id("payment")).to_have_count(1)
    expect(page.get_by_test_id("payment").get_by_test_id("pay-total")).to_have_text("6 台")


def test_hk16_counts_in_fan(page: Page) -> None:
    # 003 hk16 (番): 門前清 3 + 平糊 (無花) 8; with 3 discards given, 七隻內 20 → 31 番.
    page.get_by_test_id("tab-calculator").click()
    page.get_by_test_id("calc-variant").select_option("hk16")
    page.get_by_test_id("calc-hand").fill("123456789m234p56p77s")
    page.get_by_test_id("calc-win").fill("7p")
    page.get_by_test_id("calc-winner").select_option("1")
    page.get_by_test_id("calc-seat-wind").select_option("S")
    page.get_by_test_id("calc-win-kind").select_option("discard")
    page.get_by_test_id("calc-from").select_option("2")
    page.get_by_test_id("calc-submit").click()
    expect(page.get_by_test_id("total")).to_contain_text("11 番")
    expect(page.locator('[data-testid="item"][data-key="ping_wu_clean"]')).to_contain_text("8 番")
    page.get_by_test_id("calc-discards").fill("3")
    page.get_by_test_id("calc-submit").click()
    expect(page.get_by_test_id("total")).to_contain_text("31 番")


def test_special_shapes_only_under_their_preset(page: Page) -> None:
    # 003 改良式 註八 瀝咕瀝咕 (seven pairs and a triplet): six pairs, a triplet and a single wait
    # on the single under improved16; the taiwan rules know no such shape.
    page.get_by_test_id("notation").fill("11m33m55m77m99m11p333p5p")
    page.get_by_test_id("notation").press("Enter")
    expect(page.get_by_test_id("status")).not_to_have_text("聽牌")
    page.get_by_test_id("checker-variant").select_option("improved16")
    expect(page.get_by_test_id("status")).to_have_text("聽牌")
    expect(page.get_by_test_id("wait")).to_have_count(1)
    expect(page.get_by_test_id("wait")).to_have_attribute("data-tile", "5p")


def test_melds_by_clicking_tiles(page: Page, server: str) -> None:
    # Melds too by clicking: 碰 of 五筒, then the 13 concealed tiles of 3345m 123p 789s 11z.
    page.locator("details summary").first.click()
    page.get_by_test_id("meld-kind").select_option("pon")
    page.get_by_test_id("meld-mode").check()
    _click(page, ["5p", "5p", "5p"])
    expect(page.get_by_test_id("melds").locator("li")).to_have_count(1)
    page.get_by_test_id("meld-mode").uncheck()
    _click(page, ["3m", "3m", "4m", "5m", "1p", "2p", "3p", "7s", "8s", "9s", "1z", "1z", "1z"])
    expect(page.get_by_test_id("count")).to_have_text("13 張")
    expect(page.get_by_test_id("wait")).to_have_count(2)
    body: dict[str, object] = {
        "hand": "3345m123p789s111z",
        "melds": [{"kind": "pon", "tiles": "555p"}],
    }
    assert _shown(page) == [w["tile"] for w in _waits(server, body)]


def test_checker_offers_every_preset(page: Page, server: str) -> None:
    # The checker lists every preset of /v1/variants; under three_player (004: 拿掉二萬到八萬)
    # a hand holding 5m is refused, naming the tile, as the API refuses it.
    presets = json.loads(urllib.request.urlopen(f"{server}/v1/variants", timeout=5).read())
    names = [p["name"] for p in presets if p["name"] != "taiwan"]
    options = page.get_by_test_id("checker-variant").locator("option")
    expect(options).to_have_count(1 + len(names))
    page.get_by_test_id("checker-variant").select_option("three_player")
    page.get_by_test_id("notation").fill("123p456p789p123s45s55m")
    page.get_by_test_id("notation").press("Enter")
    expect(page.get_by_test_id("error")).to_contain_text("5m is not in play under three_player")
    page.get_by_test_id("notation").fill("123p456p789p123s45s99m")
    page.get_by_test_id("notation").press("Enter")
    expect(page.get_by_test_id("wait")).to_have_count(2)


def test_thirteen_tile_hands(page: Page, server: str) -> None:
    # 004 兩人麻將: 也有人打 13 張, 13 張版是 4 組+1 對. 2223456m 123456p is a 13-tile hand ready on
    # 1m 3m 4m 6m 7m, as the API says under `hand_size` 13; at 16 it is three tiles short.
    page.get_by_test_id("notation").fill("2223456m123456p")
    page.get_by_test_id("notation").press("Enter")
    expect(page.get_by_test_id("count")).to_have_text("13 張")
    expect(page.get_by_test_id("wait")).to_have_count(0)
    page.get_by_test_id("checker-size").select_option("13")
    expect(page.get_by_test_id("status")).to_have_text("聽牌")
    expect(page.get_by_test_id("wait")).to_have_count(5)
    waits = _waits(server, {"hand": "2223456m123456p", "overrides": {"hand_size": 13}})
    assert _shown(page) == [w["tile"] for w in waits] == ["1m", "3m", "4m", "6m", "7m"]
    # A 14th tile asks which discard is best; a 15th cannot be picked.
    _click(page, ["9s"])
    expect(page.get_by_test_id("discard").first).to_have_attribute("data-tile", "9s")
    expect(page.locator('#palette [data-tile="1z"]')).to_be_disabled()
    # improved16 at 13 drops 瀝咕瀝咕 (no 13-tile form) rather than failing.
    page.locator('#hand [data-tile="9s"]').click()
    page.get_by_test_id("checker-variant").select_option("improved16")
    expect(page.get_by_test_id("wait")).to_have_count(5)
    expect(page.get_by_test_id("error")).to_have_count(0)
