"""Shared test setup: hypothesis keeps no example database inside the repository."""

from __future__ import annotations

import os

from hypothesis import settings

# Every property test here runs derandomized; a database would only add files to the tree.
# No deadline: timings are not what these tests check, and the machine is shared.
settings.register_profile("twmj", database=None, deadline=None)
settings.load_profile("twmj")

# tests/isolated/ holds tests that may abort the interpreter when the library is broken (an
# allocation of terabytes, a panic across the boundary): tests/test_isolated.py runs each of
# its files in a child pytest, where an abort fails one test instead of killing the run.
collect_ignore = [] if os.environ.get("TWMJ_ISOLATED") == "1" else ["isolated"]
