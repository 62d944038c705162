"""One shape per answer (issue #34): the core's answer is the owner of its fields. Each check
takes a real answer as the core serialises it (`as_dict()`, the core's serde type) and walks
it: every field at every depth must be a field of the HTTP response model and an attribute of
the `.pyi` stub class there, and the model may hold no field the core does not send. Nothing
here names a field: a field added to the core and nowhere else fails with its path.

The replay answer (`/v1/replay`, the core's `ReplayAnswer` in game/report.rs) is a dict, with
no stub class; its model is held to it the same way. Its shape is the HTTP service's public
one, now stated by the core: `Game.result()` and the record's last line write a 暗槓 and a
ready seat as `[seat, …]` pairs, while `/v1/replay` has always served them as objects
(`ankan_fees[] = {seat, tile}`, `false_win.ready[] = {seat, tai}`) and a 詢問費 as its
`[payer, payee]` pair. A client reads the answer by name and would break on a change of
form, so the core's replay answer keeps those forms (decision of issue #34's replay step);
the fields the service used to drop (`dealer`, `east`, each win's `discards`, `shown`,
`declaration`, `first_turn`, `replacement`, `last_tile`) are now served.

The settings registry's entry is the core's `Spec` (rules/settings.rs), held whole by
`twmj.SettingSpec`. The review (`twmj.review`, `/v1/review`) is the core's `ReviewAnswer`
(game/review.rs, the reasons in Chinese and the summary included), held whole by
`twmj.Review`, and walked whole like the others.

An answer nested in another (the replay's `scores` are score answers) is walked as its own
entry, not again inside the other. An entry may give several real answers (a won hand, a
false win): a list is vouched for when any of them holds an element."""

from __future__ import annotations

import ast
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel

import twmj
from tests.games import ankan_deal, four_kongs, improved16_false_win
from twmj._core import review_record
from twmj.data import analysis_data, replay_data, score_data, waits_data
from twmj_api.schemas.analyze import AnalyzeResponse
from twmj_api.schemas.game import ReplayResponse, ReviewResponse
from twmj_api.schemas.score import ScoreResponse
from twmj_api.schemas.variants import SettingOut
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


#: The end of the gap a list with no element leaves.
NO_ELEMENT = ": the sample holds no element (or None), so its fields go unchecked"


def shape_gaps(
    core: Any,
    model: type[BaseModel] | None,
    stub: str | None,
    classes: dict[str, dict[str, ast.expr]],
    at: str,
    own: frozenset[type[BaseModel]] = frozenset(),
) -> list[str]:
    """What the model and the stub lack (or the model adds) against the core's answer `core`.
    A field holding one of the models in `own` (answers walked as entries of their own) is
    not walked again."""
    if model is not None and model in own:
        return []
    if isinstance(core, list | tuple):
        elements = [e for e in core if isinstance(e, dict)]
        if not elements and (model is not None or stub is not None):
            return [f"{at}{NO_ELEMENT}"]
        return [
            g for e in elements[:1] for g in shape_gaps(e, model, stub, classes, f"{at}[]", own)
        ]
    if not isinstance(core, dict):
        return []
    gaps: list[str] = []
    # A field by the name it is served under (`from`, whose attribute is `from_`).
    fields = {f.alias or k: f for k, f in model.model_fields.items()} if model is not None else {}
    attrs = classes.get(stub, {}) if stub is not None else {}
    for key, value in core.items():
        if model is not None and key not in fields:
            gaps.append(f"{at}.{key}: missing from the API model {model.__name__}")
        if stub is not None and key not in attrs:
            gaps.append(f"{at}.{key}: missing from the stub class {stub}")
        inner_model = _model_in(fields[key].annotation) if key in fields else None
        inner_stub = _stub_class_in(attrs.get(key), classes)
        if isinstance(value, dict | list | tuple):
            gaps += shape_gaps(value, inner_model, inner_stub, classes, f"{at}.{key}", own)
        elif value is None and (inner_model not in (None, *own) or inner_stub is not None):
            gaps.append(f"{at}.{key}{NO_ELEMENT}")
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


def answer_gaps(
    samples: list[Any],
    model: type[BaseModel],
    stub: str | None,
    classes: dict[str, dict[str, ast.expr]],
    at: str,
    own: frozenset[type[BaseModel]],
) -> list[str]:
    """`shape_gaps` over several real answers of one kind: every field gap of any, and a list
    left unchecked only when no answer holds an element of it."""
    found = [shape_gaps(s, model, stub, classes, at, own) for s in samples]
    empty = set.intersection(*({g for g in f if g.endswith(NO_ELEMENT)} for f in found))
    gaps = [g for f in found for g in f if not g.endswith(NO_ELEMENT)] + sorted(empty)
    return list(dict.fromkeys(gaps))


