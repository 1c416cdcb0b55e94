"""A language's texts in the formats translators' tools speak: PO (gettext) and XLIFF 2.

``export`` writes every text of a language (the interface's, and each game's: cards, flares, tasks,
glossary, rules, errata), each with its English source, its key as context (``cards/swordmaster/effect``;
a game with a folder of its own prefixes its keys: ``letal:rules/move-when/text``), the comments
written above it in the YAML and its ``source`` as notes, an unofficial name marked for review, and a
translation whose English changed since it was reviewed (``sources.yaml``) marked fuzzy with the
English it was made from. translate-toolkit's storage classes write both formats.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from tashkalar_cli.data.locales import LocaleReader

if TYPE_CHECKING:
    from tashkalar_cli.data.games import GamePack
    from tashkalar_cli.data.locales import LocaleTexts, Unit
    from tashkalar_cli.text.i18ncheck.runner import Languages

#: the formats, by their name on the command line -> the suffix of their files
FORMATS = {"po": ".po", "xliff": ".xliff"}


class Entry(NamedTuple):
    """One text to translate, as a translator's tool shows it."""

    context: str            # the key: [game:]section/id/field
    source: str             # the reference text now
    target: str             # the translation ("" when there is none)
    notes: tuple[str, ...]  # the comments above it in the YAML, its source, what to review
    previous: str | None    # the reference text the translation was made from, when it changed since
    review: bool            # a name not official yet: to review


def context_of(game: GamePack, section: str, key: str, fld: str) -> str:
    """The key of a text in an exchange file: ``section/id/field``, after ``<game folder>:`` for a game
    with a folder of its own (the same ids may be both games')."""
    return f"{game.folder + ':' if game.folder and section != 'ui' else ''}{section}/{key}/{fld}"


def _comments(lines: list[str], line: int | None) -> tuple[str, ...]:
    """The comment lines written just above line ``line`` (1-based) of a YAML file, in order."""
    if line is None:
        return ()
    out: list[str] = []
    at = line - 2
    while 0 <= at < len(lines) and lines[at].lstrip().startswith("#"):
        out.append(lines[at].lstrip()[1:].strip())
        at -= 1
    return tuple(reversed(out))


class _Files:
    """The lines of the YAML files of a language, read once each."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.read: dict[str, list[str]] = {}

    def lines(self, shown: str) -> list[str]:
        if shown not in self.read:
            rest = shown.split("/", 1)[1] if "/" in shown else shown
            try:
                self.read[shown] = (self.folder / rest).read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError:
                self.read[shown] = []
        return self.read[shown]


def entries(ref: LocaleTexts, loc: LocaleTexts, game: GamePack, folder: Path) -> Iterator[Entry]:
    """Every text of ``ref`` with its translation in ``loc`` (empty when there is none), in the
    order of the reference's files."""
    files = _Files(folder)
    for unit_key, unit in ref.units.items():
        sec, key, fld = unit_key
        other: Unit | None = loc.units.get(unit_key)
        entry: dict[str, Any] = loc.entries.get((sec, key), {})
        notes = list(_comments(files.lines(other.file), _entry_line(loc, sec, key))) if other else []
        if isinstance(entry.get("source"), str):
            notes.append(f"source: {entry['source']}")
        review = fld in ("name", "term") and entry.get("official") is False
        was = loc.sources.get(unit_key)
        changed = other is not None and loc.recorded and was is not None and was != unit.text
        yield Entry(context_of(game, sec, key, fld), unit.text, other.text if other else "", tuple(notes),
                    was if changed else None, review)


def _entry_line(loc: LocaleTexts, sec: str, key: str) -> int | None:
    found = loc.entry_files.get((sec, key))
    return found[1] if found else None


