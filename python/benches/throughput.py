"""Random-play throughput through the Python package, beside OpenSpiel's Python API on its own
games, in one run (issue 32's speed figures; BENCHMARKS.md records them).

  python python/benches/throughput.py [SECONDS per measurement, default 10] [OVERLORD_BIN]

Measures, each for SECONDS (medians of three runs where noted):
- native: `overlord sim GAME --bot random` (the Rust batch driver, 1 and 2 threads): decisions
  a second, from the decisions its lines count;
- the single-game API: `Game.legal_action_ids()` then `Game.apply_id(random choice)`, on a
  game played quietly (`log=False`, as the environments play) and on one keeping its log and
  undo; and the JSON path (`legal_actions()`, `apply`, with the log);
- the batched stepper: `Batch(64 games).legal_action_ids()` then `step(ids)` with a random
  choice per game in Python; and with array operations (`legal_action_ids_flat()`, a numpy
  choice, `step(array)`), 64 and 256 games;
- OpenSpiel's Python API on backgammon and on its own Python game of tic-tac-toe: random
  play through `pyspiel` (player decisions counted; chance outcomes sampled, not counted).
Prints one JSON object.
"""

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

import overlord

GAME, SCENARIO = "omaha", "first-wave"


def timed(step, seconds):
    """Steps a second of `step()` (which returns how many steps it made) over `seconds`."""
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        done += step()
    return done / (time.perf_counter() - start)


def median_of_three(measure):
    return statistics.median(measure() for _ in range(3))


def native(binary, jobs, seconds):
    """Decisions a second of overlord sim's random bot: games sized to take about `seconds`."""
    games = 50
    while True:
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "lines.jsonl")
            start = time.perf_counter()
            subprocess.run(
                [binary, "sim", GAME, "--scenario", SCENARIO, "--bot", "random",
                 "--games", str(games), "--jobs", str(jobs), "--quiet", "--out", out],
                check=True,
            )
            elapsed = time.perf_counter() - start
            with open(out) as lines:
                decisions = sum(json.loads(line)["decisions"] for line in lines)
        if elapsed >= seconds / 3 or games > 1_000_000:
            return decisions / elapsed
        games *= 4


def single_game_ids(seconds, log=False):
    rng = random.Random(1)
    state = {"game": overlord.Game(GAME, SCENARIO, seed=1, log=log), "seed": 1}

    def step():
        game = state["game"]
        if game.is_terminal():
            state["seed"] += 1
            state["game"] = game = overlord.Game(GAME, SCENARIO, seed=state["seed"], log=log)
        game.apply_id(rng.choice(game.legal_action_ids()))
        return 1

    return timed(step, seconds)


def single_game_json(seconds):
    rng = random.Random(1)
    state = {"game": overlord.Game(GAME, SCENARIO, seed=1), "seed": 1}

    def step():
        game = state["game"]
        if game.is_terminal():
            state["seed"] += 1
            state["game"] = game = overlord.Game(GAME, SCENARIO, seed=state["seed"])
        game.apply(rng.choice(game.legal_actions()))
        return 1

    return timed(step, seconds)


def batched(seconds, count=64):
    rng = random.Random(1)
    batch = overlord.Batch(GAME, SCENARIO, count, seed=1)

    def step():
        batch.step([rng.choice(legal) for legal in batch.legal_action_ids()])
        return count

    return timed(step, seconds)


def batched_numpy(seconds, count=64):
    """The batch driven with array operations: the ids listed flat, a random one per game
    chosen with numpy, played from an array."""
    import numpy

    rng = numpy.random.default_rng(1)
    batch = overlord.Batch(GAME, SCENARIO, count, seed=1)

    def step():
        ids, offsets = batch.legal_action_ids_flat()
        counts = numpy.diff(offsets)
        batch.step(ids[offsets[:-1] + (rng.random(count) * counts).astype(numpy.int64)])
        return count

    return timed(step, seconds)


def batched_loop(seconds, count=256):
    """The batch in an agent's loop: one call a step plays the ids and lists the next."""
    import numpy

    rng = numpy.random.default_rng(1)
    batch = overlord.Batch(GAME, SCENARIO, count, seed=1)
    state = {"listed": batch.legal_action_ids_flat()}

    def step():
        ids, offsets = state["listed"]
        counts = numpy.diff(offsets)
        chosen = ids[offsets[:-1] + (rng.random(count) * counts).astype(numpy.int64)]
        _, ids, offsets = batch.step_and_list(chosen)
        state["listed"] = (ids, offsets)
        return count

    return timed(step, seconds)


def openspiel(name, seconds):
    import pyspiel

    import open_spiel.python.games  # noqa: F401  (registers OpenSpiel's Python games)

    game = pyspiel.load_game(name)
    rng = random.Random(1)
    holder = {"state": game.new_initial_state()}

    def step():
        state = holder["state"]
        if state.is_terminal():
            holder["state"] = state = game.new_initial_state()
        while state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probabilities)[0])
            if state.is_terminal():
                return 0
        state.apply_action(rng.choice(state.legal_actions()))
        return 1

    return timed(step, seconds)


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    binary = sys.argv[2] if len(sys.argv) > 2 else "target/release/overlord"
    import pyspiel

    results = {
        "seconds": seconds,
        "game": f"{GAME} {SCENARIO}",
        "native_1_thread": median_of_three(lambda: native(binary, 1, seconds)),
        "native_2_threads": median_of_three(lambda: native(binary, 2, seconds)),
        "python_ids": median_of_three(lambda: single_game_ids(seconds)),
        "python_ids_with_log": median_of_three(lambda: single_game_ids(seconds, log=True)),
        "python_json": median_of_three(lambda: single_game_json(seconds)),
        "batched_64": median_of_three(lambda: batched(seconds)),
        "batched_64_numpy": median_of_three(lambda: batched_numpy(seconds)),
        "batched_256_numpy": median_of_three(lambda: batched_numpy(seconds, 256)),
        "batched_256_step_and_list": median_of_three(lambda: batched_loop(seconds)),
        "openspiel_version": getattr(pyspiel, "__version__", "?"),
        "openspiel_backgammon": median_of_three(lambda: openspiel("backgammon", seconds)),
        "openspiel_python_tic_tac_toe": median_of_three(
            lambda: openspiel("python_tic_tac_toe", seconds)
        ),
    }
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
