"""對局練習 in a real browser, at desktop and phone sizes (issue 29 item 2): whole hands
played through the page to the end, each result checked against `/v1/replay` of the hand's
record. The hands and the player's moves come from `table_seeds` (a search over seeds with
the Python API): each seed below is asserted to show what it is here for."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal

import pytest
from playwright.sync_api import Locator, Page, Route, expect

import twmj
from tests.browser.helpers import BROKEN_WORDS, api
from tests.browser.table_seeds import script

#: Seed → what its hand shows when the player plays `script`'s moves.
HANDS = {
    94: {"chi_choice", "kong", "win_discard"},
    120: {"chi_choice", "flowers", "self_draw"},
    16: {"chi_choice", "drawn", "flowers"},
}


def _settled(page: Page) -> None:
    expect(page.get_by_test_id("table-status")).to_have_attribute("aria-busy", "false")


def _press(page: Page, row: Locator, target: Locator, keyboard: bool) -> None:
    """A click, or (keyboard play) the arrow keys along `row` from its first control to the
    target, then Enter: the keyboard alone."""
    if not keyboard:
        target.click()
        return
    items = row.locator("button")
    index = target.evaluate("(t) => [...t.parentElement.querySelectorAll('button')].indexOf(t)")
    # Into the row by Tab (the calls come after the hand; Shift+Tab goes back to it).
    back = "Shift+Tab" if row.get_attribute("id") == "table-hand" else "Tab"
    for _ in range(40):
        if row.evaluate("(r) => r.contains(document.activeElement)"):
            break
        page.keyboard.press(back)
    expect(items.first).to_be_visible()
    page.keyboard.press("Home")
    for _ in range(index):
        page.keyboard.press("ArrowRight")
    assert row.evaluate("(r) => r.contains(document.activeElement)")
    page.keyboard.press("Enter")


def _no_review(page: Page) -> None:
    """For a test about something else: the review a hand's end asks for is answered at once
    with no decision, so the shared test server does not spend seconds of CPU on a review no
    one reads while the next test plays (the review's own tests ask the real one)."""
    empty = {"decisions": 0, "total_loss": 0.0, "total_loss_se": 0.0, "costliest": []}
    body = {"seat": 0, "samples": 1, "seed": 0, "decisions": [], "summary": empty}
    page.route("**/v1/review", lambda route: route.fulfill(json=body))


def _start(page: Page, seed: int, review: bool = False) -> None:
    if not review:
        _no_review(page)
    page.get_by_test_id("tab-table").click()
    page.get_by_test_id("table-seed").fill(str(seed))
    page.get_by_test_id("table-start").click()
    _settled(page)
    expect(page.get_by_test_id("table-board")).to_be_visible()


def _token(page: Page) -> str:
    token = page.evaluate("localStorage.getItem('twmj.table.token')")
    assert isinstance(token, str)
    return token


@pytest.mark.parametrize("seed", list(HANDS))
def test_a_whole_hand_is_played_through_the_page(page: Page, server: str, seed: int) -> None:
    s = script(seed)
    assert HANDS[seed] <= s.facts, s.facts
    keyboard = page.viewport_size is not None and page.viewport_size["width"] > 800
    # The page's standards: no console error, no failed request, nothing asked off the service.
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on(
        "response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None
    )
    page.on("request", lambda r: None if r.url.startswith(server) else problems.append(r.url))
    _start(page, seed)
    if keyboard:
        # From 開始, Tab reaches the hand: every later move is made from the keyboard alone.
        page.get_by_test_id("table-start").focus()
        for _ in range(12):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.closest('#table-hand') !== null"):
                break
        assert page.evaluate("document.activeElement.closest('#table-hand') !== null")
    hand = page.get_by_test_id("table-hand")
    actions = page.get_by_test_id("table-actions")
    for move, legal in zip(s.moves, s.legal, strict=True):
        # The claim buttons are exactly the legal calls; the tiles that may be discarded are
        # exactly the legal discards.
        buttons = actions.locator("[data-action]")
        expect(buttons).to_have_count(len([a for a in legal if not a.startswith("discard ")]))
        shown = {buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())}
        assert shown == {a for a in legal if not a.startswith("discard ")}
        can = hand.locator('.tile[aria-disabled="false"]')
        assert {can.nth(i).get_attribute("data-tile") for i in range(can.count())} == {
            a.split()[1] for a in legal if a.startswith("discard ")
        }
        if move.startswith("chi "):
            chis = actions.locator('[data-action^="chi "]')
            assert chis.count() >= 2  # a choice of runs, each drawn with its tiles
            runs = {
                tuple(
                    chis.nth(i).locator(".tile").evaluate_all("es => es.map(e => e.dataset.tile)")
                )
                for i in range(chis.count())
            }
            assert len(runs) == chis.count()
            chosen = actions.locator(f'[data-action="{move}"] .tile').evaluate_all(
                "es => es.map(e => e.dataset.tile)"
            )
        if move.startswith("discard "):
            target, row = hand.locator(f'.tile[data-tile="{move.split()[1]}"]').last, hand
        else:
            target, row = actions.locator(f'[data-action="{move}"]'), actions
        _press(page, row, target, keyboard)
        _settled(page)
        if move.startswith("chi "):
            melds = page.get_by_test_id("my-meld").filter(has_text="吃")
            last = melds.last.locator(".tile").evaluate_all("es => es.map(e => e.dataset.tile)")
            assert last == chosen
        if move.split()[0] in ("minkan", "ankan", "kakan"):
            # The kong is shown, and its replacement tile stands drawn in the hand.
            expect(page.get_by_test_id("my-meld").locator(".tile")).not_to_have_count(0)
            expect(hand.locator(".tile.drawn")).to_have_count(1)
    # The end: the result panel against /v1/replay of the hand's record.
    result = page.get_by_test_id("table-result")
    expect(result).to_be_visible()
    end = api(server, "/v1/table/view", {"token": _token(page)})
    assert end["over"] and end["record"]
    lines = [json.loads(x) for x in twmj.record_lines(end["record"])]
    assert [x["action"] for x in lines if x["type"] == "act" and x["seat"] == 0] == s.moves
    replayed = api(server, "/v1/replay", {"record": end["record"]})
    assert replayed == end["result"]
    verdicts = page.get_by_test_id("result-verdict")
    if replayed["draw"]:
        expect(verdicts).to_have_attribute("data-kind", "draw")
        expect(verdicts).to_have_text("流局")
    else:
        expect(verdicts).to_have_count(len(replayed["wins"]))
        for i, w in enumerate(replayed["wins"]):
            expect(verdicts.nth(i)).to_have_attribute("data-kind", w["kind"])
            expect(verdicts.nth(i)).to_have_attribute("data-seat", str(w["seat"]))
        taken = page.get_by_test_id("result-tai")
        for i, sc in enumerate(replayed["scores"]):
            expect(taken.nth(i)).to_have_text(f"共 {sc['total_tai']} 台")
            items = page.get_by_test_id("result-items").nth(i).locator("li")
            expect(items).to_have_count(len(sc["items"]))
    rows = page.get_by_test_id("result-seat")
    for seat in range(4):
        row = rows.nth(seat)
        expect(row.locator("[data-net]")).to_have_attribute(
            "data-net", str(replayed["net_tai"][seat])
        )
        expect(row.locator("[data-money]")).to_have_attribute("data-money", str(end["money"][seat]))
    if "win_discard" in s.facts:
        expect(verdicts.first).to_contain_text("放槍")
    if "self_draw" in s.facts:
        assert replayed["wins"][0]["from"] is None and replayed["wins"][0]["seat"] == 0
    if "flowers" in s.facts:
        # Every flower of the player is in front of it.
        flowers = sorted(
            x["tile"]
            for x in lines
            if x["type"] == "draw" and x["seat"] == 0 and x["tile"].endswith("f")
        )
        deal = twmj.read_record_for(end["record"])[0]
        flowers += [t for t in twmj.parse(deal["hands"][0]).flowers]
        expect(page.locator("#table-mine .tile.f")).to_have_count(len(set(flowers)))
    # Nothing is left to play.
    expect(actions.locator("[data-action]")).to_have_count(0)
    expect(page.get_by_test_id("table-prompt")).to_have_text("這一局結束了。")
    assert page.evaluate(BROKEN_WORDS) == []
    assert problems == []