def as_po(items: list[Entry], lang: str, reference: str, version: str) -> str:
    """The entries as a gettext PO file (translate-toolkit's ``pofile``)."""
    from translate.storage import po  # deferred: translate-toolkit, the one format asked for

    store = po.pofile()
    store.init_headers(project_id_version=f"tashkalar {version}", language=lang,  # type: ignore[no-untyped-call]  # translate-toolkit: untyped
                       x_source_language=reference, pot_creation_date="", po_revision_date="",
                       last_translator="", language_team=lang, report_msgid_bugs_to="")
    for item in items:
        unit = store.addsourceunit(item.source)
        unit.setcontext(item.context)
        unit.target = item.target
        for note in item.notes:
            unit.addnote(note, origin="developer")
        if item.review:
            unit.addnote("name not official yet: review it", origin="developer")
        if item.previous is not None:
            unit.prev_source = item.previous
            unit.markfuzzy(True)
    return bytes(store).decode("utf-8")


def nmtoken(context: str) -> str:
    """A key as the ``id`` of an XLIFF 2 unit, which the standard's schema types ``xs:NMTOKEN`` (letters,
    digits, ``.``, ``-``, ``_`` and ``:``, no ``/``): each ``/`` a ``:`` (the key itself is the unit's
    ``name``). Keys are ids, message keys and field names: nothing else needs replacing."""
    return re.sub(r"[^\w.:-]", "_", context.replace("/", ":"))


def as_xliff(items: list[Entry], lang: str, reference: str) -> str:
    """The entries as an XLIFF 2.0 file (translate-toolkit's ``Xliff2File``): a translation whose
    English changed, or a name to review, is in the state ``initial``; any other, ``translated``.
    Each unit's ``id`` is its key made an ``xs:NMTOKEN`` (:func:`nmtoken`), its ``name`` the key."""
    from translate.storage import xliff2  # deferred: translate-toolkit, the one format asked for

    store = xliff2.Xliff2File()
    store.setsourcelanguage(reference)
    store.settargetlanguage(lang)
    for item in items:
        unit = store.addsourceunit(item.source)  # type: ignore[no-untyped-call]
        unit.setid(nmtoken(item.context))
        unit.getunitelement().set("name", item.context)   # the key as i18n check names it
        if item.target:
            unit.target = item.target
        for note in item.notes:
            unit.addnote(note, origin="developer")
        if item.previous is not None:
            unit.addnote(f"the English it was translated from: {item.previous}", origin="developer")
        if item.review:
            unit.addnote("name not official yet: review it", origin="developer")
        if item.target:
            unit.markfuzzy(item.previous is not None or item.review)
        _notes_to_unit(unit)
    return bytes(store).decode("utf-8")


def _notes_to_unit(unit: Any) -> None:
    """The ``<notes>`` translate-toolkit wrote inside a unit's ``<segment>`` moved to the unit, where
    XLIFF 2.0 has them (a segment holds a source and a target only: its schema refuses notes there)."""
    segment = unit.xmlelement
    notes = segment.find(unit.namespaced("notes"))
    if notes is not None:
        segment.remove(notes)
        unit.getunitelement().insert(0, notes)


def export(langs: Languages, games: list[tuple[GamePack, bool]], fmt: str, version: str) -> dict[str, str]:
    """The exchange file of each language of ``langs`` (``<lang>.po`` or ``<lang>.xliff``, by its
    name -> its text): the texts of every game of ``games`` (each with whether its run reads the
    interface's texts). Nothing is written here."""
    reader = LocaleReader(strict=False, budget=langs.budget)
    out: dict[str, str] = {}
    for lang in langs.wanted:
        items: list[Entry] = []
        for game, ui in games:
            ref = reader.read(langs.dirs[langs.reference], "", game, ui=ui)
            loc = reader.read(langs.dirs[lang], "", game, ui=ui)
            items += entries(ref, loc, game, langs.dirs[lang])
        text = as_po(items, lang, langs.reference, version) if fmt == "po" else as_xliff(items, lang, langs.reference)
        out[f"{lang}{FORMATS[fmt]}"] = text
    return out
