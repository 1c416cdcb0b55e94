"""Languages: choosing one, reading a text with English as fallback, filling placeholders.

A language is a folder ``locales/<code>/``; nothing in the code lists the languages, so a
translator adds one by adding a folder. Texts may contain ``{placeholders}`` naming a number of
``cards/game.yaml`` (its key path joined by ``_``) or of the entry itself (a task's criterion).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from tashkalar_cli.data.dataset import Dataset, flatten
from tashkalar_cli.data.paths import data_root, extra_locales
from tashkalar_cli.errors import (
    NOT_QUANTITIES,
    DataError,
    NotFoundError,
    Term,
    field_name,
    is_name,
    quote,
    render,
    template_fields,
    template_problems,
    visible,
)
from tashkalar_cli.text.typography import typeset

if TYPE_CHECKING:
    from tashkalar_cli.data.locales import LocaleTexts, Unit

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
        raise NotFoundError(key="unknown-language", value=quote(option), allowed=Term("langcode", available))
    if os.environ.get("TASHKALAR_LANG"):
        return resolve_language(os.environ["TASHKALAR_LANG"], available)
    for var in ENV_ORDER:  # the first one naming a language the tool has
        for item in os.environ.get(var, "").split(":"):  # LANGUAGE may list several: fr:en
            m = _LANG_RE.match(item)
            if m and m.group(1).lower() in available:
                return m.group(1).lower()
    return REFERENCE




@lru_cache(maxsize=16)
def plural_rule(plural_forms: str) -> Callable[[int], int]:
    """The plural index function of a gettext ``Plural-Forms`` header (``nplurals=N; plural=EXPR;``),
    checked when the language was loaded (:func:`tashkalar_cli.data.locales.plural_function`)."""
    from tashkalar_cli.data.locales import plural_function  # deferred: --help loads no locale reader

    return plural_function(plural_forms)


def placeholders(text: str) -> list[str]:
    """The names of the ``{fields}`` of a text, in order (a ValueError for an unmatched brace)."""
    return [name for name in map(field_name, template_fields(text)) if name]


def known_placeholders(facts: Mapping[str, Any]) -> dict[tuple[str, str], set[str]]:
    """The placeholders a text may use: the game's numbers, and a task's own numbers."""
    game = set(flatten(facts["game"]))
    out = {("tasks", t["id"]): game | {k for k in t["criterion"] if k not in ("kind", "squares")}
           for t in facts.get("tasks", ())}   # a game without tasks has none
    out["*", "*"] = game
    return out


def check_placeholders(texts: LocaleTexts, facts: Mapping[str, Any], reference: Mapping[str, str] | None = None) -> None:
    """Every text is a template whose fields are plain ``{name}`` placeholders from a closed set:
    the numbers it can be given (a card or rule text), or those of the reference language's text
    of the same key (a ui message: ``reference``, the English messages; None for English itself)."""
    known = known_placeholders(facts)
    for (section, key, fld), unit in texts.units.items():
        allowed: set[str]
        if section == "ui":
            if reference is None:
                continue
            english = reference.get(key)
            try:   # English's fields, as English writes them, and their plain names (a translation
                # may quote a value its own way where Click's English has ``{value!r}``: « {value} »);
                # a key English lacks: plain names only
                allowed = set(template_fields(english if english is not None else ""))
                allowed |= {field_name(f) for f in allowed}
            except ValueError:
                allowed = set()
            if english is None:
                allowed = {name for name in placeholder_names(unit.text) if name.isidentifier()}
        else:
            allowed = known.get((section, key), known["*", "*"])
        for code, message in template_problems(unit.text, allowed):
            error = "placeholder-format" if code == "placeholder-format" else "unknown-placeholder"
            raise DataError(key=error, file=unit.file, line=_line_of(unit, message), field=f"{section}/{key}/{fld}",
                            problem=message)


def _line_of(unit: Unit, message: str) -> int | None:
    """The line of the placeholder a problem names (``{players_dule}`` on the third line of a folded
    text), as ``i18n check`` gives it; else the field's first line."""
    from tashkalar_cli.data.locales import line_in_value  # deferred: --help loads no locale reader

    values = getattr(message, "values", {})
    needle = str(values.get("name") or values.get("field") or "")
    if unit.line is None or not needle:
        return unit.line
    try:
        lines = Path(unit.file).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return unit.line
    return line_in_value(lines, unit.line, needle)


