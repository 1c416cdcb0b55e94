"""``tashkalar card``: look cards up and list them."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from tashkalar_cli.cli.common import DataOption, JsonOption, LangOption, print_json, session

app = typer.Typer(help="Look up cards: beings, legends, flares and tasks.", no_args_is_help=True)


@app.command("show")
def show(
    name: Annotated[str, typer.Argument(help="Card id or name, in any language (case and accents do not matter).")],
    lang: LangOption = None,
    json: JsonOption = False,
    data: DataOption = None,
) -> None:
    """Show one card: its facts, texts and pattern."""
    s = session(lang, data)
    card = s.cards.find(name)
    if json:
        from tashkalar_cli.render.jsonout import card as card_json

        print_json(card_json(card, s.cards, s.loc))
        return
    from tashkalar_cli.render.cards import card_panel

    s.console.print(card_panel(card, s.cards, s.loc))


@app.command("list")
def list_cards(
    deck: Annotated[Optional[str], typer.Option(help="Only this deck (imperial, highland, sylvan, everfrost, nethervoid, etherweave, legends).")] = None,
    rank: Annotated[Optional[str], typer.Option(help="Only this rank (common, heroic, legendary).")] = None,
    type: Annotated[Optional[str], typer.Option("--type", help="Only this type (being, legend, flare, task).")] = None,
    keyword: Annotated[Optional[str], typer.Option(help="Only cards using this keyword (id or term in any language).")] = None,
    text: Annotated[Optional[str], typer.Option(help="Only cards whose name or text contains these words.")] = None,
    lang: LangOption = None,
    json: JsonOption = False,
    data: DataOption = None,
) -> None:
    """List cards, filtered by deck, rank, type, keyword or words of their text."""
    from tashkalar_cli.model.cards import CARD_TYPES
    from tashkalar_cli.errors import NotFoundError
    from tashkalar_cli.model.patterns import RANKS

    s = session(lang, data)
    decks = [d["id"] for d in s.dataset.facts["decks"]]
    for value, allowed, what in ((deck, decks, "deck"), (rank, RANKS, "rank"), (type, CARD_TYPES, "type")):
        if value is not None and value not in allowed:
            raise NotFoundError(f"unknown {what} '{value}' (one of: {', '.join(allowed)})")
    keyword_id = None
    if keyword:
        from tashkalar_cli.text.rules import Glossary

        keyword_id = Glossary(s.dataset).find(keyword).id
    cards = s.cards.filter(s.loc, deck=deck, rank=rank, type=type, keyword=keyword_id, text=text)
    if json:
        from tashkalar_cli.render.jsonout import card as card_json

        print_json([card_json(c, s.cards, s.loc) for c in cards])
        return
    from tashkalar_cli.render.cards import card_table

    s.console.print(card_table(cards, s.cards, s.loc))
