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

#: the tool runs in processes here: they read the data from the session's cache, filled first
pytestmark = pytest.mark.usefixtures("warm_cache")

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
    env = _env()
    if limit is not None:
        # the limit holds for every file the process writes: a bytecode file Python writes for a module not compiled
        # yet (the tool's __main__, which only these processes run) would be cut at the limit and kept, and every
        # later process would fail to load it ("marshal data too short"; seen with bytecode written, as in .ci/run)
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    with open(path, "wb") as out:
        return subprocess.run(_command(*args), stdout=out, stderr=subprocess.PIPE, text=True, env=env, cwd=REPO,
                              timeout=HANG, preexec_fn=_limited(limit) if limit is not None else None)


def _one_line(proc: subprocess.CompletedProcess[str], key: str = "stdout-cannot-write", as_json: bool = False) -> None:
    assert proc.returncode == 2, (proc.returncode, proc.stderr[-600:])
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr and "internal" not in proc.stderr, proc.stderr[-600:]
    if as_json:
        assert json.loads(lines[0])["error"]["key"] == key


# ------------------------------------------------------------------ a file that cannot take it all

#: a process per case: the default run keeps one case per kind of output (JSON, a Rich table), the slow run the others
slow_case = pytest.mark.slow


@pytest.mark.parametrize("args", [LARGE_JSON, LARGE_TEXT, pytest.param(("card", "list", "--lang", "fr"), marks=slow_case)])
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
@pytest.mark.parametrize("args", [pytest.param(LARGE_JSON, marks=slow_case), pytest.param(LARGE_TEXT, marks=slow_case),
                                  pytest.param(SMALL_JSON, marks=slow_case), ("card", "show", "swordmaster")])
def test_a_full_device_is_exit_2(args):
    """(The default run keeps the Rich text on a full device; a JSON answer cut by the system is
    test_a_file_size_limit_reached_part_way_is_exit_2_not_a_cut_file's, a JSON one on both full streams
    test_both_streams_full_is_still_exit_2's.)"""
    with open(FULL, "wb") as full:
        proc = subprocess.run(_command(*args), stdout=full, stderr=subprocess.PIPE, text=True, env=_env(), cwd=REPO,
                              timeout=HANG)
    _one_line(proc, as_json="--json" in args)


# ------------------------------------------------------------------ a reader that goes away

@pytest.mark.parametrize("args", [LARGE_JSON, pytest.param(LARGE_TEXT, marks=slow_case)])
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
    pytest.param(("card", "show", "no-such-card-at-all", "--json"), 2, marks=slow_case),
    pytest.param(("card", "show", "--no-such-option"), 2, marks=slow_case),
    (("card", "show", "swordmaster"), 0),
    pytest.param(("card", "list", "--json"), 0, marks=slow_case),
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


# ------------------------------------------------------------------ names and paths of any length
# A file or folder name longer than the system takes (255 bytes), or a whole path longer than
# PATH_MAX, is bad input: one line, exit 2, the path shown cut; never a traceback nor 70 lines.

LONG_NAME = "a" * 300                        # one name over 255 bytes
LONG_UTF8 = "é" * 130                        # 130 characters, 260 bytes
LONG_PATH = "b/" * 2100 + "x"                # every name short, the whole over 4,096 bytes
SUMMON = ("summon", "swordmaster", "--pieces", "e4=blue,e6=blue,e5=red", "--mode", "duel", "--player", "blue",
          "--apply", "--at", "e5")


def _long_cases() -> list[tuple[tuple[str, ...], dict[str, str]]]:
    """(arguments, environment) with ``{}`` standing for the long value."""
    return [
        (("position", "show", "--pieces", "e5=blue", "--svg", "{}.svg"), {}),
        ((*SUMMON, "--out", "{}.yaml"), {}),
        ((*SUMMON, "--record", "{}.yaml"), {}),
        ((*SUMMON, "--turn", "{}.yaml"), {}),
        (("sheet", "--deck", "imperial", "--out", "{}.html"), {}),
        (("card", "list"), {"TASHKALAR_DATA": "{}"}),
        (("card", "list"), {"TASHKALAR_LOCALES": "{}"}),
        (("card", "list", "--data", "{}"), {}),
        (("validate", "--data", "{}"), {}),
        (("i18n", "check", "--locales", "{}"), {}),
        (("summonable", "--position", "{}", "--player", "blue"), {}),
        (("position", "check", "{}"), {}),
        (("score", "--turn", "{}"), {}),
    ]


