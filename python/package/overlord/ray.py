"""The balance lab on a Ray cluster: ``overlord sim`` with its games spread over many machines.

The driver checks the command line as ``overlord sim`` does, splits the games into parts of
consecutive indices, and has each part played natively by a Ray task. Game ``i`` depends only
on the master seed and ``i``, so the parts can run anywhere in any order: the driver puts
their lines back in game order and writes the lines, the summary, the report and the PNGs
through the same code as ``overlord sim``. The files are the same bytes whatever the cluster's
size and the parts' size (the report differs only in the command line it quotes). A task whose
worker dies is run again by Ray, and gives the same lines again.

Every machine of the cluster needs this package installed and the games' data folder at the
same path (``--data``, else ``$OVERLORD_DATA``).
"""

from __future__ import annotations

import json
import math
import os
import shlex
import sys
import tempfile
import time
from typing import Any, Dict, List, Optional, Sequence

from . import _native

# Games a task plays at most: enough that a task's start-up (a few ms, and loading the game's
# data) is small beside its games, few enough that the parts spread evenly and the progress
# moves.
MAX_CHUNK = 256
# Parts per CPU of the cluster, so a slow part does not leave the others idle at the end.
PARTS_PER_CPU = 4


def _flags(game: str, flags: Dict[str, Any]) -> List[str]:
    """``sim("omaha", scenario="first-wave", games=100, seat_bot=["0=rule"])`` as a command
    line: ``--seat-bot`` for ``seat_bot``, a flag for True, one flag per item of a list."""
    argv = [game]
    for name, value in flags.items():
        flag = "--" + name.replace("_", "-")
        values = value if isinstance(value, (list, tuple)) else [value]
        for item in values:
            if item is True:
                argv.append(flag)
            elif item is False or item is None:
                continue
            else:
                argv.extend([flag, str(item)])
    return argv


def _connect(address: str) -> None:
    import ray

    if ray.is_initialized():
        return
    if address == "local":
        ray.init(logging_level="warning", log_to_driver=False)
    else:
        ray.init(address=address, logging_level="warning", log_to_driver=False)


def _play_part(argv: List[str], start: int, end: int, die_once: Optional[str]) -> bytes:
    """A Ray task: games ``start..end`` of the batch, their lines as ``overlord sim`` writes
    them. ``die_once`` is the tests' way to kill a worker: the first task to create that file
    ends its process before playing."""
    if die_once is not None:
        try:
            fd = os.open(die_once, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            pass
        else:
            os.close(fd)
            os._exit(1)
    return _native.sim_part(argv, start, end)


class _Progress:
    """A progress line on stderr, drawn only when stderr is a terminal (as ``overlord sim``'s
    bar)."""

    def __init__(self, total: int, shown: bool) -> None:
        self.total = total
        self.shown = shown and sys.stderr.isatty()
        self.started = time.monotonic()

    def update(self, done: int) -> None:
        if not self.shown:
            return
        elapsed = max(time.monotonic() - self.started, 1e-9)
        rate = done / elapsed
        left = (self.total - done) / rate if rate > 0 else 0.0
        sys.stderr.write(
            f"\r{done}/{self.total} games, {rate:.0f} games/s, {left:.0f} s left   "
        )
        sys.stderr.flush()

    def finish(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 60 + "\r")
            sys.stderr.flush()


def run(argv: Sequence[str], command_line: Optional[str] = None, *, _die_once: Optional[str] = None) -> None:
    """Run ``overlord sim``'s command line ``argv`` (the arguments after ``sim``, with
    ``--ray ADDRESS`` and ``--chunk GAMES`` besides) on Ray. Raises ValueError for a command
    line ``overlord sim`` would refuse, before any game is played."""
    import ray

    argv = list(argv)
    plan = json.loads(_native.sim_plan(argv))
    games: int = plan["games"]
    _connect(plan["ray"])
    if plan["chunk"] is not None:
        chunk = max(int(plan["chunk"]), 1)
    else:
        cpus = max(int(ray.cluster_resources().get("CPU", 1)), 1)
        chunk = min(max(math.ceil(games / (cpus * PARTS_PER_CPU)), 1), MAX_CHUNK)
    task = ray.remote(num_cpus=1, max_retries=5)(_play_part)
    starts = list(range(0, games, chunk))
    pending = {
        task.remote(argv, start, min(start + chunk, games), _die_once): start for start in starts
    }
    progress = _Progress(games, not plan["quiet"])
    directory = os.path.dirname(os.path.abspath(_out_path(argv) or "."))
    arrived: Dict[int, bytes] = {}
    done = 0
    with tempfile.NamedTemporaryFile(
        "wb", prefix=".overlord-sim-", suffix=".jsonl", dir=directory, delete=False
    ) as spool:
        try:
            next_start = 0
            while pending:
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    start = pending.pop(ref)
                    arrived[start] = ray.get(ref)
                    done += min(start + chunk, games) - start
                # Written in game order as soon as every part before is in: the driver holds
                # at most the parts that came early.
                while next_start in arrived:
                    spool.write(arrived.pop(next_start))
                    next_start += chunk
                progress.update(done)
            spool.close()
            progress.finish()
            line = command_line or "python -m overlord sim " + " ".join(
                shlex.quote(arg) for arg in argv
            )
            _native.sim_collect(argv, line, spool.name)
        finally:
            os.unlink(spool.name)


def _out_path(argv: Sequence[str]) -> Optional[str]:
    for i, arg in enumerate(argv):
        if arg == "--out" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--out="):
            return arg[len("--out="):]
    return None


def sim(game: str, **flags: Any) -> None:
    """``overlord sim`` on Ray, with the flags as keywords: ``sim("omaha",
    scenario="first-wave", bot="rule", games=10000, out="lines.jsonl", ray="local")``.
    ``ray`` is the cluster (``local`` starts one here, ``auto`` joins this machine's, else an
    address); ``chunk`` the games a task plays."""
    die_once = flags.pop("_die_once", None)
    run(_flags(game, flags), _die_once=die_once)


def main(argv: Sequence[str]) -> int:
    """``python -m overlord sim ...``: errors on stderr with what to do, and exit status 2."""
    try:
        run(argv)
    except ValueError as error:
        sys.stderr.write(f"error: {error}\n")
        return 2
    except RuntimeError as error:
        sys.stderr.write(f"error: {error}\n")
        return 1
    return 0
