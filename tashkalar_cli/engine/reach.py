"""How far the rest of a turn can change the board, counted per kind of change: the one measure the
goal search (:mod:`tashkalar_cli.engine.goals`) and the goals' own rules (a task's requirements in
:mod:`~tashkalar_cli.engine.tasks`, a flare's thresholds in :mod:`~tashkalar_cli.engine.flares`) share."""

from __future__ import annotations

from typing import NamedTuple

#: per kind of change, at most how many (None: no bound known): "destroy" (pieces destroyed or removed by
#: a step), "combat" (pieces destroyed by moves: standard moves onto lower ranks as well as combat moves),
#: "move" (pieces of the player's, or of any color, moved: a piece moved several times counts once),
#: "move_enemy" (pieces of an enemy color moved), "place", "upgrade", "downgrade", "convert", "swap",
#: "summon" (a being summoned: a new piece of the player's). The goal's rule says what each kind can do
#: to it (tasks.STEP_REACH, flares.within_reach); goals.effect_reach reads it from a card's program.
Reach = dict[str, int | None]


class Budget(NamedTuple):
    """What the rest of a turn can change: any ``actions`` of the ``options`` (the reach of each action the player
    may take: a place as many times as it may be taken, each card of the hand once)."""

    options: tuple[Reach, ...]
    actions: int


def gain(reach: Reach | Budget, weights: dict[str, int]) -> int | None:
    """The most ``reach`` can add to a count that each change of a kind moves by its weight (a kind
    missing from ``weights``: nothing); None when a kind that counts has no bound. A :class:`Budget`: the
    most any of its actions can add together (the most each option can add, the largest ``actions`` of them)."""
    if isinstance(reach, Budget):
        each = []
        for option in reach.options:
            got = gain(option, weights)
            if got is None:
                return None
            each.append(got)
        return sum(sorted(each, reverse=True)[:reach.actions])
    total = 0
    for kind, n in reach.items():
        w = weights.get(kind, 0)
        if w and n is None:
            return None
        total += w * (n or 0)
    return total


__all__ = ["Budget", "Reach", "gain"]
