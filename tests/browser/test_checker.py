"""The wait checker in a real browser, at desktop and phone sizes: clicked or typed tiles give
the waits the API gives, melds are checked and take their tiles, nothing is dropped."""

from __future__ import annotations

import json
import urllib.request

from playwright.sync_api import Page, Route, expect

from tests.browser.helpers import (
    add_meld,
    api,
    api_error,
    click,
    expect_count,
    hand_tiles,
    lines,
    open_melds,
    shown,
    type_hand,
    waits,
)

#: 二二二三四五六萬＋一到九筒 (000 平胡的認定): ready on 1m 3m 4m 6m 7m.
READY = ["2m", "2m", "2m", "3m", "4m", "5m", "6m"] + [f"{n}p" for n in range(1, 10)]


def test_clicking_a_ready_hand_shows_its_waits(page: Page, server: str) -> None:
    click(page, READY)
    expect_count(page, 16, 16)
    expect(page.get_by_test_id("status")).to_have_text("聽牌")
    rows = page.get_by_test_id("wait")
    expect(rows).to_have_count(5)
    listed = waits(server, {"hand": "2223456m123456789p"})
    assert shown(page) == [w["tile"] for w in listed]
    remaining = [rows.nth(i).get_by_test_id("remaining").inner_text() for i in range(5)]
    assert remaining == [f"剩 {w['remaining']} 張" for w in listed]
    assert "單吊" in rows.nth(1).inner_text()
    # On a phone the result sits below the palette: the completed hand brings it into view.
    expect(page.get_by_test_id("status")).to_be_in_viewport()


def test_each_wait_shows_its_worth(page: Page, server: str) -> None:
    # Beside each wait what it is worth under the chosen preset, as /v1/wait_values says.
    page.get_by_test_id("checker-variant").select_option("hk16")
    type_hand(page, "2223456m123456789p")
    values = api(server, "/v1/wait_values", {"hand": "2223456m123456789p", "variant": "hk16"})
    cells = page.get_by_test_id("value")
    expect(cells).to_have_count(5)
    for i, v in enumerate(values):
        expect(cells.nth(i)).to_have_text(
            f"放槍 {v['on_discard']['total_tai']} 番・自摸 {v['on_self_draw']['total_tai']} 番"
        )


def test_seventeen_tiles_show_the_best_discard(page: Page) -> None:
    click(page, [*READY, "9s"])
    expect_count(page, 17, 16)
    # The headline speaks of the hand after a discard, not of a ready hand.
    expect(page.get_by_test_id("status")).to_have_text("打一張就聽牌")
    first = page.get_by_test_id("discard").first
    expect(first).to_have_attribute("data-tile", "9s")
    expect(first).to_contain_text("聽 一萬 三萬 四萬 六萬 七萬")


def test_a_tile_clicked_while_typed_text_is_read_lands_on_the_typed_hand(page: Page) -> None:
    # The server reads typed notation; a slow reading must not undo a tile clicked meanwhile
    # (it once put the hand back to the typed 16 tiles: 聽牌 where the player had 胡牌).
    def slow(route: Route) -> None:
        page.wait_for_timeout(400)
        route.continue_()

    page.route("**/v1/tiles/read", slow)
    type_hand(page, "123456789m234p56p77s")
    click(page, ["7p"])
    expect_count(page, 17, 16)
    expect(page.get_by_test_id("status")).to_have_text("胡牌！")
    page.unroute("**/v1/tiles/read")


def test_a_complete_hand_goes_to_the_calculator(page: Page) -> None:
    # 000 計分 範例一's hand, then its winning 7p: 門清 自摸 不求 = 3 台 (the dealer's tai are
    # apart from the headline).
    type_hand(page, "123456789m234p56p77s")
    click(page, ["7p"])
    expect(page.get_by_test_id("status")).to_have_text("胡牌！")
    page.get_by_test_id("to-calculator").click()
    expect(page.locator("#calculator")).to_be_visible()
    expect(page.get_by_test_id("total")).to_have_text("3 台")


