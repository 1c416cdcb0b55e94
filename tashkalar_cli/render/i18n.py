"""Rich output of a translation check: findings grouped by language and file, then coverage."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from itertools import groupby
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tashkalar_cli.errors import Phrase, fill, visible
from tashkalar_cli.render.fit import fitted
from tashkalar_cli.render.terminal import MOST_BLOCK, MOST_SHOWN, shown
from tashkalar_cli.text.i18ncheck.model import Finding, Report, at_fault, lacking

if TYPE_CHECKING:
    from tashkalar_cli.text.i18n import Localizer

SEVERITY_STYLE = {"error": "bold red", "warning": "yellow"}
#: the most findings of one file shown as rows of its table; the others are counted under it
#: (``--json`` lists every one): a table of 100,000 rows took minutes to draw and no one reads it
MOST_ROWS = 100


def _message(f: Finding, loc: Localizer | None) -> str:
    """A finding's message in the user's language (``i18n.finding.<key>``), else its English text."""
    if loc is None or not isinstance(f.message, Phrase):
        return str(f.message)
    return f.message.said_in(loc.ui, MOST_SHOWN)


def _at(f: Finding) -> str:
    """Where a finding is in its file: LINE:COLUMN as compilers write it (LINE when the column is unknown)."""
    if not f.line:
        return ""
    return f"{f.line}:{f.column}" if f.column else str(f.line)


def _find(text: str, needle: str) -> int:
    """Where ``needle`` stands in ``text`` (-1: nowhere); a number as a whole number (the 7 of "7 fois", not
    of "17")."""
    if not needle.replace(".", "").isdigit():
        return text.find(needle)
    found = re.search(f"(?<![0-9.,]){re.escape(needle)}(?![0-9])", text)
    return found.start() if found else text.find(needle)


def excerpt(text: str, most: int, around: str = "") -> str:
    """``text`` made visible, on one line, and cut to at most ``most`` characters between two words,
    with an ellipsis (a single word longer than that is cut where it must be); a text whose words
    ``around`` stand past the cut is shown around them instead, with an ellipsis on each side."""
    whole = visible(text)
    if len(whole) <= most:
        return whole
    needle = visible(around) if around else ""
    at = _find(whole, needle) if needle else -1
    if at >= 0 and at + len(needle) > most - 1:
        # a window centred on the words, begun at a word's start
        start = max(0, min(at - (most - 2 - len(needle)) // 2, len(whole) - (most - 1)))
        space = whole.find(" ", start, at)
        if start > 0 and not whole[start - 1].isspace() and space >= 0:
            start = space + 1
        return "…" + excerpt(whole[start:], most - 1)
    head = whole[: max(most - 1, 0)]
    if not (head[-1:].isspace() or whole[len(head)].isspace()):  # inside a word: drop the word's start
        start = max(head.rfind(" "), head.rfind("\\n"))
        if start > 0:
            head = head[:start]
    return head.rstrip(" ,;:") + "…"


#: how each piece of a changed reference text is shown: what was removed, what was added
_CHANGE_STYLE = {"removed": "red strike", "added": "bold green underline"}


def _changed(old: str, new: str, say: Callable[..., str], most: int = MOST_BLOCK) -> Text:
    """The old and the new reference text of a source-changed finding, one under the other, the
    words removed marked in the old one and the words added in the new one (``[-…-]``/``{+…+}``
    too, for a reader without colours)."""
    from tashkalar_cli.text.i18ncheck.sources import changes  # deferred: only a finding whose reference text changed

    pieces = changes(old, new)
    out = Text()
    for label, english, keep in (("i18n.previous", "was", "removed"), ("i18n.reference", "ref", "added")):
        out.append("\n  " + say("label.value", "{label}: {value}", label=say(label, english), value=""), style="dim")
        room = most
        for piece in pieces:
            if piece.kind not in ("same", keep) or room <= 0:
                continue
            text = visible(piece.text)[:room]
            room -= len(text)
            if piece.kind == "same":
                out.append(text, style="dim")
            else:
                marks = ("[-", "-]") if keep == "removed" else ("{+", "+}")
                out.append(marks[0] + text + marks[1], style=_CHANGE_STYLE[keep])
        if room <= 0:
            out.append("…", style="dim")
    return out


def report_renderable(report: Report, limit_text: int = 90, loc: Localizer | None = None) -> Group:
    """The findings, by language and file, then the coverage table and the count of errors and
    warnings: in the user's language (``loc``; English without one)."""
    def say(key: str, english: str, **params: object) -> str:
        return loc.msg(key, **params) if loc is not None and loc.ui(key) is not None else fill(english, params)

    parts: list[RenderableType] = []
    for lang, group in groupby(report.findings, key=lambda f: f.lang):
        items = list(group)
        parts.append(Text("\n") + shown(lang, "bold underline"))
        for file, found in groupby(items, key=lambda f: f.file):
            table = Table(title=visible(file, MOST_SHOWN), title_justify="left", show_lines=False, expand=False)
            table.add_column(say("i18n.col.severity", "severity"))
            table.add_column(say("i18n.col.check", "check"))
            table.add_column(say("i18n.col.key", "key"))
            table.add_column(say("i18n.col.line", "line"), justify="right")
            table.add_column(say("i18n.col.message", "message"), overflow="fold")
            rows = list(found)
            for f in rows[:MOST_ROWS]:
                msg = shown(_message(f, loc), most=MOST_BLOCK)
                if f.previous is not None and f.reference is not None:
                    msg.append_text(_changed(f.previous, f.reference, say))
                elif f.reference:
                    label = say("i18n.reference", "ref")
                    cut = excerpt(f.reference, limit_text, lacking(f.message))
                    shown_ref = say("label.value", "{label}: {value}", label=label, value=cut)
                    msg.append("\n  " + shown_ref, style="dim")
                if f.translation:
                    cut = excerpt(f.translation, limit_text, at_fault(f.message))
                    msg.append(f"\n  {visible(f.lang, 20)}:  " + cut, style="dim")
                key = shown(f.key + (f" ({f.field})" if f.field else ""))
                table.add_row(Text(say(f"i18n.severity.{f.severity}", f.severity), style=SEVERITY_STYLE[f.severity]),
                              say(f"i18n.check.{f.check}", f.check), key, _at(f), msg)
            parts.append(fitted(table, ids=(2, 3), drop=(1,)))  # the key a translator looks up: never cut
            if len(rows) > MOST_ROWS:
                more = len(rows) - MOST_ROWS
                if loc is not None and loc.ui("i18n.more-findings.other") is not None:
                    said_more = loc.msg_n("i18n.more-findings", more)
                else:
                    said_more = f"… and {more} more finding{'s' if more != 1 else ''} in this file (--json lists them all)"
                parts.append(Text(said_more, style="dim"))
    parts.append(fitted(_coverage(report, say, loc), ids=(0,)))
    parts.append(_summary(report, loc))
    return Group(*parts)


