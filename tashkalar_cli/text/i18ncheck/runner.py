"""Running the checks over a locales folder and collecting the findings."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from tashkalar_cli.data.dataset import flatten
from tashkalar_cli.data.games import GAMES
from tashkalar_cli.data.locales import TEXT_FIELDS, LocaleReader, LocaleTexts, Unit, expected_texts, kind_of, line_in_value
from tashkalar_cli.data.paths import GAME_FOLDERS, Budget, checked_length, files_below, folders_in
from tashkalar_cli.errors import InputError, quote, visible
from tashkalar_cli.text.i18ncheck import checks
from tashkalar_cli.text.i18ncheck.model import ERROR, WARNING, Coverage, Finding, Report, at_fault, said

if TYPE_CHECKING:
    from tashkalar_cli.data.games import GamePack


#: a mapping's key at the start of a line (plain or quoted, perhaps an item of a list) and the colon
#: after it: what follows is the value
_KEY = re.compile(r"""\s*(?:-\s+)?(?:'(?:[^']|'')*'|"(?:[^"\\]|\\.)*"|[^\s'"#][^:#]*?)\s*:(?:\s+|$)""")


def _folded(line: str) -> str:
    """A line of a file folded as glossary forms are (case and accents), one character for one: a
    form found in it stands at the same column in the line."""
    return "".join(" " if ch.isspace() else (checks.term_fold(ch) or ch)[:1] for ch in line)


