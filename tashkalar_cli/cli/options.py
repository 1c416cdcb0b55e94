"""Options with fixed choices, shared by several commands (Typer lists the choices in --help)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Annotated, Any, Optional

import click
import typer

from tashkalar_cli.games.tashkalar.model.types import CardType, Mode, PlayForm, Rank

if TYPE_CHECKING:
    from tashkalar_cli.cli.common import Session


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
        from tashkalar_cli.cli.completion import complete

        return complete(self.kind, ctx, param, incomplete, self.choices)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from tashkalar_cli.cli.common import input_game

        text = str(value)
        if text in self.choices:
            return text
        where = param.opts[0] if param is not None and param.opts else ""
        return input_game().word(self.kind, text, where, self.choices)   # the one reader of words


def word_option(kind: str, choices: Iterable[str], *names: str, help: str) -> Any:
    return typer.Option(*names, click_type=WordChoice(kind, choices), help=help, show_default=False)


ModeOption = Annotated[Optional[str], word_option("mode", [m.value for m in Mode], "--mode",
                                                  help="Override the position's mode.")]
DeathmatchModeOption = Annotated[Optional[str], word_option("mode", [Mode.DUEL.value, Mode.MELEE.value], "--mode",
                                                            help="Override the turn record's mode.")]
RankOption = Annotated[Optional[str], word_option("rank", [r.value for r in Rank], "--rank", help="Only this rank.")]
TypeOption = Annotated[Optional[str], word_option("type", [t.value for t in CardType], "--type",
                                                  help="Only this type.")]
AgainstOption = Annotated[Optional[str], typer.Option(
    "--against", help="The opponent to compare with (required in a melee).", metavar="COLOR", show_default=False)]
AllOption = Annotated[bool, typer.Option("--all", help="Check every one of them.")]


def check_deck(s: Session, deck: str) -> str:
    """A deck by id or by its name in any language (decks are data, so they are not fixed choices)."""
    return s.game.word("deck", deck, "--deck")


PlayFormOption = Annotated[Optional[str], word_option("mode", [f.value for f in PlayForm], "--mode",
                                                      help="Only rules of this form of play.")]
