"""Every answer is the library's data (`twmj.data`, `Review.as_dict`, the library's legal
names and masks) served as it is: one serialisation path (issue #34). The response models
document those answers, so each body must be exactly what its model reads and writes back."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import BaseModel

import twmj
from tests.games import won_game
from twmj_api.schemas.analyze import AnalyzeResponse
from twmj_api.schemas.game import EXAMPLE_RECORD, LegalResponse, ReplayResponse, ReviewResponse
from twmj_api.schemas.score import CompareResponse

WIN = {
    "hand": "123456789m234p56p77s",
    "win_tile": "7p",
    "context": {"winner": 1, "dealer": 0, "streak": 2, "seat_wind": "S", "win": "self_draw"},
}


def _round_trip(model: type[BaseModel], body: Any) -> None:
    assert model.model_validate(body).model_dump(mode="json", by_alias=True) == body


def _finished() -> str:
    return won_game().record()


@pytest.mark.parametrize(
    ("path", "body", "model"),
    [
        ("/v1/analyze", {"hand": "2223456m123456789p1s"}, AnalyzeResponse),
        (
            "/v1/compare",
            {**WIN, "variants": [{"variant": "taiwan"}, {"variant": "hk16"}]},
            CompareResponse,
        ),
        ("/v1/legal", {"record": EXAMPLE_RECORD}, LegalResponse),
        ("/v1/replay", {"record": EXAMPLE_RECORD}, ReplayResponse),
        ("/v1/review", {"record": EXAMPLE_RECORD, "seat": 0, "samples": 4}, ReviewResponse),
    ],
)
def test_an_answer_is_its_model_exactly(
    client: TestClient, path: str, body: dict[str, Any], model: type[BaseModel]
) -> None:
    r = client.post(path, json=body)
    assert r.status_code == 200, r.text
    _round_trip(model, r.json())


def test_a_finished_replay_is_its_model_exactly_and_the_librarys_data(client: TestClient) -> None:
    record = _finished()
    r = client.post("/v1/replay", json={"record": record})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["over"] and body["scores"], body
    _round_trip(ReplayResponse, body)
    # The same answer as the library's own data of the game: nothing rebuilt on the way.
    from twmj.data import replay_data

    assert body == replay_data(twmj.replay(record), len(twmj.record_lines(record)))


def test_legal_of_a_finished_hand_answers_no_action(client: TestClient) -> None:
    r = client.post("/v1/legal", json={"record": _finished()})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["decisions"] == [] and body["actions"] == []
    assert body["mask"] == [False] * len(twmj.ACTIONS)
    _round_trip(LegalResponse, body)
