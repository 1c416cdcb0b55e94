"""Rich output of rules, keywords and errata."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tashkalar_cli.errors import quote, visible
from tashkalar_cli.render.fit import fitted
from tashkalar_cli.render.terminal import MOST_BLOCK, MOST_SHOWN, Readable, TitledPanel, block, shown
from tashkalar_cli.text.i18n import Localizer
from tashkalar_cli.text.rules import Errata, Glossary, Keyword, Rule, RuleBook, SearchResult, hit_texts

if TYPE_CHECKING:
    from tashkalar_cli.text.index import Hit


class NamedCards(Protocol):
    """What a keyword's panel needs of a game's cards (a pack's catalog, Tash-Kalar's): the cards, and
    the name of each in the reader's language."""

    @property
    def cards(self) -> Sequence[Any]: ...

    def name(self, card: Any, loc: Localizer) -> object: ...


def _modes(loc: Localizer, modes: Iterable[str]) -> str:
    return ", ".join(loc.msg(f"mode.{m}") for m in modes)


def rule_panel(rule: Rule, book: RuleBook, glossary: Glossary, loc: Localizer) -> TitledPanel:
    msg = loc.msg
    from rich.markdown import Markdown  # deferred: markdown-it, for rule show only (search, keyword, errata: none)

    title = loc.field("rules", rule.id, "title")
    text = loc.field("rules", rule.id, "text")
    parts: list[RenderableType] = [Markdown(visible(text, MOST_BLOCK, lines=True))]
    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="bold")
    facts.add_column()
    if rule.modes:
        facts.add_row(msg("label.modes"), _modes(loc, rule.modes))
    if rule.keywords:
        facts.add_row(msg("label.keywords"), loc.join(loc.field("keywords", k, "term").text or k for k in rule.keywords))
    related = [book.by_id[r] for r in rule.related if r in book.by_id] + book.citing(rule)
    seen: list[Rule] = []
    for r in related:
        if r not in seen and r != rule:
            seen.append(r)
    if seen:
        facts.add_row(msg("label.related"), "\n".join(f"{r.number} {loc.field('rules', r.id, 'title')} ({r.id})" for r in seen))
    parts += [Text(), fitted(facts)]
    for e in book.errata_for(rule):
        parts += [Text(), Text(loc.msg("label.value", label=_erratum_label(e, loc),
                                   value=visible(loc.field("errata", e["id"], "title"), MOST_SHOWN)),
                           style="bold yellow"),
                  block(loc.field("errata", e["id"], "ruling"))]
    langs = {t.lang for t in (title, text)} - {loc.lang}
    if langs:
        parts += [Text(), Text(msg("fallback.note", lang=loc.language_name(loc.lang),
                                   fallback=loc.join(map(loc.language_name, sorted(langs)))), style="italic yellow")]
    return TitledPanel(Group(*parts), title=shown(f"{rule.number}  {title}", "bold"), subtitle=shown(rule.id, "dim"))


def _erratum_label(e: dict[str, Any], loc: Localizer) -> str:
    """"Erratum", or "Ruling" for the tool's reading of a silent or ambiguous rulebook."""
    return loc.msg("label.ruling") if e.get("kind") == "ruling" else loc.msg("label.erratum")


def _kind_label(hit: Hit, book: RuleBook, loc: Localizer) -> str:
    """"keyword", "erratum", or "ruling" for an erratum that is one of the tool's rulings."""
    if hit.kind == "erratum":
        entry: dict[str, Any] = next((e for e in book.dataset.facts["errata"] if e["id"] == hit.id), {})
        if entry.get("kind") == "ruling":
            return loc.msg("search.kind.ruling")
    return loc.msg(f"search.kind.{hit.kind}")


