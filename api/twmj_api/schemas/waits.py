"""`/v1/waits` and its batch: a 16 − 3k hand's waits."""

from __future__ import annotations

from typing import Annotated

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
)

from twmj_api.schemas.common import (
    MAX_BATCH,
    MAX_OVERRIDES,
    ErrorDetail,
    HandRequest,
    Overrides,
    PresetName,
    ShapeName,
)


class WaitOut(BaseModel):
    tile: str = Field(description="The waited tile, e.g. `3m`.")
    name: str = Field(description="Its Chinese name, e.g. `三萬`.")
    shapes: list[ShapeName] = Field(
        description="Shapes over all decompositions (兩面, 嵌張, 邊張, 單吊, 雙碰), then the "
        "special shape the tile completes under a preset that admits one (瀝咕瀝咕 `lig_gu`, "
        "十三么 `thirteen_orphans`, …), a special wait being named by its own shape."
    )
    remaining: int = Field(description="Copies not in the hand, the melds or the visible tiles.")


class AcceptOut(BaseModel):
    tile: str
    remaining: int = Field(description="Unseen copies.")


class WaitsResponse(BaseModel):
    shanten: int = Field(description="0 when ready, else tiles still to exchange (向聽).")
    tenpai: bool = Field(description="True when the hand has at least one wait.")
    waits: list[WaitOut] = Field(description="The waits in tile order.")
    accepts: list[AcceptOut] = Field(
        description="Kinds whose draw lowers the shanten (進張); when ready, the waits."
    )


class WaitsBatchItem(BaseModel):
    result: WaitsResponse | None = Field(description="The waits, or null when the hand is invalid.")
    error: ErrorDetail | None = Field(description="What is wrong, when the hand is invalid.")


class WaitsRequest(HandRequest):
    """A hand to find the waits of, optionally under a preset's special shapes."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {"hand": "2223456m456789p", "melds": [{"kind": "chi", "tiles": "123p"}]},
            ]
        }
    )

    variant: PresetName | None = Field(
        None,
        description=(
            "A preset: the special shapes its rule text admits (improved16, hk16: 瀝咕瀝咕, "
            "十三么) add their waits, shanten and accepting tiles, and a tile its set lacks "
            "(three_player: 2m–8m; two_player: 筒 and 條) is refused; without one, only five "
            "sets and a pair count."
        ),
    )
    overrides: Overrides = Field(
        default_factory=dict,
        max_length=MAX_OVERRIDES,
        description=(
            "Settings on top of `variant` (taiwan when absent), e.g. `hand_size: 13` for the "
            "13-tile hand (004 兩人麻將 13 張版: 13 − 3k tiles waiting for four sets and a pair)."
        ),
    )


class WaitsBatchRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {"items": [{"hand": "2223456m123456789p"}, {"hand": "1112345678999m 111z"}]}
            ]
        },
    )
    items: Annotated[
        list[WaitsRequest],
        Field(
            max_length=MAX_BATCH,
            description="Up to 1000 hands, each with its own `variant` and `overrides` if any.",
        ),
    ]
