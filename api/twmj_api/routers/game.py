"""`/v1/legal` and `/v1/replay`: the referee's questions about a decision point or a record."""

from __future__ import annotations

from typing import Any, cast

import numpy as np
import numpy.typing as npt
from fastapi import APIRouter

import twmj
from twmj.data import replay_data
from twmj_api.convert import variant_of
from twmj_api.errors import NestedError
from twmj_api.offload import OffLoopRoute, heavy
from twmj_api.responses import JSONResponse
from twmj_api.schemas.common import ERROR_RESPONSES
from twmj_api.schemas.game import (
    LegalRequest,
    LegalResponse,
    ReplayRequest,
    ReplayResponse,
    ReviewRequest,
    ReviewResponse,
)

router = APIRouter(prefix="/v1", tags=["game"], responses=ERROR_RESPONSES, route_class=OffLoopRoute)


def _replay(record: str) -> twmj.Game:
    """The game of a record; every refusal (a bad line, an illegal move) is a `RecordError`
    naming its line (`record[i]`, `record[i].action`), an illegal move's rule in the message."""
    return twmj.replay(record)


def _decision(seat: int, actions: list[str], mask: npt.NDArray[np.bool_]) -> dict[str, Any]:
    """One seat's decision as the library answered it: its action names and its mask, each
    the library's own (the mask is not rebuilt here from the names)."""
    return {"seat": seat, "actions": actions, "mask": mask.tolist()}


@router.post("/legal", response_model=LegalResponse, summary="Legal actions at a decision point")
@heavy
async def legal(req: LegalRequest) -> JSONResponse:
    """The legal actions, by name and as a mask over the fixed 186-action space, of a seat at a
    decision point described by `snapshot` (its tiles, melds and rule memory: 過水, 過水碰, the
    lock after a call), or of every seat deciding at the end of a game `record`. Exactly one
    of the two is given."""
    return JSONResponse(legal_of(req))


def legal_of(req: LegalRequest) -> dict[str, Any]:
    """`/v1/legal`'s answer, as data: the library's names and masks as it returned them."""
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
    if not decisions:
        # Nobody decides (the hand is over): no action is legal.
        return {"actions": [], "mask": [False] * len(twmj.ACTIONS), "decisions": []}
    first = decisions[0]
    return {"actions": first["actions"], "mask": first["mask"], "decisions": decisions}


@router.post("/replay", response_model=ReplayResponse, summary="Validate and settle a record")
@heavy
async def replay(req: ReplayRequest) -> JSONResponse:
    """Replays a JSON-lines record (docs/log-format.md), checking every move; the first
    illegal one is a 422 `record_error` naming its line (`field` `record[i].action`) and, in
    the message, the rule. A finished hand is scored and settled
    under the variant given, or else under the record's own rules (its `rules` line; taiwan
    when it has none)."""
    return JSONResponse(replayed(req))


def replayed(req: ReplayRequest) -> dict[str, Any]:
    """`/v1/replay`'s answer, as data (`twmj.data.replay_data`, which also gives the practice
    table's result, so the two are the same by construction)."""
    game = _replay(req.record)
    events = len(twmj.record_lines(req.record))
    # A record carries its rules (a `rules` line for american hands and match positions);
    # what the request sets explicitly overrides them.
    given = req.model_fields_set
    variant = variant_of(req.variant, req.overrides) if given & {"variant", "overrides"} else None
    streak = req.streak if "streak" in given else None
    round_wind = req.round_wind if "round_wind" in given else None
    return replay_data(game, events, variant, streak, round_wind)


@router.get("/actions", response_model=list[str], summary="The action space")
async def actions() -> list[str]:
    """Every action name by its fixed index: the order of every `mask`."""
    return list(twmj.ACTIONS)


@router.post("/review", response_model=ReviewResponse, summary="Review one seat's decisions")
@heavy
async def review(req: ReviewRequest) -> JSONResponse:
    """Reviews `seat`'s decisions in a JSON-lines record (issue 28, `twmj.review`): for each
    decision at which it had a choice, what it played, the evaluator's best action, the
    expected loss in net tai with its standard error and a reason in Chinese; a summary (total
    loss, the three costliest). Stateless; the same record and seed give the same review as
    `twmj review` and the MCP tool `review`. A refused record is a 422 `record_error` naming
    its line."""
    return JSONResponse(reviewed(req))


def reviewed(req: ReviewRequest) -> dict[str, Any]:
    """`/v1/review`'s answer, as data (the library's `Review.as_dict`)."""
    r = twmj.review(req.record, req.seat, samples=req.samples, seed=req.seed % 2**64)
    return r.as_dict()
