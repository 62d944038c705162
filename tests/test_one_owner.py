"""One owner per fact (issue #34): the numbers the core owns are not spelled again in the
core's other files, the binding or the service. Each check scans the sources for the second
spelling a maintainer would be tempted to type, and names its owner."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "rust" / "twmj-core" / "src"
#: A Rust or Python string literal (enough for messages: no raw strings with quotes inside).
STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def sources() -> list[Path]:
    found = [*CORE.rglob("*.rs"), *(ROOT / "rust" / "twmj-py" / "src").rglob("*.rs")]
    found += [*(ROOT / "python" / "twmj").rglob("*.py"), *(ROOT / "api" / "twmj_api").rglob("*.py")]
    # The page and the npm package's own code (its `pkg/` is built from the core).
    found += [
        *(ROOT / "api" / "twmj_api" / "static").glob("*.js"),
        *(ROOT / "js" / "src").glob("*.js"),
    ]
    found += [*(ROOT / "js" / "examples").glob("*.js")]
    return sorted(found)


def code_of(path: Path) -> str:
    """The file without its comments (`//` and `#` to the end of the line, JavaScript's
    `/** … */` too) and, for Rust, its unit tests (a test may well spell the number it checks)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".js":
        text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    if path.suffix == ".rs":
        text = text.split("#[cfg(test)]", 1)[0]
    if path.suffix in (".rs", ".js"):
        return re.sub(r"^\s*//.*$|(?<=[;,{)])\s*//.*$", "", text, flags=re.M)
    return re.sub(r"^\s*#.*$", "", text, flags=re.M)


def spelled(pattern: str, *, strings_only: bool = False, owner: Path | None = None) -> list[str]:
    """Every `path:line` outside `owner` where `pattern` occurs (inside a string literal only,
    with `strings_only`)."""
    rx = re.compile(pattern)
    hits: list[str] = []
    for path in sources():
        if path == owner:
            continue
        for n, line in enumerate(code_of(path).splitlines(), 1):
            parts = STRING.findall(line) if strings_only else [line]
            if any(rx.search(p) for p in parts):
                hits.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    return hits


def test_die_faces_are_spelled_once() -> None:
    # Owner: vocab::DIE_FACES (served as LIMITS["die_faces"]). Before: record.rs and the
    # snapshot reader tested `(1..=6)` and wrote "1 to 6" in their messages.
    assert spelled(r"1\.\.=6\b|\b1 ?(?:to|到|–|-) ?6\b", owner=CORE / "vocab.rs") == []


def test_seat_bounds_are_spelled_once() -> None:
    # Owner: vocab::SEATS (LIMITS["seats"]); messages say `0 to {SEATS - 1}`. Before: the
    # snapshot's messages wrote "0 to 3".
    assert spelled(r"\b0 ?(?:to|到|–) ?3\b", strings_only=True) == []


def test_copies_and_the_tiles_kept_back_have_one_definition() -> None:
    # Owners: tile::COPIES; rules::variant::KEPT_BACK (choices.rs: every wall reserve counts from it).
    # Before: game/quiz.rs had its own `COPIES = 4`, WallReserve::kept three `16`s.
    assert spelled(r"const COPIES\b[^=]*=\s*\d", owner=CORE / "tile.rs") == []
    variant = CORE / "rules" / "variant" / "choices.rs"
    assert spelled(r"const KEPT_BACK\s*:\s*usize\s*=\s*\d", owner=variant) == []
    kept = re.search(r"fn kept\(.*?\n    \}", variant.read_text(encoding="utf-8"), re.S)
    assert kept is not None and not re.search(r"\b16\b", kept.group(0)), "kept() spells 16"


def test_the_scan_finds_a_second_spelling(tmp_path: Path) -> None:
    # The patterns above do catch what they are for (else they would pass on anything).
    rx = re.compile(r"1\.\.=6\b|\b1 ?(?:to|到|–|-) ?6\b")
    assert rx.search("if (1..=6).contains(d)") and rx.search('"dice are 1 to 6"')
    assert rx.search("（1 到 6）") and not rx.search("1..=DIE_FACES")
    seat = re.compile(r"\b0 ?(?:to|到|–) ?3\b")
    assert all(seat.search(s) for s in ('"seat must be 0 to 3"', '"座位 0 到 3"', '"0–3"'))
    assert not seat.search('"0 to 30"')
    copies = re.compile(r"const COPIES\b[^=]*=\s*\d")
    assert copies.search("const COPIES: u8 = 4;") and copies.search("export const COPIES = 4;")
    assert not copies.search("export const COPIES = META.copies;")


