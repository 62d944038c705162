"""The library attacks of issue 12, each one a test: sizes the rules bound, a batch whose array
changes under it, tai and seats out of range, a state the engine itself produces, and a panic
caught at the binding. Run in a child process (tests/test_isolated.py): before the fixes some
of these aborted the interpreter."""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import pytest

import twmj
from twmj import _core

# A ready 16-tile hand: 2223456m 123456789p waits on 1m 3m 4m 6m 7m (README).
READY = "2223456m123456789p"


def _snapshot(drawable: int) -> dict[str, Any]:
    return {
        "seat": 0,
        "hand": READY,
        "drawable": drawable,
        "decision": {"offer": {"from": 3, "discard": "5m"}},
    }


def test_a_small_drawable_is_played() -> None:
    actions, _ = twmj.legal(_snapshot(40))
    assert "pass" in actions


@pytest.mark.parametrize("drawable", [2**40, 10**10, 2**63 - 1, 2**64 - 1])
def test_a_drawable_past_the_wall_is_refused_before_anything_is_built(drawable: int) -> None:
    # Before: SIGABRT (2**40), 9.5 GB for 30 s (10**10), PanicException (2**63 - 1) and, with
    # the sum wrapped, no actions at all (2**64 - 1).
    with pytest.raises(twmj.HandError, match=rf"drawable {drawable} is more than the wall"):
        twmj.legal(_snapshot(drawable))


def test_the_largest_drawable_the_wall_allows() -> None:
    # 144 pieces, 16 in the seat's hand, 16 kept back (000): 112 may still be drawn.
    twmj.legal(_snapshot(112))
    with pytest.raises(twmj.HandError, match="at most 112"):
        twmj.legal(_snapshot(113))


def _rows(n: int) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """A batch of ready hands, and the same batch with one byte per row changed so that no row
    is a hand (a fifth 2m): a row is always one or the other, never half of each."""
    a = np.zeros((n, 34), dtype=np.uint8)
    a[:] = np.frombuffer(twmj.counts(READY), dtype=np.uint8)
    b = a.copy()
    b[:, 1] = 5
    return a, b


@pytest.mark.parametrize("call", ["waits_batch", "shanten_batch"])
def test_a_batch_reads_each_row_once_while_another_thread_writes(
    call: str, capfd: pytest.CaptureFixture[str]
) -> None:
    fn = getattr(twmj, call)
    a, b = _rows(200_000)
    want = fn(a[:1])[0]
    shared = a.copy()
    stop = threading.Event()

    def flip() -> None:
        while not stop.is_set():
            np.copyto(shared, b)
            np.copyto(shared, a)

    writer = threading.Thread(target=flip)
    writer.start()
    try:
        for _ in range(20):
            try:
                out = fn(shared)
            except twmj.HandError as e:
                # The rows as read held a fifth copy: refused by name, never a panic.
                assert "count 5 is more than the 4 copies" in str(e)
                continue
            # Every row was read as a hand, and is answered as that hand. Before: a row was
            # checked, then read again with the GIL released: PanicException, or answers for
            # rows that are not hands (964,526 of 10**6 wrong in one run).
            assert (out == want).all()
    finally:
        stop.set()
        writer.join()
    # Before: one panic message per bad row on stderr.
    assert capfd.readouterr().err == ""


def test_false_win_tai_that_would_wrap_are_refused() -> None:
    # Before: (2**32 - 1) + 3 wrapped to 2 tai, paid as 200.
    with pytest.raises(twmj.ContextError, match="too large to settle"):
        twmj.false_win(0, (2**32 - 1,) * 4)
    with pytest.raises(twmj.ContextError, match="too large to settle"):
        twmj.false_win(0, (2**31,) * 4, twmj.Variant("improved16", {"payment": "zhongyong"}))
    # The largest that fits is paid exactly: 3 (底) + tai, × 100.
    lines = twmj.false_win(0, (2**32 - 4,) * 4)
    assert [(p.total_tai, p.money) for p in lines] == [(2**32 - 1, (2**32 - 1) * 100)] * 3


