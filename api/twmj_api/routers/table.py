"""`/v1/table/*`: the practice table (對局練習), one seat against the core's bots, with the
game held by the client as a sealed token (twmj_api/table.py says how)."""

from __future__ import annotations

import json
import math
import secrets
from typing import Annotated, Any, Literal

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

import twmj
from twmj.bots import NAMES as BOT_NAMES
from twmj.data import replay_data
from twmj_api import table as tb
from twmj_api.errors import with_field
from twmj_api.offload import OffLoopRoute, heavy
from twmj_api.schemas.common import (
    ERROR_RESPONSES,
    MAX_OVERRIDES,
    JSONInt,
    Overrides,
    PresetName,
    Seat,
)
from twmj_api.schemas.game import ReplayResponse

router = APIRouter(
    prefix="/v1/table", tags=["table"], responses=ERROR_RESPONSES, route_class=OffLoopRoute
)

BotName = Literal[BOT_NAMES]  # type: ignore[valid-type]
MatchKind = Literal[tb.MATCH_KINDS]  # type: ignore[valid-type]

Token = Annotated[
    str,
    Field(
        min_length=1,
        max_length=tb.MAX_TOKEN,
        description="The table's token, as the last answer gave it (an earlier one answers "
        "from that earlier moment: a move taken back).",
    ),
]


def _example_token() -> str:
    """A token of this service for the documentation's examples (sealed when the document
    is built, so `Try it out` answers)."""
    return _start_table(StartRequest(seed=29)).token


class BotOut(BaseModel):
    key: str = Field(description="As `bots` takes it.")
    name: str = Field(description="In Chinese, for the page (the core's vocabulary `bots`).")
    default: bool = Field(description="The bot a table seats when `bots` is left out.")


class StartRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [{"variant": twmj.DEFAULT_PRESET, "seat": 0, "bots": ["value"]}]
        },
    )
    variant: PresetName = Field(twmj.DEFAULT_PRESET, description="The preset played.")
    overrides: Overrides = Field(
        default_factory=dict,
        max_length=MAX_OVERRIDES,
        description="House rules on top of the preset (as `/v1/score` takes them).",
    )
    seat: Seat = Field(0, description="The player's seat (0 deals the first hand).")
    bots: list[BotName] = Field(
        default_factory=lambda: ["value"],
        min_length=1,
        max_length=twmj.LIMITS["seats"] - 1,
        description="The bots at the other seats, in seat order after the player's; one name "
        "seats that bot everywhere.",
    )
    seed: JSONInt | None = Field(
        None,
        description="Deal this hand (or match) again (taken modulo 2⁶⁴); without it, a fresh deal.",
    )
    match: MatchKind | None = Field(
        None,
        description="Play a match instead of one hand: `east` (東風圈) or `full` (a full 將, "
        "four rounds), with dealer rotation, 連莊 and running totals.",
    )


class TokenRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra=lambda s: s.update(examples=[{"token": _example_token()}]),
    )
    token: Token


def _played_out(t: tb.Table) -> tb.Played:
    """`t` played to the end, the player taking its last legal action each time (passing when
    it may); `t.moves` holds the player's moves."""
    p = tb.rebuild(t)
    while not p.game.is_over:
        p.move(twmj.ACTIONS.index(p.game.legal_actions(t.seat)[-1]))
    return p


def _next_example(schema: dict[str, Any]) -> None:
    """A token at the end of a match's first hand (the player passing when it may)."""
    t = tb.Table(
        preset=twmj.DEFAULT_PRESET,
        overrides={},
        seat=0,
        bots=["", "random", "random", "random"],
        seed=29,
        match="east",
    )
    _played_out(t)
    schema["examples"] = [{"token": tb.seal(t)}]


class NextRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, json_schema_extra=_next_example)
    token: Token


def _moment_example(schema: dict[str, Any]) -> None:
    """A finished hand's token (the player passing when it may) and its first move's line."""
    t = tb.Table(
        preset=twmj.DEFAULT_PRESET,
        overrides={},
        seat=0,
        bots=["", "value", "value", "value"],
        seed=29,
    )
    p = _played_out(t)
    lines = [json.loads(x) for x in twmj.record_lines(p.game.record())]
    line = next(i for i, x in enumerate(lines, 1) if x["type"] == "act" and x["seat"] == 0)
    schema["examples"] = [{"token": tb.seal(t), "line": line}]


class MomentRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, json_schema_extra=_moment_example)
    token: Token = Field(description="The token of a finished hand (the answer that ended it).")
    line: JSONInt = Field(
        ge=1,
        description="A line of the hand's record at which the player decided: `/v1/review`'s "
        "`line` of a decision (1-based).",
    )


def _act_example(schema: dict[str, Any]) -> None:
    answer = _start_table(StartRequest(seed=29))
    schema["examples"] = [{"token": answer.token, "action": answer.legal[0]}]


class ActRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, json_schema_extra=_act_example)
    token: Token
    action: str = Field(
        max_length=32,
        description="One of the answer's `legal` actions (`discard 5m`, `pon`, `chi low`, "
        "`win`, `pass` …; `GET /v1/actions`).",
    )


class MeldOut(BaseModel):
    kind: str = Field(description="`chi`, `pon`, `minkan`, `kakan` or `ankan`.")
    tiles: list[str] = Field(description="Its tiles (none for a face-down 暗槓).")
    hidden: bool = Field(description="A face-down 暗槓 of another seat.")


class RiverTile(BaseModel):
    tile: str | None
    claimed: bool = Field(description="Taken by a call (it now lies in a meld).")
    declared: bool = Field(description="The discard that declared 嗆聽/MIGI.")


class SeatOut(BaseModel):
    seat: int
    wind: int = Field(description="門風: 0 東 1 南 2 西 3 北.")
    concealed: int = Field(description="Concealed tiles held.")
    declared: int = Field(description="0 none, 1 嗆聽, 2 MIGI.")
    melds: list[MeldOut]
    flowers: list[str]
    river: list[RiverTile] = Field(description="Discards in order, claimed ones included.")


class OfferOut(BaseModel):
    tile: str
    seat: int = Field(description="The seat that offers it.")


class LastDiscard(BaseModel):
    seat: int
    index: int = Field(description="Its place in that seat's river.")


class Event(BaseModel):
    """One public line of the hand (the seat's own record, docs/log-format.md §8), the
    other seats' passes and overruled calls left out."""

    model_config = ConfigDict(extra="allow")
    type: str
    seat: int | None = None


class CallOut(BaseModel):
    action: str = Field(description="One of `legal`.")
    tiles: list[str] = Field(description="The meld it makes.")


class MatchOut(BaseModel):
    kind: MatchKind
    hand: int = Field(description="The hand being played, from 1.")
    totals: list[int] = Field(description="Each seat's net tai over the finished hands.")
    over: bool = Field(description="No hand is left (after this one, once it is over).")


class PaidItem(BaseModel):
    key: str
    name: str = Field(description="Its name in Chinese (八仙過海, 七搶一).")
    tai: int


class PaidOut(BaseModel):
    """A flower win paid on the spot while the hand goes on (house rule `flower_win.play_on`,
    當場收分，照常開始打牌)."""

    seat: int = Field(description="The seat paid.")
    items: list[PaidItem] = Field(description="The 筆's items.")
    tai: int = Field(description="The 筆's tai (its items; 底 and 莊家台 are in the money).")
    money: list[int] = Field(description="Each seat's net money of the 筆 (a payer negative).")
    net_tai: list[int] = Field(description="Each seat's net tai of the 筆.")


