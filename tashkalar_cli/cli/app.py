"""The ``tashkalar`` command: a thin layer that parses arguments and calls the library.

Commands are loaded lazily with Click's documented pattern (a group whose ``get_command``
imports the command's module on demand): ``tashkalar card show X`` imports only the ``card``
module, while ``--help`` loads them all to list them.
"""

from __future__ import annotations

import errno
import importlib
import os
import re
import sys
from typing import TYPE_CHECKING, Any, Optional

import click
import typer
from typer.core import TyperGroup

from tashkalar_cli.cli.common import CliState, state
from tashkalar_cli.cli.usage import ToolContext, use_context

if TYPE_CHECKING:
    from tashkalar_cli.cli.localize import ClickCatalog, Words
    from tashkalar_cli.cli.streams import Guard

HELP = "Tash-Kalar at the table: cards, rules, keywords, and whether a position summons a being."

#: every command, in the order --help lists them: name -> (module, attribute); an attribute
#: that is a Typer app is a command group, a function a single command
COMMANDS: dict[str, tuple[str, str]] = {
    "card": ("card", "app"),
    "rule": ("rule", "app"),
    "keyword": ("keyword", "app"),
    "errata": ("rule", "errata"),
    "ask": ("rule", "ask"),
    "summon": ("summon", "summon"),
    "summonable": ("summon", "summonable"),
    "plan": ("plan", "plan"),
    "flare": ("play", "flare_app"),
    "task": ("play", "task_app"),
    "score": ("play", "score"),
    "position": ("position", "app"),
    "sheet": ("sheet", "sheet"),
    "i18n": ("i18n_check", "app"),
    "validate": ("validate", "validate"),
    "letal": ("letal", "app"),
    "serve": ("serve", "serve"),
    "board": ("board", "board"),
}

#: the commands of each game, by name (the others serve every game); a game's pack can bring its own
GAME_COMMANDS: dict[str, tuple[str, ...]] = {
    "tash-kalar": ("card", "summon", "summonable", "plan", "flare", "task", "score", "position", "board"),
    "letal": ("letal",),
}

#: the commands that belong to one game only: name -> game id (from :data:`GAME_COMMANDS`)
GAME_ONLY: dict[str, str] = {name: game for game, names in GAME_COMMANDS.items() for name in names}


