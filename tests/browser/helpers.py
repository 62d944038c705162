"""Small steps the browser tests share: clicking tiles, typing, asking the API directly."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

from playwright.sync_api import Locator, Page, expect


def click(page: Page, tiles: list[str], palette: str = "#palette") -> None:
    for t in tiles:
        page.locator(f'{palette} [data-tile="{t}"]').click()


def type_hand(page: Page, notation: str, testid: str = "notation") -> None:
    box = page.get_by_test_id(testid)
    box.fill(notation)
    box.press("Enter")
    box.dispatch_event("change")


def open_melds(page: Page, testid: str = "checker-more") -> None:
    details = page.get_by_test_id(testid)
    if details.get_attribute("open") is None:
        details.locator("summary").click()


def add_meld(page: Page, kind: str, tiles: str, prefix: str = "") -> None:
    tid = (lambda n: f"{prefix}-{n}") if prefix else (lambda n: n)
    page.get_by_test_id(tid("meld-kind")).select_option(kind)
    page.get_by_test_id(tid("meld-tiles")).fill(tiles)
    page.get_by_test_id(tid("meld-add")).click()


def calc_win(
    page: Page,
    hand: str,
    win: str,
    *,
    variant: str | None = None,
    melds: tuple[tuple[str, str], ...] = (),
    **fields: str,
) -> None:
    """The calculator's tab opened and a win entered: the preset first (it sets the form's
    choices), the hand typed, the winning tile chosen, the melds added, then each field by
    its test id without `calc-` (`_` for `-`, `from_` for `from`: `seat_wind="S"`): a menu's option chosen, a box
    filled."""
    page.get_by_test_id("tab-calculator").click()
    if variant is not None:
        page.get_by_test_id("calc-variant").select_option(variant)
    type_hand(page, hand, "calc-hand")
    page.get_by_test_id("calc-win").select_option(win)
    if melds:
        open_melds(page, "calc-more")
        for kind, tiles in melds:
            add_meld(page, kind, tiles, "calc")
    for name, value in fields.items():
        box = page.get_by_test_id("calc-" + name.rstrip("_").replace("_", "-"))
        if box.evaluate("e => e.tagName") == "SELECT":
            box.select_option(value)
        else:
            box.fill(value)


def api(server: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        f"{server}{path}", data=data, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def waits(server: str, body: dict[str, Any]) -> list[dict[str, Any]]:
    """The waits `POST /v1/waits` gives for `body`, in its order."""
    listed: list[dict[str, Any]] = api(server, "/v1/waits", body)["waits"]
    return listed


def shown(page: Page, testid: str = "wait") -> list[str | None]:
    """The tiles of the rows with `testid`, in the page's order."""
    rows = page.get_by_test_id(testid)
    return [rows.nth(i).get_attribute("data-tile") for i in range(rows.count())]


def hand_tiles(page: Page, root: str = "#hand") -> list[str | None]:
    tiles = page.locator(f"{root} .tile")
    return [tiles.nth(i).get_attribute("data-tile") for i in range(tiles.count())]


def lines(tiles: Locator) -> set[int]:
    """The distinct tops of the elements: one value when they sit on one line."""
    out = set()
    for i in range(tiles.count()):
        box = tiles.nth(i).bounding_box()
        assert box is not None
        out.add(round(box["y"]))
    return out


def api_error(server: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """The `error` of the answer `POST path` refuses `body` with (an HTTP 4xx)."""
    try:
        api(server, path, body)
    except urllib.error.HTTPError as e:
        error: dict[str, Any] = json.loads(e.read())["error"]
        return error
    raise AssertionError(f"{path} accepted {body}")


def expect_count(page: Page, n: int, target: int) -> None:
    """The checker's count reads `n` tiles against a waiting hand of `target`, in words (never
    `17/16`, issue 32)."""
    count = page.get_by_test_id("count")
    expect(count).to_have_attribute("data-n", str(n))
    expect(count).to_have_attribute("data-target", str(target))
    expect(count).to_contain_text(f"{n} 張")
    expect(count).not_to_contain_text("/")


#: Runs of two or more CJK characters in the page's tables that a line break cuts.
BROKEN_WORDS = """() => {
    const out = [];
    for (const table of document.querySelectorAll('table')) {
      const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        for (const m of n.textContent.matchAll(/[\\u3400-\\u9fff]{2,}/g)) {
          const r = document.createRange();
          r.setStart(n, m.index);
          r.setEnd(n, m.index + m[0].length);
          if (new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1) out.push(m[0]);
        }
      }
    }
    return out;
  }"""