class TableAnswer(BaseModel):
    token: str = Field(description="The table now: send it with the next move.")
    variant: str
    overrides: dict[str, Any]
    seat: int = Field(description="The player's seat.")
    bots: list[str] = Field(description="Each seat's bot (the player's seat: empty).")
    seats: int
    round_wind: int = Field(description="圈風: 0 東 … 3 北.")
    dealer: int
    streak: int = Field(description="連莊.")
    wall: int = Field(description="Tiles still drawable.")
    dice: list[int]
    hand: list[str] = Field(description="The player's concealed tiles, sorted.")
    drawn: str | None = Field(description="The tile just drawn (one of `hand`).")
    table: list[SeatOut] = Field(description="Every seat as the player sees it, by seat.")
    offer: OfferOut | None = Field(description="The tile on offer to the player.")
    last_discard: LastDiscard | None
    furiten: bool = Field(description="The player is in 過水.")
    to_act: bool = Field(description="The player decides now.")
    legal: list[str] = Field(description="The player's legal actions (the core's).")
    calls: list[CallOut] = Field(
        description="The meld each legal call or kong makes (吃 with its run, 碰, 槓)."
    )
    events: list[Event] = Field(description="What happened since the last answer.")
    over: bool
    result: ReplayResponse | None = Field(
        description="Each 筆 scored and settled, when over (as `/v1/replay` of `record`)."
    )
    money: list[int] | None = Field(description="Each seat's net money, when over.")
    record: str | None = Field(description="The hand's full record, when over.")
    match: MatchOut | None
    paid: PaidOut | None = Field(
        None,
        description="The flower win paid on the spot this hand while it goes on (house rule "
        "`flower_win.play_on`); null when none was, and once the hand is over (`result` then "
        "holds it as its first 筆).",
    )


def _paid(game: twmj.Game) -> PaidOut | None:
    """The flower 筆 paid on the spot in `game` so far (the core's settlement of it)."""
    scores, net_tai = game.settle_paid()
    if not scores:
        return None
    money = game.paid_reward("money")
    return PaidOut(
        seat=max(range(len(money)), key=lambda s: money[s]),
        items=[PaidItem(key=i.key, name=i.name, tai=i.tai) for i in scores[0].items],
        tai=scores[0].total_tai,
        money=list(money),
        net_tai=list(net_tai),
    )


class HintWait(BaseModel):
    tile: str
    remaining: int = Field(description="Copies not in sight of the player.")
    dead: bool = Field(description="No copy left to win on.")
    on_discard: int | None = Field(
        None, description="A wait: the tai of winning on it by discard (`/v1/wait_values`)."
    )
    on_self_draw: int | None = Field(None, description="A wait: the tai of winning on it by 自摸.")


class HintDiscard(BaseModel):
    tile: str
    shanten: int
    accepted: int = Field(description="Tiles (copies not in sight) that lower shanten.")
    accepts: list[HintWait]
    waits: list[HintWait]
    value: float | None = Field(
        description="The hand's expected net 台 for the player after this discard, by the "
        "coach's evaluator (the same `samples` deals of the unseen tiles for every discard; "
        "null for a discard it was not asked about)."
    )
    value_se: float | None = Field(description="The standard error of `value`.")


class HintAnswer(BaseModel):
    shanten: int = Field(description="0: ready (聽牌).")
    waits: list[HintWait] = Field(description="Waits of the hand as it stands (ready hands).")
    discards: list[HintDiscard] = Field(
        description="On the player's turn: each discard, best first by the evaluator's "
        "`value` (then as `/v1/analyze` orders them)."
    )
    samples: int = Field(description="The evaluator's samples behind each discard's `value`.")


_HIDDEN_CALLS = {"pass", "no", "chi", "pon", "minkan", "win"}


def _public(line: dict[str, Any], seat: int) -> bool:
    """Whether a line of the seat's record is told as a move: the other seats' passes and
    calls are not (a claim line tells the call that was taken, an end line the win)."""
    if line["type"] in ("deal", "seed", "rules", "break"):
        return False
    if line["type"] == "act" and line["seat"] != seat:
        return line["action"].split()[0] not in _HIDDEN_CALLS
    return not (line["type"] == "act" and line["action"] == "pass")


#: Where the tile on offer sits in the run of each 吃 (docs/log-format.md §5: `chi low`
#: takes it as the run's lowest tile).
_CHI_START = {"chi low": 0, "chi mid": -1, "chi high": -2}


def _calls(legal: list[str], offer: str | None) -> list[CallOut]:
    out = []
    for action in legal:
        verb, _, arg = action.partition(" ")
        if action in _CHI_START and offer is not None:
            i = twmj.TILES.index(offer) + _CHI_START[action]
            out.append(CallOut(action=action, tiles=list(twmj.TILES[i : i + 3])))
        elif verb == "pon" and offer is not None:
            out.append(CallOut(action=action, tiles=[offer] * 3))
        elif verb == "minkan" and offer is not None:
            out.append(CallOut(action=action, tiles=[offer] * 4))
        elif verb in ("ankan", "kakan") and arg in twmj.TILES:
            out.append(CallOut(action=action, tiles=[arg] * 4))
    return out


