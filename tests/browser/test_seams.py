"""Issue 32 items 2–8, at desktop and phone sizes: the page as a player meets it. Errors are
shown, never hidden, in the core's words at the input at fault; the hand size, the seats and
the preset's settings reach every tool; nothing typed vanishes; focus stays where the keyboard
was; counts and words read whole."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, Route, expect

from tests.browser.helpers import (
    BROKEN_WORDS,
    add_meld,
    api,
    calc_win,
    click,
    expect_count,
    hand_tiles,
    open_melds,
    type_hand,
)

READY = "2223456m123456789p"


def _refuse(body: dict[str, Any]) -> Any:
    def handler(route: Route) -> None:
        route.fulfill(status=422, content_type="application/json", body=json.dumps({"error": body}))

    return handler


# ---- Item 2: values never hidden ----


def test_a_values_error_is_shown(page: Page) -> None:
    # /v1/wait_values refused (as under 三人 before the core's fix): the waits show, and the
    # values say they could not be worked out, in Chinese, instead of staying blank.
    page.route("**/v1/wait_values", _refuse({"code": "context_error", "message": "x"}))
    type_hand(page, READY)
    expect(page.get_by_test_id("wait")).to_have_count(5)
    error = page.get_by_test_id("values-error").get_by_test_id("error")
    expect(error).to_contain_text("值多少算不出來")
    expect(page.get_by_test_id("value").first).to_have_text("算不出來")
    page.unroute("**/v1/wait_values")


# ---- Item 4 (the page's side): the core's Chinese sentence at the input it names ----


def test_the_cores_chinese_message_shows_at_its_field(page: Page) -> None:
    # Five 二萬 between the hand and 已見牌: the error names `visible`, so 已見牌 is outlined
    # (its fold opened) and the core's sentence is what the player reads.
    said = "二萬超過四張：手牌與已見牌合計五張"
    page.route(
        "**/v1/waits",
        _refuse({"code": "hand_error", "message": "x", "message_zh": said, "field": "visible"}),
    )
    type_hand(page, READY)
    error = page.get_by_test_id("result").get_by_test_id("error")
    expect(error).to_contain_text(said)
    expect(error).to_contain_text("已見牌")
    expect(page.get_by_test_id("visible")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_test_id("visible")).to_be_visible()
    expect(page.get_by_test_id("notation")).not_to_have_attribute("aria-invalid", "true")
    page.unroute("**/v1/waits")


def test_without_a_chinese_message_the_codes_name_shows(page: Page, server: str) -> None:
    name = next(e for e in api(server, "/v1/vocabulary")["errors"] if e["code"] == "hand_error")
    page.route("**/v1/waits", _refuse({"code": "hand_error", "message": "x", "field": "hand"}))
    type_hand(page, READY)
    expect(page.get_by_test_id("result").get_by_test_id("error")).to_contain_text(name["name"])
    page.unroute("**/v1/waits")


def test_the_services_own_refusals_read_as_the_rule_broken(page: Page) -> None:
    # Unstubbed: the core's fine codes reach the player in its words. 000 吃: three
    # consecutive tiles of one suit, so 吃 135s is none; 000 牌: four of each tile, so five
    # 二萬 between the hand and 已見牌 are refused at 已見牌. On a9a51ff both read the class's
    # catch-all (「這手牌不成立（張數、同一張超過四張或組合不對）」).
    open_melds(page)
    add_meld(page, "chi", "135s")
    expect(page.get_by_text("吃「135s」不是同一花色的三張連號").first).to_be_visible()
    page.get_by_test_id("clear").click()
    type_hand(page, READY)
    expect(page.get_by_test_id("wait")).to_have_count(5)
    visible = page.get_by_test_id("visible")
    visible.fill("22m")
    visible.dispatch_event("change")
    error = page.get_by_test_id("result").get_by_test_id("error")
    expect(error).to_contain_text("二萬超過四張（手牌、副露與已見牌共 5 張）")
    expect(visible).to_have_attribute("aria-invalid", "true")


# ---- Item 3: the 13-tile hand reaches the calculator ----


def test_a_thirteen_tile_wait_goes_to_the_calculator(page: Page) -> None:
    # 004 兩人 13 張版: 2223456m 123456p waits on 一萬 …; its 算台 scores 13 + 1 tiles.
    page.get_by_test_id("checker-size").select_option("13")
    type_hand(page, "2223456m123456p")
    expect(page.get_by_test_id("wait")).to_have_count(5)
    page.locator('[data-testid="wait"][data-tile="1m"]').get_by_test_id("to-calculator").click()
    expect(page.get_by_test_id("total")).to_be_visible()
    expect(page.get_by_test_id("calc-result").get_by_test_id("error")).to_have_count(0)
    expect(page.get_by_test_id("house-hand_size")).to_have_value("13")
    expect(page.get_by_test_id("calc-count")).to_contain_text("不含胡的牌 13 張")


def test_melds_the_checker_only_counted_are_asked_for(page: Page) -> None:
    # 幾組 1 with no meld listed: the calculator cannot score 13 tiles without the meld's
    # tiles, and asks for them instead of refusing the hand's count.
    page.get_by_test_id("implied").select_option("1")
    type_hand(page, "2223456m123456p")
    expect(page.get_by_test_id("wait")).to_have_count(5)
    page.locator('[data-testid="wait"][data-tile="1m"]').get_by_test_id("to-calculator").click()
    expect(page.get_by_test_id("melds-wanted")).to_contain_text("其餘 1 組")
    expect(page.get_by_test_id("calc-more")).to_have_attribute("open", "")
    expect(page.get_by_test_id("calc-result").get_by_test_id("error")).to_have_count(0)
    add_meld(page, "chi", "789s", "calc")
    expect(page.get_by_test_id("calc-melds").get_by_test_id("meld")).to_have_count(1)
    page.get_by_test_id("calc-submit").click()
    expect(page.get_by_test_id("total")).to_be_visible()


# ---- Item 5: seats as a player names them, the dealer marked ----


def test_three_players_pay_as_three_seats_named_by_wind(page: Page, server: str) -> None:
    winds = [w["name"] for w in api(server, "/v1/vocabulary")["winds"]]
    calc_win(page, "123456789p123s456s9m9m", "9m", variant="three_player", winner="1", dealer="0")
    options = page.get_by_test_id("calc-winner").locator("option")
    expect(options).to_have_count(3)
    assert [options.nth(i).inner_text() for i in range(3)] == [f"{w}家" for w in winds[:3]]
    page.get_by_test_id("calc-submit").click()
    expect(page.get_by_test_id("payment")).to_have_count(2)
    net = page.get_by_test_id("net")
    expect(net).to_contain_text(f"{winds[0]}家（莊）")
    expect(net).not_to_contain_text(f"{winds[3]}家")
    expect(net).not_to_contain_text("座位")
    dealer = page.locator('[data-testid="payment"][data-payer="0"]')
    expect(dealer).to_contain_text(f"{winds[0]}家（莊）付{winds[1]}家")


# ---- Item 6: 玩家人數 reaches the seats and the palette; no hover-only text ----


def test_players_edit_reaches_seats_and_palette(page: Page, server: str) -> None:
    page.get_by_test_id("tab-calculator").click()
    page.get_by_test_id("house-rules").locator("summary").first.click()
    for group in page.locator("#house details.house-group").all():
        if group.get_attribute("open") is None:
            group.locator("summary").click()
    players = page.get_by_test_id("house-players")
    expect(players).to_have_js_property("tagName", "SELECT")
    players.select_option("3")
    expect(page.get_by_test_id("calc-winner").locator("option")).to_have_count(3)
    three = api(server, "/v1/tiles/in_play", {"variant": "taiwan", "overrides": {"players": 3}})
    expect(page.locator("#calc-palette .tile")).to_have_count(len(three["tiles"]))
    assert hand_tiles(page, "#calc-palette") == three["tiles"]
    # What each setting does is on the page (a phone has no hover), without internal keys.
    expect(page.locator("#house [title]")).to_have_count(0)
    docs = page.get_by_test_id("house-doc")
    expect(docs.first).to_be_visible()
    keys = {s["key"] for s in api(server, "/v1/settings")}
    text = " ".join(docs.all_inner_texts())
    leaked = {w for w in re.findall(r"[a-z][a-z0-9_.]*[a-z0-9]", text) if w in keys}
    assert leaked == set(), leaked
    assert "zhongyong" not in text and "tai_money" not in text


# ---- Item 7 ----


def test_no_chi_where_the_preset_has_none(page: Page, server: str) -> None:
    three = next(v for v in api(server, "/v1/variants") if v["name"] == "three_player")
    assert three["settings"]["chi_allowed"] is False
    page.get_by_test_id("checker-variant").select_option("three_player")
    open_melds(page)
    kinds = page.get_by_test_id("meld-kind").locator("option")
    expect(kinds.first).to_be_attached()
    assert "chi" not in [kinds.nth(i).get_attribute("value") for i in range(kinds.count())]
    page.get_by_test_id("checker-variant").select_option("taiwan")
    expect(page.get_by_test_id("meld-kind").locator('option[value="chi"]')).to_have_count(1)
    page.get_by_test_id("tab-calculator").click()
    page.get_by_test_id("calc-variant").select_option("three_player")
    expect(page.get_by_test_id("calc-meld-kind").locator('option[value="chi"]')).to_have_count(0)
    # The same setting edited as a 家規 under taiwan.
    page.get_by_test_id("calc-variant").select_option("taiwan")
    expect(page.get_by_test_id("calc-meld-kind").locator('option[value="chi"]')).to_have_count(1)
    page.get_by_test_id("house-rules").locator("summary").first.click()
    for group in page.locator("#house details.house-group").all():
        if group.get_attribute("open") is None:
            group.locator("summary").click()
    page.get_by_test_id("house-chi_allowed").uncheck()
    expect(page.get_by_test_id("calc-meld-kind").locator('option[value="chi"]')).to_have_count(0)


def test_typed_flowers_are_said_not_dropped_silently(page: Page) -> None:
    type_hand(page, READY + "春")
    note = page.get_by_test_id("flowers-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("春")
    expect_count(page, 16, 16)
    page.get_by_test_id("clear").click()
    expect(note).to_be_hidden()


def test_clear_brings_the_meld_count_back_to_zero(page: Page) -> None:
    open_melds(page)
    add_meld(page, "pon", "555p")
    expect(page.get_by_test_id("implied")).to_have_value("1")
    page.get_by_test_id("clear").click()
    expect(page.get_by_test_id("meld")).to_have_count(0)
    expect(page.get_by_test_id("implied").locator('option[value="0"]')).to_be_enabled()
    page.get_by_test_id("implied").select_option("1")
    page.get_by_test_id("implied").select_option("0")
    expect(page.get_by_test_id("implied")).to_have_value("0")


def test_a_preset_or_house_change_clears_the_calculators_result(page: Page) -> None:
    calc_win(page, "123456789m234p56p77s", "7p", winner="1")
    page.get_by_test_id("calc-submit").click()
    expect(page.get_by_test_id("total")).to_have_text("3 台")
    page.get_by_test_id("calc-variant").select_option("hk16")
    # hk16 counts in 番: a 「3 台」 left on screen would be another preset's answer.
    expect(page.get_by_test_id("total")).to_have_count(0)
    page.get_by_test_id("calc-submit").click()
    expect(page.get_by_test_id("total")).to_contain_text("番")
    page.get_by_test_id("house-rules").locator("summary").first.click()
    page.get_by_test_id("house-group-tai").locator("summary").click()
    box = page.locator('[data-testid^="house-tai."]').first
    box.fill(str(int(box.input_value()) + 1))
    box.dispatch_event("change")
    expect(page.get_by_test_id("total")).to_have_count(0)
    # Another field changed under a shown answer: it stays, marked as the old form's.
    page.get_by_test_id("calc-submit").click()
    expect(page.get_by_test_id("total")).to_be_visible()
    page.get_by_test_id("calc-win-kind").select_option("discard")
    expect(page.get_by_test_id("stale")).to_be_visible()
    page.get_by_test_id("calc-submit").click()
    expect(page.get_by_test_id("stale")).to_have_count(0)


# ---- Item 8 ----


def _focused(page: Page) -> str:
    return str(
        page.evaluate(
            "document.activeElement.closest('[id]')?.id || document.activeElement.tagName"
        )
    )


def test_focus_stays_where_the_keyboard_was(page: Page) -> None:
    # A hand tile removed with the keyboard: the focus goes to the tile in its place.
    click(page, ["1m", "2m", "3m"])
    page.locator('#hand [data-tile="2m"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator("#hand .tile")).to_have_count(2)
    assert _focused(page) == "hand"
    assert page.evaluate("document.activeElement.dataset.tile") == "3m"
    # A 4th copy taken: its tile is spent, but keeps the focus.
    tile = page.locator('#palette [data-tile="5p"]')
    tile.focus()
    for _ in range(4):
        page.keyboard.press("Enter")
    expect(tile).to_be_disabled()
    assert page.evaluate("document.activeElement.dataset.tile") == "5p"
    # The 17th tile: every tile is spent, the focus stays on the one pressed.
    page.get_by_test_id("clear").click()
    type_hand(page, READY)
    expect(page.get_by_test_id("wait")).to_have_count(5)
    tile = page.locator('#palette [data-tile="9s"]')
    tile.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("discard").first).to_be_visible()
    assert page.evaluate("document.activeElement.dataset.tile") == "9s"


def test_the_count_reads_in_words(page: Page) -> None:
    # A 17th tile read 「17/16」, a fraction a player has to decode: the count says how many
    # tiles the hand holds, in words, with no slash.
    type_hand(page, READY + "9s")
    count = page.get_by_test_id("count")
    expect(count).to_contain_text("17 張")
    expect(count).not_to_contain_text("/")


def test_building_a_meld_by_clicking_logs_no_error(page: Page) -> None:
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on(
        "response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None
    )
    open_melds(page)
    page.get_by_test_id("meld-kind").select_option("pon")
    page.get_by_test_id("meld-mode").check()
    click(page, ["5p", "5p", "5p"])
    expect(page.get_by_test_id("meld")).to_have_count(1)
    page.get_by_test_id("meld-kind").select_option("chi")
    click(page, ["1s", "2s", "3s"])
    expect(page.get_by_test_id("meld")).to_have_count(2)
    assert problems == []


def test_words_do_not_break_inside_on_a_phone(page: Page) -> None:
    # 兩面, 算台, 向聽 once broke across lines in the phone's tables.
    type_hand(page, READY)
    expect(page.get_by_test_id("wait")).to_have_count(5)
    expect(page.get_by_test_id("value").first).to_contain_text("放槍")
    assert page.evaluate(BROKEN_WORDS) == []
    click(page, ["9s"])
    expect(page.get_by_test_id("discard").first).to_be_visible()
    assert page.evaluate(BROKEN_WORDS) == []


def test_quiz_marks_are_distinct_colours(page: Page) -> None:
    # 你選的 and 選對了 were near-identical greens.
    page.get_by_test_id("tab-practice").click()
    marks = page.evaluate(
        """() => ['picked', 'right', 'wrong', 'missed'].map((k) => {
          const s = getComputedStyle(document.querySelector('.swatch.' + k));
          return [s.outlineColor, s.outlineStyle, s.backgroundColor];
        })"""
    )

    def rgb(c: str) -> tuple[int, ...]:
        return tuple(int(x) for x in re.findall(r"\d+", c)[:3])

    for i in range(4):
        for j in range(i + 1, 4):
            a, b = marks[i], marks[j]
            if a[1] != b[1]:
                continue  # a solid and a dashed outline tell apart by their line
            distance = sum((x - y) ** 2 for x, y in zip(rgb(a[0]), rgb(b[0]), strict=True)) ** 0.5
            assert distance > 100, (a, b)


def test_quiz_offers_the_presets(page: Page, server: str) -> None:
    three = api(server, "/v1/tiles")["presets"]["three_player"]
    page.get_by_test_id("tab-practice").click()
    expect(page.locator("#quiz-hand .tile")).to_have_count(16)
    page.get_by_test_id("quiz-variant").select_option("three_player")
    expect(page.locator("#quiz-palette .tile")).to_have_count(len(three))
    expect(page.locator("#quiz-hand .tile")).to_have_count(16)
    page.wait_for_function(
        "(set) => [...document.querySelectorAll('#quiz-hand .tile')].every((t) => set.includes(t.dataset.tile))",
        arg=three,
    )
