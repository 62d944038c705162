"""Bots against each other: seats rotate hand by hand, the core plays and settles every hand,
and each agent gets its win rate, deal-in rate and mean net per hand with a 95 % interval.

Hand `i` is dealt from seed `seed + i` and depends on it alone, so the hands can be split
into chunks (for a progress bar, or Ray tasks) and put back together exactly.

Duplicate format (`duplicate=True`, the format of the IJCAI mahjong competitions): deal `i`
(seed `seed + i`) is played once per seat with the agents rotated, agent `j` at seat
`(j + t) mod seats` at turn `t`, so every agent plays every seat of every deal and the luck of
the tiles cancels. Each agent's figure for a deal is its mean net over the deal's turns;
intervals and the paired difference are taken over deals (the turns of one deal are not
independent of each other).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from twmj._core import Variant, arena_hands
from twmj.variants import DEFAULT_PRESET, rule_set

__all__ = [
    "AgentStats",
    "ArenaResult",
    "Difference",
    "arena",
    "chunks",
    "combine",
    "deal_nets",
    "difference",
    "per_seat",
    "summarise",
]

#: Hands per core call: the progress bar moves and a Ray task is this size by default.
CHUNK = 500


@dataclass(frozen=True)
class AgentStats:
    """One agent's record over the hands it played."""

    agent: str
    hands: int
    win_rate: float
    deal_in_rate: float
    mean_net: float
    #: Half-width of the 95 % confidence interval of `mean_net` (normal approximation; over
    #: deals in a duplicate run).
    ci95: float
    #: Share of its hands won by 自摸 (a win all the others pay: 自摸, 槓上開花, 八仙過海).
    self_drawn_rate: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "hands": self.hands,
            "win_rate": self.win_rate,
            "deal_in_rate": self.deal_in_rate,
            "self_drawn_rate": self.self_drawn_rate,
            "mean_net": self.mean_net,
            "ci95": self.ci95,
        }


@dataclass(frozen=True)
class ArenaResult:
    """What an arena run came to, per agent slot (the order of `agents`)."""

    agents: tuple[str, ...]
    hands: int
    seed: int
    variant: str  # the preset name or rule card played (`twmj.variants.rule_set`)
    reward: str
    draw_rate: float
    stats: tuple[AgentStats, ...]
    #: The raw rows: `agent` (hands × seats, agent slot at each seat), `net` (hands × seats),
    #: `won`, `dealt_in`, `self_drawn` (seat bit masks), `draw`.
    rows: dict[str, npt.NDArray[Any]]
    #: Whether each deal was played once per seat (then `hands` = deals × seats).
    duplicate: bool = False

    @property
    def seats(self) -> int:
        """Seated players at the table."""
        who = self.rows["agent"]
        return int((who[0] >= 0).sum()) if len(who) else len(self.agents)

    @property
    def deals(self) -> int:
        """Distinct deals played (`hands` unless duplicate)."""
        return self.hands // self.seats if self.duplicate and self.seats else self.hands

    def as_dict(self) -> dict[str, Any]:
        return {
            "agents": list(self.agents),
            "duplicate": self.duplicate,
            "deals": self.deals,
            "hands": self.hands,
            "seed": self.seed,
            "variant": self.variant,
            "reward": self.reward,
            "draw_rate": self.draw_rate,
            "stats": [s.as_dict() for s in self.stats],
            "difference": None if (d := difference(self)) is None else d.as_dict(),
        }


def chunks(hands: int, seed: int, size: int = CHUNK) -> Iterator[tuple[int, int]]:
    """`(seed, hands)` runs of consecutive seeds covering `hands` hands from `seed`."""
    done = 0
    while done < hands:
        n = min(size, hands - done)
        yield seed + done, n
        done += n


