"""Reading one language folder (``locales/<lang>/``): the one reader of the texts.

It runs in two modes. ``strict`` (loading the tool's data) raises the first problem as a
:class:`DataError`; lenient (``i18n check``) records every problem as a finding and goes on, so
that a translator sees all of them at once. Both share the file layout and the text-field
table below; which entries a language must have is derived from the facts by
:func:`expected_texts`.
"""

from __future__ import annotations

import fnmatch
import gettext
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tashkalar_cli.data.games import GAME_FOLDERS, GAMES
from tashkalar_cli.data.paths import Budget, files_below
from tashkalar_cli.errors import DataError, quote

if TYPE_CHECKING:
    from tashkalar_cli.data.games import GamePack


@dataclass(frozen=True)
class LocaleFileKind:
    """One kind of file of a language folder: where it stands, its schema, the sections it holds."""

    pattern: str                                   # path below locales/<lang>/
    schema: str
    sections: tuple[tuple[str, str], ...] = ()     # (section of the merged locale, key in the file)
    situations: str = ""                           # the section whose entries its ``situations:`` are about


#: the layout of a language folder; any other file is an error
LOCALE_FILES: tuple[LocaleFileKind, ...] = (
    LocaleFileKind("cards/*.yaml", "locale-cards", (("cards", "cards"),)),
    LocaleFileKind("flares.yaml", "locale-flares", (("flares", "flares"),)),
    LocaleFileKind("tasks.yaml", "locale-tasks", (("tasks", "tasks"),)),
    LocaleFileKind("glossary.yaml", "locale-glossary", (("keywords", "keywords"),)),
    LocaleFileKind("rules.yaml", "locale-rules", (("rules", "rules"), ("sections", "sections")), situations="rules"),
    LocaleFileKind("errata.yaml", "locale-errata", (("errata", "errata"),), situations="errata"),
    LocaleFileKind("ui.yaml", "locale-ui"),        # messages, language, number words
    # the reference texts the translations were made from (``i18n reviewed``): read by ``i18n check``
    # only, never by the tool's data
    LocaleFileKind("sources.yaml", "locale-sources"),
)
#: the schema of the record of reference texts (see :data:`LOCALE_FILES`)
SOURCES_SCHEMA = "locale-sources"

#: per section: the text fields every entry has (cards: plus the extra effects their facts name;
#: errata: plus one reading per book)
TEXT_FIELDS: dict[str, tuple[str, ...]] = {
    "cards": ("name", "effect"),
    "flares": ("upper", "lower"),
    "tasks": ("name", "criterion"),
    "keywords": ("term", "definition"),
    "rules": ("title", "text"),
    "sections": ("title",),
    "errata": ("title", "ruling"),
}
SECTIONS = tuple(TEXT_FIELDS)


def kind_of(rel: str, allowed: tuple[str, ...] | None = None) -> LocaleFileKind | None:
    """The kind of the file at ``rel`` (below the game's folder of a language), if the game has it."""
    for kind in LOCALE_FILES:
        if allowed is not None and kind.pattern not in allowed:
            continue
        if fnmatch.fnmatchcase(rel, kind.pattern) and rel.count("/") == kind.pattern.count("/"):
            return kind
    return None


def expected_texts(facts: dict[str, Any]) -> dict[tuple[str, str], tuple[str, ...]]:
    """The entries (section, id) a complete language has, each with its text fields."""
    out: dict[tuple[str, str], tuple[str, ...]] = {}
    for b in facts.get("beings", ()):
        out["cards", b["id"]] = (*TEXT_FIELDS["cards"], *b.get("extra_effects", ()))
    for section, items in (("flares", facts.get("flares", ())), ("tasks", facts.get("tasks", ())),
                           ("keywords", facts["glossary"]), ("rules", facts["rules"]["rules"]),
                           ("sections", facts["rules"]["sections"])):
        for item in items:
            out[section, item["id"]] = TEXT_FIELDS[section]
    for e in facts["errata"]:
        out["errata", e["id"]] = (*TEXT_FIELDS["errata"], *(f"readings.{b}" for b in e["books"]))
    return out


