"""The MCP tool server: the service's questions as tools for LLM agents (`twmj mcp`, `/mcp`).

Each tool's input schema is the JSON schema of the HTTP endpoint's request model in a short
form (`input_schema`: `overrides` points at the `settings` tool instead of carrying the whole
registry, and pydantic's labels are left out), and each answer is the endpoint's answer; bad
input is a tool error whose structured content is the same `{error: {code, message, field}}`
as an HTTP 4xx.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import anyio
import orjson
from mcp import types
from mcp.server import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from pydantic import BaseModel, ConfigDict, ValidationError

import twmj
from twmj.data import analysis_data, score_data, waits_data
from twmj_api.errors import SERVICE_ZH, NestedError, answer_of
from twmj_api.offload import BusyError, is_heavy, run_heavy
from twmj_api.routers import analyze, game, score, values, waits
from twmj_api.routers.values import WaitValuesRequest
from twmj_api.routers.variants import settings_out
from twmj_api.schemas.analyze import AnalyzeRequest
from twmj_api.schemas.common import OVERRIDES_SCHEMA, ErrorDetail
from twmj_api.schemas.game import LegalRequest, ReplayRequest, ReviewRequest
from twmj_api.schemas.score import CompareRequest, ScoreRequest
from twmj_api.schemas.variants import VariantOut
from twmj_api.schemas.waits import WaitsRequest

__all__ = ["SERVER", "TOOLS", "http_manager", "input_schema", "run_stdio"]


class NoInput(BaseModel):
    """No arguments."""

    model_config = ConfigDict(extra="forbid", strict=True)


@dataclass(frozen=True)
class ToolSpec:
    name: str
    title: str
    description: str
    model: type[BaseModel]
    answer: Callable[[Any], Awaitable[Any]]
    #: Answered in a worker thread under the service's heavy-work bound, as the endpoint is.
    heavy: bool = False


def _plain(result: Any) -> Any:
    """An endpoint's answer as JSON data (its response model dumped as the API sends it)."""
    if isinstance(result, BaseModel):
        return result.model_dump(mode="json", by_alias=True)
    if isinstance(result, list):
        return [_plain(r) for r in result]
    if isinstance(result, dict):
        return {k: _plain(v) for k, v in result.items()}
    return result


async def _waits(req: WaitsRequest) -> Any:
    return waits_data(waits.waits_of(req))


async def _analyze(req: AnalyzeRequest) -> Any:
    return analysis_data(analyze.analysis_of(req))


async def _score(req: ScoreRequest) -> Any:
    return score_data(score.scored(req))


async def _compare(req: CompareRequest) -> Any:
    return score.compared(req)


async def _wait_values(req: WaitValuesRequest) -> Any:
    return {"waits": await values.wait_values(req)}


async def _legal(req: LegalRequest) -> Any:
    return game.legal_of(req)


async def _replay(req: ReplayRequest) -> Any:
    return game.replayed(req)


async def _review(req: ReviewRequest) -> Any:
    return game.reviewed(req)


async def _variants(_: NoInput) -> Any:
    return {
        "variants": [
            VariantOut(name=name, settings=twmj.variant_settings(name)) for name in twmj.PRESETS
        ]
    }


async def _settings(_: NoInput) -> Any:
    return {"settings": settings_out()}


#: The `tai.<item>` family's entry of the registry (its range holds for every item).
_TAI = twmj.FAMILIES["tai"]

#: What a tool's `overrides` takes, in a few lines instead of the registry's ~50 KB (which the
#: `settings` tool answers): a client sees every key and range on one call, not in every tool.
OVERRIDES_GUIDE = (
    "House rules: setting key → value, applied in order on top of the preset. "
    f"`tai.<item>` sets an item's 台 ({_TAI.minimum}–{_TAI.maximum}; e.g. `tai.ping_hu`); "
    "`exclude.<item>` the items not counted beside it (its 備註: item keys joined by commas, "
    '"" none, "*" every other item); the other keys (`min_tai` 起胡, `hand_size`, money, '
    "switches …) are listed by the `settings` tool with type, range or choices, and every "
    "preset's values by the `variants` tool. A bad key or value is an error naming "
    "`overrides.<key>`."
)


def _overrides_short(description: object) -> dict[str, Any]:
    said = f"{description} " if isinstance(description, str) and description else ""
    return {
        "type": "object",
        "description": said + OVERRIDES_GUIDE,
        "additionalProperties": {"type": ["integer", "boolean", "string"]},
        "maxProperties": OVERRIDES_SCHEMA["maxProperties"],
    }


