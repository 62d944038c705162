"""`twmj.score` from Python: the worked examples of the rule texts, verbatim in numbers, and
the Python-side surface (variants as data, contexts, why-not, compare).

The tai items one by one are tested in the core (`rust/twmj-core/tests/scoring/taiwan.rs`); here every
example goes through the public function a user calls."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import twmj

CASES = json.loads((Path(__file__).parent / "cases" / "scoring_examples.json").read_text("utf-8"))


def _context(c: dict[str, Any]) -> twmj.Context:
    c = dict(c)
    if "dice" in c:
        c["dice"] = tuple(c["dice"])
    return twmj.Context(**c)


@pytest.mark.parametrize("case", CASES, ids=[c["source"] for c in CASES])
def test_worked_example(case: dict[str, Any]) -> None:
    s = twmj.score(
        case["hand"],
        case["win_tile"],
        [tuple(m) for m in case["melds"]],
        context=_context(case["context"]),
        variant=twmj.Variant(case["variant"]),
    )
    assert s.total_tai == case["total_tai"]
    assert [[i.name, i.tai] for i in s.items] == case["items"]
    assert s.allowed == case.get("allowed", True)
    assert [[p.payer, p.total_tai] for p in s.payments] == case["payments"]
    assert s.net_tai == case["net_tai"]
    assert s.net_money == case["net_money"]
    assert sum(s.net_tai) == 0


def test_hand_with_or_without_the_winning_tile() -> None:
    # 16 tiles + win tile, or the 17 tiles that already hold it: the same score.
    a = twmj.score("123456789m234p56p77s", "7p")
    b = twmj.score("123456789m234p56p77s7p", "7p")
    assert (a.total_tai, a.decomposition) == (b.total_tai, b.decomposition)
    with pytest.raises(twmj.ContextError, match="does not hold the winning tile 1s"):
        twmj.score("123456789m234p56p77s7p", "1s")
    with pytest.raises(twmj.HandError):
        twmj.score("123456789m234p56p77s", "1s")  # 1s does not complete it


def test_ping_hu_reading_of_the_rule_example() -> None:
    # 000 平胡的認定: 二二二三四五六萬＋一到九筒 (here with 123p as a 吃, since 門清不計平胡):
    # 1, 4, 7萬 are 平胡; 3, 6萬 are the pair (單吊), not 平胡.
    melds = [("chi", "123p")]
    for tile, ping in [("1m", True), ("4m", True), ("7m", True), ("3m", False), ("6m", False)]:
        ctx = twmj.Context(winner=1, win="discard", from_seat=2, seat_wind="S")
        s = twmj.score("2223456m456789p", tile, melds, context=ctx)
        assert ("ping_hu" in [i.key for i in s.items]) is ping, tile


def test_why_not_names_the_reason() -> None:
    ctx = twmj.Context(winner=1, win="discard", from_seat=2, seat_wind="S", flowers="1f")
    s = twmj.score("2223456m456789p", "1m", [("chi", "123p")], context=ctx, why_not=True)
    reasons = {n.key: n.reason for n in s.why_not}
    assert "ping_hu" in reasons and "flower" in reasons["ping_hu"]
    assert reasons["concealed"].startswith("門清")


def test_variant_overrides_are_data() -> None:
    house = twmj.load_variant({"preset": "taiwan", "tai": {"ping_hu": 3}})
    ctx = twmj.Context(winner=1, win="discard", from_seat=2, seat_wind="S")
    s = twmj.score("2223456m456789p", "1m", [("chi", "123p")], context=ctx, variant=house)
    assert [(i.key, i.tai) for i in s.items] == [("ping_hu", 3)]
    assert s.overrides == [("tai.ping_hu", "3")]
    with pytest.raises(twmj.VariantError, match=r"variant setting 'tai\.nope'"):
        twmj.load_variant({"tai": {"nope": 1}})
    with pytest.raises(twmj.VariantError, match="variant setting 'min_tai'"):
        twmj.Variant("american", {"min_tai": "three"})
    with pytest.raises(twmj.VariantError):
        twmj.Variant("mahjong-soul")


def test_american_friend_mode_threshold() -> None:
    # 002 起胡台數: friend mode may set 0, 2, 3 or 5; 範例四's 2-tai win from a 閒家 passes at 2.
    ctx = twmj.Context(winner=1, win="discard", from_seat=2, seat_wind="S", dice=(1, 2, 5))
    hand, melds = "456m789m234p56p77s", [("chi", "123m")]
    assert not twmj.score(hand, "7p", melds, ctx, twmj.Variant("american")).allowed
    friends = twmj.Variant("american", {"min_tai": 2})
    assert twmj.score(hand, "7p", melds, ctx, friends).allowed


def test_compare_shows_the_differing_items() -> None:
    ctx = twmj.Context(winner=1, win="discard", from_seat=2, seat_wind="S", dice=(2, 3, 6))
    scores, differing = twmj.compare(
        "456m789m234p56p77s",
        "7p",
        [twmj.Variant("taiwan"), twmj.Variant("american")],
        [("chi", "123m")],
        ctx,
    )
    assert [s.total_tai for s in scores] == [2, 3]
    assert differing == [("dice", "骰規台", [0, 1])]
    # An item is named as the first variant counting it names it: 000 平胡 vs hk16's 平糊 rows,
    # hk16 門前清 (000 門清).
    plain = twmj.Context(winner=1, win="discard", from_seat=2, seat_wind="S")
    _, differing = twmj.compare(
        "123456789m234p56p77s", "7p", [twmj.Variant("taiwan"), twmj.Variant("hk16")], None, plain
    )
    names = {k: n for k, n, _ in differing}
    assert names["concealed"] == "門清" and names["ping_wu_clean"] == "平糊（無花）"
    # One hand has one size: the 13-tile game (004) and a 16-tile one cannot share it.
    thirteen = twmj.Variant("two_player", {"hand_size": 13})
    with pytest.raises(twmj.VariantError, match="variant 1 reads 13-tile hands"):
        twmj.compare("123456789m234p56p77s", "7p", [twmj.Variant("taiwan"), thirteen])
    _, differing = twmj.compare(
        "123456789m234p56p77s", "7p", [twmj.Variant("hk16"), twmj.Variant("taiwan")], None, plain
    )
    assert {k: n for k, n, _ in differing}["concealed"] == "門前清"


@pytest.mark.parametrize(
    ("kwargs", "field", "message"),
    [
        ({"win": "discard"}, "context.from_seat", "a discard win needs from_seat"),
        ({"win": "tsumo"}, "context.win", "unknown win 'tsumo'"),
        ({"seat_wind": "X"}, "context.seat_wind", "'X' is not a wind"),
        ({"declared": "riichi"}, "context.declared", "unknown declaration 'riichi'"),
        ({"flowers": "1m"}, "context.flowers", "'1m' holds tiles that are not flowers"),
    ],
)
def test_bad_context(kwargs: dict[str, Any], field: str, message: str) -> None:
    # The field is the error's attribute (a path under `context`) and leads its message.
    with pytest.raises(twmj.ContextError) as err:
        twmj.Context(**kwargs)
    assert (err.value.kind, err.value.field) == ("context_error", field)
    assert str(err.value).startswith(f"{field}: {message}")


def test_seat_out_of_range_is_a_context_error() -> None:
    with pytest.raises(twmj.ContextError, match="seat 7 does not exist"):
        twmj.score("123456789m234p56p77s", "7p", context=twmj.Context(winner=7))


def test_flower_win_is_its_own_bill() -> None:
    # 000 花牌與花胡: 八仙過海 8 台, three pay; the winner is a 閒家 (no dealer tai for two).
    ctx = twmj.Context(winner=1, dealer=0, flowers="12345678f")
    s = twmj.score_flower("eight_immortals", ctx)
    assert [(i.name, i.tai) for i in s.items] == [("八仙過海", 8)]
    assert [[p.payer, p.total_tai] for p in s.payments] == [[2, 11], [3, 11], [0, 12]]
    assert sum(s.net_tai) == 0


@pytest.mark.parametrize(
    ("discarder", "able", "won"),
    [
        # 000 多家同時胡: two able → 攔胡, the first in turn order from the discarder wins.
        (2, [0, 3], [3]),
        (2, [1, 0], [0]),
        (0, [3, 2], [2]),
        # Three able → 一砲三響, all win, in turn order from the discarder.
        (2, [1, 3, 0], [3, 0, 1]),
        (1, [2], [2]),
    ],
)
def test_several_winners(discarder: int, able: list[int], won: list[int]) -> None:
    assert twmj.winners(discarder, able) == won


def test_american_drops_claims_under_the_threshold_first() -> None:
    # 002 多家同時胡: a claim under 3 tai is not a win, so two able seats with one short
    # leave a single winner (no 攔胡 against a seat that cannot win).
    v = twmj.Variant("american")
    short = twmj.score(
        "456m789m234p56p77s",
        "7p",
        [("chi", "123m")],
        twmj.Context(winner=3, win="discard", from_seat=2, seat_wind="N", dice=(1, 2, 5)),
        v,
    )
    enough = twmj.score(
        "123456789m555z56p77s",
        "7p",
        None,
        # The dealer: 門清 1 + 三元牌 (白) 1 + 莊家 1 = 3.
        twmj.Context(winner=0, win="discard", from_seat=2, dice=(1, 2, 5)),
        v,
    )
    assert not short.allowed and enough.allowed
    able = [s.winner for s in (short, enough) if s.allowed]
    assert twmj.winners(2, able) == [0]
    # Without the threshold both could win, and 攔胡 would give the tile to seat 3.
    assert twmj.winners(2, [short.winner, enough.winner]) == [3]


def test_wait_values_price_each_wait() -> None:
    # The 平胡 example with a 吃 (so 門清 does not block 平胡): 1m/4m/7m on a discard are
    # 平胡 2 台, 3m/6m (單吊 on the pair) are not; every self-draw is 自摸 1.
    values = twmj.wait_values(
        "2223456m456789p", [("chi", "123p")], twmj.Context(winner=1, seat_wind="S")
    )
    assert [v.tile for v in values] == ["1m", "3m", "4m", "6m", "7m"]
    assert [v.on_discard.total_tai for v in values] == [2, 0, 2, 0, 2]
    assert [v.on_self_draw.total_tai for v in values] == [1, 1, 1, 1, 1]
    assert not any(v.single_wait for v in values)


def test_context_repr_reads_like_its_constructor() -> None:
    ctx = twmj.Context(winner=1, win="discard", from_seat=2, seat_wind="S")
    assert repr(ctx) == (
        "Context(winner=1, dealer=0, streak=0, seat_wind='S', round_wind='E', "
        "win='discard', from_seat=2)"
    )


def test_traditional_preset() -> None:
    # 001 台數表: 不求 3 (門清加自摸), 河底撈魚 1, 天聽 16; 001 胡牌: 一家放槍只能一家胡牌.
    trad = twmj.Variant("traditional")
    s = twmj.score("123456789m234p56p77s", "7p", context=twmj.Context(winner=1), variant=trad)
    assert [(i.name, i.tai) for i in s.items] == [("不求", 3)]
    ctx = twmj.Context(winner=1, win="discard", from_seat=2, seat_wind="S", last_tile=True)
    s = twmj.score("456m789m234p56p77s", "7p", [("chi", "123m")], ctx, trad)
    assert [(i.name, i.tai) for i in s.items] == [("平胡", 2), ("河底撈魚", 1)]
    # 001 writes no note on 天聽, so 門清 adds (000's MIGI 備註 does not carry over); 天聽 is the
    # dealer's (在莊家取完牌後，打出第一張牌時即聽牌).
    ctx = twmj.Context(winner=0, win="discard", from_seat=2, declared="heaven_ready")
    s = twmj.score("123456789m234p56p77s", "7p", context=ctx, variant=trad)
    assert [(i.name, i.tai) for i in s.items] == [("門清", 1), ("平胡", 2), ("天聽", 16)]
    assert twmj.winners(3, [2, 0, 1], trad) == [0]
    assert twmj.winners(3, [2, 0, 1]) == [0, 1, 2]


def test_improved16_preset() -> None:
    # 003 改良式: 台灣縱貫線 12 (不計一條龍、紅中、混一色); 中庸全統制: 放槍 N × 台數 × 3.
    imp = twmj.Variant("improved16")
    ctx = twmj.Context(winner=1, win="discard", from_seat=2, seat_wind="S")
    s = twmj.score("123m456m789m444z777z2z", "2z", context=ctx, variant=imp)
    keys = [i.key for i in s.items]
    assert "taiwan_line" in keys and "straight" not in keys and "half_flush" not in keys
    s = twmj.score("234m678m234p56p77s", "7p", [("chi", "789s")], ctx, imp)
    assert [(i.name, i.tai) for i in s.items] == [("平胡", 2)]
    assert [(p.payer, p.total_tai) for p in s.payments] == [(2, 6)]
    assert twmj.winners(0, [3, 1], imp) == [1, 3]


def test_false_win_penalty() -> None:
    # 001 台數表 詐胡: 宣告地聽後詐胡則需賠其它三家一底八台 (底 3 + 8 = 11 each).
    pays = twmj.false_win(1, (8, 8, 8, 8), twmj.Variant("traditional"))
    assert [(p.payee, p.total_tai, p.money) for p in pays] == [
        (2, 11, 1100),
        (3, 11, 1100),
        (0, 11, 1100),
    ]
    with pytest.raises(twmj.ContextError):
        twmj.false_win(4, (0, 0, 0, 0))


def test_hk16_counts_fan_with_its_own_rows() -> None:
    # 003 hk16 (番): 瀝姑瀝姑 30 可與其他牌型複合 (混一色 20, 門前清 3, 無花 1); the same hand
    # under improved16 (註八: 只另計自摸、不求人) is the shape alone.
    ctx = twmj.Context(winner=1, win="discard", from_seat=2, seat_wind="S")
    hk = twmj.Variant("hk16")
    s = twmj.score("113355779m1122z555z", "9m", context=ctx, variant=hk)
    assert sorted((i.name, i.tai) for i in s.items) == sorted(
        [("瀝姑瀝姑", 30), ("門前清", 3), ("混一色", 20), ("無花", 1)]
    )
    s = twmj.score("113355779m1122z555z", "9m", context=ctx, variant=twmj.Variant("improved16"))
    assert [(i.name, i.tai) for i in s.items] == [("瀝咕瀝咕", 8)]
    # 七隻內 20 needs the winner's discards; a bad count is a ContextError naming the field.
    near = twmj.Context(winner=1, win="discard", from_seat=2, seat_wind="S", discards=3)
    s = twmj.score("123456789m234p56p77s", "7p", context=near, variant=hk)
    assert ("within_seven", 20) in [(i.key, i.tai) for i in s.items]
    with pytest.raises(twmj.ContextError, match=r"context\.discards: "):
        twmj.Context(discards=300)


def test_the_flower_win_is_named_as_the_records_name_it() -> None:
    # The vocabulary, records and docs call the win `eight_flowers`; its row's key in the
    # taiwan table, `eight_immortals` (tai.eight_immortals), names the same win.
    ctx = twmj.Context(winner=1, dealer=0, flowers="12345678f")
    by_kind = twmj.score_flower("eight_flowers", ctx)
    by_row = twmj.score_flower("eight_immortals", ctx)
    assert [(i.key, i.tai) for i in by_kind.items] == [("eight_immortals", 8)]
    assert by_kind.net_money == by_row.net_money
    assert "eight_flowers" in twmj.WIN_KINDS


def test_hk16_has_no_flower_win_of_its_own() -> None:
    # 003 hk16: 八仙過海40番 自摸八隻花。(只是在胡的時候加40番); 七搶一 20番 … (胡的時候加20番).
    hk16 = twmj.Variant("hk16")
    ctx = twmj.Context(winner=1, dealer=0, flowers="12345678f")
    for kind, robbed in (("eight_flowers", None), ("seven_rob_one", 2)):
        with pytest.raises(twmj.ContextError) as e:
            twmj.score_flower(kind, ctx, hk16, robbed=robbed)
        assert e.value.field == "kind"
    # The rows count on the hand's regular win instead.
    win = twmj.Context(winner=1, dealer=0, win="discard", from_seat=2, flowers="12345678f")
    s = twmj.score("123456789m234p56p77s", "7p", context=win, variant=hk16)
    assert ("eight_flowers", 40) in [(i.key, i.tai) for i in s.items]
    # The setting reads (and sets) the rows: a house rule brings the flower win back.
    assert dict(hk16.settings())["flower_wins"] is False
    assert dict(twmj.Variant("taiwan").settings())["flower_wins"] is True
    house = twmj.Variant("hk16", {"flower_wins": True})
    assert twmj.score_flower("eight_flowers", ctx, house).items[0].key == "eight_immortals"


def test_a_deal_ended_by_eight_flowers_adds_no_dice_tai_under_taiwan() -> None:
    # 000 不採用的項目: 骰子加台 (only 002's table has 骰規台). Seat 1 is dealt all eight flowers;
    # dice (2, 3, 6) would be 全黑 under american. 000 計分: 應付 = 底 300 + 台數 × 100, the
    # dealer adding 莊家 1: 1200, 1100, 1100.
    hands = [
        "2m2m8s8s 1z2z3z4z5z6z7z 1p9p 1s9s 5p 5s",
        "1f2f3f4f5f6f7f8f 4m6m 1z2z3z4z 9m 9s",
        "3z3z 4z4z 5z5z 6z6z 7z7z 1m1m 9m9m 1p1p",
        "2p2p 8p8p 2s2s 3s3s 4s4s 6s6s 7s7s 9p9p",
    ]
    dead = "3m3p3s7m7p7s2p8p"
    used = sum((Counter(twmj.parse(h).tiles) for h in [*hands, dead]), Counter[str]())
    live = "".join(t * (4 - used[t]) for t in twmj.TILES)
    for preset, items, money in (
        ("taiwan", [("eight_immortals", 8)], [-1200, 3400, -1100, -1100]),
        ("american", [("eight_immortals", 8), ("dice", 1)], [-1300, 3700, -1200, -1200]),
    ):
        g = twmj.Game.from_deal(hands, live, dead, variant=twmj.Variant(preset), dice=(2, 3, 6))
        assert g.is_over
        bills, net_tai = g.settle()
        assert [(i.key, i.tai) for i in bills[0].items] == items, preset
        assert bills[0].net_money == money, preset
        assert net_tai == [m // 100 for m in money], preset


def test_each_payment_line_carries_its_multiple() -> None:
    # The line says what (底 + 台) was multiplied by, so a reader (the page) never restates the
    # payment rules: 000 計分 pays 底 + 台 (× 1); 003 中庸全統制 pays 台 × 2 on 自摸 from each,
    # × 3 from a discarder, no 底; 豹子整筆加倍 (issue 30) doubles the whole 筆.
    hand, tile = "123456789m234p56p77s", "7p"
    drawn = twmj.Context(winner=1, dealer=0, seat_wind="S")
    discard = twmj.Context(winner=1, dealer=0, seat_wind="S", win="discard", from_seat=0)
    leopard = twmj.Context(winner=1, dealer=0, seat_wind="S", dice=(4, 4, 4))
    cases = [
        (drawn, twmj.Variant(), 1),
        (drawn, twmj.Variant("improved16"), 2),
        (discard, twmj.Variant("improved16"), 3),
        (leopard, twmj.Variant("taiwan", {"leopard_double": True}), 2),
    ]
    for context, variant, multiple in cases:
        s = twmj.score(hand, tile, context=context, variant=variant)
        assert s.payments and {p.multiple for p in s.payments} == {multiple}
        for p in s.payments:
            assert p.total_tai == (p.base_tai + p.hand_tai + p.dealer_tai) * p.multiple
            assert p.money == p.total_tai * int(variant.settings()["tai_money"])
    # A false win's lines are 自摸-shaped (× 2 under 中庸全統制), and × 1 under 底 + 台.
    assert {p.multiple for p in twmj.false_win(0, (5, 5, 5, 5))} == {1}
    assert {p.multiple for p in twmj.false_win(0, (5, 5, 5, 5), twmj.Variant("improved16"))} == {2}
