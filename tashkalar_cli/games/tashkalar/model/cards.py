"""The card model: one frozen type per kind of card, and the database that holds them by id.

:class:`Being` and :class:`Legend` (a legend is a being of the common legends deck), :class:`Flare`
and :class:`Task` hold the language-neutral facts of ``cards/``. The model knows no language: a card's
names and texts, and finding a card by a name, are the catalog's
(:class:`tashkalar_cli.games.tashkalar.catalog.cards.CardCatalog`, a :class:`CardDB` with its words).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, NamedTuple, TypeVar, Union

from tashkalar_cli.errors import NotFoundError, quote
from tashkalar_cli.games.tashkalar.model.facts import as_facts
from tashkalar_cli.games.tashkalar.model.markers import MarkerRule, read_rules
from tashkalar_cli.games.tashkalar.model.patterns import Pattern
from tashkalar_cli.games.tashkalar.model.types import PROGRAM_FIELDS, CardType, Rank

if TYPE_CHECKING:
    from tashkalar_cli.data.dataset import Dataset
    from tashkalar_cli.games.tashkalar.model.effects import Program

CARD_TYPES = tuple(CardType)
LEGENDS_DECK = "legends"


@dataclass(frozen=True)
class Being:
    """A being of one of the six decks: rank, summoning pattern and effect."""

    type: ClassVar[CardType] = CardType.BEING
    section: ClassVar[str] = "cards"          # the locale section holding its texts

    id: str
    deck: str
    rank: Rank
    pattern: Pattern
    keywords: tuple[str, ...] = ()
    special_summoning: bool = False          # no summoning square (Time Traveler)
    extra_effects: tuple[str, ...] = ()      # texts besides the effect: frost, warp
    counts_as_legend: bool = False           # its effect may make its summoning count as a legend's
    order: int = field(default=0, compare=False)
    #: the effect programs as data (``effect``, ``frost_effect``, ``warp_effect``), parsed on first use
    programs_data: Mapping[str, object] = field(default_factory=dict, compare=False, hash=False, repr=False)
    #: the markers its deck declares (its programs name them; a summon of it runs their ``on_summon`` handlers)
    markers: tuple[MarkerRule, ...] = field(default=(), compare=False)

    @property
    def has_effect_data(self) -> bool:
        return "effect" in self.programs_data

    def program(self, name: str = "effect") -> Program | None:
        """The program of ``effect`` (or ``frost_effect``, ``warp_effect``); None without data."""
        return _program(self, name)

    @property
    def has_summoning_square(self) -> bool:
        return not self.special_summoning

    @property
    def summoning(self) -> str:
        return "special" if self.special_summoning else "standard"


@dataclass(frozen=True)
class Legend(Being):
    """A legend: a legendary being of the common legends deck."""

    type: ClassVar[CardType] = CardType.LEGEND


class FlareHalf(NamedTuple):
    threshold: int
    keywords: tuple[str, ...]


@dataclass(frozen=True)
class Flare:
    """A flare: two halves, each resolved when the opponent leads by its threshold."""

    type: ClassVar[CardType] = CardType.FLARE
    section: ClassVar[str] = "flares"

    id: str
    upper: FlareHalf
    lower: FlareHalf
    order: int = field(default=0, compare=False)
    #: ``upper_effect`` and ``lower_effect`` as data, parsed on first use
    programs_data: Mapping[str, object] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def has_effect_data(self) -> bool:
        return "upper_effect" in self.programs_data and "lower_effect" in self.programs_data

    def program(self, name: str) -> Program | None:
        """The program of a half: ``upper`` or ``lower`` (or ``upper_effect``...); None without data."""
        return _program(self, name if name.endswith("_effect") else f"{name}_effect")

    @property
    def keywords(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.upper.keywords + self.lower.keywords))

    @property
    def thresholds(self) -> dict[str, int]:
        return {"upper": self.upper.threshold, "lower": self.lower.threshold}

    def half(self, name: str) -> FlareHalf:
        return self.upper if name == "upper" else self.lower


@dataclass(frozen=True)
class Criterion:
    """What a task asks: an evaluator ``kind``, optional colored ``squares``, and its numbers."""

    kind: str
    squares: str | None
    params: tuple[tuple[str, int], ...]

    def __getitem__(self, key: str) -> int:
        """The number ``key`` of the criterion (its squares are :attr:`squares`)."""
        return dict(self.params)[key]

    def __contains__(self, key: str) -> bool:
        return key in dict(self.params)

    def numbers(self) -> dict[str, int]:
        return dict(self.params)


@dataclass(frozen=True)
class Task:
    """A High Form task: points, type, difficulty and criterion."""

    type: ClassVar[CardType] = CardType.TASK
    section: ClassVar[str] = "tasks"

    id: str
    points: int
    task_type: str
    difficulty: str
    criterion: Criterion
    keywords: tuple[str, ...] = ()
    order: int = field(default=0, compare=False)

    @property
    def criterion_params(self) -> dict[str, int]:
        return self.criterion.numbers()


def _program(card: Being | Flare, name: str) -> Program | None:
    """A card's program, parsed once (kept in the frozen card's own ``__dict__``; the effect language is
    imported only then: most commands never parse a program)."""
    parsed: dict[str, Program] = card.__dict__.setdefault("_programs", {})
    if name not in parsed:
        data = card.programs_data.get(name)
        if data is None:
            return None
        # deferred: effect programs, which card show does not parse
        from tashkalar_cli.games.tashkalar.model.effects import parse_program

        parsed[name] = parse_program(data, markers={m.name: m for m in getattr(card, "markers", ())})
    return parsed[name]


def effect_parts(card: Being | Flare) -> list[str]:
    """What a card's programs leave to the player, read from the data without parsing it:
    ``special:<id>`` and ``note:<id>``, in order."""
    out: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for key in ("special", "note"):
                if isinstance(value.get(key), str):
                    out.append(f"{key}:{value[key]}")
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk([card.programs_data[f] for f in PROGRAM_FIELDS if f in card.programs_data])
    return out


def effect_status(card: Being | Flare, handled: Collection[str] = ()) -> tuple[bool, list[str]]:
    """Whether the engine resolves ``card``'s effect: it has effect data for each of its texts and every
    ``special`` of its programs is one of ``handled`` (the engine's handlers); and the parts left to the
    player (:func:`effect_parts`). Read from the data, without parsing it."""
    names = (("upper_effect", "lower_effect") if isinstance(card, Flare)
             else ("effect", *(f"{e}_effect" for e in card.extra_effects)))
    if not card.has_effect_data:
        return False, []
    parts = effect_parts(card)
    if any(n not in card.programs_data for n in names):
        return False, parts
    return all(p.split(":", 1)[1] in handled for p in parts if p.startswith("special:")), parts


Card = Union[Being, Legend, Flare, Task]
C = TypeVar("C", Being, Flare, Task)


def build_cards(data: Mapping[str, object]) -> list[Card]:
    facts = as_facts(data)
    cards: list[Card] = []
    rules = read_rules(facts.get("decks", ()))
    for b in facts["beings"]:
        kind = Legend if b["deck"] == LEGENDS_DECK else Being
        cards.append(kind(id=b["id"], deck=b["deck"], rank=Rank(b["rank"]), pattern=Pattern(tuple(b["pattern"])),
                          keywords=tuple(b["keywords"]), special_summoning=b.get("summoning") == "special",
                          extra_effects=tuple(b.get("extra_effects", ())),
                          counts_as_legend=bool(b.get("counts_as_legend", False)), order=len(cards),
                          programs_data={k: b.get(k) for k in PROGRAM_FIELDS if k in b},
                          markers=tuple(r for r in rules.values() if r.deck == b["deck"])))
    for f in facts["flares"]:
        cards.append(Flare(id=f["id"], upper=FlareHalf(f["upper"]["threshold"], tuple(f["upper"]["keywords"])),
                           lower=FlareHalf(f["lower"]["threshold"], tuple(f["lower"]["keywords"])),
                           order=len(cards), programs_data={k: f.get(k) for k in PROGRAM_FIELDS if k in f}))
    for t in facts["tasks"]:
        cards.append(Task(id=t["id"], points=t["points"], task_type=t["type"], difficulty=t["difficulty"],
                          criterion=_criterion(t["criterion"]), keywords=tuple(t["keywords"]),
                          order=len(cards)))
    return cards


def _criterion(c: Mapping[str, str | int]) -> Criterion:
    """A task's criterion: its ``kind``, its ``squares`` and its numbers (every other field, a whole number)."""
    kind, squares = c["kind"], c.get("squares")
    params = tuple(sorted((k, v) for k, v in c.items() if k not in ("kind", "squares") and isinstance(v, int)))
    return Criterion(str(kind), None if squares is None else str(squares), params)


class CardDB:
    """All cards, by id (by their names in a language: :class:`~tashkalar_cli.games.tashkalar.catalog.cards.CardCatalog`)."""

    def __init__(self, dataset: Dataset) -> None:
        self.dataset = dataset
        self.cards = build_cards(dataset.facts)
        self.by_id: dict[str, Card] = {c.id: c for c in self.cards}
        groups: dict[tuple[int, int], list[Flare]] = {}
        for c in self.of_type(Flare):
            groups.setdefault((c.upper.threshold, c.lower.threshold), []).append(c)
        #: the flares by their two thresholds (twins: two flares of the same thresholds)
        self.flare_groups = groups

    def of_type(self, kind: type[C]) -> list[C]:
        """Every card of one kind (``Being`` includes the legends)."""
        return [c for c in self.cards if isinstance(c, kind)]

    @property
    def beings(self) -> list[Being]:
        """Beings and legends: the cards that are summoned."""
        return self.of_type(Being)

    def get(self, card_id: str) -> Card:
        try:
            return self.by_id[card_id]
        except KeyError:
            raise NotFoundError(key="word.card", where="", value=quote(card_id), allowed="") from None


__all__ = ["CARD_TYPES", "Being", "Card", "CardDB", "Criterion", "Flare", "FlareHalf", "Legend", "Task"]