def entry_fields(section: str, entry: dict[str, Any]) -> list[tuple[str, tuple[str, ...]]]:
    """The text fields an entry holds, with their path inside the entry."""
    out: list[tuple[str, tuple[str, ...]]] = [(f, (f,)) for f in TEXT_FIELDS[section] if isinstance(entry.get(f), str)]
    if section == "cards":
        out += [(f, (f,)) for f in ("frost", "warp") if isinstance(entry.get(f), str)]
    if section == "errata":
        out += [(f"readings.{b}", ("readings", b)) for b, t in (entry.get("readings") or {}).items()
                if isinstance(t, str)]
    return out


# --------------------------------------------------------------------------- a language's own rules

#: English's rule, for a language that states none
DEFAULT_PLURAL_FORMS = "nplurals=2; plural=(n != 1);"
#: the ``i18n check`` code of a file refused by the YAML reader, by error key (default: schema)
_CODES = {"yaml-key-not-text": "key-not-text"}
#: the longest ``Plural-Forms`` a language may state
MAX_PLURAL_FORMS = 200
#: the numbers a plural rule is tried on when the language is loaded
PLURAL_SAMPLE = range(1001)
_PLURAL_FORMS = re.compile(r"\s*nplurals\s*=\s*([1-6])\s*;\s*plural\s*=([^;]*);?\s*")


def plural_function(plural_forms: str) -> Callable[[int], int]:
    """The index function of a gettext ``Plural-Forms`` header (``nplurals=N; plural=EXPR;``),
    compiled by gettext's own parser (a C arithmetic expression of n, nothing else); a ValueError
    saying why for a header that is too long, malformed or not an expression."""
    if len(plural_forms) > MAX_PLURAL_FORMS:
        raise ValueError(f"longer than {MAX_PLURAL_FORMS} characters")
    m = _PLURAL_FORMS.fullmatch(plural_forms)
    if m is None:
        raise ValueError("not of the form 'nplurals=N; plural=EXPRESSION;' with N from 1 to 6")
    try:
        return gettext.c2py(m.group(2))
    except (ValueError, SyntaxError, RecursionError, MemoryError, OverflowError):
        raise ValueError(f"'{m.group(2).strip()[:60]}' is not an expression of n") from None


def plural_problem(plural_forms: object, categories: object) -> str | None:
    """What is wrong with a language's plural rule, or None: it must compile, and give for every n of
    :data:`PLURAL_SAMPLE` an index below ``nplurals`` (and below the number of ``plural_categories``)."""
    if not isinstance(plural_forms, str):
        return "the plural rule is not a text"
    try:
        rule = plural_function(plural_forms)
    except ValueError as exc:
        return str(exc)
    m = _PLURAL_FORMS.fullmatch(plural_forms)
    assert m is not None
    count = int(m.group(1))
    if isinstance(categories, list) and len(categories) != count:
        return f"nplurals={count} but {len(categories)} plural_categories"
    for n in PLURAL_SAMPLE:
        try:
            index = rule(n)
        except (ArithmeticError, ValueError, TypeError, RecursionError):
            return f"it cannot be computed for n = {n} (a division by zero?)"
        if not 0 <= index < count:
            return f"it gives {index} for n = {n}, not an index from 0 to {count - 1}"
    return None


def unknown_stemmer(name: object) -> list[str] | None:
    """None when the Snowball stemmer ``name`` exists, else the names that do
    (``snowballstemmer.algorithms()``)."""
    import snowballstemmer  # deferred: Snowball, when a language file is read (not from the cache)

    known: list[str] = sorted(snowballstemmer.algorithms())
    return None if name in known else known


def line_in_value(lines: list[str], first: int, needle: str, fold: Callable[[str], str] | None = None) -> int:
    """The line (from 1) of ``lines`` where ``needle`` stands within the value whose key is on line
    ``first`` (a folded or literal value spans several lines; ``fold``: each line as ``needle`` is
    written), else ``first``: the line a finding and an error give for the same words."""
    if not needle or first > len(lines):
        return first
    indent = len(lines[first - 1]) - len(lines[first - 1].lstrip(" "))
    for number in range(first, len(lines) + 1):
        line = lines[number - 1]
        if number > first and line.strip() and len(line) - len(line.lstrip(" ")) <= indent:
            break  # the next key: the value ended
        if needle in (fold(line) if fold else line):
            return number
    return first


@dataclass
class Unit:
    """One text: a field of an entry, where it was read."""

    section: str
    key: str
    field: str
    text: str
    file: str
    line: int | None


@dataclass
class Problem:
    """A file or entry that could not be read (lenient mode)."""

    file: str
    key: str
    message: str
    line: int | None = None
    code: str | None = None     # a stable code for ``i18n check`` (default: schema)


