"""Request and response models: the field docs are the OpenAPI reference."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    JsonValue,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

import twmj

MAX_BATCH = 1000


def _integral(value: object) -> object:
    """3.0 as 3: JSON Schema's `integer` is any number with no fractional part, so the
    document promises that `3.0` is accepted where an integer is (strict models refuse floats)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


#: An integer as JSON Schema means it (also `3.0`), never a bool.
JSONInt = Annotated[int, BeforeValidator(_integral)]
#: The last seat (and wind) index: seats are 0 to `twmj.LIMITS["seats"]` − 1.
LAST_SEAT: int = twmj.LIMITS["seats"] - 1
#: The last 圈風 index (0 = 東 … 北), from the core's winds.
LAST_WIND: int = len(twmj.VOCABULARY["winds"]) - 1
#: A seat, 0–3.
Seat = Annotated[int, Field(ge=0, le=LAST_SEAT), BeforeValidator(_integral)]
#: The most open melds one hand holds (`twmj.LIMITS["melds"]`: a 16-tile hand's five sets).
MAX_MELDS: int = twmj.LIMITS["melds"]
#: The core's context defaults (`ContextArgs::read`): what a request leaves out.
DEFAULT_CONTEXT: twmj.Context = twmj.Context()

#: A die's face (the dice are three of them), 1 to `twmj.LIMITS["die_faces"]`.
DieFace = Annotated[int, Field(ge=1, le=twmj.LIMITS["die_faces"]), BeforeValidator(_integral)]

# The vocabulary's keys, read from the core: each list is an enum in the OpenAPI schema and is
# checked on every request. (To a type checker they are plain strings.)
if TYPE_CHECKING:
    MeldKind = str
    ShapeName = str
    PresetName = str
    WinKindName = str
    DeclarationName = str
    AnyWinKind = str
    WindName = str
else:
    # A term a request gives may be written as its key or as its Chinese name (`chi` or 吃,
    # `self_draw` or 自摸, `ready` or 嗆聽), as the CLI and the page's labels write them: the core
    # reads both (vocab.rs), and each enum lists both.
    #: A meld kind: `chi` … or 吃 碰 明槓 加槓 暗槓.
    MeldKind = Literal[tuple(twmj.MELD_KINDS) + tuple(twmj.MELD_KINDS.values())]
    ShapeName = Literal[tuple(twmj.SHAPE_NAMES)]
    PresetName = Literal[tuple(twmj.PRESETS)]
    #: The kinds of a regular win (the flower wins and 四槓胡 are scored apart), by key or name.
    WinKindName = Literal[
        twmj.REGULAR_WIN_KINDS + tuple(twmj.WIN_KINDS[k] for k in twmj.REGULAR_WIN_KINDS)
    ]
    DeclarationName = Literal[tuple(twmj.DECLARATIONS) + tuple(twmj.DECLARATIONS.values())]
    #: Every win kind, as `/v1/replay` answers them.
    AnyWinKind = Literal[tuple(twmj.WIN_KINDS)]
    #: A wind by key (`E`) or by name (`東`).
    WindName = Literal[
        tuple(w["key"] for w in twmj.VOCABULARY["winds"])
        + tuple(w["name"] for w in twmj.VOCABULARY["winds"])
    ]


def _names(terms: dict[str, str]) -> str:
    return ", ".join(f"`{k}` {v}" for k, v in terms.items())


def _wind_index(value: object) -> object:
    """A wind written by key or name (`S`, `南`) as its index (0 = 東 … 3 = 北, the core's
    order); an index is left as it is."""
    if not isinstance(value, str):
        return value
    for i, w in enumerate(twmj.VOCABULARY["winds"]):
        if value in (w["key"], w["name"]):
            return i
    keys = ", ".join(w["key"] for w in twmj.VOCABULARY["winds"])
    names = "".join(w["name"] for w in twmj.VOCABULARY["winds"])
    raise PydanticCustomError(
        "wind",
        "'{value}' is not a wind ({keys} or {names}, or 0–{last})",
        {"value": value, "keys": keys, "names": names, "last": LAST_WIND},
    )


