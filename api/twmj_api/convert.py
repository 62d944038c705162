"""Calling the library for a request: the request's parts become the call's arguments.

The library names the argument an error is about (`error.field`), and the request fields have
the same names, so nothing is parsed here: a bad hand or meld is found once, by the call.

This is the one module the routers share for that (routers never import each other; the
answers themselves are `twmj.data`'s, served as they are).
"""

from __future__ import annotations

import functools
from typing import Any, Protocol

import twmj
from twmj_api.schemas.common import ContextIn, HandRequest, Setting, VariantChoice


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


def variant_of(name: str, overrides: dict[str, Setting], rules: str | None = None) -> twmj.Variant:
    """The preset with its overrides (a preset alone is built once), or the rule card `rules`
    with them; a bad one is a `VariantError` naming `overrides.<key>` or `rules`."""
    if rules is None:
        return twmj.Variant(name, overrides) if overrides else preset(name)
    try:
        card = twmj.Variant.from_card(rules)
    except twmj.Error as e:
        e.field = "rules"
        raise
    return card.with_overrides(overrides) if overrides else card


def chosen(req: VariantChoice) -> twmj.Variant:
    """The rule set of a request: its card, or its preset, with its overrides; `rules` and an
    explicit `variant` together are refused (which one would hold?)."""
    if req.rules is not None and "variant" in req.model_fields_set:
        raise twmj.VariantError(
            "give either rules (a rule card) or variant, not both",
            code="variant_error",
            field="rules",
            message_zh="規則卡和 variant 只能給一個",
        )
    return variant_of(req.variant, req.overrides, req.rules)


#: The context's fields, read by name: `model_dump` cost more than the scoring itself.
_CONTEXT_FIELDS = tuple(ContextIn.model_fields)


def context_of(c: ContextIn, flowers: str) -> twmj.Context:
    """The library context of a request; its errors name `context.<field>`, except the
    flowers, which the request holds beside the context."""
    fields = {name: getattr(c, name) for name in _CONTEXT_FIELDS}
    fields["dice"] = tuple(c.dice) if c.dice is not None else None
    try:
        return twmj.Context(**fields, flowers=flowers)
    except twmj.Error as e:
        raise at_request_flowers(e) from None


#: Where the library's context holds the winner's flowers, and where a request does: beside
#: the context (`flowers`), so a fault the library names at the first is answered at the second.
_LIBRARY_FLOWERS, _REQUEST_FLOWERS = "context.flowers", "flowers"


def at_request_flowers(e: twmj.Error) -> twmj.Error:
    """`e` named at the request's `flowers` when the library named its context's flowers: a
    flower the notation refuses, and one the variant refuses (004 兩人 花牌看桌), under
    `/v1/score`, its batch and `/v1/compare` alike; its message names the same field."""
    if e.field == _LIBRARY_FLOWERS:
        e.field = _REQUEST_FLOWERS
        text = str(e)
        if text.startswith(_LIBRARY_FLOWERS + ":"):
            e.args = (_REQUEST_FLOWERS + text[len(_LIBRARY_FLOWERS) :], *e.args[1:])
    return e


class PresetChoice(Protocol):
    """A request that may name a preset and overrides (`/v1/waits`, `/v1/shanten`, …)."""

    @property
    def variant(self) -> str | None: ...
    @property
    def overrides(self) -> dict[str, Setting]: ...


def variant_for(req: PresetChoice) -> twmj.Variant | None:
    """The request's variant: the preset with its overrides (taiwan when only overrides are
    given), or none at all."""
    if req.overrides:
        return variant_of(req.variant or twmj.DEFAULT_PRESET, req.overrides)
    return None if req.variant is None else preset(req.variant)