def play_chunk(
    agents: Sequence[str], hands: int, seed: int, variant: Variant, duplicate: bool = False
) -> dict[str, npt.NDArray[Any]]:
    """The core's rows for hands `seed … seed + hands − 1` (agent `j` sits at seat
    `(j + hand seed) mod seats`, so chunks put together are one run); with `duplicate`,
    `hands` deals each played once per seat (row `i × seats + t`: deal `seed + i`, agent `j`
    at seat `(j + t) mod seats`)."""
    return dict(arena_hands(list(agents), hands, seed, variant, duplicate))


def combine(parts: Sequence[dict[str, npt.NDArray[Any]]]) -> dict[str, npt.NDArray[Any]]:
    """Rows of consecutive chunks, in order, as one run."""
    if not parts:
        return {}
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def _mean_ci(x: npt.NDArray[np.float64]) -> tuple[float, float]:
    n = len(x)
    if n == 0:
        return 0.0, 0.0
    mean = float(x.mean())
    if n < 2:
        return mean, math.inf
    return mean, 1.96 * float(x.std(ddof=1)) / math.sqrt(n)


def summarise(
    agents: Sequence[str],
    rows: dict[str, npt.NDArray[Any]],
    *,
    seed: int,
    variant: str,
    reward: str = "tai",
    duplicate: bool = False,
) -> ArenaResult:
    """Per-agent statistics of the rows of `arena_hands`."""
    who = rows["agent"]
    net = rows["net_tai" if reward == "tai" else "net_money"]
    hands = len(who)
    seats = int((who[0] >= 0).sum()) if hands else len(agents)
    group = seats if duplicate else 1
    won = rows["won"]
    dealt = rows["dealt_in"]
    tsumo = rows["self_drawn"]
    stats = []
    for j, name in enumerate(agents):
        # Each agent slot sits at exactly one seat per hand.
        seat = np.argmax(who[:, :seats] == j, axis=1) if hands else np.zeros(0, np.int64)
        idx = np.arange(hands)
        mine = net[idx, seat].astype(np.float64)
        mean, ci = _mean_ci(_per_deal(mine, group))
        stats.append(
            AgentStats(
                agent=name,
                hands=hands,
                win_rate=float(((won >> seat) & 1).mean()) if hands else 0.0,
                deal_in_rate=float(((dealt >> seat) & 1).mean()) if hands else 0.0,
                mean_net=mean,
                ci95=ci,
                self_drawn_rate=float(((tsumo >> seat) & 1).mean()) if hands else 0.0,
            )
        )
    return ArenaResult(
        agents=tuple(agents),
        hands=hands,
        seed=seed,
        variant=variant,
        reward=reward,
        draw_rate=float(rows["draw"].mean()) if hands else 0.0,
        stats=tuple(stats),
        rows=rows,
        duplicate=duplicate,
    )