#: A wind as an index, 0 = 東 … 3 = 北, or by key or name as a context takes it (`E`, `東`).
WindIndex = Annotated[
    int,
    Field(ge=0, le=LAST_WIND),
    BeforeValidator(_integral),
    BeforeValidator(
        _wind_index,
        json_schema_input_type=Annotated[int, Field(ge=0, le=LAST_WIND)] | WindName,
    ),
]


HandText = Annotated[
    str,
    Field(
        max_length=200,
        description="Tiles in notation: `123m456p789s11z`, `東南西北白發中`, `一萬`; flowers `1f`–`8f`.",
        examples=["2223456m123456789p"],
    ),
]


class ErrorDetail(BaseModel):
    code: str = Field(
        description="The error's stable fine code (docs/errors.md): too_many_copies, not_a_run, "
        "seat_out_of_range, invalid_request, …"
    )
    message: str = Field(description="What is wrong and where; the library's own message.")
    field: str | None = Field(
        description="The request field at fault (`hand`, `melds[1].tiles`, `context.from_seat`, "
        "`overrides.min_tai`, `record[2].kind`), if any."
    )
    position: int | None = Field(
        None,
        description="The 0-based character of that field's notation at fault (a tile that "
        "cannot be read, a fifth copy), if the error names one.",
    )
    message_zh: str = Field(
        description="The fault in Chinese, for a player: the rule broken and the tile or field "
        "(「一萬超過四張（手牌、副露與已見牌共 5 張）」); the code's Chinese name for the "
        "service's own errors.",
    )


class ErrorResponse(BaseModel):
    """The body of every error answer (docs/errors.md)."""

    error: ErrorDetail
    errors: list[ErrorDetail] | None = Field(
        None,
        description="With several faults against the request schema only: the first 20, in "
        "order (`error` is the first).",
    )
    error_count: int | None = Field(
        None,
        description="With several faults only: how many there were (more than `errors` lists "
        "when some were cut).",
    )


class Meld(BaseModel):
    """An exposed (or concealed, for ankan) set in front of the player."""

    model_config = ConfigDict(extra="forbid", strict=True)
    kind: MeldKind = Field(description=_names(twmj.MELD_KINDS) + " (key or name).")
    tiles: Annotated[str, Field(max_length=40, description="The meld's tiles: `555p`, `345s`.")]


