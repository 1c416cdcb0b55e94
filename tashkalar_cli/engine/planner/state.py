"""The planner's search state: the bitboards of one position seen by one player, updated square by square."""

from __future__ import annotations

from tashkalar_cli.engine.summoning import Placement
from tashkalar_cli.model.position import Piece, Position
from tashkalar_cli.model.summon import summon_supply
from tashkalar_cli.model.types import PieceKind, Rank, Square

KINDS = (PieceKind.DOUBLE_SIDED, PieceKind.LEGENDARY)
_KIND_INDEX = {PieceKind.DOUBLE_SIDED: 0, PieceKind.LEGENDARY: 1}


class _State:
    """The bitboards of one position seen by one player, updated square by square."""

    __slots__ = ("occ", "occ_gt", "own", "own_kind", "pieces", "player", "supply")

    def __init__(self, player: str, pieces: dict[Square, Piece], own: list[int], occ_gt: list[int], occ: int,
                 own_kind: list[int], supply: list[int]) -> None:
        self.player = player
        self.pieces = pieces
        self.own = own              # own pieces of at least that rank (common, heroic, legendary)
        self.occ_gt = occ_gt        # any piece of a higher rank than that
        self.occ = occ
        self.own_kind = own_kind    # own double-sided pieces, own legendary pieces
        self.supply = supply        # own pieces off the board, per kind

    @classmethod
    def of(cls, pos: Position, player: str) -> _State:
        st = cls(player, {}, [0, 0, 0], [0, 0, 0], 0, [0, 0], [pos.off_board(player, k) for k in KINDS])
        for sq, piece in pos.pieces.items():
            st._put(sq, piece)
        return st

    def copy(self) -> _State:
        return _State(self.player, dict(self.pieces), list(self.own), list(self.occ_gt), self.occ,
                      list(self.own_kind), list(self.supply))

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

    def placed(self, square: Square, from_supply: bool) -> _State:
        """After placing a common piece (from the supply, or one picked up: see the removal choices)."""
        st = self.copy()
        st._put(square, Piece(self.player, Rank.COMMON))
        if from_supply:
            st.supply[0] -= 1
        return st

    def replaced(self, square: Square, piece: Piece) -> _State:
        st = self.copy()
        st._clear(square)
        st._put(square, piece)
        return st

    def summoned(self, target: Square, rank: Rank, p: Placement) -> _State:
        """After the summon ``p`` (a taken-back piece is still on its square: see the removal choices)."""
        st = self.copy()
        old = st._clear(target)
        st._put(target, Piece(self.player, rank))
        for color, kind, delta in summon_supply(self.player, rank.kind, p.shortage, old if p.reuses is None else None):
            if color == self.player:
                st.supply[_KIND_INDEX[kind]] += delta
        return st



__all__ = ["KINDS", "_KIND_INDEX", "_State"]
