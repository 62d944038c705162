"""Issue 28 item 3: the duplicate-format arena. Each deal is played once per seat with the
agents rotated, so every agent plays every seat of every deal; the statistics and the paired
difference are taken over deals."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import twmj
from twmj.arena import arena, chunks, combine, deal_nets, difference, per_seat, play_chunk
from twmj.cli import main


def test_every_deal_seats_every_agent_at_every_seat() -> None:
    for preset, agents in [
        ("taiwan", ["value", "efficiency", "random", "first_legal"]),
        ("three_player", ["value", "efficiency", "random"]),
    ]:
        v = twmj.Variant(preset)
        seats = len(agents)
        rows = play_chunk(agents, 25, 40, v, duplicate=True)
        who = rows["agent"].reshape(25, seats, 4)[:, :, :seats]
        for d in range(25):
            # At each turn the seating is a permutation of the agents ...
            for t in range(seats):
                assert sorted(who[d, t].tolist()) == list(range(seats))
            # ... and over the deal's turns each agent sits at each seat exactly once.
            for j in range(seats):
                assert sorted(np.argmax(who[d] == j, axis=1).tolist()) == list(range(seats))


def test_identical_bots_come_out_exactly_even_on_every_deal() -> None:
    # Same bots everywhere: every turn of a deal is the same hand (the random bot draws from
    # the deal's seed), so each agent's net over the deal's turns is the whole table's net
    # over the seats, which is 0 (zero-sum): a duplicate run has no seat luck left.
    for bot in ("efficiency", "random", "value"):
        r = arena([bot] * 4, 60, seed=7, duplicate=True)
        assert (deal_nets(r) == 0).all(), bot
        for s in r.stats:
            assert s.mean_net == 0 and s.ci95 == 0


def test_same_seed_same_result_and_chunks_add_up() -> None:
    agents = ["value", "efficiency", "value", "efficiency"]
    a = arena(agents, 80, seed=3, duplicate=True, chunk=80)
    b = arena(agents, 80, seed=3, duplicate=True, chunk=13)
    assert a.as_dict() == b.as_dict()
    for k in a.rows:
        assert (a.rows[k] == b.rows[k]).all(), k
    v = twmj.Variant("taiwan")
    parts = [play_chunk(agents, n, s, v, duplicate=True) for s, n in chunks(80, 3, 9)]
    joined = combine(parts)
    for k, col in a.rows.items():
        assert (joined[k] == col).all(), k
    assert a.hands == 320 and a.deals == 80 and a.duplicate


def test_duplicate_statistics_from_the_raw_rows() -> None:
    agents = ["value", "efficiency", "value", "efficiency"]
    r = arena(agents, 150, seed=11, duplicate=True)
    who, net = r.rows["agent"], r.rows["net_tai"].astype(float)
    # Each agent's net per deal: its mean over the deal's four turns.
    per = np.zeros((150, 4))
    for h in range(600):
        for seat_ in range(4):
            per[h // 4, int(who[h, seat_])] += net[h, seat_] / 4
    assert np.allclose(deal_nets(r), per)
    for j, s in enumerate(r.stats):
        assert s.mean_net == pytest.approx(per[:, j].mean())
        assert s.ci95 == pytest.approx(1.96 * per[:, j].std(ddof=1) / math.sqrt(150))
        seat = np.argmax(who == j, axis=1)
        assert s.self_drawn_rate == pytest.approx(((r.rows["self_drawn"] >> seat) & 1).mean())
        # 自摸 is a kind of win.
        assert s.self_drawn_rate <= s.win_rate
    d = difference(r)
    assert d is not None
    x = (per[:, 0] + per[:, 2]) / 2 - (per[:, 1] + per[:, 3]) / 2
    assert d.mean == pytest.approx(x.mean())
    assert d.ci95 == pytest.approx(1.96 * x.std(ddof=1) / math.sqrt(150))
    # Zero-sum per deal: the kinds' difference is twice value's mean.
    assert d.mean == pytest.approx(r.stats[0].mean_net + r.stats[2].mean_net)
    # Per seat: each agent sat at each seat once per deal.
    assert all(n == 150 for cells in per_seat(r) for _, _, n in cells)


def test_duplicate_cli(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--agents", "value,efficiency,value,efficiency", "--hands", "40"]
    argv += ["--seed", "2", "--duplicate"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    r = arena(["value", "efficiency", "value", "efficiency"], 40, seed=2, duplicate=True)
    d = difference(r)
    assert d is not None
    assert out.startswith("taiwan：40 副牌 × 4 個座位 = 160 局（複式）")
    assert "自摸率" in out
    lo, hi = d.mean - d.ci95, d.mean + d.ci95
    assert f"每局淨差 {d.mean:+.3f}（每副牌配對），95% 區間 [{lo:+.3f}, {hi:+.3f}]" in out
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["duplicate"] is True and data["deals"] == 40 and data["hands"] == 160
    assert data["difference"] == d.as_dict()
    assert [s["self_drawn_rate"] for s in data["stats"]] == [s.self_drawn_rate for s in r.stats]


def test_duplicate_deals_are_bounded() -> None:
    with pytest.raises(twmj.ContextError) as e:
        twmj._core.arena_hands(["random"] * 4, twmj._core.MAX_ARENA_HANDS // 4 + 1, 0, None, True)
    assert e.value.field == "hands"
