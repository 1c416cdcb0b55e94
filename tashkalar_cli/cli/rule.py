"""``tashkalar rule`` and ``tashkalar errata``: the rules reference."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from tashkalar_cli.cli.common import DataOption, JsonOption, LangOption, print_json, session

app = typer.Typer(help="Read and search the rules, in any of the tool's languages.", no_args_is_help=True)


def _book(s):
    from tashkalar_cli.text.rules import Glossary, RuleBook

    return RuleBook(s.dataset), Glossary(s.dataset)


def rule_json(rule, book, loc) -> dict:
    return {
        "id": rule.id, "number": rule.number, "section": rule.section, "modes": list(rule.modes),
        "title": loc.field("rules", rule.id, "title").text, "text": loc.field("rules", rule.id, "text").text,
        "lang": loc.lang, "keywords": list(rule.keywords),
        "related": list(dict.fromkeys([*rule.related, *(r.id for r in book.citing(rule))])),
        "errata": [e["id"] for e in book.errata_for(rule)],
    }


@app.command("show")
def show(rule: Annotated[str, typer.Argument(help="Rule id (e.g. summon-pattern) or number (e.g. 5.2).")],
         lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """Show one rule with its modes, related rules and keywords, and any errata."""
    s = session(lang, data)
    book, glossary = _book(s)
    found = book.find(rule)
    if json:
        print_json(rule_json(found, book, s.loc))
        return
    from tashkalar_cli.render.rules import rule_panel

    s.console.print(rule_panel(found, book, glossary, s.loc))


@app.command("list")
def list_rules(mode: Annotated[Optional[str], typer.Option(help="Only rules of this form of play: high-form, duel, melee, team.")] = None,
               lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """The table of contents of the rules."""
    s = session(lang, data)
    book, _ = _book(s)
    rules = book.for_mode(mode)
    if json:
        print_json([{"id": r.id, "number": r.number, "section": r.section, "modes": list(r.modes),
                     "title": s.loc.field("rules", r.id, "title").text} for r in rules])
        return
    from tashkalar_cli.render.rules import rule_toc

    s.console.print(rule_toc(rules, book, s.loc))


@app.command("search")
def search(words: Annotated[list[str], typer.Argument(help="Words to look for (any language, accents optional).")],
           mode: Annotated[Optional[str], typer.Option(help="Only rules of this form of play.")] = None,
           lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """Search the rules; the best matches first."""
    from tashkalar_cli.errors import NotFoundError

    s = session(lang, data)
    book, _ = _book(s)
    allowed = {r.id for r in book.for_mode(mode)}
    found = [(r, score) for r, score in book.search(" ".join(words), s.loc) if r.id in allowed]
    if not found:
        raise NotFoundError(f"no rule mentions '{' '.join(words)}'")
    if json:
        print_json([{"id": r.id, "number": r.number, "score": round(score, 3),
                     "title": s.loc.field("rules", r.id, "title").text} for r, score in found])
        return
    from rich.table import Table

    table = Table(title=s.loc.msg("search.title", words=" ".join(words)))
    table.add_column(s.loc.msg("label.number"), justify="right", style="bold")
    table.add_column(s.loc.msg("label.title"))
    table.add_column(s.loc.msg("label.id"), style="dim")
    for r, _score in found:
        table.add_row(r.number, str(s.loc.field("rules", r.id, "title")), r.id)
    s.console.print(table)


def errata(lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """Where the published rulebooks (en, fr, es, it) disagree, and which reading is right."""
    from tashkalar_cli.text.rules import Errata

    s = session(lang, data)
    items = Errata(s.dataset)
    if json:
        out = []
        for e in items.items:
            entry, _ = s.loc.entry("errata", e["id"])
            out.append({**e, "title": s.loc.field("errata", e["id"], "title").text,
                        "readings": (entry or {}).get("readings", {}),
                        "ruling": s.loc.field("errata", e["id"], "ruling").text, "lang": s.lang})
        print_json(out)
        return
    from tashkalar_cli.render.rules import errata_renderable

    s.console.print(errata_renderable(items, s.loc))
