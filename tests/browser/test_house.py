"""家規 in a real browser, at desktop and phone sizes: built from the core's settings registry
(`/v1/settings`: Chinese names, groups, ranges and choices), the tai items by their names, and
what one setting requires of another read from the core, not copied."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.helpers import api, calc_win, type_hand


def _open_house(page: Page) -> None:
    page.get_by_test_id("tab-calculator").click()
    page.get_by_test_id("house-rules").locator("summary").first.click()
    for group in page.locator("#house details.house-group").all():
        if group.get_attribute("open") is None:
            group.locator("summary").click()


def _registry(server: str) -> dict[str, dict[str, Any]]:
    return {s["key"]: s for s in api(server, "/v1/settings")}


def test_every_setting_is_a_chinese_control_from_the_registry(page: Page, server: str) -> None:
    registry = _registry(server)
    taiwan = next(v for v in api(server, "/v1/variants") if v["name"] == "taiwan")["settings"]
    _open_house(page)
    groups = page.locator("#house details.house-group > summary")
    titles = [groups.nth(i).inner_text() for i in range(groups.count())]
    layer_names = list(
        dict.fromkeys(s["layer_name"] for s in registry.values() if s["key"] in taiwan)
    )
    family = next(s for s in registry.values() if s["key"].startswith("tai."))
    exclude = registry["exclude.<item>"]
    assert titles == [*layer_names, family["name"], exclude["name"]]
    for key, spec in registry.items():
        if key not in taiwan:
            continue
        label = page.locator(f'#house label[data-key="{key}"]')
        expect(label).to_contain_text(spec["name"])
        control = page.get_by_test_id(f"house-{key}")
        if spec["type"] == "boolean":
            expect(control).to_have_attribute("type", "checkbox")
        elif spec["choices"] is not None:
            options = control.locator("option")
            names = spec["choice_names"] or [str(c) for c in spec["choices"]]
            assert [options.nth(i).inner_text() for i in range(options.count())] == names, key
            expect(control).to_have_value(str(taiwan[key]))
        elif (
            None not in (spec["minimum"], spec["maximum"]) and spec["maximum"] - spec["minimum"] < 8
        ):
            # A short range is a menu of its values (玩家人數 4, 3, 2), not a free box (issue 32).
            options = control.locator("option")
            values = [options.nth(i).get_attribute("value") or "" for i in range(options.count())]
            assert sorted(map(int, values)) == list(range(spec["minimum"], spec["maximum"] + 1))
            expect(control).to_have_value(str(taiwan[key]))
        else:
            expect(control).to_have_attribute("type", "number")
            expect(control).to_have_attribute("min", str(spec["minimum"]))
            expect(control).to_have_attribute("max", str(spec["maximum"]))
    # The tai items under the family, each by its name in the vocabulary.
    items = {t["key"]: t["name"] for t in api(server, "/v1/vocabulary")["items"]}
    expect(page.locator('#house label[data-key="tai.ping_hu"]')).to_contain_text(items["ping_hu"])
    expect(page.get_by_test_id("house-tai.ping_hu")).to_have_attribute(
        "max", str(family["maximum"])
    )


def test_a_choice_edit_changes_the_score_and_shows(page: Page) -> None:
    # 付法 中庸全統制 (003): no 底, 台 × tai × 3 from the discarder — chosen from a menu.
    calc_win(page, "123456789m234p56p77s", "7p", winner="1", win_kind="discard", from_="2")
    page.get_by_test_id("calc-submit").click()
    expect(page.get_by_test_id("payment")).to_contain_text("底 300")
    _open_house(page)
    page.get_by_test_id("house-payment").select_option("zhongyong")
    expect(page.locator('#house label[data-key="payment"]')).to_have_class("changed")
    page.get_by_test_id("calc-submit").click()
    expect(page.get_by_test_id("payment")).not_to_contain_text("底 300")


def test_thirteen_tiles_switch_off_what_the_core_requires(page: Page) -> None:
    # 003 註八: 瀝咕瀝咕 has no 13-tile form; choosing 13 tiles under improved16 turns it off
    # because /v1/settings says so (hand_size requires special_shapes.lig_gu false).
    page.get_by_test_id("tab-calculator").click()
    page.get_by_test_id("calc-variant").select_option("improved16")
    _open_house(page)
    lig_gu = page.get_by_test_id("house-special_shapes.lig_gu")
    expect(lig_gu).to_be_checked()
    page.get_by_test_id("house-hand_size").select_option("13")
    expect(lig_gu).not_to_be_checked()
    expect(page.get_by_test_id("calc-count")).to_contain_text("不含胡的牌 13 張")
    # The checker too: 13 tiles under improved16 are analysed, not refused.
    page.get_by_test_id("tab-checker").click()
    page.get_by_test_id("checker-variant").select_option("improved16")
    page.get_by_test_id("checker-size").select_option("13")
    type_hand(page, "2223456m123456p")
    expect(page.get_by_test_id("wait")).to_have_count(5)
    expect(page.get_by_test_id("error")).to_have_count(0)


def test_checker_sizes_are_the_registrys(page: Page, server: str) -> None:
    sizes = _registry(server)["hand_size"]["choices"]
    options = page.get_by_test_id("checker-size").locator("option")
    assert [options.nth(i).get_attribute("value") for i in range(options.count())] == [
        str(n) for n in sizes
    ]
    # Each size is named by the registry with its sets and pair (16 = 5 × 3 + 1, 13 = 4 × 3 + 1).
    names = _registry(server)["hand_size"]["choice_names"]
    assert [options.nth(i).text_content() for i in range(options.count())] == names
    assert dict(zip(sizes, names, strict=True)) == {
        16: "16 張（五組一對）",
        13: "13 張（四組一對）",
    }
