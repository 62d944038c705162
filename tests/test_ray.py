"""twmj[ray] on a local Ray: a run split into tasks is the single-process run, and records
replay and score through a Ray Data map. Starting Ray takes about 10-20 s on 2 cores; the
work itself is small."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import ray

import twmj
from twmj.arena import arena
from twmj.distributed import arena_ray, score_records, simulate_ray
from twmj.play import simulate_summary


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.filterwarnings("ignore::FutureWarning")
def test_ray_runs_equal_single_process_runs(local_ray: None) -> None:
    agents = ["value", "efficiency", "random", "random"]
    one = arena(agents, 300, seed=8, chunk=300)
    done: list[int] = []
    split = arena_ray(agents, 300, seed=8, chunk=70, progress=done.append)
    # Issue 32 item 9: the bar moves as each task ends (70 × 4 + 20: five tasks).
    assert sorted(done) == [20, 70, 70, 70, 70]
    assert split.stats == one.stats
    assert split.draw_rate == one.draw_rate
    for k, col in one.rows.items():
        assert (split.rows[k] == col).all(), k
    assert simulate_ray(250, 3, "american", "efficiency", chunk=60) == simulate_summary(
        250, 3, "american", "efficiency", chunk=250
    )


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.filterwarnings("ignore::FutureWarning")
def test_records_score_as_a_ray_data_map(local_ray: None) -> None:
    games = []
    for seed in range(6):
        g = twmj.Game(seed)
        bot = twmj.bots.CoreBot("efficiency")
        while not g.is_over:
            s = g.pending[0]
            g.apply(s, bot.act(g, s))
        games.append(g)
    broken = games[0].record().replace('"discard', '"pon', 1)
    rows = score_records([g.record() for g in games] + [broken]).take_all()
    assert len(rows) == 7
    for g, row in zip(games, rows, strict=False):
        assert row["error"] == ""
        assert list(row["net_tai"]) == g.settle()[1]
    # An unknown action in a record is the record's error, naming its line and field.
    assert rows[-1]["error"].startswith("RecordError")
