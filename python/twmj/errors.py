"""The twmj error hierarchy: every error the library raises is a `twmj.Error`.

Each error carries, as attributes, its stable fine `code` saying which rule the input broke
(`too_many_copies`, `not_a_run`, `seat_out_of_range` …; the list is the core's:
`twmj.ERROR_CODES`), its coarse `kind` (one per class: `hand_error`, `context_error` …, the
codes before there were fine ones), the `field` path of the argument it is about
(`melds[1].tiles`, `context.from_seat`, `overrides.min_tai`, `record[2].kind`), the 0-based
character `position` in that field's notation when one applies, for an illegal action the
`rule` it breaks, and `message_zh`: the fault in Chinese, naming the tile or field
(「一萬超過四張（手牌、副露與已見牌共 5 張）」).
"""

from __future__ import annotations

from functools import cache

__all__ = [
    "ContextError",
    "Error",
    "HandError",
    "IllegalActionError",
    "InternalError",
    "RecordError",
    "TileError",
    "VariantError",
]


@cache
def _templates() -> dict[str, str]:
    from twmj._core import vocabulary  # the core's list; imported when first needed

    return {e["code"]: e["template"] for e in vocabulary()["errors"]}


def _template(code: str) -> str:
    """The Chinese message of an error raised in Python without one: its code's (a class's
    catch-all code's message has no argument to fill)."""
    return _templates().get(code, "twmj 出錯")


def message_zh(code: str, **args: object) -> str:
    """The Chinese message of the fine error `code`, its template (the core's) filled from
    `args`, for an error a layer above the core finds (an override key outside the registry)."""
    text = _template(code)
    for name, value in args.items():
        text = text.replace(f"{{{name}}}", str(value))
    return text


class Error(Exception):
    """Root of every error twmj raises."""

    #: The code (and kind) an error of this class has when raised without one.
    default_code = "twmj_error"

    code: str
    kind: str
    field: str | None
    position: int | None
    rule: str | None
    line: int | None
    message_zh: str

    def __init__(
        self,
        message: str = "",
        code: str | None = None,
        field: str | None = None,
        position: int | None = None,
        rule: str | None = None,
        line: int | None = None,
        kind: str | None = None,
        message_zh: str | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code or self.default_code
        self.kind = kind or self.default_code
        self.field = field
        self.position = position
        self.rule = rule
        self.line = line
        self.message_zh = message_zh or _template(self.code)


class TileError(Error, ValueError):
    """Bad tile notation: an unknown symbol, a fifth copy, a repeated flower.

    The message names the offending symbol; `position` is its 0-based character position.
    """

    default_code = "tile_error"


class HandError(Error, ValueError):
    """A hand that parses but cannot exist or does not fit the call (wrong tile count,
    a meld that is not a set, more copies than the set holds)."""

    default_code = "hand_error"


class IllegalActionError(Error):
    """An action a player may not take at this point (`rule` names the rule, code
    `illegal_action`), or an action that is not in the action space (code `unknown_action`)."""

    default_code = "illegal_action"


class VariantError(Error, ValueError):
    """A variant setting that does not exist or has a bad value; `field` names the key."""

    default_code = "variant_error"


class ContextError(Error, ValueError):
    """A context that cannot be (a seat that does not exist, a win kind without its payer, a
    declaration the hand cannot have, a game asked for what its state cannot give); `field`
    names it."""

    default_code = "context_error"


class RecordError(Error, ValueError):
    """A bad line of a game record: `line` is its 1-based number and `field` the path of what
    is wrong in it (`record[2].wins[0].kind` for line 3)."""

    default_code = "record_error"


class InternalError(Error):
    """A fault inside twmj (a Rust panic caught at the binding), never the caller's input:
    the message says where; please report it. Over HTTP it is a 500 with the usual error body."""

    default_code = "internal"
