"""The practice table (issue 29 item 1): `/v1/table/*` keeps no game state, the token holds
it sealed; a hand (and a match) plays to the end over HTTP and its result is `/v1/replay` of
the record it returns."""

from __future__ import annotations

import base64
import http.client
import itertools
import json
import os
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from fastapi.testclient import TestClient

import twmj
from twmj_api import table as tb

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
Answer = dict[str, Any]


def _start(client: TestClient, **body: Any) -> Answer:
    r = client.post("/v1/table/start", json=body)
    assert r.status_code == 200, r.text
    answer: Answer = r.json()
    return answer


def _act(client: TestClient, token: str, action: str) -> Answer:
    r = client.post("/v1/table/act", json={"token": token, "action": action})
    assert r.status_code == 200, r.text
    answer: Answer = r.json()
    return answer


def _play_out(client: TestClient, answer: Answer, pick: int = 0) -> list[Answer]:
    """Every answer until the hand is over, the player taking `legal[pick]` (clipped)."""
    answers = [answer]
    while not answer["over"]:
        legal = answer["legal"]
        answer = _act(client, answer["token"], legal[min(pick, len(legal) - 1)])
        answers.append(answer)
    return answers


def _error(r: Any) -> dict[str, Any]:
    body: dict[str, Any] = r.json()["error"]
    return body


# The result is the record's (issue 29: "each result checked against /v1/replay").


@pytest.mark.parametrize(("seed", "pick"), [(5, 0), (29, -1), (3, 1)])
def test_a_hand_plays_to_the_end_and_its_result_is_replay_of_its_record(
    client: TestClient, seed: int, pick: int
) -> None:
    answers = _play_out(client, _start(client, seed=seed, bots=["value"]), pick)
    end = answers[-1]
    assert end["over"] and end["record"] and not end["legal"]
    replayed = client.post("/v1/replay", json={"record": end["record"]}).json()
    assert replayed["over"] and end["result"] == replayed
    # The money per seat is the record's: each 筆's net money added up.
    if not replayed["fees"] and not replayed["ankan_fees"]:
        money = [sum(s["net_money"][i] for s in replayed["scores"]) for i in range(4)]
        assert end["money"] == money
    # The player's moves are the record's: every `act` of seat 0 was one of the answers' legal.
    lines = [json.loads(x) for x in twmj.record_lines(end["record"])]
    mine = [x["action"] for x in lines if x["type"] == "act" and x["seat"] == 0]
    offered = [a["legal"] for a in answers if a["legal"]]
    assert len(mine) == len(offered)
    assert all(m in legal for m, legal in zip(mine, offered, strict=True))


def test_the_same_seed_deals_the_same_hand_and_without_one_a_fresh_one(
    client: TestClient,
) -> None:
    a, b = _start(client, seed=77), _start(client, seed=77)
    assert a["hand"] == b["hand"] and a["token"] != b["token"]  # a fresh nonce each time
    hands = {tuple(_start(client)["hand"]) for _ in range(3)}
    assert len(hands) == 3


def test_each_answer_is_what_its_token_rebuilds(client: TestClient) -> None:
    # `act` plays the move on the game it rebuilt and the bots on from there; the token it
    # returns, rebuilt from scratch (the seed and every move replayed), is the same table.
    for answer in _play_out(client, _start(client, seed=58, bots=["value"]), -1):
        again = client.post("/v1/table/view", json={"token": answer["token"]}).json()
        assert {k: v for k, v in again.items() if k not in ("token", "events")} == {
            k: v for k, v in answer.items() if k not in ("token", "events")
        }


