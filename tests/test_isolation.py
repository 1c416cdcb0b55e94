"""The suite itself: every test process has its own home and cache, and the guard that keeps the
user's real cache and home out of reach bites."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import conftest


def real() -> dict:
    return json.loads(os.environ[conftest.GUARD_VAR])


def test_the_session_has_a_home_and_cache_of_its_own(dataset, tmp_path_factory):
    from tashkalar_cli.data.paths import cache_dir

    assert conftest.SESSION_DIR is not None
    home = Path(os.environ["HOME"])
    assert str(home) != real()["home"]
    assert Path(os.environ["TASHKALAR_CACHE_DIR"]) == conftest.session_cache() == cache_dir()
    if "TASHKALAR_TESTS_CACHE" not in os.environ:   # the run's own: its workers' shared folder, or this process's
        run = conftest.RUN_DIR if conftest.RUN_DIR is not None else conftest.SESSION_DIR
        assert conftest.session_cache() == run / "cache"
        assert conftest.RUN_DIR is None or tmp_path_factory.getbasetemp().parent == conftest.RUN_DIR
    # the session fixtures loaded the data through the session's own cache
    assert conftest.session_cache().is_dir() and any(conftest.session_cache().iterdir())
    for var in ("XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        assert os.environ[var].startswith(str(conftest.SESSION_DIR)), var
    assert os.environ["XDG_CONFIG_HOME"].startswith(str(home))
    for var in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "TASHKALAR_LANG", "TASHKALAR_DATA", "TASHKALAR_LOCALES"):
        assert var not in os.environ, var


def test_without_a_cache_variable_the_default_cache_is_in_the_test_home(monkeypatch):
    import platformdirs

    from tashkalar_cli.data.paths import cache_dir

    monkeypatch.delenv("TASHKALAR_CACHE_DIR")
    default = cache_dir()
    assert default == Path(platformdirs.user_cache_dir("tashkalar", appauthor=False))
    assert str(default).startswith(str(conftest.SESSION_DIR))
    assert not any(str(default).startswith(c) for c in real()["caches"])


def test_each_test_has_its_own_home():
    assert Path(os.environ["HOME"]).is_dir()
    assert not any(Path(os.environ["HOME"]).iterdir())   # fresh: nothing a previous test left


def guarded(action) -> list[str]:
    """What the guard recorded while ``action`` ran; it must refuse with PermissionError."""
    assert conftest.GUARD is not None
    with pytest.raises(PermissionError, match="may not touch"):
        action()
    return conftest.GUARD.take()


def test_the_guard_refuses_the_real_cache():
    cache = Path(real()["caches"][0])
    assert guarded(lambda: (cache / "index.json").read_bytes())      # reading it: stale answers
    assert guarded(lambda: (cache / "x.json").write_text("{}"))       # writing it
    assert guarded(lambda: os.listdir(cache))
    assert guarded(lambda: os.mkdir(cache / "new"))


def test_the_guard_refuses_writes_in_the_real_home():
    """Writes that change nothing should the guard fail to refuse them: files that are not there, opened
    for writing without being created, renamed, removed (the test never writes into the real home)."""
    home = Path(real()["home"])
    absent = [home / f".tashkalar-test-guard-{n}" for n in range(3)]
    assert not any(os.path.lexists(a) for a in absent)
    assert guarded(lambda: absent[0].open("r+"))
    assert guarded(lambda: os.open(absent[0], os.O_WRONLY))
    assert guarded(lambda: os.rename(absent[1], absent[2]))
    assert guarded(lambda: os.remove(absent[1]))
    assert not any(os.path.lexists(a) for a in absent)


def test_only_the_runs_own_folders_are_exempt_never_the_temp_folder(tmp_path_factory):
    """Writes are allowed in the run's own folders (this process's, pytest's basetemp), not in the whole
    temp folder, and no exempt folder holds the real home (HOME under /tmp once blinded the guard)."""
    assert conftest.GUARD is not None and conftest.SESSION_DIR is not None
    exempt = conftest.GUARD.exempt
    home = real()["home"]
    assert tempfile.gettempdir() not in exempt or not conftest.Guard._under(home, [tempfile.gettempdir()])
    assert not any(conftest.Guard._under(home, [e]) for e in exempt)
    for own in (str(conftest.SESSION_DIR), str(tmp_path_factory.getbasetemp())):
        assert own in exempt or conftest.Guard._under(home, [own]), own


#: run with the suite's conftest as a plugin, in a process whose real HOME is a folder of the test
NESTED = """
import json, os
from pathlib import Path


def test_a_write_in_the_tests_own_home_and_tmp_path_is_allowed(tmp_path):
    (Path(os.environ["HOME"]) / "mine").write_text("x")
    (tmp_path / "mine").write_text("x")


def test_a_write_in_the_real_home_is_caught():
    real = Path(json.loads(os.environ["TASHKALAR_TESTS_GUARDED"])["home"])
    try:
        (real / "planted").write_text("x")
    except PermissionError:
        pass
