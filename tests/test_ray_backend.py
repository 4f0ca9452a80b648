"""`simulate --ray`: what is said, in one line and at once, when the battles cannot go to a Ray
cluster (Ray not installed, an address nobody listens at, a malformed one, --jobs with an
address). No Ray instance is started here (tests/test_ray_simulate.py starts one)."""

import ast
import socket
import sys
import time
import types
from pathlib import Path

import pytest

from game.cli import main
from game.content.paths import MAPS_DIR
from game.i18n import set_language
from game.session.ray_backend import Backend, ClusterError, host_and_port

GOBLINS = str(MAPS_DIR / "mirror-goblins.scenario.toml")
CORRIDOR = str(MAPS_DIR / "narrow-corridor.scenario.toml")


def error_lines(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.strip()]


def free_port() -> int:
    """A port of this machine nobody listens at (bound, then let go)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_without_ray_the_cluster_extra_is_named(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` fails as when it is not installed
    assert main(["simulate", GOBLINS, "--runs", "2", "--ray", "local"]) == 2
    lines = error_lines(capsys.readouterr().err)
    assert lines == ["error: --ray needs Ray: install the cluster extra: pip install -e '.[cluster]'"]


@pytest.mark.parametrize("files", [[GOBLINS], [GOBLINS, CORRIDOR]], ids=["one file", "compare"])
def test_an_address_nobody_listens_at_is_one_line_at_once(files, capsys):
    address = f"127.0.0.1:{free_port()}"
    start = time.perf_counter()
    assert main(["simulate", *files, "--runs", "2", "--ray", address]) == 2
    assert time.perf_counter() - start < 10  # not Ray's minutes of retries
    captured = capsys.readouterr()
    lines = error_lines(captured.err)
    assert len(lines) == 1 and lines[0].startswith(f"error: --ray {address}: cannot reach the Ray cluster")
    assert captured.out == ""  # no battle was played, no table printed


def test_a_malformed_address_is_one_line(capsys):
    assert main(["simulate", GOBLINS, "--runs", "2", "--ray", "head:port"]) == 2
    assert error_lines(capsys.readouterr().err) == [
        "error: --ray head:port: expected HOST:PORT (the head node's, as `ray start --head` prints it) or local"]


def test_jobs_with_a_cluster_address_is_refused(capsys):
    # with an address the cluster's CPUs are the workers; --jobs sizes only --ray local
    assert main(["simulate", GOBLINS, "--runs", "2", "--ray", "10.0.0.1:6379", "--jobs", "4"]) == 2
    lines = error_lines(capsys.readouterr().err)
    assert len(lines) == 1 and "drop --jobs" in lines[0]


def test_addresses_are_read_as_ray_start_prints_them():
    assert host_and_port("10.0.0.1:6379") == ("10.0.0.1", 6379)
    assert host_and_port("head") == ("head", 6379)  # `ray start --head`'s port
    for bad in ("", ":6379", "head:0", "head:99999", "head:63a9", "ray://head:10001"):
        with pytest.raises(ClusterError):
            host_and_port(bad)


def test_the_lines_read_in_french_under_lang_fr(capsys):
    address = f"127.0.0.1:{free_port()}"
    try:
        assert main(["simulate", GOBLINS, "--runs", "2", "--ray", address, "--lang", "fr"]) == 2
    finally:
        set_language("en")
    lines = error_lines(capsys.readouterr().err)
    assert len(lines) == 1 and lines[0].startswith(f"erreur : --ray {address} : impossible de joindre la grappe Ray")


def test_a_task_the_cluster_lost_is_one_line_and_an_error_of_the_battles_is_itself():
    class RayError(Exception):
        pass

    class RayTaskError(RayError):
        pass

    class IllegalInBattle(RayTaskError, RuntimeError):  # as Ray raises a task's own exception
        pass

    class FakeRay:  # what Backend asks of Ray when it collects a chunk
        exceptions = types.SimpleNamespace(RayError=RayError, RayTaskError=RayTaskError)

        def __init__(self, failure):
            self.failure = failure

        def get(self, ref):
            raise self.failure

    lost = Backend(FakeRay(RayError("node 10.0.0.2 died\n  while running a task")))
    with pytest.raises(ClusterError, match=r"^the Ray cluster lost a task: node 10.0.0.2 died while running a task$"):
        lost._get(object())
    with pytest.raises(RuntimeError, match="illegal command"):
        Backend(FakeRay(IllegalInBattle("hard player issued an illegal command")))._get(object())


def test_ray_is_imported_by_the_ray_backend_alone():
    # Ray is optional: the rest of the game runs without it
    game = Path(__file__).resolve().parents[1] / "game"
    importers = set()
    for path in game.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            if any(name.split(".")[0] == "ray" for name in names):
                importers.add(path.relative_to(game).as_posix())
    assert importers == {"session/ray_backend.py"}


def test_ctrl_c_leaves_the_tasks_to_end_with_the_driver_and_cancels_none():
    # ray.cancel of tasks in flight has aborted the driver inside Ray (exit 1 instead of 130):
    # the interrupt goes on, and shutting the driver down ends the job and its tasks
    cancelled = []

    class FakeRay:  # what Backend asks of Ray while it plays the battles
        exceptions = types.SimpleNamespace(RayError=Exception, RayTaskError=Exception)

        def remote(self, **_options):
            return lambda fn: types.SimpleNamespace(remote=lambda *args: object())

        def put(self, value):
            return value

        def cluster_resources(self):
            return {"CPU": 3}

        def wait(self, pending, num_returns):
            raise KeyboardInterrupt

        def cancel(self, ref, force=False):
            cancelled.append(ref)

    with pytest.raises(KeyboardInterrupt):
        Backend(FakeRay()).play(object(), 6, (), [], lambda: None)
    assert cancelled == []
