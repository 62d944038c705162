"""Issue 32 item 4: every error site that names a rule gives its own fine code, with its
Chinese message, field and position (docs/errors.md). One real input per code, each breaking
the rule the comment names; the class-level catch-alls (`hand_error`, `context_error` …) are
left to faults no rule names.

The messages are the core's templates filled with what the input broke (the seat, the tile,
the bound), so each expectation is the rule restated: a seat cannot pay its own win, three
players leave the 北 seat empty (004 三人麻將: 空出北風位), a flower is one piece (000 花牌 8
張), a count has its bound (`MAX_TABLES` …) and says it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import twmj
from tests.fine_cases import FINE_CASES
from twmj._core import MAX_ARENA_HANDS, MAX_TABLES, arena_hands

_TW = twmj.Variant("taiwan")
_THREE = twmj.Variant("three_player")
_TWO = twmj.Variant("two_player")
_HK = twmj.Variant("hk16")
_TRAD = twmj.Variant("traditional")

#: A complete 16-tile win on 1z (a pair of 1z).
_WIN = "123456789m123456p11z"


def _snap(**over: Any) -> dict[str, Any]:
    """A valid turn snapshot of seat 0 (17 tiles), with `over` replacing its keys."""
    s: dict[str, Any] = {
        "seat": 0,
        "hand": "123m456m789m123p45678p",
        "drawable": 40,
        "decision": {"turn": {}},
    }
    s.update(over)
    return s


def _offer(**offer: Any) -> dict[str, Any]:
    return _snap(hand="123m456m789m123p4567p", decision={"offer": offer})


def _record_line(kind: str, **fields: Any) -> str:
    """A record whose second line is `kind` with `fields` (after a real first line)."""
    first = twmj.Game(1).record().splitlines()[0]
    return first + "\n" + json.dumps({"type": kind, **fields})


def _finished_game() -> twmj.Game:
    g = twmj.Game(2)
    while g.pending:
        s = g.pending[0]
        g.apply(s, g.legal_actions(s)[0])
    return g


def _match_over() -> twmj.Match:
    m = twmj.Match(0)
    while not m.over:
        g = m.next_game()
        while g.pending:
            s = g.pending[0]
            g.apply(s, g.legal_actions(s)[0])
        m.finish(g)
    return m


def _second_hand_while_first_is_played() -> object:
    m = twmj.Match(0)
    m.next_game()
    return m.next_game()


def _finish_another_hand() -> object:
    m = twmj.Match(0)
    m.next_game()
    return m.finish(_finished_game())


#: (call, class, code, field, Chinese message) for each code issue 32 added.
CASES: list[tuple[Callable[[], object], type[twmj.Error], str, str | None, str]] = [
    # 家規 exclusions name items of the preset's table (issue 30): 「nope」 is none of them.
    (
        lambda: twmj.Variant("taiwan", {"exclude.small_dragons": "nope"}),
        twmj.VariantError,
        "unknown_item",
        "overrides.exclude.small_dragons",
        "家規 exclude.small_dragons 裡的「nope」不是台項",
    ),
    # A rule card is `twmj1.<preset>[.<base64url>]`; 「!!!」 is not base64url.
    (
        lambda: twmj.Variant.from_card("twmj1.taiwan.!!!"),
        twmj.VariantError,
        "bad_card",
        "card",
        "規則卡「twmj1.taiwan.!!!」看不懂（家規部分讀不出來）",
    ),
    # A count over its own bound names the bound; a number its type cannot hold stays
    # `out_of_range` (tests/test_edge_counts.py).
    (
        lambda: twmj.VecEnv(MAX_TABLES + 1),
        twmj.ContextError,
        "over_limit",
        "n",
        f"桌數（MAX_TABLES）只能是 1 到 {MAX_TABLES}（上限 {MAX_TABLES}），不能是 {MAX_TABLES + 1}",
    ),
    (
        lambda: arena_hands(["random"] * 4, MAX_ARENA_HANDS + 1, 1),
        twmj.ContextError,
        "over_limit",
        "hands",
        f"對戰局數（MAX_ARENA_HANDS）只能是 0 到 {MAX_ARENA_HANDS}（上限 {MAX_ARENA_HANDS}），"
        f"不能是 {MAX_ARENA_HANDS + 1}",
    ),
    (
        lambda: twmj.VecEnv(2, threads=2000),
        twmj.ContextError,
        "over_limit",
        "threads",
        "執行緒數（MAX_THREADS）只能是 1 到 1024（上限 1024），不能是 2000",
    ),
    # Five sets and a pair: five melds leave no set concealed (000 胡牌: 五組加一對).
    (
        lambda: twmj.quiz(melds=5),
        twmj.ContextError,
        "over_limit",
        "melds",
        "副露數只能是 0 到 4（上限 4），不能是 5",
    ),
    # The payer of a 放槍 is another seat.
    (
        lambda: twmj.score(_WIN, "1z", context=twmj.Context(winner=1, win="discard", from_seat=1)),
        twmj.ContextError,
        "payer_is_winner",
        "context.from_seat",
        "座位 1 是胡牌的人，不能付自己的胡（也不能胡自己打的牌）",
    ),
    (
        lambda: twmj.winners(2, [1, 2]),
        twmj.ContextError,
        "payer_is_winner",
        "able",
        "座位 2 是胡牌的人，不能付自己的胡（也不能胡自己打的牌）",
    ),
    (
        lambda: twmj.winners(2, [1, 1]),
        twmj.ContextError,
        "seat_listed_twice",
        "able",
        "座位 1 列了兩次",
    ),
    (
        lambda: twmj.legal(_offer(**{"from": 0, "discard": "9s"})),
        twmj.ContextError,
        "own_offer",
        "snapshot.decision.offer.from",
        "座位 0 不能吃、碰、槓或胡自己出的牌",
    ),
    (
        lambda: twmj.Context(flowers="1m"),
        twmj.ContextError,
        "not_a_flower",
        "context.flowers",
        "「1m」裡有不是花的牌（這裡只填花）",
    ),
    # 海底 is the wall's last tile; a robbed 加槓 is none.
    (
        lambda: twmj.score(
            _WIN, "1z", context=twmj.Context(win="robbing_kong", from_seat=1, last_tile=True)
        ),
        twmj.ContextError,
        "moments_conflict",
        "context.last_tile",
        "海底跟搶槓不能同時成立：搶槓的牌不是牌牆的最後一張",
    ),
    # traditional: 天聽 is the dealer's (001 天聽: 在莊家取完牌後，打出第一張牌時即聽牌).
    (
        lambda: twmj.score(
            _WIN,
            "1z",
            context=twmj.Context(winner=1, dealer=0, declared="heaven_ready"),
            variant=_TRAD,
        ),
        twmj.ContextError,
        "wrong_declarer",
        "context.declared",
        "天聽是莊家的宣告（heaven_ready_dealer），胡牌的座位 1 不能宣告",
    ),
    (
        lambda: twmj.score(
            "19m111999p11z123s", "1z", [("pon", "999m")], twmj.Context(round_wind="N"), _THREE
        ),
        twmj.ContextError,
        "north_seat_empty",
        "context.round_wind",
        "三人麻將空出北風位：圈風不能是北",
    ),
    (
        lambda: twmj.score(
            "123456789m111222z33z", "3z", context=twmj.Context(flowers="1f"), variant=_TWO
        ),
        twmj.ContextError,
        "no_flowers_played",
        "context.flowers",
        "two_player 不用花牌（flowers = false），胡牌的人卻有 1 張花",
    ),
    # Four copies of a tile: 3 shown, the winner's other 1z and the winning 1z make five.
    (
        lambda: twmj.score(_WIN, "1z", context=twmj.Context(shown=3)),
        twmj.ContextError,
        "shown_over_copies",
        "context.shown",
        "桌上已見 3 張東，加上手裡的 1 張和胡的那張超過 4 張",
    ),
    (
        lambda: twmj.score_flower("eight_flowers", twmj.Context(flowers="12345678f"), _HK),
        twmj.ContextError,
        "win_not_played",
        "kind",
        "hk16 沒有八仙過海（flower_wins = false，花只算在一般的胡上）",
    ),
    (
        lambda: twmj.score(_WIN, "1z", context=twmj.Context(win="eight_flowers")),
        twmj.ContextError,
        "scored_apart",
        "context.win",
        "eight_flowers要另外算（花胡用 score_flower，四槓胡用 score_four_kongs）",
    ),
    # 八仙過海: all eight flowers (000 花牌與花胡).
    (
        lambda: twmj.score_flower("eight_flowers", twmj.Context(flowers="1234567f")),
        twmj.ContextError,
        "flower_win_short",
        "context.flowers",
        "八仙過海要 8 張花，胡牌的人有 7 張",
    ),
    (
        lambda: twmj.score_flower(
            "seven_rob_one", twmj.Context(winner=1, flowers="12345678f"), robbed=1
        ),
        twmj.ContextError,
        "not_robbable",
        "robbed",
        "座位 1 不能被搶（不能搶自己）",
    ),
    (
        lambda: twmj.score_flower("nine_flowers", twmj.Context(flowers="12345678f")),
        twmj.ContextError,
        "unknown_name",
        "kind",
        "不認得花胡「nine_flowers」（有 eight_flowers、eight_immortals、seven_rob_one）",
    ),
    (
        lambda: twmj.VecEnv(2, reward="coins"),
        twmj.ContextError,
        "unknown_name",
        "reward",
        "不認得獎勵「coins」（有 tai、money）",
    ),
    (
        lambda: twmj.bots.CoreBot("nope"),
        twmj.ContextError,
        "unknown_name",
        "name",
        "不認得電腦玩家「nope」（有 " + "、".join(twmj.bots.NAMES) + "）",
    ),
    (
        lambda: twmj.Game.from_deal(["1m", "", ""], "", ""),
        twmj.ContextError,
        "wrong_count",
        "hands",
        "手牌（一座一手，空座位給 ''）給了 3 個，要 4 個",
    ),
    (
        lambda: twmj.legal(_snap(decision={"turn": {}, "offer": {"from": 1, "discard": "9s"}})),
        twmj.ContextError,
        "two_decisions",
        "snapshot.decision.offer",
        "decision 只能是 turn、offer 或 opening 其中一種，這裡同時有 turn、offer",
    ),
    (
        lambda: twmj.legal(_snap(decision=[])),
        twmj.ContextError,
        "wrong_type",
        "snapshot.decision",
        "「snapshot.decision」要是一個 JSON 物件",
    ),
    (
        lambda: twmj.legal({k: v for k, v in _snap().items() if k != "drawable"}),
        twmj.ContextError,
        "required_field",
        "snapshot.drawable",
        "少了「snapshot.drawable」（必填）",
    ),
    (
        lambda: twmj.legal(_snap(ankan_asks=[0], variant=_TW)),
        twmj.ContextError,
        "bad_ankan_asks",
        "snapshot.ankan_asks",
        "ankan_asks 只能列其他有人坐的座位（0 到 3，不含自己）",
    ),
    (
        lambda: twmj.legal(_snap(decision={"turn": {"drawn": "9s"}})),
        twmj.HandError,
        "drawn_not_in_hand",
        "snapshot.decision.turn.drawn",
        "摸到的九條不在手牌裡",
    ),
    # 000 花牌 8 張: one of each flower.
    (
        lambda: twmj.legal(_snap(hand="123m456m789m123p45678p1f", flowers="1f")),
        twmj.HandError,
        "flower_twice",
        "snapshot.flowers",
        "花牌春出現兩次（hand 和 flowers 都寫了；每張花只有一張）",
    ),
    # 144 pieces: 17 at the seat and 16 kept back leave 111 to draw.
    (
        lambda: twmj.legal(_snap(drawable=200)),
        twmj.HandError,
        "wall_too_small",
        "snapshot.drawable",
        "牌牆最多還剩 111 張，不能再摸 200 張",
    ),
    (
        lambda: twmj.waits(123),  # type: ignore[arg-type]
        twmj.HandError,
        "not_notation",
        "hand",
        "「hand」要是牌的寫法（例如 123m），不是int",
    ),
    (
        lambda: twmj.legal(_snap(decision={"turn": {"drawn": "12m"}})),
        twmj.HandError,
        "not_one_piece",
        "snapshot.decision.turn.drawn",
        "「snapshot.decision.turn.drawn」要一張牌，「12m」不是",
    ),
    (
        lambda: twmj.waits("1m", "pon 111m"),  # type: ignore[arg-type]
        twmj.HandError,
        "bad_meld_entry",
        "melds",
        "「melds」要是 Meld、(種類, 牌) 或有 kind 與 tiles 的對照，不是字串（要一組一組列出）",
    ),
    (
        lambda: twmj.legal(_snap(hand=5)),
        twmj.HandError,
        "bad_hand_field",
        "snapshot.hand",
        "「snapshot.hand」要是牌的寫法（字串）",
    ),
    (
        lambda: twmj.Match(0).finish(twmj.Game(0)),
        twmj.ContextError,
        "hand_not_over",
        "game",
        "這一局還沒結束，還不能結算",
    ),
    (
        lambda: twmj.Game(0).settle(),
        twmj.ContextError,
        "hand_not_over",
        "game",
        "這一局還沒結束，還不能結算",
    ),
    (
        _second_hand_while_first_is_played,
        twmj.ContextError,
        "hand_in_progress",
        "match",
        "這一局還沒打完，先打完再開下一局",
    ),
    (
        _finish_another_hand,
        twmj.ContextError,
        "not_current_hand",
        "game",
        "這一局不是這場目前在打的那一局",
    ),
    (
        lambda: _match_over().next_game(),
        twmj.ContextError,
        "match_over",
        "match",
        "這場已經打完了，不能再開下一局",
    ),
    # 000 七搶一 情形 2 (你已有 7 張花，另一家亮出第 8 張花：你先搶): a shown flower is asked of
    # the seat holding seven only; a snapshot offering it to another seat is no decision.
    (
        lambda: twmj.legal(
            _snap(hand="123m456m789m123p4567p", decision={"offer": {"from": 1, "flower": "8f"}})
        ),
        twmj.ContextError,
        "no_flower_to_rob",
        "snapshot.decision.offer.flower",
        "座位 0 不能搶這張花（七搶一要門前已有 7 張花，這一家有 0 張），亮花時只問能七搶一的那一家",
    ),
    (
        lambda: twmj.legal(_snap(furiten=True, furiten_tiles="9s")),
        twmj.HandError,
        "bad_hand_field",
        "snapshot.furiten_tiles",
        "「snapshot.furiten_tiles」要是空的（furiten 為 true 時所有的胡都已擋下，兩者只給一個）",
    ),
    # The settlement's counters hold 2**32 - 1 tai: 底 on top of that overflows.
    (
        lambda: twmj.false_win(0, (0, 2**32 - 1, 0, 0)),
        twmj.ContextError,
        "tai_too_large",
        "tai",
        "座位 1 的 4294967295 台太大，無法結算",
    ),
    (
        lambda: twmj.replay(_record_line("shout")),
        twmj.RecordError,
        "unknown_event",
        "record[1].type",
        "牌譜第 2 行：不認得事件種類「shout」",
    ),
    (
        lambda: twmj.replay(_record_line("draw", seat=0, tile="?", replacement=False)),
        twmj.RecordError,
        "per_seat_line",
        "record[1].tile",
        "牌譜第 2 行：「tile」是單家視角牌譜的隱藏值，完整牌譜要寫出來",
    ),
]


@pytest.mark.parametrize(
    ("call", "cls", "code", "field", "zh"), CASES, ids=[f"{c[2]}-{i}" for i, c in enumerate(CASES)]
)
def test_each_new_fine_code_from_a_real_input(
    call: Callable[[], object], cls: type[twmj.Error], code: str, field: str | None, zh: str
) -> None:
    with pytest.raises(cls) as e:
        call()
    err = e.value
    assert (err.code, err.field, err.message_zh) == (code, field, zh), err
    (entry,) = (t for t in twmj.VOCABULARY["errors"] if t["code"] == code)
    assert err.kind in (entry["kind"], "record_error")


#: Codes no Python call reaches with a deterministic input: a second thread inside a
#: `VecEnv`'s step (tests/test_edge_counts.py drives that race and checks the code), the
#: system refusing threads, a tai sum past the settlement's counters, a turn given to
#: another seat (the JSON snapshot has no turn seat: the core's tests), given blocks (the
#: core's `score_decomposition`), a 四槓胡 hand (the core's tests), a table token (the
#: service's own: tests/api/test_table.py tampers with and forges tokens), and the catch-alls.
ELSEWHERE = {
    "bad_token",
    "env_busy",
    "threads_unavailable",
    "not_this_seats_turn",
    "bad_blocks",
    "not_four_kongs",
    "win_tile_not_a_kong",
    "under_min_tai",
    "payer_mismatch",
    "hand_error",
    "variant_error",
    "context_error",
    "record_error",
    "internal",
    "illegal_action",
    "unknown_action",
    "bad_json",
    "missing_field",
    "setting_conflict",
    "bad_counts",
    "hand_size_mismatch",
    "too_many_melds",
    "out_of_range",
    "unknown_declaration",
}


def test_every_fine_code_has_a_real_input() -> None:
    tested = {c[2] for c in CASES} | {c[2] for c in FINE_CASES}
    missing = set(twmj.ERROR_CODES) - tested - ELSEWHERE
    assert not missing, f"fine codes with no test from a real input: {sorted(missing)}"
