"""The import graph runs one way: the service (`twmj_api`) reads the package (`twmj`), never the
reverse, and no router imports another router (they share `twmj_api.convert` and the models of
`twmj_api.schemas`). Read from the AST of every module, so a lazy import inside a function
counts as much as one at the top (issue #34)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "python" / "twmj"
SERVICE = ROOT / "api" / "twmj_api"
ROUTERS = SERVICE / "routers"


def module_name(path: Path) -> str:
    """The dotted name of `path`, from the folder above its top package (the first folder
    up from it without an `__init__.py`)."""
    base = path.parent
    while (base / "__init__.py").exists():
        base = base.parent
    parts = list(path.relative_to(base).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Every module `path` imports, absolute (relative imports resolved), with each
    `from X import name` also giving `X.name` (it may be a submodule)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    here = module_name(path).split(".")
    if path.name != "__init__.py":
        here = here[:-1]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = here[: len(here) - node.level + 1]
                base = ".".join([*anchor, node.module] if node.module else anchor)
            else:
                base = node.module or ""
            out.add(base)
            out.update(f"{base}.{alias.name}" for alias in node.names)
    return out


def modules(folder: Path) -> list[Path]:
    found = sorted(folder.rglob("*.py"))
    assert found, folder
    return found


def test_the_reader_sees_imports_of_every_form(tmp_path: Path) -> None:
    # The checks below are only as good as this reader: a lazy import, a `from` import of a
    # submodule and relative imports are all seen, under their absolute names.
    routers = tmp_path / "twmj_api" / "routers"
    routers.mkdir(parents=True)
    (routers.parent / "__init__.py").write_text("", encoding="utf-8")
    (routers / "__init__.py").write_text("", encoding="utf-8")
    probe = routers / "probe.py"
    probe.write_text(
        "def f() -> None:\n    import twmj_api.routers.score\n"
        "from twmj_api.routers import waits\nfrom . import game\nfrom .values import x\n"
        "from .. import convert\n",
        encoding="utf-8",
    )
    assert module_name(probe) == "twmj_api.routers.probe"
    found = imports(probe)
    for name in ("score", "waits", "game", "values"):
        assert f"twmj_api.routers.{name}" in found
    assert "twmj_api.convert" in found


def test_the_package_never_imports_the_service() -> None:
    # Before: twmj/cli.py imported twmj_api for `twmj serve` and `twmj mcp`; the service now
    # adds those commands through the `twmj.commands` entry points.
    upward = {
        module_name(path): sorted(m for m in imports(path) if m.split(".")[0] == "twmj_api")
        for path in modules(PACKAGE)
    }
    assert {k: v for k, v in upward.items() if v} == {}


def test_no_router_imports_another_router() -> None:
    routers = {module_name(p) for p in modules(ROUTERS) if p.name != "__init__.py"}
    assert "twmj_api.routers.score" in routers
    crossing = {}
    for path in modules(ROUTERS):
        me = module_name(path)
        others = sorted(m for m in imports(path) if m in routers and m != me)
        if others:
            crossing[me] = others
    assert crossing == {}


def test_the_service_goes_through_the_public_package() -> None:
    # Only the package's public modules: the service never reaches into a private one other
    # than the native module's typed surface, which the package re-exports.
    private = {
        module_name(path): sorted(
            m
            for m in imports(path)
            if m.startswith("twmj.")
            and any(p.startswith("_") for p in m.split(".")[1:])
            and not m.startswith("twmj._core")
        )
        for path in modules(SERVICE)
    }
    assert {k: v for k, v in private.items() if v} == {}


def test_no_test_file_imports_another_test_file() -> None:
    # Tests share games and cases through their own modules (tests/games.py,
    # tests/fine_cases.py …), so running or moving one test file never runs or breaks another.
    # Before: tests/api/test_unconnected.py imported tests/test_unconnected.py, and
    # tests/test_fine_codes.py imported tests/test_errors.py's cases.
    tests = ROOT / "tests"
    names = {module_name(p) for p in modules(tests) if p.name.startswith("test_")}
    assert "tests.test_import_graph" in names
    crossing = {
        module_name(path): sorted(m for m in imports(path) if m in names) for path in modules(tests)
    }
    assert {k: v for k, v in crossing.items() if v} == {}