class _Run:
    def __init__(self, facts: dict[str, Any], reference: LocaleTexts) -> None:
        self.facts = facts
        self.ref = reference
        self.report_findings: list[Finding] = []
        self.all_names: dict[str, tuple[str, str]] = {}   # folded card name, any language -> (id, lang)
        self.game_params = set(flatten(facts["game"]))
        self.task_params = {t["id"]: {k for k in t["criterion"] if k not in ("kind", "squares")}
                            for t in facts.get("tasks", ())}
        self.card_keywords = {k["id"] for k in facts["glossary"] if k.get("card_keyword")}
        self.loose = {k["id"] for k in facts["glossary"] if k.get("loose")}
        self.tags: dict[tuple[str, str], list[tuple[tuple[str, ...], list[str]]]] = {}
        for b in facts.get("beings", ()):
            self.tags["cards", b["id"]] = [(("effect", "frost", "warp"), b["keywords"])]
        for f in facts.get("flares", ()):
            self.tags["flares", f["id"]] = [(("upper",), f["upper"]["keywords"]), (("lower",), f["lower"]["keywords"])]
        for t in facts.get("tasks", ()):
            self.tags["tasks", t["id"]] = [(("criterion",), t["keywords"])]
        for r in facts["rules"]["rules"]:
            self.tags["rules", r["id"]] = [(("title", "text"), r.get("keywords", []))]
        self.ref_terms = checks.matcher(self._glossary(reference))
        # each entry's file below the reference's folder, worked out once (not once per language)
        self._ref_files = {entry: file.split("/", 1)[1] if "/" in file else file
                           for entry, (file, _) in reference.entry_files.items()}
        self.dirs: dict[str, Path] = {}              # language -> its folder, to find a line in a file
        # the interface texts of another game's commands (``letal.*``, ``help.letal*``): said in that
        # game's vocabulary, not held to this game's glossary
        self.foreign_ui: tuple[str, ...] = ()
        # a game with a folder owns only its own interface texts: the others keep their game's words
        self.own_ui: tuple[str, ...] = ()
        self._file_lines: dict[str, list[str]] = {}

    def _lines(self, file: str) -> list[str]:
        """The lines of a file of a language (``<lang>/<path>``), read once."""
        lines = self._file_lines.get(file)
        if lines is None:
            lang, _, rest = file.partition("/")
            folder = self.dirs.get(lang)
            try:
                lines = (folder / rest).read_text(encoding="utf-8", errors="replace").splitlines() if folder else []
            except OSError:
                lines = []
            self._file_lines[file] = lines
        return lines

    def line_with(self, unit: Unit, needle: str, folded: bool = False) -> int | None:
        """The line of ``unit``'s file where ``needle`` stands within the unit's value (a folded or
        literal value spans several lines), else the field's first line; ``folded``: ``needle`` is
        a glossary form, case and accents folded (:func:`_folded`)."""
        if unit.line is None or not needle:
            return unit.line
        return line_in_value(self._lines(unit.file), unit.line, needle, _folded if folded else None)

    def column_of(self, unit: Unit, line: int | None, needle: str, folded: bool = False) -> int | None:
        """The column (from 1, in characters) of ``line`` in ``unit``'s file where ``needle`` stands,
        else where the unit's value starts on its first line (its key's column when the value starts
        on the next line: a folded or literal block)."""
        lines = self._lines(unit.file) if line is not None else []
        if line is None or line > len(lines):
            return None
        text = lines[line - 1]
        at = (_folded(text) if folded else text).find(needle) if needle else -1
        if at >= 0:
            return at + 1
        key = len(text) - len(text.lstrip(" ")) + 1
        found = _KEY.match(text) if line == unit.line else None
        return found.end() + 1 if found and found.end() < len(text) else key

    def add(self, lang: str, unit_or_file: Unit | str, key: str, check: str, severity: str, message: str,
            fld: str | None = None, ref: str | None = None, text: str | None = None, line: int | None = None,
            code: str | None = None, previous: str | None = None, needle: str = "", folded: bool = False) -> None:
        """One finding: about a text (``unit_or_file`` a :class:`Unit`: at the line and column of
        ``needle`` in its value, else where the value starts) or about a file (at ``line``)."""
        column = None
        if isinstance(unit_or_file, Unit):
            file = unit_or_file.file
            line = line or self.line_with(unit_or_file, needle, folded)
            column = self.column_of(unit_or_file, line, needle, folded)
        else:
            file = unit_or_file
        self.report_findings.append(Finding(lang, file, key, check, severity, message, line, fld, ref, text, code,
                                            previous, column))

    @staticmethod
    def _glossary(texts: LocaleTexts) -> dict[str, dict[str, Any]]:
        return {key: entry for (sec, key), entry in texts.entries.items() if sec == "keywords"}

    def known_placeholders(self, section: str, key: str) -> set[str] | None:
        if section == "tasks":
            return self.game_params | self.task_params.get(key, set())
        if section == "ui":
            return None
        return self.game_params

    # ------------------------------------------------------------ reference
    def check_reference(self) -> None:
        ref = self.ref
        expected = expected_texts(self.facts)
        for (sec, key), fields in expected.items():
            if (sec, key) not in ref.entries:
                self.add(ref.lang, f"{ref.lang}/", key, "missing", ERROR,
                         said("missing-entry", "no {section} entry for '{key}'", section=sec, key=key),
                         code="missing-entry")
                continue
            for fld in fields:
                if (sec, key, fld) not in ref.units:
                    file, line = ref.entry_files[sec, key]
                    self.add(ref.lang, file, key, "missing", ERROR,
                             said("missing-field", "field '{field}' is missing", field=fld), fld, line=line,
                             code="missing-field")
        for (sec, key), (file, line) in ref.entry_files.items():
            if sec != "ui" and (sec, key) not in expected:
                self.add(ref.lang, file, key, "obsolete", WARNING,
                         said("obsolete", "'{key}' is not a known {section} id", key=key, section=sec),
                         line=line)
        for (sec, key, fld), unit in ref.units.items():
            for sev, msg in checks.check_empty(unit.text, unit.text):
                self.add(ref.lang, unit, key, "empty", sev, msg, fld, text=unit.text)
            for sev, msg in checks.check_format(unit.text if sec == "ui" else "", unit.text):
                self.add(ref.lang, unit, key, "placeholders", sev, msg, fld, text=unit.text, code="placeholder-format",
                         needle=at_fault(msg))
            known = self.known_placeholders(sec, key)
            if known is not None:
                for sev, msg in checks.check_placeholders(unit.text, unit.text, known):
                    self.add(ref.lang, unit, key, "placeholders", sev, msg, fld, text=unit.text,
                             needle=at_fault(msg))
        # a card's tagged keywords must appear in the reference text itself (a rule's keywords are
        # topics it links to, not necessarily words of its text)
        for (sec, key), groups in self.tags.items():
            if sec == "rules":
                continue
            for fields, tags in groups:
                text = self._joined(ref, sec, key, fields)
                if text is None:
                    continue
                for kw in tags:
                    if not self.ref_terms.present(text, kw):
                        file, line = ref.entry_files.get((sec, key), (f"{ref.lang}/", None))
                        self.add(ref.lang, file, key, "terms", ERROR,
                                 said("term-untagged", "tagged with keyword '{keyword}' but the text never uses its term",
                                      keyword=kw),
                                 line=line,
                                 code="term-untagged")
        self.check_names(ref)
        self.check_glossary(ref)
        self.check_forbidden(ref)

    @staticmethod
    def _joined(texts: LocaleTexts, sec: str, key: str, fields: Iterable[str]) -> str | None:
        parts = [texts.units[sec, key, f].text for f in fields if (sec, key, f) in texts.units]
        return " \n ".join(parts) if parts else None

    # ------------------------------------------------------------ one language
    def check_language(self, loc: LocaleTexts) -> Coverage:
        ref = self.ref
        cov = Coverage()
        entries = sorted({(sec, key) for (sec, key, _) in ref.units})
        read = loc.files | loc.broken
        absent: dict[str, int] = {}     # a file of the reference the language lacks -> its entries
        for sec, key in entries:
            cov.entries += 1
            counts = cov.file(loc.entry_files[sec, key][0] if (sec, key) in loc.entry_files
                              else f"{loc.lang}/{self._file_for(sec, key)}")
            counts.entries += 1
            if (sec, key) not in loc.entries:
                cov.missing += 1
                counts.missing += 1
                if self._in_broken_file(loc, sec, key):
                    continue  # its file could not be read: reported once, as a schema finding
                file = f"{loc.lang}/{self._file_for(sec, key)}"
                if file not in read:
                    absent[file] = absent.get(file, 0) + 1  # one finding for the file, not one per entry
                    continue
                self.add(loc.lang, file, key, "missing", ERROR,
                         said("no-translation", "no translation of {section} entry '{key}'", section=sec, key=key),
                         ref=self._joined(ref, sec, key, TEXT_FIELDS.get(sec, ("text",))), code="missing-entry")
                continue
            cov.translated += 1
            counts.translated += 1
            if loc.entries[sec, key].get("official") is False:
                cov.unofficial_names += 1
        for file, count in absent.items():
            self.add(loc.lang, file, "", "missing", ERROR,
                     said("missing-file", "this file is missing (untranslated entries: {count})", count=count),
                     code="missing-file")
        for (sec, key, fld), unit in ref.units.items():
            if (sec, key) not in loc.entries:
                continue
            other = loc.units.get((sec, key, fld))
            if other is None:
                file, line = loc.entry_files[sec, key]
                self.add(loc.lang, file, key, "missing", ERROR,
                         said("field-not-translated", "field '{field}' is not translated", field=fld), fld,
                         ref=unit.text, line=line, code="missing-field")
                continue
            self._compare(loc, sec, key, fld, unit, other)
            status = self._source_changed(loc, (sec, key, fld), unit, other) if loc.recorded else ""
            if status == "changed":
                cov.source_changed += 1
                cov.file(other.file).source_changed += 1
            elif status == "unrecorded":
                cov.unrecorded += 1
                cov.file(other.file).unrecorded += 1
        for (sec, key, fld), unit in loc.units.items():
            if (sec, key, fld) not in ref.units:
                self.add(loc.lang, unit, key, "obsolete", WARNING,
                         said("not-in-reference", "'{key}' ({field}) is not in the reference language", key=key, field=fld), fld,
                         text=unit.text)
        self.check_terms(loc)
        self.check_forbidden(loc)
        self.check_names(loc)
        self.check_glossary(loc)
        return cov

    def _compare(self, loc: LocaleTexts, sec: str, key: str, fld: str, unit: Unit, other: Unit) -> None:
        """One field translated: its placeholders, numbers, markup and format against the reference's."""
        ref_words, words = self.ref.number_words, loc.number_words
        problems: list[tuple[str, str, str]] = []
        problems += [("empty", *p) for p in checks.check_empty(unit.text, other.text)]
        problems += [("placeholders", *p) for p in
                     checks.check_placeholders(unit.text, other.text, self.known_placeholders(sec, key))]

        if sec != "ui" and fld != "name":
            problems += [("numbers", *p) for p in checks.check_numbers(unit.text, other.text, ref_words, words)]
        problems += [("markup", *p) for p in checks.check_markup(unit.text, other.text)]
        if fld not in ("name", "term") and sec != "ui":
            problems += [("untranslated", *p) for p in checks.check_untranslated(unit.text, other.text)]
        for check, sev, msg in problems:
            needle = at_fault(msg) if check == "placeholders" else ""
            code = "placeholder-typo" if getattr(msg, "key", None) == "placeholder-typo" else None
            self.add(loc.lang, other, key, check, sev, msg, fld, unit.text, other.text, code=code, needle=needle)
        for sev, msg in checks.check_format(unit.text, other.text):
            self.add(loc.lang, other, key, "placeholders", sev, msg, fld, unit.text, other.text,
                     code="placeholder-format", needle=at_fault(msg))

    def _source_changed(self, loc: LocaleTexts, at: tuple[str, str, str], unit: Unit, other: Unit) -> str:
        """Whether the reference text of a translation changed since it was reviewed (its record in
        the language's sources.yaml): ``changed``, one finding, with the old and the new reference
        text; ``unrecorded``, a translation never recorded, one finding too; else ``""``."""
        sec, key, fld = at
        was = loc.sources.get(at)
        if was == unit.text:
            return ""
        target = f"{sec}/{key}/{fld}"
        if was is None:
            self.add(loc.lang, other, key, "sources", WARNING,
                     said("source-unrecorded", "the reference text this translation was made from is not recorded: "
                          "once checked, mark it reviewed (tashkalar i18n reviewed --target {lang} {target})",
                          lang=loc.lang, target=target), fld, unit.text, other.text, code="source-unrecorded")
            return "unrecorded"
        self.add(loc.lang, other, key, "sources", WARNING,
                 said("source-changed", "the reference text changed since this translation was reviewed: check it, "
                      "then mark it reviewed (tashkalar i18n reviewed --target {lang} {target})",
                      lang=loc.lang, target=target), fld, unit.text, other.text, code="source-changed", previous=was)
        return "changed"

    def _in_broken_file(self, loc: LocaleTexts, sec: str, key: str) -> bool:
        return f"{loc.lang}/{self._file_for(sec, key)}" in loc.broken

    def _file_for(self, sec: str, key: str) -> str:
        """The file of the reference that holds an entry, below the language folder ("?": none)."""
        return self._ref_files.get((sec, key), "?")

    def _owned(self, key: str) -> bool:
        """Whether the interface text ``key`` is said in the words of the game checked."""
        return not key.startswith(self.foreign_ui) and (not self.own_ui or key.startswith(self.own_ui))

    def check_forbidden(self, loc: LocaleTexts, only: str | None = None) -> None:
        """A translation must not say a keyword with a variant its glossary forbids (``forbidden:``),
        where the reference text uses that keyword: the terminology check of translation QA tools.
        The reference language's own texts must use none of its forbidden variants. ``only``: the
        texts of that section alone."""
        glossary = self._glossary(loc)
        banned = checks.matcher(glossary, field="forbidden")
        if not banned.forms:
            return
        for (sec, key, fld), unit in loc.units.items():
            ref = self.ref.units.get((sec, key, fld))
            if ref is None or sec == "keywords" or (sec == "ui" and not self._owned(key)) or (only and sec != only):
                continue
            hay = checks.term_fold(unit.text)
            for form, kid, whole in banned.forms:
                if form not in hay:  # cannot match: no regular expression, no look at the reference
                    continue
                if loc is not self.ref and not self.ref_terms.present(ref.text, kid):
                    continue
                rx = checks.form_regex(form, whole)
                m = rx.search(hay)
                if m:
                    official = glossary.get(kid, {}).get("term", kid)
                    self.add(loc.lang, unit, key, "terms", ERROR,
                             said("forbidden-term", "'{found}' is not the official term for '{keyword}': write '{official}'",
                                  found=m.group(0), keyword=kid, official=official),
                             fld, ref.text, unit.text, code="forbidden-term", needle=m.group(0), folded=True)

    def check_owned_ui(self, read: dict[str, LocaleTexts], earlier: Mapping[str, LocaleTexts]) -> None:
        """The interface texts this game owns (``letal.*``...), as an earlier game's check read the
        shared ui.yaml (``earlier``, by language; it is read once), held to this game's glossary:
        the one check of an interface text that depends on the game. The other checks of these
        texts are the earlier game's."""
        for lang, texts in read.items():
            before = earlier.get(lang)
            if before is not None:
                texts.units.update({at: unit for at, unit in before.units.items()
                                    if at[0] == "ui" and self._owned(at[1])})
        for lang in sorted(read, key=lambda lg: lg != self.ref.lang):
            self.check_forbidden(read[lang], only="ui")

    def check_terms(self, loc: LocaleTexts) -> None:
        matcher = checks.matcher(self._glossary(loc))
        if not matcher.forms:
            return
        # a term said with a variant the glossary forbids is one forbidden-term finding (check_forbidden),
        # not a term-missing one too: one edit, one finding
        banned = checks.matcher(self._glossary(loc), field="forbidden")
        for (sec, key), groups in self.tags.items():
            for fields, tags in groups:
                ref_text = self._joined(self.ref, sec, key, fields)
                text = self._joined(loc, sec, key, fields)
                if ref_text is None or text is None:
                    continue
                in_ref = self.ref_terms.found(ref_text) & self.card_keywords
                expected = [k for k in tags if self.ref_terms.present(ref_text, k)]
                expected += sorted(in_ref - set(expected))
                unit = next(loc.units[sec, key, f] for f in fields if (sec, key, f) in loc.units)
                for kw in expected:
                    if not matcher.present(text, kw) and not (banned.forms and banned.present(text, kw)):
                        self.add(loc.lang, unit, key, "terms", ERROR,
                                 said("term-missing", "the {lang} term for '{keyword}' ({term}) is missing",
                                      lang=loc.lang, keyword=kw, term=matcher.term_of(kw)),
                                 unit.field, ref_text, text, code="term-missing")
                extra = (matcher.found(text) & self.card_keywords) - in_ref - set(tags) - self.loose
                for kw in sorted(extra):
                    if self.ref_terms.present(ref_text, kw):
                        continue
                    self.add(loc.lang, unit, key, "terms", WARNING,
                             said("term-unexpected", "uses the term for '{keyword}' ({term}), which the reference text does not",
                                  keyword=kw, term=matcher.term_of(kw)),
                             unit.field, ref_text, text, code="term-unexpected")

    def check_names(self, loc: LocaleTexts) -> None:
        names: dict[str, list[tuple[str, Unit]]] = {}
        for (sec, key, fld), unit in loc.units.items():
            if fld == "name" and sec in ("cards", "tasks"):
                names.setdefault(checks.folded(unit.text), []).append((key, unit))
        for owners in names.values():
            if len(owners) > 1:
                ids = ", ".join(k for k, _ in owners)
                for key, unit in owners:
                    self.add(loc.lang, unit, key, "names", ERROR,
                             said("name-shared", "the name '{name}' is shared by: {ids}", name=unit.text, ids=ids),
                             "name", text=unit.text, code="name-shared")
        for folded, owners in names.items():
            if len(owners) != 1:
                continue
            key, unit = owners[0]
            holder = self.all_names.get(folded)
            if holder and holder[0] != key:
                self.add(loc.lang, unit, key, "names", ERROR,
                         said("name-clash", "'{name}' is the name of another card, '{card}' ({section})", name=unit.text,
                              card=holder[0], section=holder[1]), "name",
                         text=unit.text, code="name-clash")
        if loc is self.ref:
            return
        # a text that names its own card must use this language's name for it
        for (sec, key, fld), unit in self.ref.units.items():
            if sec != "cards" or fld in ("name",):
                continue
            ref_name = self.ref.units.get((sec, key, "name"))
            own = loc.units.get((sec, key, "name"))
            other = loc.units.get((sec, key, fld))
            if not (ref_name and own and other):
                continue
            if checks.folded(ref_name.text) in checks.folded(unit.text) and not _mentions(other.text, own.text):
                self.add(loc.lang, other, key, "names", WARNING,
                         said("name-not-used", "the reference names the card itself; this text never says '{name}'",
                              name=own.text),
                         fld,
                         unit.text, other.text, code="name-not-used")

    def check_glossary(self, loc: LocaleTexts) -> None:
        terms: dict[str, list[str]] = {}
        for (sec, key, fld), unit in loc.units.items():
            if sec == "keywords" and fld == "term":
                terms.setdefault(checks.folded(unit.text), []).append(key)
        for keys in terms.values():
            if len(keys) > 1:
                for key in keys:
                    unit = loc.units["keywords", key, "term"]
                    self.add(loc.lang, unit, key, "terms", ERROR,
                             said("term-shared", "the term '{term}' is used for several keywords: {keywords}", term=unit.text,
                                  keywords=", ".join(keys)), "term",
                             text=unit.text, code="term-shared")


