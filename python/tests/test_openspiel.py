"""The registered OpenSpiel game: OpenSpiel's own bots play a game of D-Day at Omaha Beach."""

import numpy
import pytest

pyspiel = pytest.importorskip("pyspiel")


@pytest.fixture(scope="module")
def game():
    from overlord import openspiel

    return openspiel.load("omaha", "first-wave", seed=3)


def test_the_game_is_registered_with_its_action_space_and_tensor(game):
    import overlord

    played = overlord.Game("omaha", "first-wave", seed=3)
    assert game.num_distinct_actions() == played.num_distinct_actions()
    assert game.num_players() == 1
    state = game.new_initial_state()
    assert state.legal_actions() == sorted(played.legal_action_ids())
    assert numpy.array_equal(numpy.array(state.observation_tensor(0), numpy.float32), played.observation(0))
    assert not state.is_terminal()
    # A clone is independent.
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.history() == [] and len(clone.history()) == 1


def test_openspiel_is_mcts_plays_a_game_to_the_end(game):
    from open_spiel.python.algorithms import ismcts, mcts

    evaluator = mcts.RandomRolloutEvaluator(1, numpy.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=2, random_state=numpy.random.RandomState(2)
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert state.returns()[0] in (0.0, 1.0)


def test_openspiel_mcts_plays_a_game_to_the_end(game):
    from open_spiel.python.algorithms import mcts

    evaluator = mcts.RandomRolloutEvaluator(1, numpy.random.RandomState(3))
    bot = mcts.MCTSBot(game, 2.0, 2, evaluator, random_state=numpy.random.RandomState(4))
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert state.returns()[0] in (0.0, 1.0)


def test_resampling_keeps_what_the_seat_sees(game):
    state = game.new_initial_state()
    for _ in range(30):
        state.apply_action(state.legal_actions()[0])
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(0) == state.information_state_string(0)
    assert other.observation_tensor(0) == state.observation_tensor(0)


# OpenSpiel's own random-simulation test (legal actions, clones, observations and returns
# checked along random games). Normandy '44 passes it too, but takes two minutes in a debug
# build: its observation has 74,650 values and its games thousands of steps.
@pytest.mark.parametrize(
    "name,scenario", [("omaha", "first-wave"), ("tide-of-iron", "le-hameau"), ("ambush", "S1")]
)
def test_openspiel_random_sim_test_passes(name, scenario):
    from overlord import openspiel

    pyspiel.random_sim_test(
        openspiel.load(name, scenario, seed=2), num_sims=2, serialize=False, verbose=False
    )
