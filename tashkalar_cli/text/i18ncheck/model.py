"""Findings and the report of a translation check."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from tashkalar_cli.errors import Phrase, fill

if TYPE_CHECKING:
    from tashkalar_cli.data.locales import LocaleTexts

ERROR = "error"
WARNING = "warning"


class Said(Phrase):
    """A finding's message: its English text (what JSON carries), and what it says in any language,
    the ui.yaml text ``i18n.finding.<key>`` filled with ``values`` (see render/i18n.py)."""


def said(code: str, english: str, /, **values: Any) -> Said:
    """The message ``english`` (its ``{fields}`` filled from ``values`` by :func:`errors.fill`: a name
    ``values`` lacks stays as written), said in a translator's language by ``i18n.finding.<code>``."""
    return Said(fill(english, values), code, values)


def at_fault(message: str) -> str:
    """The words of the translation a placeholder or number finding is about (its first unexpected
    placeholder or number), to find their line and column and to centre an excerpt on them; empty when the
    finding is about what the text lacks."""
    key, values = getattr(message, "key", None), getattr(message, "values", {})
    if key == "placeholder-typo":
        return str(values.get("found", ""))
    if key in ("placeholders-extra", "placeholders-unknown"):
        return str(values.get("names", "")).split(", ")[0]
    if key == "placeholder-not-name":
        return str(values.get("field", ""))
    if key in ("numbers-extra", "numbers-changed"):   # the first number the translation adds or changes
        return str(values.get("numbers", "")).split(", ")[0]
    return ""


def lacking(message: str) -> str:
    """The words of the reference a finding says the translation lacks (its first missing
    placeholder or number), to centre the reference's excerpt on them; else empty."""
    key, values = getattr(message, "key", None), getattr(message, "values", {})
    if key in ("placeholders-missing", "placeholder-typo"):
        return str(values.get("names" if key == "placeholders-missing" else "wanted", "")).split(", ")[0]
    if key in ("numbers-missing", "numbers-changed"):   # the first number of the reference the translation lacks
        return str(values.get("numbers" if key == "numbers-missing" else "reference", "")).split(", ")[0]
    return ""


@dataclass(frozen=True)
class Finding:
    lang: str
    file: str
    key: str            # the entry: card id, rule id, keyword id, ui message key...
    check: str          # schema, missing, obsolete, empty, placeholders, numbers, terms, untranslated, names, markup
    severity: str       # error or warning
    message: str
    line: int | None = None
    field: str | None = None
    reference: str | None = None
    translation: str | None = None
    code: str | None = None   # the stable code of the check that found it (see CODES); default: ``check``
    previous: str | None = None   # source-changed: the reference text the translation was made from
    column: int | None = None     # the column in ``line`` (from 1, in characters): of the words at fault, else of the value

    def to_dict(self) -> dict[str, Any]:
        # by hand, not dataclasses.asdict: that deep-copies each message's values (a third of the
        # time of a check with 100,000 findings)
        return {"lang": self.lang, "file": self.file, "key": self.key, "check": self.check,
                "severity": self.severity, "message": str(self.message), "line": self.line, "field": self.field,
                "reference": self.reference, "translation": self.translation, "code": self.code or self.check,
                "previous": self.previous, "column": self.column}