def _mentions(text: str, name: str) -> bool:
    """Whether ``text`` names the card: its full name, or its longest word (names inflect)."""
    t, n = checks.folded(text), checks.folded(name)
    if n in t:
        return True
    longest = max(n.split(), key=len, default="")
    return len(longest) >= 4 and longest[: max(4, len(longest) - 2)] in t


def _holds_locales(folder: Path, budget: Budget) -> bool:
    """Whether ``folder`` holds at least one file of a language folder's layout (``ui.yaml``,
    ``glossary.yaml``, ``cards/<deck>.yaml``..., a game's own folder's too)."""
    for path in files_below(folder, budget):
        rel = path.relative_to(folder).as_posix()
        head, _, rest = rel.partition("/")
        if kind_of(rest if head in GAME_FOLDERS and rest else rel) is not None:
            return True
    return False


def _game_ui(pack: GamePack) -> tuple[str, ...]:
    """The prefixes of the interface texts a game owns: a game with a folder of its own says its
    commands' texts under ``<folder>.``, ``help.<folder>`` and ``error.<folder>-``; Tash-Kalar (no
    folder) owns every other text."""
    return (f"{pack.folder}.", f"help.{pack.folder}", f"error.{pack.folder}-") if pack.folder else ()


def _foreign_ui(game: GamePack | None) -> tuple[str, ...]:
    """The prefixes of the interface texts of the games other than ``game`` (default: Tash-Kalar)."""
    own = game.id if game is not None else "tash-kalar"
    return tuple(p for pack in GAMES.values() if pack.id != own for p in _game_ui(pack))


