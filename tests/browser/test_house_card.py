"""家規 as a rule card in a real browser (issue 30): an item's 備註 picked by name, 「分享家規」
(the card, the addresses that open it, its QR code), a shared address opening the calculator
and the checker, and 「跟…比較」."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

import twmj


def _open_house(page: Page) -> None:
    page.get_by_test_id("tab-calculator").click()
    page.get_by_test_id("house-rules").locator("summary").first.click()
    for group in page.locator("#house details.house-group").all():
        if group.get_attribute("open") is None:
            group.locator("summary").click()


def test_exclusion_edit_share_open_and_compare(page: Page, server: str) -> None:
    _open_house(page)
    # 000 小三元 不另計三元牌: taiwan's 小三元 list holds 三元牌, by its name.
    control = page.get_by_test_id("house-exclude.small_dragons")
    expect(control.locator("option:checked")).to_have_text(["三元牌"])
    # The table that 另計兩組三元牌刻: nothing picked.
    control.select_option([])
    expect(page.locator('#house label[data-key="exclude.small_dragons"]')).to_have_class("changed")
    page.get_by_test_id("house-share").click()
    card = twmj.Variant("taiwan", {"exclude.small_dragons": ""}).card()
    expect(page.get_by_test_id("house-card-code")).to_have_text(card)
    qr = page.get_by_test_id("house-card-qr")
    expect(qr).to_have_attribute("src", re.compile(r"^data:image/svg\+xml"))
    # The SVG is drawn: an image of its own size, not a broken one.
    assert qr.evaluate("img => img.naturalWidth") > 0
    link = page.get_by_test_id("house-card-calculator").get_attribute("href") or ""
    assert link.endswith(f"?rules={card}#calculator")
    # 「跟…比較」 with the preset as it stands: the one setting differs, by its name.
    page.get_by_test_id("house-other").fill("twmj1.taiwan")
    page.get_by_test_id("house-compare").click()
    row = page.locator('[data-testid="house-diff-table"] tr[data-key="exclude.small_dragons"]')
    expect(row).to_contain_text("小三元")
    # The shared address opens the calculator with the card's settings.
    page.goto(f"{server}/?rules={card}#calculator")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.get_by_test_id("calc-variant")).to_have_value("taiwan")
    _open_house(page)
    expect(
        page.get_by_test_id("house-exclude.small_dragons").locator("option:checked")
    ).to_have_count(0)
    # And the checker with its preset and hand size.
    other = twmj.Variant("two_player", {"hand_size": 13}).card()
    page.goto(f"{server}/?rules={other}#checker")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.get_by_test_id("checker-variant")).to_have_value("two_player")
    expect(page.get_by_test_id("checker-size")).to_have_value("13")
