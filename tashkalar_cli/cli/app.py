"""The ``tashkalar`` command: a thin layer that parses arguments and calls the library."""

from __future__ import annotations

import sys

import typer

from . import card, i18n_check, keyword, position, rule, summon, validate

app = typer.Typer(
    name="tashkalar",
    help="Tash-Kalar at the table: cards, rules, keywords, and whether a position summons a being.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)
app.add_typer(card.app, name="card")
app.add_typer(rule.app, name="rule")
app.add_typer(keyword.app, name="keyword")
app.add_typer(position.app, name="position")
app.add_typer(i18n_check.app, name="i18n")
app.command("errata")(rule.errata)
app.command("summon")(summon.summon)
app.command("summonable")(summon.summonable)
app.command("validate")(validate.validate)


def report_error(exc) -> None:
    """One clear line on standard error (plus suggestions), never a traceback."""
    out = sys.stderr
    out.write(f"tashkalar: error: {exc}\n")
    if getattr(exc, "hints", None):
        out.write("  did you mean: " + ", ".join(exc.hints) + "?\n")


def main(argv: list[str] | None = None) -> None:
    from ..errors import EXIT_BAD_INPUT, TashkalarError

    try:
        app(args=argv, prog_name="tashkalar")
    except TashkalarError as exc:
        report_error(exc)
        sys.exit(EXIT_BAD_INPUT)
    except KeyboardInterrupt:  # pragma: no cover
        sys.exit(130)
    except Exception as exc:  # a bug: say so in one line; TASHKALAR_DEBUG=1 shows the traceback
        import os

        if os.environ.get("TASHKALAR_DEBUG"):
            raise
        sys.stderr.write(f"tashkalar: internal error: {type(exc).__name__}: {exc} "
                         "(set TASHKALAR_DEBUG=1 for details, and please report it)\n")
        sys.exit(1)
