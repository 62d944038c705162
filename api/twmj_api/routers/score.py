"""`/v1/score`, its batch form, and `/v1/compare`: what a win is worth, and who pays."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

import twmj
from twmj.data import score_data
from twmj_api.convert import at_request_flowers, chosen, context_of, melds_of
from twmj_api.errors import NestedError, batch_answers
from twmj_api.offload import OffLoopRoute, heavy
from twmj_api.responses import JSONResponse
from twmj_api.schemas.common import ERROR_RESPONSES
from twmj_api.schemas.score import (
    CompareRequest,
    CompareResponse,
    ScoreBatchItem,
    ScoreBatchRequest,
    ScoreRequest,
    ScoreResponse,
)

router = APIRouter(
    prefix="/v1", tags=["score"], responses=ERROR_RESPONSES, route_class=OffLoopRoute
)


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
async def compare(req: CompareRequest) -> JSONResponse:
    """Scores the same win under each variant given and lists the items whose tai differ."""
    return JSONResponse(compared(req))


def compared(req: CompareRequest) -> dict[str, Any]:
    """`/v1/compare`'s answer, as data (each score as `/v1/score` answers it)."""
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
    return {
        "scores": [score_data(s) for s in scores],
        "differing": [{"key": k, "name": n, "tai": t} for k, n, t in differing],
    }
