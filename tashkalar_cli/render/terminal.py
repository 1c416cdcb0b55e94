"""The console every command prints through, and the helpers that put data into Rich renderables.

Nothing read from a file or typed by a user is interpreted by the terminal or by Rich:

- the console has no markup (a card or file name with ``[/x]`` or ``[bold]`` is shown as it is,
  never a ``MarkupError``), no emoji codes and no highlighting;
- every plain string it renders (printed, a table cell or title, a column header) is made
  :func:`~tashkalar_cli.errors.visible` first, so its width is measured on what is shown;
- :func:`shown` and :func:`block` make the :class:`~rich.text.Text` of a value from the data;
- as a last guard, every segment the console writes, whatever made it, is made visible too: an
  escape sequence in data never reaches the terminal, even through a renderable built elsewhere.
  Rich's own control codes (styles, cursor moves) are not data and pass.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.console import Console, Group
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text

from tashkalar_cli.errors import visible
from tashkalar_cli.text.typography import NO_BREAK

if TYPE_CHECKING:
    from rich.console import ConsoleOptions, RenderableType, RenderResult
    from rich.containers import Lines

#: the no-break spaces (French typography) each stood in for, while Rich wraps a line, by a
#: character of the same width that Rich does not read as a space (one of the private use area,
#: which no text shown here holds: :func:`~tashkalar_cli.errors.visible` escapes them)
_STAND_INS = "".join(chr(0xE000 + i) for i in range(len(NO_BREAK)))
_MASK = str.maketrans(NO_BREAK, _STAND_INS)
_UNMASK = str.maketrans(_STAND_INS, NO_BREAK)
#: the spaces a line is broken at: any whitespace but the no-break ones
_BREAKS = re.compile(f"[^\\S{NO_BREAK}]+")


class NoBreakText(Text):
    """A Rich :class:`~rich.text.Text` never broken at a no-break space: Rich wraps a line at any
    space Python calls whitespace, the no-break ones too, and a French ``YAML :`` or ``« Canon »``
    (see :mod:`tashkalar_cli.text.typography`) would be cut before its colon or guillemet. Rich's
    own protocol methods are extended (``wrap``, ``__rich_measure__``); Rich itself is not changed."""

    def wrap(self, console: Console, width: int, **kwargs: Any) -> Lines:
        plain = self.plain
        if not any(c in plain for c in NO_BREAK) or any(c in _STAND_INS for c in plain):
            return super().wrap(console, width, **kwargs)
        masked = self.copy()
        masked.plain = plain.translate(_MASK)  # the same length: the spans keep their places
        lines = Text.wrap(masked, console, width, **kwargs)
        for line in lines:
            line.plain = line.plain.translate(_UNMASK)
        return lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        """A column is at least as wide as the longest word, a word holding no-break spaces too."""
        found = super().__rich_measure__(console, options)
        if not any(c in self.plain for c in NO_BREAK):
            return found
        longest = max((cell_len(w) for w in _BREAKS.split(self.plain)), default=0)
        return Measurement(max(found.minimum, min(longest, found.maximum)), found.maximum)


def no_break(text: Text) -> Text:
    """``text`` as a :class:`NoBreakText` when it holds a no-break space (else itself)."""
    if isinstance(text, NoBreakText) or not any(c in text.plain for c in NO_BREAK):
        return text
    out = NoBreakText(text.plain, style=text.style, justify=text.justify, overflow=text.overflow,
                      no_wrap=text.no_wrap, end=text.end, tab_size=text.tab_size)
    out.spans = list(text.spans)
    return out


#: the longest name, title or table cell shown: a hostile data folder never floods the terminal
MOST_SHOWN = 200
#: the longest text shown (a card's effect, a rule)
MOST_BLOCK = 20_000


def shown(value: object, style: str = "", most: int = MOST_SHOWN) -> Text:
    """A one-line value from the data (a name, an id, a file name) as Rich text: made visible,
    cut to ``most`` characters, never read as markup."""
    return no_break(Text(visible(value, most), style=style))


def block(value: object, style: str = "", most: int = MOST_BLOCK) -> Text:
    """A text of several lines from the data (an effect, a definition) as Rich text."""
    return no_break(Text(visible(value, most, lines=True), style=style))


#: the widest a text of sentences is drawn (a rule, a card, an answer), however wide the
#: terminal: longer lines are hard to read
READABLE = 100


class Readable:
    """``renderable`` drawn at most :data:`READABLE` columns wide."""

    def __init__(self, renderable: RenderableType, width: int = READABLE) -> None:
        self.renderable, self.width = renderable, width

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from console.render(self.renderable, options.update(max_width=min(options.max_width, self.width)))

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options.update(max_width=min(options.max_width, self.width)),
                               self.renderable)


class TitledPanel:
    """A panel with a title and a subtitle (an id, say) in its border, at most :data:`READABLE`
    columns wide; a title or subtitle too long for the border at the width it is drawn in goes
    inside the panel, first or last line, rather than being cut."""

    def __init__(self, body: RenderableType, title: Text | None = None, subtitle: Text | None = None) -> None:
        self.body, self.title, self.subtitle = body, title, subtitle

    def _panel(self, width: int) -> RenderableType:
        from rich.panel import Panel  # deferred: a panel for one card, rule or keyword; the lists draw none

        room = width - 6  # the corners, a rule either side and a space either side of the title
        title, subtitle = self.title, self.subtitle
        top: list[RenderableType] = []
        bottom: list[RenderableType] = []
        if title is not None and title.cell_len > room:
            top, title = [title, Text()], None
        if subtitle is not None and subtitle.cell_len > room:
            bottom, subtitle = [Text(), subtitle], None
        body = Group(*top, self.body, *bottom) if top or bottom else self.body
        return Panel(body, title=title, subtitle=subtitle, expand=False)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = min(options.max_width, READABLE)
        yield from console.render(self._panel(width), options.update(max_width=width))

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        width = min(options.max_width, READABLE)
        return Measurement.get(console, options.update(max_width=width), self._panel(width))


#: the terminal widths taken from ``COLUMNS`` (and heights from ``LINES``): any other value (not a
#: number, negative, absurd like 999999999) is ignored, and the terminal's own size is used
TERMINAL_SIZES = range(10, 10_001)


def sane_size(environ: Mapping[str, str], name: str) -> bool:
    """Whether the variable ``name`` is unset or holds a size of :data:`TERMINAL_SIZES`."""
    value = environ.get(name)
    if value is None:
        return True
    value = value.strip()
    return value.isascii() and value.isdigit() and len(value) < 7 and int(value) in TERMINAL_SIZES


def terminal_size(console: Console) -> tuple[int, int]:
    """The size of the terminal ``console`` writes to, as Rich finds it when ``COLUMNS`` and
    ``LINES`` are unset: 80 by 25 for a dumb terminal, else the first of standard input, output and
    error that is a terminal, else 80 by 25."""
    if console.is_dumb_terminal:
        return 80, 25
    for fd in (0, 1, 2):
        try:
            columns, lines = os.get_terminal_size(fd)
        except (AttributeError, ValueError, OSError):
            continue
        return columns or 80, lines or 25
    return 80, 25


class PipeConsole(Console):
    """A Rich console that lets the command line end quietly when the reader of its output goes
    away (see ``cli.app.main``), rather than with Rich's own exit code 1, which means translation
    findings here. Typer's help and usage errors are printed through one too.

    Its size: ``COLUMNS`` and ``LINES`` when they hold a terminal's size (:data:`TERMINAL_SIZES`),
    else the terminal's own, through the console's public ``width`` and ``height`` (the
    environment is left as it is: Rich would take ``COLUMNS=999999999`` for a width)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if kwargs.get("width") is None and not sane_size(os.environ, "COLUMNS"):
            self.width = terminal_size(self)[0]
        if kwargs.get("height") is None and not sane_size(os.environ, "LINES"):
            self.height = terminal_size(self)[1]

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError

    def render_str(self, text: str, **kwargs: Any) -> Text:
        return no_break(super().render_str(text, **kwargs))

    def render(self, renderable: RenderableType, options: ConsoleOptions | None = None) -> Iterable[Segment]:
        """Every text drawn, wherever it was made (a table cell, a panel, Typer's help), wrapped
        at its breaking spaces only (:class:`NoBreakText`)."""
        if type(renderable) is Text:
            renderable = no_break(renderable)
        return super().render(renderable, options)


