"""Nothing a caller sends crashes the process or escapes as anything but a `twmj.Error`.

Random text, bytes, meld lists and arrays go to every public function; a panic in Rust
would surface as `pyo3_runtime.PanicException`, which is not a `twmj.Error` and fails here.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import twmj

ALPHABET = "0123456789mpszfMPSZF 萬筒條東南西北白發中春夏秋冬梅蘭菊竹一二三四五六七八九x!"

notation_text = st.text(alphabet=ALPHABET, max_size=40)
any_text = st.text(max_size=30)
counts_bytes = st.binary(min_size=0, max_size=40)
meld_kinds = st.sampled_from(["chi", "pon", "minkan", "kakan", "ankan", "pong", ""])
melds = st.lists(st.tuples(meld_kinds, notation_text), max_size=6)

HAND_CALLS: list[Callable[..., Any]] = [
    twmj.waits,
    twmj.wait_mask,
    twmj.shanten,
    twmj.is_win,
    twmj.analyze,
]


def _only_twmj_errors(fn: Callable[..., Any], *args: Any) -> None:
    with contextlib.suppress(twmj.Error):
        fn(*args)


@settings(max_examples=400, derandomize=True)
@given(st.one_of(notation_text, any_text, counts_bytes), melds)
def test_hand_functions_raise_only_twmj_errors(
    hand: str | bytes, ms: list[tuple[str, str]]
) -> None:
    for fn in HAND_CALLS:
        _only_twmj_errors(fn, hand, ms)
        _only_twmj_errors(fn, hand)


@settings(max_examples=300, derandomize=True)
@given(st.one_of(notation_text, any_text))
def test_notation_functions_raise_only_twmj_errors(text: str) -> None:
    _only_twmj_errors(twmj.parse, text)
    _only_twmj_errors(twmj.format, text)
    _only_twmj_errors(twmj.tile_name, text)
    _only_twmj_errors(twmj.Meld, "pon", text)
    _only_twmj_errors(twmj.waits, "2223456m123456789p", None, text)


@settings(max_examples=200, derandomize=True)
@given(
    st.integers(0, 5),
    st.sampled_from([33, 34, 35]),
    st.integers(0, 255),
    st.integers(0, 2**32 - 1),
)
def test_batch_functions_raise_only_twmj_errors(rows: int, cols: int, top: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    a = rng.integers(0, top + 1, size=(rows, cols), dtype=np.uint8)
    _only_twmj_errors(twmj.waits_batch, a)
    _only_twmj_errors(twmj.shanten_batch, a)


def test_batch_errors_name_the_row() -> None:
    a = np.zeros((3, 34), dtype=np.uint8)
    a[:, 0] = 4
    a[:, 27:31] = 3  # 16 tiles per row
    a[2, 33] = 5
    try:
        twmj.waits_batch(a)
    except twmj.HandError as e:
        assert str(e) == "row 2, column 33: count 5 is more than the 4 copies of a tile"
    else:
        raise AssertionError("a count of 5 was accepted")
    a[2, 33] = 1
    try:
        twmj.waits_batch(a)
    except twmj.HandError as e:
        assert str(e) == "row 2 has 17 tiles; this call needs 16 − 3k (16, 13, …, 1)"
    else:
        raise AssertionError("a 17-tile row was accepted for waits")


@settings(max_examples=300, derandomize=True)
@given(
    st.one_of(notation_text, any_text, counts_bytes),
    notation_text,
    melds,
    st.integers(-2, 6),
    st.sampled_from(["self_draw", "discard", "robbing_kong", "after_kakan", "x"]),
    st.one_of(st.none(), st.integers(-1, 5)),
    st.one_of(st.none(), st.tuples(st.integers(-1, 8), st.integers(1, 6), st.integers(1, 6))),
)
def test_scoring_raises_only_twmj_errors(
    hand: str | bytes,
    win_tile: str,
    ms: list[tuple[str, str]],
    winner: int,
    win: str,
    from_seat: int | None,
    dice: tuple[int, int, int] | None,
) -> None:
    def run() -> None:
        ctx = twmj.Context(winner=winner, win=win, from_seat=from_seat, dice=dice)
        twmj.score(hand, win_tile, ms, ctx)
        twmj.wait_values(hand, ms, ctx)

    _only_twmj_errors(run)


@settings(max_examples=200, derandomize=True)
@given(
    st.dictionaries(
        st.one_of(
            st.sampled_from(["min_tai", "tai.ping_hu", "dice.leopard", "exchange_direction"]),
            any_text,
        ),
        st.one_of(st.integers(-(2**70), 2**70), st.booleans(), any_text, st.floats()),
        max_size=4,
    )
)
def test_variant_overrides_raise_only_twmj_errors(overrides: dict[str, Any]) -> None:
    _only_twmj_errors(twmj.Variant, "taiwan", overrides)
    _only_twmj_errors(twmj.load_variant, {"preset": "american", **overrides})


@settings(max_examples=200, derandomize=True)
@given(
    st.text(max_size=300),
    st.integers(0, 2**32),
    st.lists(st.one_of(any_text, st.integers(-5, 200)), max_size=8),
)
def test_game_inputs_raise_only_twmj_errors(
    record: str, seed: int, actions: list[str | int]
) -> None:
    _only_twmj_errors(twmj.replay, record)
    g = twmj.Game(seed)
    for a in actions:
        seat = g.pending[0] if g.pending else 0
        _only_twmj_errors(g.apply, seat, a)


@settings(max_examples=200, derandomize=True)
@given(
    st.dictionaries(
        st.sampled_from(["seat", "hand", "melds", "drawable", "decision", "no_pon", "declared"]),
        st.one_of(
            st.integers(-3, 200),
            notation_text,
            st.none(),
            st.booleans(),
            st.fixed_dictionaries({"turn": st.fixed_dictionaries({})}),
            st.fixed_dictionaries(
                {
                    "offer": st.fixed_dictionaries(
                        {"from": st.integers(-1, 5), "discard": notation_text}
                    )
                }
            ),
        ),
        max_size=7,
    )
)
def test_legal_snapshot_raises_only_twmj_errors(snapshot: dict[str, Any]) -> None:
    _only_twmj_errors(twmj.legal, snapshot)


_FINISHED = twmj.Game(seed=7)
while not _FINISHED.is_over:
    _FINISHED.apply(_FINISHED.pending[0], _FINISHED.legal_actions(_FINISHED.pending[0])[0])


@settings(max_examples=300, derandomize=True)
@given(
    st.one_of(st.integers(-5, 300), st.integers(-(2**70), 2**70)),
    st.sampled_from(["taiwan", "three_player", "two_player", "improved16"]),
)
def test_counts_and_seats_of_any_size_raise_only_twmj_errors(n: int, preset: str) -> None:
    """Every count, tai and seat a caller gives, from small to past 64 bits (issue 12: a
    drawable of 2**40 aborted the interpreter; tai of 2**32 - 1 wrapped)."""
    v = twmj.Variant(preset)
    snapshot = {"seat": 0, "hand": "2223456m123456789p", "drawable": n, "variant": v}
    _only_twmj_errors(twmj.legal, {**snapshot, "decision": {"turn": {"drawn": "1m"}}})
    _only_twmj_errors(twmj.legal, {**snapshot, "decision": {"opening": True}})
    _only_twmj_errors(twmj.false_win, 0, (n, n, n, n), v)
    _only_twmj_errors(twmj.false_win, n, (1, 2, 3, 4), v)
    ctx = twmj.Context(winner=0, flowers="1f2f3f4f5f6f7f8f")
    _only_twmj_errors(twmj.score_flower, "seven_rob_one", ctx, v, n)
    _only_twmj_errors(_FINISHED.settle, v, n, None)
    _only_twmj_errors(_FINISHED.settle, v, None, n)
    _only_twmj_errors(twmj.winners, n, [n, 1])
