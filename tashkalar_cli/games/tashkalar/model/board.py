"""The arena: squares, bitboards, adjacency, distance, lines and colored squares.

Squares are named algebraically (files a.., ranks 1.., as in chess) and numbered
``rank_index * STRIDE + file_index``. The stride is wider than the board so that shifting a
bitboard sideways never wraps a square onto the next rank: anything pushed past the edge
lands in the padding and is cleared by ``& board.mask``. This is python-chess's idea, adapted
to a board with cut corners.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Iterator
from functools import cached_property
from typing import TYPE_CHECKING

from tashkalar_cli.errors import InputError, quote
from tashkalar_cli.games.tashkalar.model.types import Bitboard, Square

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.model.facts import BoardData

STRIDE = 16
_SQUARE = re.compile(r"([a-z])([0-9]{1,3})", re.ASCII)
#: compass directions as (file delta, rank delta)
DIRECTIONS = {"n": (0, 1), "ne": (1, 1), "e": (1, 0), "se": (1, -1),
              "s": (0, -1), "sw": (-1, -1), "w": (-1, 0), "nw": (-1, 1)}


def shift(bb: int, df: int, dr: int) -> Bitboard:
    """Move every square of ``bb`` by ``df`` files and ``dr`` ranks (the caller masks the result)."""
    n = dr * STRIDE + df
    return Bitboard(bb << n if n >= 0 else bb >> -n)


def offset(df: int, dr: int) -> int:
    """The difference of square indexes between two squares ``df`` files and ``dr`` ranks apart."""
    return dr * STRIDE + df


def square_order(index: int) -> tuple[int, int]:
    """The sort key of board order: rank by rank from rank 1, file by file from file a (the one definition
    of the order squares are listed in; the indexes sort the same way, see the module's layout)."""
    return divmod(index, STRIDE)


def bits(bb: int) -> Iterator[Square]:
    """The square indexes set in ``bb``, lowest first."""
    while bb:
        low = bb & -bb
        yield Square(low.bit_length() - 1)
        bb ^= low


class Board:
    """The arena described by cards/board.yaml."""

    def __init__(self, spec: BoardData) -> None:
        self.files: int = spec["files"]
        self.ranks: int = spec["ranks"]
        if self.files > STRIDE // 2 + 4 or self.files > 26:
            raise ValueError("board too wide for the bitboard layout")
        self.file_names = "abcdefghijklmnopqrstuvwxyz"[: self.files]
        #: the names of the squares of the board's rectangle, cut corners included (see :meth:`name`)
        self._names = {r * STRIDE + f: f"{self.file_names[f]}{r + 1}" for r in range(self.ranks)
                       for f in range(self.files)}
        cut = {self.parse(s, allow_cut=True) for s in spec["cut_corners"]}
        mask = 0
        for r in range(self.ranks):
            for f in range(self.files):
                i = r * STRIDE + f
                if i not in cut:
                    mask |= 1 << i
        self.mask = Bitboard(mask)
        self.cut_corners = cut
        self.red = self.mask_of(spec["red_squares"])
        self.green = self.mask_of(spec["green_squares"])
        self.central = self.mask_of(spec["central_squares"])
        self.center = self.parse(spec["center"])
        self.colors: list[str] = list(spec["piece_colors"])
        self.sides = {k: self.mask_of(v) for k, v in spec.get("sides", {}).items()}
        self.corners = {k: self.mask_of(v) for k, v in spec.get("corners", {}).items()}
        self.opposite_sides = [tuple(p) for p in spec.get("opposite_sides", [])]
        self.opposite_corners = [tuple(p) for p in spec.get("opposite_corners", [])]
        self.center_cross = self.mask_of(spec.get("center_cross", []))
        self.center_x = self.mask_of(spec.get("center_x", []))
        self.diagonals = [self.mask_of(d) for d in spec.get("diagonals", [])]
        # the faces of the board: mode -> face, and the colored squares each face shows
        self.faces: dict[str, Bitboard] = {}
        self._face_of_mode: dict[str, str] = {}
        colored = {"red": self.red, "green": self.green}
        for face, entry in spec.get("faces", {}).items():
            m = 0
            for color in entry["colored"]:
                m |= colored[color]
            self.faces[face] = Bitboard(m)
            for mode in entry["modes"]:
                if mode in self._face_of_mode:
                    raise ValueError(f"faces: {mode} is played on two faces ({self._face_of_mode[mode]} and {face})")
                self._face_of_mode[mode] = face

    # ---------------------------------------------------------------- squares
    def name(self, index: int) -> str:
        got = self._names.get(index)
        return got if got is not None else f"{self.file_names[index % STRIDE]}{index // STRIDE + 1}"

    def coords(self, index: int) -> tuple[int, int]:
        return index % STRIDE, index // STRIDE

    def index(self, file: int, rank: int) -> Square | None:
        if 0 <= file < self.files and 0 <= rank < self.ranks:
            i = rank * STRIDE + file
            if self.mask >> i & 1:
                return Square(i)
        return None

    def parse(self, text: str, *, allow_cut: bool = False) -> Square:
        """The index of a square name such as ``e5``; :class:`InputError` if it is not on the board."""
        s = str(text).strip().lower()
        shown = quote(str(text).strip(), 12)   # as typed: its case kept, a control character shown visible
        m = _SQUARE.fullmatch(s)
        if not m or m.group(1) not in self.file_names:
            raise InputError(key="not-a-square", value=shown, first=self.file_names[0], last=self.file_names[-1],
                             ranks=self.ranks)
        f, r = self.file_names.index(m.group(1)), int(m.group(2)) - 1
        if not 0 <= r < self.ranks:
            raise InputError(key="off-board", value=shown, ranks=self.ranks)
        i = r * STRIDE + f
        if not allow_cut and not (self.mask >> i & 1):
            raise InputError(key="cut-corner", value=shown)
        return Square(i)

    def mask_of(self, names: Iterable[str]) -> Bitboard:
        m = 0
        for n in names:
            m |= 1 << self.parse(n)
        return Bitboard(m)

    @cached_property
    def squares(self) -> list[Square]:
        """Every square of the arena, a1 side first (rank by rank, file by file)."""
        return list(bits(self.mask))

    def __contains__(self, index: int) -> bool:
        return index >= 0 and bool(self.mask >> index & 1)

    # ---------------------------------------------------------------- geometry
    def neighbours(self, index: int) -> list[Square]:
        found = self._neighbours.get(index)
        return list(found) if found is not None else self._neighbours_of(index)

    def _neighbours_of(self, index: int) -> list[Square]:
        f, r = self.coords(index)
        out = []
        for df, dr in DIRECTIONS.values():
            j = self.index(f + df, r + dr)
            if j is not None:
                out.append(j)
        return out

    @cached_property
    def _neighbours(self) -> dict[int, tuple[Square, ...]]:
        """Each square's neighbours, made once (a task's check asks for them thousands of times in a search)."""
        return {i: tuple(self._neighbours_of(i)) for i in self.squares}

    @cached_property
    def _adjacent(self) -> dict[int, Bitboard]:
        return {i: Bitboard(sum(1 << j for j in near)) for i, near in self._neighbours.items()}

    def within(self, index: int, distance: int) -> Bitboard:
        """The squares at most ``distance`` moves from ``index`` (:meth:`distance`), made once per square and
        distance."""
        key = (index, distance)
        found = self._within.get(key)
        if found is None:
            found = self._within[key] = Bitboard(sum(1 << sq for sq in self.squares if self.distance(index, sq) <= distance))
        return found

    @cached_property
    def _within(self) -> dict[tuple[int, int], Bitboard]:
        return {}

    def adjacent_mask(self, index: int) -> Bitboard:
        found = self._adjacent.get(index)
        if found is not None:
            return found
        m = 0
        for j in self._neighbours_of(index):
            m |= 1 << j
        return Bitboard(m)

    @cached_property
    def _distances(self) -> dict[int, dict[int, int]]:
        out: dict[int, dict[int, int]] = {}
        around: dict[int, list[Square]] = {sq: self.neighbours(sq) for sq in self.squares}  # once, not per start
        for start in self.squares:
            dist: dict[int, int] = {start: 0}
            queue: deque[int] = deque([start])
            while queue:
                i = queue.popleft()
                for j in around[i]:
                    if j not in dist:
                        dist[j] = dist[i] + 1
                        queue.append(j)
            out[start] = dist
        return out

    def distance(self, a: int, b: int) -> int:
        """The fewest moves from ``a`` to ``b`` over squares of the arena."""
        return self._distances[a][b]

    @cached_property
    def central_lines(self) -> list[tuple[str, str, int]]:
        """The orthogonal lines through the central squares: (file or rank, its name, mask)."""
        files = sorted({self.coords(i)[0] for i in bits(self.central)})
        ranks = sorted({self.coords(i)[1] for i in bits(self.central)})
        out = []
        for f in files:
            out.append(("file", self.file_names[f], self.mask & sum(1 << (r * STRIDE + f) for r in range(self.ranks))))
        for r in ranks:
            out.append(("rank", str(r + 1), self.mask & sum(1 << (r * STRIDE + f) for f in range(self.files))))
        return out

    def face(self, mode: str) -> str | None:
        """The face of the board a game of ``mode`` is played on (cards/board.yaml ``faces``)."""
        return self._face_of_mode.get(str(mode))

    def colorless(self, mode: str) -> Bitboard:
        """The squares without a color on the face of ``mode`` (data without ``faces``: every face shows
        the red and green squares, as both faces of the published board do)."""
        face = self.face(mode)
        colored = self.faces[face] if face is not None else self.red | self.green
        return Bitboard(self.mask & ~colored)

    def square_color(self, index: int) -> str | None:
        bit = 1 << index
        if self.red & bit:
            return "red"
        if self.green & bit:
            return "green"
        return None

    # ---------------------------------------------------------------- symmetry
    def transform(self, index: int, t: str) -> Square | None:
        """The image of a square under a symmetry of the square grid (see ``patterns.TRANSFORMS``)."""
        from tashkalar_cli.games.tashkalar.model.patterns import TRANSFORMS  # deferred: position show loads no patterns

        fn = next(fn for name, _, _, fn in TRANSFORMS if name == t)
        f, r = self.coords(index)
        cf, cr = (self.files - 1) / 2, (self.ranks - 1) / 2
        x, y = fn(f - cf, -(r - cr))
        return self.index(int(x + cf), int(-y + cr))
