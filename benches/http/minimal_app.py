"""The baseline for the HTTP load test: the smallest FastAPI JSON endpoint, served the same way."""

from __future__ import annotations

from fastapi import FastAPI
from pydantic import BaseModel

app = FastAPI()


class Body(BaseModel):
    hand: str


@app.post("/v1/waits")
async def echo(body: Body) -> dict[str, str]:
    return {"hand": body.hand}
