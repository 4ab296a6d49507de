"""Every game with a fixed action space as a PettingZoo AEC environment.

``env(game, scenario)`` gives one agent per seat (``seat_0``, ``seat_1``, ...). An agent's
observation is a dict: ``observation``, its seat's observation tensor (float32; see
``Game.observation_shape``), and ``action_mask``, one int8 per action id, 1 for the legal ones
when it is that agent's turn. Actions are action ids (``Discrete``). The rewards come at the
end of the game: each seat's return (1 a win, 0.5 a draw, 0 a loss).
"""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy
from gymnasium import spaces
from pettingzoo import AECEnv

from .game import Game


class OverlordEnv(AECEnv):
    """A game of ``game``'s ``scenario`` per episode; ``reset(seed=S)`` plays seed S, and each
    later reset without a seed the next one."""

    metadata = {"render_modes": ["ansi"], "name": "overlord_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        scenario: str,
        options: Optional[Dict[str, Any]] = None,
        data: Optional[str] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        self._spec = (game, scenario, options, data)
        probe = Game(game, scenario, seed=0, options=options, data=data)
        actions = probe.num_distinct_actions()
        length = len(probe.observation(0))
        self.possible_agents = [f"seat_{i}" for i in range(probe.num_players())]
        self.agents = []
        self._action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, numpy.inf, (length,), numpy.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), numpy.int8),
                }
            )
            for a in self.possible_agents
        }
        self.render_mode = render_mode
        self._next_seed = 0
        self.game: Optional[Game] = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    def _agent(self, seat: int) -> str:
        return self.possible_agents[seat]

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        if seed is not None:
            self._next_seed = seed
        game, scenario, game_options, data = self._spec
        self.game = Game(
            game, scenario, seed=self._next_seed, options=game_options, data=data, log=False
        )
        self._next_seed += 1
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._agent(self.game.current_player())

    def observe(self, agent: str) -> Dict[str, numpy.ndarray]:
        seat = self.possible_agents.index(agent)
        to_act = agent == self.agent_selection and not self.game.is_terminal()
        if to_act:
            mask = self.game.legal_action_mask().copy()
        else:
            mask = numpy.zeros(self._action_spaces[agent].n, dtype=numpy.int8)
        return {"observation": self.game.observation(seat).copy(), "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # An illegal id raises overlord.IllegalAction with the rule's reason: the mask says
        # which are legal.
        self.game.apply_id(int(action))
        self._cumulative_rewards[agent] = 0.0
        if self.game.is_terminal():
            for a, reward in zip(self.agents, self.game.returns()):
                self.rewards[a] = reward
                self.terminations[a] = True
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
            self.agent_selection = self._agent(self.game.current_player())
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None or self.game is None:
            return None
        return self.game.text_picture() or repr(self.game)

    def close(self) -> None:
        self.game = None


def env(
    game: str,
    scenario: str,
    options: Optional[Dict[str, Any]] = None,
    data: Optional[str] = None,
    render_mode: Optional[str] = None,
) -> OverlordEnv:
    """The AEC environment of ``game``'s ``scenario`` (``options`` as ``overlord.Game``)."""
    return OverlordEnv(game, scenario, options=options, data=data, render_mode=render_mode)
