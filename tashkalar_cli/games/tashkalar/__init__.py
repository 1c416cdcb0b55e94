"""Tash-Kalar's pack: its rules object (:mod:`.rules`: the board, the game numbers, the cards and every
question of the game). Its engines stay in :mod:`tashkalar_cli.engine` and :mod:`tashkalar_cli.model` for
now, its renderers in :mod:`tashkalar_cli.render`; its data is the top level of ``cards/`` and
``locales/<lang>/``, described by its entry in :data:`tashkalar_cli.data.paths.GAMES`. It imports nothing
of L.E.T.A.L.'s pack.

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
