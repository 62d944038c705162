"""The practice quiz in a real browser, at desktop and phone sizes."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.helpers import api, hand_tiles, waits


def _question(page: Page) -> tuple[list[str], list[dict[str, str]]]:
    """The hand on screen and its melds read back through the API: (tiles, melds)."""
    tiles = [t or "" for t in hand_tiles(page, "#quiz-hand")]
    melds = []
    shown = page.get_by_test_id("quiz-meld")
    for i in range(shown.count()):
        m = shown.nth(i)
        codes = m.locator(".tile")
        tiles_of = [codes.nth(j).get_attribute("data-tile") or "" for j in range(codes.count())]
        melds.append({"kind": m.get_attribute("data-kind") or "", "tiles": "".join(tiles_of)})
    return tiles, melds


def test_practice_marks_the_answer_and_explains_it(page: Page, server: str) -> None:
    page.get_by_test_id("tab-practice").click()
    expect(page.locator("#quiz-hand .tile")).to_have_count(16)
    tiles, melds = _question(page)
    listed = waits(server, {"hand": "".join(tiles), "melds": melds})
    assert len(listed) >= 3, "the default level asks for three waits or more"
    for w in listed:
        page.locator(f'#quiz-palette [data-tile="{w["tile"]}"]').click()
    page.get_by_test_id("quiz-check").click()
    expect(page.get_by_test_id("quiz-verdict")).to_contain_text("答對了")
    expect(page.get_by_test_id("quiz-score")).to_have_text("答對 1 / 1 題")
    # The split of the hand on each wait, as the engine decomposes the win.
    splits = page.get_by_test_id("quiz-split")
    expect(splits).to_have_count(len(listed))
    first = api(
        server,
        "/v1/score",
        {"hand": "".join(tiles), "win_tile": listed[0]["tile"], "melds": melds},
    )
    groups = splits.first.locator(".group")
    expect(groups).to_have_count(len(first["decomposition"]) + len(first["melds"]))
    # The legend names every outline; the score survives a reload.
    expect(page.get_by_test_id("quiz-legend").locator("li")).to_have_count(4)
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    expect(page.get_by_test_id("quiz-score")).to_have_text("答對 1 / 1 題")


def test_a_wrong_answer_shows_what_was_missed(page: Page, server: str) -> None:
    page.get_by_test_id("tab-practice").click()
    expect(page.locator("#quiz-hand .tile")).to_have_count(16)
    page.get_by_test_id("quiz-check").click()
    expect(page.get_by_test_id("quiz-verdict")).to_contain_text("再看看")
    expect(page.locator("#quiz-palette .tile.missed").first).to_be_visible()
    expect(page.get_by_test_id("quiz-score")).to_have_text("答對 0 / 1 題")


def test_difficulty_melds_and_waits(page: Page, server: str) -> None:
    # Two melds: 16 − 6 = 10 concealed tiles; 聽 1–2 張 gives at most two waits.
    page.get_by_test_id("tab-practice").click()
    page.get_by_test_id("quiz-level").select_option("1")
    page.get_by_test_id("quiz-melds").select_option("2")
    expect(page.locator("#quiz-hand .tile")).to_have_count(10)
    expect(page.get_by_test_id("quiz-meld")).to_have_count(2)
    tiles, melds = _question(page)
    assert 1 <= len(waits(server, {"hand": "".join(tiles), "melds": melds})) <= 2
