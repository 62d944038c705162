"""The three_player and two_player presets in play from Python (004 兩人麻將、三人麻將規則:
三人 拿掉二萬到八萬, 空出北風位, 多數不能吃; 兩人 只用萬子+字牌, 多數可以吃)."""

import random

import pytest

import twmj
from tests.games import play_out


@pytest.mark.parametrize(("preset", "seats"), [("three_player", 3), ("two_player", 2)])
def test_game_plays_to_the_end(preset: str, seats: int) -> None:
    rng = random.Random(7)
    for seed in range(40):
        game = play_out(twmj.Game(seed, variant=twmj.Variant(preset)), rng)
        assert game.seats == seats
        assert game.variant.preset == preset
        _scores, net = game.settle()
        assert sum(net) == 0
        assert all(n == 0 for n in net[seats:])


def test_three_player_has_no_chi() -> None:
    rng = random.Random(3)
    v = twmj.Variant("three_player")
    for seed in range(30):
        game = twmj.Game(seed, variant=v)
        while not game.is_over:
            seat = game.pending[0]
            acts = game.legal_actions(seat)
            assert not any(a.startswith("chi") for a in acts)
            game.apply(seat, "win" if "win" in acts else rng.choice(acts))


def test_match_rotates_over_the_seated_players() -> None:
    m = twmj.Match(5, variant=twmj.Variant("three_player"))
    rng = random.Random(5)
    dealers = set()
    for _ in range(12):
        if m.over:
            break
        game = m.next_game()
        dealers.add(game.dealer)
        play_out(game, rng)
        net = m.finish(game)
        assert sum(net) == 0 and net[3] == 0
    assert dealers <= {0, 1, 2}


def test_two_player_scripted_deal_offers_chi() -> None:
    # 004 兩人麻將 多數可以吃: seat 1 holds 2m3m and may 吃 seat 0's 1m; seats 2 and 3 are empty.
    hands = ["199m111z222z333z44z55z6z", "2233445566778m8m6z7z", "", ""]
    live = "111m99m22334455m1z2z"
    dead = "66778m8m3z4z4z5z5z6z6z7z7z7z"
    game = twmj.Game.from_deal(hands, live, dead, variant=twmj.Variant("two_player"))
    assert game.seats == 2
    game.apply(0, "discard 1m")
    assert "chi low" in game.legal_actions(1)
    no_chi = twmj.Variant("two_player", {"chi_allowed": False})
    game = twmj.Game.from_deal(hands, live, dead, variant=no_chi)
    game.apply(0, "discard 1m")
    assert not any(a.startswith("chi") for a in game.legal_actions(1))


def test_waits_and_analysis_hold_to_the_tile_set() -> None:
    # 004: 三人 拿掉二萬到八萬 (116 張), 兩人 只用萬子+字牌: a hand holding another tile is no hand
    # of that game, and the error names the tile.
    three, two = twmj.Variant("three_player"), twmj.Variant("two_player")
    assert twmj.waits("123p456p789p123s45s99m", variant=three).tiles == ["3s", "6s"]
    with pytest.raises(twmj.HandError, match="5m is not in play under three_player"):
        twmj.waits("123p456p789p123s45s55m", variant=three)
    with pytest.raises(twmj.HandError, match="5m is not in play under three_player"):
        twmj.analyze("123p456p789p123s45s55m5m", variant=three)
    with pytest.raises(twmj.HandError, match="1p is not in play under two_player"):
        twmj.waits("123m456m789m111z222z1p", variant=two)
    # The tile is refused where it is written in the hand's text (like any bad tile).
    with pytest.raises(twmj.HandError) as e:
        twmj.waits("123p456p789p123s45s55m", variant=three)
    assert (e.value.field, e.value.position) == ("hand", 19)
    with pytest.raises(twmj.HandError) as e:
        twmj.score("123p456p789p123s55m45s", "6s", variant=three)
    assert (e.value.field, e.value.position) == ("hand", 16)
    with pytest.raises(twmj.HandError) as e:
        twmj.parse("1m 五萬", variant=three)
    assert e.value.position == 3
    # The same hands without a variant are plain 16-tile hands.
    assert twmj.waits("123p456p789p123s45s55m").tiles == ["3s", "6s"]


def test_a_scripted_deal_refuses_tiles_out_of_play() -> None:
    # 004: 三人麻將 拿掉二萬到八萬; 兩人麻將 只用萬子+字牌: the error `waits` gives for the tile.
    hands = [
        "1z1z1z1z 2z2z2z2z 3z3z3z3z 4z4z4z4z 1m",
        "5z5z5z5z 6z6z6z6z 7z7z7z7z 9m9m9m9m",
        "1m1m1m 1p1p1p1p 9p9p9p9p 1s1s1s1s 9s",
        "",
    ]
    with pytest.raises(twmj.HandError) as waits:
        twmj.waits("5m 1z1z1z 2z2z2z 3z3z3z 4z4z4z 5z5z6z", variant=twmj.Variant("three_player"))
    with pytest.raises(twmj.HandError) as dealt:
        twmj.Game.from_deal(hands, "5m", "", variant=twmj.Variant("three_player"))
    assert str(dealt.value) == str(waits.value)
