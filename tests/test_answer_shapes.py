"""One shape per answer (issue #34): the core's answer is the owner of its fields. Each check
takes a real answer as the core serialises it (`as_dict()`, the core's serde type) and walks
it: every field at every depth must be a field of the HTTP response model and an attribute of
the `.pyi` stub class there, and the model may hold no field the core does not send. Nothing
here names a field: a field added to the core and nowhere else fails with its path."""

from __future__ import annotations

import ast
import dataclasses
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel

import twmj
from twmj._core import review_record
from twmj.coach import DecisionReview
from twmj.data import analysis_data, score_data, waits_data
from twmj_api.schemas.analyze import AnalyzeResponse
from twmj_api.schemas.game import ReviewDecisionOut, ReviewResponse
from twmj_api.schemas.score import ScoreResponse
from twmj_api.schemas.waits import WaitsResponse

ROOT = Path(__file__).resolve().parent.parent
STUB = ROOT / "python" / "twmj" / "_core.pyi"


def stub_classes(text: str) -> dict[str, dict[str, ast.expr]]:
    """Each class of the stub with its properties' return annotations."""
    classes: dict[str, dict[str, ast.expr]] = {}
    for node in ast.parse(text).body:
        if isinstance(node, ast.ClassDef):
            classes[node.name] = {
                f.name: f.returns
                for f in node.body
                if isinstance(f, ast.FunctionDef)
                and f.returns is not None
                and any(isinstance(d, ast.Name) and d.id == "property" for d in f.decorator_list)
            }
    return classes


def _stub_class_in(annotation: ast.expr | None, classes: dict[str, Any]) -> str | None:
    """The stub class an attribute holds (itself or as the element of a list or tuple)."""
    if annotation is None:
        return None
    names = [n.id for n in ast.walk(annotation) if isinstance(n, ast.Name) and n.id in classes]
    return names[0] if names else None


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """The response model a field holds (itself, optional, or as a list's element)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def shape_gaps(
    core: Any,
    model: type[BaseModel] | None,
    stub: str | None,
    classes: dict[str, dict[str, ast.expr]],
    at: str,
) -> list[str]:
    """What the model and the stub lack (or the model adds) against the core's answer `core`."""
    if isinstance(core, list | tuple):
        elements = [e for e in core if isinstance(e, dict)]
        if not elements and (model is not None or stub is not None):
            return [f"{at}: the sample holds no element, so its fields go unchecked"]
        return [g for e in elements[:1] for g in shape_gaps(e, model, stub, classes, f"{at}[]")]
    if not isinstance(core, dict):
        return []
    gaps: list[str] = []
    fields = model.model_fields if model is not None else {}
    attrs = classes.get(stub, {}) if stub is not None else {}
    for key, value in core.items():
        if model is not None and key not in fields:
            gaps.append(f"{at}.{key}: missing from the API model {model.__name__}")
        if stub is not None and key not in attrs:
            gaps.append(f"{at}.{key}: missing from the stub class {stub}")
        inner_model = _model_in(fields[key].annotation) if key in fields else None
        inner_stub = _stub_class_in(attrs.get(key), classes)
        if isinstance(value, dict | list | tuple):
            gaps += shape_gaps(value, inner_model, inner_stub, classes, f"{at}.{key}")
    if model is not None:
        gaps += [f"{at}.{f}: in {model.__name__}, not in the core" for f in fields if f not in core]
    return gaps


def _score() -> twmj.Score:
    """A score whose every list holds an element: a meld, dealer items, overrides, why-not."""
    return twmj.score(
        "456789m234p56p77s",
        "7p",
        melds=[("chi", "123m")],
        context=twmj.Context(
            winner=1, dealer=0, streak=2, seat_wind="S", win="discard", from_seat=0
        ),
        variant=twmj.Variant(overrides={"min_tai": 0}),
        why_not=True,
    )


#: Each answer: its name, a real one as the core serialises it, its response model, its stub.
ANSWERS: list[tuple[str, Callable[[], Any], type[BaseModel], str]] = [
    ("score", lambda: _score().as_dict(), ScoreResponse, "Score"),
    # A ready hand: its waits and its accepts (the waits) both hold elements.
    (
        "waits",
        lambda: twmj.waits("2223456m456789p", melds=[("chi", "123p")]).as_dict(),
        WaitsResponse,
        "Waits",
    ),
    (
        "analysis",
        lambda: twmj.analyze("2223456m123456789p9s").as_dict(),
        AnalyzeResponse,
        "Analysis",
    ),
]


