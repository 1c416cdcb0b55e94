"""Click's usage errors said from what their exceptions hold, in the user's language.

Click composes its usage errors in English sentences (``Missing argument 'CARD'.``, ``Option
'--mode' requires an argument.``), whose wording changed between its versions. Here each kind of
usage error is said from the exception's attributes (``NoSuchOption.option_name`` and
``possibilities``, ``BadOptionUsage.option_name``, ``MissingParameter.param`` and ``param_type``,
``BadParameter.param``; a value refused: :class:`~tashkalar_cli.cli.values.BadValue`, which holds
it) and the parameter objects of the command, with the texts of the ``cli.*``
keys of ``ui.yaml``; names are quoted as the language quotes (``cli.quoted``: French « --mode »),
metavariables named as the help names them (``cli.metavar.*``).

Two extension points of Click make the attributes available: a :class:`ToolContext` (the
``context_class`` of every command) attaches itself to a usage error its parser raises without a
context (Click's parser knows none), and refuses extra arguments with :class:`ExtraArguments`,
which holds them (Click's own refusal is a sentence only).
"""

from __future__ import annotations

from collections.abc import Callable
from types import TracebackType
from typing import Any

import click

from tashkalar_cli.cli.said import ENGLISH, Said, Texts
from tashkalar_cli.cli.values import BadValue

#: an upper-case word of a usage line or a metavariable (``CARD``, ``OPTIONS``, ``ARGS``)

#: a text of the user's language by key (None: the language lacks it)


class ExtraArguments(click.UsageError):
    """Words on the line that no parameter takes (``card show knight extra``): ``extra``."""

    def __init__(self, extra: list[str], ctx: click.Context | None = None) -> None:
        from tashkalar_cli.errors import fill

        super().__init__(fill(ENGLISH["cli.extra_argument" if len(extra) == 1 else "cli.extra_arguments"],
                              {"args": " ".join(extra)}), ctx)
        self.extra = list(extra)


class ToolContext(click.Context):
    """Click's context, for which a usage error says where it was made and what it is about.

    A usage error raised while this context parses its command's line, and that has no context
    (Click's parser raises ``BadOptionUsage`` without one), gets this one: its command and command
    path are then known. Extra arguments are refused as :class:`ExtraArguments` (which holds them)
    when the command is called, not by Click's parser (whose refusal holds only a sentence): the
    context takes them, as a context allowing extra arguments does, and refuses them before the
    callback runs."""

    def __init__(self, command: click.Command, *args: Any, **kwargs: Any) -> None:
        super().__init__(command, *args, **kwargs)
        self.refuses_extra = not self.allow_extra_args
        self.allow_extra_args = True

    def __exit__(self, exc_type: type[BaseException] | None, exc_value: BaseException | None,
                 tb: TracebackType | None) -> bool | None:
        if isinstance(exc_value, click.UsageError) and exc_value.ctx is None:
            exc_value.ctx = self
        return super().__exit__(exc_type, exc_value, tb)

    def get_help(self) -> str:
        """The help of this context's command, printed by the tool's formatter
        (:mod:`tashkalar_cli.cli.helptext`: in the user's language, never cut); what is returned
        is the nothing left to print."""
        from tashkalar_cli.cli.helptext import print_help
        from tashkalar_cli.command.common import state

        print_help(self, state(self).words)
        return ""

    def invoke(self, callback: Any, /, *args: Any, **kwargs: Any) -> Any:
        if self.refuses_extra and self.args and not self.resilient_parsing:
            raise ExtraArguments(self.args, ctx=self)
        return super().invoke(callback, *args, **kwargs)


def use_context(command: click.Command, context: type[ToolContext] = ToolContext) -> None:
    """``command`` and its sub-commands parse in a :class:`ToolContext` (Click's ``context_class``),
    or in ``context``, a kind of it."""
    command.context_class = context
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            use_context(sub, context)


