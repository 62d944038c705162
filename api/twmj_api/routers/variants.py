"""`/v1/variants`, `/v1/settings` and `/v1/vocabulary`: the presets with their full config, the
core's settings registry (what each setting is, takes and means), and every term."""

from __future__ import annotations

import io
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

import twmj
from twmj_api.convert import chosen, variant_of
from twmj_api.errors import LIBRARY_STATUS, SERVICE_CODES
from twmj_api.offload import OffLoopRoute
from twmj_api.schemas.common import ERROR_RESPONSES, VariantChoice
from twmj_api.schemas.variants import (
    CardDifference,
    CardDiffRequest,
    CardOut,
    SettingOut,
    VariantOut,
    VocabularyOut,
)

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
    return [SettingOut.model_validate(s.as_dict()) for s in twmj.SETTINGS]


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


def _card_out(variant: twmj.Variant, request: Request) -> CardOut:
    """The rule card of `variant` with the page's addresses that open it and their QR code."""
    import segno

    card = variant.card()
    page = str(request.base_url)
    calculator = f"{page}?rules={card}#calculator"
    checker = f"{page}?rules={card}#checker"
    # A whole SVG document (its namespace declared), so an <img> shows it.
    out = io.BytesIO()
    segno.make(calculator, error="m").save(out, kind="svg", scale=3, xmldecl=False, title="家規")
    return CardOut(
        card=card,
        preset=variant.preset,
        changes=variant.changes(),
        calculator=calculator,
        checker=checker,
        qr_svg=out.getvalue().decode("utf-8"),
    )


@router.post("/card", response_model=CardOut, summary="A rule set as a rule card (分享家規)")
async def card(req: VariantChoice, request: Request) -> CardOut:
    """The rule card of a preset with house rules (`overrides`), or of a card (`rules`) with
    more on top, which also reads a card: a short code that opens the same rules anywhere (`rules` in any request that takes
    `variant`, `twmj --rules CARD`, `twmj.Variant.from_card`), the page's addresses that open
    the calculator and the checker with it, and a QR code of the first."""
    return _card_out(chosen(req), request)


def _setting_name(key: str) -> str:
    """A setting's Chinese name; a family's member is named by its item."""
    for s in twmj.SETTINGS:
        if s.key == key:
            return s.name
    items = {i["key"]: i["name"] for i in twmj.VOCABULARY["items"]}
    for family, s in twmj.FAMILIES.items():
        if key in twmj.FAMILY_KEYS[family]:
            # A member is keyed `<family>.<item>` (the core's `Family::keys`).
            return f"{items.get(key.partition('.')[2], key)}（{s.name}）"
    return key


@router.post(
    "/card/diff", response_model=list[CardDifference], summary="Two rule cards, item by item"
)
async def card_diff(req: CardDiffRequest) -> list[CardDifference]:
    """The settings on which two rule sets differ (跟…比較), in the left one's settings order:
    what a table settles before the first hand."""
    left = variant_of(twmj.DEFAULT_PRESET, {}, req.left)
    right = variant_of(twmj.DEFAULT_PRESET, {}, req.right)
    return [
        CardDifference(key=k, name=_setting_name(k), left=a, right=b)
        for k, a, b in left.diff(right)
    ]
