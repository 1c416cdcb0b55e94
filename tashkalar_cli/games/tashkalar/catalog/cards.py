"""The cards in words: their names and texts in every language, and finding a card by what a person types.

:class:`CardCatalog` is the card database of the model (:class:`~tashkalar_cli.games.tashkalar.model.cards.CardDB`:
the cards by id, in no language) with the words of the locale files: a card's name and texts through a
:class:`~tashkalar_cli.text.i18n.Localizer`, the names of a flare (its thresholds, and a letter telling
twins apart), the :class:`~tashkalar_cli.text.vocabulary.Lexicon` of every card's names in every
language, the lookup of a card by an id, a name, a part of one or a typo, and the search of the card
texts. :attr:`Game.cards <tashkalar_cli.game.Game.cards>` is one.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from tashkalar_cli.errors import InputError, Term, quote
from tashkalar_cli.games.tashkalar.model.cards import C, Card, CardDB, Flare, Task
from tashkalar_cli.text.i18n import Localizer, Text
from tashkalar_cli.text.search import word_score

if TYPE_CHECKING:
    from tashkalar_cli.data.dataset import Dataset
    from tashkalar_cli.text.vocabulary import Lexicon


class CardCatalog(CardDB):
    """All cards, with their names and texts in every language and lookup by name in any of them."""

    def __init__(self, dataset: Dataset) -> None:
        super().__init__(dataset)
        #: the letter that tells a flare from its twin (same thresholds), as its name says it: "Ruse 3/6 (b)"
        self._flare_twins: dict[str, str] = {}
        for group in self.flare_groups.values():
            for c in group[1:]:
                self._flare_twins[c.id] = c.id.rsplit("-", 1)[-1].lstrip("0123456789") or c.id
        #: the texts of each language, made once (names() reads every language for every card)
        self._localizers: dict[str, Localizer] = {}

    # ------------------------------------------------------------------ texts
    def name(self, card: Card, loc: Localizer) -> Text:
        if isinstance(card, Flare):
            base = loc.msg("flare.name", upper=card.upper.threshold, lower=card.lower.threshold)
            twin = self._flare_twins.get(card.id)
            return Text(f"{base} ({twin})" if twin else base, loc.lang)
        return loc.field(card.section, card.id, "name")

    def names(self, card: Card) -> dict[str, dict[str, Any]]:
        """The card's name in every language that has one: lang -> {name, official}."""
        out: dict[str, dict[str, Any]] = {}
        for lang in self.dataset.languages:
            loc = self._localizers.get(lang)
            if loc is None:
                loc = self._localizers[lang] = Localizer(self.dataset, lang)
            entry, found_in = loc.entry(card.section, card.id)
            if isinstance(card, Flare):
                out[lang] = {"name": str(self.name(card, loc)), "official": True}
            elif entry is not None and found_in == lang:
                out[lang] = {"name": entry["name"], "official": entry.get("official", True),
                             "source": entry.get("source")}
        return out

    def name_is_official(self, card: Card, loc: Localizer) -> bool:
        entry, _ = loc.entry(card.section, card.id)
        return bool(entry is None or entry.get("official", True))

    def name_source(self, card: Card, loc: Localizer) -> str | None:
        """Where the published name in ``loc``'s language is attested, when the data says."""
        entry, found_in = loc.entry(card.section, card.id)
        return entry.get("source") if entry is not None and found_in == loc.lang else None

    def texts(self, card: Card, loc: Localizer) -> dict[str, Text]:
        """The card's texts by field: effect (+frost, warp), upper/lower, or criterion."""
        if isinstance(card, Flare):
            return {"upper": loc.field("flares", card.id, "upper"), "lower": loc.field("flares", card.id, "lower")}
        if isinstance(card, Task):
            return {"criterion": loc.field("tasks", card.id, "criterion", card.criterion_params)}
        out = {"effect": loc.field("cards", card.id, "effect")}
        for extra in card.extra_effects:
            out[extra] = loc.field("cards", card.id, extra)
        return out

    # ------------------------------------------------------------------ lookup
    @cached_property
    def lexicon(self) -> Lexicon:
        """Every card's id and names in every language: beings', legends' and tasks' names, and each
        flare's displayed name ("Ruse 3/6 (b)") and short forms ("3/6 b"; "3/6" names both twins)."""
        from tashkalar_cli.text.vocabulary import Lexicon  # deferred: a card named by its exact id needs no lexicon

        names: dict[str, dict[str, list[str]]] = {}
        for lang, texts in self.dataset.locales.items():
            table = names.setdefault(lang, {})
            for section in ("cards", "tasks"):
                for card_id, entry in texts.get(section, {}).items():
                    if card_id in self.by_id and entry.get("name"):
                        table[card_id] = [str(entry["name"])]
            loc = Localizer(self.dataset, lang)
            for flare in self.of_type(Flare):
                table[flare.id] = [str(self.name(flare, loc))]
        neutral: dict[str, list[str]] = {}
        for flare in self.of_type(Flare):
            short = f"{flare.upper.threshold}/{flare.lower.threshold}"
            twin = self._flare_twins.get(flare.id)
            neutral[flare.id] = [short, f"{short} {twin}", f"{short}{twin}"] if twin else [short]
        return Lexicon([c.id for c in self.cards], names, neutral)

    def find(self, query: str, lang: str | None = None, where: str = "") -> Card:
        """The card ``query`` names: an id or a name in any language, a part of a name or a typo
        (:func:`~tashkalar_cli.text.vocabulary.find_word`; ``lang``: the user's language, read first)."""
        if query in self.by_id:  # the fast path: an exact id needs no index
            return self.by_id[query]
        from tashkalar_cli.text.vocabulary import find_word  # deferred: as Lexicon in lexicon

        return self.by_id[find_word(self.lexicon, "card", query, lang=lang, where=where)]

    def find_of_type(self, query: str, kind: type[C], what: str = "", lang: str | None = None, where: str = "") -> C:
        """Like :meth:`find`, among the cards of ``kind``; a card of another kind named exactly is an
        :class:`InputError` saying what it is."""
        found = self.by_id.get(query)
        if isinstance(found, kind):
            return found
        from tashkalar_cli.text.vocabulary import find_word  # deferred: as Lexicon in lexicon

        among = {c.id for c in self.of_type(kind)}

        def wrong(other: str) -> InputError:
            return InputError(key=f"not-a-{kind.type}", query=quote(query), type=Term("type", str(self.by_id[other].type)))

        card = self.by_id[find_word(self.lexicon, str(kind.type), query, lang=lang, among=among, where=where,
                                    wrong=wrong)]
        assert isinstance(card, kind)
        return card

    def filter(self, loc: Localizer, *, deck: str | None = None, rank: str | None = None,
               type: str | None = None, keyword: str | None = None, text: str | None = None,
               unofficial: bool = False) -> list[Card]:
        out = []
        for card in self.cards:
            if unofficial and (isinstance(card, Flare) or self.name_is_official(card, loc)):
                continue
            if deck and getattr(card, "deck", None) != deck:
                continue
            if rank and getattr(card, "rank", None) != rank:
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


__all__ = ["CardCatalog"]
