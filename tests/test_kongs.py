"""Kongs from Python and over HTTP: 四槓胡 ends the hand (001 特殊胡牌 四槓胡: 不分明槓暗槓，即算
自摸胡牌該局結束(不得加算自摸台); 台數表 四槓牌 8; 003 改良式 四槓胡), and hk16's 暗槓 底 (003 hk16
槓牌 1番: 暗槓須抽出牌面向底，即可向每家收一個底): an 暗槓 collects one 底 from each other seated
player whatever the end of the hand. The scripted deals and their settlement are tested in the
core (`rust/twmj-core/tests/game/kongs.rs`, `rust/twmj-core/tests/game/ankan_fee.rs`).

001 = `shared/rules/001_ba6a33a17cf73d0e.txt`, 003 = `shared/rules/003_7c688f691808702a.txt`."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

import twmj
from tests.games import ankan_deal, four_kongs
from twmj_api.main import create_app


def keys(s: twmj.Score) -> dict[str, int]:
    return {i.key: i.tai for i in s.items}


def _to_the_end(g: twmj.Game) -> None:
    """Everyone passes every offer and discards, never winning, until the wall runs out."""
    while not g.is_over:
        seat = g.pending[0]
        if g.phase == "offer":
            g.apply(seat, "pass")
        else:
            g.apply(seat, next(a for a in g.legal_actions(seat) if a.startswith("discard")))


def test_the_setting_is_listed() -> None:
    assert twmj.Variant("hk16").settings()["ankan_fee"] == 1
    assert twmj.Variant("taiwan").settings()["ankan_fee"] == 0
    with pytest.raises(twmj.VariantError, match="ankan_fee"):
        twmj.Variant("hk16", {"ankan_fee": -1})


def test_an_ankan_collects_on_a_draw() -> None:
    # 即可向每家收一個底: the 流局 keeps it; 底 = 3 台 (300 / 100).
    g = ankan_deal(twmj.Variant("hk16"))
    g.apply(0, "ankan 1z")
    _to_the_end(g)
    result = g.result()
    assert result is not None and result["draw"] is True
    assert result["ankan_fees"] == [[0, "1z"]]
    scores, net = g.settle()
    assert scores == []
    assert net == [9, -3, -3, -3]
    assert '"ankan_fees":[[0,"1z"]]' in g.record()
    # 有人胡後須翻出來給大家看: every seat's record ends naming the kong it saw as `ankan ?`.
    seen = g.record_for(1)
    assert '"action":"ankan ?"' in seen
    assert seen.splitlines()[-1].endswith('"ankan_fees":[[0,"1z"]]}')
    assert twmj.replay(g.record()).result() == result
    # The same hand under taiwan: nothing.
    g = ankan_deal(twmj.Variant("taiwan"))
    g.apply(0, "ankan 1z")
    _to_the_end(g)
    result = g.result()
    assert result is not None and result["ankan_fees"] == []
    assert g.settle()[1] == [0, 0, 0, 0]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as c:
        yield c


def test_replay_shows_the_fee(client: TestClient) -> None:
    # The dealer kongs, then throws 中 and seat 1 wins: the dealer pays the win and collects
    # its 底 from all three; /v1/replay settles under the record's rules (hk16).
    g = ankan_deal(twmj.Variant("hk16"))
    g.apply(0, "ankan 1z")
    g.apply(0, "discard 7z")
    g.apply(1, "win")
    assert g.is_over
    body = client.post("/v1/replay", json={"record": g.record()}).json()
    assert body["ankan_fees"] == [{"seat": 0, "tile": "1z"}] and body["fees"] == []
    _, net = g.settle()
    assert body["net_tai"] == net and sum(net) == 0
    # Seats 2 and 3 pay only the 底 (3 台); the winner gains the win less its 底.
    assert net[2] == net[3] == -3
    win = body["scores"][0]["payments"][0]
    assert (win["payer"], win["payee"]) == (0, 1)
    assert net[1] == win["total_tai"] - 3
    listing = {p["name"]: p["settings"] for p in client.get("/v1/variants").json()}
    assert listing["hk16"]["ankan_fee"] == 1 and listing["taiwan"]["ankan_fee"] == 0


def test_four_kongs_win_ends_the_hand() -> None:
    # 001 特殊胡牌 四槓胡: 不分明槓暗槓，即算自摸胡牌該局結束(不得加算自摸台); 台數表 四槓牌 8,
    # 圈風 and 門風 of the 東 kong, 莊家 1: each of three pays 一底 3 + 10 + 1.
    game = four_kongs("traditional")
    result = game.result()
    assert result is not None
    [win] = result["wins"]
    assert (win["seat"], win["kind"], win["tile"], win["discards"]) == (0, "four_kongs", None, 0)
    scores, net = game.settle()
    assert [s.total_tai for s in scores] == [10]
    assert net == [42, -14, -14, -14]
    end = json.loads(game.record().splitlines()[-1])
    assert end["wins"][0]["kind"] == "four_kongs"
    again = twmj.replay(game.record())
    assert again.result() == result


def test_four_kongs_off_in_taiwan() -> None:
    # 000 has no 四槓胡: the fourth kong takes its replacement.
    game = four_kongs("taiwan")
    assert not game.is_over
    assert game.variant.settings()["four_kongs_win"] is False


def test_four_kongs_settings_listed() -> None:
    s = twmj.Variant("traditional").settings()
    assert (s["four_kongs_win"], s["four_kongs_pass_deal"]) == (True, True)
    s = twmj.Variant("improved16").settings()
    assert (s["four_kongs_win"], s["four_kongs_pass_deal"]) == (True, False)


def test_four_kongs_from_score() -> None:
    # 001 特殊胡牌 四槓胡 (四槓牌 8, 不得加算自摸台): `hand` is the tiles besides the kongs.
    ms = [("ankan", "1111z"), ("minkan", "2222p"), ("ankan", "3333s"), ("kakan", "4444m")]
    ctx = twmj.Context(winner=1, seat_wind="S", win="four_kongs")
    s = twmj.score("5678m", "4m", melds=ms, context=ctx, variant=twmj.Variant("traditional"))
    assert keys(s) == {"four_kongs": 8, "round_wind": 1}
    assert len(s.payments) == 3
    with pytest.raises(twmj.ContextError) as e:
        twmj.score("5678m", "4m", melds=ms, context=ctx)
    assert e.value.field == "context.win"


def test_four_kongs_compared_between_tables() -> None:
    # The same 四槓胡 under 001 (四槓牌 8) and 003 改良式 (四槓胡): compare scores the hand as
    # given, as score does, each variant as its own score would.
    ms = [("ankan", "1111z"), ("minkan", "2222p"), ("ankan", "3333s"), ("kakan", "4444m")]
    ctx = twmj.Context(winner=1, seat_wind="S", win="four_kongs")
    tables = [twmj.Variant("traditional"), twmj.Variant("improved16")]
    scores, _ = twmj.compare("5678m", "4m", tables, melds=ms, context=ctx)
    for v, s in zip(tables, scores, strict=True):
        alone = twmj.score("5678m", "4m", melds=ms, context=ctx, variant=v)
        assert s.total_tai == alone.total_tai
        assert keys(s) == keys(alone)
    assert keys(scores[0]) == {"four_kongs": 8, "round_wind": 1}
