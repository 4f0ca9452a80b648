"""`simulate --ray ADDRESS|local`: the battles of a simulation played as the tasks of a Ray cluster.

Ray is optional (the `cluster` extra); it is imported only here, and only when asked. The work is
cut into the same chunks of battle indices as the local processes' (`simulate.chunked`, sized
by the cluster's CPUs), battle i still uses seed S + i, so the numbers are those of the process
backend. The scenario is loaded once here and sent with the tasks, so the cluster's nodes need
the project installed but not the scenario's files. `connected` joins the cluster (or starts a
local instance) once for a whole command, a comparison of many files included; every error of
joining it is one line (ClusterError).
"""

from __future__ import annotations

import logging
import os
import socket
import sys
import tempfile
from contextlib import contextmanager

from ..i18n import N_, _

LOCAL = "local"  # --ray local: a Ray instance on this machine, shut down at the end
LOCAL_CPUS = 2  # its CPUs unless --jobs says
DEFAULT_PORT = 6379  # the port `ray start --head` listens on
REACH_TIMEOUT_S = 5.0

OPTION_HELP = N_("play the battles on the Ray cluster whose head is at HOST[:PORT], "
                 "or on a Ray instance started on this machine with 'local'")


class ClusterError(Exception):
    """Why the battles cannot be played on the cluster asked, in one line."""


def _ray():
    try:
        import ray
    except ImportError:
        raise ClusterError(_("--ray needs Ray: install the cluster extra: pip install -e '.[cluster]'")) from None
    return ray


def jobs_conflict(address: str | None, jobs: int | None) -> str | None:
    """The reason `--jobs` cannot go with `--ray` (with an address the cluster's CPUs are the
    workers; with `local`, --jobs is the local instance's CPUs), or None."""
    if address is not None and address != LOCAL and jobs is not None:
        return _("--jobs sizes local processes or --ray local; the cluster at {address} plays on all its "
                 "CPUs: drop --jobs").format(address=address)
    return None


def host_and_port(address: str) -> tuple[str, int]:
    """The host and port of HOST[:PORT] (the head's, where `ray start --head` listens); a
    ClusterError when it is not that."""
    host, _sep, port = address.rpartition(":") if ":" in address else (address, "", str(DEFAULT_PORT))
    if not host or not port.isdigit() or not 0 < int(port) < 65536 or "/" in address:
        raise ClusterError(_("--ray {address}: expected HOST:PORT (the head node's, as "
                             "`ray start --head` prints it) or local").format(address=address))
    return host, int(port)


def reach(address: str) -> None:
    """A quick look that something listens at the address, so that a wrong one is one line at
    once rather than Ray's minutes of retries."""
    host, port = host_and_port(address)
    try:
        socket.create_connection((host, port), timeout=REACH_TIMEOUT_S).close()
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise ClusterError(_("--ray {address}: cannot reach the Ray cluster ({reason}); is `ray start "
                             "--head` running there?").format(address=address, reason=reason)) from None


@contextmanager
def connected(address: str, cpus: int | None = None):
    """Join the Ray cluster at `address` (or start one here for "local", with `cpus` CPUs, by
    default LOCAL_CPUS) for the time of the block, and leave it after; yields a Backend. Inside
    a block already joined, the same connection serves."""
    ray = _ray()
    if ray.is_initialized():
        yield Backend(ray)
        return
    quiet = {"include_dashboard": False, "log_to_driver": False, "logging_level": logging.ERROR}
    try:
        if address == LOCAL:
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # an instance of ours: no report sent home
            ray.init(address="local", num_cpus=max(1, min(cpus or LOCAL_CPUS, os.cpu_count() or 1)), **quiet)
        else:
            reach(address)
            with tempfile.TemporaryFile("w+") as said, _stderr_to(said):  # Ray's retries, a line a second
                try:
                    ray.init(address=address, **{k: v for k, v in quiet.items() if k != "include_dashboard"})
                except Exception:
                    said.seek(0)
                    if "InvalidAuthToken" in said.read():
                        raise ClusterError(_(
                            "--ray {address}: the cluster wants its token: set RAY_AUTH_MODE=token and copy the "
                            "head's ~/.ray/auth_token here (`ray get-auth-token` prints it)").format(address=address)) from None
                    raise
    except ClusterError:
        raise
    except Exception as exc:  # Ray's own: a version mismatch, a head gone
        text = " ".join(str(exc).split()) or type(exc).__name__
        raise ClusterError(_("--ray {address}: Ray could not start: {reason}").format(address=address, reason=text)) from None
    try:
        yield Backend(ray)
    finally:
        ray.shutdown()


@contextmanager
def _stderr_to(file):
    """Send what is written to the standard error's descriptor (Ray's C++ core writes there) to
    `file` for the time of the block."""
    sys.stderr.flush()
    saved = os.dup(2)
    os.dup2(file.fileno(), 2)
    try:
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class Backend:
    """The battles of a simulation as tasks on the joined cluster."""

    def __init__(self, ray):
        self.ray = ray

    def cpus(self) -> int:
        return max(1, int(self.ray.cluster_resources().get("CPU", 1)))

    def play(self, scenario, runs: int, args: tuple, results: list, shown) -> None:
        """Play battles 0..runs-1 of the loaded scenario (`args`: seed, policies, swap, round cap),
        adding each chunk's results as it ends and calling `shown` after each; on Ctrl-C (or any
        error) the exception goes on (the tasks end with the driver's job)."""
        from .simulate import chunked, play_loaded_chunk  # here: the command line reads this module's help

        ray = self.ray
        task = ray.remote(num_cpus=1, max_retries=0)(play_loaded_chunk)
        shared = ray.put(scenario)
        pending = [task.remote(shared, indices, *args) for indices in chunked(runs, self.cpus())]
        # On Ctrl-C (or any error) the exception goes on and `connected` shuts the driver down:
        # the job ends, and the cluster stops its tasks with it. No ray.cancel: cancelling the
        # tasks in flight trips a check in Ray's own task manager ("Tried to complete task that
        # was not pending", a C++ abort: exit 1, not 130), seen in one Ctrl-C in three.
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                results += self._get(ref)
                shown()

    def _get(self, ref) -> list:
        """A chunk's results; an error raised in the battles is raised as itself (the task's
        exception is an instance of its class), the cluster's own failures as one line."""
        exceptions = self.ray.exceptions
        try:
            return self.ray.get(ref)
        except exceptions.RayTaskError:
            raise
        except exceptions.RayError as exc:
            text = " ".join(str(exc).split())[:300] or type(exc).__name__
            raise ClusterError(_("the Ray cluster lost a task: {reason}").format(reason=text)) from None


__all__ = ["ClusterError", "LOCAL", "OPTION_HELP", "connected", "host_and_port", "jobs_conflict"]
