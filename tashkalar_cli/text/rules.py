"""The rules reference: numbered rules, the keyword glossary and the errata.

Structure (ids, numbers, modes, links) comes from ``cards/rules.yaml``, ``cards/glossary.yaml``
and ``cards/errata.yaml``; titles, texts, terms and definitions from each language's locale.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from tashkalar_cli.errors import NotFoundError, quote
from tashkalar_cli.text.i18n import Localizer
from tashkalar_cli.text.search import fold, suggestions, word_score

MODES = ("high-form", "duel", "melee", "team")


def _number_key(number: str) -> tuple[int, ...]:
    return tuple(int(p) for p in number.split("."))


@dataclass(frozen=True)
class Rule:
    id: str
    number: str
    section: str
    modes: tuple[str, ...]
    keywords: tuple[str, ...]
    related: tuple[str, ...]


@dataclass(frozen=True)
class Keyword:
    id: str
    category: str
    card_keyword: bool
    rules: tuple[str, ...]


class RuleBook:
    """The numbered rules, in number order, found by id or number and searched in any language."""

    def __init__(self, dataset) -> None:
        self.dataset = dataset
        data = dataset.facts["rules"]
        self.sections = sorted(data["sections"], key=lambda s: _number_key(s["number"]))
        self.rules = sorted((Rule(r["id"], r["number"], r["section"], tuple(r["modes"]),
                                  tuple(r.get("keywords", ())), tuple(r.get("related", ())))
                             for r in data["rules"]), key=lambda r: _number_key(r.number))
        self.by_id = {r.id: r for r in self.rules}
        self.by_number = {r.number: r for r in self.rules}

    def find(self, query: str) -> Rule:
        q = query.strip()
        if q in self.by_id:
            return self.by_id[q]
        if q.rstrip(".") in self.by_number:
            return self.by_number[q.rstrip(".")]
        choices = {fold(r.id): r.id for r in self.rules}
        raise NotFoundError(f"no rule has the id or number '{quote(query)}'", hints=suggestions(query, choices))

    def for_mode(self, mode: str | None) -> list[Rule]:
        if mode and mode not in MODES:
            raise NotFoundError(f"unknown form of play '{mode}' (one of: {', '.join(MODES)})")
        return [r for r in self.rules if not mode or mode in r.modes]

    def citing(self, rule: Rule) -> list[Rule]:
        """Rules that link to ``rule``."""
        return [r for r in self.rules if rule.id in r.related]

    def errata_for(self, rule: Rule) -> list[dict]:
        return [e for e in self.dataset.facts["errata"] if rule.id in e.get("rules", [])]

    def search(self, words: str, loc: Localizer, limit: int = 20) -> list[tuple[Rule, float]]:
        """Rules ranked by how well ``words`` match their title and text, in any language.

        The user's language counts most; a match in another language still finds the rule.
        """
        scored = []
        langs = [loc.lang] + [lang for lang in self.dataset.languages if lang != loc.lang]
        for rule in self.rules:
            best = 0.0
            for i, lang in enumerate(langs):
                entry = self.dataset.locales[lang].get("rules", {}).get(rule.id)
                if not entry:
                    continue
                weight = 1.0 if i == 0 else 0.8
                title = word_score(words, entry["title"]) * 1.5
                body = word_score(words, entry["text"])
                best = max(best, weight * max(title, body))
            if best:
                scored.append((rule, best))
        scored.sort(key=lambda rs: (-rs[1], _number_key(rs[0].number)))
        return scored[:limit]


class Glossary:
    """The keywords, found by their term or synonyms in any language."""

    def __init__(self, dataset) -> None:
        self.dataset = dataset
        self.keywords = [Keyword(k["id"], k["category"], bool(k.get("card_keyword")), tuple(k.get("rules", ())))
                         for k in dataset.facts["glossary"]]
        self.by_id = {k.id: k for k in self.keywords}

    @cached_property
    def _index(self) -> dict[str, str]:
        """Folded id, term and synonyms in every language -> keyword id (English first)."""
        index: dict[str, str] = {}
        for k in self.keywords:
            index.setdefault(fold(k.id), k.id)
        langs = sorted(self.dataset.locales, key=lambda lang: lang != "en")
        for lang in langs:
            for kid, entry in self.dataset.locales[lang].get("keywords", {}).items():
                if kid not in self.by_id:
                    continue
                for term in [entry["term"], *entry.get("synonyms", [])]:
                    index.setdefault(fold(term), kid)
        return index

    def find(self, query: str) -> Keyword:
        key = fold(query)
        if key in self._index:
            return self.by_id[self._index[key]]
        english = self.dataset.locales.get("en", {}).get("keywords", {})
        hints = [english.get(kid, {}).get("term", kid) for kid in suggestions(query, self._index)]
        raise NotFoundError(f"no keyword or game term '{quote(query)}'", hints=hints)

    def terms(self, keyword: Keyword) -> dict[str, str]:
        """The term of ``keyword`` in every language that has it."""
        out = {}
        for lang in self.dataset.languages:
            entry = self.dataset.locales[lang].get("keywords", {}).get(keyword.id)
            if entry:
                out[lang] = entry["term"]
        return out

    def cards_using(self, keyword: Keyword, cards) -> list:
        return [c for c in cards.cards if keyword.id in c.keywords]

    def rules_about(self, keyword: Keyword, book: RuleBook) -> list[Rule]:
        linked = [book.by_id[r] for r in keyword.rules if r in book.by_id]
        return linked + [r for r in book.rules if keyword.id in r.keywords and r not in linked]


class Errata:
    """The disagreements between the published rulebooks (cards/errata.yaml), in their order."""

    def __init__(self, dataset) -> None:
        self.dataset = dataset
        self.items = list(dataset.facts["errata"])
