"""The models and types every endpoint shares: errors, melds, hands, settings and overrides,
the context of a win, the rule choice (a preset or a rule card)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    JsonValue,
    WithJsonSchema,
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


def _range(s: twmj.SettingSpec) -> dict[str, object]:
    """The values `s` takes as JSON Schema states them: its type, range or choices."""
    prop: dict[str, object] = {"type": s.type}
    if s.minimum is not None:
        prop["minimum"] = s.minimum
    if s.maximum is not None:
        prop["maximum"] = s.maximum
    if s.choices is not None:
        prop["enum"] = s.choices
    return prop


def _override_schema() -> dict[str, object]:
    """The JSON Schema of `overrides`, from the core's settings registry: every key with its
    type, range or choices and doc, and every key of each family (`tai.<item>`,
    `exclude.<item>`: an entry whose `family` the core names) with the family's. The core
    checks the values (a bad one is a 422 naming `overrides.<key>`), in the order given."""
    props: dict[str, object] = {}
    for s in twmj.SETTINGS:
        if s.family is None:
            props[s.key] = _range(s) | {"description": f"{s.doc} ({s.doc_zh})"}
    for family, s in twmj.FAMILIES.items():
        for key in twmj.FAMILY_KEYS[family]:
            props[key] = _range(s) | {"description": s.doc}
    return {
        "type": "object",
        "properties": props,
        "additionalProperties": False,
        "maxProperties": MAX_OVERRIDES,
    }


def _override_specs() -> dict[str, twmj.SettingSpec]:
    """Each key `overrides` takes with its registry entry (a family's key, its family's)."""
    specs = {s.key: s for s in twmj.SETTINGS if s.family is None}
    for family, s in twmj.FAMILIES.items():
        specs |= dict.fromkeys(twmj.FAMILY_KEYS[family], s)
    return specs


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


class ContextIn(BaseModel):
    """Everything about the win besides the tiles."""

    model_config = ConfigDict(extra="forbid", strict=True)
    winner: JSONInt = Field(
        0,
        ge=0,
        le=LAST_SEAT,
        description=f"The winner's seat, 0–{LAST_SEAT} (seat + 1 is its 下家).",
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
        description=f"The three opening dice (american 骰規台), each 1–{twmj.LIMITS['die_faces']}.",
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
RuleCard = Annotated[str, Field(max_length=4000, examples=[twmj.Variant().card()])]


class VariantChoice(BaseModel):
    """A rule set: a preset and house rules on top of it."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {"variant": twmj.DEFAULT_PRESET, "overrides": {"exclude.small_dragons": ""}}
            ]
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
