"""The games the tool knows, as data: where each game's files are, which schema each follows.

A game is a *pack*: its language-neutral facts in ``cards/<folder>/`` and its texts in
``locales/<lang>/<folder>/`` (Tash-Kalar, the first game, has the empty folder: its files stay
at the top of ``cards/`` and ``locales/<lang>/``), plus, for what is specific to it, an engine
module. Each game is loaded, validated and cached on its own; the interface texts
(``locales/<lang>/ui.yaml``) are shared by every game.

A third game needs: an entry in :data:`GAMES` (kept in :mod:`tashkalar_cli.data.paths`, which
every command imports at start-up: its fact files and their schemas, the locale files it has,
its keyword categories), its data folder, its schemas when its facts differ, and an engine
module for its own questions; the rules, keywords, errata, search, i18n check, validation and
JSON machinery then serve it unchanged.
"""

from __future__ import annotations

import os

from tashkalar_cli.data.paths import DEFAULT_GAME, GAME_FOLDERS, GAMES, FactFile, GamePack
from tashkalar_cli.errors import InputError

__all__ = ["DEFAULT_GAME", "GAMES", "GAME_FOLDERS", "FactFile", "GamePack", "chosen_game", "game_pack"]


def game_pack(game: str | None = None) -> GamePack:
    """The game ``game`` (default: Tash-Kalar); an unknown name is bad input. (The library never
    reads ``TASHKALAR_GAME``: the command line does, see :func:`chosen_game`.)"""
    chosen = (game or DEFAULT_GAME).strip().lower()
    if chosen not in GAMES:
        raise InputError(key="unknown-game", game=chosen, games=", ".join(GAMES))
    return GAMES[chosen]


def chosen_game(option: str | None) -> str:
    """The game of a command line: ``--game``, else ``TASHKALAR_GAME``, else Tash-Kalar (checked)."""
    return game_pack(option or os.environ.get("TASHKALAR_GAME") or None).id