@dataclass
class LocaleTexts:
    """One language as read: its texts, its raw entries and where they stand."""

    lang: str
    units: dict[tuple[str, str, str], Unit] = field(default_factory=dict)
    entries: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    entry_files: dict[tuple[str, str], tuple[str, int | None]] = field(default_factory=dict)
    messages: dict[str, str] = field(default_factory=dict)
    language: dict[str, Any] = field(default_factory=dict)
    number_words: dict[str, int] = field(default_factory=dict)
    words: dict[str, list[str]] = field(default_factory=dict)   # more words a user may type (ui.yaml words:)
    search: dict[str, Any] = field(default_factory=dict)        # stopwords and synonyms of the rule search (ui.yaml search:)
    asks: dict[str, list[str]] = field(default_factory=dict)    # rule id -> player phrasings (rules.yaml asks:)
    # "rules" or "errata" -> id -> table situations it settles (situations: of rules.yaml and errata.yaml)
    situations: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    files: set[str] = field(default_factory=set)           # read without a problem
    broken: set[str] = field(default_factory=set)          # read with problems: entries may be missing
    # (section, id, field) -> the reference text its translation was made from (sources.yaml)
    sources: dict[tuple[str, str, str], str] = field(default_factory=dict)
    recorded: bool = False                                 # whether the language has a sources.yaml

    def merged(self) -> dict[str, Any]:
        """The language as the tool uses it: section -> id -> entry, plus ui messages."""
        out: dict[str, Any] = {s: {} for s in SECTIONS}
        for (section, key), entry in self.entries.items():
            if section in out:
                out[section][key] = entry
        out["ui"] = dict(self.messages)
        out["language"] = dict(self.language)
        out["words"] = dict(self.words)
        out["search"] = dict(self.search)
        out["asks"] = dict(self.asks)
        out["situations"] = {section: dict(ids) for section, ids in self.situations.items()}
        return out


