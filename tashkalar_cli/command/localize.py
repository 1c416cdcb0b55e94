"""The command line in the user's language: help texts, and the words around them.

Help texts are looked up in ``locales/<lang>/ui.yaml`` under ``help.<command path>`` (a
command) and ``help.<command path>.<parameter>`` or ``help.option.<parameter>`` (an option or
argument); the English strings written in the command modules are only a fallback. What Click
would say in its own English words is said by the tool from the same ``ui.yaml`` (keys ``cli.*``):
the usage errors from their exceptions' attributes (:mod:`tashkalar_cli.cli.usage`, the values
refused by :mod:`tashkalar_cli.cli.values`), the help by its own formatter
(:mod:`tashkalar_cli.cli.helptext`).
Nothing here runs unless help or an error is shown: the language and its texts are looked up on
first use.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from tashkalar_cli.errors import TashkalarError, visible

if TYPE_CHECKING:
    from tashkalar_cli.errors import Namer
    from tashkalar_cli.game import Game
    from tashkalar_cli.text.i18n import Localizer


class Words:
    """The interface's texts in the user's language, found on first use."""

    def __init__(self, lang_option: str | None, data: str | None) -> None:
        self._lang_option = lang_option
        self._data = data
        self._loc: Localizer | None = None
        self._game: Game[Any] | None = None
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
                # deferred: the game, which --version and i18n export/import/reviewed --json do not open
                from tashkalar_cli.game import Game

                self._game = Game(data=self._data)
                try:
                    self._loc = self._game.localizer(self._lang_option)
                except Exception:  # an unknown --lang: that very error is said in the locale's language
                    self._loc = self._game.localizer(None)
            except Exception:  # the data failed to load: its error is said with the interface's texts alone
                self._failed = True
                from tashkalar_cli.text.i18n import interface_only  # deferred: when the data fails to load only

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
        from tashkalar_cli.text.vocabulary import Lexicon, find_word  # deferred: the word reader, for an unknown option only

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


def _help_text(text: str) -> str:
    """A help text from a locale as Typer shows it: a translator's words, never Rich markup or an
    escape sequence (a ``[/x]`` in a help text is printed, not parsed)."""
    from rich.markup import escape  # deferred: Rich's markup, for a translated help text only


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


def install_completion(ctx: click.Context, shell: str | None, words: Words) -> None:
    """``--install-completion`` for ``shell`` (None: the one the command runs in), done through
    :mod:`tashkalar_cli.command.shellrc` (all or nothing, the start-up file's bytes kept) and said in the
    user's language; then the run ends."""
    # deferred: --install-completion only (shellrc: all or nothing, the start-up file's bytes kept)
    from tashkalar_cli.command.completion import COMPLETE_VAR, check_home
    from tashkalar_cli.command.shellrc import install as install_script

    check_home()
    prog = ctx.find_root().info_name or "tashkalar"
    shell, path = install_script(shell, prog, COMPLETE_VAR)
    loc = words.loc
    if loc is None:
        click.secho(f"{shell} completion installed in {path}", fg="green")
        click.echo("Completion will take effect once you restart the terminal")
    else:
        click.secho(visible(loc.msg("completion.installed", shell=shell, path=str(path))), fg="green")
        click.echo(visible(loc.msg("completion.restart")))
    sys.exit(0)
