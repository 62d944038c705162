"""`/v1/variants` and `/v1/settings`: the presets with their full config, and the core's settings
registry (what each setting is, takes and means) that forms and tools build controls from."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request

from twmj_api.offload import OffLoopRoute
from twmj_api.schemas import ERROR_RESPONSES, SettingOut, VariantOut

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


def registry(request: Request) -> list[SettingOut]:
    """The settings registry, read from the core once at start-up."""
    listed: list[SettingOut] = request.app.state.settings
    return listed


@router.get("/settings", response_model=list[SettingOut], summary="The settings registry")
async def settings(listed: Annotated[list[SettingOut], Depends(registry)]) -> list[SettingOut]:
    """Every setting a variant has, from the core's registry: key, type, range or choices, the
    layer that reads it, a line of doc in English and in Chinese, and its value in every preset;
    the last entry is the `tai.<item>` family (each preset's item values are in
    `/v1/variants`)."""
    return listed
