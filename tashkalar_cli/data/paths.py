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
