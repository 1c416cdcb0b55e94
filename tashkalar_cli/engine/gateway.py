"""The Nethervoid Gateway at a summon: which piece is the Gateway once a being is on the board.

The Gateway is one common or heroic piece of a Nethervoid player (position field ``gateway``). When
that player summons a being of the nethervoid deck, the new being becomes the Gateway if the player
has none, or if the summon used the Gateway: one of the pieces of its pattern, or the piece on the
summoning square. This runs before the being's effect, so the effect may find ``self`` to be the
Gateway. Other summons leave the Gateway where it is (it is lost if the summon destroyed it or took
it back: see :func:`tashkalar_cli.model.position.gateways_kept`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from tashkalar_cli.model.types import Rank, Square

if TYPE_CHECKING:
    from tashkalar_cli.model.cards import Being
    from tashkalar_cli.model.position import Piece, Position

#: the deck whose beings take the Gateway
GATEWAY_DECK = "nethervoid"


def after_summon(card: Being, before: Position, player: str, target: Square, take_back: Square | None,
                 used: Iterable[Square]) -> tuple[Position, Piece | None]:
    """The position right after ``player`` summoned ``card`` on ``target`` from ``before`` (``take_back``:
    in shortage, the piece taken back; ``used``: the squares of the pattern's pieces), and the piece the
    summon destroyed: the summon rules of :meth:`Position.after_summon`, then the Gateway rule. Every
    caller that plays a summon (the checker's ``--apply``, the planner, the goal search) plays it here."""
    after, destroyed = before.after_summon(player, card.rank, target, take_back)
    return gateway_after_summon(card, before, after, player, target, used), destroyed


def gateway_after_summon(card: Being, before: Position, after: Position, player: str, target: Square,
                         used: Iterable[Square]) -> Position:
    """``after`` (the position right after ``player`` summoned ``card`` on ``target`` from ``before``,
    using the pieces on ``used``) with the player's Gateway as the rule makes it."""
    if card.deck != GATEWAY_DECK or card.rank is Rank.LEGENDARY:
        return after
    old = before.gateway.get(player)
    if player in after.gateway and old != target and old not in set(used):
        return after
    return replace(after, gateway={**after.gateway, player: target})


__all__ = ["GATEWAY_DECK", "after_summon", "gateway_after_summon"]
