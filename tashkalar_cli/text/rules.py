"""The rules reference: numbered rules, the keyword glossary and the errata.

Structure (ids, numbers, modes, links) comes from ``cards/rules.yaml``, ``cards/glossary.yaml``
and ``cards/errata.yaml``; titles, texts, terms and definitions from each language's locale.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, TypeVar

from tashkalar_cli.data.paths import RULE_MODES
from tashkalar_cli.errors import NotFoundError, Term, quote
from tashkalar_cli.text.i18n import Localizer, Text
from tashkalar_cli.text.search import fold, suggestions

if TYPE_CHECKING:
    from tashkalar_cli.data.dataset import Dataset
    from tashkalar_cli.text.index import Hit, Query, SearchIndex
    from tashkalar_cli.text.vocabulary import Lexicon


class _Keyworded(Protocol):
    @property
    def keywords(self) -> tuple[str, ...]: ...


_C = TypeVar("_C", bound=_Keyworded, covariant=True)


class CardList(Protocol, Generic[_C]):
    """What :meth:`Glossary.cards_using` needs of the card database (a layer above): its cards."""

    @property
    def cards(self) -> Sequence[_C]: ...

#: the forms of play a rule may name (the registry's, :data:`tashkalar_cli.data.paths.RULE_MODES`)
MODES = RULE_MODES


def _number_key(number: str) -> tuple[int, ...]:
    return tuple(int(p) for p in number.split("."))


class Rule(NamedTuple):
    id: str
    number: str
    section: str
    modes: tuple[str, ...]
    keywords: tuple[str, ...]
    related: tuple[str, ...]


class Keyword(NamedTuple):
    id: str
    category: str
    card_keyword: bool
    rules: tuple[str, ...]


class RuleBook:
    """The numbered rules, in number order, found by id or number and searched in any language."""

    def __init__(self, dataset: Dataset, game: str = "tash-kalar") -> None:
        """``game``: the game's id, whose learned weights rank the search's best hits again."""
        self.dataset = dataset
        self.game = game
        data = dataset.facts["rules"]
        self.sections = sorted(data["sections"], key=lambda s: _number_key(s["number"]))
        self.played_as: dict[str, list[str]] = dict(data.get("played_as", {}))
        self.rules = sorted((Rule(r["id"], r["number"], r["section"], self._modes(r),
                                  tuple(r.get("keywords", ())), tuple(r.get("related", ())))
                             for r in data["rules"]), key=lambda r: _number_key(r.number))
        self.by_id = {r.id: r for r in self.rules}
        self.by_number = {r.number: r for r in self.rules}

    def _modes(self, rule: dict[str, Any]) -> tuple[str, ...]:
        """The forms of play a rule applies to: its own, and those played as one of them
        (``played_as`` of cards/rules.yaml: team games are High Forms or duels), unless excluded."""
        modes = set(rule.get("modes", ()))   # a game without forms of play has none
        for form, bases in self.played_as.items():
            if form not in rule.get("excludes", ()) and modes & set(bases):
                modes.add(form)
        return tuple(sorted(modes, key=lambda m: (MODES.index(m) if m in MODES else len(MODES), m)))

    def find(self, query: str) -> Rule:
        q = query.strip()
        if q in self.by_id:
            return self.by_id[q]
        if q.rstrip(".") in self.by_number:
            return self.by_number[q.rstrip(".")]
        choices = {fold(r.id): r.id for r in self.rules}
        raise NotFoundError(key="no-rule", query=quote(query), hints=suggestions(query, choices))

    @property
    def has_modes(self) -> bool:
        """Whether the rules name forms of play (Tash-Kalar's do; L.E.T.A.L.'s do not)."""
        return any(r.modes for r in self.rules)

    def for_mode(self, mode: str | None) -> list[Rule]:
        if mode and not self.has_modes:
            raise NotFoundError(key="no-play-forms", value=quote(mode))
        if mode and mode not in MODES:
            raise NotFoundError(key="unknown-play-form", value=quote(mode), allowed=Term("mode", MODES))
        return [r for r in self.rules if not mode or mode in r.modes]

    def citing(self, rule: Rule) -> list[Rule]:
        """Rules that link to ``rule``."""
        return [r for r in self.rules if rule.id in r.related]

    def errata_for(self, rule: Rule) -> list[dict[str, Any]]:
        return [e for e in self.dataset.facts["errata"] if rule.id in e.get("rules", [])]

    @cached_property
    def index(self) -> SearchIndex:
        """The search index stored with the cached data (built here when the cache predates it)."""
        from tashkalar_cli.text.index import FORMAT, PART, SearchIndex  # deferred: rule show loads no search index
        from tashkalar_cli.text.index.learned import WEIGHTS  # deferred: with the search index

        parts = self.dataset.derived
        common = parts.get(PART)
        if not isinstance(common, dict) or common.get("format") != FORMAT:
            from tashkalar_cli.text.index import build_index  # deferred: the package imports its builder only when asked

            parts = build_index(self.dataset.facts, self.dataset.locales)
        return SearchIndex(parts, WEIGHTS.get(self.game))

    def search(self, question: str, lang: str | None = None, *, preferred: str | None = None,
               mode: str | None = None, limit: int | None = 20) -> SearchResult:
        """Rules, keywords and errata ranked by relevance to a free-form ``question``, best first.

        The question is read in ``lang`` when given, else in the language it is written in (ties:
        ``preferred``); ``mode`` keeps the rules of that form of play (keywords stay, errata stay
        when they concern one of those rules).
        """
        index = self.index
        query = index.read(question, lang, preferred)
        hits = index.search(query)
        if mode:
            allowed = {r.id for r in self.for_mode(mode)}
            errata = {e["id"]: e for e in self.dataset.facts["errata"]}
            hits = [h for h in hits if (h.kind == "rule" and h.id in allowed) or h.kind == "keyword"
                    or (h.kind == "erratum" and allowed & set(errata.get(h.id, {}).get("rules", ())))]
        return SearchResult(query, hits[:limit] if limit else hits)


#: the locale section and text fields of each kind of search hit: (section, title, text)
HIT_FIELDS = {"rule": ("rules", "title", "text"), "keyword": ("keywords", "term", "definition"),
              "erratum": ("errata", "title", "ruling")}


def hit_texts(hit: Hit, loc: Localizer) -> tuple[Text, Text]:
    """The title and text of a search hit in ``loc``'s language (English where it lacks them)."""
    section, title, text = HIT_FIELDS[hit.kind]
    return loc.field(section, hit.id, title), loc.field(section, hit.id, text)