def _ankan_won() -> twmj.Game:
    """hk16: the dealer's 暗槓 of 東 collects its 底 (003 hk16 槓牌), and seat 1 wins on its 中."""
    game = ankan_deal(twmj.Variant("hk16"))
    game.apply(0, "ankan 1z")
    game.apply(0, "discard 7z")
    game.apply(1, "win")
    return game


def _over() -> list[twmj.Game]:
    """Finished hands: a winner showing melds (four 暗槓, 001 四槓胡), a 暗槓 collecting its 底,
    a 詐胡 paying the ready seats (003 詐胡的罰則)."""
    games = [four_kongs("improved16"), _ankan_won(), improved16_false_win()]
    assert all(g.is_over for g in games)
    return games


def _replays() -> list[dict[str, Any]]:
    """The finished hands' replays, and one of a hand not over."""
    games = [*_over(), twmj.Game(seed=3)]
    return [replay_data(g, len(twmj.record_lines(g.record()))) for g in games]


def _played_out() -> twmj.Game:
    """A hand played out by the value bots (seed 3)."""
    game = twmj.Game(seed=3)
    while not game.is_over:
        seat = game.pending[0]
        action = game.bot_action("value", seat)
        assert action is not None
        game.apply(seat, action)
    return game


def _reviews() -> list[dict[str, Any]]:
    """Seat 0's review of a played-out hand, whole (its summary included), and the same
    review kept to its turns (decisions whose discard facts are filled), so that some sample's
    first decision fills every list."""
    whole = twmj.review(_played_out().record(), 0, samples=2).as_dict()
    turns = whole | {
        "decisions": [d for d in whole["decisions"] if d["estimates"] and d["discards"]]
    }
    assert whole["decisions"] and turns["decisions"]
    return [whole, turns]


#: Each answer: its name, real ones as the core serialises them, its response model, its stub
#: class (None for an answer that is a dict).
ANSWERS: list[tuple[str, Callable[[], list[Any]], type[BaseModel], str | None]] = [
    ("score", lambda: [_score().as_dict()], ScoreResponse, "Score"),
    # A ready hand: its waits and its accepts (the waits) both hold elements.
    (
        "waits",
        lambda: [twmj.waits("2223456m456789p", melds=[("chi", "123p")]).as_dict()],
        WaitsResponse,
        "Waits",
    ),
    (
        "analysis",
        lambda: [twmj.analyze("2223456m123456789p9s").as_dict()],
        AnalyzeResponse,
        "Analysis",
    ),
    ("replay", _replays, ReplayResponse, None),
    # Every entry of the settings registry (a range, a choice with names, a requirement, a
    # family with no defaults): the core's `Spec`, served by `/v1/settings`.
    ("settings", lambda: [s.as_dict() for s in twmj.SETTINGS], SettingOut, "SettingSpec"),
    ("review", _reviews, ReviewResponse, "Review"),
]


def test_every_core_field_is_in_the_api_model_and_the_stub() -> None:
    classes = stub_classes(STUB.read_text(encoding="utf-8"))
    for name, samples, model, stub in ANSWERS:
        own = frozenset(m for _, _, m, _ in ANSWERS if m is not model)
        assert answer_gaps(samples(), model, stub, classes, name, own) == []


def required_gaps(
    core: Any,
    model: type[BaseModel] | None,
    schemas: dict[str, Any],
    at: str,
    own: frozenset[type[BaseModel]] = frozenset(),
) -> list[str]:
    """Each field of the core's answer `core` that the OpenAPI response schema of `model` does
    not mark required. The core's answers skip no field (serde writes every one, `null` when
    empty), so every field sent is always sent: a client may rely on it."""
    if model is None or model in own:
        return []
    if isinstance(core, list | tuple):
        elements = [e for e in core if isinstance(e, dict)]
        return [g for e in elements[:1] for g in required_gaps(e, model, schemas, f"{at}[]", own)]
    if not isinstance(core, dict):
        return []
    name = model.__name__
    schema = schemas.get(f"{name}-Output", schemas.get(name, {}))
    required = set(schema.get("required", []))
    fields = {f.alias or k: f for k, f in model.model_fields.items()}
    gaps = [
        f"{at}.{k}: always sent, not required in {name}'s OpenAPI schema"
        for k in core
        if k in fields and k not in required
    ]
    for k, v in core.items():
        if k in fields and isinstance(v, dict | list | tuple):
            inner = _model_in(fields[k].annotation)
            gaps += required_gaps(v, inner, schemas, f"{at}.{k}", own)
    return gaps


