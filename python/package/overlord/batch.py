"""Many games stepped together: the batched stepper behind vectorised environments."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Sequence

from . import _native


class Batch:
    """``count`` games of ``game``'s ``scenario``, seeded ``seed``, ``seed + 1``, ..., advanced
    together by action ids. Each call runs in Rust without the GIL, the games spread over the
    cores; a game that ends is replaced at once by the next seed's."""

    def __init__(
        self,
        game: str,
        scenario: str,
        count: int,
        seed: int = 1,
        options: Optional[Dict[str, Any]] = None,
        data: Optional[str] = None,
    ) -> None:
        text = None if options is None else json.dumps(options)
        self._batch = _native.NativeBatch(game, scenario, count, seed, text, data)

    def __len__(self) -> int:
        return len(self._batch)

    def num_distinct_actions(self) -> int:
        return self._batch.num_distinct_actions()

    def current_players(self) -> List[int]:
        return self._batch.current_players()

    def legal_action_ids(self) -> List[List[int]]:
        """Each game's legal ids."""
        return self._batch.legal_action_ids()

    def legal_action_ids_flat(self):
        """Every game's legal ids in one array, and where each game's begin: ``(ids,
        offsets)``, numpy uint32 arrays, game ``i``'s ids being ``ids[offsets[i]:offsets[i +
        1]]``. For agents that choose with array operations."""
        import numpy

        ids, offsets = self._batch.legal_action_ids_flat()
        return (
            numpy.frombuffer(ids, dtype="<u4"),
            numpy.frombuffer(offsets, dtype="<u4"),
        )

    def legal_action_masks(self) -> "numpy.ndarray":
        """An int8 array of shape (games, actions), 1 for the legal ids."""
        import numpy

        masks = numpy.frombuffer(self._batch.legal_action_masks(), dtype=numpy.int8)
        return masks.reshape(len(self), self.num_distinct_actions())

    def observations(self) -> "numpy.ndarray":
        """A float32 array of shape (games, observation length): each game's observation for
        its seat to act."""
        import numpy

        values = numpy.frombuffer(self._batch.observations(), dtype=numpy.float32)
        return values.reshape(len(self), self._batch.observation_len())

    def step(self, ids: Sequence[int]) -> List[Optional[List[float]]]:
        """Play ``ids[i]`` in game ``i`` (a list, or a numpy array of ids). An id not legal in
        its game raises ValueError and no game moves. Per game: the seats' returns if it ended with this step (it is then
        replaced by a new game), else None."""
        try:
            import numpy

            if isinstance(ids, numpy.ndarray):
                return self._batch.step_bytes(ids.astype("<u4").tobytes())
        except ImportError:
            pass
        return self._batch.step([int(i) for i in ids])

    def step_and_list(self, ids):
        """:meth:`step` with a numpy array of ids, then :meth:`legal_action_ids_flat` of the
        games as they now stand, in one call: ``(returns, ids, offsets)``."""
        import numpy

        returns, flat, offsets = self._batch.step_and_list(
            numpy.asarray(ids).astype("<u4").tobytes()
        )
        return (
            returns,
            numpy.frombuffer(flat, dtype="<u4"),
            numpy.frombuffer(offsets, dtype="<u4"),
        )
