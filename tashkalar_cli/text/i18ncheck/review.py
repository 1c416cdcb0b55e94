"""Marking translations reviewed: the record of the reference texts they were made from.

``tashkalar i18n reviewed`` records, in each language's ``sources.yaml``, the reference text of
the translations it names (or of all of them), as it is now; ``i18n check`` then reports a
translation as ``source-changed`` only when its reference text changes again.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from tashkalar_cli.data.filecache import read_checked
from tashkalar_cli.data.locales import SOURCES_SCHEMA, LocaleReader, LocaleTexts
from tashkalar_cli.errors import InputError, visible
from tashkalar_cli.text.i18ncheck.sources import UnitKey, as_yaml, selected, updated

if TYPE_CHECKING:
    from tashkalar_cli.data.games import GamePack
    from tashkalar_cli.text.i18ncheck.runner import Languages

#: the name of the record in a language folder (and in a game's own folder of it)
RECORD = "sources.yaml"
#: the header of a record, when the language's ui.yaml has none (``i18n.sources.header``)
HEADER = ("The reference text each translation of this folder was made from.\n"
          "Written by `tashkalar i18n reviewed`; `tashkalar i18n check` compares it with the reference.")


def recorded_in(path: Path, shown: str) -> dict[UnitKey, str]:
    """The record of ``path`` (empty when there is none); a record that cannot be read is an
    :class:`InputError` naming it (it would be written over without what it holds). A valid record
    the language's reading kept is read back, not parsed and validated again."""
    if not path.exists():
        return {}
    data, _lines, errors = read_checked(path, shown, SOURCES_SCHEMA, text_keys=True)
    if data is None or errors:
        raise InputError(key="record-unreadable", path=visible(shown),
                         problem=errors[0].message if errors else "empty")
    return {(sec, str(key), str(fld)): text for sec, entries in data["sources"].items()
            for key, fields in entries.items() for fld, text in fields.items()}


def _header(loc: LocaleTexts, ref: LocaleTexts) -> str:
    return loc.messages.get("i18n.sources.header") or ref.messages.get("i18n.sources.header") or HEADER


class Review(NamedTuple):
    """What marking translations reviewed in one game changes: the records to write (path ->
    text), and which of the names asked for are this game's texts."""

    records: dict[Path, str]
    named: set[str]


def review(langs: Languages, game: GamePack, *, ui: bool, wanted: list[str] | None) -> Review:
    """The records to write so that the translations ``wanted`` names (``ID``, ``SECTION/ID`` or
    ``SECTION/ID/FIELD``; None: every translation) are marked reviewed in each language of ``langs``:
    the text of each record that changes. Nothing is written here."""
    reader = LocaleReader(strict=False, budget=langs.budget)
    ref = reader.read(langs.dirs[langs.reference], "", game, ui=ui)
    reference = {unit: u.text for unit, u in ref.units.items()}
    chosen = None if wanted is None else selected(reference, wanted)
    named = {w for w in wanted or [] if selected(reference, [w])}
    out: dict[Path, str] = {}
    for lang in langs.wanted:
        loc = reader.read(langs.dirs[lang], "", game, ui=ui)
        translated = set(loc.units)
        for path, in_scope in record_places(langs.dirs[lang], game, ui):
            shown = f"{lang}/{path.relative_to(langs.dirs[lang]).as_posix()}"
            before = recorded_in(path, shown)
            after = updated(before, reference, translated, chosen, in_scope)
            if after != before or not path.exists():
                out[path] = as_yaml(langs.reference, after, _header(loc, ref))
    return Review(out, named)


def record_places(lang_dir: Path, game: GamePack, ui: bool) -> list[tuple[Path, Callable[[UnitKey], bool]]]:
    """The records a game's texts go to, each with the units of this run it holds: the interface's
    at the top of the language folder, a game's own folder's in that folder."""
    def is_ui(unit: UnitKey) -> bool:
        return unit[0] == "ui"

    def not_ui(unit: UnitKey) -> bool:
        return unit[0] != "ui"

    def every(unit: UnitKey) -> bool:
        return ui or not is_ui(unit)

    if not game.folder:
        return [(lang_dir / RECORD, every)]
    out: list[tuple[Path, Callable[[UnitKey], bool]]] = [(lang_dir / RECORD, is_ui)] if ui else []
    return [*out, (lang_dir / game.folder / RECORD, not_ui)]