def _few(names: list[str], most: int = 8) -> str:
    """Some folder names, for a message: the first ``most``, then "…" and how many there are."""
    if not names:
        return "—"
    return ", ".join(names[:most]) + (f", … ({len(names)})" if len(names) > most else "")


def check_locales(locales_dir: str | Path, facts: dict[str, Any], reference: str = "en",
                  langs: list[str] | None = None, builtin: Path | None = None,
                  game: GamePack | None = None, ui: bool = True,
                  ui_texts: Mapping[str, LocaleTexts] | None = None) -> Report:
    """Check every language of ``locales_dir`` (or ``langs``) against ``reference``: the texts of
    ``game`` (default: Tash-Kalar; ``facts`` are that game's), with the shared interface texts
    unless ``ui`` is false. Without them, ``ui_texts`` (an earlier game's :attr:`Report.texts`)
    gives the interface texts ``game`` owns, held to its glossary.

    A translator's folder need not hold the reference language: it is then read from
    ``builtin`` (the tool's own locales folder).
    """
    return _check_locales(locales_dir, facts, reference, langs, builtin, game, ui, ui_texts)


def check_games(locales_dir: str | Path, games: list[tuple[GamePack, dict[str, Any]]], reference: str = "en",
                langs: list[str] | None = None, builtin: Path | None = None) -> Report:
    """:func:`check_locales` for each game of ``games`` (each with its facts), in one report: the
    shared interface texts (ui.yaml) are read and checked once, with the first game (a translator's
    ui.yaml of megabytes is not read, checked and counted twice); each later game holds the
    interface texts it owns (``letal.*``...) to its own glossary."""
    report: Report | None = None
    for pack, facts in games:
        found = _check_locales(locales_dir, facts, reference, langs, builtin, pack, report is None,
                               report.texts if report is not None else None)
        if report is None:
            report = found
            continue
        report.findings += found.findings
        for code, cov in found.coverage.items():
            mine = report.coverage.setdefault(code, cov)
            if mine is not cov:
                mine.add(cov)
    if report is None:
        raise ValueError("no game to check")
    return report


