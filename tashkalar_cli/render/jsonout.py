"""The stable JSON contract: everything ``--json`` prints, built from the library's objects.

One function per output; each output's JSON Schema is ``schemas/output-<name>.schema.json``
and a contract test validates real output against it. Keys are only ever added, never renamed
or removed. Texts are in the requested language; ``lang`` and ``fallback_lang`` tell which
language a text actually came from when a translation was missing.

This module holds what every game shares: the versions of every output, a document's head, the
errors, the rules, keywords and errata, validation and the translation checker's findings. Each
game's own answers are its pack's (:mod:`tashkalar_cli.games.tashkalar.render.jsonout`,
:mod:`tashkalar_cli.games.letal.jsonout`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tashkalar_cli.text.i18n import Localizer
    from tashkalar_cli.text.rules import CardList, Errata, Glossary, Keyword, Rule, RuleBook, SearchResult

JSON = dict[str, Any]

#: every output: its schema's name (``schemas/output-<name>.schema.json``) -> the version of its
#: contract, printed in the output's ``schema`` field (``"schema": "output-card/1"``). A version
#: changes only when an output changes shape: keys are only ever added. Version 1 of the six
#: lists (card-list, rule-list, rule-search, errata, keyword-list, i18n-check) was a bare JSON
#: array, which cannot carry a field: since version 2 each is an object holding its list.
VERSIONS: dict[str, int] = {
    "card": 1, "card-list": 2, "rule": 1, "rule-list": 2, "rule-search": 2, "errata": 2, "keyword": 1,
    "keyword-list": 2, "summon": 1, "summonable": 1, "flare": 2, "flare-all": 2, "task": 1, "task-all": 1,
    "score": 1, "position": 1, "position-check": 1, "validate": 1, "i18n-check": 2, "plan": 2,
    "summon-apply": 3, "flare-play": 2, "error": 1, "letal-squares": 2, "letal-shift": 2, "letal-attack": 1, "letal-check": 1,
    "letal-winner": 1, "i18n-reviewed": 1, "i18n-export": 1, "i18n-import": 1, "sheet": 1, "position-board": 1, "letal-board": 1,
}


def schema_id(name: str) -> str:
    """The value of an output's ``schema`` field: ``output-<name>/<version>``."""
    return f"output-{name}/{VERSIONS[name]}"


def document(name: str, body: JSON) -> JSON:
    """A whole output: ``body`` headed by its ``schema`` field (the one place it is set)."""
    return {"schema": schema_id(name), **body}


def error(code: str, kind: str, message: str, file: str | None = None, line: int | None = None,
          hints: list[str] | None = None, key: str | None = None) -> JSON:
    """An error (``code``: bad-input, usage or internal); ``file`` and ``line`` are always two
    fields, the line never glued to the file's name."""
    return document("error", {"error": {"code": code, "kind": kind, "message": message, "file": file,
                                        "line": line, "hints": hints or [], "key": key}})


# ---------------------------------------------------------------------- rules, keywords, errata

def rule(r: Rule, book: RuleBook, loc: Localizer) -> JSON:
    title, text = loc.field("rules", r.id, "title"), loc.field("rules", r.id, "text")
    return {
        "id": r.id, "number": r.number, "section": r.section, "modes": list(r.modes),
        "title": title.text, "text": text.text, "lang": loc.lang, "fallback_lang": fallback_lang(loc, title, text),
        "keywords": list(r.keywords),
        "related": list(dict.fromkeys([*r.related, *(c.id for c in book.citing(r))])),
        "errata": [e["id"] for e in book.errata_for(r)],
    }


def rule_list(rules: list[Rule], loc: Localizer) -> JSON:
    return {"rules": [{"id": r.id, "number": r.number, "section": r.section, "modes": list(r.modes),
             "title": loc.field("rules", r.id, "title").text} for r in rules]}


def rule_search(result: SearchResult, loc: Localizer) -> JSON:
    from tashkalar_cli.text.rules import hit_texts  # deferred: card show --json and the others start without the rules

    out = []
    for hit in result.hits:
        title, text = hit_texts(hit, loc)
        out.append({"kind": hit.kind, "id": hit.id, "number": hit.number or None, "score": max(round(hit.score, 3), 0.001),
                    "title": title.text, "text": text.text, "lang": loc.lang,
                    "fallback_lang": fallback_lang(loc, title, text), "matched_lang": hit.lang,
                    "question_lang": result.query.lang})
    return {"results": out}


def keyword(kw: Keyword, glossary: Glossary, book: RuleBook, db: CardList[Any] | None, loc: Localizer) -> JSON:
    entry, _ = loc.entry("keywords", kw.id)
    term, definition = loc.field("keywords", kw.id, "term"), loc.field("keywords", kw.id, "definition")
    return {"id": kw.id, "category": kw.category, "term": term.text, "definition": definition.text,
            "lang": loc.lang, "fallback_lang": fallback_lang(loc, term, definition),
            "synonyms": (entry or {}).get("synonyms", []), "terms": glossary.terms(kw),
            "rules": [r.id for r in glossary.rules_about(kw, book)],
            "cards": [c.id for c in glossary.cards_using(kw, db)]}


def keyword_list(glossary: Glossary, loc: Localizer) -> JSON:
    return {"keywords": [{"id": k.id, "category": k.category, "term": loc.field("keywords", k.id, "term").text,
                          "terms": glossary.terms(k)} for k in glossary.keywords]}


def errata(items: Errata, loc: Localizer) -> JSON:
    out = []
    for e in items.items:
        entry, _ = loc.entry("errata", e["id"])
        title, ruling = loc.field("errata", e["id"], "title"), loc.field("errata", e["id"], "ruling")
        out.append({"kind": "erratum", **e, "title": title.text, "readings": (entry or {}).get("readings", {}),
                    "ruling": ruling.text, "lang": loc.lang, "fallback_lang": fallback_lang(loc, title, ruling)})
    return {"errata": out}


def fallback_lang(loc: Localizer, *texts: Any) -> str | None:
    """The language a text came from when it is not the one asked for (a translation missing), if any."""
    langs = sorted({t.lang for t in texts if t.text and t.lang != loc.lang})
    return langs[0] if langs else None


# ---------------------------------------------------------------------- tools

def validation(summary: dict[str, Any]) -> JSON:
    return dict(summary)


def findings(report: Any) -> JSON:
    return {"findings": [f.to_dict() for f in report.findings],
            "coverage": [row for lang, cov in report.coverage.items() for row in cov.rows(lang)]}


__all__ = ["JSON", "VERSIONS", "document", "errata", "error", "fallback_lang", "findings", "keyword", "keyword_list",
           "rule", "rule_list", "rule_search", "schema_id", "validation"]
