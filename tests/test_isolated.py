"""Runs each file of tests/isolated/ in a child pytest: an interpreter abort there (SIGABRT,
a segfault, an allocation that kills the process) fails that file's test here, with the
child's output, instead of ending the whole run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ISOLATED = Path(__file__).parent / "isolated"
FILES = sorted(p.name for p in ISOLATED.glob("test_*.py"))


@pytest.mark.parametrize("name", FILES)
def test_isolated_file(name: str) -> None:
    env = {**os.environ, "TWMJ_ISOLATED": "1"}
    # -p no:cacheprovider: the child writes nothing into the tree; faulthandler (on by default)
    # prints the Python stack of a crash, so the output names the test that died.
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(ISOLATED / name)]
    done = subprocess.run(
        cmd,
        env=env,
        cwd=ISOLATED.parent.parent,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    output = done.stdout[-20_000:] + done.stderr[-20_000:]
    assert done.returncode == 0, f"{name} exited with {done.returncode}:\n{output}"


def test_every_isolated_file_is_run() -> None:
    # A file that the glob misses would silently never run.
    assert {"test_fuzz.py", "test_repros.py"} <= set(FILES)
