"""The games, one pack each: ``tashkalar/`` (Tash-Kalar) and ``letal/`` (L.E.T.A.L. TCG).

A pack brings what exists in its game only: its rules object (the questions of the game, built with the
shared :class:`tashkalar_cli.game.Game`), its engine and its renderers. The shared core never imports a
pack: the registry (:data:`tashkalar_cli.data.paths.GAMES`) names each game's rules object as data, and
:func:`tashkalar_cli.data.games.rules_class` imports it by that name. The packs import nothing of each
other (the contracts in ``pyproject.toml``).

:data:`Game` here is the game of any pack, as a caller sees it that does not know which game it opened
(the command line, reading ``--game``): every question of every game, a question of another game being
bad input at run time (``wrong-game``). A typed caller names its game instead
(:class:`~tashkalar_cli.games.tashkalar.TashkalarGame`, :class:`~tashkalar_cli.games.letal.LetalGame`),
and a question of another game does not type-check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tashkalar_cli import game as _core
    from tashkalar_cli.games.letal.rules import LetalRules
    from tashkalar_cli.games.tashkalar.rules import TashkalarRules

    class Game(_core.Game[Any], TashkalarRules, LetalRules):
        """A game of any pack, with the questions of every game (see the module's text)."""

else:
    from tashkalar_cli.game import Game

__all__ = ["Game"]
