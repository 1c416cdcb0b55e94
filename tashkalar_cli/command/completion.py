"""Shell completion (bash, zsh, fish, PowerShell): the values of arguments and options, in the user's language.

Click completes command and option names; this module completes their values: card
names and ids, keyword terms, rule numbers, deck, mode, rank, card type, color and language names
(the names of the user's language, their ids still offered when typed); the values only a game has
(Tash-Kalar's cards and colors) are its pack's, named by the registry (``GamePack.hooks``: ``complete``),
so that this module, in the kit below the packs, imports none. It is imported only
while a shell asks for completions (``_TASHKALAR_COMPLETE`` is set), so a normal start-up pays
nothing for it: :func:`attach` gives the parameters of each command loaded by the lazy group
their completer, looked up in :data:`TABLE` by command path and parameter name, and the data is
read from the validated cache when a completer first runs. :func:`answer` answers the shell's
request, through the shell's class of :mod:`tashkalar_cli.command.shells` (Click's public
``ShellComplete``).

A word matches a candidate when the candidate, or one of its words, starts with it, ignoring
case and accents (``ours`` finds *Ours affamé*, ``espad`` *Maestro de la Espada*). The language
is the command line's ``--lang``, else ``TASHKALAR_LANG``, else the one of ``LANG``. For bash,
values are escaped as the shell reads them (``Ours\\ affamé``); zsh and fish quote them themselves.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

import click
from click.shell_completion import CompletionItem

from tashkalar_cli.command.shells import FISH_ACTION, LINE, WORD, Fish, bash_escape
from tashkalar_cli.command.shells import SHELLS as SHELL_CLASSES
from tashkalar_cli.data.games import hook, named
from tashkalar_cli.data.paths import GAMES
from tashkalar_cli.errors import InputError, quote, visible
from tashkalar_cli.game import Game
from tashkalar_cli.text.search import fold

COMPLETE_VAR = "_TASHKALAR_COMPLETE"

#: (command path, parameter name) -> what its values are, for the line's own commands; "*" stands for any command. A
#: game's commands bring their own table (the registry's hook ``parameters``: see :func:`kinds`)
TABLE: dict[tuple[str, str], str] = {
    ("keyword show", "term"): "keyword",
    ("rule show", "rule"): "rule",
    ("*", "lang"): "lang",
    ("errata", "book"): "book",
    ("errata", "erratum"): "erratum",
    ("", "install_completion"): "shell",
    ("", "show_completion"): "script",
}


@cache
def kinds() -> dict[tuple[str, str], str]:
    """What the values of each parameter are: :data:`TABLE`, and the table each game's pack names in the registry
    (its hook ``parameters``, a ``module:attribute`` of the same shape), read when a shell first asks."""
    found = dict(TABLE)
    for pack in GAMES.values():
        target = pack.hooks.get("parameters")
        if target is not None:
            table = named(target)
            if not isinstance(table, dict):
                raise TypeError(f"{target} is not a table of parameters")
            found.update(table)
    return found


def completing() -> bool:
    """Whether the shell is asking for completions (then, and only then, this module is used)."""
    return bool(os.environ.get(COMPLETE_VAR))


#: the shells completed (:mod:`tashkalar_cli.command.shells`), and the two requests: a script to source, or completions
SHELLS = tuple(SHELL_CLASSES)
REQUESTS = ("complete", "source")
#: the variables the shell passes, and the longest value read (a typed command line is far shorter)
SHELL_VARIABLES = ("COMP_WORDS", "COMP_CWORD", LINE, WORD, FISH_ACTION)
MAX_SHELL_VARIABLE = 65_536


def check_environment() -> None:
    """Before Click answers the shell: the request and the shell's variables are well formed, or
    the answer is one line and exit 2 (not Click's exit 1, nor a traceback on ``COMP_CWORD=x``)."""
    instruction = os.environ.get(COMPLETE_VAR, "")
    request, _, shell = instruction.partition("_")
    if request not in REQUESTS or shell not in SHELLS:
        raise InputError(key="completion-instruction", variable=COMPLETE_VAR, value=quote(instruction),
                         shells=", ".join(SHELLS))
    for variable in SHELL_VARIABLES:
        value = os.environ.get(variable)
        if value is not None and len(value) > MAX_SHELL_VARIABLE:
            raise InputError(key="completion-too-long", variable=variable, size=len(value),
                             limit=MAX_SHELL_VARIABLE)
    if request == "complete" and shell == "bash":
        cword = os.environ.get("COMP_CWORD")
        if cword is None or not (cword.isascii() and cword.isdigit() and len(cword) < 7):
            raise InputError(key="completion-variable", variable="COMP_CWORD", value=quote(cword or ""))
        if "COMP_WORDS" not in os.environ:
            raise InputError(key="completion-variable", variable="COMP_WORDS", value="")


def check_home() -> None:
    """``--install-completion`` writes under HOME: it must name an existing folder. An unset HOME
    is not replaced by the account's home, and a missing one is not created."""

    home = os.environ.get("HOME", "")
    if not home.strip():
        raise InputError(key="completion-no-home")
    if not Path(home).is_absolute() or not Path(home).is_dir():
        raise InputError(key="completion-bad-home", home=quote(home, 80))


def answer(root: click.Command, prog: str, obj: object) -> int:
    """The shell's request (:data:`COMPLETE_VAR`) for the command line ``root`` (called ``prog``,
    its context's object ``obj``) answered on standard output, by the shell's class
    (:mod:`tashkalar_cli.command.shells`): the completions of the words typed, or the script itself;
    the exit code (fish asking whether there are completions: 0 yes, 1 no). A request or a
    shell's variable that is not well formed is an :class:`InputError` (exit 2)."""
    check_environment()
    request, _, shell = os.environ[COMPLETE_VAR].partition("_")
    attach(root, "")  # the root's own options completed too
    asked = SHELL_CLASSES[shell](root, {"obj": obj}, prog, COMPLETE_VAR)
    if request == "source":
        click.echo(asked.source())
        return 0
    if isinstance(asked, Fish) and os.environ.get(FISH_ACTION) == "is-args":
        return 0 if asked.offers() else 1
    click.echo(asked.complete())
    return 0


class Completing(click.ParamType[Any]):
    """A parameter's type (``inner``, which reads the values as before) whose values the shell
    completes as values of ``kind`` (see :data:`TABLE`): Click asks a parameter's type for its
    completions (``ParamType.shell_complete``) when the parameter was made without a completer."""

    def __init__(self, inner: click.ParamType[Any], kind: str) -> None:
        self.inner, self.kind = inner, kind
        self.name = inner.name  # (no composite type is completed: see TABLE)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        return self.inner.convert(value, param, ctx)

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str | None:
        return self.inner.get_metavar(param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        return complete(self.kind, ctx, param, incomplete)


def attach(command: click.Command, path: str) -> None:
    """Give the parameters of ``command`` (and of its sub-commands) their completer."""
    for param in command.params:
        kind = kinds().get((path, param.name or "")) or kinds().get(("*", param.name or ""))
        if kind is not None:
            param.type = Completing(param.type, kind)
    if isinstance(command, click.Group) and path:
        for name, sub in command.commands.items():
            attach(sub, f"{path} {name}")


# ---------------------------------------------------------------------------- the candidates
def _option(ctx: click.Context, name: str) -> Any:
    """The value of ``--name`` already typed on the command line, in this command or a parent."""
    node: click.Context | None = ctx
    while node is not None:
        value = node.params.get(name)
        if value:
            return value
        node = node.parent
    return None


def _game_and_loc(ctx: click.Context) -> tuple[Any, Any]:

    game: Game[Any] = Game(data=_option(ctx, "data"))
    lang = _option(ctx, "lang")
    try:
        loc = game.localizer(lang if isinstance(lang, str) else None)
    except Exception:  # an unknown --lang while typing: complete in English
        loc = game.localizer("en")
    return game, loc


#: completions as (value, help) pairs
Pairs = list[tuple[str, str]]


def _words(game: Any, loc: Any, kind: str, ids: Iterable[str]) -> tuple[Pairs, Pairs]:
    """Fixed values (decks, modes, ranks, card types) by their names in the user's language, the
    ones :meth:`Game.word` reads, and their ids when they are spelled otherwise."""
    names: Pairs = []
    others: Pairs = []
    for value in ids:
        name = game.vocabulary.shown(kind, value, loc.lang)
        names.append((name, value))
        if fold(value) != fold(name):  # 'everfrost' is offered as 'Everfrost' only
            others.append((value, name))
    return names, others


def _shells(kind: str) -> Pairs | None:
    """The shells ``--install-completion`` installs for (``shell``), or that ``--show-completion``
    has a script for (``script``); None for another kind."""
    if kind == "shell":
        # deferred: --install-completion's module, which no completion loads
        from tashkalar_cli.command.shellrc import SHELLS as INSTALLED

        return [(name, "") for name in INSTALLED]
    return [(name, "") for name in SHELLS] if kind == "script" else None


def candidates(kind: str, game: Any, loc: Any, among: Iterable[str] | None = None) -> tuple[Pairs, Pairs]:
    """Every value of ``kind`` (of a fixed kind: among ``among``) with its help, as two lists: what
    a person types (a name, a term, a rule number, with its id or title as help), and the ids that
    may be typed instead."""
    shells = _shells(kind)
    if shells is not None:
        return shells, []
    own = hook(game.pack, "complete")   # the kinds of values only the game has (Tash-Kalar's cards, colors)
    found: tuple[Pairs, Pairs] | None = own(kind, game, loc) if own is not None else None
    if found is not None:
        return found
    if kind == "keyword":
        entries = game.dataset.locales.get(loc.lang, {}).get("keywords", {})
        return ([(e["term"], kid) for kid, e in entries.items()], [(kid, e["term"]) for kid, e in entries.items()])
    if kind == "rule":
        titles = game.dataset.locales.get(loc.lang, {}).get("rules", {})
        english = game.dataset.locales.get("en", {}).get("rules", {})
        numbers: Pairs = []
        ids: Pairs = []
        for rule in game.rules.rules:
            title = (titles.get(rule.id) or english.get(rule.id) or {}).get("title", "")
            numbers.append((rule.number, title))
            ids.append((rule.id, f"{rule.number} {title}"))
        return numbers, ids
    if kind in ("deck", "decks"):
        return _words(game, loc, "deck", game.decks)
    if kind in ("mode", "rank", "type"):
        return _words(game, loc, kind, game.vocabulary.ids(kind) if among is None else among)
    if kind == "lang":
        return [(lang, game.dataset.locales.get(lang, {}).get("language", {}).get("name", lang))
                for lang in game.languages], []
    if kind == "book":      # a rulebook, by its language: the code, with the language's name as help
        return [(book, loc.msg(f"lang.{book}")) for book in game.errata.books], []
    if kind == "erratum":   # an erratum's id, its title in the user's language as help
        return [(e["id"], str(loc.field("errata", e["id"], "title"))) for e in game.errata.items], []
    return [], []


def matches(word: str, pairs: Iterable[tuple[str, str]]) -> Pairs:
    """The pairs whose value starts with ``word``, then those with a word that does; when none
    does, those whose help does (``bleu`` offers ``blue`` in French)."""
    key = fold(word)
    first: list[tuple[str, str]] = []
    second: list[tuple[str, str]] = []
    by_help: list[tuple[str, str]] = []
    seen: set[str] = set()
    for value, help_text in pairs:
        if value in seen:
            continue
        seen.add(value)
        folded = fold(value)
        if folded.startswith(key):
            first.append((value, help_text))
        elif key and f" {key}" in f" {folded}":      # words of the value, from the start of one
            second.append((value, help_text))
        elif key and f" {key}" in f" {fold(help_text)}":
            by_help.append((value, help_text))
    found = sorted(first, key=lambda p: fold(p[0])) + sorted(second, key=lambda p: fold(p[0]))
    return found or sorted(by_help, key=lambda p: fold(p[0]))


def complete(kind: str, ctx: click.Context, param: click.Parameter, incomplete: str,
             among: Iterable[str] | None = None) -> list[CompletionItem]:
    """The completions of ``incomplete`` for a parameter whose values are of ``kind`` (among
    ``among``: the choices of a :class:`~tashkalar_cli.command.options.WordChoice` option)."""
    try:
        game, loc = _game_and_loc(ctx)
        prefix = ""
        if kind in ("beings", "decks") and "," in incomplete:  # --hand a,b,c: complete the last one
            prefix, incomplete = incomplete.rsplit(",", 1)
            prefix += ","
        if kind == "decks" and "=" in incomplete:  # plan --threats --deck red=imperial
            color, incomplete = incomplete.split("=", 1)
            prefix += color + "="
        shown, ids = candidates(kind, game, loc, among)
        if kind == "rule":  # numbers and ids are typed as such: only those that start with the word
            shown = [(v, h) for v, h in shown if v.startswith(incomplete.strip())]
            ids = [(v, h) for v, h in ids if v.startswith(incomplete.strip())]
        # ids when the word looks like one (or nothing else matches): 'hungry-' offers hungry-bear
        found = matches(incomplete, ids + shown) if "-" in incomplete else \
            (matches(incomplete, shown) or matches(incomplete, ids))
    except Exception:  # a broken data folder: no suggestions rather than a traceback in the shell
        return []
    # the shell shows the help texts (card names from the data) in its menu: nothing it acts on
    return [CompletionItem(prefix + value, help=visible(help_text, 200) or None) for value, help_text in found]


__all__ = ["COMPLETE_VAR", "SHELLS", "TABLE", "answer", "attach", "bash_escape", "candidates", "check_environment",
           "check_home", "complete", "completing", "matches"]