def test_the_tile_codes_come_from_the_core() -> None:
    # Owner: the core's tiles and flowers (VOCABULARY["tiles"], ["flowers"]). Before:
    # python/twmj/tiles.py built the codes itself from "mps" and ranges.
    from twmj import tiles
    from twmj._core import parse, tile_name

    text = (ROOT / "python" / "twmj" / "tiles.py").read_text(encoding="utf-8")
    assert not re.search(r'"mps"|range\(1, *(?:8|9|10)\)', text)
    # The index order is the counts buffer's: one of each kind, read back, is 34 ones in order.
    assert parse("".join(tiles.TILES)).counts == bytes([1] * len(tiles.TILES)) == bytes([1] * 34)
    assert [tile_name(t) for t in tiles.TILES[:3]] == ["一萬", "二萬", "三萬"]
    assert parse("".join(tiles.FLOWERS)).flowers == list(tiles.FLOWERS)
    assert [tile_name(f) for f in tiles.FLOWERS] == ["春", "夏", "秋", "冬", "梅", "蘭", "菊", "竹"]


def test_the_settings_count_is_the_registrys_length() -> None:
    # Owner: the registry itself. Before: `COUNT = 56` typed by hand, and each `choice!` typed
    # its enum's count (a choice added to the enum would be silently left out).
    text = (CORE / "rules" / "settings.rs").read_text(encoding="utf-8")
    assert re.search(r"pub const COUNT: usize = REGISTRY\.len\(\);", text)
    assert not re.search(r"const COUNT: usize = \d", text)
    calls = re.findall(r'choice!\("[^"]+", "[^"]+", \w+, [\w.]+: \w+,\s*(\S+)', text)
    assert len(calls) >= 6 and not any(re.fullmatch(r"\d+,", c) for c in calls), calls
    # And Python reads the count from the core: every setting the registry lists, no other.
    import twmj

    keys = [s.key for s in twmj.SETTINGS]
    assert len(keys) == len(set(keys)) and "exchange_direction" in keys
    spec = next(s for s in twmj.SETTINGS if s.key == "exchange_direction")
    assert len(spec.choices or []) == 4  # 下家, 對家, 上家, by the dice (002 換三張)


def _card_or_key(presets: tuple[str, ...]) -> re.Pattern[str]:
    """A text that is a preset key, or a rule card naming one (`twmj1.taiwan[.…]`), whole."""
    keys = "|".join(map(re.escape, presets))
    return re.compile(rf"\s*(?:twmj\d+\.)?(?:{keys})(?:\.\S*)?\s*")


def _python_literals(path: Path) -> list[tuple[int, str]]:
    """The string constants of a Python file, docstrings left out (a docstring may show a
    TOML or a call as an example; it is read, not run)."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    return [
        (n.lineno, n.value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    ]


#: A JavaScript or HTML string: "…", '…' or `…` on one line.
JS_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`(?:[^`\\\n]|\\.)*`')


def _page_literals(path: Path) -> list[tuple[int, str]]:
    """The string literals (and attribute values) of the page's JS and HTML, comments left out."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(
        r"/\*.*?\*/|<!--.*?-->", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S
    )
    found: list[tuple[int, str]] = []
    for n, line in enumerate(text.splitlines(), 1):
        line = re.sub(r"(?:^|\s)//.*$", "", line)
        found += [(n, s[1:-1]) for s in JS_STRING.findall(line)]
    return found


