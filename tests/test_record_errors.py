"""A corrupted record is refused by its line (issue 31 item 12): every refusal of
`twmj.replay`, an illegal move or an engine event that is not the game's included, is a
`RecordError` with the 1-based `line`, the `field` `record[line − 1]` (docs/log-format.md §6,
§7) and the events quoted as the record writes them (tiles in notation)."""

from __future__ import annotations

import json
import random
import re

import pytest

import twmj
from tests.games import play_out

#: What a refusal must never show: Rust's `Debug` text of an event or a piece.
RUST_DEBUG = re.compile(r"Piece\(|Draw \{|Act \{|Claim \{|End\(|Some\(|seat: \d")


def _lines(seed: int) -> list[str]:
    return play_out(twmj.Game(seed), random.Random(seed)).record().splitlines()


def _refusal(lines: list[str]) -> twmj.Error:
    with pytest.raises(twmj.Error) as e:
        twmj.replay("\n".join(lines))
    return e.value


def _assert_names(err: twmj.Error, line: int, key: str | None) -> None:
    assert isinstance(err, twmj.RecordError), repr(err)
    assert err.kind == "record_error"
    assert err.line == line, str(err)
    assert err.field == (f"record[{line - 1}]" + (f".{key}" if key else "")), str(err)
    assert str(err).startswith(f"line {line}: "), str(err)
    assert not RUST_DEBUG.search(str(err)), str(err)


def test_an_illegal_discard_names_its_line_field_and_rule() -> None:
    lines = _lines(5)
    i = next(k for k, text in enumerate(lines) if '"action":"discard' in text)
    event = json.loads(lines[i])
    held = set(twmj.parse(twmj.replay("\n".join(lines[:i])).hand(event["seat"])).tiles)
    missing = next(t for t in twmj.TILES if t not in held)
    event["action"] = f"discard {missing}"
    lines[i] = json.dumps(event)
    err = _refusal(lines)
    _assert_names(err, i + 1, "action")
    # A record error that keeps the fine code of what was wrong in its line (docs/errors.md).
    assert err.code == "illegal_action"
    # The rule the move breaks and the tile, in notation.
    assert "illegal (" in str(err) and missing in str(err)


def test_a_changed_draw_quotes_both_lines_in_notation() -> None:
    lines = _lines(7)
    i = next(k for k, text in enumerate(lines) if k > 0 and json.loads(text)["type"] == "draw")
    event = json.loads(lines[i])
    drawn = event["tile"]
    event["tile"] = "1m" if drawn != "1m" else "2m"
    lines[i] = json.dumps(event, separators=(",", ":"))
    err = _refusal(lines)
    _assert_names(err, i + 1, None)
    # The record's line and the game's, as the record writes them.
    assert f'"tile":"{event["tile"]}"' in str(err) and f'"tile":"{drawn}"' in str(err)


def test_blank_lines_count_in_the_line_number() -> None:
    lines = _lines(5)
    i = next(k for k, text in enumerate(lines) if k > 2 and '"type":"act"' in text)
    lines[i] = json.dumps({"type": "act", "seat": json.loads(lines[i])["seat"], "action": "pon"})
    spaced = [lines[0], "", "   ", *lines[1:]]
    err = _refusal(spaced)
    # Two blank lines before it: the line of the text, as a read error counts it.
    _assert_names(err, i + 3, "action")
    assert err.code == "illegal_action"


def test_one_line_corruptions_all_name_their_line() -> None:
    # Every line of a real record changed once (an act to another action, an engine event to
    # another seat): each refusal names a line at or after the changed one, with its field,
    # and never shows Rust's text.
    rng = random.Random(31)
    lines = _lines(11)
    refused = 0
    for i in range(1, len(lines)):
        event = json.loads(lines[i])
        if event["type"] == "act":
            event["action"] = rng.choice(twmj.ACTIONS)
        elif "seat" in event:
            event["seat"] = (event["seat"] + 1) % 4
        else:
            continue
        changed = [*lines[:i], json.dumps(event, ensure_ascii=False), *lines[i + 1 :]]
        try:
            twmj.replay("\n".join(changed))
        except twmj.Error as err:
            assert isinstance(err, twmj.RecordError), (i, repr(err))
            # Lines before the changed one replay as written: the refusal is at it or later
            # (a legal but different move makes a later line differ).
            assert err.line is not None and err.line >= i + 1, (i, str(err))
            assert err.field is not None and err.field.startswith(f"record[{err.line - 1}]")
            assert not RUST_DEBUG.search(str(err)), str(err)
            refused += 1
    assert refused > len(lines) // 2