def _coverage(report: Report, say: Callable[..., str], loc: Localizer | None) -> Table:
    """The coverage table: a row per language, named in the user's language as ``validate`` names
    them. The reference's number of entries, the same for every language, is said once in the title
    rather than in a column: at 80 columns, the French headers did not fit ("avertiss…")."""
    name = loc.language_name if loc is not None else str
    title = say("i18n.coverage", "Coverage against '{lang}'", lang=name(report.reference))
    entries = {c.entries for c in report.coverage.values()}
    changed = any(c.source_changed for c in report.coverage.values())  # its column only when it counts
    shared = len(entries) == 1   # the reference's entries: said once in the title, not in a column
    if shared:
        title = say("i18n.coverage.entries", "{coverage}, entries: {count}", coverage=title, count=entries.pop())
    cov = Table(title=title)
    for col, english in (("language", "language"), ("entries", "entries"), ("translated", "translated"),
                         ("missing", "missing"), ("unofficial", "unofficial names"),
                         ("source_changed", "source changed"), ("errors", "errors"),
                         ("warnings", "warnings")):
        if (shared and col == "entries") or (col == "source_changed" and not changed):
            continue
        header = say(f"i18n.cov.{col}", english)
        # a header of several words wraps between them down to its longest word ("noms non /
        # officiels"), leaving the width a long single word needs ("avertissements", not "avertiss…")
        widest = max(max(map(cell_len, header.split()), default=1), 6) if col != "language" else None
        cov.add_column(header, justify="right" if col != "language" else "left", max_width=widest)
    counts = Counter((f.lang, f.severity) for f in report.findings)  # one pass, not one per language
    number = _number(loc)
    for lang, c in report.coverage.items():
        errors, warnings = counts[lang, "error"], counts[lang, "warning"]
        counted = [number(c.translated), number(c.missing), number(c.unofficial_names),
                   *([number(c.source_changed)] if changed else []), number(errors), number(warnings)]
        cov.add_row(shown(name(lang)), *([] if shared else [number(c.entries)]), *counted)
    return cov