def test_the_openapi_schema_requires_what_the_core_always_sends() -> None:
    # Decision (issue #34): a response model states the core's answer, so a field the core
    # always sends has no default in the model and is required in the OpenAPI response
    # schema (nullable where the core sends null). Before, `/v1/replay`'s `draw_reason`,
    # `false_win`, `fees`, `ankan_fees` and `false_win.ready` had defaults and read as
    # optional to a generated client.
    from twmj_api.main import create_app

    schemas = create_app().openapi()["components"]["schemas"]
    for name, samples, model, _ in ANSWERS:
        own = frozenset(m for _, _, m, _ in ANSWERS if m is not model)
        found = [required_gaps(s, model, schemas, name, own) for s in samples()]
        assert [g for f in found for g in f] == []
    # The walk names a field a model left optional.
    loose = {"type": "object", "properties": {"seat": {}}, "required": []}
    assert required_gaps({"seat": 1}, AnkanOutProbe, {"AnkanOutProbe": loose}, "x") == [
        "x.seat: always sent, not required in AnkanOutProbe's OpenAPI schema"
    ]


class AnkanOutProbe(BaseModel):
    seat: int


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
        f"score.payments{NO_ELEMENT}"
    ]


def test_the_settings_spec_is_the_cores_entry() -> None:
    # Each attribute of twmj.SettingSpec reads the field of the core's entry it is named for
    # (the stub's properties, none named here), and /v1/settings serves the entry as it is.
    from twmj_api.routers.variants import settings_out

    attrs = stub_classes(STUB.read_text(encoding="utf-8"))["SettingSpec"]
    for spec, out in zip(twmj.SETTINGS, settings_out(), strict=True):
        core = spec.as_dict()
        assert {a: getattr(spec, a) for a in attrs} == core
        assert out.model_dump() == core
    # A field the core's Spec gained and nothing else is named at its path, in both.
    classes = stub_classes(STUB.read_text(encoding="utf-8"))
    hand_size = next(s for s in twmj.SETTINGS if s.requires)
    core = hand_size.as_dict() | {"unit": "tai"}
    assert shape_gaps(core, SettingOut, "SettingSpec", classes, "settings") == [
        "settings.unit: missing from the API model SettingOut",
        "settings.unit: missing from the stub class SettingSpec",
    ]


def test_the_helpers_read_nested_annotations() -> None:
    assert _model_in(list[ScoreResponse] | None) is ScoreResponse
    assert _model_in(int) is None


def test_the_review_is_the_cores_answer() -> None:
    # twmj.review is the core's review answer as it is (no layer rebuilds it), and each
    # attribute of twmj.Review, twmj.ReviewSummary and twmj.DecisionReview (the stub's
    # properties, none named here) reads the field of the core's answer it is named for.
    record = _played_out().record()
    r = twmj.review(record, 0, samples=2, seed=7)
    core = review_record(record, 0, 2, 7)
    assert r == core and r.as_dict() == core.as_dict()
    classes = stub_classes(STUB.read_text(encoding="utf-8"))
    data = r.as_dict()
    fields = {a: getattr(r, a) for a in classes["Review"] if a in data}
    assert fields.pop("summary").as_dict() == data["summary"]
    assert [d.as_dict() for d in fields.pop("decisions")] == data["decisions"]
    assert fields == {k: v for k, v in data.items() if k not in ("summary", "decisions")}
    assert {a: getattr(r.summary, a) for a in classes["ReviewSummary"]} == data["summary"]
    for d, dd in zip(r.decisions, data["decisions"], strict=True):
        assert {a: getattr(d, a) for a in classes["DecisionReview"]} == dd
    # What Review adds beside the answer reads the summary.
    assert (r.total_loss, r.total_loss_se) == (r.summary.total_loss, r.summary.total_loss_se)
    assert [d.index for d in r.costliest] == r.summary.costliest


def test_the_whole_review_is_walked_against_its_model() -> None:
    # The review's ANSWERS row walks twmj.review's answer whole, summary included: a field
    # added to any part of the core's answer is named in the model and the stub.
    classes = stub_classes(STUB.read_text(encoding="utf-8"))
    whole, turns = _reviews()
    whole["summary"]["median"] = 0.0
    turns["decisions"][0]["estimates"][0]["samples"] = 2
    turns["decisions"][0]["late"] = True
    assert answer_gaps(
        [whole, turns], ReviewResponse, "Review", classes, "review", frozenset()
    ) == [
        "review.decisions[].estimates[].samples: missing from the API model EstimateOut",
        "review.decisions[].late: missing from the API model ReviewDecisionOut",
        "review.decisions[].late: missing from the stub class DecisionReview",
        "review.summary.median: missing from the API model ReviewSummaryOut",
        "review.summary.median: missing from the stub class ReviewSummary",
    ]


