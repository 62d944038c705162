"""Train PPO on the twmj PettingZoo environment through RLlib, one policy shared by every
seat, with the legal mask applied to the logits (RLlib's action-masking RLModule).

    pip install "twmj[env,ray]" -r requirements-rl.txt   # RLlib's PPO learner needs torch
    python examples/rllib_ppo.py --iterations 2                   # a local Ray, CPU
    python examples/rllib_ppo.py --address auto --env-runners 16  # on a Ray cluster

See docs/rl.md for running it on a cluster. CI runs one iteration (tests/test_rllib.py).
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo.utils import BaseWrapper

from twmj.env import raw_env


class RLlibObservations(BaseWrapper):  # type: ignore[misc]
    """The env as RLlib's action-masking module reads it: `observations` (float32) and
    `action_mask` (float32) instead of PettingZoo's `observation` / `action_mask`."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        n = int(np.prod(env.observation_space(env.possible_agents[0])["observation"].shape))
        k = env.action_space(env.possible_agents[0]).n
        self._space = spaces.Dict(
            {
                "observations": spaces.Box(0.0, 255.0, shape=(n,), dtype=np.float32),
                "action_mask": spaces.Box(0.0, 1.0, shape=(k,), dtype=np.float32),
            }
        )

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._space

    def observe(self, agent: str) -> dict[str, Any]:
        o = self.env.observe(agent)
        return {
            "observations": o["observation"].astype(np.float32),
            "action_mask": o["action_mask"].astype(np.float32),
        }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--iterations", type=int, default=2)
    p.add_argument("--variant", default="taiwan")
    p.add_argument("--address", default=None, help="a Ray address; a local Ray without it")
    p.add_argument("--env-runners", type=int, default=1)
    p.add_argument("--batch", type=int, default=2000, help="train batch size (agent steps)")
    args = p.parse_args()

    import ray
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )
    from ray.tune.registry import register_env

    ray.init(address=args.address)
    register_env(
        "twmj",
        lambda cfg: PettingZooEnv(RLlibObservations(raw_env(variant=cfg.get("variant", "taiwan")))),
    )
    config = (
        PPOConfig()
        # RLlib's env check steps unmasked random actions, which the referee refuses: the
        # module below only ever picks from the legal mask.
        .environment("twmj", env_config={"variant": args.variant}, disable_env_checking=True)
        .env_runners(num_env_runners=args.env_runners)
        .multi_agent(
            policies={"shared"},
            # Every seat plays the same policy (the observation is relative to the seat).
            policy_mapping_fn=lambda agent_id, *a, **k: "shared",
        )
        .training(train_batch_size_per_learner=args.batch, minibatch_size=256, num_epochs=2)
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    "shared": RLModuleSpec(
                        module_class=ActionMaskingTorchRLModule,
                        model_config={"head_fcnet_hiddens": [256, 256]},
                    )
                }
            )
        )
    )
    algo = config.build_algo()
    for i in range(args.iterations):
        result = algo.train()
        runners = result.get("env_runners", {})
        learner = result.get("learners", {}).get("shared", {})
        # A hand is zero-sum, so the seats' returns add to 0; the loss shows the learner ran.
        print(
            f"iteration {i + 1}: {int(runners.get('num_env_steps_sampled_lifetime', 0))} steps, "
            f"{int(runners.get('num_episodes_lifetime', 0))} hands, "
            f"policy loss {float(learner.get('policy_loss', float('nan'))):.4f}"
        )
    algo.stop()
    ray.shutdown()


if __name__ == "__main__":
    main()
