"""Issue 32: the page reads a hand's size from the core (/v1/vocabulary `hand_sizes`) instead of
computing 16 − 3k itself, in the checker and in the calculator, at 16 tiles and under 004's
13-tile game (兩人麻將 13 張版: 四組一對)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Route, expect

import twmj
from tests.browser.helpers import api, type_hand

SIZES = {s["size"]: s["concealed"] for s in twmj.VOCABULARY["hand_sizes"]}


def test_the_cores_sizes_are_the_rule() -> None:
    # 000 胡牌: five sets and a pair, so 16 tiles wait; each meld takes three of them
    # (16 − 3k, k = 0 … 5). 004 兩人麻將 13 張版: four sets and a pair (13 − 3k, k = 0 … 4).
    assert {16: [16 - 3 * k for k in range(6)], 13: [13 - 3 * k for k in range(5)]} == SIZES


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_checkers_count_is_the_cores_for_every_meld_count(page: Page, size: int) -> None:
    page.get_by_test_id("checker-size").select_option(str(size))
    count = page.get_by_test_id("count")
    # The 幾組 menu offers 0 up to one fewer than the sets (a hand keeps one set concealed).
    options = page.get_by_test_id("implied").locator("option")
    expect(options).to_have_count(len(SIZES[size]) - 1)
    for k in range(len(SIZES[size]) - 1):
        page.get_by_test_id("implied").select_option(str(k))
        expect(count).to_have_attribute("data-target", str(SIZES[size][k]))


def test_the_calculators_count_is_the_cores_under_each_preset(page: Page, server: str) -> None:
    presets = {v["name"]: v["settings"]["hand_size"] for v in api(server, "/v1/variants")}
    page.get_by_test_id("tab-calculator").click()
    for preset, size in presets.items():
        page.get_by_test_id("calc-variant").select_option(preset)
        expect(page.get_by_test_id("calc-count")).to_contain_text(
            f"不含胡的牌 {SIZES[size][0]} 張，含 {SIZES[size][0] + 1} 張"
        )
    page.get_by_test_id("house-rules").locator("summary").first.click()
    for group in page.locator("#house details.house-group").all():
        if group.get_attribute("open") is None:
            group.locator("summary").click()
    page.get_by_test_id("house-hand_size").select_option("13")
    expect(page.get_by_test_id("calc-count")).to_contain_text("不含胡的牌 13 張，含 14 張")


@pytest.fixture
def shifted(browser: Browser, server: str) -> Iterator[Page]:
    """The page with a vocabulary whose 16-tile hand waits on 19 − 3k: a page that computed
    16 − 3k itself would not notice."""

    def vocabulary(route: Route) -> None:
        body = api(server, "/v1/vocabulary")
        for s in body["hand_sizes"]:
            if s["size"] == 16:
                s["concealed"] = [c + 3 for c in s["concealed"]]
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    context = browser.new_context()
    page = context.new_page()
    page.route("**/v1/vocabulary", vocabulary)
    page.goto(server)
    page.wait_for_selector("body[data-ready=true]")
    yield page
    context.close()


def test_the_page_reads_the_size_it_does_not_compute_it(shifted: Page) -> None:
    type_hand(shifted, "2223456m123456789p")
    count = shifted.get_by_test_id("count")
    expect(count).to_have_attribute("data-target", "19")
    expect(count).to_contain_text("16 張（聽牌要 19 張）")
    shifted.get_by_test_id("tab-calculator").click()
    expect(shifted.get_by_test_id("calc-count")).to_contain_text("不含胡的牌 19 張")
