"""Request and response models: the field docs are the OpenAPI reference."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

MAX_BATCH = 1000

HandText = Annotated[
    str,
    Field(
        max_length=200,
        description="Tiles in notation: `123m456p789s11z`, `東南西北白發中`, `一萬`; flowers `1f`–`8f`.",
        examples=["2223456m123456789p"],
    ),
]


class Meld(BaseModel):
    """An exposed (or concealed, for ankan) set in front of the player."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["chi", "pon", "minkan", "kakan", "ankan"] = Field(
        description="吃 chi, 碰 pon, 明槓 minkan, 加槓 kakan, 暗槓 ankan."
    )
    tiles: Annotated[str, Field(max_length=40, description="The meld's tiles: `555p`, `345s`.")]


class HandRequest(BaseModel):
    """A hand: concealed tiles, melds, and what else the player can see."""

    model_config = ConfigDict(extra="forbid")
    hand: HandText
    melds: Annotated[list[Meld], Field(max_length=5, description="Up to 5 melds.")] = []
    visible: Annotated[
        str | None,
        Field(
            max_length=400,
            description="Other tiles in view (discards, others' melds); own tiles are always counted.",
        ),
    ] = None


class WaitOut(BaseModel):
    tile: str = Field(description="The waited tile, e.g. `3m`.")
    name: str = Field(description="Its Chinese name, e.g. `三萬`.")
    shapes: list[Literal["ryanmen", "kanchan", "penchan", "tanki", "shanpon"]] = Field(
        description="Shapes over all decompositions: 兩面, 嵌張, 邊張, 單吊, 雙碰."
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


class WaitsBatchRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    items: Annotated[
        list[HandRequest], Field(max_length=MAX_BATCH, description="Up to 1000 hands.")
    ]


class WaitsBatchItem(BaseModel):
    result: WaitsResponse | None = Field(description="The waits, or null when the hand is invalid.")
    error: dict[str, str | None] | None = Field(
        description="`{code, message, field}` when the hand is invalid."
    )


class DiscardOut(BaseModel):
    tile: str = Field(description="The tile to discard.")
    shanten: int = Field(description="Shanten after the discard.")
    accepted: int = Field(description="Unseen copies of all accepting kinds.")
    accepts: list[AcceptOut] = Field(description="Kinds that lower the shanten (進張).")
    waits: list[WaitOut] = Field(description="Waits when the discard leaves the hand ready.")


class AnalyzeResponse(BaseModel):
    shanten: int = Field(description="Shanten of the hand as held (−1 when complete).")
    discards: list[DiscardOut] = Field(description="One entry per distinct discard, best first.")


class Health(BaseModel):
    status: Literal["ok"]
    version: str


class ErrorDetail(BaseModel):
    code: str = Field(
        description="tile_error, hand_error, invalid_request, too_large, not_found, …"
    )
    message: str = Field(description="What is wrong and where; the library's own message.")
    field: str | None = Field(
        description="The request field at fault (`hand`, `melds[1]`), if any."
    )


class ErrorResponse(BaseModel):
    """The body of every 4xx answer."""

    error: ErrorDetail


#: The error answers every endpoint documents.
ERROR_RESPONSES: dict[int | str, dict[str, object]] = {
    400: {"model": ErrorResponse, "description": "The body is not JSON text."},
    413: {"model": ErrorResponse, "description": "The body is over 1 MiB."},
    422: {"model": ErrorResponse, "description": "The request or the hand is invalid."},
}
