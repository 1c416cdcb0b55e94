"""The progress line itself: Rich's progress display whose columns give way, the elapsed time first, then the
bar, rather than be cut when the terminal is narrow (a bar shortened to the room left first). Only Rich's
public column API is used: each column measured as it renders a task, the table made of the columns kept."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich.console import RenderableType
from rich.measure import Measurement
from rich.progress import BarColumn, Progress, ProgressColumn, TextColumn
from rich.table import Column, Table

#: the widest the bar is drawn, and the narrowest it is still worth drawing
WIDEST_BAR, NARROWEST_BAR = 40, 10


def description_column() -> TextColumn:
    """The column of a step's description: never read as markup (a translator's text is shown as it is), and
    wrapped at its spaces when it is longer than the line alone (Rich's own column is cut with an ellipsis)."""
    return TextColumn("{task.description}", markup=False, table_column=Column(overflow="fold"))


class FittingProgress(Progress):
    """A :class:`~rich.progress.Progress` drawn within the console's width: ``droppable`` (columns of its own,
    in the order they go) give way one after the other until the others fit beside a bar of at least
    :data:`NARROWEST_BAR` cells (the bar itself goes last); its bar is as long as the room left, at most
    :data:`WIDEST_BAR`. A description longer than the line alone wraps at its spaces."""

    def __init__(self, *columns: ProgressColumn, droppable: Sequence[ProgressColumn] = (), **kwargs: Any) -> None:
        self.droppable = list(droppable)
        super().__init__(*columns, **kwargs)

    def _width(self, column: ProgressColumn) -> int:
        """The most cells ``column`` takes for any task shown."""
        options = self.console.options
        return max((Measurement.get(self.console, options, column(task)).maximum
                    for task in self.tasks if task.visible), default=0)

    def fitted_columns(self) -> list[ProgressColumn]:
        """The columns drawn at the console's width: the droppable ones given way, in order, as needed."""
        width = self.console.width
        kept = [c for c in self.columns if isinstance(c, ProgressColumn)]
        bars = [c for c in kept if isinstance(c, BarColumn)]
        going = [*self.droppable, *bars]
        while True:
            others = [c for c in kept if not isinstance(c, BarColumn)]
            taken = sum(self._width(c) for c in others) + len(others) - 1
            room = width - taken - 1    # the bar's space before it
            if not bars or room >= NARROWEST_BAR or not going:
                break
            gone = going.pop(0)
            kept.remove(gone)
            if isinstance(gone, BarColumn):
                bars.remove(gone)
        for bar in bars:
            bar.bar_width = max(min(room // len(bars), WIDEST_BAR), 1)
        return kept

    def get_renderables(self) -> Iterable[RenderableType]:
        if getattr(self, "live", None) is None:   # Rich's own first call, while the display is made: no task yet
            yield from super().get_renderables()
            return
        columns = self.fitted_columns()
        table = Table.grid(*(c.get_table_column().copy() for c in columns), padding=(0, 1), expand=self.expand)
        for task in self.tasks:
            if task.visible:
                table.add_row(*(column(task) for column in columns))
        yield table


__all__ = ["NARROWEST_BAR", "WIDEST_BAR", "FittingProgress", "description_column"]
