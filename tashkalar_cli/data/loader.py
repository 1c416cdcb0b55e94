"""Reading the data folder: every YAML file validated against its schema, then merged.

The data root holds ``cards/`` (language-neutral facts) and ``locales/<lang>/`` (texts). Which
schema a file must follow is decided by its place in that layout (the tables below); any other
file is an error, so no data is ever silently ignored. This is the slow path: :mod:`.cache`
caches its result.
"""

from __future__ import annotations

import fnmatch
from pathlib import Path
from typing import Any

from tashkalar_cli.data.dataset import Dataset
from tashkalar_cli.data.paths import files_below
from tashkalar_cli.errors import DataError

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

def kind_of(rel: str, table: dict[str, Any]) -> Any:
    for pattern, kind in table.items():
        if fnmatch.fnmatchcase(rel, pattern) and rel.count("/") == pattern.count("/"):
            return kind
    return None


# --------------------------------------------------------------------------- reading

def _rel(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return str(path)


def read_validated(path: Path, schema: str, source: str) -> tuple[Any, Any]:
    """Parse a YAML file strictly and validate it; return (data, line map)."""
    from tashkalar_cli.data.schemas import validate
    from tashkalar_cli.data.yamlio import load_yaml

    data, lines = load_yaml(path, source)
    if data is None:
        raise DataError("the file is empty", file=source)
    validate(schema, data, lines, source)
    return data, lines


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


def load_uncached(root: Path) -> Dataset:
    cards = root / "cards"
    locales = root / "locales"
    if not cards.is_dir():
        raise DataError("no cards/ folder here: not a tashkalar data folder", file=str(root))
    if not locales.is_dir():
        raise DataError("no locales/ folder here: not a tashkalar data folder", file=str(root))
    from tashkalar_cli.data.paths import extra_locales

    facts = load_facts(cards, root)
    lang_dirs = {p.name: p for p in locales.iterdir() if p.is_dir() and not p.name.startswith(".")}
    translators: set[str] = set()
    for folder in extra_locales():
        if not folder.is_dir():
            raise DataError("no such locales folder (TASHKALAR_LOCALES)", file=str(folder))
        found = {p.name: p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")}
        lang_dirs.update(found)
        translators |= set(found)
    from tashkalar_cli.data.locales import LocaleReader

    reader = LocaleReader(strict=True)
    merged_locales = {}
    broken: dict[str, str] = {}
    english: dict[str, str] | None = None   # the reference messages, read first: a ui text's placeholders
    for name in sorted(lang_dirs, key=lambda lang: (lang != "en", lang)):
        lang_dir = lang_dirs[name]
        try:
            texts = reader.read(lang_dir, _rel(lang_dir.parent, root))
            check_placeholders(texts, facts, english)
            merged_locales[name] = texts.merged()
        except DataError as exc:
            if name not in translators or name == "en":
                raise
            broken[name] = str(exc)  # a translator's broken language stops only that language
        if name == "en":
            english = dict(texts.messages)
    if "en" not in merged_locales:
        raise DataError("the reference language 'en' is missing", file=str(locales))
    from tashkalar_cli.model.patterns import Pattern
    from tashkalar_cli.text.index import build_index

    orientations = {b["id"]: tuple(o.to_tuple() for o in Pattern(tuple(b["pattern"])).orientations)
                    for b in facts["beings"] if b.get("summoning", "standard") == "standard"}
    warnings = [f"language '{lang}' left out: {message}" for lang, message in sorted(broken.items())]
    return Dataset(str(root), facts, merged_locales, warnings + unknown_entries(facts, merged_locales),
                   derived={"orientations": orientations, "broken_languages": broken,
                            **build_index(facts, merged_locales)})   # search_index and search_index.<lang>


def known_placeholders(facts: dict[str, Any]) -> dict[tuple[str, str], set[str]]:
    """The placeholders a text may use: the game's numbers, and a task's own numbers."""
    from tashkalar_cli.model.config import flatten

    game = set(flatten(facts["game"]))
    out = {("tasks", t["id"]): game | {k for k in t["criterion"] if k not in ("kind", "squares")}
           for t in facts["tasks"]}
    out["*", "*"] = game
    return out


def check_placeholders(texts: Any, facts: dict[str, Any], reference: dict[str, str] | None = None) -> None:
    """Every text is a template whose fields are plain ``{name}`` placeholders from a closed set:
    the numbers it can be given (a card or rule text), or those of the reference language's text
    of the same key (a ui message: ``reference``, the English messages; None for English itself)."""
    from tashkalar_cli.errors import template_fields, template_problems

    known = known_placeholders(facts)
    for (section, key, fld), unit in texts.units.items():
        allowed: set[str]
        if section == "ui":
            if reference is None:
                continue
            english = reference.get(key)
            try:   # English's fields, as English writes them; a key English lacks: plain names only
                allowed = set(template_fields(english if english is not None else ""))
            except ValueError:
                allowed = set()
            if english is None:
                allowed = {name for name in placeholder_names(unit.text) if name.isidentifier()}
        else:
            allowed = known.get((section, key), known["*", "*"])
        for code, message in template_problems(unit.text, allowed):
            error = "placeholder-format" if code == "placeholder-format" else "unknown-placeholder"
            raise DataError(key=error, file=unit.file, line=unit.line, field=f"{section}/{key}/{fld}",
                            problem=message)


def placeholder_names(text: str) -> list[str]:
    """The fields of a text that are plain names; none when a brace is unmatched."""
    from tashkalar_cli.errors import is_name, template_fields

    try:
        return [f for f in template_fields(text) if is_name(f)]
    except ValueError:
        return []


def unknown_entries(facts: dict[str, Any], locales: dict[str, dict[str, Any]]) -> list[str]:
    """Locale entries whose id no fact has: kept, never shown, so reported by ``validate``."""
    from tashkalar_cli.data.locales import SECTIONS, expected_texts

    known = set(expected_texts(facts))
    out = []
    for lang, merged in sorted(locales.items()):
        for section in SECTIONS:
            for key in sorted(merged.get(section, {})):
                if (section, key) not in known:
                    out.append(f"locales/{lang}: {section} entry '{key}' matches no id in cards/")
    return out