class StrictGroup(TyperGroup):
    """A group for which a word in the place of a command is a command name, and an unknown one
    is bad input like an unknown card: one line in the user's language, the closest names as
    suggestions, exit 2. (Click reads a word starting with a character other than a letter or
    digit, like ``[``, as an option, and shows the help with exit 0.)"""

    def resolve_command(self, ctx: click.Context,
                        args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        known = self.list_commands(ctx)
        if name and not name.startswith("-") and name not in known and not ctx.resilient_parsing:
            from difflib import get_close_matches

            from tashkalar_cli.errors import NotFoundError, quote

            raise NotFoundError(key="unknown-command", name=quote(name), help=f"{ctx.command_path} --help",
                                hints=get_close_matches(name, known))
        # Click's own resolution: Typer's adds its suggestions to the message in English words of its
        # own ("… Did you mean 'list'?"); here they are the hints above, in the user's language
        return click.Group.resolve_command(self, ctx, args)


class LazyGroup(StrictGroup):
    """A group whose sub-commands are imported when they are used (or listed by --help)."""

    context_class = ToolContext  # a usage error says where it was made (cli/usage.py)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        line = state(ctx)
        owner = GAME_ONLY.get(cmd_name)
        if owner is not None and owner != line.game_id and line.refuse_other_games:
            return _other_game_command(cmd_name, owner, line)
        kept = line.commands is not None and not (line.help_shown or line.completing)  # (help: localized)
        if kept and line.commands is not None and cmd_name in line.commands:  # serve: built once
            return line.commands[cmd_name]
        module_name, attr = COMMANDS[cmd_name]
        target = getattr(importlib.import_module(f"{__package__}.{module_name}"), attr)
        if isinstance(target, typer.Typer):
            command: click.Command = typer.main.get_group(target)
            if type(command) is TyperGroup:
                command.__class__ = StrictGroup
        else:
            single = typer.Typer(add_completion=False)  # completion is the root's option, not each command's
            single.command(cmd_name)(target)
            command = typer.main.get_command(single)
        command.name = cmd_name
        use_context(command)
        if line.completing:  # the shell asks for completions: give the parameters their values
            from tashkalar_cli.cli.completion import attach

            attach(command, cmd_name)
        if line.words is not None and line.help_shown:
            from tashkalar_cli.cli.localize import localize_command

            localize_command(command, cmd_name, line.words)
        if line.adapt is not None:  # serve: the files a request names are checked before it runs
            line.adapt(command)
        if kept and line.commands is not None:
            line.commands[cmd_name] = command
        return command


def _other_game_command(cmd_name: str, owner: str, line: CliState) -> click.Command:
    """A command of another game: it says so in one line (exit 2), whatever its arguments."""

    def refuse() -> None:
        from tashkalar_cli.errors import InputError

        raise InputError(key="wrong-game", what=cmd_name, game=owner, current=line.game_id)

    shown = line.words.text(f"help.{cmd_name}", "") if line.words is not None else ""
    return click.Command(cmd_name, callback=refuse, add_help_option=False, help=shown or None,
                         context_settings={"ignore_unknown_options": True, "allow_extra_args": True})


def build_app() -> typer.Typer:
    app = typer.Typer(name="tashkalar", help=HELP, cls=LazyGroup, no_args_is_help=True, add_completion=True,
                      pretty_exceptions_enable=False, rich_markup_mode="rich", invoke_without_command=True,
                      subcommand_metavar="COMMAND [ARGS]...")  # the command is needed (see _root)

    @app.callback(help=HELP)
    def _root(ctx: typer.Context,
              version: bool = typer.Option(False, "--version", help="Print the version and exit.",
                                           is_eager=True, callback=_print_version),
              lang: Optional[str] = typer.Option(None, "--lang", "-l", show_default=False,
                                                 help="Language of the texts and of the interface."),
              game: Optional[str] = typer.Option(None, "--game", show_default=False, metavar="GAME",
                                                 help="The game: tash-kalar (default) or letal "
                                                      "(also TASHKALAR_GAME); before or after the command."),
              json: bool = typer.Option(False, "--json", help="Print machine-readable JSON instead of a table "
                                                              "(before or after the command).")
              ) -> None:
        """Carries --version, --lang, --game and --json for every command (--json is moved after
        the command's name before Click parses the line: see _move_json); --lang is kept in the
        context's :class:`~tashkalar_cli.cli.common.CliState`, for the commands. Global options
        alone (``tashkalar --lang fr``) show the help, as no argument at all does (with --json:
        one JSON error, the command is missing)."""
        line = ctx.ensure_object(CliState)
        line.root_lang = lang
        if ctx.invoked_subcommand is None and not ctx.resilient_parsing:
            if line.as_json:
                raise click.UsageError("Missing command.", ctx=ctx)  # JSON: English
            raise click.exceptions.NoArgsIsHelpError(ctx)

    return app


def _print_version(value: bool) -> None:
    if value:
        from tashkalar_cli import __version__

        typer.echo(f"tashkalar {__version__}")
        raise typer.Exit()


def report_error(exc: Any, as_json: bool, words: Any = None) -> None:
    """One clear line on standard error (plus suggestions), in the user's language, or one JSON
    object (whose message stays in English, for programs); never a traceback."""
    out = sys.stderr
    if as_json:
        out.write(_json_error("bad-input", type(exc).__name__, exc.message, exc.file, exc.line, list(exc.hints),
                              exc.key))
        return
    loc = words.loc if words is not None else None
    text = loc.ui if loc is not None else (lambda key: None)
    from tashkalar_cli.errors import fill, visible  # fill: the one formatter of texts with placeholders

    line = exc.localized(text, words.namer() if words is not None else None,
                         loc.plural_category if loc is not None else None)

    out.write(visible(fill(words.text("cli.error_line", "tashkalar: error: {message}") if words else
                           "tashkalar: error: {message}", {"message": line})) + "\n")
    # the hints in the user's language (JSON keeps the ids)
    shown = exc.hints_localized(text, words.namer() if words is not None else None) if hasattr(exc, "shown") else exc.hints
    if shown:
        hint = words.text("cli.did_you_mean_hints", "  did you mean: {hints}?") if words else "  did you mean: {hints}?"
        out.write(visible(fill(hint, {"hints": ", ".join(shown)})) + "\n")
    from tashkalar_cli.errors import NotFoundError

    if isinstance(exc, NotFoundError) and words is not None:   # a name of a language that failed to load?
        for code, why in words.broken_languages().items():
            note = words.text("cli.broken_language_note",
                              "  note: the language '{lang}' failed to load, so its names are not known: {problem}")
            out.write(visible(fill(note, {"lang": code, "problem": why})) + "\n")


#: the spaces a usage error's message is made one line at (not the no-break ones of a typography)
_BREAKABLE = re.compile(r"[^\S\u00a0\u202f]+")


def _usage_line(exc: click.ClickException, said: str, words: Words, args: list[str]) -> str:
    """A usage error as one line in the user's language, like every other error: Click's message
    (already in that language) on one line, and the command whose ``--help`` shows the usage."""
    from tashkalar_cli.errors import fill, visible

    ctx = getattr(exc, "ctx", None)
    if ctx is not None and ctx.command_path:
        path = ctx.command_path
    else:  # Click's parser raised it before a context existed: the command named on the line
        _, at = _before_command(args)
        name = args[at] if at is not None else None
        path = f"tashkalar {name}" if name in COMMANDS else "tashkalar"
        if at is not None and name in COMMANDS and COMMANDS[name][1].endswith("app"):  # a group: its command too
            sub = next((a for a in args[at + 1:] if not a.startswith("-")), None)
            if sub is not None and sub.isidentifier():
                path += f" {sub}"
    # one line: Click's line breaks and runs of spaces made one space, a no-break space of the
    # language's typography kept (French: "Option inconnue\u00a0: --x")
    message = " ".join(_BREAKABLE.split(said.strip()))
    message = fill(words.text("cli.usage_error", "{message} (see '{help}')"),
                   {"message": message, "help": f"{path} --help"})
    return visible(fill(words.text("cli.error_line", "tashkalar: error: {message}"), {"message": message}))


def _json_error(code: str, kind: str, message: str, file: str | None = None, line: int | None = None,
                hints: list[str] | None = None, key: str | None = None) -> str:
    """The error as one line of JSON (``schemas/output-error.schema.json``)."""
    import json

    from tashkalar_cli.errors import json_visible
    from tashkalar_cli.render.jsonout import error

    return json_visible(json.dumps(error(code, kind, message, file, line, hints, key), ensure_ascii=False)) + "\n"


def _option_value(args: list[str], names: tuple[str, ...]) -> str | None:
    """The value of the first of the root's options ``names`` (``--lang``, ``-l``, ``--data``)
    anywhere on the line (Click has not parsed it yet: see :func:`_read_line`)."""
    for i, arg in enumerate(args):
        if arg in names and i + 1 < len(args):
            return args[i + 1]
        long = next((name for name in names if name.startswith("--") and arg.startswith(name + "=")), None)
        if long is not None:
            return arg.split("=", 1)[1]
    return None


#: the options anywhere on the line whose value is the next word (not a command or an argument)
_VALUED_ANYWHERE = ("--lang", "-l", "--data")


def _words(args: list[str]) -> list[str]:
    """The words of the line that are commands or arguments: neither options nor the values of
    --lang and --data (``tashkalar --lang fr card`` names one command, and shows its help)."""
    out: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg == "--":
            break
        elif arg in _VALUED_ANYWHERE:
            skip = True
        elif not arg.startswith("-"):
            out.append(arg)
    return out


def _quiet_broken_pipe() -> None:
    """The reader of the output went away: nothing more is written (not even Python's complaint
    when it flushes standard output at exit), and the exit code is 141."""
    from tashkalar_cli.errors import EXIT_BROKEN_PIPE

    for stream in (sys.stdout, sys.stderr):
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, stream.fileno())
        except (AttributeError, OSError, ValueError):  # not a file (tests capture it): nothing to silence
            pass
    sys.exit(EXIT_BROKEN_PIPE)


