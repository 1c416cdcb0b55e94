"""Every short write seen (issue 29): standard output and error, through the real command line.

A disk that fills part-way, a file-size limit, /dev/full: exit 2 with one line, never 0 with a
cut output, whatever printed it (JSON, Rich tables, a large answer, the last flush at exit). A
reader that goes away: 141, quietly; an output that fitted whole into the pipe first: 0. A full
standard error changes no exit code. Each case runs in its own process, with a hang guard.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

HANG = 60
FULL = "/dev/full"
needs_full = pytest.mark.skipif(not os.path.exists(FULL), reason="no /dev/full on this machine")

#: a large answer: more than a pipe holds (64 KiB on Linux), in JSON and as a Rich table
LARGE_JSON = ("card", "list", "--json")
LARGE_TEXT = ("card", "list")
#: a small answer: a few kilobytes, which a pipe holds whole
SMALL_JSON = ("card", "show", "swordmaster", "--json")


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TASHKALAR", "_TASHKALAR", "COMP_", "_TYPER"))}
    env.update(TASHKALAR_CACHE_DIR=os.environ["TASHKALAR_CACHE_DIR"], COLUMNS="100")
    return env


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "tashkalar_cli", *args]


def _limited(size: int):
    def limit() -> None:  # in the child, before the tool starts: files it writes stop at ``size`` bytes
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    return limit


def _to_file(path: Path, *args: str, limit: int | None = None) -> subprocess.CompletedProcess[str]:
    with open(path, "wb") as out:
        return subprocess.run(_command(*args), stdout=out, stderr=subprocess.PIPE, text=True, env=_env(), cwd=REPO,
                              timeout=HANG, preexec_fn=_limited(limit) if limit is not None else None)


def _one_line(proc: subprocess.CompletedProcess[str], key: str = "stdout-cannot-write", as_json: bool = False) -> None:
    assert proc.returncode == 2, (proc.returncode, proc.stderr[-600:])
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr and "internal" not in proc.stderr, proc.stderr[-600:]
    if as_json:
        assert json.loads(lines[0])["error"]["key"] == key


# ------------------------------------------------------------------ a file that cannot take it all

@pytest.mark.parametrize("args", [LARGE_JSON, LARGE_TEXT, ("card", "list", "--lang", "fr")])
def test_a_file_size_limit_reached_part_way_is_exit_2_not_a_cut_file(tmp_path, args):
    """RLIMIT_FSIZE below the answer's size: the system takes part of the write; Python's own
    stream dropped the rest and the tool said 0."""
    out = tmp_path / "out"
    proc = _to_file(out, *args, limit=4096)
    _one_line(proc, as_json="--json" in args)
    assert out.stat().st_size <= 4096


def test_the_last_flush_at_exit_is_checked(tmp_path):
    """A small answer stays in the buffer until the process ends: that last write is checked too."""
    out = tmp_path / "out"
    proc = _to_file(out, *SMALL_JSON, limit=100)
    _one_line(proc, as_json=True)


def test_an_answer_that_fits_is_written_whole(tmp_path):
    out = tmp_path / "out"
    proc = _to_file(out, *LARGE_JSON, limit=10_000_000)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert json.loads(out.read_text(encoding="utf-8"))["schema"].startswith("output-card-list/")


@pytest.mark.slow  # a large answer takes seconds to compute
def test_a_very_large_answer_cut_by_a_limit_is_exit_2(tmp_path):
    """Megabytes of JSON (every plan, with its positions) past a 1 MB limit."""
    out = tmp_path / "out"
    proc = _to_file(out, "plan", "--player", "blue", "--pieces", "e5=blue,d4=blue,f4=blue,e3=blue:heroic,c5=blue",
                    "--all-plans", "--positions", "--json", limit=1_000_000)
    _one_line(proc, as_json=True)


@needs_full
@pytest.mark.parametrize("args", [LARGE_JSON, LARGE_TEXT, SMALL_JSON, ("card", "show", "swordmaster")])
def test_a_full_device_is_exit_2(args):
    with open(FULL, "wb") as full:
        proc = subprocess.run(_command(*args), stdout=full, stderr=subprocess.PIPE, text=True, env=_env(), cwd=REPO,
                              timeout=HANG)
    _one_line(proc, as_json="--json" in args)


# ------------------------------------------------------------------ a reader that goes away

@pytest.mark.parametrize("args", [LARGE_JSON, LARGE_TEXT])
def test_a_reader_that_leaves_early_is_141_quietly(args):
    """More than a pipe holds, and the reader reads a little, then closes its end."""
    proc = subprocess.Popen(_command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env(), cwd=REPO)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.read(100)
    proc.stdout.close()
    err = proc.stderr.read()
    code = proc.wait(timeout=HANG)
    assert first and code == 141 and err == b"", (code, err[-600:])


def test_an_answer_that_fitted_in_the_pipe_before_the_reader_left_is_0():
    proc = subprocess.Popen(_command(*SMALL_JSON), stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env(),
                            cwd=REPO)
    assert proc.stdout is not None and proc.stderr is not None
    err = proc.stderr.read()  # until the tool ends: its whole answer waits in the pipe
    code = proc.wait(timeout=HANG)
    proc.stdout.close()
    assert code == 0 and err == b"", (code, err[-600:])


# ------------------------------------------------------------------ a full standard error

@needs_full
@pytest.mark.parametrize("args, code", [
    (("card", "show", "no-such-card-at-all"), 2),
    (("card", "show", "no-such-card-at-all", "--json"), 2),
    (("card", "show", "--no-such-option"), 2),
    (("card", "show", "swordmaster"), 0),
    (("card", "list", "--json"), 0),
])
def test_a_full_standard_error_changes_no_exit_code(args, code):
    with open(FULL, "wb") as full:
        proc = subprocess.run(_command(*args), stdout=subprocess.PIPE, stderr=full, env=_env(), cwd=REPO, timeout=HANG)
    assert proc.returncode == code
    if code == 0:
        assert proc.stdout


@needs_full
def test_both_streams_full_is_still_exit_2():
    with open(FULL, "wb") as full:
        proc = subprocess.run(_command(*LARGE_JSON), stdout=full, stderr=full, env=_env(), cwd=REPO, timeout=HANG)
    assert proc.returncode == 2
