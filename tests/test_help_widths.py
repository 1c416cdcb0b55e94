"""``--help`` at any width (issue 33): every line fits the terminal, and every option name and
every word of the help appears whole (never ``--play…``), in every command and language."""

from __future__ import annotations

import re

import pytest

from conftest import tiered

#: every command and command group of both games
PAGES = [[], ["card"], ["card", "show"], ["card", "list"], ["rule"], ["rule", "show"], ["rule", "list"],
         ["rule", "search"], ["keyword"], ["keyword", "show"], ["keyword", "list"], ["errata"], ["ask"], ["summon"],
         ["summonable"], ["plan"], ["flare"], ["flare", "check"], ["flare", "play"], ["task"], ["task", "check"],
         ["score"], ["position"], ["position", "show"], ["position", "check"], ["sheet"], ["i18n"],
         ["i18n", "check"], ["i18n", "reviewed"], ["validate"], ["letal"], ["letal", "area"], ["letal", "move"],
         ["letal", "push"], ["letal", "pull"], ["letal", "attack"], ["letal", "check"], ["letal", "winner"], ["letal", "board"], ["serve"]]
WIDTHS = ["40", "60", "80", "100"]
#: an option's name as the help writes it
OPTION = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*")


def _options(command) -> set[str]:
    import click

    return {name for p in command.params if isinstance(p, click.Option) and not p.hidden
            for name in (*p.opts, *p.secondary_opts)}


def _command(path: list[str]):
    import typer

    from tashkalar_cli.cli.app import build_app
    from tashkalar_cli.command.common import CliState

    root = typer.main.get_command(build_app())
    ctx = root.make_context("tashkalar", [], resilient_parsing=True, obj=CliState())
    command = root
    for name in path:
        command = command.get_command(ctx, name)
    return command


def _pages_and_widths() -> list[object]:
    """Every page at every width; the default run keeps each page at one width, rotating from page to page so that
    every width (and so both languages) appears (:func:`conftest.tiered`), the slow run the other widths."""
    cases = [pytest.param(page, width, id=f"{'-'.join(page) or 'root'}-{width}")
             for n, page in enumerate(PAGES) for width in [*WIDTHS[n % len(WIDTHS):], *WIDTHS[:n % len(WIDTHS)]]]
    return tiered(cases, lambda v: tuple(v[0]), lambda v: v[1])


@pytest.mark.parametrize(("page", "width"), _pages_and_widths())
def test_help_never_cuts_a_name_or_a_word(cli, monkeypatch, page, width):
    monkeypatch.setenv("COLUMNS", width)
    lang = "fr" if int(width) % 40 else "en"  # both, at two widths each
    r = cli("--lang", lang, *page, "--help")
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    assert all(len(line) <= int(width) for line in lines), "\n".join(line for line in lines if len(line) > int(width))
    assert "…" not in r.out, r.out
    shown = set(OPTION.findall(r.out))
    missing = _options(_command(page)) - shown
    assert not missing, (missing, r.out)