def _take_game(args: list[str]) -> tuple[str | None, list[str]]:
    """The --game value anywhere on the command line, and the arguments without it: --game is
    read here, once, so that every command accepts it before or after its name."""
    value: str | None = None
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest += args[i:]
            break
        if arg == "--game" and i + 1 < len(args):
            value, i = args[i + 1], i + 2
            continue
        if arg.startswith("--game="):
            value = arg.split("=", 1)[1]
            i += 1
            continue
        rest.append(arg)
        i += 1
    return value, rest


#: the root's options that take a value (the word after them is not a command name)
_ROOT_VALUED = ("--lang", "-l")


def _before_command(args: list[str]) -> tuple[list[int], int | None]:
    """The places of the global options written before the command's name (their values aside),
    and the place of that name (None when there is none: only options, or ``--`` first)."""
    options: list[int] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            return options, None
        if not arg.startswith("-"):
            return options, i
        options.append(i)
        i += 2 if arg in _ROOT_VALUED else 1
    return options, None


def _move_json(args: list[str]) -> list[str]:
    """``--json`` given before the command name, moved after it (where every command reads it),
    so that ``tashkalar --json card show X`` is ``tashkalar card show X --json``."""
    options, _ = _before_command(args)
    found = next((i for i in options if args[i] == "--json"), None)
    if found is None:
        return args
    rest = args[:found] + args[found + 1:]
    end = rest.index("--") if "--" in rest else len(rest)
    return rest[:end] + ["--json"] + rest[end:]


