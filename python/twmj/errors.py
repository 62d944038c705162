"""The twmj error hierarchy: every error the library raises is a `twmj.Error`."""

from __future__ import annotations

__all__ = ["Error", "HandError", "IllegalActionError", "TileError"]


class Error(Exception):
    """Root of every error twmj raises."""


class TileError(Error, ValueError):
    """Bad tile notation: an unknown symbol, a fifth copy, a repeated flower.

    The message names the offending symbol and its 0-based character position.
    """


class HandError(Error, ValueError):
    """A hand that parses but cannot exist or does not fit the call (wrong tile count,
    a meld that is not a set, more copies than the set holds)."""


class IllegalActionError(Error):
    """An action a player may not take at this point; the message names the rule."""
