"""Variants as data: a preset plus overrides, from a mapping, a TOML or JSON file, or text.

    [variant]                     # or the same keys at the top level
    preset = "american"
    min_tai = 0                   # the american friend mode (起胡 0, 2, 3 or 5)
    [variant.tai]
    ping_hu = 3                   # a house rule: 平胡 is worth 3
    [variant.dice]
    leopard = 4                   # 骰規台 豹子

Nested tables become dotted keys (`tai.ping_hu`, `dice.leopard`); every key and value is
checked by the core, which raises `twmj.VariantError` naming the key.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from twmj._core import (
    SettingSpec,
    Variant,
    exclude_keys,
    family_keys,
    presets,
    settings_registry,
    tai_keys,
)
from twmj.errors import VariantError

__all__ = [
    "DEFAULT_PRESET",
    "EXCLUDE_KEYS",
    "FAMILIES",
    "FAMILY_KEYS",
    "PRESETS",
    "SETTINGS",
    "TAI_KEYS",
    "exclusions_table",
    "load_variant",
    "rule_set",
    "settings_table",
    "variant_settings",
]

#: The preset names, default first.
PRESETS: tuple[str, ...] = tuple(presets())

#: The preset a variant starts from when none is named (the core's default variant).
DEFAULT_PRESET: str = Variant().preset

#: The core's settings registry: every setting (key, type, range or choices, layer, docs in
#: English and Chinese, the value in every preset), then the `tai.<item>` family.
SETTINGS: tuple[SettingSpec, ...] = tuple(settings_registry())

#: The registry's entry of each family of settings keyed `<family>.<item>`, by the family's
#: key as the core names it (`SettingSpec.family`: `tai`, `exclude`).
FAMILIES: dict[str, SettingSpec] = {s.family: s for s in SETTINGS if s.family is not None}

#: Every key of each family, by the family's key.
FAMILY_KEYS: dict[str, tuple[str, ...]] = {f: tuple(family_keys(f)) for f in FAMILIES}

#: Every key of the `tai.<item>` family.
TAI_KEYS: tuple[str, ...] = tuple(tai_keys())

#: Every key of the `exclude.<item>` family (the items not counted beside an item, as item
#: keys joined by commas; `"*"` every other item).
EXCLUDE_KEYS: tuple[str, ...] = tuple(exclude_keys())


def _flatten(data: Mapping[str, Any], prefix: str = "") -> dict[str, int | bool | str]:
    out: dict[str, int | bool | str] = {}
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.update(_flatten(value, f"{name}."))
        elif isinstance(value, bool | int | str):
            out[name] = value
        else:
            raise VariantError(
                f"variant setting '{name}': {type(value).__name__} is not an integer, "
                "true/false or text"
            )
    return out


def rule_set(text: str) -> Variant:
    """A preset name (`american`) or a rule card (`Variant.card()`, the page's 分享家規): what
    `twmj arena` and `twmj simulate` take, and what their Ray tasks receive (a string travels
    where a `Variant` would have to be pickled). A card is the one with a dot: no preset name
    holds one, every card does after its version."""
    return Variant.from_card(text) if "." in text else Variant(text)


def load_variant(source: str | Path | Mapping[str, Any]) -> Variant:
    """A variant from a mapping, a `.toml`/`.json` path, or TOML/JSON text."""
    if isinstance(source, Path) or (
        isinstance(source, str) and source.endswith((".toml", ".json")) and "\n" not in source
    ):
        path = Path(source)
        text = path.read_text(encoding="utf-8")
        data = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    elif isinstance(source, str):
        try:
            data = json.loads(source) if source.lstrip().startswith("{") else tomllib.loads(source)
        except (json.JSONDecodeError, tomllib.TOMLDecodeError) as e:
            raise VariantError(f"variant text is neither TOML nor JSON: {e}") from None
    else:
        data = dict(source)
    if "variant" in data and isinstance(data["variant"], Mapping):
        data = dict(data["variant"])
    preset = data.pop("preset", DEFAULT_PRESET)
    if not isinstance(preset, str):
        raise VariantError(f"variant setting 'preset': {preset!r} is not a preset name")
    return Variant(preset, _flatten(data))


def variant_settings(name: str) -> dict[str, int | bool | str]:
    """The full config of a preset, as `GET /v1/variants` lists it."""
    return Variant(name).settings()


def _cell(value: int | bool | str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _values(spec: SettingSpec) -> str:
    if spec.choices is not None:
        return ", ".join(f"`{_cell(c)}`" for c in spec.choices)
    if spec.minimum is not None and spec.maximum is not None:
        return f"{spec.minimum}–{spec.maximum}"
    if spec.type == "string":
        return 'item keys, `""`, `*`'
    return "`true`, `false`"


#: The prefix of the exclusion family (`exclude.<item>`).
_EXCLUDE = "exclude."


def _names(value: str, names: Mapping[str, str]) -> str:
    """An exclusion's value in Chinese: the items' names, or 其他一律不計 for `*`."""
    if value == "*":
        return "其他一律不計"
    if value.startswith("*-"):
        return f"其他一律不計（{_names(value[2:], names)}除外）"
    return "、".join(names.get(k, k) for k in value.split(",") if k) or "—"


def exclusions_table() -> str:
    """Every preset's `exclude.<item>` values as docs/variants.md lists them: one row per item
    that leaves another out in some preset, the items by their Chinese names (a blank cell: the
    preset's table has no such item)."""
    from twmj.vocab import VOCABULARY

    names = {i["key"]: i["name"] for i in VOCABULARY["items"]}
    per = {p: Variant(p).settings() for p in PRESETS}
    keys = [k for k in EXCLUDE_KEYS if any(per[p].get(k) not in (None, "") for p in PRESETS)]
    head = ["key", "item", *PRESETS]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for key in keys:
        item = key.removeprefix(_EXCLUDE)
        cells = []
        for p in PRESETS:
            value = per[p].get(key)
            cells.append("" if value is None else _names(str(value), names))
        lines.append("| " + " | ".join([f"`{key}`", names.get(item, item), *cells]) + " |")
    return "\n".join(lines) + "\n"


def settings_table() -> str:
    """The settings table of docs/variants.md, generated from the core's registry: every key,
    its values, the layer that reads it, its value in every preset, and its docs; then every
    preset's exclusions ([`exclusions_table`])."""
    head = ["key", "values", "layer", *PRESETS, "meaning", "說明"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for spec in SETTINGS:
        defaults = spec.defaults
        row = [
            f"`{spec.key}`",
            _values(spec),
            spec.layer,
            *(_cell(defaults[p]) if p in defaults else "per item" for p in PRESETS),
            spec.doc.replace("|", "\\|"),
            spec.doc_zh.replace("|", "\\|"),
        ]
        lines.append("| " + " | ".join(row) + " |")
    lines += [
        "",
        "Each preset's `exclude.<item>` (its text's 備註; — none), the items by name:",
        "",
        exclusions_table(),
    ]
    return "\n".join(lines)
