"""The planner's search state: the bitboards of one position seen by one player, updated square by square."""

from __future__ import annotations

from tashkalar_cli.games.tashkalar.model.position import Piece, Position
from tashkalar_cli.games.tashkalar.model.state import LEVELS, supply_left
from tashkalar_cli.games.tashkalar.model.types import PieceKind, Rank, Square

KINDS = (PieceKind.DOUBLE_SIDED, PieceKind.LEGENDARY)
_KIND_INDEX = {PieceKind.DOUBLE_SIDED: 0, PieceKind.LEGENDARY: 1}


class _State:
    """The bitboards of one position seen by one player: those of the position's board state (model/state.py), then
    updated square by square (``_put``, ``_clear``: tests/test_board_state.py holds them to the state's)."""

    __slots__ = ("occ", "occ_gt", "own", "own_kind", "pieces", "player", "stock", "supply")

    def __init__(self, player: str, pieces: dict[Square, Piece], own: list[int], occ_gt: list[int], occ: int,
                 own_kind: list[int], supply: list[int], stock: tuple[int, ...]) -> None:
        self.player = player
        self.pieces = pieces
        self.own = own              # own pieces of at least that rank (common, heroic, legendary)
        self.occ_gt = occ_gt        # any piece of a higher rank than that
        self.occ = occ
        self.own_kind = own_kind    # own double-sided pieces, own legendary pieces
        self.supply = supply        # own pieces off the board, per kind
        self.stock = stock          # own pieces in the game, per kind (BoardState.in_game)

    @classmethod
    def of(cls, pos: Position, player: str) -> _State:
        state = pos.state
        ci = state.index(player)
        return cls(player, dict(pos.pieces), [state.at_least(ci, lvl) for lvl in range(LEVELS)],
                   [state.blockers(lvl) for lvl in range(LEVELS)], state.occupied,
                   [state.of_kind(ci, k) for k in KINDS], [state.supply(ci, k) for k in KINDS],
                   tuple(state.in_game(ci, k) for k in KINDS))

    def copy(self) -> _State:
        return _State(self.player, dict(self.pieces), list(self.own), list(self.occ_gt), self.occ,
                      list(self.own_kind), list(self.supply), self.stock)

    def _put(self, sq: Square, piece: Piece) -> None:
        bit = 1 << sq
        self.pieces[sq] = piece
        self.occ |= bit
        level = piece.level
        for lvl in range(level):
            self.occ_gt[lvl] |= bit
        if piece.color == self.player:
            for lvl in range(level + 1):
                self.own[lvl] |= bit
            self.own_kind[_KIND_INDEX[piece.kind]] |= bit

    def _clear(self, sq: Square) -> Piece | None:
        piece = self.pieces.pop(sq, None)
        if piece is not None:
            keep = ~(1 << sq)
            self.occ &= keep
            self.occ_gt = [m & keep for m in self.occ_gt]
            self.own = [m & keep for m in self.own]
            self.own_kind = [m & keep for m in self.own_kind]
        return piece

    def _resupply(self) -> None:
        """The supply after an action, by the one rule (:func:`supply_left`: the stock less the pieces on the board;
        a piece picked up or taken back, still in the bitboards as a choice, leaves none, not fewer)."""
        self.supply = [supply_left(n, m.bit_count()) for n, m in zip(self.stock, self.own_kind, strict=True)]

    def placed(self, square: Square) -> _State:
        """After placing a common piece (from the supply, or one picked up: see the removal choices)."""
        st = self.copy()
        st._put(square, Piece(self.player, Rank.COMMON))
        st._resupply()
        return st

    def replaced(self, square: Square, piece: Piece) -> _State:
        st = self.copy()
        st._clear(square)
        st._put(square, piece)
        return st

    def summoned(self, target: Square, rank: Rank) -> _State:
        """After summoning a being of ``rank`` on ``target`` (a taken-back piece is still on its square: see the
        removal choices)."""
        st = self.copy()
        st._clear(target)
        st._put(target, Piece(self.player, rank))
        st._resupply()
        return st


__all__ = ["KINDS", "_KIND_INDEX", "_State"]
