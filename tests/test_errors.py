"""The error hierarchy: each class carries `code`, `field`, `position` and `rule` from the core."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

import twmj
from tests.fine_cases import FINE_CASES
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
