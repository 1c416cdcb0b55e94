"""Tash-Kalar's cheat sheets: its cards (beings, flares, tasks) as the shared sheet prints them
(:mod:`tashkalar_cli.render.sheet`), each being with its pattern, and the key to the patterns."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Protocol

from tashkalar_cli.games.tashkalar.model.cards import LEGENDS_DECK, Being, Card, Flare, Task
from tashkalar_cli.games.tashkalar.model.patterns import Pattern
from tashkalar_cli.games.tashkalar.render.svg import pattern_element
from tashkalar_cli.render.sheet import CardView, Drawn, KeyItem, Section, SheetMade

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.catalog.cards import CardCatalog
    from tashkalar_cli.text.i18n import Localizer


class GameCards(Protocol):
    """What a sheet needs of the :class:`~tashkalar_cli.game.Game` (a layer above): its decks and cards, and the
    one reader of the words a user types."""

    @property
    def decks(self) -> list[str]: ...

    def word(self, kind: str, value: str, where: str = ..., among: Iterable[str] | None = ...) -> str: ...

    @property
    def cards(self) -> CardCatalog: ...


def drawn(pattern: Pattern) -> Drawn:
    """A pattern as the sheet draws it (24-unit squares, no title of its own)."""
    return Drawn(len(pattern.grid[0]), pattern.height, lambda: pattern_element(pattern, 24, title=None))


def _symbol(rows: tuple[str, ...]) -> Callable[[], ET.Element]:
    """How to draw a one-square pattern of the key (drawn when a sheet is made, not at import)."""
    return lambda: pattern_element(Pattern(rows), 24)


#: the symbols of the patterns, explained once per deck: (one-square pattern, locale key)
_KEY = ((("c",), "pattern.legend.common"), (("h",), "pattern.legend.heroic"), (("t",), "pattern.legend.target"),
       (("t+c",), "pattern.legend.target_occupied"), (("m",), "pattern.legend.marked"),
       (("m2",), "pattern.legend.marked2"), (("ne",), "pattern.legend.arrow"), ((".",), "pattern.legend.blank"))

#: the key printed above each deck's cards
PATTERN_KEY: tuple[KeyItem, ...] = tuple((_symbol(rows), msg_key) for rows, msg_key in _KEY)


def card_view(card: Card, db: CardCatalog, loc: Localizer) -> CardView:
    msg = loc.msg
    name = db.name(card, loc)
    texts = db.texts(card, loc)
    official = isinstance(card, Flare) or db.name_is_official(card, loc)
    blocks: list[tuple[str | None, str]] = []
    note = None
    pattern = None
    rank = None
    if isinstance(card, Being):
        rank = card.rank.value
        meta = msg(f"rank.{card.rank}")
        pattern = card.pattern
        blocks.append((None, str(texts["effect"])))
        for extra in card.extra_effects:
            blocks.append((msg(f"effect.{extra}"), str(texts[extra])))
        if card.special_summoning:
            note = msg("summoning.special")
    elif isinstance(card, Flare):
        meta = msg("type.flare")
        for half in ("upper", "lower"):
            blocks.append((msg(f"flare.{half}", threshold=card.thresholds[half]), str(texts[half])))
    else:
        assert isinstance(card, Task)
        meta = " · ".join([msg("task.points", points=card.points), msg(f"task_type.{card.task_type}"),
                           msg(f"difficulty.{card.difficulty}")])
        blocks.append((None, str(texts["criterion"])))
    langs = sorted({t.lang for t in [name, *texts.values()] if t.text and t.lang != loc.lang})
    fallback = msg("fallback.note", lang=loc.language_name(loc.lang),
                   fallback=loc.join(map(loc.language_name, langs))) if langs else None
    return CardView(card.id, str(name), official, meta, rank, None if pattern is None else drawn(pattern), blocks, note,
                    fallback)


def build_sections(game: GameCards, loc: Localizer, decks: Sequence[str] = (), legends: bool = False,
                   flares: bool = False, tasks: bool = False) -> list[Section]:
    """The sections of a sheet: the chosen decks (the legends are a deck too), then flares and tasks.

    Nothing chosen means everything: the six decks, the legends, the flares and the tasks.
    """
    chosen = list(dict.fromkeys(decks))
    if legends and LEGENDS_DECK not in chosen:
        chosen.append(LEGENDS_DECK)
    everything = not (chosen or flares or tasks)
    if everything:
        chosen, flares, tasks = list(game.decks), True, True
    db = game.cards
    out = []
    for deck in chosen:
        cards = [card_view(c, db, loc) for c in db.beings if c.deck == deck]
        # a deck name without a source is the project's own, starred like an unofficial card name
        out.append(Section(deck, loc.msg(f"deck.{deck}") + ("" if loc.deck_source(deck) else "*"), cards, PATTERN_KEY))
    if flares:
        out.append(Section("flares", loc.msg("sheet.section.flares"),
                           [card_view(c, db, loc) for c in db.of_type(Flare)]))
    if tasks:
        out.append(Section("tasks", loc.msg("sheet.section.tasks"),
                           [card_view(c, db, loc) for c in db.of_type(Task)]))
    return out


def sheet(game: GameCards, loc: Localizer, decks: Sequence[str], legends: bool, flares: bool,
          tasks: bool) -> SheetMade:
    """``tashkalar sheet`` in Tash-Kalar (the registry's hook ``sheet``): the decks named (by id or by their
    names in any language), the legends, flares and tasks asked for (nothing chosen: every card)."""
    chosen = [game.word("deck", deck, "--deck") for deck in decks]
    sections = build_sections(game, loc, chosen, legends, flares, tasks)
    return SheetMade(sections, sum(len(x.cards) for x in sections), "sheet.written")


__all__ = ["PATTERN_KEY", "GameCards", "build_sections", "card_view", "drawn", "sheet"]
