"""Markers at a summon: the deck-level rules that move a marker when one of the deck's beings is summoned.

A deck's data names, for each marker it declares, the handler run at the summon of its beings
(``on_summon`` in ``cards/decks.yaml``); the handlers are registered here by name (:data:`ON_SUMMON`). A
summon runs them right after the summon rules and before the being's effect, so the effect may find ``self``
bearing a marker. A marker the summon destroyed or took back is lost (see
:func:`tashkalar_cli.games.tashkalar.model.markers.markers_kept`). The next expansion adds its marker to its deck's data and,
when the marker moves at a summon, one handler here: the core does not change.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import TYPE_CHECKING, NamedTuple

from tashkalar_cli.games.tashkalar.model.types import Square

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.model.cards import Being
    from tashkalar_cli.games.tashkalar.model.markers import MarkerRule
    from tashkalar_cli.games.tashkalar.model.position import Piece, Position


class Summoned(NamedTuple):
    """A summon as a marker's handler sees it: ``player`` summoned ``card`` on ``target`` from ``before``
    (``after``: the position the summon rules made), using the pieces on ``used`` (the pattern's squares)."""

    card: Being
    before: Position
    after: Position
    player: str
    target: Square
    used: Collection[Square]


#: a handler: the rule of the marker, the summon; the position once the marker moved (or ``summon.after``)
SummonHandler = Callable[["MarkerRule", Summoned], "Position"]


def takes_the_new_being(rule: MarkerRule, summon: Summoned) -> Position:
    """The Nethervoid Gateway: the new being bears the marker when the player bears none, or when the summon
    used the piece bearing it (one of the pattern's pieces, or the piece on the summoning square)."""
    after = summon.after
    if summon.card.rank not in rule.ranks:
        return after
    old = summon.before.marked(rule.name).get(summon.player)
    if summon.player in after.marked(rule.name) and old != summon.target and old not in summon.used:
        return after
    return after.with_mark(rule, summon.player, summon.target)


#: the handlers of ``on_summon``, by the name a deck's data gives
ON_SUMMON: dict[str, SummonHandler] = {"gateway": takes_the_new_being}


def after_summon(card: Being, before: Position, player: str, target: Square, take_back: Square | None,
                 used: Iterable[Square]) -> tuple[Position, Piece | None]:
    """The position right after ``player`` summoned ``card`` on ``target`` from ``before`` (``take_back``:
    in shortage, the piece taken back; ``used``: the squares of the pattern's pieces), and the piece the
    summon destroyed: the summon rules of :meth:`Position.after_summon`, then the deck's marker handlers.
    Every caller that plays a summon (the checker's ``--apply``, the planner, the goal search, the effects)
    plays it here or through :func:`markers_after_summon`."""
    after, destroyed = before.after_summon(player, card.rank, target, take_back)
    return markers_after_summon(card, before, after, player, target, used), destroyed


def markers_after_summon(card: Being, before: Position, after: Position, player: str, target: Square,
                         used: Iterable[Square]) -> Position:
    """``after`` (the position right after ``player`` summoned ``card`` on ``target`` from ``before``, using
    the pieces on ``used``) with the markers the handlers of ``card``'s deck move."""
    rules = [rule for rule in card.markers if rule.on_summon is not None]
    if not rules:
        return after
    summon = Summoned(card, before, after, player, target, frozenset(used))
    for rule in rules:
        handler = ON_SUMMON.get(rule.on_summon or "")
        if handler is None:
            raise ValueError(f"no handler {rule.on_summon!r} for the marker {rule.name!r} (engine/markers.py)")
        summon = summon._replace(after=handler(rule, summon))
    return summon.after


__all__ = ["ON_SUMMON", "SummonHandler", "Summoned", "after_summon", "markers_after_summon", "takes_the_new_being"]
