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


@pytest.mark.parametrize("path", PATHS, ids=[" ".join(p) for p in PATHS])
def test_every_command_takes_the_language_in_every_place(cli, dataset, path):
    usage = dataset.locales["fr"]["ui"]["cli.usage"].rstrip(" :")
    for line in _places(path):
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
