"""Whether the RLlib test can run: torch and ray[rllib] come from requirements-rl.txt, which
the test command installs unless `TWMJ_SKIP_RL=1` (issue 32 item 17). `tests/test_rllib.py`'s
training test starts with `rl_installed()`; `tests/test_rl_opt_out.py` checks what it does."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

#: The environment variable by which a developer leaves torch and RLlib out (README, Tests).
SKIP_RL = "TWMJ_SKIP_RL"


def rl_installed() -> None:
    """Skips when the developer chose to go without torch and RLlib; fails when they are
    missing otherwise (CI installs them: a missing one there is a broken setup, not a skip)."""
    if os.environ.get(SKIP_RL) == "1":
        pytest.skip(
            f"{SKIP_RL}=1: torch and ray[rllib] (requirements-rl.txt) left out by choice; "
            "the test command without it, and CI, install them and run this test"
        )
    missing = [m for m in ("torch", "ray") if importlib.util.find_spec(m) is None]
    ray = importlib.util.find_spec("ray")
    # RLlib is a folder of ray's (ray[rllib] adds its dependencies), looked up without
    # importing ray (seconds).
    if ray and not any(Path(p, "rllib").is_dir() for p in ray.submodule_search_locations or ()):
        missing.append("ray.rllib")
    if missing:
        pytest.fail(
            f"{', '.join(missing)} not installed: `pip install -r requirements-rl.txt` "
            f"(bash scripts/test.sh does), or set {SKIP_RL}=1 to skip this test on purpose"
        )