class SearchResult(NamedTuple):
    """The answer to a question: how it was read (its language, words and keywords) and the hits."""

    query: Query
    hits: list[Hit]


class Glossary:
    """The keywords, found by their term or synonyms in any language."""

    def __init__(self, dataset: Dataset) -> None:
        self.dataset = dataset
        self.keywords = [Keyword(k["id"], k["category"], bool(k.get("card_keyword")), tuple(k.get("rules", ())))
                         for k in dataset.facts["glossary"]]
        self.by_id = {k.id: k for k in self.keywords}

    def _langs(self, lang: str | None) -> list[str]:
        """Every language, ``lang`` first, then English, then the others."""
        return sorted(self.dataset.locales, key=lambda code: (code != lang, code != "en", code))

    @cached_property
    def lexicon(self) -> Lexicon:
        """Each keyword's id, and its term and synonyms in every language; the forms texts use
        (``impet`` for impeti) are read after them (see :meth:`_form`)."""
        from tashkalar_cli.text.vocabulary import Lexicon  # deferred: the word reader, which rule show does not load

        names = {lang: {kid: [entry["term"], *entry.get("synonyms", [])]
                        for kid, entry in texts.get("keywords", {}).items() if kid in self.by_id}
                 for lang, texts in self.dataset.locales.items()}
        return Lexicon([k.id for k in self.keywords], names, extra=self._form)

    def _form(self, key: str, lang: str | None) -> str | None:
        """The keyword one of whose forms is ``key`` (folded), or starts its last word."""
        for code in self._langs(lang):
            for kid, entry in self.dataset.locales[code].get("keywords", {}).items():
                if kid in self.by_id and any(fold(form.rstrip("$")) == key for form in entry.get("forms", [])):
                    return str(kid)
        return self._form_of(key, lang)

    def _form_of(self, key: str, lang: str | None) -> str | None:
        """The keyword one of whose forms starts the last word of ``key`` ("impeti" has the form "impet")."""
        words = key.split()
        for code in self._langs(lang):
            for kid, entry in self.dataset.locales[code].get("keywords", {}).items():
                for form in entry.get("forms", []):
                    whole = form.endswith("$")
                    parts = fold(form.rstrip("$")).split()
                    if kid in self.by_id and parts and len(parts) == len(words) and words[:-1] == parts[:-1] \
                            and (words[-1] == parts[-1] if whole else words[-1].startswith(parts[-1])):
                        return str(kid)
        return None

    def find(self, query: str, lang: str | None = None, where: str = "") -> Keyword:
        """A keyword by its id, or its term, a synonym or a form in any language (``lang`` first), a
        part of one or a typo: :func:`~tashkalar_cli.text.vocabulary.find_word`."""
        from tashkalar_cli.text.vocabulary import find_word  # deferred: the word reader, which rule show does not load

        return self.by_id[find_word(self.lexicon, "keyword", query, lang=lang, where=where)]

    def terms(self, keyword: Keyword) -> dict[str, str]:
        """The term of ``keyword`` in every language that has it."""
        out = {}
        for lang in self.dataset.languages:
            entry = self.dataset.locales[lang].get("keywords", {}).get(keyword.id)
            if entry:
                out[lang] = entry["term"]
        return out

    def cards_using(self, keyword: Keyword, cards: CardList[_C] | None) -> list[_C]:
        """The cards tagged with ``keyword`` (none in a game without a card database: ``cards`` None)."""
        return [] if cards is None else [c for c in cards.cards if keyword.id in c.keywords]

    def rules_about(self, keyword: Keyword, book: RuleBook) -> list[Rule]:
        linked = [book.by_id[r] for r in keyword.rules if r in book.by_id]
        return linked + [r for r in book.rules if keyword.id in r.keywords and r not in linked]


