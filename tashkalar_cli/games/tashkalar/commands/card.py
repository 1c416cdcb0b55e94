"""``tashkalar card``: look cards up and list them."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from tashkalar_cli.command.common import DataOption, JsonOption, LangOption, print_json
from tashkalar_cli.games.tashkalar.commands import session
from tashkalar_cli.games.tashkalar.commands.options import RankOption, TypeOption, check_deck

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
    card = s.rules.card(name)
    if json:
        from tashkalar_cli.games.tashkalar.render import jsonout  # deferred: the JSON answers, with --json only

        print_json("card", jsonout.card(card, s.cards, s.loc))
        return
    from tashkalar_cli.games.tashkalar.render.cards import card_panel  # deferred: the text's renderer, not with --json

    s.console.print(card_panel(card, s.cards, s.loc))


@app.command("list")
def list_cards(
    deck: Annotated[Optional[str], typer.Option(
        help="Only this deck (imperial, highland, sylvan, everfrost, nethervoid, etherweave, legends).")] = None,
    rank: RankOption = None,
    type: TypeOption = None,
    keyword: Annotated[Optional[str], typer.Option(help="Only cards using this keyword (id or term in any language).")] = None,
    text: Annotated[Optional[str], typer.Option(help="Only cards whose name or text contains these words.")] = None,
    unofficial: Annotated[bool, typer.Option(
        "--unofficial", help="Only cards whose name in the chosen language is not a published one.")] = False,
    lang: LangOption = None,
    json: JsonOption = False,
    data: DataOption = None,
) -> None:
    """List cards, filtered by deck, rank, type, keyword or words of their text."""
    s = session(lang, data)
    if deck is not None:
        deck = check_deck(s, deck)
    keyword_id = s.game.word("keyword", keyword, "--keyword") if keyword else None
    cards = s.cards.filter(s.loc, deck=deck, rank=rank, type=type, keyword=keyword_id, text=text,
                           unofficial=unofficial)
    if json:
        from tashkalar_cli.games.tashkalar.render import jsonout  # deferred: the JSON answers, with --json only

        print_json("card-list", jsonout.card_list(cards, s.cards, s.loc))
        return
    from tashkalar_cli.games.tashkalar.render.cards import card_table  # deferred: the text's renderer, not with --json

    s.console.print(card_table(cards, s.cards, s.loc, s.console.width))
