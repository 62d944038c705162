"""The twmj error hierarchy: every error the library raises is a `twmj.Error`."""

from __future__ import annotations

__all__ = [
    "ContextError",
    "Error",
    "HandError",
    "IllegalActionError",
    "InternalError",
    "TileError",
    "VariantError",
]


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


class VariantError(Error, ValueError):
    """A variant setting that does not exist or has a bad value; the message names the key."""


class ContextError(Error, ValueError):
    """A scoring context that cannot be (a seat that does not exist, a win kind without its
    payer, a declaration the hand cannot have); the message names the field."""


class InternalError(Error):
    """A fault inside twmj (a Rust panic caught at the binding), never the caller's input:
    the message says where; please report it. Over HTTP it is a 500 with the usual error body."""
