"""Tash-Kalar's option types: its positions and pieces, its players' colors, and the words with fixed choices of
its game (modes, ranks, card types), read in any language by the kit's :func:`~tashkalar_cli.command.options.word_option`
(Typer lists the choices in --help)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from tashkalar_cli.command.options import word_option
from tashkalar_cli.games.tashkalar.model.types import CardType, Mode, Rank

if TYPE_CHECKING:
    from tashkalar_cli.command.common import Session

PositionOption = Annotated[Optional[str], typer.Option(
    "--position", "-p", help="Position file (YAML: pieces and/or a board diagram).", metavar="FILE", show_default=False)]
PiecesOption = Annotated[Optional[str], typer.Option(
    "--pieces", help="Pieces inline, e.g. 'e5=blue:heroic,d4=red' (rank defaults to common).", show_default=False)]
PlayerOption = Annotated[str, typer.Option("--player", help="The player's color.", show_default=False)]

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
