"""Reading the data folder: every YAML file validated against its schema, then merged.

The data root holds ``cards/`` (language-neutral facts) and ``locales/<lang>/`` (texts). Which
schema a file must follow is decided by its place in that layout (the tables below); any other
file is an error, so no data is ever silently ignored. This is the slow path: :mod:`.cache`
caches its result.
"""

from __future__ import annotations

import fnmatch
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tashkalar_cli.data.dataset import Dataset
from tashkalar_cli.data.paths import files_below
from tashkalar_cli.errors import DataError

if TYPE_CHECKING:
    from tashkalar_cli.data.games import GamePack


def _pack(game: GamePack | str | None) -> GamePack:
    from tashkalar_cli.data.games import GamePack, game_pack

    return game if isinstance(game, GamePack) else game_pack(game or "tash-kalar")


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


def game_files(folder: Path, pack: GamePack) -> list[Path]:
    """The files of ``folder`` (a game's folder of ``cards/`` or of a language) that belong to
    ``pack``: a top-level game leaves out the folders of the other games."""
    from tashkalar_cli.data.games import GAME_FOLDERS

    found = files_below(folder)
    if pack.folder:
        return found
    return [p for p in found if p.relative_to(folder).parts[0] not in GAME_FOLDERS]


def load_facts(cards: Path, root: Path, game: GamePack | str | None = None) -> dict[str, Any]:
    """The facts of one game, validated: ``cards`` is the top of ``cards/`` (the game's own
    folder below it is found from its pack)."""
    pack = _pack(game)
    folder = cards / pack.folder if pack.folder else cards
    if not folder.is_dir():
        raise DataError(f"no cards/{pack.folder} folder: the data of the game '{pack.id}' is missing", file=str(cards))
    table = {f.pattern: f for f in pack.facts}
    facts: dict[str, Any] = {"sources": {}, **{f.fact: [] for f in pack.facts if f.schema == "deck"}}
    seen_kinds = set()
    for path in game_files(folder, pack):
        rel = path.relative_to(folder).as_posix()
        source = _rel(path, root)
        kind = kind_of(rel, table)
        if kind is None or path.suffix != ".yaml":
            raise DataError(f"unexpected file in cards/{pack.shown('')} (expected one of: "
                            + ", ".join(table) + ")", file=source)
        data, lines = read_validated(path, kind.schema, source)
        seen_kinds.add(kind.pattern)
        if kind.schema == "deck":
            if data["deck"] != path.stem:
                raise DataError(f"the deck is '{data['deck']}' but the file is named '{path.name}'",
                                file=source, line=lines.line_of(("deck",)))
            for i, card in enumerate(data["cards"]):
                card = dict(card, deck=data["deck"])
                facts["sources"][card["id"]] = (source, lines.line_of(("cards", i)))
                facts[kind.fact].append(card)
        elif kind.items is None:
            facts[kind.fact] = data
        else:
            facts[kind.fact] = data[kind.items]
            for i, item in enumerate(data[kind.items]):
                facts["sources"].setdefault(f"{kind.schema}:{item['id']}", (source, lines.line_of((kind.items, i))))
    for kind in pack.facts:
        if kind.required and kind.pattern not in seen_kinds:
            raise DataError(f"missing data file cards/{pack.shown(kind.pattern)}", file=str(folder))
    if "beings" in facts:
        order = {d["id"]: i for i, d in enumerate(facts.get("decks", []))}
        facts["beings"].sort(key=lambda b: order.get(b["deck"], len(order)))
    facts.setdefault("rules", {"sections": [], "rules": []})
    facts.setdefault("errata", [])
    from tashkalar_cli.data.integrity import check_facts

    check_facts(facts, pack)
    return facts


def load_uncached(root: Path, game: GamePack | str | None = None) -> Dataset:
    """The validated dataset of one game (default: Tash-Kalar) of the data folder ``root``."""
    pack = _pack(game)
    cards = root / "cards"
    locales = root / "locales"
    if not cards.is_dir():
        raise DataError("no cards/ folder here: not a tashkalar data folder", file=str(root))
    if not locales.is_dir():
        raise DataError("no locales/ folder here: not a tashkalar data folder", file=str(root))
    from tashkalar_cli.data.paths import extra_locales

    facts = load_facts(cards, root, pack)
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
    for name in sorted(lang_dirs):
        lang_dir = lang_dirs[name]
        try:
            texts = reader.read(lang_dir, _rel(lang_dir.parent, root), pack)
            check_placeholders(texts, facts)
            merged_locales[name] = texts.merged()
        except DataError as exc:
            if name not in translators or name == "en":
                raise
            broken[name] = str(exc)  # a translator's broken language stops only that language
    if "en" not in merged_locales:
        raise DataError("the reference language 'en' is missing", file=str(locales))
    from tashkalar_cli.text.index import build_index

    derived: dict[str, Any] = {}
    if "beings" in facts:
        from tashkalar_cli.model.patterns import Pattern

        derived["orientations"] = {b["id"]: tuple(o.to_tuple() for o in Pattern(tuple(b["pattern"])).orientations)
                                   for b in facts["beings"] if b.get("summoning", "standard") == "standard"}
    warnings = [f"language '{lang}' left out: {message}" for lang, message in sorted(broken.items())]
    return Dataset(str(root), facts, merged_locales, warnings + unknown_entries(facts, merged_locales, pack),
                   derived={**derived, "game": pack.id, "broken_languages": broken,
                            **build_index(facts, merged_locales)})   # search_index and search_index.<lang>


def known_placeholders(facts: dict[str, Any]) -> dict[tuple[str, str], set[str]]:
    """The placeholders a text may use: the game's numbers, and a task's own numbers."""
    from tashkalar_cli.model.config import flatten

    game = set(flatten(facts["game"]))
    out = {("tasks", t["id"]): game | {k for k in t["criterion"] if k not in ("kind", "squares")}
           for t in facts.get("tasks", ())}
    out["*", "*"] = game
    return out


def check_placeholders(texts: Any, facts: dict[str, Any]) -> None:
    """Every ``{placeholder}`` of a text names a number it can be given (ui messages aside: the
    code fills them)."""
    from tashkalar_cli.text.i18n import placeholders

    known = known_placeholders(facts)
    for (section, key, fld), unit in texts.units.items():
        if section == "ui":
            continue
        allowed = known.get((section, key), known["*", "*"])
        try:
            names = placeholders(unit.text)
        except ValueError:
            raise DataError(f"{section}/{key}/{fld}: a '{{' or '}}' that opens or closes no placeholder",
                            file=unit.file, line=unit.line) from None
        for name in names:
            if name not in allowed:
                raise DataError(f"{section}/{key}/{fld}: unknown placeholder {{{name}}}", file=unit.file, line=unit.line)


def unknown_entries(facts: dict[str, Any], locales: dict[str, dict[str, Any]],
                    game: GamePack | str | None = None) -> list[str]:
    """Locale entries whose id no fact has: kept, never shown, so reported by ``validate``."""
    from tashkalar_cli.data.locales import SECTIONS, expected_texts

    pack = _pack(game)
    sub = f"/{pack.folder}" if pack.folder else ""
    known = set(expected_texts(facts))
    out = []
    for lang, merged in sorted(locales.items()):
        for section in SECTIONS:
            for key in sorted(merged.get(section, {})):
                if (section, key) not in known:
                    out.append(f"locales/{lang}{sub}: {section} entry '{key}' matches no id in cards/{sub[1:]}")
    return out