def test_the_table_marks_the_last_discard_and_takes_a_move_back(page: Page, server: str) -> None:
    _start(page, 94)
    s = script(94)
    first = s.moves[0]
    assert first.startswith("discard ")
    page.get_by_test_id("table-hand").locator(f'.tile[data-tile="{first.split()[1]}"]').last.click()
    _settled(page)
    # One discard is marked the last, in some river; the events say who did what, in Chinese.
    expect(page.get_by_test_id("last-discard")).to_have_count(1)
    expect(
        page.get_by_test_id("seat-0").get_by_test_id("river").locator(".tile").first
    ).to_have_attribute("data-tile", first.split()[1])
    expect(page.get_by_test_id("event").first).to_contain_text("你打出")
    before = page.get_by_test_id("table-info").get_attribute("data-wall")
    page.get_by_test_id("table-undo").click()
    _settled(page)
    expect(page.get_by_test_id("seat-0").get_by_test_id("river").locator(".tile")).to_have_count(0)
    assert page.get_by_test_id("table-info").get_attribute("data-wall") != before
    # A reload resumes the table from the token the browser kept.
    hand = page.locator("#table-hand .tile").evaluate_all("es => es.map(e => e.dataset.tile)")
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    page.get_by_test_id("tab-table").click()
    _settled(page)
    expect(page.locator("#table-hand .tile")).to_have_count(len(hand))
    assert (
        page.locator("#table-hand .tile").evaluate_all("es => es.map(e => e.dataset.tile)") == hand
    )


