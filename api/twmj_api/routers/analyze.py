"""`/v1/analyze`: what to discard from a 17 − 3k hand."""

from __future__ import annotations

from fastapi import APIRouter

import twmj
from twmj.data import analysis_data
from twmj_api.convert import call, variant_for
from twmj_api.offload import OffLoopRoute
from twmj_api.responses import JSONResponse
from twmj_api.schemas.analyze import AnalyzeRequest, AnalyzeResponse
from twmj_api.schemas.common import ERROR_RESPONSES

router = APIRouter(
    prefix="/v1", tags=["analyze"], responses=ERROR_RESPONSES, route_class=OffLoopRoute
)


@router.post("/analyze", response_model=AnalyzeResponse, summary="Discard analysis (牌理)")
async def analyze(req: AnalyzeRequest) -> JSONResponse:
    """For each distinct discard of a 17 − 3k hand: the shanten after it, the accepting kinds
    with their unseen copies, and the waits when it leaves the hand ready; best first.

    With `variant`, the special shapes its rule text admits (improved16: 瀝咕瀝咕, 十三么)
    count too: the shanten is the least of the regular one and theirs. With `overrides`
    `{"hand_size": 13}` the hand is a 14 − 3k one of the 13-tile game.
    """
    return JSONResponse(analysis_data(analysis_of(req)))


def analysis_of(req: AnalyzeRequest) -> twmj.Analysis:
    """`twmj.analyze` of the request under its rules (`variant_for`); errors name their field."""
    variant = variant_for(req)
    if variant is None:
        a: twmj.Analysis = call(twmj.analyze, req)
    else:
        a = call(lambda h, m, v: twmj.analyze(h, m, v, variant), req)
    return a
