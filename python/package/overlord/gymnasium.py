"""Every game with a fixed action space as a Gymnasium environment for one seat.

The agent plays ``seat``; the other seats of a multi-seat game are played by a named bot
(``rule``, ``random``, ``ismcts:iterations=200``). The observation is a dict: ``observation``,
the seat's observation tensor, and ``action_mask``, 1 for the legal action ids. The reward is
the seat's return at the end of the game (1 a win, 0.5 a draw, 0 a loss).

An id that is not legal is refused: the game does not move, the reward is 0, and ``info``
says why under ``illegal_action``. Agents are expected to follow the mask.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

import gymnasium
import numpy
from gymnasium import spaces

from .game import Game, IllegalAction


class OverlordEnv(gymnasium.Env):
    """One seat of ``game``'s ``scenario``."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        scenario: str,
        seat: int = 0,
        others: str = "rule",
        options: Optional[Dict[str, Any]] = None,
        data: Optional[str] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        self._spec = (game, scenario, options, data)
        probe = Game(game, scenario, seed=0, options=options, data=data)
        if not 0 <= seat < probe.num_players():
            raise ValueError(f"no seat {seat}: this game has seats 0 to {probe.num_players() - 1}")
        self.seat = seat
        self.others = others
        actions = probe.num_distinct_actions()
        length = len(probe.observation(seat))
        self.action_space = spaces.Discrete(actions)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, numpy.inf, (length,), numpy.float32),
                "action_mask": spaces.Box(0, 1, (actions,), numpy.int8),
            }
        )
        self.render_mode = render_mode
        self.game: Optional[Game] = None
        self._bot_seed = 0

    def _observation(self) -> Dict[str, numpy.ndarray]:
        if self.game.is_terminal():
            mask = numpy.zeros(self.action_space.n, dtype=numpy.int8)
        else:
            mask = self.game.legal_action_mask().copy()
        return {"observation": self.game.observation(self.seat).copy(), "action_mask": mask}

    def _others_play(self) -> None:
        """The bot plays every other seat until this seat is to act or the game is over."""
        while not self.game.is_terminal() and self.game.current_player() != self.seat:
            self._bot_seed += 1
            self.game.apply(self.game.advise(self.others, self._bot_seed)["action"])

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Dict[str, numpy.ndarray], Dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**62))
        self._bot_seed = game_seed
        game, scenario, game_options, data = self._spec
        self.game = Game(
            game, scenario, seed=game_seed, options=game_options, data=data, log=False
        )
        self._others_play()
        return self._observation(), {"seed": game_seed}

    def step(self, action: int):
        try:
            self.game.apply_id(int(action))
        except IllegalAction as refusal:
            return self._observation(), 0.0, False, False, {"illegal_action": str(refusal)}
        self._others_play()
        over = self.game.is_terminal()
        reward = float(self.game.returns()[self.seat]) if over else 0.0
        return self._observation(), reward, over, False, {}

    def render(self) -> Optional[str]:
        if self.render_mode is None or self.game is None:
            return None
        return self.game.text_picture(self.seat) or repr(self.game)
