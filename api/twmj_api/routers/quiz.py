"""`/v1/quiz`: a random ready hand for the page's practice (聽牌練習), with as many waits and
melds as asked; the engine's own waits decide which hands qualify."""

from __future__ import annotations

import random
from typing import Annotated

from fastapi import APIRouter
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

import twmj
from twmj_api.errors import with_field
from twmj_api.offload import OffLoopRoute, heavy
from twmj_api.routers.score import variant_of
from twmj_api.schemas import ERROR_RESPONSES, JSONInt, Meld, PresetName, _integral

router = APIRouter(prefix="/v1", tags=["quiz"], responses=ERROR_RESPONSES, route_class=OffLoopRoute)

#: Hands drawn before giving up on the asked number of waits (each draw is a few µs; even the
#: rarest ask, five or more waits, is met within a few hundred).
TRIES = 5_000


class QuizRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"min_waits": 3, "max_waits": 5, "seed": 7}]},
    )
    variant: PresetName = Field("taiwan", description="The preset: its tile set and shapes.")
    melds: Annotated[
        int, Field(ge=0, le=4, description="Open melds the hand has."), BeforeValidator(_integral)
    ] = 0
    min_waits: Annotated[
        int, Field(ge=1, le=13, description="At least this many waits."), BeforeValidator(_integral)
    ] = 1
    max_waits: Annotated[
        int,
        Field(ge=1, le=13, description="At most this many waits (the two in either order)."),
        BeforeValidator(_integral),
    ] = 13
    seed: JSONInt | None = Field(None, description="Draw the same hand again.")


class QuizOut(BaseModel):
    hand: list[str] = Field(description="The concealed tiles, sorted: 16 − 3k of them.")
    melds: list[Meld] = Field(description="The open melds.")


def _draw(rng: random.Random, tiles: list[str], melds: int, chi: bool) -> QuizOut | None:
    """Five sets and a pair from the tile set, `melds` of them open, one concealed tile taken
    away; None when the copies ran out. Wanting many waits, draw from one suit at times."""
    left = dict.fromkeys(tiles, twmj.COPIES)
    suits = sorted({t[-1] for t in tiles if t[-1] != "z"})
    pool = tiles
    if suits and rng.random() < 0.5:
        suit = rng.choice(suits)
        pool = [t for t in tiles if t[-1] == suit]

    def take(ts: list[str]) -> bool:
        if any(left[t] < ts.count(t) for t in set(ts)):
            return False
        for t in ts:
            left[t] -= 1
        return True

    sets: list[tuple[str, list[str]]] = []
    for _ in range(50):
        if len(sets) == 5:
            break
        t = rng.choice(pool)
        run = [f"{int(t[0]) + d}{t[-1]}" for d in range(3)]
        if t[-1] != "z" and all(r in left for r in run) and rng.random() < 0.6:
            if take(run):
                sets.append(("chi", run))
        elif take([t] * 3):
            sets.append(("pon", [t] * 3))
    pair = rng.choice(pool)
    if len(sets) < 5 or not take([pair, pair]):
        return None
    rng.shuffle(sets)
    if not chi:  # a preset without 吃 (three_player) shows its runs concealed
        sets.sort(key=lambda s: s[0] == "chi")
        if any(kind == "chi" for kind, _ in sets[:melds]):
            return None
    open_, closed = sets[:melds], sets[melds:]
    hand = [t for _, ts in closed for t in ts] + [pair, pair]
    hand.remove(rng.choice(hand))
    order = {t: i for i, t in enumerate(twmj.TILES)}
    return QuizOut(
        hand=sorted(hand, key=order.__getitem__),
        melds=[Meld(kind=kind, tiles="".join(ts)) for kind, ts in open_],
    )


@router.post("/quiz", response_model=QuizOut, summary="A practice hand (聽牌練習)")
@heavy
async def quiz(req: QuizRequest) -> QuizOut:
    """A random ready hand of the preset with `melds` open melds and between `min_waits` and
    `max_waits` waits (as `/v1/waits` counts them); the answer is `/v1/waits` of it."""
    low, high = sorted((req.min_waits, req.max_waits))
    variant = variant_of(req.variant, {})
    rng = random.Random(req.seed)
    tiles = variant.tiles
    chi = bool(variant.settings()["chi_allowed"])
    best: QuizOut | None = None
    for _ in range(TRIES):
        drawn = _draw(rng, tiles, req.melds, chi)
        if drawn is None:
            continue
        melds = [(m.kind, m.tiles) for m in drawn.melds]
        try:
            n = len(twmj.waits("".join(drawn.hand), melds, variant=variant).waits)
        except twmj.Error as e:  # pragma: no cover - drawn hands are valid by construction
            raise with_field(e, "variant") from None
        if low <= n <= high:
            return drawn
        if n and best is None:
            best = drawn
    if best is None:  # pragma: no cover - some ready hand is always drawn
        raise twmj.HandError("no ready hand drawn")
    return best
