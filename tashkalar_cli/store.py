"""Loading the data: every YAML file validated against its schema, merged, and cached.

The data root holds ``cards/`` (language-neutral facts) and ``locales/<lang>/`` (texts). Which
schema a file must follow is decided by its place in that layout (the tables below); any other
file is an error, so no data is ever silently ignored. A validated load is cached on disk, keyed
by the content of every file, so that a warm start neither parses YAML nor imports jsonschema.
"""

from __future__ import annotations

import fnmatch
import hashlib
import os
import pickle
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import __version__
from .errors import DataError
from .paths import cache_dir, data_root, schemas_dir

CACHE_FORMAT = 4

#: language-neutral files: path pattern below ``cards/`` -> schema name, required?
FACT_FILES: dict[str, tuple[str, bool]] = {
    "decks.yaml": ("decks", True),
    "board.yaml": ("board", True),
    "game.yaml": ("game", True),
    "flares.yaml": ("flares", True),
    "tasks.yaml": ("tasks", True),
    "glossary.yaml": ("glossary", True),
    "rules.yaml": ("rules", False),
    "errata.yaml": ("errata", False),
    "beings/*.yaml": ("deck", True),
}

#: files of one language: path pattern below ``locales/<lang>/`` -> (schema, section of the merged locale)
LOCALE_FILES: dict[str, tuple[str, str]] = {
    "cards/*.yaml": ("locale-cards", "cards"),
    "flares.yaml": ("locale-flares", "flares"),
    "tasks.yaml": ("locale-tasks", "tasks"),
    "glossary.yaml": ("locale-glossary", "keywords"),
    "rules.yaml": ("locale-rules", "rules"),
    "errata.yaml": ("locale-errata", "errata"),
    "ui.yaml": ("locale-ui", "ui"),
}


def _kind(rel: str, table: dict) -> Any:
    for pattern, kind in table.items():
        if fnmatch.fnmatchcase(rel, pattern) and rel.count("/") == pattern.count("/"):
            return kind
    return None


def _yaml_files(folder: Path) -> list[Path]:
    found = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            if name.startswith("."):
                continue
            found.append(Path(dirpath) / name)
    return found


@dataclass
class LocaleFile:
    """One locale file as read: its path, schema, data and line map."""

    lang: str
    rel: str           # path below locales/<lang>/
    source: str        # path shown in messages
    schema: str
    section: str
    data: Any = None
    lines: Any = None


@dataclass
class Dataset:
    """Everything the tool knows, validated. Plain dicts and lists, so it pickles fast."""

    root: str
    facts: dict[str, Any]
    locales: dict[str, dict[str, Any]]
    warnings: list[str] = field(default_factory=list)
    #: values computed from the facts once, cached with them: the orientations of every pattern
    derived: dict[str, Any] = field(default_factory=dict)

    @property
    def languages(self) -> list[str]:
        return sorted(self.locales)


# --------------------------------------------------------------------------- reading

