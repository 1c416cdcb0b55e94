"""Tables that fit the width they are drawn in without cutting what they show (issue 33).

One rule for every table of every command: a table whose columns fit as Rich would draw them is
left to Rich; otherwise each column is given at least its longest word (the whole of each line for
the columns a user copies: ids, numbers), the columns that may give way are dropped, the first
first, and what room is left goes to the columns whose text is longest. When even that does not fit,
the table is drawn as records, one row after another with each value under its header's name, so
that a narrow terminal wraps columns rather than cutting a word, an id or a border.

The widths are set through Rich's public column attributes (``width``, ``no_wrap``, ``overflow``):
Rich's own sharing of a width that is too small can give a column one cell more than there is, and
the last column is then cropped, border and all."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from copy import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.console import Group
from rich.measure import Measurement
from rich.text import Text

from tashkalar_cli.errors import fill

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
    from rich.table import Column, Table

#: the spaces a line is broken at in :func:`longest_word`: any whitespace but the no-break spaces and the figure space
_WORD_BREAKS = re.compile("[^\\S\u00a0\u202f\u2007]+")


def longest_word(values: Iterable[str]) -> int:
    """The widest word of ``values`` in cells (words joined by a no-break space count as one): the
    narrowest a column can be without breaking a word."""
    return max((cell_len(word) for value in values for word in _WORD_BREAKS.split(value)), default=0)


def _plain(cell: object) -> str:
    if isinstance(cell, Text):
        return cell.plain
    return cell if isinstance(cell, str) else ""


@dataclass(frozen=True)
class ColumnNeed:
    """What a column asks for: ``least``, the narrowest it can be without breaking a word (or a
    line, for a column a user copies); ``natural``, the width of its longest line."""

    least: int
    natural: int


def _need(column: Column, whole: bool) -> ColumnNeed:
    texts = [_plain(c) for c in column.cells] + [_plain(column.header)]
    lines = [line for t in texts for line in t.splitlines()]
    natural = max((cell_len(line) for line in lines), default=0)
    least = natural if whole else longest_word(texts)
    return ColumnNeed(least, natural)


def _padding(table: Table, count: int) -> list[int]:
    """The cells of padding each of ``count`` kept columns takes, as Rich lays them out (its
    ``padding``, ``pad_edge`` and ``collapse_padding`` attributes)."""
    _, right, _, left = table.padding
    out = []
    for i in range(count):
        lhs = 0 if i == 0 and not table.pad_edge else left
        rhs = 0 if i == count - 1 and not table.pad_edge else right
        if table.collapse_padding and i > 0:
            lhs = max(0, lhs - right)
        out.append(lhs + rhs)
    return out


def _overhead(table: Table, count: int) -> int:
    """The cells a table of ``count`` columns takes beyond its columns' text: padding and rules."""
    rules = 0
    if table.box is not None:
        rules = (count + 1) if table.show_edge else max(0, count - 1)
    return sum(_padding(table, count)) + rules


def _share(room: int, needs: Sequence[ColumnNeed]) -> list[int]:
    """``room`` cells shared out: each column its least, then the rest to the columns still short
    of their natural width, the one that lacks least first (a short label is drawn whole before a
    long text grows), never more than a column's natural width."""
    widths = [n.least for n in needs]
    left = room - sum(widths)
    for i in sorted(range(len(needs)), key=lambda i: needs[i].natural - needs[i].least):
        extra = min(left, needs[i].natural - widths[i])
        widths[i] += extra
        left -= extra
    return widths


def _kept(table: Table, needs: dict[int, ColumnNeed], drop: Sequence[int], width: int) -> list[int]:
    """The columns kept at ``width``: those of ``drop`` give way, the first first, while the
    others' least widths do not fit (one column at least is kept)."""
    kept = list(range(len(table.columns)))
    for i in drop:
        if sum(needs[k].least for k in kept) + _overhead(table, len(kept)) <= width:
            break
        if i in kept and len(kept) > 1:
            kept.remove(i)
    return kept


