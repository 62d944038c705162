"""The practice table (對局練習): one seat against the core's bots, with no game state kept in
the service.

The client holds the game as a **token**: the table's settings (variant, the player's seat,
the bots), the hand's secret seed and the player's moves so far, sealed with AES-GCM under
the service's key. Every request rebuilds the game from the token: the hand is dealt from its
seed (`twmj.Game(seed, variant)`), and the player's moves are replayed in turn with the bots'
(each bot's draws seeded from the hand seed and its seat, `twmj.bots.bot_seed`, so the same
token always gives the same game). A hand takes milliseconds to replay, so the service needs
no store, and any worker, or any machine sharing the key, answers any token.

What comes back is what the seat may see, read from the core's observation of that seat
(`Game.observe`, docs/observation.md): its own tiles, every seat's melds (a face-down 暗槓
hidden), flowers and river, the wall count, the dealer, the winds and 連莊. The seed, the wall
and the other hands are in no answer and cannot be read from the token (it is encrypted);
the record of the hand comes back once the hand is over, for `/v1/replay` and the review.

A match (`match`: 東風圈 or a full 將) keeps each finished hand's moves in the token too, and is
rebuilt the same way through `twmj.Match`. Each hand of a match is dealt from its own seed,
derived one way from the match's secret seed (BLAKE2b): the record of a finished hand shows
its seed, and nothing about the hands still to come.

The key: `TWMJ_TABLE_SECRET` (any string of 32 characters or more; every worker and machine
that is to accept the same tokens sets the same one). Without it the service generates one
when it starts (`twmj serve` in the parent process, before the workers start, so they all
share it); the tokens then last as long as the service.
"""

from __future__ import annotations

import base64
import hashlib
import os
import secrets
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import orjson
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

import twmj
from twmj._core import observation_layout
from twmj.bots import CoreBot, bot_seed
from twmj.errors import message_zh

#: The environment variable holding the key's secret.
SECRET_ENV = "TWMJ_TABLE_SECRET"
#: The shortest secret accepted (characters).
MIN_SECRET = 32
#: The token's format version: a token of another version is refused.
VERSION = 1
#: The longest token accepted, in characters: far above a full 將 of 16-tile hands (a hand's
#: moves are one byte each), and small enough to be read at no cost.
MAX_TOKEN = 24_000
#: The most moves of the player one hand holds (a hand has far fewer decisions: the wall
#: holds 144 pieces).
MAX_MOVES = 1_000
#: The most hands a match holds: a full 將 is 16 hands plus 連莊 and draws.
MAX_HANDS = 200
#: What a match plays: 東風圈 (the hands of the 東 round) or a full 將 (four rounds).
MATCH_KINDS = ("east", "full")
_AAD = b"twmj table token"
_NONCE = 12

_TILE_KINDS = len(twmj.TILES)


class TokenError(twmj.ContextError):
    """A token the service cannot take: its `bad_token` error (a 422 naming `token`)."""

    def __init__(self, message: str, why: str) -> None:
        super().__init__(message, "bad_token", "token", message_zh=message_zh("bad_token", why=why))


def ensure_secret() -> str:
    """The key's secret: `TWMJ_TABLE_SECRET`, or one generated now and put in the
    environment, so worker processes started after this share it."""
    secret = os.environ.get(SECRET_ENV)
    if secret is None:
        secret = secrets.token_urlsafe(48)
        os.environ[SECRET_ENV] = secret
    if len(secret) < MIN_SECRET:
        raise ValueError(f"{SECRET_ENV} must be at least {MIN_SECRET} characters")
    return secret


@cache
def _cipher(secret: str) -> AESGCM:
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"twmj table token v1").derive(
        secret.encode()
    )
    return AESGCM(key)


def cipher() -> AESGCM:
    return _cipher(ensure_secret())


@dataclass
class Table:
    """What a token holds."""

    preset: str
    overrides: dict[str, Any]
    seat: int
    #: The bot of each seat (the player's seat: "").
    bots: list[str]
    #: The hand's seed (a single hand) or the match's (a match).
    seed: int
    #: The player's moves in the current hand, as action indices.
    moves: list[int] = field(default_factory=list)
    #: A match: its kind, and each finished hand's moves.
    match: str | None = None
    done: list[list[int]] = field(default_factory=list)
    #: Lines of the seat's record already answered (the bots' moves since then are new).
    seen: int = 0

    def variant(self) -> twmj.Variant:
        return twmj.Variant(self.preset, self.overrides)


def _pack(moves: list[int]) -> str:
    return base64.b64encode(bytes(moves)).decode()


def _unpack(text: str) -> list[int]:
    return list(base64.b64decode(text, validate=True))


def seal(t: Table) -> str:
    """The table as a token: URL-safe text."""
    payload = orjson.dumps(
        {
            "v": VERSION,
            "core": twmj.__version__,
            "p": t.preset,
            "o": t.overrides,
            "s": t.seat,
            "b": t.bots,
            "h": str(t.seed),
            "a": _pack(t.moves),
            "m": t.match,
            "d": [_pack(m) for m in t.done],
            "n": t.seen,
        }
    )
    nonce = secrets.token_bytes(_NONCE)
    sealed = nonce + cipher().encrypt(nonce, payload, _AAD)
    return base64.urlsafe_b64encode(sealed).rstrip(b"=").decode()


