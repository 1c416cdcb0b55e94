"""``tashkalar keyword``: the glossary of keywords and game terms."""

from __future__ import annotations

from typing import Annotated

import typer

from tashkalar_cli.cli.common import DataOption, JsonOption, LangOption, print_json, session

app = typer.Typer(help="Look up keywords and game terms, by their term in any language.", no_args_is_help=True)


@app.command("show")
def show(term: Annotated[list[str], typer.Argument(help="The term, in any language (e.g. 'combat move', 'Ruse', 'impeto').")],
         lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """Define a keyword, with its term in every language."""
    from tashkalar_cli.text.rules import Glossary, RuleBook

    s = session(lang, data)
    glossary = Glossary(s.dataset)
    kw = glossary.find(" ".join(term))
    if json:
        entry, _ = s.loc.entry("keywords", kw.id)
        print_json({"id": kw.id, "category": kw.category, "term": s.loc.field("keywords", kw.id, "term").text,
                    "definition": s.loc.field("keywords", kw.id, "definition").text, "lang": s.lang,
                    "synonyms": (entry or {}).get("synonyms", []), "terms": glossary.terms(kw),
                    "rules": [r.id for r in glossary.rules_about(kw, RuleBook(s.dataset))],
                    "cards": [c.id for c in glossary.cards_using(kw, s.cards)]})
        return
    from tashkalar_cli.render.rules import keyword_panel

    s.console.print(keyword_panel(kw, glossary, RuleBook(s.dataset), s.loc, s.cards))


@app.command("list")
def list_keywords(lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """Every keyword and game term."""
    from tashkalar_cli.text.rules import Glossary

    s = session(lang, data)
    glossary = Glossary(s.dataset)
    if json:
        print_json([{"id": k.id, "category": k.category, "term": s.loc.field("keywords", k.id, "term").text,
                     "terms": glossary.terms(k)} for k in glossary.keywords])
        return
    from tashkalar_cli.render.rules import keyword_table

    s.console.print(keyword_table(glossary, s.loc))
