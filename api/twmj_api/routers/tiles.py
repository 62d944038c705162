"""`/v1/tiles`: notation read by the library, and the tile kinds each preset plays (the page's
palettes and inputs read both, so no notation or tile set is written in JavaScript)."""

from __future__ import annotations

import functools
from typing import Annotated

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

import twmj
from twmj_api.convert import preset as convert_preset
from twmj_api.convert import variant_of
from twmj_api.errors import batch_answers, with_field
from twmj_api.offload import OffLoopRoute
from twmj_api.schemas.common import (
    ERROR_RESPONSES,
    MAX_OVERRIDES,
    ErrorDetail,
    MeldKind,
    Overrides,
    PresetName,
)

router = APIRouter(
    prefix="/v1", tags=["tiles"], responses=ERROR_RESPONSES, route_class=OffLoopRoute
)


class TileOut(BaseModel):
    tile: str = Field(description="The tile in notation: `5m`, `1z`, `1f`.")
    name: str = Field(description="Its Chinese name: 五萬, 東, 春.")


class TileSet(BaseModel):
    copies: int = Field(description="Copies of each tile kind in the set.")
    tiles: list[TileOut] = Field(description="Every tile kind and flower, in index order.")
    presets: dict[str, list[str]] = Field(
        description="Per preset, the tile kinds in play (004: three players drop 二萬–八萬, "
        "two players keep 萬子 and 字牌)."
    )


class ReadRequest(BaseModel):
    """Text to read as tiles, or as one meld of `meld`'s kind."""

    model_config = ConfigDict(
        extra="forbid", strict=True, json_schema_extra={"examples": [{"text": "五萬 東東東 5p"}]}
    )
    text: Annotated[str, Field(max_length=200, description="Notation: `555s`, `東東東`, `五萬`.")]
    meld: MeldKind | None = Field(None, description="Read the text as this kind of meld.")
    variant: PresetName | None = Field(
        None,
        description="A preset whose tile set the text must keep to (three_player: no 2m–8m; "
        "two_player: no 筒 or 條); a tile outside it is refused at its `position`.",
    )


class ReadResponse(BaseModel):
    tiles: list[str] = Field(description="The tiles read, sorted, flowers apart.")
    flowers: list[str] = Field(description="The flowers read.")


@functools.cache
def tile_set() -> TileSet:
    """Built once: the names and the presets do not change while the process runs."""
    codes = [*twmj.TILES, *twmj.FLOWERS]
    return TileSet(
        copies=twmj.COPIES,
        tiles=[TileOut(tile=t, name=twmj.tile_name(t)) for t in codes],
        presets={name: twmj.Variant(name).tiles for name in twmj.PRESETS},
    )


@router.get("/tiles", response_model=TileSet, summary="Tile names and each preset's tile set")
async def tiles() -> TileSet:
    """Every tile kind and flower with its Chinese name, and the kinds each preset plays."""
    return tile_set()


@router.post("/tiles/read", response_model=ReadResponse, summary="Read notation (讀牌)")
async def read(req: ReadRequest) -> ReadResponse:
    """The tiles of `text` in any notation the library reads (`123m`, `東南西`, `一萬`), or with
    `meld` the tiles of that meld, checked as one (吃 three in a row, 碰 three alike, 槓 four),
    under `variant` only tiles of its set; an error names the field `text`."""
    try:
        # The text as written first, so a position points into it; then the meld's tiles.
        read = twmj.parse(req.text, None if req.variant is None else convert_preset(req.variant))
        if req.meld:
            read = twmj.parse(twmj.Meld(req.meld, req.text).tiles)
    except twmj.Error as e:
        raise with_field(e, "text") from None
    return ReadResponse(tiles=read.tiles, flowers=read.flowers)


class ReadBatchRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid", strict=True, json_schema_extra={"examples": [{"texts": ["123m", "東東東"]}]}
    )
    texts: Annotated[
        list[Annotated[str, Field(max_length=200)]],
        Field(max_length=100, description="Notation texts, each read on its own."),
    ]


@router.post(
    "/tiles/read/batch", response_model=list[ReadResponse], summary="Read several notations"
)
async def read_batch(req: ReadBatchRequest) -> list[ReadResponse]:
    """The tiles of each text, in order (a decomposition's blocks, a list of melds); an error
    names the text by its index, `texts[2]`."""
    out: list[ReadResponse] = []
    for i, text in enumerate(req.texts):
        try:
            read = twmj.parse(text)
        except twmj.Error as e:
            raise with_field(e, f"texts[{i}]") from None
        out.append(ReadResponse(tiles=read.tiles, flowers=read.flowers))
    return out


class InPlayRequest(BaseModel):
    """A preset and settings on top of it (the page's 家規)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [{"variant": twmj.DEFAULT_PRESET, "overrides": {"players": 3}}]
        },
    )
    variant: PresetName = Field(description="The preset.")
    overrides: Overrides = Field(
        default_factory=dict, max_length=MAX_OVERRIDES, description="Settings on top of it."
    )


class InPlayResponse(BaseModel):
    tiles: list[str] = Field(description="The tile kinds in play, in index order.")


@router.post(
    "/tiles/in_play", response_model=InPlayResponse, summary="The tile kinds a rule set plays"
)
async def in_play(req: InPlayRequest) -> InPlayResponse:
    """The tile kinds in play under `variant` with `overrides`, as the core builds the set
    (004: `players` 3 drops 二萬–八萬, 2 keeps 萬子 and 字牌; `full_tile_set` keeps them all):
    the page's palette under a 家規 edit."""
    return InPlayResponse(tiles=variant_of(req.variant, req.overrides).tiles)


class MeldText(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    kind: MeldKind = Field(description="The kind of meld the text should be.")
    text: Annotated[str, Field(max_length=200, description="Notation: `555p`, `東東東`.")]


class ReadMeldsRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {"melds": [{"kind": "pon", "text": "555p"}, {"kind": "chi", "text": "345s"}]}
            ]
        },
    )
    melds: Annotated[
        list[MeldText],
        Field(max_length=100, description="Texts, each read as one meld of its kind."),
    ]


class ReadMeldItem(BaseModel):
    result: ReadResponse | None = Field(description="The meld's tiles, or null.")
    error: ErrorDetail | None = Field(
        description="Why the text is not a meld of its kind (yet: tiles picked one by one)."
    )


@router.post(
    "/tiles/read/melds",
    response_model=list[ReadMeldItem],
    summary="Read texts as melds, each answered on its own",
)
async def read_melds(req: ReadMeldsRequest) -> list[dict[str, object]]:
    """Each text read as one meld of its kind, answered like a batch: its tiles, or the error
    `/v1/tiles/read` would refuse it with (field `melds[i].text`), with a 200 for the whole. The
    page asks this while a meld is picked tile by tile, where a not-yet-complete meld is the
    normal case, not a failed request."""

    def one(m: MeldText) -> dict[str, list[str]]:
        read = twmj.parse(twmj.Meld(m.kind, m.text).tiles)
        return {"tiles": read.tiles, "flowers": read.flowers}

    out = batch_answers(req.melds, one)
    for i, item in enumerate(out):
        if item["error"] is not None:
            item["error"]["field"] = f"melds[{i}].text"
    return out
