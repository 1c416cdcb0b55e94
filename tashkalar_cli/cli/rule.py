"""``tashkalar rule`` and ``tashkalar errata``: the rules reference."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from tashkalar_cli.cli.common import DataOption, JsonOption, LangOption, print_json, session
from tashkalar_cli.model.types import PlayForm

ModeOption = Annotated[Optional[PlayForm], typer.Option(
    "--mode", help="Only rules of this form of play.", case_sensitive=False, show_default=False)]

app = typer.Typer(help="Read and search the rules, in any of the tool's languages.", no_args_is_help=True)


@app.command("show")
def show(rule: Annotated[str, typer.Argument(help="Rule id (e.g. summon-pattern) or number (e.g. 5.2).")],
         lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """Show one rule with its modes, related rules and keywords, and any errata."""
    s = session(lang, data)
    book = s.game.rules
    found = book.find(rule)
    if json:
        from tashkalar_cli.render import jsonout

        print_json(jsonout.rule(found, book, s.loc))
        return
    from tashkalar_cli.render.rules import rule_panel

    s.console.print(rule_panel(found, book, s.game.glossary, s.loc))


@app.command("list")
def list_rules(mode: ModeOption = None,
               lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """The table of contents of the rules."""
    s = session(lang, data)
    rules = s.game.rules.for_mode(mode)
    if json:
        from tashkalar_cli.render import jsonout

        print_json(jsonout.rule_list(rules, s.loc))
        return
    from tashkalar_cli.render.rules import rule_toc

    s.console.print(rule_toc(rules, s.game.rules, s.loc))


@app.command("search")
def search(words: Annotated[list[str], typer.Argument(help="Words to look for (any language, accents optional).")],
           mode: ModeOption = None,
           lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """Search the rules; the best matches first."""
    from tashkalar_cli.errors import NotFoundError

    s = session(lang, data)
    book = s.game.rules
    allowed = {r.id for r in book.for_mode(mode)}
    found = [(r, score) for r, score in book.search(" ".join(words), s.loc) if r.id in allowed]
    if not found:
        raise NotFoundError(f"no rule mentions '{' '.join(words)}'")
    if json:
        from tashkalar_cli.render import jsonout

        print_json(jsonout.rule_search(found, s.loc))
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
    s = session(lang, data)
    items = s.game.errata
    if json:
        from tashkalar_cli.render import jsonout

        print_json(jsonout.errata(items, s.loc))
        return
    from tashkalar_cli.render.rules import errata_renderable

    s.console.print(errata_renderable(items, s.loc))
