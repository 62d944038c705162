"""Issue 30, house rule `flower_win.play_on` (當場收分，照常開始打牌) in the RL environments: a
flower win paid on the spot while the hand goes on is rewarded at the step that paid it (one
paid at the deal, with the seat's first step), the observation shows it (`T_FLOWER_PAID`),
and a seat's rewards over the hand add up to its net for the hand. Seed 74541 under taiwan
pays an opening 七搶一 (seat 3 robs seat 2's flower) at the deal."""

from __future__ import annotations

import twmj
from twmj._core import VecEnv, observation_layout
from twmj.env import gym_env, raw_env

L = observation_layout()
FLOWER_PAID = L["TABLE"] + L["T_FLOWER_PAID"]
SEED = 74541


def _play_on() -> twmj.Variant:
    return twmj.Variant("taiwan", {"flower_win.play_on": True})


def test_the_seed_pays_a_flower_win_at_the_deal() -> None:
    g = twmj.Game(SEED, _play_on())
    assert not g.is_over
    scores, net_tai = g.settle_paid()
    assert [i.key for i in scores[0].items] == ["seven_rob_one"]
    assert g.paid_reward("tai") == net_tai
    assert net_tai[3] > 0 and net_tai[2] == -net_tai[3] and net_tai[0] == net_tai[1] == 0
    assert g.observe(0)[0][FLOWER_PAID] == 1
    # Where the flower win ends the hand (000 花牌與花胡) it is over at the deal.
    assert twmj.Game(SEED).is_over
    assert twmj.Game(SEED).observe(0)[0][FLOWER_PAID] == 0


def test_gymnasium_rewards_the_payment_then_the_rest() -> None:
    variant = _play_on()
    paid = twmj.Game(SEED, variant).paid_reward("money")
    for seat in (2, 3):
        e = gym_env(["first_legal"], variant=variant, seat=seat, seed=SEED, reward="money")
        obs, info = e.reset()
        assert info["seed"] == SEED and info["skipped"] == []
        assert obs["observation"][FLOWER_PAID] == 1
        rewards = []
        done = False
        while not done:
            a = int(obs["action_mask"].argmax())
            obs, r, done, _, _ = e.step(a)
            rewards.append(r)
        # Paid at the deal: with the seat's first step (nothing else moved money then).
        assert rewards[0] == paid[seat]
        net = e.game.reward("money")
        assert net is not None
        assert sum(rewards) == net[seat]


def test_pettingzoo_rewards_the_payment_then_the_rest() -> None:
    variant = _play_on()
    e = raw_env(variant=variant, seed=SEED, reward="tai")
    e.reset()
    paid = e.game.paid_reward("tai")
    assert any(paid)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    first = True
    for _agent in e.agent_iter():
        obs, _, done, _, _ = e.last()
        if done:
            e.step(None)
            continue
        assert obs["observation"][FLOWER_PAID] == 1
        e.step(int(obs["action_mask"].argmax()))
        step = {a: e.rewards[a] for a in e.possible_agents}
        if first:
            assert step == {a: float(paid[i]) for i, a in enumerate(e.possible_agents)}
            first = False
        for a in e.possible_agents:
            totals[a] += step[a]
        if e.game.is_over:
            break
    net = e.game.reward("tai")
    assert net is not None
    assert totals == {a: float(net[i]) for i, a in enumerate(e.possible_agents)}


def test_vec_env_writes_the_payment_at_the_deal() -> None:
    variant = _play_on()
    g = twmj.Game(SEED, variant)
    env = VecEnv(1, SEED, variant, "tai")
    obs, _, _ = env.reset()
    assert list(env.reward[0]) == [float(n) for n in g.paid_reward("tai")]
    assert not env.done[0]
    assert obs[0][FLOWER_PAID] == 1


def test_a_hand_run_out_after_the_payment_is_a_draw_that_pays_it() -> None:
    # Played out first-legal, the hand runs out (流局): `Game.result()` says draw, its wins
    # hold the paid 筆 alone, and the hand's reward is that 筆 (docs/variants.md play_on).
    g = twmj.Game(SEED, _play_on())
    paid = g.paid_reward("tai")
    while not g.is_over:
        s = g.pending[0]
        g.apply(s, g.legal_actions(s)[0])
    r = g.result()
    assert r is not None
    assert (r["draw"], r["draw_reason"]) == (True, "wall")
    assert [w["kind"] for w in r["wins"]] == ["seven_rob_one"]
    assert g.reward("tai") == paid == g.settle()[1]
    assert g.paid_reward("tai") == [0, 0, 0, 0]
