"""The PettingZoo, Gymnasium and OpenSpiel environments pass their libraries' own checks."""

import numpy
import pytest

pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")


def test_pettingzoo_api_test_passes():
    from pettingzoo.test import api_test

    import overlord.pettingzoo

    api_test(overlord.pettingzoo.env("omaha", "first-wave"), num_cycles=200)


def test_a_pettingzoo_episode_of_the_first_wave_with_a_masked_random_agent():
    # The ten-line script.
    import overlord.pettingzoo

    env = overlord.pettingzoo.env("omaha", "first-wave")
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else env.action_space(agent).sample(mask)
        env.step(action)
    env.close()
    assert reward in (0.0, 1.0)


def test_gymnasium_check_env_passes_and_the_reward_comes_at_the_end():
    from gymnasium.utils.env_checker import check_env

    import overlord.gymnasium

    env = overlord.gymnasium.OverlordEnv("omaha", "first-wave")
    check_env(env, skip_render_check=True)
    observation, info = env.reset(seed=7)
    rng = numpy.random.default_rng(7)
    total, steps, over = 0.0, 0, False
    while not over:
        legal = numpy.flatnonzero(observation["action_mask"])
        observation, reward, over, truncated, info = env.step(rng.choice(legal))
        total += reward
        steps += 1
    assert steps > 50 and total in (0.0, 1.0)
    # An illegal id moves nothing and says why.
    observation, info = env.reset(seed=7)
    illegal = int(numpy.flatnonzero(observation["action_mask"] == 0)[0])
    again, reward, over, truncated, info = env.step(illegal)
    assert "not legal now" in info["illegal_action"]
    assert numpy.array_equal(again["observation"], observation["observation"])


def test_gymnasium_resets_to_the_same_game_for_the_same_seed():
    import overlord.gymnasium

    env = overlord.gymnasium.OverlordEnv("omaha", "first-wave")
    a, _ = env.reset(seed=3)
    b, _ = env.reset(seed=3)
    assert numpy.array_equal(a["observation"], b["observation"])
