"""`/v1/legal`, `/v1/replay` and `/v1/review`: a decision point or a record."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    field_validator,
    model_validator,
)

import twmj
from twmj_api.schemas.common import (
    LAST_SEAT,
    MAX_MELDS,
    MAX_OVERRIDES,
    MAX_STREAK,
    AnyWinKind,
    DeclarationName,
    DieFace,
    HandText,
    JSONInt,
    Meld,
    Overrides,
    PresetName,
    Seat,
    WindIndex,
    _names,
)
from twmj_api.schemas.score import ScoreResponse


class CallLockIn(BaseModel):
    """What the discard after a call may not be: `{pon: "5m"}` or `{chi: "3p", other_end: "6p"}`."""

    model_config = ConfigDict(extra="forbid", strict=True)
    pon: str | None = Field(None, description="After 碰 of this tile (碰入打出).")
    chi: str | None = Field(None, description="After 吃 of this tile (吃入打出).")
    other_end: str | None = Field(
        None, description="The other end of the two-sided 搭子 used for the 吃, if any."
    )


class TurnIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    drawn: str | None = Field(None, description="The tile just drawn (none after 吃/碰).")
    after_call: CallLockIn | None = Field(None, description="Set right after 吃/碰.")
    replacement: bool = Field(False, description="The drawn tile came from the replacement end.")
    last_tile: bool = Field(False, description="The drawn tile was the last drawable (海底).")
    rob_from: Seat | None = Field(
        None,
        description="七搶一 case 1: the seat that already holds the 8th flower, when this turn's "
        "draw is the replacement after the seat's 7th (000 花牌與花胡); `seven rob one` is then "
        "offered.",
    )


class OfferIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    from_: JSONInt = Field(
        alias="from", ge=0, le=LAST_SEAT, description="The seat offering the tile."
    )
    discard: str | None = Field(None, description="A discarded tile.")
    last: bool = Field(False, description="The discard came after the wall ran out (only 胡).")
    kakan: str | None = Field(None, description="The tile of a 加槓 (only 搶槓).")
    ankan: bool = Field(
        False,
        description="Another seat's 暗槓 just made, face down: a seat ready for 十三么 on the "
        "one orphan it lacks may ask what it is (`win`) or not (`pass`) (003 註13; improved16).",
    )
    flower: str | None = Field(None, description="A flower shown while you hold seven (七搶一).")


class DecisionIn(BaseModel):
    """One of: `turn` (the seat's own turn), `offer` (another seat's tile on offer) or
    `opening: true` (起手). None of them is a `wrong_type` on `snapshot.decision`; two of them
    (`turn` with `offer`, `opening` with either) a `two_decisions` at the second one's field."""

    model_config = ConfigDict(extra="forbid", strict=True)
    turn: TurnIn | None = Field(None, description="The seat's own turn.")
    offer: OfferIn | None = Field(None, description="Another seat's tile on offer.")
    opening: bool = Field(
        False,
        description="起手: the hand as dealt, before the first discard (17 tiles for the dealer, "
        "16 for the others), where a 十三不搭 may be shown (`redeal`, 003 改良式 特殊流局情形) "
        "under `special_draw.thirteen_unconnected`; give neither `turn` nor `offer` with it.",
    )


