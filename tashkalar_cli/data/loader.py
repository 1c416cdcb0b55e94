"""Reading the data folder: every YAML file validated against its schema, then merged.

The data root holds ``cards/`` (language-neutral facts) and ``locales/<lang>/`` (texts). Which
schema a file must follow is decided by its place in that layout (the tables below); any other
file is an error, so no data is ever silently ignored. This is the slow path: the checks that
need the model or the texts, and the values derived from the data, are added by
:func:`tashkalar_cli.game.load_uncached`, and :mod:`.cache` caches its result.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tashkalar_cli.data.filecache import read_checked
from tashkalar_cli.data.games import GAME_FOLDERS, GamePack, game_pack
from tashkalar_cli.data.locales import SECTIONS, LocaleReader, expected_texts
from tashkalar_cli.data.paths import Budget, extra_locales, files_below, folders_in
from tashkalar_cli.errors import DataError

if TYPE_CHECKING:
    from tashkalar_cli.data.locales import LocaleTexts


def _pack(game: GamePack | str | None) -> GamePack:
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
    """Parse a YAML file strictly and validate it; return (data, line map). The result of a file
    whose text was found valid before is read back (:mod:`tashkalar_cli.data.filecache`)."""
    data, lines, errors = read_checked(path, source, schema)
    if data is None:
        raise DataError("the file is empty", file=source)
    if errors:
        raise errors[0]
    return data, lines


def game_files(folder: Path, pack: GamePack, budget: Budget | None = None) -> list[Path]:
    """The files of ``folder`` (a game's folder of ``cards/`` or of a language) that belong to
    ``pack``: a top-level game leaves out the folders of the other games."""
    if pack.folder:
        return files_below(folder, budget)
    return files_below(folder, budget, skip=tuple(GAME_FOLDERS))


def load_facts(cards: Path, root: Path, game: GamePack | str | None = None,
               budget: Budget | None = None) -> dict[str, Any]:
    """The facts of one game, validated: ``cards`` is the top of ``cards/`` (the game's own
    folder below it is found from its pack)."""
    pack = _pack(game)
    folder = cards / pack.folder if pack.folder else cards
    if not folder.is_dir():
        raise DataError(f"no cards/{pack.folder} folder: the data of the game '{pack.id}' is missing", file=str(cards))
    table = {f.pattern: f for f in pack.facts}
    facts: dict[str, Any] = {"sources": {}, **{f.fact: [] for f in pack.facts if f.schema == "deck"}}
    seen_kinds = set()
    for path in game_files(folder, pack, budget):
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
    return facts


def data_folders(root: Path) -> tuple[Path, Path]:
    """The ``cards/`` and ``locales/`` folders of a data root (a :class:`DataError` when one is missing)."""
    cards = root / "cards"
    locales = root / "locales"
    if not cards.is_dir():
        raise DataError("no cards/ folder here: not a tashkalar data folder", file=str(root))
    if not locales.is_dir():
        raise DataError("no locales/ folder here: not a tashkalar data folder", file=str(root))
    return cards, locales


def load_locales(locales: Path, root: Path, check: Callable[[LocaleTexts, dict[str, str] | None], None],
                 game: GamePack | str | None = None, budget: Budget | None = None) -> tuple[dict[str, Any], dict[str, str]]:
    """Each language's texts of one game (default: Tash-Kalar) and the shared interface texts,
    merged (the built-in ones and the translators' ``TASHKALAR_LOCALES``), and the translators'
    languages left out, with why: ``check`` (the texts against the facts) or reading raised a
    :class:`DataError` for them. A built-in language or English must be valid."""
    pack = _pack(game)
    budget = budget or Budget(root)  # the walks of one folder read at most so many files and bytes
    lang_dirs = {p.name: (p, budget) for p in folders_in(locales, budget)}
    translators: set[str] = set()
    for folder in extra_locales():
        if not folder.is_dir():
            raise DataError("no such locales folder (TASHKALAR_LOCALES)", file=str(folder))
        own = Budget(folder)
        found = {p.name: (p, own) for p in folders_in(folder, own)}
        lang_dirs.update(found)
        translators |= set(found)

    reader = LocaleReader(strict=True, reuse=True)
    merged_locales = {}
    broken: dict[str, str] = {}
    english: dict[str, str] | None = None   # the reference messages, read first: a ui text's placeholders
    for name in sorted(lang_dirs, key=lambda lang: (lang != "en", lang)):
        lang_dir, lang_budget = lang_dirs[name]
        try:
            texts = reader.read(lang_dir, _rel(lang_dir.parent, root), pack, lang_budget)
            check(texts, english)
            merged_locales[name] = texts.merged()
        except DataError as exc:
            if name not in translators or name == "en":
                raise
            broken[name] = str(exc)  # a translator's broken language stops only that language
        if name == "en":
            english = dict(texts.messages)
    if "en" not in merged_locales:
        raise DataError("the reference language 'en' is missing", file=str(locales))
    return merged_locales, broken


def unknown_entries(facts: dict[str, Any], locales: dict[str, dict[str, Any]],
                    game: GamePack | str | None = None) -> list[str]:
    """Locale entries whose id no fact has: kept, never shown, so reported by ``validate``."""
    pack = _pack(game)
    sub = f"/{pack.folder}" if pack.folder else ""
    known = set(expected_texts(facts))
    out = []
    for lang, merged in sorted(locales.items()):
        for section in SECTIONS:
            for key in sorted(merged.get(section, {})):
                if (section, key) not in known:
                    out.append(f"locales/{lang}{sub}: {section} entry '{key}' matches no id in cards/{sub[1:]}")
        said = [("asks", "rules", key) for key in merged.get("asks", {})]   # player phrasings of a rule (rules.yaml)
        said += [("situations", section, key) for section, ids in merged.get("situations", {}).items() for key in ids]
        for name, section, key in sorted(said):   # and the table situations of a rule or a ruling
            if (section, key) not in known:
                out.append(f"locales/{lang}{sub}: {name} entry '{key}' matches no id in cards/{sub[1:]}")
    return out
