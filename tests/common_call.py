"""The common call (one hand alone, bytes or notation, the default rules) held to the general
path: the inputs and the comparison shared by `test_waits.py` and `test_shanten.py`."""

from __future__ import annotations

from collections.abc import Callable

import twmj


def spelled(kinds: list[int], size: int, spell: int) -> tuple[bytes, str | bytes] | None:
    """The counts of `kinds` (a kind may exceed 4) in a buffer of `size` bytes, and the hand as
    the call is given it: the buffer (`spell` 0), its notation (1), or the notation with spaces
    after each suit letter (2); `None` where the buffer has no notation."""
    counts = [kinds.count(k) for k in range(34)]
    raw = bytes(counts[:size] + [0] * (size - 34))
    if spell == 0:
        return raw, raw
    try:
        text = twmj.format(raw)
    except twmj.Error:
        return None
    return raw, text.replace("m", "m ") if spell == 2 else text


def outcome(f: Callable[..., object], *args: object, **kwargs: object) -> object:
    """A call's answer, or its error as the caller sees it (class, message, field, position)."""
    try:
        return f(*args, **kwargs)
    except twmj.Error as e:
        return (type(e).__name__, str(e), e.field, e.position)
