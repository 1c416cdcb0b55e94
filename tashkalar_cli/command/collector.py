"""Python's cycle collector paused while a search runs, and what the search made not scanned after it: the
command line's choice (the library leaves the process's collector alone; a program that calls the engines
may wrap its calls in :class:`collector_paused` as the commands do).

The searches (the effect resolver's walk, the goal search, the planner and what reads its plans) make
tens of thousands of small objects, free few of them and leave no reference cycle (each breaks its own):
the collector would only scan them again and again, a tenth of their time or more. It is paused while
they run and runs again as it was after them.

Pausing alone only moves the cost: the objects the search made are still in the youngest generation
when it ends, and the first allocation after it scans them all (then the middle generation scans them
again). So the outermost block, on its way out, promotes every tracked object to the oldest generation
(``gc.freeze()`` then ``gc.unfreeze()``: two list splices, whatever the number of objects). Nothing is
leaked: an object freed by reference counting leaves the collector's lists as usual, and any cycle is
still found by the next full collection. The promotion is skipped when the program froze objects
itself (``gc.get_freeze_count()``): unfreezing would undo its freeze.
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
        if self.collecting:     # the outermost block (an inner one finds the collector paused)
            if not gc.get_freeze_count():
                gc.freeze()
                gc.unfreeze()
            gc.enable()


__all__ = ["collector_paused"]
