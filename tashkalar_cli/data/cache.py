"""The validated data, loaded once and cached on disk as plain JSON, read part by part.

:mod:`.loader` reads and validates every file (slow: YAML parsing, jsonschema). Its result is
stored in the platform's cache folder as JSON: data only, so a file placed there can never run
code. The cache of one data folder is a folder of small JSON files, one per part of the data
(``facts__beings.json``, ``locales__fr__cards.json``, ...) plus ``index.json``; a command reads
only the parts it uses. The folder's name carries a key made of the tool's version and of the
path, size and modification time of every data file and schema and of the package's Python files
that compute the cached data, so an edit or an upgrade is seen at once without reading the
files; the index repeats the key and records the size and CRC-32 of every part. A derived value made
only when it is first read (the search index, which only a search needs) is named in the index as
pending until a process makes it: the cache is then written anew with it. (When the data must be
validated again, each unchanged file's result is read back from :mod:`.filecache`.)

The cache folder may be a folder of the user's (``TASHKALAR_CACHE_DIR``): the tool only ever
deletes a folder it wrote itself, recognised by the tag it puts in each one (``CACHEDIR.TAG``,
with the standard signature and a line of its own), never by its name alone. Every cache file
is opened without following a link and read only when it is a regular file of a bounded size,
so a FIFO, a link to ``/dev/zero`` or a folder in its place is a damaged cache, as is a part
whose bytes are not those the index records: the data is then validated again and the cache
rewritten. A cache folder is written under a temporary (tagged) name and renamed when
complete; temporary folders left by a write that was killed are removed, and so are the
caches of other keys beyond the most recent ones.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import tempfile
import time
import zlib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeGuard

from tashkalar_cli._version import __version__
from tashkalar_cli.data.atomic import read_bounded
from tashkalar_cli.data.dataset import Dataset, Derived
from tashkalar_cli.data.paths import (
    GAME_FOLDERS,
    GAMES,
    PACKAGE_DIR,
    Budget,
    cache_dir,
    check_cache_dir,
    data_root,
    entries_cache,
    extra_locales,
    schemas_dir,
    walk,
)
from tashkalar_cli.data.progress import step
from tashkalar_cli.errors import DataError

CACHE_FORMAT = 11
_PREFIX = "tashkalar-data-"
_TMP_PREFIX = ".tashkalar-tmp-"
#: the folder of the parses of files named on the command line (:mod:`tashkalar_cli.data.parsed`)
PARSED = "tashkalar-parsed"
#: the folder of the results of single data files (:mod:`tashkalar_cli.data.filecache`)
FILES = "tashkalar-files"
_INDEX = "index.json"
_TAG = "CACHEDIR.TAG"
#: the tag of a folder the tool wrote: the Cache Directory Tagging signature (backup tools skip
#: the folder), then the tool's own line; a folder is the tool's only when its tag is exactly this
_TAG_TEXT = (b"Signature: 8a477f597d28d172789f06886806bc55\n"
             b"# tashkalar data cache 7c2f5e91-3b4d-4a86-9e0f-d15a2c6b8e47: written by tashkalar,\n"
             b"# deleted by it when out of date. Do not keep files of your own in this folder.\n")
#: the largest index and part the tool reads back (the largest part it writes is a few MB)
_MAX_INDEX = 4_000_000
_MAX_PART = 64_000_000
#: a temporary folder older than this (seconds) is a leftover, even if its process id is in use
_STALE = 3600.0
#: the subpackages whose code computes the cached data (the loader, the search index, and what a
#: game's pack derives from its facts: Tash-Kalar's model and catalog; the build that joins them is
#: the top-level :func:`tashkalar_cli.game.load_uncached`): they import nothing of the package but each
#: other and its top-level modules (a test checks it), so their files and those modules key the cache
DERIVING = ("data", "text", "games/tashkalar/model", "games/tashkalar/catalog")

_MEMO: dict[str, Dataset] = {}

#: what builds the dataset of one game (an id of :data:`~tashkalar_cli.data.paths.GAMES`) of a data
#: root when the cache cannot give it
Build = Callable[[Path, str], Dataset]


def _rmtree(path: str | os.PathLike[str]) -> None:
    shutil.rmtree(path, ignore_errors=True)


def _tagged(folder: str | os.PathLike[str]) -> bool:
    """Whether ``folder`` is a real folder (not a link) that the tool wrote: its tag is the tool's."""
    try:
        if not stat.S_ISDIR(os.lstat(folder).st_mode):
            return False
    except OSError:
        return False
    return read_bounded(os.path.join(folder, _TAG), len(_TAG_TEXT)) == _TAG_TEXT


def _drop(folder: str | os.PathLike[str]) -> None:
    """Delete a cache folder, when it is one the tool wrote (its tag says so)."""
    if _tagged(folder):
        _rmtree(folder)