def test_a_forged_token_is_answered_in_chinese(page: Page) -> None:
    page.evaluate("localStorage.setItem('twmj.table.token', 'forged')")
    page.get_by_test_id("tab-table").click()
    _settled(page)
    error = page.get_by_test_id("table-error").get_by_test_id("error")
    expect(error).to_have_attribute("data-code", "bad_token")
    expect(error).to_contain_text("牌局代碼無效")
    assert page.evaluate("localStorage.getItem('twmj.table.token')") is None


def _play_one(page: Page) -> None:
    """One move of a simple player: 胡 when it may, else 過, else the tile just drawn."""
    actions = page.get_by_test_id("table-actions")
    for action in ("win", "pass"):
        button = actions.locator(f'[data-action="{action}"]')
        if button.count():
            button.click()
            _settled(page)
            return
    hand = page.get_by_test_id("table-hand")
    tiles = hand.locator('.tile[aria-disabled="false"]')
    expect(tiles.first).to_be_visible()
    drawn = hand.locator('.tile.drawn[aria-disabled="false"]')
    (drawn if drawn.count() else tiles.last).click()
    _settled(page)


def test_hints_show_only_when_asked(page: Page, server: str) -> None:
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/v1/table/hint" in r.url else None)
    _start(page, 5)
    for _ in range(3):
        _play_one(page)
    expect(page.get_by_test_id("table-hints")).to_be_hidden()
    assert asked == []
    page.get_by_test_id("table-hint-toggle").check()
    _settled(page)
    hint = api(server, "/v1/table/hint", {"token": _token(page)})
    expect(page.get_by_test_id("hint-shanten")).to_have_text(
        "聽牌了" if hint["shanten"] == 0 else f"還差 {hint['shanten']} 向聽"
    )
    rows = page.get_by_test_id("hint-discard")
    expect(rows).to_have_count(min(5, len(hint["discards"])))
    for i, d in enumerate(hint["discards"][:5]):
        expect(rows.nth(i)).to_have_attribute("data-tile", d["tile"])
        expect(rows.nth(i)).to_contain_text(f"進張 {d['accepted']} 張")
        # One decimal as JavaScript's toFixed rounds it (a tie away from zero).
        shown = Decimal(d["value"]).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
        sign = "+" if d["value"] >= 0 else ""
        expect(rows.nth(i).get_by_test_id("hint-value")).to_have_text(f"期望 {sign}{shown} 台")
    # Each move asks again while the box is ticked; unticked, the hints go and are not asked.
    _play_one(page)
    expect(page.get_by_test_id("hint-shanten")).to_be_visible()
    page.get_by_test_id("table-hint-toggle").uncheck()
    expect(page.get_by_test_id("table-hints")).to_be_hidden()
    n = len(asked)
    _play_one(page)
    assert len(asked) == n


