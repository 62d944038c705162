"""Issue 15 item 6: `examples/rllib_ppo.py` trains PPO on the PettingZoo environment through
RLlib for one iteration on CPU, in a subprocess (a local Ray, started and stopped by the
example; about 40 s on 2 cores). torch and ray[rllib] come from requirements-rl.txt."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "rllib_ppo.py"


def test_rllib_ppo_trains_one_iteration_on_the_environment() -> None:
    batch = 400
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), "--iterations", "1", "--batch", str(batch)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-4000:]
    line = re.search(r"iteration 1: (\d+) steps, (\d+) hands, policy loss (\S+)", run.stdout)
    assert line, run.stdout[-2000:]
    steps, hands, loss = int(line[1]), int(line[2]), float(line[3])
    # RLlib sampled at least the batch from the environment, finished hands, and learned.
    assert steps >= batch
    assert hands >= 1
    assert loss == loss  # not NaN: the masked logits gave the learner finite values
