"""Languages: choosing one, reading a text with English as fallback, filling placeholders.

A language is a folder ``locales/<code>/``; nothing in the code lists the languages, so a
translator adds one by adding a folder. Texts may contain ``{placeholders}`` naming a number of
``cards/game.yaml`` (its key path joined by ``_``) or of the entry itself (a task's criterion).
"""

from __future__ import annotations

import os
import re
import string
from typing import Any, NamedTuple

from tashkalar_cli.errors import NotFoundError
from tashkalar_cli.model.config import flatten

REFERENCE = "en"
_LANG_RE = re.compile(r"^([A-Za-z]{2,3})(?:[_-]([A-Za-z0-9]+))?")


def resolve_language(option: str | None, available: list[str]) -> str:
    """``--lang``, else ``TASHKALAR_LANG``, else the language of ``LANG``, else English."""
    if option:
        code = option.strip().lower().replace("_", "-")
        if code in available:
            return code
        base = code.split("-")[0]
        if base in available:
            return base
        raise NotFoundError(f"unknown language '{option}' (available: {', '.join(available)})")
    if os.environ.get("TASHKALAR_LANG"):
        return resolve_language(os.environ["TASHKALAR_LANG"], available)
    for var in ("LC_ALL", "LANG"):
        m = _LANG_RE.match(os.environ.get(var, ""))
        if m and m.group(1).lower() in available:
            return m.group(1).lower()
    return REFERENCE


def placeholders(text: str) -> list[str]:
    """The ``{names}`` used in a text, in order."""
    return [name for _, name, _, _ in string.Formatter().parse(text) if name]


class _Keep(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def fill(text: str, params: dict[str, Any]) -> str:
    """Replace known placeholders; unknown ones stay visible rather than failing."""
    try:
        return text.format_map(_Keep(params))
    except (ValueError, IndexError):
        return text


class Text(NamedTuple):
    """A text as shown: the string, the language it is in, and whether that is a fallback."""

    text: str | None
    lang: str

    def __str__(self) -> str:
        return self.text or ""


class Localizer:
    """The texts of one language, falling back to English entry by entry."""

    def __init__(self, dataset, lang: str) -> None:
        self.dataset = dataset
        self.lang = lang
        self.game_params = flatten(dataset.facts["game"])  # the numbers of the game, as {placeholders}

    def _chain(self):
        yield self.lang
        if self.lang != REFERENCE:
            yield REFERENCE

    def entry(self, section: str, key: str) -> tuple[dict | None, str]:
        for lang in self._chain():
            found = self.dataset.locales.get(lang, {}).get(section, {}).get(key)
            if found is not None:
                return found, lang
        return None, self.lang

    def field(self, section: str, key: str, name: str, params: dict | None = None) -> Text:
        for lang in self._chain():
            found = self.dataset.locales.get(lang, {}).get(section, {}).get(key)
            if found is not None and found.get(name):
                merged = dict(self.game_params, **(params or {}))
                return Text(fill(found[name], merged), lang)
        return Text(None, self.lang)

    def msg(self, key: str, **params: Any) -> str:
        for lang in self._chain():
            found = self.dataset.locales.get(lang, {}).get("ui", {}).get(key)
            if found is not None:
                return fill(found, params)
        return key
