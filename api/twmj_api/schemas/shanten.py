"""`/v1/shanten`: how far a hand is from ready."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from twmj_api.schemas.common import (
    MAX_MELDS,
    MAX_OVERRIDES,
    HandText,
    Meld,
    Overrides,
    PresetName,
)


class ShantenRequest(BaseModel):
    """A 16 − 3k or 17 − 3k hand, optionally under a preset's rules."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"hand": "2223456m123456789p"}]},
    )
    hand: HandText
    melds: Annotated[
        list[Meld], Field(max_length=MAX_MELDS, description=f"Up to {MAX_MELDS} melds.")
    ] = []
    variant: PresetName | None = Field(
        None,
        description=(
            "A preset: the special shapes its rule text admits count too (improved16: 瀝咕瀝咕, "
            "十三么), and a tile its set lacks is refused; without one, five sets and a pair."
        ),
    )
    overrides: Overrides = Field(
        default_factory=dict,
        max_length=MAX_OVERRIDES,
        description="Settings on top of `variant` (taiwan when absent), e.g. `hand_size: 13`.",
    )


class ShantenResponse(BaseModel):
    shanten: int = Field(description="向聽: 0 ready, −1 complete, n tiles from ready otherwise.")
