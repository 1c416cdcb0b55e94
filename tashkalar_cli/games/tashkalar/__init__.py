"""Tash-Kalar's pack, layered in itself (``pyproject.toml``: rules > render > catalog > engine > model):

* :mod:`.rules`: its rules object, every question of the game (summons, effects, flares, tasks, scores, plans);
* :mod:`.render`: its boards, cards, summons, effects, plans and cheat sheets, in the terminal, in SVG, in JSON
  and on the board page (drawn with the shared primitives of :mod:`tashkalar_cli.render`);
* :mod:`.catalog`: its cards' names and texts in every language, and what its data adds when it is built;
* :mod:`.engine`: summoning, the effects interpreter, flares, tasks, scores, the planner and the goal search;
* :mod:`.model`: the board and its one board state, patterns, cards, positions, turns and the game's numbers.

Its data is the top level of ``cards/`` and ``locales/<lang>/``, described by its entry in
:data:`tashkalar_cli.data.paths.GAMES`. It imports nothing of L.E.T.A.L.'s pack, and the shared core imports
nothing of it.

:class:`TashkalarGame` is the game with its type: ``TashkalarGame().ruleset.summon(...)`` type-checks, and
``TashkalarGame().ruleset.letal`` does not (L.E.T.A.L.'s grid).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from tashkalar_cli.game import Game
from tashkalar_cli.games.tashkalar.rules import TashkalarRules

if TYPE_CHECKING:
    from tashkalar_cli.data.dataset import Dataset

GAME_ID = "tash-kalar"


class TashkalarGame(Game[TashkalarRules]):
    """Tash-Kalar in the built-in data (or ``TASHKALAR_DATA``), the data folder ``data`` or ``dataset``."""

    def __init__(self, data: str | os.PathLike[str] | None = None, /, *, dataset: Dataset | None = None) -> None:
        super().__init__(data=data, game=GAME_ID, dataset=dataset)


__all__ = ["GAME_ID", "TashkalarGame"]