class HandRequest(BaseModel):
    """A hand: concealed tiles, melds, and what else the player can see."""

    model_config = ConfigDict(extra="forbid", strict=True)
    hand: HandText
    melds: Annotated[
        list[Meld], Field(max_length=MAX_MELDS, description=f"Up to {MAX_MELDS} melds.")
    ] = []
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
    shapes: list[ShapeName] = Field(
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


class WaitsBatchItem(BaseModel):
    result: WaitsResponse | None = Field(description="The waits, or null when the hand is invalid.")
    error: ErrorDetail | None = Field(description="What is wrong, when the hand is invalid.")


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


#: The error answers every endpoint documents. 400 is malformed HTTP (any route,
#: twmj_api/server.py); a body that is not JSON is a 422 like any other bad body
#: (tests/api/test_docs.py).
ERROR_RESPONSES: dict[int | str, dict[str, object]] = {
    400: {"model": ErrorResponse, "description": "Malformed HTTP (400 `bad_http`)."},
    413: {"model": ErrorResponse, "description": "The body is over 8 MiB."},
    422: {"model": ErrorResponse, "description": "The request or the hand is invalid."},
}


Setting = JSONInt | bool | str


#: Most overrides one request may carry: every setting of the largest preset's table
#: overridden once (its `tai.<item>` and `exclude.<item>` families included), read from the
#: core's registry so that a new setting never makes a valid table too large to send.
MAX_OVERRIDES = max(len(twmj.variant_settings(p)) for p in twmj.PRESETS)
#: The largest 連莊 count any request takes: the top of the `streak_cap` setting's range (a
#: variant's own cap, at most this, is checked by the core).
MAX_STREAK: int | None = next(s.maximum for s in twmj.SETTINGS if s.key == "streak_cap")


def _override_schema() -> dict[str, object]:
    """The JSON Schema of `overrides`, from the core's settings registry: every key with its
    type, range or choices and doc, plus the `tai.<item>` keys. The core checks the values
    (a bad one is a 422 naming `overrides.<key>`), in the order given."""
    props: dict[str, object] = {}
    for s in twmj.SETTINGS:
        if s.key.endswith("<item>"):
            continue
        prop: dict[str, object] = {"type": s.type, "description": f"{s.doc} ({s.doc_zh})"}
        if s.minimum is not None:
            prop["minimum"] = s.minimum
        if s.maximum is not None:
            prop["maximum"] = s.maximum
        if s.choices is not None:
            prop["enum"] = s.choices
        props[s.key] = prop
    tai = next(s for s in twmj.SETTINGS if s.key.startswith("tai."))
    for key in twmj.TAI_KEYS:
        props[key] = {
            "type": "integer",
            "minimum": tai.minimum,
            "maximum": tai.maximum,
            "description": tai.doc,
        }
    exclude = _family("exclude.")
    for key in twmj.EXCLUDE_KEYS:
        props[key] = {"type": exclude.type, "description": exclude.doc}
    return {
        "type": "object",
        "properties": props,
        "additionalProperties": False,
        "maxProperties": MAX_OVERRIDES,
    }


def _family(prefix: str) -> twmj.SettingSpec:
    """The registry's entry of the family of settings keyed `<prefix><item>`."""
    return next(s for s in twmj.SETTINGS if s.key == f"{prefix}<item>")


def _override_specs() -> dict[str, twmj.SettingSpec]:
    specs = {s.key: s for s in twmj.SETTINGS if not s.key.endswith("<item>")}
    tai, exclude = _family("tai."), _family("exclude.")
    return specs | {k: tai for k in twmj.TAI_KEYS} | {k: exclude for k in twmj.EXCLUDE_KEYS}


_OVERRIDE_SPECS = _override_specs()
_JSON_TYPES: dict[str, type] = {"integer": int, "boolean": bool, "string": str}


def _check_overrides(overrides: dict[str, Setting]) -> dict[str, Setting]:
    """The request's overrides checked as their schema states it (from the registry), so the
    whole request is refused when any key or value is outside it, the same for a single call
    and for every item of a batch: a 422 `variant_error` naming `overrides.<key>`, as the core
    would (the core still checks what a schema cannot say, such as 13 tiles with 瀝咕瀝咕)."""

    def refuse(key: str, why: str, code: str = "bad_setting_value") -> PydanticCustomError:
        return PydanticCustomError(
            "variant_error",
            "variant setting {key}: {why}",
            {"key": key, "why": why, "code": code},
        )

    for key, value in overrides.items():
        spec = _OVERRIDE_SPECS.get(key)
        if spec is None:
            raise refuse(key, "unknown key", "unknown_setting")
        if type(value) is not _JSON_TYPES[spec.type]:
            raise refuse(key, f"takes a {spec.type}")
        if isinstance(value, int) and not isinstance(value, bool):
            if spec.minimum is not None and value < spec.minimum:
                raise refuse(key, f"{value} is below {spec.minimum}")
            if spec.maximum is not None and value > spec.maximum:
                raise refuse(key, f"{value} is above {spec.maximum}")
        if spec.choices is not None and value not in spec.choices:
            raise refuse(key, f"{value!r} is not one of {', '.join(map(str, spec.choices))}")
    return overrides


#: The JSON Schema of `overrides` (about 50 KB: every key of the registry with its doc). The
#: OpenAPI document carries it whole; an MCP tool's input schema carries a short form that points
#: at the `settings` tool instead (twmj_api/tools.py).
OVERRIDES_SCHEMA: dict[str, object] = _override_schema()

#: A variant's overrides: any settings of the registry, applied in order.
Overrides = Annotated[
    dict[str, Setting], AfterValidator(_check_overrides), WithJsonSchema(OVERRIDES_SCHEMA)
]


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


class AnalyzeRequest(WaitsRequest):
    """A 17 − 3k hand to analyse, optionally under a preset's special shapes (their shanten,
    accepting tiles and waits count too)."""

    model_config = ConfigDict(
        json_schema_extra={"examples": [{"hand": "2223456m123456789p9s", "visible": "1m 1m"}]}
    )


class ContextIn(BaseModel):
    """Everything about the win besides the tiles."""

    model_config = ConfigDict(extra="forbid", strict=True)
    winner: JSONInt = Field(
        0, ge=0, le=LAST_SEAT, description="The winner's seat, 0–3 (seat + 1 is its 下家)."
    )
    dealer: JSONInt = Field(0, ge=0, le=LAST_SEAT, description="The dealer's seat (莊家).")
    streak: JSONInt = Field(
        0,
        ge=0,
        le=MAX_STREAK,
        description="連莊 count N (莊家台 = 1 + 2N; at most the variant's `streak_cap`).",
    )
    seat_wind: WindName = Field(DEFAULT_CONTEXT.seat_wind, description="The winner's 門風.")
    round_wind: WindName = Field(DEFAULT_CONTEXT.round_wind, description="The 圈風.")
    win: WinKindName = Field(
        DEFAULT_CONTEXT.win,
        description="How the tile came: "
        + ", ".join(f"`{k}` {twmj.WIN_KINDS[k]}" for k in twmj.REGULAR_WIN_KINDS)
        + ".",
    )
    from_seat: Seat | None = Field(
        None,
        description="The paying seat, for "
        + ", ".join(f"`{k}`" for k in twmj.REGULAR_WIN_KINDS if k in twmj.FROM_SEAT_WIN_KINDS)
        + ".",
    )
    last_tile: bool = Field(
        False,
        description="The winning tile is the last drawable (海底), or on a discard the last "
        "discard before the wall runs out (河底撈魚, traditional).",
    )
    declared: DeclarationName | None = Field(
        None, description="The declaration: " + _names(twmj.DECLARATIONS) + "."
    )
    first_turn: bool = Field(
        False,
        description="Nobody has called or kong'd and the winner has not discarded (天/地/人胡).",
    )
    first_eight: bool = Field(
        False,
        description="The winning tile is among the hand's first eight discards, nobody having "
        "called (improved16 人胡, with a declared 天聽: 在各家未吃碰下八張牌內有人放槍).",
    )
    dice: list[DieFace] | None = Field(
        None,
        min_length=3,
        max_length=3,
        description="The three opening dice (american 骰規台), each 1–6.",
    )
    discards: Annotated[int, Field(ge=0, le=255), BeforeValidator(_integral)] | None = Field(
        None,
        description="Tiles the winner discarded before this win (hk16 七隻內: at most 7).",
    )
    shown: Annotated[int, Field(ge=0, le=twmj.COPIES - 1), BeforeValidator(_integral)] | None = (
        Field(
            None,
            description="Copies of the winning tile's kind already shown on the table, the winning "
            "tile not counted: unclaimed discards in the rivers and every player's 吃, 碰, 明槓 and "
            "加槓 (a claimed discard once, in its meld; 暗槓 are face down). 3 is 胡絕張 (fan list); "
            "absent, only the winner's own melds are seen.",
        )
    )


#: 000 計分 範例一 (閒家自摸, 莊家連莊 2 次): 門清 + 自摸 + 不求 = 3 台.
EXAMPLE_WIN: dict[str, JsonValue] = {
    "hand": "123456789m234p56p77s",
    "win_tile": "7p",
    "context": {"winner": 1, "dealer": 0, "streak": 2, "seat_wind": "S", "win": "self_draw"},
}


#: A rule card as a request carries it (`twmj1.<preset>[.<settings>]`; the core reads it).
RuleCard = Annotated[str, Field(max_length=4000, examples=["twmj1.taiwan"])]


class CardOut(BaseModel):
    """A rule set as a rule card, with what it changes and where it opens."""

    card: str = Field(description="The rule card: `twmj1.<preset>[.<settings>]`.")
    preset: str = Field(description="The preset it starts from.")
    changes: dict[str, Setting] = Field(
        description="The settings it changes from the preset, sorted by key (what the card holds)."
    )
    calculator: str = Field(description="The page's 台數計算 opened with these rules.")
    checker: str = Field(description="The page's 聽牌檢查 opened with these rules.")
    qr_svg: str = Field(description="A QR code of the calculator's address, as an SVG document.")


class CardDiffRequest(BaseModel):
    """Two rule sets to compare, each a rule card."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"left": "twmj1.taiwan", "right": "twmj1.american"}]},
    )
    left: RuleCard
    right: RuleCard


class CardDifference(BaseModel):
    """One setting on which two rule sets differ (`null`: that side has no such setting)."""

    key: str
    name: str = Field(description="The setting's name in Chinese (an item's for a family).")
    left: Setting | None
    right: Setting | None


class VariantChoice(BaseModel):
    """A rule set: a preset and house rules on top of it."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [{"variant": "taiwan", "overrides": {"exclude.small_dragons": ""}}]
        },
    )
    variant: PresetName = Field(twmj.DEFAULT_PRESET, description="The preset the rules start from.")
    overrides: Overrides = Field(
        default_factory=dict,
        max_length=MAX_OVERRIDES,
        description="House rules on top of the preset: `tai.<item>`, `exclude.<item>`, `min_tai`, "
        "`dice.<shape>`, …",
    )
    rules: RuleCard | None = Field(
        None,
        description="A rule card (`twmj1.<preset>[.<settings>]`, `POST /v1/card`): its preset "
        "and settings instead of `variant` (`overrides` still apply on top). A request giving "
        "both `rules` and `variant` is refused.",
    )


