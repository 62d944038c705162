"""The `twmj` command line: text and JSON output, and errors as exit status 2."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import pytest

import twmj
from tests.games import with_illegal_discard, won_game
from twmj.cli import main
from twmj.data import analysis_data


def test_waits_text(capsys: pytest.CaptureFixture[str]) -> None:
    # 九蓮-like: 一一一二三四五六七八九九九萬 waits on every 萬.
    assert main(["waits", "1112345678999m 111z"]) == 0
    out = capsys.readouterr().out
    assert "聽牌" in out
    assert "聽 五萬" in out and "單吊" in out
    assert "共 9 種 23 張" in out


def test_waits_of_a_full_hand_lists_ready_discards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["waits", "1112345678999m1p"]) == 0
    out = capsys.readouterr().out
    assert "打 一筒" in out and "聽 一萬(1) 二萬(3)" in out
    assert "打 二萬 2m 聽 一筒(3)" in out


def test_waits_json(capsys: pytest.CaptureFixture[str]) -> None:
    # 二二二三四五六萬＋一到九筒 (taiwan text, 平胡的認定) waits on 1, 3, 4, 6, 7萬.
    assert main(["waits", "2223456m123456789p", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tenpai"] is True and data["shanten"] == 0
    assert [w["tile"] for w in data["waits"]] == ["1m", "3m", "4m", "6m", "7m"]
    assert data["waits"][0] == {"tile": "1m", "name": "一萬", "shapes": ["ryanmen"], "remaining": 4}


def test_analyze_json_with_meld(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "2223456m123456p9s", "--meld", "chi", "789p", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["shanten"] == 0
    assert data["discards"][0]["tile"] == "9s"
    assert [w["tile"] for w in data["discards"][0]["waits"]] == ["1m", "3m", "4m", "6m", "7m"]


def test_bad_hand_is_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["waits", "123x"]) == 2
    assert "unknown symbol: 'x' at position 3" in capsys.readouterr().err


def test_console_script_runs() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "twmj.cli", "analyze", "1112345678999m1234p"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "打" in out


def test_closed_pipe_is_not_a_traceback() -> None:
    # The reader stops after the first line: exit quietly, no BrokenPipeError traceback.
    cmd = [sys.executable, "-m", "twmj.cli", "analyze", "1112345678999m1234p"]
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()  # nobody reads: the first write finds the pipe closed
        err = proc.stderr.read().decode()
        assert proc.wait(timeout=30) == 1
    assert "Traceback" not in err and "BrokenPipe" not in err


def test_simulate_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["simulate", "--games", "300", "--seed", "2", "--variant", "american", "--json"]) == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 300
    assert sum(data["wins"].values()) == sum(data["tai"])
    assert main(["simulate", "--games", "10", "--variant", "nope"]) == 2
    assert "variant" in capsys.readouterr().err


@pytest.mark.parametrize("preset", twmj.PRESETS)
def test_simulate_text_under_every_preset(capsys: pytest.CaptureFixture[str], preset: str) -> None:
    # Every win kind a preset's game can end in has a name in the text summary (001 四槓胡 …).
    assert main(["simulate", "--games", "300", "--seed", "3", "--variant", preset]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{preset}：300 局")


# 000 計分 範例一 (閒家自摸, 莊家連莊 2 次): 門清 1 + 自摸 1 + 不求 1 = 3 台; the dealer pays
# 3 + 3 + 5 = 11 台, the other two 3 + 3 = 6 台 each; the winner gets +23.
EXAMPLE_ONE = ["123456789m234p56p77s", "7p", "--winner", "1", "--dealer", "0", "--streak", "2"]
EXAMPLE_ONE += ["--seat-wind", "S", "--win", "self_draw"]


def test_score_json_is_000_example_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", *EXAMPLE_ONE, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total_tai"] == 3
    assert [(i["name"], i["tai"]) for i in data["items"]] == [("門清", 1), ("自摸", 1), ("不求", 1)]
    assert data["dealer_tai"] == 5
    assert sorted(p["total_tai"] for p in data["payments"]) == [6, 6, 11]
    assert data["net_tai"] == [-11, 23, -6, -6]


def test_score_text_aligns_columns_by_display_width(capsys: pytest.CaptureFixture[str]) -> None:
    from wcwidth import wcswidth

    assert main(["score", *EXAMPLE_ONE]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("3 台")
    # 莊家 (4 columns) and 連莊拉莊 (8 columns): their tai end in the same column.
    rows = [line for line in lines if line.strip().startswith(("莊家 ", "連莊拉莊"))]
    assert len(rows) == 2
    ends = {wcswidth(r[: r.index("台")].rstrip()) for r in rows}
    assert len(ends) == 1, rows


def test_score_meld_kinds_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    # The same win with the 吃 written both ways scores the same.
    hand = ["2223456m456789p", "1m", "--win", "discard", "--from-seat", "3", "--json"]
    assert main(["score", *hand, "--meld", "chi", "123p"]) == 0
    english = json.loads(capsys.readouterr().out)
    assert main(["score", *hand, "--meld", "吃", "123p"]) == 0
    assert json.loads(capsys.readouterr().out) == english
    assert english["melds"] == [{"kind": "chi", "tiles": "123p"}]


def test_score_house_rules_and_variant(capsys: pytest.CaptureFixture[str]) -> None:
    # --set tai.self_draw=2: 門清 1 + 自摸 2 + 不求 1 = 4 台.
    assert main(["score", *EXAMPLE_ONE, "--set", "tai.self_draw=2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total_tai"] == 4 and data["overrides"] == [["tai.self_draw", "2"]]
    assert main(["score", *EXAMPLE_ONE, "--set", "nope=1"]) == 2
    assert "variant setting 'nope'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as usage:  # argparse's usage error, also status 2
        main(["score", *EXAMPLE_ONE, "--set", "novalue"])
    assert usage.value.code == 2


def test_score_why_not_lists_items_not_counted(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", *EXAMPLE_ONE, "--why-not", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # 平胡 needs a win on a discard (000 平胡): checked, not counted, with a reason.
    assert any(n["name"] == "平胡" and n["reason"] for n in data["why_not"])


def test_compare_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", *EXAMPLE_ONE, "--variants", "taiwan", "traditional"]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = lines[1]
    assert header.split() == ["taiwan", "traditional"]
    total = next(line for line in lines if line.strip().startswith("合計"))
    assert total.split()[1:] == ["3", "3"]
    assert main(["compare", *EXAMPLE_ONE, "--variants", "taiwan", "traditional", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["variant"] for s in data["scores"]] == ["taiwan", "traditional"]
    assert {d["name"] for d in data["differing"]} == {"門清", "自摸", "不求"}


def _won_record() -> tuple[twmj.Game, str]:
    g = won_game()
    return g, g.record()


def test_replay_scores_each_win(
    tmp_path: Any, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    g, record = _won_record()
    path = tmp_path / "hand.jsonl"
    path.write_text(record, encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    scores, net = g.settle()
    assert data["over"] is True and data["net_tai"] == net
    assert [s["total_tai"] for s in data["scores"]] == [s.total_tai for s in scores]
    monkeypatch.setattr("sys.stdin", io.StringIO(record))
    assert main(["replay", "-"]) == 0
    out = capsys.readouterr().out
    assert "第 1 筆" in out and "每一步都合規則" in out


def test_replay_names_the_first_illegal_move(
    capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(with_illegal_discard(won_game()), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("twmj: error:") and "line " in err and "illegal (" in err
    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_legal_from_a_snapshot(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 000 合法與犯規 明槓不對上家: seat 3 is seat 0's 上家; its 5m may be 碰'd, not 明槓'd.
    snap = {
        "seat": 0,
        "hand": "555m 123p456p789p 1123s",
        "drawable": 40,
        "decision": {"offer": {"from": 3, "discard": "5m"}},
    }
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(snap)))
    assert main(["legal", "-", "--json"]) == 0
    actions = json.loads(capsys.readouterr().out)["actions"]
    assert "pon" in actions and "minkan" not in actions
    monkeypatch.setattr("sys.stdin", io.StringIO("[1, 2]"))
    assert main(["legal", "-"]) == 2
    assert "JSON object" in capsys.readouterr().err


def test_variants(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [v["name"] for v in listed] == list(twmj.PRESETS)
    assert main(["variants", "taiwan", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["settings"] == twmj.variant_settings("taiwan")
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in twmj.PRESETS)
    # The overview's headings are the registry's names (手牌張數 for hand_size), not copies.
    specs = {s.key: s for s in twmj.SETTINGS}
    header = out.splitlines()[0].split()
    assert header[0] == "preset"
    assert header[1:] == [
        specs[k].name for k in ("players", "hand_size", "min_tai", "base_money", "tai_money")
    ]
    assert specs["hand_size"].name == "手牌張數"
    assert main(["variants", "nope"]) == 2


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"twmj {twmj.__version__}"


def test_score_into_a_closed_pipe_ends_quietly() -> None:
    cmd = [sys.executable, "-m", "twmj.cli", "score", *EXAMPLE_ONE]
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()
        err = proc.stderr.read().decode()
        assert proc.wait(timeout=30) == 1
    assert "Traceback" not in err and "BrokenPipe" not in err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--port", "99999"], "99999 is not a port (1–65535)"),
        (["--port", "0"], "0 is not a port (1–65535)"),
        (["--port", "http"], "'http' is not a port number"),
        (["--workers", "0"], "0 workers: 1 to 64"),
    ],
)
def test_serve_refuses_a_port_or_worker_count_that_cannot_be(
    capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    # Before: `--port 99999` said 99999 and listened on another port.
    with pytest.raises(SystemExit) as e:
        main(["serve", *args])
    assert e.value.code == 2
    assert said in capsys.readouterr().err


def test_an_argument_that_is_not_utf8_is_a_clear_error() -> None:
    # Python keeps the bytes as lone surrogates; before, the first twmj call raised a traceback.
    bad = b"123m\xff\xfe"
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from twmj.cli import main; sys.exit(main())",
            "waits",
            bad,
        ],
        capture_output=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.decode() == (
        "twmj: error: an argument is not valid UTF-8: b'123m\\xff\\xfe'\n"
    )


def test_score_flags_default_to_the_cores_context() -> None:
    # The core's Context::new: seat 0 deals and wins by self-draw, 東 round and 東 door.
    from twmj.cli import _parser

    args = _parser().parse_args(["score", "123m", "1m"])
    core = twmj.Context()
    assert (args.win, args.seat_wind, args.round_wind) == ("self_draw", "E", "E")
    assert (args.win, args.seat_wind, args.round_wind) == (
        core.win,
        core.seat_wind,
        core.round_wind,
    )
    assert (args.winner, args.dealer, args.streak) == (core.winner, core.dealer, core.streak)


# Issue 32 item 10: the reasons in Chinese, winds everywhere, --variant, help with defaults,
# one language.


def test_why_not_names_the_item_once_with_its_chinese_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    hand = ["2223456m456789p", "1m", "--meld", "chi", "123p", "--win", "discard"]
    assert main(["score", *hand, "--from-seat", "3", "--why-not", "--json"]) == 0
    why = {n["name"]: n["reason_zh"] for n in json.loads(capsys.readouterr().out)["why_not"]}
    assert main(["score", *hand, "--from-seat", "3", "--why-not"]) == 0
    lines = [line.strip() for line in capsys.readouterr().out.splitlines() if "不計" in line]
    # 門清 is not counted (a 吃 is open, 000 門清): its name once, the reason the core's Chinese.
    menqing = next(line for line in lines if line.startswith("不計 門清"))
    assert menqing.count("門清") == 1 + why["門清"].count("門清") - why["門清"].startswith("門清")
    assert not any(c.isascii() and c.isalpha() for c in menqing.replace("1p", "")), menqing
    assert len(lines) == len(why)


def test_round_wind_takes_letters_and_chinese_everywhere(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    g, record = _won_record()
    path = tmp_path / "hand.jsonl"
    path.write_text(record, encoding="utf-8")
    answers = []
    for wind in ("S", "s", "南"):
        assert main(["replay", str(path), "--round-wind", wind, "--json"]) == 0
        answers.append(json.loads(capsys.readouterr().out)["net_tai"])
    # 南 is wind 1: the record settled as `Game.settle(round_wind=1)` does.
    assert answers == [answers[0]] * 3 and answers[0] == g.settle(None, None, 1)[1]
    with pytest.raises(SystemExit) as usage:
        main(["replay", str(path), "--round-wind", "1"])
    assert usage.value.code == 2
    assert "is not a wind" in capsys.readouterr().err
    assert main(["score", *EXAMPLE_ONE, "--round-wind", "北", "--json"]) == 0
    assert main(["score", *EXAMPLE_ONE, "--round-wind", "n", "--json"]) == 0


def test_waits_and_analyze_take_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    # 004 三人麻將 拿掉二萬到八萬: under three_player 二萬 is refused by name.
    assert main(["waits", "19m2m", "--variant", "three_player"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("twmj: error: 二萬不在這個規則的牌裡") and err.count("\n") == 1
    assert main(["analyze", "19m1112345678999p11z", "--variant", "three_player", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == analysis_data(
        twmj.analyze("19m1112345678999p11z", variant=twmj.Variant("three_player"))
    )


def _all_options() -> list[tuple[str, Any]]:
    import argparse

    from twmj.cli import _parser

    out = []
    for action in _parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                out += [(name, a) for a in sub._actions if a.option_strings]
    return out


def test_every_option_has_help_and_shows_its_default() -> None:
    for command, action in _all_options():
        if action.dest == "help":
            continue
        assert action.help, (command, action.option_strings)
    helps = {name: text for name, text in _helps()}
    assert "(default: 0)" in helps["score"] and "(default: taiwan)" in helps["score"]
    assert "(default: E)" in helps["score"]
    assert "(default: 2000)" in helps["arena"] and "(default: 10.0)" in helps["simulate"]


def _helps() -> list[tuple[str, str]]:
    import argparse

    from twmj.cli import _parser

    out = []
    for action in _parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            out += [(name, sub.format_help()) for name, sub in action.choices.items()]
    return out


def test_simulate_columns_are_padded_by_display_width(capsys: pytest.CaptureFixture[str]) -> None:
    from wcwidth import wcswidth

    assert main(["simulate", "--games", "200", "--seed", "2"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("  ")]
    counts = [r for r in rows if r.split()[-1].isdigit() and "台" not in r]
    # 自摸, 放槍, 四家開槓 …: names of 2–4 CJK characters, the counts' right ends in one column.
    assert len(counts) >= 3
    assert len({wcswidth(r) for r in counts}) == 1, counts


def test_output_is_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    # One policy: Chinese terms, English only for what has none (keys, notation, seed).
    assert main(["waits", "1112345678999m1p"]) == 0
    assert main(["waits", "1112345678999m1z"]) == 0
    assert main(["analyze", "1357m1357p1357s12345z"]) == 0
    out = capsys.readouterr().out
    for english in ("ready", "complete", "shanten", "wall", "events", "seat"):
        assert english not in out


# Issue 32 item 11: every bad input to replay and legal is one error line, status 2.


@pytest.mark.parametrize("command", ["replay", "legal"])
@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"\xff\xfe{}", "not UTF-8"),
        (b"[" * 100_000, ""),
    ],
)
def test_bad_bytes_are_one_error_line(command: str, data: bytes, words: str, tmp_path: Any) -> None:
    path = tmp_path / "in.json"
    path.write_bytes(data)
    for args, stdin in (([str(path)], None), (["-"], data)):
        done = subprocess.run(
            [sys.executable, "-m", "twmj.cli", command, *args],
            input=stdin,
            capture_output=True,
            timeout=60,
        )
        err = done.stderr.decode()
        assert done.returncode == 2, err
        assert err.startswith("twmj: error: ") and err.count("\n") == 1, err
        assert words in err


@pytest.mark.parametrize("command", ["replay", "legal"])
def test_a_closed_stdin_is_one_error_line(command: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "twmj.cli", command, "-"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=60,
        preexec_fn=lambda: __import__("os").close(0),
    )
    err = done.stderr.decode()
    assert done.returncode == 2 and err.startswith("twmj: error: ") and err.count("\n") == 1, err
    assert "stdin" in err


def test_a_byte_order_mark_is_read_as_the_service_reads_it(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    _, record = _won_record()
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + record.encode())
    assert main(["replay", str(path), "--json"]) == 0
    plain = tmp_path / "plain.jsonl"
    plain.write_text(record, encoding="utf-8")
    with_bom = json.loads(capsys.readouterr().out)
    assert main(["replay", str(plain), "--json"]) == 0
    assert with_bom == json.loads(capsys.readouterr().out)
    snap = {
        "seat": 0,
        "hand": "555m 123p456p789p 1123s",
        "drawable": 40,
        "decision": {"offer": {"from": 3, "discard": "5m"}},
    }
    path = tmp_path / "snap.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(snap).encode())
    assert main(["legal", str(path), "--json"]) == 0
    assert "pon" in json.loads(capsys.readouterr().out)["actions"]
