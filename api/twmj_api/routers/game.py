"""`/v1/legal` and `/v1/replay`: the referee's questions about a decision point or a record."""

from __future__ import annotations

from typing import Any, cast

import numpy as np
import numpy.typing as npt
from fastapi import APIRouter

import twmj
from twmj_api.errors import NestedError
from twmj_api.offload import OffLoopRoute, heavy
from twmj_api.routers.score import score_out, variant_of
from twmj_api.schemas import (
    ERROR_RESPONSES,
    AnkanOut,
    DecisionOut,
    FalseWinOut,
    LegalRequest,
    LegalResponse,
    Meld,
    MeldKind,
    ReadyOut,
    ReplayRequest,
    ReplayResponse,
    ReviewRequest,
    ReviewResponse,
    WinOut,
)

router = APIRouter(prefix="/v1", tags=["game"], responses=ERROR_RESPONSES, route_class=OffLoopRoute)


def _replay(record: str) -> twmj.Game:
    """The game of a record; every refusal (a bad line, an illegal move) is a `RecordError`
    naming its line (`record[i]`, `record[i].action`), an illegal move's rule in the message."""
    return twmj.replay(record)


def _decision(seat: int, actions: list[str], mask: npt.NDArray[np.bool_]) -> DecisionOut:
    """One seat's decision as the library answered it: its action names and its mask, each
    the library's own (the mask is not rebuilt here from the names)."""
    return DecisionOut(seat=seat, actions=actions, mask=mask.tolist())


@router.post("/legal", response_model=LegalResponse, summary="Legal actions at a decision point")
@heavy
async def legal(req: LegalRequest) -> LegalResponse:
    """The legal actions, by name and as a mask over the fixed 186-action space, of a seat at a
    decision point described by `snapshot` (its tiles, melds and rule memory: 過水, 過水碰, the
    lock after a call), or of every seat deciding at the end of a game `record`. Exactly one
    of the two is given."""
    if (req.snapshot is None) == (req.record is None):
        raise twmj.ContextError("give exactly one of snapshot and record")
    if req.snapshot is not None:
        data: dict[str, Any] = req.snapshot.model_dump(by_alias=True, exclude_none=True)
        preset = data.pop("variant", None)
        overrides = data.pop("overrides", {})
        if preset is not None:
            try:
                data["variant"] = variant_of(preset, overrides)
            except twmj.Error as e:
                raise NestedError(e, "snapshot") from None
        # The library names its errors' fields under `snapshot` (`snapshot.decision.offer`).
        actions, mask = twmj.legal(data)
        decisions = [_decision(req.snapshot.seat, actions, mask)]
    else:
        game = _replay(cast(str, req.record))
        decisions = [_decision(s, game.legal_actions(s), game.legal_mask(s)) for s in game.pending]
    first = (
        decisions[0]
        if decisions
        else DecisionOut(seat=0, actions=[], mask=[False] * len(twmj.ACTIONS))
    )
    return LegalResponse(actions=first.actions, mask=first.mask, decisions=decisions)


@router.post("/replay", response_model=ReplayResponse, summary="Validate and settle a record")
@heavy
async def replay(req: ReplayRequest) -> ReplayResponse:
    """Replays a JSON-lines record (docs/log-format.md), checking every move; the first
    illegal one is a 422 `record_error` naming its line (`field` `record[i].action`) and, in
    the message, the rule. A finished hand is scored and settled
    under the variant given, or else under the record's own rules (its `rules` line; taiwan
    when it has none)."""
    game = _replay(req.record)
    events = len(twmj.record_lines(req.record))
    # A record carries its rules (a `rules` line for american hands and match positions);
    # what the request sets explicitly overrides them.
    given = req.model_fields_set
    variant = variant_of(req.variant, req.overrides) if given & {"variant", "overrides"} else None
    streak = req.streak if "streak" in given else None
    round_wind = req.round_wind if "round_wind" in given else None
    return settled(game, events, variant, streak, round_wind)


def settled(
    game: twmj.Game,
    events: int,
    variant: twmj.Variant | None = None,
    streak: int | None = None,
    round_wind: int | None = None,
) -> ReplayResponse:
    """`/v1/replay`'s answer for a game: each 筆 scored and settled once it is over (under
    its own rules unless `variant`, `streak` or `round_wind` is given); also the practice
    table's result, so the two are the same by construction."""
    result = game.result()
    if result is None:
        return ReplayResponse(
            events=events,
            over=False,
            pending=game.pending,
            draw=None,
            wins=[],
            scores=[],
            net_tai=[0, 0, 0, 0],
        )
    scores, net = game.settle(variant, streak, round_wind)
    wins = [
        WinOut(
            seat=w["seat"],
            kind=w["kind"],
            from_=w["from"],
            tile=w["tile"],
            hand=w["hand"],
            melds=[Meld(kind=cast(MeldKind, m.kind), tiles=m.tiles) for m in w["melds"]],
            flowers=w["flowers"],
        )
        for w in result["wins"]
    ]
    fw = result["false_win"]
    false_win = (
        None
        if fw is None
        else FalseWinOut(
            seat=fw["seat"],
            tai=fw["tai"],
            ready=[ReadyOut(seat=s, tai=t) for s, t in fw["ready"]],
        )
    )
    return ReplayResponse(
        events=events,
        over=True,
        pending=[],
        draw=result["draw"],
        draw_reason=result["draw_reason"],
        false_win=false_win,
        wins=wins,
        scores=[score_out(s) for s in scores],
        net_tai=net,
        fees=result["fees"],
        ankan_fees=[AnkanOut(seat=s, tile=k) for s, k in result["ankan_fees"]],
    )


@router.get("/actions", response_model=list[str], summary="The action space")
async def actions() -> list[str]:
    """Every action name by its fixed index: the order of every `mask`."""
    return list(twmj.ACTIONS)


@router.post("/review", response_model=ReviewResponse, summary="Review one seat's decisions")
@heavy
async def review(req: ReviewRequest) -> ReviewResponse:
    """Reviews `seat`'s decisions in a JSON-lines record (issue 28, `twmj.review`): for each
    decision at which it had a choice, what it played, the evaluator's best action, the
    expected loss in net tai with its standard error and a reason in Chinese; a summary (total
    loss, the three costliest). Stateless; the same record and seed give the same review as
    `twmj review` and the MCP tool `review`. A refused record is a 422 `record_error` naming
    its line."""
    r = twmj.review(req.record, req.seat, samples=req.samples, seed=req.seed % 2**64)
    return ReviewResponse.model_validate(r.as_dict())
