"""The ``tashkalar`` command: a thin layer that parses arguments and calls the library.

Commands are loaded lazily with Click's documented pattern (a group whose ``get_command``
imports the command's module on demand): ``tashkalar card show X`` imports only the ``card``
module, while ``--help`` loads them all to list them.

The line is read by Click alone. ``--lang``, ``--data``, ``--json`` and ``--game`` are options of
the root and of the commands (:mod:`tashkalar_cli.command.common`), eager where their value decides how
the rest is read, and each writes into the line's :class:`~tashkalar_cli.command.common.CliState` (the
root context's ``obj``) as Click processes it. Where Click speaks before it has processed them (a
usage error its parser raises, a ``--help`` written before ``--lang``), :func:`_written_options`
reads them with the command's own parser.
"""

from __future__ import annotations

import errno
import os
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Optional

import click
import typer
from typer.core import TyperGroup

from tashkalar_cli.cli.usage import ToolContext, use_context
from tashkalar_cli.cli.values import use_own_types
from tashkalar_cli.command.common import CliState, choose_game, json_given, lang_given, share_options, state

if TYPE_CHECKING:
    from tashkalar_cli.command.localize import Words
    from tashkalar_cli.command.streams import Guard
    from tashkalar_cli.data.paths import GamePack

#: the name the command line is called by (its completion functions and variable are named after it)
PROG = "tashkalar"
HELP = "Tash-Kalar at the table: cards, rules, keywords, and whether a position summons a being."

#: the commands that serve every game: name -> ``module:attribute`` (an attribute that is a Typer app
#: is a command group, a function a single command). A game's own commands are its pack's
#: (:attr:`GamePack.commands <tashkalar_cli.data.paths.GamePack>`): adding a game adds them as data
OWN_COMMANDS: dict[str, str] = {
    "rule": "tashkalar_cli.cli.rule:app",
    "keyword": "tashkalar_cli.cli.keyword:app",
    "errata": "tashkalar_cli.cli.rule:errata",
    "ask": "tashkalar_cli.cli.rule:ask",
    "sheet": "tashkalar_cli.cli.sheet:sheet",
    "i18n": "tashkalar_cli.cli.i18n_check:app",
    "validate": "tashkalar_cli.cli.validate:validate",
    "serve": "tashkalar_cli.cli.serve:serve",
}

#: the order in which --help lists the commands, by name (how they are shown, not whose they are); a
#: command not named here (a new game's) is listed after these, in the order its pack declares them
LISTED = ("card", "rule", "keyword", "errata", "ask", "summon", "summonable", "plan", "flare", "task", "score",
          "position", "sheet", "i18n", "validate", "letal", "serve", "board")


def commands() -> dict[str, str]:
    """Every command of the line, in the order --help lists them (:data:`LISTED`): name ->
    ``module:attribute``. The line's own (:data:`OWN_COMMANDS`) and each game's, read from its pack
    when asked (a command of the line's own keeps its name: a pack cannot take it)."""
    from tashkalar_cli.data.paths import GAMES

    found = dict(OWN_COMMANDS)
    for pack in GAMES.values():
        for name, target in pack.commands.items():
            found.setdefault(name, target)
    place = {name: n for n, name in enumerate(LISTED)}
    return {name: found[name] for name in sorted(found, key=lambda name: place.get(name, len(place)))}


def _pack_of(name: str) -> GamePack | None:
    """The game pack that declares the command ``name`` (the first in the registry), or None for a
    command of the line's own (a pack cannot take its name) or for no command."""
    from tashkalar_cli.data.paths import GAMES

    if name in OWN_COMMANDS:
        return None
    return next((pack for pack in GAMES.values() if name in pack.commands), None)


def command_target(name: str) -> str | None:
    """The ``module:attribute`` that makes the command ``name`` (the line's own, else its pack's),
    or None when no command has that name."""
    pack = _pack_of(name)
    return pack.commands[name] if pack is not None else OWN_COMMANDS.get(name)


def command_owner(name: str) -> str | None:
    """The game whose pack declares the command ``name``, or None for a command that serves every
    game (or none)."""
    pack = _pack_of(name)
    return pack.id if pack is not None else None


