"""Reading a locales folder into comparable units: one text per (section, entry, field)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tashkalar_cli.errors import DataError
from tashkalar_cli.data.loader import LOCALE_FILES, kind_of
from tashkalar_cli.data.paths import files_below
from tashkalar_cli.text.i18ncheck.model import ERROR, Finding

#: per locale section: the text fields compared across languages
TEXT_FIELDS = {
    "cards": ("name", "effect", "frost", "warp"),
    "flares": ("upper", "lower"),
    "tasks": ("name", "criterion"),
    "keywords": ("term", "definition"),
    "rules": ("title", "text"),
    "sections": ("title",),
    "errata": ("title", "ruling"),
}


@dataclass
class Unit:
    section: str
    key: str
    field: str
    text: str
    file: str
    line: int | None


@dataclass
class LocaleTexts:
    """One language as read: its units, its raw entries, and what could not be read."""

    lang: str
    units: dict[tuple[str, str, str], Unit] = field(default_factory=dict)
    entries: dict[tuple[str, str], dict] = field(default_factory=dict)
    entry_files: dict[tuple[str, str], tuple[str, int | None]] = field(default_factory=dict)
    ui_meta: dict = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    files: set[str] = field(default_factory=set)


def read_language(lang_dir: Path, root: Path) -> LocaleTexts:
    from tashkalar_cli.data.schemas import schema_errors
    from tashkalar_cli.data.yamlio import load_yaml

    out = LocaleTexts(lang_dir.name)
    lang = lang_dir.name
    for path in files_below(lang_dir):
        rel = path.relative_to(lang_dir).as_posix()
        shown = f"{lang}/{rel}"
        kind = kind_of(rel, LOCALE_FILES)
        if kind is None or path.suffix != ".yaml":
            out.findings.append(Finding(lang, shown, "", "schema", ERROR,
                                        "unexpected file: not part of the locale layout"))
            continue
        schema, section = kind
        try:
            data, lines = load_yaml(path, shown)
        except DataError as exc:
            out.findings.append(Finding(lang, shown, "", "schema", ERROR, exc.message, line=exc.line))
            continue
        if data is None:
            out.findings.append(Finding(lang, shown, "", "schema", ERROR, "the file is empty"))
            continue
        errors = schema_errors(schema, data, lines, shown)
        if errors:
            for e in errors:
                out.findings.append(Finding(lang, shown, _key_from(e.message), "schema", ERROR, e.message, line=e.line))
            continue
        out.files.add(rel)
        if section == "ui":
            out.ui_meta = {"language": data["language"], "number_words": data.get("number_words", {})}
            for key, text in data["messages"].items():
                _add(out, "ui", key, "text", text, shown, lines.line_of(("messages", key)), {"text": text})
            continue
        parts = [(section, section)]
        if section == "rules":
            parts.append(("sections", "sections"))
        for sec, data_key in parts:
            for key, entry in (data.get(data_key) or {}).items():
                where = lines.line_of((data_key, key))
                if (sec, key) in out.entries:
                    other = out.entry_files[sec, key][0]
                    out.findings.append(Finding(lang, shown, key, "schema", ERROR,
                                                f"'{key}' is defined twice (also in {other})", line=where))
                    continue
                out.entries[sec, key] = entry
                out.entry_files[sec, key] = (shown, where)
                for fld in TEXT_FIELDS[sec]:
                    if fld in entry:
                        _add(out, sec, key, fld, entry[fld], shown, lines.line_of((data_key, key, fld)), entry)
                if sec == "errata":
                    for book, text in entry.get("readings", {}).items():
                        _add(out, sec, key, f"readings.{book}", text, shown,
                             lines.line_of((data_key, key, "readings", book)), entry)
    return out


def _add(out: LocaleTexts, section, key, fld, text, file, line, entry) -> None:
    out.units[section, key, fld] = Unit(section, key, fld, text, file, line)
    out.entries.setdefault((section, key), entry)
    out.entry_files.setdefault((section, key), (file, line))


def _key_from(message: str) -> str:
    """The entry key of a schema message such as 'cards/swordmaster: ...'."""
    head = message.split(":", 1)[0]
    parts = head.split("/")
    return parts[1] if len(parts) > 1 else ""