def rule_toc(rules: Sequence[Rule], book: RuleBook, loc: Localizer) -> RenderableType:
    msg = loc.msg
    modes = book.has_modes
    table = Table(title=msg("rules.title", count=len(rules)))
    table.add_column(msg("label.number"), justify="right", style="bold")
    table.add_column(msg("label.title"))
    if modes:
        table.add_column(msg("label.modes"), style="dim")
    table.add_column(msg("label.id"), style="dim")
    by_section: dict[str, list[Rule]] = {}
    for r in rules:
        by_section.setdefault(r.section, []).append(r)
    for section in book.sections:
        members = by_section.get(section["id"])
        if not members:
            continue
        head = shown(loc.field("sections", section["id"], "title"), "bold underline")
        table.add_row(section["number"], head, *(("", "") if modes else ("",)))
        for r in members:
            table.add_row(r.number, str(loc.field("rules", r.id, "title")), *((_modes(loc, r.modes),) if modes else ()), r.id)
    # the number and the id are what `rule show` takes: never cut; the modes, then the id (the
    # number names the rule as well), give way on a narrow terminal
    last = 3 if modes else 2
    return fitted(table, ids=(0, last), drop=(2, last) if modes else (last,))


def keyword_panel(keyword: Keyword, glossary: Glossary, book: RuleBook, loc: Localizer, cards: NamedCards | None) -> TitledPanel:
    msg = loc.msg
    term = loc.field("keywords", keyword.id, "term")
    definition = loc.field("keywords", keyword.id, "definition")
    parts: list[RenderableType] = [block(definition), Text()]
    terms = Table(title=msg("keyword.terms"), title_justify="left", show_header=True)   # its heading over it
    terms.add_column(msg("label.language"))
    terms.add_column(msg("label.term"), style="bold")
    terms.add_column(msg("label.synonyms"), style="dim")
    for lang in glossary.dataset.languages:
        entry = glossary.dataset.locales[lang].get("keywords", {}).get(keyword.id)
        if entry:
            # a variant the glossary forbids is found by a search, never shown as another name of the term
            banned = {v.casefold() for v in entry.get("forbidden", [])}
            also = [v for v in entry.get("synonyms", []) if v.casefold() not in banned]
            terms.add_row(shown(loc.language_name(lang)), shown(entry["term"]),
                          shown(loc.join(also), most=MOST_BLOCK))
    parts.append(fitted(terms))  # a term is folded, never cut with an ellipsis
    rules = glossary.rules_about(keyword, book)
    if rules:
        parts += [Text(), Text(msg("label.rules"), style="bold")]
        parts += [shown(f"  {r.number} {loc.field('rules', r.id, 'title')} ({r.id})") for r in rules[:12]]
    using = glossary.cards_using(keyword, cards)
    if using and cards is not None:
        parts += [Text(), Text(msg("keyword.cards", count=len(using)), style="bold"),
                  block("  " + ", ".join(visible(cards.name(c, loc), MOST_SHOWN) for c in using))]
    return TitledPanel(Group(*parts), title=shown(term, "bold"), subtitle=shown(keyword.id, "dim"))


def keyword_table(glossary: Glossary, loc: Localizer) -> RenderableType:
    msg = loc.msg
    table = Table(title=msg("keywords.title", count=len(glossary.keywords)))
    table.add_column(msg("label.term"), style="bold")
    table.add_column(msg("label.category"), style="dim")
    table.add_column(msg("label.id"), style="dim")
    for k in glossary.keywords:
        table.add_row(str(loc.field("keywords", k.id, "term")), msg(f"category.{k.category}"), k.id)
    return fitted(table, ids=(2,), drop=(1,))


def _rules_named(ids: list[str], book: RuleBook | None, loc: Localizer) -> str:
    """Rules as `rule show` names them: number, title in this language, id in parentheses (an id the
    book does not hold stays as it is)."""
    rules = book.by_id if book is not None else {}
    return loc.join(f"{rules[i].number} {loc.field('rules', i, 'title')} ({i})" if i in rules else i for i in ids)