def own_folders(cache: Path) -> list[Path]:
    """The folders of ``cache`` the tool wrote (tagged): nothing else of a cache folder, which may
    be a folder of the user's, is the tool's."""
    try:
        with os.scandir(cache) as it:
            names = [e.name for e in it if e.name.startswith((_PREFIX, _TMP_PREFIX)) or e.name in (PARSED, FILES)]
    except OSError:
        return []
    return [cache / name for name in sorted(names) if _tagged(cache / name)]


def fingerprint(root: Path, game: str = "tash-kalar") -> str:
    """A key of the data of one game and of the code that derives from it: the names, sizes and
    modification times of every data file and schema of the game and of the Python files of the
    package that compute the cached data (:data:`DERIVING`), the version and the format. The
    top-level game's key does not see the other games' folders (an edit of one game's files keeps
    the other's cache)."""
    parts = [f"{__version__}:{CACHE_FORMAT}:{root}"]
    extras = extra_locales()
    for extra in extras:  # a missing folder must reach the loader, which reports it
        parts.append(f"extra:{extra}:{extra.is_dir()}")

    sub = GAMES[game].folder if game in GAMES else game
    own = Budget(root)  # the walks the loader makes, with the same bounds and the same links
    # a game in a folder of its own reads, in each language, that folder and the shared ui.yaml:
    # the key looks at those (a problem elsewhere in the language must not hide them from it)
    only = (sub, "ui.yaml") if sub else ()
    if sub:
        parts.append(f"game:{game}")
        folders = ((root / "cards" / sub, own, ()), (root / "locales", own, only))
    else:
        folders = ((root / "cards", own, ()), (root / "locales", own, ()))
    skip = () if sub else tuple(GAME_FOLDERS)
    for folder, budget, langs in (*folders, (schemas_dir(), Budget(), ()),
                                  *((extra, Budget(extra), only) for extra in extras)):
        parts.append(f"dir:{folder}")
        _listing(folder, parts, budget, skip, langs)
    parts.append(f"code:{PACKAGE_DIR}")
    for code in ("", *DERIVING):  # "": the package's own modules (errors.py, the version), not below
        try:
            parts += [f"{f.path}:{f.size}:{f.mtime_ns}" for f in
                      walk(PACKAGE_DIR / code, depth=None if code else 1, skip=("__pycache__",), suffix=".py")]
        except (OSError, DataError) as exc:
            parts.append(f"{code}!{exc}")
    text = "\n".join(parts).encode("utf-8", "surrogateescape")
    return f"{zlib.crc32(text):08x}{zlib.adler32(text):08x}{len(text):x}"


def _listing(folder: Path, out: list[str], budget: Budget, skip: tuple[str, ...] = (),
             only: tuple[str, ...] = ()) -> None:
    """Every entry below ``folder`` with its size, time and inode, one subfolder (a language) at a
    time: a walk that stops in one (a link out of it, say) is noted and the others still count,
    as the loader stops only that language. The problem itself is for the loader to report. The
    folders named in ``skip`` (the other games') are left out, and with ``only`` every entry of a
    subfolder not named there."""
    try:
        top = walk(folder, budget=budget, depth=1, folders=True)
    except (OSError, DataError) as exc:
        out.append(f"!{exc}")
        return
    for found in top:
        if found.is_dir and found.rel in skip:
            continue
        out.append(f"{found.rel}:{found.size}:{found.mtime_ns}:{found.ino}")
        if found.is_dir:
            try:
                below = walk(found.path, budget=budget, skip=skip, only=only)
                out += [f"{found.rel}/{f.rel}:{f.size}:{f.mtime_ns}:{f.ino}" for f in below]
            except (OSError, DataError) as exc:
                out.append(f"{found.rel}!{exc}")


def _part_file(name: str) -> str:
    return name.replace("/", "__") + ".json"


