"""The checks: each compares one translated text with its reference text (or a language with itself).

Every check returns a list of problems as (severity, message) pairs; the runner wraps them into
findings with the language, file, key and line.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections import Counter, OrderedDict
from functools import lru_cache
from typing import Any

from tashkalar_cli.errors import field_name, is_name, phrase, template_fields, template_problems
from tashkalar_cli.text.i18ncheck.model import ERROR, WARNING, said
from tashkalar_cli.text.search import fold, without_marks

_DIGITS = re.compile(r"(?<![\w{])\d+(?:[.,]\d+)?(?![\w}])")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_SPACES = re.compile(r"\s+")
_LIST_ITEM = re.compile(r"^\s*(?:[-*•]|\d+\.)\s", re.MULTILINE)


@lru_cache(maxsize=1 << 16)
def folded(text: str) -> str:
    """:func:`~tashkalar_cli.text.search.fold` of ``text``, worked out once: a reference text is
    compared with every language, and a check folds it several times."""
    return fold(text)


@lru_cache(maxsize=64)
def _folded_words(words: tuple[tuple[str, int], ...]) -> dict[str, int]:
    """A language's number words, folded once (not once per text read for its numbers)."""
    return {fold(w): v for w, v in words}


def check_empty(ref: str, text: str) -> list[tuple[str, str]]:
    if not text.strip():
        return [(ERROR, said("empty", "the text is empty"))]
    return []


@lru_cache(maxsize=1 << 16)
def _names(text: str) -> tuple[str, ...]:
    """The placeholder names of a text; those before an unmatched brace (reported by check_format).
    Worked out once per text: a reference text is compared with every language."""
    fields = _fields(text)
    if fields is None:
        return tuple(re.findall(r"\{([A-Za-z_][A-Za-z0-9_]*)\}", text))
    return tuple(name for name in map(field_name, fields) if name)   # what text.i18n.placeholders gives


@lru_cache(maxsize=1 << 16)
def _fields(text: str) -> tuple[str, ...] | None:
    """:func:`~tashkalar_cli.errors.template_fields` of ``text``, worked out once; None for a text
    with a brace that opens or closes nothing."""
    if "{" not in text and "}" not in text:
        return ()
    try:
        return tuple(template_fields(text))
    except ValueError:
        return None


def check_placeholders(ref: str, text: str, known: set[str] | None = None) -> list[tuple[str, str]]:
    names, ref_names = _names(text), _names(ref)
    if names == ref_names and (known is None or known.issuperset(names)):
        return []   # the same placeholders, all known (most texts: none)
    out: list[tuple[str, str]] = []
    want, got = Counter(ref_names), Counter(names)
    missing = sorted(set(want) - set(got))
    extra = sorted(set(got) - set(want))
    unknown = sorted(set(got) - known - set(extra)) if known is not None else []
    for typo, meant in typos(missing, extra):  # one finding, with the name meant, rather than two
        out.append((ERROR, said("placeholder-typo", "{found} is not in the reference: did you mean {wanted}?",
                                found="{" + typo + "}", wanted="{" + meant + "}")))
        missing.remove(meant)
        extra.remove(typo)
    if missing:
        out.append((ERROR, said("placeholders-missing", "placeholder(s) missing: {names}",
                                 names=", ".join("{" + m + "}" for m in missing))))
    if extra:
        out.append((ERROR, said("placeholders-extra", "placeholder(s) not in the reference: {names}",
                                 names=", ".join("{" + m + "}" for m in extra))))
    if unknown:
        out.append((ERROR, said("placeholders-unknown", "unknown placeholder(s): {names}",
                                 names=", ".join("{" + u + "}" for u in unknown))))
    return out


#: how alike (rapidfuzz ratio, 0 to 100) a placeholder the text lacks and one the reference lacks
#: must be for the second to be taken for a typo of the first: {players_dule} is 92 from {players_duel}, {upper} 40 from {lower}
TYPO_RATIO = 80.0


