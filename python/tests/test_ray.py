"""The balance lab on Ray writes the bytes `overlord sim` writes, whatever the parts' size, and
still does when a worker dies mid-run."""

import pathlib
import subprocess
import sys

import pytest

import overlord.ray

SIM = ["omaha", "--scenario", "first-wave", "--bot", "rule", "--games", "24", "--seed", "7"]


def cli_files(overlord_bin, tmp_path: pathlib.Path, argv) -> dict:
    out = tmp_path / "cli"
    out.mkdir()
    subprocess.run(
        [str(overlord_bin), "sim", *argv, "--jobs", "2", "--quiet",
         "--out", str(out / "lines.jsonl"), "--summary", str(out / "summary.json")],
        check=True,
    )
    return {name: (out / name).read_bytes() for name in ("lines.jsonl", "summary.json")}


def ray_files(tmp_path: pathlib.Path, name: str, argv, **extra) -> dict:
    out = tmp_path / name
    out.mkdir()
    overlord.ray.run(
        [*argv, "--quiet", "--out", str(out / "lines.jsonl"), "--summary", str(out / "summary.json")],
        **extra,
    )
    return {n: (out / n).read_bytes() for n in ("lines.jsonl", "summary.json")}


def test_ray_writes_the_same_lines_and_summary_as_overlord_sim_for_any_part_size(
    overlord_bin, ray_two_cpus, tmp_path
):
    expected = cli_files(overlord_bin, tmp_path, SIM)
    assert expected["lines.jsonl"].count(b"\n") == 24
    for chunk in ("1", "5", "24"):
        got = ray_files(tmp_path, f"ray-{chunk}", [*SIM, "--chunk", chunk])
        assert got == expected, f"parts of {chunk} games"


def test_a_paired_comparison_comes_back_the_same(overlord_bin, ray_two_cpus, tmp_path):
    argv = [*SIM[:-4], "--games", "10", "--seed", "3", "--compare-bot", "random"]
    expected = cli_files(overlord_bin, tmp_path, argv)
    got = ray_files(tmp_path, "ray", [*argv, "--chunk", "3"])
    assert got == expected
    assert b'"comparison"' in got["summary.json"]


def test_a_worker_killed_mid_run_is_replaced_and_the_result_is_the_same(
    overlord_bin, ray_two_cpus, tmp_path
):
    expected = cli_files(overlord_bin, tmp_path, SIM)
    marker = tmp_path / "a worker died"
    got = ray_files(tmp_path, "ray", [*SIM, "--chunk", "4"], _die_once=str(marker))
    assert marker.exists(), "no worker was killed"
    assert got == expected


def test_a_command_line_overlord_sim_refuses_is_refused_before_any_game(ray_two_cpus, tmp_path):
    out = tmp_path / "lines.jsonl"
    with pytest.raises(ValueError, match="choose a scenario"):
        overlord.ray.run(["omaha", "--out", str(out)])
    with pytest.raises(ValueError, match="no scenario `nowhere`"):
        overlord.ray.run(["omaha", "--scenario", "nowhere", "--out", str(out)])
    with pytest.raises(ValueError, match="--seat-bot"):
        overlord.ray.run([*SIM, "--seat-bot", "0=nobody", "--out", str(out)])
    assert not out.exists()


def test_python_m_overlord_sim_on_a_local_cluster_writes_what_overlord_sim_writes(
    overlord_bin, tmp_path
):
    argv = ["omaha", "--scenario", "first-wave", "--bot", "rule", "--games", "12", "--seed", "2"]
    expected = cli_files(overlord_bin, tmp_path, argv)
    out = tmp_path / "python"
    out.mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "overlord", "sim", *argv, "--ray", "local",
         "--out", str(out / "lines.jsonl"), "--summary", str(out / "summary.json"),
         "--report", str(out / "report.html")],
        capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stderr
    assert (out / "lines.jsonl").read_bytes() == expected["lines.jsonl"]
    assert (out / "summary.json").read_bytes() == expected["summary.json"]
    # The summary on stderr, as overlord sim prints it, and the report with its plots.
    assert "D-Day at Omaha Beach, first-wave: 12 games from seed 2" in done.stderr
    assert "<svg" in (out / "report.html").read_text()

    bad = subprocess.run(
        [sys.executable, "-m", "overlord", "sim", "omaha", "--scenario", "nowhere"],
        capture_output=True, text=True,
    )
    assert bad.returncode == 2 and "no scenario `nowhere`" in bad.stderr
