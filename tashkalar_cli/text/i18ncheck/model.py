"""Findings and the report of a translation check."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

ERROR = "error"
WARNING = "warning"


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

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Coverage:
    entries: int = 0
    translated: int = 0
    missing: int = 0
    unofficial_names: int = 0


@dataclass
class Report:
    reference: str
    languages: list[str]
    findings: list[Finding] = field(default_factory=list)
    coverage: dict[str, Coverage] = field(default_factory=dict)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == ERROR]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == WARNING]

    def exit_code(self, strict: bool = False) -> int:
        return 1 if self.errors or (strict and self.warnings) else 0

    def to_dict(self) -> dict:
        return {
            "reference": self.reference,
            "languages": self.languages,
            "errors": len(self.errors),
            "warnings": len(self.warnings),
            "coverage": {lang: asdict(c) for lang, c in self.coverage.items()},
            "findings": [f.to_dict() for f in self.findings],
        }