def test_every_core_field_is_in_the_api_model_and_the_stub() -> None:
    classes = stub_classes(STUB.read_text(encoding="utf-8"))
    for name, sample, model, stub in ANSWERS:
        assert shape_gaps(sample(), model, stub, classes, name) == []


def test_the_data_the_service_serves_is_the_cores_answer() -> None:
    # twmj.data derives the answer (no hand-written mirror that could drop a field).
    s = _score()
    assert score_data(s) == s.as_dict()
    w = twmj.waits("2223456m456789p", melds=[("chi", "123p")])
    assert waits_data(w) == w.as_dict()
    assert [x["tile"] for x in w.as_dict()["waits"]] == w.tiles == [x.tile for x in w.waits]
    a = twmj.analyze("2223456m123456789p9s")
    assert analysis_data(a) == a.as_dict()
    assert [d["tile"] for d in a.as_dict()["discards"]] == [d.tile for d in a.discards]
    # And the attributes read the same values as the answer carries.
    d = s.as_dict()
    assert d["total_tai"] == s.total_tai and d["winner"] == s.winner == 1
    assert [p["money"] for p in d["payments"]] == [p.money for p in s.payments]
    assert d["melds"] == [{"kind": m.kind, "tiles": m.tiles} for m in s.melds]


def test_the_walk_names_a_field_the_core_gained_or_a_copy_lost() -> None:
    text = STUB.read_text(encoding="utf-8")
    classes = stub_classes(text)
    core = _score().as_dict()
    # A field added to the core only (as a new field would be): named at its path, twice.
    core["payments"][0]["surcharge"] = 1
    core["late"] = True
    assert shape_gaps(core, ScoreResponse, "Score", classes, "score") == [
        "score.payments[].surcharge: missing from the API model PaymentOut",
        "score.payments[].surcharge: missing from the stub class Payment",
        "score.late: missing from the API model ScoreResponse",
        "score.late: missing from the stub class Score",
    ]
    # A copy of the stub without `Payment.money`, a copy of the model without `win_shape`.
    lost = text.replace("    def money(self) -> int: ...\n", "    def _money(self) -> int: ...\n")
    fields = {k: (f.annotation, f) for k, f in ScoreResponse.model_fields.items()}
    del fields["win_shape"]
    from pydantic import create_model

    copy = create_model("ScoreCopy", **fields)  # type: ignore[call-overload]
    assert shape_gaps(_score().as_dict(), copy, "Score", stub_classes(lost), "score") == [
        "score.win_shape: missing from the API model ScoreCopy",
        "score.payments[].money: missing from the stub class Payment",
    ]
    # An empty list cannot vouch for its elements' fields.
    empty = _score().as_dict() | {"payments": []}
    assert shape_gaps(empty, ScoreResponse, "Score", classes, "score") == [
        "score.payments: the sample holds no element, so its fields go unchecked"
    ]


def test_the_helpers_read_nested_annotations() -> None:
    assert _model_in(list[ScoreResponse] | None) is ScoreResponse
    assert _model_in(int) is None


def _decision() -> dict[str, Any]:
    """A reviewed decision of a hand played out by the value bots, as the core answers it, with
    estimates and discard facts both filled."""
    game = twmj.Game(seed=3)
    while not game.is_over:
        seat = game.pending[0]
        action = game.bot_action("value", seat)
        assert action is not None
        game.apply(seat, action)
    found = [
        d for d in review_record(game.record(), 0, samples=2) if d["estimates"] and d["discards"]
    ]
    assert found
    return found[0]


def test_the_review_holds_the_cores_decision_fields() -> None:
    # The review (twmj.coach) adds its own fields (the loss, the reason in Chinese) to the
    # core's decision; each of the core's must reach DecisionReview and ReviewDecisionOut, but
    # those the response states once for the whole review (the seat, the samples).
    decision = _decision()
    once = set(ReviewResponse.model_fields)
    own = {k: v for k, v in decision.items() if k not in once}
    review = {f.name for f in dataclasses.fields(DecisionReview)}
    assert sorted(set(own) - review) == []
    assert set(ReviewDecisionOut.model_fields) == review
    # The estimates and the discard facts are the core's, field for field.
    fields = ReviewDecisionOut.model_fields
    gaps = [
        g
        for k, v in own.items()
        if isinstance(v, list)
        for g in shape_gaps(v, _model_in(fields[k].annotation), None, {}, f"review.{k}")
    ]
    assert gaps == []