class WinIn(BaseModel):
    """A win: the tiles and how it was won (the score and compare requests' common part)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    hand: HandText
    win_tile: Annotated[str, Field(max_length=10, description="The winning tile, e.g. `7p`.")]
    melds: Annotated[
        list[Meld], Field(max_length=MAX_MELDS, description=f"Up to {MAX_MELDS} melds.")
    ] = []
    flowers: Annotated[
        str, Field(max_length=40, description="The winner's flowers, e.g. `1f5f` or `春梅`.")
    ] = ""
    context: ContextIn = Field(default_factory=lambda: ContextIn())
    why_not: bool = Field(False, description="Also list the items checked and not counted.")


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
    payer: int = Field(description="The paying seat.")
    payee: int = Field(description="The winner.")
    base_tai: int = Field(description="底 in tai (3).")
    hand_tai: int = Field(description="The hand's tai.")
    dealer_tai: int = Field(
        description="莊家台 on this line (only between dealer and counterpart)."
    )
    total_tai: int = Field(description="base + hand + dealer tai.")
    money: int = Field(description="底 + (hand + dealer) × 台, in money.")


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


class TermOut(BaseModel):
    key: str = Field(description="The stable key, as requests and answers write it.")
    name: str = Field(description="The name in the rule texts.")


class WinKindOut(TermOut):
    from_seat: bool = Field(description="One seat pays, named by `context.from_seat`.")
    regular: bool = Field(
        description="A complete hand, scored by `/v1/score` (the flower wins and 四槓胡 are "
        "scored as their own 筆)."
    )


class ErrorCodeOut(BaseModel):
    model_config = ConfigDict(populate_by_name=True)
    code: str
    key: str = Field(description="The code again, as every term's key.")
    name: str = Field(description="What a player reads (Chinese).")
    class_: str | None = Field(
        alias="class", description="The Python class raised for it (none: the service's own)."
    )
    doc: str
    status: int | None = Field(
        description="The HTTP status of an answer with this code (none: any other HTTP error)."
    )


class LimitOut(TermOut):
    value: int
    doc: str


class HandSizeOut(TermOut):
    size: int = Field(description="Tiles in a waiting hand with no meld (`hand_size`).")
    concealed: list[int] = Field(
        description="`concealed[k]`: the concealed tiles of a waiting hand with `k` melds "
        "(16 − 3k); the winning tile, or a turn's drawn tile, adds one. Its length less one "
        "is the most melds a hand holds."
    )


class VocabularyOut(BaseModel):
    """Every term of the engine with its key and Chinese name, from the core."""

    win_kinds: list[WinKindOut]
    declarations: list[TermOut]
    shapes: list[TermOut] = Field(description="Wait shapes.")
    meld_kinds: list[TermOut]
    presets: list[TermOut]
    draw_reasons: list[TermOut] = Field(description="Why a hand ended without a winner.")
    actions: list[TermOut] = Field(
        description="Actions by the first word(s) of their names (`discard 5m` is `discard`)."
    )
    errors: list[ErrorCodeOut] = Field(description="The library's and the service's error codes.")
    winds: list[TermOut] = Field(description="門風 and 圈風 by the letters a context takes.")
    items: list[TermOut] = Field(
        description="The tai items (`tai.<key>` settings, `items` of a score), as their table names them."
    )
    limits: list[LimitOut] = Field(
        description="The table's fixed numbers (seats, a full set's pieces, the tiles kept "
        "back, the most 連莊): every bound on a count in this API is read from them."
    )
    hand_sizes: list[HandSizeOut] = Field(
        description="The hand sizes played (`hand_size`'s choices: 16, and 13 under 004 兩人 13 "
        "張版), each with its concealed tiles by number of melds: what a page reads instead of "
        "computing 16 − 3k itself."
    )


class VariantOut(BaseModel):
    name: str = Field(description="The preset name.")
    settings: dict[str, Setting] = Field(description="Every setting, as overrides accept them.")


class SettingRequirement(BaseModel):
    when: Setting = Field(description="This setting's value that requires another's.")
    key: str = Field(description="The other setting.")
    value: Setting = Field(description="The value it must then hold.")


class SettingOut(BaseModel):
    """One entry of the core's settings registry (`twmj.SETTINGS`)."""

    key: str = Field(
        description="The key, as `overrides` take it (`tai.<item>`, `exclude.<item>`: a family)."
    )
    name: str = Field(description="Its name in Chinese (a settings form's label).")
    type: Literal["integer", "boolean", "string"] = Field(description="The JSON type.")
    minimum: int | None = Field(description="The least integer allowed, if a range.")
    maximum: int | None = Field(description="The greatest integer allowed, if a range.")
    choices: list[Setting] | None = Field(description="The values allowed, if a list.")
    choice_names: list[str] | None = Field(
        description="The choices' names in Chinese, in `choices` order (texts only)."
    )
    layer: Literal["analysis", "scoring", "flow"] = Field(description="The layer that reads it.")
    layer_name: str = Field(description="The layer's name in Chinese (a settings form's group).")
    doc: str = Field(description="One line in English.")
    doc_zh: str = Field(description="One line in Chinese.")
    defaults: dict[str, Setting] = Field(
        description="The value in every preset (empty for a family: see `/v1/variants`)."
    )
    requires: list[SettingRequirement] = Field(
        description="While this setting holds `when`, setting `key` must hold `value` (the core "
        "refuses the pair otherwise: `hand_size` 13 needs `special_shapes.lig_gu` false)."
    )


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
    from_: int | None = Field(serialization_alias="from", description="The paying seat, if one.")
    tile: str | None
    hand: str = Field(description="The winner's concealed tiles.")
    melds: list[Meld]
    flowers: str


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
        default_factory=list,
        description="003 詐胡的罰則 (賠聽牌者所聽台數, `false_win_waits`): each seat ready at that "
        "moment, paid the tai it waited for instead.",
    )


class ReplayResponse(BaseModel):
    events: int = Field(description="Events checked, every one legal.")
    over: bool = Field(description="The hand has ended.")
    pending: list[int] = Field(description="Seats to decide next (when not over).")
    draw: bool | None = Field(description="流局, when over.")
    draw_reason: str | None = Field(
        default=None,
        description="Why nobody won, on a draw: `wall` (流局), `four_kongs`, `four_winds` (001/003 "
        "特殊流局) or `thirteen_unconnected` (003 十三不搭 亮牌重洗).",
    )
    false_win: FalseWinOut | None = Field(
        default=None, description="The 詐胡 that ended the hand (001 詐胡, 003 詐胡的罰則)."
    )
    wins: list[WinOut] = Field(description="The 筆 won, in settlement order.")
    scores: list[ScoreResponse] = Field(description="Each 筆 scored, when over.")
    net_tai: list[int] = Field(description="Each seat's net in tai (zeros until over).")
    fees: list[list[int]] = Field(
        default_factory=list,
        description="詢問費 (003 註13): `[payer, payee]` pairs, 1 台 each; in `net_tai`.",
    )
    ankan_fees: list[AnkanOut] = Field(
        default_factory=list,
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
        description="Determinized samples per decision (the core's bound).",
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