def _option(ctx: click.Context | None, name: str) -> click.Option | None:
    """The option of ``ctx``'s command that ``name`` (``--mode``, ``-n``) names."""
    if ctx is None:
        return None
    return next((p for p in ctx.command.params if isinstance(p, click.Option)
                 and name in (*p.opts, *p.secondary_opts)), None)


def param_hint(param: click.Parameter, ctx: click.Context | None, said: Said) -> str:
    """A parameter named as a message names it: an option by its names (``'--limit' / '-n'``), an
    argument by its metavariable as the help shows it (``'CARD'``, French « CARTE »)."""
    if isinstance(param, click.Argument):
        english = param.make_metavar(ctx) if ctx is not None else param.metavar or (param.name or "").upper()
        return said.quoted(said.metavar(english))
    return " / ".join(said.quoted(name) for name in param.opts)


def usage_message(exc: click.ClickException, texts: Texts | None, shown: Callable[[str], str]) -> str:
    """The message of the usage error ``exc`` in the language of ``texts`` (None: English, for
    ``--json``), said from its attributes; what the user typed is made safe by ``shown``."""
    said = Said(texts, shown)
    ctx = getattr(exc, "ctx", None)
    if isinstance(exc, click.NoSuchOption):
        near = sorted(exc.possibilities or [])
        if len(near) == 1:   # two sentences: the first ends before the question
            return said.text("cli.no_such_option_near", name=shown(exc.option_name), possibility=near[0])
        out = said.text("cli.no_such_option", name=shown(exc.option_name))
        if near:
            listed = ", ".join(near)
            out += " " + said.text("cli.possible_options", possibilities=listed)
        return out
    if isinstance(exc, click.BadOptionUsage):
        option = _option(ctx, exc.option_name)
        if option is not None:
            name = said.quoted(shown(exc.option_name))
            if option.is_flag or option.count:
                return said.text("cli.option_takes_no_value", name=name)
            if option.nargs > 1:
                return said.text("cli.option_needs_values", name=name, nargs=option.nargs)
            return said.text("cli.option_needs_value", name=name)
    if isinstance(exc, ExtraArguments):
        return said.text("cli.extra_argument" if len(exc.extra) == 1 else "cli.extra_arguments",
                         args=shown(" ".join(exc.extra)))
    if isinstance(exc, click.MissingParameter):
        return _missing(exc, ctx, said)
    if isinstance(exc, click.BadParameter):
        # a value one of the tool's types refused, said from what it holds (cli/values.py); else the
        # sentence of the type that refused it (a type of the tool's own, already in the language)
        message = shown(exc.said(said) if isinstance(exc, BadValue) else exc.message)
        if exc.param is not None:
            return said.text("cli.invalid_value_for", param_hint=param_hint(exc.param, ctx, said), message=message)
        return said.text("cli.invalid_value", message=message)
    return shown(exc.format_message())  # a usage error of the tool's own (already in the language)


def _missing(exc: click.MissingParameter, ctx: click.Context | None, said: Said) -> str:
    """A parameter that was not given: named as the help names it."""
    param = exc.param
    if param is None:
        return said.text("cli.missing_parameter_named", name="").replace("  ", " ")
    kind = "argument" if isinstance(param, click.Argument) else "option" if isinstance(param, click.Option) \
        else "parameter"
    out = said.text(f"cli.missing_{kind}_named", name=param_hint(param, ctx, said))
    return f"{out} {said.shown(exc.message)}" if exc.message else out


def error_kind(exc: BaseException) -> str:
    """The name of Click's own class of ``exc`` (``UsageError`` for :class:`ExtraArguments`), for JSON."""
    return next((cls.__name__ for cls in type(exc).__mro__ if cls.__module__.startswith("click.")),
                type(exc).__name__)


__all__ = ["ENGLISH", "ExtraArguments", "Said", "ToolContext", "error_kind", "param_hint", "usage_message",
           "use_context"]