def _answer(p: tb.Played, events: bool = True) -> TableAnswer:
    t, game = p.table, p.game
    lines = twmj.read_record_for(game.record_for(t.seat))
    new = [Event(**line) for line in lines[t.seen :] if _public(line, t.seat)] if events else []
    last = None
    for line in reversed(lines):
        if line["type"] == "act" and line["action"].startswith("discard "):
            last = line["seat"]
            break
    v = tb.view(p)
    seats = [SeatOut(wind=w, **s) for s, w in zip(v["table"], v["winds"], strict=True)]
    last_discard = (
        None
        if last is None or not seats[last].river
        else LastDiscard(seat=last, index=len(seats[last].river) - 1)
    )
    over = game.is_over
    result = record = money = None
    match = None
    if over:
        record = game.record()
        result = ReplayResponse.model_validate(replay_data(game, len(twmj.record_lines(record))))
        money = game.reward("money")
    if p.match is not None and p.totals is not None:
        totals = p.totals
        left = not tb.match_over(t, p.match)
        if over:
            p.match.finish(game)
            totals = list(p.match.totals)
            left = not tb.match_over(t, p.match)
        match = MatchOut(kind=t.match, hand=len(t.done) + 1, totals=totals, over=not left)
    t.seen = len(lines)
    to_act = t.seat in game.pending
    legal = game.legal_actions(t.seat) if to_act else []
    return TableAnswer(
        token=tb.seal(t),
        variant=t.preset,
        overrides=t.overrides,
        seat=t.seat,
        bots=t.bots,
        seats=v["seats"],
        round_wind=v["round_wind"],
        dealer=v["dealer"],
        streak=v["streak"],
        wall=v["wall"],
        dice=v["dice"],
        hand=v["hand"],
        drawn=v["drawn"],
        table=seats,
        offer=None
        if v["offer"] is None
        else OfferOut(tile=v["offer"]["tile"], seat=v["offer"]["from"]),
        last_discard=last_discard,
        furiten=v["furiten"],
        to_act=to_act,
        legal=legal,
        calls=_calls(legal, None if v["offer"] is None else v["offer"]["tile"]),
        events=new,
        over=over,
        result=result,
        money=money,
        record=record,
        match=match,
        paid=None if over else _paid(game),
    )


def _start_table(req: StartRequest) -> TableAnswer:
    variant = twmj.Variant(req.variant, req.overrides)
    seats = twmj.Game(0, variant).seats
    if req.seat >= seats:
        raise twmj.ContextError(
            f"seat {req.seat} is not played under {req.variant} ({seats} seats)",
            "seat_out_of_range",
            "seat",
            message_zh=twmj.errors.message_zh("seat_out_of_range", seat=req.seat, last=seats - 1),
        )
    if len(req.bots) not in (1, seats - 1):
        raise twmj.ContextError(
            f"bots: give one name or {seats - 1} (one per other seat)",
            "context_error",
            "bots",
            message_zh=f"電腦要填一個，或每家一個（{seats - 1} 個）",
        )
    others = req.bots * (seats - 1) if len(req.bots) == 1 else list(req.bots)
    bots = [""] * seats
    for i in range(seats - 1):
        bots[(req.seat + 1 + i) % seats] = others[i]
    seed = secrets.randbits(64) if req.seed is None else req.seed % 2**64
    t = tb.Table(
        preset=req.variant,
        overrides=dict(req.overrides),
        seat=req.seat,
        bots=bots,
        seed=seed,
        match=req.match,
    )
    return _answer(tb.rebuild(t))


def _rebuilt(token: str) -> tb.Played:
    t = tb.unseal(token)
    tb.check_table(t)
    return tb.rebuild(t)