class Errata:
    """The disagreements between the published rulebooks (cards/errata.yaml), in their order, and
    the tool's rulings where one rulebook is silent or ambiguous (``kind: ruling``)."""

    def __init__(self, dataset: Dataset, items: list[dict[str, Any]] | None = None) -> None:
        self.dataset = dataset
        self.items = list(dataset.facts["errata"]) if items is None else items

    @property
    def books(self) -> list[str]:
        """The rulebooks compared, by language."""
        return sorted({b for e in self.items for b in e["books"]})

    @cached_property
    def lexicon(self) -> Lexicon:
        """The errata as words a user may type: an id, or a title in any language."""
        from tashkalar_cli.text.vocabulary import Lexicon  # deferred: the word reader, which rule show does not load

        ids = [e["id"] for e in self.items]
        names: dict[str, dict[str, list[str]]] = {}
        for lang, texts in self.dataset.locales.items():
            entries = texts.get("errata") or {}
            names[lang] = {i: [str(entries[i]["title"])] for i in ids if isinstance(entries.get(i), dict)
                           and entries[i].get("title")}
        return Lexicon(ids, names, {i: [i] for i in ids})

    def about(self, book: str | None = None, erratum: str | None = None) -> Errata:
        """The errata where the rulebook ``book`` is one that errs (its rulings: where it is one ruled on),
        or the one ``erratum``; both ids (see :meth:`Game.errata_about` for words typed)."""
        chosen = [e for e in self.items if (erratum is None or e["id"] == erratum) and
                  (book is None or book in (e["books"] if e.get("kind") == "ruling" else e["differing"]))]
        return Errata(self.dataset, chosen)
