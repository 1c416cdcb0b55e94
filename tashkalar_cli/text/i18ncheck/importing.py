"""Translations back from a translator's tool: PO and XLIFF 2 files into a language's YAML files.

``import`` reads the files ``export`` wrote, as Poedit, Weblate or any tool built on gettext or
XLIFF 2 give them back (translate-toolkit's storage classes read both), and plans the change of
the language's YAML files: each text whose translation changed is written in place
(:mod:`tashkalar_cli.data.yamledit`: only those characters change; comments, order and quoting
stay), a text the language lacks is added to the file that holds it in the reference.

Everything is checked before anything is planned, and one problem refuses the whole import: a key
that is no text of the reference, a translation made from another English than today's (the
English changed since the export: export again), two different translations of one key, a
placeholder, markup or format that differs from the reference, a file that would no longer match
its schema. A fuzzy entry (PO) or one in the state ``initial`` (XLIFF 2) is a translation its
translator has not finished: when it differs from the language's text it is not written, and the
answer names it (one the translator left as it was, such as an unofficial name to review, is unchanged). The translations written
or found unchanged are recorded as reviewed (``sources.yaml``), when the language keeps a record.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from tashkalar_cli.data.locales import LocaleReader, kind_of
from tashkalar_cli.data.yamledit import Unplaced, edited
from tashkalar_cli.data.yamlio import parse_yaml, read_text
from tashkalar_cli.errors import InputError, quote, visible
from tashkalar_cli.text.i18ncheck import checks
from tashkalar_cli.text.i18ncheck.exchange import context_of
from tashkalar_cli.text.i18ncheck.model import ERROR
from tashkalar_cli.text.i18ncheck.review import HEADER, record_places, recorded_in
from tashkalar_cli.text.i18ncheck.sources import as_yaml, updated

if TYPE_CHECKING:
    from tashkalar_cli.data.games import GamePack
    from tashkalar_cli.data.locales import LocaleTexts
    from tashkalar_cli.text.i18ncheck.runner import Languages
    from tashkalar_cli.text.i18ncheck.sources import UnitKey


class Imported(NamedTuple):
    """One text of an exchange file, as its translator's tool left it."""

    file: str       # the exchange file, as named on the command line
    context: str    # the key: [game:]section/id/field
    source: str     # the English it was translated from
    target: str     # the translation ("" when there is none)
    fuzzy: bool     # not finished: fuzzy (PO), state initial (XLIFF 2)


class ImportPlan(NamedTuple):
    """What an import changes: the new text of each YAML file, of each record, and what was read."""

    files: dict[Path, str]        # a YAML file of the language -> its new text (changed ones only)
    records: dict[Path, str]      # a sources.yaml -> its new text (changed ones only)
    written: dict[str, int]       # a YAML file, as shown -> how many of its texts change
    fuzzy: list[str]              # the keys not written: unfinished in the translator's tool
    unchanged: int                # the translations that were already the language's


def read_exchange(path: Path, shown: str) -> tuple[str | None, list[Imported]]:
    """The language and the texts of a PO or XLIFF 2 file (told apart by their content)."""
    text = read_text(path, shown)
    head = text.lstrip("\ufeff \t\r\n")[:4096]
    try:
        if head.startswith("<"):
            return _xliff(text, shown)
        return _po(text, shown)
    except InputError:
        raise
    except Exception as exc:  # translate-toolkit's parsers raise many kinds: each is a file they cannot read
        raise InputError(key="import-unreadable", path=visible(shown), problem=visible(str(exc), 200)) from None


def _po(text: str, shown: str) -> tuple[str | None, list[Imported]]:
    from translate.storage import po  # deferred: translate-toolkit, the one format read

    store = po.pofile.parsestring(text.encode("utf-8"))  # type: ignore[no-untyped-call]  # translate-toolkit: untyped
    out = [Imported(shown, str(u.getcontext() or ""), str(u.source or ""), str(u.target or ""), bool(u.isfuzzy()))
           for u in store.units if not u.isheader() and not u.isobsolete()]
    return store.gettargetlanguage() or None, out


