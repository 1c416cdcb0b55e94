"""The ``tashkalar`` command: a thin layer that parses arguments and calls the library.

Commands are loaded lazily with Click's documented pattern (a group whose ``get_command``
imports the command's module on demand): ``tashkalar card show X`` imports only the ``card``
module, while ``--help`` loads them all to list them.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

import click
import typer
from typer.core import TyperGroup

HELP = "Tash-Kalar at the table: cards, rules, keywords, and whether a position summons a being."

#: every command, in the order --help lists them: name -> (module, attribute); an attribute
#: that is a Typer app is a command group, a function a single command
COMMANDS: dict[str, tuple[str, str]] = {
    "card": ("card", "app"),
    "rule": ("rule", "app"),
    "keyword": ("keyword", "app"),
    "errata": ("rule", "errata"),
    "summon": ("summon", "summon"),
    "summonable": ("summon", "summonable"),
    "flare": ("play", "flare_app"),
    "task": ("play", "task_app"),
    "score": ("play", "score"),
    "position": ("position", "app"),
    "i18n": ("i18n_check", "app"),
    "validate": ("validate", "validate"),
}


class LazyGroup(TyperGroup):
    """A group whose sub-commands are imported when they are used (or listed by --help)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module_name, attr = COMMANDS[cmd_name]
        target = getattr(importlib.import_module(f"{__package__}.{module_name}"), attr)
        if isinstance(target, typer.Typer):
            command: click.Command = typer.main.get_group(target)
        else:
            single = typer.Typer()
            single.command(cmd_name)(target)
            command = typer.main.get_command(single)
        command.name = cmd_name
        return command


def build_app() -> typer.Typer:
    app = typer.Typer(name="tashkalar", help=HELP, cls=LazyGroup, no_args_is_help=True, add_completion=False,
                      pretty_exceptions_enable=False, rich_markup_mode="rich")

    @app.callback(help=HELP)
    def _root(version: bool = typer.Option(False, "--version", help="Print the version and exit.",
                                           is_eager=True, callback=_print_version)) -> None:
        """Carries --version."""

    return app


def _print_version(value: bool) -> None:
    if value:
        from tashkalar_cli import __version__

        typer.echo(f"tashkalar {__version__}")
        raise typer.Exit()


def report_error(exc: Any, as_json: bool) -> None:
    """One clear line on standard error (plus suggestions), or one JSON object; never a traceback."""
    out = sys.stderr
    if as_json:
        import json

        out.write(json.dumps({"error": {"code": "bad-input", "kind": type(exc).__name__,
                                        "message": exc.message, "file": exc.file, "line": exc.line,
                                        "hints": list(exc.hints)}}, ensure_ascii=False) + "\n")
        return
    out.write(f"tashkalar: error: {exc}\n")
    if getattr(exc, "hints", None):
        out.write("  did you mean: " + ", ".join(exc.hints) + "?\n")


def main(argv: list[str] | None = None) -> None:
    from tashkalar_cli.errors import EXIT_BAD_INPUT, EXIT_INTERNAL, TashkalarError

    args = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in args
    try:
        typer.main.get_command(build_app()).main(args=args, prog_name="tashkalar")
    except TashkalarError as exc:
        report_error(exc, as_json)
        sys.exit(EXIT_BAD_INPUT)
    except KeyboardInterrupt:  # pragma: no cover
        sys.exit(130)
    except RecursionError:
        sys.stderr.write("tashkalar: error: the input is nested too deeply\n")
        sys.exit(EXIT_BAD_INPUT)
    except Exception as exc:  # a bug: say so in one line; TASHKALAR_DEBUG=1 shows the traceback
        if os.environ.get("TASHKALAR_DEBUG"):
            raise
        message = f"{type(exc).__name__}: {str(exc)[:200]}"
        if as_json:
            import json

            sys.stderr.write(json.dumps({"error": {"code": "internal", "kind": type(exc).__name__,
                                                   "message": message, "file": None, "line": None}}) + "\n")
        else:
            sys.stderr.write(f"tashkalar: internal error: {message} "
                             "(set TASHKALAR_DEBUG=1 for details, and please report it)\n")
        sys.exit(EXIT_INTERNAL)
