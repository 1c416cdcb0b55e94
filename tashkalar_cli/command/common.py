"""What every command shares, in every game: the session (the game, the language), options, JSON and errors.

A game's commands may hold more in their session (Tash-Kalar's: its rules object, cards and board, typed:
``games/tashkalar/commands/session.py``); what is here names no game."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple, Optional, TypeVar

import click
import typer
from click.core import ParameterSource

from tashkalar_cli.errors import InputError, TashkalarError, json_visible, visible

if TYPE_CHECKING:
    from typing import Self

    from rich.console import Console

    from tashkalar_cli.command.localize import Words
    from tashkalar_cli.command.streams import Guard
    from tashkalar_cli.game import Game
    from tashkalar_cli.render.rules import NamedCards
    from tashkalar_cli.text.i18n import Localizer



def lang_given(ctx: click.Context, param: click.Parameter | None, value: str | None) -> str | None:
    """``--lang`` read by Click (an eager option: before the values it converts, which are read in
    that language, and before its usage errors): kept in the line's :class:`CliState`."""
    if value is not None:
        state(ctx).choose(lang=value)
    return value


def outer_lang_given(ctx: click.Context, param: click.Parameter | None, value: str | None) -> str | None:
    """``--lang`` of a group, or of a command that takes no ``--lang`` of its own (:func:`share_options`):
    the language of the commands below it, as the root's ``--lang`` is."""
    if value is not None:
        state(ctx).root_lang = value
    return lang_given(ctx, param, value)


def data_given(ctx: click.Context, param: click.Parameter | None, value: str | None) -> str | None:
    """``--data`` read by Click (eager, as ``--lang``): the interface's texts come from that folder."""
    if value is not None:
        state(ctx).choose(data=value)
    return value


def json_given(ctx: click.Context, param: click.Parameter | None, value: bool) -> bool:
    """``--json`` after the command's name, or before it (the root's option): either one asks the
    command for JSON, and its errors are said as JSON objects from then on."""
    line = state(ctx)
    if value:
        line.as_json = True
    return value or line.as_json


def game_given(ctx: click.Context, param: click.Parameter | None, value: str | None) -> str | None:
    """``--game`` after a command's name, read by Click (eager, as ``--lang``): the game of the line."""
    if value is not None:
        choose_game(state(ctx), value)
    return value


def choose_game(line: CliState, given: str) -> None:
    """The game ``given`` (``--game`` or ``TASHKALAR_GAME``), checked: the game of the line."""
    from tashkalar_cli.text.vocabulary import find_game  # deferred: the games' registry, which --version does not load

    line.game_option = given
    line.game_id = find_game(given)


#: what each shared option does as Click reads it (see :func:`share_options`)
SHARED: dict[str, Callable[..., Any]] = {"lang": lang_given, "data": data_given, "json": json_given}


def share_options(command: click.Command) -> None:
    """The options every command shares, made to write into the line's state as Click reads them
    (an eager option: before the values the command converts): ``--lang``, ``--data`` and
    ``--json`` where the command declares them (:data:`LangOption`...), ``--lang`` on every group and
    command that does not (``card --lang fr show knight``, ``validate -l it``), and ``--game``, which every
    command and group takes after its name (``letal area c3 --game letal``), kept out of their help
    (the root's help names it once, for all of them). Set on the command Click builds, once."""
    for param in command.params:
        if param.name in SHARED and isinstance(param, click.Option):
            param.callback, param.is_eager = SHARED[param.name], True
    if not any(p.name == "lang" for p in command.params):  # a group, or a command of no words: --lang all the same
        command.params.append(click.Option(["--lang", "-l"], expose_value=False, is_eager=True, callback=outer_lang_given,
                                           help=LANG_HELP))
    if not any(p.name == "game" for p in command.params):
        command.params.append(click.Option(["--game"], metavar="GAME", hidden=True, expose_value=False,
                                           is_eager=True, callback=game_given))
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            share_options(sub)


#: the help of ``--lang`` (``help.option.lang`` of each ui.yaml)
LANG_HELP = "Language of the texts and of the interface (en, fr, es, it, ...)."
#: the options every command shares, each written into the line's state as Click reads it (:func:`share_options`)
LangOption = Annotated[Optional[str], typer.Option("--lang", "-l", help=LANG_HELP, show_default=False)]
JsonOption = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON instead of a table.")]
DataOption = Annotated[Optional[str], typer.Option(
    "--data", help="Use the data folder DIR (with cards/ and locales/) instead of the built-in data.",
    metavar="DIR", show_default=False)]
SvgOption = Annotated[Optional[str], typer.Option("--svg", help="Also save the drawing as an SVG image.",
                                                  metavar="FILE", show_default=False)]