"""


#: a nested test run each (3.5 CPU-s): the issue's layout in the default run, the other one in the slow run
@pytest.mark.parametrize("layout", ["home in the temp folder",
                                    pytest.param("temp folder in the home", marks=pytest.mark.slow)])
def test_the_guard_sees_a_home_in_the_temp_folder(tmp_path, layout, warm_cache):
    """HOME under the temp folder, as in many CI containers (and the temp folder under HOME): a write into the
    real home fails the test that made it, and the file is refused; the run's own folders stay writable."""
    home = Path(tempfile.mkdtemp(dir=tmp_path, prefix="home-"))
    assert Path(home).is_relative_to(tempfile.gettempdir())
    (tmp_path / "test_nested.py").write_text(NESTED, encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TASHKALAR", "XDG_", "PYTEST_"))}
    env.update(HOME=str(home), PYTHONPATH=os.pathsep.join([str(Path(__file__).parent), str(conftest.REPO)]))
    # the nested run reads the packaged data from this run's cache (filled: warm_cache), one of its own folders
    # (never the user's), instead of building the data of both games again (seconds) for two tests that read none
    env["TASHKALAR_TESTS_CACHE"] = str(conftest.session_cache())
    args = ["-p", "conftest", "-p", "no:cacheprovider", "-o", "addopts=", "-rA", "-c", str(tmp_path / "pytest.ini")]
    if layout == "home in the temp folder":
        args += ["--basetemp", str(tmp_path / "basetemp")]
    else:
        env["TMPDIR"] = str(home / "tmp")
        (home / "tmp").mkdir()
    proc = subprocess.run([sys.executable, "-m", "pytest", *args, str(tmp_path / "test_nested.py")], env=env,
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out
    assert "PASSED test_nested.py::test_a_write_in_the_tests_own_home_and_tmp_path_is_allowed" in out
    assert "ERROR test_nested.py::test_a_write_in_the_real_home_is_caught" in out and "real home" in out, out
    assert not (home / "planted").exists()


def test_the_guard_refuses_a_subprocess_with_the_real_home():
    env = dict(os.environ, HOME=real()["home"])
    assert guarded(lambda: subprocess.run([sys.executable, "-c", "pass"], env=env, check=False))
    env = {k: v for k, v in os.environ.items() if k != "HOME"}
    assert guarded(lambda: subprocess.run([sys.executable, "-c", "pass"], env=env, check=False))
    env = dict(os.environ, TASHKALAR_CACHE_DIR=real()["caches"][0])
    assert guarded(lambda: subprocess.run([sys.executable, "-c", "pass"], env=env, check=False))


def test_a_subprocess_gets_the_isolated_environment():
    code = "import os, platformdirs; print(os.environ['HOME']); print(platformdirs.user_cache_dir('tashkalar'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == os.environ["HOME"]
    assert out[1].startswith(str(conftest.SESSION_DIR))


def test_the_guard_sees_the_tool_reach_for_the_real_cache(monkeypatch):
    """What the guard is for: the tool, given the user's real HOME (as a session fixture once had),
    goes for the real cache; whatever the tool does with the refusal, the guard has recorded it."""
    from tashkalar_cli.data import cache as store

    for var in ("TASHKALAR_CACHE_DIR", "XDG_CACHE_HOME"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HOME", real()["home"])
    store._MEMO.clear()
    from tashkalar_cli.game import load_uncached

    try:
        store.load_dataset(build=load_uncached)
    except Exception:  # refused, or rebuilt without a cache: either way, recorded
        pass
    finally:
        store._MEMO.clear()
    assert conftest.GUARD is not None
    touched = conftest.GUARD.take()
    assert touched and all("real cache" in t for t in touched), touched


def test_a_subprocess_runs_the_checkouts_code(tmp_path):
    """From any folder, a process a test starts imports this checkout's package, ahead of any installed copy."""
    code = "import json, sys, tashkalar_cli; print(json.dumps([tashkalar_cli.__file__, sys.path]))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path,
                         timeout=60).stdout
    module, path = json.loads(out)
    assert Path(module).is_relative_to(conftest.REPO / "tashkalar_cli")
    first = [os.path.abspath(p) for p in path].index(str(conftest.REPO))
    assert not any("-packages" in p for p in path[:first]), path


# ---------------------------------------------------------------------- Hypothesis: repeatable in CI

def test_the_hypothesis_profiles():
    """``ci`` draws the same examples every run and stores nothing; ``dev`` draws at random; neither writes a
    ``.hypothesis`` folder into the checkout, nor has a deadline; ``$HYPOTHESIS_PROFILE`` chooses, ``dev`` by default."""
    from hypothesis import settings

    ci, dev = settings.get_profile("ci"), settings.get_profile("dev")
    assert ci.derandomize and ci.database is None and ci.print_blob
    assert not dev.derandomize
    assert ci.deadline is None and dev.deadline is None
    assert settings.get_current_profile_name() == (os.environ.get(conftest.PROFILE_VAR) or "dev")
    store = Path(os.environ["HYPOTHESIS_STORAGE_DIRECTORY"])
    for folder in (store, *([Path(dev.database.path)] if dev.database is not None else [])):  # type: ignore[attr-defined]
        assert not folder.is_relative_to(conftest.REPO / ".hypothesis"), folder


def test_the_ci_profile_draws_the_same_examples_every_run():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    def drawn() -> list[tuple[int, float]]:
        seen = []

        @settings(settings.get_profile("ci"), max_examples=15)
        @given(st.integers(), st.randoms(use_true_random=False))
        def record(n, rng):
            seen.append((n, rng.random()))

        record()
        return seen

    first = drawn()
    assert len(set(first)) > 1 and drawn() == first


def test_ci_selects_the_ci_profile_and_runs_every_mark():
    """.ci/run chooses the ``ci`` profile before its first test run, and runs the marks the default run leaves out."""
    text = (conftest.REPO / ".ci" / "run").read_text(encoding="utf-8")
    lines = [line.strip() for line in text.splitlines()]
    runs = [i for i, line in enumerate(lines) if line.startswith("python -m pytest")]
    assert runs and lines.index("export HYPOTHESIS_PROFILE=ci") < runs[0]
    assert any("-m slow" in lines[i] for i in runs) and any("-m thorough" in lines[i] for i in runs)
