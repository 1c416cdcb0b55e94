"""What every command shares: the session (data, language, cards), options, JSON and errors."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from functools import cached_property
from typing import Annotated, Any, Optional

import typer

LangOption = Annotated[Optional[str], typer.Option(
    "--lang", "-l", help="Language of the texts (en, fr, es, it, ...); default: TASHKALAR_LANG, then LANG, then en.",
    show_default=False)]
JsonOption = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON instead of a table.")]
DataOption = Annotated[Optional[str], typer.Option(
    "--data", help="Use the data folder DIR (with cards/ and locales/) instead of the built-in data.",
    metavar="DIR", show_default=False)]


@dataclass
class Session:
    """The data and the language a command works with, loaded on first use."""

    lang_option: str | None = None
    data: str | None = None

    @cached_property
    def dataset(self):
        from tashkalar_cli.data.cache import load_dataset

        return load_dataset(self.data)

    @cached_property
    def lang(self) -> str:
        from tashkalar_cli.text.i18n import resolve_language

        return resolve_language(self.lang_option, self.dataset.languages)

    @cached_property
    def loc(self):
        from tashkalar_cli.text.i18n import Localizer

        return Localizer(self.dataset, self.lang)

    @cached_property
    def cards(self):
        from tashkalar_cli.model.cards import CardDB

        return CardDB(self.dataset)

    @cached_property
    def board(self):
        from tashkalar_cli.model.board import Board

        return Board(self.dataset.facts["board"])

    @cached_property
    def console(self):
        from rich.console import Console

        # no emoji table (a large import) and no automatic highlighting of numbers in our texts
        return Console(emoji=False, highlight=False)


def session(lang: str | None = None, data: str | None = None) -> Session:
    return Session(lang, data)


def print_json(obj: Any) -> None:
    """Indented for a person at a terminal, compact (and several times faster) for a program."""
    indent = 2 if sys.stdout.isatty() else None
    sys.stdout.write(json.dumps(obj, ensure_ascii=False, indent=indent) + "\n")
