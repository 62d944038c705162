"""`/v1/score`, its batch form, and `/v1/compare`: what a win is worth, and who pays."""

from __future__ import annotations

import functools
import re
from typing import Any

from fastapi import APIRouter

import twmj
from twmj_api.convert import call_field
from twmj_api.errors import FieldError, detail
from twmj_api.offload import OffLoopRoute, heavy
from twmj_api.responses import JSONResponse
from twmj_api.schemas import (
    ERROR_RESPONSES,
    CompareRequest,
    CompareResponse,
    ContextIn,
    DifferingItem,
    ScoreBatchItem,
    ScoreBatchRequest,
    ScoreRequest,
    ScoreResponse,
    Setting,
)

router = APIRouter(
    prefix="/v1", tags=["score"], responses=ERROR_RESPONSES, route_class=OffLoopRoute
)

_CONTEXT_FIELD = re.compile(r"^context field '(\w+)'")
_VARIANT_KEY = re.compile(r"^variant setting '([\w.]+)'")


def _field_of(e: twmj.Error) -> str:
    """The request field a scoring error is about."""
    text = str(e)
    if m := _CONTEXT_FIELD.match(text):
        name = m.group(1)
        return name if name in ("win_tile", "flowers") else f"context.{name}"
    if m := _VARIANT_KEY.match(text):
        return f"overrides.{m.group(1)}"
    return "hand"


@functools.cache
def _preset(name: str) -> twmj.Variant:
    """A preset without overrides, built once (a `Variant` is frozen)."""
    return twmj.Variant(name)


def variant_of(preset: str, overrides: dict[str, Setting]) -> twmj.Variant:
    try:
        return twmj.Variant(preset, overrides) if overrides else _preset(preset)
    except twmj.Error as e:
        raise FieldError(e, _field_of(e)) from None


#: The context's fields, read by name: `model_dump` cost more than the scoring itself.
_CONTEXT_FIELDS = tuple(ContextIn.model_fields)


def context_of(c: ContextIn, flowers: str) -> twmj.Context:
    try:
        fields = {name: getattr(c, name) for name in _CONTEXT_FIELDS}
        fields["dice"] = tuple(c.dice) if c.dice is not None else None
        return twmj.Context(**fields, flowers=flowers)
    except twmj.TileError as e:
        raise FieldError(e, "flowers") from None
    except twmj.Error as e:
        raise FieldError(e, _field_of(e)) from None


def score_data(s: twmj.Score) -> dict[str, Any]:
    """The `ScoreResponse` as plain data, for the hot path (`/v1/score` sends it as is)."""

    def item(i: twmj.TaiItem) -> dict[str, Any]:
        return {"key": i.key, "name": i.name, "tai": i.tai}

    return {
        "variant": s.variant,
        "overrides": s.overrides,
        "total_tai": s.total_tai,
        "items": [item(i) for i in s.items],
        "dealer_items": [item(i) for i in s.dealer_items],
        "dealer_tai": s.dealer_tai,
        "decomposition": s.decomposition,
        "melds": [{"kind": m.kind, "tiles": m.tiles} for m in s.melds],
        "win_shape": s.win_shape,
        "allowed": s.allowed,
        "payments": [
            {
                "payer": p.payer,
                "payee": p.payee,
                "base_tai": p.base_tai,
                "hand_tai": p.hand_tai,
                "dealer_tai": p.dealer_tai,
                "total_tai": p.total_tai,
                "money": p.money,
            }
            for p in s.payments
        ],
        "net_tai": s.net_tai,
        "net_money": s.net_money,
        "why_not": [{"key": n.key, "name": n.name, "reason": n.reason} for n in s.why_not],
    }


def score_out(s: twmj.Score) -> ScoreResponse:
    """The `ScoreResponse` model, for answers that nest it (batch, compare, replay)."""
    return ScoreResponse.model_validate(score_data(s))


def _scored(req: ScoreRequest) -> twmj.Score:
    melds = call_field("melds", req)
    variant = variant_of(req.variant, req.overrides)
    ctx = context_of(req.context, req.flowers)
    try:
        return twmj.score(req.hand, req.win_tile, melds, ctx, variant, req.why_not)
    except twmj.Error as e:
        raise FieldError(e, _field_of(e)) from None


@router.post("/score", response_model=ScoreResponse, summary="Score a win (台數計算)")
async def score(req: ScoreRequest) -> JSONResponse:
    """The max-tai score of a win over every decomposition, with the items counted (names as the
    rule table writes them), the decomposition used, and the settlement: one line per payer,
    each seat's net. `hand` holds either the 16 − 3k tiles before the win or the 17 − 3k tiles
    with it. With `why_not`, the items checked and not counted come with their reasons."""
    # The body is built from the library's answer, so it is serialised without validating
    # it again (tests check it against the response model).
    return JSONResponse(score_data(_scored(req)))


@router.post("/score/batch", response_model=list[ScoreBatchItem], summary="Score up to 1000 wins")
@heavy
async def score_batch(req: ScoreBatchRequest) -> JSONResponse:
    """The batch form of `/v1/score`: one answer per win, in order; an invalid one gets an
    `error` instead of failing the whole batch."""
    # Plain data, as `/v1/score` answers: validating a thousand nested answers again took
    # longer than scoring them (tests check the body against the response model).
    out: list[dict[str, Any]] = []
    for item in req.items:
        try:
            out.append({"result": score_data(_scored(item)), "error": None})
        except FieldError as e:
            out.append({"result": None, "error": detail(e).model_dump()})
    return JSONResponse(out)


@router.post("/compare", response_model=CompareResponse, summary="One win under several variants")
@heavy
async def compare(req: CompareRequest) -> CompareResponse:
    """Scores the same win under each variant given and lists the items whose tai differ."""
    melds = call_field("melds", req)
    variants = [variant_of(v.variant, v.overrides) for v in req.variants]
    ctx = context_of(req.context, req.flowers)
    try:
        scores, differing = twmj.compare(req.hand, req.win_tile, variants, melds, ctx, req.why_not)
    except twmj.Error as e:
        raise FieldError(e, _field_of(e)) from None
    return CompareResponse.model_construct(
        scores=[score_out(s) for s in scores],
        differing=[DifferingItem(key=k, name=n, tai=t) for k, n, t in differing],
    )
