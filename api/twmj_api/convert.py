"""Calling the library for a request: each input checked under its own field name."""

from __future__ import annotations

from typing import Any

import twmj
from twmj_api.errors import FieldError
from twmj_api.schemas import HandRequest


def _check(field: str, fn: Any, *args: Any) -> None:
    try:
        fn(*args)
    except twmj.Error as e:
        raise FieldError(e, field) from None


def call_field(field: str, req: Any) -> list[tuple[str, str]]:
    """The validated melds of a request that has `hand` and `melds`, as library pairs."""
    _check("hand", twmj.parse, req.hand)
    melds: list[tuple[str, str]] = [(m.kind, m.tiles) for m in req.melds]
    for i, (kind, tiles) in enumerate(melds):
        _check(f"{field}[{i}]", twmj.Meld, kind, tiles)
    return melds


def hand_args(req: HandRequest) -> tuple[str, list[tuple[str, str]], str | None]:
    """The library arguments of a hand request, each field validated on its own first, so an
    error names the field it is in (`hand`, `melds[1]`, `visible`)."""
    melds = call_field("melds", req)
    if req.visible is not None:
        _check("visible", twmj.parse, req.visible)
    return req.hand, melds, req.visible


def call(fn: Any, req: HandRequest) -> Any:
    """`fn(hand, melds, visible)`; whole-hand errors (count, copies) are the `hand` field's."""
    hand, melds, visible = hand_args(req)
    try:
        return fn(hand, melds, visible)
    except twmj.Error as e:
        raise FieldError(e, "hand") from None
