"""The card model: beings, legends, flares and tasks, and the database that finds them.

A :class:`Card` holds the language-neutral facts of ``cards/``; names and texts come from a
:class:`~tashkalar_cli.text.i18n.Localizer`, so the same card renders in any language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from tashkalar_cli.errors import NotFoundError
from tashkalar_cli.text.i18n import Localizer, Text
from tashkalar_cli.model.patterns import Pattern
from tashkalar_cli.text.search import fold, suggestions, word_score

CARD_TYPES = ("being", "legend", "flare", "task")


@dataclass(frozen=True)
class Card:
    id: str
    type: str                       # being, legend, flare, task
    deck: str | None = None
    rank: str | None = None
    pattern_rows: tuple[str, ...] | None = None
    keywords: tuple[str, ...] = ()
    summoning: str | None = None    # standard, special (beings and legends)
    extra_effects: tuple[str, ...] = ()
    thresholds: dict[str, int] | None = None          # flares: upper, lower
    half_keywords: dict[str, tuple[str, ...]] | None = None
    points: int | None = None                         # tasks
    task_type: str | None = None
    difficulty: str | None = None
    criterion: dict[str, Any] | None = None
    order: int = field(default=0, compare=False)

    @cached_property
    def pattern(self) -> Pattern | None:
        return Pattern(self.pattern_rows) if self.pattern_rows else None

    @property
    def has_summoning_square(self) -> bool:
        return self.pattern is not None and self.summoning == "standard"

    @property
    def section(self) -> str:
        """The locale section holding this card's texts."""
        return {"flare": "flares", "task": "tasks"}.get(self.type, "cards")

    @property
    def criterion_params(self) -> dict[str, Any]:
        return {k: v for k, v in (self.criterion or {}).items() if k not in ("kind", "squares")}


def build_cards(facts: dict) -> list[Card]:
    cards: list[Card] = []
    for b in facts["beings"]:
        cards.append(Card(
            id=b["id"], type="legend" if b["deck"] == "legends" else "being", deck=b["deck"], rank=b["rank"],
            pattern_rows=tuple(b["pattern"]), keywords=tuple(b["keywords"]),
            summoning=b.get("summoning", "standard"), extra_effects=tuple(b.get("extra_effects", ())),
            order=len(cards)))
    for f in facts["flares"]:
        cards.append(Card(
            id=f["id"], type="flare",
            keywords=tuple(dict.fromkeys(f["upper"]["keywords"] + f["lower"]["keywords"])),
            thresholds={"upper": f["upper"]["threshold"], "lower": f["lower"]["threshold"]},
            half_keywords={"upper": tuple(f["upper"]["keywords"]), "lower": tuple(f["lower"]["keywords"])},
            order=len(cards)))
    for t in facts["tasks"]:
        cards.append(Card(
            id=t["id"], type="task", keywords=tuple(t["keywords"]), points=t["points"], task_type=t["type"],
            difficulty=t["difficulty"], criterion=dict(t["criterion"]), order=len(cards)))
    return cards