#: the errors of a write that the machine refuses (no space, over quota, file too large, an I/O error)
_FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}


def main(argv: list[str] | None = None) -> None:
    """The command line: see :func:`run`. Standard output and error are written through checked
    streams (:mod:`tashkalar_cli.cli.streams`): a short or failed write of the output, the last
    flush included, is exit 2 with one line (never 0 with a cut output); a reader that went away,
    141 quietly; a standard error that cannot be written changes no exit code."""
    from tashkalar_cli.cli.streams import install

    line = CliState(guard=install())
    guard = line.guard
    if guard is None:  # the streams are not the process's own (a test captures them)
        _main(argv, line)
        return
    try:
        _main(argv, line)
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except OSError:  # the last flush of the output failed: kept by the guard
        if guard.failure is None:
            raise
        code = 0
    code = _settled(guard, code, line)
    guard.restore()
    sys.exit(code)


def _settled(guard: Guard, code: int, line: CliState) -> int:
    """The exit code once the output is flushed: 141 when its reader went away, 2 (said in one
    line, once) when it could not all be written, else the command's own."""
    from tashkalar_cli.errors import EXIT_BAD_INPUT, EXIT_BROKEN_PIPE

    failure = guard.finish()
    if failure is None:
        return code
    if guard.broken_pipe:
        return EXIT_BROKEN_PIPE
    if not line.said_cannot_write:
        _say_cannot_write(failure, line)
    return EXIT_BAD_INPUT


def _say_cannot_write(exc: OSError, line: CliState) -> None:
    from tashkalar_cli.errors import InputError

    line.said_cannot_write = True
    report_error(InputError(key="stdout-cannot-write", reason=exc.strerror or type(exc).__name__), line.as_json,
                 line.words)


def _main(argv: list[str] | None, line: CliState) -> None:
    """:func:`run`, and a closed pipe on the output that ends it quietly (141)."""
    stdout = sys.stdout  # an output named '-' takes standard output, and the rest goes to standard error
    try:
        try:
            run(argv, line)
        finally:
            if sys.stdout is not None:
                sys.stdout.flush()  # a broken pipe shows here, while it can still be handled
            sys.stdout = stdout
            if stdout is not None:
                stdout.flush()
    except BrokenPipeError:
        _quiet_broken_pipe()
    except SystemExit:
        # Click met the broken pipe first: it wrapped standard output to silence it and chose exit 1
        from tashkalar_cli.cli.frameworks import stdout_pacified

        if stdout_pacified():
            _quiet_broken_pipe()
        raise


