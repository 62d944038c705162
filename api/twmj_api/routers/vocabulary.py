"""`/v1/vocabulary`: the terms the page shows (presets, win kinds, declarations, wait shapes, meld
kinds, winds, error codes), each with its key and Chinese name.

Interim: until the core's vocabulary (issue 11) serves these lists, the names the core does not
hold yet are written here once, each list keyed exactly as the API takes it (tests check that
every key the API accepts is named)."""

from __future__ import annotations

from typing import get_args

from fastapi import APIRouter
from pydantic import BaseModel, Field

import twmj
from twmj_api.offload import OffLoopRoute
from twmj_api.schemas import ERROR_RESPONSES, ContextIn, MeldKind, PresetName

router = APIRouter(
    prefix="/v1", tags=["vocabulary"], responses=ERROR_RESPONSES, route_class=OffLoopRoute
)


class Term(BaseModel):
    key: str = Field(description="The key the API takes and answers with.")
    name: str = Field(description="Its Chinese name.")


class WinTerm(Term):
    from_seat: bool = Field(description="One seat pays, named by `context.from_seat`.")
    regular: bool = Field(description="Scored by `/v1/score`.")


class Vocabulary(BaseModel):
    presets: list[Term]
    win_kinds: list[WinTerm]
    declarations: list[Term]
    shapes: list[Term]
    meld_kinds: list[Term]
    winds: list[Term]
    errors: list[Term]


_PRESETS = {
    "taiwan": "台灣十六張（鬥雀）",
    "american": "美國麻將",
    "traditional": "臺灣麻將（傳統）",
    "improved16": "改良式十六張",
    "hk16": "港澳十六張（番）",
    "three_player": "三人麻將",
    "two_player": "兩人麻將",
}
_WINS = {  # key: (name, one seat pays)
    "self_draw": ("自摸", False),
    "discard": ("胡別人打的牌（放槍）", True),
    "robbing_kong": ("搶槓", True),
    "after_flower": ("補花後自摸（槓上開花）", False),
    "after_ankan": ("暗槓後自摸（槓上開花）", False),
    "after_kakan": ("加槓後自摸（槓上開花）", False),
    "flower_rob_draw": ("七搶一後補牌胡", True),
}
_DECLARATIONS = {"ready": "嗆聽", "migi": "MIGI（地聽）", "heaven_ready": "天聽"}
_MELDS = {"chi": "吃", "pon": "碰", "minkan": "明槓", "kakan": "加槓", "ankan": "暗槓"}
_ERRORS = {
    "tile_error": "有看不懂的牌",
    "hand_error": "這手牌不成立（張數、同一張超過四張或組合不對）",
    "variant_error": "家規的值不對",
    "context_error": "跟胡牌的情況對不上",
    "illegal_action": "不合規則",
    "unknown_action": "沒有這個動作",
    "record_error": "牌譜有誤",
    "internal_error": "伺服器出錯，請回報",
    "internal": "伺服器出錯，請回報",
    "busy": "伺服器正忙，請稍後再試",
    "twmj_error": "無法計算",
    "invalid_request": "填的格式不對",
    "too_large": "資料太大",
    "not_found": "找不到",
    "method_not_allowed": "不支援",
    "http_error": "伺服器出錯",
}


def vocabulary() -> Vocabulary:
    wins = get_args(ContextIn.model_fields["win"].annotation)
    declared = get_args(get_args(ContextIn.model_fields["declared"].annotation)[0])
    return Vocabulary(
        presets=[Term(key=p, name=_PRESETS[p]) for p in get_args(PresetName)],
        win_kinds=[
            WinTerm(key=k, name=_WINS[k][0], from_seat=_WINS[k][1], regular=True) for k in wins
        ],
        declarations=[Term(key=k, name=_DECLARATIONS[k]) for k in declared],
        shapes=[Term(key=k, name=v) for k, v in twmj.SHAPE_NAMES.items()],
        meld_kinds=[Term(key=k, name=_MELDS[k]) for k in get_args(MeldKind)],
        # 東南西北 are the honour tiles 1z–4z; the context takes their letters (E S W N).
        winds=[
            Term(key=k, name=twmj.tile_name(f"{i}z"))
            for i, k in enumerate(get_args(ContextIn.model_fields["seat_wind"].annotation)[:4], 1)
        ],
        errors=[Term(key=c, name=n) for c, n in _ERRORS.items()],
    )


@router.get("/vocabulary", response_model=Vocabulary, summary="Terms and their Chinese names")
async def vocabulary_route() -> Vocabulary:
    """Every term the API takes or answers with, with its Chinese name."""
    return vocabulary()
