"""Who plays: colors, how many sides a game has, and whom a player compares with.

The one home of these rules, shared by positions, turn records and command-line options:
a color is one of the board's piece colors; a game has no more colors than players; an
opponent is another color of the game, never the player's own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tashkalar_cli.errors import InputError, quote
from tashkalar_cli.model.types import Mode


def parse_color(value: object, colors: Sequence[str], where: str) -> str:
    """A piece color by name (any case); an :class:`InputError` naming ``where`` otherwise."""
    color = str(value).strip().lower()
    if color not in colors:
        raise InputError(f"{where}: unknown color '{quote(value)}' (one of: {', '.join(colors)})")
    return color


def check_sides(colors: Iterable[str], mode: Mode, players: int, where: str) -> None:
    """A game of ``players`` players has at most that many colors."""
    found = sorted(set(colors))
    if len(found) > players:
        raise InputError(f"{where}: {len(found)} colors ({', '.join(found)}) in a {mode} of {players} players")


def check_in_game(color: str, in_play: Sequence[str], players: int, what: str) -> None:
    """``color`` can be a side of a game whose sides include ``in_play`` (all sides known when full)."""
    if color not in in_play and len(set(in_play)) >= players:
        raise InputError(f"{what}: {color} is not in this game (its {players} colors are {', '.join(in_play)})")


def opponent(in_play: Sequence[str], mode: Mode, players: int, player: str, against: str | None,
             *, required: bool = True) -> str | None:
    """The one opponent a comparison is made against: ``against`` (``--against``), else the only
    other color in play. ``required=False`` returns None where the choice is open."""
    if against is not None:
        if against == player:
            raise InputError("--against: a player is not their own opponent")
        check_in_game(against, [*in_play, player], players, "--against")
        return against
    others = [c for c in in_play if c != player]
    if not required:
        return others[0] if len(others) == 1 and mode is not Mode.MELEE else None
    if mode is Mode.MELEE:
        raise InputError("in a melee, say which opponent you compare yourself with: --against COLOR")
    if len(others) == 1:
        return others[0]
    if not others:
        raise InputError("no opponent piece on the board: say who the opponent is with --against COLOR")
    raise InputError(f"several opponent colors on the board ({', '.join(others)}): choose one with --against COLOR")