class _Store:
    """One cache folder: its index, and its parts read on first use."""

    def __init__(self, folder: Path, index: dict[str, Any], root: Path, build: Build, game: str = "tash-kalar") -> None:
        self.game = game
        self.folder = folder
        self.index = index
        self.root = root
        self.build = build
        self._fresh: Dataset | None = None
        self._written: tuple[str, ...] | None = None   # the parts not made when the fresh data was written

    def part(self, name: str) -> Any:
        """The value of the part ``name``: read from its file, else (a damaged part, or a derived
        value not made yet: the search index before the first search) made again and kept."""
        size, crc = self.index["parts"].get(name, (-1, -1))
        raw = read_bounded(self.folder / _part_file(name), size) if size >= 0 else None
        if raw is not None and len(raw) == size and zlib.crc32(raw) == crc:
            try:
                value = json.loads(raw)
                if isinstance(value, dict) and set(value) == {"part", "value"} and value["part"] == name:
                    return value["value"]
            except (ValueError, RecursionError):
                pass
        return self._rebuilt(name)

    def _rebuilt(self, name: str) -> Any:
        """A damaged or missing part: the data is validated again (each unchanged file read back from
        :mod:`~tashkalar_cli.data.filecache`), the part made, and the cache written anew with it."""
        fresh = self._fresh
        if fresh is None:
            fresh = self._fresh = self.build(self.root, self.game)
        group, _, rest = name.partition("/")
        if group == "locales":
            lang, _, section = rest.partition("/")
            value = fresh.locales[lang][section]
        else:
            value = getattr(fresh, group)[rest]
        if self._written != _pending(fresh):   # once per set of parts made: not again for each part read
            self._written = _pending(fresh)
            _write(self.folder.parent, self.folder, self.index["key"], fresh)
        return value


class _Parts(Mapping[str, Any]):
    """A mapping whose values are cache parts, each read when it is first used."""

    def __init__(self, store: _Store, prefix: str, names: list[str]) -> None:
        self._store = store
        self._prefix = prefix
        self._names = names
        self._loaded: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        if key not in self._loaded:
            if key not in self._names:
                raise KeyError(key)
            self._loaded[key] = self._store.part(self._prefix + key)
        return self._loaded[key]

    def __contains__(self, key: object) -> bool:
        return key in self._names   # known without reading the part

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


def _pending(dataset: Dataset) -> tuple[str, ...]:
    """The derived values of ``dataset`` not made yet (made when first read: the search index)."""
    return dataset.derived.pending if isinstance(dataset.derived, Derived) else ()


def _parts_of(dataset: Dataset) -> dict[str, Any]:
    """Every part made: a derived value not made yet is not (the index names it as pending)."""
    out: dict[str, Any] = {}
    for name, value in dataset.facts.items():
        out[f"facts/{name}"] = value
    for lang, sections in dataset.locales.items():
        for section, value in sections.items():
            out[f"locales/{lang}/{section}"] = value
    derived = dataset.derived.ready if isinstance(dataset.derived, Derived) else dataset.derived
    for name, value in derived.items():
        out[f"derived/{name}"] = value
    return out


def _strings(value: object) -> TypeGuard[list[str]]:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _index_ok(index: object, key: str) -> bool:
    """Whether ``index`` is an index of this format and key, every field of the type it must have."""
    if not (isinstance(index, dict) and index.get("format") == CACHE_FORMAT and index.get("key") == key
            and index.get("version") == __version__):
        return False
    facts, locales, derived, parts = index.get("facts"), index.get("locales"), index.get("derived"), index.get("parts")
    if not (_strings(facts) and _strings(derived) and _strings(index.get("warnings")) and _strings(index.get("pending"))
            and isinstance(locales, dict) and all(_strings(v) for v in locales.values())
            and isinstance(parts, dict)):
        return False
    for meta in parts.values():
        if not (isinstance(meta, list) and len(meta) == 2 and all(type(v) is int and v >= 0 for v in meta)):
            return False
    names = [f"facts/{n}" for n in facts] + [f"derived/{n}" for n in derived]
    names += [f"locales/{lang}/{s}" for lang, sections in locales.items() for s in sections]
    return all(n in parts for n in names)


def _read(folder: Path, key: str, root: Path, build: Build, game: str = "tash-kalar") -> Dataset | None:
    """The dataset cached in ``folder`` under ``key``, or None when the folder is not exactly that."""
    if not _tagged(folder):
        return None
    raw = read_bounded(folder / _INDEX, _MAX_INDEX)
    if raw is None:
        return None
    try:
        index = json.loads(raw)
    except (ValueError, RecursionError):  # damaged or foreign: rebuilt
        return None
    if not _index_ok(index, key):
        return None
    store = _Store(folder, index, root, build, game)
    return Dataset(str(root), _Parts(store, "facts/", index["facts"]),
                   {lang: _Parts(store, f"locales/{lang}/", sections) for lang, sections in index["locales"].items()},
                   list(index["warnings"]), _Parts(store, "derived/", [*index["derived"], *index["pending"]]))


