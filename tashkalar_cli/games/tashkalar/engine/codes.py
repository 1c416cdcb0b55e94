"""A board as bytes, one per square index: 0 empty, else ``1 + 3 * color index + rank level`` (the color's
index in the board's ``colors``; the level: 0 common, 1 heroic, 2 legendary). It is the resolver's encoding
of a board (:mod:`tashkalar_cli.games.tashkalar.engine.effects`), which the goal search
(:mod:`~tashkalar_cli.games.tashkalar.engine.goals`)
keeps its states in: the goals' rules read such a board through the masks made here, with no position
built (:meth:`tashkalar_cli.games.tashkalar.engine.tasks.Context.of_codes`,
:func:`tashkalar_cli.games.tashkalar.engine.flares.counts_of_codes`).

The encoding of a piece is defined once, with the board state it is the code of
(:mod:`tashkalar_cli.games.tashkalar.model.state`: :func:`piece_code` encodes, :func:`color_of` and :func:`level_of` decode, and
the tables :data:`COLOR_OF` and :data:`LEVEL_OF` serve the hottest loops, where a call would cost too much:
``LEVEL_OF[code]`` is one C-level index); the engines take it from here, with the codes of a board's colors by
name (:func:`code`) and the tables that read many squares at once (:func:`table`, :func:`mask`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache

from tashkalar_cli.games.tashkalar.model.state import COLOR_OF, LEVEL_OF, LEVELS, MAX_COLORS, color_of, level_of, piece_code


def picking(picked: Collection[int]) -> bytes:
    """A table for ``bytes.translate``: the codes ``picked`` become ``b"1"``, every other byte ``b"0"``; see
    :func:`mask`."""
    return bytes(49 if i in picked else 48 for i in range(256))


#: the table of :func:`mask` that picks every piece (an empty square is 0)
OCCUPIED = picking(range(1, 256))


def code(colors: Sequence[str], color: str, level: int) -> int:
    """The code of a piece of ``color`` and rank ``level``."""
    return piece_code(colors.index(color), level)


@lru_cache(maxsize=1024)
def code_by_name(colors: tuple[str, ...], color: str, level: int) -> int:
    """:func:`code`, remembered by the board's colors (a piece's code depends on them)."""
    return code(colors, color, level)


def codes_of(colors: Sequence[str], color: str | None, *, others: bool = False, min_level: int = 0) -> list[int]:
    """The codes of the pieces of ``color`` (None: of any color; ``others``: of any color but ``color``) of rank
    level ``min_level`` or more."""
    return [code(colors, c, level) for c in colors if color is None or (c == color) != others
            for level in range(min_level, LEVELS)]


def table(colors: Sequence[str], color: str | None, *, others: bool = False, min_level: int = 0) -> bytes:
    """:func:`picking` the codes of :func:`codes_of` (made once per arguments: a bounded cache, by the colors'
    names)."""
    return _table(tuple(colors), color, others, min_level)


@lru_cache(maxsize=256)
def _table(colors: tuple[str, ...], color: str | None, others: bool, min_level: int) -> bytes:
    return picking(set(codes_of(colors, color, others=others, min_level=min_level)))


def mask(reversed_codes: bytes, picked: bytes) -> int:
    """The squares whose code ``picked`` (a :func:`table`) keeps, as a bitboard; ``reversed_codes``: the board's
    bytes, last square first (``codes[::-1]``: the binary number read from them has square 0 as its bit 0)."""
    return int(reversed_codes.translate(picked), 2)


@lru_cache(maxsize=64)
def _square_bytes(squares: int) -> int:
    """The mask of the bytes of ``squares`` (a bitboard): 0xFF at each square's byte."""
    return sum(0xFF << 8 * sq for sq in range(squares.bit_length()) if squares >> sq & 1)


def squares_only(codes: bytes, squares: int) -> bytes:
    """``codes`` with every byte that is not one of ``squares`` (a bitboard: the board's) set to 0: a resolver's state
    keeps the pieces it sets aside (out of the game) in bytes past the squares, where they are on no square."""
    keep = _square_bytes(squares)
    n = int.from_bytes(codes, "little")
    return codes if not n & ~keep else (n & keep).to_bytes(len(codes), "little")


__all__ = ["COLOR_OF", "LEVELS", "LEVEL_OF", "MAX_COLORS", "OCCUPIED", "code", "code_by_name", "codes_of", "color_of", "level_of",
           "mask", "picking", "piece_code", "squares_only", "table"]