class CommandContext(ToolContext):
    """The context of every command of the line (Click's ``context_class``). Its help is said in
    the language the line names, even when ``--help`` comes before ``--lang`` (Click processes the
    eager options in the order they are written): see :func:`_written_options`. A command of
    another game than the line's refuses to run once its options are read, so that ``--game``
    after the command's name counts and ``--help`` still shows its help."""

    #: the words of the line this context's group handed to its sub-command (see StrictGroup)
    handed: list[str] | None = None

    def get_help(self) -> str:
        from tashkalar_cli.command.localize import localize_command

        line = state(self)
        line.help_shown = True
        _written_options(self, line)
        if line.words is not None:
            localize_command(self.command, _path(self), line.words)
        if line.commands:  # a service: the commands localized here are built again for the next request
            line.commands.clear()
        return super().get_help()

    def invoke(self, callback: Any, /, *args: Any, **kwargs: Any) -> Any:
        if callback is self.command.callback and not self.resilient_parsing:
            _check_game(self, state(self))
        return super().invoke(callback, *args, **kwargs)


def _path(ctx: click.Context) -> str:
    """The command path of ``ctx`` as its help texts are keyed (``card.show``; the root: "")."""
    names: list[str] = []
    while ctx.parent is not None:
        names.append(ctx.info_name or "")
        ctx = ctx.parent
    return ".".join(reversed(names))


def _check_game(ctx: click.Context, line: CliState) -> None:
    """A command of another game than the line's says so (exit 2); one without a JSON answer
    refuses the root's ``--json``, as it refuses one after its name."""
    if isinstance(ctx.command, click.Group):  # (its sub-command's --game is not read yet)
        return
    top = ctx
    while top.parent is not None and top.parent.parent is not None:
        top = top.parent
    owner = command_owner(top.info_name or "") if top.parent is not None else None
    if owner is not None and owner != line.game_id and line.refuse_other_games:
        from tashkalar_cli.errors import InputError

        raise InputError(key="wrong-game", what=top.info_name, game=owner, current=line.game_id)
    if line.root_json and not any(p.name == "json" for p in ctx.command.params):
        raise click.NoSuchOption("--json", ctx=ctx)


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

            _written_options(ctx, state(ctx))  # said in the language, and as JSON, that the line asks for
            raise NotFoundError(key="unknown-command", name=quote(name), help=f"{ctx.command_path} --help",
                                hints=get_close_matches(name, known))
        # Click's own resolution: Typer's adds its suggestions to the message in English words of its
        # own ("… Did you mean 'list'?"); here they are the hints above, in the user's language
        found = click.Group.resolve_command(self, ctx, args)
        if isinstance(ctx, CommandContext):
            ctx.handed = list(found[2])
        return found


