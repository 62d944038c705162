"""A review of one seat's decisions in a hand (issue 28 item 4): for every decision at
which the seat had a choice, what it played, the evaluator's best action, the expected loss
in net tai with its standard error, and a short reason in Chinese built from what the core
knows (shanten and accepting tiles, waits, the fitted chance of dealing in); then a summary.

The evaluator (`Game.evaluate`, the core's `game::search`) samples the tiles the seat cannot
see consistently with what it can, plays every action out on the same samples with value
bots and settles the hand under the record's rules; a loss is the mean, over those samples,
of (best action's net − played action's net). Decision `i` draws from `seed + i`, so the
same record and seed give the same review everywhere (library, `twmj review`,
`POST /v1/review`, the MCP tool `review`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from twmj._core import DEFAULT_SAMPLES, review_record, tile_name

__all__ = ["DEFAULT_SAMPLES", "DecisionReview", "Review", "review"]

#: Decisions the summary lists as the costliest.
COSTLIEST = 3


@dataclass(frozen=True)
class DecisionReview:
    """One decision of the seat."""

    #: Its position among the seat's reviewed decisions (0-based) and the record's line.
    index: int
    line: int
    #: The seat's concealed tiles just before it (notation).
    hand: str
    played: str
    best: str
    #: Expected net tai lost by `played` against `best`, and its standard error.
    loss: float
    loss_se: float
    reason: str
    #: Every action evaluated: `action`, `mean`, `se`, `loss`, `loss_se`.
    estimates: list[dict[str, Any]] = field(default_factory=list)
    #: On a turn, per distinct discard: `tile`, `shanten`, `kinds`, `copies`, `deal_in`.
    discards: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "line": self.line,
            "hand": self.hand,
            "played": self.played,
            "best": self.best,
            "loss": self.loss,
            "loss_se": self.loss_se,
            "reason": self.reason,
            "estimates": self.estimates,
            "discards": self.discards,
        }


@dataclass(frozen=True)
class Review:
    seat: int
    samples: int
    seed: int
    decisions: tuple[DecisionReview, ...]

    @property
    def total_loss(self) -> float:
        return sum(d.loss for d in self.decisions)

    @property
    def total_loss_se(self) -> float:
        """Standard error of the total (the decisions' samples are independent)."""
        return math.sqrt(sum(d.loss_se**2 for d in self.decisions))

    @property
    def costliest(self) -> tuple[DecisionReview, ...]:
        """The decisions that cost most, costliest first (only those that cost anything)."""
        ranked = sorted(self.decisions, key=lambda d: (-d.loss, d.index))
        return tuple(d for d in ranked[:COSTLIEST] if d.loss > 0)

    def as_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "samples": self.samples,
            "seed": self.seed,
            "decisions": [d.as_dict() for d in self.decisions],
            "summary": {
                "decisions": len(self.decisions),
                "total_loss": self.total_loss,
                "total_loss_se": self.total_loss_se,
                "costliest": [d.index for d in self.costliest],
            },
        }


def _action_zh(action: str) -> str:
    """An action name in Chinese (a discard names its tile)."""
    verb, _, arg = action.partition(" ")
    if verb == "chi":
        return {"low": "吃（牌在左）", "mid": "吃（牌在中）", "high": "吃（牌在右）"}.get(arg, "吃")
    tile = tile_name(arg) if verb in ("discard", "declare", "ankan", "kakan") and arg else ""
    words = {
        "discard": f"打{tile}",
        "declare": f"打{tile}嗆聽",
        "ankan": f"暗槓{tile}",
        "kakan": f"加槓{tile}",
        "minkan": "明槓",
        "pon": "碰",
        "chi": "吃",
        "pass": "過",
        "win": "胡",
    }
    return words.get(verb, action)


def _facts(d: dict[str, Any]) -> str:
    if d["shanten"] == 0:
        text = f"聽 {d['kinds']} 種 {d['copies']} 張"
    elif d["shanten"] < 0:
        text = "胡"
    else:
        text = f"{d['shanten']} 向聽，進張 {d['kinds']} 種 {d['copies']} 張"
    if d["deal_in"] >= 0.05:
        text += f"，放槍機率約 {d['deal_in']:.0%}"
    return text


def _joined(words: str, facts: str) -> str:
    """`words` then `facts`, a space between them when the facts start with a number, as
    every message sets a number apart from the Chinese around it (「只 1 向聽」, never
    「只1 向聽」), and none when they start with Chinese (「只聽 2 種」)."""
    return f"{words} {facts}" if facts[:1].isdigit() else words + facts


def _discard_of(action: str, discards: list[dict[str, Any]]) -> dict[str, Any] | None:
    verb, _, tile = action.partition(" ")
    if verb not in ("discard", "declare"):
        return None
    return next((d for d in discards if d["tile"] == tile), None)


def _reason(played: str, best: str, loss: float, loss_se: float, x: dict[str, Any]) -> str:
    discards: list[dict[str, Any]] = x["discards"]
    means = {e["action"]: e["mean"] for e in x["estimates"]}
    p, b = _discard_of(played, discards), _discard_of(best, discards)
    if played == best:
        head = f"{_action_zh(played)}：最佳"
        return f"{head}（{_facts(p)}）" if p is not None else head
    if p is not None and b is not None:
        text = f"{_action_zh(best)}：{_facts(b)}，{_joined(_action_zh(played) + '只', _facts(p))}"
    else:
        text = (
            f"{_action_zh(best)} 期望 {means[best]:+.2f} 台，"
            f"{_action_zh(played)} 期望 {means[played]:+.2f} 台"
        )
    sure = "" if loss > 2 * loss_se else "（差距在誤差內）"
    return f"{text}；期望少 {loss:.2f} ± {loss_se:.2f} 台{sure}"


def review(
    record: str,
    seat: int,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    rollout: str = "value",
) -> Review:
    """Reviews `seat`'s decisions in `record` (a JSON-lines game record, docs/log-format.md).
    A record the referee refuses raises its `RecordError`; `samples` is bounded by the core
    (`twmj._core.MAX_SAMPLES`), and so is the whole review: its decisions times `samples` at
    most `twmj.LIMITS["review_samples"]` (else a `ContextError` `over_limit` at `samples`,
    raised before any decision is evaluated)."""
    rows = review_record(record, seat, samples, seed, rollout)
    decisions = []
    for i, x in enumerate(rows):
        played = x["played"]
        est = {e["action"]: e for e in x["estimates"]}
        loss, loss_se = est[played]["loss"], est[played]["loss_se"]
        decisions.append(
            DecisionReview(
                index=i,
                line=x["line"],
                hand=x["hand"],
                played=played,
                best=x["best"],
                loss=loss,
                loss_se=loss_se,
                reason=_reason(played, x["best"], loss, loss_se, x),
                estimates=list(x["estimates"]),
                discards=list(x["discards"]),
            )
        )
    return Review(seat=seat, samples=samples, seed=seed, decisions=tuple(decisions))
