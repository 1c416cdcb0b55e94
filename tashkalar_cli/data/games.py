"""The games the tool knows, as data: where each game's files are, which schema each follows.

A game is a *pack*: its language-neutral facts in ``cards/<folder>/`` and its texts in
``locales/<lang>/<folder>/`` (Tash-Kalar, the first game, has the empty folder: its files stay
at the top of ``cards/`` and ``locales/<lang>/``), plus, for what is specific to it, an engine
module. Each game is loaded, validated and cached on its own; the interface texts
(``locales/<lang>/ui.yaml``) are shared by every game.

A third game needs: an entry here (its fact files and their schemas, the locale files it has,
its keyword categories), its data folder, its schemas when its facts differ, and an engine
module for its own questions; the rules, keywords, errata, search, i18n check, validation and
JSON machinery then serve it unchanged.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from tashkalar_cli.errors import InputError

DEFAULT_GAME = "tash-kalar"


@dataclass(frozen=True)
class FactFile:
    """One kind of fact file of a game: its path pattern below the game's folder of ``cards/``,
    its schema, whether it must be there, the key of the facts it fills and, for a list, the key
    of the list in the file (``None``: the whole file is the value)."""

    pattern: str
    schema: str
    required: bool
    fact: str
    items: str | None = None


@dataclass(frozen=True)
class GamePack:
    """What the loader, the cache and the commands need to know about one game."""

    id: str
    folder: str                         # below cards/ and locales/<lang>/ ("" for the top level)
    facts: tuple[FactFile, ...]
    locale_files: tuple[str, ...]       # patterns of locales/<lang>/<folder>/ it reads (ui.yaml: shared)
    categories: tuple[str, ...]         # the keyword categories of its glossary
    modes: bool = False                 # its rules name the forms of play they apply to
    engine: str | None = None           # module of its own engine (tashkalar_cli.engine.<name>)

    @property
    def has_cards(self) -> bool:
        """Whether the game has a card database (Tash-Kalar's beings, flares and tasks)."""
        return any(f.schema == "deck" for f in self.facts)

    def cards_dir(self, root: os.PathLike[str] | str) -> str:
        return os.path.join(os.fspath(root), "cards", *([self.folder] if self.folder else []))

    def shown(self, rel: str) -> str:
        """A path below the game's folder as a user reads it (``letal/rules.yaml``)."""
        return f"{self.folder}/{rel}" if self.folder else rel


_RULE_FILES = (
    FactFile("glossary.yaml", "glossary", True, "glossary", "keywords"),
    FactFile("rules.yaml", "rules", False, "rules"),
    FactFile("errata.yaml", "errata", False, "errata", "errata"),
)

GAMES: dict[str, GamePack] = {
    "tash-kalar": GamePack(
        "tash-kalar", "",
        (FactFile("decks.yaml", "decks", True, "decks", "decks"),
         FactFile("board.yaml", "board", True, "board"),
         FactFile("game.yaml", "game", True, "game"),
         FactFile("flares.yaml", "flares", True, "flares", "flares"),
         FactFile("tasks.yaml", "tasks", True, "tasks", "tasks"),
         *_RULE_FILES,
         FactFile("beings/*.yaml", "deck", True, "beings")),
        ("cards/*.yaml", "flares.yaml", "tasks.yaml", "glossary.yaml", "rules.yaml", "errata.yaml", "ui.yaml"),
        ("card", "piece", "board", "movement", "action", "effect", "rule", "mode", "expansion"),
        modes=True, engine="tashkalar_cli.engine.summoning"),
    "letal": GamePack(
        "letal", "letal",
        (FactFile("game.yaml", "letal-numbers", True, "game"), *_RULE_FILES),
        ("glossary.yaml", "rules.yaml", "errata.yaml", "ui.yaml"),
        ("game", "card-type", "turn", "combat", "positioning", "movement", "cards", "status"),
        engine="tashkalar_cli.engine.letal"),
}

#: the folders of cards/ and locales/<lang>/ that belong to a game other than the top-level one
GAME_FOLDERS = frozenset(p.folder for p in GAMES.values() if p.folder)


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
