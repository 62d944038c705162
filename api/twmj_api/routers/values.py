"""`/v1/wait_values`: what each wait of a ready hand is worth, on a discard and by self-draw."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

import twmj
from twmj_api.convert import context_of, melds_of, variant_for
from twmj_api.offload import OffLoopRoute
from twmj_api.schemas.common import ERROR_RESPONSES, ContextIn
from twmj_api.schemas.waits import WaitsRequest

router = APIRouter(
    prefix="/v1", tags=["waits"], responses=ERROR_RESPONSES, route_class=OffLoopRoute
)


class WaitValuesRequest(WaitsRequest):
    """A ready 16 − 3k hand, its rules, and the situation it would win in."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "hand": "2223456m456789p",
                    "melds": [{"kind": "chi", "tiles": "123p"}],
                    "context": {"winner": 1, "dealer": 0, "seat_wind": "S"},
                }
            ]
        }
    )

    context: ContextIn = Field(default_factory=lambda: ContextIn())


class Worth(BaseModel):
    total_tai: int = Field(description="The hand's tai (dealer tai apart).")
    allowed: bool = Field(description="The win reaches the preset's 起胡 threshold.")


class WaitValueOut(BaseModel):
    tile: str
    single_wait: bool = Field(description="The hand waits on this tile alone (獨聽).")
    on_discard: Worth = Field(description="Won on another player's discard.")
    on_self_draw: Worth = Field(description="Won by self-draw.")


@router.post(
    "/wait_values", response_model=list[WaitValueOut], summary="What each wait is worth (聽牌價值)"
)
async def wait_values(req: WaitValuesRequest) -> list[WaitValueOut]:
    """Each wait of the hand scored under the request's rules and context, as won on a
    discard and by self-draw, best reading; `visible` is not read."""
    melds = melds_of(req)
    variant = variant_for(req)
    ctx = context_of(req.context, "")
    values = twmj.wait_values(req.hand, melds, ctx, variant)

    def worth(s: twmj.Score) -> Worth:
        return Worth(total_tai=s.total_tai, allowed=s.allowed)

    return [
        WaitValueOut(
            tile=v.tile,
            single_wait=v.single_wait,
            on_discard=worth(v.on_discard),
            on_self_draw=worth(v.on_self_draw),
        )
        for v in values
    ]
