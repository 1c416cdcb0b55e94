"""A board as bytes, one per square index: 0 empty, else ``1 + 3 * color index + rank level`` (the color's
index in the board's ``colors``; the level: 0 common, 1 heroic, 2 legendary). It is the resolver's encoding
of a board (:mod:`tashkalar_cli.engine.effects`), which the goal search (:mod:`~tashkalar_cli.engine.goals`)
keeps its states in: the goals' rules read such a board through the masks made here, with no position
built (:meth:`tashkalar_cli.engine.tasks.Context.of_codes`, :func:`tashkalar_cli.engine.flares.counts_of_codes`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

#: the levels of the ranks (common, heroic, legendary), as :attr:`tashkalar_cli.model.types.Rank.level`
LEVELS = 3

#: the tables made, by (the colors' list, by identity: a board's is made once; color, others, min_level)
_TABLES: dict[tuple[int, str | None, bool, int], tuple[Sequence[str], bytes]] = {}


def picking(picked: Collection[int]) -> bytes:
    """A table for ``bytes.translate``: the codes ``picked`` become ``b"1"``, every other byte ``b"0"``; see
    :func:`mask`."""
    return bytes(49 if i in picked else 48 for i in range(256))


#: the table of :func:`mask` that picks every piece (an empty square is 0)
OCCUPIED = picking(range(1, 256))


def code(colors: Sequence[str], color: str, level: int) -> int:
    """The code of a piece of ``color`` and rank ``level``."""
    return 1 + LEVELS * colors.index(color) + level


def codes_of(colors: Sequence[str], color: str | None, *, others: bool = False, min_level: int = 0) -> list[int]:
    """The codes of the pieces of ``color`` (None: of any color; ``others``: of any color but ``color``) of rank
    level ``min_level`` or more."""
    return [code(colors, c, level) for c in colors if color is None or (c == color) != others
            for level in range(min_level, LEVELS)]


def table(colors: Sequence[str], color: str | None, *, others: bool = False, min_level: int = 0) -> bytes:
    """:func:`picking` the codes of :func:`codes_of` (made once per arguments)."""
    key = (id(colors), color, others, min_level)
    got = _TABLES.get(key)
    if got is None or got[0] is not colors:     # another list at the same address: made again
        got = _TABLES[key] = (colors, picking(set(codes_of(colors, color, others=others, min_level=min_level))))
    return got[1]


def mask(reversed_codes: bytes, picked: bytes) -> int:
    """The squares whose code ``picked`` (a :func:`table`) keeps, as a bitboard; ``reversed_codes``: the board's
    bytes, last square first (``codes[::-1]``: the binary number read from them has square 0 as its bit 0)."""
    return int(reversed_codes.translate(picked), 2)


#: :func:`squares_only`'s masks of bytes, by the squares' bitboard
_BYTES: dict[int, int] = {}


def squares_only(codes: bytes, squares: int) -> bytes:
    """``codes`` with every byte that is not one of ``squares`` (a bitboard: the board's) set to 0: a resolver's state
    keeps the pieces it sets aside (out of the game) in bytes past the squares, where they are on no square."""
    keep = _BYTES.get(squares)
    if keep is None:
        keep = _BYTES[squares] = sum(0xFF << 8 * sq for sq in range(squares.bit_length()) if squares >> sq & 1)
    n = int.from_bytes(codes, "little")
    return codes if not n & ~keep else (n & keep).to_bytes(len(codes), "little")


__all__ = ["LEVELS", "OCCUPIED", "code", "codes_of", "mask", "picking", "squares_only", "table"]
