"""A Ray batch on two local workers beside `overlord sim --jobs 2`, the same games, in one run
(issue 32's figure; BENCHMARKS.md records it).

  python python/benches/ray_vs_sim.py [GAMES, default 4000] [OVERLORD_BIN]

Times, for D-Day at Omaha Beach's First Wave with the rule bot: the binary with two threads;
then Ray with two CPUs, once counting the cluster's start and once on a cluster already up
(the driver's work: checking, splitting, tasks, collecting, writing). Checks that the lines
are the same bytes. Prints one JSON object.
"""

import json
import os
import subprocess
import sys
import tempfile
import time

import ray

import overlord.ray


def main():
    games = sys.argv[1] if len(sys.argv) > 1 else "4000"
    binary = sys.argv[2] if len(sys.argv) > 2 else "target/release/overlord"
    argv = ["omaha", "--scenario", "first-wave", "--bot", "rule", "--games", games, "--seed", "1",
            "--quiet"]
    with tempfile.TemporaryDirectory() as folder:
        cli_out = os.path.join(folder, "cli.jsonl")
        start = time.perf_counter()
        subprocess.run([binary, "sim", *argv, "--jobs", "2", "--out", cli_out], check=True)
        cli = time.perf_counter() - start

        start = time.perf_counter()
        ray.init(num_cpus=2, logging_level="warning", log_to_driver=False)
        started = time.perf_counter() - start
        # A first batch warms the workers (their processes start on first use).
        overlord.ray.run([*argv[:-5], "--games", "8", "--seed", "1", "--quiet",
                          "--out", os.path.join(folder, "warm.jsonl")])
        ray_out = os.path.join(folder, "ray.jsonl")
        start = time.perf_counter()
        overlord.ray.run([*argv, "--out", ray_out])
        on_cluster = time.perf_counter() - start
        same = open(cli_out, "rb").read() == open(ray_out, "rb").read()
        ray.shutdown()
    print(json.dumps({
        "games": int(games),
        "overlord_sim_jobs_2_s": round(cli, 2),
        "ray_cluster_start_s": round(started, 2),
        "ray_2_cpus_on_a_running_cluster_s": round(on_cluster, 2),
        "ratio": round(on_cluster / cli, 3),
        "same_bytes": same,
    }, indent=2))


if __name__ == "__main__":
    main()
