"""The validated data, loaded once and cached.

:mod:`.loader` reads and validates every file (slow: YAML parsing, jsonschema). Its result is
cached on disk, keyed by the content of every data file and schema, so that a warm start neither
parses YAML nor imports jsonschema: it hashes the files and unpickles one object.
"""

from __future__ import annotations

import os
import pickle
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tashkalar_cli import __version__
from tashkalar_cli.data.paths import cache_dir, data_root, extra_locales, files_below, schemas_dir

try:  # blake2b without importing OpenSSL's bindings (hashlib's import costs ~4 ms)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - other Pythons
    from hashlib import blake2b

CACHE_FORMAT = 7

@dataclass
class Dataset:
    """Everything the tool knows, validated. Plain dicts and lists, so it pickles fast."""

    root: str
    facts: dict[str, Any]
    locales: dict[str, dict[str, Any]]
    warnings: list[str] = field(default_factory=list)   # problems that do not stop loading
    #: values computed from the facts once, cached with them: the orientations of every pattern
    derived: dict[str, Any] = field(default_factory=dict)

    @property
    def languages(self) -> list[str]:
        return sorted(self.locales)


def _fingerprint(root: Path) -> str:
    """A hash of every data file and schema (names and contents) and of the cache format."""
    h = blake2b(digest_size=16)
    h.update(f"{__version__}:{CACHE_FORMAT}".encode())
    for extra in extra_locales():  # a missing folder must reach the loader, which reports it
        h.update(f"extra:{extra}:{extra.is_dir()}".encode())
    for folder in (root / "cards", root / "locales", schemas_dir(), *extra_locales()):
        for path in files_below(folder) if folder.is_dir() else []:
            h.update(path.as_posix().encode())
            h.update(b"\0")
            try:
                h.update(path.read_bytes())
            except OSError:
                h.update(b"<unreadable>")
            h.update(b"\0")
    return h.hexdigest()


_MEMO: dict[str, Dataset] = {}


def load_dataset(root: str | os.PathLike | None = None) -> Dataset:
    """The validated data of ``root`` (default: the packaged data), from the cache when it is warm."""
    base = data_root(root)
    key = f"{base}|{[str(p) for p in extra_locales()]}"
    if key in _MEMO:
        return _MEMO[key]
    digest = _fingerprint(base)
    cdir = cache_dir()
    cached = cdir / f"data-{digest}.pickle" if cdir else None
    dataset = None
    if cached is not None and cached.is_file():
        try:
            with cached.open("rb") as fh:
                dataset = pickle.load(fh)
        except Exception:  # a damaged cache is rebuilt, never trusted
            dataset = None
    if dataset is None:
        from tashkalar_cli.data.loader import load_uncached

        dataset = load_uncached(base)
        if cached is not None:
            try:
                cdir.mkdir(parents=True, exist_ok=True)
                tmp = cached.with_suffix(f".{os.getpid()}.tmp")
                with tmp.open("wb") as fh:
                    pickle.dump(dataset, fh, protocol=pickle.HIGHEST_PROTOCOL)
                os.replace(tmp, cached)
            except OSError:
                pass  # an unwritable cache only costs speed
    _MEMO[key] = dataset
    return dataset
