"""The validated data, loaded once and cached on disk as plain JSON, read part by part.

:mod:`.loader` reads and validates every file (slow: YAML parsing, jsonschema). Its result is
stored in the platform's cache folder as JSON: data only, so a file placed there can never run
code. The cache of one data folder is a folder of small JSON files, one per part of the data
(``facts__beings.json``, ``locales__fr__cards.json``, ...) plus ``index.json``; a command reads
only the parts it uses. The folder's name carries a key made of the path, size and modification
time of every data file and schema, so an edit is seen at once without reading the files; the
index repeats the key and the format version. A cache that is foreign, damaged or from another
version is ignored and rebuilt: a part that cannot be read when it is needed is taken from a
fresh validation. A cache folder is written under a temporary name and renamed when complete,
and the caches of other keys are pruned.
"""

from __future__ import annotations

import contextlib
import json
import os
import zlib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from tashkalar_cli._version import __version__
from tashkalar_cli.data.dataset import Dataset
from tashkalar_cli.data.paths import cache_dir, data_root, extra_locales, schemas_dir

CACHE_FORMAT = 9
_PREFIX = "data-"
_INDEX = "index.json"

_MEMO: dict[str, Dataset] = {}

#: what builds the dataset of one game (an id of :data:`~tashkalar_cli.data.paths.GAMES`) of a data
#: root when the cache cannot give it
Build = Callable[[Path, str], Dataset]


def _rmtree(path: Path, ignore_errors: bool = True) -> None:
    import shutil  # only when a cache is written or dropped: shutil costs several ms at start-up

    shutil.rmtree(path, ignore_errors=ignore_errors)


def fingerprint(root: Path, game: str = "tash-kalar") -> str:
    """A key of every data file and schema of one game: names, sizes and modification times, and
    the format. A game's key does not see the other games' folders (an edit of one game's files
    keeps the other's cache)."""
    parts = [f"{__version__}:{CACHE_FORMAT}:{root}"]
    extras = extra_locales()
    for extra in extras:  # a missing folder must reach the loader, which reports it
        parts.append(f"extra:{extra}:{extra.is_dir()}")
    from tashkalar_cli.data.paths import GAME_FOLDERS, GAMES

    sub = GAMES[game].folder if game in GAMES else game
    if not sub:
        skip = GAME_FOLDERS
        for folder, depth in ((root / "cards", 0), (root / "locales", 1), (schemas_dir(), -1),
                              *((extra, 1) for extra in extras)):
            parts.append(f"dir:{folder}")
            _stat_below(str(folder), parts, skip, depth)
    else:
        parts.append(f"game:{game}")
        for folder in (root / "cards" / sub, schemas_dir()):
            parts.append(f"dir:{folder}")
            _stat_below(str(folder), parts)
        for folder in (root / "locales", *extras):
            parts.append(f"dir:{folder}")
            try:
                langs = sorted(e.name for e in os.scandir(folder) if not e.name.startswith("."))
            except OSError:
                langs = []
            for lang in langs:
                own, ui = os.path.join(folder, lang, sub), os.path.join(folder, lang, "ui.yaml")
                parts.append(f"lang:{lang}")
                _stat_below(own, parts)
                with contextlib.suppress(OSError):
                    st = os.stat(ui)
                    parts.append(f"{ui}:{st.st_size}:{st.st_mtime_ns}:{st.st_ino}")
    text = "\n".join(parts).encode("utf-8", "surrogateescape")
    return f"{zlib.crc32(text):08x}{zlib.adler32(text):08x}{len(text):x}"


def _stat_below(folder: str, out: list[str], skip: frozenset[str] = frozenset(), depth: int = -1) -> None:
    """Name, size, modification time and inode of every file below ``folder`` (as the loader sees
    them: hidden entries aside), in a stable order; ``os.scandir`` rather than paths, for speed.
    The folders named in ``skip`` are left out ``depth`` levels down (0: in ``folder`` itself)."""
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        out.append(f"{folder}:?")
        return
    for entry in entries:
        if entry.name.startswith(".") or (depth == 0 and entry.name in skip):
            continue
        try:
            if entry.is_dir():
                _stat_below(entry.path, out, skip, depth - 1)
            else:
                st = entry.stat()
                out.append(f"{entry.path}:{st.st_size}:{st.st_mtime_ns}:{st.st_ino}")
        except OSError:
            out.append(f"{entry.path}:?")


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

    def part(self, name: str) -> Any:
        try:
            raw = (self.folder / _part_file(name)).read_bytes()
            value = json.loads(raw)
            if isinstance(value, dict) and set(value) == {"part", "value"} and value["part"] == name:
                return value["value"]
        except (OSError, ValueError, RecursionError):
            pass
        return self._rebuilt(name)

    def _rebuilt(self, name: str) -> Any:
        """A damaged part: the data is validated again, and the cache is dropped for the next run."""
        if self._fresh is None:
            self._fresh = self.build(self.root, self.game)
            _rmtree(self.folder, ignore_errors=True)
        group, _, rest = name.partition("/")
        if group == "locales":
            lang, _, section = rest.partition("/")
            return self._fresh.locales[lang][section]
        return getattr(self._fresh, group)[rest]


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

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