ForceOption = Annotated[bool, typer.Option(
    "--force", help="Replace an output file that tashkalar wrote even if it was changed since (never a file it did "
                    "not write).")]


@dataclass
class Session:
    """The game and the language a command works with, loaded on first use."""

    lang_option: str | None = None
    data: str | None = None
    game_id: str = "tash-kalar"
    #: ``--force``: an output file the tool wrote is replaced even when it was changed since
    force: bool = False
    #: the command line's state (its games opened once and its outputs returned, in a service)
    line: CliState | None = None

    @classmethod
    def of_line(cls, lang: str | None = None, data: str | None = None, force: bool = False) -> Self:
        """The session of a command, in the game of ``--game``; ``--lang`` given before the command
        name counts too; ``force``: its ``--force`` (a command that writes files)."""
        line = state()
        return cls(lang if lang is not None else line.root_lang, data, line.game_id, force, line)

    @cached_property
    def game(self) -> Game[Any]:
        game = opened_game(self.line, self.data, self.game_id)
        game.language = self.lang_option   # words are read in the user's language first
        game.parameter_names = option_of   # errors name the options, not the library's parameters
        if game.language in game.broken_languages():
            # a language that failed to load: every command says so in the same line (the
            # localizer's), rather than looking words up without it ("no card is called ...")
            game.localizer(game.language)
        return game

    @property
    def dataset(self) -> Any:
        return self.game.dataset

    @cached_property
    def loc(self) -> Localizer:
        return self.game.localizer(self.lang_option)

    @property
    def lang(self) -> str:
        return self.loc.lang

    @property
    def cards_if_any(self) -> NamedCards | None:
        """The game's card database, or None in a game without one (L.E.T.A.L.: keywords name no cards)."""
        return self.game.ruleset.cards if self.game.pack.has_cards else None

    @cached_property
    def console(self) -> Console:
        from tashkalar_cli.render.terminal import console  # deferred: the terminal's console (Rich), which no --json line loads

        try:   # how the user's language joins a label and its value, for the tables drawn as records
            label_value: str | None = self.loc.msg("label.value", label="{label}", value="{value}")
        except TashkalarError:   # no language to say it in: the command says why itself
            label_value = None
        return console(label_value)  # data is shown as text: no markup, no escape sequence reaches the terminal

    @cached_property
    def err_console(self) -> Console:
        """The console of what a command says on standard error (a file saved), beside its answer."""
        from tashkalar_cli.render.terminal import console  # deferred: the terminal's console (Rich), as above

        return console(stderr=True)

    def say(self, lines: Iterable[str], err: bool = False) -> None:
        """Sentences, one a line (an item of a list: ``  - ...``), printed on standard output (standard error:
        ``err``), each wrapped at its breaking spaces to the terminal's width, at most the width of a text of
        sentences, an item's continuation under its text (:class:`~tashkalar_cli.render.terminal.Sentences`)."""
        from tashkalar_cli.render.terminal import Sentences  # deferred: the terminal's console (Rich), as above

        # not cropped: a word longer than the line (a file's path) is kept whole on a line of its own
        (self.err_console if err else self.console).print(Sentences(lines), crop=False)

    def shown_comments(self, comments: Sequence[str]) -> list[str]:
        """The comments heading a position printed on standard output: each wrapped into comment lines of the
        terminal's width when standard output is a terminal (a person reads them there: the lines read back as
        the same position, each a comment), else one line each, as in a file (a pipe, a redirection)."""
        if not comments or not self.console.is_terminal:
            return list(comments)
        from tashkalar_cli.render.terminal import READABLE, hanging_lines  # deferred: as above

        width = min(self.console.width, READABLE) - 2   # "# " opens each line
        # a sentence's continuation indented, as an item's is: a line of its own never reads as the next comment
        return [part for line in comments for part in hanging_lines(self.console, visible(line), width, more=2)]

    def write(self, path: str, text: str, *inputs: str | None, announce: bool = True, option: str = "svg") -> None:
        """Save an output file (``--svg``, or the ``option`` named) atomically, never onto one of the
        command's inputs; then say it was saved (``announce``; on standard error, which leaves
        standard output to the command's answer: a position file, say; not with --json)."""
        self.write_all([OutputFile(path, text, option)], *inputs)
        if announce and path != STDOUT:
            self.say([self.loc.msg("picture.written", path=path)], err=True)

    def write_all(self, files: list[OutputFile], *inputs: str | None) -> None:
        """Save the outputs of a command, all checked before any is written, then all written or
        none: never onto an input, twice to one file, into the tool's data, code or cache, nor over
        a file the tool did not write (nor, without ``--force``, over one it wrote and that was
        changed since). An output named ``-`` is standard output (see :func:`give_out`)."""
        from tashkalar_cli.data.cache import own_folders  # deferred: not loaded by --version
        from tashkalar_cli.data.output import write_outputs  # deferred: the files' writer, for a line that writes a file only
        from tashkalar_cli.data.paths import cache_dir, tool_folders  # deferred: not loaded by --version

        given_out = [f for f in files if f.path == STDOUT]
        on_disk = [(f.path, f.text) for f in files if f.path != STDOUT]
        returned = self.line.files if self.line is not None else None
        if len(given_out) > 1 and returned is None:
            raise InputError(key="stdout-twice", options=", ".join(f"--{f.option}" for f in given_out))
        if on_disk:
            protected = tool_folders(Path(self.game.dataset.root))
            cache = cache_dir()  # its folders the tool wrote: the cache folder may hold the user's own files
            write_outputs(on_disk, [i for i in inputs if i and i != STDOUT],
                          [*protected, *(own_folders(cache) if cache else [])], force=self.force)
        for f in given_out:
            give_out(f, returned)