def test_a_ready_hand_shows_its_waits_values_and_dead_waits(page: Page, server: str) -> None:
    # Seed 94's player is ready before it wins (script): the hints list each wait with the
    # copies the player cannot see, its tai, and 死聽 when none is left.
    s = script(94)
    _start(page, 94)
    page.get_by_test_id("table-hint-toggle").check()
    for move in s.moves[:-1]:
        target = (
            page.get_by_test_id("table-hand").locator(f'.tile[data-tile="{move.split()[1]}"]').last
            if move.startswith("discard ")
            else page.get_by_test_id("table-actions").locator(f'[data-action="{move}"]')
        )
        target.click()
        _settled(page)
    expect(page.get_by_test_id("table-actions").locator('[data-action="win"]')).to_have_count(1)
    hint = api(server, "/v1/table/hint", {"token": _token(page)})
    assert hint["shanten"] == 0 and hint["waits"]
    waits = page.get_by_test_id("hint-wait")
    expect(waits).to_have_count(len(hint["waits"]))
    for i, w in enumerate(hint["waits"]):
        expect(waits.nth(i)).to_have_attribute("data-dead", "true" if w["dead"] else "false")
        if not w["dead"]:
            expect(waits.nth(i)).to_contain_text(
                f"剩 {w['remaining']} 張，放槍 {w['on_discard']} 台、自摸 {w['on_self_draw']} 台"
            )


def test_a_match_goes_on_to_the_next_hand_and_resumes_after_a_reload(page: Page) -> None:
    _no_review(page)
    page.get_by_test_id("tab-table").click()
    page.get_by_test_id("table-seed").fill("11")
    page.get_by_test_id("table-mode").select_option("east")
    page.get_by_test_id("table-start").click()
    _settled(page)
    expect(page.get_by_test_id("match-hand")).to_have_text("東風圈・第 1 局")
    while page.get_by_test_id("table-result").is_hidden():
        _play_one(page)
    nets = [
        int(
            page.get_by_test_id("result-seat")
            .nth(s)
            .locator("[data-net]")
            .get_attribute("data-net")
            or ""
        )
        for s in range(4)
    ]
    places = ["你", "下家", "對家", "上家"]
    totals = "累計：" + "、".join(
        f"{p} {'+' if n > 0 else ''}{n} 台" for p, n in zip(places, nets, strict=True)
    )
    expect(page.get_by_test_id("match-totals")).to_have_text(totals)
    page.get_by_test_id("table-next").click()
    _settled(page)
    expect(page.get_by_test_id("match-hand")).to_have_text("東風圈・第 2 局")
    expect(page.get_by_test_id("match-totals")).to_have_text(totals)
    expect(page.get_by_test_id("table-result")).to_be_hidden()
    # Who deals the second hand: the dealer keeps the deal (連莊) after a win or a draw of its
    # own, else it passes to 下家 (000 連莊).
    dealer = "你" if nets[0] > 0 or all(n == 0 for n in nets) else "下家"
    expect(page.get_by_test_id("table-info")).to_contain_text(f"莊家：{dealer}")
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    page.get_by_test_id("tab-table").click()
    _settled(page)
    expect(page.get_by_test_id("match-hand")).to_have_text("東風圈・第 2 局")
    expect(page.get_by_test_id("match-totals")).to_have_text(totals)


