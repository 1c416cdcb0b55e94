"""tashkalar: rules reference, card database and summoning oracle for Tash-Kalar.

The package is a library first (``tashkalar_cli.model.cards``, ``.board``, ``.summoning``, ...)
and a command-line tool second (``tashkalar_cli.cli``).
"""

__version__ = "0.1.0"
