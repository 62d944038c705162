"""House rules as settings (issue 30): the `exclude.<item>` family from Python, and the rule
card (`Variant.card` / `Variant.from_card`, `Variant.diff`). The scoring of each exclusion kind,
with its source, is in the core (`rust/twmj-core/tests/scoring/exclusions.rs`)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import twmj


def _score(variant: twmj.Variant) -> list[tuple[str, int]]:
    # 000 台數表 小三元 4, 不另計三元牌: 中 and 發 triplets with a 白 pair, won on the pair.
    ctx = twmj.Context(winner=1, seat_wind="S", win="discard", from_seat=2)
    s = twmj.score("123m456m789p666z777z5z", "5z", None, ctx, variant)
    return [(i.key, i.tai) for i in s.items]


def test_exclusion_is_a_setting_of_every_preset() -> None:
    # 000 小三元 不另計三元牌 is taiwan's value; the key is in the registry's family.
    assert twmj.Variant("taiwan").settings()["exclude.small_dragons"] == "dragon"
    assert "exclude.small_dragons" in twmj.EXCLUDE_KEYS
    family = next(s for s in twmj.SETTINGS if s.key == "exclude.<item>")
    assert family.type == "string" and "備註" in family.name
    # The table that 另計兩組三元牌刻: one override.
    house = twmj.Variant("taiwan", {"exclude.small_dragons": ""})
    assert ("dragon", 2) not in _score(twmj.Variant("taiwan"))
    assert ("dragon", 2) in _score(house)


@pytest.mark.parametrize(
    ("value", "code"),
    [
        ("dragon,dragons", "unknown_item"),
        ("small_dragons", "bad_setting_value"),
        (1, "bad_setting_value"),
    ],
)
def test_bad_exclusions_are_refused_by_field(value: object, code: str) -> None:
    with pytest.raises(twmj.VariantError) as e:
        twmj.Variant("taiwan", {"exclude.small_dragons": value})  # type: ignore[dict-item]
    assert e.value.code == code
    assert e.value.field == "overrides.exclude.small_dragons"


def test_card_of_a_preset_and_of_house_rules() -> None:
    assert twmj.Variant("american").card() == "twmj1.american"
    house = twmj.Variant(
        "taiwan", {"exclude.heaven_win": "*", "tai.ping_hu": 3, "unit": "番", "min_tai": 2}
    )
    card = house.card()
    assert card.startswith("twmj1.taiwan.")
    back = twmj.Variant.from_card(card)
    assert back.settings() == house.settings()
    assert back.card() == card
    assert house.changes() == {
        "exclude.heaven_win": "*",
        "min_tai": 2,
        "tai.ping_hu": 3,
        "unit": "番",
    }
    with pytest.raises(twmj.VariantError) as e:
        twmj.Variant.from_card("twmj1.taiwan.@@")
    assert (e.value.code, e.value.field) == ("bad_card", "card")


def test_diff_item_by_item() -> None:
    a = twmj.Variant("taiwan")
    b = twmj.Variant("taiwan", {"exclude.small_dragons": "", "tai.ping_hu": 3})
    assert a.diff(b) == [("tai.ping_hu", 2, 3), ("exclude.small_dragons", "dragon", "")]
    assert a.diff(a) == []
    # 骰規台 exists only in american's table (002): no value on taiwan's side.
    assert ("tai.dice", None, None) not in a.diff(twmj.Variant("american"))
    assert ("exclude.dice", None, "") in a.diff(twmj.Variant("american"))


def _registry_values() -> st.SearchStrategy[tuple[str, object]]:
    """One registry-valid (key, value): a setting's value in its range or list, an item's tai,
    or an exclusion of a few items."""
    options: list[st.SearchStrategy[tuple[str, object]]] = []
    items = [k.removeprefix("exclude.") for k in twmj.EXCLUDE_KEYS]
    for s in twmj.SETTINGS:
        if s.key.endswith("<item>"):
            continue
        if s.choices is not None:
            values: st.SearchStrategy[object] = st.sampled_from(s.choices)
        elif s.type == "boolean":
            values = st.booleans()
        elif s.minimum is not None and s.maximum is not None:
            values = st.integers(s.minimum, min(s.maximum, s.minimum + 40))
        else:
            continue
        options.append(st.tuples(st.just(s.key), values))
    options.append(st.tuples(st.sampled_from(twmj.TAI_KEYS), st.integers(0, 20)))
    options.append(
        st.sampled_from(items).flatmap(
            lambda own: st.tuples(
                st.just(f"exclude.{own}"),
                st.lists(st.sampled_from([i for i in items if i != own]), max_size=4).map(",".join)
                | st.just("*"),
            )
        )
    )
    return st.one_of(options)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(twmj.PRESETS), st.lists(_registry_values(), max_size=6))
def test_any_valid_override_set_round_trips_and_scores_the_same(
    preset: str, pairs: list[tuple[str, object]]
) -> None:
    variant = twmj.Variant(preset)
    for key, value in pairs:
        try:
            variant = variant.with_overrides({key: value})  # type: ignore[dict-item]
        except twmj.VariantError:
            continue  # refused by the registry (a cross-setting rule): not a valid set
    card = variant.card()
    back = twmj.Variant.from_card(card)
    assert back.settings() == variant.settings()
    assert back.card() == card
    # A 豹子 at the opening, so a money rule on the dice (leopard_double) is exercised too.
    ctx = twmj.Context(winner=1, seat_wind="S", win="discard", from_seat=2, dice=(2, 2, 2))
    for hand, tile in [("123m456m789p666z777z5z", "5z"), ("123456789m234p56p77s", "7p")]:
        try:
            a = twmj.score(hand, tile, None, ctx, variant)
        except twmj.Error as e:
            with pytest.raises(type(e)):
                twmj.score(hand, tile, None, ctx, back)
            continue
        b = twmj.score(hand, tile, None, ctx, back)
        assert (a.total_tai, [(i.key, i.tai) for i in a.items], a.net_money) == (
            b.total_tai,
            [(i.key, i.tai) for i in b.items],
            b.net_money,
        )


def test_a_record_carries_the_rules_and_replays_them() -> None:
    # A game under a house rule records its preset and every override (exclusions included)
    # on its rules line; the replay is played under the same rules, so its card is the same.
    house = twmj.Variant(
        "taiwan",
        {
            "exclude.small_dragons": "",
            "exclude.heaven_win": "*",
            # Issue 30 item 2's kinds ride on the same rules line.
            "ping_hu_wait": "any",
            "flower_win.combined": True,
            "leopard_double": True,
            "furiten_ankan_release": False,
            "minkan_ban_kong_release": False,
        },
    )
    game = twmj.Game(seed=7, variant=house)
    record = game.record()
    assert '"exclude.small_dragons":""' in record.replace(" ", "")
    assert '"leopard_double":true' in record.replace(" ", "")
    assert twmj.replay(record).variant.card() == house.card()


def test_house_rule_kinds_from_python() -> None:
    # Issue 30 item 2 from Python: 平胡 on a 單吊 won on a discard (000 平胡的認定: 以該張作將眼，
    # 不算平胡; the house rule `ping_hu_wait = any` counts it) and 豹子 doubling the money.
    ctx = twmj.Context(winner=1, seat_wind="S", win="discard", from_seat=2)
    hand, melds = "123m456m789m2345p5p", [("chi", "123s")]
    plain = twmj.score(hand, "5p", melds, ctx, twmj.Variant("taiwan"))
    assert "ping_hu" not in [i.key for i in plain.items]
    house = twmj.Variant("taiwan", {"ping_hu_wait": "any"})
    assert [(i.key, i.tai) for i in twmj.score(hand, "5p", melds, ctx, house).items] == [
        ("ping_hu", 2)
    ]
    leopard = twmj.Context(winner=1, seat_wind="S", win="discard", from_seat=2, dice=(6, 6, 6))
    doubled = twmj.Variant("taiwan", {"leopard_double": True})
    once = twmj.score(hand, "5p", melds, leopard, twmj.Variant("taiwan"))
    twice = twmj.score(hand, "5p", melds, leopard, doubled)
    assert twice.net_money == [2 * m for m in once.net_money]


def test_vec_env_plays_the_house_rules() -> None:
    # Issue 30 item 2 in the vector environment: 豹子整筆加倍 changes no play (the same actions
    # give the same hands) and only scales the money: each step's reward is the plain table's
    # or twice it (a hand opened by a 豹子), and some hand over the run is doubled.
    n, win = 64, twmj.ACTIONS.index("win")
    plain = twmj.VecEnv(n, seed=5, variant=twmj.Variant("taiwan"))
    house = twmj.VecEnv(n, seed=5, variant=twmj.Variant("taiwan", {"leopard_double": True}))
    (o1, m1, s1), (o2, m2, s2) = plain.reset(), house.reset()
    rng = np.random.default_rng(0)
    doubled = 0
    for _ in range(6000):
        assert (o1 == o2).all() and (m1 == m2).all() and (s1 == s2).all()
        # A win whenever one is offered, else a random legal action.
        actions = np.where(m1[:, win], win, (m1 * rng.random(m1.shape)).argmax(axis=1))
        o1, m1, s1, r1, _ = plain.step(actions.astype(np.int64))
        o2, m2, s2, r2, _ = house.step(actions.astype(np.int64))
        assert ((r2 == r1) | (r2 == 2 * r1)).all()
        doubled += int(((r2 == 2 * r1) & (r1 != 0)).sum())
    assert plain.hands == house.hands > 1000
    assert doubled > 0


def test_a_flower_win_paid_on_the_spot_from_python() -> None:
    # Issue 30: flower wins 「當場收分，照常開始打牌」 (`flower_win.play_on`) where 000 開局花胡
    # ends the hand (直接判定胡牌). Seat 1 is dealt all eight flowers: 八仙過海 8 台, 三家各付
    # (000 花牌與花胡), 底 3 台 + 8 from each seat and the dealer's 莊家 1: 12 + 11 + 11 tai.
    hands = [
        "1z1z2z2z3z3z4z4z5z5z6z6z7z7z1m5m9m",
        "1f2f3f4f5f6f7f8f1p1p2p2p3p3p4p4p",
        "1s1s2s2s3s3s4s4s5s5s6s6s7s7s8s8s",
        "2m2m3m3m4m4m6m6m7m7m8m8m9p9p9s9s",
    ]
    live, dead = "9m9m1m1m5m5m9p9s1z2z3z4z5z6z7z", "2m3m4m6m7m8m9p9s1p2p3p4p"
    plain = twmj.Game.from_deal(hands, live, dead, variant=twmj.Variant("taiwan"))
    assert plain.is_over
    house = twmj.Variant("taiwan", {"flower_win.play_on": True})
    game = twmj.Game.from_deal(hands, live, dead, variant=house)
    assert not game.is_over and game.pending == [0]
    [flower], paid = game.settle_paid()
    assert [(i.key, i.tai) for i in flower.items] == [("eight_immortals", 8)]
    assert paid == [-12, 34, -11, -11]
    assert paid == plain.settle()[1]
    # Play on, nobody winning: every seat passes an offer or makes its first listed discard.
    while not game.is_over:
        seat = game.pending[0]
        legal = game.legal_actions(seat)
        assert "eight flowers" not in legal  # the flowers are not paid twice
        move = "pass" if "pass" in legal else next(a for a in legal if a.startswith("discard"))
        game.apply(seat, move)
    result = game.result()
    assert result is not None and [w["kind"] for w in result["wins"]] == ["eight_flowers"]
    assert game.settle_paid() == ([], [0, 0, 0, 0])
    scores, net = game.settle()
    assert [(i.key, i.tai) for i in scores[0].items] == [("eight_immortals", 8)]
    assert net == paid and sum(net) == 0
    # The record replays to the same settlement.
    again = twmj.replay(game.record())
    assert again.settle()[1] == net
    assert again.variant.card() == house.card()


def test_a_snapshot_carries_the_paid_flower_win() -> None:
    # A seat holding all eight flowers on its turn may win by them (000 花牌與花胡); once its
    # table paid that flower win on the spot (`flower_win.play_on`), the situation says so and
    # the flowers are not paid again.
    snap = {
        "seat": 1,
        "hand": "2m2m8s8s 4m6m 1z2z3z5z6z7z 9m9p 1s3s 3m",
        "flowers": "12345678f",
        "drawable": 30,
        "decision": {"turn": {"drawn": "3m", "replacement": True}},
        "variant": twmj.Variant("taiwan", {"flower_win.play_on": True}),
    }
    assert "eight flowers" in twmj.legal(snap)[0]
    assert "eight flowers" not in twmj.legal({**snap, "flower_paid": True})[0]


def test_vec_env_plays_on_after_a_flower_win() -> None:
    # `flower_win.play_on` in the vector environment: every 八仙過海 / 七搶一 taken leaves its
    # table's hand going on (000 花牌與花胡 would end it), and every step's rewards still sum to
    # zero (the flower 筆 is settled with the hand's end).
    n = 64
    env = twmj.VecEnv(n, seed=5, variant=twmj.Variant("taiwan", {"flower_win.play_on": True}))
    _, mask, _ = env.reset()
    flower = [twmj.ACTIONS.index("eight flowers"), twmj.ACTIONS.index("seven rob one")]
    rng = np.random.default_rng(0)
    taken = went_on = 0
    for _ in range(6000):
        actions = (mask * rng.random(mask.shape)).argmax(axis=1)
        for f in flower:
            actions = np.where(mask[:, f], f, actions)
        now = mask[np.arange(n), actions] & np.isin(actions, flower)
        _, mask, _, rewards, done = env.step(actions.astype(np.int64))
        assert (rewards.sum(axis=1) == 0).all()
        taken += int(now.sum())
        went_on += int((now & ~done).sum())
    assert taken > 0 and went_on == taken