def _parts_of(dataset: Dataset) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in dataset.facts.items():
        out[f"facts/{name}"] = value
    for lang, sections in dataset.locales.items():
        for section, value in sections.items():
            out[f"locales/{lang}/{section}"] = value
    for name, value in dataset.derived.items():
        out[f"derived/{name}"] = value
    return out


def _read(folder: Path, key: str, root: Path, build: Build, game: str = "tash-kalar") -> Dataset | None:
    """The dataset cached in ``folder`` under ``key``, or None when the folder is not exactly that."""
    try:
        index = json.loads((folder / _INDEX).read_bytes())
        if not isinstance(index, dict) or index.get("format") != CACHE_FORMAT or index.get("key") != key \
                or index.get("version") != __version__:
            return None
        facts, locales, derived = index["facts"], index["locales"], index["derived"]
        if not (isinstance(facts, list) and isinstance(locales, dict) and isinstance(derived, list)
                and isinstance(index.get("warnings"), list)):
            return None
        store = _Store(folder, index, root, build, game)
        return Dataset(str(root), _Parts(store, "facts/", facts),
                       {lang: _Parts(store, f"locales/{lang}/", list(sections)) for lang, sections in locales.items()},
                       list(index["warnings"]), _Parts(store, "derived/", derived))
    except (OSError, ValueError, KeyError, TypeError, RecursionError):  # damaged or foreign: rebuilt
        return None


def _write(cache: Path, folder: Path, key: str, dataset: Dataset) -> None:
    tmp = cache / f".{folder.name}.{os.getpid()}.tmp"
    try:
        cache.mkdir(parents=True, exist_ok=True)
        _rmtree(tmp, ignore_errors=True)
        tmp.mkdir()
        for name, value in _parts_of(dataset).items():
            body = json.dumps({"part": name, "value": value}, ensure_ascii=False, separators=(",", ":"))
            (tmp / _part_file(name)).write_text(body, encoding="utf-8")
        index = {"format": CACHE_FORMAT, "version": __version__, "key": key, "warnings": dataset.warnings,
                 "facts": list(dataset.facts), "derived": list(dataset.derived),
                 "locales": {lang: list(sections) for lang, sections in dataset.locales.items()}}
        (tmp / _INDEX).write_text(json.dumps(index), encoding="utf-8")
        if folder.is_dir() and not folder.is_symlink():
            _rmtree(folder, ignore_errors=True)
        elif folder.exists() or folder.is_symlink():
            folder.unlink()
        os.rename(tmp, folder)  # complete, or not there at all
        _prune(cache, keep=folder)
    except OSError:
        pass  # an unwritable cache only costs speed
    finally:
        _rmtree(tmp, ignore_errors=True)


def _prune(cache: Path, keep: Path, most: int = 8) -> None:
    """Remove the oldest caches beyond ``most`` (other data folders keep theirs meanwhile)."""
    found = []
    for old in cache.glob(f"{_PREFIX}*"):
        with contextlib.suppress(OSError):
            if old != keep and not old.is_symlink():
                found.append((old.stat().st_mtime, old))
    for _mtime, old in sorted(found, reverse=True)[most - 1:]:
        if old.is_dir():
            _rmtree(old, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                old.unlink()


def load_dataset(root: str | os.PathLike[str] | None = None, game: str = "tash-kalar", *, build: Build) -> Dataset:
    """The validated data of one game (an id of :data:`~tashkalar_cli.data.paths.GAMES`) in ``root``
    (default: the packaged data), from the cache when it is warm, else made by ``build``
    (:func:`tashkalar_cli.model.build.load_uncached`) and cached. Each game has its own cache."""
    base = data_root(root)
    memo_key = f"{base}|{game}|{[str(p) for p in extra_locales()]}"
    if memo_key in _MEMO:
        return _MEMO[memo_key]
    cache = cache_dir()
    key = fingerprint(base, game)
    tag = "" if game == "tash-kalar" else f"{game}-"
    folder = cache / f"{_PREFIX}{zlib.crc32(str(base).encode('utf-8', 'surrogateescape')):08x}-{tag}{key}" \
        if cache else None
    dataset = _read(folder, key, base, build, game) if folder is not None else None
    if dataset is None:
        dataset = build(base, game)
        if cache is not None and folder is not None:
            _write(cache, folder, key, dataset)
    _MEMO[memo_key] = dataset
    return dataset
