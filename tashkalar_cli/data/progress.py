"""Progress on long work: the library says what it is doing, the caller decides whether anyone sees it.

Long work (building the data cache, validating every file, checking every translation, a large plan) runs
inside :func:`step`, which tells the reporter installed by :func:`reporting` for the current context, if any:
without one (a program using the library, a pipe, ``--json``) a step costs a context-variable read and shows
nothing. The command line installs a reporter that draws Rich's progress display on standard error when it
is a terminal and the work lasts longer than about half a second (:mod:`tashkalar_cli.render.progress`).
Nothing here is global: the reporter lives in a :class:`~contextvars.ContextVar`, set for a ``with`` block.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol


class Reporter(Protocol):
    """What sees the progress of long work: a step begins (its message key, its total if known), advances,
    ends. Steps may nest: each ``begin`` has its ``end``."""

    def begin(self, key: str, total: int | None) -> None: ...

    def advance(self, done: int = 1) -> None: ...

    def end(self) -> None: ...


_REPORTER: ContextVar[Reporter | None] = ContextVar("tashkalar_progress", default=None)


def _nothing(done: int = 1) -> None:
    return None


@contextmanager
def reporting(reporter: Reporter | None) -> Iterator[None]:
    """Report the steps run inside the block to ``reporter`` (None: to no one)."""
    token = _REPORTER.set(reporter)
    try:
        yield
    finally:
        _REPORTER.reset(token)


@contextmanager
def step(key: str, total: int | None = None) -> Iterator[Callable[[int], None]]:
    """A long piece of work, named by the key of its message (``progress.cache``...), of ``total`` parts if
    known; yields the function that says ``done`` more parts are finished."""
    reporter = _REPORTER.get()
    if reporter is None:
        yield _nothing
        return
    reporter.begin(key, total)
    try:
        yield reporter.advance
    finally:
        reporter.end()


__all__ = ["Reporter", "reporting", "step"]
