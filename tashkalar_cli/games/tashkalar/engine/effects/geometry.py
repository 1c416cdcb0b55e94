"""The board's tables the resolver reads (neighbours by kind, rays, distances, which pieces a move may take),
made once per board, and the compass: directions, turning, a card's arrows on the board."""

from __future__ import annotations

import weakref

from tashkalar_cli.games.tashkalar.engine.codes import LEVEL_OF
from tashkalar_cli.games.tashkalar.model.board import DIRECTIONS, STRIDE, Board, bits
from tashkalar_cli.games.tashkalar.model.patterns import ARROW_NAMES, ARROWS, TRANSFORMS

ORTHOGONAL = ("n", "e", "s", "w")
DIAGONAL = ("ne", "se", "sw", "nw")
COMPASS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
OPPOSITE = {"n": "s", "ne": "sw", "e": "w", "se": "nw", "s": "n", "sw": "ne", "w": "e", "nw": "se"}
SIZE = STRIDE * 9      # bytes of a board state (grown for larger boards, see Geometry)
#: the directions a step chooses among, by the word of the language
DIRECTION_SETS: dict[str, tuple[str, ...]] = {"any": COMPASS, "orthogonal": ORTHOGONAL, "diagonal": DIAGONAL}


# ------------------------------------------------------------------------------------------ geometry

