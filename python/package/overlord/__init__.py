"""Overlord from Python: the engine that plays Normandy 1944 board wargames with every rule
enforced.

* :class:`Game` -- a game of any game this build knows, with the shape OpenSpiel's states have
  (``legal_actions``, ``apply``, ``current_player``, ``is_terminal``, ``returns``, ``clone``,
  ``view``, ``record``) and actions as the game writes them (dicts).
* :class:`Batch` -- many games stepped together by action ids, without the GIL.
* :mod:`overlord.pettingzoo`, :mod:`overlord.gymnasium`, :mod:`overlord.openspiel` -- every
  game with a fixed action space as an environment of each.
* :func:`games`, :func:`scenarios` -- what there is to play.
* :mod:`overlord.ray` -- ``overlord sim`` spread over a Ray cluster, writing the same files.

See docs/python.md in the repository.
"""

from ._native import __version__
from .batch import Batch
from .game import Game, IllegalAction, games, scenarios

__all__ = ["Batch", "Game", "IllegalAction", "games", "scenarios", "__version__"]
