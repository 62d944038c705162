"""The wait checker in a real browser: clicked tiles give the waits the API gives."""

from __future__ import annotations

import json
import urllib.request

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


def test_clicking_a_ready_hand_shows_its_waits(page: Page, server: str) -> None:
    # 二二二三四五六萬＋一到九筒 (taiwan text, 平胡的認定).
    hand = ["2m", "2m", "2m", "3m", "4m", "5m", "6m"] + [f"{n}p" for n in range(1, 10)]
    _click(page, hand)
    expect(page.get_by_test_id("count")).to_have_text("16 張")
    expect(page.get_by_test_id("status")).to_have_text("聽牌")
    rows = page.get_by_test_id("wait")
    expect(rows).to_have_count(5)
    shown = [rows.nth(i).get_attribute("data-tile") for i in range(5)]
    api = _api(server, "/v1/waits", {"hand": "2223456m123456789p"})
    waits = api["waits"]
    assert isinstance(waits, list)
    assert shown == [w["tile"] for w in waits]
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
    api = _api(server, "/v1/waits", {"hand": "".join(codes)})
    waits = api["waits"]
    assert isinstance(waits, list) and waits, "the quiz gave a hand that is not ready"
    for w in waits:
        page.locator(f'#quiz-palette [data-tile="{w["tile"]}"]').click()
    page.get_by_test_id("quiz-check").click()
    expect(page.get_by_test_id("quiz-verdict")).to_contain_text("答對了")
    expect(page.get_by_test_id("quiz-score")).to_have_text("1 / 1")