def test_a_wait_goes_to_the_calculator(page: Page) -> None:
    type_hand(page, "2223456m123456789p")
    page.locator('[data-testid="wait"][data-tile="1m"]').get_by_test_id("to-calculator").click()
    expect(page.get_by_test_id("calc-win")).to_have_value("1m")
    expect(page.get_by_test_id("total")).to_be_visible()


def test_a_click_removes_a_tile_and_the_hint_says_so(page: Page) -> None:
    expect(page.get_by_test_id("hand-hint")).to_contain_text("點手牌裡的牌可以拿掉")
    type_hand(page, "1112345678999m111z")
    expect(page.get_by_test_id("wait")).to_have_count(9)
    page.locator('#hand [data-tile="1z"]').first.click()
    expect_count(page, 15, 16)
    expect(page.get_by_test_id("wait")).to_have_count(0)


def test_a_fifth_copy_cannot_be_picked(page: Page) -> None:
    click(page, ["5p"] * 4)
    tile = page.locator('#palette [data-tile="5p"]')
    expect(tile).to_be_disabled()
    expect(tile).to_have_attribute("data-left", "0")
    expect(page.locator('#palette [data-tile="4p"]')).to_have_attribute("data-left", "4")


def test_empty_wait_is_warned(page: Page) -> None:
    # 空聽: a hand waiting on 9m alone (tanki) while the three other 9m are in view.
    type_hand(page, "123m456m789p111s222s9m")
    expect(page.get_by_test_id("empty-wait")).to_have_count(0)
    open_melds(page)
    page.get_by_test_id("visible").fill("999m")
    page.get_by_test_id("visible").dispatch_event("change")
    expect(page.get_by_test_id("empty-wait")).to_contain_text("空聽")


def test_implied_melds_change_the_hand_size(page: Page) -> None:
    # With 4 melds the hand is 4 tiles; 13m 5p 東 is 1-shanten, accepting 2m 5p 1z.
    page.get_by_test_id("implied").select_option("4")
    click(page, ["1m", "3m", "5p", "1z"])
    expect_count(page, 4, 4)
    expect(page.get_by_test_id("status")).to_have_text("1 向聽")
    accepts = page.get_by_test_id("accept")
    expect(accepts).to_have_count(3)
    assert [accepts.nth(i).get_attribute("data-tile") for i in range(3)] == ["2m", "5p", "1z"]


# ---- Broken (issue 13), each at both sizes ----


def test_meld_tiles_sit_on_one_line(page: Page) -> None:
    # Broken 1: 碰 555s showed its three tiles one under another.
    open_melds(page)
    add_meld(page, "pon", "555s")
    tiles = page.get_by_test_id("melds").locator(".tile")
    expect(tiles).to_have_count(3)
    assert len(lines(tiles)) == 1


def test_changing_the_meld_count_keeps_every_tile(page: Page) -> None:
    # Broken 2: 2223456m123456789p with 1 meld dropped 八筒 and 九筒, for good.
    type_hand(page, "2223456m123456789p")
    page.get_by_test_id("implied").select_option("1")
    # The typed text is read by the server: the count shows when it is in.
    expect_count(page, 16, 13)
    assert hand_tiles(page) == [*READY]
    expect(page.get_by_test_id("too-many")).to_contain_text("多了 2 張")
    page.get_by_test_id("implied").select_option("0")
    expect(page.get_by_test_id("wait")).to_have_count(5)
    # 16 → 13 tiles keeps them too.
    page.get_by_test_id("checker-size").select_option("13")
    expect_count(page, 16, 13)
    assert hand_tiles(page) == [*READY]
    page.get_by_test_id("checker-size").select_option("16")
    expect(page.get_by_test_id("wait")).to_have_count(5)


def test_chinese_notation_in_every_box(page: Page, server: str) -> None:
    # Broken 3: Chinese notation the API reads was refused by the page.
    type_hand(page, "東東東南南南西西西北北北白白發發")
    expect_count(page, 16, 16)
    expect(page.get_by_test_id("wait")).to_have_count(2)
    assert shown(page) == [w["tile"] for w in waits(server, {"hand": "1112223334445566z"})]
    open_melds(page)
    add_meld(page, "ankan", "東東東東")
    melds = page.get_by_test_id("meld")
    expect(melds).to_have_count(1)
    expect(melds.locator(".tile")).to_have_count(4)
    expect(melds.locator('.tile[data-tile="1z"]')).to_have_count(4)


