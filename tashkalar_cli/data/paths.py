"""Where the data lives (inside the installed package, or beside it in a checkout), and the one
way the tool walks a folder it is given.

:func:`walk` is the only walk of a folder in the tool: the data folder (``--data``), translators'
locales (``TASHKALAR_LOCALES``), ``i18n check --locales``, the cache key's look at the data and
at the package's own code. It never follows a symbolic link to a folder (so no loop can make it
go round), refuses a symbolic link that leads out of the folder it was given, and stops with one
line past :data:`MAX_WALK_FILES` entries or :data:`MAX_WALK_BYTES` bytes.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import NamedTuple

from tashkalar_cli.errors import DataError, InputError, visible

PACKAGE_DIR = Path(__file__).resolve().parent.parent
_PACKAGED = PACKAGE_DIR / "_data"
_CHECKOUT = PACKAGE_DIR.parent

#: the most files and folders one load of the data (or one ``i18n check``) walks through
MAX_WALK_FILES = 10_000
#: the most bytes the files it finds may hold together
MAX_WALK_BYTES = 64_000_000


def default_data_root() -> Path:
    """The folder holding ``cards/``, ``locales/`` and ``schemas/``."""
    if (_PACKAGED / "cards").is_dir():
        return _PACKAGED
    return _CHECKOUT


def data_root(override: str | os.PathLike[str] | None = None) -> Path:
    """The data root chosen by ``--data``, else ``TASHKALAR_DATA``, else the default (its data
    folders are then among those this process reads: :func:`reading`)."""
    chosen = override or os.environ.get("TASHKALAR_DATA")
    if not chosen:
        return default_data_root()
    root = Path(checked_length(chosen)).resolve()
    reading(root / "cards", root / "locales", root / "schemas")
    return root


def extra_locales() -> list[Path]:
    """Translators' own locales folders (``TASHKALAR_LOCALES``, separated like PATH).

    Each holds ``<lang>/`` folders laid out like the built-in ones; a language found there is
    added, or replaces the built-in one of the same name.
    """
    value = os.environ.get("TASHKALAR_LOCALES", "")
    return [Path(checked_length(p)).resolve() for p in value.split(os.pathsep) if p]


#: the longest name of one file or folder, and the longest whole path, in bytes, the tool hands to
#: the system (Linux's NAME_MAX, and PATH_MAX less its final NUL): a longer one is bad input, said
#: in one line before the system is asked (which would answer ENAMETOOLONG from deep inside a command)
MAX_NAME = 255
MAX_PATH = 4095
#: what the name of a file the tool writes leaves for the temporary copy written beside it first
#: (``.NAME.XXXXXXXX.tmp``: see :mod:`tashkalar_cli.data.atomic`)
OUTPUT_SPARE = 14


def checked_length(path: str | os.PathLike[str], *, output: bool = False) -> str:
    """``path`` (a file or folder a user named: an option, an environment variable), or an
    :class:`~tashkalar_cli.errors.InputError` when one of its names is longer than :data:`MAX_NAME`
    bytes (less :data:`OUTPUT_SPARE` for the last name of an ``output``), or the whole of it, made
    absolute, longer than :data:`MAX_PATH` (less the same). The one decision on the length of a
    user's path: the output checks, the data and locales folders and the position and turn
    readers all ask it."""
    text = os.fspath(path)
    try:
        raw = os.fsencode(text)
    except UnicodeEncodeError:  # a lone surrogate no file name has: measured as it would be written
        raw = text.encode("utf-8", "surrogatepass")
    spare = OUTPUT_SPARE if output else 0
    parts = raw.split(b"/")
    over = [(len(p), MAX_NAME - (spare if i == len(parts) - 1 else 0)) for i, p in enumerate(parts)]
    size, most = max(over, key=lambda found: found[0] - found[1])
    key = "path-too-long"
    if size <= most:
        key, size, most = "path-too-long-whole", len(raw), MAX_PATH - spare
        if not raw.startswith(b"/"):
            try:
                here = os.fsencode(os.getcwd())
            except OSError:  # no current folder (deleted): the path as given
                here = b""
            size += len(here) + 1 if here else 0
    if size > most:
        shown = visible(text)  # its start and its end (the name of the file), cut in the middle
        shown = shown if len(shown) <= 60 else f"{shown[:30]}…{shown[-29:]}"
        raise InputError(key=key, path=shown, size=size, most=most)
    return text


def schemas_dir() -> Path:
    return default_data_root() / "schemas"


def cache_dir() -> Path | None:
    """Where validated data is cached; ``None`` when caching is switched off."""
    if os.environ.get("TASHKALAR_NO_CACHE"):
        return None
    chosen = os.environ.get("TASHKALAR_CACHE_DIR")
    if chosen:
        return Path(chosen)
    import platformdirs  # deferred: not loaded when TASHKALAR_CACHE_DIR names the cache

    return Path(platformdirs.user_cache_dir("tashkalar", appauthor=False))


def tool_folders(root: Path) -> list[Path]:
    """The folders the tool reads its own data and code from, which it never writes into: the
    installed package, the data folders of ``root`` and of the default data, translators'
    locales. (All resolved: ``root``, the package and ``TASHKALAR_LOCALES`` are.)"""
    default = default_data_root()
    out = [PACKAGE_DIR]
    for base in dict.fromkeys((root, default)):
        out += [base / "cards", base / "locales", base / "schemas"]
    return out + extra_locales()


def inside(path: Path, folders: list[Path]) -> Path | None:
    """The first of ``folders`` that holds ``path`` (or is it), both taken with links resolved."""
    where = os.path.realpath(path)
    for folder in folders:
        real = os.path.realpath(folder)
        if where == real or where.startswith(real.rstrip(os.sep) + os.sep):
            return folder
    return None


#: every folder this process reads, by its path as given (each walked folder, the data folders of each
#: data root chosen), with its real path once :func:`entries_cache` has looked at it
_READ: dict[str, str | None] = {}


def reading(*folders: str | os.PathLike[str]) -> None:
    """Note that this process reads ``folders``: from now on the tool neither keeps nor looks for a
    cache entry inside one of them (:func:`entries_cache`). :func:`walk` notes every folder it walks;
    a command notes a folder it is given before it reads anything else (``i18n check`` loads the
    facts before it walks the folder it checks)."""
    for folder in folders:
        _READ.setdefault(os.path.abspath(folder), None)


def entries_cache() -> Path | None:
    """The cache folder where this process may keep, and look for, what it derived from files (the
    data caches, the per-file results, the parses of files named on the command line); None when
    caching is switched off, or when the cache folder is inside the tool's own data or code (refused
    when the data is loaded: :func:`check_cache_dir`) or inside a folder this process reads
    (:func:`reading`): an entry written there would be read back as data (``i18n check --locales F``
    with the cache in ``F``: a language ``cache`` of JSON files). The one rule of where entries go."""
    cache = cache_dir()
    if cache is None or inside(cache, tool_folders(data_root())) is not None:
        return None
    if _READ:
        where = os.path.realpath(cache)
        for given, real in _READ.items():
            if real is None:
                real = _READ[given] = os.path.realpath(given)
            if where == real or where.startswith(real.rstrip(os.sep) + os.sep):
                return None
    return cache


def check_cache_dir(cache: Path, root: Path) -> None:
    """Refuse a cache folder inside the tool's own data or code (``TASHKALAR_CACHE_DIR``)."""
    found = inside(cache, tool_folders(root))
    if found is not None:
        raise DataError(key="cache-in-data", file="TASHKALAR_CACHE_DIR", path=str(cache), folder=str(found))


