"""Shared fixtures: the tool's data, and a way to run the command line in-process."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "reference"


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch, tmp_path_factory):
    """No user language or cache leaks into the tests; a wide terminal for stable tables."""
    for var in ("TASHKALAR_LANG", "LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "TASHKALAR_DATA", "TASHKALAR_NO_CACHE", "TASHKALAR_DEBUG",
                "TASHKALAR_LOCALES", "TASHKALAR_GAME"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("TASHKALAR_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "cache"))
    monkeypatch.setenv("COLUMNS", "140")
    from tashkalar_cli.data import cache as store

    store._MEMO.clear()


@pytest.fixture(scope="session")
def dataset():
    from tashkalar_cli.data.cache import load_dataset
    from tashkalar_cli.model.build import load_uncached

    return load_dataset(build=load_uncached)


@pytest.fixture(scope="session")
def tk(dataset):
    """The library's entry point, built once for the whole session."""
    from tashkalar_cli import Game

    return Game(dataset=dataset)


@pytest.fixture(scope="session")
def db(tk):
    return tk.cards


@pytest.fixture(scope="session")
def board(tk):
    return tk.board


@pytest.fixture(scope="session")
def engine(tk):
    return tk.engine


@pytest.fixture(scope="session")
def config(tk):
    return tk.config


@pytest.fixture(scope="session")
def parser(tk):
    return tk.parser


@pytest.fixture(scope="session")
def game(dataset):
    """The raw numbers of cards/game.yaml, to compare the tool's answers with the data."""
    return dataset.facts["game"]


class Result:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err

    @property
    def json(self):
        return json.loads(self.out)


@pytest.fixture
def cli(capsys):
    """Run ``tashkalar ARGS`` in-process; returns exit code, stdout and stderr."""
    from tashkalar_cli.cli.app import main

    def run(*args: str) -> Result:
        capsys.readouterr()
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        out, err = capsys.readouterr()
        return Result(code, out, err)

    return run


@pytest.fixture
def data_copy(tmp_path):
    """A writable copy of the tool's data folder (cards/, locales/)."""
    dest = tmp_path / "data"
    dest.mkdir()
    for name in ("cards", "locales"):
        shutil.copytree(REPO / name, dest / name)
    return dest


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