def _write(cache: Path, folder: Path, key: str, dataset: Dataset) -> None:
    """Store ``dataset`` in ``folder`` (inside ``cache``): written in a tagged temporary folder,
    then renamed. Nothing the tool did not write is ever removed: a foreign file or folder under
    the cache's name leaves the data uncached."""
    try:
        cache.mkdir(parents=True, exist_ok=True)
        _clean_leftovers(cache)
        tmp = tempfile.mkdtemp(prefix=f"{_TMP_PREFIX}{os.getpid()}-", dir=cache)
    except OSError:
        return  # an unwritable cache only costs speed
    try:
        _create(Path(tmp) / _TAG, _TAG_TEXT)
        sizes: dict[str, list[int]] = {}
        for name, value in _parts_of(dataset).items():
            body = json.dumps({"part": name, "value": value}, ensure_ascii=False, separators=(",", ":")).encode()
            if len(body) > _MAX_PART:
                return  # too large to be read back: left uncached
            _create(Path(tmp) / _part_file(name), body)
            sizes[name] = [len(body), zlib.crc32(body)]
        pending = _pending(dataset)
        index = {"format": CACHE_FORMAT, "version": __version__, "key": key, "warnings": dataset.warnings,
                 "facts": list(dataset.facts), "pending": list(pending),
                 "derived": [name for name in dataset.derived if name not in pending],
                 "locales": {lang: list(sections) for lang, sections in dataset.locales.items()},
                 "parts": sizes}
        _create(Path(tmp) / _INDEX, json.dumps(index).encode())
        if os.path.lexists(folder):
            if not _tagged(folder):
                return  # not the tool's: left as it is
            _rmtree(folder)
        os.rename(tmp, folder)  # complete, or not there at all
        _prune(cache, keep=folder)
    except OSError:
        pass
    finally:
        if os.path.lexists(tmp):
            _rmtree(tmp)  # made by mkdtemp above: the tool's own


def _create(path: Path, data: bytes) -> None:
    """A new file of the tool's, in a folder it has just made."""
    with open(path, "xb") as fh:
        fh.write(data)


def _clean_leftovers(cache: Path) -> None:
    """Remove the tagged temporary folders of writes that were killed (their process is gone, or
    they are more than an hour old)."""
    try:
        with os.scandir(cache) as it:
            found = [e for e in it if e.name.startswith(_TMP_PREFIX)]
    except OSError:
        return
    for entry in found:
        pid_text = entry.name[len(_TMP_PREFIX):].split("-", 1)[0]
        try:
            age = time.time() - entry.stat(follow_symlinks=False).st_mtime
        except OSError:
            continue
        if age > _STALE or not _alive(int(pid_text) if pid_text.isdigit() else -1):
            _drop(entry.path)


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


def _prune(cache: Path, keep: Path, most: int = 8) -> None:
    """Remove the oldest of the tool's caches beyond ``most`` (other data folders keep theirs
    meanwhile): only folders it wrote, recognised by their tag, whatever else the folder holds."""
    found = []
    try:
        with os.scandir(cache) as it:
            entries = [e for e in it if e.name.startswith(_PREFIX) and e.path != str(keep)]
    except OSError:
        return
    for entry in entries:
        try:
            if entry.is_dir(follow_symlinks=False) and _tagged(entry.path):
                found.append((entry.stat(follow_symlinks=False).st_mtime, entry.path))
        except OSError:
            continue
    for _mtime, old in sorted(found, reverse=True)[most - 1:]:
        _drop(old)


def _keep_when_made(cache: Path, folder: Path, key: str, dataset: Dataset) -> None:
    """The values of ``dataset`` made when first read (the search index), once a search has made
    them, written with the rest (the cache written anew, as it would be with them from the start)."""
    if isinstance(dataset.derived, Derived) and dataset.derived.pending:
        dataset.derived.then = lambda: _write(cache, folder, key, dataset)


def load_dataset(root: str | os.PathLike[str] | None = None, game: str = "tash-kalar", *, build: Build) -> Dataset:
    """The validated data of one game (an id of :data:`~tashkalar_cli.data.paths.GAMES`) in ``root``
    (default: the packaged data), from the cache when it is warm, else made by ``build``
    (:func:`tashkalar_cli.game.load_uncached`) and cached. Each game has its own cache."""
    base = data_root(root)
    memo_key = f"{base}|{game}|{[str(p) for p in extra_locales()]}"
    if memo_key in _MEMO:
        return _MEMO[memo_key]
    cache = cache_dir()
    if cache is not None:
        check_cache_dir(cache, base)
        cache = entries_cache()  # none inside a folder this process reads (i18n check --locales F, the cache in F)
    key = fingerprint(base, game)
    tag = "" if game == "tash-kalar" else f"{game}-"
    folder = cache / f"{_PREFIX}{zlib.crc32(str(base).encode('utf-8', 'surrogateescape')):08x}-{tag}{key}" \
        if cache else None
    dataset = _read(folder, key, base, build, game) if folder is not None else None
    if dataset is None:
        with step("progress.cache"):
            dataset = build(base, game)
        if cache is not None and folder is not None:
            _write(cache, folder, key, dataset)
            _keep_when_made(cache, folder, key, dataset)
    _MEMO[memo_key] = dataset
    return dataset