def _read_line(args: list[str], line: CliState) -> list[str]:
    """What must be known before Click parses the line, kept in ``line`` (the root context's
    ``obj``, which every command reads through Click's context): the language and the data folder
    (the texts of ``--help`` and of Click's own usage errors are chosen before Click parses; its
    parser stops at the first unknown option, so a ``--lang`` after it is read here), the game
    (which decides what a command name loads) and ``--json``. Returns the line Click parses:
    ``--game`` taken out, ``--json`` after the command's name."""
    from tashkalar_cli.cli.localize import Words

    game_option, args = _take_game(args)
    args = _move_json(args)
    line.game_option = game_option or os.environ.get("TASHKALAR_GAME") or None
    line.game_id = "tash-kalar"
    line.refuse_other_games = "--help" not in args and not os.environ.get("_TASHKALAR_COMPLETE")
    line.as_json = "--json" in (args[:args.index("--")] if "--" in args else args)
    line.said_cannot_write = False
    line.data = _option_value(args, ("--data",))
    line.input_game = None
    line.lang = _option_value(args, ("--lang", "-l"))
    line.words = Words(line.lang, line.data)
    line.help_shown = "--help" in args or len(_words(args)) <= 1
    line.completing = bool(os.environ.get("_TASHKALAR_COMPLETE"))
    return args


def run(argv: list[str] | None = None, line: CliState | None = None) -> None:
    """The command line ``argv`` (default: the process's) parsed by Click and run; every error said
    in one line (see :func:`_failed`). Ends with ``SystemExit``, the command's exit code."""
    from tashkalar_cli.cli.frameworks import speak
    from tashkalar_cli.cli.localize import ClickCatalog

    line = line if line is not None else CliState()
    args = _read_line(list(sys.argv[1:] if argv is None else argv), line)
    words = line.words
    assert words is not None
    # with --json, Click's errors stay in English, as every message
    catalog = ClickCatalog(words)  # Click's own words in the user's language
    line.catalog = catalog if not line.as_json or line.help_shown else None
    speak(line.catalog)
    try:
        code = _invoke(args, line, catalog)
    except BaseException as exc:  # said in one line, or passed on: see _failed
        code = _failed(exc, args, line)
    sys.exit(code)


def _invoke(args: list[str], line: CliState, catalog: ClickCatalog) -> int:
    """The game chosen, the command line built (made ready for the shell's completion, the
    installer of completions, the help in the user's language) and run by Click: its exit code."""
    from tashkalar_cli.cli.localize import localize_command

    words = line.words
    assert words is not None
    if line.game_option is not None:
        from tashkalar_cli.data.games import chosen_game

        line.game_id = chosen_game(line.game_option)
    else:  # no game given: a command of one game only (``letal ...``) names its game
        _, at = _before_command(args)
        line.game_id = GAME_ONLY.get(args[at] if at is not None else "", line.game_id)
    command = _root_command(line)
    if line.completing:
        from tashkalar_cli.cli.completion import check_environment, prepare

        check_environment()
        prepare(command)
    if any(a == "--install-completion" or a.startswith("--install-completion=") for a in args):
        from tashkalar_cli.cli.completion import check_home
        from tashkalar_cli.cli.localize import localize_install_completion

        check_home()
        localize_install_completion(command, words)
    if line.help_shown:
        localize_command(command, "", words)
    from tashkalar_cli.cli.progress import stderr_reporter
    from tashkalar_cli.data.progress import reporting

    with reporting(stderr_reporter(line)):  # long work shows a line on a terminal's standard error
        code = command.main(args=args, prog_name="tashkalar", standalone_mode=False, obj=line)
    return code if isinstance(code, int) else 0


def _failed(exc: BaseException, args: list[str], line: CliState) -> int:
    """The exit code of a run that raised ``exc``, said in one line (or one JSON object) on
    standard error; what is not an error of the run (an exit, a broken pipe) is raised again."""
    from tashkalar_cli.errors import EXIT_BAD_INPUT, TashkalarError

    words = line.words
    assert words is not None
    if isinstance(exc, click.exceptions.Exit):
        return exc.exit_code
    if isinstance(exc, click.exceptions.NoArgsIsHelpError):  # no command: the help was the answer
        if exc.message.strip():  # a plain (not Rich) help is the message; Typer's Rich help is printed
            sys.stdout.write(exc.message + "\n")
        return EXIT_BAD_INPUT
    if isinstance(exc, click.ClickException):  # a usage error: Click's message, in the user's language
        _say_usage_error(exc, args, line)
        return EXIT_BAD_INPUT
    if isinstance(exc, click.exceptions.Abort):
        sys.stderr.write(words.translate("Aborted!") + "\n")
        return 1
    if isinstance(exc, TashkalarError):
        report_error(exc, line.as_json, words)
        return EXIT_BAD_INPUT
    if isinstance(exc, KeyboardInterrupt):  # pragma: no cover
        return 130
    if isinstance(exc, RecursionError):
        if line.as_json:
            sys.stderr.write(_json_error("bad-input", "RecursionError", "the input is nested too deeply"))
        else:
            sys.stderr.write("tashkalar: error: the input is nested too deeply\n")
        return EXIT_BAD_INPUT
    if isinstance(exc, Exception) and not isinstance(exc, BrokenPipeError):
        return _unexpected(exc, args, line)  # a bug, or a file the system refuses to write
    raise exc