# --------------------------------------------------------------------------- the one walker

class Found(NamedTuple):
    """A file (or, when asked for, a folder) found by :func:`walk`."""

    path: str       # the folder given, joined with ``rel``
    rel: str        # below the folder given, parts separated by '/'
    size: int
    mtime_ns: int
    ino: int
    is_dir: bool


class Budget:
    """The files and bytes left to the walks of one folder a user gave (a data folder, a
    translator's locales): the walks of its parts share it, and passing it names that folder."""

    def __init__(self, folder: str | os.PathLike[str] | None = None, files: int = MAX_WALK_FILES,
                 size: int = MAX_WALK_BYTES) -> None:
        self.folder = os.fspath(folder) if folder is not None else None
        self.files = files
        self.size = size

    def spent(self, top: str) -> None:
        """Raise when the budget is passed (the walk has counted what it found)."""
        if self.files < 0:
            raise DataError(key="walk-too-many-files", file=self.folder or top, limit=MAX_WALK_FILES)
        if self.size < 0:
            raise DataError(key="walk-too-large", file=self.folder or top, limit=MAX_WALK_BYTES)


def walk(folder: str | os.PathLike[str], *, budget: Budget | None = None, depth: int | None = None,
         folders: bool = False, skip: tuple[str, ...] = (), suffix: str = "",
         only: tuple[str, ...] = ()) -> list[Found]:
    """Every file below ``folder``, in a stable order (a folder's files, then its subfolders').

    Hidden entries (``.name``), folders named in ``skip`` and files whose name does not end with
    ``suffix`` are passed over; with ``only``, so are the entries of ``folder`` itself not named
    there (a game's own folder and the shared ``ui.yaml`` of a language); ``depth`` 1 looks at
    ``folder``'s own entries only; with ``folders`` the subfolders are listed too (found before
    their files). A symbolic link to a file inside the folder the user gave (the budget's, else
    ``folder``) is followed; a link to a folder (``folder`` itself, or one on the way to it from
    the budget's folder, included), or one leading out of that folder, is a
    :class:`~tashkalar_cli.errors.DataError`, as is passing the budget. A folder that cannot be
    listed raises ``OSError`` (the caller says what it was for).
    """
    top = os.fspath(folder)
    reading(top)
    budget = budget if budget is not None else Budget()
    within = budget.folder or top
    if within != top:
        _no_link_on_the_way(top, within)
    out: list[Found] = []
    real_top: str | None = None
    stack: list[tuple[str, str, int]] = [(top, "", 1)]
    while stack:
        where, rel_dir, level = stack.pop()
        entries = []
        with os.scandir(where) as it:
            for entry in it:  # counted as they come: a folder of millions of entries is not listed whole
                entries.append(entry)
                if len(entries) > budget.files:
                    break
        budget.files -= len(entries)  # hidden ones too: every entry costs its look
        if budget.files < 0:
            budget.spent(top)
        entries.sort(key=lambda e: e.name)
        below: list[tuple[str, str, int]] = []
        for entry in entries:
            name = entry.name
            if name[0] == "." or (only and level == 1 and name not in only):
                continue
            if entry.is_symlink():
                if real_top is None:
                    real_top = os.path.realpath(within)
                st = _followed(entry.path, real_top, within)
                if not name.endswith(suffix):
                    continue
            elif entry.is_dir(follow_symlinks=False):
                if name in skip:
                    continue
                if folders:
                    out.append(Found(entry.path, rel_dir + name, 0, 0, entry.inode(), True))
                if depth is None or level < depth:
                    below.append((entry.path, f"{rel_dir}{name}/", level + 1))
                continue
            elif name.endswith(suffix):
                st = entry.stat(follow_symlinks=False)
            else:
                continue
            budget.size -= st.st_size
            out.append(Found(entry.path, rel_dir + name, st.st_size, st.st_mtime_ns, st.st_ino, False))
        if budget.size < 0:
            budget.spent(top)
        stack += reversed(below)
    return out


