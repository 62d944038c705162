"""`/v1/analyze`: the discards of a 17 − 3k hand."""

from __future__ import annotations

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
)

from twmj_api.schemas.waits import AcceptOut, WaitOut, WaitsRequest


class DiscardOut(BaseModel):
    tile: str = Field(description="The tile to discard.")
    shanten: int = Field(description="Shanten after the discard.")
    accepted: int = Field(description="Unseen copies of all accepting kinds.")
    accepts: list[AcceptOut] = Field(description="Kinds that lower the shanten (進張).")
    waits: list[WaitOut] = Field(description="Waits when the discard leaves the hand ready.")


class AnalyzeResponse(BaseModel):
    shanten: int = Field(description="Shanten of the hand as held (−1 when complete).")
    discards: list[DiscardOut] = Field(description="One entry per distinct discard, best first.")


class AnalyzeRequest(WaitsRequest):
    """A 17 − 3k hand to analyse, optionally under a preset's special shapes (their shanten,
    accepting tiles and waits count too)."""

    model_config = ConfigDict(
        json_schema_extra={"examples": [{"hand": "2223456m123456789p9s", "visible": "1m 1m"}]}
    )