#: the name of standard output where an option names a file to write (as ``-`` is standard input
#: for ``--position``)
STDOUT = "-"


class OutputFile(NamedTuple):
    """A file a command writes: where (``path``; ``-``: standard output), what, and the option
    that named it (``svg``, ``out``, ``record``: the key of the text a service returns)."""

    path: str
    text: str | bytes   # bytes: a PDF
    option: str = "svg"


def give_out(output: OutputFile, returned: dict[str, str] | None) -> None:
    """An output named ``-``: kept in ``returned`` (a service returns it with its answer), or, on
    the command line, written to standard output, which then holds that file alone: what the
    command says besides (its table, its messages) goes to standard error from then on."""
    if isinstance(output.text, bytes):  # a PDF: bytes to standard output; no text a service could return
        if returned is not None:
            raise InputError(key="stdout-binary", option=f"--{output.option}")
        sys.stdout.flush()
        sys.stdout.buffer.write(output.text)
        sys.stdout.buffer.flush()
    elif returned is not None:
        returned[output.option] = output.text
        return
    else:
        sys.stdout.write(output.text)
        sys.stdout.flush()
    sys.stdout = sys.stderr


@dataclass
class CliState:
    """What the command line has read, kept in Click's context (``ctx.obj`` of the root context,
    :func:`state`) and written by the options as Click processes them: the language and data folder
    the line names (the texts of ``--help`` and of Click's usage errors are chosen with them), the
    game, ``--json``."""

    words: Words | None = None  # the interface's texts in the user's language
    lang: str | None = None     # the --lang value, the language the words typed as values are read in first
    data: str | None = None     # the --data folder, for the words typed as option values
    game_id: str = "tash-kalar"      # the game chosen by --game or TASHKALAR_GAME (or by the command's name)
    game_option: str | None = None   # the game as given (None: neither --game nor TASHKALAR_GAME)
    as_json: bool = False       # --json: errors are said as JSON objects
    help_shown: bool = False    # a help is printed: the help texts are localized (else they cost nothing)
    completing: bool = False    # the shell asks for completions (_TASHKALAR_COMPLETE is set)
    refuse_other_games: bool = False  # a command of another game says so (not when help is asked for)
    root_lang: str | None = None  # --lang as the root's option, or a group's (before the command's name)
    root_json: bool = False     # --json as the root's option (before the command's name)
    args: list[str] | None = None  # the line as given, for what is said before Click has processed it
    installing_completion: bool = False  # --install-completion is writing the shell's files
    input_game: Game[Any] | None = None  # the game whose words are read while the line is parsed (first use)
    guard: Guard | None = None  # what watches the writes to standard output and error (see cli.app.main)
    said_cannot_write: bool = False  # the output could not be written, and the user was told
    progress_terminal: bool | None = None  # progress lines: None asks standard error whether it is a terminal
    progress_delay: float | None = None    # seconds before a progress line shows (None: about half a second)
    # a service answering many requests in one process (``tashkalar serve``): the commands built once
    # (name -> command; "" the root), what is done to each command built (checking the files a request
    # names), the games opened once (by data folder and game), the outputs named ``-`` returned to the
    # caller (option name -> text) rather than written; all None on the command line
    commands: dict[str, click.Command] | None = None
    adapt: Callable[[click.Command], None] | None = None
    games: dict[tuple[str | None, str], Game[Any]] | None = None
    files: dict[str, str] | None = None
    #: what runs a command line in this process (the entry's ``tashkalar_cli.cli.app.run``, which sets it): for
    #: a command that serves others (``serve``, ``board``), which the kit below the entry cannot import
    runner: Callable[[list[str], CliState], None] | None = None

    def choose(self, lang: str | None = None, data: str | None = None) -> None:
        """The language or data folder the line names, as Click reads it: the interface's texts
        follow, and the words typed as values are read with them."""
        self.lang = lang if lang is not None else self.lang
        self.data = data if data is not None else self.data
        self.input_game = None
        if self.words is not None:
            self.words.choose(self.lang, self.data)


