"""Calling the library for a request: the request's parts become the call's arguments.

The library names the argument an error is about (`error.field`), and the request fields have
the same names, so nothing is parsed here: a bad hand or meld is found once, by the call.
"""

from __future__ import annotations

import functools
from typing import Any

import twmj
from twmj_api.schemas import HandRequest


@functools.cache
def preset(name: str) -> twmj.Variant:
    """The preset `name` without overrides, built once (a `Variant` is frozen)."""
    return twmj.Variant(name)


def melds_of(req: Any) -> list[tuple[str, str]]:
    """The melds of a request that has them, as library pairs."""
    return [(m.kind, m.tiles) for m in req.melds]


def call(fn: Any, req: HandRequest) -> Any:
    """`fn(hand, melds, visible)` of a hand request."""
    return fn(req.hand, melds_of(req), req.visible)
