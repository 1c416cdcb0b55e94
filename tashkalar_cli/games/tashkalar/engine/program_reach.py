"""What a card's program can change on the board, read from its steps alone (no position, no resolution): the
upper bound (:data:`~tashkalar_cli.games.tashkalar.engine.reach.Reach`) the goal search
(:mod:`tashkalar_cli.games.tashkalar.engine.goals`) plays
the rest of a turn against, and the programs that only walk the being summoned
(:class:`~tashkalar_cli.games.tashkalar.engine.reach.Walk`)."""

from __future__ import annotations

from tashkalar_cli.games.tashkalar.engine.reach import Reach
from tashkalar_cli.games.tashkalar.model.effects import (
    Choose,
    ChooseColor,
    ChooseDirection,
    ChooseSquare,
    ForEach,
    Gain,
    If,
    Linked,
    Mark,
    Move,
    Note,
    Place,
    Program,
    Repeat,
    Select,
    Special,
    Step,
    Swap,
    walk,
)


def effect_reach(program: Program, colors: int) -> tuple[Reach | None, bool]:
    """(reach, gains) of ``program``: an upper bound, read from its steps alone, on what any resolution can
    change (see :data:`Reach`: per kind of change, None when that kind has no bound, e.g. the pieces of an
    area destroyed, all of them; None: no bound on anything, e.g. a special), and whether it may give the turn
    more actions (``colors``: how many colors a ``for each color`` step may take)."""
    gains = any(isinstance(s, (Gain, Special)) for s in walk(program))
    return _reach(program, colors, set()), gains


def effect_walk(program: Program) -> tuple[int, tuple[Move, ...]] | None:
    """When all ``program`` does on the board is move the being summoned (``self``) one step at a time (no leap:
    a move to an adjacent square, whatever else limits it), and so can be bounded as a :class:`Walk`: (the most
    steps, every move of it in the program added up; those moves). None for any other program."""
    steps, moves = 0, []
    for step in walk(program):
        if isinstance(step, Move):
            n = None if step.any_number else step.up_to if step.up_to is not None else step.times
            if step.piece.ref != "self" or step.leap or n is None:
                return None
            steps += n
            moves.append(step)
        elif not isinstance(step, (If, Choose, ChooseDirection, Linked)):    # what changes nothing on the board
            return None
    return (steps, tuple(moves)) if steps else None


def add(a: Reach | None, b: Reach | None) -> Reach | None:
    """``a`` then ``b``: what both change, kind by kind (None: no bound)."""
    if a is None or b is None:
        return None
    out = dict(a)
    for k, v in b.items():
        old = out.get(k, 0)
        out[k] = None if old is None or v is None else old + v
    return out


def _most(a: Reach | None, b: Reach | None) -> Reach | None:
    if a is None or b is None:
        return None
    out = dict(a)
    for k, v in b.items():
        old = out.get(k, 0)
        out[k] = None if old is None or v is None else max(old, v)
    return out


def _times(a: Reach | None, n: int | None) -> Reach | None:
    """``a`` repeated ``n`` times (None: any number of times: what it may change has no bound)."""
    if a is None:
        return None
    if n is None:
        return {k: None if v is None or v else 0 for k, v in a.items()}
    return {k: None if v is None else v * n for k, v in a.items()}


def _reach(program: Program, colors: int, enemy_names: set[str]) -> Reach | None:
    """The reach of a program (``enemy_names``: the names bound to enemy colors so far)."""
    total: Reach | None = {}
    for step in program:
        total = add(total, _step_reach(step, colors, enemy_names))
    return total


def _step_reach(step: Step, colors: int, enemy_names: set[str]) -> Reach | None:
    """The reach of one step: a change on the board, a choice (nothing), or a block of steps; None for a special
    (anything may happen)."""
    if isinstance(step, (Select, Place, Swap, Move)):
        return _change_reach(step, enemy_names)
    if isinstance(step, (ChooseColor, ChooseDirection, ChooseSquare, Mark, Gain, Note)):
        if isinstance(step, ChooseColor) and step.among == "enemy":
            enemy_names.add(step.bind)
        return {}
    if isinstance(step, (Linked, Choose, If, Repeat, ForEach)):
        return _block_reach(step, colors, enemy_names)
    return None


def _change_reach(step: Select | Place | Swap | Move, enemy_names: set[str]) -> Reach:
    """The reach of a step that changes the board: how many pieces it may destroy, upgrade, place, move..."""
    if isinstance(step, Select):
        c = step.counting
        n = None if c.all else c.up_to if c.up_to is not None else c.count
        kind = {"destroy": "destroy", "remove": "destroy", "upgrade": "upgrade", "downgrade": "downgrade",
                "convert": "convert"}.get(step.op)
        return {} if kind is None else {kind: n}
    if isinstance(step, Place):
        c = step.counting
        return {"place": None if c.all else c.up_to if c.up_to is not None else c.count}
    if isinstance(step, Swap):
        return {"swap": 1}
    n = None if step.any_number else step.up_to if step.up_to is not None else step.times
    sel = step.piece
    enemy = sel.owner in ("enemy", "more") or (sel.owner == "same" and sel.same in enemy_names)
    pieces = n if step.per_move else 1     # the piece chosen once moves as one piece
    # a move may end on a piece of lower rank (a combat move: or of the same rank) and destroy it
    return {"move_enemy" if enemy else "move": pieces, "combat": 0 if step.onto == "empty" else n}


def _block_reach(step: Linked | Choose | If | Repeat | ForEach, colors: int, enemy_names: set[str]) -> Reach | None:
    """The reach of a block of steps: its steps', the most of its alternatives', or its steps' repeated."""
    if isinstance(step, Linked):
        return _reach(step.steps, colors, enemy_names)
    if isinstance(step, Choose):
        got: Reach | None = {}
        for alt in step.alternatives:
            got = _most(got, _reach(alt, colors, enemy_names))
        return got
    if isinstance(step, If):
        return _most(_reach(step.then, colors, enemy_names), _reach(step.otherwise, colors, enemy_names))
    if isinstance(step, Repeat):
        return _times(_reach(step.steps, colors, enemy_names), step.up_to if step.up_to is not None else step.times)
    if step.among == "enemy":
        enemy_names.add(step.bind)
    return _times(_reach(step.steps, colors, enemy_names), colors)


__all__ = ["add", "effect_reach", "effect_walk"]
