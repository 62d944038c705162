"""A real library call for each fine error code it gives, with what the error must carry:
`test_errors` checks each, and `test_fine_codes` counts them toward every code being tested.
Tests share these cases through this module, never by importing another test file."""

from __future__ import annotations

from collections.abc import Callable

import twmj

_THREE = twmj.Variant("three_player")
_CHI = [("chi", "123s")]

#: A real input for each fine code a call of the library gives: (call, class, code, field,
#: position, message_zh). The Chinese is what the rule says (a tile has four copies; 三人
#: 麻將 plays without 二萬–八萬 (004); a die has faces 1–6; seats 0–3).
FINE_CASES: list[
    tuple[Callable[[], object], type[twmj.Error], str, str | None, int | None, str]
] = [
    (
        lambda: twmj.parse("12x"),
        twmj.TileError,
        "unknown_symbol",
        None,
        2,
        "看不懂「x」（第 3 個字）",
    ),
    (lambda: twmj.parse("8z"), twmj.TileError, "no_such_tile", None, 0, "沒有「8z」這張牌"),
    (
        lambda: twmj.parse("12"),
        twmj.TileError,
        "number_without_suit",
        None,
        0,
        "「1」後面少了花色（m 萬、p 筒、s 條、z 字、f 花）",
    ),
    (
        lambda: twmj.parse("m"),
        twmj.TileError,
        "suit_without_number",
        None,
        0,
        "花色「m」前面少了數字",
    ),
    (
        lambda: twmj.parse("11111m"),
        twmj.TileError,
        "fifth_copy",
        None,
        4,
        "一萬寫了第五張（一種牌只有四張）",
    ),
    (
        lambda: twmj.parse("1f1f"),
        twmj.TileError,
        "duplicate_flower",
        None,
        2,
        "花牌春寫了兩次（每張花只有一張）",
    ),
    (
        lambda: twmj.tile_name("1m2m"),
        twmj.TileError,
        "not_one_tile",
        "tile",
        2,
        "只能填一張牌，「2m」是第二張",
    ),
    (lambda: twmj.tile_name(" "), twmj.HandError, "no_tile", "tile", None, "沒有填牌（要一張）"),
    (
        lambda: twmj.waits("1112345678999m", visible="1m1m"),
        twmj.HandError,
        "too_many_copies",
        "visible",
        None,
        "一萬超過四張（手牌、副露與已見牌共 5 張）",
    ),
    (
        lambda: twmj.waits("1112345678999m1p", [("pon", "111m")]),
        twmj.HandError,
        "too_many_copies",
        "hand",
        None,
        "一萬超過四張（手牌與副露共 6 張）",
    ),
    (
        lambda: twmj.waits("123m"),
        twmj.HandError,
        "wrong_tile_count",
        "hand",
        None,
        "手牌有 3 張，要 16、13、10、7、4 或 1 張",
    ),
    (
        lambda: twmj.waits("1m", [("pong", "555s")]),
        twmj.HandError,
        "unknown_meld_kind",
        "melds[0].kind",
        None,
        "不認得副露種類「pong」（要 吃、碰、明槓、加槓、暗槓）",
    ),
    (
        lambda: twmj.waits("1m", [("pon", "55s")]),
        twmj.HandError,
        "wrong_meld_size",
        "melds[0].tiles",
        None,
        "碰「55s」要 3 張",
    ),
    (
        lambda: twmj.waits("1m", [("chi", "135s")]),
        twmj.HandError,
        "not_a_run",
        "melds[0].tiles",
        None,
        "吃「135s」不是同一花色的三張連號",
    ),
    (
        lambda: twmj.waits("1m", [("pon", "556s")]),
        twmj.HandError,
        "not_a_set",
        "melds[0].tiles",
        None,
        "碰「556s」不是同一張牌",
    ),
    (
        lambda: twmj.waits("1m", [("pon", "55s1f")]),
        twmj.HandError,
        "flower_in_meld",
        "melds[0].tiles",
        None,
        "碰「55s1f」裡有花牌",
    ),
    (
        lambda: twmj.waits("19m2m", variant=_THREE),
        twmj.HandError,
        "tile_not_in_play",
        "hand",
        3,
        "二萬不在這個規則的牌裡（三人不用二萬到八萬）",
    ),
    (
        lambda: twmj.score("111m999p123s11z", "1z", [*_CHI, ("pon", "111p")], variant=_THREE),
        twmj.HandError,
        "no_chi",
        "melds[0].kind",
        None,
        "three_player 不能吃（chi_allowed = false）",
    ),
    (
        lambda: twmj.score("223456m456789p11z", "9s", _CHI),
        twmj.ContextError,
        "win_tile_missing",
        "win_tile",
        None,
        "胡的牌九條不在手牌裡（手牌要含胡的那張）",
    ),
    (
        lambda: twmj.score("223457m456789p11z", "7m", _CHI),
        twmj.HandError,
        "not_a_win",
        "hand",
        None,
        "223457m456789p11z不是胡牌（要五組加一對）",
    ),
    (
        lambda: twmj.Variant("nope"),
        twmj.VariantError,
        "unknown_preset",
        "preset",
        None,
        "沒有「nope」這個規則（有 taiwan、american、traditional、improved16、hk16、three_player、"
        "two_player）",
    ),
    (
        lambda: twmj.Variant("taiwan", {"nope": 1}),
        twmj.VariantError,
        "unknown_setting",
        "overrides.nope",
        None,
        "沒有「nope」這個家規",
    ),
    (
        lambda: twmj.Variant("taiwan", {"min_tai": -1}),
        twmj.VariantError,
        "bad_setting_value",
        "overrides.min_tai",
        None,
        "家規 min_tai 的值不對（-1 超出 0 到 100）",
    ),
    (
        lambda: twmj.Context(winner=4),
        twmj.ContextError,
        "seat_out_of_range",
        "context.winner",
        None,
        "沒有座位 4（座位是 0 到 3）",
    ),
    (
        lambda: twmj.Context(dice=(7, 1, 1)),
        twmj.ContextError,
        "die_out_of_range",
        "context.dice",
        None,
        "骰子沒有 7 點（1 到 6）",
    ),
    (
        lambda: twmj.score("123456789m123456p11z", "1z", context=twmj.Context(streak=19)),
        twmj.ContextError,
        "streak_over_cap",
        "context.streak",
        None,
        "連莊 19 超過上限 18",
    ),
    (
        lambda: twmj.Context(round_wind="X"),
        twmj.ContextError,
        "not_a_wind",
        "context.round_wind",
        None,
        "「X」不是風（東南西北，或 E S W N）",
    ),
    (
        lambda: twmj.Context(win="nope"),
        twmj.ContextError,
        "unknown_win_kind",
        "context.win",
        None,
        "不認得胡法「nope」",
    ),
    (
        lambda: twmj.Context(win="discard"),
        twmj.ContextError,
        "missing_from_seat",
        "context.from_seat",
        None,
        "放槍要填付錢的人（from_seat）",
    ),
]
