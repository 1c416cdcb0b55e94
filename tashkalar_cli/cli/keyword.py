"""``tashkalar keyword``: the glossary of keywords and game terms."""

from __future__ import annotations

from typing import Annotated

import typer

from tashkalar_cli.command.common import DataOption, JsonOption, LangOption, print_json, session

app = typer.Typer(help="Look up keywords and game terms, by their term in any language.", no_args_is_help=True)


@app.command("show")
def show(term: Annotated[list[str], typer.Argument(help="The term, in any language (e.g. 'combat move', 'Ruse', 'impeto').")],
         lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """Define a keyword, with its term in every language."""
    s = session(lang, data)
    glossary = s.game.glossary
    kw = glossary.by_id[s.game.word("keyword", " ".join(term))]
    if json:
        from tashkalar_cli.render import jsonout

        print_json("keyword", jsonout.keyword(kw, glossary, s.game.rules, s.cards_if_any, s.loc))
        return
    from tashkalar_cli.render.rules import keyword_panel

    s.console.print(keyword_panel(kw, glossary, s.game.rules, s.loc, s.cards_if_any))


@app.command("list")
def list_keywords(lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """Every keyword and game term."""
    s = session(lang, data)
    glossary = s.game.glossary
    if json:
        from tashkalar_cli.render import jsonout

        print_json("keyword-list", jsonout.keyword_list(glossary, s.loc))
        return
    from tashkalar_cli.render.rules import keyword_table

    s.console.print(keyword_table(glossary, s.loc))