class Languages(NamedTuple):
    """The language folders a check or a review works on: each by its code, the reference among them."""

    dirs: dict[str, Path]
    reference: str
    wanted: list[str]      # the languages worked on (never the reference)
    budget: Budget         # what the whole walk may read


def languages(locales_dir: str | Path, reference: str, langs: list[str] | None, builtin: Path | None) -> Languages:
    """The folders of ``langs`` (default: every language but the reference) and of ``reference`` in
    ``locales_dir`` (the reference from ``builtin`` when the folder lacks it); exit 2 when one is
    missing or the reference holds no texts."""
    root = Path(checked_length(locales_dir))
    if not root.is_dir():
        raise InputError(key="no-locales-folder", folder=visible(root))
    budget = Budget(root)  # the whole check walks at most so many files and bytes
    dirs = {p.name: p for p in folders_in(root, budget)}
    available = sorted(dirs)
    if reference not in dirs and builtin is not None and (builtin / reference).is_dir():
        dirs[reference] = builtin / reference
    if reference not in dirs:
        raise InputError(key="no-reference-folder", folder=visible(root), lang=quote(reference),
                         found=_few(available))
    if not _holds_locales(dirs[reference], budget if dirs[reference].parent == root else Budget(dirs[reference])):
        # an empty folder (or a path given as --reference) would make every text "not in the reference"
        raise InputError(key="reference-holds-no-locales", folder=visible(dirs[reference]), lang=quote(reference))
    wanted = langs or [lang for lang in available if lang != reference]
    for lang in wanted:
        if lang not in available:
            raise InputError(key="no-language-folder", folder=visible(root), lang=quote(lang), found=_few(available))
    return Languages(dirs, reference, [lang for lang in wanted if lang != reference], budget)