class SafeConsole(PipeConsole):
    """A Rich console that shows data as text: see the module's documentation."""

    def render_str(self, text: str, **kwargs: Any) -> Text:
        return super().render_str(visible(text, MOST_BLOCK, lines=True), **kwargs)

    def render(self, renderable: RenderableType, options: ConsoleOptions | None = None) -> Iterable[Segment]:
        for segment in super().render(renderable, options):
            if segment.control is None and not segment.text.isprintable() and segment.text != "\n":
                text = visible(segment.text, lines=True)
                if text != segment.text:
                    segment = Segment(text, segment.style)
            yield segment


def console(label_value: str | None = None, **kwargs: Any) -> Console:
    """The console of a command: no markup, no emoji table (a large import), no automatic
    highlighting of numbers in our texts. ``label_value``: how its language joins a label and a value
    ("{label} : {value}" in French), which the tables drawn as records (:class:`~tashkalar_cli.render.fit.Records`)
    read from it."""
    made = SafeConsole(markup=False, emoji=False, highlight=False, **kwargs)
    if label_value is not None:
        made.label_value = label_value   # type: ignore[attr-defined]
    return made


class Hanging:
    """A finding on lines of its own (``FILE:LINE: message``): its first line indented ``first`` cells, the
    lines it wraps onto ``rest``, so that a continuation never reads as the next finding; wrapped at its
    breaking spaces only (:func:`no_break`), whatever the width (80 columns when piped)."""

    def __init__(self, text: Text, first: int = 2, rest: int = 4) -> None:
        self.text, self.first, self.rest = text, first, rest

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = no_break(self.text).wrap(console, max(options.max_width - self.rest, 1))
        for n, line in enumerate(lines):
            yield Text(" " * (self.rest if n else self.first)).append_text(line)


