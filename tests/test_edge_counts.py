"""Issue 31 item 11: counts and classes at the Python edge. Every count is bounded before
anything is allocated, bad ints and wrong-length sequences are twmj errors naming the
argument, a long `simulate` answers Ctrl-C, and a `VecEnv` driven from two threads at once
says so with a twmj error."""

from __future__ import annotations

import signal
import threading
import time

import numpy as np
import pytest

import twmj
from twmj._core import MAX_ARENA_HANDS, MAX_TABLES, arena_hands

HUGE = [10**9, 2**62, 2**64, 10**40, -1, -(2**70)]


def context(field: str, call: object, code: str = "over_limit") -> twmj.ContextError:
    """The `ContextError` of `call` at `field`, with its fine `code` (docs/errors.md): an int
    outside its type's range is `out_of_range`; a count over its own bound (tables, hands,
    threads) `over_limit`, its message naming the bound (issue 32: the two told apart)."""
    assert callable(call)
    with pytest.raises(twmj.ContextError) as e:
        call()
    assert (e.value.kind, e.value.code, e.value.field) == ("context_error", code, field), e.value
    return e.value


@pytest.mark.parametrize("n", [0, MAX_TABLES + 1, *HUGE])
def test_vector_env_tables_are_bounded(n: int) -> None:
    # 10**9 tables asked 1.2 TB of the allocator (SIGABRT), 2**62 a "capacity overflow".
    e = context("n", lambda: twmj.VecEnv(n))
    assert str(MAX_TABLES) in str(e) and str(n) in str(e)
    assert f"上限 {MAX_TABLES}" in e.message_zh and str(n) in e.message_zh


def test_vector_env_other_ints() -> None:
    for t in [0, -1, 10**6, 2**64]:
        context("threads", lambda t=t: twmj.VecEnv(2, threads=t))
    for s in [-1, 2**64]:
        context("seed", lambda s=s: twmj.VecEnv(2, seed=s), "out_of_range")
    # The bounds themselves are accepted (one table; the seeds' extremes).
    assert len(twmj.VecEnv(1, seed=2**64 - 1, threads=1)) == 1


@pytest.mark.parametrize("hands", [MAX_ARENA_HANDS + 1, *HUGE])
def test_arena_hands_are_bounded(hands: int) -> None:
    # 10**9 hands asked 88 GB for the rows (SIGABRT).
    e = context("hands", lambda: arena_hands(["random"] * 4, hands, 1))
    assert str(MAX_ARENA_HANDS) in str(e) and f"上限 {MAX_ARENA_HANDS}" in e.message_zh


def test_arena_other_ints() -> None:
    context("seed", lambda: arena_hands(["random"] * 4, 1, -1), "out_of_range")
    assert arena_hands(["random"] * 4, 0, 2**64 - 1)["net_tai"].shape == (0, 4)


@pytest.mark.parametrize(
    ("field", "kw"),
    [
        ("melds", {"melds": -1}),
        ("melds", {"melds": 2**64}),
        ("min_waits", {"min_waits": -3}),
        ("max_waits", {"max_waits": 10**30}),
        ("seed", {"seed": -1}),
        ("seed", {"seed": 2**64}),
    ],
)
def test_quiz_ints(field: str, kw: dict[str, int]) -> None:
    context(field, lambda: twmj.quiz(None, **kw), "out_of_range")


def test_quiz_still_draws() -> None:
    concealed, melds = twmj.quiz(melds=1, seed=2**64 - 1)
    assert len(concealed) == 13 and len(melds) == 1


def test_unknown_bot_names_the_argument() -> None:
    e = context("name", lambda: twmj.Game(0).bot_action("nope", 0), "unknown_name")
    assert "first_legal" in str(e)


HAND = "1m1m1m2m2m2m3m3m3m4m4m4m5m5m5m6m"


