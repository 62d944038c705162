"""The API docs in a real browser: Swagger UI renders from the service alone, and its
"Try it out" with the model's example answers 200."""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import Browser, Request, expect


def test_swagger_try_it_out_answers_200_offline(browser: Browser, server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    hosts: set[str] = set()

    def seen(request: Request) -> None:
        if not request.url.startswith(("data:", "blob:")):
            hosts.add(urlsplit(request.url).netloc)

    context.on("request", seen)
    page = context.new_page()
    page.goto(f"{server}/docs")
    op = page.locator("#operations-score-score_v1_score_post")
    op.locator(".opblock-summary").click()
    op.get_by_role("button", name="Try it out").click()
    op.get_by_role("button", name="Execute").click()
    status = op.locator(".live-responses-table tr.response .response-col_status").first
    expect(status).to_have_text("200", timeout=15_000)
    # The example is 000 計分 範例一: 3 台.
    expect(op.locator(".live-responses-table .microlight").first).to_contain_text('"total_tai": 3')
    # Nothing came from anywhere but the service (no CDN, no fonts, no validator).
    assert hosts == {urlsplit(server).netloc}, hosts
    context.close()


def test_docs_and_redoc_request_nothing_off_the_service(browser: Browser, server: str) -> None:
    # Issue 32 item 16: /redoc's bundle fetched the Redocly logo from cdn.redoc.ly; the HTML
    # alone did not show it. What Chromium requests, rendered, is checked here.
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    off: list[str] = []
    own = urlsplit(server).netloc

    def seen(request: Request) -> None:
        if not request.url.startswith(("data:", "blob:")) and urlsplit(request.url).netloc != own:
            off.append(request.url)

    context.on("request", seen)
    page = context.new_page()
    page.goto(f"{server}/redoc")
    # The side menu's footer, where the logo sat, rendered (its operations listed).
    expect(page.locator(".menu-content")).to_be_visible(timeout=15_000)
    expect(page.locator(".menu-content li").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    page.goto(f"{server}/docs")
    expect(page.locator(".opblock").first).to_be_visible(timeout=15_000)
    page.wait_for_load_state("networkidle")
    assert off == []
    context.close()