def test_the_replay_serves_every_field_of_the_finished_hand() -> None:
    # Game.result() is the core's view of the finished hand: every field of it, and of each
    # win, reaches the replay answer; its pairs are the answer's objects, value for value.
    classes = stub_classes(STUB.read_text(encoding="utf-8"))
    for game in _over():
        result = game.result()
        assert result is not None
        body = replay_data(game, len(twmj.record_lines(game.record())))
        assert sorted(set(result) - set(body)) == []
        assert [
            {k: w[k] for k in wr if k != "melds"}
            for w, wr in zip(body["wins"], result["wins"], strict=True)
        ] == [{k: v for k, v in wr.items() if k != "melds"} for wr in result["wins"]]
        assert [w["melds"] for w in body["wins"]] == [
            [{"kind": m.kind, "tiles": m.tiles} for m in wr["melds"]] for wr in result["wins"]
        ]
        assert (body["draw"], body["draw_reason"], body["fees"]) == (
            result["draw"],
            result["draw_reason"],
            result["fees"],
        )
        assert body["ankan_fees"] == [{"seat": s, "tile": t} for s, t in result["ankan_fees"]]
        fw = result["false_win"]
        assert body["false_win"] == (
            None if fw is None else fw | {"ready": [{"seat": s, "tai": t} for s, t in fw["ready"]]}
        )
        scores, net = game.settle()
        assert body["scores"] == [s.as_dict() for s in scores] and body["net_tai"] == net
        assert (body["dealer"], body["east"]) == (result["dealer"], result["east"])
    # The four kongs: the dealer wins showing them; hk16's 暗槓 collects its 底.
    kongs = replay_data(four_kongs("improved16"), 0)
    assert [m["kind"] for m in kongs["wins"][0]["melds"]] == ["ankan"] * 4
    assert replay_data(_ankan_won(), 0)["ankan_fees"] == [{"seat": 0, "tile": "1z"}]
    # A field the core gained that the model lacks is named at its path.
    kongs["wins"][0]["late"] = True
    gaps = shape_gaps(kongs, ReplayResponse, None, classes, "replay", frozenset({ScoreResponse}))
    assert [g for g in gaps if not g.endswith(NO_ELEMENT)] == [
        "replay.wins[].late: missing from the API model WinOut"
    ]


def test_a_list_is_vouched_for_by_any_sample() -> None:
    won, ankan, false_win, going = _replays()
    own = frozenset({ScoreResponse})
    every = [won, ankan, false_win, going]
    assert answer_gaps(every, ReplayResponse, None, {}, "replay", own) == []
    # Each alone leaves what it does not hold unchecked: the four kongs have no 詐胡 and
    # collect no 底 (improved16), the 詐胡 has no win nor 暗槓.
    assert shape_gaps(won, ReplayResponse, None, {}, "replay", own) == [
        f"replay.false_win{NO_ELEMENT}",
        f"replay.ankan_fees{NO_ELEMENT}",
    ]
    assert answer_gaps([false_win, going], ReplayResponse, None, {}, "replay", own) == [
        f"replay.ankan_fees{NO_ELEMENT}",
        f"replay.wins{NO_ELEMENT}",
    ]
    # A nested answer walked as its own entry is not walked again (the replay's scores carry
    # no why-not, which the score entry vouches for).
    assert f"replay.scores[].why_not{NO_ELEMENT}" in shape_gaps(
        won, ReplayResponse, None, {}, "replay"
    )


def model_fields_by_path(model: type[BaseModel], at: str = "") -> dict[str, set[str]]:
    """Each object of a request model, by its path, with the names its fields are sent under."""
    out = {at: {f.alias or k for k, f in model.model_fields.items()}}
    for k, f in model.model_fields.items():
        inner = _model_in(f.annotation)
        if inner is not None:
            out |= model_fields_by_path(inner, f"{at}.{f.alias or k}".lstrip("."))
    return out


def test_the_snapshot_model_reads_the_cores_fields() -> None:
    # The snapshot is a question, not an answer, but one shape too: the core reads it through
    # derived serde readers (snapshot_json.rs), whose fields it lists (Snapshot::json_fields);
    # each object of the /v1/legal request model must hold exactly those. Beyond them the
    # model has what the core is handed beside the JSON: `melds` and `variant`, read by the
    # binding as objects, and `overrides`, which the service folds into the variant. (That
    # each field read has its own wrong-type message in `wrong()` is the core's test
    # `every_field_read_has_its_own_wrong_type_message`.)
    from twmj._core import snapshot_fields
    from twmj_api.schemas.game import Snapshot

    core = {at: set(fields) for at, fields in snapshot_fields()}
    model = model_fields_by_path(Snapshot)
    beside = {"melds", "variant", "overrides"}
    assert model.pop("melds") == {"kind", "tiles"}  # twmj.Meld's, read by the binding
    assert model[""] - core[""] == beside
    model[""] -= beside
    assert model == core
