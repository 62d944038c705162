"""Issue 32 item 4 over HTTP: each fine code an endpoint reaches answers 422 with the error body
`{"error": {code, message, field, position, message_zh}}`, the core's Chinese sentence and the
field of the request at fault. Each request breaks one rule, named beside it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

import twmj

WIN = {"hand": "123456789m123456p11z", "win_tile": "1z"}
TURN = {"seat": 0, "hand": "123m456m789m123p45678p", "drawable": 40, "decision": {"turn": {}}}
OFFER_HAND = "123m456m789m123p4567p"


def _offer(**offer: Any) -> dict[str, Any]:
    return {**TURN, "hand": OFFER_HAND, "decision": {"offer": offer}}


def _record(kind: str, **fields: Any) -> str:
    first = twmj.Game(1).record().splitlines()[0]
    return first + "\n" + json.dumps({"type": kind, **fields})


CASES: list[tuple[str, dict[str, Any], str, str, str]] = [
    # The payer of a 放槍 is another seat.
    (
        "/v1/score",
        {**WIN, "context": {"winner": 1, "win": "discard", "from_seat": 1}},
        "payer_is_winner",
        "context.from_seat",
        "座位 1 是胡牌的人，不能付自己的胡（也不能胡自己打的牌）",
    ),
    (
        "/v1/score",
        {**WIN, "flowers": "1m"},
        "not_a_flower",
        "flowers",
        "「1m」裡有不是花的牌（這裡只填花）",
    ),
    # 海底 is the wall's last tile; a robbed 加槓 is none (000 搶槓).
    (
        "/v1/score",
        {**WIN, "context": {"win": "robbing_kong", "from_seat": 1, "last_tile": True}},
        "moments_conflict",
        "context.last_tile",
        "海底跟搶槓不能同時成立：搶槓的牌不是牌牆的最後一張",
    ),
    # 004 三人麻將: 空出北風位.
    (
        "/v1/score",
        {
            "variant": "three_player",
            "hand": "19m111999p11z123s",
            "win_tile": "1z",
            "melds": [{"kind": "pon", "tiles": "999m"}],
            "context": {"round_wind": "N"},
        },
        "north_seat_empty",
        "context.round_wind",
        "三人麻將空出北風位：圈風不能是北",
    ),
    # 004 兩人麻將 花牌看桌: no flower is held.
    (
        "/v1/score",
        {
            "hand": "123456789m111222z33z",
            "win_tile": "3z",
            "variant": "two_player",
            "flowers": "1f",
        },
        "no_flowers_played",
        "flowers",
        "two_player 不用花牌（flowers = false），胡牌的人卻有 1 張花",
    ),
    # Four 東 in the set: three shown, the winner's other one and the winning one make five.
    (
        "/v1/score",
        {**WIN, "context": {"shown": 3}},
        "shown_over_copies",
        "context.shown",
        "桌上已見 3 張東，加上手裡的 1 張和胡的那張超過 4 張",
    ),
    (
        "/v1/score",
        {**WIN, "win_tile": "1z1z"},
        "not_one_piece",
        "win_tile",
        "「胡的牌」要一張牌，「1z1z」不是",
    ),
    # /v1/legal: a decision is one of turn, offer and opening.
    (
        "/v1/legal",
        {"snapshot": {**TURN, "decision": {"turn": {}, "offer": {"from": 1, "discard": "9s"}}}},
        "two_decisions",
        "snapshot.decision.offer",
        "decision 只能是 turn、offer 或 opening 其中一種，這裡同時有 turn、offer",
    ),
    (
        "/v1/legal",
        {"snapshot": _offer(**{"from": 0, "discard": "9s"})},
        "own_offer",
        "snapshot.decision.offer.from",
        "座位 0 不能吃、碰、槓或胡自己出的牌",
    ),
    (
        "/v1/legal",
        {"snapshot": {**TURN, "decision": {"turn": {"drawn": "9s"}}}},
        "drawn_not_in_hand",
        "snapshot.decision.turn.drawn",
        "摸到的九條不在手牌裡",
    ),
    # 000 花牌 8 張: one of each flower.
    (
        "/v1/legal",
        {"snapshot": {**TURN, "hand": "123m456m789m123p45678p1f", "flowers": "1f"}},
        "flower_twice",
        "snapshot.flowers",
        "花牌春出現兩次（hand 和 flowers 都寫了；每張花只有一張）",
    ),
    # 144 pieces: 17 at the seat and the 16 kept back leave 111 to draw.
    (
        "/v1/legal",
        {"snapshot": {**TURN, "drawable": 120}},
        "wall_too_small",
        "snapshot.drawable",
        "牌牆最多還剩 111 張，不能再摸 120 張",
    ),
    # 000 七搶一 情形 2: only the seat holding seven flowers may rob a shown eighth.
    (
        "/v1/legal",
        {"snapshot": _offer(**{"from": 1, "flower": "8f"})},
        "no_flower_to_rob",
        "snapshot.decision.offer.flower",
        "座位 0 不能搶這張花（七搶一要門前已有 7 張花，這一家有 0 張），亮花時只問能七搶一的那一家",
    ),
    (
        "/v1/legal",
        {"snapshot": {**TURN, "furiten": True, "furiten_tiles": "9s"}},
        "bad_hand_field",
        "snapshot.furiten_tiles",
        "「snapshot.furiten_tiles」要是空的（furiten 為 true 時所有的胡都已擋下，兩者只給一個）",
    ),
    (
        "/v1/replay",
        {"record": _record("shout")},
        "unknown_event",
        "record[1].type",
        "牌譜第 2 行：不認得事件種類「shout」",
    ),
    (
        "/v1/quiz",
        {"melds": 5, "seed": 1},
        "over_limit",
        "melds",
        "副露數只能是 0 到 4（上限 4），不能是 5",
    ),
]


@pytest.mark.parametrize(
    ("path", "body", "code", "field", "zh"), CASES, ids=[f"{c[2]}-{i}" for i, c in enumerate(CASES)]
)
def test_each_fine_code_over_http(
    client: TestClient, path: str, body: dict[str, Any], code: str, field: str, zh: str
) -> None:
    r = client.post(path, json=body)
    assert r.status_code == 422, r.text
    err = r.json()["error"]
    assert {"code", "message", "field", "position", "message_zh"} <= set(err), err
    assert (err["code"], err["field"], err["message_zh"]) == (code, field, zh), err
    assert err["message"]


def test_a_seat_that_may_rob_the_flower_is_asked(client: TestClient) -> None:
    # 000 七搶一 情形 2: with seven flowers shown and a tile to replace with, the seat may rob
    # the eighth or let it go (可以選擇不搶).
    snap = {**_offer(**{"from": 1, "flower": "8f"}), "flowers": "1234567f"}
    r = client.post("/v1/legal", json={"snapshot": snap})
    assert r.status_code == 200, r.text
    assert set(r.json()["actions"]) == {"seven rob one", "pass"}


def test_tile_only_furiten_bars_only_its_tiles(client: TestClient) -> None:
    # 004 過水 (別人打出你能胡的牌、你沒有喊胡，在你下一次摸牌之前，不能再胡同一張): only the tile
    # let go is barred. The hand waits on 3s and 6s (45s).
    hand = "123m456m789m123p11z45s"

    def wins(discard: str, **furiten: Any) -> bool:
        offer = {"from": 3, "discard": discard}
        snap = {**TURN, "hand": hand, "decision": {"offer": offer}, **furiten}
        r = client.post("/v1/legal", json={"snapshot": snap})
        assert r.status_code == 200, r.text
        return "win" in r.json()["actions"]

    assert wins("3s") and wins("6s")
    assert not wins("3s", furiten_tiles="3s") and wins("6s", furiten_tiles="3s")
    # 000 過水 (過水期間，任何牌都不能胡): `furiten` bars both.
    assert not wins("3s", furiten=True) and not wins("6s", furiten=True)
