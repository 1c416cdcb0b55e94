"""Help pages drawn by the tool itself: Typer's layout (the usage line, the help text, a panel of
arguments, of options, of commands), in the user's language, and never cut at any width.

Click asks a command's context for its help (``Context.get_help``, the ``--help`` option and a line
with no arguments); :class:`~tashkalar_cli.cli.usage.ToolContext` answers with :func:`print_help`.
Typer's own formatter takes its titles, its marks (``[default: …]``, ``[required]``) and its console
from module constants, and squeezes the column of option names at a narrow width (``--play…``);
here the titles, marks and metavariables are the ``cli.*`` texts of ``ui.yaml``, the console is the
tool's (:class:`~tashkalar_cli.render.terminal.PipeConsole`: quiet on a closed pipe, never breaking
a line at a no-break space), and where the names and a readable help column do not fit side by side,
each parameter's names are written on a line of their own, its help below them.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar

import click
from rich.align import Align
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.highlighter import RegexHighlighter
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from rich.theme import Theme

if TYPE_CHECKING:
    from tashkalar_cli.command.localize import Words

#: the styles of Typer's help, kept as they are
STYLES = {"option": "bold cyan", "switch": "bold green", "negative_option": "bold magenta",
          "negative_switch": "bold red", "metavar": "bold yellow", "metavar_sep": "dim", "usage": "yellow"}
#: the narrowest help column drawn beside the names of the parameters; narrower, they are stacked
MIN_HELP = 24


class OptionHighlighter(RegexHighlighter):
    highlights: ClassVar[list[str]] = [r"(^|\W)(?P<switch>\-\w+)(?![a-zA-Z0-9])", r"(^|\W)(?P<option>\-\-[\w\-]+)(?![a-zA-Z0-9])",
                  r"(?P<metavar>\<[^\>]+\>)", r"(?P<usage>Usage: )"]


class NegativeHighlighter(RegexHighlighter):
    highlights: ClassVar[list[str]] = [r"(^|\W)(?P<negative_switch>\-\w+)(?![a-zA-Z0-9])",
                  r"(^|\W)(?P<negative_option>\-\-[\w\-]+)(?![a-zA-Z0-9])"]


class MetavarHighlighter(RegexHighlighter):
    highlights: ClassVar[list[str]] = [r"^(?P<metavar_sep>(\[|<))", r"(?P<metavar_sep>\|)", r"(?P<metavar_sep>(\]|>))(\.\.\.)?$"]


HIGHLIGHT = OptionHighlighter()


class Page:
    """What a help page is written with: the interface's texts (``words``; None: English)."""

    def __init__(self, ctx: click.Context, words: Words | None) -> None:
        from tashkalar_cli.cli.said import Said

        self.ctx = ctx
        self.words = words
        loc = words.loc if words is not None else None
        self.said = Said(loc.ui if loc is not None else None, str)

    def text(self, key: str, english: str) -> str:
        return self.words.text(key, english) if self.words is not None else english

    def quantity(self, value: object) -> object:
        return self.words.quantity(value) if self.words is not None else value


def print_help(ctx: click.Context, words: Words | None) -> None:
    """``ctx``'s command's help, printed on standard output."""
    from tashkalar_cli.render.terminal import PipeConsole

    limit = os.environ.get("TERMINAL_WIDTH")
    console = PipeConsole(theme=Theme(STYLES), highlighter=HIGHLIGHT,
                          width=int(limit) if limit and limit.isdigit() else None)
    page = Page(ctx, words)
    command = ctx.command
    usage = f"{page.text('cli.usage', 'Usage:')} {ctx.command_path} " + \
        page.said.metavar(" ".join(command.collect_usage_pieces(ctx)))
    console.print(Padding(HIGHLIGHT(usage), 1), style="bold")
    if command.help:
        console.print(Padding(Align(_help_text(command.help), pad=False), (0, 1, 1, 1)))
    params = [p for p in command.get_params(ctx) if not getattr(p, "hidden", False)]
    for kind, key, english in ((click.Argument, "cli.arguments", "Arguments"), (click.Option, "cli.options", "Options")):
        shown = [p for p in params if isinstance(p, kind)]
        if shown:
            console.print(Panel(_params_table(shown, page, console.width), border_style="dim",
                                title=page.text(key, english), title_align="left"))
    if isinstance(command, click.Group):
        commands = [c for c in (command.get_command(ctx, name) for name in command.list_commands(ctx))
                    if c is not None and not c.hidden]
        if commands:
            console.print(Panel(_commands_table(commands), border_style="dim",
                                title=page.text("cli.commands", "Commands"), title_align="left"))


def _rich(text: str, style: str = "") -> Text:
    return HIGHLIGHT(Text.from_markup(text, style=style))


def _help_text(help_text: str) -> RenderableType:
    """A command's help: its first paragraph, then the others dim (as Typer draws them)."""
    first, *rest = inspect.cleandoc(help_text).partition("\f")[0].split("\n\n")
    if not first.startswith("\b"):
        first = first.replace("\n", " ")
    parts: list[RenderableType] = [_rich(first.strip())]
    if rest:
        parts += [Text(""), _rich("\n\n".join(rest), style="dim")]
    return Group(*parts)


