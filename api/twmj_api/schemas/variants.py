"""`/v1/variants`, `/v1/settings`, `/v1/vocabulary` and the rule cards."""

from __future__ import annotations

from typing import Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
)

import twmj
from twmj_api.schemas.common import RuleCard, Setting


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
        json_schema_extra={
            "examples": [
                {"left": twmj.Variant().card(), "right": twmj.Variant(twmj.PRESETS[1]).card()}
            ]
        },
    )
    left: RuleCard
    right: RuleCard


class CardDifference(BaseModel):
    """One setting on which two rule sets differ (`null`: that side has no such setting)."""

    key: str
    name: str = Field(description="The setting's name in Chinese (an item's for a family).")
    left: Setting | None
    right: Setting | None


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
    bots: list[TermOut] = Field(
        description="The core's bots (`bots` of `/v1/table/start`), weakest first, each with "
        "its Chinese name.",
    )
    hand_sizes: list[HandSizeOut] = Field(
        description="The hand sizes played (`hand_size`'s choices: 16, and 13 under 004 兩人 13 "
        "張版), each with its concealed tiles by number of melds: what a page reads instead of "
        "computing 16 − 3k itself."
    )
    tiles: list[TermOut] = Field(
        description="The 34 tile kinds in index order (`1m` … `7z`) with their Chinese names."
    )
    flowers: list[TermOut] = Field(description="The 8 flowers in order (`1f` 春 … `8f` 竹).")


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
    family: str | None = Field(
        description="The family's key (`tai`, `exclude`) when the entry stands for a family of "
        "settings keyed `<family>.<item>`, else null: a client tells a family by this, not by "
        "the spelling of a key."
    )
