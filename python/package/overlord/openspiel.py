"""Every game with a fixed action space as an OpenSpiel game, through OpenSpiel's Python game
API, so that OpenSpiel's algorithms (MCTS, IS-MCTS, ...) and tests run on it.

``pyspiel.load_game("python_overlord", {"game": "omaha", "scenario": "first-wave", "seed":
1})``, once this module is imported. The game's randomness is its own (OpenSpiel's "sampled
stochastic" chance): ``seed`` seeds the first game ``new_initial_state`` starts, and each later
one the next seed. Actions are the game's action ids; observations its observation tensor
(one per seat), and its information state the seat's view and the actions so far.
``resample_from_infostate`` redraws what the seat cannot see (the engine's determinize), which
IS-MCTS needs.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Dict, List, Optional

import numpy
import pyspiel

from .game import Game

SHORT_NAME = "python_overlord"

# The most decisions a game may take (the simulator's decision limit, the same figure).
MAX_GAME_LENGTH = 20_000

_DEFAULTS = {"game": "omaha", "scenario": "first-wave", "seed": 1, "options": ""}

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Overlord: Normandy 1944 board wargames",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class OverlordGame(pyspiel.Game):
    """One scenario of one game: parameters ``game``, ``scenario``, ``seed`` and ``options``
    (JSON text of the scenario options, or empty)."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = {**_DEFAULTS, **(params or {})}
        self._spec = (
            str(params["game"]),
            str(params["scenario"]),
            json.loads(params["options"]) if params["options"] else None,
        )
        self._next_seed = int(params["seed"])
        probe = self._start(0)
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.num_distinct_actions(),
            max_chance_outcomes=0,
            num_players=probe.num_players(),
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, params)

    def _start(self, seed: int) -> Game:
        game, scenario, options = self._spec
        return Game(game, scenario, seed=seed, options=options, log=False)

    def new_initial_state(self) -> "OverlordState":
        state = OverlordState(self, self._start(self._next_seed))
        self._next_seed += 1
        return state

    def make_py_observer(self, iig_obs_type=None, params=None) -> "OverlordObserver":
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return OverlordObserver(self, perfect_recall)


class OverlordState(pyspiel.State):
    """A game in progress."""

    def __init__(self, game: OverlordGame, played: Game) -> None:
        super().__init__(game)
        self.played = played

    def current_player(self) -> int:
        if self.played.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.played.current_player()

    def _legal_actions(self, player: int) -> List[int]:
        if self.played.is_terminal() or player != self.played.current_player():
            return []
        return sorted(self.played.legal_action_ids())

    def _apply_action(self, action: int) -> None:
        self.played.apply_id(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if not self.played.is_terminal() and player == self.played.current_player():
            for legal, action_id in zip(
                self.played.legal_actions(), self.played.legal_action_ids()
            ):
                if action_id == action:
                    return json.dumps(legal)
        return f"action {action}"

    def is_terminal(self) -> bool:
        return self.played.is_terminal()

    def returns(self) -> List[float]:
        return self.played.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler) -> "OverlordState":
        """A state ``player_id`` cannot tell from this one, what it cannot see redrawn."""
        seed = int(probability_sampler() * 2**62)
        return OverlordState(self.get_game(), self.played.determinize(player_id, seed))

    def __deepcopy__(self, memo) -> "OverlordState":
        return OverlordState(self.get_game(), self.played.clone())

    def __str__(self) -> str:
        return self.played.text_picture() or json.dumps(self.played.view())


class OverlordObserver:
    """What a seat observes: its observation tensor, and as a string its view (with the
    actions so far for the information state, which OpenSpiel wants with perfect recall)."""

    def __init__(self, game: OverlordGame, perfect_recall: bool) -> None:
        probe = game._start(0)
        self.tensor = numpy.zeros(len(probe.observation(0)), numpy.float32)
        self.dict = {"observation": self.tensor}
        self._perfect_recall = perfect_recall

    def set_from(self, state: OverlordState, player: int) -> None:
        self.tensor[:] = state.played.observation(player)

    def string_from(self, state: OverlordState, player: int) -> str:
        view = state.played.view(player)
        if not self._perfect_recall:
            return json.dumps(view, sort_keys=True)
        actions = state.played.record()["actions"]
        return json.dumps({"actions": actions, "view": view}, sort_keys=True)


pyspiel.register_game(_GAME_TYPE, OverlordGame)


def load(game: str, scenario: str, seed: int = 1, options: Optional[Dict[str, Any]] = None):
    """``pyspiel.load_game`` of ``game``'s ``scenario``."""
    return pyspiel.load_game(
        SHORT_NAME,
        {
            "game": game,
            "scenario": scenario,
            "seed": seed,
            "options": json.dumps(options) if options else "",
        },
    )
