"""One game, driven an action at a time: a thin layer over the native match that turns its
JSON into Python values."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

from . import _native

TERMINAL_PLAYER = -4
"""What :meth:`Game.current_player` answers once the game is over (OpenSpiel's value)."""


class IllegalAction(ValueError):
    """An action the rules refuse now; the message gives the rule's reason. The game is as it
    was before the call."""


def games() -> List[Dict[str, Any]]:
    """The games this build knows: id, name, rules version, seats, whether they are playable
    and whether bots play them."""
    return json.loads(_native.games_json())


def scenarios(game: str, data: Optional[str] = None) -> List[Dict[str, Any]]:
    """The scenarios of ``game`` in its data folder (``data`` holds one folder per game; by
    default the one the ``overlord`` binary uses)."""
    return json.loads(_native.scenarios_json(game, data))


def _replayed(record: str, data: str) -> "Game":
    return Game("", "", _match=_native.NativeMatch.from_record(record, data))


class Game:
    """A game of ``game``'s ``scenario`` from ``seed``.

    ``options`` are the scenario options as ``overlord play --option`` gives them, as a dict
    (``{"22.1": True}``). The same game, scenario, options, seed and actions always give the
    same game. With ``log=False`` the game is played for speed, as the environments play it:
    no log (``log()`` stays as setup left it) and no undo.
    """

    __slots__ = ("_match",)

    def __init__(
        self,
        game: str,
        scenario: str,
        seed: int = 1,
        options: Optional[Dict[str, Any]] = None,
        data: Optional[str] = None,
        log: bool = True,
        *,
        _match: Optional[_native.NativeMatch] = None,
    ) -> None:
        if _match is not None:
            self._match = _match
            return
        text = None if options is None else json.dumps(options)
        self._match = _native.NativeMatch(game, scenario, seed, text, data, log)

    @classmethod
    def from_record(cls, record: Dict[str, Any], data: Optional[str] = None) -> "Game":
        """The game a record holds (:meth:`record`, or a file ``overlord play``'s ``save``
        wrote, read with ``json.load``), replayed to its last action."""
        return cls("", "", _match=_native.NativeMatch.from_record(json.dumps(record), data))

    @property
    def game(self) -> str:
        """The game's id (``omaha``)."""
        return self._match.game

    def num_players(self) -> int:
        return self._match.num_players()

    def seat_label(self, seat: int) -> str:
        return self._match.seat_label(seat)

    def current_player(self) -> int:
        """The seat to act, or ``TERMINAL_PLAYER`` (-4) once the game is over."""
        return self._match.current_player()

    def is_terminal(self) -> bool:
        return self._match.is_terminal()

    def returns(self) -> List[float]:
        """Each seat's reward: 1 a win, 0.5 a draw, 0 a loss (all 0 until the end)."""
        return self._match.returns()

    def outcome(self) -> Optional[Dict[str, Any]]:
        """How the game ended (winners, scores, the rule that ended it), or None."""
        text = self._match.outcome_json()
        return None if text is None else json.loads(text)

    def prompt(self) -> Dict[str, Any]:
        """The decision asked for now: its name, the rule that asks, the question."""
        return json.loads(self._match.prompt_json())

    def legal_actions(self) -> List[Any]:
        """The actions the seat to act may take, as the game writes them."""
        return json.loads(self._match.legal_actions_json())

    def legal_actions_with_labels(self) -> List[Dict[str, Any]]:
        """The legal actions, each with its label and places on the table (``anchors``)."""
        return json.loads(self._match.legal_actions_anchored_json())

    def apply(self, action: Any) -> None:
        """Play ``action`` (one of :meth:`legal_actions`) for the seat to act. An illegal one
        raises :class:`IllegalAction` with the reason and changes nothing."""
        try:
            self._match.apply_json(json.dumps(action))
        except ValueError as error:
            raise IllegalAction(str(error)) from None

    def view(self, seat: Optional[int] = None) -> Dict[str, Any]:
        """What ``seat`` may know (None: a spectator, who sees what every seat may)."""
        return json.loads(self._match.view_json(seat))

    def log(self, seat: Optional[int] = None, start: int = 0) -> List[Dict[str, Any]]:
        """The log entries from ``start`` on that ``seat`` may read, each with its rule id."""
        return json.loads(self._match.log_json(seat, start))

    def text_picture(self, seat: Optional[int] = None) -> Optional[str]:
        return self._match.text_picture(seat)

    def record(self) -> Dict[str, Any]:
        """The record of the game so far (:meth:`from_record` replays it)."""
        return json.loads(self._match.record_json())

    def clone(self) -> "Game":
        """An independent copy: what is played on it leaves this game as it was."""
        return Game("", "", _match=self._match.clone())

    # The fixed action space and observation tensor (docs/python.md, "Action ids and
    # observations"), for the games that have them.

    def num_distinct_actions(self) -> int:
        """How many action ids the game has; the same in every position of the scenario."""
        return self._match.num_distinct_actions()

    def action_space(self) -> Optional[Dict[str, Any]]:
        """The action ids as blocks, one per kind of action: each block's ``name``, its
        ``dims`` (name and size, the first the most significant), ``offset`` and ``size``.
        None for a game without a fixed action space yet."""
        text = self._match.action_space_json()
        return None if text is None else json.loads(text)

    def legal_action_ids(self) -> List[int]:
        """The ids of :meth:`legal_actions`, in its order."""
        return self._match.legal_action_ids()

    def legal_action_mask(self) -> "numpy.ndarray":
        """One int8 per action id, 1 for the legal ones."""
        import numpy

        return numpy.frombuffer(self._match.legal_action_mask(), dtype=numpy.int8)

    def apply_id(self, action_id: int) -> None:
        """Play the legal action with this id; any other raises :class:`IllegalAction` and
        changes nothing."""
        try:
            self._match.apply_id(int(action_id))
        except ValueError as error:
            raise IllegalAction(str(error)) from None

    def observation_shape(self) -> Optional[Dict[str, Any]]:
        """What :meth:`observation` holds: ``planes`` (a name each), ``cells`` and their
        ``cell_names``, then ``globals``. None for a game without one yet."""
        text = self._match.observation_shape_json()
        return None if text is None else json.loads(text)

    def observation(self, seat: Optional[int] = None) -> "numpy.ndarray":
        """What ``seat`` may know as a flat float32 array: each plane over the cells, then the
        globals. It shows nothing the seat's :meth:`view` does not."""
        import numpy

        return numpy.frombuffer(self._match.observation(seat), dtype=numpy.float32)

    def determinize(self, seat: int, seed: int) -> "Game":
        """A game ``seat`` cannot tell apart from this one, what it cannot see redrawn from
        ``seed`` (information-set search). Its record is this game's."""
        return Game("", "", _match=self._match.determinize(seat, seed))

    def undo(self) -> None:
        """Take back the last action, when the rules allow (nothing random drawn or hidden
        shown since)."""
        self._match.undo()

    def advise(self, bot: str = "rule", seed: int = 1) -> Dict[str, Any]:
        """What ``bot`` (as ``overlord sim --bot`` names it) would play for the seat to act,
        from what that seat may know: the action, the bot and its reason."""
        return json.loads(self._match.advise_json(bot, seed))

    def __copy__(self) -> "Game":
        return self.clone()

    def __deepcopy__(self, memo) -> "Game":
        return self.clone()

    def __reduce__(self):
        # Pickled as its record (and data folder), replayed when unpickled: what a Ray task or
        # a process pool is sent.
        return (_replayed, (self._match.record_json(), str(self._match.data.parent)))

    def __repr__(self) -> str:
        state = "over" if self.is_terminal() else f"seat {self.current_player()} to act"
        return f"<overlord.Game {self.game}: {state}>"