def test_an_earlier_token_answers_from_its_moment(client: TestClient) -> None:
    answers = _play_out(client, _start(client, seed=5, bots=["efficiency"]))
    for earlier in (answers[0], answers[len(answers) // 2]):
        again = client.post("/v1/table/view", json={"token": earlier["token"]}).json()
        for key in ("hand", "table", "legal", "wall", "drawn", "offer", "over"):
            assert again[key] == earlier[key], key
        assert again["events"] == []
    # Taking the move back and making another: the hand goes on from there.
    first = answers[0]
    other = next(a for a in first["legal"] if a != answers[1]["events"][0].get("action"))
    took_back = _act(client, first["token"], other)
    assert took_back["table"][0]["river"][0]["tile"] == other.split()[1]


def test_the_view_is_the_seats_own_record(client: TestClient) -> None:
    # Each river, in order, is the discards of the seat's record; the hand is the seat's own.
    for answer in _play_out(client, _start(client, seed=11, bots=["value"]))[:-1]:
        game = tb.rebuild(tb.unseal(answer["token"])).game
        lines = twmj.read_record_for(game.record_for(0))
        for s in range(4):
            discards = [
                x["action"].split()[1]
                for x in lines
                if x["type"] == "act" and x["seat"] == s and x["action"].startswith("discard ")
            ]
            assert [r["tile"] for r in answer["table"][s]["river"]] == discards
        own = twmj.parse(game.hand(0))
        assert answer["hand"] == own.tiles and answer["table"][0]["flowers"] == own.flowers
        assert answer["table"][0]["concealed"] == len(answer["hand"])


# The token hides the wall and the other hands (issue 29, "Done when").


def _tiles_in(value: Any) -> Counter[str]:
    """Every tile code among an answer's strings (action names included)."""
    found: Counter[str] = Counter()
    if isinstance(value, dict):
        for v in value.values():
            found += _tiles_in(v)
    elif isinstance(value, list):
        for v in value:
            found += _tiles_in(v)
    elif isinstance(value, str):
        found.update(w for w in value.split() if w in twmj.TILES)
    return found


@pytest.mark.parametrize("seed", [41, 15])  # 15: another seat makes a 暗槓 on the way
def test_no_answer_shows_a_tile_the_seat_cannot_see(client: TestClient, seed: int) -> None:
    for answer in _play_out(client, _start(client, seed=seed, bots=["value"]))[:-1]:
        game = tb.rebuild(tb.unseal(answer["token"])).game
        # What the seat may see, from the core's own record of the seat (docs/log-format.md
        # §8): its hand, every discard, every call and face-up kong, every flower.
        seen: Counter[str] = Counter(twmj.parse(game.hand(0)).tiles)
        for s in range(4):
            for m in game.melds(s):
                if m.kind != "ankan" or s == 0:
                    seen.update(twmj.parse(m.tiles).tiles)
        for x in twmj.read_record_for(game.record_for(0)):
            if x["type"] == "act" and x["action"].startswith("discard "):
                seen[x["action"].split()[1]] += 1
        shown = _tiles_in({k: v for k, v in answer.items() if k != "token"})
        # No kind is shown more often than the seat's sight holds it, once per place it
        # appears: the hand (and its legal discards and the drawn tile), the rivers, the
        # melds and the events; the other hands never.
        for tile in shown:
            assert seen[tile] > 0, (tile, answer["events"])
        for s in answer["table"][1:]:
            assert set(s) == {"seat", "wind", "concealed", "declared", "melds", "flowers", "river"}
        assert answer["record"] is None and answer["result"] is None
        _each_place_holds_what_the_seat_sees(answer, game)


def _each_place_holds_what_the_seat_sees(answer: Answer, game: twmj.Game) -> None:
    """Place by place, the tiles an answer shows are exactly the seat's sight, counted: its
    own hand (the drawn tile in it); each seat's river, its discards in order as the seat's record has them; each
    meld as dealt to the table (another seat's 暗槓 without its tiles); each seat's flowers
    (shown when drawn); and every event a line of the seat's own record."""
    sight = twmj.read_record_for(game.record_for(0))
    whole = twmj.read_record_for(game.record())
    # The hand holds the drawn tile too (`drawn` names which).
    assert Counter(answer["hand"]) == Counter(twmj.parse(game.hand(0)).tiles)
    assert answer["drawn"] is None or answer["drawn"] in answer["hand"]
    for s, seat in enumerate(answer["table"]):
        river = [x["action"].split()[1] for x in sight if _discard_by(x, s)]
        assert [d["tile"] for d in seat["river"]] == river
        melds = game.melds(s)
        assert len(seat["melds"]) == len(melds)
        for shown, meld in zip(seat["melds"], melds, strict=True):
            assert shown["kind"] == meld.kind
            if meld.kind == "ankan" and s != 0:
                assert shown["hidden"] and not _tiles_in(shown["tiles"])
            else:
                assert Counter(shown["tiles"]) == Counter(twmj.parse(meld.tiles).tiles)
        flowers = list(twmj.parse(whole[0]["hands"][s]).flowers) + [
            x["tile"]
            for x in whole
            if x["type"] == "draw" and x["seat"] == s and x["tile"].endswith("f")
        ]
        assert sorted(seat["flowers"]) == sorted(flowers)
    for event in answer["events"]:
        assert event in sight, event


def _discard_by(line: dict[str, Any], seat: int) -> bool:
    return bool(
        line["type"] == "act" and line["seat"] == seat and line["action"].startswith("discard ")
    )


def test_the_token_cannot_be_read_without_the_key(client: TestClient) -> None:
    token = _start(client, seed=123456789)["token"]
    raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    # AES-GCM: under any other key the token does not open (the tag fails), so neither the
    # seed nor anything dealt from it can be read from its bytes.
    with pytest.raises(InvalidTag):
        AESGCM(AESGCM.generate_key(256)).decrypt(raw[:12], raw[12:], b"twmj table token")
    # The plaintext (under the service's key) holds the seed and the moves, not a tile.
    table = tb.unseal(token)
    assert table.seed == 123456789 and table.moves == []
    payload = tb.cipher().decrypt(raw[:12], raw[12:], b"twmj table token")
    assert b"123456789" in payload and not any(t.encode() in payload for t in twmj.TILES)
    assert b"123456789" not in raw


def test_a_tampered_or_forged_token_is_refused(client: TestClient) -> None:
    answer = _start(client, seed=9)
    token = answer["token"]
    raw = bytearray(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
    action = answer["legal"][0]
    for i in (0, 12, len(raw) // 2, len(raw) - 1):  # nonce, ciphertext, tag
        bad = bytearray(raw)
        bad[i] ^= 1
        forged = base64.urlsafe_b64encode(bytes(bad)).decode().rstrip("=")
        r = client.post("/v1/table/act", json={"token": forged, "action": action})
        assert r.status_code == 422
        e = _error(r)
        assert (e["code"], e["field"]) == ("bad_token", "token")
        assert e["message_zh"].startswith("牌局代碼無效")
    # Forged from scratch: random bytes, text that is not base64url, a token of another key.
    other = AESGCM(AESGCM.generate_key(256))
    nonce = os.urandom(12)
    payload = json.dumps({"v": tb.VERSION, "h": "1", "a": ""}).encode()
    foreign = base64.urlsafe_b64encode(nonce + other.encrypt(nonce, payload, None)).decode()
    for forged in (base64.urlsafe_b64encode(os.urandom(80)).decode(), "not a token!", foreign):
        for path in ("/v1/table/act", "/v1/table/view", "/v1/table/hint"):
            body = {"token": forged} | ({"action": action} if path.endswith("act") else {})
            r = client.post(path, json=body)
            assert r.status_code == 422 and _error(r)["code"] == "bad_token", (path, r.text)
    # Over the size limit: refused by the schema, naming the token.
    r = client.post("/v1/table/view", json={"token": "A" * (tb.MAX_TOKEN + 1)})
    assert r.status_code == 422 and _error(r)["field"] == "token"


def test_an_illegal_move_is_the_cores_refusal(client: TestClient) -> None:
    answer = _start(client, seed=9)
    r = client.post("/v1/table/act", json={"token": answer["token"], "action": "pon"})
    assert r.status_code == 422
    e = _error(r)
    assert (e["code"], e["field"]) == ("illegal_action", "action")
    r = client.post("/v1/table/act", json={"token": answer["token"], "action": "fly"})
    assert _error(r)["code"] == "unknown_action"


# Two workers, two machines (issue 29: "works across two workers").


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def _post(port: int, path: str, body: dict[str, Any]) -> tuple[int, Any]:
    """One request on a fresh connection (a fresh connection may reach any worker)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        conn.request("POST", path, json.dumps(body), {"content-type": "application/json"})
        r = conn.getresponse()
        return r.status, json.loads(r.read())
    finally:
        conn.close()


def _serve(workers: int, secret: str | None) -> tuple[subprocess.Popen[bytes], int]:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != tb.SECRET_ENV}
    if secret is not None:
        env[tb.SECRET_ENV] = secret
    code = f"from twmj_api.server import run; run({HOST!r}, {port}, {workers})"
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        conn = http.client.HTTPConnection(HOST, port, timeout=2)
        try:
            conn.request("GET", "/health")
            if conn.getresponse().status == 200:
                return proc, port
        except OSError:
            time.sleep(0.2)
        finally:
            conn.close()
    proc.kill()
    raise AssertionError("the server did not start")


@pytest.fixture
def servers() -> Iterator[list[tuple[subprocess.Popen[bytes], int]]]:
    started: list[tuple[subprocess.Popen[bytes], int]] = []
    yield started
    for proc, _ in started:
        proc.terminate()
        proc.wait(timeout=30)


def test_machines_sharing_the_secret_accept_each_others_tokens(
    servers: list[tuple[subprocess.Popen[bytes], int]],
) -> None:
    shared = "a secret every machine of the service is given, 32+ characters"
    for secret in (shared, shared, "another service's secret, also long enough"):
        servers.append(_serve(1, secret))
    (_, a), (_, b), (_, c) = servers
    status, answer = _post(a, "/v1/table/start", {"seed": 5})
    assert status == 200
    status, moved = _post(b, "/v1/table/act", {"token": answer["token"], "action": "discard 9s"})
    assert status == 200 and moved["table"][0]["river"][0]["tile"] == "9s"
    status, refused = _post(c, "/v1/table/act", {"token": answer["token"], "action": "discard 9s"})
    assert status == 422 and refused["error"]["code"] == "bad_token"


def test_workers_share_the_generated_secret(
    servers: list[tuple[subprocess.Popen[bytes], int]],
) -> None:
    # No secret configured: `twmj serve --workers 2` generates one in the parent, before the
    # workers start. Tokens from either worker open in either: 16 start/act pairs on fresh
    # connections (with a key per worker, about half the acts would land on the other one).
    servers.append(_serve(2, None))
    (_, port) = servers[0]
    for seed in range(16):
        status, answer = _post(port, "/v1/table/start", {"seed": seed})
        assert status == 200
        status, moved = _post(port, "/v1/table/view", {"token": answer["token"]})
        assert status == 200, moved
        assert moved["hand"] == answer["hand"]


# A match (issue 29 item 5).


def test_an_east_round_match_plays_to_its_end_with_running_totals(client: TestClient) -> None:
    answer = _start(client, seed=11, match="east", bots=["value"])
    totals = [0, 0, 0, 0]
    dealers = []
    hands = 0
    while True:
        end = _play_out(client, answer)[-1]
        hands += 1
        replayed = client.post("/v1/replay", json={"record": end["record"]}).json()
        assert end["result"] == replayed
        totals = [t + n for t, n in zip(totals, replayed["net_tai"], strict=True)]
        assert end["match"]["totals"] == totals and end["match"]["hand"] == hands
        dealers.append((end["dealer"], end["streak"], end["round_wind"]))
        if end["match"]["over"]:
            break
        r = client.post("/v1/table/next", json={"token": end["token"]})
        assert r.status_code == 200, r.text
        answer = r.json()
    # 東風圈: every hand in the 東 round; the dealer passes 0 → 1 → 2 → 3, keeping the deal
    # (連莊, streak + 1) when it wins or the hand is drawn (000 連莊).
    assert all(w == 0 for _, _, w in dealers)
    assert [d for d, _, _ in dealers] == sorted(d for d, _, _ in dealers)
    assert dealers[0] == (0, 0, 0) and dealers[-1][0] == 3
    for (d0, s0, _), (d1, s1, _) in itertools.pairwise(dealers):
        assert (d1, s1) in ((d0, s0 + 1), (d0 + 1, 0))
    r = client.post("/v1/table/next", json={"token": end["token"]})
    assert r.status_code == 422 and _error(r)["message_zh"] == "這場已經打完了"


def test_a_match_hands_record_shows_nothing_of_the_next_hand(client: TestClient) -> None:
    # Each hand's seed is derived one way from the match's: the record of hand 1 (its deal
    # in full) does not hold the seed of the match's own shuffle, and hand 2 is dealt from
    # a seed no record shows.
    end = _play_out(client, _start(client, seed=2**63 + 29, match="full", bots=["random"]))[-1]
    first = json.loads(twmj.record_lines(end["record"])[0])
    table = tb.unseal(end["token"])
    assert first["type"] == "deal"  # the whole deal, no seed line
    nxt = client.post("/v1/table/next", json={"token": end["token"]}).json()
    later = _play_out(client, nxt)[-1]
    second = json.loads(twmj.record_lines(later["record"])[0])
    assert second["type"] == "deal" and second["door_from_dice"] is True
    records = end["record"] + later["record"]
    secret = (table.seed, *(tb.hand_seed(table.seed, k) for k in (-1, 0, 1, 2)))
    assert not any(str(seed) in records for seed in secret)


def test_hints_answer_only_when_asked(client: TestClient) -> None:
    answer = _start(client, seed=5)
    assert "shanten" not in answer and "discards" not in answer
    hint = client.post("/v1/table/hint", json={"token": answer["token"]}).json()
    game = tb.rebuild(tb.unseal(answer["token"])).game
    a = twmj.analyze(game.hand(0), game.melds(0))
    assert hint["shanten"] == a.shanten
    assert sorted(d["tile"] for d in hint["discards"]) == sorted(d.tile for d in a.discards)
    assert all(w["dead"] == (w["remaining"] == 0) for d in hint["discards"] for w in d["waits"])
    # Issue 29 item 3: the discards come best first by the coach's evaluator, each with the
    # value it gives that discard on the same samples (seeded by the moves made: none yet).
    legal: list[str | int] = [x for x in game.legal_actions(0) if x.startswith("discard ")]
    evaluated = game.evaluate(0, hint["samples"], 0, legal)
    mean = {e["action"].removeprefix("discard "): e["mean"] for e in evaluated["estimates"]}
    assert {d["tile"]: d["value"] for d in hint["discards"]} == mean
    values = [d["value"] for d in hint["discards"]]
    assert values == sorted(values, reverse=True)
    assert hint["discards"][0]["tile"] == evaluated["best"].removeprefix("discard ")
    # Asked again at the same moment, the same hint.
    assert client.post("/v1/table/hint", json={"token": answer["token"]}).json() == hint


def test_the_bots_listed_are_the_cores_and_each_is_seated(client: TestClient) -> None:
    listed = client.get("/v1/table/bots").json()
    assert sorted(b["key"] for b in listed) == sorted(twmj.bots.NAMES)
    assert all(b["name"] for b in listed)
    # Exactly one is the default, and it is the bot a table without `bots` seats.
    (default,) = [b["key"] for b in listed if b["default"]]
    assert _start(client, seed=1)["bots"] == ["", default, default, default]
    for b in listed:
        answer = _start(client, seed=1, bots=[b["key"]])
        assert answer["bots"] == ["", b["key"], b["key"], b["key"]]
    r = client.post("/v1/table/start", json={"bots": ["value", "random"]})
    assert r.status_code == 422 and _error(r)["field"] == "bots"
    answer = _start(client, seed=1, seat=2, bots=["random", "value", "efficiency"])
    assert answer["bots"] == ["value", "efficiency", "", "random"] and answer["seat"] == 2


@pytest.mark.parametrize("preset", twmj.PRESETS)
def test_every_preset_plays_to_the_end(client: TestClient, preset: str) -> None:
    # Three- and two-player tables seat as many; american's 換三張 is played through `legal`.
    answer = _start(client, variant=preset, seed=7, bots=["value"])
    seats = twmj.Game(0, twmj.Variant(preset)).seats
    assert answer["seats"] == seats and len(answer["table"]) == seats
    end = _play_out(client, answer)[-1]
    replayed = client.post("/v1/replay", json={"record": end["record"]}).json()
    assert end["result"] == replayed
    assert sum(end["money"]) == 0


# The bots' names (issue 29 follow-up: one owner per fact).


def test_the_bots_chinese_names_are_the_cores_alone(client: TestClient) -> None:
    # The page's names are the core's vocabulary `bots`, and no other layer spells one: a
    # second spelling anywhere in the Python, the service, the page, the binding or the WASM
    # build would drift from the core's.
    listed = {b["key"]: b["name"] for b in client.get("/v1/table/bots").json()}
    assert listed == twmj.vocab.BOT_NAMES
    assert client.get("/v1/vocabulary").json()["bots"] == twmj.VOCABULARY["bots"]
    assert [t["key"] for t in twmj.VOCABULARY["bots"]] == list(twmj.bots.NAMES)
    assert len(set(listed.values())) == len(listed)
    owner = ROOT / "rust" / "twmj-core" / "src" / "game" / "bots" / "mod.rs"
    assert all(f'"{n}"' in owner.read_text(encoding="utf-8") for n in listed.values())
    found = []
    for folder in ("python", "api", "rust", "js", "docs", "scripts"):
        for path in (ROOT / folder).rglob("*"):
            if path == owner or not path.is_file() or "target" in path.parts:
                continue
            if path.suffix not in (".py", ".pyi", ".rs", ".js", ".mjs", ".ts", ".html", ".md"):
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            found += [f"{path.relative_to(ROOT)}: {n}" for n in listed.values() if n in text]
    assert found == []


# The table at a reviewed decision (issue 29 item 4: "click a decision to see the table at
# that moment").


def test_a_moment_is_the_table_the_player_decided_at(client: TestClient) -> None:
    answers = _play_out(client, _start(client, seed=94, bots=["value"]), -1)
    end = answers[-1]
    lines = [json.loads(x) for x in twmj.record_lines(end["record"])]
    mine = [i for i, x in enumerate(lines, start=1) if x["type"] == "act" and x["seat"] == 0]
    deciding = [a for a in answers if a["legal"]]
    assert len(mine) == len(deciding)
    for line, before in zip(mine, deciding, strict=True):
        r = client.post("/v1/table/moment", json={"token": end["token"], "line": line})
        assert r.status_code == 200, r.text
        m = r.json()
        # What the player saw when it made that move: the answer that asked for it.
        assert {k: v for k, v in m.items() if k not in ("token", "events")} == {
            k: v for k, v in before.items() if k not in ("token", "events")
        }
        assert m["events"] == [] and lines[line - 1]["action"] in m["legal"]
    # Every decision the review lists is one of these lines.
    review = client.post("/v1/review", json={"record": end["record"], "seat": 0, "samples": 2})
    assert {d["line"] for d in review.json()["decisions"]} <= set(mine)


def test_a_moment_is_refused_before_the_end_or_off_the_players_moves(client: TestClient) -> None:
    answers = _play_out(client, _start(client, seed=94, bots=["value"]), -1)
    end, playing = answers[-1], answers[1]
    lines = [json.loads(x) for x in twmj.record_lines(end["record"])]
    other = next(i for i, x in enumerate(lines, start=1) if x.get("seat") != 0)
    for token, line, field, code in (
        (playing["token"], 1, "token", "context_error"),
        (end["token"], other, "line", "context_error"),
        (end["token"], len(lines) + 1, "line", "context_error"),
        (end["token"], 0, "line", "invalid_request"),
        ("forged", 1, "token", "bad_token"),
    ):
        r = client.post("/v1/table/moment", json={"token": token, "line": line})
        assert r.status_code == 422, (line, r.text)
        assert (_error(r)["field"], _error(r)["code"]) == (field, code)


def test_a_flower_win_paid_mid_hand_is_in_each_answer_until_the_end(client: TestClient) -> None:
    # Issue 30, house rule flower_win.play_on (當場收分，照常開始打牌): seed 74541 pays an opening
    # 七搶一 (seat 3 robs seat 2's flower) and the hand goes on. Every answer while it is played
    # carries the paid 筆 as the core settles it (Game.settle_paid, Game.paid_reward); at the
    # end `result` holds it as the hand's first 筆 and `paid` is null.
    overrides: dict[str, int | bool | str] = {"flower_win.play_on": True}
    game = twmj.Game(74541, twmj.Variant("taiwan", overrides))
    scores, net_tai = game.settle_paid()
    money = game.paid_reward("money")
    answers = _play_out(client, _start(client, seed=74541, overrides=overrides, bots=["value"]))
    assert answers[0]["paid"] == {
        "seat": 3,
        "items": [{"key": i.key, "name": i.name, "tai": i.tai} for i in scores[0].items],
        "tai": scores[0].total_tai,
        "money": money,
        "net_tai": net_tai,
    }
    assert all(a["paid"] == answers[0]["paid"] for a in answers[:-1])
    end = answers[-1]
    assert end["paid"] is None
    assert end["result"]["wins"][0]["kind"] == "seven_rob_one"
    # Without the house rule the same seed is over at the deal, nothing paid mid-hand.
    assert _start(client, seed=74541)["over"]
