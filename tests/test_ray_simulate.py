"""`simulate --ray local` (issue 17, "Beyond one machine"): the battles played as Ray tasks give
the numbers of the local processes, for one file and for a comparison, since battle i uses seed
S + i wherever it is played; Ctrl-C stops the cluster's tasks and prints the battles finished.
One small local Ray instance (2 CPUs) serves the module's in-process tests, shut down after."""

import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from game.cli import main
from game.content.paths import MAPS_DIR
from game.session.ray_backend import connected

GOBLINS = str(MAPS_DIR / "mirror-goblins.scenario.toml")
FIELD = str(MAPS_DIR / "open-field.scenario.toml")
TIMING = ("battles_per_second", "slowest_decision_ms")  # how fast, not what happened
RUSH = ["--policy", "blue=rush", "--policy", "red=rush"]


@pytest.fixture(scope="module")
def local_ray():
    with connected("local", 2) as backend:  # the command line's own `connected` finds it joined
        assert backend.cpus() == 2
        yield backend


def without_timing(summary: dict) -> dict:
    return {key: value for key, value in summary.items() if key not in TIMING}


def simulate_json(capsys, *args) -> dict | list:
    assert main(["simulate", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_one_file_gives_the_same_summary_on_ray_as_in_processes(local_ray, capsys):
    on_ray = simulate_json(capsys, GOBLINS, "--runs", "6", "--seed", "11", *RUSH, "--ray", "local")
    in_processes = simulate_json(capsys, GOBLINS, "--runs", "6", "--seed", "11", *RUSH, "--jobs", "2")
    assert on_ray["runs"] == 6 and sum(on_ray["wins"].values()) == 6
    assert without_timing(on_ray) == without_timing(in_processes)  # wins, rounds, every creature's figures


def test_a_comparison_gives_the_same_rows_on_ray_as_in_processes(local_ray, capsys):
    args = [GOBLINS, FIELD, "--runs", "3", "--ruleset", "5e,4e", *RUSH]
    on_ray = simulate_json(capsys, *args, "--ray", "local")
    in_processes = simulate_json(capsys, *args)
    assert [(r["file"], r["ruleset"]) for r in on_ray] == [(GOBLINS, "5e"), (GOBLINS, "4e"),
                                                           (FIELD, "5e"), (FIELD, "4e")]
    assert [without_timing(r) for r in on_ray] == [without_timing(r) for r in in_processes]


def battles_shown(text: str) -> int:
    """The battles done on the progress bar's last drawing (it is redrawn after a carriage return)."""
    found = re.findall(r"\] (\d+)/\d+ battles", text.split("\r")[-1])
    return int(found[-1]) if found else 0


def test_ctrl_c_ends_the_tasks_and_prints_the_battles_finished(local_ray, tmp_path):
    # another process joins the module's instance by its address (as on a cluster, with the
    # token the instance wrote) and is interrupted once some battles are in
    address = local_ray.ray.get_runtime_context().gcs_address
    command = [sys.executable, "-c", "import sys; from game.cli import main; sys.exit(main(sys.argv[1:]))",
               "simulate", GOBLINS, "--runs", "400", *RUSH, "--ray", address]
    err = tmp_path / "err"
    with err.open("w") as sink:
        run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=sink, text=True,
                               env={**os.environ, "RAY_AUTH_MODE": "token"},
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 90
        while battles_shown(err.read_text()) == 0:
            assert run.poll() is None, err.read_text()[-500:]
            assert time.monotonic() < deadline, "no battle came back in time"
            time.sleep(0.2)
        run.send_signal(signal.SIGINT)
        start = time.monotonic()
        out, _ = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            run.kill()
    said = err.read_text()
    crash = [line for line in said.splitlines() if "Check failed" in line or " F " in line or "Error" in line]
    assert run.returncode == 130 and time.monotonic() - start < 30, "\n".join(crash[:10]) + said[-800:]
    first = out.splitlines()[0]
    assert first.startswith("interrupted (Ctrl-C): the battles finished: ")
    finished = int(first.removeprefix("interrupted (Ctrl-C): the battles finished: ").split()[0])
    assert 0 < finished < 400
    # the interrupted job's tasks end with it: the cluster's CPUs come free again
    ray = local_ray.ray
    deadline = time.monotonic() + 30
    while ray.available_resources().get("CPU", 0) < ray.cluster_resources().get("CPU", 0):
        assert time.monotonic() < deadline, "the interrupted battles still hold the cluster's CPUs"
        time.sleep(0.2)