def typos(missing: list[str], found: list[str]) -> list[tuple[str, str]]:
    """(typo, meant) pairs: each placeholder of ``found`` close enough to one of ``missing`` to be a
    misspelling of it, the closest pairs first, each name in one pair at most."""
    from rapidfuzz.fuzz import ratio  # deferred: rapidfuzz, which i18n export does not load

    scored = sorted(((ratio(f, m), f, m) for f in found for m in missing), key=lambda x: (-x[0], x[1], x[2]))
    pairs: list[tuple[str, str]] = []
    used: set[str] = set()
    for score, f, m in scored:
        if score < TYPO_RATIO:
            break
        if f not in used and m not in used:
            used.update((f, m))
            pairs.append((f, m))
    return pairs


def check_format(ref: str, text: str) -> list[tuple[str, str]]:
    """Fields that are not plain ``{name}`` placeholders (a format spec, a conversion, an attribute
    or an index: the tool would refuse the language), or unmatched braces. A field written exactly
    as in the reference is allowed (Click's own texts quote with ``{name!r}``)."""
    fields = _fields(text)
    if fields == ():
        return []   # no field, no brace: nothing to say (most texts)
    allowed = set(_fields(ref) or ())
    if fields is not None and all(f in allowed or is_name(f) for f in fields):
        return []   # only plain names: what template_problems says of them is not about the format
    return [(ERROR, message) for code, message in template_problems(text, allowed) if code == "placeholder-format"]


def numbers(text: str, words: dict[str, int]) -> tuple[Counter[str], int]:
    """The numbers a text states (digits and number words other than 'one'), and its count of one-words."""
    found, ones = _numbers(text, tuple(words.items()))
    return Counter(dict(found)), ones


@lru_cache(maxsize=1 << 16)
def _numbers(text: str, words: tuple[tuple[str, int], ...]) -> tuple[tuple[tuple[str, int], ...], int]:
    """:func:`numbers` of a text with a language's number words, worked out once (a reference text
    is compared with every language): the counts as pairs, in the order found."""
    plain = _PLACEHOLDER.sub(" ", text)
    found: Counter[str] = Counter()
    for m in _DIGITS.finditer(plain):
        found[m.group().replace(",", ".")] += 1
    ones = 0
    folded_words = _folded_words(words)
    for word in folded(plain).split():
        value = folded_words.get(word)
        if value is None:
            continue
        if value == 1:
            ones += 1
        else:
            found[str(value)] += 1
    return tuple(found.items()), ones


def check_numbers(ref: str, text: str, ref_words: dict[str, int], words: dict[str, int]) -> list[tuple[str, str]]:
    want_found, want_ones = _numbers(ref, tuple(ref_words.items()))
    got_found, got_ones = _numbers(text, tuple(words.items()))
    if want_found == got_found:
        return []   # the same numbers in the same order: none missing, none added
    want, got = Counter(dict(want_found)), Counter(dict(got_found))
    missing = want - got
    extra = got - want
    # "1" may be said with an article or a one-word ("une pièce"), in either direction
    if missing.get("1") and got_ones >= missing["1"]:
        del missing["1"]
    if extra.get("1") and want_ones >= extra["1"]:
        del extra["1"]
    out: list[tuple[str, str]] = []
    if missing and extra:   # a number changed: one finding
        return [(ERROR, said("numbers-changed", "number(s) {numbers} where the reference has {reference}",
                             numbers=", ".join(sorted(extra.elements())),
                             reference=", ".join(sorted(missing.elements()))))]
    if missing:
        out.append((ERROR, said("numbers-missing", "number(s) of the reference missing: {numbers}",
                                 numbers=", ".join(sorted(missing.elements())))))
    if extra:
        out.append((ERROR, said("numbers-extra", "number(s) not in the reference: {numbers}",
                                 numbers=", ".join(sorted(extra.elements())))))
    return out