def placeholder_names(text: str) -> list[str]:
    """The fields of a text that are plain names; none when a brace is unmatched."""
    try:
        return [f for f in template_fields(text) if is_name(f)]
    except ValueError:
        return []


#: replace known placeholders; unknown ones stay visible rather than failing (the one formatter)
fill = render


#: the longest value put into an interface text (a name, a file name, a word typed by the user)
MOST_PARAM = 400


#: the most items of a list value said in full (the rest is left out, with an ellipsis)
MOST_ITEMS = 200




def grouped(n: int, separator: str, from_digits: int) -> str:
    """The whole number ``n`` with ``separator`` between its groups of three digits, when it has at
    least ``from_digits`` digits (``grouped(50000, ".", 4)`` is ``50.000``; ``grouped(2000, " ", 5)`` is ``2000``)."""
    digits = str(abs(n))
    if len(digits) < from_digits:
        return str(n)
    head = len(digits) % 3 or 3
    groups = [digits[:head]] + [digits[i:i + 3] for i in range(head, len(digits), 3)]
    return ("-" if n < 0 else "") + separator.join(groups)


def shown_params(params: dict[str, Any], separator: str = ", ",
                 number: Callable[[int], str] | None = None) -> dict[str, Any]:
    """The values of an interface text as shown: one line each, nothing a terminal acts on, cut
    to :data:`MOST_PARAM` characters. A list or tuple is said item by item, joined by ``separator``,
    each item cut on its own: a list of names is never cut inside a name, however long the names of
    a language make it. A whole number that is a quantity is written by ``number`` (the language's
    digit groups), other numbers as they are."""
    def shown(name: str, value: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool) and number is not None \
                and name not in NOT_QUANTITIES:
            return number(value)
        if isinstance(value, (int, float)):
            return value
        if isinstance(value, (list, tuple)):
            items = [visible(item, MOST_PARAM) for item in value[:MOST_ITEMS]]
            return separator.join(items + (["…"] if len(value) > MOST_ITEMS else []))
        return visible(value, MOST_PARAM)

    return {name: shown(name, value) for name, value in params.items()}


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
                return Text(fill(typeset(found[name], lang), merged), lang)
        return Text(None, self.lang)

    def ui(self, key: str) -> str | None:
        """The raw interface text ``key`` (English when this language lacks it), or None."""
        for lang in self._chain():
            found = self.dataset.locales.get(lang, {}).get("ui", {}).get(key)
            if found is not None:
                return typeset(str(found), lang)
        return None

    def msg(self, key: str, **params: Any) -> str:
        """The interface text ``key`` with its placeholders filled. A text with plural forms
        (``key.one``, ``key.other``...) agrees with the ``count`` parameter (see :meth:`msg_n`)."""
        found = self.ui(key)
        if found is not None:
            return visible(fill(found, shown_params(params, self._separator(params), self.number)), lines=True)
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
                return visible(fill(text, shown_params({"count": n, **params}, self._separator(params), self.number)),
                               lines=True)
        return key

    def number(self, n: int) -> str:
        """The whole number ``n`` as a quantity is written in this language's sentences: its digits in
        groups of three as ui.yaml's ``language.digit_groups`` says (French ``50\u202f000``, Italian
        ``50.000``), or as they are in a language that states none (English: a value to type back)."""
        groups = self.dataset.locales.get(self.lang, {}).get("language", {}).get("digit_groups")
        if not groups:
            return str(n)
        return grouped(n, groups["separator"], groups["from_digits"])

    def _separator(self, params: Mapping[str, Any]) -> str:
        """How a list value of ``params`` is joined in this language (looked up only when one is there)."""
        if not any(isinstance(value, (list, tuple)) for value in params.values()):
            return ", "
        found = self.ui("list.separator")
        return found if found is not None else ", "

    def reading(self, erratum: str, book: str) -> str:
        """How the rulebook ``book`` reads at ``erratum`` (an erratum's ``readings``), in this language."""
        entry, lang = self.entry("errata", erratum)
        found = ((entry or {}).get("readings") or {}).get(book)
        return typeset(str(found), lang) if found else ""

    def own_ui(self, key: str) -> str | None:
        """The interface text ``key`` of this language only (no English fallback), or None."""
        found = self.dataset.locales.get(self.lang, {}).get("ui", {}).get(key)
        return typeset(str(found), self.lang) if found is not None else None

    def deck_source(self, deck: str) -> str | None:
        """Where this language's name of ``deck`` is attested (``deck.<id>.source``), or None: a
        name whose source is "—" (or that has none) is the project's own translation, shown as
        unofficial, like a card's."""
        found = self.own_ui(f"deck.{deck}.source")
        return visible(found) if found and found.strip() not in ("—", "-") else None

    def language_name(self, code: str) -> str:
        """A language named in this language (``lang.<code>``: "anglais" in French), else by its own
        name (a language a translator added, which no other language names yet), else its code."""
        found = self.ui(f"lang.{code}")
        if found is not None:
            return visible(found)
        own = self.dataset.locales.get(code, {}).get("language", {}).get("name")
        return visible(own) if own else code

    def join(self, items: Iterable[object], how: str = "list") -> str:
        """Items said as one list in this language: ``list`` (", "), ``or`` (" or "), ``clauses`` ("; ")."""
        english = {"list": ", ", "or": " or ", "clauses": "; "}[how]
        sep = self.ui({"list": "list.separator", "or": "list.or", "clauses": "list.clauses"}[how])
        return (sep if sep is not None else english).join(str(i) for i in items)

    def plural_category(self, n: int) -> str:
        language = self.dataset.locales.get(self.lang, {}).get("language", {})
        # deferred: --help loads no locale reader
        from tashkalar_cli.data.locales import DEFAULT_PLURAL_FORMS  # English's rule, for a language that states none

        rule = plural_rule(language.get("plural_forms", DEFAULT_PLURAL_FORMS))
        categories = language.get("plural_categories", ["one", "other"])
        try:
            index = rule(abs(int(n)))
        except (ArithmeticError, ValueError, RecursionError):  # checked at load on 0..1000: a bigger n
            return "other"
        return categories[index] if 0 <= index < len(categories) else "other"


def interface_only(data: str | None, lang_option: str | None) -> Localizer | None:
    """The interface's texts alone (each language's ``ui.yaml``, English and the user's), for
    saying why the data failed to load in the user's language: a language whose ``ui.yaml`` is
    itself broken is left out (English says it), and None when English's is."""
    from tashkalar_cli.data.locales import LocaleReader  # deferred: --help loads no locale reader

    try:
        folders = [data_root(data) / "locales", *extra_locales()]
    except Exception:  # a path too long, an unreadable variable: English says the error
        return None
    reader = LocaleReader(strict=False)
    read: dict[str, dict[str, Any]] = {}
    for folder in folders:
        for code in {REFERENCE, *([lang_option] if lang_option else [])}:
            if not (folder / code / "ui.yaml").is_file():
                continue
            texts: LocaleTexts = reader.read_ui(folder / code)
            if not texts.problems:
                read[code] = texts.merged()
    if REFERENCE not in read:
        return None
    try:
        chosen = resolve_language(lang_option, sorted(read))
    except NotFoundError:  # the chosen language's own ui.yaml is broken (or unknown): English says it
        chosen = REFERENCE
    return Localizer(Dataset(str(folders[0]), {"game": {}}, read), chosen)
