"""`/v1/score`, its batch form, and `/v1/compare`: what a win is worth, and who pays."""

from __future__ import annotations

from fastapi import APIRouter

import twmj
from twmj.data import score_data
from twmj_api.convert import melds_of
from twmj_api.convert import preset as convert_preset
from twmj_api.errors import NestedError, batch_answers
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
    VariantChoice,
)

router = APIRouter(
    prefix="/v1", tags=["score"], responses=ERROR_RESPONSES, route_class=OffLoopRoute
)


def variant_of(
    preset: str, overrides: dict[str, Setting], rules: str | None = None
) -> twmj.Variant:
    """The preset with its overrides (a preset alone is built once), or the rule card `rules`
    with them; a bad one is a `VariantError` naming `overrides.<key>` or `rules`."""
    if rules is None:
        return twmj.Variant(preset, overrides) if overrides else convert_preset(preset)
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


def context_of(c: ContextIn, flowers: str) -> twmj.Context:
    """The library context of a request; its errors name `context.<field>`, except the
    flowers, which the request holds beside the context."""
    fields = {name: getattr(c, name) for name in _CONTEXT_FIELDS}
    fields["dice"] = tuple(c.dice) if c.dice is not None else None
    try:
        return twmj.Context(**fields, flowers=flowers)
    except twmj.Error as e:
        raise at_request_flowers(e) from None


def score_out(s: twmj.Score) -> ScoreResponse:
    """The `ScoreResponse` model, for answers that nest it (batch, compare, replay)."""
    return ScoreResponse.model_validate(score_data(s))


def scored(req: ScoreRequest) -> twmj.Score:
    variant = chosen(req)
    ctx = context_of(req.context, req.flowers)
    try:
        return twmj.score(req.hand, req.win_tile, melds_of(req), ctx, variant, req.why_not)
    except twmj.Error as e:
        raise at_request_flowers(e) from None


@router.post("/score", response_model=ScoreResponse, summary="Score a win (台數計算)")
async def score(req: ScoreRequest) -> JSONResponse:
    """The max-tai score of a win over every decomposition, with the items counted (names as the
    rule table writes them), the decomposition used, and the settlement: one line per payer,
    each seat's net. `hand` holds either the 16 − 3k tiles before the win or the 17 − 3k tiles
    with it. With `why_not`, the items checked and not counted come with their reasons."""
    # The body is built from the library's answer, so it is serialised without validating
    # it again (tests check it against the response model).
    return JSONResponse(score_data(scored(req)))


@router.post("/score/batch", response_model=list[ScoreBatchItem], summary="Score up to 1000 wins")
@heavy
async def score_batch(req: ScoreBatchRequest) -> JSONResponse:
    """The batch form of `/v1/score`: one answer per win, in order; an invalid one gets an
    `error` instead of failing the whole batch."""
    # Plain data, as `/v1/score` answers: validating a thousand nested answers again took
    # longer than scoring them (tests check the body against the response model).
    return JSONResponse(batch_answers(req.items, lambda item: score_data(scored(item))))


@router.post("/compare", response_model=CompareResponse, summary="One win under several variants")
@heavy
async def compare(req: CompareRequest) -> CompareResponse:
    """Scores the same win under each variant given and lists the items whose tai differ."""
    variants = []
    for i, v in enumerate(req.variants):
        try:
            variants.append(chosen(v))
        except twmj.Error as e:
            raise NestedError(e, f"variants[{i}]") from None
    ctx = context_of(req.context, req.flowers)
    try:
        scores, differing = twmj.compare(
            req.hand, req.win_tile, variants, melds_of(req), ctx, req.why_not
        )
    except twmj.Error as e:
        raise at_request_flowers(e) from None
    return CompareResponse.model_construct(
        scores=[score_out(s) for s in scores],
        differing=[DifferingItem(key=k, name=n, tai=t) for k, n, t in differing],
    )