class LazyGroup(StrictGroup):
    """A group whose sub-commands are imported when they are used (or listed by --help)."""

    context_class = CommandContext  # a usage error says where it was made (cli/usage.py)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(commands())

    def resolve_command(self, ctx: click.Context,
                        args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        line = state(ctx)
        if line.game_option is None and args:  # no game given: a command of one game only (``letal ...``) names it
            line.game_id = command_owner(args[0]) or line.game_id
        return super().resolve_command(ctx, args)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if command_target(cmd_name) is None:
            return None
        line = state(ctx)
        owner = command_owner(cmd_name)
        if owner is not None and owner != line.game_id and line.refuse_other_games:
            return _other_game_command(cmd_name, owner, line)
        kept = line.commands is not None and not (line.help_shown or line.completing)  # (help: localized)
        if kept and line.commands is not None and cmd_name in line.commands:  # serve: built once
            return line.commands[cmd_name]
        command = _built(cmd_name, line)
        if kept and line.commands is not None:
            line.commands[cmd_name] = command
        return command


def _built(cmd_name: str, line: CliState) -> click.Command:
    """The command ``cmd_name``, its module imported, made ready for this line."""
    target = command_target(cmd_name)
    assert target is not None, cmd_name  # (a name the group knows: get_command checked it)
    from tashkalar_cli.data.games import named  # the registry's resolver: only when a command runs

    made = named(target)
    if isinstance(made, typer.Typer):
        command: click.Command = typer.main.get_group(made)
        if type(command) is TyperGroup:
            command.__class__ = StrictGroup
    else:
        single = typer.Typer(add_completion=False)  # completion is the root's option, not each command's
        single.command(cmd_name)(made)
        command = typer.main.get_command(single)
    command.name = cmd_name
    use_context(command, CommandContext)
    share_options(command)
    use_own_types(command)  # a value refused is said in the user's language (cli/values.py)
    if line.completing:  # the shell asks for completions: give the parameters their values
        from tashkalar_cli.command.completion import attach

        attach(command, cmd_name)
    if line.words is not None and line.help_shown:
        from tashkalar_cli.command.localize import localize_command

        localize_command(command, cmd_name, line.words)
    if line.adapt is not None:  # serve: the files a request names are checked before it runs
        line.adapt(command)
    return command


def _other_game_command(cmd_name: str, owner: str, line: CliState) -> click.Command:
    """A command of another game: it says so in one line (exit 2), whatever its arguments; its
    ``--help`` is the command's own (Click parses the words it was handed with that command)."""

    def refuse() -> None:
        from tashkalar_cli.errors import InputError

        raise InputError(key="wrong-game", what=cmd_name, game=owner, current=line.game_id)

    def real_help(ctx: click.Context, param: click.Parameter, value: bool) -> None:
        # the words handed to this command, run by the real one: its help (or a sub-command's) is
        # shown, and a command it reaches refuses to run all the same (CommandContext.invoke)
        if value and not ctx.resilient_parsing and ctx.parent is not None:
            handed = ctx.parent.handed if isinstance(ctx.parent, CommandContext) else None
            real = _built(cmd_name, line)
            with real.make_context(cmd_name, list(handed or []), parent=ctx.parent) as sub:
                real.invoke(sub)

    shown = line.words.text(f"help.{cmd_name}", "") if line.words is not None else ""
    return click.Command(cmd_name, callback=refuse, add_help_option=False, help=shown or None,
                         params=[click.Option(["--help"], is_flag=True, expose_value=False, is_eager=True,
                                              hidden=True, callback=real_help)],
                         context_settings={"ignore_unknown_options": True, "allow_extra_args": True})


def build_app() -> typer.Typer:
    # (the completion options are the root's own: _completion_options)
    app = typer.Typer(name="tashkalar", help=HELP, cls=LazyGroup, no_args_is_help=True, add_completion=False,
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
        """Carries --version, --lang, --game and --json for every command, each written into the
        context's :class:`~tashkalar_cli.command.common.CliState` as Click reads it (the commands read
        --lang, --json and --game after their name too, into the same state). Global options
        alone (``tashkalar --lang fr``) show the help, as no argument at all does (with --json:
        one JSON error, the command is missing)."""
        line = ctx.ensure_object(CliState)
        if ctx.invoked_subcommand is None and not ctx.resilient_parsing:
            if line.as_json:
                raise click.UsageError("Missing command.", ctx=ctx)  # JSON: English
            raise click.exceptions.NoArgsIsHelpError(ctx)

    return app


def _share_root_options(root: click.Command) -> None:
    """The root's --lang and --json (eager) and --game (processed after --lang, so that an unknown
    game is said in the language) written into the line's state as Click reads them."""
    for param in root.params:
        if param.name in ROOT_OPTIONS:
            param.callback, param.is_eager = ROOT_OPTIONS[param.name], param.name != "game"


def _root_lang(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> Optional[str]:
    """The root's ``--lang``: the language of the line, and of a command given none of its own."""
    ctx.ensure_object(CliState).root_lang = value
    return lang_given(ctx, param, value)


def _root_json(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
    if value:
        ctx.ensure_object(CliState).root_json = True
    return json_given(ctx, param, value)


def _root_game(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> Optional[str]:
    """The root's ``--game``, else ``TASHKALAR_GAME``; a command's own ``--game`` comes later and wins."""
    given = value or os.environ.get("TASHKALAR_GAME") or None
    if given is not None:
        choose_game(ctx.ensure_object(CliState), given)
    return value


ROOT_OPTIONS: dict[str, Callable[[click.Context, click.Parameter, Any], Any]] = {
    "lang": _root_lang, "json": _root_json, "game": _root_game}


def _print_version(value: bool) -> None:
    if value:
        from tashkalar_cli._version import __version__

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
                         loc.plural_category if loc is not None else None, loc.number if loc is not None else None)

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


def _usage_line(exc: click.ClickException, said: str, words: Words) -> str:
    """A usage error as one line in the user's language, like every other error: Click's message
    (already in that language) on one line, and the command whose ``--help`` shows the usage."""
    from tashkalar_cli.errors import fill, visible

    ctx = getattr(exc, "ctx", None)  # (every context of the line attaches itself: cli/usage.py)
    path = ctx.command_path if ctx is not None and ctx.command_path else "tashkalar"
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


#: the errors of a write that the machine refuses (no space, over quota, file too large, an I/O error)
_FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}


def main(argv: list[str] | None = None) -> None:
    """The command line: see :func:`run`. Standard output and error are written through checked
    streams (:mod:`tashkalar_cli.command.streams`): a short or failed write of the output, the last
    flush included, is exit 2 with one line (never 0 with a cut output); a reader that went away,
    141 quietly; a standard error that cannot be written changes no exit code."""
    from tashkalar_cli.command.streams import install

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


def _written_options(ctx: click.Context, line: CliState) -> None:
    """The language, data folder and ``--json`` written for ``ctx``'s command, read by Click's own
    parsers before Click has processed them.

    Why a reading of its own: Click speaks before it has processed a command's options. Its parser
    raises a usage error at the first word it cannot take (``card list --typ x --lang fr``:
    ``--lang`` was read, not yet processed; ``--json`` after it, not even read), it processes the
    eager ``--help`` before an eager ``--lang`` written after it, and a word that names no command
    is refused before anything after it is read. Either way, what is said must be in the language,
    and as JSON, that the line asks for. So the line is parsed once more, nothing run: by the
    root's parser, which reads the options every command shares anywhere on the line (they mean
    the same after a command's name, where a command without one of them refuses it), then, for a
    command, by its own parser on the words Click handed to it. Each steps over an option it does
    not know (Click's ``ignore_unknown_options``) and, when the last option lacks its value, is
    given the line without it."""
    root = ctx.find_root()
    readings = [(root, line.args, True)]
    if not isinstance(ctx.command, click.Group):
        readings.append((ctx, getattr(ctx.parent, "handed", None), False))
    for where, given, anywhere in readings:
        parser = where.command.make_parser(where)
        parser.ignore_unknown_options = True
        parser.allow_interspersed_args = parser.allow_interspersed_args or anywhere
        words = list(given or [])
        while True:
            try:
                opts, _, _ = parser.parse_args(list(words))  # (Click's parser takes the words off its list)
                break
            except click.UsageError:  # an option without its value, last on the line
                words.pop()
        lang, data = opts.get("lang"), opts.get("data")
        line.choose(lang if isinstance(lang, str) else None, data if isinstance(data, str) else None)
        line.as_json = line.as_json or bool(opts.get("json"))


def _line_options(line: CliState) -> None:
    """The language, data folder and ``--json`` the whole line names, wherever they are written,
    read by the root's parser (:func:`_written_options`): an error raised before Click processed
    them (the game of the line refused, a command of another game) is said as the line asks. A
    value that cannot be read (an unknown language) leaves the line as it was: that error is said."""
    from contextlib import suppress

    from tashkalar_cli.errors import TashkalarError

    if line.args is None:
        return
    root = _root_command(line)
    with suppress(TashkalarError):
        _written_options(click.Context(root, info_name=PROG, obj=line), line)


def run(argv: list[str] | None = None, line: CliState | None = None) -> None:
    """The command line ``argv`` (default: the process's) parsed by Click and run; every error said
    in one line (see :func:`_failed`). Ends with ``SystemExit``, the command's exit code."""
    from tashkalar_cli.command.localize import Words

    line = line if line is not None else CliState()
    line.runner = run   # a command that serves others (serve, board) runs their lines with it
    line.args = list(sys.argv[1:] if argv is None else argv)
    line.completing = bool(os.environ.get("_TASHKALAR_COMPLETE"))
    line.refuse_other_games = not line.completing  # (the shell's completion: every command answers)
    line.words = Words(None, None)  # the environment's language until the line names one
    try:
        code = _invoke(line.args, line)
    except BaseException as exc:  # said in one line, or passed on: see _failed
        code = _failed(exc, line)
    sys.exit(code)


def _invoke(args: list[str], line: CliState) -> int:
    """The command line built and run by Click (or the shell's request for completions answered):
    its exit code."""
    command = _root_command(line)
    if line.completing:
        from tashkalar_cli.command.completion import answer

        return answer(command, PROG, line)
    from tashkalar_cli.cli.progress import stderr_reporter
    from tashkalar_cli.data.progress import reporting

    with reporting(stderr_reporter(line)):  # long work shows a line on a terminal's standard error
        code = command.main(args=args, prog_name=PROG, standalone_mode=False, obj=line)
    return code if isinstance(code, int) else 0


def _completion_options() -> list[click.Option]:
    """The root's ``--install-completion`` and ``--show-completion``, each naming a shell or, alone,
    meaning the shell the command runs in (Click's optional value: a flag value of ""). They are
    read after --lang, --json and --game (not eager), so that what they say is in the language,
    and the form, the line asks for; their help is ``help.option.*`` of ``ui.yaml``."""
    return [click.Option(["--install-completion"], is_flag=False, flag_value="", metavar="[SHELL]", expose_value=False,
                         callback=_install_completion,
                         help="Install completion of commands, options and card names for SHELL (bash, zsh or fish), "
                              "else for the current shell."),
            click.Option(["--show-completion"], is_flag=False, flag_value="", metavar="[SHELL]", expose_value=False,
                         callback=_show_completion,
                         help="Print the completion script of SHELL (bash, zsh, fish or powershell), else of the current "
                              "shell, to copy or adapt it.")]


def _install_completion(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """``--install-completion``: the script and the line of the start-up file that loads it, written
    together (:mod:`tashkalar_cli.command.shellrc`), said in the user's language; then the run ends."""
    if value is None or ctx.resilient_parsing:
        return
    from tashkalar_cli.command.localize import install_completion

    line = state(ctx)
    line.installing_completion = True
    assert line.words is not None
    install_completion(ctx, value or None, line.words)


def _show_completion(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """``--show-completion``: the completion script of the shell named (else the one the command
    runs in) on standard output; then the run ends."""
    if value is None or ctx.resilient_parsing:
        return
    from tashkalar_cli.command.completion import COMPLETE_VAR
    from tashkalar_cli.command.shellrc import shown_script

    click.echo(shown_script(value or None, ctx.find_root().info_name or PROG, COMPLETE_VAR))
    sys.exit(0)


def _failed(exc: BaseException, line: CliState) -> int:
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
        _say_usage_error(exc, line)
        return EXIT_BAD_INPUT
    if isinstance(exc, click.exceptions.Abort):
        sys.stderr.write(words.text("cli.aborted", "Aborted!") + "\n")
        return 1
    if isinstance(exc, TashkalarError):
        _line_options(line)
        report_error(exc, line.as_json, line.words)
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
        return _unexpected(exc, line)  # a bug, or a file the system refuses to write
    raise exc


def _say_usage_error(exc: click.ClickException, line: CliState) -> None:
    """A usage error in one line in the user's language (``--json``: one JSON object, in English)."""
    from tashkalar_cli.cli.usage import error_kind, usage_message
    from tashkalar_cli.errors import MAX_MESSAGE, visible

    ctx = getattr(exc, "ctx", None)
    if ctx is not None:  # the language and --json of the command whose line Click could not read
        _written_options(ctx, line)
    words = line.words
    assert words is not None
    loc = words.loc if not line.as_json else None
    if isinstance(exc, click.NoSuchOption) and ctx is not None and exc.option_name.startswith("--"):
        known = sorted({o for p in ctx.command.params if not getattr(p, "hidden", False)
                        for o in (*p.opts, *p.secondary_opts) if o.startswith("--")})
        # the near names as the word reader finds them (Click 8.2+ types them final: set on the instance)
        vars(exc)["possibilities"] = words.near_options(exc.option_name, known)
    # it quotes what was typed: '--\x1b[2J' is shown
    said = usage_message(exc, loc.ui if loc is not None else None, lambda text: visible(text, MAX_MESSAGE))
    if line.as_json:
        hints = sorted(getattr(exc, "possibilities", None) or [])  # an unknown option's near names
        sys.stderr.write(_json_error("usage", error_kind(exc), said, hints=hints))
    else:
        sys.stderr.write(_usage_line(exc, said, words) + "\n")


def _root_command(line: CliState) -> click.Command:
    """The root command, built for this run, or once for every run of a service (``line.commands``:
    ``tashkalar serve``; a help localizes the commands it shows, and they are built again after it)."""
    if line.commands is not None and not line.completing and "" in line.commands:
        return line.commands[""]
    root = typer.main.get_command(build_app())
    _share_root_options(root)
    root.params.extend(_completion_options())
    if line.commands is not None and not line.completing:
        line.commands[""] = root
    return root


def _unexpected(exc: Exception, line: CliState) -> int:
    """An exception no command turned into bad input: an output the system refuses (a full disk,
    a name too long for it) is still bad input, said in one line (exit 2); anything else is a bug,
    said in one line (exit 70; ``TASHKALAR_DEBUG=1`` shows the traceback)."""
    from tashkalar_cli.errors import EXIT_BAD_INPUT, EXIT_INTERNAL, InputError, quote, visible

    as_json, words = line.as_json, line.words
    if isinstance(exc, OSError) and line.installing_completion:
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
