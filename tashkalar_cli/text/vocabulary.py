"""The words a user may type for the game's fixed values, in every language.

A color, a rank, a mode, a deck or a card type can be typed by its id (``blue``), by its name
in any language as the interface shows it (``bleu``, ``azul``, ``héroïque``, ``Duel Ancestral``:
the ``color.*``, ``rank.*``, ``mode.*``, ``deck.*`` and ``type.*`` messages of every ui.yaml), or
by one of the extra forms a language lists under ``words:`` (``bleue``, ``duel ancestral``).
Case, accents and punctuation do not count. Adding a language adds its words: no code changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import Any

from tashkalar_cli.text.search import fold

KINDS = ("color", "rank", "mode", "deck", "type")


class Vocabulary:
    """Folded word -> id, per kind of value, from every language of the data."""

    def __init__(self, locales: Mapping[str, Mapping[str, Any]], ids: Mapping[str, Iterable[str]]) -> None:
        self._locales = locales
        self._ids = {kind: list(values) for kind, values in ids.items()}

    @cached_property
    def _index(self) -> dict[str, dict[str, str]]:
        index: dict[str, dict[str, str]] = {kind: {} for kind in self._ids}
        for kind, values in self._ids.items():
            for value in values:
                index[kind][fold(value)] = value
        # English first, so that an English word never changes meaning because of another language
        for _lang, texts in sorted(self._locales.items(), key=lambda kv: kv[0] != "en"):
            messages, extra = texts.get("ui", {}), texts.get("words", {})
            for kind, values in self._ids.items():
                for value in values:
                    forms = [messages.get(f"{kind}.{value}"), *extra.get(f"{kind}.{value}", [])]
                    for form in forms:
                        if form:
                            index[kind].setdefault(fold(str(form)), value)
        return index

    def resolve(self, kind: str, word: object) -> str | None:
        """The id ``word`` stands for, or None."""
        return self._index.get(kind, {}).get(fold(str(word)))

    def ids(self, kind: str) -> list[str]:
        return list(self._ids.get(kind, []))