class Geometry:
    """The board's tables, computed once per board: neighbours by kind, rays, distances."""

    def __init__(self, board: Board) -> None:
        # the board by a weak reference: the tables are kept by their board (see _GEOMETRY), not the other way
        self._board = weakref.ref(board)
        self.size = max(SIZE, board.ranks * STRIDE)
        self.squares = tuple(board.squares)
        self.mask = int(board.mask)
        self.adjacent: dict[int, int] = {}
        self.orthogonal: dict[int, int] = {}
        self.diagonal: dict[int, int] = {}
        self.rays: dict[int, dict[str, tuple[int, ...]]] = {}
        for sq in self.squares:
            f, r = board.coords(sq)
            rays: dict[str, tuple[int, ...]] = {}
            for name, (df, dr) in DIRECTIONS.items():
                line: list[int] = []
                k = 1
                while True:
                    j = board.index(f + df * k, r + dr * k)
                    if j is None:
                        break
                    line.append(j)
                    k += 1
                rays[name] = tuple(line)
            self.rays[sq] = rays
            self.orthogonal[sq] = sum(1 << rays[d][0] for d in ORTHOGONAL if rays[d])
            self.diagonal[sq] = sum(1 << rays[d][0] for d in DIAGONAL if rays[d])
            self.adjacent[sq] = self.orthogonal[sq] | self.diagonal[sq]
        #: the squares of ``adjacent`` as tuples (lowest first), for the moves' loops
        self.adjacent_squares = {sq: tuple(bits(m)) for sq, m in self.adjacent.items()}
        #: ``takes[combat][level][code]``: whether a piece of that level may move onto a square holding ``code``
        #: (0: empty) by a standard (``combat`` 0) or combat move (the one reading of kw-standard/combat-move)
        self.takes = tuple(tuple(bytes(1 if code == 0 or LEVEL_OF[code] < level + combat else 0 for code in range(256))
                                 for level in range(3)) for combat in (0, 1))
        self._move_tables: dict[tuple[int, frozenset[int] | None], tuple[bytes, ...]] = {}
        on_board = set(self.squares)
        #: the bytes of a state that are not squares: where pieces set aside (removed from the game) are kept,
        #: so that they count neither on the board nor off it
        self.padding = tuple(i for i in range(1, self.size) if i not in on_board)
        self.on_board = bytes(1 if i in on_board else 0 for i in range(self.size))
        self._within: dict[tuple[int, int], int] = {}
        self._distance: dict[tuple[int, int], int] = {}
        self._nearer: dict[tuple[int, int], int] = {}
        self._squares_of: dict[int, tuple[int, ...]] = {}
        self._adjacent_within: dict[int, dict[int, tuple[int, ...]]] = {}

    @property
    def board(self) -> Board:
        board = self._board()
        assert board is not None, "the board of these tables is gone"
        return board

    def within(self, sq: int, n: int) -> int:
        key = (sq, n)
        got = self._within.get(key)
        if got is None:
            got = 0
            for other in self.squares:
                if other != sq and self.board.distance(sq, other) <= n:
                    got |= 1 << other
            self._within[key] = got
        return got

    def adjacent_within(self, mask: int) -> dict[int, tuple[int, ...]]:
        """``adjacent_squares`` kept to the squares of ``mask`` (remembered: the areas moves end in recur)."""
        got = self._adjacent_within.get(mask)
        if got is None:
            if len(self._adjacent_within) > 1_000:
                self._adjacent_within.clear()
            got = self._adjacent_within[mask] = {sq: tuple([to for to in near if mask >> to & 1])
                                                 for sq, near in self.adjacent_squares.items()}
        return got

    def squares_of(self, mask: int) -> tuple[int, ...]:
        """The squares of ``mask``, lowest first (remembered: the masks of moves recur)."""
        got = self._squares_of.get(mask)
        if got is None:
            if len(self._squares_of) > 100_000:
                self._squares_of.clear()
            got = self._squares_of[mask] = tuple(bits(mask))
        return got

    def move_tables(self, combat: int, spared: frozenset[int] | None) -> tuple[bytes, ...]:
        """By the moving piece's rank level, which codes a move may end on: ``takes[combat]`` (-1: onto an
        empty square only), less the codes of the pieces it may not destroy (``spared``); made once."""
        got = self._move_tables.get((combat, spared))
        if got is None:
            table = self.takes[combat] if combat >= 0 else (self.takes[0][0],) * 3
            if spared:
                table = tuple(bytes(0 if code in spared else ok for code, ok in enumerate(row)) for row in table)
            got = self._move_tables[(combat, spared)] = table
        return got

    def nearer(self, sq: int, near: int) -> int:
        """The squares nearer to ``near`` than ``sq`` is (a move "toward" it)."""
        key = (sq, near)
        got = self._nearer.get(key)
        if got is None:
            here = self.board.distance(sq, near)
            got = 0
            for other in self.squares:
                if self.board.distance(other, near) < here:
                    got |= 1 << other
            self._nearer[key] = got
        return got

    def distance(self, sq: int, n: int) -> int:
        key = (sq, n)
        got = self._distance.get(key)
        if got is None:
            got = 0
            for other in self.squares:
                if self.board.distance(sq, other) == n:
                    got |= 1 << other
            self._distance[key] = got
        return got


#: the tables of each board, kept while the board lives (a board is made once per data set)
_GEOMETRY: weakref.WeakKeyDictionary[Board, Geometry] = weakref.WeakKeyDictionary()


def geometry(board: Board) -> Geometry:
    """The tables of ``board``, made once while it lives."""
    got = _GEOMETRY.get(board)
    if got is None:
        got = _GEOMETRY[board] = Geometry(board)
    return got


def turn(direction: str, by: int) -> str:
    """``direction`` turned ``by`` degrees clockwise (a multiple of 45)."""
    return COMPASS[(COMPASS.index(direction) + by // 45) % 8]


def card_direction(direction: str, orientation: str | None) -> str:
    """A direction written as drawn on the card (north = up on the card), on the board once the pattern is
    turned by ``orientation`` (None: as printed)."""
    if orientation is None:
        return direction
    fn = next(f for name, _, _, f in TRANSFORMS if name == orientation)
    return ARROW_NAMES[fn(*ARROWS[direction])]


__all__ = ["COMPASS", "DIAGONAL", "DIRECTION_SETS", "OPPOSITE", "ORTHOGONAL", "SIZE", "Geometry", "card_direction",
           "geometry", "turn"]
