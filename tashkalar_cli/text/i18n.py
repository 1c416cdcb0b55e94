"""Languages: choosing one, reading a text with English as fallback, filling placeholders.

A language is a folder ``locales/<code>/``; nothing in the code lists the languages, so a
translator adds one by adding a folder. Texts may contain ``{placeholders}`` naming a number of
``cards/game.yaml`` (its key path joined by ``_``) or of the entry itself (a task's criterion).
"""

from __future__ import annotations

import os
import re
import string
from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from tashkalar_cli.errors import DataError, NotFoundError, render

if TYPE_CHECKING:
    from tashkalar_cli.data.dataset import Dataset
    from tashkalar_cli.data.locales import LocaleTexts

REFERENCE = "en"
#: where the user's language is read, after --lang and TASHKALAR_LANG
ENV_ORDER = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")
_LANG_RE = re.compile(r"^([A-Za-z]{2,3})(?:[_-]([A-Za-z0-9]+))?")


def resolve_language(option: str | None, available: list[str]) -> str:
    """``--lang``, else ``TASHKALAR_LANG``, else the locale (LC_ALL, LC_MESSAGES, LANG, LANGUAGE), else English."""
    if option:
        code = option.strip().lower().replace("_", "-")
        if code in available:
            return code
        base = code.split("-")[0]
        if base in available:
            return base
        raise NotFoundError(key="unknown-language", value=option, allowed=", ".join(available))
    if os.environ.get("TASHKALAR_LANG"):
        return resolve_language(os.environ["TASHKALAR_LANG"], available)
    for var in ENV_ORDER:  # the first one naming a language the tool has
        for item in os.environ.get(var, "").split(":"):  # LANGUAGE may list several: fr:en
            m = _LANG_RE.match(item)
            if m and m.group(1).lower() in available:
                return m.group(1).lower()
    return REFERENCE


#: English's rule, for a language that states none
DEFAULT_PLURAL_FORMS = "nplurals=2; plural=(n != 1);"


@lru_cache(maxsize=16)
def plural_rule(plural_forms: str) -> Callable[[int], int]:
    """The plural index function of a gettext ``Plural-Forms`` header (``nplurals=N; plural=EXPR;``),
    compiled by gettext's own parser (it refuses anything but a C arithmetic expression of n)."""
    import gettext

    expr = plural_forms.split("plural=", 1)[1].rstrip().rstrip(";")
    return gettext.c2py(expr)


def flatten(params: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested keys joined by ``_``: ``{"end": {"duel_points": 18}}`` -> ``{"end_duel_points": 18}``."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        name = f"{prefix}_{key}" if prefix else str(key)
        if isinstance(value, Mapping):
            out.update(flatten(value, name))
        else:
            out[name] = value
    return out


def placeholders(text: str) -> list[str]:
    """The ``{names}`` used in a text, in order."""
    return [name for _, name, _, _ in string.Formatter().parse(text) if name]


def known_placeholders(facts: Mapping[str, Any]) -> dict[tuple[str, str], set[str]]:
    """The placeholders a text may use: the game's numbers, and a task's own numbers."""
    game = set(flatten(facts["game"]))
    out = {("tasks", t["id"]): game | {k for k in t["criterion"] if k not in ("kind", "squares")}
           for t in facts.get("tasks", ())}   # a game without tasks has none
    out["*", "*"] = game
    return out


def check_placeholders(texts: LocaleTexts, facts: Mapping[str, Any]) -> None:
    """Every ``{placeholder}`` of a text names a number it can be given (ui messages aside: the
    code fills them)."""
    known = known_placeholders(facts)
    for (section, key, fld), unit in texts.units.items():
        if section == "ui":
            continue
        allowed = known.get((section, key), known["*", "*"])
        try:
            names = placeholders(unit.text)
        except ValueError:
            raise DataError(f"{section}/{key}/{fld}: a '{{' or '}}' that opens or closes no placeholder",
                            file=unit.file, line=unit.line) from None
        for name in names:
            if name not in allowed:
                raise DataError(f"{section}/{key}/{fld}: unknown placeholder {{{name}}}", file=unit.file, line=unit.line)


#: replace known placeholders; unknown ones stay visible rather than failing
fill = render


class Text(NamedTuple):
    """A text as shown: the string, the language it is in, and whether that is a fallback."""

    text: str | None
    lang: str

    def __str__(self) -> str:
        return self.text or ""


class Localizer:
    """The texts of one language, falling back to English entry by entry."""

    def __init__(self, dataset: Dataset, lang: str) -> None:
        self.dataset = dataset
        self.lang = lang
        self.game_params = flatten(dataset.facts["game"])  # the numbers of the game, as {placeholders}

    def _chain(self) -> Iterator[str]:
        yield self.lang
        if self.lang != REFERENCE:
            yield REFERENCE

    def entry(self, section: str, key: str) -> tuple[dict[str, Any] | None, str]:
        for lang in self._chain():
            found = self.dataset.locales.get(lang, {}).get(section, {}).get(key)
            if found is not None:
                return found, lang
        return None, self.lang

    def field(self, section: str, key: str, name: str, params: dict[str, Any] | None = None) -> Text:
        for lang in self._chain():
            found = self.dataset.locales.get(lang, {}).get(section, {}).get(key)
            if found is not None and found.get(name):
                merged = dict(self.game_params, **(params or {}))
                return Text(fill(found[name], merged), lang)
        return Text(None, self.lang)

    def ui(self, key: str) -> str | None:
        """The raw interface text ``key`` (English when this language lacks it), or None."""
        for lang in self._chain():
            found = self.dataset.locales.get(lang, {}).get("ui", {}).get(key)
            if found is not None:
                return str(found)
        return None

    def msg(self, key: str, **params: Any) -> str:
        """The interface text ``key`` with its placeholders filled. A text with plural forms
        (``key.one``, ``key.other``...) agrees with the ``count`` parameter (see :meth:`msg_n`)."""
        found = self.ui(key)
        if found is not None:
            return fill(found, params)
        if self.ui(f"{key}.other") is not None:
            return self.msg_n(key, params.get("count", 0), **params)
        return key

    def msg_n(self, key: str, n: int, **params: Any) -> str:
        """The form of ``key`` that agrees with the number ``n`` in this language: the text of
        ``key.<category>`` for n's CLDR plural category (one, few, many, other...), else
        ``key.other``. The category comes from the language's gettext Plural-Forms expression
        (ui.yaml ``language.plural_forms``), evaluated by the standard library's gettext."""
        category = self.plural_category(n)
        for candidate in (f"{key}.{category}", f"{key}.other", key):
            text = self.ui(candidate)
            if text is not None:
                return fill(text, {"count": n, **params})
        return key

    def plural_category(self, n: int) -> str:
        language = self.dataset.locales.get(self.lang, {}).get("language", {})
        rule = plural_rule(language.get("plural_forms", DEFAULT_PLURAL_FORMS))
        categories = language.get("plural_categories", ["one", "other"])
        index = rule(abs(int(n)))
        return categories[index] if 0 <= index < len(categories) else "other"
