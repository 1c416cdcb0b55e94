"""L.E.T.A.L. TCG's pack: its rules object (:mod:`.rules`), its grid engine (:mod:`.engine`), its pictures and
texts (:mod:`.render`) and its JSON answers (:mod:`.jsonout`). Its data stays in ``cards/letal/`` and
``locales/<lang>/letal/`` (the layout every ``--data`` folder has), described by its entry in
:data:`tashkalar_cli.data.paths.GAMES`. It imports nothing of Tash-Kalar's pack, engine or model.

:class:`LetalGame` is the game with its type: ``LetalGame().ruleset.letal.area(...)`` type-checks, and
``LetalGame().cards`` or ``LetalGame().ruleset.summon`` does not (Tash-Kalar's questions).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from tashkalar_cli.game import Game

if TYPE_CHECKING:
    from tashkalar_cli.data.dataset import Dataset
    from tashkalar_cli.games.letal.rules import LetalRules  # noqa: F401 - named as text in LetalGame's base

GAME_ID = "letal"


# the rules object named as text: the pack's package (which its command group's module is inside) loads no
# engine until a question is asked (``letal --help`` does not), the registry's name importing it then
class LetalGame(Game["LetalRules"]):
    """L.E.T.A.L. TCG in the built-in data (or ``TASHKALAR_DATA``), the data folder ``data`` or ``dataset``."""

    def __init__(self, data: str | os.PathLike[str] | None = None, /, *, dataset: Dataset | None = None) -> None:
        super().__init__(data=data, game=GAME_ID, dataset=dataset)


__all__ = ["GAME_ID", "LetalGame"]
