"""Train PPO through RLlib on one seat of twmj's Gymnasium environment against fixed bots,
with the legal mask applied to the logits (RLlib's action-masking RLModule).

    pip install "twmj[env,ray]" -r requirements-rl.txt   # RLlib's PPO learner needs torch
    python examples/rllib_ppo.py --iterations 10                  # a local Ray, CPU
    python examples/rllib_ppo.py --address auto --env-runners 16  # on a Ray cluster

The opponents are fixed bots (`--opponents`, `efficiency` by default), so the seat's mean return
per hand, printed each iteration, can rise as the policy learns (self-play of one shared
policy is zero-sum: its mean return is 0 whatever it learns). Each env runner (and each
environment of a runner) deals from its own seed, derived from `--seed`, the runner's index
and the environment's index: runners never play the same hands. See docs/rl.md for the
figures of a 10-iteration run and for a cluster. CI runs one iteration (tests/test_rllib.py).
"""

from __future__ import annotations

import argparse
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from twmj.env import gym_env


class RLlibObservations(gymnasium.ObservationWrapper):  # type: ignore[type-arg]
    """The env as RLlib's action-masking module reads it: `observations` (float32) and
    `action_mask` (float32) instead of twmj's `observation` / `action_mask`."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        n = int(np.prod(env.observation_space["observation"].shape))
        k = int(env.action_space.n)
        self.observation_space = spaces.Dict(
            {
                "observations": spaces.Box(0.0, 255.0, shape=(n,), dtype=np.float32),
                "action_mask": spaces.Box(0.0, 1.0, shape=(k,), dtype=np.float32),
            }
        )

    def observation(self, observation: dict[str, Any]) -> dict[str, Any]:
        return {
            "observations": observation["observation"].astype(np.float32),
            "action_mask": observation["action_mask"].astype(np.float32),
        }


def runner_seed(seed: int, worker_index: int, vector_index: int) -> int:
    """The first hand seed of one environment of one env runner: its own stream of hands
    (the runner's hands are that seed, +1, +2, …; 64-bit starts drawn apart by
    `SeedSequence` do not meet within any run)."""
    state = np.random.SeedSequence([seed, worker_index, vector_index]).generate_state(1, np.uint64)
    return int(state[0])


def make_env(cfg: Any) -> gymnasium.Env[Any, Any]:
    """The env of one RLlib env runner: `cfg` is RLlib's `EnvContext` (a dict with the
    runner's `worker_index` and `vector_index`)."""
    seed = runner_seed(
        int(cfg.get("seed", 0)),
        int(getattr(cfg, "worker_index", 0)),
        int(getattr(cfg, "vector_index", 0)),
    )
    opponents = str(cfg.get("opponents", "efficiency")).split(",")
    return RLlibObservations(gym_env(opponents, cfg.get("variant", "taiwan"), seed=seed))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--iterations", type=int, default=2)
    p.add_argument("--variant", default="taiwan")
    p.add_argument("--address", default=None, help="a Ray address; a local Ray without it")
    p.add_argument("--env-runners", type=int, default=1)
    p.add_argument("--batch", type=int, default=2000, help="train batch size (agent steps)")
    p.add_argument(
        "--opponents", default="efficiency", help="bot names at the other seats (one, or one each)"
    )
    p.add_argument("--seed", type=int, default=0, help="runners' hand seeds are drawn from it")
    args = p.parse_args()

    import ray
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )
    from ray.tune.registry import register_env

    ray.init(address=args.address)
    register_env("twmj", make_env)
    config = (
        PPOConfig()
        # RLlib's env check steps unmasked random actions, which the env fines as illegal:
        # the module below only ever picks from the legal mask.
        .environment(
            "twmj",
            env_config={"variant": args.variant, "opponents": args.opponents, "seed": args.seed},
            disable_env_checking=True,
        )
        .env_runners(num_env_runners=args.env_runners)
        .training(train_batch_size_per_learner=args.batch, minibatch_size=256, num_epochs=2)
        .rl_module(
            rl_module_spec=RLModuleSpec(
                module_class=ActionMaskingTorchRLModule,
                model_config={"head_fcnet_hiddens": [256, 256]},
            )
        )
    )
    algo = config.build_algo()
    for i in range(args.iterations):
        result = algo.train()
        runners = result.get("env_runners", {})
        learner = result.get("learners", {}).get("default_policy", {})
        # The seat's mean net per hand (tai) over the recent hands: against fixed bots it
        # rises as the policy learns.
        print(
            f"iteration {i + 1}: {int(runners.get('num_env_steps_sampled_lifetime', 0))} steps, "
            f"{int(runners.get('num_episodes_lifetime', 0))} hands, "
            f"mean return {float(runners.get('episode_return_mean', float('nan'))):.3f} tai, "
            f"policy loss {float(learner.get('policy_loss', float('nan'))):.4f}",
            flush=True,
        )
    algo.stop()
    ray.shutdown()


if __name__ == "__main__":
    main()
