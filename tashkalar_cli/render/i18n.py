"""Rich output of a translation check: findings grouped by language and file, then coverage."""

from __future__ import annotations

from itertools import groupby
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tashkalar_cli.errors import visible
from tashkalar_cli.render.terminal import MOST_BLOCK, MOST_SHOWN, shown

if TYPE_CHECKING:
    from tashkalar_cli.text.i18ncheck.model import Report

SEVERITY_STYLE = {"error": "bold red", "warning": "yellow"}


def report_renderable(report: Report, limit_text: int = 90) -> Group:
    parts: list[RenderableType] = []
    for lang, group in groupby(report.findings, key=lambda f: f.lang):
        items = list(group)
        parts.append(Text("\n") + shown(lang, "bold underline"))
        for file, found in groupby(items, key=lambda f: f.file):
            table = Table(title=visible(file, MOST_SHOWN), title_justify="left", show_lines=False, expand=False)
            table.add_column("severity")
            table.add_column("check")
            table.add_column("key")
            table.add_column("line", justify="right")
            table.add_column("message", overflow="fold")
            for f in found:
                msg = shown(f.message, most=MOST_BLOCK)
                if f.reference:
                    msg.append("\n  ref: " + visible(f.reference, limit_text), style="dim")
                if f.translation:
                    msg.append(f"\n  {visible(f.lang, 20)}:  " + visible(f.translation, limit_text), style="dim")
                key = shown(f.key + (f" ({f.field})" if f.field else ""))
                table.add_row(Text(f.severity, style=SEVERITY_STYLE[f.severity]), f.check, key,
                              str(f.line or ""), msg)
            parts.append(table)
    cov = Table(title=f"Coverage against '{report.reference}'")
    for col in ("language", "entries", "translated", "missing", "unofficial names", "errors", "warnings"):
        cov.add_column(col, justify="right" if col != "language" else "left")
    for lang, c in report.coverage.items():
        errors = sum(1 for f in report.errors if f.lang == lang)
        warnings = sum(1 for f in report.warnings if f.lang == lang)
        cov.add_row(shown(lang), str(c.entries), str(c.translated), str(c.missing), str(c.unofficial_names),
                    str(errors), str(warnings))
    parts.append(cov)
    summary = f"{len(report.errors)} error(s), {len(report.warnings)} warning(s)"
    parts.append(Text(summary, style="bold red" if report.errors else "bold green"))
    return Group(*parts)
