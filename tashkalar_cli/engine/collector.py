"""Python's cycle collector paused while a search runs.

The searches (the effect resolver's walk, the goal search, the planner and what reads its plans) make
tens of thousands of small objects, free few of them and leave no reference cycle (each breaks its own):
the collector would only scan them again and again, a tenth of their time or more. It is paused while
they run and runs again as it was after them.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The cycle collector paused inside the block (its state restored after; nested blocks are fine)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


__all__ = ["collector_paused"]