def test_the_calculators_house_rules_play_at_the_table(page: Page, server: str) -> None:
    # 付法 中庸全統制 (003) edited in the calculator's 家規, then ticked at the table: the hand
    # is dealt under it and settled under it, as /v1/replay of its record settles it.
    page.get_by_test_id("tab-calculator").click()
    page.get_by_test_id("house-rules").locator("summary").first.click()
    for group in page.locator("#house details.house-group").all():
        if group.get_attribute("open") is None:
            group.locator("summary").click()
    page.get_by_test_id("house-payment").select_option("zhongyong")
    _no_review(page)
    bodies: list[str] = []
    page.on(
        "request", lambda r: bodies.append(r.post_data or "") if "/table/start" in r.url else None
    )
    page.get_by_test_id("tab-table").click()
    page.get_by_test_id("table-house").check()
    page.get_by_test_id("table-seed").fill("94")
    page.get_by_test_id("table-start").click()
    _settled(page)
    assert json.loads(bodies[-1])["overrides"] == {"payment": "zhongyong"}
    while page.get_by_test_id("table-result").is_hidden():
        _play_one(page)
    end = api(server, "/v1/table/view", {"token": _token(page)})
    assert end["overrides"] == {"payment": "zhongyong"}
    replayed = api(server, "/v1/replay", {"record": end["record"]})
    assert replayed == end["result"]
    assert all(s["variant"] == "taiwan" for s in replayed["scores"])
    assert replayed["wins"]  # a hand that pays
    # 中庸全統制 has no 底 (003): every payment is tai alone.
    assert all(p["base_tai"] == 0 for s in replayed["scores"] for p in s["payments"])
    assert all(["payment", '"zhongyong"'] in s["overrides"] for s in replayed["scores"])


# The review after the hand (issue 29 item 4).


def _play_moves(page: Page, moves: list[str]) -> None:
    """The player's `moves`, each clicked, every answer waited for."""
    for move in moves:
        target = (
            page.get_by_test_id("table-hand").locator(f'.tile[data-tile="{move.split()[1]}"]').last
            if move.startswith("discard ")
            else page.get_by_test_id("table-actions").locator(f'[data-action="{move}"]')
        )
        target.click()
        _settled(page)


def _hold_first(held: list[Route]) -> Callable[[Route], None]:
    """A route handler holding the first request (in `held`) and letting the others through."""

    def handle(route: Route) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    return handle


def _held(page: Page, held: list[Route]) -> Route:
    """The first request `held` caught (the page sends it when the answer before is drawn)."""
    for _ in range(100):
        if held:
            return held[0]
        page.wait_for_timeout(50)
    raise AssertionError("the page sent no request")


def _tiles(loc: Locator) -> list[str]:
    tiles: list[str] = loc.locator(".tile").evaluate_all("es => es.map(e => e.dataset.tile)")
    return tiles


def _watch(page: Page, server: str) -> list[str]:
    """The page's standards: no console error, no failed request, nothing off the service."""
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on(
        "response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None
    )
    page.on("request", lambda r: None if r.url.startswith(server) else problems.append(r.url))
    return problems


def _focus_by_tab(page: Page, target: Locator) -> None:
    """Tab (forwards) until `target` has the focus: the keyboard alone."""
    for _ in range(200):
        if target.evaluate("(t) => t === document.activeElement"):
            return
        page.keyboard.press("Tab")
    raise AssertionError("Tab never reached the target")