class CardDB:
    """All cards, with lookup by id or by name in any language."""

    def __init__(self, dataset) -> None:
        self.dataset = dataset
        self.cards = build_cards(dataset.facts)
        self.by_id = {c.id: c for c in self.cards}
        self._flare_twins = {}
        groups: dict[tuple, list[Card]] = {}
        for c in self.cards:
            if c.type == "flare":
                groups.setdefault((c.thresholds["upper"], c.thresholds["lower"]), []).append(c)
        for group in groups.values():
            if len(group) > 1:
                for c in group[1:]:
                    self._flare_twins[c.id] = c.id.rsplit("-", 1)[-1].lstrip("0123456789") or c.id

    # ------------------------------------------------------------------ texts
    def name(self, card: Card, loc: Localizer) -> Text:
        if card.type == "flare":
            base = loc.msg("flare.name", upper=card.thresholds["upper"], lower=card.thresholds["lower"])
            twin = self._flare_twins.get(card.id)
            return Text(f"{base} ({twin})" if twin else base, loc.lang)
        return loc.field(card.section, card.id, "name")

    def names(self, card: Card) -> dict[str, dict]:
        """The card's name in every language that has one: lang -> {name, official}."""
        out = {}
        for lang in self.dataset.languages:
            loc = Localizer(self.dataset, lang)
            entry, found_in = loc.entry(card.section, card.id)
            if card.type == "flare":
                out[lang] = {"name": str(self.name(card, loc)), "official": True}
            elif entry is not None and found_in == lang:
                out[lang] = {"name": entry["name"], "official": entry.get("official", True)}
        return out

    def name_is_official(self, card: Card, loc: Localizer) -> bool:
        entry, _ = loc.entry(card.section, card.id)
        return bool(entry is None or entry.get("official", True))

    def texts(self, card: Card, loc: Localizer) -> dict[str, Text]:
        """The card's texts by field: effect (+frost, warp), upper/lower, or criterion."""
        if card.type == "flare":
            return {"upper": loc.field("flares", card.id, "upper"), "lower": loc.field("flares", card.id, "lower")}
        if card.type == "task":
            return {"criterion": loc.field("tasks", card.id, "criterion", card.criterion_params)}
        out = {"effect": loc.field("cards", card.id, "effect")}
        for extra in card.extra_effects:
            out[extra] = loc.field("cards", card.id, extra)
        return out

    # ------------------------------------------------------------------ lookup
    @cached_property
    def _index(self) -> dict[str, str]:
        index: dict[str, str] = {}
        for card in self.cards:
            index.setdefault(fold(card.id), card.id)
            if card.type == "flare":
                up, low = card.thresholds["upper"], card.thresholds["lower"]
                for lang in self.dataset.locales:
                    loc = Localizer(self.dataset, lang)
                    index.setdefault(fold(str(self.name(card, loc))), card.id)
                index.setdefault(fold(f"{up}/{low}" + (f" {self._flare_twins[card.id]}" if card.id in self._flare_twins else "")), card.id)
        for _lang, texts in sorted(self.dataset.locales.items(), key=lambda kv: kv[0] != "en"):
            for section in ("cards", "tasks"):
                for card_id, entry in texts.get(section, {}).items():
                    if card_id in self.by_id:
                        index.setdefault(fold(entry["name"]), card_id)
        return index

    def get(self, card_id: str) -> Card:
        try:
            return self.by_id[card_id]
        except KeyError:
            raise self._not_found(card_id) from None

    def find(self, query: str) -> Card:
        """The card whose id or name (any language, any case, any accents) is ``query``."""
        if query in self.by_id:  # the fast path: an exact id needs no index
            return self.by_id[query]
        key = fold(query)
        if key in self._index:
            return self.by_id[self._index[key]]
        raise self._not_found(query)

    def find_of_type(self, query: str, types: tuple[str, ...], what: str) -> Card:
        """Like :meth:`find`, but the card must be of one of ``types`` (else an InputError)."""
        from tashkalar_cli.errors import InputError

        card = self.find(query)
        if card.type not in types:
            raise InputError(f"'{query}' is a {card.type}, not {what}")
        return card

    def _not_found(self, query: str) -> NotFoundError:
        hints = suggestions(query, self._index)
        return NotFoundError(f"no card is called '{query}'", hints=hints)

    def filter(self, loc: Localizer, *, deck: str | None = None, rank: str | None = None,
               type: str | None = None, keyword: str | None = None, text: str | None = None) -> list[Card]:
        out = []
        for card in self.cards:
            if deck and card.deck != deck:
                continue
            if rank and card.rank != rank:
                continue
            if type and card.type != type:
                continue
            if keyword and keyword not in card.keywords:
                continue
            if text:
                hay = " ".join([str(self.name(card, loc))] + [str(t) for t in self.texts(card, loc).values()])
                if not word_score(text, hay):
                    continue
            out.append(card)
        return out