def _per_deal(x: npt.NDArray[np.float64], group: int) -> npt.NDArray[np.float64]:
    """Rows `x` (first axis: hands, `group` consecutive hands to a deal) averaged per deal."""
    if group == 1:
        return x
    return np.asarray(x.reshape(len(x) // group, group, *x.shape[1:]).mean(axis=1))


def arena(
    agents: Sequence[str],
    hands: int,
    seed: int = 0,
    variant: str = DEFAULT_PRESET,
    *,
    reward: str = "tai",
    chunk: int = CHUNK,
    progress: Callable[[int], None] | None = None,
    duplicate: bool = False,
) -> ArenaResult:
    """Plays `hands` hands with `agents` (bot names, one per seat) rotating seats, in chunks
    of `chunk` hands; `progress(n)` is called after each chunk with the hands it played.
    With `duplicate`, `hands` counts deals, each played once per seat with the agents
    rotated (the module's docstring), and `chunk` counts deals too."""
    if reward not in ("tai", "money"):
        raise ValueError(f"unknown reward {reward!r} (expected tai or money)")
    v = rule_set(variant)
    parts = []
    for s, n in chunks(hands, seed, chunk):
        parts.append(play_chunk(agents, n, s, v, duplicate))
        if progress is not None:
            progress(n)
    rows = combine(parts) if parts else play_chunk(agents, 0, seed, v, duplicate)
    return summarise(agents, rows, seed=seed, variant=variant, reward=reward, duplicate=duplicate)


def _nets(r: ArenaResult) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """Each agent slot's net per hand (hands × agents) and the seat it sat at."""
    who = r.rows["agent"]
    net = r.rows["net_tai" if r.reward == "tai" else "net_money"]
    hands = len(who)
    seats = int((who[0] >= 0).sum()) if hands else len(r.agents)
    idx = np.arange(hands)
    seat = np.stack(
        [np.argmax(who[:, :seats] == j, axis=1) for j in range(len(r.agents))], axis=1
    ).reshape(hands, len(r.agents))
    mine = np.stack([net[idx, seat[:, j]] for j in range(len(r.agents))], axis=1)
    return mine.astype(np.float64).reshape(hands, len(r.agents)), seat


def deal_nets(r: ArenaResult) -> npt.NDArray[np.float64]:
    """Each agent slot's mean net per deal (deals × agents): over the deal's turns in a
    duplicate run, the hand's net otherwise."""
    mine, _ = _nets(r)
    return _per_deal(mine, r.seats if r.duplicate else 1)


def per_seat(r: ArenaResult) -> list[list[tuple[float, float, int]]]:
    """For each agent slot, at each seat: `(mean net per hand, 95 % half-width, hands)` over
    the hands it sat there (seat `s` of hand `i` as the core numbers it)."""
    mine, seat = _nets(r)
    seats = int((r.rows["agent"][0] >= 0).sum()) if len(mine) else len(r.agents)
    out = []
    for j in range(len(r.agents)):
        cells = []
        for s in range(seats):
            x = mine[seat[:, j] == s, j]
            mean, ci = _mean_ci(x)
            cells.append((mean, ci, len(x)))
        out.append(cells)
    return out


@dataclass(frozen=True)
class Difference:
    """Bot kind `a` against bot kind `b`: the mean over hands of (a's seats' mean net − b's
    seats' mean net), with the 95 % half-width of that paired difference."""

    a: str
    b: str
    mean: float
    ci95: float

    @property
    def verdict(self) -> str:
        """Whether the interval leaves out 0, in words."""
        if self.mean - self.ci95 > 0:
            return f"{self.a} 較好"
        if self.mean + self.ci95 < 0:
            return f"{self.b} 較好"
        return "分不出高下"

    def as_dict(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "mean": self.mean, "ci95": self.ci95}


def difference(r: ArenaResult) -> Difference | None:
    """A − B for a run of exactly two bot kinds (in the order they first appear in `agents`);
    `None` otherwise. Hand by hand the difference is paired (both kinds played the same deal),
    so its interval is narrower than the two agents' intervals taken apart. In a duplicate
    run the difference is paired per deal (each kind's mean over the deal's turns)."""
    kinds = list(dict.fromkeys(r.agents))
    if len(kinds) != 2 or r.hands == 0:
        return None
    mine, _ = _nets(r)
    cols = {k: [j for j, a in enumerate(r.agents) if a == k] for k in kinds}
    d = mine[:, cols[kinds[0]]].mean(axis=1) - mine[:, cols[kinds[1]]].mean(axis=1)
    mean, ci = _mean_ci(_per_deal(d, r.seats if r.duplicate else 1))
    return Difference(kinds[0], kinds[1], mean, ci)


def add_summaries(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The summaries of consecutive runs as one."""
    out: dict[str, Any] = {}
    for p in parts:
        for k, v in p.items():
            if isinstance(v, dict):
                d = out.setdefault(k, {})
                for kk, vv in v.items():
                    d[kk] = d.get(kk, 0) + vv
            elif isinstance(v, list):
                cur = out.setdefault(k, [0] * len(v))
                out[k] = [a + b for a, b in zip(cur, v, strict=True)]
            else:
                out[k] = out.get(k, 0) + v
    return out
