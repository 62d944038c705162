"""Commands another package adds to `twmj` (issue #34): the service's `serve` and `mcp` come
through the `twmj.commands` entry points, so `twmj` never imports `twmj_api`; without the
service installed, they say what to install."""

from __future__ import annotations

import argparse
import tomllib
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

import pytest

from twmj import cli

ROOT = Path(__file__).resolve().parent.parent


def _declared(pyproject: Path) -> dict[str, str]:
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    return dict(project.get("entry-points", {}).get(cli.COMMANDS_GROUP, {}))


def test_the_extra_commands_named_by_the_cli_are_those_the_service_declares() -> None:
    # The only place twmj names the service's commands is `EXTRA_COMMANDS` (to say what to
    # install): it must be exactly what api/pyproject.toml declares, under an extra twmj has.
    declared = _declared(ROOT / "api" / "pyproject.toml")
    assert set(declared) == set(cli.EXTRA_COMMANDS)
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    for extra in cli.EXTRA_COMMANDS.values():
        assert any(d.startswith("twmj-api") for d in extras[extra])
    # And the installed metadata is what the source declares (a stale install would not be).
    installed = {p.name: p.value for p in entry_points(group=cli.COMMANDS_GROUP)}
    assert installed == declared


def _without(monkeypatch: pytest.MonkeyPatch, points: list[EntryPoint]) -> None:
    monkeypatch.setattr(cli, "entry_points", lambda group: points)


@pytest.mark.parametrize("command", ["serve", "mcp"])
def test_a_service_command_without_the_service_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    _without(monkeypatch, [])
    assert cli.main([command]) == 2
    err = capsys.readouterr().err
    assert err == f"twmj: error: `twmj {command}` needs `pip install twmj[api]`\n"


def test_without_the_service_the_help_still_lists_its_commands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _without(monkeypatch, [])
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert "serve" in out and "(needs `pip install twmj[api]`)" in out


def test_a_broken_plugin_breaks_only_its_own_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = EntryPoint("broken", "twmj_no_such_module:cmd", cli.COMMANDS_GROUP)
    wrong = EntryPoint("wrong", "twmj.cli:main", cli.COMMANDS_GROUP)
    _without(monkeypatch, [broken, wrong])
    assert cli.main(["waits", "1112345678999m1p", "--json"]) == 0
    capsys.readouterr()
    assert cli.main(["broken"]) == 2
    assert capsys.readouterr().err.startswith("twmj: error: `twmj broken` cannot load: ")
    assert cli.main(["wrong"]) == 2
    assert "twmj.cli:main is not a twmj.cli.Command" in capsys.readouterr().err


def test_an_added_command_gets_its_arguments_and_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[argparse.Namespace] = []

    def add(p: argparse.ArgumentParser) -> None:
        p.add_argument("--times", type=int, default=1)

    def run(args: argparse.Namespace) -> int:
        seen.append(args)
        return 0

    command = cli.Command(help="an added command", run=run, add_arguments=add)
    point = EntryPoint("echo", "x:y", cli.COMMANDS_GROUP)
    monkeypatch.setattr(EntryPoint, "load", lambda self: command)
    _without(monkeypatch, [point])
    assert cli.main(["echo", "--times", "3"]) == 0
    assert seen[0].times == 3


def test_the_installed_service_provides_serve_and_mcp() -> None:
    # With twmj[api] installed (this checkout's environment), the commands are the service's.
    from twmj_api import commands

    added = cli._added_commands()
    assert added["serve"] is commands.serve
    assert added["mcp"] is commands.mcp