def _say_usage_error(exc: click.ClickException, args: list[str], line: CliState) -> None:
    """A usage error in one line in the user's language (``--json``: one JSON object, in English)."""
    from tashkalar_cli.cli.usage import error_kind, usage_message
    from tashkalar_cli.errors import MAX_MESSAGE, visible

    words = line.words
    assert words is not None
    loc = words.loc if not line.as_json else None
    ctx = getattr(exc, "ctx", None)
    if isinstance(exc, click.NoSuchOption) and ctx is not None and exc.option_name.startswith("--"):
        known = sorted({o for p in ctx.command.params for o in (*p.opts, *p.secondary_opts) if o.startswith("--")})
        # the near names as the word reader finds them (Click 8.2+ types them final: set on the instance)
        vars(exc)["possibilities"] = words.near_options(exc.option_name, known)
    # it quotes what was typed: '--\x1b[2J' is shown
    said = usage_message(exc, loc.ui if loc is not None else None, lambda text: visible(text, MAX_MESSAGE))
    if line.as_json:
        hints = sorted(getattr(exc, "possibilities", None) or [])  # an unknown option's near names
        sys.stderr.write(_json_error("usage", error_kind(exc), said, hints=hints))
    else:
        sys.stderr.write(_usage_line(exc, said, words, args) + "\n")


def _root_command(line: CliState) -> click.Command:
    """The root command, built for this run, or once for every run of a service (``line.commands``:
    ``tashkalar serve``) when no help is localized into it."""
    if line.commands is None or line.help_shown or line.completing:
        return typer.main.get_command(build_app())
    if "" not in line.commands:
        line.commands[""] = typer.main.get_command(build_app())
    return line.commands[""]


def _unexpected(exc: Exception, args: list[str], line: CliState) -> int:
    """An exception no command turned into bad input: an output the system refuses (a full disk,
    a name too long for it) is still bad input, said in one line (exit 2); anything else is a bug,
    said in one line (exit 70; ``TASHKALAR_DEBUG=1`` shows the traceback)."""
    from tashkalar_cli.errors import EXIT_BAD_INPUT, EXIT_INTERNAL, InputError, quote, visible

    as_json, words = line.as_json, line.words
    if isinstance(exc, OSError) and any(a.startswith("--install-completion") for a in args):
        # writing the completion script or the shell's start-up file failed (read-only home...)
        report_error(InputError(key="completion-cannot-write", reason=exc.strerror or type(exc).__name__),
                     as_json, words)
        return EXIT_BAD_INPUT
    if isinstance(exc, OSError) and exc.errno == errno.ENAMETOOLONG:
        # a name the checks let through (data/paths.py checked_length) that this file system refuses
        shown = quote(os.fsdecode(exc.filename), 60) if isinstance(exc.filename, (str, bytes)) else "?"
        report_error(InputError(key="path-too-long-system", path=shown), as_json, words)
        return EXIT_BAD_INPUT
    if isinstance(exc, OSError) and (exc.errno in _FULL or (line.guard is not None and exc is line.guard.failure)):
        # the output cannot be written (a full disk, /dev/full): not a bug, said in one line
        _say_cannot_write(exc, line)
        return EXIT_BAD_INPUT
    if os.environ.get("TASHKALAR_DEBUG"):
        raise exc
    message = visible(f"{type(exc).__name__}: {exc}", 200)
    if as_json:
        sys.stderr.write(_json_error("internal", type(exc).__name__, message))
    else:
        sys.stderr.write(f"tashkalar: internal error: {message} "
                         "(set TASHKALAR_DEBUG=1 for details, and please report it)\n")
    return EXIT_INTERNAL
