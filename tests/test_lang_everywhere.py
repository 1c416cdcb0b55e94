"""``--lang`` before or after every command name, as the README promises (issue 33): the root, every group
and every command take it (``card --lang es show knight``, ``validate -l it``), and ``--help`` is said in the
language wherever ``--lang`` is written. The test walks the whole command tree, so a new command is checked too."""

from __future__ import annotations

import click
import pytest

from tashkalar_cli.cli.app import _built, commands
from tashkalar_cli.command.common import CliState


def _paths() -> list[list[str]]:
    """Every command path of the line: each group, and each command below it."""
    found: list[list[str]] = []

    def walk(command: click.Command, path: list[str]) -> None:
        found.append(path)
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                walk(sub, [*path, name])

    for name in commands():
        walk(_built(name, CliState()), [name])
    return found


PATHS = _paths()


def _places(path: list[str]) -> list[list[str]]:
    """``--lang fr`` written before the first name, after each name, and after ``--help``."""
    lang = ["--lang", "fr"]
    return [[*lang, *path, "--help"],
            *([*path[:n], *lang, *path[n:], "--help"] for n in range(1, len(path) + 1)),
            [*path, "--help", "-l", "fr"]]


def test_the_tree_is_walked_whole():
    assert ["card", "show"] in PATHS and ["letal", "area"] in PATHS and ["validate"] in PATHS and len(PATHS) > 30


def _cases() -> list[object]:
    """Each command path with each place of ``--lang``: the default run keeps one place per path, rotating from
    path to path so that every kind of place is checked; the other places are in the slow run."""
    out: list[object] = []
    for n, path in enumerate(PATHS):
        places = _places(path)
        for k, line in enumerate(places):
            marks = () if k == n % len(places) else (pytest.mark.slow,)
            out.append(pytest.param(line, id=" ".join(line), marks=marks))
    return out


@pytest.mark.parametrize("line", _cases())
def test_every_command_takes_the_language_in_every_place(cli, dataset, line):
    usage = dataset.locales["fr"]["ui"]["cli.usage"].rstrip(" :")
    r = cli(*line)
    assert r.code == 0, (line, r.err)
    assert usage in r.out and "Usage:" not in r.out, (line, r.out[:300])


@pytest.mark.parametrize("line", [["card", "--lang", "es", "show", "knight"], ["card", "-l", "es", "show", "knight"]])
def test_a_groups_language_is_its_commands(cli, line):
    r = cli(*line)
    assert r.code == 0 and "Caballero" in r.out, r.err


def test_a_command_of_no_words_of_its_own_takes_the_language(cli):
    r = cli("validate", "-l", "fr")
    assert r.code == 0 and "Données valides" in r.out, r.err
    r = cli("letal", "--lang", "fr", "area", "c3", "--adjacent")
    assert r.code == 0, r.err