#: every command or variable with each kind of long value; the default run keeps each command once, the kinds of
#: value rotating from command to command (checked_length, the one decision they all call, is tested on each kind
#: below), the slow run the other pairs
LONG_CASES = [pytest.param(case, value, id=f"value{v}-{case}",
                           marks=() if v == case % 3 else pytest.mark.slow)
              for v, value in enumerate([LONG_NAME, LONG_UTF8, LONG_PATH]) for case in range(13)]


@pytest.mark.parametrize(("case", "value"), LONG_CASES)
def test_a_name_or_path_too_long_is_one_line(cli, monkeypatch, tmp_path, case, value):
    args, env = _long_cases()[case]
    long = f"{tmp_path}/{value}"
    for var, template in env.items():
        monkeypatch.setenv(var, template.format(long))
    r = cli(*[a.replace("{}", long) for a in args])
    assert r.code == 2, (r.code, r.err[-600:])
    lines = r.err.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < 300, r.err[-600:]
    assert "internal" not in r.err and "Traceback" not in r.err
    assert "too long" in r.err and "bytes" in r.err and "…" in r.err, r.err


@pytest.mark.parametrize("lang, word", [("fr", "trop long"), ("es", "demasiado larg"), ("it", "troppo lung")])
def test_a_name_too_long_is_said_in_the_users_language(cli, tmp_path, lang, word):
    r = cli("--lang", lang, "position", "show", "--pieces", "e5=blue", "--svg", f"{tmp_path}/{LONG_NAME}.svg")
    assert r.code == 2 and word in r.err and len(r.err.strip().splitlines()) == 1, r.err


def test_a_name_too_long_in_json_is_one_error_object(cli, tmp_path):
    r = cli("position", "show", "--pieces", "e5=blue", "--json", "--svg", f"{tmp_path}/{LONG_NAME}.svg")
    assert r.code == 2
    error = json.loads(r.err)["error"]
    assert error["key"] == "path-too-long" and len(error["message"]) < 300


def test_the_longest_names_the_system_takes_still_work(cli, tmp_path):
    """255 bytes is a name the system takes: no refusal on the way."""
    out = tmp_path / ("c" * 237 + ".svg")  # 241 bytes: room left for the temporary copy beside it
    r = cli("position", "show", "--pieces", "e5=blue", "--svg", str(out))
    assert r.code == 0, r.err
    assert out.is_file()


def test_checked_length_is_the_one_decision():
    from tashkalar_cli.data.paths import MAX_NAME, checked_length
    from tashkalar_cli.errors import InputError

    assert checked_length("x" * MAX_NAME) == "x" * MAX_NAME
    assert checked_length(Path("/tmp") / "y") == "/tmp/y"
    assert checked_length("x" * (MAX_NAME - 14)) and checked_length("x" * (MAX_NAME - 14), output=True)
    for bad in ("x" * (MAX_NAME + 1), "/" + "d/" * 2100, "é" * 128):
        with pytest.raises(InputError) as found:
            checked_length(bad)
        assert len(found.value.message) < 200
    with pytest.raises(InputError):  # an output's name leaves room for its temporary copy
        checked_length("x" * MAX_NAME, output=True)


def test_a_name_the_system_refuses_past_the_checks_is_one_line(cli, monkeypatch, tmp_path):
    """A file system with shorter names than Linux's usual 255 bytes: the system's ENAMETOOLONG is
    still bad input in one line (here the checks are widened so that the system is the one to say it)."""
    from tashkalar_cli.data import paths

    monkeypatch.setattr(paths, "MAX_NAME", 100_000)
    monkeypatch.setattr(paths, "MAX_PATH", 100_000)
    r = cli("position", "show", "--pieces", "e5=blue", "--svg", f"{tmp_path}/{LONG_NAME}.svg")
    assert r.code == 2, (r.code, r.err)
    assert len(r.err.strip().splitlines()) == 1 and len(r.err) < 200 and "internal" not in r.err, r.err
