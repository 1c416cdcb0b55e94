"""The command line's progress lines: Rich's progress display on standard error while long work runs, only
when standard error is a terminal and the answer is not ``--json`` (never on a pipe, never in JSON).

:func:`stderr_reporter` is the seam: the terminal test and the delay come from the command line's
:class:`~tashkalar_cli.command.common.CliState` (``progress_terminal``: None asks the stream, True or False
decide; ``progress_delay``: None is about half a second), so a test forces a terminal without touching Rich.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tashkalar_cli.command.common import CliState
    from tashkalar_cli.data.progress import Reporter
    from tashkalar_cli.render.progress import RichReporter

#: each step's line, in English when the interface's texts are not loaded yet (the cache being built)
LABELS = {
    "progress.cache": "Building the data cache (once after an install or an update)",
    "progress.validate": "Validating the data and locale files",
    "progress.i18n": "Checking the translations",
    "progress.plan": "Planning the turn",
}


def _is_terminal(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (OSError, ValueError):
        return False


def stderr_reporter(line: CliState) -> Reporter | None:
    """The reporter of a run of the command line: None with ``--json``, when the shell asks for completions,
    or when standard error is not a terminal (unless ``line.progress_terminal`` says)."""
    stream = sys.stderr
    if line.as_json or line.completing or stream is None:
        return None
    terminal = line.progress_terminal if line.progress_terminal is not None else _is_terminal(stream)
    if not terminal:
        return None
    from tashkalar_cli.errors import visible
    from tashkalar_cli.render.progress import DELAY, RichReporter

    words = line.words

    def label(key: str) -> str:
        english = LABELS.get(key, key)
        if words is None or (key == "progress.cache" and not words.loaded):  # no dataset to read it from yet
            return english
        return visible(words.text(key, english))

    return _UnlessJson(line, RichReporter(stream, label, DELAY if line.progress_delay is None else line.progress_delay))


class _UnlessJson:
    """The reporter, silent for a step begun once Click has read ``--json`` (the reporter is made before Click
    parses the line, and ``--json`` may come after the command's name)."""

    def __init__(self, line: CliState, reporter: RichReporter) -> None:
        self.line, self.reporter, self.live = line, reporter, False

    def begin(self, key: str, total: int | None) -> None:
        self.live = not self.line.as_json
        if self.live:
            self.reporter.begin(key, total)

    def advance(self, done: int = 1) -> None:
        if self.live:
            self.reporter.advance(done)

    def end(self) -> None:
        if self.live:
            self.reporter.end()


__all__ = ["LABELS", "stderr_reporter"]
