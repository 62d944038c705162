"""Past one machine, on Ray (`pip install "twmj[ray]"`): arena and simulate runs split into
tasks of consecutive seeds, and replaying and scoring records as a Ray Data map.

Every hand depends on its seed alone, so a run split into tasks gives exactly the rows (and
so the statistics) of the same run in one process. `address` is a Ray address (`"auto"` to
join the cluster this machine belongs to, `ray://host:10001` for a remote one); `"local"` or
`None` starts a local Ray for the call.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from twmj._core import replay, simulate
from twmj.arena import (
    CHUNK,
    ArenaResult,
    add_summaries,
    chunks,
    combine,
    play_chunk,
    summarise,
)
from twmj.variants import DEFAULT_PRESET, rule_set

__all__ = ["arena_ray", "init", "score_records", "simulate_ray"]


def init(address: str | None = None) -> None:
    """Connects to Ray (once): `address`, or a local Ray for `None` / `"local"`."""
    import ray

    if ray.is_initialized():
        return
    if address in (None, "local"):
        ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
    else:
        ray.init(address=address, log_to_driver=False, configure_logging=False)


def _arena_task(
    agents: Sequence[str], hands: int, seed: int, variant: str, duplicate: bool = False
) -> dict[str, npt.NDArray[Any]]:
    return play_chunk(agents, hands, seed, rule_set(variant), duplicate)


def _simulate_task(hands: int, seed: int, variant: str, bot: str) -> dict[str, Any]:
    return simulate(hands, seed, rule_set(variant), bot)


def arena_ray(
    agents: Sequence[str],
    hands: int,
    seed: int = 0,
    variant: str = DEFAULT_PRESET,
    *,
    address: str | None = None,
    chunk: int = CHUNK,
    reward: str = "tai",
    progress: Callable[[int], None] | None = None,
    duplicate: bool = False,
) -> ArenaResult:
    """`twmj.arena.arena` with each chunk of seeds a Ray task; the same result. `progress(n)`
    is called as each task finishes, with the hands (deals, in a `duplicate` run) it played."""
    import ray

    init(address)
    task = ray.remote(_arena_task)
    work = list(chunks(hands, seed, chunk))
    refs = [task.remote(list(agents), n, s, variant, duplicate) for s, n in work]
    parts = _gather(refs, [n for _, n in work], progress)
    rows = combine(parts) if parts else play_chunk(agents, 0, seed, rule_set(variant), duplicate)
    return summarise(agents, rows, seed=seed, variant=variant, reward=reward, duplicate=duplicate)


def simulate_ray(
    hands: int,
    seed: int = 0,
    variant: str = DEFAULT_PRESET,
    bot: str = "efficiency",
    *,
    address: str | None = None,
    chunk: int = CHUNK,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """`twmj.simulate` with each chunk of seeds a Ray task, added up; the same summary.
    `progress(n)` is called as each task finishes, with the hands it played."""
    import ray

    init(address)
    task = ray.remote(_simulate_task)
    work = list(chunks(hands, seed, chunk))
    refs = [task.remote(n, s, variant, bot) for s, n in work]
    parts = _gather(refs, [n for _, n in work], progress)
    return add_summaries(parts) if parts else simulate(0, seed, rule_set(variant), bot)


def _gather(refs: list[Any], sizes: list[int], progress: Callable[[int], None] | None) -> list[Any]:
    """The tasks' results in the order of `refs`, `progress(size)` called as each finishes
    (in whatever order they do)."""
    import ray

    index = {ref: i for i, ref in enumerate(refs)}
    pending = list(refs)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        if progress is not None:
            for ref in done:
                progress(sizes[index[ref]])
    return list(ray.get(refs))


def _score_batch(batch: dict[str, npt.NDArray[Any]]) -> dict[str, npt.NDArray[Any]]:
    """Replays each record of the batch (every move checked) and settles it: its nets, or the
    error that stopped it."""
    nets = np.zeros((len(batch["record"]), 4), dtype=np.int64)
    errors = []
    for i, text in enumerate(batch["record"]):
        try:
            g = replay(str(text))
            net = g.reward("tai")
            if net is not None:
                nets[i] = net
            errors.append("")
        except Exception as e:  # a twmj error names the event; keep the row
            errors.append(f"{type(e).__name__}: {e}")
    return {"record": batch["record"], "net_tai": nets, "error": np.array(errors, dtype=object)}


def score_records(records: Iterable[str], *, address: str | None = None) -> Any:
    """A Ray Dataset of `records` (game records, `Game.record()`), each replayed and scored by
    a Ray Data `map_batches`: columns `record`, `net_tai` (4 per row) and `error` ("" when the
    record replays)."""
    import ray

    init(address)
    # Rows come back in the records' order.
    ray.data.DataContext.get_current().execution_options.preserve_order = True
    ds = ray.data.from_items([{"record": r} for r in records])
    return ds.map_batches(_score_batch, batch_format="numpy")