def _rel(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return str(path)


def read_validated(path: Path, schema: str, source: str):
    """Parse a YAML file strictly and validate it; return (data, line map)."""
    from .schemas import validate
    from .yamlio import load_yaml

    data, lines = load_yaml(path, source)
    if data is None:
        raise DataError("the file is empty", file=source)
    validate(schema, data, lines, source)
    return data, lines


def locale_files(lang_dir: Path, root: Path) -> list[LocaleFile]:
    """The files of one language folder, each with its schema; unknown files are errors."""
    lang = lang_dir.name
    out = []
    for path in _yaml_files(lang_dir):
        rel = path.relative_to(lang_dir).as_posix()
        source = _rel(path, root)
        kind = _kind(rel, LOCALE_FILES)
        if kind is None or path.suffix != ".yaml":
            expected = ", ".join(LOCALE_FILES)
            raise DataError(f"unexpected file in a locale folder (expected one of: {expected})", file=source)
        out.append(LocaleFile(lang, rel, source, kind[0], kind[1]))
    return out


def merge_locale(files: list[LocaleFile]) -> dict[str, Any]:
    """Merge the files of one language; the same entry in two files is an error."""
    merged: dict[str, Any] = {"cards": {}, "flares": {}, "tasks": {}, "keywords": {},
                              "rules": {}, "sections": {}, "errata": {}, "ui": {}, "language": {}}
    origin: dict[tuple[str, str], str] = {}
    for f in files:
        data = f.data
        if f.section == "ui":
            merged["ui"] = data["messages"]
            merged["language"] = data["language"]
            continue
        parts = [(f.section, data[f.section])]
        if f.section == "rules":
            parts.append(("sections", data.get("sections", {})))
        for section, entries in parts:
            for key, value in entries.items():
                if (section, key) in origin:
                    raise DataError(f"'{key}' is defined twice (also in {origin[section, key]})",
                                    file=f.source, line=f.lines.line_of((section, key)))
                origin[section, key] = f.source
                merged[section][key] = value
    return merged


def _load_facts(cards: Path, root: Path) -> dict[str, Any]:
    facts: dict[str, Any] = {"beings": [], "sources": {}}
    seen_kinds = set()
    for path in _yaml_files(cards):
        rel = path.relative_to(cards).as_posix()
        source = _rel(path, root)
        kind = _kind(rel, FACT_FILES)
        if kind is None or path.suffix != ".yaml":
            raise DataError("unexpected file in cards/ (expected one of: "
                            + ", ".join(FACT_FILES) + ")", file=source)
        schema, _ = kind
        data, lines = read_validated(path, schema, source)
        seen_kinds.add(_kind(rel, {k: k for k in FACT_FILES}))
        if schema == "deck":
            if data["deck"] != path.stem:
                raise DataError(f"the deck is '{data['deck']}' but the file is named '{path.name}'",
                                file=source, line=lines.line_of(("deck",)))
            for i, card in enumerate(data["cards"]):
                card = dict(card, deck=data["deck"])
                facts["sources"][card["id"]] = (source, lines.line_of(("cards", i)))
                facts["beings"].append(card)
        elif schema == "game":
            facts["game"] = data
        elif schema == "board":
            facts["board"] = data
        elif schema == "rules":
            facts["rules"] = data
        else:
            key = {"decks": "decks", "flares": "flares", "tasks": "tasks", "glossary": "keywords", "errata": "errata"}[schema]
            facts[schema] = data[key]
            for i, item in enumerate(data[key]):
                facts["sources"].setdefault(f"{schema}:{item['id']}", (source, lines.line_of((key, i))))
    for pattern, (schema, required) in FACT_FILES.items():
        if required and pattern not in seen_kinds:
            raise DataError(f"missing data file cards/{pattern}", file=str(cards))
    order = {d["id"]: i for i, d in enumerate(facts.get("decks", []))}
    facts["beings"].sort(key=lambda b: order.get(b["deck"], len(order)))
    facts.setdefault("rules", {"sections": [], "rules": []})
    facts.setdefault("errata", [])
    from .integrity import check_facts

    check_facts(facts)
    return facts


def _fingerprint(root: Path) -> tuple[str, list[Path]]:
    h = hashlib.blake2b(digest_size=16)
    h.update(f"{__version__}:{CACHE_FORMAT}".encode())
    files = []
    for folder in (root / "cards", root / "locales", schemas_dir()):
        for path in _yaml_files(folder) if folder.is_dir() else []:
            files.append(path)
            h.update(path.as_posix().encode())
            h.update(b"\0")
            try:
                h.update(path.read_bytes())
            except OSError:
                h.update(b"<unreadable>")
            h.update(b"\0")
    return h.hexdigest(), files


def _load_uncached(root: Path) -> Dataset:
    cards = root / "cards"
    locales = root / "locales"
    if not cards.is_dir():
        raise DataError("no cards/ folder here: not a tashkalar data folder", file=str(root))
    if not locales.is_dir():
        raise DataError("no locales/ folder here: not a tashkalar data folder", file=str(root))
    facts = _load_facts(cards, root)
    merged_locales = {}
    for lang_dir in sorted(p for p in locales.iterdir() if p.is_dir() and not p.name.startswith(".")):
        files = locale_files(lang_dir, root)
        for f in files:
            f.data, f.lines = read_validated(lang_dir / f.rel, f.schema, f.source)
        merged_locales[lang_dir.name] = merge_locale(files)
    if "en" not in merged_locales:
        raise DataError("the reference language 'en' is missing", file=str(locales))
    from .patterns import Pattern

    orientations = {b["id"]: Pattern(tuple(b["pattern"])).orientations
                    for b in facts["beings"] if b.get("summoning", "standard") == "standard"}
    return Dataset(str(root), facts, merged_locales, derived={"orientations": orientations})


_MEMO: dict[str, Dataset] = {}


def load_dataset(root: str | os.PathLike | None = None) -> Dataset:
    """The validated data of ``root`` (default: the packaged data), from the cache when it is warm."""
    base = data_root(root)
    key = str(base)
    if key in _MEMO:
        return _MEMO[key]
    digest, _ = _fingerprint(base)
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
        dataset = _load_uncached(base)
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