def _no_link_on_the_way(top: str, within: str) -> None:
    """Refuse a walk of ``top`` below the folder the user gave (``within``) when a folder on the
    way, ``top`` included, is a symbolic link (``cards/letal`` or ``locales/fr/letal`` linked
    elsewhere): as a walk of ``within`` would, for a link to a folder or out of it."""
    rel = os.path.relpath(top, within)
    if rel == os.curdir or rel == os.pardir or rel.startswith(os.pardir + os.sep):
        return  # not below the folder given: nothing between them to check
    where = within
    for part in rel.split(os.sep):
        where = os.path.join(where, part)
        if os.path.islink(where):
            real = os.path.realpath(within)
            target = os.path.realpath(where)
            if target != real and not target.startswith(real.rstrip(os.sep) + os.sep):
                raise DataError(key="walk-link-outside", file=where, folder=within)
            raise DataError(key="walk-link-folder", file=where)


def _followed(path: str, real_top: str, top: str) -> os.stat_result:
    """What a symbolic link found in a walk leads to: a file inside the folder walked, or a
    :class:`~tashkalar_cli.errors.DataError` (a link out of it, to a folder, or to nothing)."""
    target = os.path.realpath(path)
    if target != real_top and not target.startswith(real_top.rstrip(os.sep) + os.sep):
        raise DataError(key="walk-link-outside", file=path, folder=top)
    try:
        st = os.stat(path)
    except OSError as exc:
        raise DataError(key="cannot-read", file=path, reason=exc.strerror or "") from None
    if stat.S_ISDIR(st.st_mode):
        raise DataError(key="walk-link-folder", file=path)
    return st