def test_impossible_melds_are_refused_when_added(page: Page) -> None:
    # Broken 4: 吃 135s, 碰 55s and 碰 5555s entered the list.
    open_melds(page)
    for kind, tiles in [("chi", "135s"), ("pon", "55s"), ("pon", "5555s")]:
        add_meld(page, kind, tiles)
        error = page.get_by_test_id("meld-error").get_by_test_id("error")
        expect(error).to_be_visible()
        expect(error).to_contain_text("哪幾張")
        expect(page.get_by_test_id("meld-tiles")).to_have_attribute("aria-invalid", "true")
        expect(page.get_by_test_id("meld")).to_have_count(0)
    add_meld(page, "chi", "345s")
    expect(page.get_by_test_id("meld")).to_have_count(1)
    expect(page.get_by_test_id("meld-tiles")).not_to_have_attribute("aria-invalid", "true")


def test_melds_take_their_tiles_and_the_count_follows(page: Page, server: str) -> None:
    # Broken 5: the meld count stayed 0, and a meld added to a full hand left its tiles in it.
    type_hand(page, "3345m123p789s111z555p")
    expect_count(page, 16, 16)
    open_melds(page)
    add_meld(page, "pon", "555p")
    expect(page.get_by_test_id("implied")).to_have_value("1")
    expect_count(page, 13, 13)
    expect(page.locator('#hand [data-tile="5p"]')).to_have_count(0)
    body = {"hand": "3345m123p789s111z", "melds": [{"kind": "pon", "tiles": "555p"}]}
    expect(page.get_by_test_id("wait")).to_have_count(len(waits(server, body)))
    assert shown(page) == [w["tile"] for w in waits(server, body)]
    # Fewer melds than listed cannot be chosen; removing the meld brings the count back.
    expect(page.get_by_test_id("implied").locator('option[value="0"]')).to_be_disabled()
    page.get_by_test_id("meld").get_by_role("button").click()
    expect(page.get_by_test_id("implied")).to_have_value("0")


def test_melds_by_clicking_tiles(page: Page, server: str) -> None:
    open_melds(page)
    page.get_by_test_id("meld-kind").select_option("pon")
    page.get_by_test_id("meld-mode").check()
    click(page, ["5p", "5p", "5p"])
    expect(page.get_by_test_id("meld")).to_have_count(1)
    page.get_by_test_id("meld-mode").uncheck()
    click(page, ["3m", "3m", "4m", "5m", "1p", "2p", "3p", "7s", "8s", "9s", "1z", "1z", "1z"])
    expect_count(page, 13, 13)
    body = {"hand": "3345m123p789s111z", "melds": [{"kind": "pon", "tiles": "555p"}]}
    expect(page.get_by_test_id("wait")).to_have_count(2)
    assert shown(page) == [w["tile"] for w in waits(server, body)]


def test_the_palette_follows_the_preset(page: Page) -> None:
    # Broken 7 (004): 三人麻將 plays without 二萬–八萬; 兩人麻將 with 萬子 and 字牌 only.
    honors = [f"{n}z" for n in range(1, 8)]
    pins_sous = [f"{n}{s}" for s in "ps" for n in range(1, 10)]
    expected = {
        "three_player": ["1m", "9m", *pins_sous, *honors],
        "two_player": [*(f"{n}m" for n in range(1, 10)), *honors],
    }
    for preset, tiles in expected.items():
        page.get_by_test_id("checker-variant").select_option(preset)
        assert hand_tiles(page, "#palette") == tiles
    # One row per suit at every width: each row's tiles share a line.
    rows = page.locator("#palette .palette-row")
    expect(rows).to_have_count(2)
    page.get_by_test_id("checker-variant").select_option("taiwan")
    expect(rows).to_have_count(4)
    for r in range(4):
        assert len(lines(rows.nth(r).locator(".tile"))) == 1, r


