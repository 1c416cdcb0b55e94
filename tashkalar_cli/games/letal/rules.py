"""L.E.T.A.L. TCG's rules object: what the game asks beyond the shared texts, its grid engine.

:class:`LetalRules` is what the L.E.T.A.L. pack plugs into the shared :class:`~tashkalar_cli.game.Game`
(registered in :data:`tashkalar_cli.data.paths.GAMES` by the name of this class). The game has no card
database and no colors: it adds its teams to the word reader, and names no card in an error.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from tashkalar_cli.game import GameWords
from tashkalar_cli.games.letal.engine import FIELD_WORD, TEAM_WORD, TEAMS, LetalEngine

if TYPE_CHECKING:
    from tashkalar_cli.game import Game
    from tashkalar_cli.text.i18n import Localizer


#: the fields of a game file (of the file, a player, a hero), as ``schemas/letal-game.schema.json`` names them
FIELDS = ("players", "name", "team", "heroes", "square", "deck", "endurance")


class LetalRules:
    """The questions of L.E.T.A.L. TCG, asked of ``game`` (its data: ``cards/letal/game.yaml``)."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def words(self) -> GameWords:
        """Its teams (``letal.team``, named by the ``letal.team.*`` texts and the ``words:`` forms of every
        language) and the fields of its game files (``letal.field``: ``letal.field.*``, to point a field written
        in another language to its own name), beside the shared words (keywords, errata, languages...)."""
        return GameWords(fixed={TEAM_WORD: list(TEAMS), FIELD_WORD: list(FIELDS)})

    def term_name(self, kind: str, ident: str, loc: Localizer) -> str | None:
        """No card nor task to name: an error shows the id."""
        return None

    @cached_property
    def letal(self) -> LetalEngine:
        """L.E.T.A.L. TCG's grid engine (areas, moves, pushes and pulls, attacks, game-file checks)."""
        return LetalEngine(self.game.dataset.facts["game"], self.game.word)


__all__ = ["LetalRules"]
