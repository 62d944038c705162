"""Results as plain, JSON-ready data: the shapes the HTTP service, the CLI and the tools answer."""

from __future__ import annotations

from typing import Any

from twmj._core import Analysis, Game, Score, Variant, Waits

__all__ = ["analysis_data", "replay_data", "score_data", "waits_data"]


def waits_data(result: Waits) -> dict[str, Any]:
    """A waits report (`POST /v1/waits`): the core's answer as it is."""
    return result.as_dict()


def analysis_data(result: Analysis) -> dict[str, Any]:
    """A discard analysis (`POST /v1/analyze`): the core's answer as it is."""
    return result.as_dict()


def score_data(s: Score) -> dict[str, Any]:
    """A scored win with its settlement (`POST /v1/score`): the core's answer as it is."""
    return s.as_dict()


def replay_data(
    game: Game,
    events: int,
    variant: Variant | None = None,
    streak: int | None = None,
    round_wind: int | None = None,
) -> dict[str, Any]:
    """A replayed record (`POST /v1/replay`): where the hand stands and, when it is over, each
    筆 scored and the settlement (under `variant`, or the record's own rules): the core's
    answer as it is."""
    return game.replay_answer(events, variant, streak, round_wind)