#: Keys whose value is data (an example, a default), not a schema to shorten.
_DATA_KEYS = frozenset({"examples", "default", "enum", "const"})
#: Keys whose value maps names to schemas (the names are kept whatever they are).
_NAMED_SCHEMAS = frozenset({"properties", "$defs", "patternProperties"})


def _short(node: Any) -> Any:
    if isinstance(node, list):
        return [_short(x) for x in node]
    if not isinstance(node, dict):
        return node
    if node.get("properties") == OVERRIDES_SCHEMA["properties"]:
        return _overrides_short(node.get("description"))
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "title":
            continue  # pydantic's label: the field's or the model's name again
        if key in _NAMED_SCHEMAS:
            out[key] = {name: _short(schema) for name, schema in value.items()}
        elif key in _DATA_KEYS:
            out[key] = value
        else:
            out[key] = _short(value)
    return out


def input_schema(model: type[BaseModel]) -> dict[str, Any]:
    """A tool's input schema: the request model's JSON schema, with `overrides` in its short
    form (the registry is the `settings` tool's answer) and without pydantic's titles. Every
    tool together stays a few tens of KB, which a client can put in a model's context."""
    short: dict[str, Any] = _short(model.model_json_schema())
    return short


TOOLS: list[ToolSpec] = [
    ToolSpec(
        "waits",
        "聽牌: the waits of a hand",
        "聽牌 / 聽什麼: the tiles that complete a 16 − 3k hand (k melds), each with its shapes "
        "(兩面 ryanmen, 嵌張 kanchan, 邊張 penchan, 單吊 tanki, 雙碰 shanpon) and the copies left "
        "unseen; when the hand is not ready, its 向聽 (shanten) and 進張 (accepting tiles). "
        "Tiles in notation: 1m–9m 萬, 1p–9p 筒, 1s–9s 條, 1z–7z 東南西北白發中; `123m456p11z`.",
        WaitsRequest,
        _waits,
    ),
    ToolSpec(
        "analyze",
        "牌理: what to discard",
        "牌理 / 打哪張: for a 17 − 3k hand, every distinct discard with the 向聽 after it, the "
        "進張 (accepting tiles and their unseen copies) and the waits when it leaves the hand "
        "聽牌; best first.",
        AnalyzeRequest,
        _analyze,
    ),
    ToolSpec(
        "score",
        "台數計算: what a win is worth",
        "台數計算 / 算台: the 台 of a win (胡牌) item by item as the rule table names them (門清, "
        "自摸, 不求, 平胡, 碰碰胡, 清一色, 花牌 …), the 莊家台 (莊家, 連莊拉莊), the decomposition "
        "used, and the settlement (結算): 底 + 台 per payer and each seat's net. `win`: 自摸 "
        "self_draw, 放槍 discard (with `from_seat`), 搶槓 robbing_kong, 槓上開花 after_*; "
        "`overrides` are house rules (`tai.<item>`, `min_tai` 起胡 …; see the variants tool).",
        ScoreRequest,
        _score,
    ),
    ToolSpec(
        "compare",
        "比較: one win under several rule sets",
        "比較規則: the same win scored under several presets and house rules, with the items "
        "whose 台 differ between them.",
        CompareRequest,
        _compare,
        heavy=is_heavy(score.compare),
    ),
    ToolSpec(
        "wait_values",
        "聽牌台數: what each wait would score",
        "聽牌台數 / 每張聽的牌值幾台: for a 聽牌 hand (16 − 3k tiles), each wait with the score "
        "of winning on it by 放槍 (a discard) and by 自摸, and whether it is a 獨聽 (single wait).",
        WaitValuesRequest,
        _wait_values,
    ),
    ToolSpec(
        "legal",
        "合法動作: the legal actions",
        "合法動作 / 能不能碰: the legal actions (打 discard, 吃 chi, 碰 pon, 槓 kan, 胡 win, 過 "
        "pass, 嗆聽 …) of a seat at a decision point given as `snapshot` (its tiles and rule "
        "memory: 過水, 過水碰, 吃入打出), or of every seat deciding at the end of a game "
        "`record`; each with its mask over the fixed action space.",
        LegalRequest,
        _legal,
        heavy=is_heavy(game.legal),
    ),
    ToolSpec(
        "replay",
        "牌譜檢查: check and settle a record",
        "牌譜檢查 / 結算: checks a JSON-lines game record move by move (the first illegal move is "
        "an error naming its event and the rule broken, e.g. 過水, 吃入打出) and, when the hand "
        "is over, scores each 筆 (each win; 一砲多響 has several) and settles the hand: 流局, "
        "詐胡, each seat's net 台.",
        ReplayRequest,
        _replay,
        heavy=is_heavy(game.replay),
    ),
    ToolSpec(
        "review",
        "復盤: review one seat's decisions",
        "復盤 / 打得好不好: each decision of one seat in a game record: what it played, the best "
        "action (the hidden tiles sampled, every action played out), the expected loss in 台 "
        "with its error and a Chinese reason; the total loss and the three costliest.",
        ReviewRequest,
        _review,
        heavy=is_heavy(game.review),
    ),
    ToolSpec(
        "variants",
        "規則: the rule presets",
        "規則 / 玩法: every rule preset (台灣 taiwan and the others) with every setting — each "
        "台 item's value, 底 and 台 money, 起胡 threshold, 骰規台, switches — in the form "
        "`overrides` accept.",
        NoInput,
        _variants,
    ),
    ToolSpec(
        "settings",
        "家規設定: what `overrides` take",
        "家規 / 設定: every setting `overrides` take — key, type, range or choices (with their "
        "Chinese names), meaning in English and 中文, its value in every preset, and what it "
        "requires of other settings; the last entries are the `tai.<item>` and `exclude.<item>` "
        "families (each item's value per preset is in the variants tool).",
        NoInput,
        _settings,
    ),
]

