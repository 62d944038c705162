"""The error hierarchy: each class carries `code`, `field`, `position` and `rule` from the core."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

import twmj
from twmj_api.errors import errors_doc

DOCS = Path(__file__).resolve().parents[1] / "docs" / "errors.md"


def test_every_class_roots_at_error_and_input_errors_are_value_errors() -> None:
    for cls in (twmj.TileError, twmj.HandError, twmj.ContextError, twmj.VariantError):
        assert issubclass(cls, twmj.Error) and issubclass(cls, ValueError)
    assert issubclass(twmj.RecordError, twmj.Error) and issubclass(twmj.RecordError, ValueError)
    assert issubclass(twmj.IllegalActionError, twmj.Error)
    assert issubclass(twmj.InternalError, twmj.Error)


def test_each_code_names_its_class_once() -> None:
    # The core lists each fine code once, with its kind and class; the class exists and its
    # default code is the kind's (the coarse codes of before, kept as `kind`).
    codes = [e["code"] for e in twmj.VOCABULARY["errors"]]
    assert len(codes) == len(set(codes)) and tuple(codes) == twmj.ERROR_CODES
    for e in twmj.VOCABULARY["errors"]:
        cls = getattr(twmj, e["class"])
        assert issubclass(cls, twmj.Error)
        if e["kind"] != "unknown_action":  # the second kind of IllegalActionError
            assert cls.default_code == e["kind"]
        assert e["template"] and e["name"] and e["doc"]


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


@pytest.mark.parametrize(
    ("call", "cls", "code", "field", "position", "zh"),
    FINE_CASES,
    ids=[f"{c[2]}-{i}" for i, c in enumerate(FINE_CASES)],
)
def test_each_fine_code_from_a_real_input(
    call: Callable[[], object],
    cls: type[twmj.Error],
    code: str,
    field: str | None,
    position: int | None,
    zh: str,
) -> None:
    with pytest.raises(cls) as e:
        call()
    err = e.value
    assert (err.code, err.field, err.position, err.message_zh) == (code, field, position, zh)
    # The fine code belongs to the class's kind, as the core's list says.
    (entry,) = (t for t in twmj.VOCABULARY["errors"] if t["code"] == code)
    assert (err.kind, type(err).__name__) == (entry["kind"], entry["class"])


def test_an_error_raised_in_python_has_a_chinese_message() -> None:
    e = twmj.VariantError("variant text is neither TOML nor JSON")
    assert (e.code, e.kind, e.message_zh) == ("variant_error", "variant_error", "家規的值不對")


def test_tile_error_has_its_position() -> None:
    # Position 4: the `x` (0-based, in the text of the field named).
    with pytest.raises(twmj.TileError) as e:
        twmj.waits("1111x1m")
    assert (e.value.kind, e.value.field, e.value.position) == ("tile_error", "hand", 4)
    with pytest.raises(twmj.TileError) as e:
        twmj.waits("2223456m123456789p", visible="3m 9z")
    assert (e.value.field, e.value.position) == ("visible", 3)


def test_hand_error_names_the_meld() -> None:
    with pytest.raises(twmj.HandError) as e:
        twmj.waits("1234567m", [("pon", "111p"), ("chi", "135m")])
    assert (e.value.kind, e.value.field, e.value.position) == (
        "hand_error",
        "melds[1].tiles",
        None,
    )
    assert e.value.rule is None


def test_context_error_names_the_context_field() -> None:
    with pytest.raises(twmj.ContextError) as e:
        twmj.Context(win="robbing_kong")
    assert (e.value.kind, e.value.field, e.value.position) == (
        "context_error",
        "context.from_seat",
        None,
    )
    # A bad seat is a context error wherever it is given.
    with pytest.raises(twmj.ContextError) as e:
        twmj.Game(1).legal_actions(4)
    assert (e.value.kind, e.value.field) == ("context_error", "seat")
    with pytest.raises(twmj.ContextError) as e:
        twmj.Game.from_deal(["1m", "", "", ""], "", "", dealer=5)
    assert e.value.field == "dealer"


def test_variant_error_names_the_setting() -> None:
    with pytest.raises(twmj.VariantError) as e:
        twmj.Variant("taiwan", {"min_tai": -1})
    assert (e.value.kind, e.value.field, e.value.position) == (
        "variant_error",
        "overrides.min_tai",
        None,
    )


def test_illegal_action_names_its_rule() -> None:
    g = twmj.Game(9)
    seat = g.pending[0]
    other = (seat + 1) % 4
    with pytest.raises(twmj.IllegalActionError) as e:
        g.apply(other, "pass")
    # 000 合法與犯規: 輪序 (turn order).
    assert (e.value.kind, e.value.field, e.value.rule) == ("illegal_action", None, "輪序")
    with pytest.raises(twmj.IllegalActionError) as e:
        g.apply(seat, 999)
    assert (e.value.kind, e.value.rule) == ("unknown_action", None)


def test_record_error_names_the_line_and_field() -> None:
    g = twmj.Game(3)
    for _ in range(3):
        s = g.pending[0]
        g.apply(s, g.legal_actions(s)[0])
    lines = g.record().splitlines()
    good = list(lines)
    bad = json.loads(lines[2])
    bad["seat"] = 7
    lines[2] = json.dumps(bad)
    with pytest.raises(twmj.RecordError) as e:
        twmj.replay("\n".join(lines))
    assert (e.value.kind, e.value.line, e.value.field) == ("record_error", 3, "record[2].seat")
    assert str(e.value).startswith("line 3: field 'seat': ")
    # A notation error inside a line keeps its position in that field's text.
    i, draw = next((i, e) for i, e in enumerate(map(json.loads, good)) if e["type"] == "draw")
    draw["tile"] = "5x"
    lines = list(good)
    lines[i] = json.dumps(draw)
    with pytest.raises(twmj.RecordError) as e:
        twmj.replay("\n".join(lines))
    assert (e.value.line, e.value.field, e.value.position) == (i + 1, f"record[{i}].tile", 1)


def test_an_old_win_kind_key_in_a_context_is_read() -> None:
    # `flower_rob_draw` was /v1/score's key for what records call `after_robbing_flower`.
    assert "after_robbing_flower" in twmj.WIN_KINDS and "flower_rob_draw" not in twmj.WIN_KINDS
    ctx = twmj.Context(winner=1, win="flower_rob_draw", from_seat=3)
    assert "after_robbing_flower" in repr(ctx)


def test_errors_doc_is_generated() -> None:
    assert DOCS.read_text(encoding="utf-8") == errors_doc(), (
        "docs/errors.md drifted: run scripts/docs.py"
    )


def test_the_tables_fixed_numbers_are_the_texts() -> None:
    # 000 開頭: 四人對打, 144 張牌（含 8 張花牌）; 牌與發牌: 牌牆最後 16 張不摸; 連莊最多 18 次.
    # Three dice of six faces (002 骰規台: 三顆骰子).
    rules = {k: v for k, v in twmj.LIMITS.items() if k != "review_samples"}
    assert rules == {
        "seats": 4,
        "full_set": 144,
        "kept_back": 16,
        "max_streak": 18,
        "die_faces": 6,
        "melds": 5,
    }
    # 000: a 16-tile hand wins with five sets and a pair, so it never holds more open melds.
    # Not a rule: the most samples one review draws in all (a bound on a call's work, one
    # evaluation's worth at the most).
    assert twmj.LIMITS["review_samples"] == twmj._core.MAX_SAMPLES
    assert twmj.LIMITS["melds"] == (16 + 1 - 2) // 3
    assert twmj.LIMITS["full_set"] == len(twmj.TILES) * twmj.COPIES + len(twmj.FLOWERS)
    assert [t["key"] for t in twmj.VOCABULARY["limits"]] == list(twmj.LIMITS)
    assert all(t["name"] and t["doc"] for t in twmj.VOCABULARY["limits"])
