"""The games the tool knows, as data: where each game's files are, which schema each follows.

A game is a *pack*: its language-neutral facts in ``cards/<folder>/`` and its texts in
``locales/<lang>/<folder>/`` (Tash-Kalar, the first game, has the empty folder: its files stay
at the top of ``cards/`` and ``locales/<lang>/``), plus, for what is specific to it, an engine
module. Each game is loaded, validated and cached on its own; the interface texts
(``locales/<lang>/ui.yaml``) are shared by every game.

A game's own questions are its *rules object*, in its pack below :mod:`tashkalar_cli.games`; the registry
names it as data (``GamePack.rules``: ``module:Class``) and :func:`rules_class` imports it by that name, so the
shared core (:class:`tashkalar_cli.game.Game`, the texts, the data) imports no pack.

A third game needs: an entry in :data:`GAMES` (kept in :mod:`tashkalar_cli.data.paths`, which
every command imports at start-up: its fact files and their schemas, the locale files it has,
its keyword categories, its rules object's name, its commands by name and ``module:attribute``),
its data folder, its schemas when its facts differ, and its pack ``tashkalar_cli/games/<game>/``
(its rules object, engine, renderers, commands, what its data derives and the hooks the line's own commands
call: its cheat sheet, its cards' census, its completions); the rules, keywords, errata, search, i18n check,
validation and JSON machinery then serve it unchanged, and the command line routes its commands
to it (refused for another game) and lists them in its help.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from tashkalar_cli.data.paths import DEFAULT_GAME, GAME_FOLDERS, GAMES, FactFile, GamePack
from tashkalar_cli.errors import InputError

__all__ = ["DEFAULT_GAME", "GAMES", "GAME_FOLDERS", "FactFile", "GamePack", "game_pack",
           "hook", "named", "owner_of", "pack_function", "rules_class"]


def game_pack(game: str | None = None) -> GamePack:
    """The game of the id ``game`` (default: Tash-Kalar), as the data layer is given it; an unknown id is bad
    input. (A name as a person writes it is read by :func:`tashkalar_cli.game.pack_of`.)"""
    chosen = (game or DEFAULT_GAME).strip().lower()
    if chosen not in GAMES:
        raise InputError(key="unknown-game", game=chosen, games=", ".join(GAMES))
    return GAMES[chosen]


def named(target: str) -> Any:
    """What the registry names by ``module:attribute`` (a rules object's class, a pack's function, a command),
    its module imported then: the one way the shared core reaches into a pack."""
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


def rules_class(pack: GamePack) -> type:
    """The class of ``pack``'s rules object, imported by the name the registry gives (``module:Class``)."""
    found: object = named(pack.rules)
    if not isinstance(found, type):
        raise TypeError(f"game {pack.id!r}: {pack.rules} is not a class")
    return found


def pack_function(name: str) -> Callable[..., Any]:
    """A function of a pack, imported by the name the registry gives it (``module:function``)."""
    found: object = named(name)
    if not callable(found):
        raise TypeError(f"{name} is not a function")
    return found


def hook(pack: GamePack, name: str) -> Callable[..., Any] | None:
    """What ``pack`` gives a command of the line's own by the name ``name`` (:attr:`GamePack.hooks`), imported
    then; None when the game has none (a game without cards has no ``census``)."""
    target = pack.hooks.get(name)
    return pack_function(target) if target is not None else None


def owner_of(question: str) -> str | None:
    """The game whose rules object asks ``question`` (a public name), if one does: the first in :data:`GAMES`."""
    return next((pack.id for pack in GAMES.values() if hasattr(rules_class(pack), question)), None)