def file_coverage_renderable(report: Report, loc: Localizer | None = None) -> Group:
    """``i18n check --coverage``: for each language, a row per file (its texts translated, missing,
    source changed, unrecorded) and a row of totals; then the count of errors and warnings."""

    def say(key: str, english: str, **params: object) -> str:
        return loc.msg(key, **params) if loc is not None and loc.ui(key) is not None else fill(english, params)

    name = loc.language_name if loc is not None else str
    number = _number(loc)
    parts: list[RenderableType] = [Text(say("i18n.coverage.files", "Coverage by file against the reference ({lang})",
                                            lang=name(report.reference)), style="bold")]
    for lang, cov in report.coverage.items():
        table = Table(title=shown(name(lang), "bold underline"), title_justify="left")
        # no column of entries (translated + missing): at 80 columns, the files' names would not fit
        for col, english in (("file", "file"), ("translated", "translated"), ("missing", "missing"),
                             ("source_changed", "source changed"), ("unrecorded", "unrecorded")):
            header = say(f"i18n.cov.{col}", english)
            if col == "file":
                table.add_column(header, overflow="fold", min_width=12)
                continue
            widest = max(max(map(cell_len, header.split()), default=1), 6)   # a header wraps between its words
            table.add_column(header, justify="right", min_width=widest, max_width=widest)
        for file, c in sorted(cov.files.items()):
            below = file.split("/", 1)[1] if file.startswith(f"{lang}/") else file   # under the language's title
            table.add_row(visible(below, MOST_SHOWN), number(c.translated), number(c.missing),
                          number(c.source_changed), number(c.unrecorded))
        table.add_section()
        table.add_row(Text(say("i18n.cov.total", "total"), style="bold"), number(cov.translated),
                      number(cov.missing), number(cov.source_changed), number(cov.unrecorded))
        parts.append(fitted(table, ids=(0,)))  # the file a translator opens: never cut
    parts.append(_summary(report, loc))
    return Group(*parts)


def _number(loc: Localizer | None) -> Callable[[int], str]:
    """How a count of the tables is written: as the sentences around them write it (``1.810`` in Italian)."""
    return loc.number if loc is not None else str


def _summary(report: Report, loc: Localizer | None) -> Text:
    """The last line of a report: its errors and warnings, counted in the user's language."""
    if loc is not None and loc.ui("i18n.errors.other") is not None:
        summary = loc.msg("i18n.summary", errors=loc.msg_n("i18n.errors", len(report.errors)),
                          warnings=loc.msg_n("i18n.warnings", len(report.warnings)))
    else:
        summary = f"{len(report.errors)} error(s), {len(report.warnings)} warning(s)"
    return Text(summary, style="bold red" if report.errors else "bold green")
