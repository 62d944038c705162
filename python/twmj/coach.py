"""A review of one seat's decisions in a hand (issue 28 item 4): for every decision at
which the seat had a choice, what it played, the evaluator's best action, the expected loss
in net tai with its standard error, and a short reason in Chinese built from what the core
knows (shanten and accepting tiles, waits, the fitted chance of dealing in); then a summary.

The answer is the core's (`game::review`, rust/twmj-core/src/game/review.rs): its fields,
the reasons and the summary are written there once, and this module only reads it. The
evaluator (`Game.evaluate`, the core's `game::search`) samples the tiles the seat cannot see
consistently with what it can, plays every action out on the same samples with value bots
and settles the hand under the record's rules; a loss is the mean, over those samples, of
(best action's net − played action's net). Decision `i` draws from `seed + i`, so the same
record and seed give the same review everywhere (library, `twmj review`, `POST /v1/review`,
the MCP tool `review`).
"""

from __future__ import annotations

from twmj._core import (
    DEFAULT_SAMPLES,
    DecisionReview,
    Review,
    ReviewSummary,
    review_record,
)

__all__ = ["DEFAULT_SAMPLES", "DecisionReview", "Review", "ReviewSummary", "review"]


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
    return review_record(record, seat, samples, seed, rollout)
