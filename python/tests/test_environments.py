"""The PettingZoo, Gymnasium and OpenSpiel environments pass their libraries' own checks."""

import numpy
import pytest

pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")


# Every game, a scenario each (solitaire games and games for two).
GAMES = [
    ("omaha", "first-wave"),
    ("tide-of-iron", "le-hameau"),
    ("normandy44", "mini"),
    ("ambush", "S1"),
]


@pytest.mark.parametrize("game,scenario", GAMES)
def test_pettingzoo_api_test_passes(game, scenario):
    from pettingzoo.test import api_test

    import overlord.pettingzoo

    api_test(overlord.pettingzoo.env(game, scenario), num_cycles=200)


def test_pettingzoo_gives_each_seat_its_reward_at_the_end_of_a_two_player_game():
    import overlord.pettingzoo

    env = overlord.pettingzoo.env("tide-of-iron", "le-hameau")
    env.reset(seed=5)
    assert env.agents == ["seat_0", "seat_1"]
    totals = {agent: 0.0 for agent in env.agents}
    acted = set()
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        totals[agent] += reward
        if termination or truncation:
            action = None
        else:
            acted.add(agent)
            assert observation["action_mask"].any()
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)
    assert acted == {"seat_0", "seat_1"}
    assert sorted(totals.values()) in ([0.0, 1.0], [0.5, 0.5], [0.0, 0.0])


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


@pytest.mark.parametrize("game,scenario", GAMES)
def test_gymnasium_check_env_passes_for_every_game(game, scenario):
    from gymnasium.utils.env_checker import check_env

    import overlord.gymnasium

    check_env(overlord.gymnasium.OverlordEnv(game, scenario), skip_render_check=True)


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


def test_gymnasium_plays_one_seat_against_the_rule_bot():
    from gymnasium.utils.env_checker import check_env

    import overlord.gymnasium

    env = overlord.gymnasium.OverlordEnv("tide-of-iron", "le-hameau", seat=1, others="rule")
    check_env(env, skip_render_check=True)
    observation, info = env.reset(seed=11)
    # The viewer's nation is among the globals: the German seat sees itself German.
    assert observation["observation"][-2:].tolist() == [0.0, 1.0]
    rng = numpy.random.default_rng(11)
    over, steps = False, 0
    while not over:
        legal = numpy.flatnonzero(observation["action_mask"])
        observation, reward, over, truncated, info = env.step(rng.choice(legal))
        steps += 1
    assert reward in (0.0, 0.5, 1.0) and steps > 10


def test_gymnasium_resets_to_the_same_game_for_the_same_seed():
    import overlord.gymnasium

    env = overlord.gymnasium.OverlordEnv("omaha", "first-wave")
    a, _ = env.reset(seed=3)
    b, _ = env.reset(seed=3)
    assert numpy.array_equal(a["observation"], b["observation"])
