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

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.segment import Segment
from rich.text import Text

from tashkalar_cli.errors import visible
from tashkalar_cli.text.typography import NO_BREAK

if TYPE_CHECKING:
    from rich.console import ConsoleOptions, RenderableType

def _no_break_wrapping() -> None:
    """Rich wraps a line at any space Python calls whitespace, the no-break ones too: a French
    ``YAML :`` or ``« Canon »`` (see :mod:`tashkalar_cli.text.typography`) would still be cut
    before its colon or guillemet. Its word pattern is made to keep them inside a word."""
    import rich._wrap
    from rich.cells import cell_len
    from rich.measure import Measurement

    rich._wrap.re_word = re.compile(f"[^\\S{NO_BREAK}]*(?:[^\\s]|[{NO_BREAK}])+[^\\S{NO_BREAK}]*")
    spaces = re.compile(f"[^\\S{NO_BREAK}]+")
    measure = Text.__rich_measure__

    def no_break_measure(self: Text, console: Any, options: Any) -> Measurement:
        """A column is at least as wide as the longest word, a word holding no-break spaces too."""
        found = measure(self, console, options)
        if not any(c in self.plain for c in NO_BREAK):
            return found
        longest = max((cell_len(w) for w in spaces.split(self.plain)), default=0)
        return Measurement(max(found.minimum, min(longest, found.maximum)), found.maximum)

    setattr(Text, "__rich_measure__", no_break_measure)  # noqa: B010


_no_break_wrapping()

#: the longest name, title or table cell shown: a hostile data folder never floods the terminal
MOST_SHOWN = 200
#: the longest text shown (a card's effect, a rule)
MOST_BLOCK = 20_000


def shown(value: object, style: str = "", most: int = MOST_SHOWN) -> Text:
    """A one-line value from the data (a name, an id, a file name) as Rich text: made visible,
    cut to ``most`` characters, never read as markup."""
    return Text(visible(value, most), style=style)


def block(value: object, style: str = "", most: int = MOST_BLOCK) -> Text:
    """A text of several lines from the data (an effect, a definition) as Rich text."""
    return Text(visible(value, most, lines=True), style=style)


class PipeConsole(Console):
    """A Rich console that lets the command line end quietly when the reader of its output goes
    away (see ``cli.app.main``), rather than with Rich's own exit code 1, which means translation
    findings here. Typer's help and usage errors are printed through one too."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


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


def console(**kwargs: Any) -> Console:
    """The console of a command: no markup, no emoji table (a large import), no automatic
    highlighting of numbers in our texts."""
    return SafeConsole(markup=False, emoji=False, highlight=False, **kwargs)


__all__ = ["MOST_BLOCK", "MOST_SHOWN", "PipeConsole", "SafeConsole", "block", "console", "shown"]
