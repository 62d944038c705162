"""Shanten, waits and discard analysis with the special shapes of 003 改良式十六張 (瀝咕瀝咕 註八,
十三么 註13), from Python and over HTTP, under a variant that admits them; unchanged without one.

003 = `shared/rules/003_7c688f691808702a.txt`. The special shanten is checked against a slow
reference written here: the most tiles of the hand one complete shape keeps, by a knapsack
over the kinds (瀝咕瀝咕) or by trying every target (十三么).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

import twmj
from twmj_api.main import create_app

IMPROVED = twmj.Variant("improved16")
LIG_GU_ONLY = twmj.Variant("improved16", {"special_shapes.thirteen_orphans": False})
ORPHANS_ONLY = twmj.Variant("improved16", {"special_shapes.lig_gu": False})
REGULAR = [twmj.Variant(p) for p in ("taiwan", "american", "traditional")]

CODES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
ORPHAN_KINDS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]

#: 003 註八: eight pairs, ready for 瀝咕瀝咕 on any of them.
EIGHT_PAIRS = "11m 33m 55p 77p 99s 22z 44z 66z"
#: 003 註13: the orphans but 中, 東 paired, and a run: ready on 中.
ORPHANS_READY = "19m19p19s123456z 1z 234m"


def text(counts: list[int]) -> str:
    return "".join(CODES[i] * n for i, n in enumerate(counts))


# ---------------------------------------------------------------------------------------
# The slow references (0 melds).


def lig_gu_kept(h: list[int]) -> int:
    """Most tiles of `h` one 瀝咕瀝咕 keeps: each kind takes 0, 2, 3 or 4 copies (4 = two
    pairs), exactly one takes 3, and the pairs make seven."""
    none = -1000
    best = {(0, 0): 0}
    for c in h:
        nxt = dict(best)
        for (p, t), v in best.items():
            for dp, dt, keep in ((1, 0, min(c, 2)), (2, 0, min(c, 4)), (0, 1, min(c, 3))):
                key = (p + dp, t + dt)
                if key[0] <= 7 and key[1] <= 1:
                    nxt[key] = max(nxt.get(key, none), v + keep)
        best = nxt
    return best.get((7, 1), none)


def orphans_kept(h: list[int]) -> int:
    """Most tiles of `h` one 十三么 keeps: every paired orphan with every free set."""
    sets = [[i, i, i] for i in range(34)]
    sets += [[i, i + 1, i + 2] for i in range(27) if i % 9 <= 6]
    best = 0
    for j in ORPHAN_KINDS:
        for s in sets:
            t = [0] * 34
            for o in ORPHAN_KINDS:
                t[o] += 1
            t[j] += 1
            for x in s:
                t[x] += 1
            if max(t) <= 4:
                best = max(best, sum(min(a, b) for a, b in zip(h, t, strict=True)))
    return best


def near(rng: random.Random, shape: str, changes: int) -> list[int]:
    """A 16-tile hand `changes` random exchanges from a complete `shape` less one tile."""
    c = [0] * 34
    if shape == "lig_gu":
        trip = rng.randrange(34)
        c[trip] = 3
        pairs = 0
        while pairs < 7:
            i = rng.randrange(34)
            if i != trip and c[i] <= 2:
                c[i] += 2
                pairs += 1
    else:
        for o in ORPHAN_KINDS:
            c[o] = 1
        c[rng.choice(ORPHAN_KINDS)] += 1
        c[rng.choice([i for i in range(34) if c[i] <= 1])] += 3
    tiles = [i for i, n in enumerate(c) for _ in range(n)]
    tiles.remove(rng.choice(tiles))
    for _ in range(changes):
        tiles.remove(rng.choice(tiles))
        tiles.append(rng.choice([i for i in range(34) if tiles.count(i) < 4]))
    out = [0] * 34
    for i in tiles:
        out[i] += 1
    return out


def samples(n: int) -> Iterator[list[int]]:
    rng = random.Random(2026)
    for k in range(n):
        yield near(rng, ("lig_gu", "orphans")[k % 2], k % 5)


# ---------------------------------------------------------------------------------------
# shanten


def test_rule_text_hands() -> None:
    # 003 註八: seven pairs and a triplet is complete; eight pairs ready.
    assert twmj.shanten("11m 33m 55p 77p 99s 22z 44z 666z", variant=IMPROVED) == -1
    assert twmj.shanten(EIGHT_PAIRS, variant=IMPROVED) == 0
    assert twmj.shanten(EIGHT_PAIRS) == twmj.shanten(EIGHT_PAIRS, variant=REGULAR[0]) > 0
    # 003 註13: the orphans missing 中 with a pair and a run: ready on 中.
    assert twmj.shanten(ORPHANS_READY, variant=IMPROVED) == 0
    assert twmj.shanten(ORPHANS_READY) > 0
    # 有一搭可隨意吃碰: the thirteen with one 吃, ready (13 sides).
    assert twmj.shanten("19m19p19s1234567z", [("chi", "456s")], variant=IMPROVED) == 0
    # 瀝咕瀝咕 is 門清: with a meld only the regular shanten (and 十三么's) count.
    hand, melds = "11m 33m 55p 99s 22z 44z 6z", [("pon", "777p")]
    assert twmj.shanten(hand, melds, variant=LIG_GU_ONLY) == twmj.shanten(hand, melds)


@pytest.mark.parametrize("variant", [LIG_GU_ONLY, ORPHANS_ONLY], ids=["lig_gu", "orphans"])
def test_shanten_matches_the_slow_reference(variant: twmj.Variant) -> None:
    for c in samples(300):
        ref = lig_gu_kept(c) if variant is LIG_GU_ONLY else orphans_kept(c)
        special = 16 - ref
        hand = text(c)
        assert twmj.shanten(hand, variant=variant) == min(twmj.shanten(hand), special), hand


def test_default_and_regular_presets_unchanged() -> None:
    for c in samples(100):
        hand = text(c)
        full = hand + next(CODES[i] for i in range(34) if c[i] < 4)
        plain = twmj.analyze(full)
        for v in REGULAR:
            assert twmj.shanten(hand, variant=v) == twmj.shanten(hand)
            a = twmj.analyze(full, variant=v)
            assert a.shanten == plain.shanten
            assert [(d.tile, d.shanten, d.accepts, d.waits) for d in a.discards] == [
                (d.tile, d.shanten, d.accepts, d.waits) for d in plain.discards
            ]


def test_ready_iff_waits() -> None:
    # Shanten 0 under the variant ⇔ the variant lists a wait; and a hand not ready reports
    # the variant's shanten and accepting kinds (those whose draw lowers it).
    for c in samples(120):
        hand = text(c)
        sh = twmj.shanten(hand, variant=IMPROVED)
        w = twmj.waits(hand, variant=IMPROVED)
        assert (sh == 0) == w.tenpai, hand
        if sh > 0:
            assert w.shanten == sh
            lower = [
                CODES[i]
                for i in range(34)
                if c[i] < 4 and twmj.shanten(hand + CODES[i], variant=IMPROVED) < sh
            ]
            assert [a.tile for a in w.accepts] == lower, hand


# ---------------------------------------------------------------------------------------
# analyze


def test_analyze_one_tile_from_lig_gu() -> None:
    # 003 註八: eight pairs and a stray 中: discard it, ready on the eight pairs.
    hand = EIGHT_PAIRS + " 7z"
    a = twmj.analyze(hand, variant=IMPROVED)
    best = a.discards[0]
    assert (a.shanten, best.tile, best.shanten) == (0, "7z", 0)
    pairs = ["1m", "3m", "5p", "7p", "9s", "2z", "4z", "6z"]
    assert [x.tile for x in best.accepts] == pairs
    assert [w.tile for w in best.waits] == pairs
    assert best.accepted == 16
    # Without the variant (or under taiwan): the regular analysis, no such discard.
    for v in (None, REGULAR[0]):
        plain = twmj.analyze(hand, variant=v)
        assert plain.shanten > 0
        assert all(d.waits == () for d in plain.discards)


def test_analyze_one_tile_from_thirteen_orphans() -> None:
    a = twmj.analyze(ORPHANS_READY + " 5p", visible="7z", variant=IMPROVED)
    best = a.discards[0]
    assert (best.tile, best.shanten) == ("5p", 0)
    assert [(x.tile, x.remaining) for x in best.accepts] == [("7z", 3)]
    assert [w.tile for w in best.waits] == ["7z"]


def test_analyze_discards_match_shanten() -> None:
    rng = random.Random(5)
    for c in samples(60):
        c[rng.choice([i for i in range(34) if c[i] < 4])] += 1
        hand = text(c)
        a = twmj.analyze(hand, variant=IMPROVED)
        assert a.shanten == twmj.shanten(hand, variant=IMPROVED)
        for d in a.discards:
            left = list(c)
            left[CODES.index(d.tile)] -= 1
            assert d.shanten == twmj.shanten(text(left), variant=IMPROVED), (hand, d.tile)


# ---------------------------------------------------------------------------------------
# wait values


def test_wait_values_list_the_special_waits() -> None:
    # 003 註八: eight pairs under improved16: eight waits, each a 瀝咕瀝咕 of 8 台.
    vals = twmj.wait_values(EIGHT_PAIRS, variant=IMPROVED)
    assert [v.tile for v in vals] == ["1m", "3m", "5p", "7p", "9s", "2z", "4z", "6z"]
    assert all([(i.key, i.tai) for i in v.on_discard.items] == [("lig_gu", 8)] for v in vals)
    assert twmj.wait_values(EIGHT_PAIRS, variant=REGULAR[0]) == []
    # 003 註13: ready on 中, 16 台.
    vals = twmj.wait_values(ORPHANS_READY, variant=IMPROVED)
    assert [(v.tile, v.on_discard.items[0].key, v.on_discard.items[0].tai) for v in vals] == [
        ("7z", "thirteen_orphans", 16)
    ]


# ---------------------------------------------------------------------------------------
# The game (003 註13 十三么 on a discard, and 搶暗槓)

SEAT1 = "7m 4p 7p 4s 7s 9m 9p 9s 1m 1p 1s 6m 8m 6p 8p 6s"
SEAT3 = "23456z 5m 5p 5s 7m 8s 3p 3s 4m 6m 7p 2p"


def game(dealer: str, variant: twmj.Variant, seat3: str = SEAT3, dead: str = "") -> twmj.Game:
    """Seat 2 ready for 十三么 on 中; the replacement end starts with `dead`, the rest of the
    wall is every other tile."""
    hands = [dealer, SEAT1, ORPHANS_READY, seat3]
    used = sum((Counter(twmj.parse(h).tiles) for h in [*hands, dead]), Counter[str]())
    rest = "".join(t * (4 - used[t]) for t in twmj.TILES)
    g = twmj.Game.from_deal(hands, rest[:100], dead + rest[100:], variant=variant)
    # A 十三么 ready hand is also 十三不搭 (003 改良式 特殊流局情形): its seat passes the 起手
    # redeal under improved16.
    while g.phase == "opening":
        g.apply(g.pending[0], "pass")
    return g


@pytest.mark.parametrize("preset", ["improved16", "taiwan"])
def test_thirteen_orphans_on_a_discard(preset: str) -> None:
    g = game("7z 258m 258p 258s 36m 36p 3s 6s 4p", twmj.Variant(preset))
    g.apply(0, "discard 7z")
    if preset == "taiwan":
        assert g.phase == "turn" and g.legal_actions(2) == []
        return
    assert g.legal_actions(2) == ["win", "pass"]
    g.apply(2, "win")
    scores, _ = g.settle()
    assert ("thirteen_orphans", 16) in [(i.key, i.tai) for i in scores[0].items]


@pytest.mark.parametrize("preset", ["improved16", "taiwan"])
def test_thirteen_orphans_robs_an_ankan(preset: str) -> None:
    g = game("7777z 258m 258p 258s 36m 3p 6p", twmj.Variant(preset))
    g.apply(0, "ankan 7z")
    if preset == "taiwan":
        # 000 搶槓: only a 加槓 can be robbed.
        assert g.legal_actions(2) == []
        with pytest.raises(twmj.IllegalActionError, match="搶槓"):
            g.apply(2, "win")
        return
    assert g.legal_actions(2) == ["win", "pass"]
    g.apply(2, "win")
    result = g.result()
    assert result is not None
    assert [(w["seat"], w["kind"], w["from"]) for w in result["wins"]] == [(2, "robbing_kong", 0)]
    scores, net = g.settle()
    # 003 註13: 搶暗槓胡多一台.
    assert [(i.key, i.tai) for i in scores[0].items] == [
        ("thirteen_orphans", 16),
        ("robbing_kong", 1),
    ]
    assert net[2] > 0 and net[0] == -net[2]


# ---------------------------------------------------------------------------------------
# HTTP


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as c:
        yield c


def test_http_analyze_takes_a_variant(client: TestClient) -> None:
    hand = EIGHT_PAIRS + " 7z"
    body = client.post("/v1/analyze", json={"hand": hand, "variant": "improved16"}).json()
    assert body["shanten"] == 0
    assert body["discards"][0]["tile"] == "7z"
    assert [w["tile"] for w in body["discards"][0]["waits"]] == [
        "1m",
        "3m",
        "5p",
        "7p",
        "9s",
        "2z",
        "4z",
        "6z",
    ]
    # Default unchanged: the library's regular answer.
    plain = client.post("/v1/analyze", json={"hand": hand}).json()
    assert plain["shanten"] == twmj.analyze(hand).shanten > 0
    taiwan = client.post("/v1/analyze", json={"hand": hand, "variant": "taiwan"}).json()
    assert taiwan == plain


def test_http_waits_shanten_takes_a_variant(client: TestClient) -> None:
    # Seven pairs and two singles: one exchange from 瀝咕瀝咕.
    hand = "11m 33m 55p 77p 99s 22z 44z 6z 7z"
    body = client.post("/v1/waits", json={"hand": hand, "variant": "improved16"}).json()
    assert body["tenpai"] is False
    assert body["shanten"] == 1 < twmj.shanten(hand)
    lib = twmj.waits(hand, variant=IMPROVED)
    assert [a["tile"] for a in body["accepts"]] == [a.tile for a in lib.accepts]
    assert len(body["accepts"]) == 9
    plain = client.post("/v1/waits", json={"hand": hand}).json()
    assert plain["shanten"] == twmj.shanten(hand)


def test_http_unknown_variant_is_named(client: TestClient) -> None:
    r = client.post("/v1/analyze", json={"hand": EIGHT_PAIRS + " 7z", "variant": "improved"})
    assert r.status_code == 422
    assert "variant" in r.text


def test_a_wrong_ask_costs_a_fee() -> None:
    # 003 註13: 如否，則最後未胡時得付一台詢問費給暗槓者. Seat 2 asks (`win` on the offer) about
    # the dealer's 暗槓 of 5m: not its 中; the dealer wins on its replacement 4s.
    seat3 = "23456z 8m 5p 5s 7m 8s 3m 3s 4m 6m 7p 2p"
    g = game("5555m 123p 456p 789p 11s 23s", IMPROVED, seat3, dead="4s")
    g.apply(0, "ankan 5m")
    assert g.legal_actions(2) == ["win", "pass"]
    g.apply(2, "win")
    assert g.phase == "turn" and not g.is_over
    g.apply(0, "win")
    result = g.result()
    assert result is not None and result["fees"] == [[2, 0]]
    _, net = g.settle()
    # The dealer's self-draw costs each seat the same; seat 2 pays one 台 more, the fee.
    assert net[1] == net[3] < 0
    assert net[2] == net[1] - 1
    assert sum(net) == 0
    # The record keeps it.
    assert '"fees":[[2,0]]' in g.record()
    assert twmj.replay(g.record()).result() == result


LIG_GU = "11m 33m 55p 77p 99s 22z 44z 666z"


ORPHANS = "19m19p19s1234567z 1z 234m"


def test_is_win_lig_gu() -> None:
    assert twmj.is_win(LIG_GU, variant=IMPROVED)
    # Four alike count as two pairs.
    assert twmj.is_win("1111m 55p 77p 99s 22z 44z 666z", variant=IMPROVED)
    # No triplet, or a meld: no.
    assert not twmj.is_win("11m 33m 55p 77p 99s 22z 44z 66z 7z", variant=IMPROVED)
    assert not twmj.is_win("11m 33m 55p 99s 22z 44z 66z", [("pon", "777p")], variant=IMPROVED)


def test_is_win_thirteen_orphans() -> None:
    assert twmj.is_win(ORPHANS, variant=IMPROVED)
    assert twmj.is_win("19m19p19s1234567z 7z 555p", variant=IMPROVED)
    assert twmj.is_win("19m19p19s1234567z 9s", [("chi", "456s")], variant=IMPROVED)
    assert not twmj.is_win("19m19p19s1234567z 1z 245m", variant=IMPROVED)


@pytest.mark.parametrize(
    "variant", [None, *REGULAR], ids=["none", "taiwan", "american", "traditional"]
)
def test_regular_presets_never_report_them(variant: twmj.Variant | None) -> None:
    assert not twmj.is_win(LIG_GU, variant=variant)
    assert not twmj.is_win(ORPHANS, variant=variant)
    assert not twmj.waits("19m19p19s1234567z 234m", variant=variant).tenpai
    assert not twmj.waits("11m 33m 55p 77p 99s 22z 44z 66z", variant=variant).tenpai


def test_special_waits() -> None:
    # 十三面: the thirteen distinct with a run wait on every one of them.
    w = twmj.waits("19m19p19s1234567z 234m", variant=IMPROVED)
    assert w.tenpai and w.shanten == 0
    assert w.tiles == ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
    # Each is a wait of 十三么's own shape (003 註13), named by it, not a 單吊.
    assert all(x.shapes == ["thirteen_orphans"] for x in w.waits)
    assert {twmj.SHAPE_NAMES[s] for x in w.waits for s in x.shapes} == {"十三么"}
    # 瀝咕瀝咕 on eight pairs: each pair can become the triplet, a wait of 瀝咕瀝咕's shape
    # (003 註八), not a 雙碰 of five sets and a pair (there are none).
    w = twmj.waits("11m 33m 55p 77p 99s 22z 44z 66z", variant=IMPROVED)
    assert w.tiles == ["1m", "3m", "5p", "7p", "9s", "2z", "4z", "6z"]
    assert w.waits[0].shapes == ["lig_gu"] and w.waits[0].remaining == 2
    # A kind both a regular and a special wait lists both.
    w = twmj.waits("112233m 445566p 77s 99s", variant=IMPROVED)
    assert {x.tile: x.shapes for x in w.waits}["7s"] == ["shanpon", "lig_gu"]
    # The 4-copy rule: all four 東 in the hand, so 東 is no wait.
    w = twmj.waits("19m19p19s1234567z 111z", variant=IMPROVED)
    assert "1z" not in w.tiles and len(w.tiles) == 12
    # A regular wait and a special one together.
    regular = twmj.waits("11m 33m 55p 77p 99s 22z 666z 4z")
    assert not regular.tenpai
    assert twmj.waits("11m 33m 55p 77p 99s 22z 666z 4z", variant=IMPROVED).tiles == ["4z"]


def test_scored_under_improved16() -> None:
    ctx = twmj.Context(winner=1, win="discard", from_seat=2)
    s = twmj.score(LIG_GU, "6z", None, ctx, IMPROVED)
    assert [(i.key, i.name, i.tai) for i in s.items] == [("lig_gu", "瀝咕瀝咕", 8)]
    s = twmj.score(ORPHANS, "7z", None, ctx, IMPROVED)
    assert s.total_tai == 16 and s.items[0].name == "十三么"
    for v in REGULAR:
        with pytest.raises(twmj.HandError):
            twmj.score(ORPHANS, "7z", None, ctx, v)


def test_switch_is_a_setting() -> None:
    off = twmj.Variant("improved16", {"special_shapes.thirteen_orphans": False})
    assert not twmj.is_win(ORPHANS, variant=off)
    assert twmj.is_win(LIG_GU, variant=off)
    on = twmj.Variant("taiwan", {"special_shapes.lig_gu": True})
    assert twmj.is_win(LIG_GU, variant=on)
