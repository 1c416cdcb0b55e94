"""One board state: the pieces of a position as bitboards, one per color and rank, with the pieces each color
has in the game; every engine reads a position's pieces through the definitions written here once.

A :class:`BoardState` is immutable (python-chess's ``BaseBoard`` keeps a position in bitboards the same way).
It answers, each in one place:

* the piece at a square, as a code (:meth:`BoardState.code_at`): ``1 + 3 * color index + rank level``
  (:func:`piece_code`; 0: an empty square), the encoding of the resolver's bytes
  (:mod:`tashkalar_cli.games.tashkalar.engine.codes` builds its tables on it);
* the occupied squares (:attr:`BoardState.occupied`), the blockers of a being's rank (the pieces of a higher
  rank, :meth:`BoardState.blockers`), a color's pieces of at least a rank (:meth:`BoardState.at_least`) and of a
  kind (:meth:`BoardState.of_kind`);
* the supply, the pieces of a color and kind off the board (:meth:`BoardState.supply`, by :func:`supply_left`):
  the color's *stock* of that kind (its pieces in the game, on the board or off it) less those on the board,
  never below 0. A piece that leaves the board goes back to its owner's supply and a piece put on it comes
  from there, so the stock does not change while pieces move: the supply after any action follows from
  the pieces alone. The stock is made once from the game's piece counts (:meth:`GameConfig.owned`) and a
  position's stated supply (:meth:`BoardState.of_pieces`);
* the conversions to and from the resolver's bytes (:meth:`BoardState.codes`, :meth:`BoardState.from_codes`)
  and a position's pieces (:meth:`BoardState.pieces`, :meth:`BoardState.of_pieces`);
* the update of one square, each making a new state (python-chess's ``set_piece_at``, ``remove_piece_at``, on an
  immutable state): a piece put on a square whatever stood there (:meth:`BoardState.put`: a place, a summon's
  being), a square emptied (:meth:`BoardState.remove`), a piece moved (:meth:`BoardState.move`); an action's
  changes at once (:meth:`BoardState.changed`) are made of the same update. A state is a value: equal states
  (the same pieces and stock) hash alike, a key of a transposition table.

The model (:meth:`Position.state`, :mod:`tashkalar_cli.games.tashkalar.model.summon`), the summoning engine and the planner
(whose search state is a BoardState, its actions :meth:`BoardState.put`) take these from here, and so does the
goal search for a position's bytes (:meth:`BoardState.codes`); the effects resolver's counts on bytes, kept for
speed, are tested against them on every small position (``tests/test_board_state.py``), as are the updates
against the positions the same actions leave.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache, reduce
from operator import or_
from typing import NamedTuple

from tashkalar_cli.games.tashkalar.model.types import RANKS, Bitboard, Piece, PieceKind, Square

#: the levels of the ranks (common, heroic, legendary), as :attr:`tashkalar_cli.games.tashkalar.model.types.Rank.level`
LEVELS = len(RANKS)
#: the most colors a board's encoding holds (codes stay below 256)
MAX_COLORS = 255 // LEVELS
#: the kinds of pieces, in order (an enum's iteration is slow), and each one's index
KINDS: tuple[PieceKind, ...] = tuple(PieceKind)
KIND_INDEX: dict[PieceKind, int] = {kind: i for i, kind in enumerate(KINDS)}
#: the rank levels of the pieces of each kind (a double-sided piece: common or heroic)
KIND_LEVELS: dict[PieceKind, tuple[int, ...]] = {
    kind: tuple(level for level, rank in enumerate(RANKS) if rank.kind is kind) for kind in KINDS}


# ---------------------------------------------------------------------- the piece code

def piece_code(color: int, level: int) -> int:
    """The code of a piece of the color of index ``color`` (in the board's ``colors``) and rank ``level``."""
    return 1 + LEVELS * color + level


def color_of(code: int) -> int:
    """The color index of the piece of ``code`` (not 0: an empty square has none)."""
    return (code - 1) // LEVELS


def level_of(code: int) -> int:
    """The rank level of the piece of ``code`` (not 0: an empty square has none)."""
    return (code - 1) % LEVELS


#: :func:`color_of` and :func:`level_of` of every code, as tables (index 0, an empty square, holds 0)
COLOR_OF = bytes([0] + [color_of(c) for c in range(1, 256)])
LEVEL_OF = bytes([0] + [level_of(c) for c in range(1, 256)])


#: tables for ``bytes.translate``: b"0" becomes 0 and b"1" the code ``i + 1`` (see :meth:`BoardState.codes`)
_AS_CODE = [bytes(i + 1 if b == 49 else 0 for b in range(256)) for i in range(255)]


class PieceCodes(NamedTuple):
    """The pieces of a board's colors by their codes, and the codes by piece."""

    pieces: dict[int, Piece]
    codes: dict[Piece, int]


@lru_cache(maxsize=64)
def piece_codes(colors: tuple[str, ...]) -> PieceCodes:
    """The :class:`PieceCodes` of a board's ``colors`` (made once per colors)."""
    pieces = {piece_code(ci, level): Piece(c, RANKS[level]) for ci, c in enumerate(colors) for level in range(LEVELS)}
    return PieceCodes(pieces, {p: code for code, p in pieces.items()})


@lru_cache(maxsize=64)
def _color_index(colors: tuple[str, ...]) -> dict[str, int]:
    return {c: i for i, c in enumerate(colors)}


# ---------------------------------------------------------------------- the supply

def supply_left(stock: int, on_board: int) -> int:
    """The pieces of a color and kind off the board: of its ``stock`` (its pieces of that kind in the game), those
    not ``on_board``, never fewer than none. The one rule of the supply; a piece taken back or picked up that an
    engine still counts on the board while it weighs where it goes leaves none, not fewer."""
    return stock - on_board if stock > on_board else 0


def stock_of(owned: int, stated: int | None, on_board: int) -> int:
    """A color's stock of a kind: its pieces of that kind on the board plus those off it, which are the ``stated``
    supply of a position that says it, else what the color ``owned`` (the game's count) leaves."""
    return on_board + (stated if stated is not None else supply_left(owned, on_board))


# ---------------------------------------------------------------------- the state

def _set(boards: list[int], sq: int, code: int) -> int:
    """Put the piece of ``code`` (0: none) on ``sq`` in ``boards`` (:attr:`BoardState.boards`, as a list), whatever
    stood there gone: the one square update of every action. Returns the code of the piece that stood there."""
    bit = 1 << sq
    was = 0
    for i, board in enumerate(boards):
        if board & bit:
            boards[i] = board ^ bit
            was = i + 1
            break
    if code:
        boards[code - 1] |= bit
    return was


@dataclass(frozen=True, slots=True)
class BoardState:
    """The pieces of a position by color and rank, and the stock of each color and kind (see the module)."""

    colors: tuple[str, ...]
    #: ``boards[LEVELS * ci + level]``: the squares of the pieces of color ``ci`` and rank ``level``
    boards: tuple[int, ...]
    #: ``stock[len(KINDS) * ci + kind index]``: the pieces of color ``ci`` and that kind in the game
    stock: tuple[int, ...]

    @classmethod
    def of_pieces(cls, colors: tuple[str, ...], pieces: Mapping[Square, Piece], owned: Mapping[PieceKind, int],
                  stated: Mapping[str, Mapping[PieceKind, int]] | None = None) -> BoardState:
        """The state of ``pieces`` on a board of ``colors``: each color owns ``owned`` pieces of each kind (the
        game's counts), and has off the board what ``stated`` says (a position's supply), else what it owns less
        its pieces on the board."""
        boards = cls.boards_of(colors, pieces)
        counts = [owned.get(kind, 0) for kind in KINDS]
        stock: list[int] = []
        for ci, color in enumerate(colors):
            said = stated.get(color) if stated else None
            for k, kind in enumerate(KINDS):
                m = 0
                for level in KIND_LEVELS[kind]:
                    m |= boards[LEVELS * ci + level]
                stock.append(stock_of(counts[k], said.get(kind) if said else None, m.bit_count()))
        return cls(colors, boards, tuple(stock))

    @staticmethod
    def boards_of(colors: tuple[str, ...], pieces: Mapping[Square, Piece]) -> tuple[int, ...]:
        """The bitboards of ``pieces`` by color and rank, as :attr:`boards` holds them."""
        codes = piece_codes(colors).codes
        boards = [0] * (LEVELS * len(colors))
        for sq, piece in pieces.items():
            boards[codes[piece] - 1] |= 1 << sq
        return tuple(boards)

    @classmethod
    def from_codes(cls, colors: tuple[str, ...], codes: bytes, squares: Iterable[int], stock: tuple[int, ...],
                   ) -> BoardState:
        """The state of the resolver's bytes ``codes`` on ``squares`` (its other bytes are no square of the
        board), with the ``stock`` of the state it came from."""
        boards = [0] * (LEVELS * len(colors))
        for sq in squares:
            code = codes[sq]
            if code:
                boards[code - 1] |= 1 << sq
        return cls(colors, tuple(boards), stock)

    def moved(self, pieces: Mapping[Square, Piece]) -> BoardState:
        """The state of ``pieces``, reached from this one by actions: the stock stays (see the module)."""
        return BoardState(self.colors, self.boards_of(self.colors, pieces), self.stock)

    def changed(self, changes: Mapping[Square, Piece | None]) -> BoardState:
        """:meth:`moved`, told only the squares an action changed: ``changes`` gives the piece now on each (None: an
        empty square); the other squares keep their pieces, and the stock stays."""
        codes = piece_codes(self.colors).codes
        boards = list(self.boards)
        for sq, piece in changes.items():
            _set(boards, sq, 0 if piece is None else codes[piece])
        return BoardState(self.colors, tuple(boards), self.stock)

    # ------------------------------------------------------------------ one square changed
    def put(self, sq: Square, code: int) -> BoardState:
        """The state once the piece of ``code`` (:func:`piece_code`; 0: none) stands on ``sq``, whatever stood there
        gone: a piece placed, a being summoned (the piece it replaces destroyed, or become the being). The stock stays
        (a piece off the board is still in its color's stock): the supply follows from the pieces (see the module)."""
        boards = list(self.boards)
        _set(boards, sq, code)
        return BoardState(self.colors, tuple(boards), self.stock)

    def remove(self, sq: Square) -> BoardState:
        """The state once ``sq`` is empty: its piece (if any) picked up, taken back or destroyed."""
        return self.put(sq, 0)

    def move(self, start: Square, end: Square) -> BoardState:
        """The state once the piece on ``start`` has moved to ``end`` (whatever stood there gone)."""
        boards = list(self.boards)
        code = _set(boards, start, 0)
        _set(boards, end, code)
        return BoardState(self.colors, tuple(boards), self.stock)

    def restated(self, moved: BoardState, owned: Mapping[PieceKind, int],
                 stated: Mapping[str, Mapping[PieceKind, int]]) -> BoardState:
        """The state :meth:`of_pieces` makes of a position whose pieces an action made ``moved`` (this state,
        :meth:`moved` or :meth:`changed`) and whose stated supply is read from ``moved`` (``stated``: the kinds of
        each color it states, as this state's position states them; ``owned``: the game's counts), made with no
        pass over the pieces: of_pieces gives a stated kind ``on board + supply`` (the stock, or the pieces on the
        board when more stand there), another kind what the color owns or the pieces on the board when more. A
        color whose pieces the action left alone keeps its stock, which is that already."""
        boards, before = moved.boards, self.boards
        stock = list(self.stock)
        n = len(KINDS)
        for ci, color in enumerate(self.colors):
            first = LEVELS * ci
            if boards[first:first + LEVELS] == before[first:first + LEVELS]:
                continue
            said = stated.get(color)
            for k, kind in enumerate(KINDS):
                m = 0
                for level in KIND_LEVELS[kind]:
                    m |= boards[first + level]
                on = m.bit_count()
                basis = self.stock[n * ci + k] if said and said.get(kind) is not None else owned.get(kind, 0)
                stock[n * ci + k] = basis if basis > on else on
        return BoardState(self.colors, boards, tuple(stock))

    # ------------------------------------------------------------------ reading it
    def index(self, color: str) -> int:
        """The index of ``color`` in the board's colors (the ``ci`` of the other methods)."""
        return _color_index(self.colors)[color]

    def board(self, ci: int, level: int) -> Bitboard:
        """The squares of color ``ci``'s pieces of rank ``level``."""
        return Bitboard(self.boards[LEVELS * ci + level])

    def code_at(self, sq: Square) -> int:
        """The code of the piece on ``sq`` (:func:`piece_code`; 0: an empty square)."""
        bit = 1 << sq
        for i, board in enumerate(self.boards):
            if board & bit:
                return i + 1
        return 0

    @property
    def occupied(self) -> Bitboard:
        """The squares holding a piece."""
        return Bitboard(reduce(or_, self.boards, 0))

    def ranked(self, min_level: int, ci: int | None = None) -> Bitboard:
        """The pieces of rank ``min_level`` or higher, of color ``ci`` (None: of any color)."""
        boards = self.boards
        if ci is not None:
            boards = boards[LEVELS * ci:LEVELS * ci + LEVELS]
        m = 0
        for level in range(min_level, LEVELS):      # each level's boards, one of each color
            m |= reduce(or_, boards[level::LEVELS], 0)
        return Bitboard(m)

    def at_least(self, ci: int, level: int) -> Bitboard:
        """Color ``ci``'s pieces of rank ``level`` or higher (what a pattern's piece of that rank may be)."""
        return self.ranked(level, ci)

    def blockers(self, level: int, on_empty: bool = False) -> Bitboard:
        """The pieces a being of rank ``level`` may not replace: those of a higher rank, of any color (every
        piece, for a being summoned on an empty square)."""
        return self.occupied if on_empty else self.ranked(level + 1)

    def of_kind(self, ci: int, kind: PieceKind) -> Bitboard:
        """Color ``ci``'s pieces of ``kind`` (double-sided: common or heroic; legendary)."""
        m = 0
        for level in KIND_LEVELS[kind]:
            m |= self.boards[LEVELS * ci + level]
        return Bitboard(m)

    def on_board(self, ci: int, kind: PieceKind) -> int:
        """How many pieces of color ``ci`` and ``kind`` are on the board."""
        return self.of_kind(ci, kind).bit_count()

    def in_game(self, ci: int, kind: PieceKind) -> int:
        """Color ``ci``'s stock of ``kind``: its pieces of that kind in the game, on the board or off it."""
        return self.stock[len(KINDS) * ci + KIND_INDEX[kind]]

    def supply(self, ci: int, kind: PieceKind) -> int:
        """Color ``ci``'s pieces of ``kind`` off the board, to be placed or summoned (:func:`supply_left`)."""
        return supply_left(self.in_game(ci, kind), self.on_board(ci, kind))

    # ------------------------------------------------------------------ conversions
    def codes(self, size: int) -> bytes:
        """The resolver's bytes: ``size`` of them, the code of the piece of each square at its index."""
        n = 0
        for i, board in enumerate(self.boards):
            if board:   # the bits as bytes, square 0 first: b"1" where a piece of code i + 1 stands, then that code
                n |= int.from_bytes(format(board, "b")[::-1].encode().translate(_AS_CODE[i]), "little")
        return n.to_bytes(size, "little")

    def pieces(self) -> dict[Square, Piece]:
        """The pieces by square, in square order."""
        by_code = piece_codes(self.colors).pieces
        found: dict[Square, Piece] = {}
        for i, board in enumerate(self.boards):
            while board:
                low = board & -board
                found[Square(low.bit_length() - 1)] = by_code[i + 1]
                board ^= low
        return dict(sorted(found.items()))


__all__ = ["COLOR_OF", "KINDS", "KIND_INDEX", "KIND_LEVELS", "LEVELS", "LEVEL_OF", "MAX_COLORS", "BoardState",
           "PieceCodes", "color_of", "level_of", "piece_code", "piece_codes", "stock_of", "supply_left"]
