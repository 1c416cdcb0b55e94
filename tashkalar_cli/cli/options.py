"""Options with fixed choices, shared by several commands (Typer lists the choices in --help)."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from tashkalar_cli.model.types import Mode

if TYPE_CHECKING:
    from tashkalar_cli.cli.common import Session


class DeathmatchMode(StrEnum):
    """The modes a turn is scored in by points."""

    DUEL = Mode.DUEL.value
    MELEE = Mode.MELEE.value


ModeOption = Annotated[Optional[Mode], typer.Option(
    "--mode", help="Override the position's mode.", case_sensitive=False, show_default=False)]
AgainstOption = Annotated[Optional[str], typer.Option(
    "--against", help="The opponent to compare with (required in a melee).", metavar="COLOR", show_default=False)]
AllOption = Annotated[bool, typer.Option("--all", help="Check every one of them.")]


def check_deck(s: Session, deck: str) -> str:
    """A deck id of the data (decks are data, so they are checked here rather than listed as choices)."""
    from tashkalar_cli.errors import NotFoundError

    decks = s.game.decks
    if deck not in decks:
        raise NotFoundError(f"unknown deck '{deck}' (one of: {', '.join(decks)})")
    return deck