def test_wrong_length_sequences_name_their_field() -> None:
    four = [HAND + "6m", "1p" * 16, "1s" * 16, "1z" * 16]
    context("dice", lambda: twmj.Game.from_deal(four, "", "", dice=(1, 2)), "wrong_count")
    context("dice", lambda: twmj.Game.from_deal(four, "", "", dice=(1, 2, 3, 4)), "wrong_count")
    context("hands", lambda: twmj.Game.from_deal(four[:2], "", ""), "wrong_count")
    context("hands", lambda: twmj.Game.from_deal([*four, ""], "", ""), "wrong_count")
    m = twmj.Match(0)
    context("hands", lambda: m.next_game(hands=four[:3]), "wrong_count")
    context("dice", lambda: m.next_game(hands=four, dice=(1,)), "wrong_count")


def test_simulate_answers_ctrl_c() -> None:
    # Ctrl-C (a real SIGINT sent to the main thread by a timer) stops a long run within a
    # chunk of hands. `_thread.interrupt_main` is not used: it does nothing while the SIGINT
    # handler is not Python's, which once left this test running a billion hands for half an
    # hour in a CI run; a real signal is what a user's Ctrl-C is. The run is long enough for
    # the timer (about a minute of hands) but finite, so a lost signal fails, never hangs.
    # Python's own handler is installed for the test: a process started in the background by
    # a non-interactive shell inherits SIGINT ignored (POSIX), and Python then leaves it
    # ignored; that, not the library, is what lost the signal in that CI run (found when a
    # fresh-clone run launched with `nohup … &` saw SIG_IGN here).
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        main = threading.main_thread().ident
        assert main is not None
        timer = threading.Timer(0.5, signal.pthread_kill, (main, signal.SIGINT))
        timer.start()
        t = time.perf_counter()
        with pytest.raises(KeyboardInterrupt):
            twmj.simulate(2_000_000, bot="first_legal")
        timer.cancel()
        assert time.perf_counter() - t < 60
    finally:
        signal.signal(signal.SIGINT, previous)


def test_simulate_in_chunks_is_the_run_in_one() -> None:
    # The binding plays a run in chunks of hands (to look for signals between them): a run
    # across a chunk's edge adds up to its two halves.
    whole = twmj.simulate(1500, seed=3, bot="first_legal")
    a = twmj.simulate(700, seed=3, bot="first_legal")
    b = twmj.simulate(800, seed=703, bot="first_legal")
    assert whole["hands"] == 1500
    assert whole["actions"] == a["actions"] + b["actions"]
    assert whole["draws"] == a["draws"] + b["draws"]


def test_two_threads_on_one_vector_env_get_a_twmj_error() -> None:
    # Thread A steps a large environment over and over (the GIL released while the tables
    # step); the main thread calls into the same environment until one of its calls lands
    # inside one of A's steps. That call is refused with a ContextError naming the env, never
    # PyO3's "RuntimeError: Already borrowed", and A's steps are unharmed.
    env = twmj.VecEnv(8192, seed=1, threads=1)
    _obs, mask, _seat = env.reset()
    stop = threading.Event()
    errors: list[BaseException] = []

    def drive() -> None:
        m = mask
        try:
            for _ in range(2000):
                if stop.is_set():
                    return
                acts = np.array([np.flatnonzero(row)[0] for row in m], np.int64)
                _o, m, _s, _r, _d = env.step(acts)
        except BaseException as e:  # reported below
            errors.append(e)

    a = threading.Thread(target=drive)
    a.start()
    refused: list[twmj.ContextError] = []
    bad = np.zeros(len(mask), np.int64)
    deadline = time.monotonic() + 120
    try:
        while a.is_alive() and not refused and time.monotonic() < deadline:
            for call in (lambda: env.step(bad), lambda: env.hands, lambda: len(env)):
                try:
                    call()
                except twmj.ContextError as e:
                    refused.append(e)
                except twmj.IllegalActionError:
                    pass  # between A's steps: action 0 is outside some mask, nothing moved
    finally:
        stop.set()
        a.join()
    assert not errors, errors
    assert refused, "no call landed inside a step"
    assert refused[0].field == "env" and "another thread" in str(refused[0])
    assert (refused[0].code, refused[0].kind) == ("env_busy", "context_error")
    assert refused[0].message_zh.startswith("另一個執行緒正在操作這個 VecEnv")
