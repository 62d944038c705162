"""The settings registry, read from the core: the values it lists agree with the presets, the
docs table is generated from it, and 換三張 is one of its settings."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import twmj

ROOT = Path(__file__).resolve().parents[1]


def test_registry_agrees_with_every_preset() -> None:
    # Two reads of the same fact: the registry's per-preset value and the preset's settings().
    keys = [s.key for s in twmj.SETTINGS if not s.key.endswith("<item>")]
    assert len(keys) == len(set(keys))
    for preset in twmj.PRESETS:
        listed = twmj.Variant(preset).settings()
        for s in twmj.SETTINGS:
            if s.key.endswith("<item>"):
                continue
            assert s.defaults[preset] == listed[s.key], (preset, s.key)
        # Every listed setting is a registry key or a member of a family (tai.<item>,
        # exclude.<item>), and each item the table has comes with both (issue 30).
        assert set(listed) <= set(keys) | set(twmj.TAI_KEYS) | set(twmj.EXCLUDE_KEYS)
        tai = {k.removeprefix("tai.") for k in listed if k.startswith("tai.")}
        excluded = {k.removeprefix("exclude.") for k in listed if k.startswith("exclude.")}
        assert tai <= excluded, preset


def test_registry_spot_values() -> None:
    spec = {s.key: s for s in twmj.SETTINGS}
    # 002: 起胡 3 and 換三張 in the american preset only.
    assert spec["min_tai"].defaults["american"] == 3
    assert spec["exchange"].defaults == {p: p == "american" for p in twmj.PRESETS}
    # 000 連莊: the cap is a setting (18), a range of integers.
    assert (spec["streak_cap"].type, spec["streak_cap"].defaults["taiwan"]) == ("integer", 18)
    assert spec["multi_win"].choices == ["nearest", "nearest_of_two", "all"]
    assert spec["hand_size"].choices == [16, 13]
    assert spec["special_shapes.lig_gu"].layer == "analysis"
    assert spec["wall_reserve"].layer == "flow"
    assert all(s.doc and s.doc_zh for s in twmj.SETTINGS)
    assert "tai.ping_hu" in twmj.TAI_KEYS and "tai.dice" not in twmj.TAI_KEYS


@pytest.mark.parametrize(
    ("key", "value"),
    [("min_tai", 101), ("min_tai", "3"), ("exchange", 1), ("multi_win", "most"), ("hand_size", 14)],
)
def test_bad_values_name_the_key(key: str, value: int | str) -> None:
    with pytest.raises(twmj.VariantError, match=f"'{key}'"):
        twmj.Variant("taiwan", {key: value})


def test_exchange_is_a_setting() -> None:
    # 換三張 (002) follows the `exchange` setting, not the preset's name.
    assert twmj.Game(3, variant=twmj.Variant("american")).phase == "exchange"
    taiwan = twmj.Game(3, variant=twmj.Variant("taiwan", {"exchange": True}))
    assert taiwan.phase == "exchange"
    plain = twmj.Game(3, variant=twmj.Variant("american", {"exchange": False}))
    assert plain.phase != "exchange"
    # Passing to 下家/對家/上家 needs four seats: three players never exchange.
    three = twmj.Game(3, variant=twmj.Variant("three_player", {"exchange": True}))
    assert three.phase != "exchange"


def test_docs_settings_table_is_generated() -> None:
    spec = importlib.util.spec_from_file_location("docs_script", ROOT / "scripts" / "docs.py")
    assert spec is not None and spec.loader is not None
    docs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(docs)
    text = (ROOT / "docs" / "variants.md").read_text(encoding="utf-8")
    assert docs.generated(text) == text, "docs/variants.md drifts: run scripts/docs.py"
    for s in twmj.SETTINGS:
        assert f"| `{s.key}` |" in text
