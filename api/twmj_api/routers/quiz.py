"""`/v1/quiz`: a random ready hand for the page's practice (聽牌練習), with as many waits and
melds as asked, drawn by the core (`twmj.quiz`); the router only converts."""

from __future__ import annotations

import random
from typing import Annotated

from fastapi import APIRouter
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

import twmj
from twmj_api.convert import variant_of
from twmj_api.offload import OffLoopRoute, heavy
from twmj_api.schemas.common import ERROR_RESPONSES, MAX_MELDS, JSONInt, Meld, PresetName, _integral

router = APIRouter(prefix="/v1", tags=["quiz"], responses=ERROR_RESPONSES, route_class=OffLoopRoute)


#: A wait is a tile kind, so no hand has more waits than the core has kinds.
WAIT_KINDS: int = len(twmj.TILES)


class QuizRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"min_waits": 3, "max_waits": 5, "seed": 7}]},
    )
    variant: PresetName = Field(
        twmj.DEFAULT_PRESET, description="The preset: its tile set and shapes."
    )
    melds: Annotated[
        int,
        # The core refuses melds that leave no set concealed (a ContextError at `melds`, by
        # the variant's hand size); the schema only bounds the integer by the core's limit.
        Field(ge=0, le=MAX_MELDS, description="Open melds the hand has."),
        BeforeValidator(_integral),
    ] = 0
    min_waits: Annotated[
        int,
        Field(ge=1, le=WAIT_KINDS, description="At least this many waits."),
        BeforeValidator(_integral),
    ] = 1
    max_waits: Annotated[
        int,
        Field(
            ge=1, le=WAIT_KINDS, description="At most this many waits (the two in either order)."
        ),
        BeforeValidator(_integral),
    ] = WAIT_KINDS
    seed: JSONInt | None = Field(None, description="Draw the same hand again.")


class QuizOut(BaseModel):
    hand: list[str] = Field(description="The concealed tiles, sorted: 16 − 3k of them.")
    melds: list[Meld] = Field(description="The open melds.")


@router.post("/quiz", response_model=QuizOut, summary="A practice hand (聽牌練習)")
@heavy
async def quiz(req: QuizRequest) -> QuizOut:
    """A random ready hand of the preset with `melds` open melds and between `min_waits` and
    `max_waits` waits (as `/v1/waits` counts them; the core's `twmj.quiz`); the answer is
    `/v1/waits` of it."""
    # Without a seed, a fresh hand each time: the core's draw is seeded, Python picks the seed.
    seed = random.getrandbits(64) if req.seed is None else req.seed % 2**64
    hand, melds = twmj.quiz(
        variant_of(req.variant, {}), req.melds, req.min_waits, req.max_waits, seed
    )
    return QuizOut(hand=hand, melds=[Meld(kind=kind, tiles=tiles) for kind, tiles in melds])
