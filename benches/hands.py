"""Random hands for the Python benchmarks, built like those of `rust/twmj-core/benches/core.rs`."""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt

KINDS = 34


def random_hand(rng: random.Random, n: int) -> bytes:
    """`n` tiles drawn from the 136 (34 kinds × 4), as 34 counts."""
    c = [0] * KINDS
    for t in rng.sample(range(4 * KINDS), n):
        c[t // 4] += 1
    return bytes(c)


def complete_hand(rng: random.Random) -> list[int]:
    """Five random sets (a run with probability 2/3, else a triplet) and a pair, ≤ 4 copies."""
    while True:
        c = [0] * KINDS
        c[rng.randrange(KINDS)] += 2
        for _ in range(5):
            if rng.randrange(3) < 2:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                for k in range(start, start + 3):
                    c[k] += 1
            else:
                c[rng.randrange(KINDS)] += 3
        if max(c) <= 4:
            return c


def remove_random(rng: random.Random, c: list[int]) -> None:
    tiles = [k for k in range(KINDS) for _ in range(c[k])]
    c[rng.choice(tiles)] -= 1


def add_random(rng: random.Random, c: list[int]) -> None:
    while True:
        k = rng.randrange(KINDS)
        if c[k] < 4:
            c[k] += 1
            return


def ready16(rng: random.Random) -> bytes:
    """A complete hand minus one tile: always ready."""
    c = complete_hand(rng)
    remove_random(rng, c)
    return bytes(c)


def ready17(rng: random.Random) -> bytes:
    """A ready hand plus one random tile: the discard analysis finds waits."""
    c = list(ready16(rng))
    add_random(rng, c)
    return bytes(c)


def complete17(rng: random.Random) -> bytes:
    return bytes(complete_hand(rng))


def random_batch(n: int, tiles: int, seed: int, chunk: int = 100_000) -> npt.NDArray[np.uint8]:
    """An `n×34` `uint8` array of hands of `tiles` tiles drawn from the 136."""
    gen = np.random.default_rng(seed)
    out = np.empty((n, KINDS), dtype=np.uint8)
    for lo in range(0, n, chunk):
        m = min(chunk, n - lo)
        picks = gen.random((m, 4 * KINDS)).argpartition(tiles, axis=1)[:, :tiles] // 4
        flat = (np.arange(m)[:, None] * KINDS + picks).ravel()
        out[lo : lo + m] = np.bincount(flat, minlength=m * KINDS).reshape(m, KINDS)
    return out
