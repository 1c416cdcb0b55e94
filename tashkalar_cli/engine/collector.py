"""Python's cycle collector paused while a search runs.

The searches (the effect resolver's walk, the goal search, the planner and what reads its plans) make
tens of thousands of small objects, free few of them and leave no reference cycle (each breaks its own):
the collector would only scan them again and again, a tenth of their time or more. It is paused while
they run and runs again as it was after them.
"""

from __future__ import annotations

import gc


class collector_paused:     # lower case: used as a function, ``with collector_paused():``
    """The cycle collector paused inside the block (its state restored after; nested blocks are fine).
    A class rather than a generator: an exception that ends a search (the resolver's bound) passes
    through it without being thrown into a generator."""

    __slots__ = ("collecting",)

    def __enter__(self) -> None:
        self.collecting = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.collecting:
            gc.enable()


__all__ = ["collector_paused"]
