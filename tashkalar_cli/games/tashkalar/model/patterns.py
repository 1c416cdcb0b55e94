"""Summoning patterns: parsing the card notation and its 8 orientations.

A pattern is written as rows of tokens, as printed on the card (see cards/beings/*.yaml):
``.`` a square that does not matter, ``c``/``h`` your piece of at least that rank, ``t`` the
summoning square, ``m``/``m2`` a marked square, ``n ne e se s sw w nw`` an arrow; several marks on
one square are joined by ``+`` (``t+c``: the summoning square must hold your common piece).

Card space has x to the right and y downwards, as drawn. :meth:`Pattern.orientations` gives the
distinct images of the pattern under the 4 rotations and their mirror images, in board space
(file to the right, rank upwards), relative to the summoning square (or, for a pattern without one,
to its first piece in board order); every user of the images (the loader's cache, the engine, the
orientation names a command accepts) takes them from there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple, Protocol, TypeAlias, TypedDict, TypeVar

PIECE_TOKENS = {"c": "common", "h": "heroic"}
MARK_TOKENS = ("m", "m2")
#: arrows in card space: (dx right, dy down)
ARROWS = {"n": (0, -1), "ne": (1, -1), "e": (1, 0), "se": (1, 1),
          "s": (0, 1), "sw": (-1, 1), "w": (-1, 0), "nw": (-1, -1)}
ARROW_NAMES = {v: k for k, v in ARROWS.items()}

_N = TypeVar("_N", int, float)


class SquareMap(Protocol):
    """A symmetry of the square grid, on coordinates (x, y) about the origin."""

    def __call__(self, x: _N, y: _N, /) -> tuple[_N, _N]: ...


#: the 8 symmetries of the square, as (name, rotation in degrees clockwise, mirrored, map of (x, y))
TRANSFORMS: tuple[tuple[str, int, bool, SquareMap], ...] = (
    ("r0", 0, False, lambda x, y: (x, y)),
    ("r90", 90, False, lambda x, y: (-y, x)),
    ("r180", 180, False, lambda x, y: (-x, -y)),
    ("r270", 270, False, lambda x, y: (y, -x)),
    ("m0", 0, True, lambda x, y: (-x, y)),
    ("m90", 90, True, lambda x, y: (-y, -x)),
    ("m180", 180, True, lambda x, y: (x, -y)),
    ("m270", 270, True, lambda x, y: (y, x)),
)


class PatternError(ValueError):
    """The pattern notation is wrong (the loader turns it into a DataError with the file)."""


class Cell(NamedTuple):
    """One non-blank square of a pattern, in card space relative to the top-left corner."""

    x: int
    y: int
    piece: str | None = None        # least rank of the piece required here
    target: bool = False            # the summoning square
    marks: tuple[str, ...] = ()
    arrows: tuple[str, ...] = ()


#: a cell of an orientation as the data cache stores it: df, dr, piece, target, marks, arrows (see
#: :meth:`Orientation.to_tuple`; through JSON, its tuples come back as lists, which read the same)
CellData: TypeAlias = tuple[int, int, "str | None", bool, Sequence[str], Sequence[str]]
#: an orientation as the data cache stores it: name, rotation, mirrored, cells
OrientationData: TypeAlias = tuple[str, int, bool, Sequence[CellData]]


class OrientedCell(NamedTuple):
    """A pattern square in board space relative to the summoning square: df files right, dr ranks up."""

    df: int
    dr: int
    piece: str | None
    target: bool
    marks: tuple[str, ...]
    arrows: tuple[str, ...]          # compass directions on the board


class Orientation(NamedTuple):
    name: str
    rotation: int
    mirrored: bool
    cells: tuple[OrientedCell, ...]  # sorted, so equal images compare equal

    @property
    def pieces(self) -> tuple[OrientedCell, ...]:
        return tuple(c for c in self.cells if c.piece)

    def to_tuple(self) -> OrientationData:
        """Plain tuples, which the data cache stores and unpickles several times faster than objects."""
        return (self.name, self.rotation, self.mirrored,
                tuple((c.df, c.dr, c.piece, c.target, c.marks, c.arrows) for c in self.cells))

    @classmethod
    def from_tuple(cls, data: OrientationData) -> Orientation:
        """The orientation stored by :meth:`to_tuple` (lists, once it has been through JSON, are fine)."""
        name, rotation, mirrored, cells = data
        return cls(name, rotation, mirrored,
                   tuple(OrientedCell(df, dr, piece, target, tuple(marks), tuple(arrows))
                         for df, dr, piece, target, marks, arrows in cells))


class Token(TypedDict):
    """A square of a pattern as written: the piece required (a rank's word, None: none), whether it is the
    summoning square (``t``), its marks and its arrows."""

    piece: str | None
    target: bool
    marks: list[str]
    arrows: list[str]


def parse_token(token: str) -> Token:
    parts = token.split("+")
    out: Token = {"piece": None, "target": False, "marks": [], "arrows": []}
    for part in parts:
        if part == ".":
            if len(parts) > 1:
                raise PatternError(f"'.' cannot be combined with other marks in '{token}'")
        elif part == "t":
            out["target"] = True
        elif part in PIECE_TOKENS:
            if out["piece"]:
                raise PatternError(f"two pieces on one square in '{token}'")
            out["piece"] = PIECE_TOKENS[part]
        elif part in MARK_TOKENS:
            out["marks"].append(part)
        elif part in ARROWS:
            out["arrows"].append(part)
        else:
            raise PatternError(f"unknown pattern token '{part}'")
    return out


@dataclass(frozen=True)
class Pattern:
    rows: tuple[str, ...]

    @cached_property
    def grid(self) -> list[list[Token]]:
        grid = [[parse_token(tok) for tok in row.split()] for row in self.rows]
        widths = {len(r) for r in grid}
        if len(widths) != 1:
            raise PatternError(f"rows have different widths: {sorted(widths)}")
        return grid

    @property
    def height(self) -> int:
        return len(self.grid)

    @cached_property
    def cells(self) -> tuple[Cell, ...]:
        out = []
        for y, row in enumerate(self.grid):
            for x, tok in enumerate(row):
                if tok["piece"] or tok["target"] or tok["marks"] or tok["arrows"]:
                    out.append(Cell(x, y, tok["piece"], tok["target"], tuple(tok["marks"]), tuple(tok["arrows"])))
        return tuple(out)

    @cached_property
    def target(self) -> Cell | None:
        targets = [c for c in self.cells if c.target]
        if len(targets) > 1:
            raise PatternError("more than one summoning square")
        return targets[0] if targets else None

    def check(self, *, needs_target: bool = True) -> None:
        """Raise :class:`PatternError` unless the pattern is well formed."""
        self.grid  # noqa: B018 - parses
        if needs_target and self.target is None:
            raise PatternError("no summoning square 't'")
        if not needs_target and self.target is not None:
            raise PatternError("a pattern with special summoning has no summoning square")
        if not any(c.piece for c in self.cells):
            raise PatternError("the pattern requires no piece")

    def offsets(self) -> list[tuple[int, int, str]]:
        """Required pieces as (dx right, dy down, least rank) from the summoning square."""
        t = self.target
        if t is None:
            return []
        return [(c.x - t.x, c.y - t.y, c.piece) for c in self.cells if c.piece]

    @cached_property
    def images(self) -> tuple[Orientation, ...]:
        """The pattern under each of the 8 symmetries (``TRANSFORMS``, in that order), in board space,
        relative to its anchor: the summoning square, or, for a pattern without one, its first piece in
        board order (lowest rank, then leftmost file). This is the one computation of the images: the
        distinct ones are :attr:`orientations`, the names that give each one are :attr:`aliases`."""
        t = self.target
        pieces = [c for c in self.cells if c.piece]
        out: list[Orientation] = []
        for name, rotation, mirrored, fn in TRANSFORMS:
            if t is not None:
                af, ar = fn(t.x, t.y)[0], -fn(t.x, t.y)[1]
            else:
                af, ar = min(((fn(c.x, c.y)[0], -fn(c.x, c.y)[1]) for c in pieces), key=lambda fr: (fr[1], fr[0]))
            cells: list[OrientedCell] = []
            for c in self.cells:
                x, y = fn(c.x, c.y)
                arrows = tuple(sorted(_board_arrow(fn(*ARROWS[a])) for a in c.arrows))
                cells.append(OrientedCell(x - af, -y - ar, c.piece, c.target, c.marks, arrows))
            out.append(Orientation(name, rotation, mirrored, tuple(sorted(cells, key=lambda c: (c.dr, c.df)))))
        return tuple(out)

    @cached_property
    def orientations(self) -> tuple[Orientation, ...]:
        """The distinct images of the pattern (identical images are listed once, under the first name)."""
        seen: set[tuple[OrientedCell, ...]] = set()
        out: list[Orientation] = []
        for image in self.images:
            if image.cells not in seen:
                seen.add(image.cells)
                out.append(image)
        return tuple(out)

    @cached_property
    def aliases(self) -> dict[str, str]:
        """Every orientation name (``r0`` ... ``m270``) -> the name of the distinct image it gives."""
        first: dict[tuple[OrientedCell, ...], str] = {}
        return {image.name: first.setdefault(image.cells, image.name) for image in self.images}


def _board_arrow(vec: tuple[int, int]) -> str:
    """A card-space direction vector named as a compass direction (north = up on the card)."""
    return ARROW_NAMES[vec]