def _finished_game() -> twmj.Game:
    g = twmj.Game(seed=7)
    while not g.is_over:
        seat = g.pending[0]
        g.apply(seat, g.legal_actions(seat)[0])
    return g


@pytest.mark.parametrize(
    ("streak", "round_wind", "field"),
    [
        (2**64, None, "streak"),
        (10**30, None, "streak"),
        (None, 2**70, "round_wind"),
        (None, 4, "round_wind"),
        (None, 255, "round_wind"),
    ],
)
def test_settle_refuses_a_table_that_cannot_be(
    streak: int | None, round_wind: int | None, field: str
) -> None:
    # Before: OverflowError for large ints, and a 圈風 of 4 read as 東.
    with pytest.raises(twmj.ContextError, match=field):
        _finished_game().settle(streak=streak, round_wind=round_wind)


def test_settle_takes_every_wind() -> None:
    g = _finished_game()
    for wind in range(4):
        g.settle(round_wind=wind)


FLOWERS = "1f2f3f4f5f6f7f8f"


@pytest.mark.parametrize(("preset", "seats"), [("three_player", 3), ("two_player", 2)])
def test_seven_rob_one_from_a_seat_not_at_the_table_is_refused(preset: str, seats: int) -> None:
    v = twmj.Variant(preset, {"flowers": True})
    ctx = twmj.Context(winner=0, flowers=FLOWERS)
    # Before: 8 tai with no payer.
    for robbed in range(seats, 4):
        with pytest.raises(twmj.ContextError, match=f"seat {robbed} cannot be robbed"):
            twmj.score_flower("seven_rob_one", ctx, v, robbed=robbed)
    s = twmj.score_flower("seven_rob_one", ctx, v, robbed=1)
    assert [p.payer for p in s.payments] == [1]


def test_seven_rob_one_robbed_seat_past_any_int_is_refused() -> None:
    ctx = twmj.Context(winner=0, flowers=FLOWERS)
    with pytest.raises(twmj.ContextError, match="robbed"):
        twmj.score_flower("seven_rob_one", ctx, robbed=2**70)  # before: OverflowError


def _opening_snapshot(g: twmj.Game, seat: int, v: twmj.Variant) -> dict[str, Any]:
    return {
        "seat": seat,
        "hand": g.hand(seat),
        "melds": [(m.kind, m.tiles) for m in g.melds(seat)],
        "drawable": g.drawable,
        "decision": {"opening": True},
        "variant": v,
        "dealer": g.dealer,
        "east": g.east,
    }


def test_a_13_tile_opening_snapshot_is_read_at_13_tiles() -> None:
    # 004 兩人麻將 13 張版 with 十三不搭 on (and every tile in play, else no hand of 萬子 and
    # 字牌 can be 十三不搭): seed 1262 opens on the 起手 decision. (The seed 695 came
    # from an earlier tile set; any seed that opens there shows the bug.)
    v = twmj.Variant(
        "two_player",
        {"hand_size": 13, "special_draw.thirteen_unconnected": True, "full_tile_set": True},
    )
    g = twmj.Game(1262, variant=v)
    assert g.phase == "opening"
    seat = g.pending[0]
    # Before: "the seat holds 13 tiles …; this decision needs 16".
    actions, _ = twmj.legal(_opening_snapshot(g, seat, v))
    assert actions == g.legal_actions(seat)


def test_a_panic_becomes_an_internal_error() -> None:
    with pytest.raises(twmj.InternalError, match=r"internal error in twmj.*boom here"):
        _core._panic("boom here")
    # An InternalError is a twmj.Error, so `except twmj.Error` (and the service) catch it.
    assert issubclass(twmj.InternalError, twmj.Error)
    assert not issubclass(twmj.InternalError, ValueError)


def test_a_panic_in_a_worker_thread_becomes_an_internal_error(
    capfd: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(twmj.InternalError, match="boom in the pool"):
        _core._panic("boom in the pool", in_pool=True)
    # The panic hook prints nothing: a batch once printed a line per bad row.
    assert capfd.readouterr().err == ""