def unseal(token: str) -> Table:
    """The table a token holds; a token this service did not seal (forged, altered, of
    another key or format) is a `TokenError`."""
    if len(token) > MAX_TOKEN:
        raise TokenError(f"token over {MAX_TOKEN} characters", f"超過 {MAX_TOKEN} 個字")
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    except ValueError:
        raise TokenError("the token is not base64url text", "不是這個服務發的") from None
    if len(raw) <= _NONCE:
        raise TokenError("the token is too short", "不是這個服務發的")
    try:
        payload = cipher().decrypt(raw[:_NONCE], raw[_NONCE:], _AAD)
    except InvalidTag:
        raise TokenError(
            "the token was not sealed by this service's key, or was altered",
            "被改過，或不是這個服務發的",
        ) from None
    data = orjson.loads(payload)
    if data.get("v") != VERSION or data.get("core") != twmj.__version__:
        raise TokenError("the token is of another version of the service", "來自另一個版本的服務")
    return Table(
        preset=data["p"],
        overrides=data["o"],
        seat=data["s"],
        bots=data["b"],
        seed=int(data["h"]),
        moves=_unpack(data["a"]),
        match=data["m"],
        done=[_unpack(m) for m in data["d"]],
        seen=data["n"],
    )


def hand_seed(match_seed: int, hand: int) -> int:
    """The seed of hand `hand` (0-based) of a match: one way from the match's seed, so a
    finished hand's record (which shows its seed) tells nothing of the others."""
    digest = hashlib.blake2b(
        f"{match_seed}:{hand}".encode(), digest_size=8, person=b"twmj-hand"
    ).digest()
    return int.from_bytes(digest, "little")


def _deal_of(seed: int, dealer: int, later: bool, variant: twmj.Variant) -> dict[str, Any]:
    """The deal the core makes from `seed` under `variant` for `dealer` (`later`: a hand
    after a match's first, whose dice pick the opening wall): the `deal` line a record's
    `seed` line stands for, read under the variant's `rules` line."""
    rules = [
        line
        for line in twmj.record_lines(twmj.Game(0, variant).record())
        if orjson.loads(line)["type"] == "rules"
    ]
    seed_line = orjson.dumps(
        {"type": "seed", "seed": seed, "dealer": dealer, "door_from_dice": later}
    ).decode()
    lines = twmj.read_record_for("\n".join([seed_line, *rules]))
    return next(line for line in lines if line["type"] == "deal")


Bots = dict[int, CoreBot]


@dataclass
class Played:
    """A token's game rebuilt."""

    table: Table
    game: twmj.Game
    #: The match, when the token is one, after the hands before this one.
    match: twmj.Match | None
    #: Each seat's net tai over the match's finished hands.
    totals: list[int] | None
    #: The current hand's seed.
    seed: int
    #: The bots of the current hand, as far as they have played (their draws go on from here).
    bots: Bots

    def move(self, action: int) -> None:
        """The player's move (legal now), then the bots up to its next decision: the same
        game a rebuild of the token with the move added gives, without the replay."""
        self.game.apply(self.table.seat, action)
        self.table.moves.append(action)
        _play(self.game, self.table, self.bots, [])


def _bots(t: Table, seed: int) -> Bots:
    return {s: CoreBot(name, bot_seed(seed, s)) for s, name in enumerate(t.bots) if s != t.seat}


def _play(game: twmj.Game, t: Table, bots: Bots, moves: list[int]) -> None:
    """Plays `game` on: the bots' moves, and the player's `moves` in turn; stops at the
    player's next decision or the end. A move the core refuses is a `TokenError` (a token
    sealed by this service never holds one)."""
    i = 0
    while not game.is_over:
        pending = game.pending
        others = [s for s in pending if s != t.seat]
        if others:
            s = others[0]
            game.apply(s, bots[s].act(game, s))
            continue
        if i == len(moves):
            return
        try:
            game.apply(t.seat, moves[i])
        except twmj.Error:
            raise TokenError("the token's moves do not replay", "被改過") from None
        i += 1
    if i != len(moves):
        raise TokenError("the token holds moves after the hand's end", "被改過")


def _new_hand(t: Table, match: twmj.Match, k: int) -> tuple[twmj.Game, int]:
    seed = hand_seed(t.seed, k)
    deal = _deal_of(seed, match.dealer, k > 0, t.variant())
    game = match.next_game(deal["hands"], deal["live"], deal["dead"], deal["dice"])
    return game, seed


def match_over(t: Table, match: twmj.Match) -> bool:
    """Whether a match has no hand left: the core's end of a 將, or for 東風圈 the 東 round
    passed."""
    return match.over or (t.match == "east" and match.round_wind > 0)


