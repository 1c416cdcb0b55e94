"""The validated data, loaded once and cached on disk as plain JSON.

:mod:`.loader` reads and validates every file (slow: YAML parsing, jsonschema). Its result is
stored in the platform's cache folder as JSON: data only, so a file placed there can never run
code. The file name carries a key made of the path, size and modification time of every data
file and schema, so an edit is seen at once without reading the files; the content repeats the
key and the format version, and a file that is foreign, damaged or from another version is
ignored and rebuilt. Files are written atomically (a temporary file, then a rename), and the
cache files of other keys are pruned when a new one is written.
"""

from __future__ import annotations

import contextlib
import json
import os
import zlib
from pathlib import Path

from tashkalar_cli import __version__
from tashkalar_cli.data.dataset import Dataset
from tashkalar_cli.data.paths import cache_dir, data_root, extra_locales, files_below, schemas_dir

CACHE_FORMAT = 8
_PREFIX = "data-"

_MEMO: dict[str, Dataset] = {}


def fingerprint(root: Path) -> str:
    """A key of every data file and schema: names, sizes and modification times, and the format."""
    parts = [f"{__version__}:{CACHE_FORMAT}:{root}"]
    extras = extra_locales()
    for extra in extras:  # a missing folder must reach the loader, which reports it
        parts.append(f"extra:{extra}:{extra.is_dir()}")
    for folder in (root / "cards", root / "locales", schemas_dir(), *extras):
        parts.append(f"dir:{folder}")
        for path in files_below(folder) if folder.is_dir() else []:
            try:
                st = path.stat()
                parts.append(f"{path.as_posix()}:{st.st_size}:{st.st_mtime_ns}:{st.st_ino}")
            except OSError:
                parts.append(f"{path.as_posix()}:?")
    text = "\n".join(parts).encode("utf-8", "surrogateescape")
    return f"{zlib.crc32(text):08x}{zlib.adler32(text):08x}{len(text):x}"


def _read(path: Path, key: str) -> Dataset | None:
    """The dataset stored at ``path`` under ``key``, or None when the file is not exactly that."""
    try:
        if not path.is_file():
            return None
        stored = json.loads(path.read_bytes())
        if not isinstance(stored, dict) or stored.get("format") != CACHE_FORMAT or stored.get("key") != key \
                or stored.get("version") != __version__:
            return None
        return Dataset.from_plain(stored.get("dataset"))
    except (OSError, ValueError, RecursionError):  # damaged or foreign: rebuilt, never trusted
        return None


def _write(folder: Path, path: Path, key: str, dataset: Dataset) -> None:
    from tashkalar_cli.data.atomic import write_atomic

    try:
        folder.mkdir(parents=True, exist_ok=True)
        body = json.dumps({"format": CACHE_FORMAT, "version": __version__, "key": key,
                           "dataset": dataset.to_plain()}, ensure_ascii=False, separators=(",", ":"))
        write_atomic(path, body.encode("utf-8"))
        _prune(folder, keep=path)
    except OSError:
        pass  # an unwritable cache only costs speed


def _prune(folder: Path, keep: Path, most: int = 8) -> None:
    """Remove the oldest cache files beyond ``most`` (other data folders keep theirs meanwhile)."""
    files = []
    for old in folder.glob(f"{_PREFIX}*"):
        try:
            if old != keep and old.is_file() and not old.is_symlink():
                files.append((old.stat().st_mtime, old))
        except OSError:
            continue
    for _mtime, old in sorted(files, reverse=True)[most - 1:]:
        with contextlib.suppress(OSError):
            old.unlink()


def load_dataset(root: str | os.PathLike[str] | None = None) -> Dataset:
    """The validated data of ``root`` (default: the packaged data), from the cache when it is warm."""
    base = data_root(root)
    memo_key = f"{base}|{[str(p) for p in extra_locales()]}"
    if memo_key in _MEMO:
        return _MEMO[memo_key]
    folder = cache_dir()
    key = fingerprint(base)
    # one cache file per data folder: its name hashes the folder, its content is checked against the key
    path = folder / f"{_PREFIX}{zlib.crc32(str(base).encode('utf-8', 'surrogateescape')):08x}.json" if folder else None
    dataset = _read(path, key) if path is not None else None
    if dataset is None:
        from tashkalar_cli.data.loader import load_uncached

        dataset = load_uncached(base)
        if folder is not None and path is not None:
            _write(folder, path, key, dataset)
    _MEMO[memo_key] = dataset
    return dataset