def files_below(folder: Path, budget: Budget | None = None, skip: tuple[str, ...] = (),
                only: tuple[str, ...] = ()) -> list[Path]:
    """Every file below ``folder`` (hidden files and folders aside, the folders named in ``skip``,
    and with ``only`` the entries of ``folder`` not named there), in a stable order; a folder that
    cannot be read is a :class:`~tashkalar_cli.errors.DataError`."""
    return [Path(f.path) for f in _walk_or_say(folder, budget, None, skip, only)]


def folders_in(folder: Path, budget: Budget | None = None) -> list[Path]:
    """The subfolders of ``folder`` (hidden ones aside), by name."""
    return [Path(f.path) for f in _walk_or_say(folder, budget, 1) if f.is_dir]


def _walk_or_say(folder: Path, budget: Budget | None, depth: int | None, skip: tuple[str, ...] = (),
                 only: tuple[str, ...] = ()) -> list[Found]:
    try:
        return walk(folder, budget=budget, depth=depth, folders=depth is not None, skip=skip, only=only)
    except OSError as exc:
        raise DataError(key="cannot-read", file=exc.filename if isinstance(exc.filename, str) else str(folder),
                        reason=exc.strerror or "") from None


# ---------------------------------------------------------------------------- the games
# Which files each game has and where: the table of tashkalar_cli.data.games, kept here because
# every command reads it at start-up (plain classes: a dataclass costs about a millisecond).

DEFAULT_GAME = "tash-kalar"

