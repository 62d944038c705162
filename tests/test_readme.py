"""Issue 32 item 15: the README as a newcomer meets it on a fresh clone. Every link and path it
names resolves inside the repository (nothing outside it, such as `../shared`), the service's
table lists each route once and every route there is, its counts are the core's, and its
Python examples run as printed, each result written in a comment being what the line gives."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.routing import APIRoute

import twmj

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: The docs a reader follows from the README.
DOCS = sorted((ROOT / "docs").glob("*.md"))
#: Made by the commands the README describes, not part of a clone.
BUILT = {"dist/", "js/pkg/", "js/pkg"}


def _blocks(text: str, lang: str) -> list[str]:
    """The fenced blocks of `lang` (`""`: those with none), in order."""
    blocks: list[str] = []
    current: list[str] | None = None
    for line in text.splitlines(keepends=True):
        if line.startswith("```"):
            if current is None:
                current = [] if line[3:].strip() == lang else None
                if current is None:
                    current = ["\0"]  # a block of another language, skipped
            else:
                if current[:1] != ["\0"]:
                    blocks.append("".join(current))
                current = None
        elif current is not None:
            current.append(line)
    return blocks


def _named_paths(text: str) -> set[str]:
    """Every repository path the text names: link targets, and code spans or shell words that
    read as a path (a slash inside, no spaces, not a URL or an HTTP route)."""
    found = _links(text)
    words = [w for span in re.findall(r"`([^`\n]+)`", text) for w in span.split()]
    for block in _blocks(text, "sh") + _blocks(text, ""):
        words += block.split()
    for w in words:
        w = w.strip("\"'(),;")
        if "/" not in w or w.startswith(("/", "http", "$")) or "<" in w:
            continue
        if not re.fullmatch(r"[\w.\-/]+", w):
            continue
        # Under a top-level entry, or a file (an extension) or folder (a trailing slash) deeper
        # (a bare `game/` in the Layout is a part of the entry on its left).
        deeper = "/" in w.rstrip("/") and (bool(re.search(r"\.\w+$", w)) or w.endswith("/"))
        if deeper or (ROOT / w.split("/")[0]).exists():
            found.add(w)
    return found


def _links(text: str) -> set[str]:
    """The Markdown link targets that are not URLs or anchors."""
    return {
        t
        for t in re.findall(r"\]\(([^)#\s]+)", text)
        if not t.startswith(("http://", "https://", "#"))
    }


@pytest.mark.parametrize("doc", [ROOT / "README.md", *DOCS], ids=lambda p: p.name)
def test_every_path_named_resolves_in_the_clone(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    assert "../shared" not in text, "a clone has no ../shared: describe the rules in docs/"
    base = doc.parent
    missing = []
    # The README (and the rules page it sends a newcomer to) by every path they name; the
    # other docs by their links (their prose names paths relative to the crate they describe).
    named = _named_paths(text) if doc.name in ("README.md", "rules.md") else _links(text)
    for name in sorted(named):
        if name in BUILT:
            continue
        # A link is relative to its document; a path in prose to the repository's root (or,
        # in docs/, to docs/ itself).
        if not any((b / name).exists() for b in (base, ROOT)):
            missing.append(name)
    assert not missing, missing


def test_the_readme_names_what_it_must() -> None:
    paths = _named_paths(README)
    # The rules as the project describes them; the page where it lives; the layout's parts.
    for must in (
        "docs/rules.md",
        "api/twmj_api/static/",
        "scripts/package.sh",
        "rust/twmj-py-macros/",
        "examples/",
    ):
        assert must in paths, must
    layout = README[README.index("## Layout") :]
    for doc in DOCS:
        assert doc.name in layout, f"the Layout section misses docs/{doc.name}"
    for script in (ROOT / "scripts").iterdir():
        assert script.name in layout, f"the Layout section misses scripts/{script.name}"
    for crate in (ROOT / "rust").iterdir():
        assert f"rust/{crate.name}/" in layout, crate.name
    # A paragraph right under the title says what this is.
    first = README.split("\n\n")[1]
    assert not first.startswith("```") and "mahjong" in first and len(first) > 300, first


def _routes_table() -> list[tuple[str, str]]:
    """The (method, path) pairs of the service's table: `GET /a`, `/b` is GET of both."""
    rows = []
    for line in README.splitlines():
        if not re.match(r"\| `(GET|POST) ", line):
            continue
        method = ""
        for span in re.findall(r"`([^`]*)`", line.split("|")[1]):
            m = re.fullmatch(r"(?:(GET|POST) )?(/\S*)", span)
            assert m, span
            method = m[1] or method
            rows.append((method, m[2]))
    return rows


def test_the_service_table_lists_each_route_once() -> None:
    from twmj_api.main import create_app

    rows = _routes_table()
    assert len(rows) == len(set(rows)), sorted(r for r in rows if rows.count(r) > 1)
    app = create_app()
    served = {
        (method, r.path)
        for r in app.routes
        if isinstance(r, APIRoute) and r.include_in_schema
        for method in r.methods or ()
        if method in ("GET", "POST")
    }
    assert set(rows) == served


def test_the_readme_counts_are_the_cores() -> None:
    n = len(twmj.ACTIONS)
    assert f"the fixed {n}-action space" in README
    # Every action space or mask size the README states.
    for size in re.findall(r"bool\[(\d+)\]", README):
        assert int(size) == n
    assert not re.search(r"\b145-action", README)
    # 換三張's actions as the README numbers them (145–178, then 179 and 180).
    passes = [i for i, a in enumerate(twmj.ACTIONS) if a.startswith("pass3 ")]
    assert f"actions {passes[0]}–{passes[-1]}" in README
    assert f"`exchange again` ({twmj.ACTIONS.index('exchange again')})" in README
    assert f"`no second exchange` ({twmj.ACTIONS.index('no second exchange')})" in README


def _stated(comment: str) -> Any:
    """The value a trailing comment states, when it is one Python literal."""
    try:
        return ast.literal_eval(comment.strip())
    except (ValueError, SyntaxError):
        return _NOTHING


_NOTHING = object()


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_python_examples_run_as_printed() -> None:
    # The blocks run in order, in one namespace (a later block uses an earlier one's names);
    # a line `expression  # literal` must give that literal.
    namespace: dict[str, Any] = {}
    checked = 0
    for block in _blocks(README, "python"):
        tree = ast.parse(block)
        lines = block.splitlines()
        for node in tree.body:
            code = compile(ast.Module([node], []), "README.md", "exec")
            if isinstance(node, ast.Expr) and node.end_lineno == node.lineno:
                line = lines[node.lineno - 1]
                comment = line[node.end_col_offset :].strip()
                if not comment and node.lineno < len(lines):  # or the result on the next line
                    comment = lines[node.lineno].strip()
                value = eval(compile(ast.Expression(node.value), "README.md", "eval"), namespace)
                if comment.startswith("#"):
                    stated = _stated(comment[1:])
                    if stated is not _NOTHING:
                        assert value == stated, (line, value)
                        checked += 1
            else:
                exec(code, namespace)
    assert checked >= 6, checked