class LocaleReader:
    """Reads language folders; ``strict`` raises the first problem, else problems are collected."""

    def __init__(self, *, strict: bool, budget: Budget | None = None, reuse: bool = True) -> None:
        self.strict = strict
        self.budget = budget if budget is not None else Budget()  # shared by every folder it reads
        self.reuse = reuse  # a file found valid before is read back (:mod:`tashkalar_cli.data.filecache`)

    def _problem(self, out: LocaleTexts, file: str, message: str, line: int | None = None, key: str = "",
                 code: str | None = None, error: DataError | None = None) -> None:
        if self.strict:
            raise error or DataError(message, file=file, line=line)
        out.problems.append(Problem(file, key, message, line, code))
        out.broken.add(file)

    def read(self, lang_dir: Path, shown_root: str, game: GamePack | None = None, budget: Budget | None = None,
             *, ui: bool = True) -> LocaleTexts:
        """Read the texts of ``game`` (default: Tash-Kalar) in ``lang_dir``: the files of the game's
        folder there, and the shared ``ui.yaml``; messages name files as ``<shown_root>/<lang>/<file>``.
        The walk spends ``budget`` (that of the folder the language is in), else the reader's own."""
        pack = game or GAMES["tash-kalar"]
        lang = lang_dir.name
        out = LocaleTexts(lang)
        expected = ", ".join(k if k == "ui.yaml" else pack.shown(k) for k in pack.locale_files)
        try:
            files = _game_files(lang_dir, pack, ui, budget if budget is not None else self.budget)
        except DataError as exc:  # a link out of the folder, too many files: the language stops here
            if self.strict:
                raise
            self._problem(out, f"{shown_root}/{lang}" if shown_root else lang, str(exc))
            return out
        for path, rel in files:
            shown = f"{shown_root}/{lang}/{path.relative_to(lang_dir).as_posix()}" if shown_root \
                else f"{lang}/{path.relative_to(lang_dir).as_posix()}"
            self._read_file(out, path, rel, shown, pack, expected, lang_dir=lang_dir, ui=ui)
        return out

    def _read_file(self, out: LocaleTexts, path: Path, rel: str, shown: str, pack: GamePack, expected: str, *,
                   lang_dir: Path, ui: bool) -> None:
        """One file of a language folder (``rel`` within it, ``shown`` in messages) read into ``out``."""
        from tashkalar_cli.data.filecache import read_checked  # deferred: YAML and schemas, when the data is not in the cache

        kind = kind_of(rel, pack.locale_files)
        if kind is None or path.suffix != ".yaml":
            self._problem(out, shown, f"unexpected file in a locale folder (expected one of: {expected})")
            return
        if kind.schema == SOURCES_SCHEMA and self.strict:
            return  # a translator's record, not a text the tool says
        try:
            data, lines, errors = read_checked(path, shown, kind.schema, text_keys=True, lighter=_lighter,
                                               reuse=self.reuse)
        except DataError as exc:
            self._problem(out, shown, exc.message, exc.line, code=_CODES.get(exc.key or ""), error=exc)
            return
        if data is None:
            self._problem(out, shown, "the file is empty")
            return
        bad_entries: set[tuple[str, str]] = set()
        for e in errors:
            key = _key_from(e.message)
            self._problem(out, shown, e.message, e.line, key, error=e)
            bad_entries.add((key.split("/")[0], key.split("/")[1] if "/" in key else ""))
        if not isinstance(data, dict):
            return
        if not errors:
            out.files.add(shown)
        if kind.schema == SOURCES_SCHEMA:
            if not errors:
                # the interface's texts are recorded at the top of the language folder; a game's
                # own folder records its texts only
                top = path.parent == lang_dir
                _read_sources(out, data, only_ui=top and bool(pack.folder), no_ui=not top or not ui)
            return
        if not kind.sections:
            self._read_ui(out, data, lines, shown, bool(errors))
            return
        self._read_said(out, kind, data, bad_entries)
        for section, file_key in kind.sections:
            entries = data.get(file_key)
            if isinstance(entries, dict):
                self._read_entries(out, section, file_key, entries, lines, shown, bad_entries)

    @staticmethod
    def _read_said(out: LocaleTexts, kind: LocaleFileKind, data: Mapping[str, Any],
                   bad_entries: set[tuple[str, str]]) -> None:
        """How players ask about each rule (``asks:``), and what they tell of a game a rule or a ruling settles
        (``situations:``): searched, never shown (so not texts to check)."""
        def said(key: str) -> dict[str, list[str]]:
            found = data.get(key)
            return {str(k): [str(a) for a in v] for k, v in found.items()
                    if isinstance(v, list) and (key, str(k)) not in bad_entries} if isinstance(found, dict) else {}

        if kind.schema == "locale-rules":
            out.asks.update(said("asks"))
        if kind.situations:
            out.situations.setdefault(kind.situations, {}).update(said("situations"))

    def _read_entries(self, out: LocaleTexts, section: str, file_key: str, entries: dict[Any, Any], lines: Any,
                      shown: str, bad_entries: set[tuple[str, str]]) -> None:
        """The entries of one section of a file (``file_key`` in it), each with its texts, into ``out``."""
        for key, entry in entries.items():
            if (file_key, str(key)) in bad_entries or (file_key, "") in bad_entries or not isinstance(entry, dict):
                continue
            where = lines.line_of((file_key, key))
            if (section, key) in out.entries:
                other = out.entry_files[section, key][0]
                self._problem(out, shown, f"'{key}' is defined twice (also in {other})", where, key)
                continue
            out.entries[section, key] = entry
            out.entry_files[section, key] = (shown, where)
            for fld, sub in entry_fields(section, entry):
                text = entry
                for part in sub:
                    text = text[part]
                out.units[section, key, fld] = Unit(section, key, fld, str(text), shown,
                                                    lines.line_of((file_key, key, *sub)))

    def read_ui(self, lang_dir: Path) -> LocaleTexts:
        """The interface's texts of a language folder alone (its ``ui.yaml``, walked and read as every
        file is): what says an error in that language when the rest of the data cannot be read."""
        out = LocaleTexts(lang_dir.name)
        for path in files_below(lang_dir, self.budget, only=("ui.yaml",)):
            self._read_file(out, path, "ui.yaml", f"{lang_dir.name}/ui.yaml", GAMES["tash-kalar"], "ui.yaml",
                            lang_dir=lang_dir, ui=True)
        return out

    def _read_ui(self, out: LocaleTexts, data: dict[str, Any], lines: Any, shown: str, damaged: bool) -> None:
        messages = data.get("messages")
        if isinstance(data.get("language"), dict):
            out.language = data["language"]
            line = lines.line_of(("language", "plural_forms"))
            if "plural_forms" in out.language or "plural_categories" in out.language:
                problem = plural_problem(out.language.get("plural_forms", DEFAULT_PLURAL_FORMS),
                                         out.language.get("plural_categories"))
                if problem:
                    error = DataError(key="plural-rule", file=shown, line=line, problem=problem)
                    self._problem(out, shown, error.message, line, "language", "plural-rule", error)
                    out.language = {k: v for k, v in out.language.items()
                                    if k not in ("plural_forms", "plural_categories")}
            if "stemmer" in out.language:
                known = unknown_stemmer(out.language["stemmer"])
                if known is not None:
                    line = lines.line_of(("language", "stemmer"))
                    error = DataError(key="unknown-stemmer", file=shown, line=line,
                                      name=quote(out.language["stemmer"]), known=", ".join(known))
                    self._problem(out, shown, error.message, line, "language", "stemmer", error)
                    out.language = {k: v for k, v in out.language.items() if k != "stemmer"}
        if isinstance(data.get("search"), dict):
            out.search = data["search"]
        if isinstance(data.get("words"), dict):
            out.words = {str(k): [str(w) for w in v] for k, v in data["words"].items() if isinstance(v, list)}
        words = data.get("number_words")
        if isinstance(words, dict):
            out.number_words = {str(k): v for k, v in words.items() if isinstance(v, int)}
        if not isinstance(messages, dict):
            return
        for key, text in messages.items():
            if not isinstance(text, str):
                continue
            out.messages[key] = text
            out.entries["ui", key] = {"text": text}
            line = lines.line_of(("messages", key))
            out.entry_files["ui", key] = (shown, line)
            out.units["ui", key, "text"] = Unit("ui", key, "text", text, shown, line)


