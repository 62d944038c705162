"""`/v1/variants`, `/v1/settings` and `/v1/vocabulary`: the presets with their full config, the
core's settings registry (what each setting is, takes and means), and every term."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

import twmj
from twmj_api.errors import LIBRARY_STATUS, SERVICE_CODES
from twmj_api.offload import OffLoopRoute
from twmj_api.schemas import ERROR_RESPONSES, SettingOut, VariantOut, VocabularyOut

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


def _vocabulary() -> dict[str, Any]:
    data: dict[str, Any] = dict(twmj.VOCABULARY)
    data["errors"] = [{**e, "status": LIBRARY_STATUS[e["code"]]} for e in data["errors"]] + [
        # The service's own codes, after the library's; the status of the first answer listed.
        {
            "code": c.code,
            "key": c.code,
            "name": c.name,
            "class": None,
            "doc": c.doc,
            "status": c.statuses[0] if c.statuses else None,
        }
        for c in SERVICE_CODES
    ]
    return data


_VOCABULARY = VocabularyOut.model_validate(_vocabulary())


@router.get("/vocabulary", response_model=VocabularyOut, summary="Every term: keys and names")
async def vocabulary() -> VocabularyOut:
    """The keys every request and answer uses, each with its name in the rule texts: win
    kinds (and which one seat pays, named by `from_seat`), declarations, wait shapes, meld
    kinds, presets, actions, and the error codes with their HTTP status. Read from the core,
    the one place they are defined."""
    return _VOCABULARY


def settings_out() -> list[SettingOut]:
    """The core's settings registry as the answer's model (its literals checked)."""
    return [
        SettingOut.model_validate(
            {
                "key": s.key,
                "type": s.type,
                "minimum": s.minimum,
                "maximum": s.maximum,
                "name": s.name,
                "choices": s.choices,
                "choice_names": s.choice_names,
                "layer": s.layer,
                "layer_name": s.layer_name,
                "doc": s.doc,
                "doc_zh": s.doc_zh,
                "defaults": s.defaults,
                "requires": s.requires,
            }
        )
        for s in twmj.SETTINGS
    ]


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
