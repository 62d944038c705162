"""Shared test setup: hypothesis keeps no example database inside the repository."""

from __future__ import annotations

from hypothesis import settings

# Every property test here runs derandomized; a database would only add files to the tree.
settings.register_profile("twmj", database=None)
settings.load_profile("twmj")
