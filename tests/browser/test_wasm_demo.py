"""Issue 27 item 6: the npm package's demo page (`/wasm/examples/`, js/examples/) answers the
wait checker in Chromium with the network blocked except for its own files: every request
outside `/wasm/` is aborted and none is made, so no answer comes from the service."""

from __future__ import annotations

from playwright.sync_api import Browser, Route


def test_the_demo_checks_waits_offline(server: str, browser: Browser) -> None:
    page = browser.new_page()
    own = f"{server}/wasm/"
    blocked: list[str] = []
    asked: list[str] = []

    def only_own(route: Route) -> None:
        url = route.request.url
        asked.append(url)
        if url.startswith(own):
            route.continue_()
        else:
            blocked.append(url)
            route.abort()

    page.route("**/*", only_own)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/wasm/examples/")
    rows = page.locator("#waits tbody tr")
    # 000 計分 範例一's hand before its winning tile: 23p waits on 1p/4p (123p 456p, or 234p
    # with 56p on 4p/7p): 1p 4p 7p, each 兩面.
    rows.first.wait_for(timeout=30_000)
    assert [rows.nth(i).get_attribute("data-tile") for i in range(rows.count())] == [
        "1p",
        "4p",
        "7p",
    ]
    assert rows.nth(0).locator("td").nth(2).inner_text() == "兩面"
    # 000 平胡的認定's hand: 1m 3m 4m 6m 7m.
    page.fill("#hand", "2223456m123456789p")
    page.click("button")
    page.wait_for_function("document.querySelectorAll('#waits tbody tr').length === 5")
    assert [rows.nth(i).get_attribute("data-tile") for i in range(rows.count())] == [
        "1m",
        "3m",
        "4m",
        "6m",
        "7m",
    ]
    # A refusal shows the core's Chinese message.
    page.fill("#hand", "1m1m1m1m1m")
    page.click("button")
    page.wait_for_function("document.getElementById('status').classList.contains('error')")
    assert "一萬" in page.inner_text("#status")
    assert errors == []
    assert blocked == []
    assert asked and all(u.startswith(own) for u in asked)
    assert not any("/v1/" in u for u in asked)
    page.close()
