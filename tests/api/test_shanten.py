"""`POST /v1/shanten` (the example endpoint docs/CONTRIBUTING.md walks through): the shanten
alone, counted by hand below from the hands' shapes, and the one `/v1/waits` answers."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from twmj_api.schemas.shanten import ShantenResponse


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # 222m 345m 123p 456p 789p and a lone 6m: five sets, the pair one tile away: ready.
        ("2223456m123456789p", 0),
        # The same with 6m drawn: five sets and the pair 66m: complete (−1).
        ("2223456m123456789p6m", -1),
        # 1m 4m 7m 1p 4p 7p 1s 4s 7s and the seven honours: no set, no partial set, no pair, so
        # every one of the five sets and the pair is still to make: 2 × 5 + 1 − 1 = 10.
        ("147m147p147s1234567z", 10),
    ],
)
def test_shanten_is_the_hands_distance_from_ready(
    client: TestClient, hand: str, expected: int
) -> None:
    r = client.post("/v1/shanten", json={"hand": hand})
    assert r.status_code == 200, r.text
    assert r.json() == {"shanten": expected}
    ShantenResponse.model_validate(r.json())


def test_shanten_is_what_waits_answers(client: TestClient) -> None:
    for hand in ("2223456m123456789p", "2223456m12345p1199s", "147m147p147s1234567z"):
        waits = client.post("/v1/waits", json={"hand": hand}).json()
        assert client.post("/v1/shanten", json={"hand": hand}).json() == {
            "shanten": waits["shanten"]
        }


def test_a_variant_refuses_a_tile_it_lacks_and_a_bad_hand_names_its_field(
    client: TestClient,
) -> None:
    # three_player plays without 二萬–八萬 (the core's tile set for the preset).
    r = client.post("/v1/shanten", json={"hand": "2223456m123456789p", "variant": "three_player"})
    assert r.status_code == 422
    assert r.json()["error"]["code"] == "tile_not_in_play"
    assert r.json()["error"]["field"] == "hand"
    r = client.post("/v1/shanten", json={"hand": "123x"})
    assert r.status_code == 422 and r.json()["error"]["field"] == "hand"
    r = client.post("/v1/shanten", json={"hand": "2223456m123456789p", "visible": "1m"})
    assert r.status_code == 422 and r.json()["error"]["field"] == "visible"