@router.get("/bots", response_model=list[BotOut], summary="The bots a table seats")
async def bots() -> list[BotOut]:
    """The core's bots, in the core's order reversed (the search bot, then value … random), each
    with its Chinese name; `default` marks the one `/v1/table/start` seats without `bots`."""
    (default,) = StartRequest.model_fields["bots"].get_default(call_default_factory=True)
    return [
        BotOut(key=k, name=twmj.vocab.BOT_NAMES[k], default=k == default)
        for k in reversed(BOT_NAMES)
    ]


@router.post("/start", response_model=TableAnswer, summary="Sit at a practice table")
@heavy
async def start(req: StartRequest) -> TableAnswer:
    """Deals a hand (or the first hand of a match) with the player at `seat` and the core's
    bots at the others, plays the bots up to the player's first decision, and answers what
    the player sees, the legal actions and the token to send with the next move. The
    service keeps nothing: the token holds the game, sealed (the wall and the other hands
    cannot be read from it)."""
    return _start_table(req)


@router.post("/act", response_model=TableAnswer, summary="Make a move at the table")
@heavy
async def act(req: ActRequest) -> TableAnswer:
    """Plays the player's `action` (one of the last answer's `legal`), then the bots up to
    the player's next decision or the end; `events` tells the moves made since the last
    answer. At the end, `result` holds each 筆 scored and settled and `record` the hand's
    full record. A token this service did not seal, or one altered, is a 422 `bad_token`;
    an action that is not legal now, the core's `illegal_action` (or `unknown_action`)."""
    p = _rebuilt(req.token)
    t, game = p.table, p.game
    if req.action not in game.legal_actions(t.seat):
        try:
            game.apply(t.seat, req.action)  # the core's refusal, with its rule
        except twmj.Error as e:
            raise with_field(e, "action") from None
        raise twmj.IllegalActionError(f"{req.action} is not legal now", field="action")
    p.move(twmj.ACTIONS.index(req.action))
    return _answer(p)


@router.post("/view", response_model=TableAnswer, summary="The table as a token left it")
@heavy
async def view(req: TokenRequest) -> TableAnswer:
    """What the player sees at the token's moment (a page reloaded, a move taken back),
    without a move: `events` is empty."""
    return _answer(_rebuilt(req.token), events=False)


@router.post("/next", response_model=TableAnswer, summary="Deal the match's next hand")
@heavy
async def next_hand(req: NextRequest) -> TableAnswer:
    """In a match whose hand is over, deals the next hand (the dealer, 連莊 and 圈風 as the
    match has them)."""
    p = _rebuilt(req.token)
    t = p.table
    if t.match is None or p.match is None:
        raise twmj.ContextError(
            "the token is a single hand, not a match", field="token", message_zh="這不是一場比賽"
        )
    if not p.game.is_over:
        raise twmj.ContextError(
            "the hand is not over yet", field="token", message_zh="這一局還沒打完"
        )
    p.match.finish(p.game)
    if tb.match_over(t, p.match):
        raise twmj.ContextError("the match is over", field="token", message_zh="這場已經打完了")
    t.done.append(t.moves)
    t.moves = []
    t.seen = 0
    tb.check_table(t)
    return _answer(tb.rebuild(t))


