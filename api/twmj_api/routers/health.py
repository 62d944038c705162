"""Liveness."""

from __future__ import annotations

from importlib.metadata import version

from fastapi import APIRouter

from twmj_api.offload import OffLoopRoute
from twmj_api.schemas.common import ERROR_RESPONSES
from twmj_api.schemas.health import Health

router = APIRouter(tags=["health"], responses=ERROR_RESPONSES, route_class=OffLoopRoute)

_VERSION = version("twmj")


@router.get("/health", response_model=Health, summary="Liveness")
async def health() -> Health:
    """Answers `{"status": "ok"}` while the service runs."""
    return Health(status="ok", version=_VERSION)
