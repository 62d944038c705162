"""Issue 32 item 1, at desktop and phone sizes: every tool shows only the answer to its latest
request, and a loading state while one is out. Each test holds one answer back with
`page.route` until a later one is shown, then lets it through: the page must keep the later
one (before, the answer that arrived last won)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Page, Route, expect

from tests.browser.helpers import calc_win, click, expect_count, type_hand

READY = "2223456m123456789p"


class Held:
    """The first request to a route, held until `release`; later ones go through."""

    def __init__(self, page: Page, pattern: str) -> None:
        self.page = page
        self.pattern = pattern
        self.routes: list[Route] = []
        self.count = 0
        page.route(pattern, self.handle)

    def handle(self, route: Route) -> None:
        self.count += 1
        if self.count == 1:
            self.routes.append(route)
        else:
            route.continue_()

    def wait_held(self) -> None:
        """Until the first request is held (the page's events are handled while waiting)."""
        for _ in range(500):
            if self.routes:
                return
            self.page.wait_for_timeout(20)
        raise AssertionError(f"no request to {self.pattern}")

    def release(self) -> None:
        """Lets the held answer through and waits until the page has it (the response and its
        body delivered), then a little for the page's script to act on it."""
        url = self.routes[0].request.url
        with self.page.expect_response(lambda r: r.url == url) as answer:
            self.routes[0].continue_()
        answer.value.finished()
        # The page reads the body and acts on it in its own tasks: a later answer that it
        # shows by mistake shows within this (the assertions below then fail at once).
        self.page.wait_for_timeout(300)
        self.page.unroute(self.pattern)


def typed_once(page: Page, notation: str) -> None:
    """The hand typed and read once (`type_hand` presses Enter too: a second reading, whose
    own request would go through the held route)."""
    box = page.get_by_test_id("notation")
    box.fill(notation)
    box.dispatch_event("change")


@contextmanager
def held(page: Page, pattern: str) -> Iterator[Held]:
    h = Held(page, pattern)
    yield h


def test_checker_reads_busy_and_never_contradicts_the_count(page: Page) -> None:
    # With a slow service the checker showed 16/16 beside 「目前 0 張」 and stale 算台 buttons.
    with held(page, "**/v1/waits") as h:
        typed_once(page, READY)
        h.wait_held()
        result = page.get_by_test_id("result")
        expect(result).to_have_attribute("aria-busy", "true")
        expect(result.get_by_test_id("loading")).to_be_visible()
        expect(result).not_to_contain_text("目前 0 張")
        expect_count(page, 16, 16)
        h.release()
    expect(page.get_by_test_id("wait")).to_have_count(5)
    expect(page.get_by_test_id("result")).to_have_attribute("aria-busy", "false")


def test_checker_an_older_answer_does_not_replace_a_typing_error(page: Page) -> None:
    # The waits of the ready hand are held; the player then types a bad hand: its error must
    # stay when the old waits arrive (they once replaced it).
    with held(page, "**/v1/waits") as h:
        typed_once(page, READY)
        h.wait_held()
        type_hand(page, "2223x56m123456789p")
        error = page.get_by_test_id("result").get_by_test_id("error")
        expect(error).to_be_visible()
        h.release()
    expect(error).to_be_visible()
    expect(page.get_by_test_id("wait")).to_have_count(0)


def test_checker_an_older_hand_does_not_win(page: Page) -> None:
    # The 16-tile hand's waits are held; a 17th tile is clicked: its discards show, and the
    # waits of the hand before must not come back over them.
    with held(page, "**/v1/waits") as h:
        typed_once(page, READY)
        h.wait_held()
        click(page, ["9s"])
        expect(page.get_by_test_id("discard").first).to_be_visible()
        h.release()
    expect(page.get_by_test_id("discard").first).to_be_visible()
    expect(page.get_by_test_id("wait")).to_have_count(0)
    expect(page.get_by_test_id("status")).to_have_text("打一張就聽牌")


def test_calculator_two_quick_submits_show_the_second(page: Page) -> None:
    # 自摸 submitted (held), then 放槍 from 西家 submitted: the form says 放槍, so the page
    # must show the discarder alone paying, even when the 自摸 answer arrives last.
    calc_win(page, "123456789m234p56p77s", "7p", winner="1")
    submit = page.get_by_test_id("calc-submit")
    with held(page, "**/v1/score") as h:
        submit.click()
        h.wait_held()
        expect(submit).to_have_attribute("aria-busy", "true")
        expect(page.get_by_test_id("calc-result").get_by_test_id("loading")).to_be_visible()
        page.get_by_test_id("calc-win-kind").select_option("discard")
        page.get_by_test_id("calc-from").select_option("2")
        submit.click()
        expect(page.get_by_test_id("payment")).to_have_count(1)
        h.release()
    expect(page.get_by_test_id("payment")).to_have_count(1)
    expect(page.get_by_test_id("payment")).to_have_attribute("data-payer", "2")
    expect(submit).to_have_attribute("aria-busy", "false")


def test_practice_an_older_check_does_not_mark_the_next_question(page: Page) -> None:
    page.get_by_test_id("tab-practice").click()
    expect(page.locator("#quiz-hand .tile")).to_have_count(16)
    first = page.locator("#quiz-hand").inner_html()
    with held(page, "**/v1/waits") as h:
        page.get_by_test_id("quiz-check").click()
        h.wait_held()
        expect(page.get_by_test_id("quiz-check")).to_have_attribute("aria-busy", "true")
        page.get_by_test_id("quiz-next").click()
        page.wait_for_function(
            "(before) => document.querySelector('#quiz-hand').innerHTML !== before", arg=first
        )
        h.release()
    # The new question is not marked with the old one's answer, nor counted.
    expect(page.get_by_test_id("quiz-verdict")).to_have_count(0)
    expect(page.locator("#quiz-palette .tile.missed")).to_have_count(0)
    expect(page.get_by_test_id("quiz-score")).to_have_text("")


def test_practice_an_older_question_does_not_replace_the_newer(page: Page) -> None:
    page.get_by_test_id("tab-practice").click()
    expect(page.locator("#quiz-hand .tile")).to_have_count(16)
    with held(page, "**/v1/quiz") as h:
        page.get_by_test_id("quiz-melds").select_option("2")
        h.wait_held()
        page.get_by_test_id("quiz-melds").select_option("1")
        expect(page.locator("#quiz-hand .tile")).to_have_count(13)
        h.release()
    expect(page.locator("#quiz-hand .tile")).to_have_count(13)
    expect(page.get_by_test_id("quiz-meld")).to_have_count(1)
