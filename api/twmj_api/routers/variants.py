"""`/v1/variants`: the presets and their full config."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request

from twmj_api.offload import OffLoopRoute
from twmj_api.schemas import ERROR_RESPONSES, VariantOut

router = APIRouter(
    prefix="/v1", tags=["variants"], responses=ERROR_RESPONSES, route_class=OffLoopRoute
)


def presets(request: Request) -> list[VariantOut]:
    """The preset list, built once at start-up (read-only lifespan state)."""
    listed: list[VariantOut] = request.app.state.variants
    return listed


@router.get("/variants", response_model=list[VariantOut], summary="The rule presets")
async def variants(listed: Annotated[list[VariantOut], Depends(presets)]) -> list[VariantOut]:
    """Every preset with every setting (`tai.<item>`, money, 起胡 threshold, 骰規台 values,
    switches), in the form `/v1/score`'s `overrides` accepts."""
    return listed
