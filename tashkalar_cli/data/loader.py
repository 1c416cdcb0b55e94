"""Reading the data folder: every YAML file validated against its schema, then merged.

The data root holds ``cards/`` (language-neutral facts) and ``locales/<lang>/`` (texts). Which
schema a file must follow is decided by its place in that layout (the tables below); any other
file is an error, so no data is ever silently ignored. This is the slow path: :mod:`.store`
caches its result.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tashkalar_cli.errors import DataError
from tashkalar_cli.data.paths import files_below

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


def kind_of(rel: str, table: dict) -> Any:
    for pattern, kind in table.items():
        if fnmatch.fnmatchcase(rel, pattern) and rel.count("/") == pattern.count("/"):
            return kind
    return None




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


# --------------------------------------------------------------------------- reading

def _rel(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return str(path)


def read_validated(path: Path, schema: str, source: str):
    """Parse a YAML file strictly and validate it; return (data, line map)."""
    from tashkalar_cli.data.schemas import validate
    from tashkalar_cli.data.yamlio import load_yaml

    data, lines = load_yaml(path, source)
    if data is None:
        raise DataError("the file is empty", file=source)
    validate(schema, data, lines, source)
    return data, lines


def locale_files(lang_dir: Path, root: Path) -> list[LocaleFile]:
    """The files of one language folder, each with its schema; unknown files are errors."""
    lang = lang_dir.name
    out = []
    for path in files_below(lang_dir):
        rel = path.relative_to(lang_dir).as_posix()
        source = _rel(path, root)
        kind = kind_of(rel, LOCALE_FILES)
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


def load_facts(cards: Path, root: Path) -> dict[str, Any]:
    facts: dict[str, Any] = {"beings": [], "sources": {}}
    seen_kinds = set()
    for path in files_below(cards):
        rel = path.relative_to(cards).as_posix()
        source = _rel(path, root)
        kind = kind_of(rel, FACT_FILES)
        if kind is None or path.suffix != ".yaml":
            raise DataError("unexpected file in cards/ (expected one of: "
                            + ", ".join(FACT_FILES) + ")", file=source)
        schema, _ = kind
        data, lines = read_validated(path, schema, source)
        seen_kinds.add(kind_of(rel, {k: k for k in FACT_FILES}))
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
    for pattern, (_schema, required) in FACT_FILES.items():
        if required and pattern not in seen_kinds:
            raise DataError(f"missing data file cards/{pattern}", file=str(cards))
    order = {d["id"]: i for i, d in enumerate(facts.get("decks", []))}
    facts["beings"].sort(key=lambda b: order.get(b["deck"], len(order)))
    facts.setdefault("rules", {"sections": [], "rules": []})
    facts.setdefault("errata", [])
    from tashkalar_cli.data.integrity import check_facts

    check_facts(facts)
    return facts


def load_uncached(root: Path):
    cards = root / "cards"
    locales = root / "locales"
    if not cards.is_dir():
        raise DataError("no cards/ folder here: not a tashkalar data folder", file=str(root))
    if not locales.is_dir():
        raise DataError("no locales/ folder here: not a tashkalar data folder", file=str(root))
    from tashkalar_cli.data.paths import extra_locales

    facts = load_facts(cards, root)
    lang_dirs = {p.name: p for p in locales.iterdir() if p.is_dir() and not p.name.startswith(".")}
    for folder in extra_locales():
        if not folder.is_dir():
            raise DataError("no such locales folder (TASHKALAR_LOCALES)", file=str(folder))
        lang_dirs.update({p.name: p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")})
    merged_locales = {}
    for name in sorted(lang_dirs):
        lang_dir = lang_dirs[name]
        files = locale_files(lang_dir, root)
        for f in files:
            f.data, f.lines = read_validated(lang_dir / f.rel, f.schema, f.source)
        merged_locales[lang_dir.name] = merge_locale(files)
    if "en" not in merged_locales:
        raise DataError("the reference language 'en' is missing", file=str(locales))
    from tashkalar_cli.model.patterns import Pattern
    from tashkalar_cli.data.cache import Dataset

    orientations = {b["id"]: tuple(o.to_tuple() for o in Pattern(tuple(b["pattern"])).orientations)
                    for b in facts["beings"] if b.get("summoning", "standard") == "standard"}
    return Dataset(str(root), facts, merged_locales, unknown_entries(facts, merged_locales),
                   derived={"orientations": orientations})


def unknown_entries(facts: dict[str, Any], locales: dict[str, dict[str, Any]]) -> list[str]:
    """Locale entries whose id no fact has: kept, never shown, so reported by ``validate``."""
    known = {
        "cards": {b["id"] for b in facts["beings"]},
        "flares": {f["id"] for f in facts["flares"]},
        "tasks": {t["id"] for t in facts["tasks"]},
        "keywords": {k["id"] for k in facts["glossary"]},
        "rules": {r["id"] for r in facts["rules"]["rules"]},
        "sections": {x["id"] for x in facts["rules"]["sections"]},
        "errata": {e["id"] for e in facts["errata"]},
    }
    out = []
    for lang, merged in sorted(locales.items()):
        for section, ids in known.items():
            for key in sorted(set(merged.get(section, {})) - ids):
                out.append(f"locales/{lang}: {section} entry '{key}' matches no id in cards/")
    return out