#: every finding's ``code``, for a translator's CI to filter on
CODES = {
    "schema": "a file that cannot be read or does not match its schema",
    "missing-entry": "an entry of the reference has no translation",
    "missing-file": "a file of the reference the language does not have: one finding for all its entries",
    "missing-field": "a field of an entry is not translated",
    "obsolete": "an entry or field the reference does not have",
    "empty": "an empty text",
    "placeholders": "a {placeholder} missing, added, or unknown",
    "placeholder-typo": "a {placeholder} the reference lacks, so close to one the text lacks that it is taken "
                        "for a misspelling of it (the message names the one meant)",
    "placeholder-format": "a {field} that is not a plain {name} (a format spec, conversion, attribute or index), "
                          "or an unmatched brace: the tool refuses the language",
    "key-not-text": "a key YAML reads as a date, a number or yes/no rather than text: quote it",
    "plural-rule": "a plural rule (plural_forms) that does not compile, is too long, fails (a division by zero) "
                   "or gives an index out of range for some n from 0 to 1000",
    "stemmer": "a stemmer (language: stemmer:) that snowballstemmer does not have",
    "numbers": "a number of the reference missing, or one it does not state",
    "markup": "list items, emphasis markers or style tags that differ from the reference",
    "untranslated": "a text identical to the reference",
    "term-missing": "a game term of the reference is not said with this language's official term",
    "term-unexpected": "a game term the reference text does not use",
    "term-untagged": "a card tagged with a keyword whose text never uses its term (reference language)",
    "term-shared": "one term used for several keywords in the glossary",
    "forbidden-term": "a near-synonym the glossary forbids, where the reference uses the keyword",
    "name-shared": "two cards with the same name",
    "name-clash": "a card name that is another card's name",
    "name-not-used": "a text that names its own card without this language's name for it",
    "source-changed": "the reference text changed since the translation was last reviewed (sources.yaml records "
                      "the one it was made from): check the translation, then mark it reviewed (i18n reviewed)",
    "source-unrecorded": "a translation whose reference text was never recorded as reviewed (a language with a "
                         "sources.yaml only): mark it reviewed once it is checked (i18n reviewed)",
}


@dataclass
class FileCoverage:
    """The texts of one file of a language: its entries (the reference's that belong there),
    translated or missing, and its translated fields whose reference text changed since they were
    reviewed (``source_changed``) or was never recorded (``unrecorded``)."""

    entries: int = 0
    translated: int = 0
    missing: int = 0
    source_changed: int = 0
    unrecorded: int = 0

    def add(self, other: FileCoverage) -> None:
        self.entries += other.entries
        self.translated += other.translated
        self.missing += other.missing
        self.source_changed += other.source_changed
        self.unrecorded += other.unrecorded


@dataclass
class Coverage:
    entries: int = 0
    translated: int = 0
    missing: int = 0
    unofficial_names: int = 0
    source_changed: int = 0
    unrecorded: int = 0
    files: dict[str, FileCoverage] = field(default_factory=dict)   # file, as in findings -> its counts

    def file(self, name: str) -> FileCoverage:
        return self.files.setdefault(name, FileCoverage())

    def add(self, other: Coverage) -> None:
        """Count ``other`` (another game's texts of the same language) in."""
        self.entries += other.entries
        self.translated += other.translated
        self.missing += other.missing
        self.unofficial_names += other.unofficial_names
        self.source_changed += other.source_changed
        self.unrecorded += other.unrecorded
        for name, counts in other.files.items():
            self.file(name).add(counts)

    def rows(self, lang: str) -> list[dict[str, Any]]:
        """The counts of each file (in the order of the files' names), for JSON."""
        return [{"lang": lang, "file": name, **asdict(c)} for name, c in sorted(self.files.items())]


@dataclass
class Report:
    reference: str
    languages: list[str]
    findings: list[Finding] = field(default_factory=list)
    coverage: dict[str, Coverage] = field(default_factory=dict)
    #: each language as the check read it (not reported): a later game's check takes the shared
    #: interface texts from it (runner.check_games)
    texts: dict[str, LocaleTexts] = field(default_factory=dict, repr=False, compare=False)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == ERROR]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == WARNING]

    def exit_code(self, strict: bool = False) -> int:
        return 1 if self.errors or (strict and self.warnings) else 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "reference": self.reference,
            "languages": self.languages,
            "errors": len(self.errors),
            "warnings": len(self.warnings),
            "coverage": {lang: asdict(c) for lang, c in self.coverage.items()},
            "findings": [f.to_dict() for f in self.findings],
        }
