"""Who plays: colors, how many sides a game has, and whom a player compares with.

The one home of these rules, shared by positions, turn records and command-line options:
a color is one of the board's piece colors; a game has no more colors than players; an
opponent is another color of the game, never the player's own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from tashkalar_cli.errors import InputError, Term, quote
from tashkalar_cli.games.tashkalar.model.types import Mode


class Words(Protocol):
    """The reader of a word a user typed: ``(kind, value, where, among) -> id``, in any language, in
    part or with a typo, or a one-line error naming ``where`` (see :meth:`tashkalar_cli.Game.word`)."""

    def __call__(self, kind: str, value: str, where: str = "", among: Iterable[str] | None = None) -> str: ...


def parse_color(value: object, colors: Sequence[str], where: str, words: Words | None = None) -> str:
    """A piece color by id (any case) or, with ``words``, by its name in any language; an
    :class:`InputError` naming ``where`` otherwise."""
    color = str(value).strip().lower()
    if color in colors:
        return color
    if words is not None:
        return words("color", str(value), where, colors)
    raise InputError(key="word.color", where=where, value=quote(value), allowed=Term("color", colors))


def once(seen: dict[str, object], color: str, given: object, where: str) -> str:
    """``color`` (read from ``given``), refused if a mapping already gave it under another or the
    same spelling (``blue`` and ``BLUE``, ``blue`` and ``bleu``): one color, one entry."""
    if color in seen:
        raise InputError(key="color-twice", where=where, color=Term("color", color), first=quote(seen[color]),
                         second=quote(given))
    seen[color] = given
    return color


def check_sides(colors: Iterable[str], mode: Mode, players: int, where: str) -> None:
    """A game of ``players`` players has at most that many colors."""
    found = sorted(set(colors))
    if len(found) > players:
        raise InputError(key="too-many-colors", where=where, count=len(found), colors=Term("color", found),
                         mode=Term("mode", str(mode)),
                         players=players)


def check_in_game(color: str, in_play: Sequence[str], players: int, what: str) -> None:
    """``color`` can be a side of a game whose sides include ``in_play`` (all sides known when full)."""
    if color not in in_play and len(set(in_play)) >= players:
        raise InputError(key="not-in-game", what=what, color=Term("color", color), players=players,
                         colors=Term("color", in_play))


def opponent(in_play: Sequence[str], mode: Mode, players: int, player: str, against: str | None,
             *, required: bool = True) -> str | None:
    """The one opponent a comparison is made against: ``against`` (``--against``), else the only
    other color in play. ``required=False`` returns None where the choice is open."""
    if against is not None:
        if against == player:
            raise InputError(key="own-opponent")
        check_in_game(against, [*in_play, player], players, "--against")
        return against
    others = [c for c in in_play if c != player]
    if not required:
        return others[0] if len(others) == 1 and mode is not Mode.MELEE else None
    if mode is Mode.MELEE:
        raise InputError(key="melee-needs-against")
    if len(others) == 1:
        return others[0]
    if not others:
        raise InputError(key="no-opponent")
    raise InputError(key="several-opponents", colors=Term("color", others))