def fit_table(table: Table, width: int, ids: Sequence[int] = (), drop: Sequence[int] = ()) -> RenderableType:
    """``table`` made to fit ``width`` (see the module's documentation): the columns ``ids`` (by
    their place) are never wrapped nor cut, the columns ``drop`` give way, the first first. Returns
    ``table`` changed, or its rows as records when no choice of columns fits."""
    columns = table.columns
    if any(not isinstance(cell, (str, Text)) for col in columns for cell in col.cells):
        return table  # a drawing in a cell (a pattern): Rich's own layout, which measures it
    needs = {i: _need(col, i in ids) for i, col in enumerate(columns)}
    for i in ids:
        columns[i].no_wrap = True
    if sum(n.natural for n in needs.values()) + _overhead(table, len(columns)) <= width:
        return table  # as Rich draws it: nothing to fold
    kept = _kept(table, needs, drop, width)
    room = width - _overhead(table, len(kept))
    if sum(needs[i].least for i in kept) > room:
        return Records(table, ids)
    for i in sorted(set(range(len(columns))) - set(kept), reverse=True):
        del columns[i]
    for col, w in zip(columns, _share(room, [needs[i] for i in kept]), strict=True):
        col.width, col.min_width, col.max_width, col.ratio = w, None, None, None
        if not col.no_wrap:
            col.overflow = "fold"
    return table


@dataclass
class Record:
    """A row of a table drawn as a record: its head (the values a user copies) and its fields."""

    head: Text
    fields: list[Text]


#: how a record joins a field's label and its value where the console does not say (its ``label_value``: the
#: language's own punctuation, the ``label.value`` message of the user's language, French "{label} : {value}")
LABEL_VALUE = "{label}: {value}"


class Records:
    """A table's rows one after another, each value on its own line after its header (a value of
    the columns ``ids``, what a user copies, heads its row alone): what a table becomes when no
    choice of its columns fits the width, so that its words wrap and nothing is cut."""

    def __init__(self, table: Table, ids: Sequence[int] = ()) -> None:
        self.table, self.ids = table, ids

    def _lines(self, label_value: str) -> list[Record]:
        columns = self.table.columns
        # "{label}: ", French "{label} : " (the no-break space its own); the value follows
        before = label_value.split("{value}")[0]
        heads = set(self.ids) or {0}  # a table with no ids: its first column heads each row
        out: list[Record] = []
        cells = [list(col.cells) for col in columns]
        for row in range(self.table.row_count):
            head, rest = Text(), []
            for i, col in enumerate(columns):
                cell = cells[i][row]
                value = cell.copy() if isinstance(cell, Text) else Text(_plain(cell))
                if not value.plain.strip():
                    continue
                if i in heads:
                    head.append_text(Text(" ") if head.plain else Text()).append_text(value)
                    continue
                label = _plain(col.header)
                rest.append(Text(fill(before, {"label": label}), style="dim").append_text(value) if label else value)
            out.append(Record(head, rest))
        return out

    def _group(self, console: Console) -> RenderableType:
        from rich.padding import Padding  # deferred: records only, for a table too wide; plan --task needs no padding

        parts: list[RenderableType] = []
        title = self.table.title
        if title:
            parts += [title.copy() if isinstance(title, Text) else Text(str(title), style="italic"), Text()]
        for record in self._lines(getattr(console, "label_value", LABEL_VALUE)):
            for line in [record.head, *record.fields]:
                line.overflow, line.no_wrap = "fold", False
            parts += [record.head] if record.head.plain else []
            parts += [Padding(line, (0, 0, 0, 2)) for line in record.fields]
        return Group(*parts)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self._group(console)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self._group(console))


class Fitted:
    """A table fitted (:func:`fit_table`) to the width it is drawn in, whatever holds it: a
    terminal, a panel, a group."""

    def __init__(self, table: Table, ids: Sequence[int] = (), drop: Sequence[int] = ()) -> None:
        self.table, self.ids, self.drop = table, ids, drop
        self._columns = [copy(col) for col in table.columns]  # as built: measured, then drawn, maybe at two widths

    def _fit(self, width: int) -> RenderableType:
        self.table.columns = [copy(col) for col in self._columns]
        return fit_table(self.table, width, self.ids, self.drop)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self._fit(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self._fit(options.max_width))


def fitted(table: Table, ids: Sequence[int] = (), drop: Sequence[int] = ()) -> Fitted:
    """``table``, fitted to the width it is drawn in: see :func:`fit_table`."""
    return Fitted(table, ids, drop)