_BY_NAME = {t.name: t for t in TOOLS}


def _result(data: dict[str, Any], is_error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=orjson.dumps(data).decode())],
        structured_content=data,
        is_error=is_error,
    )


async def _answer(spec: ToolSpec, arguments: dict[str, Any]) -> Any:
    return _plain(await spec.answer(spec.model.model_validate(arguments)))


def _answer_in_thread(spec: ToolSpec, arguments: dict[str, Any]) -> Any:
    """A heavy tool's validation and work, on a loop of the worker thread's own (as a heavy
    route's handler runs): the service's event loop stays free for light requests."""
    return asyncio.run(_answer(spec, arguments))


async def call(name: str, arguments: dict[str, Any]) -> types.CallToolResult:
    """Runs tool `name`; a bad input is an error result, never an exception."""
    spec = _BY_NAME.get(name)
    if spec is None:
        detail = ErrorDetail(
            code="not_found",
            message=f"no tool named {name!r}",
            field=None,
            message_zh=SERVICE_ZH["not_found"],
        )
        return _result({"error": detail.model_dump()}, is_error=True)
    try:
        if spec.heavy:
            data = await run_heavy(_answer_in_thread, spec, arguments)
        else:
            data = await _answer(spec, arguments)
    except (ValidationError, NestedError, twmj.Error, BusyError) as e:
        # The body of the HTTP answer to the same request: the same code, message and field.
        return _result(orjson.loads(answer_of(e).body), is_error=True)
    return _result(data)


async def _list_tools(
    _: ServerRequestContext[Any], __: types.PaginatedRequestParams | None
) -> types.ListToolsResult:
    return types.ListToolsResult(
        tools=[
            types.Tool(
                name=t.name,
                title=t.title,
                description=t.description,
                input_schema=input_schema(t.model),
                annotations=types.ToolAnnotations(read_only_hint=True, idempotent_hint=True),
            )
            for t in TOOLS
        ]
    )


async def _call_tool(
    _: ServerRequestContext[Any], params: types.CallToolRequestParams
) -> types.CallToolResult:
    return await call(params.name, params.arguments or {})


SERVER: Server[Any] = Server(
    "twmj",
    version=twmj.__version__,
    title="twmj: Taiwanese 16-tile mahjong (台灣十六張麻將)",
    instructions=(
        "Exact answers about Taiwanese 16-tile mahjong hands: waits (聽牌), discards (牌理), "
        "scores (台數) with settlement, legal actions and game records. Tiles in notation "
        "`123m456p789s11z` (m 萬, p 筒, s 條, z 東南西北白發中, f 花)."
    ),
    on_list_tools=_list_tools,
    on_call_tool=_call_tool,
)


def http_manager() -> StreamableHTTPSessionManager:
    """A session manager for `/mcp` on the service: stateless, JSON answers, so any worker
    can answer any request (no session to keep between them)."""
    return StreamableHTTPSessionManager(app=SERVER, json_response=True, stateless=True)


def run_stdio() -> None:
    """Serves the tools over stdin/stdout until the client closes them (`twmj mcp`)."""

    async def serve() -> None:
        async with stdio_server() as (read, write):
            await SERVER.run(read, write, SERVER.create_initialization_options())

    anyio.run(serve)