def rebuild(t: Table) -> Played:
    """The game a table's token stands for."""
    variant = t.variant()
    if t.match is None:
        game = twmj.Game(t.seed, variant)
        bots = _bots(t, t.seed)
        _play(game, t, bots, t.moves)
        return Played(t, game, None, None, t.seed, bots)
    match = twmj.Match(hand_seed(t.seed, -1), variant)
    for k, moves in enumerate(t.done):
        game, seed = _new_hand(t, match, k)
        _play(game, t, _bots(t, seed), moves)
        if not game.is_over:
            raise TokenError("the token's finished hand is not over", "被改過")
        match.finish(game)
    totals = list(match.totals)
    game, seed = _new_hand(t, match, len(t.done))
    bots = _bots(t, seed)
    _play(game, t, bots, t.moves)
    return Played(t, game, match, totals, seed, bots)


def check_table(t: Table) -> None:
    """Limits a token's contents keep (a sealed token always does)."""
    if len(t.moves) > MAX_MOVES or len(t.done) > MAX_HANDS:
        raise TokenError("the token holds too many moves", "太長")


# ---------------------------------------------------------------------------------------
# What the seat sees: read from the core's observation of the seat.

_OBS = observation_layout()


def _tile(code: int) -> str | None:
    """A tile from its observation code (tile + 1; flowers after the 34 kinds)."""
    if code == 0:
        return None
    i = code - 1
    return twmj.TILES[i] if i < _TILE_KINDS else twmj.FLOWERS[i - _TILE_KINDS]


#: S_MELDS kinds (docs/observation.md) by their record names; 6 is a face-down 暗槓.
_MELD_KINDS = {1: "chi", 2: "pon", 3: "minkan", 4: "kakan", 5: "ankan", 6: "ankan"}


def _meld(kind: int, low: int) -> dict[str, Any]:
    name = _MELD_KINDS[kind]
    tile = _tile(low)
    if tile is None:  # a face-down 暗槓
        return {"kind": name, "tiles": [], "hidden": True}
    if name == "chi":
        i = twmj.TILES.index(tile)
        tiles = list(twmj.TILES[i : i + 3])
    else:
        tiles = [tile] * (3 if name == "pon" else 4)
    return {"kind": name, "tiles": tiles, "hidden": False}


def _hand_tiles(hand: str) -> list[str]:
    return twmj.parse(hand).tiles if hand else []


def view(p: Played) -> dict[str, Any]:
    """What the player's seat sees now."""
    game, seat = p.game, p.table.seat
    obs, _ = game.observe(seat)
    o = obs.tolist()
    table = o[_OBS["TABLE"] : _OBS["TABLE"] + _OBS["TABLE_LEN"]]
    n = game.seats
    seats: list[dict[str, Any]] = []
    for r in range(n):
        base = _OBS["SEAT_BLOCKS"] + r * _OBS["SEAT_LEN"]
        block = o[base : base + _OBS["SEAT_LEN"]]
        flowers = [twmj.FLOWERS[i] for i in range(8) if block[_OBS["S_FLOWERS"] + i]]
        melds = [
            _meld(block[_OBS["S_MELDS"] + 2 * i], block[_OBS["S_MELDS"] + 2 * i + 1])
            for i in range(block[_OBS["S_MELD_COUNT"]])
        ]
        river = []
        for i in range(block[_OBS["S_RIVER_LEN"]]):
            code, flags = block[_OBS["S_RIVER"] + 2 * i], block[_OBS["S_RIVER"] + 2 * i + 1]
            river.append(
                {"tile": _tile(code), "claimed": bool(flags & 8), "declared": bool(flags & 4)}
            )
        seats.append(
            {
                "seat": (seat + r) % n,
                "concealed": block[_OBS["S_CONCEALED"]],
                "declared": block[_OBS["S_DECLARED"]],
                "melds": melds,
                "flowers": flowers,
                "river": river,
            }
        )
    seats.sort(key=lambda s: s["seat"])
    drawn = [twmj.TILES[i] for i in range(_TILE_KINDS) if o[_OBS["DRAWN"] + i]]
    seat_wind = table[_OBS["T_SEAT_WIND"]]
    offer = table[_OBS["T_OFFER_TILE"]]
    offer_from = table[_OBS["T_OFFER_FROM"]]
    return {
        "seat": seat,
        "seats": n,
        "seat_wind": seat_wind,
        "winds": [(seat_wind + (s - seat)) % n for s in range(n)],
        "round_wind": table[_OBS["T_ROUND_WIND"]],
        "dealer": (seat + table[_OBS["T_DEALER"]]) % n,
        "streak": table[_OBS["T_STREAK"]],
        "wall": table[_OBS["T_DRAWABLE"]],
        "dice": table[_OBS["T_DICE"] : _OBS["T_DICE"] + 3],
        "hand": _hand_tiles(game.hand(seat)),
        "drawn": drawn[0] if drawn else None,
        "table": seats,
        "offer": None
        if offer == 0 or offer_from == 0
        else {"tile": _tile(offer), "from": (seat + offer_from - 1) % n},
        "furiten": bool(table[_OBS["T_FURITEN"]]),
    }
