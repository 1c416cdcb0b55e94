"""The command line in the user's language: help texts, and Click's and Typer's own words.

Help texts are looked up in ``locales/<lang>/ui.yaml`` under ``help.<command path>`` (a
command) and ``help.<command path>.<parameter>`` or ``help.option.<parameter>`` (an option or
argument); the English strings written in the command modules are only a fallback. Click and
Typer say their own words through gettext (``_("Missing option")``): :class:`Words` translates
them from the same ``ui.yaml`` (keys ``cli.*``, listed in :data:`FRAMEWORK`), and
:mod:`tashkalar_cli.cli.frameworks` hands it to them.
Nothing here runs unless help or an error is shown: the language and its texts are looked up on
first use.
"""

from __future__ import annotations

import gettext
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from tashkalar_cli.errors import Namer
    from tashkalar_cli.games import Game
    from tashkalar_cli.text.i18n import Localizer

#: Click's and Typer's words (their gettext msgids) -> the ui.yaml key holding them in each language
FRAMEWORK: dict[str, str] = {
    "Usage:": "cli.usage",
    "Options": "cli.options",
    "Arguments": "cli.arguments",
    "Commands": "cli.commands",
    "Error": "cli.error",
    "Error: {message}": "cli.error_message",
    "Show this message and exit.": "cli.help_option",
    "Missing command.": "cli.missing_command",
    "{value!r} is not one of {choices}.": "cli.not_one_of",
    "{value!r} is not {choice}.": "cli.not_choice",
    "{value!r} is not a valid {number_type}.": "cli.not_a_number",
    "{value!r} is not a valid boolean.": "cli.not_a_boolean",
    "{value} is not in the range {range}.": "cli.not_in_range",
    "Try '{command} {option}' for help.": "cli.try_help",
    "Try [blue]'{command_path} {help_option}'[/] for help.": "cli.try_help_rich",
    "[default: {}]": "cli.default",
    "[required]": "cli.required",
    "required": "cli.required_plain",
    "Aborted!": "cli.aborted",
    "Aborted.": "cli.aborted",
    "integer": "cli.integer",
    "float": "cli.float",
}
class Words:
    """The interface's texts in the user's language, found on first use."""

    def __init__(self, lang_option: str | None, data: str | None) -> None:
        self._lang_option = lang_option
        self._data = data
        self._loc: Localizer | None = None
        self._game: Game | None = None
        self._failed = False

    def choose(self, lang_option: str | None, data: str | None) -> None:
        """The language and data folder the line names, once Click has read them (the texts are
        found again on next use when they differ)."""
        if (lang_option, data) != (self._lang_option, self._data):
            self._lang_option, self._data = lang_option, data
            self._loc, self._game, self._failed = None, None, False

    @property
    def loc(self) -> Localizer | None:
        if self._loc is None and not self._failed:
            try:
                from tashkalar_cli.games import Game

                self._game = Game(data=self._data)
                try:
                    self._loc = self._game.localizer(self._lang_option)
                except Exception:  # an unknown --lang: that very error is said in the locale's language
                    self._loc = self._game.localizer(None)
            except Exception:  # the data failed to load: its error is said with the interface's texts alone
                self._failed = True
                from tashkalar_cli.text.i18n import interface_only

                self._loc = interface_only(self._data, self._lang_option)
        return self._loc

    def broken_languages(self) -> dict[str, str]:
        """The translators' languages that failed to load (code -> why), when the data loaded."""
        return self._game.broken_languages() if self._game is not None and not self._failed else {}

    @property
    def loaded(self) -> bool:
        """Whether the texts were already found (asking for them may build the data cache otherwise)."""
        return self._loc is not None

    def namer(self) -> Namer | None:
        """How a message names a game word in this language (see :class:`tashkalar_cli.errors.Term`):
        :meth:`Game.namer`."""
        loc = self.loc
        if loc is None or self._failed:  # no game to name its words: the words stay as written
            return None
        assert self._game is not None
        return self._game.namer(loc)

    def near_options(self, name: str, known: list[str]) -> list[str]:
        """The options of ``known`` an unknown option ``name`` may mean, read by the one word reader: an option
        by its name, a part or a typo of it (close as a typo of any word must be, not Click's loose match:
        ``--degats`` is no ``--data``), or by its name in a language (``--dégâts``, the ``option.<name>``
        forms of a language's ``words:``, is ``--damage``); none rather than noise."""
        from tashkalar_cli.errors import TashkalarError
        from tashkalar_cli.text.vocabulary import Lexicon, find_word

        loc = self.loc
        if self._game is None or loc is None or not known:
            return []
        try:
            locales = self._game.dataset.locales
        except TashkalarError:  # a data folder that fails to load: the options' own names only
            locales = {loc.lang: {}}
        names = {lang: {opt: [opt.lstrip("-").replace("-", " "),
                              *texts.get("words", {}).get(f"option.{opt.lstrip('-')}", [])] for opt in known}
                 for lang, texts in locales.items()}
        try:
            return [find_word(Lexicon(known, names, listed=True), "option", name, lang=loc.lang)]
        except TashkalarError as exc:
            return [str(h.ids[0]) if hasattr(h, "ids") else str(h) for h in exc.hints]

    def text(self, key: str, fallback: str) -> str:
        loc = self.loc
        if loc is None:
            return fallback
        found = loc.ui(key)
        return found if found is not None else fallback

    def quantity(self, value: object) -> object:
        """A value Typer shows in a help text (``[default: 50000]``): a whole number written as the
        language writes quantities (French ``50\u202f000``, Italian ``50.000``), anything else as it is."""
        text = str(value)
        loc = self.loc if text.isascii() and text.isdigit() and len(text) <= 30 else None
        return loc.number(int(text)) if loc is not None else value

    def translate(self, msgid: str) -> str:
        key = FRAMEWORK.get(msgid)
        return ClickText(self.text(key, msgid), self) if key else msgid

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """Click's texts that depend on a number (``ngettext``): the form English would choose,
        in this language (the number only tells one suggestion from a list, one argument from several)."""
        return self.translate(singular if n == 1 else plural)


