"""Issue 32 item 17: a developer may leave torch and RLlib out of the test command with
`TWMJ_SKIP_RL=1`; the RLlib test (which starts with `rl_installed()`) is then skipped with the
reason, and only then: without the variable a missing torch fails it (CI installs them, so a
missing one there is a broken setup)."""

from __future__ import annotations

import importlib.util
from importlib.machinery import ModuleSpec

import pytest

from tests.rl import rl_installed


def _without_torch(monkeypatch: pytest.MonkeyPatch) -> None:
    """`importlib.util.find_spec` as on a machine without torch."""
    find_spec = importlib.util.find_spec

    def hiding(name: str, package: str | None = None) -> ModuleSpec | None:
        return None if name == "torch" else find_spec(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", hiding)


def test_the_opt_out_skips_the_rllib_test_saying_why(monkeypatch: pytest.MonkeyPatch) -> None:
    _without_torch(monkeypatch)
    monkeypatch.setenv("TWMJ_SKIP_RL", "1")
    with pytest.raises(pytest.skip.Exception) as skipped:
        rl_installed()
    assert "TWMJ_SKIP_RL=1: torch and ray[rllib]" in str(skipped.value)


@pytest.mark.parametrize("value", [None, "0", ""])
def test_without_the_opt_out_a_missing_torch_fails(
    monkeypatch: pytest.MonkeyPatch, value: str | None
) -> None:
    _without_torch(monkeypatch)
    if value is None:
        monkeypatch.delenv("TWMJ_SKIP_RL", raising=False)
    else:
        monkeypatch.setenv("TWMJ_SKIP_RL", value)
    with pytest.raises(pytest.fail.Exception) as failed:
        rl_installed()
    assert "torch not installed" in str(failed.value) and "TWMJ_SKIP_RL=1" in str(failed.value)
