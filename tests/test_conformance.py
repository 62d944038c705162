"""The conformance corpus (docs/conformance.md) through the Python facade: every case, its file
format, its coverage, the generator's output, and the JSON-lines protocol end to end."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import twmj
from twmj import conformance

ROOT = Path(__file__).resolve().parents[1]
CASES_DIR = ROOT / "conformance" / "cases"
CASES = conformance.load(CASES_DIR)


def _preset(case: dict[str, Any]) -> str:
    return str(conformance.variant_of(case)["preset"])


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(case: dict[str, Any]) -> None:
    outcome = conformance.ask(case)
    why = conformance.mismatch(case, outcome)
    assert why is None, (
        f"{case['id']}: {why}\n expected {conformance.expected_outcome(case)}\n got {outcome}"
    )


def test_every_file_follows_the_schema() -> None:
    schema = json.loads((ROOT / "conformance" / "schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    files = sorted(CASES_DIR.glob("*.json")) + sorted(
        (ROOT / "conformance/disputed").glob("*.json")
    )
    assert files
    for file in files:
        errors = list(validator.iter_errors(json.loads(file.read_text(encoding="utf-8"))))
        assert not errors, f"{file.name}: {errors[0].message} at {list(errors[0].absolute_path)}"


def test_the_corpus_covers_every_preset_and_kind() -> None:
    # Issue 27 item 4: at least 300 cases over all 7 presets and every question kind, with
    # refusals of every kind.
    assert len(CASES) >= 300
    pairs = Counter((_preset(c), c["kind"]) for c in CASES)
    for preset in twmj.PRESETS:
        for kind in conformance.KINDS:
            assert pairs[preset, kind] > 0, (preset, kind)
    refused = {c["kind"] for c in CASES if "error" in c}
    assert refused == set(conformance.KINDS)


def test_every_source_names_a_text_or_a_derivation() -> None:
    for c in CASES:
        assert any(
            k in c["source"] for k in ("000", "001", "002", "003", "004", "reference", "docs/")
        ), c["id"]


def test_the_generated_files_are_what_the_generator_writes() -> None:
    # conformance/generate.py writes waits/shanten/is_win from tests/reference alone.
    r = subprocess.run(
        [sys.executable, str(ROOT / "conformance" / "generate.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stderr


def test_the_generator_does_not_import_twmj() -> None:
    for path in [
        ROOT / "conformance/generate.py",
        *sorted((ROOT / "tests/reference").glob("*.py")),
    ]:
        text = path.read_text(encoding="utf-8")
        assert "import twmj" not in text and "from twmj" not in text, path


def test_a_wrong_answer_is_named() -> None:
    case = next(c for c in CASES if c["id"] == "score/taiwan/worked-example-1")
    wrong = {"answer": {**case["expect"], "total_tai": 4}}
    assert conformance.mismatch(case, wrong) == "total_tai: expected 3, got 4"
    assert conformance.mismatch(case, {"error": {"code": "not_a_win", "field": "hand"}})
    # Lists whose order carries no meaning compare as multisets.
    shuffled = {"answer": {**case["expect"], "items": case["expect"]["items"][::-1]}}
    assert conformance.mismatch(case, shuffled) is None


def test_the_loader_refuses_a_bad_file(tmp_path: Path) -> None:
    bad = tmp_path / "x.json"
    for doc, words in [
        ({"format": "twmj-conformance", "version": 2, "cases": []}, "version"),
        ({"format": "other", "version": 1, "cases": []}, "not a twmj-conformance"),
        ({"format": "twmj-conformance", "version": 1, "cases": [{"id": "a"}]}, "source"),
        (
            {
                "format": "twmj-conformance",
                "version": 1,
                "cases": [
                    {"id": "a", "kind": "shanten", "question": {}, "expect": {}, "source": "s"}
                ]
                * 2,
            },
            "duplicate id",
        ),
    ]:
        bad.write_text(json.dumps(doc), encoding="utf-8")
        with pytest.raises(conformance.CorpusError, match=words):
            conformance.load(bad)


def test_the_protocol_engine_answers_every_case() -> None:
    # The built-in engine over the JSON-lines protocol (python -m twmj.conformance): the same
    # answers as the facade, case by case.
    with conformance.ProtocolEngine(f"{sys.executable} -m twmj.conformance") as engine:
        report = conformance.run(CASES, engine)
    assert report.ok, [(f.id, f.why) for f in report.failures]
    assert sum(n for n, _ in report.counts.values()) == len(CASES)