def test_the_hand_ends_in_its_review_and_a_decision_shows_its_moment(
    page: Page, server: str
) -> None:
    problems = _watch(page, server)
    keyboard = page.viewport_size is not None and page.viewport_size["width"] > 800
    s = script(94)
    held: list[Route] = []
    page.route("**/v1/review", _hold_first(held))
    _start(page, 94, review=True)
    expect(page.get_by_test_id("table-review")).to_be_hidden()
    _play_moves(page, s.moves)
    expect(page.get_by_test_id("table-result")).to_be_visible()
    # The page asks for the review of the hand's record, for the player's seat; while it is
    # out, the review says so.
    request = _held(page, held)
    end = api(server, "/v1/table/view", {"token": _token(page)})
    assert json.loads(request.request.post_data or "") == {"record": end["record"], "seat": 0}
    status = page.get_by_test_id("table-review-status")
    expect(page.get_by_test_id("table-review")).to_be_visible()
    expect(status.get_by_test_id("loading")).to_have_text("計算中…")
    expect(status).to_have_attribute("aria-busy", "true")
    with page.expect_response("**/v1/review") as answered:
        request.continue_()
    assert answered.value.ok
    expect(status).to_have_attribute("aria-busy", "false")
    # The review shown is the library's review of that record (the service's default samples
    # and seed): each decision with what was played, the best, the loss and its reason; the
    # costliest three marked, in order.
    review = twmj.review(end["record"], 0).as_dict()
    assert len(review["decisions"]) >= 3
    rows = page.get_by_test_id("review-decision")
    expect(rows).to_have_count(len(review["decisions"]))
    costliest = review["summary"]["costliest"]
    assert len(costliest) == 3
    for d in review["decisions"]:
        row = rows.nth(d["index"])
        expect(row).to_have_attribute("data-line", str(d["line"]))
        expect(row).to_have_attribute("data-played", d["played"])
        expect(row).to_have_attribute("data-best", d["best"])
        expect(row.get_by_test_id("review-reason")).to_have_text(d["reason"])
        expect(row).to_contain_text(f"期望少 {d['loss']:.2f} 台")
        rank = costliest.index(d["index"]) + 1 if d["index"] in costliest else None
        expect(row).to_have_attribute("data-costly", str(rank or ""))
        expect(row.get_by_test_id("review-costly")).to_have_count(1 if rank else 0)
    expect(page.locator('[data-testid="review-decision"].costly')).to_have_count(3)
    # Each decision fits the screen, a phone's too: its text wraps, nothing runs off the side.
    overflowing = page.get_by_test_id("review-open").evaluate_all(
        "bs => bs.filter(b => b.scrollWidth > b.clientWidth + 1).map(b => b.textContent)"
    )
    assert overflowing == []
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    expect(page.get_by_test_id("review-total")).to_contain_text(
        f"期望總共少 {review['summary']['total_loss']:.2f} 台"
    )
    # The costliest decision opened (from the keyboard alone on the desktop): the table as the
    # player saw it then, its hand the review's hand at that decision.
    worst = review["decisions"][costliest[0]]
    button = rows.nth(worst["index"]).get_by_test_id("review-open")
    if keyboard:
        _focus_by_tab(page, button)
        page.keyboard.press("Enter")
    else:
        button.click()
    moment = api(server, "/v1/table/moment", {"token": end["token"], "line": worst["line"]})
    box = page.get_by_test_id("table-moment")
    expect(box.get_by_test_id("moment-hand").locator(".tile")).to_have_count(len(moment["hand"]))
    assert _tiles(box.get_by_test_id("moment-hand")) == moment["hand"]
    assert sorted(moment["hand"]) == sorted(twmj.parse(worst["hand"]).tiles)
    assert worst["played"] in moment["legal"]
    for seat in moment["table"]:
        shown = box.get_by_test_id(f"moment-seat-{seat['seat']}")
        assert _tiles(shown.get_by_test_id("river")) == [r["tile"] for r in seat["river"]]
        expect(shown.get_by_test_id("meld")).to_have_count(len(seat["melds"]))
    mine = moment["table"][0]
    expect(box.get_by_test_id("moment-meld")).to_have_count(len(mine["melds"]))
    expect(box.get_by_test_id("moment-info")).to_have_attribute("data-wall", str(moment["wall"]))
    # The table itself is the end's, untouched.
    expect(page.get_by_test_id("table-result")).to_be_visible()
    assert page.evaluate(BROKEN_WORDS) == []
    assert problems == []