def check_markup(ref: str, text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    (a, *ref_markers), (b, *markers) = _markup(ref), _markup(text)
    if a != b:
        out.append((ERROR, said("markup-items", "{count} list item(s) where the reference has {reference}", count=b,
                                 reference=a)))
    out += _check_style_tags(ref, text)
    if ref_markers == markers:
        return out
    for (marker, name), x, y in zip((("**", phrase("marker.bold", "bold")), ("`", phrase("marker.code", "code"))),
                                    ref_markers, markers, strict=True):
        if x != y:
            out.append((ERROR, said("markup-markers", "{count} '{marker}' ({name}) marker(s) where the reference has {reference}",
                                     count=y, marker=marker, name=name, reference=x)))
    return out


#: a text in square brackets: a style tag of the console's markup when it names a style (``[bold]``, ``[blue]``,
#: ``[/]``, ``[/bold]``), else words in brackets (``[deck]``), which a translation may translate
_BRACKETED = re.compile(r"\[(/?)([^\[\]\n]{0,40})\]")


@lru_cache(maxsize=4096)
def _is_style(name: str) -> bool:
    from rich.errors import StyleSyntaxError  # deferred: a text with brackets only
    from rich.style import Style  # deferred: a text with brackets only

    try:
        Style.parse(name)
    except StyleSyntaxError:
        return False
    return bool(name.strip())


@lru_cache(maxsize=1 << 16)
def style_tags(text: str) -> tuple[str, ...]:
    """The console's style tags of a text, in order: ``[bold]`` and its end ``[/bold]`` or ``[/]``."""
    if "[" not in text:
        return ()
    return tuple(m.group() for m in _BRACKETED.finditer(text) if (m.group(1) and not m.group(2).strip())
                 or _is_style(m.group(2).strip()))


def _check_style_tags(ref: str, text: str) -> list[tuple[str, str]]:
    """The style tags of the translation, when they are not those of the reference (added, missing, unbalanced)."""
    want, got = style_tags(ref), style_tags(text)
    if Counter(want) == Counter(got):
        return []
    return [(ERROR, said("markup-tags", "style tag(s) {tags} where the reference has {reference}",
                         tags=" ".join(got) or "-", reference=" ".join(want) or "-"))]


@lru_cache(maxsize=1 << 16)
def _markup(text: str) -> tuple[int, int, int]:
    """A text's list items, ``**`` and backquotes, counted once per text."""
    return len(_LIST_ITEM.findall(text)), text.count("**"), text.count("`")


def check_untranslated(ref: str, text: str, min_words: int = 3) -> list[tuple[str, str]]:
    if len(folded(ref).split()) >= min_words and folded(ref) == folded(text):
        return [(WARNING, said("untranslated", "identical to the reference text: not translated?"))]
    return []


@lru_cache(maxsize=1 << 16)
def term_fold(text: str) -> str:
    """Case and accents folded, but hyphens kept: 'legendary piece' is not inside 'non-legendary piece'.
    Cached: a check folds each text once per glossary term it looks for."""
    text = _PLACEHOLDER.sub(" ", text)  # {upgraded} is a number, not the word "upgraded"
    stripped = without_marks(unicodedata.normalize("NFKD", text.replace("\u2019", "'")))
    return _SPACES.sub(" ", stripped.casefold())


@lru_cache(maxsize=1 << 12)
def form_regex(form: str, whole: bool) -> re.Pattern[str]:
    """A folded form found at a word start (never right after a hyphen); ``whole``: and at a word end."""
    return re.compile(r"(?<![\w-])" + re.escape(form) + (r"(?!\w)" if whole else ""))


#: the most texts whose terms one :class:`TermMatcher` remembers
_MAX_FOUND = 1 << 16
#: how many first characters of a form :class:`TermMatcher` files it under
_HEAD = 3
#: where a form may start in a folded text: what :func:`form_regex` asks of the character before it
_WORD_START = re.compile(r"(?<![\w-])")


class TermMatcher:
    """Finds the glossary terms of one language in a text (folded, matched at word starts).

    A form is a stem ("destroy" finds "destroyed"); a form ending in ``$`` must end a word. A
    hyphen binds: a form never starts right after one.
    """

    def __init__(self, glossary: dict[str, dict[str, Any]], only: set[str] | None = None, field: str | None = None) -> None:
        self.forms: list[tuple[str, str, bool]] = []   # (folded form, keyword id, whole word)
        for kid, entry in glossary.items():
            if only is not None and kid not in only:
                continue
            if field is not None:  # another list of the entry, e.g. its forbidden variants
                forms = entry.get(field) or []
            else:
                forms = entry.get("forms") or [entry["term"], *entry.get("synonyms", [])]
            for form in forms:
                whole = form.endswith("$")
                f = term_fold(form.rstrip("$")).strip()
                if f:
                    self.forms.append((f, kid, whole))
        self.forms.sort(key=lambda x: -len(x[0]))
        # each form's regular expression compiled when a text first holds the form (most never do)
        self._res = [(f, whole, kid) for f, kid, whole in self.forms]
        self._by_keyword: dict[str, list[tuple[str, bool]]] = {}
        # the forms by their first characters (those shorter, apart): a text is looked at only for
        # the forms whose first characters stand at one of its word starts, not for every form
        self._heads: dict[str, list[int]] = {}
        self._short: list[int] = []
        for index, (form, whole, kid) in enumerate(self._res):
            self._by_keyword.setdefault(kid, []).append((form, whole))
            if len(form) < _HEAD:
                self._short.append(index)
            else:
                self._heads.setdefault(form[:_HEAD], []).append(index)
        self._found: dict[str, frozenset[str]] = {}

    def present(self, text: str, keyword: str) -> bool:
        """Whether any form of ``keyword`` occurs in ``text`` (overlaps allowed)."""
        hay = term_fold(text)
        # a form the text does not hold as a substring cannot match: looked for first (no regex)
        return any(form in hay and form_regex(form, whole).search(hay)
                   for form, whole in self._by_keyword.get(keyword, ()))

    def found(self, text: str) -> set[str]:
        """The keywords whose terms occur in ``text``, longest match first (no overlaps). Worked out
        once per text (a reference text is looked at with every language)."""
        known = self._found.get(text)
        if known is None:
            if len(self._found) >= _MAX_FOUND:   # a matcher kept for a long run (a service) stays bounded
                self._found.clear()
            known = self._found[text] = frozenset(self._find(term_fold(text)))
        return set(known)

    def _find(self, hay: str) -> set[str]:
        heads = self._heads
        at = {hay[m.start():m.start() + _HEAD] for m in _WORD_START.finditer(hay)}
        candidates = [*self._short, *(i for head in at if head in heads for i in heads[head])]
        candidates.sort()   # the longest forms first, as they stand in ``_res``
        res = self._res
        taken = bytearray(len(hay))
        out = set()
        for index in candidates:
            form, whole, kid = res[index]
            if form not in hay:  # the regular expression only where the form stands (a few of hundreds)
                continue
            for m in form_regex(form, whole).finditer(hay):
                start, end = m.span()
                if taken.find(1, start, end) != -1:   # overlaps a longer term found before
                    continue
                taken[start:end] = b"\x01" * (end - start)
                out.add(kid)
        return out

    def term_of(self, keyword: str) -> str:
        return next((f for f, kid, _ in self.forms if kid == keyword), keyword)


#: the matchers made in this process, by the content of their glossary (the most recent kept)
_MATCHERS: OrderedDict[str, TermMatcher] = OrderedDict()
#: how many matchers are kept (a check makes three per language: terms, forbidden variants, the reference's)
MAX_MATCHERS = 16


def matcher(glossary: dict[str, dict[str, Any]], field: str | None = None) -> TermMatcher:
    """The :class:`TermMatcher` of ``glossary`` (``field``: of its entries' list of that name), made
    once per content in this process: a check of another copy of the same glossary (a translator's
    folder checked again, a test's copy of the locales) reuses the matcher, and with it the terms it
    found in each text (a pure function of the glossary's content and the text, which is the key:
    any change to the glossary makes a new matcher)."""
    try:
        content = json.dumps([field, glossary], ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):   # not plain data: made each time
        return TermMatcher(glossary, field=field)
    key = hashlib.sha256(content.encode("utf-8", "surrogatepass")).hexdigest()
    found = _MATCHERS.get(key)
    if found is None:
        found = _MATCHERS[key] = TermMatcher(glossary, field=field)
        while len(_MATCHERS) > MAX_MATCHERS:
            _MATCHERS.popitem(last=False)
    else:
        _MATCHERS.move_to_end(key)
    return found
