"""What the Python tests share: the `overlord` binary they compare against, and a local Ray
instance with two CPUs for the tests that need one."""

import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def overlord_bin() -> pathlib.Path:
    """The `overlord` binary of this checkout (`$OVERLORD_BIN`, else built here in debug)."""
    given = os.environ.get("OVERLORD_BIN")
    if given:
        return pathlib.Path(given)
    subprocess.run(
        ["cargo", "build", "--quiet", "-p", "overlord-cli"], cwd=REPO, check=True
    )
    return REPO / "target" / "debug" / "overlord"


@pytest.fixture(scope="session")
def ray_two_cpus():
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, logging_level="warning", log_to_driver=False)
    yield ray
    ray.shutdown()