def test_only_the_latest_moment_asked_is_shown(page: Page, server: str) -> None:
    s = script(94)
    _start(page, 94, review=True)
    with page.expect_response("**/v1/review"):
        _play_moves(page, s.moves)
    rows = page.get_by_test_id("review-decision")
    expect(rows.first).to_be_visible()
    held: list[Route] = []
    page.route("**/v1/table/moment", _hold_first(held))
    rows.nth(0).get_by_test_id("review-open").click()
    first = _held(page, held)
    rows.nth(1).get_by_test_id("review-open").click()
    title = page.get_by_test_id("moment-title")
    expect(title).to_contain_text("第 2 個決定")
    with page.expect_response("**/v1/table/moment"):
        first.continue_()
    page.wait_for_timeout(200)  # let a stale answer (wrongly) draw, were it to
    expect(title).to_contain_text("第 2 個決定")
    expect(rows.nth(1)).to_have_class(re.compile(r"\bchosen\b"))
    expect(page.locator('[data-testid="review-decision"].chosen')).to_have_count(1)
    # Taking the last move back: the hand is not over, and its review is gone.
    page.get_by_test_id("table-undo").click()
    _settled(page)
    expect(page.get_by_test_id("table-review")).to_be_hidden()


# The player's seat (issue 29: "start a hand (variant, seat, …)").


def test_the_player_chooses_a_seat(page: Page, server: str) -> None:
    problems = _watch(page, server)
    _no_review(page)  # its request is checked, not its answer
    page.get_by_test_id("tab-table").click()
    seat = page.get_by_test_id("table-seat")
    winds = [w["name"] for w in twmj.VOCABULARY["winds"]]
    expect(seat.locator("option")).to_have_count(len(winds))
    seat.select_option("2")
    expect(seat.locator("option:checked")).to_have_text(f"{winds[2]}家")
    page.get_by_test_id("table-seed").fill("94")
    page.get_by_test_id("table-start").click()
    _settled(page)
    answer = api(server, "/v1/table/view", {"token": _token(page)})
    assert answer["seat"] == 2 and answer["dealer"] == 0
    # The player's box is seat 2's; 下家 is seat 3; the dealer (seat 0) is 對家.
    expect(page.get_by_test_id("seat-2").locator("h3")).to_contain_text(f"你・{winds[2]}")
    expect(page.get_by_test_id("seat-3").locator("h3")).to_contain_text("下家")
    expect(page.get_by_test_id("seat-0").get_by_test_id("dealer-mark")).to_have_count(1)
    expect(page.get_by_test_id("table-info")).to_contain_text("莊家：對家")
    assert sorted(_tiles(page.get_by_test_id("table-hand"))) == sorted(answer["hand"])
    # Played to the end from seat 2: the result is /v1/replay of the record, and the review is
    # asked for seat 2.
    bodies: list[str] = []
    page.on(
        "request", lambda r: bodies.append(r.post_data or "") if "/v1/review" in r.url else None
    )
    while page.get_by_test_id("table-result").is_hidden():
        _play_one(page)
    end = api(server, "/v1/table/view", {"token": _token(page)})
    assert api(server, "/v1/replay", {"record": end["record"]}) == end["result"]
    lines = [json.loads(x) for x in twmj.record_lines(end["record"])]
    assert any(x["type"] == "act" and x["seat"] == 2 for x in lines)
    rows = page.get_by_test_id("result-seat")
    expect(rows.nth(2).locator("th")).to_have_text("你")
    for _ in range(100):
        if bodies:
            break
        page.wait_for_timeout(50)
    assert json.loads(bodies[0])["seat"] == 2
    # A preset seating fewer players offers fewer seats (its `players`).
    players = {p: int(twmj.Variant(p).settings()["players"]) for p in twmj.PRESETS}
    fewer = min(players, key=lambda p: players[p])
    assert players[fewer] < len(winds)
    page.get_by_test_id("table-variant").select_option(fewer)
    expect(seat.locator("option")).to_have_count(players[fewer])
    assert problems == []