def _xliff(text: str, shown: str) -> tuple[str | None, list[Imported]]:
    from translate.storage import xliff2  # deferred: translate-toolkit, the one format read

    version = re.search(r"<xliff\b[^>]*\bversion\s*=\s*[\"']([^\"']*)", text)
    if version is None or not version.group(1).startswith("2."):
        raise InputError(key="import-not-xliff2", path=visible(shown),
                         version=visible(version.group(1) if version else "?", 20))
    store = xliff2.Xliff2File.parsestring(text.encode("utf-8"))  # type: ignore[no-untyped-call]
    # the key is the unit's name (its id is the key made an xs:NMTOKEN: exchange.nmtoken)
    out = [Imported(shown, str(u.getunitelement().get("name") or u.getid() or ""), str(u.source or ""),
                    str(u.target or ""), bool(u.isfuzzy()))
           for u in store.units]
    return store.gettargetlanguage() or None, out


class _Place(NamedTuple):
    """A text of the reference: its game, unit, English, and whether its run reads the interface."""

    game: GamePack
    unit: UnitKey
    english: str


def _known(ref_of: dict[str, LocaleTexts], games: list[tuple[GamePack, bool]]) -> dict[str, _Place]:
    """Every text of the reference by its key in an exchange file."""
    out: dict[str, _Place] = {}
    for game, _ in games:
        for (sec, key, fld), unit in ref_of[game.id].units.items():
            out[context_of(game, sec, key, fld)] = _Place(game, (sec, key, fld), unit.text)
    return out


def _problems(english: str, text: str, ui: bool) -> list[str]:
    """What refuses a translation: a placeholder, markup or format that differs from the English."""
    found = [*checks.check_placeholders(english, text), *checks.check_markup(english, text),
             *checks.check_format(english if ui else "", text)]
    return [msg for sev, msg in found if sev == ERROR]   # each a Phrase: said in the user's language


def chosen(items: Iterable[Imported], known: dict[str, _Place]) -> dict[str, Imported]:
    """The finished translations of ``items`` by key, after refusing any that cannot be imported."""
    out: dict[str, Imported] = {}
    for item in items:
        place = known.get(item.context)
        if place is None:
            raise InputError(key="import-unknown-key", path=visible(item.file), name=quote(visible(item.context, 120)))
        if item.source != place.english:
            raise InputError(key="import-source-changed", path=visible(item.file), name=quote(visible(item.context, 120)))
        if not item.target:
            continue
        earlier = out.get(item.context)
        if earlier is not None and (earlier.target, earlier.fuzzy) != (item.target, item.fuzzy):
            raise InputError(key="import-twice", path=visible(item.file), name=quote(visible(item.context, 120)),
                             other=visible(earlier.file))
        out[item.context] = item
    return out


def _where(langs: Languages, lang: str, loc: LocaleTexts, ref: LocaleTexts, place: _Place, item: Imported,
           ) -> tuple[Path, str, tuple[str, ...]]:
    """The YAML file of the language that holds (or is to hold) a text, as shown, and its path in it."""
    sec, key, fld = place.unit
    other = loc.units.get(place.unit)
    shown = other.file if other else (loc.entry_files.get((sec, key)) or (None, None))[0]
    if shown is None:
        shown = f"{lang}/{ref.entry_files[sec, key][0].split('/', 1)[1]}"
    rest = shown.split("/", 1)[1]
    path = langs.dirs[lang] / rest
    folder = place.game.folder
    kind = kind_of(rest[len(folder) + 1:] if folder and rest.startswith(folder + "/") else rest)
    if not path.is_file() or kind is None:
        raise InputError(key="import-no-file", path=visible(item.file), name=quote(visible(item.context, 120)),
                         file=visible(shown))
    if sec == "ui":
        return path, shown, ("messages", key)
    file_key = dict(kind.sections).get(sec, sec)
    sub = tuple(fld.split(".", 1)) if fld.startswith("readings.") else (fld,)
    return path, shown, (file_key, key, *sub)