#: the forms of play a rule may name (its ``modes``, ``schemas/rules.schema.json``), in the order they are shown:
#: kept here, which every command imports at start-up, for the option that reads them (``rule list --mode``)
RULE_MODES = ("high-form", "duel", "melee", "team")


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
    (``modes``), its rules object (``rules``: ``module:Class`` of its pack below
    :mod:`tashkalar_cli.games`, imported by that name when a game first asks it a question) and its
    command group (``commands``: the name of each command of the line that belongs to this game
    only, and the ``module:attribute`` that makes it, a Typer app for a group of commands or a
    function for one; its module is imported only when the command runs or a help lists it), and what
    checks its facts across files and derives values from them when its data is built (``derive``:
    ``module:function`` of its pack, given the facts, returning the derived values; Tash-Kalar's
    cards and their patterns' orientations; none for a game without cards). The
    command line routes a command to the game whose pack declares it, and refuses it for another
    game; the commands that serve every game are the command line's own. What those need of a game
    they get from its pack by name too (``hooks``: hook -> ``module:function``, each imported only
    when the command runs): ``sheet``, the cheat sheet of ``tashkalar sheet`` (given the game, its
    localizer, the decks named, whether the legends, flares and tasks are asked for; returning a
    :class:`~tashkalar_cli.render.sheet.SheetMade`); ``census``, what ``tashkalar validate`` counts
    of the game's cards (given the facts; none: no cards); ``complete``, the completions of the
    kinds of values only this game has (given the kind, the game and a localizer; None for a kind it
    does not know); ``parameters``, a table (not a function): which kind of value each parameter of the
    game's commands takes, by command path and parameter name, that a shell completes."""

    __slots__ = ("categories", "commands", "derive", "facts", "folder", "hooks", "id", "locale_files", "modes",
                 "names", "rules")

    def __init__(self, id: str, folder: str, facts: tuple[FactFile, ...], locale_files: tuple[str, ...],
                 categories: tuple[str, ...], *, modes: bool = False, rules: str,
                 commands: dict[str, str] | None = None, derive: str | None = None,
                 hooks: dict[str, str] | None = None, names: tuple[str, ...] = ()) -> None:
        self.id, self.folder, self.facts, self.locale_files = id, folder, facts, locale_files
        self.categories, self.modes, self.rules, self.derive = categories, modes, rules, derive
        self.commands: dict[str, str] = dict(commands or {})
        self.hooks: dict[str, str] = dict(hooks or {})
        #: the other spellings ``--game`` reads as this game (its id is one): read as every word is
        self.names = names

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
        ("cards/*.yaml", "flares.yaml", "tasks.yaml", "glossary.yaml", "rules.yaml", "errata.yaml", "ui.yaml",
         "sources.yaml"),
        ("card", "piece", "board", "movement", "action", "effect", "rule", "mode", "expansion"),
        modes=True, rules="tashkalar_cli.games.tashkalar.rules:TashkalarRules", names=("tashkalar", "Tash Kalar"),
        derive="tashkalar_cli.games.tashkalar.catalog.build:derive",
        commands={"card": "tashkalar_cli.games.tashkalar.commands.card:app",
                  "summon": "tashkalar_cli.games.tashkalar.commands.summon:summon",
                  "summonable": "tashkalar_cli.games.tashkalar.commands.summon:summonable",
                  "plan": "tashkalar_cli.games.tashkalar.commands.plan:plan",
                  "flare": "tashkalar_cli.games.tashkalar.commands.play:flare_app",
                  "task": "tashkalar_cli.games.tashkalar.commands.play:task_app",
                  "score": "tashkalar_cli.games.tashkalar.commands.play:score",
                  "position": "tashkalar_cli.games.tashkalar.commands.position:app",
                  "board": "tashkalar_cli.games.tashkalar.commands.board:board"},
        hooks={"sheet": "tashkalar_cli.games.tashkalar.render.cardsheet:sheet",
               "census": "tashkalar_cli.games.tashkalar.catalog.build:census",
               "complete": "tashkalar_cli.games.tashkalar.commands.completion:candidates",
               "parameters": "tashkalar_cli.games.tashkalar.commands.completion:PARAMETERS"}),
    "letal": GamePack(
        "letal", "letal",
        (FactFile("game.yaml", "letal-numbers", True, "game"), *_RULE_FILES),
        ("glossary.yaml", "rules.yaml", "errata.yaml", "ui.yaml", "sources.yaml"),
        ("game", "card-type", "turn", "combat", "positioning", "movement", "cards", "status"),
        rules="tashkalar_cli.games.letal.rules:LetalRules", names=("L.E.T.A.L.", "L.E.T.A.L. TCG"),
        commands={"letal": "tashkalar_cli.games.letal.commands:app"},
        hooks={"sheet": "tashkalar_cli.games.letal.render:sheet"}),
}

#: the folders of cards/ and locales/<lang>/ that belong to a game other than the top-level one
GAME_FOLDERS = frozenset(p.folder for p in GAMES.values() if p.folder)
