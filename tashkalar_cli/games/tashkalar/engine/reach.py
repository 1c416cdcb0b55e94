"""How far the rest of a turn can change the board, counted per kind of change: the one measure the
goal search (:mod:`tashkalar_cli.games.tashkalar.engine.goals`) and the goals' own rules (a task's requirements in
:mod:`~tashkalar_cli.games.tashkalar.engine.tasks`, a flare's thresholds in
:mod:`~tashkalar_cli.games.tashkalar.engine.flares`) share."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from tashkalar_cli.games.tashkalar.model.board import bits

#: per kind of change, at most how many (None: no bound known): "destroy" (pieces destroyed or removed by
#: a step), "combat" (pieces destroyed by moves: standard moves onto lower ranks as well as combat moves),
#: "move" (pieces of the player's, or of any color, moved: a piece moved several times counts once),
#: "move_enemy" (pieces of an enemy color moved), "place", "upgrade", "downgrade", "convert", "swap",
#: "summon" (a being summoned: a new piece of the player's). The goal's rule says what each kind can do
#: to it (tasks.STEP_REACH, flares.within_reach); program_reach.effect_reach reads it from a card's program.
Reach = dict[str, int | None]


#: the kinds of change that may put a piece of the player's on a square where there was none
OWN_KINDS = ("move", "place", "convert", "swap", "summon")


def adds_own(reach: Reach | Budget | Walk) -> bool:
    """Whether ``reach`` may put a piece of the player's on a square where there was none (a kind of
    :data:`OWN_KINDS` it may change at all: a being that moves is a :class:`Walk`, and a :class:`Budget` holds places
    and summons)."""
    if not isinstance(reach, dict):
        return True
    return any(reach.get(kind, 0) != 0 for kind in OWN_KINDS)


class Budget(NamedTuple):
    """What the rest of a turn can change: any ``actions`` of the ``options`` (the reach of each action the player
    may take: a place as many times as it may be taken, each card of the hand once)."""

    options: tuple[Reach, ...]
    actions: int


class Walk(NamedTuple):
    """What the effect of a being just summoned can change when all it does is move that being, one step at a
    time onto an adjacent square (no leap): at most ``steps`` steps from ``start``, each onto an empty square or
    onto a piece it destroys, one of ``prey`` (a mask of squares, on the board right after the summon: the pieces
    of the other colors its moves may end on; the other pieces stay where they are, and the player's own pieces,
    were they destroyed, raise no count a goal reads). ``reach``: the effect's reach as its program gives it (one
    piece moved, ``combat`` at most ``steps`` pieces destroyed); ``distance``: the board's distance (the fewest
    steps from one square to another)."""

    reach: Reach
    start: int
    steps: int
    prey: int
    distance: Callable[[int, int], int]

    def most_destroyed(self, among: int) -> int:
        """The most pieces of ``prey & among`` one walk of ``steps`` steps from ``start`` can end on, each step
        ending on at most one (a walk that takes pieces p1, p2... in turn is at least as long as the sum of the
        distances start-p1, p1-p2...)."""
        return _most_on_walk(self.distance, self.start, self.steps, self.prey & among)


@lru_cache(maxsize=4096)
def _most_on_walk(dist: Callable[[int, int], int], start: int, steps: int, prey: int) -> int:
    """:meth:`Walk.most_destroyed` of the squares ``prey``: the same for every board whose prey is the same (a goal
    search asks it of thousands), made once; and in it, the most from a square with so many steps left and those
    pieces taken found once, whatever the order they were taken in (the walks are tried in every order)."""
    near = [sq for sq in bits(prey) if dist(start, sq) <= steps]
    found: dict[tuple[int, int, frozenset[int]], int] = {}

    def most(at: int, left: int, taken: frozenset[int]) -> int:
        key = (at, left, taken)
        got = found.get(key)
        if got is not None:
            return got
        best = 0
        for sq in near:
            if sq not in taken:
                d = dist(at, sq)
                if d <= left:
                    best = max(best, 1 + most(sq, left - d, taken | {sq}))
                    if best == len(near) - len(taken):
                        break
        found[key] = best
        return best

    return most(start, steps, frozenset()) if near else 0


def gain(reach: Reach | Budget | Walk, weights: dict[str, int], region: int | None = None) -> int | None:
    """The most ``reach`` can add to a count that each change of a kind moves by its weight (a kind
    missing from ``weights``: nothing); None when a kind that counts has no bound. A :class:`Budget`: the
    most any of its actions can add together (the most each option can add, the largest ``actions`` of them).
    ``region``: the squares whose pieces the count reads (None: any square, or not a count of squares); only a
    :class:`Walk` says where its changes are: the being moved adds nothing to a count of squares it stands on
    already, and it destroys only pieces it can reach (among those of ``region``)."""
    if isinstance(reach, Budget):
        each = []
        for option in reach.options:
            got = gain(option, weights)
            if got is None:
                return None
            each.append(got)
        return sum(sorted(each, reverse=True)[:reach.actions])
    if isinstance(reach, Walk):
        rest = {k: n for k, n in reach.reach.items() if k not in ("move", "combat")}
        total = gain(rest, weights)
        if total is None:
            return None
        if weights.get("move", 0) and reach.reach.get("move", 0) != 0 and (region is None or not region >> reach.start & 1):
            total += weights["move"]
        if weights.get("combat", 0) and reach.reach.get("combat", 0) != 0:
            cap = reach.reach["combat"]
            got = reach.most_destroyed(-1 if region is None else region)
            total += weights["combat"] * (got if cap is None else min(cap, got))
        return total
    total = 0
    for kind, n in reach.items():
        w = weights.get(kind, 0)
        if w and n is None:
            return None
        total += w * (n or 0)
    return total


__all__ = ["OWN_KINDS", "Budget", "Reach", "Walk", "adds_own", "gain"]
