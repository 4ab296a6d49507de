"""Multi-agent PPO with action masking on Tide of Iron's Le Hameau, through RLlib: both seats
learn one shared policy (the observation says which nation a seat plays), for a few
iterations. docs/python.md records its command and figures.

  pip install './python' "ray[rllib]" torch
  python python/examples/rllib_ppo.py [ITERATIONS, default 3]

RLlib's action-masking module reads an observation dict of "observations" and "action_mask";
the wrapper below renames the environment's "observation" key and gives the mask as floats.
"""

import sys
import time

import numpy
from gymnasium import spaces
from pettingzoo.utils.wrappers import BaseWrapper

import ray
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
from ray.tune.registry import register_env

import overlord.pettingzoo

GAME, SCENARIO = "tide-of-iron", "le-hameau"


class MaskedForRLlib(BaseWrapper):
    """The observation as RLlib's action-masking module names it."""

    def observation_space(self, agent):
        space = self.env.observation_space(agent)
        actions = space["action_mask"].shape[0]
        return spaces.Dict(
            {
                "observations": space["observation"],
                "action_mask": spaces.Box(0.0, 1.0, (actions,), numpy.float32),
            }
        )

    def observe(self, agent):
        seen = self.env.observe(agent)
        return {
            "observations": seen["observation"],
            "action_mask": seen["action_mask"].astype(numpy.float32),
        }


def make_env(_config):
    return PettingZooEnv(MaskedForRLlib(overlord.pettingzoo.env(GAME, SCENARIO)))


def main():
    iterations = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    ray.init(num_cpus=2, logging_level="warning", log_to_driver=False)
    register_env("overlord", make_env)
    config = (
        PPOConfig()
        # RLlib's environment check steps an unmasked random action, which the game refuses.
        .environment("overlord", disable_env_checking=True)
        .env_runners(num_env_runners=1, num_envs_per_env_runner=1)
        .multi_agent(
            policies={"shared"},
            policy_mapping_fn=lambda agent_id, *args, **kwargs: "shared",
        )
        .training(train_batch_size_per_learner=2000, minibatch_size=250, num_epochs=2, lr=3e-4)
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    "shared": RLModuleSpec(
                        module_class=ActionMaskingTorchRLModule,
                        model_config={
                            "head_fcnet_hiddens": [128, 128],
                            "head_fcnet_activation": "relu",
                        },
                    )
                }
            )
        )
    )
    algorithm = config.build_algo()
    for iteration in range(1, iterations + 1):
        started = time.perf_counter()
        result = algorithm.train()
        runners = result.get("env_runners", {})
        print(
            f"iteration {iteration}: {time.perf_counter() - started:.1f} s, "
            f"env steps {runners.get('num_env_steps_sampled_lifetime')}, "
            f"episodes {runners.get('num_episodes_lifetime')}, "
            f"mean episode length {runners.get('episode_len_mean')}, "
            f"mean return per agent {runners.get('agent_episode_returns_mean')}",
            flush=True,
        )
    algorithm.stop()
    ray.shutdown()


if __name__ == "__main__":
    main()
