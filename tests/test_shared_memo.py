"""The test run's own speed-up, held to its word: the workers of one pytest-xdist run share the results of the pure
steps PureMemo shares (conftest.PureMemo.shared_result): a result is made once, read whole by the others, and a
failure is never remembered."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import PureMemo


def _maker(calls: list[int], value: bytes = b"index") -> Callable[[], bytes]:
    def make() -> bytes:
        calls.append(1)
        return value

    return make


def test_a_result_made_by_one_worker_is_read_by_the_others(tmp_path: Path) -> None:
    calls: list[int] = []
    first, other = PureMemo(tmp_path / "shared"), PureMemo(tmp_path / "shared")
    assert first.shared_result(b"input", _maker(calls)) == b"index"
    assert other.shared_result(b"input", _maker(calls, b"made again")) == b"index"
    assert calls == [1], "made once for the run"
    assert other.shared_result(b"another input", _maker(calls, b"its own")) == b"its own" and calls == [1, 1]
    assert not [p for p in (tmp_path / "shared").iterdir() if p.name.endswith(".part")], "no part left behind"


def test_a_worker_waits_for_the_one_making_it(tmp_path: Path) -> None:
    """Another worker holds the step's lock and its result appears: it is read, not made again."""
    import hashlib

    shared = tmp_path / "shared"
    shared.mkdir()
    name = hashlib.sha256(b"input").hexdigest()
    (shared / f"{name}.lock").touch()
    (shared / name).write_bytes(b"made by the other worker")
    calls: list[int] = []
    assert PureMemo(shared).shared_result(b"input", _maker(calls)) == b"made by the other worker" and calls == []


def test_a_failure_is_not_remembered_and_frees_the_lock(tmp_path: Path) -> None:
    memo = PureMemo(tmp_path / "shared")

    def broken() -> bytes:
        raise ValueError("the data is broken")

    with pytest.raises(ValueError):
        memo.shared_result(b"input", broken)
    assert os.listdir(tmp_path / "shared") == []
    calls: list[int] = []
    assert memo.shared_result(b"input", _maker(calls)) == b"index" and calls == [1]


def test_without_a_shared_folder_each_process_makes_its_own(tmp_path: Path) -> None:
    calls: list[int] = []
    memo = PureMemo()
    assert memo.shared_result(b"input", _maker(calls)) == memo.shared_result(b"input", _maker(calls)) == b"index"
    assert calls == [1, 1] and list(tmp_path.iterdir()) == []
