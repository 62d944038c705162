"""`twmj arena` and `twmj simulate` with bots on the command line."""

from __future__ import annotations

import json

import pytest

from twmj.arena import arena
from twmj.cli import main
from twmj.play import simulate_summary


def test_arena_json_is_the_library_run(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--agents", "efficiency,random,value,random", "--hands", "120"]
    assert main([*argv, "--seed", "4", "--chunk", "50", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    r = arena(["efficiency", "random", "value", "random"], 120, seed=4)
    assert data["hands"] == 120
    assert data["draw_rate"] == r.draw_rate
    assert [s["mean_net"] for s in data["stats"]] == [s.mean_net for s in r.stats]
    assert [s["agent"] for s in data["stats"]] == ["efficiency", "random", "value", "random"]


def test_arena_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "arena",
                "--hands",
                "40",
                "--variant",
                "three_player",
                "--agents",
                "value,efficiency,random",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert out.startswith("three_player: 40 局")
    assert "value" in out and "±" in out


def test_arena_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--agents", "genius,random,random,random", "--hands", "5"]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err
    assert main(["arena", "--agents", "random,random", "--hands", "5"]) == 2
    assert "2 agents for a table of 4" in capsys.readouterr().err
    assert main(["arena", "--hands", "-1"]) == 2


def test_simulate_defaults_to_efficiency_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "200", "--seed", "6", "--json", "--chunk", "64"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bot"] == "efficiency"
    assert {k: v for k, v in data.items() if k not in ("bot", "seconds")} == simulate_summary(
        200, 6, "taiwan", "efficiency", chunk=200
    )
    # Efficient play ends most hands in a win, random play hardly any (issue 15: 97-99.5 %).
    assert data["draws"] < 0.5 * data["hands"]
    assert main(["simulate", "--games", "200", "--seed", "6", "--json", "--bot", "random"]) == 0
    assert json.loads(capsys.readouterr().out)["draws"] > 0.9 * 200
