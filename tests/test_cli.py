"""The `twmj` command line: text and JSON output, and errors as exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import twmj
from twmj.cli import main


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
    assert "打 二萬  2m  聽 一筒(3)" in out


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
    assert out.startswith(f"{preset}: 300 局")


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