def test_a_hand_is_set_up_started_and_played_from_the_keyboard_alone(
    page: Page, server: str
) -> None:
    # Issue 29: "keyboard-only play works", from the tool's tab on: the seat and the deal
    # chosen, 開始, a discard, 悔一步, all without the mouse.
    problems = _watch(page, server)
    _no_review(page)
    _focus_by_tab(page, page.get_by_test_id("tab-table"))
    page.keyboard.press("Enter")
    expect(page.locator("#table")).to_be_visible()
    _focus_by_tab(page, page.get_by_test_id("table-seat"))
    page.keyboard.press("ArrowDown")  # 南家
    expect(page.get_by_test_id("table-seat")).to_have_value("1")
    _focus_by_tab(page, page.get_by_test_id("table-seed"))
    page.keyboard.type("94")
    _focus_by_tab(page, page.get_by_test_id("table-start"))
    page.keyboard.press("Enter")
    _settled(page)
    answer = api(server, "/v1/table/view", {"token": _token(page)})
    assert answer["seat"] == 1
    while not answer["to_act"] or not any(a.startswith("discard ") for a in answer["legal"]):
        # Seat 1 may first be asked about a call: 過 from the keyboard.
        _focus_by_tab(page, page.get_by_test_id("table-actions").locator('[data-action="pass"]'))
        page.keyboard.press("Enter")
        _settled(page)
        answer = api(server, "/v1/table/view", {"token": _token(page)})
    hand = page.get_by_test_id("table-hand")
    _focus_by_tab(page, hand.locator(".tile").first)
    page.keyboard.press("End")
    tile = page.evaluate("document.activeElement.dataset.tile")
    page.keyboard.press("Enter")
    _settled(page)
    river = page.get_by_test_id("seat-1").get_by_test_id("river").locator(".tile")
    expect(river.first).to_have_attribute("data-tile", tile)
    _focus_by_tab(page, page.get_by_test_id("table-undo"))
    page.keyboard.press("Enter")
    _settled(page)
    expect(river).to_have_count(0)
    assert problems == []


def test_a_flower_win_paid_mid_hand_is_shown_when_paid(page: Page, server: str) -> None:
    # Issue 30, house rule flower_win.play_on (當場收分，照常開始打牌): seed 74541 pays an opening
    # 七搶一 (seat 3 robs seat 2's flower) at the deal and the hand goes on. The page shows the
    # payment at that moment, in Chinese, as the core settled it: who was paid, on what, and
    # who paid how much; it stays in sight while the hand is played.
    overrides: dict[str, int | bool | str] = {"flower_win.play_on": True}
    game = twmj.Game(74541, twmj.Variant("taiwan", overrides))
    money = game.paid_reward("money")
    scores, _ = game.settle_paid()
    payee = max(range(4), key=lambda s: money[s])
    payers = [s for s in range(4) if money[s] < 0]
    assert (payee, payers) == (3, [2])
    places = ["你", "下家", "對家", "上家"]  # the player sits at seat 0

    def with_house_rule(route: Route) -> None:
        body = json.loads(route.request.post_data or "{}")
        route.continue_(post_data=json.dumps({**body, "overrides": overrides}))

    page.route("**/v1/table/start", with_house_rule)
    _start(page, 74541)
    expect(page.get_by_test_id("table-paid")).to_be_visible()
    verdict = page.get_by_test_id("paid-verdict")
    expect(verdict).to_have_attribute("data-seat", str(payee))
    what = "、".join(f"{i.name} {i.tai} 台" for i in scores[0].items)
    expect(verdict).to_have_text(f"花胡當場收分：{places[payee]}{what}，照常打牌")
    lines = page.get_by_test_id("paid-line")
    expect(lines).to_have_count(len(payers))
    expect(lines.first).to_have_text(f"{places[2]}付給{places[payee]} {-money[2]} 元")
    expect(lines.first).to_have_attribute("data-money", str(-money[2]))
    # The hand goes on: the player discards, and the payment is still shown.
    expect(page.get_by_test_id("table-result")).to_be_hidden()
    page.locator('#table-hand .tile[aria-disabled="false"]').first.click()
    _settled(page)
    expect(verdict).to_have_attribute("data-seat", str(payee))
