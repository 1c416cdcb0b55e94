"""Where the data lives: inside the installed package, or beside the package in a checkout."""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent
_PACKAGED = PACKAGE_DIR / "_data"
_CHECKOUT = PACKAGE_DIR.parent


def default_data_root() -> Path:
    """The folder holding ``cards/``, ``locales/`` and ``schemas/``."""
    if (_PACKAGED / "cards").is_dir():
        return _PACKAGED
    return _CHECKOUT


def data_root(override: str | os.PathLike[str] | None = None) -> Path:
    """The data root chosen by ``--data``, else ``TASHKALAR_DATA``, else the default."""
    chosen = override or os.environ.get("TASHKALAR_DATA")
    return Path(chosen).resolve() if chosen else default_data_root()


def extra_locales() -> list[Path]:
    """Translators' own locales folders (``TASHKALAR_LOCALES``, separated like PATH).

    Each holds ``<lang>/`` folders laid out like the built-in ones; a language found there is
    added, or replaces the built-in one of the same name.
    """
    value = os.environ.get("TASHKALAR_LOCALES", "")
    return [Path(p).resolve() for p in value.split(os.pathsep) if p]


def schemas_dir() -> Path:
    return default_data_root() / "schemas"


def cache_dir() -> Path | None:
    """Where validated data is cached; ``None`` when caching is switched off."""
    if os.environ.get("TASHKALAR_NO_CACHE"):
        return None
    chosen = os.environ.get("TASHKALAR_CACHE_DIR")
    if chosen:
        return Path(chosen)
    import platformdirs

    return Path(platformdirs.user_cache_dir("tashkalar", appauthor=False))


def files_below(folder: Path) -> list[Path]:
    """Every file below ``folder`` (hidden files and folders aside), in a stable order."""
    found = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        found += [Path(dirpath) / n for n in sorted(filenames) if not n.startswith(".")]
    return found


# ---------------------------------------------------------------------------- the games
# Which files each game has and where: the table of tashkalar_cli.data.games, kept here because
# every command reads it at start-up (plain classes: a dataclass costs about a millisecond).

DEFAULT_GAME = "tash-kalar"


class FactFile:
    """One kind of fact file of a game: its path pattern below the game's folder of ``cards/``,
    its schema, whether it must be there, the key of the facts it fills and, for a list, the key
    of the list in the file (``None``: the whole file is the value)."""

    __slots__ = ("fact", "items", "pattern", "required", "schema")

    def __init__(self, pattern: str, schema: str, required: bool, fact: str, items: str | None = None) -> None:
        self.pattern, self.schema, self.required, self.fact, self.items = pattern, schema, required, fact, items

    def __repr__(self) -> str:
        return f"FactFile({self.pattern!r}, {self.schema!r})"


class GamePack:
    """What the loader, the cache and the commands need to know about one game: its id, its folder
    below ``cards/`` and ``locales/<lang>/`` ("" for the top level), its fact files, the locale files
    it reads (``ui.yaml``: shared), its keyword categories, whether its rules name forms of play
    (``modes``), and the module of its own engine."""

    __slots__ = ("categories", "engine", "facts", "folder", "id", "locale_files", "modes")

    def __init__(self, id: str, folder: str, facts: tuple[FactFile, ...], locale_files: tuple[str, ...],
                 categories: tuple[str, ...], *, modes: bool = False, engine: str | None = None) -> None:
        self.id, self.folder, self.facts, self.locale_files = id, folder, facts, locale_files
        self.categories, self.modes, self.engine = categories, modes, engine

    def __repr__(self) -> str:
        return f"GamePack({self.id!r})"

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
