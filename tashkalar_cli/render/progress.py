"""Rich's progress display on standard error, for the steps of :mod:`tashkalar_cli.data.progress`.

The display appears only when a step lasts longer than ``delay`` seconds (about half a second: quick work
shows nothing), is transient (it leaves the terminal as it found it), and is drawn by a timer thread so that
work that never says it advanced (building the cache) is shown too. Whether standard error is a terminal,
and ``--json``, are decided by the command line (:func:`tashkalar_cli.cli.progress.stderr_reporter`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from rich.progress import TaskID

    from tashkalar_cli.render.progressline import FittingProgress

#: seconds a step runs before its line is shown
DELAY = 0.5


@dataclass
class _Step:
    """A step under way: its line's text, its total (None: unknown) and the parts done."""

    label: str
    total: int | None
    done: int = 0


class RichReporter:
    """A :class:`~tashkalar_cli.data.progress.Reporter` drawing Rich's progress display on ``stream`` (a
    terminal: the caller says so), each step's line labelled ``label(key)``, shown after ``delay`` seconds."""

    def __init__(self, stream: IO[str], label: Callable[[str], str], delay: float = DELAY) -> None:
        self.stream = stream
        self.label = label
        self.delay = delay
        self.shown = 0                  # how many steps were drawn (for a test to read)
        self._lock = threading.Lock()
        self._stack: list[_Step] = []
        self._timer: threading.Timer | None = None
        self._progress: FittingProgress | None = None
        self._task: TaskID | None = None

    def begin(self, key: str, total: int | None) -> None:
        label = self.label(key)         # here, not on the timer's thread: finding a text may read the data
        with self._lock:
            self._stack.append(_Step(label, total))
            if len(self._stack) > 1:    # a step inside a step: the outer line stays
                return
        if self.delay <= 0:
            self._show()
        else:
            self._timer = threading.Timer(self.delay, self._show)
            self._timer.daemon = True
            self._timer.start()

    def advance(self, done: int = 1) -> None:
        with self._lock:
            if not self._stack:
                return
            outer = self._stack[0]
            outer.done += done
            if self._progress is not None and self._task is not None:
                self._progress.update(self._task, completed=outer.done)

    def end(self) -> None:
        with self._lock:
            if not self._stack:
                return
            self._stack.pop()
            if self._stack:
                return
            timer, progress = self._timer, self._progress
            self._timer = self._progress = self._task = None
        if timer is not None:
            timer.cancel()
        if progress is not None:
            progress.stop()

    def _show(self) -> None:
        # deferred: only when a work outlasts DELAY on a terminal (card show on a warm cache shows no bar)
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, SpinnerColumn, TimeElapsedColumn

        from tashkalar_cli.render.progressline import FittingProgress, description_column  # deferred: as above

        with self._lock:
            if not self._stack or self._progress is not None:
                return
            outer = self._stack[0]
            console = Console(file=self.stream, force_terminal=True, markup=False, emoji=False, highlight=False)
            elapsed = TimeElapsedColumn()
            # on a narrow terminal the elapsed time gives way first, then the bar: nothing is cut
            progress = FittingProgress(SpinnerColumn(), description_column(), BarColumn(),
                                       *([MofNCompleteColumn()] if outer.total is not None else []), elapsed,
                                       droppable=[elapsed], console=console, transient=True)
            self._task = progress.add_task(outer.label, total=outer.total, completed=outer.done)
            self._progress = progress
            self.shown += 1
            progress.start()


__all__ = ["DELAY", "RichReporter"]
