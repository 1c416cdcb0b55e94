"""Options with fixed choices, typed as an id or as a word of any language (Typer lists the choices in --help).

A game's own choices (Tash-Kalar's modes, ranks, card types) are its pack's option types
(``games/tashkalar/commands/options.py``), made with :func:`word_option`; here, the forms of play a rule names,
which the line's own ``rule`` reads in every game."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, Optional

import click
import typer

from tashkalar_cli.command.common import input_game
from tashkalar_cli.data.paths import RULE_MODES


class WordChoice(click.ParamType[str]):  # Click 8.4+ types a parameter type by the value it gives
    """One of fixed values (modes, ranks, card types...), typed as its id or as its name in any
    language (``duel``, ``Match-à-mort``, ``héroïque``, ``eroica``); the value is the id."""

    name = "choice"

    def __init__(self, kind: str, choices: Iterable[str]) -> None:
        self.kind = kind
        self.choices = list(choices)

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str:
        return "[" + "|".join(self.choices) + "]"

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        """The names of the choices in the user's language (only while the shell asks)."""
        from tashkalar_cli.command.completion import complete  # deferred: the shell's completion only

        return complete(self.kind, ctx, param, incomplete, self.choices)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = str(value)
        if text in self.choices:
            return text
        where = param.opts[0] if param is not None and param.opts else ""
        return input_game().word(self.kind, text, where, self.choices)   # the one reader of words


def word_option(kind: str, choices: Iterable[str], *names: str, help: str) -> Any:
    return typer.Option(*names, click_type=WordChoice(kind, choices), help=help, show_default=False)


#: the forms of play a rule names (``rule list --mode``, ``rule search --mode``)
PlayFormOption = Annotated[Optional[str], word_option("mode", RULE_MODES, "--mode",
                                                      help="Only rules of this form of play.")]
