"""The command line under hostile arguments (issue 16): output paths, bad arguments and Ctrl-C
are one line on stderr (or a quiet exit 130), never a traceback, and lose no result."""

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.cli import main
from game.content.paths import MAPS_DIR

SCENARIO = MAPS_DIR / "default.scenario.toml"
ROOT = Path(__file__).resolve().parents[1]


def one_line(capsys, *argv) -> str:
    assert main(list(argv)) == 2
    out = capsys.readouterr()
    assert len(out.err.splitlines()) == 1 and out.err.startswith("error: "), out.err
    return out.err.strip()


# ----------------------------------------------------------------- output paths
@pytest.fixture
def read_only(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    yield folder
    folder.chmod(0o700)


def test_render_to_a_bad_place_is_one_line_and_writes_nothing(tmp_path, capsys, read_only):
    (tmp_path / "a-dir.png").mkdir()
    (tmp_path / "full.png").symlink_to("/dev/full")
    bad = {
        str(tmp_path / "a-dir.png"): "not a regular file",
        str(tmp_path / "full.png"): "not a regular file",
        str(tmp_path / "missing" / "out.png"): "no such folder",
        "/dev/full": "ending in .png",
        str(tmp_path / "out.txt"): "ending in .png",
        str(tmp_path / "out"): "ending in .png",
    }
    if os.geteuid() != 0:  # root writes into a read-only folder all the same
        bad[str(read_only / "out.png")] = "cannot write the picture"
    for out, why in bad.items():
        assert why in one_line(capsys, "render", str(SCENARIO), "-o", out)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-dir.png", "full.png", "locked"]
    assert list(read_only.iterdir()) == []


def test_render_writes_png_whatever_the_case_of_its_extension(tmp_path, capsys):
    out = tmp_path / "MAP.PNG"
    assert main(["render", str(SCENARIO), "-o", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [p.name for p in tmp_path.iterdir()] == ["MAP.PNG"]  # no temporary file left


def test_a_full_disk_while_writing_is_one_line(tmp_path, capsys, monkeypatch):
    from game.ui import png

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(png.os, "replace", full)
    line = one_line(capsys, "render", str(SCENARIO), "-o", str(tmp_path / "out.png"))
    assert line.endswith("cannot write the picture: No space left on device")
    assert list(tmp_path.iterdir()) == []


def test_a_heatmap_that_cannot_be_written_keeps_the_results(tmp_path, capsys, monkeypatch):
    from game.ui import png

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(png.os, "replace", full)
    argv = ["simulate", str(SCENARIO), "--runs", "1", "--policy", "blue=rush", "--policy", "red=rush", "--json",
            "--heatmap", str(tmp_path / "heat.png")]
    assert main(argv) == 2
    out = capsys.readouterr()
    assert json.loads(out.out)["runs"] == 1  # printed before the picture failed
    assert out.err.splitlines() == [f"error: --heatmap {tmp_path / 'heat.png'}: cannot write the picture: "
                                    "No space left on device"]


def test_a_bad_screenshot_path_is_refused_before_the_window_opens(tmp_path, capsys):
    for out, why in ((tmp_path / "shot.bmp", "ending in .png"), (tmp_path / "no" / "s.png", "no such folder"),
                     (tmp_path, "ending in .png")):
        line = one_line(capsys, "play", str(SCENARIO), "--screenshot", str(out))
        assert line.startswith(f"error: --screenshot {out}") and why in line


def test_a_bad_heatmap_path_is_refused_before_any_battle(tmp_path, capsys):
    for out in (tmp_path, tmp_path / "no" / "h.png", tmp_path / "h.jpg"):
        line = one_line(capsys, "simulate", str(SCENARIO), "--runs", "1", "--heatmap", str(out))
        assert line.startswith(f"error: --heatmap {out}")
    assert capsys.readouterr().out == ""


# ----------------------------------------------------------------- arguments
@pytest.mark.parametrize("argv, what", [
    (["simulate", str(SCENARIO), "--runs", "x"], "argument --runs: invalid int value: 'x'"),
    (["simulate", str(SCENARIO), "--jobs", "1.5"], "argument --jobs: invalid int value"),
    (["play", "--seed", "nine"], "argument --seed: invalid int value"),
    (["replay"], "the following arguments are required: file"),
    (["render", str(SCENARIO)], "the following arguments are required: -o/--output"),
    (["replay", str(SCENARIO), "--frobnicate"], "unrecognized arguments: --frobnicate"),
    (["simulate", str(SCENARIO), "--runs", "1", "--policy", "purple=rush"], "the scenario has no side 'purple'"),
    (["simulate", str(SCENARIO), "--runs", "1", "--policy", "=rush"], "the scenario has no side ''"),
    (["simulate", str(SCENARIO), "--runs", str(10 ** 12)], "at most 1,000,000 battles"),
    (["simulate", str(SCENARIO), "--runs", "0"], "--runs and --jobs must be at least 1"),
])
def test_a_bad_argument_is_one_line(capsys, argv, what):
    try:
        code = main(argv)
    except SystemExit as exit_:
        code = exit_.code
    assert code == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and what in err, err


# ----------------------------------------------------------------- Ctrl-C
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_during_simulate_prints_what_was_finished_and_exits_130(jobs):
    process = subprocess.Popen(
        [sys.executable, "-m", "game", "simulate", str(SCENARIO), "--runs", "500", "--jobs", jobs],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    seen = b""
    deadline = time.monotonic() + 120
    while b"battles" not in seen and time.monotonic() < deadline:  # the progress line: battles begun
        if select.select([process.stderr], [], [], 1)[0]:
            seen += os.read(process.stderr.fileno(), 100)
    time.sleep(1)
    os.killpg(process.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole group
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert out.startswith("interrupted (Ctrl-C): the battles finished: ")
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
