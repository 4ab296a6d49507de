"""OpenSpiel's C++ search bots on their own games, timed from Python: IS-MCTS on hearts and
MCTS on backgammon, each with one random rollout to the end of the game per simulation (the
RandomRolloutEvaluator), one thread. Prints one JSON object.

The search runs in C++ (pyspiel.ISMCTSBot, pyspiel.MCTSBot); Python only calls `step` once per
1,000 simulations, so the interpreter's share is negligible. OpenSpiel does not count rollout
moves, so rollout steps per second are simulations per second times the mean length of a
uniformly random playout from the same states (chance outcomes included), measured here too.

Usage: python openspiel_throughput.py SECONDS
"""

import json
import random
import sys
import time

import pyspiel

SIMULATIONS = 1000


def decision_states(game, rng, count, skip):
    """Decision states (no chance, not terminal) met in uniformly random games."""
    states = []
    while len(states) < count:
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            if moves >= skip and moves % 7 == 0 and len(states) < count:
                states.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    return states


def mean_playout_length(states, rng, per_state):
    """Mean number of actions (chance outcomes included) from each state to the end."""
    total = runs = 0
    for state in states:
        for _ in range(per_state):
            s = state.clone()
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes, probs = zip(*s.chance_outcomes())
                    s.apply_action(rng.choices(outcomes, probs)[0])
                else:
                    s.apply_action(rng.choice(s.legal_actions()))
                total += 1
            runs += 1
    return total / runs


def timed(bot_for, states, seconds):
    """Searches of SIMULATIONS each, cycling over the states, for about `seconds`."""
    searches = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = states[searches % len(states)]
        bot = bot_for(searches)
        bot.step(state)
        searches += 1
    elapsed = time.perf_counter() - start
    return searches * SIMULATIONS / elapsed, searches


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    rng = random.Random(1)
    out = {"open_spiel": pyspiel.__version__ if hasattr(pyspiel, "__version__") else "2.x"}

    hearts = pyspiel.load_game("hearts")
    states = decision_states(hearts, rng, 24, skip=8)

    def ismcts(i):
        return pyspiel.ISMCTSBot(
            i, pyspiel.RandomRolloutEvaluator(1, i), 2.0, SIMULATIONS, -1,
            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)

    sims, searches = timed(ismcts, states, seconds)
    length = mean_playout_length(states, rng, 20)
    out["hearts_ismcts"] = {
        "simulations_per_s": sims,
        "rollout_steps_per_simulation": length,
        "rollout_steps_per_s": sims * length,
        "searches": searches,
    }

    backgammon = pyspiel.load_game("backgammon")
    states = decision_states(backgammon, rng, 24, skip=10)

    def mcts(i):
        return pyspiel.MCTSBot(
            backgammon, pyspiel.RandomRolloutEvaluator(1, i), 2.0, SIMULATIONS, 1000,
            False, i, False)

    sims, searches = timed(mcts, states, seconds)
    length = mean_playout_length(states, rng, 5)
    out["backgammon_mcts"] = {
        "simulations_per_s": sims,
        "rollout_steps_per_simulation": length,
        "rollout_steps_per_s": sims * length,
        "searches": searches,
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
