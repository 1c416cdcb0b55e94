"""The resolver's registers: what a state remembers besides its board, one typed record per kind.

A state's registers are a tuple (hashed and compared by the visited set), one entry per register of the
compiled program (:class:`~tashkalar_cli.games.tashkalar.engine.effects.compiler.Compiled`): the names bound by ``as:``, the
moves of a step under way, the counters of loops, the linked block being run. Records are named tuples:
their fields are read by name at nearly the cost of an index, and two states with the same registers
compare equal in C.
"""

from __future__ import annotations

from typing import NamedTuple, TypeAlias


class Bound(NamedTuple):
    """A name bound by a step: the pieces it picked, followed as they move (``follows``), or the squares it
    left (a destroyed piece's square, a chosen square: ``follows`` False)."""

    follows: bool
    squares: tuple[int, ...]
    codes: tuple[int, ...]          # the codes of the pieces when bound
    done: bool                      # whether the step did anything
    size: int                       # how many pieces (squares) it did
    hits: tuple[int, ...] | None = None     # bound by a move: the codes of the pieces its moves destroyed

    @property
    def destroyed(self) -> tuple[int, ...]:
        """The codes of the pieces destroyed: by the moves (pieces followed), or those of the squares left."""
        if not self.done:
            return ()
        if self.follows:
            return self.hits or ()      # pieces upgraded, placed, picked...: none destroyed
        return self.codes


#: nothing bound (a chosen square when there is none, the piece a summon destroyed when it destroyed none)
NOTHING = Bound(False, (), (), False, 0)


class MoveReg(NamedTuple):
    """The moves of one step under way."""

    made: int                       # the moves made
    piece: int                      # the piece moving (its square; -1: each move picks its piece)
    direction: str | None           # the direction the moves go (None: free; "none": a direction that is unbound)
    moved: tuple[int, ...]          # the squares of the pieces that moved (tracked: once each, bound after)
    hits: tuple[int, ...]           # the codes of the pieces the moves destroyed (bound after)
    last: tuple[int, ...]           # the last move (from, to), when it commutes with others (see the reduction)
    by: bool                        # whether the piece a move must be made by moved (``if_all_one_by``)
    colors: tuple[int, ...]         # the colors of the pieces chosen (a most per color)


def fresh_move(piece: int, direction: str | None) -> MoveReg:
    """A step's moves before the first."""
    return MoveReg(0, piece, direction, (), (), (), False, ())


class ColorReg(NamedTuple):
    """A color chosen (``color:``, ``for_each``): its index in the board's colors."""

    color: int


class DirectionReg(NamedTuple):
    """A direction chosen (``direction:``)."""

    direction: str


class LinkReg(NamedTuple):
    """The linked block being run: its id, and whether a step of it fell short (the block then fails)."""

    id: int
    failed: bool


class LoopReg(NamedTuple):
    """A ``repeat`` under way: the rounds made, and (``until`` loops) the state a round started from (a round
    that changed nothing ends the loop)."""

    rounds: int
    before: tuple[bytes, int, tuple[str, ...]] | None = None


#: one register (an ``int``: the round of a ``for_each``)
Register: TypeAlias = Bound | MoveReg | ColorReg | DirectionReg | LinkReg | LoopReg | int | None
Registers: TypeAlias = tuple[Register, ...]


def with_register(regs: Registers, at: int, value: Register) -> Registers:
    """``regs`` with register ``at`` set to ``value``."""
    new = list(regs)
    new[at] = value
    return tuple(new)


#: a record made in C from its fields in order (a named tuple's own ``__new__`` is a Python function): the walk's
#: hottest registers are made this way
_record = tuple.__new__


def tracked(regs: Registers) -> set[int]:
    """The squares the registers follow: :func:`retrack` changes nothing for moves that touch none of them."""
    out: set[int] = set()
    for value in regs:
        cls = value.__class__       # the records are final: their class said at once (no isinstance walk)
        if cls is Bound:
            if value.follows:        # type: ignore[union-attr]
                out.update(value.squares)        # type: ignore[union-attr]
        elif cls is MoveReg:
            out.add(value.piece)     # type: ignore[union-attr]
            out.update(value.moved)  # type: ignore[union-attr]
    return out


def retrack(regs: Registers, moves: dict[int, int | None]) -> Registers:
    """The registers once pieces moved (``moves``: old square -> new square, None: destroyed)."""
    out: list[Register] | None = None
    keys = moves.keys()
    for i, value in enumerate(regs):
        cls = value.__class__
        if cls is Bound:
            b: Bound = value    # type: ignore[assignment]
            if not b.follows or keys.isdisjoint(b.squares):
                continue
            kept = [moves.get(sq, sq) for sq in b.squares]
            if out is None:
                out = list(regs)
            # in board order: the same pieces, moved in another order, are the same register (a state met
            # again, not a new one)
            out[i] = _record(Bound, (True, tuple(sorted([sq for sq in kept if sq is not None])), b.codes, b.done,
                                     b.size, b.hits))
        elif cls is MoveReg:
            m: MoveReg = value  # type: ignore[assignment]
            piece, moved = m.piece, m.moved
            if piece in moves or not keys.isdisjoint(moved):
                new_piece = moves.get(piece, piece)
                kept = [moves.get(sq, sq) for sq in moved]
                if out is None:
                    out = list(regs)
                out[i] = _record(MoveReg, (m.made, -1 if new_piece is None else new_piece, m.direction,
                                           tuple([sq for sq in kept if sq is not None]), m.hits, m.last, m.by,
                                           m.colors))
    return regs if out is None else tuple(out)


__all__ = ["NOTHING", "Bound", "ColorReg", "DirectionReg", "LinkReg", "LoopReg", "MoveReg", "Register",
           "Registers", "fresh_move", "retrack", "tracked", "with_register"]