def _check_locales(locales_dir: str | Path, facts: dict[str, Any], reference: str, langs: list[str] | None,
                   builtin: Path | None, game: GamePack | None, ui: bool,
                   ui_texts: Mapping[str, LocaleTexts] | None = None) -> Report:
    found = languages(locales_dir, reference, langs, builtin)
    dirs, budget, wanted = found.dirs, found.budget, found.wanted
    reader = LocaleReader(strict=False, budget=budget)
    read = {lang: reader.read(dirs[lang], "", game, ui=ui) for lang in sorted({reference, *wanted})}
    run = _Run(facts, read[reference])
    run.dirs = dirs
    run.foreign_ui = _foreign_ui(game)
    run.own_ui = _game_ui(game) if game is not None else ()
    for lang in sorted(read, key=lambda lg: lg != reference):
        for (sec, key, fld), unit in read[lang].units.items():
            if fld == "name" and sec in ("cards", "tasks"):
                run.all_names.setdefault(checks.folded(unit.text), (key, lang))
    report = Report(reference, [lang for lang in wanted if lang != reference])
    for texts in read.values():
        run.report_findings.extend(Finding(texts.lang, p.file, p.key.split("/")[-1], "schema", ERROR, p.message, p.line,
                                           code=p.code)
                                   for p in texts.problems)
    run.check_reference()
    for lang in report.languages:
        report.coverage[lang] = run.check_language(read[lang])
    if ui_texts is not None and not ui:
        run.check_owned_ui(read, ui_texts)
    report.texts = read
    order = {"error": 0, "warning": 1}
    report.findings = sorted(run.report_findings,
                             key=lambda f: (f.lang != reference, f.lang, f.file, order[f.severity], f.key, f.check))
    return report