def _read_sources(out: LocaleTexts, data: dict[str, Any], *, only_ui: bool, no_ui: bool) -> None:
    """The record of reference texts of a valid ``sources.yaml`` into ``out.sources``: the
    interface's section only (``only_ui``), or every section but it (``no_ui``), or all."""
    out.recorded = True
    for section, entries in data["sources"].items():
        if (only_ui and section != "ui") or (no_ui and section == "ui"):
            continue
        for key, fields in entries.items():
            for fld, text in fields.items():
                out.sources[section, str(key), str(fld)] = text


def _game_files(lang_dir: Path, pack: GamePack, ui: bool = True, budget: Budget | None = None) -> list[tuple[Path, str]]:
    """The files of a language folder that belong to ``pack``, each with its path below the game's
    folder: a game in a subfolder reads that subfolder and the shared ui.yaml; the top-level game
    reads the rest (the other games' folders aside)."""
    if not pack.folder:
        return [(p, p.relative_to(lang_dir).as_posix()) for p in files_below(lang_dir, budget, skip=tuple(GAME_FOLDERS))
                if ui or p.name != "ui.yaml"]
    # one walk of the language folder, its game folder and ui.yaml only: the links of either are
    # checked as those of the top-level game are (a linked game folder, a ui.yaml leading out)
    prefix = pack.folder + "/"
    out = []
    for p in files_below(lang_dir, budget, only=(pack.folder, "ui.yaml", "sources.yaml") if ui else (pack.folder,)):
        rel = p.relative_to(lang_dir).as_posix()
        out.append((p, rel[len(prefix):] if rel.startswith(prefix) else rel))
    return out


#: what ``schemas/locale-ui.schema.json`` asks of each message: a key of these characters, a text
_MESSAGE_KEY = re.compile(r"[a-z0-9_.-]+")


def _lighter(schema: str, data: Any) -> Any:
    """``data`` to validate against ``schema``: a ui.yaml whose messages are all valid (keys of
    :data:`_MESSAGE_KEY`, non-empty texts: what its schema asks of them) is validated with an empty
    mapping in their place, the same verdict for a fraction of the time (jsonschema took seconds
    over a translator's file of 100,000 messages); any other file as it is."""
    if schema != "locale-ui" or not isinstance(data, dict) or not isinstance(data.get("messages"), dict):
        return data
    fullmatch = _MESSAGE_KEY.fullmatch
    for key, text in data["messages"].items():
        if not (isinstance(key, str) and fullmatch(key) and isinstance(text, str) and text):
            return data
    return {**data, "messages": {}}


def _key_from(message: str) -> str:
    """The entry of a schema message such as 'cards/swordmaster/effect: ...' as 'cards/swordmaster'."""
    head = message.split(":", 1)[0]
    parts = head.split("/")
    return "/".join(parts[:2]) if len(parts) > 1 else ""
