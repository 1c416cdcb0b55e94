"""What the YAML reader gives back besides the data, and the bounds it keeps: shared by the reader
(:mod:`tashkalar_cli.data.yamlio`) and the cache of its parses (:mod:`tashkalar_cli.data.parsed`), which
reads back only what a parse could have given. (Here, apart, so that the reader imports its cache and the
cache does not import the reader.)"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

#: the deepest nesting of lists and mappings a file may have
MAX_DEPTH = 32
#: the most values (scalars, lists and mappings) a position or turn record may hold: the largest
#: real ones have a few hundred, and a bound on the count keeps every command linear and quick
MAX_USER_VALUES = 10_000
#: the longest integer a file may write, in digits (Python refuses to read more than 4300)
MAX_DIGITS = 100


class LineMap:
    """Maps a path into the loaded data to the 1-based line where it is written. (A plain class: as a
    dataclass, its making cost a third of a millisecond of every command that reads a file.)"""

    def __init__(self, lines: dict[tuple[Any, ...], int] | None = None) -> None:
        self.lines: dict[tuple[Any, ...], int] = {} if lines is None else lines

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LineMap) and other.__class__ is self.__class__:
            return self.lines == other.lines
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # compared by value, and changed: not hashable

    def __repr__(self) -> str:
        return f"LineMap(lines={self.lines!r})"

    def line_of(self, path: Iterable[Any]) -> int | None:
        """The line of ``path``, or of its nearest ancestor that has one."""
        key = tuple(path)
        while True:
            if key in self.lines:
                return self.lines[key]
            if not key:
                return None
            key = key[:-1]


__all__ = ["MAX_DEPTH", "MAX_DIGITS", "MAX_USER_VALUES", "LineMap"]