def state(ctx: click.Context | None = None) -> CliState:
    """The command line's :class:`CliState`, from Click's context (the current one by default); a
    fresh one (the defaults) outside a run of the command line."""
    ctx = ctx if ctx is not None else click.get_current_context(silent=True)
    found = ctx.find_object(CliState) if ctx is not None else None
    return found if found is not None else CliState()


#: the library's parameters whose option is not ``--`` and the parameter's name (``take_back``: ``--take-back``)
_OPTIONS = {"decks": "--deck", "path": "--position", "position": "--position", "max_states": "--effect-states"}


def option_of(parameter: str) -> str:
    """The command line's option for a parameter of the library (``pieces``: ``--pieces``)."""
    return _OPTIONS.get(parameter) or "--" + parameter.replace("_", "-")


#: the games a service keeps open (each game of the built-in data, and a few data folders)
MAX_GAMES_KEPT = 8


def opened_game(line: CliState | None, data: str | None, game_id: str) -> Game[Any]:
    """The game ``game_id`` of the data folder ``data``: opened for this command, or once for
    every request of a service (``line.games``), its language chosen by each command."""
    from tashkalar_cli.game import Game  # deferred: the game, which --version and i18n export/import/reviewed --json do not open

    games = line.games if line is not None else None
    if games is None:
        return Game(data=data, game=game_id)
    found = games.get((data, game_id))
    if found is None:
        while len(games) >= MAX_GAMES_KEPT:   # data folders without end: the oldest opened goes
            del games[next(iter(games))]
        found = games[(data, game_id)] = Game(data=data, game=game_id)
    return found


def input_game() -> Game[Any]:
    """The game whose words are accepted while the command line is parsed (the --data folder's)."""
    line = state()
    if line.input_game is None:
        line.input_game = opened_game(line, line.data, line.game_id)
        line.input_game.language = line.lang
        line.input_game.parameter_names = option_of
    return line.input_game


#: the attribute a command's function carries when the command edits the locale files (see :func:`edits_locales`)
EDITS_LOCALES_MARK = "edits_locales"

F = TypeVar("F", bound=Callable[..., Any])


def edits_locales(function: F) -> F:
    """Declares, where a command is defined, that it changes the locales folder itself (the
    translations or their records): a service answering many requests does not run it. The mark
    stays on the command Click builds (Typer's and the service's wrappers keep the function's
    attributes)."""
    setattr(function, EDITS_LOCALES_MARK, True)
    return function


def declares_edits_locales(command: click.Command) -> bool:
    """Whether ``command`` was declared with :func:`edits_locales`."""
    return bool(getattr(command.callback, EDITS_LOCALES_MARK, False))


def given(name: str) -> bool:
    """Whether the user gave the option ``name`` of the running command (not left to its default)."""
    ctx = click.get_current_context(silent=True)
    source = None if ctx is None else ctx.get_parameter_source(name)
    return source is not None and source is not ParameterSource.DEFAULT


def session(lang: str | None = None, data: str | None = None, force: bool = False) -> Session:
    """The session of a command, in the game of ``--game``; ``--lang`` given before the command
    name counts too; ``force``: its ``--force`` (a command that writes files)."""
    return Session.of_line(lang, data, force)


def print_json(name: str, body: dict[str, Any]) -> None:
    """The output ``name`` (its schema is ``schemas/output-<name>.schema.json``), headed by its
    ``schema`` field; indented for a person at a terminal, compact (and several times faster) for
    a program."""
    from tashkalar_cli.render.jsonout import document  # deferred: the JSON writer, with --json only
    from tashkalar_cli.render.jsonstream import chunks  # deferred: the JSON writer, with --json only
    from tashkalar_cli.text.typography import untypeset  # deferred: not loaded by --version

    obj = document(name, body)
    indent = 2 if sys.stdout.isatty() else None
    # the same data, with the characters a terminal acts on (C1 controls, bidi overrides) as escapes,
    # and the texts as the locales write them (the no-break spaces of French typography are for the eye):
    # both change one character at a time, so a piece is changed as the whole would be.
    # An answer holds no cycle (a part may be shared, never inside itself): none is looked for, which took
    # a fifth of the time of writing a large answer (plan --json). Its long lists (render.jsonstream.Items)
    # are written an entry at a time, as they are made: no answer is held whole.
    for chunk in chunks(obj, indent):
        sys.stdout.write(json_visible(untypeset(chunk)))
    sys.stdout.write("\n")
    sys.stdout.flush()
