"""tashkalar: rules reference, card database and summoning oracle for Tash-Kalar.

A library first, a command-line tool second. Its entry point is :class:`Game`::

    from tashkalar_cli import Game

    game = Game()
    position = game.position(pieces="d4=blue,e4=blue,f4=blue,e5=blue:heroic")
    verdict = game.summon("knight", position, "blue")

Every error a caller can cause is a :class:`TashkalarError` (see :mod:`tashkalar_cli.errors`).
The public names are imported on first use, so ``import tashkalar_cli`` costs nothing.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from tashkalar_cli._version import __version__

#: public name -> module that defines it
_PUBLIC = {
    "Game": "tashkalar_cli.game",
    "TashkalarError": "tashkalar_cli.errors",
    "DataError": "tashkalar_cli.errors",
    "InputError": "tashkalar_cli.errors",
    "NotFoundError": "tashkalar_cli.errors",
    "Rank": "tashkalar_cli.games.tashkalar.model.types",
    "Mode": "tashkalar_cli.games.tashkalar.model.types",
    "PieceKind": "tashkalar_cli.games.tashkalar.model.types",
    "Square": "tashkalar_cli.games.tashkalar.model.types",
    "Bitboard": "tashkalar_cli.games.tashkalar.model.types",
    "Being": "tashkalar_cli.games.tashkalar.model.cards",
    "Legend": "tashkalar_cli.games.tashkalar.model.cards",
    "Flare": "tashkalar_cli.games.tashkalar.model.cards",
    "Task": "tashkalar_cli.games.tashkalar.model.cards",
    "Piece": "tashkalar_cli.games.tashkalar.model.position",
    "Position": "tashkalar_cli.games.tashkalar.model.position",
    "Turn": "tashkalar_cli.games.tashkalar.model.turn",
    "Verdict": "tashkalar_cli.games.tashkalar.engine.summoning",
    "Placement": "tashkalar_cli.games.tashkalar.engine.summoning",
}

__all__ = [  # noqa: RUF022 - in the order of _PUBLIC
    "__version__", "Game", "TashkalarError", "DataError", "InputError", "NotFoundError", "Rank", "Mode", "PieceKind",
    "Square", "Bitboard", "Being", "Legend", "Flare", "Task", "Piece", "Position", "Turn", "Verdict", "Placement",
]

if TYPE_CHECKING:
    from tashkalar_cli.errors import DataError, InputError, NotFoundError, TashkalarError
    from tashkalar_cli.games import Game
    from tashkalar_cli.games.tashkalar.engine.summoning import Placement, Verdict
    from tashkalar_cli.games.tashkalar.model.cards import Being, Flare, Legend, Task
    from tashkalar_cli.games.tashkalar.model.position import Piece, Position
    from tashkalar_cli.games.tashkalar.model.turn import Turn
    from tashkalar_cli.games.tashkalar.model.types import Bitboard, Mode, PieceKind, Rank, Square


def __getattr__(name: str) -> Any:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'tashkalar_cli' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