def test_a_tile_out_of_play_is_refused_in_chinese(page: Page) -> None:
    page.get_by_test_id("checker-variant").select_option("three_player")
    type_hand(page, "123p456p789p123s45s55m")
    error = page.get_by_test_id("result").get_by_test_id("error")
    expect(error).to_contain_text("手牌")
    expect(page.get_by_test_id("notation")).to_have_attribute("aria-invalid", "true")
    type_hand(page, "123p456p789p123s45s99m")
    expect(page.get_by_test_id("wait")).to_have_count(2)
    expect(page.get_by_test_id("notation")).not_to_have_attribute("aria-invalid", "true")


def test_special_shapes_only_under_their_preset(page: Page) -> None:
    # 003 改良式 註八 瀝咕瀝咕: six pairs, a triplet and a single under improved16 only.
    type_hand(page, "11m33m55m77m99m11p333p5p")
    expect(page.get_by_test_id("status")).not_to_have_text("聽牌")
    page.get_by_test_id("checker-variant").select_option("improved16")
    expect(page.get_by_test_id("status")).to_have_text("聽牌")
    expect(page.get_by_test_id("wait")).to_have_count(1)
    expect(page.get_by_test_id("wait")).to_have_attribute("data-tile", "5p")
    # The wait is named by its shape, 瀝咕瀝咕 (the vocabulary's name), not a 單吊 of five
    # sets and a pair that the hand does not make.
    expect(page.get_by_test_id("wait")).to_contain_text("瀝咕瀝咕")
    expect(page.get_by_test_id("wait")).not_to_contain_text("單吊")


def test_thirteen_tile_hands(page: Page, server: str) -> None:
    # 004 兩人麻將 13 張版 (4 組+1 對): 2223456m 123456p is ready on 1m 3m 4m 6m 7m.
    type_hand(page, "2223456m123456p")
    expect_count(page, 13, 16)
    expect(page.get_by_test_id("wait")).to_have_count(0)
    page.get_by_test_id("checker-size").select_option("13")
    expect_count(page, 13, 13)
    expect(page.get_by_test_id("wait")).to_have_count(5)
    listed = waits(server, {"hand": "2223456m123456p", "overrides": {"hand_size": 13}})
    assert shown(page) == [w["tile"] for w in listed] == ["1m", "3m", "4m", "6m", "7m"]
    click(page, ["9s"])
    expect(page.get_by_test_id("discard").first).to_have_attribute("data-tile", "9s")
    expect(page.locator('#palette [data-tile="1z"]')).to_be_disabled()
    page.locator('#hand [data-tile="9s"]').click()
    page.get_by_test_id("checker-variant").select_option("improved16")
    expect(page.get_by_test_id("wait")).to_have_count(5)
    expect(page.get_by_test_id("error")).to_have_count(0)


def test_checker_offers_every_preset(page: Page, server: str) -> None:
    presets = json.loads(urllib.request.urlopen(f"{server}/v1/variants", timeout=5).read())
    options = page.get_by_test_id("checker-variant").locator("option")
    expect(options).to_have_count(len(presets))
    assert [options.nth(i).get_attribute("value") for i in range(len(presets))] == [
        p["name"] for p in presets
    ]


def test_an_error_shows_where_in_what_was_typed(page: Page, server: str) -> None:
    # The API names the character at fault (`position`); the page says which one, in Chinese
    # and counted from 1, and underlines it in what the player typed (issue 13).
    for notation in ["2223x56m123456789p", "11111m23456789p123s"]:
        err = api_error(server, "/v1/tiles/read", {"text": notation})
        type_hand(page, notation)
        error = page.get_by_test_id("result").get_by_test_id("error")
        at = notation[err["position"]]
        expect(error).to_contain_text(
            f"「手牌（也可以直接輸入）」第 {err['position'] + 1} 個字「{at}」"
        )
        expect(page.get_by_test_id("error-snippet")).to_have_text(notation)
        expect(page.get_by_test_id("error-at")).to_have_text(at)
    # In a meld's box too.
    open_melds(page)
    add_meld(page, "pon", "五五x")
    meld_error = page.get_by_test_id("meld-error")
    expect(meld_error.get_by_test_id("error")).to_contain_text("第 3 個字「x」")
    expect(meld_error.get_by_test_id("error-at")).to_have_text("x")
