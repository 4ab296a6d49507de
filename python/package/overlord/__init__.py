"""Overlord from Python: the engine that plays Normandy 1944 board wargames with every rule
enforced.

* :class:`Game` -- a game of any game this build knows, with the shape OpenSpiel's states have
  (``legal_actions``, ``apply``, ``current_player``, ``is_terminal``, ``returns``, ``clone``,
  ``view``, ``record``) and actions as the game writes them (dicts).
* :func:`games`, :func:`scenarios` -- what there is to play.
* :mod:`overlord.ray` -- ``overlord sim`` spread over a Ray cluster, writing the same files.

See docs/python.md in the repository.
"""

from ._native import __version__
from .game import Game, IllegalAction, games, scenarios

__all__ = ["Game", "IllegalAction", "games", "scenarios", "__version__"]
