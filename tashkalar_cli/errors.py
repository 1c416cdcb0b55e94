"""The one exception family the tool raises for bad input, and the command line's exit codes.

Every problem a user can cause (a broken data file, a wrong square, an unknown card) is a
:class:`TashkalarError`::

    TashkalarError          bad input of any kind (message, file, line, hints)
    ├── DataError           a data or locale file is unreadable or does not match its schema
    ├── InputError          a command-line argument, a position or a turn record is wrong
    └── NotFoundError       a card, rule, keyword or language that does not exist

The command line prints its message on one line and exits with :data:`EXIT_BAD_INPUT`.
"""

from __future__ import annotations

#: success
EXIT_OK = 0
#: ``i18n check`` found errors (or warnings, with --strict)
EXIT_FINDINGS = 1
#: bad input of any kind
EXIT_BAD_INPUT = 2
#: a bug in the tool (EX_SOFTWARE of sysexits.h)
EXIT_INTERNAL = 70


#: the longest message the tool prints: a value quoted from hostile input never floods the terminal
MAX_MESSAGE = 400


def quote(value: object, most: int = 40) -> str:
    """A value as quoted in a message: its first ``most`` characters, then an ellipsis."""
    text = str(value)
    return text if len(text) <= most else text[: most - 1] + "…"


class TashkalarError(Exception):
    """Bad input: carries a message and, when known, the file and line it concerns."""

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 hints: list[str] | None = None) -> None:
        if len(message) > MAX_MESSAGE:
            half = MAX_MESSAGE // 2
            message = message[:half] + " … " + message[-half:]
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.hints = [quote(h, 80) for h in hints or []]

    def where(self) -> str:
        if self.file and self.line:
            return f"{self.file}:{self.line}"
        return self.file or ""

    def __str__(self) -> str:
        where = self.where()
        return f"{where}: {self.message}" if where else self.message


class DataError(TashkalarError):
    """A data or locale file is unreadable or does not match its schema."""


class InputError(TashkalarError):
    """A command-line argument or a position/turn file is wrong."""


class NotFoundError(TashkalarError):
    """A card, rule, keyword or language that does not exist; ``hints`` holds suggestions."""
