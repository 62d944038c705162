"""The page as a whole, at desktop and phone sizes: no console errors or failed requests in
normal use, a favicon, no English beyond tile notation, labelled controls, keyboard use, tap
targets of at least 40 px, readable contrast."""

from __future__ import annotations

import re
import urllib.request

from playwright.sync_api import Page, Response, expect

from tests.browser.helpers import calc_win, click, expect_count, open_melds

#: Words in Latin letters the rule texts themselves use (000 嗆聽與 MIGI).
RULE_WORDS = {"MIGI"}
READY = ["2m", "2m", "2m", "3m", "4m", "5m", "6m"] + [f"{n}p" for n in range(1, 10)]


def _normal_use(page: Page) -> list[str]:
    """Every tool used as a player would; returns the English words the page showed."""
    seen: list[str] = []

    def look() -> None:
        text = page.evaluate("document.body.innerText")
        seen.extend(re.findall(r"[A-Za-z]+", text))

    look()
    click(page, READY)
    expect(page.get_by_test_id("wait")).to_have_count(5)
    expect(page.get_by_test_id("value").first).not_to_be_empty()
    look()
    click(page, ["9s"])
    expect(page.get_by_test_id("discard").first).to_be_visible()
    look()
    open_melds(page)
    look()
    page.get_by_test_id("tab-practice").click()
    expect(page.locator("#quiz-hand .tile")).to_have_count(16)
    page.get_by_test_id("quiz-check").click()
    expect(page.get_by_test_id("quiz-split").first).to_be_visible()
    look()
    calc_win(page, "123456789m234p56p77s", "7p", winner="1")
    page.get_by_test_id("calc-submit").click()
    expect(page.get_by_test_id("total")).to_be_visible()
    look()
    # The items not counted, with their reasons (the core's Chinese).
    page.get_by_test_id("calc-why").check()
    page.get_by_test_id("calc-submit").click()
    expect(page.get_by_test_id("why-not").first).to_be_visible()
    look()
    # Every panel opened: the calculator's melds and 家規 with each of its groups.
    open_melds(page, "calc-more")
    page.get_by_test_id("house-rules").locator("summary").first.click()
    groups = page.locator("#house details.house-group")
    expect(groups.first).to_be_visible()
    for group in groups.all():
        if group.get_attribute("open") is None:
            group.locator("summary").click()
    expect(page.get_by_test_id("house-tai.ping_hu")).to_be_visible()
    look()
    return seen


def test_normal_use_has_no_console_error_nor_failed_request(page: Page) -> None:
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)

    def failed(r: Response) -> None:
        if r.status >= 400:
            problems.append(f"{r.status} {r.url}")

    page.on("response", failed)
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    _normal_use(page)
    assert problems == []


def test_favicon(page: Page, server: str) -> None:
    # Broken 8: /favicon.ico was a 404 on every load.
    with urllib.request.urlopen(f"{server}/favicon.ico", timeout=5) as r:
        assert r.status == 200
        assert r.headers["content-type"].startswith("image/svg+xml")
        assert b"<svg" in r.read()
    icon = page.locator('link[rel="icon"]')
    expect(icon).to_have_count(1)
    href = icon.get_attribute("href")
    with urllib.request.urlopen(f"{server}{href}", timeout=5) as r:
        assert r.status == 200


def test_no_english_beyond_tile_notation(page: Page) -> None:
    words = set(_normal_use(page)) - RULE_WORDS
    assert words == set(), " ".join(sorted(words))


def test_controls_are_labelled(page: Page) -> None:
    for tab in ["checker", "practice", "calculator"]:
        page.get_by_test_id(f"tab-{tab}").click()
        if tab == "checker":
            open_melds(page)
        unnamed = page.evaluate(
            """() => [...document.querySelectorAll('input, select, button')]
                .filter((el) => el.offsetParent !== null)
                .filter((el) => !(el.labels && el.labels.length) && !el.getAttribute('aria-label')
                                && !el.textContent.trim())
                .map((el) => el.outerHTML.slice(0, 80))"""
        )
        assert unnamed == [], (tab, unnamed)


def test_tap_targets_are_at_least_40px(page: Page) -> None:
    click(page, READY)
    expect(page.get_by_test_id("wait")).to_have_count(5)
    for tab in ["checker", "practice", "calculator"]:
        page.get_by_test_id(f"tab-{tab}").click()
        small = page.evaluate(
            """() => [...document.querySelectorAll('button, select, input, summary')]
                .filter((el) => el.offsetParent !== null)
                .map((el) => el.type === 'checkbox' ? el.closest('label') : el)
                .filter((el) => { const r = el.getBoundingClientRect();
                                  return r.width < 40 || r.height < 40; })
                .map((el) => el.outerHTML.slice(0, 80))"""
        )
        assert small == [], (tab, small)


def test_keyboard_builds_a_hand(page: Page) -> None:
    first = page.locator('#palette [data-tile="1m"]')
    first.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    expect_count(page, 2, 16)
    # Tab moves on to the next tile of the row.
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator('#hand [data-tile="2m"]')).to_have_count(1)


def _luminance(rgb: str) -> float:
    r, g, b = (int(x) / 255 for x in re.findall(r"\d+", rgb)[:3])

    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def test_text_contrast(page: Page) -> None:
    # WCAG 2 AA: at least 4.5:1 for body text, hints and errors against the page.
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    for selector in ["body", ".hint", "h2"]:
        colour = page.evaluate(f"getComputedStyle(document.querySelector('{selector}')).color")
        lighter, darker = sorted([_luminance(colour), _luminance(background)], reverse=True)
        assert (lighter + 0.05) / (darker + 0.05) >= 4.5, (selector, colour, background)
