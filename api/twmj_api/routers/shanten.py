"""`/v1/shanten`: the shanten alone (the example endpoint of docs/CONTRIBUTING.md)."""

from __future__ import annotations

from fastapi import APIRouter

import twmj
from twmj_api.convert import melds_of, variant_for
from twmj_api.offload import OffLoopRoute
from twmj_api.responses import JSONResponse
from twmj_api.schemas.common import ERROR_RESPONSES
from twmj_api.schemas.shanten import ShantenRequest, ShantenResponse

router = APIRouter(
    prefix="/v1", tags=["waits"], responses=ERROR_RESPONSES, route_class=OffLoopRoute
)


@router.post("/shanten", response_model=ShantenResponse, summary="Shanten of a hand (向聽)")
async def shanten(req: ShantenRequest) -> JSONResponse:
    """The shanten of a 16 − 3k hand, or of a 17 − 3k one (its best discard's): 0 ready,
    −1 complete; the same number `/v1/waits` answers, without the waits."""
    return JSONResponse({"shanten": twmj.shanten(req.hand, melds_of(req), variant_for(req))})