class ClickCatalog(gettext.NullTranslations):
    """Click's and Typer's own words (their gettext msgids, :data:`FRAMEWORK`) in the user's
    language: a catalog with gettext's interface (``gettext``, ``ngettext``), generated at run time
    from the ``cli.*`` entries of ``ui.yaml`` (read on first use, so a run that says none of them
    reads nothing). :func:`tashkalar_cli.cli.frameworks.speak` binds it for Click and Typer."""

    def __init__(self, words: Words, english: Callable[[], bool] = lambda: False) -> None:
        super().__init__()
        self.words = words
        self.english = english  # whether Click's own English is said now (--json: every message English)

    def gettext(self, message: str) -> str:
        return message if self.english() else self.words.translate(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        if self.english():
            return msgid1 if n == 1 else msgid2
        return self.words.ngettext(msgid1, msgid2, n)


class ClickText(str):
    """One of Click's or Typer's texts in the user's language. Click fills it with ``str.format``;
    here it is filled by the one formatter (:func:`fill_click`: a translator's braces are never
    executed), and a type named in it (``integer``, ``float``) is said in the language too."""

    def __new__(cls, text: str, words: Words) -> ClickText:
        out = super().__new__(cls, text)
        out.words = words
        return out

    words: Words

    def format(self, *args: object, **kwargs: object) -> str:
        pieces = str(self).split("{}")  # Typer's "[default: {}]": each {} is the next value
        text = "".join(piece + (f"{{_{i}}}" if i < len(pieces) - 1 else "") for i, piece in enumerate(pieces))
        kwargs.update({f"_{i}": self.words.quantity(value) for i, value in enumerate(args)})
        if isinstance(kwargs.get("number_type"), str):
            kwargs["number_type"] = str(self.words.translate(str(kwargs["number_type"])))
        return fill_click(text, **kwargs)


def fill_click(template: str, **params: object) -> str:
    """One of Click's texts (``cli.*``) filled as Click fills it, by the one formatter
    (:func:`tashkalar_cli.errors.fill`): ``{name!r}``, the one field those texts have beyond a plain
    ``{name}`` (a translation may use it only where its English text does), gets the value's repr."""
    import re

    from tashkalar_cli.errors import fill

    quoted = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)!r\}")
    names = set(quoted.findall(template))
    return fill(quoted.sub(r"{\1}", template), {k: repr(v) if k in names else v for k, v in params.items()})


def _help_text(text: str) -> str:
    """A help text from a locale as Typer shows it: a translator's words, never Rich markup or an
    escape sequence (a ``[/x]`` in a help text is printed, not parsed)."""
    from rich.markup import escape

    from tashkalar_cli.errors import visible

    return escape(visible(text, lines=True))


def localize_command(command: click.Command, path: str, words: Words) -> None:
    """Help texts of ``command`` (and its sub-commands) from the locale, by command path."""
    help_text = _help_text(words.text(f"help.{path or 'tashkalar'}", command.help or ""))
    if help_text:
        command.help = help_text
        command.short_help = None
    for param in command.params:
        name = param.name or ""
        if isinstance(param, click.Option):
            fallback = words.text(f"help.option.{name}", param.help or "")
            param.help = _help_text(words.text(f"help.{path}.{name}", fallback) if path else fallback)
        elif isinstance(param, click.Argument) and hasattr(param, "help"):
            param.help = _help_text(words.text(f"help.{path}.{name}", param.help or ""))
    if isinstance(command, click.Group):
        for sub_name, sub in command.commands.items():
            localize_command(sub, f"{path}.{sub_name}" if path else sub_name, words)


def install_completion(ctx: click.Context, value: object, words: Words) -> None:
    """``--install-completion`` (the value of the root's option, when given) done through
    :mod:`tashkalar_cli.cli.shellrc` (Typer's own installer rewrites the start-up file in place, as
    text) and said in the user's language (Typer's prints two English lines); then the run ends."""
    from tashkalar_cli.cli.completion import COMPLETE_VAR, check_home
    from tashkalar_cli.cli.shellrc import install as install_script  # all or nothing, the start-up file's bytes kept

    check_home()
    prog = ctx.find_root().info_name or "tashkalar"
    shell, path = install_script(value if isinstance(value, str) else None, prog, COMPLETE_VAR)
    loc = words.loc
    if loc is None:
        click.secho(f"{shell} completion installed in {path}", fg="green")
        click.echo("Completion will take effect once you restart the terminal")
    else:
        from tashkalar_cli.errors import visible

        click.secho(visible(loc.msg("completion.installed", shell=shell, path=str(path))), fg="green")
        click.echo(visible(loc.msg("completion.restart")))
    sys.exit(0)
