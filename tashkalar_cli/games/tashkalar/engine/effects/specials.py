"""Handlers of the ``special:`` steps: the few mechanics the effect language does not compose.

Each handler takes the resolver, the step, the board state (bytes, one per square: 0 empty, else
``1 + 3 * color + rank level``) and the registers, and yields every distinct way to play the step as
(new state, registers, changes). The handlers are listed in :data:`SPECIALS`, a plain registry that the
resolver imports (no handler registers itself at import).

- ``crystal-mirror`` (Crystal Mirror, everfrost): the card's yellow squares (``marked``) face the blue ones
  (``marked2``) across the card's axis through the summoning square. The player may choose nothing, or
  1 heroic piece, or 2 common pieces (anyone's; 1 when only 1 stands there) on yellow squares, as the
  card's text and the reference say ("1 heroic or 2 common pieces"); for each, when the square
  mirroring it is on the board and empty, a piece of the player's color of the same rank is placed
  there (a heroic one is a double-sided piece turned heroic side up; with no piece left off the board,
  nothing is placed; with 2 commons to place and 1 piece left, either square may get it).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from typing import Protocol, TypeAlias

from tashkalar_cli.games.tashkalar.engine.codes import LEVEL_OF, piece_code
from tashkalar_cli.games.tashkalar.engine.effects.outcomes import Change
from tashkalar_cli.games.tashkalar.engine.effects.registers import Registers
from tashkalar_cli.games.tashkalar.model.board import Board, bits
from tashkalar_cli.games.tashkalar.model.effects import Special
from tashkalar_cli.games.tashkalar.model.types import PieceKind

#: a way to play a special step: (new state, registers, changes)
State: TypeAlias = tuple[bytes, Registers, list[Change]]


class SpecialContext(Protocol):
    """What a handler reads of the resolver (:class:`tashkalar_cli.games.tashkalar.engine.effects.Resolver`)."""

    board: Board
    target: int | None
    marked: int
    marked2: int
    player: int

    def supply(self, st: bytes | bytearray, ci: int, kind: PieceKind) -> int: ...


#: a special step's handler: (resolver, step, state, registers) -> every way to play it
SpecialHandler: TypeAlias = Callable[[SpecialContext, Special, bytes, Registers], Iterable[State]]


def _mirror_axis(board: Board, target: int, marked: int, marked2: int) -> str | None:
    """Across which line through the summoning square (``target``) the yellow squares (``marked``) face the blue
    ones (``marked2``): ``file`` (the line is a file: files are mirrored) or ``rank``; None when no yellow square
    faces a blue one on the board."""
    tf, tr = board.coords(target)
    yellow = list(bits(marked))
    for axis in ("file", "rank"):
        images = [_reflect(board, sq, axis, tf, tr) for sq in yellow]
        on = [i for i in images if i is not None]
        if on and all(marked2 >> i & 1 for i in on):
            return axis
    return None


def _reflect(board: Board, sq: int, axis: str, tf: int, tr: int) -> int | None:
    f, r = board.coords(sq)
    image = board.index(2 * tf - f, r) if axis == "file" else board.index(f, 2 * tr - r)
    return None if image is None else int(image)


@lru_cache(maxsize=1024)
def _mirror(board: Board, target: int, marked: int, marked2: int) -> tuple[tuple[int, int | None], ...] | None:
    """Each yellow square (board order) and the square mirroring it (None: off the board); None when no yellow
    square faces a blue one. What the summon's placement alone decides, the same on every state of its
    resolution and of every resolution of that placement: made once (a goal search resolves a Crystal Mirror
    thousands of times)."""
    axis = _mirror_axis(board, target, marked, marked2)
    if axis is None:
        return None
    tf, tr = board.coords(target)
    return tuple((sq, _reflect(board, sq, axis, tf, tr)) for sq in bits(marked))


def crystal_mirror(res: SpecialContext, step: Special, st: bytes, regs: Registers) -> Iterator[State]:
    yield st, regs, []                                  # the player may choose nothing
    if res.target is None:
        return
    mirror = _mirror(res.board, res.target, res.marked, res.marked2)
    if mirror is None:
        return
    standing = [(sq, image) for sq, image in mirror if st[sq]]
    by_level: dict[int, list[int | None]] = {0: [], 1: []}
    for sq, image in standing:
        level = LEVEL_OF[st[sq]]
        if level in by_level:
            by_level[level].append(image)
    choices: list[tuple[int, list[int | None]]] = [(1, [m]) for m in by_level[1]]
    choices += [(0, list(group)) for group in itertools.combinations(by_level[0], min(2, len(by_level[0])))
                if group]
    left = res.supply(st, res.player, PieceKind.DOUBLE_SIDED)
    for level, images in choices:
        free = [m for m in images if m is not None and not st[m]]
        code = piece_code(res.player, level)
        for squares in itertools.combinations(free, min(len(free), left)):
            buf = bytearray(st)
            changes = []
            for spot in squares:
                buf[spot] = code
                changes.append(Change("place", spot, after=code))
            yield bytes(buf), regs, changes


#: the handlers of ``special:`` steps, by id
SPECIALS: dict[str, SpecialHandler] = {"crystal-mirror": crystal_mirror}

__all__ = ["SPECIALS", "SpecialHandler", "crystal_mirror"]