def preset_literals(
    presets: tuple[str, ...], files: list[Path] | None = None, root: Path = ROOT
) -> list[str]:
    """Every literal outside the core that is a preset key (or a rule card naming one) whole.
    Prose that names a preset to say what its rule text does is documentation, not a value."""
    whole = _card_or_key(presets)
    if files is None:
        static = ROOT / "api" / "twmj_api" / "static"
        files = [
            *(ROOT / "python" / "twmj").rglob("*.py"),
            *(ROOT / "api" / "twmj_api").rglob("*.py"),
        ]
        files += [*static.glob("*.js"), *static.glob("*.html")]
    hits: list[str] = []
    for path in sorted(files):
        literals = _python_literals(path) if path.suffix == ".py" else _page_literals(path)
        hits += [f"{path.relative_to(root)}:{n}: {s!r}" for n, s in literals if whole.fullmatch(s)]
    return hits


def test_preset_keys_are_read_from_the_core() -> None:
    # Owner: the core's preset table (twmj.PRESETS, twmj.DEFAULT_PRESET, /v1/variants' order).
    # Before: the API's examples and the page's placeholder typed "taiwan" / "twmj1.taiwan".
    import twmj

    assert preset_literals(twmj.PRESETS) == []


def test_the_preset_scan_finds_a_second_spelling(tmp_path: Path) -> None:
    import twmj

    key = twmj.PRESETS[-1]
    py = tmp_path / "m.py"
    py.write_text(f'"""Doc naming {key}."""\nX = {{"variant": "{key}"}}\nY = "the {key} rules"\n')
    js = tmp_path / "p.js"
    js.write_text(f'// "{key}"\nconst a = "twmj1.{key}";\nconst b = `{key}`; // ok\n')
    html = tmp_path / "i.html"
    html.write_text(f'<!-- "{key}" -->\n<input placeholder="twmj1.{key}.min_tai=0">\n')
    assert preset_literals(twmj.PRESETS, [py, js, html], root=tmp_path) == [
        f"i.html:2: 'twmj1.{key}.min_tai=0'",
        f"m.py:2: '{key}'",
        f"p.js:2: 'twmj1.{key}'",
        f"p.js:3: '{key}'",
    ]


def test_no_layer_reads_serdes_message_text() -> None:
    # Owner of "which field is missing": serde's `missing_field`, read as data
    # (game/record/missing.rs). Before: record/mod.rs took the field's name out of
    # serde_json's message ("missing field `tile`") and tested a line's `type` by its text.
    assert spelled(r"missing field|invalid type:|duplicate field", strings_only=True) == []


#: Telling a family of settings by the spelling of its keys: a prefix or suffix test or a
#: comparison with a literal family key (`startswith("tai.")`, `== "tai.<item>"`).
FAMILY_BY_SPELLING = (
    r"(?:startswith|starts_with|endswith|ends_with|startsWith|endsWith)\(\s*f?[\"'](?:tai\.|exclude\.|<item>)"
    r"|[=!]==?\s*f?[\"'](?:tai|exclude)\.<item>[\"']"
)


def test_a_family_of_settings_is_told_by_the_core() -> None:
    # Owner: rules::settings (`Spec::family`, `Family::key`): a registry entry says which
    # family it stands for (`SettingSpec.family`, `twmj.FAMILIES`, `twmj.FAMILY_KEYS`).
    # Before: api/twmj_api/schemas/common.py found the tai family by `startswith("tai.")`
    # and `<item>` suffixes, and tools.py by `== "tai.<item>"`.
    assert spelled(FAMILY_BY_SPELLING) == []


def test_the_family_scan_finds_a_second_spelling() -> None:
    rx = re.compile(FAMILY_BY_SPELLING)
    for line in (
        'tai = next(s for s in twmj.SETTINGS if s.key.startswith("tai."))',
        'if s.key.endswith("<item>"):',
        'TAI = next(s for s in SETTINGS if s.key == "tai.<item>")',
        'if key.starts_with("exclude.") {',
        # The page, before: house.js and data.js.
        'const family = data.registry.find((e) => e.key.startsWith("tai.") && e.key.endsWith("<item>"));',
        'data.registry.find((e) => e.key.endsWith("<item>") && key.startsWith(e.key.slice(0, -6)));',
    ):
        assert rx.search(line), line
    assert not rx.search('description="`tai.<item>` sets an item\'s 台"')
