"""`twmj arena` and `twmj simulate` with bots on the command line."""

from __future__ import annotations

import json
import math
import socket
import sys
import time

import numpy as np
import pytest

import twmj
from twmj.arena import arena, difference, per_seat
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
    assert out.startswith("three_player：40 局")
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


# Issue 32 item 9: `--ray` runs fail fast, in one line, before any work.


def _one_error_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("twmj: error: "), err
    return lines[0]


@pytest.mark.parametrize("command", [["simulate", "--games", "5"], ["arena", "--hands", "5"]])
def test_ray_without_ray_installed_is_one_error_line(
    command: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    assert main([*command, "--ray"]) == 2
    line = _one_error_line(capsys.readouterr().err)
    assert "--ray needs Ray" in line and "pip install" in line


def test_an_unknown_bot_is_refused_before_ray_starts(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ray made unimportable: the bot's name is checked first, so Ray is never reached.
    monkeypatch.setitem(sys.modules, "ray", None)
    argv = ["arena", "--agents", "genius,random,random,random", "--hands", "5", "--ray"]
    assert main(argv) == 2
    assert "unknown bot 'genius'" in _one_error_line(capsys.readouterr().err)
    assert main(["arena", "--agents", "random,random", "--hands", "5", "--ray"]) == 2
    assert "2 agents for a table of 4" in _one_error_line(capsys.readouterr().err)


def test_an_unreachable_ray_address_fails_fast(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray", reason="the address is checked only where Ray is installed")
    # A closed port answers at once; an address that never answers is given up after
    # --ray-timeout seconds, not Ray's minutes.
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]
    argv = ["simulate", "--games", "5", "--ray", f"127.0.0.1:{closed}"]
    assert main(argv) == 2
    assert f"cannot reach Ray at 127.0.0.1:{closed}" in _one_error_line(capsys.readouterr().err)
    # An address that may never answer (or, behind a proxy, answer and not be Ray): either
    # way one line, within the bound, not Ray's minutes of retries.
    started = time.monotonic()
    argv = ["arena", "--hands", "5", "--ray", "ray://10.255.255.1:10001", "--ray-timeout", "1"]
    assert main(argv) == 2
    assert time.monotonic() - started < 30
    line = _one_error_line(capsys.readouterr().err)
    assert "within 1 s" in line or "cannot start Ray" in line
    assert main(["arena", "--hands", "5", "--ray", "nohost"]) == 2
    assert "expected HOST:PORT" in _one_error_line(capsys.readouterr().err)


# Issue 32 item 12: per-seat figures, and A − B with its 95 % interval.


def test_arena_per_seat_adds_up_to_each_agents_net(capsys: pytest.CaptureFixture[str]) -> None:
    agents = ["value", "efficiency", "random", "random"]
    r = arena(agents, 200, seed=3)
    seats = per_seat(r)
    for cells, s in zip(seats, r.stats, strict=True):
        # Each hand is played at one seat: the seats' hands add up to all of them, and their
        # weighted means to the agent's mean.
        assert sum(n for _, _, n in cells) == 200
        assert sum(m * n for m, _, n in cells) / 200 == pytest.approx(s.mean_net)
    # Seats rotate hand by hand: 200 hands over 4 seats is 50 at each.
    assert {n for cells in seats for _, _, n in cells} == {50}
    argv = ["arena", "--agents", ",".join(agents), "--hands", "200", "--seed", "3", "--per-seat"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "座位 0" in out and "座位 3" in out
    row = next(
        line.split()
        for line in out.splitlines()
        if line.split()[:1] == ["efficiency"] and "±" in line and "%" not in line
    )
    m, ci, _ = seats[1][0]
    assert row[1] == f"{m:+.3f}±{ci:.3f}"


def test_arena_two_bot_kinds_show_the_difference(capsys: pytest.CaptureFixture[str]) -> None:
    agents = ["value", "random", "value", "random"]
    r = arena(agents, 300, seed=5)
    d = difference(r)
    assert d is not None and (d.a, d.b) == ("value", "random")
    # The mean difference is the kinds' means apart (a mean of means, slot by slot) ...
    means = [s.mean_net for s in r.stats]
    assert d.mean == pytest.approx((means[0] + means[2]) / 2 - (means[1] + means[3]) / 2)
    # ... and its interval the paired one, hand by hand, from the raw rows.
    who, net = r.rows["agent"], r.rows["net_tai"]
    per_hand = []
    for h in range(300):
        at = {int(who[h, s]): float(net[h, s]) for s in range(4)}
        per_hand.append((at[0] + at[2]) / 2 - (at[1] + at[3]) / 2)
    x = np.array(per_hand)
    assert d.ci95 == pytest.approx(1.96 * x.std(ddof=1) / math.sqrt(300))
    assert difference(arena(["value", "efficiency", "random", "random"], 20)) is None
    argv = ["arena", "--agents", ",".join(agents), "--hands", "300", "--seed", "5"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    lo, hi = d.mean - d.ci95, d.mean + d.ci95
    assert f"value − random：每局淨差 {d.mean:+.3f}，95% 區間 [{lo:+.3f}, {hi:+.3f}]" in out
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["difference"] == d.as_dict()


def test_arena_and_simulate_take_a_rule_card(capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 30: `--rules CARD` (家規 分享家規) wherever a rule set is played; the bots play under
    # the card's rules, the same run as the library's with that card.
    card = twmj.Variant("taiwan", {"min_tai": 2, "leopard_double": True}).card()
    argv = ["arena", "--agents", "efficiency,random,value,random", "--hands", "60"]
    assert main([*argv, "--seed", "4", "--json", "--rules", card]) == 0
    data = json.loads(capsys.readouterr().out)
    r = arena(["efficiency", "random", "value", "random"], 60, seed=4, variant=card)
    assert data["variant"] == card
    assert [s["mean_net"] for s in data["stats"]] == [s.mean_net for s in r.stats]
    plain = arena(["efficiency", "random", "value", "random"], 60, seed=4)
    assert [s.mean_net for s in plain.stats] != [s.mean_net for s in r.stats]
    assert main(["simulate", "--games", "50", "--seed", "2", "--json", "--rules", card]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["bot"] == "efficiency"
    summary = {k: v for k, v in got.items() if k not in ("bot", "seconds")}
    assert summary == simulate_summary(50, 2, card, "efficiency")
    assert summary != simulate_summary(50, 2, "taiwan", "efficiency")
    assert main(["simulate", "--games", "5", "--rules", "twmj1.taiwan.@@"]) == 2
    assert "rule card" in capsys.readouterr().err