class Snapshot(BaseModel):
    """One seat at a decision point, with the rule memory legality reads."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: JSONInt = Field(0, ge=0, le=LAST_SEAT)
    hand: HandText
    melds: Annotated[list[Meld], Field(max_length=MAX_MELDS)] = []
    flowers: Annotated[str, Field(max_length=40)] = ""
    declared: DeclarationName | None = Field(
        None, description="The declaration made: " + _names(twmj.DECLARATIONS) + "."
    )
    furiten: bool = Field(
        False,
        description="過水 (000 過水): the seat let a win go and may not win, 自摸 included, until "
        "its own discard releases it; with `furiten_declined` the one state legality reads of "
        "過水 (what releases it is the game's flow, not part of a decision point).",
    )
    furiten_hold: bool = Field(
        False,
        deprecated=True,
        description="Accepted from older snapshots and ignored: whether this turn's discard "
        "releases 過水 changes no legal action at the decision point.",
    )
    no_pon: Annotated[str, Field(max_length=200, description="Kinds passed for 碰 (過水碰).")] = ""
    last_discard: str | None = Field(None, description="The seat's latest discard (打出吃入).")
    no_self_draw: bool = Field(False, description="After 明槓: no self-draw yet.")
    has_discarded: bool = False
    has_konged: bool = False
    furiten_declined: str | None = Field(
        None,
        description="With `furiten`: the tile of a win declined for 起胡 when that alone made "
        "the 過水 (003 過水特殊規定: the dealer's discard of it may still be won); read only "
        "while `furiten` is true.",
    )
    furiten_tiles: Annotated[str, Field(max_length=200)] = Field(
        "",
        description="004 過水 (`furiten_release = next_draw`: 別人打出你能胡的牌、你沒有喊胡，在你下一次"
        "摸牌之前，不能再胡同一張): the tiles let go, each barred until the seat's next draw; every "
        "other win stays open. Not with `furiten` true, which bars every win.",
    )
    drawable: JSONInt = Field(
        ge=0,
        le=twmj.LIMITS["full_set"],
        description="Tiles still drawable (the wall but its last 16); at most a full set.",
    )
    decision: DecisionIn
    variant: PresetName | None = Field(
        None,
        description="The rules, when they matter (american 起胡 scores a win before allowing "
        "it); then the table fields below are read too. None plays the taiwan rules.",
    )
    overrides: Overrides = Field(default_factory=dict, max_length=MAX_OVERRIDES)
    dealer: JSONInt = Field(0, ge=0, le=LAST_SEAT, description="The dealer's seat.")
    east: JSONInt = Field(0, ge=0, le=LAST_SEAT, description="The seat sitting 東 (門風 follows).")
    streak: JSONInt = Field(
        0, ge=0, le=MAX_STREAK, description="連莊 count (at most the variant's `streak_cap`)."
    )
    round_wind: WindIndex = Field(0, description="圈風 0 = 東 … 3 = 北 (or `E`, `東` …).")
    dice: list[DieFace] | None = Field(None, min_length=3, max_length=3, description="The dice.")
    discards_total: JSONInt = Field(0, ge=0, le=200, description="Discards made at the table.")
    any_call: bool = Field(False, description="Someone has called or kong'd.")
    ankan_asks: list[Seat] = Field(
        default_factory=list,
        max_length=3,
        description="Seats with an 暗槓 this seat has not asked about (003 註13: a seat ready "
        "for 十三么 on the orphan it lacks may answer a discard with `ask <seat>`).",
    )
    flower_paid: bool = Field(
        False,
        description="The hand's flower win was already paid on the spot (house rule "
        "`flower_win.play_on`): no seat wins by the flowers again.",
    )


def _one_of_snapshot_or_record(schema: dict[str, Any]) -> None:
    """The document says what the endpoint accepts: exactly one of the two, not null; with a
    working example."""
    for name in ("snapshot", "record"):
        prop = schema["properties"][name]
        branches = [b for b in prop.pop("anyOf", []) if b.get("type") != "null"]
        prop.pop("default", None)
        if branches:
            prop.update(branches[0])
    schema["oneOf"] = [{"required": ["snapshot"]}, {"required": ["record"]}]

    # 000 合法與犯規: seat 2 is not seat 0's 上家, so its 5m may be 碰'd or 明槓'd.
    schema["examples"] = [
        {
            "snapshot": {
                "seat": 0,
                "hand": "555m 123p456p789p 1123s",
                "drawable": 40,
                "decision": {"offer": {"from": 2, "discard": "5m"}},
            }
        }
    ]


class LegalRequest(BaseModel):
    """Either one seat's decision point, or a game record (the legal actions at its end):
    exactly one of the two."""

    model_config = ConfigDict(
        extra="forbid", strict=True, json_schema_extra=_one_of_snapshot_or_record
    )
    snapshot: Snapshot | None = None
    record: Annotated[
        str | None, Field(max_length=200_000, description="A JSON-lines game record.")
    ] = None

    @field_validator("snapshot", "record", mode="before")
    @classmethod
    def _not_null(cls, value: object) -> object:
        if value is None:
            raise ValueError("give it or leave it out; null is neither")
        return value

    @model_validator(mode="after")
    def _exactly_one(self) -> LegalRequest:
        if (self.snapshot is None) == (self.record is None):
            raise ValueError("give exactly one of snapshot and record")
        return self


class DecisionOut(BaseModel):
    seat: int = Field(description="The seat deciding.")
    actions: list[str] = Field(description="Its legal actions, by name.")
    mask: list[bool] = Field(description="The same as a mask over the 186-action space.")


class LegalResponse(BaseModel):
    actions: list[str] = Field(description="The legal actions of the first seat deciding.")
    mask: list[bool] = Field(description="Its mask over the action space (`GET /v1/actions`).")
    decisions: list[DecisionOut] = Field(description="Every seat deciding now.")


#: The opening lines of a record (a deal and the first discard), the example of the routes that
#: take a record (`/v1/replay`, `/v1/review`).
EXAMPLE_RECORD = (
    '{"type":"seed","seed":7,"dealer":0,"door_from_dice":false}\n'
    '{"type":"draw","seat":1,"tile":"3s","replacement":true}\n'
    '{"type":"draw","seat":2,"tile":"8p","replacement":true}\n'
    '{"type":"draw","seat":2,"tile":"9m","replacement":true}\n'
    '{"type":"act","seat":0,"action":"discard 2m"}\n'
)


class ReplayRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"record": EXAMPLE_RECORD}]},
    )
    record: Annotated[str, Field(max_length=200_000, description="A JSON-lines game record.")]
    variant: PresetName = twmj.DEFAULT_PRESET
    overrides: Overrides = Field(default_factory=dict, max_length=MAX_OVERRIDES)
    streak: JSONInt = Field(
        0,
        ge=0,
        le=MAX_STREAK,
        description="連莊 count of the dealer, for settlement (at most `streak_cap`).",
    )
    round_wind: WindIndex = Field(
        0, description="圈風 0 = 東 … 3 = 北 (or `E`, `東` …), for settlement."
    )


class WinOut(BaseModel):
    seat: int
    kind: AnyWinKind = Field(description="The win kind: " + _names(twmj.WIN_KINDS) + ".")
    from_: int | None = Field(alias="from", description="The paying seat, if one.")
    tile: str | None
    hand: str = Field(description="The winner's concealed tiles.")
    melds: list[Meld]
    flowers: str
    discards: int | None = Field(
        description="003 hk16 七隻內: the winner's discards before the win (`None` only in a "
        "record written before the count was kept)."
    )
    shown: int | None = Field(
        description="003 胡絕張: copies of the winning tile's kind shown on the table, the "
        "winning tile not counted (`None` without a winning tile)."
    )
    declaration: str | None = Field(
        description="The winner's declaration: " + _names(twmj.DECLARATIONS) + "; `None` when none."
    )
    first_turn: str | None = Field(
        description="天胡/地胡/人胡: `heaven`, `earth` or `human`; `None` otherwise."
    )
    replacement: bool = Field(description="槓上開花: the tile came from the replacement end.")
    last_tile: bool = Field(description="海底撈月 or 河底撈魚: the last tile.")


class AnkanOut(BaseModel):
    seat: int = Field(description="The 暗槓's owner.")
    tile: str = Field(description="Its tile, shown at the end (有人胡後須翻出來給大家看).")


class ReadyOut(BaseModel):
    seat: int = Field(description="A seat ready when the 詐胡 was declared.")
    tai: int = Field(description="The tai it waited for (its best wait), which it is paid.")


class FalseWinOut(BaseModel):
    seat: int = Field(description="The seat that declared a win that is none (詐胡).")
    tai: int = Field(
        description="The false win's tai (所賠台數視詐胡的台數計算): what each other seat is "
        "paid with 一底, unless it is in `ready`."
    )
    ready: list[ReadyOut] = Field(
        description="003 詐胡的罰則 (賠聽牌者所聽台數, `false_win_waits`): each seat ready at that "
        "moment, paid the tai it waited for instead.",
    )


class ReplayResponse(BaseModel):
    """The core's `ReplayAnswer` (game/report.rs) field for field. `Game.result()` and the
    record's last line write a 暗槓 and a ready seat as `[seat, …]` pairs; this answer keeps the
    objects it has always served (`{seat, tile}`, `{seat, tai}`: a client reads them by name)
    and a 詢問費 as its `[payer, payee]` pair, as it always has. Like every response model, no
    field has a default: the core sends every field every time (`null` or `[]` when empty), so
    the OpenAPI schema marks each required (tests/test_answer_shapes.py)."""

    events: int = Field(description="Events checked, every one legal.")
    over: bool = Field(description="The hand has ended.")
    pending: list[int] = Field(description="Seats to decide next (when not over).")
    dealer: int = Field(description="The hand's dealer (莊家).")
    east: int = Field(description="The seat sitting 東 (門風).")
    draw: bool | None = Field(description="流局, when over.")
    draw_reason: str | None = Field(
        description="Why nobody won, on a draw: `wall` (流局), `four_kongs`, `four_winds` (001/003 "
        "特殊流局) or `thirteen_unconnected` (003 十三不搭 亮牌重洗).",
    )
    false_win: FalseWinOut | None = Field(
        description="The 詐胡 that ended the hand (001 詐胡, 003 詐胡的罰則)."
    )
    wins: list[WinOut] = Field(description="The 筆 won, in settlement order.")
    scores: list[ScoreResponse] = Field(description="Each 筆 scored, when over.")
    net_tai: list[int] = Field(description="Each seat's net in tai (zeros until over).")
    fees: list[list[int]] = Field(
        description="詢問費 (003 註13): `[payer, payee]` pairs, 1 台 each; in `net_tai`.",
    )
    ankan_fees: list[AnkanOut] = Field(
        description="暗槓 底 (003 hk16 槓牌): each 暗槓, turned over at the end; its owner collects "
        "the variant's `ankan_fee` 底 from every other seated player whatever the end; in "
        "`net_tai`.",
    )


class ReviewRequest(BaseModel):
    """A record and the seat whose decisions to review (issue 28: `twmj.review`)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "record": EXAMPLE_RECORD,
                    "seat": 0,
                    "samples": 8,
                }
            ]
        },
    )
    record: Annotated[str, Field(max_length=200_000, description="A JSON-lines game record.")]
    seat: Seat
    samples: JSONInt = Field(
        twmj._core.DEFAULT_SAMPLES,
        ge=1,
        le=twmj._core.MAX_SAMPLES,
        description="Samples per decision; decisions × samples at most "
        f"{twmj.LIMITS['review_samples']} (limit `review_samples`), else `over_limit`.",
    )
    # Taken modulo 2^64, as /v1/quiz and the table take a seed: a JSON Schema bound at
    # 2^64 − 1 reads as a float and lets larger integers through as valid.
    seed: JSONInt = Field(0, ge=0, description="Decision i samples from seed + i (mod 2^64).")


class EstimateOut(BaseModel):
    action: str
    mean: float
    se: float
    loss: float
    loss_se: float


class DiscardFactsOut(BaseModel):
    tile: str
    shanten: int
    kinds: int
    copies: int
    deal_in: float


class ReviewDecisionOut(BaseModel):
    index: int
    line: int
    hand: str
    played: str
    best: str
    loss: float
    loss_se: float
    reason: str
    estimates: list[EstimateOut]
    discards: list[DiscardFactsOut]


class ReviewSummaryOut(BaseModel):
    decisions: int
    total_loss: float
    total_loss_se: float
    costliest: list[int]


class ReviewResponse(BaseModel):
    seat: int
    samples: int
    seed: int
    decisions: list[ReviewDecisionOut]
    summary: ReviewSummaryOut
