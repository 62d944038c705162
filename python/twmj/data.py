"""Results as plain, JSON-ready data: the shapes the HTTP service, the CLI and the tools answer."""

from __future__ import annotations

from typing import Any

from twmj._core import Analysis, Game, Score, TaiItem, Variant, Wait, Waits

__all__ = ["analysis_data", "replay_data", "score_data", "waits_data"]


def _wait(w: Wait) -> dict[str, Any]:
    return {"tile": w.tile, "name": w.name, "shapes": w.shapes, "remaining": w.remaining}


def waits_data(result: Waits) -> dict[str, Any]:
    """A waits report (`POST /v1/waits`)."""
    return {
        "shanten": result.shanten,
        "tenpai": result.tenpai,
        "waits": [_wait(w) for w in result.waits],
        "accepts": [{"tile": a.tile, "remaining": a.remaining} for a in result.accepts],
    }


def analysis_data(result: Analysis) -> dict[str, Any]:
    """A discard analysis (`POST /v1/analyze`)."""
    return {
        "shanten": result.shanten,
        "discards": [
            {
                "tile": d.tile,
                "shanten": d.shanten,
                "accepted": d.accepted,
                "accepts": [{"tile": a.tile, "remaining": a.remaining} for a in d.accepts],
                "waits": [_wait(w) for w in d.waits],
            }
            for d in result.discards
        ],
    }


def _item(i: TaiItem) -> dict[str, Any]:
    return {"key": i.key, "name": i.name, "tai": i.tai}


def score_data(s: Score) -> dict[str, Any]:
    """A scored win with its settlement (`POST /v1/score`)."""
    return {
        "variant": s.variant,
        "overrides": s.overrides,
        "total_tai": s.total_tai,
        "items": [_item(i) for i in s.items],
        "dealer_items": [_item(i) for i in s.dealer_items],
        "dealer_tai": s.dealer_tai,
        "decomposition": s.decomposition,
        "melds": [{"kind": m.kind, "tiles": m.tiles} for m in s.melds],
        "win_shape": s.win_shape,
        "allowed": s.allowed,
        "payments": [
            {
                "payer": p.payer,
                "payee": p.payee,
                "base_tai": p.base_tai,
                "hand_tai": p.hand_tai,
                "dealer_tai": p.dealer_tai,
                "total_tai": p.total_tai,
                "money": p.money,
            }
            for p in s.payments
        ],
        "net_tai": s.net_tai,
        "net_money": s.net_money,
        "why_not": [
            {"key": n.key, "name": n.name, "reason": n.reason, "reason_zh": n.reason_zh}
            for n in s.why_not
        ],
    }


def replay_data(
    game: Game,
    events: int,
    variant: Variant | None = None,
    streak: int | None = None,
    round_wind: int | None = None,
) -> dict[str, Any]:
    """A replayed record (`POST /v1/replay`): where the hand stands and, when it is over, each
    筆 scored and the settlement (under `variant`, or the record's own rules)."""
    result = game.result()
    if result is None:
        return {
            "events": events,
            "over": False,
            "pending": game.pending,
            "draw": None,
            "draw_reason": None,
            "false_win": None,
            "wins": [],
            "scores": [],
            "net_tai": [0, 0, 0, 0],
            "fees": [],
            "ankan_fees": [],
        }
    scores, net = game.settle(variant, streak, round_wind)
    fw = result["false_win"]
    return {
        "events": events,
        "over": True,
        "pending": [],
        "draw": result["draw"],
        "draw_reason": result["draw_reason"],
        "false_win": None
        if fw is None
        else {
            "seat": fw["seat"],
            "tai": fw["tai"],
            "ready": [{"seat": s, "tai": t} for s, t in fw["ready"]],
        },
        "wins": [
            {
                "seat": w["seat"],
                "kind": w["kind"],
                "from": w["from"],
                "tile": w["tile"],
                "hand": w["hand"],
                "melds": [{"kind": m.kind, "tiles": m.tiles} for m in w["melds"]],
                "flowers": w["flowers"],
            }
            for w in result["wins"]
        ],
        "scores": [score_data(s) for s in scores],
        "net_tai": net,
        "fees": [list(f) for f in result["fees"]],
        "ankan_fees": [{"seat": s, "tile": k} for s, k in result["ankan_fees"]],
    }
