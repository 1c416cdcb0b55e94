"""The planner's search state: a :class:`~tashkalar_cli.games.tashkalar.model.state.BoardState` (the one board
state), and what the planner reads of it for its player, read once per state through the state's own definitions."""

from __future__ import annotations

from typing import NamedTuple

from tashkalar_cli.games.tashkalar.model.state import KINDS, BoardState, piece_code, piece_codes
from tashkalar_cli.games.tashkalar.model.summon import side_masks
from tashkalar_cli.games.tashkalar.model.types import Piece, Square


class _Side(NamedTuple):
    """A :class:`BoardState` seen by the player of color index ``ci``: the masks the planner's verification reads
    again and again, each made once from the state's definitions as the engine reads them (:func:`side_masks`), none
    kept up to date by the planner (an action makes a new state, :meth:`BoardState.put`, and :meth:`after` reads it
    again)."""

    state: BoardState
    ci: int
    own: tuple[int, ...]          # by level: the player's pieces of at least that rank (BoardState.at_least)
    occ_gt: tuple[int, ...]       # by a being's level: the pieces it may not replace (BoardState.blockers)
    occ: int                      # every piece (BoardState.occupied)
    own_kind: tuple[int, ...]     # by kind (KINDS): the player's pieces of that kind (BoardState.of_kind)
    supply: tuple[int, ...]       # by kind: the player's pieces off the board (BoardState.supply)
    pieces: dict[Square, Piece | None]   # the pieces read so far (piece_at), by square

    @classmethod
    def of(cls, state: BoardState, ci: int) -> _Side:
        """``state`` seen by color ``ci``: the masks the engine reads of it (:func:`side_masks`), and the supply."""
        masks = side_masks(state, ci)
        return cls(state, ci, masks.own, masks.above, masks.occupied, tuple(masks.kinds[k] for k in KINDS),
                   tuple(state.supply(ci, k) for k in KINDS), {})

    def after(self, sq: Square, level: int) -> _Side:
        """After the player's piece of rank ``level`` is put on ``sq`` (a place, a heroic put back as a common, a
        summon): a piece picked up or taken back first is still on the board (the search keeps it as a set of
        alternatives), and so leaves no piece of its kind off the board, not fewer (:func:`supply_left`)."""
        return _Side.of(self.state.put(sq, piece_code(self.ci, level)), self.ci)

    def piece_at(self, sq: Square) -> Piece | None:
        """The piece on ``sq`` (None: an empty square), read once per square (the same squares are asked again and
        again: every summon on a square destroys the same piece)."""
        got = self.pieces.get(sq, self)
        if got is self:
            code = self.state.code_at(sq)
            got = self.pieces[sq] = piece_codes(self.state.colors).pieces[code] if code else None
        return got  # type: ignore[return-value]


__all__ = ["_Side"]
