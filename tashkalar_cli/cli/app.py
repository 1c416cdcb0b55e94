"""The ``tashkalar`` command: a thin layer that parses arguments and calls the library.

Command modules are imported and registered lazily: ``tashkalar card show X`` builds only the
``card`` group, because Typer inspects every registered function at start-up. ``--help`` and
unknown commands build everything, so the help always lists all commands.
"""

from __future__ import annotations

import importlib
import sys

import typer

HELP = "Tash-Kalar at the table: cards, rules, keywords, and whether a position summons a being."

#: command groups: name -> (module, Typer app)
GROUPS = {
    "card": ("card", "app"),
    "rule": ("rule", "app"),
    "keyword": ("keyword", "app"),
    "position": ("position", "app"),
    "i18n": ("i18n_check", "app"),
    "flare": ("play", "flare_app"),
    "task": ("play", "task_app"),
}
#: single commands: name -> (module, function)
COMMANDS = {
    "summon": ("summon", "summon"),
    "summonable": ("summon", "summonable"),
    "errata": ("rule", "errata"),
    "validate": ("validate", "validate"),
    "score": ("play", "score"),
}


def build_app(argv: list[str] | None = None) -> typer.Typer:
    app = typer.Typer(name="tashkalar", help=HELP, no_args_is_help=True, add_completion=False,
                      pretty_exceptions_enable=False, rich_markup_mode="rich")
    first = next((a for a in (argv or []) if not a.startswith("-")), None)
    wanted = [first] if first in GROUPS or first in COMMANDS else list(GROUPS) + list(COMMANDS)
    for name in wanted:
        if name in GROUPS:
            module_name, attr = GROUPS[name]
            module = importlib.import_module(f"{__package__}.{module_name}")
            app.add_typer(getattr(module, attr), name=name)
        else:
            module_name, func = COMMANDS[name]
            module = importlib.import_module(f"{__package__}.{module_name}")
            app.command(name)(getattr(module, func))
    @app.callback(help=HELP)
    def _root(version: bool = typer.Option(False, "--version", help="Print the version and exit.",
                                           is_eager=True, callback=_print_version)) -> None:
        """Keeps a lone command a sub-command, and carries --version."""

    return app


def _print_version(value: bool) -> None:
    if value:
        from tashkalar_cli import __version__

        typer.echo(f"tashkalar {__version__}")
        raise typer.Exit()


def report_error(exc) -> None:
    """One clear line on standard error (plus suggestions), never a traceback."""
    out = sys.stderr
    out.write(f"tashkalar: error: {exc}\n")
    if getattr(exc, "hints", None):
        out.write("  did you mean: " + ", ".join(exc.hints) + "?\n")


def main(argv: list[str] | None = None) -> None:
    from tashkalar_cli.errors import EXIT_BAD_INPUT, TashkalarError

    args = list(sys.argv[1:] if argv is None else argv)
    try:
        build_app(args)(args=args, prog_name="tashkalar")
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