#: the opening of an item of a list in lines of sentences (``  - ``): its indentation and its mark
_ITEM = re.compile(r" *(?:[-*\u2022] )?")
#: the fewest cells a wrapped line keeps for its words, however deep its item's indentation
_LEAST_ROOM = 12


def hanging_lines(console: Console, line: str, width: int, more: int = 0) -> list[str]:
    """``line`` (a sentence, or an item of a list: ``  - ...``) wrapped by Rich at its breaking spaces
    (:class:`NoBreakText`) to ``width`` cells (a word longer than that, a path, is never cut), the lines it
    wraps onto indented as far as the item's text, so that a continuation never reads as the next item; a
    sentence's continuation indented ``more`` cells (where lines of sentences are told apart only so). A line
    that fits is itself."""
    if cell_len(line) <= width:
        return [line]
    found = _ITEM.match(line)
    lead = found.group() if found is not None else ""
    first, rest = len(lead), len(lead) + (0 if lead.strip() else more)
    if width - rest < _LEAST_ROOM:   # too narrow for the indentation: the words first
        lead, first, rest = "", 0, 0
    room = max(width - rest, 1)
    wrapped = [part for run, whole in _runs(line[first:], room)
               for part in ([run] if whole else [p.plain.rstrip() for p in no_break(Text(run)).wrap(console, room)])]
    return [(lead if n == 0 else " " * rest) + part for n, part in enumerate(wrapped)]


def _runs(text: str, room: int) -> list[tuple[str, bool]]:
    """``text`` as runs of words Rich wraps to ``room`` cells, and each word longer than that (a file's path)
    alone, kept whole on a line of its own (Rich would cut it: a path is copied as it is): (run, whole)."""
    words = _BREAKS.split(text)
    if all(cell_len(w) <= room for w in words):
        return [(text, False)]
    runs: list[tuple[str, bool]] = []
    kept: list[str] = []
    for word in words:
        if cell_len(word) > room:
            runs += [(" ".join(kept), False), (word, True)] if kept else [(word, True)]
            kept = []
        else:
            kept.append(word)
    return [*runs, (" ".join(kept), False)] if kept else runs


class Sentences:
    """Lines of sentences (a verdict, the outcomes of an effect and their steps), each made visible and wrapped
    at its breaking spaces to the width it is drawn in, at most :data:`READABLE` columns
    (:func:`hanging_lines`): what a command says in sentences rather than in a table or a panel."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.lines = lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = min(options.max_width, READABLE)
        end = Segment.line()
        for line in self.lines:
            for part in hanging_lines(console, visible(line), width):
                yield Segment(part)
                yield end


class Key:
    """A key: entries (a symbol and its meaning) one after the other, wrapped between entries so
    that a symbol never ends a line away from its meaning."""

    def __init__(self, entries: list[tuple[str, str]], separator: str) -> None:
        self.entries = entries
        self.separator = separator

    def entry(self, symbol: str, meaning: str) -> Text:
        return Text.assemble((symbol, "bold"), " ", meaning, style="dim")

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        line = Text(style="dim")
        for i, (symbol, meaning) in enumerate(self.entries):
            piece = self.entry(symbol, meaning)
            last = i == len(self.entries) - 1
            tail = "" if last else self.separator.rstrip()
            if line.cell_len and line.cell_len + 1 + piece.cell_len + len(tail) > width:   # 1: the space between
                yield line
                line = Text(style="dim")
            elif line.cell_len:
                line.append(" ")
            if not line.cell_len and piece.cell_len + len(tail) > width:   # an entry wider than the line alone
                *whole, line = self._wrapped(console, symbol, meaning + tail, width)
                yield from whole
                continue
            line.append_text(piece)
            line.append(tail, style="dim")
        if line.cell_len:
            yield line

    def _wrapped(self, console: Console, symbol: str, meaning: str, width: int) -> list[Text]:
        """An entry wider than the line: its meaning wrapped at its breaking spaces beside its symbol, the lines
        it wraps onto under the meaning's first word, so that the symbol never stands alone."""
        lead = cell_len(symbol) + 1
        room = max(width - lead, 1)
        lines = no_break(Text(meaning, style="dim")).wrap(console, room)
        out = []
        for n, part in enumerate(lines):
            part.rstrip()
            head = Text.assemble((symbol, "bold"), " ", style="dim") if n == 0 else Text(" " * lead, style="dim")
            out.append(head.append_text(part))
        return out


__all__ = [
    "MOST_BLOCK",
    "MOST_SHOWN",
    "READABLE",
    "TERMINAL_SIZES",
    "Key",
    "NoBreakText",
    "PipeConsole",
    "Readable",
    "SafeConsole",
    "Sentences",
    "TitledPanel",
    "block",
    "console",
    "hanging_lines",
    "no_break",
    "sane_size",
    "shown",
]
