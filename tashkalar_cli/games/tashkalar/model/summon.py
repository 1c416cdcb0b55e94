"""What a summon does on the summoning square: the one statement of its rules.

Once a pattern is met, the being's piece goes on the summoning square (the target):

* blocking: a piece of a higher rank than the being stands there (for a being summoned on an
  empty square, such as the Time Traveler, any piece): the summon is not possible;
* otherwise a piece there is destroyed, unless, in piece shortage, it is the player's own piece of
  the being's kind: then it becomes the being (flipped if need be) and nothing is destroyed;
* piece shortage (no piece of the being's kind off the board) without such a piece: one of the
  player's pieces of that kind, neither on the target nor one of the pattern's pieces, is taken
  back to be the being; with none, the summon is not possible.

The rules are written here once, on bitboards, and every caller uses them: the engine's check
(:meth:`Engine.check`), the planner's verification of a placement after a first action, and the
position update (:meth:`Position.after_summon`). Their inputs (which pieces block, which are the
player's of the being's kind, whether the player is in piece shortage) are those of the position's
:class:`~tashkalar_cli.games.tashkalar.model.state.BoardState`, read by :func:`side_masks` and :func:`in_shortage` for the engine
and by the position update alike; the planner reads them from the states its actions make
(:meth:`BoardState.put`: ``engine/planner/state.py``'s ``_Side``).

The planner asks a wider question: the first action of a plan takes one of the player's pieces
off the board (picked up to be placed, or taken back by a first summon), and it wants to know with
which of them the summon works. :func:`summon_choices` answers it for a whole set of such
alternatives at once; the alternative "no piece removed" is the bit :data:`NO_REMOVAL`, which is
not a square of any board (a padding bit of the bitboard layout), so the plain question is the
same computation with that one alternative.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from tashkalar_cli.games.tashkalar.model.board import STRIDE
from tashkalar_cli.games.tashkalar.model.state import KINDS, BoardState
from tashkalar_cli.games.tashkalar.model.types import RANKS, Bitboard, PieceKind, Square

#: the alternative "no piece has left the board": a padding bit, never a square (boards are at most
#: ``STRIDE // 2 + 4`` files wide, see :class:`Board`)
NO_REMOVAL = Bitboard(1 << (STRIDE - 1))


class SummonFacts(NamedTuple):
    """What a legal summon implies on its target."""

    destroys: bool          # the piece on the target is destroyed
    reuses: bool            # piece shortage: the player's piece on the target becomes the being
    take_back: Bitboard     # piece shortage: the player's pieces one of which is picked up to be the being


_NOTHING = SummonFacts(False, False, Bitboard(0))
_DESTROYS = SummonFacts(True, False, Bitboard(0))
_REUSES = SummonFacts(False, True, Bitboard(0))


class SideMasks(NamedTuple):
    """A position's bitboards seen by one player, made in one pass over its pieces: what the rules of the
    summoning square read (:meth:`blockers`, :meth:`own_kind`, :func:`in_shortage`), and what a pattern is
    matched on (the player's pieces, and an allowed enemy's, of at least each rank)."""

    occupied: Bitboard
    above: tuple[Bitboard, ...]         # by a being's level: the pieces of a higher rank
    own: tuple[Bitboard, ...]           # by level: the player's pieces of at least that rank
    enemy: tuple[Bitboard, ...]         # by level: the allowed enemy's pieces of at least that rank
    kinds: Mapping[PieceKind, Bitboard]     # the player's pieces of each kind (double-sided, legendary)

    def blockers(self, level: int, on_empty: bool = False) -> Bitboard:
        """The pieces a being of ``level`` may not replace: those of a higher rank (every piece, for a being
        summoned on an empty square)."""
        return self.occupied if on_empty else self.above[level]

    def own_kind(self, kind: PieceKind) -> Bitboard:
        return self.kinds[kind]


def side_masks(state: BoardState, player: int, enemy: int | None = None) -> SideMasks:
    """The :class:`SideMasks` of ``state`` seen by ``player`` (a color index; ``enemy``: the color whose pieces may
    stand in a pattern, else None), read from the state's definitions."""
    n = len(RANKS)
    none = Bitboard(0)
    return SideMasks(state.occupied, tuple(state.blockers(lvl) for lvl in range(n)),
                     tuple(state.at_least(player, lvl) for lvl in range(n)),
                     tuple(state.at_least(enemy, lvl) if enemy is not None else none for lvl in range(n)),
                     {kind: state.of_kind(player, kind) for kind in KINDS})


def in_shortage(state: BoardState, player: int, kind: PieceKind) -> bool:
    """Piece shortage: no piece of ``player``'s (a color index) of this kind left off the board."""
    return state.supply(player, kind) == 0


def summon_choices(target: Square, blockers: int, own_kind: int, required: int, short: bool,
                   removal: int = NO_REMOVAL) -> int:
    """The alternatives of ``removal`` with which the summon on ``target`` is legal (0: none).

    ``blockers``: the pieces the being may not replace (of a higher rank; every piece for a being
    summoned on an empty square); ``own_kind``: the player's pieces of the being's kind;
    ``required``: the squares of the pattern's pieces (already checked to hold the right pieces);
    ``short``: piece shortage of the being's kind. ``removal``: the player's pieces one of which
    leaves the board before the summon, each still in the bitboards, and/or :data:`NO_REMOVAL`.
    With the default, the answer is :data:`NO_REMOVAL` when the summon is legal, else 0.
    """
    tbit = 1 << target
    choices = removal & ~required              # the pattern needs every one of its pieces
    if blockers & tbit:
        choices &= tbit                        # outranked, unless that piece is the one that left
    if not short:
        return choices
    spare = own_kind & ~required & ~tbit       # the pieces that may be taken back
    if own_kind & tbit:
        # the piece on the target becomes the being; if it is the one that left, another is taken back
        return (choices & ~tbit) | (choices & tbit if spare else 0)
    return _leaving_one(choices, spare)


def summon_facts(target: Square, occupied: int, own_kind: int, required: int, short: bool,
                 removed: Square | None = None) -> SummonFacts:
    """What the legal summon on ``target`` implies (arguments as for :func:`summon_choices`;
    ``occupied``: every piece; ``removed``: the piece that left the board first, still in the bitboards)."""
    tbit = 1 << target
    gone = 1 << removed if removed is not None else 0
    there = occupied & tbit & ~gone
    if not short:
        return _DESTROYS if there else _NOTHING
    if own_kind & tbit & ~gone:
        return _REUSES
    return SummonFacts(bool(there), False, Bitboard(own_kind & ~tbit & ~required & ~gone))


def _leaving_one(choices: int, spare: int) -> int:
    """The alternatives that leave at least one ``spare`` piece to take back."""
    if not spare:
        return 0
    if spare & (spare - 1):       # two or more: any removal leaves one
        return choices
    return choices & ~spare       # exactly one: it must not be the one removed


__all__ = ["NO_REMOVAL", "SideMasks", "SummonFacts", "in_shortage", "side_masks", "summon_choices", "summon_facts"]
