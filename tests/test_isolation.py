"""The suite itself: every test process has its own home and cache, and the guard that keeps the
user's real cache and home out of reach bites."""

from __future__ import annotations

import json
import os
import subprocess
import sys
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
    if "TASHKALAR_TESTS_CACHE" not in os.environ:
        assert conftest.session_cache() == conftest.SESSION_DIR / "cache"
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
    home = Path(real()["home"])
    assert guarded(lambda: (home / ".tashkalar-test-guard").write_text("x"))
    assert guarded(lambda: os.rename(home / ".a", home / ".b"))


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
    from tashkalar_cli.model.build import load_uncached

    try:
        store.load_dataset(build=load_uncached)
    except Exception:  # refused, or rebuilt without a cache: either way, recorded
        pass
    finally:
        store._MEMO.clear()
    assert conftest.GUARD is not None
    touched = conftest.GUARD.take()
    assert touched and all("real cache" in t for t in touched), touched
