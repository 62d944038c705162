"""`/v1/waits`: what a 16 − 3k hand waits on."""

from __future__ import annotations

import functools
from typing import cast

from fastapi import APIRouter

import twmj
from twmj.data import waits_data
from twmj_api.convert import call, variant_for
from twmj_api.errors import batch_answers
from twmj_api.offload import OffLoopRoute, heavy
from twmj_api.responses import JSONResponse
from twmj_api.schemas.common import ERROR_RESPONSES
from twmj_api.schemas.waits import WaitsBatchItem, WaitsBatchRequest, WaitsRequest, WaitsResponse

router = APIRouter(
    prefix="/v1", tags=["waits"], responses=ERROR_RESPONSES, route_class=OffLoopRoute
)


@router.post("/waits", response_model=WaitsResponse, summary="Waits of a 16 − 3k hand (聽牌)")
async def waits(req: WaitsRequest) -> JSONResponse:
    """Every tile kind that completes the hand, with its shapes and the copies left unseen.

    With k melds the hand holds 16 − 3k concealed tiles; with no melds given, 13-tile
    (and 10, 7, …) hands are read as having implied melds. A kind the player holds all four
    of is never a wait. With `variant`, the special shapes its rule text admits
    (improved16: 瀝咕瀝咕, 十三么) are waits too, and count in the shanten and accepts.
    With `overrides` `{"hand_size": 13}` the hand is a 13-tile one (13 − 3k tiles, four
    sets and a pair with its melds).
    """
    return JSONResponse(waits_data(waits_of(req)))


def waits_of(req: WaitsRequest) -> twmj.Waits:
    """`twmj.waits` of the request under its rules (`variant_for`); errors name their field."""
    return cast(twmj.Waits, call(functools.partial(twmj.waits, variant=variant_for(req)), req))


@router.post(
    "/waits/batch",
    response_model=list[WaitsBatchItem],
    summary="Waits of up to 1000 hands",
)
@heavy
async def waits_batch(req: WaitsBatchRequest) -> JSONResponse:
    """The batch form of `/v1/waits`: one answer per hand, in order; an invalid hand gets an
    `error` instead of failing the whole batch."""
    # Plain data, as `/v1/waits` answers (tests check the body against the response model).
    return JSONResponse(batch_answers(req.items, lambda item: waits_data(waits_of(item))))
