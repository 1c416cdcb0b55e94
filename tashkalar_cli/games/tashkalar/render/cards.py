"""Rich renderings of cards: the full card, and the table of a card list."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tashkalar_cli.games.tashkalar.engine.coverage import effect_status
from tashkalar_cli.games.tashkalar.model.cards import Being, Card, Flare, Task
from tashkalar_cli.games.tashkalar.render.pattern import legend_table, pattern_grid
from tashkalar_cli.render.fit import Fitted, fitted
from tashkalar_cli.render.terminal import MOST_BLOCK, TitledPanel, block, shown
from tashkalar_cli.text.i18n import Localizer
from tashkalar_cli.text.i18n import Text as LocalText

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.catalog.cards import CardCatalog


def _term(loc: Localizer, keyword: str) -> str:
    return loc.field("keywords", keyword, "term").text or keyword


def _fallback_note(loc: Localizer, texts: Iterable[LocalText]) -> Text | None:
    langs = sorted({t.lang for t in texts if t.text and t.lang != loc.lang})
    if langs:
        return Text(loc.msg("fallback.note", lang=loc.language_name(loc.lang),
                            fallback=loc.join(map(loc.language_name, langs))), style="italic yellow")
    return None


def card_panel(card: Card, db: CardCatalog, loc: Localizer) -> TitledPanel:
    msg = loc.msg
    name = db.name(card, loc)
    texts = db.texts(card, loc)
    parts: list[RenderableType] = [_card_facts(card, db, loc), Text(), *_card_texts(card, texts, msg)]
    if isinstance(card, (Being, Flare)):
        resolved, _parts = effect_status(card)
        parts.append(Text(msg("card.effect_resolved" if resolved else "card.effect_unresolved"),
                          style="green" if resolved else "yellow"))
    note = _fallback_note(loc, [name, *texts.values()])
    if note:
        parts += [Text(), note]
    title = shown(name, "bold")
    return TitledPanel(Group(*parts), title=title, subtitle=shown(card.id, "dim"))


def _card_facts(card: Card, db: CardCatalog, loc: Localizer) -> Fitted:
    """The facts of a card's panel: type, deck, rank, points, keywords, its name's source, its other names."""
    msg = loc.msg
    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="bold")
    facts.add_column()
    facts.add_row(msg("label.type"), msg(f"type.{card.type}"))
    if isinstance(card, Being):
        deck = Text(msg(f"deck.{card.deck}"))
        if loc.deck_source(card.deck) is None:  # the project's own name for the deck, like an unofficial card name
            deck.append("*").append(f"  ({msg('name.star')})", style="dim italic")
        facts.add_row(msg("label.deck"), deck)
        facts.add_row(msg("label.rank"), msg(f"rank.{card.rank}"))
    if isinstance(card, Task):
        facts.add_row(msg("label.points"), str(card.points))
        facts.add_row(msg("label.task_type"), msg(f"task_type.{card.task_type}"))
        facts.add_row(msg("label.difficulty"), msg(f"difficulty.{card.difficulty}"))
    if card.keywords:
        facts.add_row(msg("label.keywords"), shown(", ".join(_term(loc, k) for k in card.keywords), most=MOST_BLOCK))
    if not db.name_is_official(card, loc):
        facts.add_row(msg("label.name"), Text(msg("name.unofficial"), style="italic"))
    elif db.name_source(card, loc):
        facts.add_row(msg("label.name"), Text(msg("name.official", source=db.name_source(card, loc)), style="italic"))
    names = {lang: n for lang, n in db.names(card).items() if lang != loc.lang}
    if names and not isinstance(card, Flare):
        line = " · ".join(msg("label.value", label=loc.language_name(lang), value=n["name"]) + ("" if n["official"] else "*")
                          for lang, n in names.items())
        if not all(n["official"] for n in names.values()):
            line += f"  ({msg('name.star')})"
        facts.add_row(msg("label.other_names"), Text(line))
    return fitted(facts)


def _card_texts(card: Card, texts: Mapping[str, LocalText], msg: Callable[..., str]) -> list[RenderableType]:
    """The texts of a card's panel: a flare's halves, a task's criterion, a being's effects and pattern."""
    parts: list[RenderableType] = []
    if isinstance(card, Flare):
        for half in ("upper", "lower"):
            head = Text(msg(f"flare.{half}", threshold=card.thresholds[half]), style="bold")
            parts += [head, block(texts[half]), Text()]
    elif isinstance(card, Task):
        parts += [block(texts["criterion"]), Text()]
    else:
        parts += [block(texts["effect"])]
        for extra in card.extra_effects:
            parts += [Text(), Text(msg(f"effect.{extra}"), style="bold"), block(texts[extra])]
        parts.append(Text())
        if card.pattern is not None:
            grid = Table.grid(padding=(0, 3))
            grid.add_row(pattern_grid(card.pattern), legend_table(card.pattern, msg))
            parts += [Text(msg("label.pattern"), style="bold"), grid]
            if card.summoning == "special":
                parts.append(Text(msg("summoning.special"), style="italic"))
    return parts


def _card_row(c: Card, db: CardCatalog, loc: Localizer, wide: bool) -> dict[str, Text]:
    """A card's cells in the table (a narrow table's rank column holds the type of a card without a rank)."""
    msg = loc.msg
    kind = msg(f"type.{c.type}")   # a flare's type alone: its name already gives its thresholds
    if isinstance(c, Task):
        kind += " (" + msg("task.points", points=c.points) + ")"
    rank = msg(f"rank.{c.rank}") if isinstance(c, Being) else ("" if wide else kind)
    return {"id": shown(c.id), "name": shown(db.name(c, loc)), "type": Text(kind),
            "deck": Text(msg(f"deck.{c.deck}") if isinstance(c, Being) else ""), "rank": Text(rank),
            "keywords": shown(", ".join(_term(loc, k) for k in c.keywords), most=MOST_BLOCK)}


def card_table(cards: list[Card], db: CardCatalog, loc: Localizer, width: int = 120) -> Fitted | Text:
    """The cards as a table; on a narrow terminal (under 100 columns) the type and deck columns
    give way to the name and the keywords (the rank column then holds a flare's or a task's type),
    and on a very narrow one the keywords, then the rank, give way before an id is ever cut (an id
    is what a user copies into the next command) or a word broken (:mod:`render.fit`)."""
    msg = loc.msg
    if not cards:  # no match: a sentence, not an empty table
        return Text(msg("list.none"))
    wide = width >= 100
    rows = [_card_row(c, db, loc, wide) for c in cards]
    beings = sum(isinstance(c, Being) for c in cards)
    rank_header = msg("label.rank") if wide or beings == len(cards) else (
        msg("label.type") if beings == 0 else msg("label.rank_or_type"))
    headers = {"id": msg("label.id"), "name": msg("label.name"), "type": msg("label.type"),
               "deck": msg("label.deck"), "rank": rank_header, "keywords": msg("label.keywords")}
    optional = [k for k in (["type", "deck"] if wide else []) + ["rank", "keywords"] if any(r[k].plain for r in rows)]
    chosen = ["id", "name", *optional]
    table = Table(title=msg_n_count(loc, "list.title", len(cards)), show_lines=not wide)
    for key in chosen:
        table.add_column(headers[key], style="dim" if key == "id" else "bold" if key == "name" else "")
    for r in rows:
        table.add_row(*(r[key] for key in chosen))
    # what gives way, the first first: the type and the deck, then the keywords, then the rank
    order = ["type", "deck", "keywords", "rank"]
    return fitted(table, ids=(0,), drop=[chosen.index(k) for k in order if k in chosen])


def msg_n_count(loc: Localizer, key: str, count: int) -> str:
    return loc.msg_n(key, count, count=count)