@router.post("/hint", response_model=HintAnswer, summary="Hints for the player's hand")
@heavy
async def hint(req: TokenRequest) -> HintAnswer:
    """Shanten and waits of the player's hand, and on its turn each discard with what it
    accepts (`/v1/analyze` of the hand, counting the tiles in the player's sight: the
    rivers and every face-up meld) and the hand's expected 台 after it by the coach's
    evaluator, best first. A wait with no copy left is `dead`."""
    p = _rebuilt(req.token)
    t, game = p.table, p.game
    v = tb.view(p)
    visible: list[str] = []
    for s in v["table"]:
        visible += [r["tile"] for r in s["river"] if not r["claimed"] and r["tile"] in twmj.TILES]
        if s["seat"] != t.seat:
            for m in s["melds"]:
                visible += m["tiles"]
    hand = "".join(twmj.parse(game.hand(t.seat)).tiles)  # its flowers apart
    melds = game.melds(t.seat)
    seen = "".join(visible)
    variant = t.variant()

    winds = [w["key"] for w in twmj.VOCABULARY["winds"]]
    own = v["table"][t.seat]
    context = twmj.Context(
        winner=t.seat,
        dealer=v["dealer"],
        streak=v["streak"],
        seat_wind=winds[v["winds"][t.seat]],
        round_wind=winds[v["round_wind"]],
        flowers="".join(own["flowers"]),
    )

    def waits_of(ws: Any, tiles: str | None = None) -> list[HintWait]:
        """The waits (or accepts), each wait with its value when `tiles` is the ready hand."""
        values = {}
        if tiles is not None and ws:
            for wv in twmj.wait_values(tiles, melds, context, variant):
                values[wv.tile] = (wv.on_discard.total_tai, wv.on_self_draw.total_tai)
        return [
            HintWait(
                tile=w.tile,
                remaining=w.remaining,
                dead=w.remaining == 0,
                on_discard=values[w.tile][0] if w.tile in values else None,
                on_self_draw=values[w.tile][1] if w.tile in values else None,
            )
            for w in ws
        ]

    def without(tile: str) -> str:
        tiles = twmj.parse(hand).tiles
        tiles.remove(tile)
        return "".join(tiles)

    size = sum(1 for _ in twmj.parse(hand).tiles) if hand else 0
    samples = twmj.coach.DEFAULT_SAMPLES
    if size % 3 == 2:
        a = twmj.analyze(hand, melds, seen, variant)
        # The evaluator plays each legal move out on the same deals of the tiles the player
        # cannot see (nothing hidden is read); seeded by the move count, so a hint is the same
        # each time it is asked at one moment.
        legal: list[str | int] = [x for x in game.legal_actions(t.seat) if x.startswith("discard ")]
        estimates = (
            {
                e["action"].removeprefix("discard "): e
                for e in game.evaluate(t.seat, samples, len(t.moves), legal)["estimates"]
            }
            if legal
            else {}
        )
        discards = [
            HintDiscard(
                tile=d.tile,
                shanten=d.shanten,
                accepted=d.accepted,
                accepts=waits_of(d.accepts),
                waits=waits_of(d.waits, without(d.tile) if d.shanten == 0 else None),
                value=estimates[d.tile]["mean"] if d.tile in estimates else None,
                value_se=estimates[d.tile]["se"] if d.tile in estimates else None,
            )
            for d in a.discards
        ]
        # Best first by the evaluator; a stable sort keeps analyze's order among equals.
        discards.sort(key=lambda d: -d.value if d.value is not None else math.inf)
        return HintAnswer(shanten=a.shanten, waits=[], discards=discards, samples=samples)
    w = twmj.waits(hand, melds, seen, variant)
    tiles = "".join(twmj.parse(hand).tiles)
    return HintAnswer(
        shanten=w.shanten,
        waits=waits_of(w.waits, tiles if w.tenpai else None),
        discards=[],
        samples=samples,
    )


@router.post(
    "/moment", response_model=TableAnswer, summary="The table at one of the player's decisions"
)
@heavy
async def moment(req: MomentRequest) -> TableAnswer:
    """For the review of a finished hand: what the player saw at the decision the record's
    `line` holds (its hand, every river, meld and flower, the tile on offer, the legal
    actions), as the token's table was just before that move; `events` is empty. The token
    answered is of that moment (playing on from it is taking moves back). The hand must be
    over (its record, and so its lines, are the player's only then); a line that is not one
    of the player's moves is a 422 naming `line`."""
    p = _rebuilt(req.token)
    t, game = p.table, p.game
    if not game.is_over:
        raise twmj.ContextError(
            "the hand is not over yet", field="token", message_zh="這一局還沒打完"
        )
    lines = [json.loads(x) for x in twmj.record_lines(game.record())]
    mine = [i for i, x in enumerate(lines, start=1) if x["type"] == "act" and x["seat"] == t.seat]
    if req.line not in mine:
        raise twmj.ContextError(
            f"line {req.line} of the record is not a move of seat {t.seat}",
            field="line",
            message_zh=f"紀錄第 {req.line} 行不是你的決定",
        )
    t.moves = t.moves[: mine.index(req.line)]
    t.seen = 0
    return _answer(tb.rebuild(t), events=False)