def plan(langs: Languages, games: list[tuple[GamePack, bool]], lang: str, items: list[Imported]) -> ImportPlan:
    """The changes that import ``items`` into the language ``lang`` of ``langs`` (the texts of every
    game of ``games``, each with whether its run reads the interface's texts). Nothing is written
    here; any problem is an :class:`InputError` and nothing is planned."""
    reader = LocaleReader(strict=False, budget=langs.budget)
    ref_of = {g.id: reader.read(langs.dirs[langs.reference], "", g, ui=ui) for g, ui in games}
    loc_of = {g.id: reader.read(langs.dirs[lang], "", g, ui=ui) for g, ui in games}
    known = _known(ref_of, games)
    finished = chosen(items, known)
    changes: dict[Path, dict[tuple[str, ...], str]] = {}
    shown_of: dict[Path, str] = {}
    fuzzy: list[str] = []
    done: dict[str, set[UnitKey]] = {g.id: set() for g, _ in games}
    unchanged = 0
    for context, item in finished.items():
        place = known[context]
        loc = loc_of[place.game.id]
        now = loc.units.get(place.unit)
        if now is not None and now.text == item.target:
            unchanged += 1   # a fuzzy one too (an unofficial name to review): nothing to write
            if not item.fuzzy:
                done[place.game.id].add(place.unit)
            continue
        if item.fuzzy:
            fuzzy.append(context)
            continue
        done[place.game.id].add(place.unit)
        problems = _problems(place.english, item.target, place.unit[0] == "ui")
        if problems:
            raise InputError(key="import-invalid", path=visible(item.file), name=quote(visible(context, 120)),
                             problem=problems[0])
        path, shown, at = _where(langs, lang, loc, ref_of[place.game.id], place, item)
        changes.setdefault(path, {})[at] = item.target
        shown_of[path] = shown
    files = {path: _edited(path, shown_of[path], edits) for path, edits in changes.items()}
    records: dict[Path, str] = {}
    for game, ui in games:
        records.update(_records(langs, lang, game, ui, ref_of[game.id], loc_of[game.id], done[game.id]))
    return ImportPlan(files, records, {shown_of[p]: len(e) for p, e in changes.items()}, sorted(fuzzy), unchanged)


def _edited(path: Path, shown: str, edits: dict[tuple[str, ...], str]) -> str:
    """The new text of a YAML file of the language, checked against its schema."""
    from tashkalar_cli.data.schemas import schema_errors  # deferred: jsonschema (some 70 modules), when a file changes

    text = read_text(path, shown)
    try:
        new = edited(text, edits)
    except Unplaced as exc:
        raise InputError(key="import-no-place", file=visible(shown), name=quote(visible("/".join(exc.path), 120))) \
            from None
    data, lines = parse_yaml(new, shown, text_keys=True)
    rest = shown.split("/", 1)[1]
    kind = kind_of(rest) or kind_of(rest.split("/", 1)[1] if "/" in rest else rest)
    errors = schema_errors(kind.schema, data, lines, shown) if kind is not None else []
    if errors:
        raise InputError(key="import-schema", file=visible(shown), problem=errors[0].message)
    return new


def _records(langs: Languages, lang: str, game: GamePack, ui: bool, ref: LocaleTexts, loc: LocaleTexts,
             done: set[UnitKey]) -> dict[Path, str]:
    """The records of a game's texts in ``lang`` with the translations ``done`` marked reviewed (a
    language without a record keeps none: ``i18n reviewed`` starts it)."""
    if not loc.recorded or not done:
        return {}
    reference = {unit: u.text for unit, u in ref.units.items()}
    header = loc.messages.get("i18n.sources.header") or ref.messages.get("i18n.sources.header") or HEADER
    out: dict[Path, str] = {}
    for path, in_scope in record_places(langs.dirs[lang], game, ui):
        if not path.exists():
            continue
        before = recorded_in(path, f"{lang}/{path.relative_to(langs.dirs[lang]).as_posix()}")
        after = updated(before, reference, set(loc.units) | done, done, in_scope)
        if after != before:
            out[path] = as_yaml(langs.reference, after, header)
    return out
