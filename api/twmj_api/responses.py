"""The JSON response class: orjson-rendered (FastAPI's ORJSONResponse is deprecated)."""

from __future__ import annotations

from typing import Any

import orjson
from starlette.responses import JSONResponse as StarletteJSONResponse


class JSONResponse(StarletteJSONResponse):
    """orjson-rendered JSON. A JSONResponse subclass, so the OpenAPI document keeps the
    response models. Hot endpoints return it directly with plain data that matches their
    response model, which skips re-validating what the library built (tests check the
    shape against the schema)."""

    def render(self, content: Any) -> bytes:
        return orjson.dumps(content)