def _names(param: click.Parameter) -> list[str]:
    """The columns of a parameter's names: long, short, negative long, negative short."""
    def pick(opts: list[str], long: bool) -> str:
        return ",".join(o for o in opts if ("--" in o) == long)

    return [pick(param.opts, True), pick(param.opts, False), pick(param.secondary_opts, True),
            pick(param.secondary_opts, False)]


def _metavar(param: click.Parameter, page: Page) -> Text:
    metavar = param.make_metavar(page.ctx)
    if isinstance(param, click.Argument) and param.name and metavar == param.name.upper():
        metavar = param.type.name.upper()
    out = Text(style="bold yellow", overflow="fold")
    if metavar != "BOOLEAN":
        out.append(page.said.metavar(metavar))
    if isinstance(param, click.Option) and isinstance(param.type, (click.IntRange, click.FloatRange)) \
            and not (param.count and param.type.min == 0 and param.type.max is None):
        from tashkalar_cli.cli.values import describe_range

        described = describe_range(param.type)
        if described:
            out.append(f" [{described}]")
    return MetavarHighlighter()(out)


def _default(param: click.Parameter, page: Page) -> str | None:
    """The default a parameter's help shows (as Typer shows it), or None."""
    show = getattr(param, "show_default", None)
    if isinstance(show, str):
        return f"({show})"
    if not (show or page.ctx.show_default):
        return None
    resilient, page.ctx.resilient_parsing = page.ctx.resilient_parsing, True
    try:
        value = param.get_default(page.ctx, call=False)
    finally:
        page.ctx.resilient_parsing = resilient
    if value is None:
        return None
    return _default_string(param, value)


def _default_string(param: click.Parameter, value: Any) -> str:
    flag = isinstance(param, click.Option) and param.is_bool_flag
    if isinstance(value, (list, tuple)):
        return ", ".join(_default_string(param, v) for v in value)
    if isinstance(value, Enum):
        return str(value.value)
    if inspect.isfunction(value):
        return "(dynamic)"
    if flag and param.secondary_opts:
        opts = param.opts if param.default else param.secondary_opts
        return opts[0].lstrip(opts[0][:1]) if opts else str(value)  # the name without its prefix
    if flag and not value:
        return ""
    return str(value)


def _param_help(param: click.Parameter, page: Page) -> Columns:
    """A parameter's help, then its default and whether it is required."""
    pieces: list[Text] = []
    help_value: str | None = getattr(param, "help", None)
    if param is page.ctx.command.get_help_option(page.ctx):  # Click's words for its --help
        help_value = page.text("cli.help_option", help_value or "")
    if help_value:
        paragraphs = [p.replace("\n", " ").strip() if not p.startswith("\b") else p.strip("\b\n") + "\n"
                      for p in help_value.split("\n\n")]
        pieces.append(_rich(inspect.cleandoc("\n".join(paragraphs).strip())))
    default = _default(param, page)
    if default:
        template = page.text("cli.default", "[default: {}]")
        before, _, after = template.partition("{}")  # the one place of the value (no format spec read from a text)
        pieces.append(Text(before + str(page.quantity(default)) + after, style="dim"))
    if param.required:
        pieces.append(Text(page.text("cli.required", "[required]"), style="dim red"))
    return Columns(pieces)


def _params_table(params: Sequence[click.Parameter], page: Page, width: int) -> Table:
    """The rows of a panel of parameters: required mark, names, metavariable, help."""
    starred = any(p.required for p in params)
    negative = NegativeHighlighter()
    names: list[list[Text]] = []
    for param in params:
        long, short, neg_long, neg_short = _names(param)
        mark = [Text("*", style="red") if param.required else Text("")] if starred else []
        names.append([*mark, HIGHLIGHT(Text(long)), HIGHLIGHT(Text(short)), negative(Text(neg_long)),
                      negative(Text(neg_short)), _metavar(param, page)])
    helps = [_param_help(param, page) for param in params]
    # the widest of each column of names (a column no parameter fills is left out), two spaces after
    # each (the padding between columns), inside the panel's borders and padding
    widths = [max(row[i].cell_len for row in names) for i in range(len(names[0]))]
    kept = [i for i, w in enumerate(widths) if w]
    if sum(widths[i] + 2 for i in kept) + 4 + MIN_HELP <= width:
        table = Table(highlight=True, show_header=False, expand=True, box=None, padding=(0, 1), pad_edge=False)
        for row, help_cell in zip(names, helps, strict=True):
            table.add_row(*(row[i] for i in kept), help_cell)
        return table
    stacked = Table.grid(expand=True)  # each parameter's names on a line of their own, its help below
    stacked.add_column(overflow="fold")
    for row, help_cell in zip(names, helps, strict=True):
        stacked.add_row(Text(" ").join(cell for cell in row if cell.plain))
        stacked.add_row(Padding(help_cell, (0, 0, 0, 4)))
    return stacked


def _commands_table(commands: list[click.Command]) -> Table:
    table = Table(highlight=False, show_header=False, expand=True, box=None, padding=(0, 1), pad_edge=False)
    table.add_column(style="bold cyan", no_wrap=True, width=max(len(c.name or "") for c in commands))
    table.add_column("Description", justify="left", no_wrap=False, ratio=10)
    for command in commands:
        first = inspect.cleandoc(command.short_help or command.help or "").split("\n\n")[0]
        if first.startswith("\b"):
            first = first.replace("\b\n", "")
        table.add_row(Text(command.name or ""), _rich(first.strip()))
    return table


__all__ = ["MIN_HELP", "print_help"]
