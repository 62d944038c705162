"""`/v1/score`, its batch and `/v1/compare`."""

from __future__ import annotations

from typing import Annotated

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
)

from twmj_api.schemas.common import EXAMPLE_WIN, MAX_BATCH, ErrorDetail, Meld, VariantChoice, WinIn


class ScoreRequest(VariantChoice, WinIn):
    """A win to score: the tiles, how it was won, and under which rules."""

    model_config = ConfigDict(json_schema_extra={"examples": [EXAMPLE_WIN]})


class TaiItemOut(BaseModel):
    key: str = Field(description="Stable English key, e.g. `ping_hu`.")
    name: str = Field(description="The name as the rule table writes it, e.g. `平胡`.")
    tai: int = Field(description="Tai counted.")


class NotAppliedOut(BaseModel):
    key: str = Field(description="The item's key.")
    name: str = Field(description="The item's name.")
    reason: str = Field(description="Why it does not apply, e.g. `平胡: the hand holds a flower`.")
    reason_zh: str = Field(description="The same in Chinese, e.g. `平胡：有花牌`.")


class PaymentOut(BaseModel):
    bill: int = Field(description="Which 筆 of the hand this line pays (0 for a single win).")
    payer: int = Field(description="The paying seat.")
    payee: int = Field(description="The winner.")
    base_tai: int = Field(description="底 in tai (3).")
    hand_tai: int = Field(description="The hand's tai.")
    dealer_tai: int = Field(
        description="莊家台 on this line (only between dealer and counterpart)."
    )
    total_tai: int = Field(description="(base + hand + dealer tai) × multiple.")
    multiple: int = Field(
        description="What base + hand + dealer tai is multiplied by: 1; 中庸全統制 × 3 from a "
        "discarder, × 2 on 自摸; × 2 more on a doubled 筆 (`leopard_double`)."
    )
    money: int = Field(description="total_tai × 每台, in money (底 + (hand + dealer) × 台).")


class ScoreResponse(BaseModel):
    variant: str = Field(description="The preset used.")
    overrides: list[tuple[str, str]] = Field(description="The overrides applied.")
    total_tai: int = Field(description="The hand's tai (莊家台 is per payer, see payments).")
    items: list[TaiItemOut] = Field(description="The items counted.")
    dealer_items: list[TaiItemOut] = Field(
        description="莊家 / 連莊拉莊: counted only between the dealer and the counterpart."
    )
    dealer_tai: int = Field(description="莊家台 = 1 + 2N.")
    decomposition: list[str] = Field(description="The split of the concealed tiles used.")
    melds: list[Meld] = Field(description="The melds.")
    win_shape: str | None = Field(description="The winning tile's shape in that split.")
    allowed: bool = Field(description="False when the 起胡 threshold is not reached: nobody pays.")
    winner: int = Field(description="The winner's seat.")
    payments: list[PaymentOut] = Field(description="One line per payer.")
    net_tai: list[int] = Field(description="Each seat's net in tai; they sum to 0.")
    net_money: list[int] = Field(description="Each seat's net in money.")
    why_not: list[NotAppliedOut] = Field(description="Items checked and not counted, if asked.")


class ScoreBatchRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid", strict=True, json_schema_extra={"examples": [{"items": [EXAMPLE_WIN]}]}
    )
    items: Annotated[
        list[ScoreRequest], Field(max_length=MAX_BATCH, description="Up to 1000 wins.")
    ]


class ScoreBatchItem(BaseModel):
    result: ScoreResponse | None = Field(
        description="The score, or null when the request is invalid."
    )
    error: ErrorDetail | None = Field(description="What is wrong, when the request is invalid.")


class CompareRequest(WinIn):
    """One win scored under several variants."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "variants": [{}, {"overrides": {"tai.self_draw": 2}}],
                    **EXAMPLE_WIN,
                }
            ]
        },
    )
    variants: Annotated[
        list[VariantChoice],
        Field(min_length=1, max_length=8, description="The rule sets to compare."),
    ]


class DifferingItem(BaseModel):
    key: str
    name: str
    tai: list[int] = Field(
        description="The item's tai under each variant, in order (0 = not counted)."
    )


class CompareResponse(BaseModel):
    scores: list[ScoreResponse] = Field(description="One score per variant, in order.")
    differing: list[DifferingItem] = Field(description="Items counted differently.")