def errata_renderable(errata: Errata, loc: Localizer, rulebook: RuleBook | None = None) -> Group:
    msg = loc.msg
    panels = []
    for e in errata.items:
        body = Table.grid(padding=(0, 2))
        body.add_column(style="bold")
        body.add_column()
        for book in e["books"]:
            mark = "•" if e.get("kind") == "ruling" else "✗" if book in e["differing"] else "✓"
            body.add_row(f"{mark} {loc.language_name(book)}", loc.reading(e["id"], book))  # a rulebook by its language
        if e.get("kind") == "ruling" and e.get("rules"):
            body.add_row(msg("label.rules"), _rules_named(e["rules"], rulebook, loc))
        body.add_row(msg("errata.ruling"), str(loc.field("errata", e["id"], "ruling")))
        panels.append(TitledPanel(fitted(body), title=shown(loc.field("errata", e["id"], "title"), "bold"),
                                  subtitle=shown(e["id"], "dim")))
    rulings = all(e.get("kind") == "ruling" for e in errata.items) and errata.items
    title = msg("rulings.title", count=len(errata.items)) if rulings else msg("errata.title", count=len(errata.items))
    return Group(Text(title, style="bold"), *panels)


#: how much of a question a "nothing answers" message quotes
QUESTION_SHOWN = 60


def search_answer(result: SearchResult, book: RuleBook, loc: Localizer) -> RenderableType:
    """The answer to a question: the best hit in full (number, title, text), then the next ones."""
    msg = loc.msg
    if not result.hits:
        return Text(msg("search.none", words=quote(result.query.text, QUESTION_SHOWN)))
    best, *more = result.hits
    title, text = hit_texts(best, loc)
    head = Text(style="bold")
    if best.kind == "rule":
        head.append(f"{best.number}  ")
    else:
        head.append(loc.msg("label.value", label=_kind_label(best, book, loc), value="").rstrip() + " ", style="bold yellow")
    head.append(visible(title, MOST_SHOWN))
    head.append(f"  ({best.id})", style="dim")
    parts: list[RenderableType] = [head, plain_markdown(visible(text, MOST_BLOCK, lines=True))]
    if best.kind == "rule":
        for e in book.errata_for(book.by_id[best.id]):
            line = loc.msg("label.value", label=_erratum_label(e, loc), value=str(loc.field("errata", e["id"], "title")))
            parts.append(Text(line + f" ({e['id']})", style="yellow"))
    if more:
        table = Table.grid(padding=(0, 2))
        table.add_column(justify="right")
        table.add_column()
        table.add_column(style="dim")
        for hit in more:
            hit_title, _ = hit_texts(hit, loc)
            label = Text(hit.number, style="bold") if hit.kind == "rule" else \
                Text(_kind_label(hit, book, loc), style="yellow")
            table.add_row(label, str(hit_title), hit.id)
        parts += [Text(), Text(msg("search.more"), style="bold"), fitted(table, ids=(0, 2))]
    langs = {t.lang for t in (title, text)} - {loc.lang}
    if langs:
        parts += [Text(), Text(msg("fallback.note", lang=loc.language_name(loc.lang),
                                   fallback=loc.join(map(loc.language_name, sorted(langs)))), style="italic yellow")]
    return Readable(Group(*parts))


_BOLD = re.compile(r"\*\*(.+?)\*\*")


def plain_markdown(text: str) -> Text:
    """The little Markdown of the rule texts (**bold**, "- " list items) as Rich text, without the
    cost of importing a Markdown parser for one answer."""
    out = Text()
    for n, line in enumerate(text.splitlines()):
        if n:
            out.append("\n")
        if line.startswith("- "):
            out.append(" • ")
            line = line[2:]
        pos = 0
        for m in _BOLD.finditer(line):
            out.append(line[pos:m.start()])
            out.append(m.group(1), style="bold")
            pos = m.end()
        out.append(line[pos:])
    return out
