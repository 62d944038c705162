"""Records from Python (docs/log-format.md): a record replays to the same result, a tampered one
names its first bad event, and the per-seat record hides what the seat may not see and reads
back. The record lines one by one are tested in the core (`rust/twmj-core/tests/game/records.rs`)."""

from __future__ import annotations

import json
import random

import pytest

import twmj
from tests.games import LIVE, OTHERS, four_kongs, play_out


def test_records_replay_to_the_same_result() -> None:
    rng = random.Random(2)
    for seed in range(40):
        g = twmj.Game(seed)
        play_out(g, rng)
        again = twmj.replay(g.record())
        assert again.is_over
        assert again.result() == g.result()
        assert again.record() == g.record()


def test_a_tampered_record_names_the_first_bad_event() -> None:
    g = twmj.Game(5)
    play_out(g, random.Random(3))
    lines = g.record().splitlines()
    # Turn the first discard into a discard of a tile the seat does not hold.
    for i, line in enumerate(lines):
        event = json.loads(line)
        if event.get("type") == "act" and str(event.get("action", "")).startswith("discard"):
            # What the seat holds at that moment: the record replayed up to the line.
            hand = twmj.replay("\n".join(lines[:i])).hand(event["seat"])
            missing = next(t for t in twmj.TILES if t not in twmj.parse(hand).tiles)
            event["action"] = f"discard {missing}"
            lines[i] = json.dumps(event, ensure_ascii=False)
            break
    with pytest.raises(twmj.RecordError) as err:
        twmj.replay("\n".join(lines))
    # Its line (1-based) and field (issue 31 item 12).
    assert (err.value.line, err.value.field) == (i + 1, f"record[{i}].action")


def test_per_seat_record_hides_other_hands() -> None:
    g = twmj.Game(13)
    mine = g.record_for(1).splitlines()[0]
    full = g.record().splitlines()[0]
    assert "?" in mine and "?" not in full


def test_a_per_seat_record_is_refused_by_replay_with_a_pointer() -> None:
    # docs/log-format.md §8: the per-seat record hides tiles; the full reader says where to go.
    game = four_kongs("traditional")
    seen = game.record_for(1)
    assert json.loads(seen.splitlines()[0])["hands"][0] == "?" * 17
    with pytest.raises(twmj.RecordError, match="read_seen_log") as e:
        twmj.replay(seen)
    # Line 1, the deal with a wall count: a per-seat line.
    assert (e.value.kind, e.value.line, e.value.field) == ("record_error", 1, "record[0].wall")


def test_a_per_seat_record_reads_back() -> None:
    # docs/log-format.md §8: what seat 1 saw, line by line; seat 0's 暗槓 are face down.
    game = four_kongs("traditional")
    events = twmj.read_record_for(game.record_for(1))
    assert events == [json.loads(line) for line in game.record_for(1).splitlines()]
    deal = events[0]
    assert deal["hands"][1] == OTHERS and deal["hands"][0] == "?" * 17
    assert deal["wall"] == len(LIVE) // 2 + 3
    kongs = [e["action"] for e in events if e["type"] == "act"]
    assert kongs == ["ankan ?"] * 4
    assert events[-1]["wins"][0]["kind"] == "four_kongs"
    # A full record reads too, unchanged.
    full = twmj.read_record_for(game.record())
    assert full == [json.loads(line) for line in game.record().splitlines()]
    with pytest.raises(twmj.RecordError, match=r"line \d+: "):
        twmj.read_record_for(game.record_for(1).replace('"tile":"?"', '"tile":"x"', 1) + "\n")


def test_per_seat_records_read_back_to_what_was_written() -> None:
    # Write → read → write gives the same text, for every seat of hands of every preset: the
    # reader keeps every field of every line, in order (the core checks 468 games the same way).
    for preset in twmj.PRESETS:
        variant = twmj.Variant(preset)
        for seed in range(4):
            game = play_out(twmj.Game(seed, variant=variant), random.Random(seed))
            for seat in range(4):
                text = game.record_for(seat)
                events = twmj.read_record_for(text)
                again = "".join(
                    json.dumps(e, separators=(",", ":"), ensure_ascii=False) + "\n" for e in events
                )
                assert again == text, (preset, seed, seat)


def test_record_lines_are_the_lines_the_reader_reads() -> None:
    # A line of only whitespace holds no event; a bad line is named by its place among all the
    # lines, blank ones included (docs/log-format.md).
    g = twmj.Game(4)
    play_out(g, random.Random(1))
    lines = g.record().splitlines()
    spaced = "\n \n".join(lines) + "\n\t\n"
    assert twmj.record_lines(spaced) == lines
    assert twmj.replay(spaced).record() == g.record()
    bad = spaced.replace(lines[2], '{"type": "nope"}', 1)
    with pytest.raises(twmj.RecordError) as e:
        twmj.replay(bad)
    assert e.value.line == 2 * 2 + 1
