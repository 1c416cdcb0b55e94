"""Tash-Kalar's command group, in its pack: ``card``, ``summon``, ``summonable``, ``plan``, ``flare``, ``task``,
``score``, ``position`` and ``board``, each named by the registry (:attr:`GamePack.commands
<tashkalar_cli.data.paths.GamePack>`) and loaded by the command line only when it runs or a help lists it.

They stand on the command line's kit (:mod:`tashkalar_cli.command`: the session, the output, the JSON) with
the pack's own option types (:mod:`.options`) and its session, :class:`TashkalarSession`: the kit's, with this
game's rules object typed (``s.rules.summon(...)`` type-checks), its cards, its board and its positions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from tashkalar_cli.command.common import Session

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.catalog.cards import CardCatalog
    from tashkalar_cli.games.tashkalar.model.board import Board
    from tashkalar_cli.games.tashkalar.model.position import Position
    from tashkalar_cli.games.tashkalar.rules import TashkalarRules


class TashkalarSession(Session):
    """The session of a Tash-Kalar command: the kit's, with the game's questions typed. The command line
    routes a Tash-Kalar command to Tash-Kalar only (``wrong-game`` for another game), so the rules object
    of its game is Tash-Kalar's: said once, here."""

    @property
    def rules(self) -> TashkalarRules:
        """Tash-Kalar's rules object: its cards, board, positions, summons, flares, tasks, scores and plans."""
        return cast("TashkalarRules", self.game.ruleset)

    @property
    def cards(self) -> CardCatalog:
        return self.rules.cards

    @property
    def board(self) -> Board:
        return self.rules.board

    def position(self, path: str | None, pieces: str | None, mode: str | None = None,
                 players: int | None = None) -> Position:
        return self.rules.position(path, pieces=pieces, mode=mode, players=players)


def session(lang: str | None = None, data: str | None = None, force: bool = False) -> TashkalarSession:
    """The session of a Tash-Kalar command (see :meth:`Session.of_line
    <tashkalar_cli.command.common.Session.of_line>`)."""
    return TashkalarSession.of_line(lang, data, force)


__all__ = ["TashkalarSession", "session"]
